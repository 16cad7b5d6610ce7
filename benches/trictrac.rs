//! Trictrac benchmarks (issue 10): legal plays of every one of the 21 throws, the scoring of
//! a throw (legal plays with the fill/keep obligations, the before-play jans, the after-play
//! events of every play), the before-play points alone (the bot's reply estimate) at the set's
//! positions and after every play of one throw (where the bot asks them), a whole partie
//! ordinaire between two bots with its record, and
//! whole parties without a record per throw (random agents, bots without and with
//! lookahead), to compare a partie with its kernel (the analysis of one throw); the TD bots'
//! decisions and parties, and their ratios (the one-ply search to the plain decision, a
//! partie of TD bots to a random partie per throw) timed side by side in one bench each.
//!
//! Position set: every 4th throw position (the side to move about to throw) of 4 seeded
//! parties ordinaires between two default [`Bot`]s (seeds 0 to 3): 349 positions.
//! Each bench asserts the counts it times before timing them.
//!
//! Run: `cargo bench --bench trictrac -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use boardgames_common::{
    Agent, ByPlayer, Game, RandomAgent, Seed, Throw, Turn, UNORDERED_OUTCOMES, play_game,
    sample_chance,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trictrac_core::LegalPlays;
use trictrac_core::ai::{Bot, TdBot, TdExpectimaxBot};
use trictrac_core::scoring::{JanScorer, ThrowScorer};
use trictrac_core::scoring::{ScoringRules, ThrowAnalysis, points_for};
use trictrac_core::{Action, GameOptions, Phase, TrictracGame};
use trictrac_core::{Colour, Position};

/// Games the position set is taken from, and the spacing of the positions kept.
const SET_GAMES: u64 = 4;
const EVERY: usize = 4;
/// Actions after which a bot partie is abandoned (never reached: asserted).
const MAX_ACTIONS: usize = 100_000;

/// Every `EVERY`-th position at which the side to move is about to throw, in `SET_GAMES`
/// seeded bot parties.
fn position_set() -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..SET_GAMES {
        let seed = Seed(g);
        let mut rng = seed.rng();
        let mut bots = (Bot::default(), Bot::default());
        let mut game = TrictracGame::new(GameOptions::default());
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        let mut throws = 0usize;
        let mut finished = false;
        for _ in 0..MAX_ACTIONS {
            let action = match game.turn() {
                Turn::Terminal => {
                    finished = true;
                    break;
                }
                Turn::Chance => {
                    if game.phase() == Phase::Throw {
                        if throws.is_multiple_of(EVERY) {
                            out.push(*game.position());
                        }
                        throws += 1;
                    }
                    game.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng).expect("a chance outcome")
                }
                Turn::Player(p) => {
                    game.legal_actions(&mut legal);
                    let bot = match p {
                        boardgames_common::Player::First => &mut bots.0,
                        boardgames_common::Player::Second => &mut bots.1,
                    };
                    boardgames_common::Agent::choose(bot, &game, &legal)
                }
            };
            game.apply(action).expect("a legal action");
        }
        assert!(finished, "bot partie {g} did not end");
    }
    out
}

/// The 21 distinct throws.
fn throws() -> [Throw; 21] {
    UNORDERED_OUTCOMES.map(|(t, _)| t)
}

/// Pinned counts over the set: positions, legal plays (movement laws only) over the 21
/// throws of every position, legal plays with the fill/keep obligations, points marked
/// before the play (both colours), points marked after the play summed over every play.
/// (The laws corrected for the sortie add 22 plays over the set: a sortant number played
/// inside, the other then bearing off by excess, was refused before.)
const COUNTS: (usize, usize, usize, u64, u64) = (349, 67_208, 66_461, 3_338, 0);

