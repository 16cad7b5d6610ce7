//! The encodings over seeded random games of every game and form: each legal action has one
//! id, decodes back to itself, reads back from its text; masks equal the legal ids; records
//! replay to the same state; games played out by the family's loop write the records of
//! `play_game`; a refused record is the crate's typed error.

use boardgames_common::{
    Agent, ByPlayer, Game, Player, RandomAgent, ReplayError, Seed, Turn, play_game,
};
use boardgames_py::{CHANCE, Encoded, EncodedState, RecordError, TERMINAL};
use sugoroku_core::SugorokuGame;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::GameOptions;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions, TrictracGame};

/// Plays `start` with random agents and seeded chance through an [`EncodedState`], checking the
/// encodings at every node; returns the state.
fn check_game<G: Encoded>(start: G, seed: u64, max_actions: usize) -> EncodedState<G> {
    let mut encoded = EncodedState::new(start, Some(Seed(seed)), usize::MAX);
    let mut rng = Seed(seed).rng();
    let mut agents = [
        RandomAgent::new(Seed(seed + 1)),
        RandomAgent::new(Seed(seed + 2)),
    ];
    let mut legal = Vec::new();
    for _ in 0..max_actions {
        let state = encoded.state().clone();
        let ids = encoded.legal_actions();
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "sorted and distinct: {ids:?}"
        );
        let mask = encoded.legal_actions_mask();
        assert_eq!(mask.iter().filter(|&&b| b).count(), ids.len());
        assert!(ids.iter().all(|&i| mask[i]));
        for &id in &ids {
            let id = i64::try_from(id).unwrap();
            let text = encoded.action_to_string(id).unwrap();
            assert_eq!(
                encoded.string_to_action(&text).map(|i| i as i64),
                Ok(id),
                "{text}"
            );
        }
        let obs = encoded.observation(Player::First);
        assert_eq!(
            obs.len(),
            state.observation_shape().iter().product::<usize>()
        );
        assert!(obs.iter().all(|v| v.is_finite()));
        let action = match encoded.current_player() {
            TERMINAL => break,
            CHANCE => {
                let outcomes = encoded.chance_outcomes();
                let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-9);
                assert_eq!(outcomes.len(), ids.len());
                encoded.sample_chance(&mut rng).unwrap()
            }
            p => {
                state.legal_actions(&mut legal);
                // One id per legal action: the crate lists no two actions under one id.
                assert_eq!(legal.len(), ids.len(), "{legal:?}");
                for &a in &legal {
                    assert_eq!(state.decode(state.encode(a)), Some(a));
                }
                agents[usize::try_from(p).unwrap()].choose(&state, &legal)
            }
        };
        encoded.apply(action).unwrap();
    }
    encoded
}

/// The same game as `play_game` gives for the same seeds: the record of the state equals
/// the record of the crates.
fn same_as_play_game<G: Encoded>(start: G, seed: u64) -> String {
    let encoded = check_game(start.clone(), seed, 1_000_000);
    assert_eq!(encoded.current_player(), TERMINAL);
    let (mut a, mut b) = (
        RandomAgent::new(Seed(seed + 1)),
        RandomAgent::new(Seed(seed + 2)),
    );
    let played = play_game(start, Seed(seed), ByPlayer::new(&mut a, &mut b), 1_000_000).unwrap();
    let text = encoded.record_text().unwrap();
    assert_eq!(text, played.record.to_string());
    let again: EncodedState<G> = EncodedState::from_record_text(&text, usize::MAX).unwrap();
    assert_eq!(again.history(), encoded.history());
    assert_eq!(again.history_ids(), encoded.history_ids());
    assert_eq!(again.record_text().unwrap(), text);
    text
}

fn fixture(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap();
    assert_eq!(stored, text, "{name}: run with BLESS=1 to write it again");
}

#[test]
fn tafl_encodings_on_random_games() {
    for (rules, seed) in [
        (Ruleset::fidchell(), 1),
        (Ruleset::brandubh(), 2),
        (Ruleset::tablut(), 3),
        (Ruleset::copenhagen(), 4),
        (Ruleset::ard_ri(), 5),
    ] {
        let s = check_game(TaflGame::new(rules), seed, 300);
        assert!(!s.history().is_empty());
    }
}

#[test]
fn trictrac_encodings_on_random_games() {
    for seed in 0..6 {
        let s = check_game(TrictracGame::new(GameOptions::default()), seed, 3_000);
        assert!(s.history().len() > 100);
    }
    let ecrire = EcrireGame::new(EcrireOptions::new(EcrireRules::new(2).unwrap()));
    let s = check_game(ecrire, 9, 3_000);
    assert!(s.history().len() > 100);
}

#[test]
fn sugoroku_encodings_on_random_games() {
    for seed in 0..5 {
        let s = check_game(SugorokuGame::default(), seed, 100_000);
        assert_eq!(s.current_player(), TERMINAL);
    }
}

#[test]
fn encoded_states_write_the_records_of_play_game() {
    fixture(
        "tafl-brandubh-7.txt",
        &same_as_play_game(TaflGame::new(Ruleset::brandubh()), 7),
    );
    fixture(
        "tafl-fidchell-8.txt",
        &same_as_play_game(TaflGame::new(Ruleset::fidchell()), 8),
    );
    let short = GameOptions::default().with_trous_to_win(1);
    fixture(
        "trictrac-trous1-5.txt",
        &same_as_play_game(TrictracGame::new(short), 5),
    );
    fixture(
        "sugoroku-3.txt",
        &same_as_play_game(SugorokuGame::default(), 3),
    );
}

