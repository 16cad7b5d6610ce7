//! `boardgames tournament`: every pair of agents plays `--games` rounds, each round twice
//! with the sides swapped and the same seed, on `--threads` threads; wins, draws and losses
//! with 95% Wilson intervals and Elo ratings with 95% intervals
//! (`boardgames_common::tournament`).
//!
//! Each game is a function of its seed and the agents' names only (every agent is built
//! afresh for it, seeded from it), so the results are the same whatever the thread count.

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

use crate::error::{CliError, print_json};

/// The games a tournament can be played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum TournamentGame {
    /// A partie ordinaire of trictrac.
    Trictrac,
    /// Tafl (Fidchell unless `--rules`).
    Tafl,
}

/// The arguments of `boardgames tournament`.
#[derive(Debug, clap::Args)]
pub(crate) struct TournamentArgs {
    /// The game.
    #[arg(long, value_enum)]
    game: TournamentGame,
    /// Comma-separated agents: random, mcts:N (N iterations), expecti:D (depth D); trictrac:
    /// bot (the heuristic), searchbot (its expectimax over the 21 throws; searchbot:B
    /// searches the B best plays, default 8), tdbot (the TD-trained network; tdbot:FILE
    /// with the weights of FILE), tdsearchbot (one ply of expectimax on it;
    /// tdsearchbot:FILE); tafl: bard, ovate, druid.
    #[arg(long, value_delimiter = ',', required = true)]
    agents: Vec<String>,
    /// Rounds per pair: each round is two games, the sides swapped.
    #[arg(long, default_value_t = 10, value_parser = crate::numbers::count::<u32>("rounds", 1),
          allow_hyphen_values = true)]
    games: u32,
    /// The tournament's seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = crate::parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// Trictrac: trous to win the partie.
    #[arg(long, value_parser = crate::numbers::count::<u8>("trous", 1), allow_hyphen_values = true)]
    trous: Option<u8>,
    /// Tafl: a preset name or an OpenTafl rules string; default fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON (without the timings, which vary from run to run).
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of the games' lengths (in actions, dice throws included) as
    /// an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

/// An agent named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spec {
    Random,
    Mcts(u32),
    Expecti(u32),
    /// The trictrac heuristic.
    Bot,
    /// The trictrac expectimax bot searching this many plays.
    SearchBot(usize),
    /// The trictrac TD-trained bot with a network.
    Td(crate::bots::Network),
    /// Its one-ply expectimax.
    TdSearch(crate::bots::Network),
    /// A tafl level.
    Level(Level),
}

const KNOWN: &str = "random, mcts:N, expecti:D, and bot, searchbot, searchbot:B, tdbot, tdbot:FILE, tdsearchbot, tdsearchbot:FILE (trictrac) or bard, ovate, druid (tafl)";

pub(crate) fn parse_spec(text: &str, game: TournamentGame) -> Result<Spec, CliError> {
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
        "tdbot" => Spec::Td(crate::bots::Network::shipped()),
        "tdsearchbot" => Spec::TdSearch(crate::bots::Network::shipped()),
        _ => {
            if let Some(file) = text.strip_prefix("tdbot:") {
                Spec::Td(crate::bots::Network::read(file, "--agents")?)
            } else if let Some(file) = text.strip_prefix("tdsearchbot:") {
                Spec::TdSearch(crate::bots::Network::read(file, "--agents")?)
            } else if let Some(rest) = text.strip_prefix("searchbot:") {
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
        (
            Spec::Bot | Spec::SearchBot(_) | Spec::Td(_) | Spec::TdSearch(_),
            TournamentGame::Tafl,
        ) => Err(bad(format!("{text} plays trictrac only"))),
        (Spec::Level(_), TournamentGame::Trictrac) => Err(bad(format!("{text} plays tafl only"))),
        _ => Ok(spec),
    }
}

/// A mixed seed for agent `index` of a game seeded `seed`.
pub(crate) fn agent_seed(seed: Seed, index: usize) -> Seed {
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
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    pub(crate) returns: ByPlayer<f64>,
    /// Actions applied (dice throws included).
    pub(crate) length: usize,
    pub(crate) time: ByPlayer<(u64, u64, u64)>,
    /// The game's record, when asked for.
    pub(crate) record: Option<String>,
}

pub(crate) const MAX_ACTIONS: usize = 200_000;

/// Plays `start` to the end (or `MAX_ACTIONS`, then the unfinished returns count): the
/// returns and the number of actions applied. The family's one game loop
/// ([`Playout`]), so that a tournament's game is the game `play_game` plays from the same
/// seed and agents.
fn play<G: Game>(
    start: &G,
    seed: Seed,
    agents: ByPlayer<&mut dyn Agent<G>>,
    recorded: bool,
) -> (ByPlayer<f64>, usize, Option<String>) {
    let mut playout = if recorded {
        match Playout::recorded(start.clone(), seed, agents, MAX_ACTIONS) {
            Ok(p) => p,
            // A tag the record cannot hold (a bug of the game): the game is played unrecorded.
            Err(_) => return (ByPlayer::new(0.0, 0.0), 0, None),
        }
    } else {
        Playout::new(start.clone(), seed, agents, MAX_ACTIONS)
    };
    // A game that stops early (too long, or a game contradicting itself) counts as it stands.
    let _ = playout.run();
    let record = playout.record().map(ToString::to_string);
    (playout.state().returns(), playout.actions(), record)
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
                ExpectiminimaxConfig::with_depth(d).with_bounds(Some((-2.0, 2.0))),
                eval,
            )
            .ok()?,
        ),
        _ => return None,
    })
}

