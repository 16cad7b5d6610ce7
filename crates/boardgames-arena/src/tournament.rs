//! Tournaments: the agents named ([`AgentSpec`]), the schedule of every pair's games
//! (`boardgames_common::tournament::schedule`), each game played ([`Tournament::play`]) and
//! tallied ([`Tournament::tally`]), and the results as JSON ([`Tournament::to_json`]).
//!
//! Each game is a function of its fixture (its seed and its two agents' names) only: every
//! agent is built afresh for it, agent `i` of the tournament seeded with the fixture's seed
//! derived by `i` (`Seed::derive`), the dice drawn from the fixture's seed by the family's
//! one game loop (`Playout`). So the results are the same whatever the threads, the
//! machines or the order the games are played in.

use boardgames_common::tournament::{
    Fixture, Interval, Rating, ResultTable, Wdl, elo_ratings, schedule,
};
use boardgames_common::{Agent, ByPlayer, Game, Playout, RandomAgent, Seed};
use serde_json::{Value, json};
use tafl_core::TaflGame;
use trictrac_core::{GameOptions, TrictracGame};

use crate::agents::{AgentBuilder, AgentSpec, BoxedAgent, GameKind, RegisteredGame};
use crate::clock::Clock;
use crate::error::ArenaError;
use crate::rules::tafl_ruleset;

/// The games a tournament is played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentGame {
    /// Trictrac's partie ordinaire (to 12 trous unless told).
    Trictrac,
    /// Tafl (Fidchell unless told).
    Tafl,
}

impl TournamentGame {
    /// The game's name in the JSON: `trictrac` or `tafl`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TournamentGame::Trictrac => "trictrac",
            TournamentGame::Tafl => "tafl",
        }
    }

    const fn kind(self) -> GameKind {
        match self {
            TournamentGame::Trictrac => GameKind::Trictrac,
            TournamentGame::Tafl => GameKind::Tafl,
        }
    }
}

/// The time of one agent's decisions: in total, their number, the longest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DecisionTimes {
    /// Nanoseconds over every decision.
    pub nanos: u64,
    /// Decisions made.
    pub decisions: u64,
    /// Nanoseconds of the longest decision.
    pub longest: u64,
}

impl DecisionTimes {
    /// Adds `other`'s decisions.
    pub fn add(&mut self, other: DecisionTimes) {
        self.nanos = self.nanos.saturating_add(other.nanos);
        self.decisions = self.decisions.saturating_add(other.decisions);
        self.longest = self.longest.max(other.longest);
    }

    /// The JSON of the times: `[nanos, decisions, longest]`.
    #[must_use]
    pub fn to_json(self) -> Value {
        json!([self.nanos, self.decisions, self.longest])
    }
}

/// The result of one game of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The returns of the first and second players (an unfinished game's as it stands).
    pub returns: ByPlayer<f64>,
    /// Actions applied (dice throws included).
    pub length: usize,
    /// The decisions' times of each player.
    pub time: ByPlayer<DecisionTimes>,
    /// The game's record, when asked for.
    pub record: Option<String>,
}

/// A game longer than this many actions is cut off and counts as it stands.
pub const MAX_ACTIONS: usize = 200_000;

/// The most games of one tournament (its fixtures are listed in memory): 2²⁶.
pub const MAX_FIXTURES: u64 = 1 << 26;

/// An agent that adds up the time of its decisions, read on `clock`.
struct Timed<'a, G: Game> {
    inner: BoxedAgent<G>,
    clock: &'a dyn Clock,
    time: DecisionTimes,
}

impl<G: Game> Agent<G> for Timed<'_, G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let start = self.clock.elapsed();
        let a = self.inner.choose(state, legal);
        let t = u64::try_from(self.clock.elapsed().saturating_sub(start).as_nanos())
            .unwrap_or(u64::MAX);
        self.time.add(DecisionTimes {
            nanos: t,
            decisions: 1,
            longest: t,
        });
        a
    }
}

