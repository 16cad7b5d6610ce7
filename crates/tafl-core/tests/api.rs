//! The API shared with the other games: records both ways, the `Game` and `Result` tags,
//! `Position::play` with its captures, the position with its rules as text and serde, typed
//! errors, readable `Debug`, the searcher's seed.

use boardgames_common::{Game, Record, ReplayError, ReplayOptions, Seed};
use tafl_core::ai::{Level, Searcher};
use tafl_core::{ParsePieceSetError, PieceSet, Ruleset, Setup, Square, TaflGame, TaflPosition};

/// A Brandubh game after `moves`.
fn played(moves: &[&str]) -> TaflGame {
    let mut g = TaflGame::new(Ruleset::brandubh());
    for m in moves {
        let a = g.parse_action(m).unwrap();
        g.apply(a).unwrap();
    }
    g
}

#[test]
fn to_record_replays_to_the_same_game() {
    let g = played(&["d2-c2", "c4-c3", "a4-a3"]);
    let record = g.to_record();
    assert_eq!(record.tag("Game"), Some("Tafl"));
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.actions().count(), 3);
    let text: Record = record.to_string().parse().unwrap();
    assert_eq!(TaflGame::from_record(&text).unwrap(), g);
    assert_eq!(
        TaflGame::from_record_with(&text, &ReplayOptions::strict()).unwrap(),
        g
    );
}