pub(crate) fn build_trictrac(spec: Spec, seed: Seed) -> Box<dyn Agent<TrictracGame>> {
    match spec {
        Spec::Bot => Box::new(Bot::default()),
        Spec::SearchBot(b) => Box::new(ExpectimaxBot::new(Bot::default(), b)),
        Spec::Td(n) => Box::new(trictrac_core::bot::TdBot::new(n.get())),
        Spec::TdSearch(n) => Box::new(trictrac_core::bot::TdExpectimaxBot::new(n.get())),
        _ => build_generic(spec, seed, trictrac_eval)
            .unwrap_or_else(|| Box::new(RandomAgent::new(seed))),
    }
}

pub(crate) fn build_tafl(spec: Spec, seed: Seed) -> Box<dyn Agent<TaflGame>> {
    match spec {
        Spec::Level(level) => Box::new(Searcher::for_level(level, seed)),
        _ => {
            build_generic(spec, seed, tafl_eval).unwrap_or_else(|| Box::new(RandomAgent::new(seed)))
        }
    }
}

pub(crate) fn play_fixture<G: Game>(
    start: &G,
    f: &Fixture,
    build: &(dyn Fn(Spec, Seed) -> Box<dyn Agent<G>> + Sync),
    specs: &[Spec],
    recorded: bool,
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
    let (returns, length, record) = play(
        start,
        f.seed,
        ByPlayer::new(&mut a as &mut dyn Agent<G>, &mut b as &mut dyn Agent<G>),
        recorded,
    );
    Outcome {
        returns,
        length,
        record,
        time: ByPlayer::new(
            (a.nanos, a.decisions, a.longest),
            (b.nanos, b.decisions, b.longest),
        ),
    }
}

/// The start of a tournament's games.
#[derive(Debug, Clone)]
pub(crate) enum Start {
    /// A partie ordinaire to the given trous.
    Trictrac(Box<TrictracGame>),
    /// A tafl game of a ruleset.
    Tafl(Box<TaflGame>),
}

/// A tournament checked and scheduled: what both the one-machine command and the shards of
/// `boardgames_cli::shards` play.
#[derive(Debug, Clone)]
pub(crate) struct Setup {
    /// The game's name in the JSON ("trictrac" or "tafl").
    pub(crate) game_name: &'static str,
    pub(crate) specs: Vec<Spec>,
    pub(crate) names: Vec<String>,
    pub(crate) fixtures: Vec<Fixture>,
    pub(crate) start: Start,
    pub(crate) seed: u64,
    pub(crate) rounds: u32,
}

impl Setup {
    /// Checks the arguments of a tournament (the messages of `boardgames tournament`).
    pub(crate) fn new(
        game: TournamentGame,
        agents: &[String],
        rounds: u32,
        seed: u64,
        trous: Option<u8>,
        rules: Option<&str>,
    ) -> Result<Setup, CliError> {
        if rounds == 0 {
            return Err(CliError::input("--games", "must be at least 1"));
        }
        let mut specs = Vec::new();
        for (i, name) in agents.iter().enumerate() {
            let name = name.trim();
            if agents[..i].iter().any(|n| n.trim() == name) {
                return Err(CliError::input(
                    "--agents",
                    format!("{name} is named twice"),
                ));
            }
            specs.push(parse_spec(name, game)?);
        }
        if specs.len() < 2 {
            return Err(CliError::input("--agents", "name at least two agents"));
        }
        let names: Vec<String> = agents.iter().map(|n| n.trim().to_string()).collect();
        let (game_name, start) = match game {
            TournamentGame::Trictrac => {
                if rules.is_some() {
                    return Err(CliError::input(
                        "--rules",
                        "is for tafl; trictrac takes --trous",
                    ));
                }
                let trous = trous.unwrap_or(12);
                if trous == 0 {
                    return Err(CliError::input("--trous", "must be at least 1"));
                }
                let start = TrictracGame::standard(GameOptions::default().with_trous_to_win(trous));
                ("trictrac", Start::Trictrac(Box::new(start)))
            }
            TournamentGame::Tafl => {
                if trous.is_some() {
                    return Err(CliError::input(
                        "--trous",
                        "is for trictrac; tafl takes --rules",
                    ));
                }
                let ruleset = crate::tafl::ruleset(rules)?;
                ("tafl", Start::Tafl(Box::new(TaflGame::new(ruleset))))
            }
        };
        let fixtures = schedule(specs.len(), rounds, Seed(seed));
        Ok(Setup {
            game_name,
            specs,
            names,
            fixtures,
            start,
            seed,
            rounds,
        })
    }

