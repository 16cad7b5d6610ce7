//! The frames of a record: the position before the first action and after each action, as
//! SVG pictures, with the action, who made it and what it did.

use boardgames_common::names_game;
use boardgames_common::{Game, Record, Replay, ReplayOptions, ReplaySteps};
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::svg as trictrac_svg;
use trictrac_core::{Action, Phase, TrictracGame};

/// One position of a replay page: a picture, and the action that led to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
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

/// A whole record, replayed into the frames of its page.
#[derive(Debug, Clone, PartialEq)]
pub struct Frames {
    /// The game's name: `Trictrac`, `Tafl` or `Sugoroku`.
    pub game: &'static str,
    /// The record's tags, in order.
    pub tags: Vec<(String, String)>,
    /// The start, then one frame per action.
    pub frames: Vec<Frame>,
    /// The result of the replayed game, in words.
    pub result: String,
}

/// Why a record cannot be turned into frames (no page is made for it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PageError {
    /// The record names no game, an unknown game, or has tags the game refuses.
    #[error("bad record: {0}")]
    Record(String),
    /// An action of the record is illegal, or a comment or the result disagrees with the
    /// replayed game.
    #[error("illegal record: {0}")]
    Illegal(String),
}

/// Replays `record` (a record of any of the three games, chosen by its `Game` tag) and
/// draws every frame.
///
/// The record is walked by the game's own replay loop ([`ReplaySteps`]), so that the checks
/// and the errors are the ones `boardgames replay` gives, at the same action.
///
/// # Errors
/// [`PageError::Record`] for a record without a known `Game` tag or with tags the game
/// refuses; [`PageError::Illegal`] naming the first illegal action (or disagreeing comment
/// or result).
pub fn frames(record: &Record) -> Result<Frames, PageError> {
    match record.tag("Game") {
        Some(g) if names_game(g, <TrictracGame as Game>::NAME) => trictrac(record),
        Some(g) if names_game(g, TaflGame::NAME) => tafl(record),
        Some(g) if names_game(g, SugorokuGame::NAME) => sugoroku(record),
        Some(other) => Err(PageError::Record(format!(
            "unknown game {other:?} (expected Trictrac, Tafl or Sugoroku)"
        ))),
        None => Err(PageError::Record("the record has no Game tag".to_string())),
    }
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
) -> PageError {
    if e.is_contradiction() {
        PageError::Illegal(e.to_string())
    } else {
        PageError::Record(e.to_string())
    }
}

/// The walk of `record` by the game's one replay loop, each step with the game's comment.
fn walk<G: Replay>(record: &Record) -> Result<ReplaySteps<'_, G, G::TagError>, PageError> {
    Ok(G::replay_steps(record, &ReplayOptions::default())
        .map_err(classify)?
        .with_game_comments())
}

fn trictrac(record: &Record) -> Result<Frames, PageError> {
    let mut walk = walk::<TrictracGame<DefaultScorer>>(record)?;
    let mut frames = Vec::with_capacity(record.entries().len() + 1);
    let game = walk.state();
    frames.push(Frame {
        action: None,
        actor: String::new(),
        details: vec![format!("marks {}", game.marks_text())],
        svg: trictrac_picture(game, walk.next_text()),
    });
    loop {
        let side = walk.state().position().side_to_move();
        let Some(step) = walk.step().map_err(classify)? else {
            break;
        };
        let actor = match step.action {
            Action::PrimauteDie(_) => "chance".to_string(),
            _ => side.to_string(),
        };
        let mut details = Vec::new();
        if let Action::Throw(t) = step.action {
            details.push(format!("throw {t} ({})", t.name()));
        }
        let comment = step.game_comment.unwrap_or_default();
        details.extend(comment.split("; ").map(str::to_string));
        frames.push(Frame {
            action: Some(step.text.to_string()),
            actor,
            details,
            svg: trictrac_picture(walk.state(), walk.next_text()),
        });
    }
    let end = walk.into_state();
    let result = match end.winner() {
        Some(c) => format!("{c} wins, marks {}", end.marks_text()),
        None => format!("unfinished, marks {}", end.marks_text()),
    };
    Ok(Frames {
        game: "Trictrac",
        tags: record.tags().to_vec(),
        frames,
        result,
    })
}

fn tafl(record: &Record) -> Result<Frames, PageError> {
    let mut walk = walk::<TaflGame>(record)?;
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
    let mut frames = vec![Frame {
        action: None,
        actor: String::new(),
        details: vec![format!(
            "{} to move",
            walk.state().position().side_to_move()
        )],
        svg: picture(walk.state()),
    }];
    loop {
        let actor = walk.state().position().side_to_move().to_string();
        let Some(step) = walk.step().map_err(classify)? else {
            break;
        };
        let game = walk.state();
        let mut details = Vec::new();
        // The captures of the move just played, as the game keeps them with it.
        let captured: Vec<String> = game
            .moves()
            .last()
            .map(|m| m.captures.map(|sq| sq.to_string()).collect())
            .unwrap_or_default();
        if !captured.is_empty() {
            details.push(format!("captures {}", captured.join(", ")));
        }
        if game.status().is_over() {
            details.push(game.status().to_string());
        } else {
            details.push(format!("{} to move", game.position().side_to_move()));
        }
        frames.push(Frame {
            action: Some(step.text.to_string()),
            actor,
            details,
            svg: picture(game),
        });
    }
    Ok(Frames {
        game: "Tafl",
        tags: record.tags().to_vec(),
        frames,
        result: walk.state().status().to_string(),
    })
}

fn sugoroku(record: &Record) -> Result<Frames, PageError> {
    let mut walk = walk::<SugorokuGame>(record)?;
    let picture = |game: &SugorokuGame, throw, note: Option<&str>| {
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
    let mut frames = vec![Frame {
        action: None,
        actor: String::new(),
        details: Vec::new(),
        svg: picture(walk.state(), None, None),
    }];
    loop {
        let actor = sugoroku_core::colour(walk.state().position().side()).to_string();
        let Some(step) = walk.step().map_err(classify)? else {
            break;
        };
        // The game's comment of a throw is its events.
        let events = step.game_comment.unwrap_or_default();
        let details: Vec<String> = events.split("; ").map(str::to_string).collect();
        frames.push(Frame {
            action: Some(step.text.to_string()),
            actor,
            details,
            svg: picture(walk.state(), Some(step.action), Some(&events)),
        });
    }
    let result = match walk.state().end() {
        Some(e) => e.to_string(),
        None => "unfinished".to_string(),
    };
    Ok(Frames {
        game: "Sugoroku",
        tags: record.tags().to_vec(),
        frames,
        result,
    })
}
