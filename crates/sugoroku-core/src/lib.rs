//! Tric Trac Nippon, the sugoroku of the French text "Le Tric Trac Nippon" (the rules as
//! implemented are in [`rules_page`], the decisions in the repository's
//! [sugoroku.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/sugoroku.md)): two
//! players place 15 pawns each on their 12-point camp by the sum of two dice, then remove their own
//! pawns, capture the enemy's and give captured pawns back on doublets, until a camp is
//! empty. The most captures wins.
//!
//! The game has no decisions: it is a pure function of the dice. Hence:
//! - [`Position`] (validated from a [`Setup`], compact notation) and
//!   [`Position::play_mut`], returning the [`Events`] of a throw in a fixed-capacity list;
//! - [`SugorokuGame`], the game as a [`boardgames_common::Game`] whose every node is chance,
//!   with [`SugorokuGame::replay`], [`SugorokuGame::from_record`] and seeded play
//!   ([`SugorokuGame::play_seeded`]) producing a [`Record`](boardgames_common::Record);
//! - the fast simulator: [`play_fast`] and [`Simulation`] (all cores with the default
//!   `parallel` feature), reporting [`Statistics`]; dice come from [`SimDice`], a pinned
//!   scheme of one ChaCha8 byte per throw.
//! - the options of the rules page in a [`Ruleset`];
//! - `svg` (feature `svg`): a position as an SVG picture with the last throw.
//!
//! ```
//! use boardgames_common::{Player, Seed, Throw};
//! use sugoroku_core::{Position, Ruleset, Simulation, SugorokuGame};
//!
//! // One throw by hand: white throws 2 and 5 and places on his point 7.
//! let mut game = SugorokuGame::new(Ruleset::default());
//! let events = game.play_mut(Throw::from_values(2, 5).unwrap()).unwrap();
//! assert_eq!(events.to_string(), "white places on 7");
//!
//! // Statistics of ten thousand games.
//! let stats = Simulation::new(Ruleset::default(), Seed(2026), 10_000).run().unwrap();
//! assert_eq!(stats.games, 10_000);
//! println!("white wins {:.3}, advantage {:+.4}", stats.win_rate(Player::First),
//!          stats.first_player_advantage());
//! ```
#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, [package.metadata.docs.rs]) marks the items of each feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The rules this crate implements, in English, with their sources (packaged as RULES.md).
#[doc = include_str!("../RULES.md")]
pub mod rules_page {}

// The crate's README.md (shown on crates.io): its examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

mod dice;
mod event;
mod game;
mod position;
mod rule;
mod ruleset;
mod setup;
mod simulate;
mod statistics;
#[cfg(feature = "svg")]
pub mod svg;

/// How a finished game ended (a winner or a draw): the family's one type, here for the
/// paths `sugoroku_core::Outcome` of earlier versions.
pub use boardgames_common::Outcome;
pub use dice::SimDice;
pub use event::{Event, Events, GameEnd, colour, outcome_from_held, outcome_from_scores};
#[allow(deprecated)]
pub use game::Sugoroku;
pub use game::{DICE_TAG, DicePlayError, SugorokuGame, TagError};
pub use position::{ParsePositionError, Phase, PlayError, Position, ThrowError};
pub use ruleset::{ParseRulesetError, Ruleset, SingleDoublet, Winner};
pub use setup::{PAWNS, POINTS, Setup, SetupError};
pub use simulate::{CHUNK, Simulation, SimulationError, play_fast};
pub use statistics::{GameSummary, Statistics};
