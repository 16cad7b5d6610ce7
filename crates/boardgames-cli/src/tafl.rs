//! `boardgames tafl moves` and `boardgames tafl perft`.

use serde_json::json;
use tafl_core::{MoveList, MoveText, Position, Ruleset, Setup, divide, perft as count_perft};

use crate::error::{CliError, print_json};

/// The ruleset named by `--rules`: a preset name (optionally followed by `repetition:none`),
/// or an OpenTafl rules string; fidchell when absent.
pub(crate) fn ruleset(rules: Option<&str>) -> Result<Ruleset, CliError> {
    let Some(text) = rules else {
        return Ok(Ruleset::fidchell());
    };
    if let Some(preset) = Ruleset::preset_with_options(text) {
        return preset.map_err(|e| CliError::input("--rules", e));
    }
    if !text.contains(':') {
        return Err(CliError::input(
            "--rules",
            format!(
                "unknown ruleset {text:?}: expected a preset (fidchell, brandubh, copenhagen, \
                 tablut, ard_ri) or an OpenTafl rules string such as \"dim:7 ... start:/.../\""
            ),
        ));
    }
    text.parse::<Ruleset>()
        .map_err(|e| CliError::input("--rules", e))
}

/// The position given by `--position` under `ruleset`, or its start.
pub(crate) fn position(ruleset: &Ruleset, text: Option<&str>) -> Result<Position, CliError> {
    let Some(text) = text else {
        return Ok(ruleset.start_position());
    };
    let setup: Setup = text.parse().map_err(|e| CliError::input("--position", e))?;
    ruleset
        .position(&setup)
        .map_err(|e| CliError::input("--position", e))
}

/// The move with the captures it makes in `pos`.
pub(crate) fn move_text(pos: &Position, m: tafl_core::Move) -> MoveText {
    let mut after = *pos;
    let outcome = after.play_unchecked(m);
    MoveText {
        mv: m,
        captures: outcome.captures,
    }
}

/// Prints the legal moves of a position, one a line with their captures, or as JSON.
pub(crate) fn moves(
    position_text: Option<&str>,
    rules: Option<&str>,
    json: bool,
) -> Result<(), CliError> {
    let ruleset = ruleset(rules)?;
    let pos = position(&ruleset, position_text)?;
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let texts: Vec<String> = list
        .iter()
        .map(|&m| move_text(&pos, m).to_string())
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
        out!("{}", pos.diagram());
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
        pos.legal_moves_into(&mut moves);
        let bar = crate::progress::bar(moves.len() as u64, "first moves", quiet || json || !slow);
        let parts: Vec<_> = moves
            .iter()
            .map(|&m| {
                let mut next = pos;
                let _ = next.play_unchecked(m);
                let n = count_perft(&next, depth - 1);
                bar.inc(1);
                (m, n)
            })
            .collect();
        bar.finish_and_clear();
        let total = parts.iter().map(|&(_, n)| n).sum();
        (total, if show_divide { parts } else { Vec::new() })
    } else if show_divide {
        let parts = divide(&pos, depth);
        (parts.iter().map(|&(_, n)| n).sum(), parts)
    } else {
        (count_perft(&pos, depth), Vec::new())
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
    let svg = tafl_core::svg::render(&pos, &tafl_core::svg::SvgOptions::default());
    crate::view::write_file(file, &svg)
}
