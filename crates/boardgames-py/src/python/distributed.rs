//! The shards of `boardgames_rs.distributed`: a job (a sugoroku or trictrac study, a
//! tournament, self-play) planned, played by ranges of its units with the GIL released, and
//! merged, all by the arena's jobs (`boardgames_arena::jobs`, the one-machine commands' own
//! code).
//!
//! [`JobMerger`] is the arena's `Merger`: it merges the shards one at a time as a driver
//! receives them, adding each shard's integer counts to running totals (which give the same
//! totals in any order), and writes the command's result at the end.

use std::time::Instant;

use boardgames_arena::jobs::{Job, Merger};
use pyo3::prelude::*;
use serde_json::Value;

use super::error::value_error;

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
    let shard = py
        .detach(|| job.run(first, count, &Instant::now()))
        .map_err(value_error)?;
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

/// A job's shards merged one at a time, in any order, into the one-machine command's
/// `--json` result: `JobMerger(job)`, `add(shard)` for each shard as it arrives, `finish()`.
///
/// The totals are integer sums, so they do not depend on the order of the shards: the
/// result is the one `job_merge` gives for all the shards at once, and the one of the
/// one-machine command.
#[pyclass(module = "boardgames_rs._native")]
#[derive(Debug)]
pub(crate) struct JobMerger {
    merger: Merger,
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
            merger: job.merger(),
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
            self.merger.add(&value).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }

    /// The number of units merged so far.
    #[getter]
    fn done(&self) -> u64 {
        self.merger.done()
    }

    /// The job's number of units.
    #[getter]
    fn units(&self) -> u64 {
        self.merger.units()
    }

    /// The merged result, as `job_merge` and the one-machine command give it (pretty JSON).
    ///
    /// # Errors
    ///
    /// `ValueError` naming the first missing unit unless every unit has been merged.
    fn finish(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| {
            let merged = self.merger.finish().map_err(|e| e.to_string())?;
            serde_json::to_string_pretty(&merged).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "JobMerger({:?}, {}/{} units)",
            self.merger.key(),
            self.merger.done(),
            self.merger.units()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(job_plan, m)?)?;
    m.add_function(wrap_pyfunction!(job_run, m)?)?;
    m.add_function(wrap_pyfunction!(job_merge, m)?)?;
    m.add_class::<JobMerger>()
}
