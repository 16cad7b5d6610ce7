//! The steps of a record: the position before the first action and after each action, as
//! SVG pictures, with the action, who made it and what it did.

use boardgames_common::names_game;
use boardgames_common::{Game, Record};
use sugoroku_core::Sugoroku;
use tafl_core::TaflGame;
use trictrac_core::partie::DefaultScorer;
use trictrac_core::svg as trictrac_svg;
use trictrac_core::{Action, Phase, TrictracGame};

/// One position of a replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The action that led here in the record's notation (`None` for the start).
    pub action: Option<String>,
    /// Who made the action (`White`, `attackers`, `chance` ...); empty for the start.
    pub actor: String,
    /// What the action did, one fact per line: for trictrac the throw, its events and the
    /// marks; for tafl the captures and the end; for sugoroku the events of the throw.
    pub details: Vec<String>,
    /// The position as a self-contained SVG document.
    pub svg: String,
}

/// A whole record, replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// The game's name: `Trictrac`, `Tafl` or `Sugoroku`.
    pub game: &'static str,
    /// The record's tags, in order.
    pub tags: Vec<(String, String)>,
    /// The start, then one step per action.
    pub steps: Vec<Step>,
    /// The result of the replayed game, in words.
    pub result: String,
}

/// Why a record cannot be turned into steps.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepsError {
    /// The record names no game, an unknown game, or has tags the game refuses.
    #[error("bad record: {0}")]
    Record(String),
    /// An action of the record is illegal, or a comment or the result disagrees with the
    /// replayed game.
    #[error("illegal record: {0}")]
    Illegal(String),
}

/// Replays `record` (a record of any of the three games, chosen by its `Game` tag) and
/// draws every step.
///
/// The record is first checked whole by the game's own replay (so that the errors are the
/// ones `boardgames replay` gives), then stepped through from its start.
///
/// # Errors
/// [`StepsError::Record`] for a record without a known `Game` tag or with tags the game
/// refuses; [`StepsError::Illegal`] naming the first illegal action (or disagreeing comment
/// or result).
pub fn replay_steps(record: &Record) -> Result<Replay, StepsError> {
    match record.tag("Game") {
        Some(g) if names_game(g, <TrictracGame as Game>::NAME) => trictrac(record),
        Some(g) if names_game(g, TaflGame::NAME) => tafl(record),
        Some(g) if names_game(g, Sugoroku::NAME) => sugoroku(record),
        Some(other) => Err(StepsError::Record(format!(
            "unknown game {other:?} (expected Trictrac, Tafl or Sugoroku)"
        ))),
        None => Err(StepsError::Record("the record has no Game tag".to_string())),
    }
}

/// The record's tags without its actions nor its `Result`: the start of the game.
fn start_of(record: &Record, game: &str) -> Record {
    let mut start = Record::new(game);
    for (k, v) in record.tags() {
        if k != "Game" && k != "Result" {
            // The tags come from a parsed record, so they are valid again.
            let _ = start.set_tag(k, v);
        }
    }
    start
}

fn trictrac_picture(game: &TrictracGame<DefaultScorer>, next: Option<&str>) -> String {
    let (throw, play) = match game.phase() {
        Phase::Play { throw, .. } => {
            // The play about to be made, as arrows.
            let play = next.and_then(|text| match game.parse_action(text) {
                Ok(Action::Play(p)) => Some(p),
                _ => None,
            });
            (Some(throw), play)
        }
        Phase::Choice { throw, .. } => (Some(throw), None),
        _ => (None, None),
    };
    let pavillon = if game.options().pavillon {
        game.marking().pavillon()
    } else {
        None
    };
    trictrac_svg::render(
        game.position(),
        &trictrac_svg::SvgOptions {
            throw,
            play: play.as_ref(),
            pavillon,
            title: None,
        },
    )
}

/// A replay's error as the page reports it: a record the game contradicts (an action
/// refused, a false result) or a record that cannot be read.
fn classify<T: std::fmt::Display, E: std::fmt::Display>(
    e: boardgames_common::ReplayError<T, E>,
) -> StepsError {
    if e.is_contradiction() {
        StepsError::Illegal(e.to_string())
    } else {
        StepsError::Record(e.to_string())
    }
}

