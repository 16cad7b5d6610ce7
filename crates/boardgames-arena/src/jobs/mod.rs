//! Work cut into ranges: the studies and tournaments of the one-machine commands as a
//! [`Job`] whose units (games, or a tournament's fixtures) are played by ranges anywhere
//! (threads, processes, the nodes of a cluster) and merged back ([`Job::merge`],
//! [`Merger`]) into exactly the result of the one-machine command on the same seeds.
//!
//! A job is given as JSON (its fields are the command-line options of the command it
//! stands for):
//!
//! | `kind` | fields | the one-machine command (its `--json`) |
//! |---|---|---|
//! | `sugoroku` | `games`, `seed` (0), `rules` (the default ruleset) | `boardgames simulate sugoroku` |
//! | `trictrac` | `games`, `seed` (1), `agents` (`["bot", "bot"]`), `trous` (12) | `boardgames simulate trictrac` |
//! | `tournament` | `game` (`trictrac` or `tafl`), `agents`, `games` (rounds per pair, 10), `seed` (1), `trous`, `rules` | `boardgames tournament` |
//! | `selfplay` | as `tournament`: the same games, each shard also giving every game's record (the self-play writer of training data) | `boardgames tournament` |
//!
//! [`Job::plan`] checks the job (every message is the command's own) and counts its units;
//! [`Job::run`] plays units `first .. first + count` on the calling thread and returns the
//! shard's JSON (integer counts only, so that shards add up exactly); [`Job::merge`] checks
//! that the shards cover every unit once and returns the command's `--json` result. Every
//! game is a function of the job and its number only (a study's game `i` is played from the
//! seed derived by `i`, `Seed::derive`), so the result does not depend on how the units are
//! cut, where they run nor in which order the shards come back.
//!
//! ```
//! use boardgames_arena::NoClock;
//! use boardgames_arena::jobs::Job;
//!
//! let job = Job::plan(r#"{"kind": "sugoroku", "games": 100, "seed": 5}"#).unwrap();
//! let a = job.run(0, 40, &NoClock).unwrap();
//! let b = job.run(40, 60, &NoClock).unwrap();
//! let whole = job.merge(&[b, a]).unwrap();
//! assert_eq!(whole["games"], 100);
//! ```

mod counts;
mod merge;

use boardgames_common::Seed;
use boardgames_common::tournament::{Fixture, ResultTable};
use serde::Deserialize;
use serde_json::{Value, json};
use sugoroku_core::{Ruleset, Simulation};

use crate::clock::Clock;
use crate::error::ArenaError;
use crate::tournament::{DecisionTimes, Tournament, TournamentGame};

pub use counts::sugoroku_json;
pub use merge::Merger;

use counts::TrictracCounts;

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
    Tournament {
        tournament: Box<Tournament>,
        records: bool,
    },
}

/// A trictrac study: `games` parties between two agents, partie `i` from `seed.derive(i)`.
#[derive(Debug, Clone)]
struct TrictracStudy {
    agents: Tournament,
    games: u64,
    seed: Seed,
    trous: u8,
}