fn counts(positions: &[Position]) -> (usize, usize, usize, u64, u64) {
    let rules = ScoringRules::default();
    let mut lp = LegalPlays::new();
    let (mut movement, mut scored, mut before, mut after) = (0, 0, 0u64, 0u64);
    for p in positions {
        for t in throws() {
            p.movement_plays_into(t, &mut lp);
            movement += lp.len();
            p.legal_plays_into(t, &mut lp);
            let a = ThrowAnalysis::new(p, t, &rules);
            assert_eq!(lp.len(), a.legal_plays().len(), "{p} {t}");
            scored += a.legal_plays().len();
            before += u64::from(a.points_before(Colour::White) + a.points_before(Colour::Black));
            for i in 0..a.legal_plays().len() {
                let ev = a.after_play_index(i).expect("a play");
                after += u64::from(points_for(&ev, Colour::White) + points_for(&ev, Colour::Black));
            }
        }
    }
    (positions.len(), movement, scored, before, after)
}

fn movegen_and_scoring(c: &mut Criterion) {
    let positions = position_set();
    let got = counts(&positions);
    assert_eq!(got, COUNTS, "pinned counts of the position set");
    let lists = (positions.len() * 21) as u64;
    let rules = ScoringRules::default();

    let mut group = c.benchmark_group("trictrac");
    group.throughput(Throughput::Elements(lists));
    // One iteration: the plays by the laws of movement alone (no fill/keep obligation) of
    // each of the 21 throws at every position of the set; throughput in play lists.
    group.bench_function("movement_plays 21 throws x set", |b| {
        let mut lp = LegalPlays::new();
        b.iter(|| {
            let mut n = 0;
            for p in black_box(&positions) {
                for t in throws() {
                    p.movement_plays_into(t, &mut lp);
                    n += lp.len();
                }
            }
            assert_eq!(n, COUNTS.1);
            n
        });
    });
    // One iteration: the legal plays (the laws of movement and the must fill / must keep
    // obligation) of each of the 21 throws at every position of the set: as many plays as
    // the analysis keeps; throughput in play lists.
    group.bench_function("legal_plays 21 throws x set", |b| {
        let mut lp = LegalPlays::new();
        b.iter(|| {
            let mut n = 0;
            for p in black_box(&positions) {
                for t in throws() {
                    p.legal_plays_into(t, &mut lp);
                    n += lp.len();
                }
            }
            assert_eq!(n, COUNTS.2);
            n
        });
    });
    // One iteration: ThrowAnalysis (legal plays with the fill/keep obligations and the
    // before-play jans of both colours) of each of the 21 throws at every position;
    // throughput in scored throws.
    group.bench_function("analyse 21 throws x set", |b| {
        let mut a = ThrowAnalysis::new(&Position::start(), throws()[0], &rules);
        b.iter(|| {
            let (mut n, mut pts) = (0, 0u64);
            for p in black_box(&positions) {
                for t in throws() {
                    a.analyse(p, t, &rules, None);
                    n += a.legal_plays().len();
                    pts +=
                        u64::from(a.points_before(Colour::White) + a.points_before(Colour::Black));
                }
            }
            assert_eq!((n, pts), (COUNTS.2, COUNTS.3));
            n
        });
    });
    // One iteration: as above plus the after-play events (fills, keeps, sortie) of every
    // legal play; throughput in scored throws.
    group.bench_function("analyse + after_play of every play, 21 throws x set", |b| {
        let mut a = ThrowAnalysis::new(&Position::start(), throws()[0], &rules);
        b.iter(|| {
            let mut pts = 0u64;
            for p in black_box(&positions) {
                for t in throws() {
                    a.analyse(p, t, &rules, None);
                    pts +=
                        u64::from(a.points_before(Colour::White) + a.points_before(Colour::Black));
                    for i in 0..a.legal_plays().len() {
                        if let Some(ev) = a.after_play_index(i) {
                            pts += u64::from(
                                points_for(&ev, Colour::White) + points_for(&ev, Colour::Black),
                            );
                        }
                    }
                }
            }
            assert_eq!(pts, COUNTS.3 + COUNTS.4);
            pts
        });
    });
    // One iteration: the before-play points of both colours for each of the 21 throws at
    // every position of the set, as the bot's reply estimate asks them
    // (`ThrowScorer::points_before_each_throw` of the JanScorer: no play list where it
    // cannot change the points); throughput in scored throws. The same points as the
    // analyses above.
    group.bench_function("points before play, 21 throws x set", |b| {
        let scorer = JanScorer::default();
        let mut scratch = ThrowAnalysis::default();
        b.iter(|| {
            let mut pts = 0u64;
            for p in black_box(&positions) {
                for s in scorer.points_before_each_throw(p, &mut scratch) {
                    pts += u64::from(s.white + s.black);
                }
            }
            assert_eq!(pts, COUNTS.3);
            pts
        });
    });
    // One iteration: the same before-play points where the bot asks them, after each legal
    // play (the opponent to move): at every position of the set, the plays of one throw
    // (the set's k-th position takes the (k mod 21)-th throw), each after-position scored
    // for the 21 throws; throughput in scored throws.
    let afters = after_positions(&positions);
    assert_eq!(
        (afters.len(), reply_points(&afters)),
        AFTER_COUNTS,
        "pinned counts of the after-play positions"
    );
    // The same points by 21 full analyses of each position.
    let full: u64 = afters
        .iter()
        .flat_map(|p| throws().map(|t| ThrowAnalysis::new(p, t, &rules)))
        .map(|a| u64::from(a.points_before(Colour::White) + a.points_before(Colour::Black)))
        .sum();
    assert_eq!(
        full, AFTER_COUNTS.1,
        "the after-play points by full analyses"
    );
    group.throughput(Throughput::Elements(afters.len() as u64 * 21));
    group.bench_function(
        "points before play after every play, 21 throws x plays",
        |b| {
            b.iter(|| {
                let pts = reply_points(black_box(&afters));
                assert_eq!(pts, AFTER_COUNTS.1);
                pts
            });
        },
    );
    group.finish();
}

