//! `boardgames tafl selfplay`: games between two AI levels, each level taking each side the
//! same number of times, in parallel over games (rayon) with a progress bar; results per
//! side with 95% Wilson intervals, the first level's score and Elo difference with their
//! intervals, and the search speed of each level. With `--log FILE` each finished game is
//! appended to the file as one JSON line; a later run with the same pairing and `--log FILE`
//! counts the games already there instead of playing them again (a stopped run resumes).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use boardgames_common::tournament::{Interval, Wdl, wilson};
use boardgames_common::{Agent, ByPlayer, PlayGameError, Seed, play_game};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use tafl_core::ai::{EvalWeights, Level, SearchConfig, Searcher};
use tafl_core::{BySide, Move, Ruleset, Side, TaflGame};

use crate::io::error::{CliError, print_json};
use crate::io::log::Log;

/// What `tafl selfplay` was asked for.
pub(crate) struct Request<'a> {
    pub(crate) levels: (Level, Level),
    pub(crate) nodes: Option<(u64, u64)>,
    pub(crate) rules: Option<&'a str>,
    pub(crate) games: u32,
    pub(crate) seed: u64,
    pub(crate) max_plies: u32,
    pub(crate) threads: usize,
    pub(crate) quiet: bool,
    pub(crate) json: bool,
    /// Also draw the histogram of the games' lengths in plies to this file.
    pub(crate) svg: Option<&'a std::path::Path>,
    /// The two levels' evaluation weights instead of the defaults.
    pub(crate) weights: (Option<EvalWeights>, Option<EvalWeights>),
    /// One JSON line per finished game is appended here; games already logged for the
    /// same pairing are counted, not replayed.
    pub(crate) log: Option<&'a std::path::Path>,
}

/// One game's outcome and the search effort of each side.
struct Played {
    /// Whether the first level attacked.
    first_attacks: bool,
    /// The game's seed.
    seed: u64,
    winner: Option<Side>,
    plies: u32,
    nodes: BySide<u64>,
    time: BySide<Duration>,
}

/// A side's searcher as the game's agent, with the time of its decisions.
struct Timed {
    searcher: Searcher,
    time: Duration,
}

impl Agent<TaflGame> for Timed {
    fn choose(&mut self, state: &TaflGame, legal: &[Move]) -> Move {
        let started = Instant::now();
        let m = self.searcher.choose(state, legal);
        self.time += started.elapsed();
        m
    }
}

/// Plays one game from the ruleset's start, each side searching with its configuration and
/// its own seed; a game still going after `max_plies` plies is cut off (counted as a draw).
fn play(ruleset: &Ruleset, players: BySide<SearchConfig>, seed: u64, max_plies: u32) -> Played {
    let timed = |config, seed| Timed {
        searcher: Searcher::new(config, Seed(seed)),
        time: Duration::ZERO,
    };
    let mut sides = BySide::new(
        timed(players.attackers, seed.wrapping_mul(2)),
        timed(players.defenders, seed.wrapping_mul(2).wrapping_add(1)),
    );
    let agents: ByPlayer<&mut dyn Agent<TaflGame>> =
        ByPlayer::from(sides.as_mut().map(|a| a as &mut dyn Agent<TaflGame>));
    let (winner, plies) = match play_game(
        TaflGame::new(ruleset.clone()),
        Seed(seed),
        agents,
        max_plies as usize,
    ) {
        Ok(played) => (played.state.status().winner(), played.state.plies()),
        // Cut off, or (never expected) a move the game refused: a draw.
        Err(PlayGameError::TooLong(_)) => (None, max_plies),
        Err(_) => (None, 0),
    };
    Played {
        first_attacks: false,
        seed,
        winner,
        plies,
        nodes: sides.as_ref().map(|s| s.searcher.nodes_searched()),
        time: sides.map(|s| s.time),
    }
}

/// The results of one level's side of the table.
#[derive(Default)]
struct Tally {
    /// The first level's results when it attacks, and when it defends.
    first: BySide<Wdl>,
    plies: u64,
    /// Nodes and search time of each level (first, second).
    nodes: [u64; 2],
    time: [Duration; 2],
}

