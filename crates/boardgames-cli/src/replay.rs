//! `boardgames replay FILE`: replays a record of any of the three games.

use std::io::Read as _;
use std::path::Path;

use boardgames_common::{Game, Record};
use serde_json::json;
use sugoroku_core::Sugoroku;
use tafl_core::TaflGame;
use trictrac_core::game::{DefaultScorer, TrictracGame};

use crate::error::{CliError, print_json};

fn read(path: &Path) -> Result<String, CliError> {
    let io = |source| CliError::Io {
        path: path.to_path_buf(),
        source,
    };
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(io)?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(io)
    }
}

/// What a replay found: the game, its final state as text, the number of actions, its result.
struct Replayed {
    game: &'static str,
    actions: usize,
    result: String,
    state: String,
    board: String,
}

/// Reads `path`, replays it by its `Game` tag and prints the final state (or JSON).
///
/// Exit codes (see [`CliError::exit_code`]): 2 when the file is not a record or names an
/// unknown game or rules, 1 when a move or throw is illegal, with its number and reason.
pub(crate) fn replay(path: &Path, json: bool) -> Result<(), CliError> {
    let text = read(path)?;
    let record: Record = text
        .parse()
        .map_err(|e| CliError::Record(format!("{}: {e}", path.display())))?;
    let game = record.tag("Game").ok_or_else(|| {
        CliError::Record(format!("{}: the record has no Game tag", path.display()))
    })?;
    let done = match game {
        g if g == TaflGame::NAME => replay_tafl(&record)?,
        g if g == Sugoroku::NAME => replay_sugoroku(&record)?,
        g if g == <TrictracGame as Game>::NAME => replay_trictrac(&record)?,
        other => {
            return Err(CliError::Record(format!(
                "{}: unknown game {other:?} (expected Trictrac, Tafl or Sugoroku)",
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
        }))
    } else {
        println!(
            "{}: {} actions replayed, all legal",
            done.game, done.actions
        );
        print!("{}", done.board);
        println!("final state: {}", done.state);
        println!("result: {}", done.result);
        Ok(())
    }
}

fn replay_tafl(record: &Record) -> Result<Replayed, CliError> {
    use tafl_core::ReplayError;
    let game = TaflGame::from_record(record).map_err(|e| match e {
        ReplayError::Action { .. } => CliError::Illegal(format!("illegal record: {e}")),
        other => CliError::Record(format!("bad record: {other}")),
    })?;
    Ok(Replayed {
        game: "Tafl",
        actions: record.actions().len(),
        result: game.status().to_string(),
        state: game.position().to_string(),
        board: game.position().diagram(),
    })
}

fn replay_sugoroku(record: &Record) -> Result<Replayed, CliError> {
    use sugoroku_core::ReplayError;
    let game = Sugoroku::replay_record(record).map_err(|e| match e {
        ReplayError::Throw { .. } | ReplayError::Events { .. } | ReplayError::Result { .. } => {
            CliError::Illegal(format!("illegal record: {e}"))
        }
        other => CliError::Record(format!("bad record: {other}")),
    })?;
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
    })
}

fn replay_trictrac(record: &Record) -> Result<Replayed, CliError> {
    let game = TrictracGame::replay(record, DefaultScorer::default())
        .map_err(|e| CliError::Illegal(format!("illegal record: {e}")))?;
    let result = match game.winner() {
        Some(c) => format!("{c} wins"),
        None => "unfinished".to_string(),
    };
    Ok(Replayed {
        game: "Trictrac",
        actions: record.actions().len(),
        result,
        state: format!("{} marks {}", game.position(), game.marks_text()),
        board: trictrac_core::diagram(game.position().board()),
    })
}