/// Pinned counts of [`after_positions`] of the set: positions, and the before-play points
/// of both colours over their 21 throws.
const AFTER_COUNTS: (usize, u64) = (3_310, 142_116);

/// The positions after every legal play of one throw at each position of the set (the k-th
/// position takes the (k mod 21)-th throw), the opponent to move: what the bot's reply
/// estimate is asked about.
fn after_positions(positions: &[Position]) -> Vec<Position> {
    let rules = ScoringRules::default();
    let mut out = Vec::new();
    for (k, p) in positions.iter().enumerate() {
        let a = ThrowAnalysis::new(p, throws()[k % 21], &rules);
        for play in a.legal_plays() {
            let mut after = *p;
            after.play_unchecked(play);
            out.push(after);
        }
    }
    out
}

/// The before-play points of both colours over the 21 throws of each of `positions`, as the
/// bot's reply estimate asks them.
fn reply_points(positions: &[Position]) -> u64 {
    let scorer = JanScorer::default();
    let mut scratch = ThrowAnalysis::default();
    let mut pts = 0u64;
    for p in positions {
        for s in scorer.points_before_each_throw(p, &mut scratch) {
            pts += u64::from(s.white + s.black);
        }
    }
    pts
}

/// Bot partie benchmark seed and its pinned length in actions.
const PARTIE_SEED: Seed = Seed(11);
const PARTIE_ACTIONS: usize = 849;

fn partie(c: &mut Criterion) {
    let start = TrictracGame::new(GameOptions::default());
    let run = || {
        let (mut a, mut b) = (Bot::default(), Bot::default());
        play_game(
            start.clone(),
            PARTIE_SEED,
            ByPlayer::new(&mut a, &mut b),
            MAX_ACTIONS,
        )
        .expect("the partie ends")
    };
    let played = run();
    assert!(played.state.is_terminal());
    assert_eq!(played.record.entries().len(), PARTIE_ACTIONS);
    let mut group = c.benchmark_group("trictrac");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    // One iteration: one whole partie ordinaire (12 trous) between two default Bots
    // (lookahead 8, JanScorer), seed 11, with its record; throughput in parties.
    group.bench_function("bot partie ordinaire", |b| {
        b.iter(|| {
            let p = run();
            assert_eq!(p.record.entries().len(), PARTIE_ACTIONS);
            black_box(p)
        });
    });
    group.finish();
}

