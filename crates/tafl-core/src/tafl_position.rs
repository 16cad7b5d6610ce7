//! [`TaflPosition`]: a position with its ruleset (`<rules> <position>`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::position::{Position, PositionError};
use crate::rules_string::RulesStringError;
use crate::ruleset::Ruleset;
use crate::setup::{ParseSetupError, Setup};

/// A [`Position`] with the [`Ruleset`] it is legal under: the one text that names a tafl
/// position alone, `<rules> <position>`; serde through that text with the feature `serde`.
///
/// A tafl [`Position`] is legal only under a ruleset (its size, corners, throne, start), so
/// its own `Display` (the [`Setup`] text) cannot be read back without one. `TaflPosition`
/// pairs them: its text is the ruleset ([`Ruleset`]'s `Display`, an OpenTafl rules string,
/// or a preset's name such as `brandubh`, optionally with `repetition:none`) followed by the
/// position's [`Setup`] text, which starts at the first word beginning with `/` (no word of
/// a rules string does).
///
/// ```
/// use tafl_core::{Ruleset, TaflPosition};
/// let p: TaflPosition = "brandubh /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ a".parse().unwrap();
/// assert_eq!(p.position(), &Ruleset::brandubh().start_position());
/// let text = p.to_string();
/// assert!(text.starts_with("dim:7 name:Brandubh"));
/// assert_eq!(text.parse::<TaflPosition>().unwrap(), p);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TaflPosition {
    ruleset: Ruleset,
    position: Position,
}

/// Why a text is not a [`TaflPosition`], or a setup not legal under the ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseTaflPositionError {
    /// No word starting with `/` (the board of the position) follows the rules.
    #[error("expected <rules> <position>: no board (a word starting with '/') after the rules")]
    NoPosition,
    /// The rules part is neither a preset's name nor a rules string.
    #[error("rules: {0}")]
    Rules(RulesStringError),
    /// The position part is not a setup.
    #[error("position: {0}")]
    Setup(ParseSetupError),
    /// The setup is not legal under the rules.
    #[error("position: {0}")]
    Position(PositionError),
}

impl From<RulesStringError> for ParseTaflPositionError {
    fn from(error: RulesStringError) -> ParseTaflPositionError {
        ParseTaflPositionError::Rules(error)
    }
}

impl From<ParseSetupError> for ParseTaflPositionError {
    fn from(error: ParseSetupError) -> ParseTaflPositionError {
        ParseTaflPositionError::Setup(error)
    }
}

impl From<PositionError> for ParseTaflPositionError {
    fn from(error: PositionError) -> ParseTaflPositionError {
        ParseTaflPositionError::Position(error)
    }
}

impl TaflPosition {
    /// `setup` validated under `ruleset`.
    ///
    /// # Errors
    ///
    /// [`PositionError`] if `setup` is not a legal position of the ruleset.
    pub fn new(ruleset: Ruleset, setup: &Setup) -> Result<TaflPosition, PositionError> {
        let position = ruleset.position(setup)?;
        Ok(TaflPosition { ruleset, position })
    }

    /// The start position of `ruleset`.
    #[must_use]
    pub fn start(ruleset: Ruleset) -> TaflPosition {
        let position = ruleset.start_position();
        TaflPosition { ruleset, position }
    }

    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The two parts.
    #[must_use]
    pub fn into_parts(self) -> (Ruleset, Position) {
        (self.ruleset, self.position)
    }
}

impl fmt::Display for TaflPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.ruleset, self.position)
    }
}

impl FromStr for TaflPosition {
    type Err = ParseTaflPositionError;
    fn from_str(s: &str) -> Result<TaflPosition, ParseTaflPositionError> {
        let s = s.trim();
        let board = s
            .char_indices()
            .find(|&(i, c)| c == '/' && (i == 0 || s[..i].ends_with(char::is_whitespace)))
            .map(|(i, _)| i)
            .ok_or(ParseTaflPositionError::NoPosition)?;
        let (rules, position) = s.split_at(board);
        let rules = rules.trim();
        let ruleset: Ruleset = rules.parse()?;
        Ok(TaflPosition::new(ruleset, &position.parse()?)?)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TaflPosition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TaflPosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TaflPosition, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
