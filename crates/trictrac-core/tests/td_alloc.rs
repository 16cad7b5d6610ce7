//! The TD-trained bots allocate nothing per decision: a counting global allocator (this test
//! binary only) sees no allocation while [`TdBot`] and [`TdExpectimaxBot`] choose at every
//! decision of seeded parties (plays, tenir or s'en aller). The file has its own `main`
//! (`harness = false`): the allocator counts every thread, and no other thread runs.

use std::alloc::System;

use boardgames_common::{Agent, Game, Seed, Turn, sample_chance};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use trictrac_core::ai::{TdBot, TdExpectimaxBot, TdNetwork};
use trictrac_core::{GameOptions, TrictracGame};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() {
    decisions_do_not_allocate();
    println!("td_alloc: no allocation in any decision");
}

fn decisions_do_not_allocate() {
    // The shipped network is read once, on first use: before the count.
    let network = TdNetwork::shipped();
    let mut td = TdBot::new(network);
    let mut searcher = TdExpectimaxBot::new(network);
    let (mut legal, mut outcomes) = (Vec::with_capacity(512), Vec::with_capacity(64));
    let (mut decisions, mut searched) = (0, 0);
    for g in 0..6u64 {
        let mut game = TrictracGame::new(GameOptions::default().with_trous_to_win(2));
        let mut rng = Seed(g).rng();
        while game.turn() != Turn::Terminal {
            let action = match game.turn() {
                Turn::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng).expect("an outcome")
                }
                _ => {
                    game.legal_actions(&mut legal);
                    let region = Region::new(GLOBAL);
                    let action = td.choose(&game, &legal);
                    // The searching bot on every third decision (it is slower).
                    if decisions % 3 == 0 {
                        let _ = searcher.choose(&game, &legal);
                        searched += 1;
                    }
                    let stats = region.change();
                    assert_eq!(
                        (stats.allocations, stats.reallocations),
                        (0, 0),
                        "decision {decisions} of partie {g}: {}",
                        game.position()
                    );
                    decisions += 1;
                    action
                }
            };
            game.apply(action).expect("a legal action");
        }
    }
    assert!(
        decisions > 100 && searched > 30,
        "{decisions} decisions, {searched} searched"
    );
}
