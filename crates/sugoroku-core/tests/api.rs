//! The API shared with the other games: records through `Replay` and `play_game`, text and
//! serde of `Setup` and `Position`, errors that are `std::error::Error`.

use boardgames_common::{
    ByPlayer, Player, RandomAgent, Record, ReplayOptions, Seed, Throw, play_game,
};
use sugoroku_core::{Position, Ruleset, Setup, SugorokuGame, ThrowError};

fn t(s: &str) -> Throw {
    s.parse().unwrap()
}

#[test]
fn play_game_writes_the_events_as_comments_and_replays_strictly() {
    let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    let played = play_game(
        SugorokuGame::default(),
        Seed(11),
        ByPlayer::new(&mut a, &mut b),
        100_000,
    )
    .unwrap();
    // Every throw is commented with its events, as `play_with_dice` writes them.
    let mut again = SugorokuGame::default();
    for entry in played.record.entries() {
        let events = again.play_mut(t(&entry.action)).unwrap();
        assert_eq!(entry.comment.as_deref(), Some(events.to_string().as_str()));
    }
    let text: Record = played.record.to_string().parse().unwrap();
    let strict = SugorokuGame::from_record_with(&text, &ReplayOptions::strict()).unwrap();
    assert_eq!(strict, played.state);
}

#[test]
fn position_play_hands_the_position_back_in_a_std_error() {
    let rules = Ruleset::default();
    let (after, events) = Position::start().play(&rules, t("6-5")).unwrap();
    assert_eq!(after.pawns(Player::First, 11), 1);
    assert_eq!(events.to_string(), "white places on 11");
    // Play a game to its end, then one more throw.
    let end = SugorokuGame::play_seeded(rules, Seed(4)).state;
    let over = *end.position();
    let e = over.play(&rules, t("2-1")).unwrap_err();
    assert_eq!(e.position, over);
    assert!(matches!(e.error, ThrowError::GameOver(_)));
    // The reason is printed, not also exposed as the source (one of the two, never both).
    let dyn_error: &dyn std::error::Error = &e;
    assert!(dyn_error.source().is_none());
    assert_eq!(e.to_string(), e.error.to_string());
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
    // An illegal setup inside a position text: the setup's reason is printed once.
    let illegal = "ff0000000000/15/0 000000000000/15/0 w 0"
        .parse::<Position>()
        .unwrap_err();
    let messages = chain(&illegal);
    assert!(
        messages[0].starts_with("illegal position: "),
        "{messages:?}"
    );
    let reason = messages[0]
        .trim_start_matches("illegal position: ")
        .to_string();
    assert!(!reason.is_empty());
    assert_eq!(
        messages.concat().matches(&reason).count(),
        1,
        "{messages:?}"
    );
    // A throw after the end, by value: the reason once.
    let over = *SugorokuGame::play_seeded(Ruleset::default(), Seed(4))
        .state
        .position();
    let refused = over.play(&Ruleset::default(), t("2-1")).unwrap_err();
    let messages = chain(&refused);
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].starts_with("the game is over ("),
        "{messages:?}"
    );
    // The other errors of the crate.
    for e in [
        &"x".parse::<Throw>().map(|_| ()).unwrap_err() as &dyn std::error::Error,
        &"return=never".parse::<Ruleset>().unwrap_err(),
        &"w b".parse::<Setup>().unwrap_err(),
        &sugoroku_core::Simulation::new(Ruleset::default(), Seed(1), 10)
            .shard(3, 2)
            .unwrap_err(),
    ] {
        assert!(!chain(e)[0].is_empty());
    }
}

#[test]
fn setup_and_position_share_one_text_and_serde_goes_through_it() {
    let mut setup = Setup::default();
    setup.camps[Player::First][6] = 2;
    setup.reserves[Player::First] = 13;
    setup.side = Player::Second;
    setup.throws = 2;
    let text = setup.to_string();
    assert_eq!(text, "000000200000/13/0 000000000000/15/0 b 2");
    assert_eq!(text.parse::<Setup>().unwrap(), setup);
    let position = Position::try_from(setup).unwrap();
    assert_eq!(position.to_string(), text);
    assert_eq!(text.parse::<Position>().unwrap(), position);
    // A setup that is no legal position still has its text; the position refuses it.
    let mut bad = Setup::default();
    bad.camps[Player::First][0] = 1;
    let bad_text = bad.to_string();
    assert_eq!(bad_text.parse::<Setup>().unwrap(), bad);
    assert!(bad_text.parse::<Position>().is_err());
    // serde through the text (with the `serde` feature: `cargo test -p sugoroku-core` alone
    // builds without it).
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&setup).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
        assert_eq!(serde_json::to_string(&position).unwrap(), json);
        assert!(serde_json::from_str::<Setup>("\"00/1/0 w 0\"").is_err());
    }
}

#[test]
fn a_record_of_another_game_is_refused() {
    let mut r = SugorokuGame::play_seeded(Ruleset::default(), Seed(2)).record;
    r.set_tag("Game", "Trictrac").unwrap();
    let e = SugorokuGame::from_record(&r).unwrap_err();
    assert_eq!(
        e.to_string(),
        "this is a record of \"Trictrac\", not of Sugoroku"
    );
    // The Game tag's value is read in any ASCII case.
    r.set_tag("Game", "sugoroku").unwrap();
    assert!(SugorokuGame::from_record(&r).is_ok());
}