/// Plays `start` to its end without a record (no action texts, no comments): chance from
/// `seed`, decisions by `agents`. Returns the final state and the number of throws (the
/// chance actions of the throw phase, and the primauté throw).
fn simulate<S: ThrowScorer + Clone>(
    start: &TrictracGame<S>,
    seed: Seed,
    agents: &mut [&mut dyn Agent<TrictracGame<S>>; 2],
    legal: &mut Vec<Action>,
    outcomes: &mut Vec<(Action, f64)>,
) -> (TrictracGame<S>, usize) {
    let mut rng = seed.rng();
    let mut game = start.clone();
    let mut throws = 0;
    for _ in 0..MAX_ACTIONS {
        let action = match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(outcomes);
                let a = sample_chance(outcomes, &mut rng).expect("a chance outcome");
                // A throw, or the primauté die that decides it (the two dice are the first
                // throw under the default primauté).
                let decides = match (game.phase(), a) {
                    (Phase::Primaute { white: Some(w) }, Action::PrimauteDie(b)) => w != b,
                    _ => false,
                };
                if matches!(a, Action::Throw(_)) || decides {
                    throws += 1;
                }
                a
            }
            Turn::Player(p) => {
                game.legal_actions(legal);
                let i = match p {
                    boardgames_common::Player::First => 0,
                    boardgames_common::Player::Second => 1,
                };
                agents[i].choose(&game, legal)
            }
        };
        game.apply(action).expect("a legal action");
    }
    (game, throws)
}

/// Random parties: the seeds simulated per iteration and their pinned throws in all.
const RANDOM_PARTIES: u64 = 20;
const RANDOM_THROWS: usize = 2_822;
/// Bot parties: seeds per iteration and pinned throws.
const BOT_PARTIES: u64 = 2;
const BOT_THROWS: usize = 922;

fn random_parties(agent_seed: u64) -> usize {
    let start = TrictracGame::new(GameOptions::default());
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut throws = 0;
    for s in 0..RANDOM_PARTIES {
        let mut a = RandomAgent::new(Seed(agent_seed + 2 * s));
        let mut b = RandomAgent::new(Seed(agent_seed + 2 * s + 1));
        let (g, n) = simulate(
            &start,
            Seed(s),
            &mut [&mut a, &mut b],
            &mut legal,
            &mut outcomes,
        );
        assert!(g.is_terminal(), "random partie {s} did not end");
        throws += n;
    }
    throws
}

/// Bots without lookahead (static value of each play only): seeds per iteration and pinned
/// throws.
const STATIC_BOT_PARTIES: u64 = 4;
const STATIC_BOT_THROWS: usize = 2_169;

fn bot_parties(parties: u64, lookahead: usize) -> usize {
    let start = TrictracGame::new(GameOptions::default());
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut throws = 0;
    for s in 0..parties {
        let mut a = Bot {
            lookahead,
            ..Bot::default()
        };
        let mut b = a;
        let (g, n) = simulate(
            &start,
            Seed(s),
            &mut [&mut a, &mut b],
            &mut legal,
            &mut outcomes,
        );
        assert!(g.is_terminal(), "bot partie {s} did not end");
        throws += n;
    }
    throws
}

