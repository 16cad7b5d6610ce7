//! What the examples of boardgames-rs share: their command-line conventions.
//!
//! Every example parses its options with clap: `--help` prints each option with one line of
//! description on standard output and exits 0; an unknown option or a bad value exits 2 with
//! the usage on standard error. Once running, an example reports a failure as `error: …` on
//! standard error and exits 1, or 3 when its output cannot be written (a closed pipe ends it
//! quietly with 0), as the `boardgames` command does.
#![deny(missing_docs)]

use std::io::Write as _;
use std::process::ExitCode;

use boardgames_common::Seed;

/// Why an example stopped.
#[derive(Debug)]
pub enum Failure {
    /// The work itself failed (a refused action, a file that cannot be written): exit 1.
    Run(String),
    /// Standard output could not be written: exit 3.
    Output(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Run(m) => write!(f, "{m}"),
            Failure::Output(m) => write!(f, "writing the output: {m}"),
        }
    }
}

impl std::error::Error for Failure {}

/// The exit code of an example's run: 0, or `error: …` on standard error and 1 or 3.
pub fn finish(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(match e {
                Failure::Run(_) => 1,
                Failure::Output(_) => 3,
            })
        }
    }
}

/// Writes `text` to standard output. A reader that closed the pipe (`| head`) ends the
/// program quietly with exit 0; any other failure is [`Failure::Output`].
pub fn emit(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(Failure::Output(e.to_string())),
    }
}

/// The clap value parser of a seed: decimal, or hexadecimal with `0x` (the text form of
/// [`Seed`]); a negative number gets the seed's own message rather than clap's
/// "unexpected argument" (the argument must also allow hyphen values).
pub fn parse_seed(text: &str) -> Result<Seed, String> {
    text.parse::<Seed>().map_err(|e| e.to_string())
}

/// The clap value parser of a count that may be written with `_` separators (`1_000_000`).
pub fn parse_count(text: &str) -> Result<u64, String> {
    text.replace('_', "")
        .parse::<u64>()
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// The clap value parser of `--rules` for tafl: a preset name (fidchell, brandubh,
/// copenhagen, tablut, ard_ri, with options as `boardgames` takes them) or an OpenTafl rules
/// string ([`tafl_core::Ruleset`]'s `FromStr`, as the `boardgames` command reads it).
pub fn parse_tafl_rules(text: &str) -> Result<tafl_core::Ruleset, String> {
    text.parse::<tafl_core::Ruleset>()
        .map_err(|e| e.to_string())
}

/// `Druid (Drouiz)`; `Ovate` alone where the Breton name is the same.
#[must_use]
pub fn level_name(level: tafl_core::ai::Level) -> String {
    if level.name() == level.breton_name() {
        level.name().to_string()
    } else {
        format!("{} ({})", level.name(), level.breton_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_and_counts_parse_or_say_why() {
        assert_eq!(parse_seed("0x10"), Ok(Seed(16)));
        assert!(parse_seed("-1").is_err());
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(
            parse_count("x"),
            Err("\"x\" is not a whole number".to_string())
        );
        assert_eq!(
            parse_tafl_rules("brandubh").map(|r| r.name().to_string()),
            Ok("Brandubh".to_string())
        );
        assert!(parse_tafl_rules("nonsense").is_err());
    }
}
