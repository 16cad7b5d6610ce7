//! Decision times of the searching agents: the trictrac `ExpectimaxBot` on play decisions
//! and on tenir / s'en aller decisions met for the first time (when it also values leaving,
//! its costliest decision), and the generic MCTS and expectiminimax on tafl (Brandubh).
//!
//! Decision sets: every 5th decision with more than one legal action of 2 seeded parties
//! ordinaires between two heuristic bots (seeds 0 and 1), and the tenir / s'en aller choices
//! before the play of the same parties; every 4th position of 2 random Brandubh games. One
//! iteration decides every state of a set once; the throughput is in decisions.
//!
//! Run: `cargo bench --bench agents -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
use boardgames_common::{Agent, Game, RandomAgent, Seed, Turn, sample_chance};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::ai::{Bot, ExpectimaxBot};
use trictrac_core::{ChoiceStage, GameOptions, Phase, TrictracGame};

/// Decision states of `start` played by `agent` for both sides: every `every`-th with more
/// than one legal action, and (separately) those `keep` selects.
fn decisions<G: Game>(
    start: &G,
    seeds: u64,
    every: usize,
    agent: &mut dyn FnMut(u64) -> Box<dyn Agent<G>>,
    keep: &dyn Fn(&G) -> bool,
) -> (Vec<G>, Vec<G>) {
    let (mut set, mut kept) = (Vec::new(), Vec::new());
    for seed in 0..seeds {
        let mut g = start.clone();
        let mut rng = Seed(seed).rng();
        let mut player = agent(seed);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut n = 0usize;
        for _ in 0..200_000 {
            let a = match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    g.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng).expect("outcomes at a chance node")
                }
                Turn::Player(_) => {
                    g.legal_actions(&mut legal);
                    if legal.len() > 1 {
                        n += 1;
                        if n.is_multiple_of(every) {
                            set.push(g.clone());
                        }
                        if keep(&g) {
                            kept.push(g.clone());
                        }
                    }
                    player.choose(&g, &legal)
                }
            };
            g.apply(a).expect("a legal action");
        }
        assert!(g.is_terminal(), "the set's game {seed} ended");
    }
    (set, kept)
}

fn legal_of<G: Game>(set: &[G]) -> Vec<Vec<G::Action>> {
    set.iter()
        .map(|g| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v
        })
        .collect()
}

fn trictrac(c: &mut Criterion) {
    let start = TrictracGame::new(GameOptions::default());
    let before_play = |g: &TrictracGame| {
        matches!(
            g.phase(),
            Phase::Choice {
                stage: ChoiceStage::BeforePlay,
                ..
            }
        )
    };
    let (plays, choices) = decisions(
        &start,
        2,
        5,
        &mut |_| Box::new(Bot::default()),
        &before_play,
    );
    assert!(plays.len() >= 40, "{} play decisions", plays.len());
    assert!(!choices.is_empty(), "no tenir / s'en aller choice met");
    let (plays_legal, choices_legal) = (legal_of(&plays), legal_of(&choices));
    let mut group = c.benchmark_group("agents/trictrac");
    group.throughput(Throughput::Elements(plays.len() as u64));
    group.bench_function(format!("searchbot play, {} decisions", plays.len()), |b| {
        let mut bot = ExpectimaxBot::default();
        b.iter(|| {
            for (g, legal) in plays.iter().zip(&plays_legal) {
                black_box(bot.choose(g, legal));
            }
        });
    });
    group.throughput(Throughput::Elements(choices.len() as u64));
    group.bench_function(
        format!(
            "searchbot first tenir or s'en aller, {} decisions",
            choices.len()
        ),
        |b| {
            b.iter(|| {
                for (g, legal) in choices.iter().zip(&choices_legal) {
                    // A fresh bot: the value of leaving is computed in the decision.
                    black_box(ExpectimaxBot::default().choose(g, legal));
                }
            });
        },
    );
    group.finish();
}

fn tafl(c: &mut Criterion) {
    let start = TaflGame::new(Ruleset::brandubh());
    let (set, _) = decisions(
        &start,
        2,
        4,
        &mut |s| Box::new(RandomAgent::new(Seed(s))),
        &|_| false,
    );
    assert!(set.len() >= 10, "{} tafl decisions", set.len());
    let legal = legal_of(&set);
    let mut group = c.benchmark_group("agents/tafl brandubh");
    group.throughput(Throughput::Elements(set.len() as u64));
    group.bench_function(format!("mcts:300, {} decisions", set.len()), |b| {
        b.iter(|| {
            for (i, (g, l)) in set.iter().zip(&legal).enumerate() {
                let mut m: Mcts<TaflGame> =
                    Mcts::new(MctsConfig::with_iterations(300), Seed(i as u64)).expect("config");
                black_box(m.choose(g, l));
            }
        });
    });
    group.bench_function(format!("expecti:2, {} decisions", set.len()), |b| {
        let mut e =
            Expectiminimax::<TaflGame>::new(ExpectiminimaxConfig::with_depth(2)).expect("config");
        b.iter(|| {
            for (g, l) in set.iter().zip(&legal) {
                black_box(e.choose(g, l));
            }
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = trictrac, tafl
}
criterion_main!(benches);