/// Plays `start` to the end (or [`MAX_ACTIONS`], then the unfinished returns count) with
/// the family's one game loop ([`Playout`]): a tournament's game is the game `play_game`
/// plays from the same seed and agents.
fn play_out<G: Game>(
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

/// Agent `index` of a tournament for a game of `G` from `seed` (checked to play `G` when
/// the tournament was made).
fn agent<G: RegisteredGame>(builder: &AgentBuilder, seed: Seed) -> BoxedAgent<G> {
    builder
        .build::<G>(seed)
        .unwrap_or_else(|_| Box::new(RandomAgent::new(seed)))
}

/// Fixture `f` of `start` between `agents`, timed on `clock`.
fn play_fixture<G: RegisteredGame>(
    start: &G,
    f: &Fixture,
    agents: &[AgentBuilder],
    recorded: bool,
    clock: &dyn Clock,
) -> GameResult {
    let timed = |i: usize| Timed {
        inner: agent::<G>(&agents[i], f.seed.derive(i as u64)),
        clock,
        time: DecisionTimes::default(),
    };
    let (mut a, mut b) = (timed(f.first), timed(f.second));
    let (returns, length, record) = play_out(
        start,
        f.seed,
        ByPlayer::new(&mut a as &mut dyn Agent<G>, &mut b as &mut dyn Agent<G>),
        recorded,
    );
    GameResult {
        returns,
        length,
        record,
        time: ByPlayer::new(a.time, b.time),
    }
}

/// The start of a tournament's games.
#[derive(Debug, Clone)]
pub(crate) enum Start {
    /// A partie ordinaire to its trous.
    Trictrac(Box<TrictracGame>),
    /// A tafl game of a ruleset.
    Tafl(Box<TaflGame>),
}

/// A tournament checked and scheduled: every pair of agents plays its rounds, each round
/// two games with the sides swapped and the same seed.
///
/// ```
/// use boardgames_arena::NoClock;
/// use boardgames_arena::tournament::{Tournament, TournamentGame};
/// use boardgames_common::tournament::ResultTable;
///
/// let agents = ["random".to_string(), "bard".to_string()];
/// let t = Tournament::new(TournamentGame::Tafl, &agents, 1, 7, None, Some("brandubh")).unwrap();
/// assert_eq!(t.fixtures().len(), 2);
/// let results: Vec<_> = t.fixtures().iter().map(|f| t.play(f, false, &NoClock)).collect();
/// let mut table = ResultTable::new(2);
/// t.tally(0, &results, &mut table, &mut [Default::default(); 2], &mut Vec::new());
/// assert_eq!(table.total(0).games(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Tournament {
    pub(crate) game: TournamentGame,
    pub(crate) agents: Vec<AgentBuilder>,
    pub(crate) names: Vec<String>,
    pub(crate) fixtures: Vec<Fixture>,
    pub(crate) start: Start,
    pub(crate) seed: u64,
    pub(crate) rounds: u32,
}

/// The agent named `name` made ready for `game` (`what` names the option in errors).
fn ready(name: &str, game: GameKind) -> Result<AgentBuilder, ArenaError> {
    let error = |error| ArenaError::Agent {
        what: "--agents",
        error,
    };
    let spec = name
        .parse::<AgentSpec>()
        .and_then(|s| s.for_game(game))
        .map_err(error)?;
    AgentBuilder::new(spec).map_err(error)
}

/// The start of a partie ordinaire to `trous` (given or 12) for `--trous`.
fn trictrac_start(trous: Option<u8>) -> Result<Start, ArenaError> {
    let trous = trous.unwrap_or(12);
    if trous == 0 {
        return Err(ArenaError::input("--trous", "must be at least 1"));
    }
    Ok(Start::Trictrac(Box::new(TrictracGame::new(
        GameOptions::default().with_trous_to_win(trous),
    ))))
}

impl Tournament {
    /// Checks a tournament of `game` between `agents` (names of [`AgentSpec`], each once,
    /// at least two), `rounds` rounds a pair, from `seed`; trictrac takes `trous` (12 when
    /// `None`), tafl `rules` (a preset or an OpenTafl rules string, Fidchell when `None`).
    ///
    /// # Errors
    /// [`ArenaError`] naming the option at fault (`--games`, `--agents`, `--trous`,
    /// `--rules`): no rounds, an agent unknown, named twice or of the other game, fewer
    /// than two agents, more than [`MAX_FIXTURES`] games, an option of the other game.
    pub fn new(
        game: TournamentGame,
        agents: &[String],
        rounds: u32,
        seed: u64,
        trous: Option<u8>,
        rules: Option<&str>,
    ) -> Result<Tournament, ArenaError> {
        if rounds == 0 {
            return Err(ArenaError::input("--games", "must be at least 1"));
        }
        let mut builders = Vec::new();
        for (i, name) in agents.iter().enumerate() {
            let name = name.trim();
            if agents[..i].iter().any(|n| n.trim() == name) {
                return Err(ArenaError::input(
                    "--agents",
                    format!("{name} is named twice"),
                ));
            }
            builders.push(ready(name, game.kind())?);
        }
        if builders.len() < 2 {
            return Err(ArenaError::input("--agents", "name at least two agents"));
        }
        // The schedule is listed in memory (about 40 bytes a game): bounded before it is.
        let n = builders.len() as u64;
        if (n * n).saturating_mul(u64::from(rounds)) > MAX_FIXTURES {
            return Err(ArenaError::input(
                "--games",
                format!("more than {MAX_FIXTURES} games in one tournament"),
            ));
        }
        let start = match game {
            TournamentGame::Trictrac => {
                if rules.is_some() {
                    return Err(ArenaError::input(
                        "--rules",
                        "is for tafl; trictrac takes --trous",
                    ));
                }
                trictrac_start(trous)?
            }
            TournamentGame::Tafl => {
                if trous.is_some() {
                    return Err(ArenaError::input(
                        "--trous",
                        "is for trictrac; tafl takes --rules",
                    ));
                }
                Start::Tafl(Box::new(TaflGame::new(tafl_ruleset(rules)?)))
            }
        };
        Ok(Tournament {
            game,
            agents: builders,
            names: agents.iter().map(|n| n.trim().to_owned()).collect(),
            fixtures: schedule(agents.len(), rounds, Seed(seed)),
            start,
            seed,
            rounds,
        })
    }