#[test]
fn the_seed_tag_must_be_a_seed() {
    let mut r = SugorokuGame::play_seeded(Ruleset::default(), Seed(2)).record;
    assert_eq!(r.tag("Seed"), Some("2"));
    r.set_tag("Seed", "-1").unwrap();
    let e = SugorokuGame::from_record(&r).unwrap_err();
    assert!(
        matches!(e, boardgames_common::ReplayError::Seed(_)),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "Seed tag: invalid seed \"-1\": expected a decimal number or 0x-prefixed hexadecimal \
         up to 2^64-1"
    );
}

/// The docs' path: `PlayedGame::new(game, seed)?`, `apply(..)?`, `to_record()`, back with
/// the inherent `from_record` and `from_record_with` (no trait import), errors through `?`
/// into `Box<dyn Error>` (the repository's API table).
mod as_documented {
    use boardgames_common::{PlayedGame, Record, ReplayOptions, Seed, Throw};
    use sugoroku_core::{Ruleset, SugorokuGame};

    #[test]
    fn a_played_game_s_record_replays() -> Result<(), Box<dyn std::error::Error>> {
        let mut played = PlayedGame::new(SugorokuGame::new(Ruleset::default()), Some(Seed(2)))?;
        for _ in 0..3 {
            played.apply("6-5".parse::<Throw>()?)?;
        }
        let text: Record = played.to_record().to_string().parse()?;
        let strict = SugorokuGame::from_record_with(&text, &ReplayOptions::strict())?;
        assert_eq!(strict.position(), played.state.position());
        assert_eq!(
            SugorokuGame::from_record(&text)?.position(),
            strict.position()
        );
        let tafl: Record = "[Game \"Tafl\"]\n".parse()?;
        assert!(SugorokuGame::from_record_with(&tafl, &ReplayOptions::default()).is_err());
        Ok(())
    }
}

/// `Debug` shows what a person reads: each camp's pawns by point (the player's own numbering),
/// the reserve, held and captured pawns, the side to throw; not the packed camps.
#[test]
fn position_debug_shows_points_and_pawns() {
    use sugoroku_core::Position;
    // White: 1 pawn on 4, 2 on 5, 3 on 7, 1 on 10; reserve 0; holds 2 of the 5 he captured.
    let pos: Position = "000120300100/0/2/5 000000000000/13/0 w 40".parse().unwrap();
    assert_eq!(
        format!("{pos:?}"),
        "Position { white: Camp { points: {4: 1, 5: 2, 7: 3, 10: 1}, reserve: 0, held: 2, \
         captured: 5 }, black: Camp { points: {}, reserve: 13, held: 0, captured: 0 }, \
         side: white, throws: 40 }"
    );
    let pretty = format!("{pos:#?}");
    assert!(
        pretty.contains("        points: {\n            4: 1,\n"),
        "{pretty}"
    );
    assert!(pretty.contains("    side: white,\n"), "{pretty}");
    // The game's Debug shows its position the same way.
    let game = SugorokuGame::from_position(Ruleset::default(), pos);
    assert!(
        format!("{game:?}").contains("white: Camp { points: {4: 1, 5: 2, 7: 3, 10: 1}"),
        "{game:?}"
    );
}

/// Every fieldless enum lists its values in `ALL`, `NUM` of them, each once.
#[test]
fn enums_list_their_values() {
    use sugoroku_core::{Phase, SingleDoublet, Winner};
    assert_eq!(Phase::ALL, [Phase::Placing, Phase::Taking]);
    assert_eq!(Phase::ALL.len(), Phase::NUM);
    assert_eq!(SingleDoublet::ALL.len(), SingleDoublet::NUM);
    assert_eq!(Winner::ALL.len(), Winner::NUM);
    assert_eq!(Player::ALL.len(), Player::NUM);
    for (i, a) in SingleDoublet::ALL.iter().enumerate() {
        assert!(!SingleDoublet::ALL[i + 1..].contains(a));
    }
    assert_ne!(Winner::ALL[0], Winner::ALL[1]);
}

#[test]
fn the_outcome_and_the_diagram_say_how_a_game_ended() {
    use boardgames_common::{Game, Outcome};
    let start = SugorokuGame::default();
    assert_eq!(start.outcome(), None);
    assert_eq!(Game::outcome(&start), None);
    assert!(start.diagram().contains("  to throw\n"));
    let mut seen = (false, false, false);
    for seed in 0..40 {
        let game = SugorokuGame::play_seeded(Ruleset::default(), Seed(seed)).state;
        let end = game.end().unwrap();
        assert_eq!(game.outcome(), Some(end.outcome));
        assert_eq!(game.outcome(), Game::outcome(&game));
        let diagram = game.diagram();
        assert!(!diagram.contains("to throw"), "{diagram}");
        assert!(diagram.ends_with(&format!("  over: {end}\n")), "{diagram}");
        assert_eq!(diagram, game.position().diagram(game.ruleset()));
        match end.outcome {
            Outcome::Winner(Player::First) => seen.0 = true,
            Outcome::Winner(Player::Second) => seen.1 = true,
            Outcome::Draw => seen.2 = true,
        }
    }
    assert_eq!(seen, (true, true, true));
    let game = SugorokuGame::play_seeded(Ruleset::default(), Seed(4)).state;
    assert_eq!(
        game.diagram(),
        "point      1  2  3  4  5  6  7  8  9 10 11 12\n\
         black      0  0  0  0  0  0  0  0  0  0  0  0   reserve  0  held  1\n\
         white      0  1  0  0  0  0  0  0  0  0  0  1   reserve  0  held  6\n\
         throws   61  over: game over: white wins 6-1\n"
    );
}

#[test]
#[allow(deprecated)]
fn the_former_name_of_the_game_type_still_builds_it() {
    let old: sugoroku_core::Sugoroku = sugoroku_core::Sugoroku::new(Ruleset::default());
    assert_eq!(old, SugorokuGame::default());
}
