//! `boardgames tournament`: every pair of agents plays `--games` rounds, each round twice
//! with the sides swapped and the same seed, on `--threads` threads; wins, draws and losses
//! with 95% Wilson intervals and Elo ratings with 95% intervals
//! (`boardgames_common::tournament`).
//!
//! Each game is a function of its seed and the agents' names only (every agent is built
//! afresh for it, seeded from it), so the results are the same whatever the thread count.
//! With `--log FILE` each finished game is a line of that file, and a run started again with
//! the same file and arguments plays only the games not yet there (nothing lost on a kill).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
use boardgames_common::tournament::{Fixture, Rating, ResultTable, Wdl, elo_ratings, schedule};
use boardgames_common::{Agent, ByPlayer, Game, Player, Playout, RandomAgent, Seed};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use tafl_core::TaflGame;
use tafl_core::ai::{Level, Searcher};
use trictrac_core::bot::{Bot, ExpectimaxBot};
use trictrac_core::{Colour, GameOptions, TrictracGame};

use crate::args::tournament::{TournamentArgs, TournamentGame};
use crate::games::tafl::ruleset;
use crate::io::error::{CliError, print_json};
use crate::io::log::Log;
use crate::io::{length_counts, write_file};

/// An agent named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spec {
    Random,
    Mcts(u32),
    Expecti(u32),
    /// The trictrac heuristic.
    Bot,
    /// The trictrac expectimax bot searching this many plays.
    SearchBot(usize),
    /// A tafl level.
    Level(Level),
}

const KNOWN: &str = "random, mcts:N, expecti:D, and bot, searchbot, searchbot:B (trictrac) or bard, ovate, druid (tafl)";

fn parse_spec(text: &str, game: TournamentGame) -> Result<Spec, CliError> {
    let bad = |m: String| CliError::input("--agents", m);
    let budget = |rest: &str, what: &str| -> Result<u32, CliError> {
        let n: u32 = rest.parse().map_err(|_| {
            let name = text.strip_suffix(rest).unwrap_or(text);
            bad(format!(
                "{text}: the {what} must be a whole number from 1 to {}, like {name}{}",
                if what == "depth" { 8 } else { u32::MAX },
                if what == "iterations" { 1000 } else { 2 }
            ))
        })?;
        if n == 0 {
            return Err(bad(format!("{text}: the {what} budget must be at least 1")));
        }
        Ok(n)
    };
    let spec = match text {
        "random" => Spec::Random,
        "bot" => Spec::Bot,
        "searchbot" => Spec::SearchBot(ExpectimaxBot::default().breadth),
        _ => {
            if let Some(rest) = text.strip_prefix("searchbot:") {
                Spec::SearchBot(budget(rest, "breadth")? as usize)
            } else if let Some(rest) = text.strip_prefix("mcts:") {
                Spec::Mcts(budget(rest, "iterations")?)
            } else if let Some(rest) = text.strip_prefix("expecti:") {
                let d = budget(rest, "depth")?;
                if d > 8 {
                    return Err(bad(format!("{text}: depth at most 8")));
                }
                Spec::Expecti(d)
            } else if let Ok(level) = text.parse::<Level>() {
                Spec::Level(level)
            } else {
                return Err(bad(format!("unknown agent {text:?}: expected {KNOWN}")));
            }
        }
    };
    match (spec, game) {
        (Spec::Bot | Spec::SearchBot(_), TournamentGame::Tafl) => {
            Err(bad(format!("{text} plays trictrac only")))
        }
        (Spec::Level(_), TournamentGame::Trictrac) => Err(bad(format!("{text} plays tafl only"))),
        _ => Ok(spec),
    }
}

/// A mixed seed for agent `index` of a game seeded `seed`.
fn agent_seed(seed: Seed, index: usize) -> Seed {
    let mut z = seed.0 ^ (index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    Seed(z ^ (z >> 29))
}

/// An agent that adds up the time of its decisions.
struct Timed<G: Game> {
    inner: Box<dyn Agent<G>>,
    nanos: u64,
    decisions: u64,
    longest: u64,
}

impl<G: Game> Agent<G> for Timed<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let start = Instant::now();
        let a = self.inner.choose(state, legal);
        let t = start.elapsed().as_nanos() as u64;
        self.nanos += t;
        self.longest = self.longest.max(t);
        self.decisions += 1;
        a
    }
}

/// The result of one game: returns, and per side the decision time, count and longest.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    returns: ByPlayer<f64>,
    /// Actions applied (dice throws included).
    length: usize,
    time: ByPlayer<(u64, u64, u64)>,
}

