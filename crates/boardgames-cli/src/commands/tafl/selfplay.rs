//! `boardgames tafl selfplay`: games between two AI levels (the arena's
//! `boardgames_arena::selfplay`), each level taking each side the same number of times, in
//! parallel over games (rayon) with a progress bar; results per side with 95% Wilson
//! intervals, the first level's score and Elo difference with their intervals, and the
//! search speed of each level. With `--log FILE` each finished game is appended to the file
//! as one JSON line; a later run with the same pairing and `--log FILE` counts the games
//! already there instead of playing them again (a stopped run resumes).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use boardgames_arena::selfplay::{SelfPlay, SelfPlayGame, SelfPlayTally};
use boardgames_common::tournament::wilson;
use rayon::prelude::*;
use tafl_core::ai::{EvalWeights, Level};

use crate::args::{numbers, parse_seed, parse_weights};
use crate::io::error::{CliError, print_json};
use crate::io::log::Log;

/// The arguments of `boardgames tafl selfplay`.
#[derive(Debug, clap::Args)]
pub(crate) struct SelfplayArgs {
    /// The two levels, e.g. `bard,ovate` (a level may play itself: `druid,druid`).
    #[arg(long, default_value = "bard,ovate", value_parser = parse_levels)]
    levels: (tafl_core::ai::Level, tafl_core::ai::Level),
    /// Node budgets per move for the two levels instead of theirs, e.g. `250,2500`.
    #[arg(long, value_parser = parse_nodes, allow_hyphen_values = true)]
    nodes: Option<(u64, u64)>,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// Games with each level attacking (the pairing plays twice as many).
    #[arg(long, default_value_t = 100, value_parser = numbers::count::<u32>("games", 1),
          allow_hyphen_values = true)]
    games: u32,
    /// Game `i` of each half uses seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Plies after which a game is cut off and counted as a draw.
    #[arg(long, default_value_t = tafl_core::MAX_GAME_PLIES,
          value_parser = numbers::count::<u32>("plies", 1), allow_hyphen_values = true)]
    max_plies: u32,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of the games' lengths in plies as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// The first level's evaluation weights on every board, `name=value` pairs replacing the
    /// hand-set defaults, e.g. `tempo=10,king_escort=8`, after a set's name if any
    /// (`hand-set`, or the tuned `tuned-11x11`, `tuned-7x7`, `tuned-fidchell`)
    /// (tafl_core::ai::EvalWeights);
    /// without it, the level's own: the set tuned for the board where there is one.
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights1: Option<Box<tafl_core::ai::EvalWeights>>,
    /// The second level's evaluation weights (as --weights1).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights2: Option<Box<tafl_core::ai::EvalWeights>>,
    /// Append one JSON line per finished game to this file as the games end (kept when the
    /// run is stopped or killed; a rerun with the same file plays only the games not yet
    /// there, and drops a torn last line).
    #[arg(long, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
}

/// Two comma-separated AI levels.
fn parse_levels(text: &str) -> Result<(tafl_core::ai::Level, tafl_core::ai::Level), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("expected two levels, like bard,ovate")?;
    Ok((
        a.parse().map_err(|e| format!("{e}"))?,
        b.parse().map_err(|e| format!("{e}"))?,
    ))
}

/// Two comma-separated node budgets.
fn parse_nodes(text: &str) -> Result<(u64, u64), String> {
    const EXPECTED: &str =
        "expected two whole numbers of nodes from 1 to 18446744073709551615, like 250,2500";
    let (a, b) = text.split_once(',').ok_or(EXPECTED)?;
    let n = |t: &str| {
        t.trim()
            .parse::<u64>()
            .map_err(|_| format!("{t:?}: {EXPECTED}"))
    };
    Ok((n(a)?, n(b)?))
}

impl SelfplayArgs {
    /// Runs the games and prints the table ([`selfplay`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        selfplay(&Request {
            levels: self.levels,
            nodes: self.nodes,
            rules: self.rules.as_deref(),
            games: self.games,
            seed: self.seed,
            max_plies: self.max_plies,
            threads: self.threads,
            quiet: self.quiet,
            json: self.json,
            svg: self.svg.as_deref(),
            weights: (self.weights1.map(|w| *w), self.weights2.map(|w| *w)),
            log: self.log.as_deref(),
        })
    }
}

/// What `tafl selfplay` was asked for.
struct Request<'a> {
    levels: (Level, Level),
    nodes: Option<(u64, u64)>,
    rules: Option<&'a str>,
    games: u32,
    seed: u64,
    max_plies: u32,
    threads: usize,
    quiet: bool,
    json: bool,
    /// Also draw the histogram of the games' lengths in plies to this file.
    svg: Option<&'a std::path::Path>,
    /// The two levels' evaluation weights instead of the defaults.
    weights: (Option<EvalWeights>, Option<EvalWeights>),
    /// One JSON line per finished game is appended here; games already logged for the
    /// same pairing are counted, not replayed.
    log: Option<&'a std::path::Path>,
}

/// `rate [low–high]` in percent.
fn pct(k: u64, n: u64) -> String {
    let w = wilson(k, n);
    format!(
        "{:.0}% [{:.0}–{:.0}]",
        w.estimate * 100.0,
        w.low * 100.0,
        w.high * 100.0
    )
}