fn parties_per_throw(c: &mut Criterion) {
    let random = random_parties(1000);
    assert_eq!(random, RANDOM_THROWS, "pinned throws of the random parties");
    let bots = bot_parties(BOT_PARTIES, Bot::default().lookahead);
    assert_eq!(bots, BOT_THROWS, "pinned throws of the bot parties");
    let static_bots = bot_parties(STATIC_BOT_PARTIES, 0);
    assert_eq!(
        static_bots, STATIC_BOT_THROWS,
        "pinned throws of the static bot parties"
    );
    let mut group = c.benchmark_group("trictrac");
    // One iteration: 20 whole parties ordinaires (12 trous, JanScorer) between two
    // RandomAgents, seeds 0..20, without a record; throughput in throws.
    group.throughput(Throughput::Elements(random as u64));
    group.bench_function("random parties ordinaires, per throw", |b| {
        b.iter(|| {
            let n = random_parties(1000);
            assert_eq!(n, RANDOM_THROWS);
            n
        });
    });
    // One iteration: 4 whole parties ordinaires between two Bots without lookahead (each
    // play valued by its points and the static evaluation), seeds 0..4, without a record;
    // throughput in throws.
    group.throughput(Throughput::Elements(static_bots as u64));
    group.bench_function("static bot parties ordinaires, per throw", |b| {
        b.iter(|| {
            let n = bot_parties(STATIC_BOT_PARTIES, 0);
            assert_eq!(n, STATIC_BOT_THROWS);
            n
        });
    });
    // One iteration: 2 whole parties ordinaires between two default Bots (lookahead 8),
    // seeds 0 and 1, without a record; throughput in throws.
    group.sample_size(10);
    group.throughput(Throughput::Elements(bots as u64));
    group.bench_function("bot parties ordinaires, per throw", |b| {
        b.iter(|| {
            let n = bot_parties(BOT_PARTIES, Bot::default().lookahead);
            assert_eq!(n, BOT_THROWS);
            n
        });
    });
    group.finish();
}

/// The decisions of the set: at every position of the set, the position's (k mod 21)-th
/// throw thrown (a tenir / s'en aller choice it offers answered tenir), when a play remains
/// to choose: the game and its legal actions.
fn decisions(positions: &[Position]) -> Vec<(TrictracGame, Vec<Action>)> {
    let mut out = Vec::new();
    for (k, p) in positions.iter().enumerate() {
        let Ok(mut game) =
            TrictracGame::from_position(JanScorer::default(), GameOptions::default(), *p)
        else {
            continue;
        };
        if game.apply(Action::Throw(throws()[k % 21])).is_err() {
            continue;
        }
        while matches!(game.phase(), Phase::Choice { .. }) {
            game.apply(Action::Tenir).expect("tenir");
        }
        if matches!(game.phase(), Phase::Play { .. }) {
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            out.push((game, legal));
        }
    }
    out
}

/// Pinned counts of [`decisions`]: decisions, and legal plays in all.
const DECISION_COUNTS: (usize, usize) = (348, 3_300);

fn td_decisions(c: &mut Criterion) {
    let positions = position_set();
    let set = decisions(&positions);
    let plays: usize = set.iter().map(|(_, l)| l.len()).sum();
    assert_eq!(
        (set.len(), plays),
        DECISION_COUNTS,
        "pinned decisions of the set"
    );
    let mut group = c.benchmark_group("trictrac");
    group.throughput(Throughput::Elements(set.len() as u64));
    // One iteration: the TdBot's decision (every legal play's afterstate valued by the
    // shipped network, the best chosen) at each decision of the set; throughput in
    // decisions.
    group.bench_function("td bot decision x set", |b| {
        let mut bot = TdBot::default();
        b.iter(|| {
            let mut n = 0;
            for (game, legal) in black_box(&set) {
                if matches!(bot.choose(game, legal), Action::Play(_)) {
                    n += 1;
                }
            }
            assert_eq!(n, set.len());
            n
        });
    });
    // One iteration: the TdExpectimaxBot's decision (one ply of expectimax over the 21
    // throws on the best plays by the network) at each decision of the set; throughput in
    // decisions.
    group.sample_size(10);
    group.bench_function("td expectimax decision x set", |b| {
        let mut bot = TdExpectimaxBot::default();
        b.iter(|| {
            let mut n = 0;
            for (game, legal) in black_box(&set) {
                if matches!(bot.choose(game, legal), Action::Play(_)) {
                    n += 1;
                }
            }
            assert_eq!(n, set.len());
            n
        });
    });
    group.finish();
    // One iteration: the decisions of the set by the TdBot, then by the TdExpectimaxBot,
    // each timed; the time reported is the ratio of the second to the first, as
    // milliseconds (1 ms for 1×). Timed side by side, so that the load of a shared machine
    // weighs on both alike.
    let mut group = c.benchmark_group("trictrac");
    group.sample_size(10);
    group.bench_function("td expectimax to td bot decision, ratio as ms", |b| {
        let (mut plain, mut searching) = (TdBot::default(), TdExpectimaxBot::default());
        b.iter_custom(|iters| {
            let (mut one, mut searched) = (Duration::ZERO, Duration::ZERO);
            for _ in 0..iters {
                let t = Instant::now();
                for (game, legal) in black_box(&set) {
                    black_box(plain.choose(game, legal));
                }
                one += t.elapsed();
                let t = Instant::now();
                for (game, legal) in black_box(&set) {
                    black_box(searching.choose(game, legal));
                }
                searched += t.elapsed();
            }
            ratio_as_ms(searched.as_secs_f64() / one.as_secs_f64(), iters)
        });
    });
    group.finish();
}

