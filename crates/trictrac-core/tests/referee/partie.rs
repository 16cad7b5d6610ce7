//! Referee mode: the dice in the machine, bad input refused, and a partie without mistakes
//! that ends with the automatic game's marks.

use super::support;
use support::*;

/// Plays an automatic partie (random players, seeded dice) and replays it through the
/// referee with correct gestures: no report, and the same marks and dames at the end.
fn mistake_free(seed: u64, trous: u8) {
    use rand_chacha::rand_core::SeedableRng;
    let options = GameOptions::default()
        .with_primaute(Primaute::Fixed(White))
        .with_pavillon(false)
        .with_trous_to_win(trous);
    let mut game = TrictracGame::new(options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut agents = ByPlayer::new(
        RandomAgent::new(Seed(seed)),
        RandomAgent::new(Seed(seed + 1)),
    );
    let mut actions = Vec::new();
    let mut buf = Vec::new();
    let mut chance = Vec::new();
    while actions.len() < 20_000 {
        match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut chance);
                let a = sample_chance(&chance, &mut rng).expect("outcome");
                game.apply(a).expect("chance");
                actions.push(a);
            }
            Turn::Player(p) => {
                game.legal_actions(&mut buf);
                let a = agents[p].choose(&game, &buf);
                game.apply(a).expect("action");
                actions.push(a);
            }
        }
    }
    assert!(game.is_terminal());
    // A real partie: many coups (each trou takes several throws).
    assert!(
        actions.len() > 10 * usize::from(trous),
        "{} actions",
        actions.len()
    );
    let mut r = Referee::start(trous);
    let rules = ScoringRules::default();
    let mut given: Option<(Colour, u8)> = None;
    let mut i = 0;
    let mut all_reports = Vec::new();
    let run = |r: &mut Referee, who: Colour, l: &str, all: &mut Vec<Report>| {
        let g: Gesture = l.parse().expect("gesture");
        match r.gesture(who, g) {
            Ok(rep) => all.extend(rep),
            Err(e) => panic!("seed {seed}: {who} {l} at {}: {e}", r.phase()),
        }
    };
    while i < actions.len() {
        let Action::Throw(throw) = actions[i] else {
            panic!("expected a throw at {i}: {:?}", actions[i]);
        };
        let RefereePhase::Throw { thrower } = r.phase() else {
            panic!("referee not at a throw: {:?}", r.phase())
        };
        if let Some((c, pts)) = given.take() {
            let m = *r.marking();
            for l in correct_marking(&m, c, pts, false) {
                run(&mut r, c, &l, &mut all_reports);
            }
        }
        let pos = *r.position();
        let a = ThrowAnalysis::new(&pos, throw, &rules);
        run(&mut r, thrower, &format!("throw {throw}"), &mut all_reports);
        i += 1;
        let own = a.points_before(thrower);
        let next = actions.get(i).copied();
        let leaving = next == Some(Action::SenAller);
        let m = *r.marking();
        for l in correct_marking(&m, thrower, own, leaving) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        if i >= actions.len() {
            run(&mut r, thrower, "win", &mut all_reports);
            break;
        }
        match actions[i] {
            Action::SenAller => {
                run(&mut r, thrower, "s'en aller", &mut all_reports);
                i += 1;
                continue;
            }
            Action::Tenir => {
                run(&mut r, thrower, "tenir", &mut all_reports);
                i += 1;
            }
            _ => {}
        }
        let Some(Action::Play(play)) = actions.get(i).copied() else {
            panic!("expected a play at {i}");
        };
        i += 1;
        for l in moves_of(&play) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        let ev = a.after_play(&play).expect("legal");
        let after_own = trictrac_core::scoring::points_for(&ev, thrower);
        let after_opp = trictrac_core::scoring::points_for(&ev, thrower.other());
        let m = *r.marking();
        let leaving = actions.get(i) == Some(&Action::SenAller);
        for l in correct_marking(&m, thrower, after_own, leaving) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        match actions.get(i) {
            Some(Action::SenAller) => {
                run(&mut r, thrower, "s'en aller", &mut all_reports);
                i += 1;
                continue;
            }
            Some(Action::Tenir) => {
                run(&mut r, thrower, "tenir", &mut all_reports);
                i += 1;
            }
            _ => {}
        }
        if matches!(r.phase(), RefereePhase::Over { .. }) {
            break;
        }
        run(&mut r, thrower, "done", &mut all_reports);
        let opp = thrower.other();
        given = Some((opp, a.points_before(opp).saturating_add(after_opp)));
        if i >= actions.len() {
            // The partie was won by the points the coup gave the opponent.
            let m = *r.marking();
            let (c, pts) = given.take().expect("given");
            for l in correct_marking(&m, c, pts, false) {
                run(&mut r, c, &l, &mut all_reports);
            }
            run(&mut r, c, "win", &mut all_reports);
        }
    }
    assert!(all_reports.is_empty(), "seed {seed}: {all_reports:#?}");
    assert_eq!(
        r.phase(),
        RefereePhase::Over {
            winner: game.winner().expect("winner")
        }
    );
    // The referee plays without the pavillon option: its flag is not compared.
    assert_eq!(
        r.marking().to_string().replace('p', ""),
        game.marks_text(),
        "seed {seed}"
    );
    assert_eq!(r.position().board(), game.position().board(), "seed {seed}");
}

