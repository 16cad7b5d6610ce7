//! `boardgames tafl selfplay`: games between two AI levels, each level taking each side the
//! same number of times, in parallel over games (rayon) with a progress bar; results per
//! side with 95% Wilson intervals, the first level's score and Elo difference with their
//! intervals, and the search speed of each level.

use boardgames_common::Seed;
use std::time::{Duration, Instant};

use boardgames_common::tournament::{Interval, Wdl, wilson};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use tafl_core::ai::{Level, SearchConfig, Searcher};
use tafl_core::{BySide, Ruleset, Side, Status, TaflGame};

use crate::error::{CliError, print_json};

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
}

/// One game's outcome and the search effort of each side.
struct Played {
    /// Whether the first level attacked.
    first_attacks: bool,
    status: Status,
    plies: u32,
    nodes: BySide<u64>,
    time: BySide<Duration>,
}

/// Plays one game from the ruleset's start, each side searching with its configuration and
/// its own seed; a game still going after `max_plies` plies is cut off (counted as a draw).
fn play(ruleset: &Ruleset, players: BySide<SearchConfig>, seed: u64, max_plies: u32) -> Played {
    let mut searchers = BySide {
        attackers: Searcher::new(players.attackers, Seed(seed.wrapping_mul(2))),
        defenders: Searcher::new(
            players.defenders,
            Seed(seed.wrapping_mul(2).wrapping_add(1)),
        ),
    };
    let mut game = TaflGame::new(ruleset.clone());
    let mut nodes = BySide::<u64>::default();
    let mut time = BySide::<Duration>::default();
    while !game.status().is_over() && game.plies() < max_plies {
        let side = game.position().side_to_move();
        let pos = *game.position();
        let started = Instant::now();
        let Some(found) = searchers[side].search(&pos, game.search_history()) else {
            break;
        };
        time[side] += started.elapsed();
        nodes[side] += found.nodes;
        if game.play(found.best_move).is_err() {
            break; // the searcher plays legal moves only; never loop if it did not
        }
    }
    Played {
        first_attacks: false,
        status: game.status(),
        plies: game.plies(),
        nodes,
        time,
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
        match g.status.winner() {
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
    let ruleset = crate::tafl::ruleset(req.rules)?;
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
    let total = u64::from(req.games) * 2;
    let bar = if req.quiet || req.json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(total);
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
    let started = Instant::now();
    let games: Vec<Played> = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|i| {
                let first_attacks = i < u64::from(req.games);
                let seed = req.seed.wrapping_add(i % u64::from(req.games));
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
                bar.inc(1);
                g
            })
            .collect()
    });
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
            let counts = crate::tournament::length_counts(games.iter().map(|g| g.plies as usize));
            let plot = boardgames_common::svg::histogram(&title, "game length in plies", &counts);
            crate::view::write_file(file, &plot)
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