fn trictrac(record: &Record) -> Result<Replay, StepsError> {
    let end = TrictracGame::from_record(record).map_err(classify)?;
    let mut game = TrictracGame::from_record(&start_of(record, <TrictracGame as Game>::NAME))
        .map_err(classify)?;
    let entries = record.entries();
    let mut steps = Vec::with_capacity(entries.len() + 1);
    steps.push(Step {
        action: None,
        actor: String::new(),
        details: vec![format!("marks {}", game.marks_text())],
        svg: trictrac_picture(&game, entries.first().map(|e| e.action.as_str())),
    });
    for (i, entry) in entries.iter().enumerate() {
        let illegal =
            |e: trictrac_core::ActionError| StepsError::Illegal(format!("action {}: {e}", i + 1));
        let action = game.parse_action(&entry.action).map_err(illegal)?;
        let actor = match action {
            Action::PrimauteDie(_) => "chance".to_string(),
            _ => game.position().side_to_move().to_string(),
        };
        let comment = game.apply_commented(action).map_err(illegal)?;
        let mut details = Vec::new();
        if let Action::Throw(t) = action {
            details.push(format!("throw {t} ({})", t.name()));
        }
        details.extend(comment.split("; ").map(str::to_string));
        let next = entries.get(i + 1).map(|e| e.action.as_str());
        steps.push(Step {
            action: Some(entry.action.clone()),
            actor,
            details,
            svg: trictrac_picture(&game, next),
        });
    }
    let result = match end.winner() {
        Some(c) => format!("{c} wins, marks {}", end.marks_text()),
        None => format!("unfinished, marks {}", end.marks_text()),
    };
    Ok(Replay {
        game: "Trictrac",
        tags: record.tags().to_vec(),
        steps,
        result,
    })
}

fn tafl(record: &Record) -> Result<Replay, StepsError> {
    let end = TaflGame::from_record(record).map_err(classify)?;
    let mut game = TaflGame::from_record(&start_of(record, TaflGame::NAME)).map_err(classify)?;
    let picture = |game: &TaflGame| {
        tafl_core::svg::render(
            game.position(),
            game.rules(),
            &tafl_core::svg::SvgOptions {
                last_move: game.moves().last().copied(),
                title: None,
            },
        )
    };
    let mut steps = vec![Step {
        action: None,
        actor: String::new(),
        details: vec![format!("{} to move", game.position().side_to_move())],
        svg: picture(&game),
    }];
    for (i, text) in record.actions().enumerate() {
        let illegal = |e: String| StepsError::Illegal(format!("action {}: {e}", i + 1));
        let actor = game.position().side_to_move().to_string();
        let mv = game
            .parse_action(text)
            .map_err(|e| illegal(e.to_string()))?;
        let outcome = game.play_mut(mv).map_err(|e| illegal(e.to_string()))?;
        let mut details = Vec::new();
        let captured: Vec<String> = outcome.captures.map(|sq| sq.to_string()).collect();
        if !captured.is_empty() {
            details.push(format!("captures {}", captured.join(", ")));
        }
        if game.status().is_over() {
            details.push(game.status().to_string());
        } else {
            details.push(format!("{} to move", game.position().side_to_move()));
        }
        steps.push(Step {
            action: Some(text.to_string()),
            actor,
            details,
            svg: picture(&game),
        });
    }
    Ok(Replay {
        game: "Tafl",
        tags: record.tags().to_vec(),
        steps,
        result: end.status().to_string(),
    })
}

fn sugoroku(record: &Record) -> Result<Replay, StepsError> {
    let end = Sugoroku::from_record(record).map_err(classify)?;
    let mut game = Sugoroku::from_record(&start_of(record, Sugoroku::NAME)).map_err(classify)?;
    let picture = |game: &Sugoroku, throw, note: Option<&str>| {
        sugoroku_core::svg::render(
            game.position(),
            &sugoroku_core::svg::SvgOptions {
                last_throw: throw,
                title: None,
                note,
                end: game.end(),
            },
        )
    };
    let mut steps = vec![Step {
        action: None,
        actor: String::new(),
        details: Vec::new(),
        svg: picture(&game, None, None),
    }];
    for (i, text) in record.actions().enumerate() {
        let illegal = |e: String| StepsError::Illegal(format!("throw {}: {e}", i + 1));
        let actor = sugoroku_core::colour(game.position().side()).to_string();
        let throw: boardgames_common::Throw = text.parse().map_err(|e| illegal(format!("{e}")))?;
        let events = game
            .play_mut(throw)
            .map_err(|e| illegal(e.to_string()))?
            .to_string();
        let details: Vec<String> = events.split("; ").map(str::to_string).collect();
        steps.push(Step {
            action: Some(text.to_string()),
            actor,
            details,
            svg: picture(&game, Some(throw), Some(&events)),
        });
    }
    let result = match end.end() {
        Some(e) => e.to_string(),
        None => "unfinished".to_string(),
    };
    Ok(Replay {
        game: "Sugoroku",
        tags: record.tags().to_vec(),
        steps,
        result,
    })
}