#[test]
fn bad_throws_are_thrown_again_and_change_nothing() {
    let mut r = Referee::new();
    let rep = go(&mut r, White, "throw 6-5 tilted-band flat");
    assert_eq!(rep[0].entry, Entry::DeIncline);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    let rep = go(&mut r, White, "throw 6-5 flat on-die");
    assert_eq!(rep[0].entry, Entry::DeCouvert);
    let rep = go(&mut r, White, "throw 6-5 early");
    assert_eq!(rep[0].chooser, Some(Black));
    go(&mut r, Black, "choose 2"); // annulled
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    let rep = go(&mut r, White, "throw 6-5 hand-back");
    assert_eq!(
        (rep[0].entry, rep[0].chooser),
        (Entry::DeTouche, Some(White))
    );
    go(&mut r, White, "choose 1"); // kept
    assert!(matches!(r.phase(), RefereePhase::Play { mover: White, .. }));
}

#[test]
fn thrown_before_the_opponent_finished() {
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    go(&mut r, White, "move B1 B7");
    let rep = go(&mut r, Black, "throw 3-1");
    assert_eq!(
        (rep[0].entry, rep[0].chooser),
        (Entry::Relever, Some(White))
    );
    go(&mut r, White, "choose 1"); // White keeps it: it is Black's throw once he finishes
    go(&mut r, White, "move B1 B6");
    go(&mut r, White, "done");
    assert_eq!(
        r.phase(),
        RefereePhase::Play {
            mover: Black,
            throw: "3-1".parse().expect("t")
        }
    );
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut r = Referee::new();
    // An école claimed for a player who has not thrown.
    assert!(matches!(
        refused(&mut r, White, "ecole 4"),
        RefereeError::NotThrown { offender: Black }
    ));
    // Out of turn.
    assert!(matches!(
        refused(&mut r, Black, "throw 6-5"),
        RefereeError::NotNow { .. }
    ));
    go(&mut r, White, "throw 6-5");
    // A dame moved from an empty point.
    assert!(matches!(
        refused(&mut r, White, "move B3 B9"),
        RefereeError::NoDame { .. }
    ));
    assert!(matches!(
        refused(&mut r, White, "touch N1"),
        RefereeError::NoDame { .. }
    ));
    // A jeton beyond 11 points, marking nothing.
    assert!(matches!(
        refused(&mut r, White, "mark 12"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, White, "mark 0"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, White, "wipe"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, Black, "choose 1"),
        RefereeError::Choice(_)
    ));
    // Negative points do not even parse.
    let e = "mark -2".parse::<Gesture>().expect_err("negative");
    assert!(e.to_string().contains("expected a number"), "{e}");
    assert!("move B1 B13".parse::<Gesture>().is_err());
    assert!("throw 7-1".parse::<Gesture>().is_err());
    // A gesture missing its argument says what it expects.
    for (line, expected) in [
        ("throw", "throw: expected the dice, like 6-5"),
        ("settle", "settle: expected one word for how the die lies"),
        ("remove-jeton", "remove-jeton: expected old or new"),
        ("s'en rester", "expected s'en aller"),
        ("touch", "touch: expected one point, like B6"),
        ("move B1", "move: expected FROM TO, like B1 B7 or B1-B7"),
        ("move", "move: expected FROM TO, like B1 B7 or B1-B7"),
    ] {
        let e = line.parse::<Gesture>().expect_err(line).to_string();
        assert!(e.contains(expected), "{line}: {e}");
    }
    // More than 15 dames: no such position.
    assert!("B1:w16,N1:b15 w 0/0 0.0/0.0".parse::<Position>().is_err());
}

