//! Self-play harness for the tafl AI levels (issue 4): plays games between two levels from
//! seeds, each level taking each side, and prints wins, draws and losses per side with 95%
//! Wilson intervals, and the search speed.
//!
//! ```text
//! cargo run --release --example tafl_selfplay -- --games 100 --seed 1 --levels bard,druid
//! cargo run --release --example tafl_selfplay -- --all --games 100 --seed 1 --threads 2
//! ```
//!
//! Flags: `--games N` (games with each level attacking: A attacking B, then B attacking A,
//! so a pairing plays 2N games; a level against itself plays 2N games; default 20), `--seed S` (game `i` of an arrangement uses seed `S + i`; default 1),
//! `--levels A,B` (default `bard,druid`; `bard,bard` plays a level against itself once),
//! `--all` (every ordered pair of levels, self-play included, as a markdown table),
//! `--ruleset NAME` (a preset, default `fidchell`), `--threads T` (default 1),
//! `--max-plies P` (cut a game off after P plies, default 1000).

use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use tafl_core::ai::{Level, Tally, play_game};
use tafl_core::{BySide, Ruleset, Side, TaflGame};

#[macro_use]
#[path = "common/output.rs"]
mod output;

struct Options {
    games: u32,
    seed: u64,
    levels: (Level, Level),
    all: bool,
    ruleset: Ruleset,
    threads: usize,
    max_plies: usize,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        games: 20,
        seed: 1,
        levels: (Level::Bard, Level::Druid),
        all: false,
        ruleset: Ruleset::fidchell(),
        threads: 1,
        max_plies: 1000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match flag.as_str() {
            "--games" => {
                o.games = value("--games")?
                    .parse()
                    .map_err(|e| format!("--games: {e}"))?;
            }
            "--seed" => {
                o.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--levels" => {
                let v = value("--levels")?;
                let (a, b) = v
                    .split_once(',')
                    .ok_or("--levels expects two levels, like bard,druid")?;
                o.levels = (
                    a.parse().map_err(|e| format!("{e}"))?,
                    b.parse().map_err(|e| format!("{e}"))?,
                );
            }
            "--all" => o.all = true,
            "--ruleset" => {
                let v = value("--ruleset")?;
                o.ruleset = Ruleset::preset_named(&v).ok_or(format!(
                    "unknown ruleset {v:?}: fidchell, brandubh, copenhagen, tablut, ard_ri"
                ))?;
            }
            "--threads" => {
                o.threads = value("--threads")?
                    .parse::<usize>()
                    .map_err(|e| format!("--threads: {e}"))?
                    .max(1);
            }
            "--max-plies" => {
                o.max_plies = value("--max-plies")?
                    .parse()
                    .map_err(|e| format!("--max-plies: {e}"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown flag {other:?}")),
        }
    }
    Ok(o)
}

/// The result of one arrangement (a level attacking, a level defending).
struct Run {
    tally: Tally,
    nodes: u64,
    seconds: f64,
}

fn run(start: &TaflGame, attackers: Level, defenders: Level, games: u32, o: &Options) -> Run {
    let tally = Mutex::new(Tally::default());
    let nodes = Mutex::new(0u64);
    let next = Mutex::new(0u32);
    let clock = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..o.threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let Ok(mut n) = next.lock() else { return };
                        if *n >= games {
                            return;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let players = BySide {
                        attackers: attackers.config(),
                        defenders: defenders.config(),
                    };
                    let game = play_game(
                        start,
                        players,
                        o.seed.wrapping_add(u64::from(i)),
                        o.max_plies,
                    );
                    if let Ok(mut t) = tally.lock() {
                        t.add(&game);
                    }
                    if let Ok(mut n) = nodes.lock() {
                        *n += game.nodes.attackers + game.nodes.defenders;
                    }
                }
            });
        }
    });
    Run {
        tally: tally.into_inner().unwrap_or_default(),
        nodes: nodes.into_inner().unwrap_or(0),
        seconds: clock.elapsed().as_secs_f64(),
    }
}

fn pct((p, lo, hi): (f64, f64, f64)) -> String {
    format!("{:.0}% [{:.0}–{:.0}]", p * 100.0, lo * 100.0, hi * 100.0)
}

fn row(attackers: Level, defenders: Level, r: &Run) -> String {
    let t = &r.tally;
    format!(
        "| {attackers} | {defenders} | {} | {} | {} | {} | {} | {:.0} | {:.0} |",
        t.games(),
        pct(t.win_rate(Side::Attackers)),
        pct(t.draw_rate()),
        pct(t.win_rate(Side::Defenders)),
        format_args!("{}-{}-{}", t.wins.attackers, t.wins.defenders, t.draws),
        t.plies as f64 / f64::from(t.games().max(1)),
        r.nodes as f64 / r.seconds.max(1e-9) / 1000.0,
    )
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            eprintln!(
                "usage: tafl_selfplay [--games N] [--seed S] [--levels A,B | --all] \
                 [--ruleset NAME] [--threads T] [--max-plies P]"
            );
            return if e.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    let start = TaflGame::new(o.ruleset.clone());
    // Each pairing of two levels plays `games` games with each level attacking; a level
    // against itself plays `2 * games`, so every pairing totals `2 * games` games.
    let pairs: Vec<(Level, Level, u32)> = if o.all {
        let mut v = Vec::new();
        for (i, &a) in Level::ALL.iter().enumerate() {
            for &b in &Level::ALL[i + 1..] {
                v.push((a, b, o.games));
                v.push((b, a, o.games));
            }
        }
        for &a in &Level::ALL {
            v.push((a, a, 2 * o.games));
        }
        v
    } else if o.levels.0 == o.levels.1 {
        vec![(o.levels.0, o.levels.1, 2 * o.games)]
    } else {
        vec![
            (o.levels.0, o.levels.1, o.games),
            (o.levels.1, o.levels.0, o.games),
        ]
    };
    println!(
        "{}: {} games per pairing ({} with each level attacking), seeds from {}, {} thread(s)",
        o.ruleset.name(),
        2 * o.games,
        o.games,
        o.seed,
        o.threads
    );
    println!();
    println!(
        "| attackers | defenders | games | attackers win | draws | defenders win | A-D-draws | plies/game | knodes/s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut total_nodes = 0u64;
    let mut total_seconds = 0.0;
    for (a, d, games) in pairs {
        let r = run(&start, a, d, games, &o);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        println!("{}", row(a, d, &r));
    }
    let threads = o.threads as f64;
    println!();
    println!(
        "search: {} nodes in {:.1} s of wall time on {} thread(s): {:.0} knodes/s per thread",
        total_nodes,
        total_seconds,
        o.threads,
        total_nodes as f64 / total_seconds.max(1e-9) / threads / 1000.0
    );
    ExitCode::SUCCESS
}