const MAX_ACTIONS: usize = 200_000;

/// Plays `start` to the end (or `MAX_ACTIONS`, then the unfinished returns count): the
/// returns and the number of actions applied. The family's one game loop
/// ([`Playout`]), so that a tournament's game is the game `play_game` plays from the same
/// seed and agents.
fn play<G: Game>(
    start: &G,
    seed: Seed,
    agents: ByPlayer<&mut dyn Agent<G>>,
) -> (ByPlayer<f64>, usize) {
    let mut playout = Playout::new(start.clone(), seed, agents, MAX_ACTIONS);
    // A game that stops early (too long, or a game contradicting itself) counts as it stands.
    let _ = playout.run();
    (playout.state().returns(), playout.actions())
}

/// Trictrac's evaluation for expectiminimax: trous and points (12 to a trou) and the
/// heuristic's positional evaluation, scaled into (−1, 1) by a partie's worth of points.
fn trictrac_eval(game: &TrictracGame, player: Player) -> f64 {
    let me = Colour::from(player);
    let m = game.marking();
    let bot = Bot::default();
    let board = game.position().board();
    let points = 12.0 * (f64::from(m.trous(me)) - f64::from(m.trous(me.other())))
        + f64::from(m.points(me))
        - f64::from(m.points(me.other()))
        + bot.evaluate(board, me)
        - bot.evaluate(board, me.other());
    let scale = 12.0 * f64::from(game.options().trous_to_win.max(1)) + 12.0;
    (points / scale).clamp(-0.99, 0.99)
}

/// Tafl's evaluation for expectiminimax: the searcher's static evaluation for `player`,
/// 100 soldiers to the unit, into (−1, 1).
fn tafl_eval(game: &TaflGame, player: Player) -> f64 {
    let pos = game.position();
    let v = f64::from(tafl_core::ai::evaluate(pos)) / 10_000.0;
    let v = if Player::from(pos.side_to_move()) == player {
        v
    } else {
        -v
    };
    v.clamp(-0.99, 0.99)
}

fn build_generic<G: Game + 'static>(
    spec: Spec,
    seed: Seed,
    eval: fn(&G, Player) -> f64,
) -> Option<Box<dyn Agent<G>>> {
    Some(match spec {
        Spec::Random => Box::new(RandomAgent::new(seed)),
        Spec::Mcts(n) => Box::new(Mcts::<G>::new(MctsConfig::with_iterations(n), seed).ok()?),
        Spec::Expecti(d) => Box::new(
            Expectiminimax::with_evaluator(
                ExpectiminimaxConfig {
                    bounds: Some((-2.0, 2.0)),
                    ..ExpectiminimaxConfig::with_depth(d)
                },
                eval,
            )
            .ok()?,
        ),
        _ => return None,
    })
}

fn build_trictrac(spec: Spec, seed: Seed) -> Box<dyn Agent<TrictracGame>> {
    match spec {
        Spec::Bot => Box::new(Bot::default()),
        Spec::SearchBot(b) => Box::new(ExpectimaxBot::new(Bot::default(), b)),
        _ => build_generic(spec, seed, trictrac_eval)
            .unwrap_or_else(|| Box::new(RandomAgent::new(seed))),
    }
}

fn build_tafl(spec: Spec, seed: Seed) -> Box<dyn Agent<TaflGame>> {
    match spec {
        Spec::Level(level) => Box::new(Searcher::for_level(level, seed)),
        _ => {
            build_generic(spec, seed, tafl_eval).unwrap_or_else(|| Box::new(RandomAgent::new(seed)))
        }
    }
}

fn play_fixture<G: Game>(
    start: &G,
    f: &Fixture,
    build: &(dyn Fn(Spec, Seed) -> Box<dyn Agent<G>> + Sync),
    specs: &[Spec],
) -> Outcome {
    let mut a = Timed {
        inner: build(specs[f.first], agent_seed(f.seed, f.first)),
        nanos: 0,
        decisions: 0,
        longest: 0,
    };
    let mut b = Timed {
        inner: build(specs[f.second], agent_seed(f.seed, f.second)),
        nanos: 0,
        decisions: 0,
        longest: 0,
    };
    let (returns, length) = play(
        start,
        f.seed,
        ByPlayer::new(&mut a as &mut dyn Agent<G>, &mut b as &mut dyn Agent<G>),
    );
    Outcome {
        returns,
        length,
        time: ByPlayer::new(
            (a.nanos, a.decisions, a.longest),
            (b.nanos, b.decisions, b.longest),
        ),
    }
}