impl Tally {
    fn add(&mut self, g: &Played) {
        let first_side = if g.first_attacks {
            Side::Attackers
        } else {
            Side::Defenders
        };
        let r = &mut self.first[first_side];
        match g.winner {
            Some(w) if w == first_side => r.wins += 1,
            Some(_) => r.losses += 1,
            None => r.draws += 1,
        }
        self.plies += u64::from(g.plies);
        let second_side = first_side.other();
        self.nodes[0] += g.nodes[first_side];
        self.nodes[1] += g.nodes[second_side];
        self.time[0] += g.time[first_side];
        self.time[1] += g.time[second_side];
    }

    fn nodes_per_second(&self, i: usize) -> f64 {
        let secs = self.time[i].as_secs_f64();
        if secs > 0.0 {
            self.nodes[i] as f64 / secs
        } else {
            0.0
        }
    }
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

fn interval_json(i: Interval) -> Value {
    json!({ "estimate": i.estimate, "low": i.low, "high": i.high })
}

fn rate_json(k: u64, n: u64) -> Value {
    interval_json(wilson(k, n))
}

/// Runs the games and prints the table.
pub(crate) fn selfplay(req: &Request<'_>) -> Result<(), CliError> {
    if req.games == 0 {
        return Err(CliError::input("--games", "must be at least 1"));
    }
    if req.max_plies == 0 {
        return Err(CliError::input("--max-plies", "must be at least 1"));
    }
    let ruleset = crate::games::tafl::ruleset(req.rules)?;
    let mut configs = [req.levels.0.config(), req.levels.1.config()];
    if let Some((a, b)) = req.nodes {
        if a == 0 || b == 0 {
            return Err(CliError::input(
                "--nodes",
                "budgets must be at least 1 node",
            ));
        }
        configs[0].limits.nodes = Some(a);
        configs[1].limits.nodes = Some(b);
    }
    if let Some(w) = req.weights.0 {
        configs[0].weights = w;
    }
    if let Some(w) = req.weights.1 {
        configs[1].weights = w;
    }
    let total = u64::from(req.games) * 2;
    // Game `i`: the first level attacks when `i` is even, with seed `seed + i / 2`, so
    // that the games finished first (a stopped run) hold both sides.
    let game_of = |i: u64| (i.is_multiple_of(2), req.seed.wrapping_add(i / 2));
    let pairing = pairing_key(&ruleset, &req.levels, &configs, req.max_plies);
    let (mut logged, mut log_file) = match req.log {
        Some(path) => open_log(path, &pairing)?,
        None => (HashMap::new(), None),
    };
    let todo: Vec<u64> = (0..total)
        .filter(|&i| !logged.contains_key(&game_of(i)))
        .collect();
    let bar = if req.quiet || req.json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(todo.len() as u64);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar
    };
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
    let mut played: Vec<(u64, Played)> = pool.install(|| {
        todo.iter()
            .par_bridge()
            .map(|&i| {
                let (first_attacks, seed) = game_of(i);
                let players = if first_attacks {
                    BySide {
                        attackers: configs[0],
                        defenders: configs[1],
                    }
                } else {
                    BySide {
                        attackers: configs[1],
                        defenders: configs[0],
                    }
                };
                let mut g = play(&ruleset, players, seed, req.max_plies);
                g.first_attacks = first_attacks;
                if let Ok(mut file) = log_file.lock()
                    && let Some(log) = file.as_mut()
                {
                    // One write of the whole line, then synced: a crash leaves at most the
                    // last line torn, which the next run drops (`Log::open`).
                    if let Err(e) = log.append(&log_line(&pairing, &g))
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
    let mut games: Vec<Played> = (0..total)
        .filter_map(|i| logged.remove(&game_of(i)))
        .collect();
    games.extend(played.into_iter().map(|(_, g)| g));
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let mut tally = Tally::default();
    for g in &games {
        tally.add(g);
    }
    let mut both = tally.first.attackers;
    both.add(tally.first.defenders);
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
        let side = |r: Wdl| {
            json!({
                "games": r.games(), "wins": r.wins, "draws": r.draws, "losses": r.losses,
                "win_rate": rate_json(r.wins, r.games()),
                "draw_rate": rate_json(r.draws, r.games()),
                "loss_rate": rate_json(r.losses, r.games()),
            })
        };
        return print_json(&json!({
            "game": "tafl",
            "rules": ruleset.to_string(),
            "levels": [a, b],
            "nodes_per_move": budgets,
            "games_per_side": req.games,
            "weights": [configs[0].weights.to_string(), configs[1].weights.to_string()],
            "seed": req.seed,
            "max_plies": req.max_plies,
            "first_attacking": side(tally.first.attackers),
            "first_defending": side(tally.first.defenders),
            "first_total": side(both),
            "score": interval_json(both.score_interval()),
            "elo": interval_json(both.elo()),
            "plies_per_game": plies_per_game,
            "nodes": tally.nodes,
            "search_seconds": [tally.time[0].as_secs_f64(), tally.time[1].as_secs_f64()],
            "nodes_per_second": [tally.nodes_per_second(0), tally.nodes_per_second(1)],
            "wall_seconds": wall,
        }))
        .and_then(|()| write_plot());
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
        if configs[i].weights != EvalWeights::DEFAULT {
            outln!(
                "{name} (the {}) weighs: {}",
                ["first", "second"][i],
                configs[i].weights
            );
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

/// What makes two runs' games the same games: the rules, the levels, their configurations
/// and the ply limit (the seed and side are each game's own).
fn pairing_key(
    ruleset: &Ruleset,
    levels: &(Level, Level),
    configs: &[SearchConfig; 2],
    max_plies: u32,
) -> String {
    let one = |l: Level, c: &SearchConfig| {
        format!(
            "{l} nodes={} depth={} margin={} tt={} weights={}",
            c.limits.nodes.unwrap_or(0),
            c.limits.max_depth,
            c.random_margin,
            c.tt_bits,
            c.weights
        )
    };
    format!(
        "{} | {} | {} | max_plies={max_plies}",
        ruleset,
        one(levels.0, &configs[0]),
        one(levels.1, &configs[1])
    )
}

/// One finished game as a line of JSON.
fn log_line(pairing: &str, g: &Played) -> String {
    let side = |s: Side| match s {
        Side::Attackers => "attackers",
        Side::Defenders => "defenders",
    };
    json!({
        "pairing": pairing,
        "seed": g.seed,
        "first_attacks": g.first_attacks,
        "winner": g.winner.map(side),
        "plies": g.plies,
        "nodes": [g.nodes.attackers, g.nodes.defenders],
        "search_seconds": [g.time.attackers.as_secs_f64(), g.time.defenders.as_secs_f64()],
    })
    .to_string()
}

/// Reads a game back from its log line, if it belongs to `pairing`.
fn parse_line(pairing: &str, line: &str) -> Option<Played> {
    let v: Value = serde_json::from_str(line).ok()?;
    if v.get("pairing")?.as_str()? != pairing {
        return None;
    }
    let winner = match v.get("winner")? {
        Value::Null => None,
        Value::String(s) if s == "attackers" => Some(Side::Attackers),
        Value::String(s) if s == "defenders" => Some(Side::Defenders),
        _ => return None,
    };
    let pair_u64 = |key: &str| -> Option<[u64; 2]> {
        let a = v.get(key)?.as_array()?;
        Some([a.first()?.as_u64()?, a.get(1)?.as_u64()?])
    };
    let pair_f64 = |key: &str| -> Option<[f64; 2]> {
        let a = v.get(key)?.as_array()?;
        Some([a.first()?.as_f64()?, a.get(1)?.as_f64()?])
    };
    let nodes = pair_u64("nodes")?;
    let secs = pair_f64("search_seconds")?;
    let time = |x: f64| Duration::try_from_secs_f64(x).unwrap_or_default();
    Some(Played {
        first_attacks: v.get("first_attacks")?.as_bool()?,
        seed: v.get("seed")?.as_u64()?,
        winner,
        plies: u32::try_from(v.get("plies")?.as_u64()?).ok()?,
        nodes: BySide {
            attackers: nodes[0],
            defenders: nodes[1],
        },
        time: BySide {
            attackers: time(secs[0]),
            defenders: time(secs[1]),
        },
    })
}

/// The games of a log by side (the first level attacking) and seed.
type Logged = HashMap<(bool, u64), Played>;

/// The games of `pairing` already in the log at `path` (by side and seed; lines of other
/// pairings are left alone), and the log opened for appending ([`Log`]: a torn last line,
/// the write of a killed run, is cut off and its game played again).
fn open_log(path: &std::path::Path, pairing: &str) -> Result<(Logged, Option<Log>), CliError> {
    let mut logged = Logged::new();
    let log = Log::open("--log", path, |_, line| {
        if let Some(g) = parse_line(pairing, line.trim_end()) {
            logged.insert((g.first_attacks, g.seed), g);
        }
        Ok(())
    })?;
    Ok((logged, Some(log)))
}
