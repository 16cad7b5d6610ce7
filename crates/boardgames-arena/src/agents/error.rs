//! Why an agent's name is refused or its agent cannot be built: [`AgentError`].

use thiserror::Error;

/// Every agent's name, as the message of a name refused lists them.
const KNOWN: &str = "random, mcts:N, expecti:D, and bot, searchbot, searchbot:B, tdbot, tdbot:FILE, tdsearchbot, tdsearchbot:FILE (trictrac) or bard, ovate, druid, druid:NODES (tafl)";

/// Why an agent's name is refused ([`AgentSpec`](super::AgentSpec)'s `FromStr`), why it
/// does not play a game ([`AgentSpec::for_game`](super::AgentSpec::for_game)), or why its
/// weights file cannot be read. Each message says what was wrong and what is expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AgentError {
    /// No agent has this name.
    #[error("unknown agent {text:?}: expected {KNOWN}")]
    Unknown {
        /// The name given.
        text: String,
    },
    /// A budget (`mcts:N`, `expecti:D`, `searchbot:B`, `druid:NODES`) that is not a whole
    /// number, or too large for one.
    #[error("{text}: the {what} must be a whole number from 1 to {max}, like {example}")]
    NotANumber {
        /// The agent given.
        text: String,
        /// What the number counts: `iterations`, `depth`, `breadth` or `nodes`.
        what: &'static str,
        /// The largest number taken.
        max: u64,
        /// The agent's syntax with a number, as `mcts:1000`.
        example: String,
    },
    /// A budget of 0.
    #[error("{text}: the {what} budget must be at least 1")]
    Zero {
        /// The agent given.
        text: String,
        /// What the number counts: `iterations`, `depth`, `breadth` or `nodes`.
        what: &'static str,
    },
    /// An expectiminimax deeper than its limit.
    #[error("{text}: depth at most {max}")]
    TooDeep {
        /// The agent given.
        text: String,
        /// The deepest search taken.
        max: u32,
    },
    /// The agent does not play the game asked for.
    #[error("{agent} plays {plays}")]
    WrongGame {
        /// The agent, as it is written.
        agent: String,
        /// The games it plays, in words (`trictrac only`, `tafl only`, ...).
        plays: &'static str,
    },
    /// The weights file of `tdbot:FILE` or `tdsearchbot:FILE` cannot be read (it does not
    /// exist, is not readable, or the platform has no files).
    #[error("cannot read the weights file {path:?}: {error}")]
    Unreadable {
        /// The file.
        path: String,
        /// The system's reason.
        error: String,
    },
    /// The weights file is larger than any network.
    #[error("the weights file {path:?} is larger than {max} bytes")]
    TooLarge {
        /// The file.
        path: String,
        /// The largest file read, in bytes.
        max: u64,
    },
    /// The weights file holds no network.
    #[error("{path}: {error}")]
    NotANetwork {
        /// The file.
        path: String,
        /// What is wrong with it.
        error: String,
    },
}