/// Plays the fixtures not in `done` (by index) on the current pool, appending each finished
/// game to `log`, and returns every fixture's outcome in the order of `fixtures`.
fn play_all(
    fixtures: &[Fixture],
    done: &HashMap<usize, Outcome>,
    log: &Option<Mutex<Log>>,
    bar: &ProgressBar,
    play: impl Fn(&Fixture) -> Outcome + Sync,
) -> Result<Vec<Outcome>, CliError> {
    fixtures
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            if let Some(o) = done.get(&i) {
                return Ok(*o);
            }
            let o = play(f);
            if let Some(log) = log {
                let mut log = log
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                log.append(&game_line(i, &o))?;
            }
            bar.inc(1);
            Ok(o)
        })
        .collect()
}

/// The arguments that make two tournaments' games the same games (the log's first line):
/// the game, the agents, the rounds, the seed and the game's options.
fn log_header(args: &TournamentArgs, names: &[String]) -> serde_json::Value {
    json!({
        "tournament": {
            "game": match args.game {
                TournamentGame::Trictrac => "trictrac",
                TournamentGame::Tafl => "tafl",
            },
            "agents": names,
            "games": args.games,
            "seed": args.seed,
            "trous": args.trous,
            "rules": args.rules,
        }
    })
}

/// One finished game as a line: the fixture's index, the returns (also as the bits of the
/// two `f64`, so that they read back exactly), the length and the decision times.
fn game_line(index: usize, o: &Outcome) -> String {
    let t = |x: (u64, u64, u64)| json!([x.0, x.1, x.2]);
    json!({
        "fixture": index,
        "returns": [o.returns.first, o.returns.second],
        "returns_bits": [o.returns.first.to_bits(), o.returns.second.to_bits()],
        "length": o.length,
        "time": [t(o.time.first), t(o.time.second)],
    })
    .to_string()
}

/// A game read back from its line, with its fixture's index.
fn parse_game_line(line: &str) -> Option<(usize, Outcome)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let index = usize::try_from(v.get("fixture")?.as_u64()?).ok()?;
    let bits = v.get("returns_bits")?.as_array()?;
    let returns = ByPlayer::new(
        f64::from_bits(bits.first()?.as_u64()?),
        f64::from_bits(bits.get(1)?.as_u64()?),
    );
    let time = |x: &serde_json::Value| -> Option<(u64, u64, u64)> {
        let a = x.as_array()?;
        Some((
            a.first()?.as_u64()?,
            a.get(1)?.as_u64()?,
            a.get(2)?.as_u64()?,
        ))
    };
    let times = v.get("time")?.as_array()?;
    Some((
        index,
        Outcome {
            returns,
            length: usize::try_from(v.get("length")?.as_u64()?).ok()?,
            time: ByPlayer::new(time(times.first()?)?, time(times.get(1)?)?),
        },
    ))
}

/// Opens the `--log` file: the games already there (by fixture index), the file ready for
/// appending (its header written when it is new).
///
/// # Errors
/// [`CliError::Input`] (`--log`) for a file whose first line is not a tournament's header,
/// one written by other arguments (naming those that differ, with both values), or a line
/// that is no game of this tournament; [`CliError::Io`] when it cannot be read or written.
fn open_log(
    path: &std::path::Path,
    args: &TournamentArgs,
    names: &[String],
    fixtures: usize,
) -> Result<(HashMap<usize, Outcome>, Log), CliError> {
    let (lines, mut log) = Log::open(path)?;
    let header = log_header(args, names);
    let mut done = HashMap::new();
    let Some(first) = lines.first() else {
        log.append(&header.to_string())?;
        return Ok((done, log));
    };
    let bad = |message: String| CliError::input("--log", format!("{}: {message}", path.display()));
    let theirs: serde_json::Value = serde_json::from_str(first)
        .ok()
        .filter(|v: &serde_json::Value| v.get("tournament").is_some_and(|t| t.is_object()))
        .ok_or_else(|| {
            bad("not a tournament's log (its first line is not the header of one)".into())
        })?;
    let (ours, theirs) = (&header["tournament"], &theirs["tournament"]);
    let flag = |key: &str| match key {
        "game" => "--game",
        "agents" => "--agents",
        "games" => "--games",
        "seed" => "--seed",
        "trous" => "--trous",
        _ => "--rules",
    };
    let differ: Vec<String> = ["game", "agents", "games", "seed", "trous", "rules"]
        .into_iter()
        .filter(|k| ours.get(*k) != theirs.get(*k))
        .map(|k| {
            let shown = |v: Option<&serde_json::Value>| match v {
                None | Some(serde_json::Value::Null) => "not given".to_owned(),
                Some(v) => v.to_string(),
            };
            format!(
                "{} {} in the log, {} here",
                flag(k),
                shown(theirs.get(k)),
                shown(ours.get(k))
            )
        })
        .collect();
    if !differ.is_empty() {
        return Err(bad(format!(
            "written by a tournament of other arguments ({}): give another file, or the same arguments",
            differ.join("; ")
        )));
    }
    for (n, line) in lines.iter().enumerate().skip(1) {
        match parse_game_line(line) {
            Some((i, o)) if i < fixtures => {
                done.entry(i).or_insert(o);
            }
            _ => {
                return Err(bad(format!(
                    "line {} is no game of this tournament (expected {{\"fixture\": 0 to {}, ...}})",
                    n + 1,
                    fixtures - 1
                )));
            }
        }
    }
    Ok((done, log))
}

