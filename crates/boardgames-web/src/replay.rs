//! Replaying a record on the page: a record pasted or uploaded is read and checked (every
//! action replayed by the crates), then shown step by step, each step's picture and what
//! the game says of it.

use boardgames_common::{Game, Record};
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::games::WebGame;

/// A record checked and ready to show, of any of the games.
pub(crate) trait Replayer: Send + Sync {
    /// The steps: each action's text, who made it, its comment.
    fn steps(&self) -> Value;
    /// The picture and the game's view after the first `k` actions.
    fn frame(&self, k: usize) -> Value;
}

struct Replayed<G: WebGame>
where
    G::Action: Send,
{
    start: G,
    actions: Vec<G::Action>,
    record: Record,
}

impl<G: WebGame + Sync> Replayer for Replayed<G>
where
    G::Action: Send + Sync,
{
    fn steps(&self) -> Value {
        let mut game = self.start.clone();
        let mut steps = Vec::with_capacity(self.actions.len());
        for (entry, &a) in self.record.entries().iter().zip(&self.actions) {
            let actor = match game.turn() {
                boardgames_common::Turn::Player(boardgames_common::Player::First) => "first",
                boardgames_common::Turn::Player(boardgames_common::Player::Second) => "second",
                _ => "dice",
            };
            steps.push(json!({ "text": entry.action, "comment": entry.comment, "actor": actor }));
            let _ = game.apply(a);
        }
        json!({
            "game": G::KEY,
            "tags": self.record.tags(),
            "steps": steps,
            "length": self.actions.len(),
        })
    }

    fn frame(&self, k: usize) -> Value {
        let k = k.min(self.actions.len());
        let mut game = self.start.clone();
        let mut before = None;
        for (i, &a) in self.actions[..k].iter().enumerate() {
            if i + 1 == k {
                before = Some((game.clone(), a));
            }
            let _ = game.apply(a);
        }
        let picture = game.picture(before.as_ref().map(|(b, a)| (b, *a)));
        let frame = before.and_then(|(b, a)| G::frame(&b, a));
        json!({
            "k": k,
            "svg": picture,
            "playSvg": frame,
            "info": game.info(),
            "over": game.outcome().map(|o| o.to_string()),
        })
    }
}

/// `record` replayed by `G`: every action parsed and applied, the first refused named.
fn replay<G: WebGame + Sync>(record: Record) -> Result<Box<dyn Replayer>, ApiError>
where
    G::Action: Send + Sync,
{
    let start = G::from_tags(&record).map_err(|e| ApiError::BadRecord(e.to_string()))?;
    let mut game = start.clone();
    let mut actions = Vec::with_capacity(record.entries().len());
    for (i, text) in record.actions().enumerate() {
        let a = game
            .parse_action(text)
            .and_then(|a| game.apply(a).map(|()| a))
            .map_err(|e| ApiError::BadRecord(format!("action {} ({text}): {e}", i + 1)))?;
        actions.push(a);
    }
    if let Some(result) = record.tag("Result")
        && result != "*"
        && game.is_terminal()
        && result != boardgames_common::result_text(game.returns())
    {
        return Err(ApiError::BadRecord(format!(
            "the Result tag says {result} but the game replays to {}",
            boardgames_common::result_text(game.returns())
        )));
    }
    Ok(Box::new(Replayed {
        start,
        actions,
        record,
    }))
}

/// The record of `text` checked and ready to show.
///
/// # Errors
/// [`ApiError::BadRecord`]: the text is not a record, names a game the server does not
/// know, or does not replay (the first action refused, with the crate's reason).
pub(crate) fn open(text: &str) -> Result<Box<dyn Replayer>, ApiError> {
    let record = crate::games::read_record(text)?;
    match record.tag("Game") {
        Some(n) if n == <trictrac_core::TrictracGame as Game>::NAME => {
            replay::<trictrac_core::TrictracGame>(record)
        }
        Some(n) if n == <trictrac_core::EcrireGame as Game>::NAME => {
            replay::<trictrac_core::EcrireGame>(record)
        }
        Some(n) if n == <tafl_core::TaflGame as Game>::NAME => {
            replay::<tafl_core::TaflGame>(record)
        }
        Some(n) if n == <sugoroku_core::SugorokuGame as Game>::NAME => {
            replay::<sugoroku_core::SugorokuGame>(record)
        }
        other => Err(ApiError::BadRecord(format!(
            "unknown game {:?}: expected a record of {}, {}, {} or {} (its Game tag)",
            other.unwrap_or("").chars().take(40).collect::<String>(),
            <trictrac_core::TrictracGame as Game>::NAME,
            <trictrac_core::EcrireGame as Game>::NAME,
            <tafl_core::TaflGame as Game>::NAME,
            <sugoroku_core::SugorokuGame as Game>::NAME,
        ))),
    }
}
