//! Tafl benchmarks (issue 10): legal move generation and `play` (copy-make with capture
//! detection) over fixed position sets, perft from the start positions, and the AI
//! search's nodes per second at fixed node limits.
//!
//! Position sets: every 10th ply of the real games in `crates/tafl-core/tests/data/` (Brandubh,
//! Copenhagen), and every 10th ply of 40 seeded random games for Fidchell. Each bench
//! asserts the counts it times before timing them.
//!
//! Run: `cargo bench --bench tafl -- --warm-up-time 1 --measurement-time 3`.

use boardgames_common::Seed;
use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::ai::{Level, SearchConfig, Searcher};
use tafl_core::{MoveList, MoveText, Position, Rules, Ruleset, perft};

/// Every 10th position (plies 0, 10, 20, ...) of the games of a data file.
fn real_positions(file: &str, ruleset: &Ruleset) -> Vec<Position> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("crates/tafl-core/tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the tafl test data");
    let mut out = Vec::new();
    for line in text.lines() {
        let mut pos = ruleset.start_position();
        let moves = line.split(',').next().unwrap_or("");
        for (ply, word) in moves.split_whitespace().enumerate() {
            if ply % 10 == 0 && !pos.status().is_over() {
                out.push(pos);
            }
            let Ok(m) = word.parse::<MoveText>() else {
                break; // `timeout`
            };
            if pos.play_mut(ruleset.rules(), m.mv).is_err() {
                break;
            }
        }
    }
    out
}

/// Every 10th position of 40 random Fidchell games (xorshift, fixed seed).
fn random_positions(ruleset: &Ruleset) -> Vec<Position> {
    let mut state = 0x0003_0E34_1F99_3EAEu64;
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..40 {
        let mut pos = ruleset.start_position();
        for ply in 0..400 {
            pos.legal_moves_into(ruleset.rules(), &mut moves);
            if moves.is_empty() {
                break;
            }
            if ply % 10 == 0 {
                out.push(pos);
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let _ = pos.play_unchecked(
                ruleset.rules(),
                moves[(state % moves.len() as u64) as usize],
            );
        }
    }
    out
}

/// Each preset's name, ruleset and positions.
fn position_sets() -> Vec<(&'static str, Ruleset, Vec<Position>)> {
    let (fidchell, brandubh, copenhagen) = (
        Ruleset::fidchell(),
        Ruleset::brandubh(),
        Ruleset::copenhagen(),
    );
    vec![
        ("fidchell", random_positions(&fidchell), fidchell),
        (
            "brandubh",
            real_positions("brandubh-games.csv", &brandubh),
            brandubh,
        ),
        (
            "copenhagen",
            real_positions("copenhagen-games.csv", &copenhagen),
            copenhagen,
        ),
    ]
    .into_iter()
    .map(|(name, positions, ruleset)| (name, ruleset, positions))
    .collect()
}

/// Pinned (positions, legal moves, captures over all moves) of each set.
const SET_COUNTS: [(&str, usize, usize, u32); 3] = [
    ("fidchell", 1196, 25_380, 1269),
    ("brandubh", 681, 30_171, 531),
    ("copenhagen", 4799, 714_576, 9035),
];

fn movegen_and_play(c: &mut Criterion) {
    for ((name, ruleset, positions), &(pinned_name, n_pos, n_moves, n_caps)) in
        position_sets().into_iter().zip(SET_COUNTS.iter())
    {
        assert_eq!(name, pinned_name);
        let mut list = MoveList::new();
        let total: usize = positions
            .iter()
            .map(|p| {
                p.legal_moves_into(ruleset.rules(), &mut list);
                list.len()
            })
            .sum();
        let captures: u32 = positions
            .iter()
            .map(|p| {
                p.legal_moves_into(ruleset.rules(), &mut list);
                list.iter()
                    .map(|&m| {
                        let mut q = *p;
                        q.play_unchecked(ruleset.rules(), m).captures.count()
                    })
                    .sum::<u32>()
            })
            .sum();
        assert_eq!((positions.len(), total, captures), (n_pos, n_moves, n_caps));

        let mut group = c.benchmark_group(format!("tafl_movegen/{name}"));
        group.throughput(Throughput::Elements(total as u64));
        // One iteration: the legal move list of every position of the set.
        group.bench_function("legal_moves", |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                let mut n = 0;
                for p in &positions {
                    black_box(p).legal_moves_into(ruleset.rules(), &mut list);
                    n += list.len();
                }
                black_box(n)
            });
        });
        // One iteration: every legal move of every position played by copy-make, with
        // capture detection and the status after the move.
        group.bench_function("play_all", |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                let mut caps = 0;
                for p in &positions {
                    p.legal_moves_into(ruleset.rules(), &mut list);
                    for &m in list.iter() {
                        let mut q = *black_box(p);
                        caps += q.play_unchecked(ruleset.rules(), m).captures.count();
                    }
                }
                black_box(caps)
            });
        });
        group.finish();
    }
}

