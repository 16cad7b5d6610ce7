//! OpenTafl rules strings for [`Ruleset`](crate::Ruleset): `dim:7 name:Brandubh atkf:y ks:c ... start:/.../`,
//! `Display` and `FromStr`, round-tripping.
//!
//! The OpenTafl keys and defaults are followed (`dim name esc surf atkf tfr ka ks cor cen
//! corp cors corh cenp cens cenh cenhe sw efe start`). Keys of our own, for rules OpenTafl
//! cannot express:
//!
//! - `kvc:y`: the king wins by visiting all four corners (Fidchell; requires `esc:c`);
//! - `edgeh:tT`: pieces captured against the board edge (default none);
//! - `tfn:3`: which occurrence of a position applies `tfr` (default 3);
//! - `tfr:a`: a value of ours: the defenders lose on repetition, whoever repeats;
//! - `ncl:200`: plies without capture that draw the game (default: no limit);
//! - `nml:n`: a side without a legal move does not lose, the game is drawn (default `y`).
//!
//! OpenTafl's further keys are read as its referee applies them: `swf` (relaxed
//! shieldwall), `linc` (Linnaean capture), `ks:m` (the middleweight king: strong, but
//! captured against the edge), `spd` (speed limits), `afor aforp afors aforh aforre`
//! (attacker forts), `cenre` (re-entry of the throne), `tfr:w`/`tfr:l` (under `w` the side
//! that makes the repetition loses), and Berserk's `kj nj cj` (jumps) and `ber` (berserk
//! moves) with the commanders and knights of the start (`c n C N`, either kind or both on a
//! side). Keys for pieces or squares this crate does not have (mercenaries, guards, defender
//! forts, corner re-entry) are accepted only with values that change nothing, and refused
//! otherwise ([`RulesStringError::Unsupported`]).
//!
//! [`Ruleset::from_str`](crate::Ruleset#method.from_str) refuses keys it does not know; [`Ruleset::from_opentafl`](crate::Ruleset::from_opentafl) ignores
//! them as OpenTafl does (a host may send keys of a newer version). `FromStr` also reads a
//! preset's name with its options (`brandubh`, `copenhagen repetition:none`): one parse for
//! every text that names a ruleset.
//!
//! The reading is `parse.rs` (`FromStr` and [`Ruleset::from_opentafl`](crate::Ruleset::from_opentafl)),
//! the writing `write.rs` (`Display`).

use thiserror::Error;

use crate::piece::PieceSet;
use crate::position::PositionError;
use crate::rule_options::Forts;
use crate::setup::ParseSetupError;
use crate::square::{MAX_SIZE, MIN_SIZE};

mod parse;
mod write;

/// Error of [`Ruleset::from_str`](crate::Ruleset#method.from_str) and
/// [`Ruleset::from_opentafl`](crate::Ruleset::from_opentafl).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesStringError {
    /// The text is neither a preset's name nor a rules string (it has no `key:value`).
    #[error(
        "unknown ruleset {0:?}: expected a preset (fidchell, brandubh, copenhagen, tablut, \
         ard_ri) or an OpenTafl rules string such as \"dim:7 ... start:/.../\""
    )]
    Unknown(String),
    /// A required key (`dim`, `start`) is missing.
    #[error("the rules string has no {0:?} key")]
    Missing(&'static str),
    /// A token is not `key:value`.
    #[error("token {0:?} is not key:value")]
    Token(String),
    /// A key given twice.
    #[error("key {0:?} given twice")]
    Duplicate(String),
    /// A key that neither OpenTafl nor this crate knows.
    #[error("unknown key {0:?}")]
    UnknownKey(String),
    /// A value that the key does not take.
    #[error("bad value {value:?} for key {key:?}")]
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// A `dim` value that is not a supported board size (a number, or a number out of
    /// range).
    #[error("board size dim:{0} is not supported: use a number from {MIN_SIZE} to {MAX_SIZE}")]
    Size(String),
    /// A valid OpenTafl setting this crate does not implement.
    #[error("unsupported OpenTafl setting {key}:{value}")]
    Unsupported {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// The `start` board cannot be read.
    #[error("start position: {0}")]
    Start(ParseSetupError),
    /// The rules or the start position are refused.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl From<ParseSetupError> for RulesStringError {
    fn from(error: ParseSetupError) -> RulesStringError {
        RulesStringError::Start(error)
    }
}

/// OpenTafl's default for a key whose value is a set of pieces.
fn default_set(key: &str) -> PieceSet {
    match key {
        "corp" | "cors" | "cens" => PieceSet::KING,
        "cenh" => PieceSet::ATTACKERS,
        "aforh" => Forts::NONE.hostile,
        _ => PieceSet::ALL, // corh cenp cenhe aforp afors aforre
    }
}

fn yes_no(key: &str, v: &str) -> Result<bool, RulesStringError> {
    match v {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad(key, v)),
    }
}

fn bad(key: &str, v: &str) -> RulesStringError {
    RulesStringError::BadValue {
        key: key.to_string(),
        value: v.to_string(),
    }
}

fn unsupported(key: &str, v: &str) -> RulesStringError {
    RulesStringError::Unsupported {
        key: key.to_string(),
        value: v.to_string(),
    }
}

#[cfg(test)]
mod tests;