#[test]
fn another_games_record_and_a_false_result_are_refused() {
    let g = played(&["d2-c2"]);
    let mut r = g.to_record();
    r.set_tag("Game", "Trictrac").unwrap();
    assert!(matches!(
        TaflGame::from_record(&r),
        Err(ReplayError::OtherGame(e)) if e.found == "Trictrac"
    ));
    let mut r = g.to_record();
    r.set_tag("Result", "1-0").unwrap();
    match TaflGame::from_record(&r) {
        Err(ReplayError::Result(e)) => {
            assert_eq!((e.recorded.as_str(), e.actual.as_str()), ("1-0", "*"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_free_comment_replays_but_not_strictly() {
    let mut r = Record::new("Tafl");
    r.set_tag("Rules", "brandubh").unwrap();
    r.push_commented("d2-c2", "a bold start").unwrap();
    let g = TaflGame::from_record(&r).unwrap();
    assert_eq!(g.plies(), 1);
    assert!(matches!(
        TaflGame::from_record_with(&r, &ReplayOptions::strict()),
        Err(ReplayError::Comment { index: 1, .. })
    ));
}

#[test]
fn position_play_returns_the_captures_as_play_mut_does() {
    let brandubh = Ruleset::brandubh();
    let start = brandubh.start_position();
    let mut game = TaflGame::new(Ruleset::brandubh());
    let mut position = start;
    let mut capture_seen = false;
    // A short game by the searcher; every move by value and in place must agree.
    let mut searcher = Searcher::for_level(Level::Bard, Seed(3));
    for _ in 0..40 {
        if game.is_terminal() {
            break;
        }
        let m = searcher
            .search(game.position(), game.rules(), game.search_history())
            .unwrap()
            .best_move;
        let mut in_place = position;
        let outcome = in_place.play_mut(brandubh.rules(), m).unwrap();
        let (by_value, outcome2) = position.play(brandubh.rules(), m).unwrap();
        assert_eq!((by_value, outcome2), (in_place, outcome));
        capture_seen |= !outcome.captures.is_empty();
        position = by_value;
        game.apply(m).unwrap();
    }
    assert!(
        capture_seen,
        "the game should capture something in 40 plies"
    );
}

/// `PlayError` hands the position back by value (not boxed), as trictrac's and sugoroku's
/// do, and stays under clippy's `result_large_err` bound (128 bytes).
#[test]
fn play_error_holds_the_position_by_value() {
    let brandubh = Ruleset::brandubh();
    let start = brandubh.start_position();
    let m = tafl_core::Move::from_otn("a1-a2").unwrap();
    let error = start.play(brandubh.rules(), m).unwrap_err();
    let position: tafl_core::Position = error.position;
    assert_eq!(position, start);
    assert_eq!(error.error.reason, tafl_core::IllegalMoveReason::NoPiece);
    assert!(std::mem::size_of::<tafl_core::PlayError>() <= 128);
}

#[test]
fn tafl_position_text_and_serde() {
    let setup: Setup = "/7/7/7/3K3/7/7/7/ d a1,g7".parse().unwrap();
    let p = TaflPosition::new(Ruleset::fidchell(), &setup).unwrap();
    let text = p.to_string();
    assert!(text.ends_with(" /7/7/7/3K3/7/7/7/ d a1,g7"), "{text}");
    assert_eq!(text.parse::<TaflPosition>().unwrap(), p);
    // serde through the text (with the `serde` feature: `cargo test -p tafl-core` alone
    // builds without it).
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<TaflPosition>(&json).unwrap(), p);
    }
    assert!("fidchell".parse::<TaflPosition>().is_err());
    assert!(
        "nosuchgame /7/7/7/3K3/7/7/7/ d"
            .parse::<TaflPosition>()
            .is_err()
    );
    // A 7×7 board under 11×11 rules is refused.
    assert!(
        "copenhagen /7/7/7/3K3/7/7/7/ d"
            .parse::<TaflPosition>()
            .is_err()
    );
}

#[test]
fn errors_are_std_errors_and_debug_is_readable() {
    let e = PieceSet::from_letters("tTx").unwrap_err();
    assert_eq!(e, ParsePieceSetError('x'));
    let _: &dyn std::error::Error = &e;
    let d4: Square = "d4".parse().unwrap();
    assert_eq!(format!("{d4:?}"), "Square(d4)");
    let m = TaflGame::new(Ruleset::fidchell())
        .parse_action("c1-c2")
        .unwrap();
    assert_eq!(format!("{m:?}"), "Move(c1-c2)");
}

/// The docs' path: `PlayedGame::new(game, seed)?`, `apply(..)?`, `to_record()`, back with
/// the inherent `from_record` (no trait import) and `Replay::from_record_with`, errors through
/// `?` into `Box<dyn Error>` (the repository's API table).
mod as_documented {
    use boardgames_common::{PlayedGame, Record, ReplayOptions};
    use tafl_core::{Ruleset, TaflGame};

    #[test]
    fn a_played_game_s_record_replays() -> Result<(), Box<dyn std::error::Error>> {
        let mut played = PlayedGame::new(TaflGame::new(Ruleset::fidchell()), None)?;
        played.apply("d7-d6".parse()?)?;
        let text: Record = played.to_record().to_string().parse()?;
        assert_eq!(TaflGame::from_record(&text)?, played.state);
        assert_eq!(
            TaflGame::from_record_with(&text, &ReplayOptions::strict())?,
            played.state
        );
        let trictrac: Record = "[Game \"Trictrac\"]\n".parse()?;
        let e = TaflGame::from_record_with(&trictrac, &ReplayOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this is a record of \"Trictrac\", not of Tafl"
        );
        Ok(())
    }
}

/// Walks `e`'s `source()` chain: no message may repeat the text of its source (an error
/// prints its cause or exposes it as its source, never both). Returns the messages.
fn chain(e: &dyn std::error::Error) -> Vec<String> {
    let mut messages = vec![e.to_string()];
    let mut current = e;
    while let Some(source) = current.source() {
        let (outer, inner) = (current.to_string(), source.to_string());
        assert!(
            !outer.contains(&inner),
            "{outer:?} prints its source {inner:?}"
        );
        messages.push(inner);
        current = source;
    }
    messages
}

#[test]
fn errors_print_their_cause_once() {
    // Each wrapper prints its cause: the cause's text appears once in the whole chain.
    let once = |e: &dyn std::error::Error, cause: &str| {
        let messages = chain(e);
        assert_eq!(
            messages.concat().matches(cause).count(),
            1,
            "{cause:?} in {messages:?}"
        );
    };
    // ParseTaflPositionError::Setup wraps a ParseSetupError.
    let bad_board = "brandubh /3t3/3t3/ a".parse::<TaflPosition>().unwrap_err();
    let setup = "/3t3/3t3/ a".parse::<Setup>().unwrap_err().to_string();
    once(&bad_board, &setup);
    // ParseTaflPositionError::Position wraps a PositionError (two kings).
    let two_kings = "brandubh /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3tK2/ a"
        .parse::<TaflPosition>()
        .unwrap_err();
    assert!(chain(&two_kings)[0].starts_with("position: "));
    // ParseTaflPositionError::Rules wraps a RulesStringError.
    let bad_rules = "dim:12 /3t3/ a".parse::<TaflPosition>().unwrap_err();
    let rules = "dim:12".parse::<Ruleset>().unwrap_err().to_string();
    once(&bad_rules, &rules);
    // RulesStringError::Start wraps the start board's ParseSetupError.
    let bad_start = "dim:7 start:/3t3/".parse::<Ruleset>().unwrap_err();
    assert!(chain(&bad_start)[0].starts_with("start position: "));
    // The game's refusal, and a position handed back with the reason.
    let game = TaflGame::new(Ruleset::brandubh());
    let illegal = game.parse_action("a1-a2").unwrap_err();
    once(&illegal, "illegal move a1-a2");
    let brandubh = Ruleset::brandubh();
    let start = brandubh.start_position();
    let refused = start
        .play(brandubh.rules(), "a1-a2".parse().unwrap())
        .unwrap_err();
    once(&refused, "illegal move a1-a2");
    for e in [
        &"q9".parse::<Square>().unwrap_err() as &dyn std::error::Error,
        &PieceSet::from_letters("tx").unwrap_err(),
        &"a1".parse::<tafl_core::Move>().unwrap_err(),
        &"king_fork=x"
            .parse::<tafl_core::ai::EvalWeights>()
            .unwrap_err(),
    ] {
        assert!(!chain(e)[0].is_empty());
    }
}

/// Every fieldless enum lists its values in `ALL`, `NUM` of them, each once.
#[test]
fn enums_list_their_values() {
    fn distinct<T: PartialEq + std::fmt::Debug>(all: &[T], num: usize) {
        assert_eq!(all.len(), num, "{all:?}");
        for (i, a) in all.iter().enumerate() {
            assert!(
                all[i + 1..].iter().all(|b| b != a),
                "{a:?} twice in {all:?}"
            );
        }
    }
    use tafl_core::*;
    distinct(&Side::ALL, Side::NUM);
    distinct(&Piece::ALL, Piece::NUM);
    distinct(&Officer::ALL, Officer::NUM);
    distinct(&Jump::ALL, Jump::NUM);
    distinct(&BerserkMode::ALL, BerserkMode::NUM);
    distinct(&IllegalMoveReason::ALL, IllegalMoveReason::NUM);
    distinct(&KingArmed::ALL, KingArmed::NUM);
    distinct(&KingStrength::ALL, KingStrength::NUM);
    distinct(&Escape::ALL, Escape::NUM);
    distinct(&RepetitionResult::ALL, RepetitionResult::NUM);
    distinct(&WinReason::ALL, WinReason::NUM);
    distinct(&DrawReason::ALL, DrawReason::NUM);
    distinct(&tafl_core::ai::Level::ALL, tafl_core::ai::Level::NUM);
    assert_eq!(Side::ALL.map(|s| s.index()), [0, 1]);
}
