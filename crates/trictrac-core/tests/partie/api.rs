//! The API shared with the other games: records through `Replay` and `play_game` (the
//! default scorer as the easy path), free comments, typed errors, text and serde of `Setup`,
//! readable `Debug`; the outcome, the diagram that says when the partie is over, and what an
//! action said (its comment in parts, the marks in words).

use boardgames_common::ReplayError;
use boardgames_common::{
    ByPlayer, Game, Outcome, Player, RandomAgent, Record, Replay, ReplayOptions, Seed, play_game,
};
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions};
use trictrac_core::{GameOptions, Primaute, TagError, TrictracGame};
use trictrac_core::{Point, Position, Setup, Throw};

fn short_partie(seed: u64) -> boardgames_common::PlayedGame<TrictracGame> {
    let game = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    play_game(game, Seed(seed), ByPlayer::new(&mut a, &mut b), 100_000).unwrap()
}

#[test]
fn from_record_needs_no_scorer_nor_annotation() {
    let played = short_partie(7);
    let record: Record = played.record.to_string().parse().unwrap();
    // No type annotation, no scorer: the default scorer (E0283 before).
    let g = TrictracGame::from_record(&record).unwrap();
    assert_eq!(g, played.state);
    // The same through the trait, strict: the engine's own comments agree.
    let strict = <TrictracGame as Replay>::from_record_with(&record, &ReplayOptions::strict());
    assert_eq!(strict.unwrap(), played.state);
}

#[test]
fn play_game_comments_are_those_of_apply_commented() {
    let played = short_partie(9);
    let mut g = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    for entry in played.record.entries() {
        let a = g.parse_action(&entry.action).unwrap();
        let comment = g.apply_commented(a).unwrap();
        assert_eq!(entry.comment.as_deref(), Some(comment.as_str()));
    }
    assert_eq!(g, played.state);
}

