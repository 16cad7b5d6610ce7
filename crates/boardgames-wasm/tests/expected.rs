//! The games the JavaScript tests play again in the package: each case played natively by
//! `play_game` with the arena's bots (the first player's seeded `seed.derive(1)`, the
//! second's `seed.derive(2)`), its record, returns and length compared with
//! `tests/expected.json`, which `js/test/games.test.mjs` compares with the package's.
//! `BOARDGAMES_BLESS=1 cargo test -p boardgames-wasm` writes the file anew.

use boardgames_arena::agents::{AgentBuilder, RegisteredGame};
use boardgames_common::{ByPlayer, PlayedGame, Seed, play_game};
use boardgames_wasm::session::Session;
use serde_json::{Value, json};
use sugoroku_core::SugorokuGame;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions, GameOptions, TrictracGame};

/// A game played to its end by `first` and `second` from `seed`.
fn played<G: RegisteredGame>(start: G, seed: u64, first: &str, second: &str) -> PlayedGame<G> {
    let seed = Seed(seed);
    let build = |name: &str, stream| {
        AgentBuilder::new(name.parse().unwrap())
            .unwrap()
            .build::<G>(seed.derive(stream))
            .unwrap()
    };
    let (mut a, mut b) = (build(first, 1), build(second, 2));
    play_game(start, seed, ByPlayer::new(&mut *a, &mut *b), 100_000).unwrap()
}

/// The case as the JavaScript test reads it.
fn case<G: RegisteredGame>(
    game: &str,
    setup: Value,
    seed: u64,
    agents: [&str; 2],
    start: G,
) -> Value {
    let p = played(start, seed, agents[0], agents[1]);
    let r = p.state.returns();
    json!({
        "game": game,
        "setup": setup,
        "seed": seed,
        "agents": agents,
        "record": p.to_record().to_string(),
        "returns": [r.first, r.second],
        "length": p.record.entries().len(),
    })
}

fn tafl(rules: &str) -> TaflGame {
    TaflGame::new(rules.parse::<Ruleset>().unwrap())
}

fn trictrac(trous: u8) -> TrictracGame {
    TrictracGame::new(GameOptions::default().with_trous_to_win(trous))
}

fn ecrire(marques: u32) -> EcrireGame {
    EcrireGame::new(EcrireOptions::new(EcrireRules::new(marques).unwrap()))
}

fn sugoroku(rules: &str) -> SugorokuGame {
    let ruleset = if rules.is_empty() {
        sugoroku_core::Ruleset::default()
    } else {
        rules.parse().unwrap()
    };
    SugorokuGame::new(ruleset)
}

const BRANDUBH_STRING: &str =
    "dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

fn cases() -> Value {
    Value::Array(vec![
        case(
            "tafl",
            json!("brandubh"),
            7,
            ["random", "random"],
            tafl("brandubh"),
        ),
        case(
            "tafl",
            json!("fidchell"),
            5,
            ["bard", "random"],
            tafl("fidchell"),
        ),
        case(
            "tafl",
            json!("brandubh"),
            11,
            ["druid:3000", "ovate:2000"],
            tafl("brandubh"),
        ),
        case("tafl", json!("tablut"), 3, ["bard", "bard"], tafl("tablut")),
        case(
            "tafl",
            json!(BRANDUBH_STRING),
            2,
            ["mcts:30", "random"],
            tafl(BRANDUBH_STRING),
        ),
        case(
            "trictrac",
            json!({ "trous": 12 }),
            3,
            ["random", "random"],
            trictrac(12),
        ),
        case(
            "trictrac",
            json!({ "trous": 2 }),
            4,
            ["tdbot", "bot"],
            trictrac(2),
        ),
        case(
            "trictrac",
            json!({ "trous": 1 }),
            6,
            ["tdsearchbot", "searchbot"],
            trictrac(1),
        ),
        case(
            "ecrire",
            json!({ "marques": 2 }),
            9,
            ["bot", "random"],
            ecrire(2),
        ),
        case("sugoroku", json!(""), 5, ["random", "random"], sugoroku("")),
        case(
            "sugoroku",
            json!("return=removes extra=no"),
            8,
            ["random", "random"],
            sugoroku("return=removes extra=no"),
        ),
    ])
}

#[test]
fn the_expected_games_are_the_native_games() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/expected.json");
    let now = cases();
    if std::env::var_os("BOARDGAMES_BLESS").is_some() {
        std::fs::write(path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
    }
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        kept, now,
        "tests/expected.json differs from the native games"
    );
}

#[test]
fn a_session_plays_the_game_play_game_plays() {
    let seed = 4;
    let native = played(trictrac(2), seed, "tdbot", "bot");
    let mut session = Session::new(trictrac(2), Some(Seed(seed))).unwrap();
    let build = |name: &str, stream| {
        AgentBuilder::new(name.parse().unwrap())
            .unwrap()
            .build::<TrictracGame>(Seed(seed).derive(stream))
            .unwrap()
    };
    let (mut a, mut b) = (build("tdbot", 1), build("bot", 2));
    let n = session.play_out(&mut *a, &mut *b, 100_000).unwrap();
    assert_eq!(n, native.record.entries().len());
    assert_eq!(session.record_text(), native.to_record().to_string());
}

#[test]
fn a_record_loaded_midway_draws_the_same_dice_after() {
    let whole = played(trictrac(1), 12, "random", "random");
    let text = whole.to_record().to_string();
    // The first half of the record, then the rest drawn by the session.
    let half = whole.record.entries().len() / 2;
    assert!(half >= 10, "{half}");
    let cut: String = {
        let mut r = boardgames_common::Record::new("Trictrac");
        for (k, v) in whole.record.tags() {
            if k != "Result" && k != "Game" {
                r.set_tag(k, v).unwrap();
            }
        }
        for e in &whole.record.entries()[..half] {
            match &e.comment {
                Some(c) => r.push_commented(e.action.clone(), c.clone()).unwrap(),
                None => r.push_action(e.action.clone()).unwrap(),
            }
        }
        r.to_string()
    };
    let mut session = Session::<TrictracGame>::from_record(&cut).unwrap();
    assert_eq!(session.actions(), half);
    let mut n = 0;
    while session.turn() != boardgames_common::Turn::Terminal && n < 100_000 {
        if session.turn() == boardgames_common::Turn::Chance {
            session.apply_chance().unwrap();
        } else {
            let next = whole.record.entries()[session.actions()].action.clone();
            session.apply(&next).unwrap();
        }
        n += 1;
    }
    assert_eq!(session.record_text(), text);
}

#[test]
fn errors_carry_the_crates_messages_and_change_nothing() {
    let mut session = Session::new(tafl("brandubh"), None).unwrap();
    let before = session.record_text();
    let e = session.apply("d1-d9").unwrap_err();
    assert!(e.contains("d1-d9"), "{e}");
    assert_eq!(session.record_text(), before);
    let e = session.apply_chance().unwrap_err();
    assert!(e.contains("not a chance node"), "{e}");
    let e = Session::<TaflGame>::from_record("[Game \"Trictrac\"]\n\n1. 6-5\n").unwrap_err();
    assert!(e.to_lowercase().contains("trictrac"), "{e}");
    let mut sugoroku = Session::new(sugoroku(""), None).unwrap();
    let e = sugoroku.apply_chance().unwrap_err();
    assert!(e.contains("no seed"), "{e}");
}
