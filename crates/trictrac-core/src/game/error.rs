//! The errors of the forms of game, one per operation: an action refused or unreadable
//! ([`ActionError`], the [`Game::Error`](boardgames_common::Game::Error) of the partie
//! ordinaire and the partie à écrire) and a record's own tags unreadable ([`TagError`], their
//! [`Replay::TagError`](boardgames_common::Replay::TagError)). The rest of a replay's
//! errors (limits, `Game`, `Seed`, comments, `Result`, `Ledger`) are the family's one
//! [`ReplayError`](boardgames_common::ReplayError).

use thiserror::Error;

use crate::board::ParsePositionError;
use crate::ecrire::settlement::SettlementError;
use crate::marking::MarkingError;

/// Why an action was refused ([`Game::apply`](boardgames_common::Game::apply)) or could not
/// be read ([`Game::parse_action`](boardgames_common::Game::parse_action)); the state is then
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The action does not belong to the current phase (e.g. a play at a chance node).
    #[error("{action} is not possible now ({phase})")]
    WrongPhase {
        /// The action's text.
        action: String,
        /// What the game waits for.
        phase: &'static str,
    },
    /// The play is not one of the legal plays of the throw (the laws of movement and the
    /// must fill / must keep obligation).
    #[error("illegal play {0}")]
    IllegalPlay(String),
    /// The text is not an action of the current phase.
    #[error("cannot read {text:?} as {expected}")]
    Parse {
        /// The text.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// An action after the last marqué of a partie à écrire.
    #[error("{0} is not possible: the partie is over")]
    PartieOver(String),
    /// The settlement of a partie à écrire refused the marqué just ended (an inconsistency
    /// of the rules).
    #[error("settlement: {0}")]
    Settlement(SettlementError),
}

/// Why a record's own trictrac tags cannot be read (the partie ordinaire's `Primaute`,
/// `Pavillon`, `Trous`, `Position`, `Opening`; the partie à écrire's `Marques`,
/// `Convention` and settlement options).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TagError {
    /// A tag has a value the game does not know.
    #[error("{tag} tag: {value:?} is refused: {reason}")]
    BadTag {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// Why it is refused, with what was expected.
        reason: String,
    },
    /// The `Position` tag does not parse.
    #[error("Position tag: {0}")]
    Position(ParsePositionError),
    /// The `Position` tag's marks are inconsistent.
    #[error("Position tag: the marks are inconsistent: {0}")]
    Marks(MarkingError),
}

impl TagError {
    /// A [`TagError::BadTag`] of `tag` with `value`, refused for `reason`.
    pub(crate) fn bad(tag: &'static str, value: &str, reason: impl ToString) -> TagError {
        TagError::BadTag {
            tag,
            value: value.to_owned(),
            reason: reason.to_string(),
        }
    }
}
