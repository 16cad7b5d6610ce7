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
//! `--rules NAME` (a preset or an OpenTafl rules string, default `fidchell`), `--threads T` (default 1),
//! `--max-plies P` (cut a game off after P plies, default tafl-core's `MAX_GAME_PLIES`, 2000),
//! `--quiet` (no progress bar).

use std::io::IsTerminal as _;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use boardgames_arena::NoClock;
use boardgames_arena::selfplay::SelfPlayGame;
use boardgames_common::Seed;
use boardgames_common::tournament::{Interval, Wdl};
use boardgames_examples::{parse_seed, parse_tafl_rules};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use tafl_core::ai::Level;
use tafl_core::{BySide, MAX_GAME_PLIES, Ruleset, Side};

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
    max_plies: u32,
    quiet: bool,
}

/// Self-play of the tafl AI levels: games between two levels from seeds, each level taking
/// each side; wins, draws and losses per side with 95% Wilson intervals, and the search speed.
#[derive(Debug, Parser)]
#[command(name = "tafl_selfplay")]
struct Cli {
    /// Games with each level attacking (a pairing plays twice as many).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Game `i` of an arrangement uses seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// The two levels, e.g. `bard,druid` (`bard,bard` plays a level against itself).
    #[arg(long, default_value = "bard,druid", value_parser = parse_levels)]
    levels: (Level, Level),
    /// Every ordered pair of levels, self-play included, as a markdown table.
    #[arg(long)]
    all: bool,
    /// A preset name or an OpenTafl rules string.
    #[arg(long, default_value = "fidchell", value_parser = parse_tafl_rules)]
    rules: Ruleset,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Plies after which a game is cut off and counted as a draw.
    #[arg(long, default_value_t = MAX_GAME_PLIES)]
    max_plies: u32,
    /// No progress bar (it is also hidden when standard error is not a terminal).
    #[arg(long)]
    quiet: bool,
}

/// Two comma-separated AI levels.
fn parse_levels(text: &str) -> Result<(Level, Level), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("expected two levels, like bard,druid")?;
    Ok((
        a.parse().map_err(|e| format!("{e}"))?,
        b.parse().map_err(|e| format!("{e}"))?,
    ))
}

fn parse_args() -> Options {
    let cli = Cli::parse();
    Options {
        games: cli.games,
        seed: cli.seed.0,
        levels: cli.levels,
        all: cli.all,
        ruleset: cli.rules,
        threads: cli.threads.max(1),
        max_plies: cli.max_plies,
        quiet: cli.quiet,
    }
}

/// The games of one arrangement, from the attackers' side: their wins, the draws (cut-off
/// games included), the defenders' wins as losses; and the plies played.
#[derive(Default)]
struct Tally {
    attackers: Wdl,
    plies: u64,
}

/// The result of one arrangement (a level attacking, a level defending).
struct Run {
    tally: Tally,
    nodes: u64,
    seconds: f64,
}

/// One game of `ruleset` with seed `seed`, played by the arena's self-play
/// (`boardgames_arena::selfplay`): each side's searcher draws from its own stream of the
/// seed (`seed.derive(1)` attacking, `seed.derive(2)` defending). Returns the winner, the
/// plies played (a game cut off after `max_plies` is a draw) and the nodes searched.
fn one_game(
    ruleset: &Ruleset,
    (attackers, defenders): (Level, Level),
    seed: Seed,
    max_plies: u32,
) -> (Option<Side>, usize, u64) {
    let g = SelfPlayGame::play(
        ruleset,
        BySide::new(attackers.config(), defenders.config()),
        seed,
        max_plies,
        &NoClock,
    );
    (
        g.winner,
        g.plies as usize,
        g.nodes.attackers + g.nodes.defenders,
    )
}

fn run(
    ruleset: &Ruleset,
    levels: (Level, Level),
    games: u32,
    o: &Options,
    bar: &ProgressBar,
) -> Run {
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
                    let seed = Seed(o.seed.wrapping_add(u64::from(i)));
                    let (winner, plies, searched) = one_game(ruleset, levels, seed, o.max_plies);
                    if let Ok(mut t) = tally.lock() {
                        match winner {
                            Some(Side::Attackers) => t.attackers.wins += 1,
                            Some(Side::Defenders) => t.attackers.losses += 1,
                            None => t.attackers.draws += 1,
                        }
                        t.plies += plies as u64;
                    }
                    if let Ok(mut n) = nodes.lock() {
                        *n += searched;
                    }
                    bar.inc(1);
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

fn pct(i: Interval) -> String {
    format!(
        "{:.0}% [{:.0}–{:.0}]",
        i.estimate * 100.0,
        i.low * 100.0,
        i.high * 100.0
    )
}

fn row(attackers: Level, defenders: Level, r: &Run) -> String {
    let t = &r.tally.attackers;
    format!(
        "| {attackers} | {defenders} | {} | {} | {} | {} | {} | {:.0} | {:.0} |",
        t.games(),
        pct(t.win_rate()),
        pct(t.draw_rate()),
        pct(t.loss_rate()),
        format_args!("{}-{}-{}", t.wins, t.losses, t.draws),
        r.tally.plies as f64 / t.games().max(1) as f64,
        r.nodes as f64 / r.seconds.max(1e-9) / 1000.0,
    )
}

fn main() -> ExitCode {
    let o = parse_args();
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
    // Progress on standard error, only for a person watching a terminal.
    let total: u64 = pairs.iter().map(|&(_, _, g)| u64::from(g)).sum();
    let bar = if o.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta}") {
        bar.set_style(style);
    }
    let mut total_nodes = 0u64;
    let mut total_seconds = 0.0;
    for (a, d, games) in pairs {
        let r = run(&o.ruleset, (a, d), games, &o, &bar);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        println!("{}", row(a, d, &r));
    }
    bar.finish_and_clear();
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
