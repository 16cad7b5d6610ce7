//! Work cut into shards: the one-machine commands' studies and tournaments as a [`Job`]
//! whose units (games, or a tournament's fixtures) are played by ranges anywhere (threads,
//! processes, the nodes of a cluster) and merged back into exactly the result of the
//! one-machine command on the same seeds.
//!
//! A job is given as JSON (the names of the command-line options):
//!
//! | `kind` | fields | the one-machine command (its `--json`) |
//! |---|---|---|
//! | `sugoroku` | `games`, `seed` (0), `rules` (the default ruleset) | `boardgames simulate sugoroku` |
//! | `trictrac` | `games`, `seed` (1), `agents` (`["bot", "bot"]`), `trous` (12) | `boardgames simulate trictrac` |
//! | `tournament` | `game` (`trictrac` or `tafl`), `agents`, `games` (rounds per pair, 10), `seed` (1), `trous`, `rules` | `boardgames tournament` |
//! | `selfplay` | as `tournament`: the same games, each shard also giving every game's record | `boardgames tournament` |
//!
//! [`Job::plan`] checks the job (every message is the command's own) and counts its units;
//! [`Job::run`] plays units `first .. first + count` on the calling thread and returns the
//! shard's JSON (integer counts only, so that shards add up exactly); [`Job::merge`] checks
//! that the shards cover every unit once and returns the command's `--json` result. Every
//! game is a function of the job and its number only, so the result does not depend on how
//! the units are cut, where they run nor in which order the shards come back.

use boardgames_common::tournament::{ResultTable, Wdl};
use boardgames_common::{ByPlayer, Seed};
use serde::Deserialize;
use serde_json::{Value, json};
use sugoroku_core::{Ruleset, Simulation, Statistics};
use trictrac_core::{GameOptions, TrictracGame};

use crate::args::tournament::TournamentGame;
use crate::games::tournament::{Setup, Start};
use crate::io::error::CliError;

/// The JSON a job is given as (see the [module](self) documentation).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum JobSpec {
    Sugoroku {
        games: u64,
        #[serde(default)]
        seed: u64,
        #[serde(default)]
        rules: Option<String>,
    },
    Trictrac {
        games: u64,
        #[serde(default = "one")]
        seed: u64,
        #[serde(default)]
        agents: Option<Vec<String>>,
        #[serde(default)]
        trous: Option<u8>,
    },
    Tournament(TournamentSpec),
    Selfplay(TournamentSpec),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentSpec {
    game: TournamentGame,
    agents: Vec<String>,
    #[serde(default = "ten")]
    games: u32,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default)]
    trous: Option<u8>,
    #[serde(default)]
    rules: Option<String>,
}

const fn one() -> u64 {
    1
}

const fn ten() -> u32 {
    10
}

/// A job checked and ready to be played by ranges of its units.
#[derive(Debug, Clone)]
pub struct Job {
    what: What,
}

#[derive(Debug, Clone)]
enum What {
    Sugoroku(Simulation),
    Trictrac(TrictracStudy),
    Tournament { setup: Box<Setup>, records: bool },
}

/// A trictrac study: `games` parties between two agents, game `i` from `seed.derive(i)`.
#[derive(Debug, Clone)]
struct TrictracStudy {
    setup: Setup,
    games: u64,
    seed: Seed,
    trous: u8,
}