#[test]
fn a_refused_id_leaves_the_state_unchanged() {
    let mut s = EncodedState::new(TaflGame::new(Ruleset::fidchell()), None, usize::MAX);
    let before = s.legal_actions();
    for id in [-1, 0, 1175, 1176, i64::MAX] {
        if before.contains(&usize::try_from(id).unwrap_or(usize::MAX)) {
            continue;
        }
        assert!(s.apply_action(id).is_err());
        assert!(s.history().is_empty());
        assert_eq!(s.legal_actions(), before);
    }
    assert_eq!(s.state().turn(), Turn::Player(Player::First));
}

#[test]
fn a_game_cut_at_its_maximum_length_is_terminal_with_no_returns() {
    let mut s = EncodedState::new(TaflGame::new(Ruleset::brandubh()), None, 3);
    for _ in 0..3 {
        let id = s.legal_actions()[0];
        s.apply_action(i64::try_from(id).unwrap()).unwrap();
    }
    assert!(s.is_truncated());
    assert_eq!(s.current_player(), TERMINAL);
    assert_eq!(s.returns(), [0.0, 0.0]);
    assert!(s.legal_actions().is_empty());
    assert!(s.apply_action(0).is_err());
    assert!(s.record_text().unwrap().contains("[Result \"*\"]"));
}

/// `play_out` is the family's loop: for the same seed and agents it writes the record of
/// `play_game`, and each id is the one of its action at the state where it was applied (the
/// ids of the same record read back).
fn play_out_is_play_game<G: Encoded>(start: G, seed: u64) {
    let (mut a, mut b) = (
        RandomAgent::new(Seed(seed).derive(0)),
        RandomAgent::new(Seed(seed).derive(1)),
    );
    let mut state = EncodedState::new(start.clone(), None, usize::MAX);
    state
        .play_out(Seed(seed), ByPlayer::new(&mut a, &mut b))
        .unwrap();
    assert_eq!(state.current_player(), TERMINAL);
    assert_eq!(state.history().len(), state.history_ids().len());
    let (mut a, mut b) = (
        RandomAgent::new(Seed(seed).derive(0)),
        RandomAgent::new(Seed(seed).derive(1)),
    );
    let played = play_game(start, Seed(seed), ByPlayer::new(&mut a, &mut b), 1_000_000).unwrap();
    let text = state.record_text().unwrap();
    assert_eq!(text, played.record.to_string());
    let again: EncodedState<G> = EncodedState::from_record_text(&text, usize::MAX).unwrap();
    assert_eq!(again.history_ids(), state.history_ids());
    assert_eq!(again.seed(), Some(Seed(seed)));
}

#[test]
fn play_out_writes_the_record_of_play_game_with_the_ids_of_its_actions() {
    play_out_is_play_game(TaflGame::new(Ruleset::brandubh()), 11);
    play_out_is_play_game(
        TrictracGame::new(GameOptions::default().with_trous_to_win(1)),
        12,
    );
    play_out_is_play_game(
        EcrireGame::new(EcrireOptions::new(EcrireRules::new(1).unwrap())),
        13,
    );
    play_out_is_play_game(SugorokuGame::default(), 14);
}

#[test]
fn play_out_stops_at_the_maximum_length_without_error() {
    let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    let mut state = EncodedState::new(TaflGame::new(Ruleset::fidchell()), None, 5);
    state
        .play_out(Seed(3), ByPlayer::new(&mut a, &mut b))
        .unwrap();
    assert_eq!(state.history().len(), 5);
    assert!(state.is_truncated());
    assert_eq!(state.history_ids().len(), 5);
}

#[test]
fn a_refused_record_is_the_crates_typed_replay_error() {
    // The second action is refused: the error names it, by its number from 1.
    let text = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. g4-f4\n2. d4-d9\n";
    let error = EncodedState::<TaflGame>::from_record_text(text, usize::MAX).unwrap_err();
    assert!(
        matches!(
            error,
            RecordError::Replay(ReplayError::Action { index: 2, .. })
        ),
        "{error:?}"
    );
    assert!(error.to_string().starts_with("action 2: "), "{error}");
    // Another game's record.
    let error = EncodedState::<SugorokuGame>::from_record_text("[Game \"Tafl\"]\n\n", usize::MAX)
        .unwrap_err();
    assert!(
        matches!(error, RecordError::Replay(ReplayError::OtherGame(_))),
        "{error:?}"
    );
    // A record longer than the maximum length is refused before its replay (its second
    // action would be refused too).
    let error = EncodedState::<TaflGame>::from_record_text(text, 1).unwrap_err();
    assert!(
        matches!(error, RecordError::TooLong { actions: 2, max: 1 }),
        "{error:?}"
    );
    // A `Result` tag that the game contradicts, checked after the last action.
    let wrong = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n[Result \"1-0\"]\n\n1. g4-f4\n";
    let error = EncodedState::<TaflGame>::from_record_text(wrong, usize::MAX).unwrap_err();
    assert!(
        matches!(error, RecordError::Replay(ReplayError::Result(_))),
        "{error:?}"
    );
}

#[test]
#[allow(deprecated)]
fn the_former_names_are_deprecated_aliases_of_the_same_types() {
    let s: boardgames_py::Session<TaflGame> =
        boardgames_py::Session::new(TaflGame::new(Ruleset::brandubh()), None, 3);
    let t: EncodedState<TaflGame> = s;
    assert_eq!(t.max_length(), 3);
    let ordinaire: boardgames_py::trictrac::Ordinaire = TrictracGame::new(GameOptions::default());
    let ecrire: boardgames_py::trictrac::Ecrire =
        EcrireGame::new(EcrireOptions::new(EcrireRules::new(2).unwrap()));
    assert_eq!(ordinaire.options().trous_to_win, 12);
    assert_eq!(ecrire.options().rules.marques(), 2);
}
