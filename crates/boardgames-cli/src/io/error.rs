//! Errors of the command-line tool and their exit codes.

use std::path::PathBuf;

use boardgames_arena::ArenaError;
use boardgames_arena::replay_page::PageError;
use thiserror::Error;

/// What went wrong; the message is printed after `error: ` on standard error.
#[derive(Debug, Error)]
pub enum CliError {
    /// Malformed input given on the command line (position, throw, rules).
    #[error("{what}: {message}")]
    Input {
        /// Which argument.
        what: &'static str,
        /// What was wrong with it.
        message: String,
    },
    /// A file could not be read. The system's reason is printed, not exposed as a
    /// `source()` too (each cause of a chain printed once).
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A file named by an option (`--log`, `--checkpoint`) could not be read, created or
    /// written: the message names the option, the file and what failed.
    #[error("{0}")]
    File(String),
    /// A record is malformed or names an unknown game.
    #[error("{0}")]
    Record(String),
    /// A record holds an illegal move.
    #[error("{0}")]
    Illegal(String),
    /// Writing the output failed.
    #[error("output: {0}")]
    Output(String),
}

impl CliError {
    /// Malformed input of argument `what`.
    pub(crate) fn input(what: &'static str, message: impl ToString) -> CliError {
        CliError::Input {
            what,
            message: message.to_string(),
        }
    }

    /// The process exit code: 2 for malformed input, 1 for an illegal record, 3 for I/O.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::Input { .. } | CliError::Record(_) => 2,
            CliError::Illegal(_) => 1,
            CliError::Io { .. } | CliError::File(_) | CliError::Output(_) => 3,
        }
    }

    /// The same error with its message after `prefix: ` (a record's file name).
    pub(crate) fn prefixed(self, prefix: &str) -> CliError {
        match self {
            CliError::Record(m) => CliError::Record(format!("{prefix}: {m}")),
            CliError::Illegal(m) => CliError::Illegal(format!("{prefix}: {m}")),
            other => other,
        }
    }
}

// The errors of the arena (the library under the commands) and their exit codes, in this
// one place.

impl From<ArenaError> for CliError {
    /// A value refused (an agent, a count, a ruleset, a job) and a shard that is not the
    /// job's exit 2; a computation that failed exits 3.
    fn from(e: ArenaError) -> CliError {
        match e {
            ArenaError::Input { what, message } => CliError::Input { what, message },
            ArenaError::Agent { what, error } => CliError::input(what, error),
            ArenaError::Shard(m) => CliError::Record(m),
            other => CliError::Output(other.to_string()),
        }
    }
}

impl From<PageError> for CliError {
    /// A record that cannot be read exits 2, one that the game contradicts 1 (as `replay`).
    fn from(e: PageError) -> CliError {
        match e {
            PageError::Illegal(_) => CliError::Illegal(e.to_string()),
            _ => CliError::Record(e.to_string()),
        }
    }
}

/// Prints a value as pretty JSON on standard output.
pub(crate) fn print_json(value: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError::Output(e.to_string()))?;
    outln!("{text}");
    Ok(())
}