impl Job {
    /// Reads and checks a job from its JSON text (see the [module](self) documentation).
    ///
    /// # Errors
    ///
    /// [`CliError::Input`] with the message of the one-machine command for a bad number of
    /// games, an unknown agent, ruleset or option; `what` is `job` for JSON that is not a
    /// job (unknown kind or field, a value of the wrong type).
    pub fn plan(text: &str) -> Result<Job, CliError> {
        let spec: JobSpec =
            serde_json::from_str(text).map_err(|e| CliError::input("job", e.to_string()))?;
        let what = match spec {
            JobSpec::Sugoroku { games, seed, rules } => {
                if games == 0 {
                    return Err(CliError::input("--games", "must be at least 1"));
                }
                let rules: Ruleset = match rules.as_deref() {
                    Some(text) => text.parse().map_err(|e| CliError::input("--rules", e))?,
                    None => Ruleset::default(),
                };
                What::Sugoroku(Simulation::new(rules, Seed(seed), games).with_threads(1))
            }
            JobSpec::Trictrac {
                games,
                seed,
                agents,
                trous,
            } => {
                if games == 0 {
                    return Err(CliError::input("--games", "must be at least 1"));
                }
                let agents = agents.unwrap_or_else(|| vec!["bot".into(), "bot".into()]);
                if agents.len() != 2 {
                    return Err(CliError::input(
                        "--agents",
                        format!(
                            "a study names two agents (first and second player), not {}",
                            agents.len()
                        ),
                    ));
                }
                let trous = trous.unwrap_or(12);
                if trous == 0 {
                    return Err(CliError::input("--trous", "must be at least 1"));
                }
                // The same agent may play both sides: checked one by one.
                let mut specs = Vec::new();
                for name in &agents {
                    specs.push(crate::games::tournament::parse_spec(
                        name.trim(),
                        TournamentGame::Trictrac,
                    )?);
                }
                let setup = Setup {
                    game_name: "trictrac",
                    specs,
                    names: agents.iter().map(|n| n.trim().to_string()).collect(),
                    fixtures: Vec::new(),
                    start: Start::Trictrac(Box::new(TrictracGame::new(
                        GameOptions::default().with_trous_to_win(trous),
                    ))),
                    seed,
                    rounds: 0,
                };
                What::Trictrac(TrictracStudy {
                    setup,
                    games,
                    seed: Seed(seed),
                    trous,
                })
            }
            JobSpec::Tournament(t) | JobSpec::Selfplay(t) => {
                let records = text_kind_is_selfplay(text);
                let setup = Setup::new(
                    t.game,
                    &t.agents,
                    t.games,
                    t.seed,
                    t.trous,
                    t.rules.as_deref(),
                )?;
                What::Tournament {
                    setup: Box::new(setup),
                    records,
                }
            }
        };
        Ok(Job { what })
    }

