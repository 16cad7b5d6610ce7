//! The tafl ruleset of a tournament or a self-play run: [`tafl_ruleset`].

use tafl_core::Ruleset;

use crate::error::ArenaError;

/// The ruleset named by `rules` (the `--rules` option): a preset name (with its options, as
/// `brandubh repetition:none`) or an OpenTafl rules string; Fidchell when absent.
pub(crate) fn tafl_ruleset(rules: Option<&str>) -> Result<Ruleset, ArenaError> {
    let Some(text) = rules else {
        return Ok(Ruleset::fidchell());
    };
    if let Some(preset) = Ruleset::preset_with_options(text) {
        return preset.map_err(|e| ArenaError::input("--rules", e));
    }
    if !text.contains(':') {
        return Err(ArenaError::input(
            "--rules",
            format!(
                "unknown ruleset {text:?}: expected a preset (fidchell, brandubh, copenhagen, \
                 tablut, ard_ri) or an OpenTafl rules string such as \"dim:7 ... start:/.../\""
            ),
        ));
    }
    text.parse::<Ruleset>()
        .map_err(|e| ArenaError::input("--rules", e))
}
