//! The tafl ruleset of a tournament or a self-play run: [`tafl_ruleset`].

use tafl_core::Ruleset;

use crate::error::ArenaError;

/// The ruleset named by `rules` (the `--rules` option): a preset name (with its options, as
/// `brandubh repetition:none`) or an OpenTafl rules string (`Ruleset`'s `FromStr`);
/// Fidchell when absent.
pub(crate) fn tafl_ruleset(rules: Option<&str>) -> Result<Ruleset, ArenaError> {
    match rules {
        Some(text) => text
            .parse::<Ruleset>()
            .map_err(|e| ArenaError::input("--rules", e)),
        None => Ok(Ruleset::fidchell()),
    }
}
