//! Layer 3, the per-game adapters: what turns a game's types into what the commands need
//! (rulesets and positions from the options, replays of records, the partie sessions).

pub(crate) mod bots;
pub(crate) mod ecrire;
pub(crate) mod session;
pub(crate) mod sugoroku;
pub(crate) mod tafl;
pub(crate) mod trictrac;

use boardgames_common::{Record, ReplayError};

use crate::io::error::CliError;

/// What a replay found: the game, its final state as text, the number of actions, its result.
pub(crate) struct Replayed {
    pub(crate) game: &'static str,
    pub(crate) actions: usize,
    pub(crate) result: String,
    pub(crate) state: String,
    pub(crate) board: String,
    /// The final position as an SVG picture.
    pub(crate) picture: String,
}

/// Refuses a `Result` tag that is no result at all (exit 2, a bad tag) before the replay: the
/// record format's results are `*`, `1/2-1/2`, `N-0` and `0-N` with `N` a number (a scaled win,
/// as `2-0`). A well-formed tag that the game contradicts is found by the replay
/// (exit 1).
pub(crate) fn check_result_shape(record: &Record) -> Result<(), String> {
    let Some(result) = record.tag("Result") else {
        return Ok(());
    };
    let number = |n: &str| {
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && n.parse::<f64>().is_ok_and(f64::is_finite)
    };
    let ok = match result {
        "*" | "1/2-1/2" => true,
        _ => match result.split_once('-') {
            Some(("0", n)) | Some((n, "0")) => number(n),
            _ => false,
        },
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "bad Result tag {result:?}: expected 1-0, 0-1, 1/2-1/2, * or a scaled win such as 2-0"
        ))
    }
}

/// A replay's error as the CLI reports it: exit 1 for a record the game contradicts (an
/// action refused, a comment or result that disagrees: [`ReplayError::is_contradiction`]),
/// exit 2 for a record that cannot be read.
pub(crate) fn replay_error<T: std::fmt::Display, E: std::fmt::Display>(
    e: ReplayError<T, E>,
) -> CliError {
    if e.is_contradiction() {
        CliError::Illegal(format!("illegal record: {e}"))
    } else {
        CliError::Record(format!("bad record: {e}"))
    }
}