    /// The job's kind: `sugoroku`, `trictrac`, `tournament` or `selfplay`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match &self.what {
            What::Sugoroku(_) => "sugoroku",
            What::Trictrac(_) => "trictrac",
            What::Tournament { records: false, .. } => "tournament",
            What::Tournament { records: true, .. } => "selfplay",
        }
    }

    /// The number of units (games; a tournament's games are its fixtures, in the order of
    /// `boardgames_common::tournament::schedule`).
    #[must_use]
    pub fn units(&self) -> u64 {
        match &self.what {
            What::Sugoroku(sim) => sim.games,
            What::Trictrac(study) => study.games,
            What::Tournament { setup, .. } => setup.fixtures.len() as u64,
        }
    }

    /// A text that names the job's games (kind, rules or agents, seed, size): two jobs with
    /// the same key play the same games, so a shard of one is a shard of the other.
    #[must_use]
    pub fn key(&self) -> String {
        match &self.what {
            What::Sugoroku(sim) => format!(
                "sugoroku | {} | seed={} | games={}",
                sim.rules, sim.seed.0, sim.games
            ),
            What::Trictrac(study) => format!(
                "trictrac | {} | trous={} | seed={} | games={}",
                study.setup.names.join(","),
                study.trous,
                study.seed.0,
                study.games
            ),
            What::Tournament { setup, records } => format!(
                "{} | {} | {} | {} | seed={} | rounds={}",
                if *records { "selfplay" } else { "tournament" },
                setup.game_name,
                setup.names.join(","),
                match &setup.start {
                    Start::Trictrac(g) => format!("trous={}", g.options().trous_to_win),
                    Start::Tafl(g) => g.ruleset().to_string(),
                },
                setup.seed,
                setup.rounds
            ),
        }
    }

    fn range(&self, first: u64, count: u64) -> Result<(), CliError> {
        let units = self.units();
        if first.checked_add(count).is_none_or(|end| end > units) {
            return Err(CliError::input(
                "shard",
                format!("units {first} .. {first} + {count} are not within the job's {units}"),
            ));
        }
        Ok(())
    }

    /// Plays units `first .. first + count` on the calling thread and returns the shard's
    /// result: `{"key", "first", "count", ...}` with the integer counts [`Job::merge`] adds
    /// (for `selfplay`, also `"records"`: one object per game with its fixture, seed, agents,
    /// returns and record text).
    ///
    /// # Errors
    ///
    /// [`CliError::Input`] (`shard`) if the range is not within the job's units.
    pub fn run(&self, first: u64, count: u64) -> Result<Value, CliError> {
        self.range(first, count)?;
        let mut out = json!({ "key": self.key(), "first": first, "count": count });
        match &self.what {
            What::Sugoroku(sim) => {
                let part = Simulation {
                    first,
                    games: count,
                    ..*sim
                };
                let stats = part.run().map_err(|e| CliError::Output(e.to_string()))?;
                out["counts"] = json!(stats);
            }
            What::Trictrac(study) => {
                let mut counts = TrictracCounts::default();
                for i in first..first + count {
                    let seed = study.seed.derive(i);
                    let f = boardgames_common::tournament::Fixture {
                        first: 0,
                        second: 1,
                        round: 0,
                        seed,
                    };
                    counts.add(&study.setup.play(&f, false));
                }
                out["counts"] = json!(counts);
            }
            What::Tournament { setup, records } => {
                // In range: checked above against the fixtures' count.
                let (from, to) = (first as usize, (first + count) as usize);
                let mut outcomes = Vec::with_capacity(to - from);
                for f in &setup.fixtures[from..to] {
                    outcomes.push(setup.play(f, *records));
                }
                let n = setup.specs.len();
                let mut table = ResultTable::new(n);
                let mut time = vec![(0u64, 0u64, 0u64); n];
                let mut lengths = Vec::new();
                setup.tally(from, &outcomes, &mut table, &mut time, &mut lengths);
                let mut pairs = Vec::new();
                for i in 0..n {
                    for j in i + 1..n {
                        pairs.push(json!(table.get(i, j)));
                    }
                }
                out["pairs"] = json!(pairs);
                out["lengths"] = json!(lengths);
                out["time"] = json!(time);
                if *records {
                    let games: Vec<Value> = setup.fixtures[from..to]
                        .iter()
                        .zip(&outcomes)
                        .enumerate()
                        .map(|(k, (f, o))| {
                            json!({
                                "fixture": from + k,
                                "seed": f.seed.0,
                                "first": setup.names[f.first],
                                "second": setup.names[f.second],
                                "returns": [o.returns.first, o.returns.second],
                                "length": o.length,
                                "record": o.record,
                            })
                        })
                        .collect();
                    out["records"] = json!(games);
                }
            }
        }
        Ok(out)
    }

    /// Merges shard results (in any order) into the one-machine command's `--json` result.
    ///
    /// # Errors
    ///
    /// [`CliError::Record`] if a shard is not one of this job's (another key, a malformed
    /// result) or the shards do not cover every unit exactly once (a gap or an overlap, named).
    pub fn merge(&self, shards: &[Value]) -> Result<Value, CliError> {
        let key = self.key();
        let mut ranges = Vec::with_capacity(shards.len());
        for (n, s) in shards.iter().enumerate() {
            if s["key"] != key.as_str() {
                return Err(CliError::Record(format!(
                    "shard {n}: its key {} is not the job's {key:?}",
                    s["key"]
                )));
            }
            let (Some(first), Some(count)) = (s["first"].as_u64(), s["count"].as_u64()) else {
                return Err(CliError::Record(format!(
                    "shard {n}: no whole numbers \"first\" and \"count\""
                )));
            };
            ranges.push((first, count, n));
        }
        ranges.sort_unstable();
        let mut next = 0u64;
        for &(first, count, n) in &ranges {
            if first != next {
                let what = if first < next {
                    "overlap"
                } else {
                    "leave a gap"
                };
                return Err(CliError::Record(format!(
                    "shard {n}: units from {first} {what} with the shards before (next expected {next})"
                )));
            }
            next = first.saturating_add(count);
        }
        if next != self.units() {
            return Err(CliError::Record(format!(
                "the shards hold units 0 to {next} of the job's {}: units {next} .. are missing",
                self.units()
            )));
        }
        let bad = |n: usize, e: String| CliError::Record(format!("shard {n}: {e}"));
        match &self.what {
            What::Sugoroku(sim) => {
                let mut merged = Statistics::new(sim.rules, sim.seed);
                for &(_, _, n) in &ranges {
                    let stats: Statistics = serde_json::from_value(shards[n]["counts"].clone())
                        .map_err(|e| bad(n, e.to_string()))?;
                    merged.merge(&stats);
                }
                Ok(crate::games::sugoroku::to_json(&merged, 0, sim.games))
            }
            What::Trictrac(study) => {
                let mut merged = TrictracCounts::default();
                for &(_, _, n) in &ranges {
                    let counts: TrictracCounts =
                        serde_json::from_value(shards[n]["counts"].clone())
                            .map_err(|e| bad(n, e.to_string()))?;
                    merged.merge(&counts);
                }
                Ok(merged.to_json(study))
            }
            What::Tournament { setup, .. } => {
                let n_agents = setup.specs.len();
                let mut table = ResultTable::new(n_agents);
                for &(_, _, n) in &ranges {
                    let pairs: Vec<Wdl> = serde_json::from_value(shards[n]["pairs"].clone())
                        .map_err(|e| bad(n, e.to_string()))?;
                    let mut k = 0;
                    for i in 0..n_agents {
                        for j in i + 1..n_agents {
                            table.add(i, j, pairs.get(k).copied().unwrap_or_default());
                            k += 1;
                        }
                    }
                }
                setup.to_json(&table)
            }
        }
    }
}

