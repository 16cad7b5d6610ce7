//! The shards of `boardgames_rs.distributed`: a job (a sugoroku or trictrac study, a
//! tournament, self-play) planned, played by ranges of its units with the GIL released, and
//! merged, all by `boardgames_cli::shards` (the one-machine commands' own code).
//!
//! [`JobMerger`] merges the shards one at a time as a driver receives them: it adds each
//! shard's integer counts to running totals (the additions `Job::merge` makes, which give
//! the same totals in any order) and, at the end, hands one shard holding the totals of every
//! unit to `Job::merge`, which checks it and writes the command's result.

use std::collections::BTreeMap;

use boardgames_cli::shards::Job;
use boardgames_common::tournament::Wdl;
use pyo3::prelude::*;
use serde_json::{Value, json};
use sugoroku_core::Statistics;

use super::value_error;

/// Checks a job (its JSON text) and gives `(kind, units, key)`.
///
/// # Errors
///
/// `ValueError` with the command's message for a bad job.
#[pyfunction]
fn job_plan(job: &str) -> PyResult<(String, u64, String)> {
    let job = Job::plan(job).map_err(value_error)?;
    Ok((job.kind().to_string(), job.units(), job.key()))
}

/// Plays units `first .. first + count` of a job and gives the shard's JSON text; the GIL is
/// released while the games are played.
///
/// # Errors
///
/// `ValueError` for a bad job or a range outside its units.
#[pyfunction]
fn job_run(py: Python<'_>, job: &str, first: u64, count: u64) -> PyResult<String> {
    let job = Job::plan(job).map_err(value_error)?;
    let shard = py.detach(|| job.run(first, count)).map_err(value_error)?;
    Ok(shard.to_string())
}

/// Merges shards (JSON texts, in any order) into the one-machine command's `--json` result,
/// as that command prints it (pretty JSON).
///
/// # Errors
///
/// `ValueError` for a bad job, a shard of another job or malformed, or shards that do not
/// cover every unit exactly once.
#[pyfunction]
fn job_merge(py: Python<'_>, job: &str, shards: Vec<String>) -> PyResult<String> {
    let job = Job::plan(job).map_err(value_error)?;
    py.detach(|| {
        let values = shards
            .iter()
            .enumerate()
            .map(|(n, s)| serde_json::from_str(s).map_err(|e| format!("shard {n}: not JSON: {e}")))
            .collect::<Result<Vec<serde_json::Value>, String>>()?;
        let merged = job.merge(&values).map_err(|e| e.to_string())?;
        serde_json::to_string_pretty(&merged).map_err(|e| e.to_string())
    })
    .map_err(value_error)
}

/// The counts of a trictrac study's shard (`"counts"`), as `boardgames simulate trictrac`
/// writes them: read strictly (an unknown field is an error, so that a change of the shard
/// format cannot be dropped silently) and added as that command adds them (saturating).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TrictracCounts {
    games: u64,
    wins: FirstSecond,
    draws: u64,
    actions: u64,
    lengths: Vec<u64>,
}

#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FirstSecond {
    first: u64,
    second: u64,
}

impl TrictracCounts {
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
}

/// The running totals of the shards merged so far, by kind of job.
#[derive(Debug)]
enum Totals {
    /// No shard yet.
    Empty,
    /// A sugoroku study's statistics (`"counts"`).
    Sugoroku(Statistics),
    /// A trictrac study's counts (`"counts"`).
    Trictrac(TrictracCounts),
    /// A tournament's (or self-play's) results of each pair `i < j` in order (`"pairs"`).
    Pairs(Vec<Wdl>),
}

/// A job's shards merged one at a time, in any order, into the one-machine command's
/// `--json` result: `JobMerger(job)`, `add(shard)` for each shard as it arrives, `finish()`.
///
/// The totals are integer sums, so they do not depend on the order of the shards: the
/// result is the one `job_merge` gives for all the shards at once, and the one of the
/// one-machine command.
#[pyclass(module = "boardgames_rs._native")]
#[derive(Debug)]
pub(crate) struct JobMerger {
    job: Job,
    key: String,
    units: u64,
    /// The ranges merged: first unit to number of units.
    ranges: BTreeMap<u64, u64>,
    done: u64,
    totals: Totals,
}