    /// Plays one fixture (a pure function of the fixture and the agents' names).
    pub(crate) fn play(&self, f: &Fixture, recorded: bool) -> Outcome {
        match &self.start {
            Start::Trictrac(start) => {
                play_fixture(&**start, f, &build_trictrac, &self.specs, recorded)
            }
            Start::Tafl(start) => play_fixture(&**start, f, &build_tafl, &self.specs, recorded),
        }
    }

    /// The results of `outcomes` (of fixtures `first ..` in order) added to `table`, `time`
    /// (per agent: nanoseconds, decisions, longest) and the games' lengths.
    pub(crate) fn tally(
        &self,
        first: usize,
        outcomes: &[Outcome],
        table: &mut ResultTable,
        time: &mut [(u64, u64, u64)],
        lengths: &mut Vec<u64>,
    ) {
        for (f, o) in self.fixtures[first..].iter().zip(outcomes) {
            table.record(f.first, f.second, o.returns);
            for (agent, t) in [(f.first, o.time.first), (f.second, o.time.second)] {
                time[agent].0 += t.0;
                time[agent].1 += t.1;
                time[agent].2 = time[agent].2.max(t.2);
            }
            if lengths.len() <= o.length {
                lengths.resize(o.length + 1, 0);
            }
            lengths[o.length] += 1;
        }
    }

    /// The JSON of `boardgames tournament --json` for the results `table`.
    pub(crate) fn to_json(&self, table: &ResultTable) -> Result<serde_json::Value, CliError> {
        let elo = elo_ratings(table, 1.0).map_err(|e| CliError::Output(e.to_string()))?;
        Ok(to_json(
            self.game_name,
            self.seed,
            self.rounds,
            &self.names,
            table,
            &elo,
        ))
    }
}

/// Runs the tournament and prints it.
pub(crate) fn run(args: TournamentArgs) -> Result<(), CliError> {
    let setup = Setup::new(
        args.game,
        &args.agents,
        args.games,
        args.seed,
        args.trous,
        args.rules.as_deref(),
    )?;
    let fixtures = &setup.fixtures;
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
    let started = Instant::now();
    let outcomes: Vec<Outcome> = pool.install(|| {
        fixtures
            .par_iter()
            .map(|f| {
                let o = setup.play(f, false);
                bar.inc(1);
                o
            })
            .collect()
    });
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let mut table = ResultTable::new(setup.specs.len());
    let mut time = vec![(0u64, 0u64, 0u64); setup.specs.len()];
    let mut lengths = Vec::new();
    setup.tally(0, &outcomes, &mut table, &mut time, &mut lengths);
    let game_name = setup.game_name;
    if args.json {
        print_json(&setup.to_json(&table)?)?;
    } else {
        let elo = elo_ratings(&table, 1.0).map_err(|e| CliError::Output(e.to_string()))?;
        print_text(game_name, &args, &setup.names, &table, &elo, &time, elapsed)?;
    }
    match &args.svg {
        Some(file) => {
            let title = format!(
                "{game_name} tournament: lengths of {} games (seed {})",
                outcomes.len(),
                args.seed
            );
            let plot =
                boardgames_common::svg::histogram(&title, "game length in actions", &lengths);
            crate::view::write_file(file, &plot)
        }
        None => Ok(()),
    }
}

/// `counts[n]`: how many of `lengths` equal `n` (at most `MAX_ACTIONS + 1` entries).
pub(crate) fn length_counts(lengths: impl Iterator<Item = usize>) -> Vec<u64> {
    let mut counts = Vec::new();
    for n in lengths {
        if counts.len() <= n {
            counts.resize(n + 1, 0);
        }
        counts[n] += 1;
    }
    counts
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
    seed: u64,
    rounds: u32,
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
        "seed": seed,
        "rounds_per_pair": rounds,
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
