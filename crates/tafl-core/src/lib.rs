//! Tafl games on bitboards: the Fidchell of the Breton Fidchell page (the default), Brandubh,
//! Copenhagen Hnefatafl, Tablut and Ard Ri, and any ruleset an OpenTafl rules string describes
//! on boards of 7×7 to 11×11.
//!
//! - [`Ruleset`] (a named variant with [`Rules`] and a start position);
//! - [`Setup`] (unvalidated) and [`Position`] (validated, bitboards, Zobrist hash);
//! - [`Position::legal_moves`], a [`MoveList`] (or [`Position::legal_moves_into`] a list
//!   kept by the caller), [`Position::is_legal`],
//!   [`Position::play`] / [`Position::play_mut`] / [`Position::play_unchecked`] returning
//!   the captures and the [`Status`];
//! - notation: [`Move`] `d1-d3`, [`MoveText`] `d1-d3xc3/e3`, OpenTafl position strings
//!   ([`Setup`]) and OpenTafl rules strings ([`Ruleset`]'s `Display`/`FromStr`);
//! - [`TaflGame`]: the game with repetition and no-capture rules, implementing
//!   [`boardgames_common::Game`];
//! - [`perft`](fn@perft) and [`divide`];
//! - `svg` (feature `svg`): a position as an SVG picture, with the last move and its
//!   captures.
//!
//! The rules as implemented and their source, the Breton Fidchell page, are in
//! [`rules_page`]; every option and the decisions taken are in the repository's
//! [tafl.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/tafl.md).
//!
//! ```
//! use tafl_core::{Ruleset, Status};
//! let fidchell = Ruleset::fidchell();
//! let start = fidchell.start_position();
//! let moves = start.legal_moves(fidchell.rules());
//! let (next, outcome) = start.play(fidchell.rules(), moves[0]).unwrap();
//! assert!(outcome.captures.is_empty());
//! assert_eq!(next.status(), Status::Ongoing);
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

pub mod ai;
mod berserk;
mod bitboard;
mod capture;
mod fort;
mod game;
mod movegen;
mod moves;
mod otn;
mod perft;
mod piece;
mod play;
mod position;
mod repetition;
mod rule_options;
mod rules;
mod rules_string;
mod ruleset;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod status;
#[cfg(feature = "svg")]
pub mod svg;
mod tafl_position;
mod zobrist;

pub use bitboard::Bitboard;
pub use game::{ActionError, MAX_GAME_PLIES, TaflGame, TagError};
pub use moves::{MAX_MOVES, Move, MoveList, MoveText, ParseMoveError};
pub use perft::{divide, perft};
pub use piece::{BySide, Officer, OfficerSet, ParsePieceSetError, Piece, PieceSet, Side};
pub use play::{IllegalMove, IllegalMoveReason, MoveOutcome, PlayError};
pub use position::{Position, PositionError};
pub use rule_options::{BerserkMode, Forts, Jump, Jumps, SpeedLimits};
pub use rules::{
    CornerRules, Escape, KingArmed, KingStrength, Repetition, RepetitionResult, Rules, RulesError,
    ThroneRules,
};
pub use rules_string::RulesStringError;
pub use ruleset::Ruleset;
pub use setup::{ParseSetupError, Setup};
pub use square::{MAX_SIZE, MIN_SIZE, ParseSquareError, Square};
pub use status::{DrawReason, Status, WinReason};
pub use tafl_position::{ParseTaflPositionError, TaflPosition};