#[test]
fn a_partie_without_mistakes_gives_no_report_and_the_game_s_marks() {
    for seed in 1..=4 {
        mistake_free(seed, 3);
    }
    mistake_free(11, 12);
}

#[test]
fn de_rompu_only_for_a_fault() {
    // DÉ ROMPU: "on ne peut faire usage de cette faculté que lorsque l'adversaire a commis une
    // faute de placement ou de marque et que, non désireux de faire école, on préfère lui
    // faire rectifier cette faute selon la règle, avant que les dés ne soient connus".
    let start = || {
        let mut r = Referee::new();
        assert!(
            script(
                &mut r,
                White,
                &["throw 4-4", "move B1 B5", "move B1 B5", "done"]
            )
            .is_empty()
        );
        r
    };
    // Black marks 2 points White's coup did not give him; White breaks his dice to have it
    // rectified: no école, Black's jeton back to 0, and he throws again.
    let mut r = start();
    go(&mut r, Black, "mark 2");
    let rep = go(&mut r, Black, "throw 2-1 rompu-fault");
    assert_eq!(
        (rep[0].entry, rep[0].offender, rep[0].chooser),
        (Entry::DeRompu, Some(Black), None)
    );
    assert!(
        rep[0].text.contains("rectified without école"),
        "{}",
        rep[0]
    );
    assert_eq!(r.marking().points(Black), 0);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
    assert!(r.open_reports().next().is_none());
    go(&mut r, Black, "throw 2-1");
    assert!(matches!(r.phase(), RefereePhase::Play { mover: Black, .. }));
    // Without a fault the dice may not be broken: not the same outcome. Black keeps the
    // numbers as they lie, or throws again, as he chooses.
    for flag in ["rompu-fault", "rompu", "hand-pushed", "back-in-pushed flat"] {
        let mut r = start();
        let rep = go(&mut r, Black, &format!("throw 2-1 {flag}"));
        assert_eq!(
            (rep[0].entry, rep[0].offender, rep[0].chooser),
            (Entry::DeRompu, Some(White), Some(Black)),
            "{flag}"
        );
        assert_eq!(
            rep[0].options,
            vec![Remedy::AcceptThrow, Remedy::AnnulThrow]
        );
        let mut kept = r.clone();
        go(&mut kept, Black, "choose 1");
        assert_eq!(
            kept.phase(),
            RefereePhase::Play {
                mover: Black,
                throw: "2-1".parse().expect("t")
            }
        );
        go(&mut r, Black, "choose 2");
        assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
    }
}

#[test]
fn refusals_name_the_value_what_was_expected_and_the_entry() {
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    // A dame "moved" to its own point is not blamed on REPRENDRE UNE DAME: nothing moved.
    let e = refused(&mut r, White, "move B1 B1");
    assert!(matches!(e, RefereeError::NotMoved { .. }), "{e}");
    let text = e.to_string();
    assert!(text.contains("from B1 to B1"), "{text}");
    assert!(text.contains("DAME TOUCHÉE, DAME JOUÉE"), "{text}");
    assert!(!text.contains("REPRENDRE"), "{text}");
    // Backwards: LOIS.
    go(&mut r, White, "move B1 B7");
    let text = refused(&mut r, White, "move B7 B6").to_string();
    assert!(text.contains("sans jamais rétrograder"), "{text}");
    // A second jeton where no mark stands.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    let text = refused(&mut r, White, "new-jeton 3").to_string();
    assert!(
        text.contains("new-jeton 3") && text.contains("DOUBLE MARQUE"),
        "{text}"
    );
    // "the throw 6-5 is may be thrown again" no more.
    let mut r = Referee::new();
    let rep = go(&mut r, White, "throw 6-5 hand-back");
    assert_eq!(
        rep[0]
            .to_string()
            .split(" [")
            .nth(1)
            .map(|t| t.starts_with("DÉ TOUCHÉ]")),
        Some(true),
        "{}",
        rep[0]
    );
    assert!(
        rep[0]
            .text
            .contains("the throw 6-5 is kept or thrown again, as the thrower chooses (DÉ TOUCHÉ)"),
        "{}",
        rep[0]
    );
}
