//! Rules belong to the game that plays them, not to a process-wide table: any number of
//! distinct rulesets live side by side in one process, each game under its own.

use tafl_core::{DrawReason, Move, Position, Ruleset, Status, TaflGame};

/// Brandubh with a no-capture limit of `limit` plies: a distinct ruleset for each limit.
fn brandubh_with_limit(limit: u16) -> Ruleset {
    let brandubh = Ruleset::brandubh();
    let mut rules = *brandubh.rules();
    rules.no_capture_limit = Some(limit);
    Ruleset::new("Brandubh", rules, &brandubh.start_position().to_setup())
        .expect("Brandubh with another no-capture limit")
}

#[test]
fn ten_thousand_distinct_rulesets_in_one_process() {
    let brandubh = Ruleset::brandubh();
    let setup = brandubh.start_position().to_setup();
    // The first move of the rules page's Brandubh start (an attacker from d7 one step).
    let m = Move::from_otn("d6-c6").unwrap();
    let mut games = Vec::with_capacity(10_000);
    for limit in 1..=10_000u16 {
        let ruleset = brandubh_with_limit(limit);
        assert_eq!(ruleset.rules().no_capture_limit, Some(limit));
        // A position built under these rules equals Brandubh's start: a position holds
        // no rules, only its pieces.
        let position = Position::from_setup(&setup, ruleset.rules()).unwrap();
        assert_eq!(position, brandubh.start_position());
        let mut game = TaflGame::new(ruleset);
        let _ = game.play_mut(m).unwrap();
        games.push(game);
    }
    // Every game still plays under its own rules: a limit of 1 ended the game at the first
    // move without capture, the others go on.
    assert_eq!(
        games[0].status(),
        Status::Draw {
            reason: DrawReason::NoCaptureLimit
        }
    );
    for (i, game) in games.iter().enumerate().skip(1) {
        assert_eq!(game.rules().no_capture_limit, Some(i as u16 + 1));
        assert_eq!(game.status(), Status::Ongoing, "limit {}", i + 1);
    }
    // Rules of a game made earlier, and every preset, still make positions.
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
