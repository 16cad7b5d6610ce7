//! The replay checks on the crate's test game, `Race`.

use super::*;
use crate::game::tests::Race;
use crate::limits::RecordLimits;
use crate::record::Record;
use crate::{ByPlayer, RandomAgent, Seed, play_game};

impl Replay for Race {
    type TagError = std::convert::Infallible;
    fn from_tags(_: &Record) -> Result<Race, std::convert::Infallible> {
        Ok(Race::new())
    }
}

fn played() -> Record {
    let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    play_game(Race::new(), Seed(3), ByPlayer::new(&mut a, &mut b), 1000)
        .unwrap()
        .record
}

#[test]
fn a_played_record_replays_to_the_same_state() {
    let record = played();
    let game = Race::from_record_with(&record, &ReplayOptions::strict()).unwrap();
    assert!(game.is_terminal());
    assert_eq!(result_tag(&game), record.tag("Result").unwrap());
}

#[test]
fn the_game_tag_must_name_the_game() {
    let mut record = played();
    record.set_tag("Game", "Trictrac").unwrap();
    let e = Race::from_record_with(&record, &ReplayOptions::default()).unwrap_err();
    assert!(matches!(
        &e,
        ReplayError::OtherGame(OtherGameError { expected: "Race", found }) if found == "Trictrac"
    ));
    assert_eq!(
        e.to_string(),
        "this is a record of \"Trictrac\", not of Race"
    );
}

#[test]
fn the_game_tag_is_read_in_any_ascii_case() {
    let mut record = played();
    for name in ["race", "RACE", "rAcE"] {
        record.set_tag("Game", name).unwrap();
        assert!(
            Race::from_record_with(&record, &ReplayOptions::strict()).is_ok(),
            "{name}"
        );
    }
    // Not another spelling: a space is not a case.
    record.set_tag("Game", "Race ").unwrap();
    assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_err());
}

#[test]
fn the_seed_tag_must_be_a_seed() {
    let mut record = played();
    assert_eq!(record.tag("Seed"), Some("3"));
    for bad in ["-1", "seven", "0x", "18446744073709551616"] {
        record.set_tag("Seed", bad).unwrap();
        let e = Race::from_record_with(&record, &ReplayOptions::default()).unwrap_err();
        assert!(matches!(&e, ReplayError::Seed(_)), "{bad}: {e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "Seed tag: invalid seed {bad:?}: expected a decimal number or \
                 0x-prefixed hexadecimal up to 2^64-1"
            )
        );
    }
    record.set_tag("Seed", "0xff").unwrap();
    assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_ok());
}

#[test]
fn a_false_result_tag_is_refused() {
    let mut record = played();
    let actual = record.tag("Result").unwrap().to_string();
    let wrong = if actual == "1-0" { "0-1" } else { "1-0" };
    record.set_tag("Result", wrong).unwrap();
    match Race::from_record_with(&record, &ReplayOptions::default()) {
        Err(ReplayError::Result(e)) => {
            assert_eq!(e.recorded, wrong);
            assert_eq!(e.actual, actual);
        }
        other => panic!("{other:?}"),
    }
    // An unfinished game's result is "*".
    let mut short = Record::new("Race");
    short
        .push_action(played().actions().next().unwrap())
        .unwrap();
    short.set_tag("Result", "1-0").unwrap();
    let e = Race::from_record_with(&short, &ReplayOptions::default()).unwrap_err();
    assert!(matches!(e, ReplayError::Result(ResultTagError { ref actual, .. }) if actual == "*"));
}

#[test]
fn free_comments_are_ignored_unless_strict() {
    let played = played();
    let mut record = Record::new("Race");
    for (i, a) in played.actions().enumerate() {
        if i == 1 {
            record.push_commented(a, "a fine move!").unwrap();
        } else {
            record.push_action(a).unwrap();
        }
    }
    assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_ok());
    match Race::from_record_with(&record, &ReplayOptions::strict()) {
        Err(ReplayError::Comment { index: 2, error }) => {
            assert_eq!(error.recorded, "a fine move!");
            assert_eq!(error.actual, "");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn limits_are_checked_first() {
    let record = played();
    let limits = RecordLimits {
        max_actions: 1,
        ..RecordLimits::NONE
    };
    assert!(matches!(
        Race::from_record_with(&record, &ReplayOptions::with_limits(limits)),
        Err(ReplayError::Limit(_))
    ));
}

#[test]
fn an_illegal_action_is_named() {
    let mut record = Record::new("Race");
    record.push_action("+7").unwrap();
    assert!(matches!(
        Race::from_record_with(&record, &ReplayOptions::default()),
        Err(ReplayError::Action { index: 1, .. })
    ));
}

#[test]
fn played_game_move_by_move_is_the_record_of_play_game() {
    let record = played();
    let mut game = crate::PlayedGame::new(Race::new(), Some(Seed(3))).unwrap();
    for text in record.actions() {
        assert_eq!(game.to_record().tag("Result"), Some("*"));
        let a = game.state.parse_action(text).unwrap();
        game.apply(a).unwrap();
    }
    assert_eq!(game.to_record(), record);
    // A refused action changes nothing.
    let before = game.record.clone();
    assert!(
        game.apply(crate::game::tests::RaceAction::Advance(1))
            .is_err()
    );
    assert_eq!(game.record, before);
}
