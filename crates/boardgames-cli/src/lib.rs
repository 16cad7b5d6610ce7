//! The `boardgames` command (its binary is a call of [`main`]), over the arena
//! (`boardgames_arena`: agents by name, tournaments, jobs, self-play, the replay page), and
//! the sessions its tests and the fuzz targets drive.
//!
//! - [`main`]: the command line itself. Analyse a trictrac throw, list tafl moves and run
//!   perft, replay a record of any of the three games and write its replay page (`view`;
//!   `--svg FILE` draws the boards printed), play against the bots in the terminal, simulate
//!   sugoroku games. Every subcommand that prints data accepts `--json` for a stable
//!   machine-readable shape (docs/cli.md). Bad input gives a message on standard error and a
//!   non-zero exit code: 2 for a malformed command line or input (position, throw, rules,
//!   record), 1 for an illegal move found in a record.
#![deny(missing_docs)]

use std::process::ExitCode;

/// `println!` that returns [`CliError::Output`](crate::error::CliError::Output) from the
/// calling function when standard output cannot be written (a closed pipe, a full disk)
/// instead of panicking.
///
/// `outln!(to w; ...)` writes to the writer `w` instead (the sessions that read any
/// `BufRead` and write any `Write`; the caller has `std::io::Write` in scope).
macro_rules! outln {
    (to $w:expr; $($arg:tt)*) => {{
        writeln!($w, $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

/// `print!` with the error handling of [`outln!`]; `out!(to w; ...)` writes to `w`.
macro_rules! out {
    (to $w:expr; $($arg:tt)*) => {{
        write!($w, $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

// The layers, from the bottom (docs/architecture.md, "The command-line crate"): each module
// imports only from its own layer and the layers below it.
mod args;
mod commands;
mod games;
mod io;

// The public paths: the sessions the tests and the fuzz targets drive, one path each.
pub use commands::play::tafl as play;
pub use commands::play::trictrac::{ecrire, ordinaire as play_trictrac};
pub use commands::tafl::engine as opentafl_engine;
pub use commands::tafl::tune as tafl_tune;
pub use commands::trictrac::referee;
pub use io::{error, files};

/// `cmd` and every subcommand below it read `-3` as a (bad) value rather than as an
/// unknown option, so that a negative number gets the value's own message.
fn allow_negative_numbers(cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let mut cmd = cmd.allow_negative_numbers(true);
    for name in names {
        cmd = cmd.mut_subcommand(name, allow_negative_numbers);
    }
    cmd
}

/// The `boardgames` command: parses the command line, runs the subcommand and returns its
/// exit code (0, or that of the error's kind: 1 an illegal record, 2 malformed input, 3
/// I/O), with the error on standard error.
pub fn main() -> ExitCode {
    use clap::{CommandFactory as _, FromArgMatches as _};
    let matches = allow_negative_numbers(commands::Cli::command()).get_matches();
    let cli = commands::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    io::color::init(cli.color);
    let code = match cli.command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!, which panics (exit 101) when standard error is closed: the
            // exit code still says what went wrong.
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::from(e.exit_code())
        }
    };
    report_peak_memory();
    code
}

/// With `BOARDGAMES_PEAK_MEMORY` set in the environment, the process's peak resident memory
/// (`VmHWM` of `/proc/self/status`, Linux) is written to standard error as its last line:
/// the bounded-memory tests (docs/fuzzing.md) read it.
fn report_peak_memory() {
    use std::io::Write as _;
    if std::env::var_os("BOARDGAMES_PEAK_MEMORY").is_none() {
        return;
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:"))
    {
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}
