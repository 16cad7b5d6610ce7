//! The errors of tournaments, self-play and jobs: [`ArenaError`].

use thiserror::Error;

use crate::agents::AgentError;

/// Why a tournament, a self-play run or a job was refused, or a shard could not be merged.
///
/// The messages name the option or field at fault as a command line names it (`--agents`,
/// `--games`, `--rules`): the fields of a job's JSON are the options of the command it
/// stands for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// A value given is wrong (`what` names it: `--games`, `--rules`, `job`, ...).
    #[error("{what}: {message}")]
    Input {
        /// The option or field, as `--games`.
        what: &'static str,
        /// What is wrong with it, and what is expected.
        message: String,
    },
    /// An agent's name is wrong, or the agent does not play the game (`what` names the
    /// option that gave it, as `--agents`).
    #[error("{what}: {error}")]
    Agent {
        /// The option or field, as `--agents`.
        what: &'static str,
        /// What is wrong with the agent.
        error: AgentError,
    },
    /// A shard that is not one of the job's (another job's key, malformed counts), or
    /// shards that do not cover the job's units exactly once (a gap, an overlap, units
    /// missing).
    #[error("{0}")]
    Shard(String),
    /// A computation that cannot fail on valid input failed (a simulation's worker, ratings
    /// that do not converge): the message says which.
    #[error("{0}")]
    Failed(String),
}

impl ArenaError {
    /// A wrong value of `what`.
    pub(crate) fn input(what: &'static str, message: impl ToString) -> ArenaError {
        ArenaError::Input {
            what,
            message: message.to_string(),
        }
    }
}