    /// The two agents of a trictrac study (the same agent may play both sides): a
    /// tournament without a schedule, whose games the study numbers itself.
    pub(crate) fn study(agents: &[String], trous: u8, seed: u64) -> Result<Tournament, ArenaError> {
        let start = trictrac_start(Some(trous))?;
        let builders = agents
            .iter()
            .map(|name| ready(name.trim(), GameKind::Trictrac))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Tournament {
            game: TournamentGame::Trictrac,
            agents: builders,
            names: agents.iter().map(|n| n.trim().to_owned()).collect(),
            fixtures: Vec::new(),
            start,
            seed,
            rounds: 0,
        })
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> TournamentGame {
        self.game
    }

    /// The agents' names, as given (spaces around them trimmed).
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The agents made ready, in the order of [`Tournament::names`].
    #[must_use]
    pub fn agents(&self) -> &[AgentBuilder] {
        &self.agents
    }

    /// The games, in the order of `boardgames_common::tournament::schedule`.
    #[must_use]
    pub fn fixtures(&self) -> &[Fixture] {
        &self.fixtures
    }

    /// The tournament's seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Rounds a pair.
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The game's options as a key's part: `trous=N` or the tafl ruleset's rules string.
    pub(crate) fn options_text(&self) -> String {
        match &self.start {
            Start::Trictrac(g) => format!("trous={}", g.options().trous_to_win),
            Start::Tafl(g) => g.ruleset().to_string(),
        }
    }

    /// Plays fixture `f` (a pure function of the fixture and the agents' names), its record
    /// kept when `recorded`, the decisions timed on `clock`.
    #[must_use]
    pub fn play(&self, f: &Fixture, recorded: bool, clock: &dyn Clock) -> GameResult {
        match &self.start {
            Start::Trictrac(start) => play_fixture(&**start, f, &self.agents, recorded, clock),
            Start::Tafl(start) => play_fixture(&**start, f, &self.agents, recorded, clock),
        }
    }

    /// Adds `results` (of the fixtures `first ..` in order) to `table`, to `time` (per
    /// agent) and to the games' `lengths` (`lengths[n]`: the games of `n` actions).
    pub fn tally(
        &self,
        first: usize,
        results: &[GameResult],
        table: &mut ResultTable,
        time: &mut [DecisionTimes],
        lengths: &mut Vec<u64>,
    ) {
        for (f, o) in self.fixtures[first..].iter().zip(results) {
            table.record(f.first, f.second, o.returns);
            time[f.first].add(o.time.first);
            time[f.second].add(o.time.second);
            if lengths.len() <= o.length {
                lengths.resize(o.length + 1, 0);
            }
            lengths[o.length] += 1;
        }
    }

    /// The JSON of the results `table` (that of `boardgames tournament --json`): the game,
    /// the seed, the rounds, each pair's wins, draws and losses with 95% intervals, each
    /// agent's Elo rating with its interval.
    ///
    /// # Errors
    /// [`ArenaError::Failed`] if the ratings cannot be computed.
    pub fn to_json(&self, table: &ResultTable) -> Result<Value, ArenaError> {
        let elo = elo_ratings(table, 1.0).map_err(|e| ArenaError::Failed(e.to_string()))?;
        Ok(results_json(
            self.game.name(),
            self.seed,
            self.rounds,
            &self.names,
            table,
            &elo,
        ))
    }
}

/// An interval as JSON: `{"estimate", "low", "high"}`.
#[must_use]
pub fn interval_json(i: Interval) -> Value {
    json!({ "estimate": i.estimate, "low": i.low, "high": i.high })
}

fn wdl_json(w: &Wdl) -> Value {
    json!({
        "games": w.games(), "wins": w.wins, "draws": w.draws, "losses": w.losses,
        "score": w.score(),
        "win_rate": interval_json(w.win_rate()),
        "draw_rate": interval_json(w.draw_rate()),
        "loss_rate": interval_json(w.loss_rate()),
    })
}

fn results_json(
    game: &str,
    seed: u64,
    rounds: u32,
    names: &[String],
    table: &ResultTable,
    elo: &[Rating],
) -> Value {
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