impl Job {
    /// Reads and checks a job from its JSON text (see the [module](self) documentation).
    ///
    /// # Errors
    ///
    /// [`ArenaError`] with the message of the one-machine command for a bad number of
    /// games, an unknown agent, ruleset or option; naming `job` for JSON that is not a job
    /// (unknown kind or field, a value of the wrong type).
    pub fn plan(text: &str) -> Result<Job, ArenaError> {
        let spec: JobSpec = serde_json::from_str(text).map_err(|e| ArenaError::input("job", e))?;
        let what = match spec {
            JobSpec::Sugoroku { games, seed, rules } => {
                if games == 0 {
                    return Err(ArenaError::input("--games", "must be at least 1"));
                }
                let rules: Ruleset = match rules.as_deref() {
                    Some(text) => text.parse().map_err(|e| ArenaError::input("--rules", e))?,
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
                    return Err(ArenaError::input("--games", "must be at least 1"));
                }
                let agents = agents.unwrap_or_else(|| vec!["bot".into(), "bot".into()]);
                if agents.len() != 2 {
                    return Err(ArenaError::input(
                        "--agents",
                        format!(
                            "a study names two agents (first and second player), not {}",
                            agents.len()
                        ),
                    ));
                }
                let trous = trous.unwrap_or(12);
                What::Trictrac(TrictracStudy {
                    agents: Tournament::study(&agents, trous, seed)?,
                    games,
                    seed: Seed(seed),
                    trous,
                })
            }
            JobSpec::Tournament(t) | JobSpec::Selfplay(t) => {
                let records = text_kind_is_selfplay(text);
                let tournament = Tournament::new(
                    t.game,
                    &t.agents,
                    t.games,
                    t.seed,
                    t.trous,
                    t.rules.as_deref(),
                )?;
                What::Tournament {
                    tournament: Box::new(tournament),
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
            What::Tournament { tournament, .. } => tournament.fixtures.len() as u64,
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
                study.agents.names.join(","),
                study.trous,
                study.seed.0,
                study.games
            ),
            What::Tournament {
                tournament,
                records,
            } => format!(
                "{} | {} | {} | {} | seed={} | rounds={}",
                if *records { "selfplay" } else { "tournament" },
                tournament.game.name(),
                tournament.names.join(","),
                tournament.options_text(),
                tournament.seed,
                tournament.rounds
            ),
        }
    }

    fn range(&self, first: u64, count: u64) -> Result<(), ArenaError> {
        let units = self.units();
        if first.checked_add(count).is_none_or(|end| end > units) {
            return Err(ArenaError::input(
                "shard",
                format!("units {first} .. {first} + {count} are not within the job's {units}"),
            ));
        }
        Ok(())
    }

    /// Plays units `first .. first + count` on the calling thread, the decisions timed on
    /// `clock`, and returns the shard's result: `{"key", "first", "count", ...}` with the
    /// integer counts [`Job::merge`] adds (for `selfplay`, also `"records"`: one object per
    /// game with its fixture, seed, agents, returns and record text).
    ///
    /// # Errors
    ///
    /// [`ArenaError::Input`] (`shard`) if the range is not within the job's units.
    pub fn run(&self, first: u64, count: u64, clock: &dyn Clock) -> Result<Value, ArenaError> {
        self.range(first, count)?;
        let mut out = json!({ "key": self.key(), "first": first, "count": count });
        match &self.what {
            What::Sugoroku(sim) => {
                let part = Simulation {
                    first,
                    games: count,
                    ..*sim
                };
                let stats = part.run().map_err(|e| ArenaError::Failed(e.to_string()))?;
                out["counts"] = json!(stats);
            }
            What::Trictrac(study) => {
                let mut counts = TrictracCounts::default();
                for i in first..first + count {
                    let f = Fixture {
                        first: 0,
                        second: 1,
                        round: 0,
                        seed: study.seed.derive(i),
                    };
                    counts.add(&study.agents.play(&f, false, clock));
                }
                out["counts"] = json!(counts);
            }
            What::Tournament {
                tournament,
                records,
            } => {
                // In range: checked above against the fixtures' count.
                let (from, to) = (first as usize, (first + count) as usize);
                let fixtures = &tournament.fixtures[from..to];
                let results: Vec<_> = fixtures
                    .iter()
                    .map(|f| tournament.play(f, *records, clock))
                    .collect();
                let n = tournament.names.len();
                let mut table = ResultTable::new(n);
                let mut time = vec![DecisionTimes::default(); n];
                let mut lengths = Vec::new();
                tournament.tally(from, &results, &mut table, &mut time, &mut lengths);
                let mut pairs = Vec::new();
                for i in 0..n {
                    for j in i + 1..n {
                        pairs.push(json!(table.get(i, j)));
                    }
                }
                out["pairs"] = json!(pairs);
                out["lengths"] = json!(lengths);
                out["time"] = Value::Array(time.into_iter().map(DecisionTimes::to_json).collect());
                if *records {
                    let names = &tournament.names;
                    let games: Vec<Value> = fixtures
                        .iter()
                        .zip(&results)
                        .enumerate()
                        .map(|(k, (f, o))| {
                            json!({
                                "fixture": from + k,
                                "seed": f.seed.0,
                                "first": names[f.first],
                                "second": names[f.second],
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
}

/// Whether the job's JSON names the kind `selfplay` (both kinds read the same fields).
fn text_kind_is_selfplay(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| v["kind"] == "selfplay")
}