/// `ratio` reported as the time of `iters` iterations of `ratio` milliseconds each.
fn ratio_as_ms(ratio: f64, iters: u64) -> Duration {
    Duration::from_secs_f64(ratio * 1e-3 * iters as f64)
}

/// TdBot parties: seeds per iteration and pinned throws (the shipped network's parties).
const TD_PARTIES: u64 = 10;
const TD_THROWS: usize = 1_446;

fn td_parties() -> usize {
    let start = TrictracGame::new(GameOptions::default());
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut throws = 0;
    for s in 0..TD_PARTIES {
        let (mut a, mut b) = (TdBot::default(), TdBot::default());
        let (g, n) = simulate(
            &start,
            Seed(s),
            &mut [&mut a, &mut b],
            &mut legal,
            &mut outcomes,
        );
        assert!(g.is_terminal(), "td partie {s} did not end");
        throws += n;
    }
    throws
}

fn td_parties_per_throw(c: &mut Criterion) {
    let throws = td_parties();
    assert_eq!(throws, TD_THROWS, "pinned throws of the td parties");
    let mut group = c.benchmark_group("trictrac");
    // One iteration: 10 whole parties ordinaires (12 trous, JanScorer) between two TdBots
    // of the shipped network, seeds 0..10, without a record; throughput in throws (compare
    // with the random parties per throw).
    group.sample_size(10);
    group.throughput(Throughput::Elements(throws as u64));
    group.bench_function("td bot parties ordinaires, per throw", |b| {
        b.iter(|| {
            let n = td_parties();
            assert_eq!(n, TD_THROWS);
            n
        });
    });
    group.finish();
    // One iteration: the random parties of `random parties ordinaires, per throw`, then the
    // td parties above, each timed; the time reported is the ratio of their costs per throw
    // (td to random), as milliseconds (1 ms for 1×). Timed side by side, so that the load of
    // a shared machine weighs on both alike.
    let mut group = c.benchmark_group("trictrac");
    group.sample_size(10);
    group.bench_function("td bot to random parties per throw, ratio as ms", |b| {
        b.iter_custom(|iters| {
            let (mut random, mut td) = (Duration::ZERO, Duration::ZERO);
            for _ in 0..iters {
                let t = Instant::now();
                assert_eq!(random_parties(1000), RANDOM_THROWS);
                random += t.elapsed();
                let t = Instant::now();
                assert_eq!(td_parties(), TD_THROWS);
                td += t.elapsed();
            }
            let per_throw = |d: Duration, throws: usize| d.as_secs_f64() / throws as f64;
            ratio_as_ms(
                per_throw(td, TD_THROWS) / per_throw(random, RANDOM_THROWS),
                iters,
            )
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    movegen_and_scoring,
    partie,
    parties_per_throw,
    td_decisions,
    td_parties_per_throw
);
criterion_main!(benches);
