//! The PyO3 module `boardgames_rs._native`: game and state classes over [`Session`], bots,
//! the chance generator, the vectorised tafl environment and rendering. Every error of the
//! crates becomes a `ValueError` carrying its message; a wrong type is PyO3's `TypeError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::session::{ActionIdError, RecordError};

mod agent;
mod distributed;
mod games;
mod render;
mod states;
mod vector;

/// A `ValueError` with `e`'s message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

impl From<ActionIdError> for PyErr {
    fn from(e: ActionIdError) -> PyErr {
        value_error(e)
    }
}

impl From<RecordError> for PyErr {
    fn from(e: RecordError) -> PyErr {
        value_error(e)
    }
}

/// The family's seeded generator of chance outcomes (ChaCha8, pinned): the same seed draws
/// the same dice as the Rust crates' `play_game`.
#[pyclass(module = "boardgames_rs._native")]
#[derive(Debug, Clone)]
pub(crate) struct ChanceRng {
    pub(crate) rng: boardgames_common::SeedRng,
}

#[pymethods]
impl ChanceRng {
    #[new]
    fn new(seed: u64) -> ChanceRng {
        ChanceRng {
            rng: boardgames_common::Seed(seed).rng(),
        }
    }

    fn __repr__(&self) -> String {
        "ChanceRng(…)".to_string()
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHANCE", crate::CHANCE)?;
    m.add("TERMINAL", crate::TERMINAL)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<ChanceRng>()?;
    games::register(m)?;
    states::register(m)?;
    agent::register(m)?;
    render::register(m)?;
    vector::register(m)?;
    distributed::register(m)?;
    Ok(())
}
