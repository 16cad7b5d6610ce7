//! Shared foundation of the boardgames-rs rules crates: dice, seeds, the plain-text game
//! record and the [`Game`] trait with chance nodes.
//!
//! - [`dice`]: [`Die`], [`Throw`] (higher die first, traditional French names), the 36
//!   ordered and 21 unordered outcomes with their probabilities.
//! - [`seed`]: [`Seed`] and the [`DiceSource`] trait with [`SeededDice`] (ChaCha8, pinned)
//!   and [`ScriptedDice`] (replays).
//! - [`game`]: the OpenSpiel-style [`Game`] trait, [`Agent`], [`RandomAgent`] and
//!   [`play_game`].
//! - [`record`]: the [`Record`] format shared by trictrac, tafl and sugoroku.
//! - [`replay`]: records to games ([`Replay::from_record`]: one loop, [`replay_record`], the
//!   same checks in every game, one [`ReplayError`]) and games to records ([`PlayedGame`]).
//! - [`Playout`]: the one game loop, agents for the decisions and a seed for chance, an
//!   iterator of [`Step`]s ([`play_game`] runs one to the end).
//! - [`agents`]: generic players of every game: [`RandomAgent`], [`agents::Mcts`] (UCT with
//!   chance nodes) and [`agents::Expectiminimax`] (alpha-beta, Star1).
//! - [`tournament`]: the arithmetic of a tournament between agents: the schedule and its
//!   seeds, wins/draws/losses with Wilson intervals, Elo ratings with intervals.
//! - `svg` (feature `svg`): a small SVG writer and a histogram, for the games' pictures.
//!
//! ```
//! use boardgames_common::{DiceSource, Seed, SeededDice};
//! let mut dice = SeededDice::new(Seed(42));
//! let throw = dice.throw().unwrap();
//! assert!((2..=12).contains(&throw.sum()));
//! println!("{throw} ({})", throw.name());
//! ```
#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, [package.metadata.docs.rs]) marks the items of each feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The crate's README.md (shown on crates.io): its examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod agents;
pub mod dice;
pub mod game;
pub mod limits;
mod playout;
pub mod record;
pub mod replay;
pub mod seed;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tournament;

pub use dice::{
    Die, ORDERED_OUTCOMES, ORDERED_PROBABILITY, ParseDieError, ParseThrowError, Throw,
    UNORDERED_OUTCOMES, UNORDERED_THROWS,
};
pub use game::{
    Agent, ByPlayer, Game, PlayGameError, PlayedGame, Player, RandomAgent, Turn, play_game,
    result_text, sample_chance,
};
pub use limits::{RecordLimitError, RecordLimits};
pub use playout::{Playout, Step};
pub use record::{Entry, ParseRecordError, ParseRecordErrorKind, Record, RecordTextError};
pub use replay::{
    CommentError, OtherGameError, Replay, ReplayError, ReplayOptions, ResultTagError, replay_record,
};
pub use seed::{DiceSource, ParseSeedError, RngDice, ScriptedDice, Seed, SeedRng, SeededDice};
