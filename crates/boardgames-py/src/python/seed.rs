//! The family's seeds: the seeded generator of chance outcomes (`ChanceRng`) and the one
//! derivation of sub-seeds (`derive_seed`, `boardgames_common::Seed::derive`).

use boardgames_common::Seed;
use pyo3::prelude::*;

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
            rng: Seed(seed).rng(),
        }
    }

    fn __repr__(&self) -> String {
        "ChanceRng(…)".to_string()
    }
}

/// The seed of sub-stream `index` of `seed` (`Seed::derive`, SplitMix64: the one derivation
/// of the family): `play_games` seeds the first bot of the game of seed `s` with
/// `derive_seed(s, 0)` and the second with `derive_seed(s, 1)`, as the tournaments and
/// studies of `boardgames_rs.distributed` do.
#[pyfunction]
fn derive_seed(seed: u64, index: u64) -> u64 {
    Seed(seed).derive(index).0
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ChanceRng>()?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)
}
