//! The shards of `boardgames_rs.distributed`: a job (a sugoroku or trictrac study, a
//! tournament, self-play) planned, played by ranges of its units with the GIL released, and
//! merged, all by `boardgames_cli::shards` (the one-machine commands' own code).

use boardgames_cli::shards::Job;
use pyo3::prelude::*;

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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(job_plan, m)?)?;
    m.add_function(wrap_pyfunction!(job_run, m)?)?;
    m.add_function(wrap_pyfunction!(job_merge, m)?)
}