/// Runs the games and prints the table.
fn selfplay(req: &Request<'_>) -> Result<(), CliError> {
    let mut run = SelfPlay::new(req.levels, req.rules, req.games, req.seed, req.max_plies)?;
    if let Some(nodes) = req.nodes {
        run = run.with_nodes(nodes)?;
    }
    let run = run.with_weights(req.weights.0, req.weights.1);
    let (ruleset, configs) = (run.ruleset(), run.configs());
    let total = run.total();
    let game_of = |i: u64| run.game_of(i);
    let pairing = run.pairing_key();
    let (mut logged, mut log_file) = match req.log {
        Some(path) => open_log(path, &pairing)?,
        None => (HashMap::new(), None),
    };
    let todo: Vec<u64> = (0..total)
        .filter(|&i| !logged.contains_key(&game_of(i)))
        .collect();
    let bar = crate::io::progress::bar(todo.len() as u64, "games", req.quiet || req.json);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(req.threads)
        .build()
        .map_err(|e| CliError::input("--threads", e))?;
    let log_error: Mutex<Option<CliError>> = Mutex::new(None);
    let log_file = Mutex::new(log_file.take());
    let started = Instant::now();
    // Games start in the order of their numbers (`par_bridge` hands them out one at a time
    // from the sequential list), so a run stopped early holds the first seeds with both sides
    // whatever the threads; the results are put back in that order after.
    let mut played: Vec<(u64, SelfPlayGame)> = pool.install(|| {
        todo.iter()
            .par_bridge()
            .map(|&i| {
                let g = run.play(i, &started);
                if let Ok(mut file) = log_file.lock()
                    && let Some(log) = file.as_mut()
                {
                    // One write of the whole line, then synced: a crash leaves at most the
                    // last line torn, which the next run drops (`Log::open`).
                    if let Err(e) = log.append(&g.to_log_line(&pairing))
                        && let Ok(mut slot) = log_error.lock()
                    {
                        *slot = Some(e);
                    }
                }
                bar.inc(1);
                (i, g)
            })
            .collect()
    });
    played.sort_unstable_by_key(|&(i, _)| i);
    if let Some(e) = log_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut games: Vec<SelfPlayGame> = (0..total)
        .filter_map(|i| logged.remove(&game_of(i)))
        .collect();
    games.extend(played.into_iter().map(|(_, g)| g));
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let mut tally = SelfPlayTally::default();
    for g in &games {
        tally.add(g);
    }
    let both = tally.both();
    let (a, b) = (req.levels.0.name(), req.levels.1.name());
    let budgets = [
        configs[0].limits.nodes.unwrap_or(0),
        configs[1].limits.nodes.unwrap_or(0),
    ];
    let plies_per_game = tally.plies as f64 / total as f64;
    let write_plot = || match req.svg {
        Some(file) => {
            let title = format!(
                "{}: lengths of {total} games, {} against {} (seed {})",
                ruleset.name(),
                req.levels.0.name(),
                req.levels.1.name(),
                req.seed
            );
            let counts = crate::io::length_counts(games.iter().map(|g| g.plies as usize));
            let plot = boardgames_common::svg::histogram(&title, "game length in plies", &counts);
            crate::io::write_file(file, &plot)
        }
        None => Ok(()),
    };
    if req.json {
        return print_json(&run.to_json(&tally, wall)).and_then(|()| write_plot());
    }
    outln!(
        "{}: {a} ({} nodes) against {b} ({} nodes), {} games with each attacking, seeds {}..={}",
        ruleset.name(),
        budgets[0],
        budgets[1],
        req.games,
        req.seed,
        req.seed.wrapping_add(u64::from(req.games) - 1)
    );
    for (i, name) in [a, b].iter().enumerate() {
        let searched = configs[i].weights_for(ruleset.rules());
        if searched != EvalWeights::DEFAULT {
            outln!("{name} (the {}) weighs: {searched}", ["first", "second"][i],);
        }
    }
    outln!("| {a} plays | games | {a} wins | draws | {b} wins | W-D-L |");
    outln!("|---|---|---|---|---|---|");
    for (name, r) in [
        ("attackers", tally.first.attackers),
        ("defenders", tally.first.defenders),
        ("both sides", both),
    ] {
        let n = r.games();
        outln!(
            "| {name} | {n} | {} | {} | {} | {}-{}-{} |",
            pct(r.wins, n),
            pct(r.draws, n),
            pct(r.losses, n),
            r.wins,
            r.draws,
            r.losses
        );
    }
    let s = both.score_interval();
    let e = both.elo();
    outln!(
        "{a}'s score {:.1}% [{:.1}–{:.1}], Elo {:+.0} [{:+.0}, {:+.0}] against {b}",
        s.estimate * 100.0,
        s.low * 100.0,
        s.high * 100.0,
        e.estimate,
        e.low,
        e.high
    );
    outln!(
        "{plies_per_game:.0} plies a game; nodes per second of search: {a} {:.0}, {b} {:.0}; {wall:.1} s",
        tally.nodes_per_second(0),
        tally.nodes_per_second(1)
    );
    write_plot()
}

/// The games of a log by side (the first level attacking) and seed.
type Logged = HashMap<(bool, u64), SelfPlayGame>;

/// The games of `pairing` already in the log at `path` (by side and seed; lines of other
/// pairings are left alone), and the log opened for appending ([`Log`]: a torn last line,
/// the write of a killed run, is cut off and its game played again).
fn open_log(path: &std::path::Path, pairing: &str) -> Result<(Logged, Option<Log>), CliError> {
    let mut logged = Logged::new();
    let log = Log::open("--log", path, |_, line| {
        if let Some(g) = SelfPlayGame::from_log_line(pairing, line.trim_end()) {
            logged.insert((g.first_attacks, g.seed), g);
        }
        Ok(())
    })?;
    Ok((logged, Some(log)))
}