impl JobMerger {
    fn add_value(&mut self, shard: &Value) -> Result<(), String> {
        if shard["key"] != self.key.as_str() {
            return Err(format!(
                "shard: its key {} is not the job's {:?}",
                shard["key"], self.key
            ));
        }
        let (Some(first), Some(count)) = (shard["first"].as_u64(), shard["count"].as_u64()) else {
            return Err("shard: no whole numbers \"first\" and \"count\"".to_string());
        };
        let end = first
            .checked_add(count)
            .filter(|&end| end <= self.units)
            .ok_or_else(|| {
                format!(
                    "shard: units {first} .. {first} + {count} are not within the job's {}",
                    self.units
                )
            })?;
        let before = self.ranges.range(..=first).next_back();
        let after = self.ranges.range(first..).next();
        for (&f, &c) in before.into_iter().chain(after) {
            if f < end && first < f + c {
                return Err(format!(
                    "shard: units {first} .. {end} overlap the shard of units {f} .. {} merged before",
                    f + c
                ));
            }
        }
        let bad = |e: serde_json::Error| format!("shard of units {first} .. {end}: {e}");
        match self.job.kind() {
            "sugoroku" => {
                let stats: Statistics =
                    serde_json::from_value(shard["counts"].clone()).map_err(bad)?;
                match &mut self.totals {
                    Totals::Sugoroku(total) => total.merge(&stats),
                    totals => *totals = Totals::Sugoroku(stats),
                }
            }
            "trictrac" => {
                let counts: TrictracCounts =
                    serde_json::from_value(shard["counts"].clone()).map_err(bad)?;
                match &mut self.totals {
                    Totals::Trictrac(total) => total.merge(&counts),
                    totals => *totals = Totals::Trictrac(counts),
                }
            }
            _ => {
                let pairs: Vec<Wdl> =
                    serde_json::from_value(shard["pairs"].clone()).map_err(bad)?;
                match &mut self.totals {
                    Totals::Pairs(total) => {
                        if total.len() < pairs.len() {
                            total.resize(pairs.len(), Wdl::default());
                        }
                        for (a, b) in total.iter_mut().zip(pairs) {
                            a.add(b);
                        }
                    }
                    totals => *totals = Totals::Pairs(pairs),
                }
            }
        }
        self.ranges.insert(first, count);
        self.done += count;
        Ok(())
    }

    fn finish_value(&self) -> Result<Value, String> {
        if self.done != self.units {
            // The first unit not covered.
            let mut next = 0;
            for (&f, &c) in &self.ranges {
                if f != next {
                    break;
                }
                next = f + c;
            }
            return Err(format!(
                "{} of the job's {} units merged: units from {next} are missing",
                self.done, self.units
            ));
        }
        // One shard of every unit, with the totals: `Job::merge` checks it and writes the
        // command's result from it as from the shards one by one.
        let mut whole = json!({ "key": self.key, "first": 0, "count": self.units });
        match &self.totals {
            Totals::Empty => return Err("no shard merged".to_string()),
            Totals::Sugoroku(stats) => whole["counts"] = json!(stats),
            Totals::Trictrac(counts) => whole["counts"] = json!(counts),
            Totals::Pairs(pairs) => whole["pairs"] = json!(pairs),
        }
        self.job.merge(&[whole]).map_err(|e| e.to_string())
    }
}

#[pymethods]
impl JobMerger {
    /// A merger for `job` (its JSON text).
    ///
    /// # Errors
    ///
    /// `ValueError` with the command's message for a bad job.
    #[new]
    fn new(job: &str) -> PyResult<JobMerger> {
        let job = Job::plan(job).map_err(value_error)?;
        Ok(JobMerger {
            key: job.key(),
            units: job.units(),
            job,
            ranges: BTreeMap::new(),
            done: 0,
            totals: Totals::Empty,
        })
    }

    /// Adds one shard (the JSON text `job_run` gave); nothing is added if it is refused.
    ///
    /// # Errors
    ///
    /// `ValueError` for a shard that is not JSON, is another job's, lies outside the job's
    /// units, overlaps a shard merged before, or has malformed counts.
    fn add(&mut self, py: Python<'_>, shard: &str) -> PyResult<()> {
        py.detach(|| {
            let value: Value =
                serde_json::from_str(shard).map_err(|e| format!("shard: not JSON: {e}"))?;
            self.add_value(&value)
        })
        .map_err(value_error)
    }

    /// The number of units merged so far.
    #[getter]
    fn done(&self) -> u64 {
        self.done
    }

    /// The job's number of units.
    #[getter]
    fn units(&self) -> u64 {
        self.units
    }

    /// The merged result, as `job_merge` and the one-machine command give it (pretty JSON).
    ///
    /// # Errors
    ///
    /// `ValueError` naming the first missing unit unless every unit has been merged.
    fn finish(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| {
            let merged = self.finish_value()?;
            serde_json::to_string_pretty(&merged).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "JobMerger({:?}, {}/{} units)",
            self.key, self.done, self.units
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(job_plan, m)?)?;
    m.add_function(wrap_pyfunction!(job_run, m)?)?;
    m.add_function(wrap_pyfunction!(job_merge, m)?)?;
    m.add_class::<JobMerger>()
}
