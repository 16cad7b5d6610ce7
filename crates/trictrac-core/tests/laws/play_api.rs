//! The tiered play API and the play notation's errors.

use proptest::prelude::*;
use trictrac_core::{
    Colour, Dest, Die, IllegalPlay, IllegalPlayReason, Move, ParsePlayError, Play, PlayError,
    Point, Position, Throw,
};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn play_tiers() {
    let start = Position::start();
    let t: Throw = "6-4".parse().unwrap();
    let good = start.parse_play("6-4: B1-B7, B1-B5").unwrap();
    assert_eq!(good.to_string(), "6-4: B1-B7, B1-B5");
    // The same play given in the other order is the same play.
    let swapped = Play::new(
        t,
        &[
            Move {
                from: pt("B1"),
                to: Dest::Point(pt("B5")),
                die: Die::new(4).unwrap(),
            },
            Move {
                from: pt("B1"),
                to: Dest::Point(pt("B7")),
                die: Die::new(6).unwrap(),
            },
        ],
    )
    .unwrap();
    assert!(start.is_legal(&swapped));
    let a = start.play(&good).unwrap();
    let b = start.play(&swapped).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.side_to_move(), Colour::Black);
    assert_eq!(a.throws_since_releve(Colour::White), 1);
    // Illegal: a lone dame on the coin. The position comes back unchanged.
    let bad = Play::new(
        "6-5".parse().unwrap(),
        &[
            Move {
                from: pt("B1"),
                to: Dest::Point(pt("B7")),
                die: Die::new(6).unwrap(),
            },
            Move {
                from: pt("B7"),
                to: Dest::Point(pt("B12")),
                die: Die::new(5).unwrap(),
            },
        ],
    )
    .unwrap();
    assert!(!start.is_legal(&bad));
    let refused = IllegalPlay {
        play: bad,
        reason: IllegalPlayReason::Movement,
    };
    assert_eq!(
        start.play(&bad),
        Err(PlayError {
            error: refused,
            position: start,
        })
    );
    assert_eq!(start.check_play(&bad), Err(refused));
    assert_eq!(start.check_play(&good), Ok(()));
    let mut m = start;
    assert_eq!(m.play_mut(&bad), Err(refused));
    assert_eq!(m, start);
    m.play_unchecked(&good);
    assert_eq!(m, a);
}

/// White's petit jan is full (two dames on each of B1..B6) with a third dame on B7: 2-1 can
/// keep it, so the legal plays are the two that do (the rules page's law 8, the must fill /
/// must keep obligation; glossary REMPLIR et CONSERVER), while the laws of movement alone
/// give 45 plays, the others breaking the jan (fausses cases).
const PETIT_JAN_FULL: &str = "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w3,N1:b15 w 10/10 0.0/0.0";

#[test]
fn the_legal_plays_keep_the_full_petit_jan() {
    let p: Position = PETIT_JAN_FULL.parse().unwrap();
    let t: Throw = "2-1".parse().unwrap();
    let legal = p.legal_plays(t);
    let texts: Vec<String> = legal.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts, ["2-1: B7-B9, B7-B8", "2-1: B7-B9-B10"]);
    assert_eq!(p.movement_plays(t).len(), 45);
    // The buffer forms give the same lists.
    let mut buf = p.movement_plays("6-6".parse().unwrap());
    p.legal_plays_into(t, &mut buf);
    assert_eq!(
        buf.iter().collect::<Vec<_>>(),
        legal.iter().collect::<Vec<_>>()
    );
    p.movement_plays_into(t, &mut buf);
    assert_eq!(buf.len(), 45);
    // Every legal play is movement-legal, and `contains` finds each in both lists.
    let movement = p.movement_plays(t);
    for play in &legal {
        assert!(p.is_legal(play) && p.is_movement_legal(play), "{play}");
        assert!(legal.contains(play) && movement.contains(play), "{play}");
    }
    // The 43 others are fausses cases: lawful by movement, refused by default.
    let fausses: Vec<&Play> = movement.iter().filter(|m| !legal.contains(m)).collect();
    assert_eq!(fausses.len(), 43);
    for play in fausses {
        assert!(!p.is_legal(play), "{play}");
        assert!(p.is_movement_legal(play), "{play}");
        assert!(p.play_movement_only(play).is_ok(), "{play}");
    }
}