/// Runs the tournament and prints it.
pub(crate) fn run(args: TournamentArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::input("--games", "must be at least 1"));
    }
    let mut specs = Vec::new();
    for (i, name) in args.agents.iter().enumerate() {
        let name = name.trim();
        if args.agents[..i].iter().any(|n| n.trim() == name) {
            return Err(CliError::input(
                "--agents",
                format!("{name} is named twice"),
            ));
        }
        specs.push(parse_spec(name, args.game)?);
    }
    if specs.len() < 2 {
        return Err(CliError::input("--agents", "name at least two agents"));
    }
    let names: Vec<String> = args.agents.iter().map(|n| n.trim().to_string()).collect();
    let fixtures = schedule(specs.len(), args.games, Seed(args.seed));
    // More threads than games would only be started to idle (100 000 of them took minutes):
    // the results do not depend on the number of threads.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.min(fixtures.len()))
        .build()
        .map_err(|e| CliError::input("--threads", e))?;
    let bar = if args.quiet || args.json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(fixtures.len() as u64);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar
    };
    let (done, log) = match &args.log {
        Some(path) => {
            let (done, log) = open_log(path, &args, &names, fixtures.len())?;
            (done, Some(Mutex::new(log)))
        }
        None => (HashMap::new(), None),
    };
    bar.inc(done.len() as u64);
    let started = Instant::now();
    let outcomes: Vec<Outcome> = match args.game {
        TournamentGame::Trictrac => {
            if args.rules.is_some() {
                return Err(CliError::input(
                    "--rules",
                    "is for tafl; trictrac takes --trous",
                ));
            }
            let trous = args.trous.unwrap_or(12);
            if trous == 0 {
                return Err(CliError::input("--trous", "must be at least 1"));
            }
            let start = TrictracGame::standard(GameOptions {
                trous_to_win: trous,
                ..GameOptions::default()
            });
            pool.install(|| {
                play_all(&fixtures, &done, &log, &bar, |f| {
                    play_fixture(&start, f, &build_trictrac, &specs)
                })
            })?
        }
        TournamentGame::Tafl => {
            if args.trous.is_some() {
                return Err(CliError::input(
                    "--trous",
                    "is for trictrac; tafl takes --rules",
                ));
            }
            let ruleset = ruleset(args.rules.as_deref())?;
            let start = TaflGame::new(ruleset);
            pool.install(|| {
                play_all(&fixtures, &done, &log, &bar, |f| {
                    play_fixture(&start, f, &build_tafl, &specs)
                })
            })?
        }
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let mut table = ResultTable::new(specs.len());
    let mut time = vec![(0u64, 0u64, 0u64); specs.len()];
    for (f, o) in fixtures.iter().zip(&outcomes) {
        table.record(f.first, f.second, o.returns);
        for (agent, t) in [(f.first, o.time.first), (f.second, o.time.second)] {
            time[agent].0 += t.0;
            time[agent].1 += t.1;
            time[agent].2 = time[agent].2.max(t.2);
        }
    }
    let elo = elo_ratings(&table, 1.0).map_err(|e| CliError::Output(e.to_string()))?;
    let game_name = match args.game {
        TournamentGame::Trictrac => "trictrac",
        TournamentGame::Tafl => "tafl",
    };
    if args.json {
        print_json(&to_json(game_name, &args, &names, &table, &elo))?;
    } else {
        print_text(game_name, &args, &names, &table, &elo, &time, elapsed)?;
    }
    match &args.svg {
        Some(file) => {
            let title = format!(
                "{game_name} tournament: lengths of {} games (seed {})",
                outcomes.len(),
                args.seed
            );
            let plot = boardgames_common::svg::histogram(
                &title,
                "game length in actions",
                &length_counts(outcomes.iter().map(|o| o.length)),
            );
            write_file(file, &plot)
        }
        None => Ok(()),
    }
}

