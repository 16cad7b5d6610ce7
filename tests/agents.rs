//! The generic agents of boardgames-common on the three games: never an illegal action on
//! positions reached by random play, the same action for the same seed, whole games played.

use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
use boardgames_common::{Agent, ByPlayer, Game, RandomAgent, Seed, Turn, play_game, sample_chance};
use sugoroku_core::SugorokuGame;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::{GameOptions, TrictracGame};

/// Decision nodes reached from `start` by random play (chance drawn from the seed), one
/// every `every` decisions, at most `count`.
fn random_positions<G: Game>(start: &G, seed: u64, every: usize, count: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut g = start.clone();
    let mut rng = Seed(seed).rng();
    let mut random = RandomAgent::new(Seed(seed ^ 0xabc));
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    for _ in 0..100_000 {
        let a = match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                g.chance_outcomes(&mut outcomes);
                sample_chance(&outcomes, &mut rng).unwrap()
            }
            Turn::Player(_) => {
                g.legal_actions(&mut legal);
                decisions += 1;
                if decisions % every == 0 && legal.len() > 1 {
                    out.push(g.clone());
                    if out.len() == count {
                        break;
                    }
                }
                random.choose(&g, &legal)
            }
        };
        g.apply(a).unwrap();
    }
    out
}

/// Both agents choose a legal action at every position, and the same again with the same
/// seed.
fn check_agents<G: Game>(positions: &[G], iterations: u32, depth: u32) {
    assert!(!positions.is_empty());
    let mut legal = Vec::new();
    for (i, g) in positions.iter().enumerate() {
        g.legal_actions(&mut legal);
        let mcts = |seed| {
            let mut m: Mcts<G> =
                Mcts::new(MctsConfig::with_iterations(iterations), Seed(seed)).unwrap();
            m.choose(g, &legal)
        };
        let a = mcts(i as u64);
        assert!(legal.contains(&a), "MCTS chose {a:?}, not legal");
        assert_eq!(a, mcts(i as u64), "same seed, same action");
        let mut e: Expectiminimax<G> =
            Expectiminimax::new(ExpectiminimaxConfig::with_depth(depth)).unwrap();
        let b = e.choose(g, &legal);
        assert!(legal.contains(&b), "expectiminimax chose {b:?}, not legal");
        assert_eq!(b, e.choose(g, &legal));
    }
}

#[test]
fn on_trictrac_positions() {
    let start = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    for seed in 0..2 {
        check_agents(&random_positions(&start, seed, 5, 4), 6, 1);
    }
    // A short partie between the two searches ends.
    let mut m: Mcts<_> = Mcts::new(MctsConfig::with_iterations(3), Seed(1)).unwrap();
    let mut r = RandomAgent::new(Seed(2));
    let played = play_game(start, Seed(3), ByPlayer::new(&mut m, &mut r), 100_000).unwrap();
    assert!(played.state.is_terminal());
}

#[test]
fn on_tafl_positions() {
    for rules in [Ruleset::brandubh(), Ruleset::fidchell()] {
        let start = TaflGame::new(rules);
        for seed in 0..2 {
            check_agents(&random_positions(&start, seed, 7, 4), 20, 2);
        }
    }
    let start = TaflGame::new(Ruleset::brandubh());
    let mut m: Mcts<_> = Mcts::new(MctsConfig::with_iterations(10), Seed(1)).unwrap();
    let mut e = Expectiminimax::new(ExpectiminimaxConfig::with_depth(1)).unwrap();
    let played = play_game(start, Seed(3), ByPlayer::new(&mut m, &mut e), 2_000).unwrap();
    assert!(played.state.is_terminal());
}

#[test]
fn sugoroku_has_nothing_to_decide_and_is_simply_played() {
    let start = SugorokuGame::default();
    assert!(
        random_positions(&start, 1, 1, 1).is_empty(),
        "no decision node"
    );
    let mut m: Mcts<SugorokuGame> = Mcts::new(MctsConfig::with_iterations(10), Seed(1)).unwrap();
    let mut e = Expectiminimax::new(ExpectiminimaxConfig::with_depth(2)).unwrap();
    let played = play_game(start, Seed(5), ByPlayer::new(&mut m, &mut e), 100_000).unwrap();
    assert!(played.state.is_terminal());
    // Asked anyway at a chance node, the searches have no decision to search.
    let mut e2: Expectiminimax<SugorokuGame> =
        Expectiminimax::new(ExpectiminimaxConfig::with_depth(2)).unwrap();
    assert!(e2.search(&SugorokuGame::default(), &[]).is_none());
    // Its value by expectiminimax over the dice alone is bounded work (two chance levels).
    let v = e2.value(&SugorokuGame::default(), boardgames_common::Player::First);
    assert_eq!(v, 0.0);
    assert!(e2.nodes() <= 1 + 21 + 21 * 21, "{}", e2.nodes());
}