#[test]
fn play_refuses_a_fausse_case_with_the_obligation_as_its_reason() {
    let p: Position = PETIT_JAN_FULL.parse().unwrap();
    // B6-B8, B6-B7 leaves B6 empty: the petit jan is broken.
    let breaks = p.parse_movement_play("2-1: B6-B8, B6-B7").unwrap();
    let refused = IllegalPlay {
        play: breaks,
        reason: IllegalPlayReason::MustFillOrKeep,
    };
    assert_eq!(
        p.play(&breaks),
        Err(PlayError {
            error: refused,
            position: p,
        })
    );
    assert_eq!(p.check_play(&breaks), Err(refused));
    let mut m = p;
    assert_eq!(m.play_mut(&breaks), Err(refused));
    assert_eq!(m, p);
    // The message names the play and the glossary entry.
    let text = p.play(&breaks).unwrap_err().to_string();
    assert!(text.contains("2-1: B6-B8, B6-B7"), "{text}");
    assert!(text.contains("REMPLIR et CONSERVER"), "{text}");
    // The default notation reader refuses it too; the movement-only one reads it.
    assert!(matches!(
        p.parse_play("2-1: B6-B8, B6-B7"),
        Err(ParsePlayError::Illegal(_))
    ));
    // Played by the laws of movement alone, it is played.
    let after = p.play_movement_only(&breaks).unwrap();
    assert!(
        !after
            .board()
            .is_full(Colour::White, trictrac_core::Jan::PetitJan)
    );
    // A legal play keeps it.
    let keeps = p.parse_play("2-1: B7-B9, B7-B8").unwrap();
    let after = p.play(&keeps).unwrap();
    assert!(
        after
            .board()
            .is_full(Colour::White, trictrac_core::Jan::PetitJan)
    );
    // Moves that cannot be made: from a point without a White dame.
    let impossible = Play::new(
        "2-1".parse().unwrap(),
        &[Move {
            from: pt("B9"),
            to: Dest::Point(pt("B11")),
            die: Die::new(2).unwrap(),
        }],
    )
    .unwrap();
    assert_eq!(
        p.check_play(&impossible).map_err(|e| e.reason),
        Err(IllegalPlayReason::Impossible)
    );
    assert_eq!(
        p.play_movement_only(&impossible)
            .map_err(|e| e.error.reason),
        Err(IllegalPlayReason::Impossible)
    );
}

#[test]
fn play_notation_errors() {
    let p = Position::start();
    assert!(matches!(
        p.parse_play("6-4 B1-B7"),
        Err(ParsePlayError::Syntax(_))
    ));
    assert!(matches!(
        p.parse_play("7-4: B1-B8"),
        Err(ParsePlayError::Throw(_))
    ));
    assert!(matches!(
        p.parse_play("6-4: B1"),
        Err(ParsePlayError::BadMove(_))
    ));
    assert!(matches!(
        p.parse_play("6-4: B1-X7"),
        Err(ParsePlayError::BadMove(_))
    ));
    assert_eq!(
        p.parse_play("6-4: B2-B8, B1-B5"),
        Err(ParsePlayError::NoDame(pt("B2")))
    );
    assert!(matches!(
        p.parse_play("6-4: B7-B1"),
        Err(ParsePlayError::Backwards(_))
    ));
    assert!(matches!(
        p.parse_play("6-4: B1-B3"),
        Err(ParsePlayError::Illegal(_))
    ));
    assert!(matches!(
        p.parse_play("6-4: B1-N1-B11"),
        Err(ParsePlayError::Backwards(_))
    ));
    // A rest on a point Black holds.
    let q: Position = "B1:w5,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,B6:b2,N1:b13 w 9/9 0.0/0.0"
        .parse()
        .unwrap();
    assert_eq!(
        q.parse_play("5-1: B1-B6-B7"),
        Err(ParsePlayError::BadRest(pt("B6")))
    );
    // Nothing playable is written "-".
    let r: Position = "N6:w1,N1:w2,N3:b2,B1:b13 w 20/20 0.0/0.0".parse().unwrap();
    assert_eq!(r.parse_play("3-3: -").unwrap().to_string(), "3-3: -");
    assert!(r.parse_play("3-3: N6-N3").is_err());
}

proptest! {
    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = s.parse::<Position>();
        let _ = Position::start().parse_play(&s);
    }

    #[test]
    fn play_parser_never_panics_on_play_like_text(
        t in "[1-7]-[0-6]",
        a in "[BNX][0-9]{1,2}",
        b in "[BNX][0-9]{1,2}|off",
        c in "[BNX][0-9]{1,2}|off",
    ) {
        let _ = Position::start().parse_play(&format!("{t}: {a}-{b}, {a}-{c}"));
        let _ = Position::start().parse_play(&format!("{t}: {a}-{b}-{c}"));
    }
}

/// A throw of two dice plays at most two numbers: `Play::new` refuses a third move instead
/// of dropping it.
#[test]
fn a_play_has_at_most_two_moves() {
    let t: Throw = "6-4".parse().unwrap();
    let m = Move {
        from: pt("B1"),
        to: Dest::Point(pt("B5")),
        die: Die::new(4).unwrap(),
    };
    assert_eq!(Play::new(t, &[m, m]).unwrap().moves().len(), 2);
    assert_eq!(Play::new(t, &[]).unwrap().moves().len(), 0);
    let e = Play::new(t, &[m, m, m]).unwrap_err();
    assert_eq!(e, trictrac_core::TooManyMovesError { count: 3 });
    assert_eq!(
        e.to_string(),
        "a play has at most two moves (one per die), not 3"
    );
}

/// `LegalPlays` is a collection like tafl's `MoveList`: `for play in &plays`, `plays[i]`.
#[test]
fn legal_plays_iterate_and_index() {
    let start = Position::start();
    let plays = start.movement_plays("6-4".parse().unwrap());
    let mut n = 0;
    for (i, play) in (&plays).into_iter().enumerate() {
        assert_eq!(&plays[i], play);
        assert_eq!(plays.get(i), Some(play));
        n += 1;
    }
    assert_eq!(n, plays.len());
    assert!(n > 1);
    let listed: Vec<String> = plays.iter().map(ToString::to_string).collect();
    let looped: Vec<String> = (&plays).into_iter().map(ToString::to_string).collect();
    assert_eq!(listed, looped);
}
