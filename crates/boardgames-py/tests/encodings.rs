//! The encodings over seeded random games of every game and form: each legal action has one
//! id, decodes back to itself, reads back from its text; masks equal the legal ids; records
//! replay to the same session.

use boardgames_common::{Agent, ByPlayer, Game, Player, RandomAgent, Seed, Turn, play_game};
use boardgames_py::trictrac::{Ecrire, Ordinaire};
use boardgames_py::{CHANCE, Encoded, Session, TERMINAL};
use sugoroku_core::SugorokuGame;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::EcrireOptions;
use trictrac_core::GameOptions;
use trictrac_core::ecrire::settlement::EcrireRules;

/// Plays `start` with random agents and seeded chance through a [`Session`], checking the
/// encodings at every node; returns the session.
fn check_game<G: Encoded>(start: G, seed: u64, max_actions: usize) -> Session<G> {
    let mut session = Session::new(start, Some(Seed(seed)), usize::MAX);
    let mut rng = Seed(seed).rng();
    let mut agents = [
        RandomAgent::new(Seed(seed + 1)),
        RandomAgent::new(Seed(seed + 2)),
    ];
    let mut legal = Vec::new();
    for _ in 0..max_actions {
        let state = session.state().clone();
        let ids = session.legal_actions();
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "sorted and distinct: {ids:?}"
        );
        let mask = session.legal_actions_mask();
        assert_eq!(mask.iter().filter(|&&b| b).count(), ids.len());
        assert!(ids.iter().all(|&i| mask[i]));
        for &id in &ids {
            let id = i64::try_from(id).unwrap();
            let text = session.action_to_string(id).unwrap();
            assert_eq!(
                session.string_to_action(&text).map(|i| i as i64),
                Ok(id),
                "{text}"
            );
        }
        let obs = session.observation(Player::First);
        assert_eq!(
            obs.len(),
            state.observation_shape().iter().product::<usize>()
        );
        assert!(obs.iter().all(|v| v.is_finite()));
        let action = match session.current_player() {
            TERMINAL => break,
            CHANCE => {
                let outcomes = session.chance_outcomes();
                let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-9);
                assert_eq!(outcomes.len(), ids.len());
                session.sample_chance(&mut rng).unwrap()
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
        session.apply(action).unwrap();
    }
    session
}

/// The same game as `play_game` gives for the same seeds: the record of the session equals
/// the record of the crates.
fn same_as_play_game<G: Encoded>(start: G, seed: u64) -> String {
    let session = check_game(start.clone(), seed, 1_000_000);
    assert_eq!(session.current_player(), TERMINAL);
    let (mut a, mut b) = (
        RandomAgent::new(Seed(seed + 1)),
        RandomAgent::new(Seed(seed + 2)),
    );
    let played = play_game(start, Seed(seed), ByPlayer::new(&mut a, &mut b), 1_000_000).unwrap();
    let text = session.record_text().unwrap();
    assert_eq!(text, played.record.to_string());
    let again: Session<G> = Session::from_record_text(&text, usize::MAX).unwrap();
    assert_eq!(again.history(), session.history());
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
        let s = check_game(Ordinaire::new(GameOptions::default()), seed, 3_000);
        assert!(s.history().len() > 100);
    }
    let ecrire = Ecrire::new(EcrireOptions::new(EcrireRules::new(2).unwrap()));
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
fn sessions_write_the_records_of_play_game() {
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
        &same_as_play_game(Ordinaire::new(short), 5),
    );
    fixture(
        "sugoroku-3.txt",
        &same_as_play_game(SugorokuGame::default(), 3),
    );
}

#[test]
fn a_refused_id_leaves_the_session_unchanged() {
    let mut s = Session::new(TaflGame::new(Ruleset::fidchell()), None, usize::MAX);
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
    let mut s = Session::new(TaflGame::new(Ruleset::brandubh()), None, 3);
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
