//! `boardgames replay FILE`: replays a record of any of the three games.

use std::path::Path;

use boardgames_common::names_game;
use boardgames_common::{Game, Record, RecordLimits, ReplayOptions};
use serde_json::json;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::TrictracGame;

use crate::games::{Replayed, check_result_shape, replay_error};
use crate::io::error::{CliError, print_json};
use crate::io::{read_record_text, write_file};

/// The arguments of `boardgames replay`.
#[derive(Debug, clap::Args)]
pub(crate) struct ReplayArgs {
    /// The record file (`-` for standard input).
    file: std::path::PathBuf,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Refuse a record of more actions (files are also limited to 16 MiB and lines to
    /// 64 KiB).
    #[arg(long, default_value_t = boardgames_common::RecordLimits::DEFAULT.max_actions,
          value_parser = parse_max_actions, allow_hyphen_values = true)]
    max_actions: usize,
    /// Also draw the final position as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// Check every comment against the engine's own (for records written by this
    /// program); by default comments are free text.
    #[arg(long)]
    strict: bool,
}

impl ReplayArgs {
    /// Replays the record and prints its end ([`replay`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        replay(
            &self.file,
            self.json,
            self.max_actions,
            self.svg.as_deref(),
            self.strict,
        )
    }
}

/// `replay --max-actions`: a whole number, with a message that says so (clap's own says
/// "invalid digit found in string" of `-1`).
fn parse_max_actions(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| {
        format!(
            "expected a whole number of actions from 0 to {}",
            usize::MAX
        )
    })
}

/// Reads `path`, replays it by its `Game` tag and prints the final state (or JSON).
///
/// Exit codes (see [`CliError::exit_code`]): 2 when the file is not a record or names an
/// unknown game or rules, 1 when a move or throw is illegal, with its number and reason.
/// With `svg`, the final position is also drawn in that file.
///
/// The record is refused (exit 2) beyond `max_actions` actions or the default limits of
/// [`RecordLimits::DEFAULT`] on bytes and line length, before any replay. Comments are free
/// text unless `strict`, where each must be the engine's own.
fn replay(
    path: &Path,
    json: bool,
    max_actions: usize,
    svg: Option<&Path>,
    strict: bool,
) -> Result<(), CliError> {
    let limits = RecordLimits::DEFAULT.with_max_actions(max_actions);
    let text = read_record_text(path, limits.max_bytes)?;
    let record = Record::parse_with_limits(&text, &limits)
        .map_err(|e| CliError::Record(format!("{}: {e}", path.display())))?;
    let game = record.tag("Game").ok_or_else(|| {
        CliError::Record(format!(
            "{}: the record has no Game tag{}",
            path.display(),
            misspelt_game_tag(&record)
        ))
    })?;
    check_result_shape(&record)
        .map_err(|m| CliError::Record(format!("{}: {m}", path.display())))?;
    let options = ReplayOptions::with_limits(limits).with_strict_comments(strict);
    // Every message names the file.
    let named = |e: CliError| match e {
        CliError::Record(m) => CliError::Record(format!("{}: {m}", path.display())),
        CliError::Illegal(m) => CliError::Illegal(format!("{}: {m}", path.display())),
        other => other,
    };
    let done = match game {
        g if names_game(g, TaflGame::NAME) => replay_tafl(&record, &options).map_err(named)?,
        g if names_game(g, SugorokuGame::NAME) => {
            replay_sugoroku(&record, &options).map_err(named)?
        }
        g if names_game(g, <TrictracGame as Game>::NAME) => {
            replay_trictrac(&record, &options).map_err(named)?
        }
        g if names_game(g, trictrac_core::ECRIRE_NAME) => {
            crate::games::ecrire::replay(&record, &options).map_err(named)?
        }
        other => {
            return Err(CliError::Record(format!(
                "{}: unknown game {other:?} (expected Trictrac, Trictrac à écrire, Tafl or Sugoroku)",
                path.display()
            )));
        }
    };
    if json {
        print_json(&json!({
            "game": done.game,
            "legal": true,
            "actions": done.actions,
            "result": done.result,
            "final_state": done.state,
        }))?;
    } else {
        outln!(
            "{}: {} actions replayed, all legal",
            done.game,
            done.actions
        );
        out!("{}", done.board);
        outln!("final state: {}", done.state);
        outln!("result: {}", done.result);
    }
    // The picture comes after the text output, as for the other commands (docs/cli.md).
    if let Some(file) = svg {
        write_file(file, &done.picture)?;
    }
    Ok(())
}

/// A hint for a record without a `Game` tag that has one spelt in another case (tag names
/// are case-sensitive), or nothing.
fn misspelt_game_tag(record: &Record) -> String {
    match record
        .tags()
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Game"))
    {
        Some((k, _)) => format!(" (tag names are case-sensitive: {k:?} is not \"Game\")"),
        None => String::new(),
    }
}

fn replay_tafl(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game = TaflGame::from_record_with(record, options).map_err(replay_error)?;
    Ok(Replayed {
        game: "Tafl",
        actions: record.actions().len(),
        result: game.status().to_string(),
        state: game.position().to_string(),
        board: game.diagram(),
        picture: tafl_core::svg::render(
            game.position(),
            game.rules(),
            &tafl_core::svg::SvgOptions {
                last_move: game.moves().last().copied(),
                title: None,
            },
        ),
    })
}

fn replay_sugoroku(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game = SugorokuGame::from_record_with(record, options).map_err(replay_error)?;
    let result = match game.end() {
        Some(end) => end.to_string(),
        None => "unfinished".to_string(),
    };
    Ok(Replayed {
        game: "Sugoroku",
        actions: record.actions().len(),
        result,
        state: game.position().to_string(),
        board: String::new(),
        picture: sugoroku_core::svg::render(
            game.position(),
            &sugoroku_core::svg::SvgOptions {
                last_throw: record.actions().last().and_then(|t| t.parse().ok()),
                title: None,
                note: None,
                end: game.end(),
            },
        ),
    })
}

fn replay_trictrac(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game = TrictracGame::from_record_with(record, options).map_err(replay_error)?;
    let result = match game.winner() {
        Some(c) => format!("{c} wins"),
        None => "unfinished".to_string(),
    };
    Ok(Replayed {
        game: "Trictrac",
        actions: record.actions().len(),
        result,
        state: game.position().to_string(),
        board: game.diagram(),
        picture: trictrac_core::svg::render(
            game.position(),
            &trictrac_core::svg::SvgOptions {
                pavillon: game
                    .marking()
                    .pavillon()
                    .filter(|_| game.options().pavillon),
                ..trictrac_core::svg::SvgOptions::default()
            },
        ),
    })
}
