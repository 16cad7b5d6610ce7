//! A tournament's machinery, shared by `boardgames tournament` and the shards of
//! [`crate::games::shards`]: the agents named on the command line ([`Spec`]), the schedule
//! and its games ([`Setup`]), each game a function of its seed and the agents' names only
//! (every agent is built afresh for it, seeded from it), so that the results are the same
//! whatever the thread count or the machine.

use std::time::Instant;

use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
use boardgames_common::tournament::{Fixture, Rating, ResultTable, Wdl, elo_ratings, schedule};
use boardgames_common::{Agent, ByPlayer, Game, Player, Playout, RandomAgent, Seed};
use serde_json::json;
use tafl_core::TaflGame;
use tafl_core::ai::{Level, Searcher};
use trictrac_core::ai::{Bot, ExpectimaxBot};
use trictrac_core::{Colour, GameOptions, TrictracGame};

use crate::args::tournament::TournamentGame;
use crate::games::bots::Network;
use crate::games::tafl::ruleset;
use crate::io::error::CliError;

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
    Td(Network),
    /// Its one-ply expectimax.
    TdSearch(Network),
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
        "tdbot" => Spec::Td(Network::shipped()),
        "tdsearchbot" => Spec::TdSearch(Network::shipped()),
        _ => {
            if let Some(file) = text.strip_prefix("tdbot:") {
                Spec::Td(Network::read(file, "--agents")?)
            } else if let Some(file) = text.strip_prefix("tdsearchbot:") {
                Spec::TdSearch(Network::read(file, "--agents")?)
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

/// The most games of one tournament (its fixtures are listed in memory): 2²⁶.
pub(crate) const MAX_FIXTURES: u64 = 1 << 26;

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
    let v = f64::from(tafl_core::ai::evaluate(pos, game.rules())) / 10_000.0;
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
        Spec::Td(n) => Box::new(trictrac_core::ai::TdBot::new(n.get())),
        Spec::TdSearch(n) => Box::new(trictrac_core::ai::TdExpectimaxBot::new(n.get())),
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
        // The schedule is listed in memory (about 40 bytes a game): bounded before it is.
        let n = specs.len() as u64;
        if (n * n).saturating_mul(u64::from(rounds)) > MAX_FIXTURES {
            return Err(CliError::input(
                "--games",
                format!("more than {MAX_FIXTURES} games in one tournament"),
            ));
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
                let start = TrictracGame::new(GameOptions::default().with_trous_to_win(trous));
                ("trictrac", Start::Trictrac(Box::new(start)))
            }
            TournamentGame::Tafl => {
                if trous.is_some() {
                    return Err(CliError::input(
                        "--trous",
                        "is for trictrac; tafl takes --rules",
                    ));
                }
                let ruleset = ruleset(rules)?;
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
