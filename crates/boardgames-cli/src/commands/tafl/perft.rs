//! `boardgames tafl perft`: the leaf nodes of the move tree to a depth.

use serde_json::json;
use tafl_core::{MoveList, divide, perft as count_perft};

use crate::args::numbers;
use crate::games::tafl::{position, ruleset};
use crate::io::error::{CliError, print_json};

/// The arguments of `boardgames tafl perft`.
#[derive(Debug, clap::Args)]
pub(crate) struct PerftArgs {
    /// The depth in plies.
    #[arg(long, value_parser = numbers::count::<u32>("plies", 0), allow_hyphen_values = true)]
    depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// The position; default: the ruleset's start.
    #[arg(long)]
    position: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar (shown on a terminal for the deepest depths of the board).
    #[arg(long)]
    quiet: bool,
}

impl PerftArgs {
    /// Prints the count (and the divide when asked).
    pub(crate) fn run(self) -> Result<(), CliError> {
        perft(
            self.depth,
            self.divide,
            self.rules.as_deref(),
            self.position.as_deref(),
            self.json,
            self.quiet,
        )
    }
}

/// Prints the perft count (and the divide when asked).
fn perft(
    depth: u32,
    show_divide: bool,
    rules: Option<&str>,
    position_text: Option<&str>,
    json: bool,
    quiet: bool,
) -> Result<(), CliError> {
    let ruleset = ruleset(rules)?;
    // Deep enough for any test, shallow enough to finish in about a minute at most.
    let max_depth = match ruleset.rules().size {
        ..=7 => 7,
        8..=9 => 5,
        _ => 4,
    };
    if depth > max_depth {
        return Err(CliError::input(
            "--depth",
            format!(
                "{depth} is too deep for a {0}×{0} board: at most {max_depth}",
                ruleset.rules().size
            ),
        ));
    }
    let pos = position(&ruleset, position_text)?;
    let start = std::time::Instant::now();
    // Depths that take over a second here show their progress, first move by first move.
    let slow = depth + 2 > max_depth;
    let (total, parts) = if (show_divide || slow) && depth > 1 {
        let mut moves = MoveList::new();
        pos.legal_moves_into(ruleset.rules(), &mut moves);
        let bar =
            crate::io::progress::bar(moves.len() as u64, "first moves", quiet || json || !slow);
        let parts: Vec<_> = moves
            .iter()
            .map(|&m| {
                let mut next = pos;
                let _ = next.play_unchecked(ruleset.rules(), m);
                let n = count_perft(&next, ruleset.rules(), depth - 1);
                bar.inc(1);
                (m, n)
            })
            .collect();
        bar.finish_and_clear();
        let total = parts.iter().map(|&(_, n)| n).sum();
        (total, if show_divide { parts } else { Vec::new() })
    } else if show_divide {
        let parts = divide(&pos, ruleset.rules(), depth);
        (parts.iter().map(|&(_, n)| n).sum(), parts)
    } else {
        (count_perft(&pos, ruleset.rules(), depth), Vec::new())
    };
    let seconds = start.elapsed().as_secs_f64();
    if json {
        let parts: Vec<_> = parts
            .iter()
            .map(|&(m, n)| json!({ "move": m.to_string(), "nodes": n }))
            .collect();
        print_json(&json!({
            "game": "tafl",
            "rules": ruleset.name(),
            "position": pos.to_string(),
            "depth": depth,
            "nodes": total,
            "divide": parts,
        }))
    } else {
        for (m, n) in &parts {
            outln!("{m}: {n}");
        }
        outln!("perft({depth}) = {total}");
        if seconds > 0.0 {
            // The timing is a remark: a closed standard error must not panic.
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "{:.3} s, {:.1} M nodes/s",
                seconds,
                total as f64 / seconds / 1e6
            );
        }
        Ok(())
    }
}
