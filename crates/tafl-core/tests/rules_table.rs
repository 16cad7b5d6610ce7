//! The shared table of rules that positions refer to is bounded: beyond
//! `MAX_DISTINCT_RULES` distinct rules a position is refused with a typed error, and the
//! presets still build. Alone in its test binary (its own process), since it fills the table.

use tafl_core::{MAX_DISTINCT_RULES, Position, PositionError, Ruleset};

#[test]
fn the_rules_table_is_bounded_and_the_presets_still_build() {
    let brandubh = Ruleset::brandubh();
    let setup = brandubh.start_position().to_setup();
    let mut refused = None;
    // Distinct rules: Brandubh with every no-capture limit from 1 up.
    for limit in 1..=(MAX_DISTINCT_RULES as u16 + 1) {
        let mut rules = *brandubh.rules();
        rules.no_capture_limit = Some(limit);
        match Position::from_setup(&setup, &rules) {
            Ok(pos) => assert_eq!(pos.rules().no_capture_limit, Some(limit)),
            Err(e) => {
                refused = Some((limit, e));
                break;
            }
        }
    }
    let (limit, e) = refused.expect("the table refuses a rules value at last");
    assert_eq!(e, PositionError::TooManyRules);
    assert!(
        usize::from(limit) > MAX_DISTINCT_RULES - 1,
        "refused after {limit}"
    );
    assert!(e.to_string().contains("4096 distinct tafl rules"), "{e}");
    // Rules already in the table, and every preset, still make positions.
    let mut rules = *brandubh.rules();
    rules.no_capture_limit = Some(1);
    assert!(Position::from_setup(&setup, &rules).is_ok());
    for preset in Ruleset::presets() {
        let start = preset.start_position();
        assert_eq!(preset.position(&start.to_setup()), Ok(start));
        let without = preset.without_repetition();
        assert_ne!(without.rules(), preset.rules());
    }
}
