//! Records to games and back, the same way for every game of the family.
//!
//! - [`Replay`]: `G::from_record(&record)` rebuilds a game from a [`Record`]; every game
//!   checks the same things in the same order (see [`Replay::from_record_with`]).
//! - [`ReplayOptions`]: the limits a server sets, and whether comments must be the engine's
//!   own ([`ReplayOptions::strict_comments`]; by default a comment is free text for people).
//! - [`ReplaySteps`] ([`Replay::replay_steps`]): the one loop, a record walked one action
//!   at a time with the state after each ([`ReplaySteps::state`]), for pictures and logs of
//!   every position.
//! - [`replay_record`]: that loop run to its end, behind every game's `from_record_with`,
//!   checking in this order the record's limits, its `Game` and `Seed` tags, the game's own tags
//!   ([`Replay::from_tags`]), every action (and, strictly, every comment), and the `Result`
//!   tag with the game's final tags; [`names_game`] and [`result_tag`] are two of its
//!   checks, public for the games and the command line.
//! - The other way, game to record: [`PlayedGame`](crate::PlayedGame) keeps the record of a
//!   game as it is played ([`PlayedGame::new`](crate::PlayedGame::new) then
//!   [`PlayedGame::apply`](crate::PlayedGame::apply)).
//!
//! The files: `checks.rs` (the options, the errors and the checks), `steps.rs` (the walk,
//! [`ReplaySteps`], and [`replay_record`]), this file (the [`Replay`] trait over them).

mod checks;
mod steps;
#[cfg(test)]
mod tests;

pub use checks::{
    CommentError, OtherGameError, ReplayError, ReplayOptions, ResultTagError, names_game,
    result_tag,
};
pub use steps::{ReplayStep, ReplaySteps, replay_record};

use crate::game::Game;
use crate::record::Record;

/// A [`Game`] that can be rebuilt from its [`Record`].
///
/// A game supplies only its start as the record's own tags describe it
/// ([`Replay::from_tags`]: rules, setup, options) and the error of those tags; the checks
/// every game makes and the replay of the actions are one loop, [`replay_record`], behind the
/// provided [`Replay::from_record_with`] and [`Replay::from_record`].
///
/// ```
/// use boardgames_common::{Record, Replay, ReplayError, ReplayOptions};
/// # use boardgames_common::{ByPlayer, Game, Turn};
/// # #[derive(Clone, Debug)]
/// # struct Count(u8);
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("not a step")]
/// # struct NotAStep;
/// # impl Game for Count {
/// #     type Action = u8;
/// #     type Error = NotAStep;
/// #     const NAME: &'static str = "Count";
/// #     fn turn(&self) -> Turn { if self.0 >= 2 { Turn::Terminal } else { Turn::Player(boardgames_common::Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); out.push(1); }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), NotAStep> { if a == 1 && self.0 < 2 { self.0 += 1; Ok(()) } else { Err(NotAStep) } }
/// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(1.0, -1.0) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, NotAStep> { t.parse().map_err(|_| NotAStep) }
/// # }
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("Start tag: not a number")]
/// # struct BadStart;
/// impl Replay for Count {
///     type TagError = BadStart;
///     // A `Start` tag, when present, gives the count to start from.
///     fn from_tags(record: &Record) -> Result<Count, BadStart> {
///         match record.tag("Start") {
///             Some(t) => t.parse().map(Count).map_err(|_| BadStart),
///             None => Ok(Count(0)),
///         }
///     }
/// }
///
/// let record: Record = "[Game \"Count\"]\n[Result \"1-0\"]\n\n1. 1 {a free comment}\n2. 1\n"
///     .parse()
///     .unwrap();
/// assert!(Count::from_record(&record).is_ok());
/// // A strict replay reads comments: Count writes none.
/// let e = Count::from_record_with(&record, &ReplayOptions::strict()).unwrap_err();
/// assert!(matches!(e, ReplayError::Comment { index: 1, .. }));
/// assert_eq!(e.to_string(), "action 1: the comment {a free comment} is not the game's {}");
/// // The game's own tags.
/// let bad: Record = "[Game \"Count\"]\n[Start \"x\"]\n\n".parse().unwrap();
/// assert!(matches!(Count::from_record(&bad), Err(ReplayError::Tags(BadStart))));
/// ```
pub trait Replay: Game + Sized {
    /// Why the record's own tags of this game (rules, setup, options) cannot be read: the
    /// [`ReplayError::Tags`] of a replay.
    type TagError: std::error::Error + Send + Sync + 'static;

    /// The start of the game that `record`'s own tags describe (rules, setup, options; a
    /// tag that is absent takes its default). [`Replay::from_record_with`] calls it after the
    /// checks every game shares (the limits, the `Game` and `Seed` tags), so it reads only
    /// the game's own tags, and does work bounded by their length.
    ///
    /// # Errors
    ///
    /// The game's [`Replay::TagError`], naming the tag and its value.
    fn from_tags(record: &Record) -> Result<Self, Self::TagError>;

    /// The game `record` describes, read with `options`: [`replay_record`] from
    /// [`Replay::from_tags`]. Every game checks, in this order: the limits; the `Game` tag,
    /// when present, is [`Game::NAME`] (in any ASCII case: [`names_game`]); a `Seed` tag,
    /// when present, is a seed ([`Record::seed`]); the game's own tags
    /// ([`Replay::from_tags`]); each action is parsed in its context and applied; with
    /// [`ReplayOptions::strict_comments`], each comment is the game's own; a `Result` tag,
    /// when present, is the replayed result ([`result_text`](crate::result_text), `*` while not over), and so is
    /// each of the game's final tags present ([`Game::final_record_tags`]).
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first thing that was wrong.
    fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<Self, ReplayError<Self::TagError, Self::Error>> {
        replay_record(record, options, Self::from_tags)
    }

    /// The walk of `record` read with `options` one action at a time, from
    /// [`Replay::from_tags`]: [`ReplaySteps::new`], with the checks of
    /// [`Replay::from_record_with`] in its order (running it to its end,
    /// [`ReplaySteps::finish`], is [`Replay::from_record_with`]).
    ///
    /// # Errors
    ///
    /// The errors of the checks before the actions, as [`ReplaySteps::new`].
    #[allow(clippy::type_complexity)]
    fn replay_steps<'r>(
        record: &'r Record,
        options: &ReplayOptions,
    ) -> Result<ReplaySteps<'r, Self, Self::TagError>, ReplayError<Self::TagError, Self::Error>>
    {
        ReplaySteps::new(record, options, Self::from_tags)
    }

    /// [`Replay::from_record_with`] with the default options: no limits, comments not read.
    ///
    /// # Errors
    ///
    /// As [`Replay::from_record_with`].
    fn from_record(record: &Record) -> Result<Self, ReplayError<Self::TagError, Self::Error>> {
        Self::from_record_with(record, &ReplayOptions::default())
    }
}
