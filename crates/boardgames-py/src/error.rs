//! The errors of the translation: an action id refused ([`ActionIdError`]) and a record that
//! is no game of this kind ([`RecordError`], the crate's typed replay error inside).

use boardgames_common::{Game, ParseRecordError, PlayGameError, Replay, ReplayError};
use thiserror::Error;

/// Why an action id was refused; the state is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionIdError {
    /// The id is outside the encoding.
    #[error("action id {id} is out of range: the ids here are 0 to {last}")]
    OutOfRange {
        /// The id given.
        id: i64,
        /// The largest id of the encoding at this node.
        last: usize,
    },
    /// The id is not one of the legal actions here.
    #[error("action id {id} is not legal here (legal ids: {legal})")]
    Illegal {
        /// The id given.
        id: usize,
        /// The legal ids, abridged past 20.
        legal: String,
    },
    /// The game is over.
    #[error("the game is over: no action can be applied")]
    Over,
    /// The game reached its maximum length.
    #[error("the game was cut at its maximum length of {0} actions: no action can be applied")]
    Truncated(usize),
    /// The text is not an action here (the crate's message).
    #[error("{0}")]
    Text(String),
    /// The crate refused the action (its message).
    #[error("{0}")]
    Game(String),
}

impl From<PlayGameError> for ActionIdError {
    /// A game played by agents that stopped on the crate's refusal (its message).
    fn from(e: PlayGameError) -> ActionIdError {
        ActionIdError::Game(e.to_string())
    }
}

/// Why a record is not a game of this kind, read by
/// [`EncodedState::from_record_text`](crate::EncodedState::from_record_text): `T` the game's
/// tag error ([`Replay::TagError`]), `E` its action error ([`Game::Error`]). Its message
/// says what was wrong and where (`action 3: …`, the tag and its value, the line of the
/// text).
#[derive(Debug, Error)]
pub enum RecordError<T, E> {
    /// The text is not a record.
    #[error("not a record: {0}")]
    Parse(#[from] ParseRecordError),
    /// The record is longer than the maximum length given (refused before its replay).
    #[error("the record has {actions} actions, more than the maximum length {max}")]
    TooLong {
        /// The actions of the record.
        actions: usize,
        /// The maximum length.
        max: usize,
    },
    /// The crate's replay refused the record: its limits, its `Game`, `Seed` or own tags, an
    /// action (numbered from 1), a comment, or its `Result`.
    #[error("{0}")]
    Replay(#[from] ReplayError<T, E>),
    /// The record is a game of this kind that does not start as the game asked for (other
    /// rules or options).
    #[error("{0}")]
    OtherStart(String),
}

/// The [`RecordError`] of a game `G`.
pub type GameRecordError<G> = RecordError<<G as Replay>::TagError, <G as Game>::Error>;
