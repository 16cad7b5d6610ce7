//! `boardgames tafl moves`: the legal moves of a position.

use serde_json::json;
use tafl_core::MoveList;

use crate::games::tafl::{move_text, position, ruleset};
use crate::io::error::{CliError, print_json};

/// The arguments of `boardgames tafl moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct MovesArgs {
    /// The position as an OpenTafl position string; default: the ruleset's start.
    #[arg(long)]
    position: Option<String>,
    /// A preset name (fidchell, brandubh, copenhagen, tablut, ard_ri) or an OpenTafl rules
    /// string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the position as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

impl MovesArgs {
    /// Prints the moves, then writes the picture when `--svg` asks for it.
    pub(crate) fn run(self) -> Result<(), CliError> {
        moves(self.position.as_deref(), self.rules.as_deref(), self.json)?;
        match self.svg {
            Some(file) => moves_svg(self.position.as_deref(), self.rules.as_deref(), &file),
            None => Ok(()),
        }
    }
}

/// Prints the legal moves of a position, one a line with their captures, or as JSON.
fn moves(position_text: Option<&str>, rules: Option<&str>, json: bool) -> Result<(), CliError> {
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

/// Writes the picture of the position of `tafl moves` to `file`.
fn moves_svg(
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
