//! The native half of `scripts/bench-wasm`: the work `js/bench/speed.mjs` does in Node.js on
//! the package, timed the same way (wall clock around the same loops), printed as JSON.
//! Run: `cargo run --release -p boardgames-wasm --example speed`.

use std::time::Instant;

use boardgames_arena::agents::AgentBuilder;
use boardgames_common::{Seed, Turn};
use boardgames_wasm::session::Session;
use sugoroku_core::{Ruleset as SugorokuRules, SugorokuGame};
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::{GameOptions, TrictracGame};

/// The number of trictrac parties of the tdbot positions and of the random parties.
const PARTIES: u64 = 20;
/// The number of sugoroku games.
const SUGOROKU_GAMES: u64 = 10_000;

fn bot<G: boardgames_arena::agents::RegisteredGame>(
    name: &str,
    seed: Seed,
) -> boardgames_arena::agents::BoxedAgent<G> {
    AgentBuilder::new(name.parse().unwrap())
        .unwrap()
        .build::<G>(seed)
        .unwrap()
}

/// Each section is run five times and timed the last time: V8 compiles WebAssembly first
/// with its baseline compiler and optimises a hot function only after it has run for a
/// while, so the first runs of a short section (the TD bot's 221 decisions take some
/// milliseconds) time the compilers. The same here as in js/bench/speed.mjs.
const ROUNDS: usize = 5;

fn main() {
    let mut out = String::new();
    for _ in 0..ROUNDS {
        out = run();
    }
    println!("{out}");
}

fn run() -> String {
    // Tafl perft, Brandubh depth 5.
    let game = TaflGame::new(Ruleset::brandubh());
    let t = Instant::now();
    let nodes = tafl_core::perft(game.position(), game.rules(), 5);
    let perft_s = t.elapsed().as_secs_f64();

    // One tdbot decision at each decision of the random parties of seeds 1..=PARTIES (to 1
    // trou): only the tdbot's decisions are timed.
    let td = AgentBuilder::new("tdbot".parse().unwrap()).unwrap();
    let mut decisions = 0u64;
    let mut td_s = 0.0;
    for s in 1..=PARTIES {
        let mut session = Session::new(
            TrictracGame::new(GameOptions::default().with_trous_to_win(1)),
            Some(Seed(s)),
        )
        .unwrap();
        let mut random = bot::<TrictracGame>("random", Seed(s).derive(1));
        let mut tdbot = td.build::<TrictracGame>(Seed(0)).unwrap();
        while session.turn() != Turn::Terminal {
            if session.turn() == Turn::Chance {
                session.apply_chance().unwrap();
            } else {
                let t = Instant::now();
                let choice = session.agent_action(&mut *tdbot).unwrap();
                td_s += t.elapsed().as_secs_f64();
                std::hint::black_box(choice);
                decisions += 1;
                let a = session.agent_action(&mut *random).unwrap();
                session.apply(&a).unwrap();
            }
        }
    }

    // Random parties to 12 trous, with their records, by play_out.
    let t = Instant::now();
    let mut actions = 0u64;
    for s in 1..=PARTIES {
        let mut session =
            Session::new(TrictracGame::new(GameOptions::default()), Some(Seed(s))).unwrap();
        let mut a = bot::<TrictracGame>("random", Seed(s).derive(1));
        let mut b = bot::<TrictracGame>("random", Seed(s).derive(2));
        actions += session.play_out(&mut *a, &mut *b, 1_000_000).unwrap() as u64;
    }
    let partie_s = t.elapsed().as_secs_f64();
    // The throws among those actions (the same games are replayed to count them, untimed).
    let mut throws = 0u64;
    for s in 1..=PARTIES {
        let mut session =
            Session::new(TrictracGame::new(GameOptions::default()), Some(Seed(s))).unwrap();
        let mut a = bot::<TrictracGame>("random", Seed(s).derive(1));
        let mut b = bot::<TrictracGame>("random", Seed(s).derive(2));
        while session.turn() != Turn::Terminal {
            match session.turn() {
                Turn::Chance => {
                    let text = session.apply_chance().unwrap();
                    if !text.starts_with("primaut") {
                        throws += 1;
                    }
                }
                Turn::Player(p) => {
                    let agent = if p == boardgames_common::Player::First {
                        &mut a
                    } else {
                        &mut b
                    };
                    let x = session.agent_action(&mut **agent).unwrap();
                    session.apply(&x).unwrap();
                }
                Turn::Terminal => {}
            }
        }
    }

    // 10 000 sugoroku games, chance only.
    let t = Instant::now();
    let mut throws_sugoroku = 0u64;
    // Sugoroku has no decision: its bots are never asked, and one pair serves every game.
    let mut r1 = bot::<SugorokuGame>("random", Seed(1));
    let mut r2 = bot::<SugorokuGame>("random", Seed(2));
    for s in 0..SUGOROKU_GAMES {
        let mut session =
            Session::new(SugorokuGame::new(SugorokuRules::default()), Some(Seed(s))).unwrap();
        throws_sugoroku += session.play_out(&mut *r1, &mut *r2, 1_000_000).unwrap() as u64;
    }
    let sugoroku_s = t.elapsed().as_secs_f64();

    format!(
        "{{\"perft_nodes\": {nodes}, \"perft_s\": {perft_s}, \"td_decisions\": {decisions}, \"td_s\": {td_s}, \"partie_actions\": {actions}, \"partie_throws\": {throws}, \"partie_s\": {partie_s}, \"sugoroku_games\": {SUGOROKU_GAMES}, \"sugoroku_throws\": {throws_sugoroku}, \"sugoroku_s\": {sugoroku_s}}}"
    )
}
