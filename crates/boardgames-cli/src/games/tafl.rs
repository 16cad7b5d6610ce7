//! Tafl: the ruleset and position of the command line's options, and moves as they are
//! printed.

use tafl_core::{MoveText, Position, Ruleset, Setup};

use crate::io::error::CliError;

/// The ruleset named by `--rules`: a preset name (optionally followed by `repetition:none`),
/// or an OpenTafl rules string ([`Ruleset`]'s `FromStr`); fidchell when absent.
pub(crate) fn ruleset(rules: Option<&str>) -> Result<Ruleset, CliError> {
    let Some(text) = rules else {
        return Ok(Ruleset::fidchell());
    };
    text.parse::<Ruleset>()
        .map_err(|e| CliError::input("--rules", e))
}

/// The position given by `--position` under `ruleset`, or its start.
pub(crate) fn position(ruleset: &Ruleset, text: Option<&str>) -> Result<Position, CliError> {
    let Some(text) = text else {
        return Ok(ruleset.start_position());
    };
    let setup: Setup = text.parse().map_err(|e| CliError::input("--position", e))?;
    ruleset
        .position(&setup)
        .map_err(|e| CliError::input("--position", e))
}

/// The move with the captures it makes in `pos` (under `rules`, the position's).
pub(crate) fn move_text(pos: &Position, rules: &tafl_core::Rules, m: tafl_core::Move) -> MoveText {
    let mut after = *pos;
    let outcome = after.play_unchecked(rules, m);
    MoveText {
        mv: m,
        captures: outcome.captures,
    }
}
