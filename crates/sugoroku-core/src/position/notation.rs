//! The notation of a position: the text form of a [`Setup`] (`Display`, `FromStr`) and of a
//! [`Position`] (the same text, validated), and serde's conversions through it.

use std::fmt;
use std::str::FromStr;

use boardgames_common::Player;
use thiserror::Error;

use super::Position;
use crate::event::colour;
use crate::setup::{PAWNS, POINTS, Setup, SetupError};

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in Player::ALL {
            for &n in &self.camps[p] {
                write!(f, "{n:x}")?;
            }
            write!(f, "/{}/{}", self.reserves[p], self.held[p])?;
            if self.captured[p] != u32::from(self.held[p]) {
                write!(f, "/{}", self.captured[p])?;
            }
            f.write_str(" ")?;
        }
        let side = match self.side {
            Player::First => 'w',
            Player::Second => 'b',
        };
        write!(f, "{side} {}", self.throws)
    }
}

impl From<Setup> for String {
    fn from(s: Setup) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Setup {
    type Error = ParsePositionError;
    fn try_from(s: String) -> Result<Setup, Self::Error> {
        s.parse()
    }
}

impl fmt::Display for Position {
    /// The notation of [`Setup`]'s `Display` (`000000000000/15/0 000000000000/15/0 w 0` for
    /// the start).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

/// Error of [`Position::from_str`] and [`Setup::from_str`]: what was wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not four space-separated fields.
    #[error("expected 4 fields (white black side throws), found {0}")]
    Fields(usize),
    /// A player's field is not `camp/reserve/held` or `camp/reserve/held/captured`.
    #[error("{}'s field {text:?} is not camp/reserve/held (or camp/reserve/held/captured)", colour(*player))]
    PlayerField {
        /// Whose field.
        player: Player,
        /// The field.
        text: String,
    },
    /// A camp is not 12 hexadecimal digits.
    #[error("{}'s camp {text:?} is not 12 hexadecimal digits (points 1 to 12)", colour(*player))]
    Camp {
        /// Whose camp.
        player: Player,
        /// The camp text.
        text: String,
    },
    /// A reserve or held count is not a number from 0 to 15.
    #[error("{}'s {what} {text:?} is not a number from 0 to 15", colour(*player))]
    Count {
        /// Whose count.
        player: Player,
        /// `"reserve"` or `"held"`.
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A captured-over-the-game count is not a whole number (0 to 4294967295).
    #[error("{}'s captured count {text:?} is not a whole number", colour(*player))]
    Captured {
        /// Whose count.
        player: Player,
        /// The text.
        text: String,
    },
    /// The side is not `w` or `b`.
    #[error("side to throw {0:?} is not w or b")]
    Side(String),
    /// The throw count is not a number.
    #[error("throw count {0:?} is not a whole number")]
    Throws(String),
    /// The fields are well formed but the position is not legal.
    #[error("illegal position: {0}")]
    Setup(SetupError),
}

impl From<SetupError> for ParsePositionError {
    fn from(error: SetupError) -> ParsePositionError {
        ParsePositionError::Setup(error)
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [white, black, side, throws] = fields[..] else {
            return Err(ParsePositionError::Fields(fields.len()));
        };
        let mut setup = Setup::default();
        for (p, text) in [(Player::First, white), (Player::Second, black)] {
            let parts: Vec<&str> = text.split('/').collect();
            let (camp, reserve, held, captured) = match parts[..] {
                [camp, reserve, held] => (camp, reserve, held, None),
                [camp, reserve, held, captured] => (camp, reserve, held, Some(captured)),
                _ => {
                    return Err(ParsePositionError::PlayerField {
                        player: p,
                        text: text.to_string(),
                    });
                }
            };
            let camp_err = || ParsePositionError::Camp {
                player: p,
                text: camp.to_string(),
            };
            if camp.chars().count() != POINTS {
                return Err(camp_err());
            }
            for (slot, c) in setup.camps[p].iter_mut().zip(camp.chars()) {
                *slot = c.to_digit(16).ok_or_else(camp_err)? as u8;
            }
            let count = |what: &'static str, t: &str| {
                t.parse::<u8>()
                    .ok()
                    .filter(|&n| n <= PAWNS && t.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| ParsePositionError::Count {
                        player: p,
                        what,
                        text: t.to_string(),
                    })
            };
            setup.reserves[p] = count("reserve", reserve)?;
            setup.held[p] = count("held", held)?;
            setup.captured[p] = match captured {
                None => u32::from(setup.held[p]),
                Some(t) => t
                    .parse()
                    .ok()
                    .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| ParsePositionError::Captured {
                        player: p,
                        text: t.to_string(),
                    })?,
            };
        }
        setup.side = match side {
            "w" => Player::First,
            "b" => Player::Second,
            _ => return Err(ParsePositionError::Side(side.to_string())),
        };
        setup.throws = throws
            .parse()
            .ok()
            .filter(|_| throws.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| ParsePositionError::Throws(throws.to_string()))?;
        Ok(setup)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    /// The notation of [`Setup`], then the position's legality ([`ParsePositionError::Setup`]).
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::try_from(s.parse::<Setup>()?)?)
    }
}

impl From<Position> for String {
    fn from(p: Position) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Position {
    type Error = ParsePositionError;
    fn try_from(s: String) -> Result<Position, ParsePositionError> {
        s.parse()
    }
}