#[test]
fn a_human_comment_does_not_fail_a_replay_unless_strict() {
    let played = short_partie(3);
    let mut record = Record::new("Trictrac");
    for (k, v) in played.record.tags() {
        if k != "Game" {
            record.set_tag(k, v).unwrap();
        }
    }
    for (i, e) in played.record.entries().iter().enumerate() {
        if i == 2 {
            record
                .push_commented(e.action.clone(), "nice play!")
                .unwrap();
        } else {
            record.push_action(e.action.clone()).unwrap();
        }
    }
    assert_eq!(TrictracGame::from_record(&record).unwrap(), played.state);
    match TrictracGame::from_record_with(&record, &ReplayOptions::strict()) {
        Err(ReplayError::Comment { index: 3, error }) => {
            assert_eq!(error.recorded, "nice play!", "{error}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_game_and_result_tags_are_checked() {
    let played = short_partie(4);
    let mut other = played.record.clone();
    other.set_tag("Game", "Tafl").unwrap();
    assert!(matches!(
        TrictracGame::from_record(&other),
        Err(ReplayError::OtherGame(g)) if g.found == "Tafl"
    ));
    let mut wrong = played.record.clone();
    let result = wrong.tag("Result").unwrap().to_string();
    wrong
        .set_tag("Result", if result == "1-0" { "0-1" } else { "1-0" })
        .unwrap();
    assert!(matches!(
        TrictracGame::from_record(&wrong),
        Err(ReplayError::Result(_))
    ));
    // The Game tag's value in any ASCII case names the game (the record format's rule).
    let mut lower = played.record.clone();
    lower.set_tag("Game", "trictrac").unwrap();
    let replayed = TrictracGame::from_record_with(&lower, &ReplayOptions::strict()).unwrap();
    assert_eq!(replayed.position(), played.state.position());
}

#[test]
fn the_seed_tag_must_be_a_seed() {
    let played = short_partie(4);
    assert_eq!(played.record.tag("Seed"), Some("4"));
    let mut bad = played.record.clone();
    bad.set_tag("Seed", "-1").unwrap();
    let e = TrictracGame::from_record(&bad).unwrap_err();
    assert!(matches!(e, ReplayError::Seed(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "Seed tag: invalid seed \"-1\": expected a decimal number or 0x-prefixed \
         hexadecimal up to 2^64-1"
    );
    bad.set_tag("Seed", "0x4").unwrap();
    assert!(TrictracGame::from_record(&bad).is_ok());
    // The partie à écrire reads it the same way.
    let options = EcrireOptions::new(EcrireRules::new(1).unwrap());
    let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
    let ecrire = play_game(
        EcrireGame::new(options),
        Seed(2),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    let mut record = ecrire.record.clone();
    record.set_tag("Game", "TRICTRAC à écrire").unwrap();
    assert!(EcrireGame::from_record(&record).is_ok());
    record.set_tag("Seed", "two").unwrap();
    assert_eq!(
        EcrireGame::from_record(&record).unwrap_err().to_string(),
        "Seed tag: invalid seed \"two\": expected a decimal number or 0x-prefixed \
         hexadecimal up to 2^64-1"
    );
}

#[test]
fn ecrire_records_through_play_game_keep_their_ledger() {
    let options = EcrireOptions::new(EcrireRules::new(1).unwrap());
    let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
    let played = play_game(
        EcrireGame::new(options),
        Seed(2),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    let ledger = played.record.tag("Ledger").unwrap();
    assert_eq!(ledger, played.state.ledger_text());
    let replayed = EcrireGame::from_record_with(&played.record, &ReplayOptions::strict()).unwrap();
    assert_eq!(replayed.ledger(), played.state.ledger());
}

#[test]
fn primaute_text_errors_are_their_own() {
    assert_eq!(
        "first throw".parse::<Primaute>(),
        Ok(Primaute::FirstThrowFromDice)
    );
    let e = "second throw".parse::<Primaute>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown primauté \"second throw\": expected one die each, first throw, White or Black"
    );
    let _: &dyn std::error::Error = &e;
    // In a record, it is a bad tag.
    let record: Record = "[Game \"Trictrac\"]\n[Primaute \"second throw\"]\n\n"
        .parse()
        .unwrap();
    assert!(matches!(
        TrictracGame::from_record(&record),
        Err(ReplayError::Tags(TagError::BadTag {
            tag: "Primaute",
            ..
        }))
    ));
}

#[test]
fn setup_text_and_serde_match_the_position() {
    let text = "B1:w13,B6:w1,B7:w1,N1:b15 b 1/0 0.4/0.2*";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    let position = Position::from_setup(&setup).unwrap();
    assert_eq!(position.to_string(), text);
    // serde through the text (with the `serde` feature: `cargo test -p trictrac-core` alone
    // builds without it).
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&setup).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
        assert_eq!(serde_json::to_string(&position).unwrap(), json);
        assert!(serde_json::from_str::<Setup>("\"B1:w13 x\"").is_err());
    }
    // A setup the notation can read but no position allows (16 White dames) keeps its text.
    let odd: Setup = "B1:w15,B2:w1,N1:b15 w 0/0 0.0/0.0".parse().unwrap();
    assert_eq!(odd.to_string().parse::<Setup>().unwrap(), odd);
    assert!(Position::from_setup(&odd).is_err());
}

#[test]
fn debug_of_small_values_is_readable() {
    let p: Point = "B6".parse().unwrap();
    assert_eq!(format!("{p:?}"), "Point(B6)");
    let t: Throw = "6-5".parse().unwrap();
    assert_eq!(format!("{t:?}"), "Throw(6-5)");
}

/// The referee's remedies and reports through serde and back, every kind of remedy (with the
/// `serde` feature, as `cargo test --workspace` builds it).
#[cfg(feature = "serde")]
#[test]
fn referee_remedies_and_reports_round_trip_through_serde() {
    use trictrac_core::referee::{Entry, Fault, Remedy, Report, WhichJeton};
    use trictrac_core::{Colour, Dest};
    let start = Position::from_setup(&Setup::start()).unwrap();
    let play = start.parse_play("6-5: B1-B7, B1-B6").unwrap();
    let tout_d_une = start.parse_play("3-1: B1-B5").unwrap();
    assert!(tout_d_une.is_tout_d_une());
    let mv = play.moves()[0];
    let b6: Point = "B6".parse().unwrap();
    let remedies = [
        Remedy::MarkEcole(4),
        Remedy::Decline,
        Remedy::ForceWhole(2),
        Remedy::DenySEnAller,
        Remedy::RectifyFichet(1),
        Remedy::RemoveJeton(WhichJeton::Old),
        Remedy::RemoveJeton(WhichJeton::New),
        Remedy::Leave,
        Remedy::Impose(play),
        Remedy::Impose(tout_d_une),
        Remedy::ReplayFreely,
        Remedy::ForbidCovering(b6),
        Remedy::SendBack {
            from: "B1".parse().unwrap(),
            to: Dest::Point(b6),
        },
        Remedy::SendBack {
            from: "N3".parse().unwrap(),
            to: Dest::Off,
        },
        Remedy::ReplayWith(mv),
        Remedy::PassNextCoup(b6),
        Remedy::Rectify,
        Remedy::AcceptThrow,
        Remedy::AnnulThrow,
        Remedy::Acquiesce,
        Remedy::RectifyDames,
        Remedy::AnnulReleve,
    ];
    for r in remedies {
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Remedy>(&json).unwrap(), r, "{json}");
    }
    // The parts are written as people read them.
    assert_eq!(
        serde_json::to_string(&Remedy::ReplayWith(mv)).unwrap(),
        r#"{"ReplayWith":{"from":"B1","to":"B7","die":6}}"#
    );
    assert_eq!(
        serde_json::to_string(&Remedy::SendBack {
            from: "N3".parse().unwrap(),
            to: Dest::Off
        })
        .unwrap(),
        r#"{"SendBack":{"from":"N3","to":"off"}}"#
    );
    assert!(
        serde_json::to_string(&Remedy::Impose(tout_d_une))
            .unwrap()
            .starts_with(r#"{"Impose":{"throw":"3-1","moves":[{"from":"B1","to":"B4","die":3}"#)
    );
    // A play of three moves is refused.
    let three = r#"{"Impose":{"throw":"6-5","moves":[{"from":"B1","to":"B7","die":6},{"from":"B1","to":"B6","die":5},{"from":"B1","to":"B6","die":5}],"par_puissance":false}}"#;
    let e = serde_json::from_str::<Remedy>(three).unwrap_err();
    assert!(e.to_string().contains("at most two moves"), "{e}");
    let report = Report {
        fault: Fault::EcoleParExces,
        entry: Entry::SEnAllerSurUneEcole,
        offender: Some(Colour::White),
        chooser: Some(Colour::Black),
        points: 6,
        options: remedies.to_vec(),
        text: "White goes away without a trou: 6 points are missing for it".to_string(),
    };
    let json = serde_json::to_string(&report).unwrap();
    assert_eq!(serde_json::from_str::<Report>(&json).unwrap(), report);
}

#[test]
fn the_outcome_of_a_finished_partie_ordinaire_is_its_winner() {
    let start = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    assert_eq!(start.outcome(), None);
    for seed in [3, 7, 9] {
        let played = short_partie(seed);
        let winner = played.state.winner().unwrap();
        assert_eq!(
            played.state.outcome(),
            Some(Outcome::Winner(Player::from(winner)))
        );
        // The inherent method answers as the trait's provided one.
        assert_eq!(played.state.outcome(), Game::outcome(&played.state));
    }
}

#[test]
fn the_outcome_of_a_finished_partie_a_ecrire_follows_its_decompte() {
    let options = EcrireOptions::new(EcrireRules::new(1).unwrap());
    assert_eq!(EcrireGame::new(options).outcome(), None);
    let mut outcomes = Vec::new();
    for seed in 1..=4 {
        let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
        let played = play_game(
            EcrireGame::new(options),
            Seed(seed),
            ByPlayer::new(&mut a, &mut b),
            1_000_000,
        )
        .unwrap();
        let d = played.state.ledger().decompte().unwrap();
        let (a, b) = (d.balance(Player::First), d.balance(Player::Second));
        assert_ne!(a, b, "one marqué is won by one of the two");
        let winner = if a > b { Player::First } else { Player::Second };
        assert_eq!(played.state.outcome(), Some(Outcome::Winner(winner)));
        assert_eq!(played.state.outcome(), Game::outcome(&played.state));
        outcomes.push(winner);
    }
    // Both players win some of these parties (the test sees both answers).
    assert!(outcomes.contains(&Player::First) && outcomes.contains(&Player::Second));
}

#[test]
fn the_diagrams_say_when_the_partie_is_over() {
    let start = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    assert_eq!(start.diagram(), Position::start().diagram());
    assert_eq!(start.diagram().lines().count(), 6);
    let played = short_partie(7);
    let text = played.state.diagram();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[..6].join("\n") + "\n",
        played.state.position().diagram()
    );
    let winner = played.state.winner().unwrap();
    assert_eq!(lines[6], format!("game over: {winner} wins the partie"));

    let options = EcrireOptions::new(EcrireRules::new(1).unwrap());
    assert_eq!(EcrireGame::new(options).diagram().lines().count(), 6);
    let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
    let played = play_game(
        EcrireGame::new(options),
        Seed(2),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    let text = played.state.diagram();
    let last = text.lines().last().unwrap();
    let Some(Outcome::Winner(w)) = played.state.outcome() else {
        panic!("a partie of one marqué has a winner");
    };
    let name = if w == Player::First { "A" } else { "B" };
    assert_eq!(last, format!("game over: {name} wins the partie"));
    assert_eq!(text.lines().count(), 7);
}

#[test]
fn described_actions_are_the_record_comments_in_parts() {
    // The partie ordinaire: each comment of a record is the `Display` of what the action
    // said; its marks are the game's after the action, in the notation and in words.
    let played = short_partie(9);
    let mut g = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    let mut trous = 0;
    for entry in played.record.entries() {
        let a = g.parse_action(&entry.action).unwrap();
        let said = g.apply_described(a).unwrap();
        assert_eq!(entry.comment.as_deref(), Some(said.to_string().as_str()));
        assert_eq!(said.marking(), g.marking());
        assert_eq!(said.marks(), g.marks_text());
        assert_eq!(said.marks_in_words(), g.marks_in_words());
        assert_eq!(
            said.in_words(),
            said.to_string().replace(
                &format!("marks {}", said.marks()),
                &format!("marks {}", g.marks_in_words())
            )
        );
        assert!(said.after().is_empty());
        for (colour, gain) in said.marked() {
            assert!(
                said.events()
                    .contains(&format!("{colour} marks {}", gain.points))
            );
        }
        trous +=
            said.trous(trictrac_core::Colour::White) + said.trous(trictrac_core::Colour::Black);
    }
    assert_eq!(g, played.state);
    // The trous the actions said they won are the trous on the fichets.
    let m = g.marking();
    assert_eq!(
        trous,
        u32::from(m.trous(trictrac_core::Colour::White))
            + u32::from(m.trous(trictrac_core::Colour::Black))
    );

    // The partie à écrire: the end of the marqué comes after the marks.
    let options = EcrireOptions::new(EcrireRules::new(1).unwrap());
    let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
    let played = play_game(
        EcrireGame::new(options),
        Seed(2),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    let mut g = EcrireGame::new(options);
    let mut ends = 0;
    for entry in played.record.entries() {
        let a = g.parse_action(&entry.action).unwrap();
        let said = g.apply_described(a).unwrap();
        assert_eq!(entry.comment.as_deref(), Some(said.to_string().as_str()));
        if said.after().iter().any(|c| c == "the partie is over") {
            ends += 1;
            assert!(said.to_string().ends_with("; the partie is over"));
        }
    }
    assert_eq!(ends, 1);
    assert_eq!(g.ledger(), played.state.ledger());
}

#[test]
fn marks_in_words_name_the_bredouille_and_the_pavillon_where_it_counts() {
    let game = |marks: &str, pavillon: bool| {
        let position: Position = format!("B1:w15,N1:b15 w 0/0 {marks}").parse().unwrap();
        TrictracGame::from_position(
            trictrac_core::scoring::DefaultScorer::default(),
            GameOptions::default().with_pavillon(pavillon),
            position,
        )
        .unwrap()
    };
    assert_eq!(
        game("0.10/3.2*", false).marks_in_words().to_string(),
        "White 0 trous 10 points, Black 3 trous 2 points en bredouille"
    );
    assert_eq!(
        game("2.4*p/1.0", true).marks_in_words().to_string(),
        "White 2 trous 4 points en bredouille with the pavillon, Black 1 trou 0 points"
    );
    // Without the pavillon option its holder is not named (nor is the `p` written).
    let plain = game("2.4*p/1.0", false);
    assert_eq!(
        plain.marks_in_words().to_string(),
        "White 2 trous 4 points en bredouille, Black 1 trou 0 points"
    );
    assert_eq!(plain.marks_text(), "2.4*/1.0");
    assert_eq!(
        plain
            .marks_in_words()
            .of(trictrac_core::Colour::Black)
            .to_string(),
        "1 trou 0 points"
    );
}

/// The names this release renamed still answer, deprecated, for one release.
#[test]
#[allow(deprecated)]
fn the_old_names_answer_as_the_new_ones() {
    let options = GameOptions::default().with_trous_to_win(2);
    assert_eq!(TrictracGame::standard(options), TrictracGame::new(options));
    assert_eq!(
        TrictracGame::with_scorer(trictrac_core::scoring::DefaultScorer::default(), options),
        TrictracGame::new(options)
    );
    let ecrire = EcrireOptions::new(EcrireRules::new(2).unwrap());
    assert_eq!(EcrireGame::standard(ecrire), EcrireGame::new(ecrire));
    let start = Position::start();
    assert_eq!(trictrac_core::diagram(start.board()), start.diagram());
    let n12: Point = "N12".parse().unwrap();
    assert_eq!(n12.side(), n12.row());
    assert_eq!(n12.row(), trictrac_core::Side::N);
    assert_eq!(
        Point::new(trictrac_core::Row::B, 1),
        Some("B1".parse().unwrap())
    );
}