/// Whether the job's JSON names the kind `selfplay` (both kinds read the same fields).
fn text_kind_is_selfplay(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| v["kind"] == "selfplay")
}

/// The integer counts of a trictrac study (what shards add up).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
struct TrictracCounts {
    games: u64,
    wins: ByPlayer<u64>,
    /// Parties cut off unfinished (or with equal returns).
    draws: u64,
    /// Actions (throws included) over all games.
    actions: u64,
    /// `lengths[n]`: the games of `n` actions.
    lengths: Vec<u64>,
}

impl TrictracCounts {
    fn add(&mut self, o: &crate::games::tournament::Outcome) {
        self.games += 1;
        let (a, b) = (o.returns.first, o.returns.second);
        if a > b {
            self.wins.first += 1;
        } else if b > a {
            self.wins.second += 1;
        } else {
            self.draws += 1;
        }
        self.actions += o.length as u64;
        if self.lengths.len() <= o.length {
            self.lengths.resize(o.length + 1, 0);
        }
        self.lengths[o.length] += 1;
    }

    fn merge(&mut self, other: &TrictracCounts) {
        self.games = self.games.saturating_add(other.games);
        self.wins.first = self.wins.first.saturating_add(other.wins.first);
        self.wins.second = self.wins.second.saturating_add(other.wins.second);
        self.draws = self.draws.saturating_add(other.draws);
        self.actions = self.actions.saturating_add(other.actions);
        if self.lengths.len() < other.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (a, b) in self.lengths.iter_mut().zip(&other.lengths) {
            *a = a.saturating_add(*b);
        }
    }

    fn to_json(&self, study: &TrictracStudy) -> Value {
        let wilson = |k| {
            let i = boardgames_common::tournament::wilson(k, self.games);
            json!({ "estimate": i.estimate, "low": i.low, "high": i.high })
        };
        let min = self.lengths.iter().position(|&c| c > 0);
        let max = self.lengths.iter().rposition(|&c| c > 0);
        json!({
            "game": "trictrac",
            "agents": study.setup.names,
            "trous": study.trous,
            "seed": study.seed.0,
            "games": self.games,
            "wins": { "first": self.wins.first, "second": self.wins.second },
            "draws": self.draws,
            "win_rate": { "first": wilson(self.wins.first), "second": wilson(self.wins.second) },
            "draw_rate": wilson(self.draws),
            "mean_length": if self.games == 0 { 0.0 } else { self.actions as f64 / self.games as f64 },
            "min_length": min,
            "max_length": max,
            "counts": self,
        })
    }
}
