//! `boardgames trictrac analyze`: the legal plays of a throw and the points it scores.

use boardgames_common::Throw;
use serde_json::{Value, json};
use trictrac_core::scoring::{JanEvent, ScoringRules, ThrowAnalysis};
use trictrac_core::{Colour, Position};

use crate::io::error::{CliError, print_json};

/// The arguments of `boardgames trictrac analyze`.
#[derive(Debug, clap::Args)]
pub(crate) struct AnalyzeArgs {
    /// The position in trictrac notation (docs/trictrac-notation.md); default: the start.
    #[arg(long)]
    position: Option<String>,
    /// The throw, e.g. `6-5`.
    #[arg(long)]
    throw: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the position and the throw (with the play when it is the only one) as
    /// an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

impl AnalyzeArgs {
    /// Prints the analysis, then writes the picture when `--svg` asks for it.
    pub(crate) fn run(self) -> Result<(), CliError> {
        analyze(self.position.as_deref(), &self.throw, self.json)?;
        match self.svg {
            Some(file) => analyze_svg(self.position.as_deref(), &self.throw, &file),
            None => Ok(()),
        }
    }
}

fn event_json(e: &JanEvent) -> Value {
    json!({
        "jan": e.kind.to_string(),
        "ways": e.ways,
        "points": e.points,
        "beneficiary": e.beneficiary.to_string(),
        "text": e.to_string(),
    })
}

fn totals(events: &[JanEvent]) -> [u32; 2] {
    let mut t = [0u32; 2];
    for e in events {
        t[e.beneficiary.index()] += u32::from(e.points);
    }
    t
}

/// Prints the analysis of `throw` in `position` (the start when absent).
fn analyze(position: Option<&str>, throw: &str, json: bool) -> Result<(), CliError> {
    let pos: Position = match position {
        Some(text) => text.parse().map_err(|e| CliError::input("--position", e))?,
        None => Position::start(),
    };
    let throw: Throw = throw.parse().map_err(|e| CliError::input("--throw", e))?;
    let analysis = ThrowAnalysis::new(&pos, throw, &ScoringRules::default());
    let before = analysis.before_play();
    let plays = analysis.legal_plays();
    let unplayed: Vec<u8> = plays.unplayed().iter().map(|d| d.get()).collect();
    let mut per_play = Vec::with_capacity(plays.len());
    for (i, play) in plays.iter().enumerate() {
        let events = analysis.after_play_index(i).ok_or_else(|| {
            CliError::Output(format!("play {i} of {} could not be scored", plays.len()))
        })?;
        per_play.push((play.to_string(), events.to_vec()));
    }
    let before_totals = totals(before);
    if json {
        print_json(&json!({
            "game": "trictrac",
            "position": pos.to_string(),
            "side_to_move": pos.side_to_move().to_string(),
            "throw": throw.to_string(),
            "throw_name": throw.name(),
            "events": before.iter().map(event_json).collect::<Vec<_>>(),
            "points": { "white": before_totals[0], "black": before_totals[1] },
            "unplayed": unplayed,
            "plays": per_play.iter().map(|(text, events)| {
                let t = totals(events);
                json!({
                    "play": text,
                    "events": events.iter().map(event_json).collect::<Vec<_>>(),
                    "points": { "white": t[0], "black": t[1] },
                })
            }).collect::<Vec<_>>(),
        }))
    } else {
        out!("{}", pos.diagram());
        outln!("{} throws {throw} ({})", pos.side_to_move(), throw.name());
        if before.is_empty() {
            outln!("no points before the play");
        }
        for e in before {
            outln!("  {e}");
        }
        outln!(
            "points: {} {}, {} {}",
            Colour::White,
            before_totals[0],
            Colour::Black,
            before_totals[1]
        );
        if !unplayed.is_empty() {
            let list: Vec<String> = unplayed.iter().map(u8::to_string).collect();
            outln!("unplayable numbers (impuissance): {}", list.join(", "));
        }
        match per_play.len() {
            1 => outln!("1 legal play:"),
            n => outln!("{n} legal plays:"),
        }
        for (text, events) in &per_play {
            if events.is_empty() {
                outln!("  {text}");
            } else {
                let list: Vec<String> = events.iter().map(ToString::to_string).collect();
                outln!("  {text}  then {}", list.join("; "));
            }
        }
        Ok(())
    }
}

/// Writes the picture of `position` (the start when absent) with `throw` to `file`: the
/// dice, and the arrows of the play when the throw has only one legal play.
fn analyze_svg(
    position: Option<&str>,
    throw: &str,
    file: &std::path::Path,
) -> Result<(), CliError> {
    let pos: Position = match position {
        Some(text) => text.parse().map_err(|e| CliError::input("--position", e))?,
        None => Position::start(),
    };
    let throw: Throw = throw.parse().map_err(|e| CliError::input("--throw", e))?;
    let analysis = ThrowAnalysis::new(&pos, throw, &ScoringRules::default());
    let plays = analysis.legal_plays();
    let only = if plays.len() == 1 {
        plays.get(0).copied()
    } else {
        None
    };
    let svg = trictrac_core::svg::render(
        &pos,
        &trictrac_core::svg::SvgOptions {
            throw: Some(throw),
            play: only.as_ref(),
            pavillon: None,
            title: None,
        },
    );
    crate::io::write_file(file, &svg)
}