fn perft_bench(c: &mut Criterion) {
    for (ruleset, depth, leaves) in [
        (Ruleset::fidchell(), 4, 127_624u64),
        (Ruleset::brandubh(), 4, 1_007_392),
        (Ruleset::copenhagen(), 3, 806_344),
    ] {
        let start = ruleset.start_position();
        assert_eq!(perft(&start, ruleset.rules(), depth), leaves);
        let mut group = c.benchmark_group(format!("tafl_perft/{}", ruleset.name()));
        group.sample_size(10);
        group.throughput(Throughput::Elements(leaves));
        // One iteration: perft to `depth` (bulk counting at the last ply); throughput in
        // leaf nodes.
        group.bench_function(format!("depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), ruleset.rules(), depth));
        });
        group.finish();
    }
}

/// Positions searched per preset: this many, evenly spaced through the position set.
const SEARCH_POSITIONS: usize = 6;

/// Pinned total nodes of the searches of each preset at each level: (preset, Ovate's
/// 10 000-node budget, Druid's 400 000-node budget).
const SEARCH_NODES: [(&str, u64, u64); 3] = [
    ("fidchell", 60_000, 2_400_000),
    ("brandubh", 60_000, 2_400_000),
    ("copenhagen", 60_000, 2_400_000),
];

/// Searches every position once from a cleared searcher (empty transposition and ordering
/// tables, so each search is the same every time) and returns the nodes visited.
fn search_all(searcher: &mut Searcher, rules: &Rules, positions: &[Position]) -> u64 {
    positions
        .iter()
        .map(|p| {
            searcher.clear();
            searcher
                .search(black_box(p), rules, &[])
                .map_or(0, |r| r.nodes)
        })
        .sum()
}

fn search_bench(c: &mut Criterion) {
    for ((name, ruleset, set), &(pinned_name, ovate, druid)) in
        position_sets().into_iter().zip(SEARCH_NODES.iter())
    {
        assert_eq!(name, pinned_name);
        let step = set.len() / SEARCH_POSITIONS;
        let positions: Vec<Position> = set
            .iter()
            .step_by(step)
            .take(SEARCH_POSITIONS)
            .copied()
            .collect();
        let mut group = c.benchmark_group(format!("tafl_search/{name}"));
        group.sample_size(10);
        for (level, pinned) in [(Level::Ovate, ovate), (Level::Druid, druid)] {
            // The level's node budget and table size, best move only (no random margin).
            let config = SearchConfig {
                random_margin: 0,
                ..level.config()
            };
            let mut searcher = Searcher::new(config, Seed(1));
            let nodes = search_all(&mut searcher, ruleset.rules(), &positions);
            assert_eq!((name, level, nodes), (name, level, pinned));
            group.throughput(Throughput::Elements(nodes));
            // One iteration: SEARCH_POSITIONS searches, each from cleared tables, with the
            // level's node limit; throughput in nodes (positions visited, quiescence
            // included).
            let limit = config.limits.nodes.unwrap_or(0);
            group.bench_function(format!("{limit}_nodes"), |b| {
                b.iter(|| {
                    let n = search_all(&mut searcher, ruleset.rules(), &positions);
                    assert_eq!(n, nodes);
                    n
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, movegen_and_play, perft_bench, search_bench);
criterion_main!(benches);
