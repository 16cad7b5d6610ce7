//! `boardgames tafl moves` and `boardgames tafl perft`.

use serde_json::json;
use tafl_core::{MoveList, divide, perft as count_perft};

use crate::games::tafl::{move_text, position, ruleset};
use crate::io::error::{CliError, print_json};

/// Prints the legal moves of a position, one a line with their captures, or as JSON.
pub(crate) fn moves(
    position_text: Option<&str>,
    rules: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let ruleset = ruleset(rules)?;
    let pos = position(&ruleset, position_text)?;
    let mut list = MoveList::new();
    pos.legal_moves_into(ruleset.rules(), &mut list);
    let texts: Vec<String> = list
        .iter()
        .map(|&m| move_text(&pos, ruleset.rules(), m).to_string())
        .collect();
    if json {
        print_json(&json!({
            "game": "tafl",
            "rules": ruleset.name(),
            "position": pos.to_string(),
            "side_to_move": pos.side_to_move().to_string(),
            "status": pos.status().to_string(),
            "count": texts.len(),
            "moves": texts,
        }))
    } else {
        out!("{}", pos.diagram(ruleset.rules()));
        outln!("{} legal moves ({})", texts.len(), pos.status());
        for t in &texts {
            outln!("{t}");
        }
        Ok(())
    }
}

/// Prints the perft count (and the divide when asked).
pub(crate) fn perft(
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

/// Writes the picture of the position of `tafl moves` to `file`.
pub(crate) fn moves_svg(
    position_text: Option<&str>,
    rules: Option<&str>,
    file: &std::path::Path,
) -> Result<(), CliError> {
    let ruleset = ruleset(rules)?;
    let pos = position(&ruleset, position_text)?;
    let svg = tafl_core::svg::render(
        &pos,
        ruleset.rules(),
        &tafl_core::svg::SvgOptions::default(),
    );
    crate::io::write_file(file, &svg)
}