fn interval_json(i: boardgames_common::tournament::Interval) -> serde_json::Value {
    json!({ "estimate": i.estimate, "low": i.low, "high": i.high })
}

fn wdl_json(w: &Wdl) -> serde_json::Value {
    json!({
        "games": w.games(), "wins": w.wins, "draws": w.draws, "losses": w.losses,
        "score": w.score(),
        "win_rate": interval_json(w.win_rate()),
        "draw_rate": interval_json(w.draw_rate()),
        "loss_rate": interval_json(w.loss_rate()),
    })
}

fn to_json(
    game: &str,
    args: &TournamentArgs,
    names: &[String],
    table: &ResultTable,
    elo: &[Rating],
) -> serde_json::Value {
    let mut pairs = Vec::new();
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let mut v = wdl_json(&table.get(i, j));
            v["agent"] = json!(names[i]);
            v["opponent"] = json!(names[j]);
            pairs.push(v);
        }
    }
    let ratings: Vec<_> = names
        .iter()
        .zip(elo)
        .enumerate()
        .map(|(i, (n, r))| {
            json!({
                "agent": n, "elo": r.elo, "se": r.se, "low": r.low, "high": r.high,
                "results": wdl_json(&table.total(i)),
            })
        })
        .collect();
    json!({
        "game": game,
        "seed": args.seed,
        "rounds_per_pair": args.games,
        "agents": names,
        "pairs": pairs,
        "elo": ratings,
        "elo_prior_draws": 1.0,
    })
}

fn pct(i: boardgames_common::tournament::Interval) -> String {
    format!(
        "{:.1}% [{:.1}–{:.1}]",
        100.0 * i.estimate,
        100.0 * i.low,
        100.0 * i.high
    )
}

fn print_text(
    game: &str,
    args: &TournamentArgs,
    names: &[String],
    table: &ResultTable,
    elo: &[Rating],
    time: &[(u64, u64, u64)],
    elapsed: f64,
) -> Result<(), CliError> {
    let games: u64 = (0..names.len())
        .map(|i| table.total(i).games())
        .sum::<u64>()
        / 2;
    outln!(
        "Tournament of {game}: {} agents, {} rounds per pair (each two games, sides swapped), {games} games, seed {}",
        names.len(),
        args.games,
        args.seed
    );
    outln!();
    let w = names.iter().map(|n| n.len()).max().unwrap_or(5).max(5);
    outln!(
        "| {:w$} | {:w$} | games | W-D-L | wins | draws | losses |",
        "agent",
        "opponent"
    );
    outln!(
        "|{}|{}|---|---|---|---|---|",
        "-".repeat(w + 2),
        "-".repeat(w + 2)
    );
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let c = table.get(i, j);
            outln!(
                "| {:w$} | {:w$} | {} | {}-{}-{} | {} | {} | {} |",
                names[i],
                names[j],
                c.games(),
                c.wins,
                c.draws,
                c.losses,
                pct(c.win_rate()),
                pct(c.draw_rate()),
                pct(c.loss_rate())
            );
        }
    }
    outln!();
    outln!("Elo (mean 0, 95% interval; one virtual draw per pair):");
    outln!();
    outln!(
        "| rank | {:w$} | Elo | 95% interval | score | W-D-L | ms/decision | longest ms |",
        "agent"
    );
    outln!("|---|{}|---|---|---|---|---|---|", "-".repeat(w + 2));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| elo[b].elo.total_cmp(&elo[a].elo));
    for (rank, &i) in order.iter().enumerate() {
        let t = table.total(i);
        let (nanos, decisions, longest) = time[i];
        let (ms, longest) = if decisions == 0 {
            ("-".to_string(), "-".to_string())
        } else {
            (
                format!("{:.3}", nanos as f64 / decisions as f64 / 1e6),
                format!("{:.1}", longest as f64 / 1e6),
            )
        };
        outln!(
            "| {} | {:w$} | {:+.0} | [{:+.0}, {:+.0}] | {:.1}% | {}-{}-{} | {} | {} |",
            rank + 1,
            names[i],
            elo[i].elo,
            elo[i].low,
            elo[i].high,
            100.0 * t.score(),
            t.wins,
            t.draws,
            t.losses,
            ms,
            longest
        );
    }
    outln!();
    outln!("{elapsed:.1} s of wall time");
    Ok(())
}
