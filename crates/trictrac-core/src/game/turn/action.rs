//! The primauté (who throws first) and the [`Action`]s of a turn, with their text.

use std::fmt;

use boardgames_common::{Die, Throw};
use thiserror::Error;

use crate::board::Colour;
use crate::movement::Play;

/// How the primauté (who throws first) is decided (rules page, "Marking", primauté; the
/// Breton encyclopaedia article on trictrac describes both methods). The default is
/// [`Primaute::FirstThrowFromDice`]: the French glossary of the laws of trictrac (JAN DE
/// RENCONTRE) states that "une partie ne peut pas être commencée par un doublet".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Primaute {
    /// Each player throws one die (White, then Black; equal dice are thrown again); the
    /// higher starts with a fresh throw of both dice, so he may start with a doublet.
    OneDieEach,
    /// Each player throws one die (equal dice are thrown again); the higher starts and plays
    /// the two dice as his first throw: no partie starts with a doublet (the default).
    #[default]
    FirstThrowFromDice,
    /// No primauté: this colour throws first (for tests and set positions).
    Fixed(Colour),
}

impl fmt::Display for Primaute {
    /// The `Primaute` tag of records: `one die each`, `first throw`, `White`, `Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Primaute::OneDieEach => f.write_str("one die each"),
            Primaute::FirstThrowFromDice => f.write_str("first throw"),
            Primaute::Fixed(c) => c.fmt(f),
        }
    }
}

/// Error of [`Primaute::from_str`](std::str::FromStr): the text is none of `one die each`,
/// `first throw`, `White`, `Black`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown primauté {0:?}: expected one die each, first throw, White or Black")]
pub struct ParsePrimauteError(pub String);

impl std::str::FromStr for Primaute {
    type Err = ParsePrimauteError;
    fn from_str(s: &str) -> Result<Primaute, ParsePrimauteError> {
        match s {
            "one die each" => Ok(Primaute::OneDieEach),
            "first throw" => Ok(Primaute::FirstThrowFromDice),
            "White" => Ok(Primaute::Fixed(Colour::White)),
            "Black" => Ok(Primaute::Fixed(Colour::Black)),
            _ => Err(ParsePrimauteError(s.to_string())),
        }
    }
}

/// A decision of a player or an outcome of chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: one die for the primauté (White's, then Black's). Written `primauté 5`.
    PrimauteDie(Die),
    /// Chance: the throw of the side to move. Written `6-5`.
    Throw(Throw),
    /// Decision after a trou won with one's own points: hold and play on. Written `tenir`.
    Tenir,
    /// Decision after a trou won with one's own points: leave (*s'en aller*). Written
    /// `s'en aller`.
    SenAller,
    /// Decision: the play of the throw, in the play notation `6-5: B1-B7, B1-B6`. It must be
    /// one of the plays of [`boardgames_common::Game::legal_actions`] as listed (two move orders reaching the
    /// same board are one play, listed once); [`boardgames_common::Game::parse_action`] maps any writing of a
    /// legal play to the listed one.
    Play(Play),
}

/// The text of an action: `primauté 5`, `6-5`, `tenir`, `s'en aller`, or the play.
#[must_use]
pub fn action_text(action: Action) -> String {
    match action {
        Action::PrimauteDie(d) => format!("primauté {}", d.get()),
        Action::Throw(t) => t.to_string(),
        Action::Tenir => "tenir".to_string(),
        Action::SenAller => "s'en aller".to_string(),
        Action::Play(p) => p.to_string(),
    }
}
