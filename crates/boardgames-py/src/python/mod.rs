//! The PyO3 module `boardgames_rs._native`: game and state classes over
//! [`EncodedState`](crate::EncodedState), bots, whole games between bots, the chance
//! generator, the vectorised tafl environment, rendering and the jobs of
//! `boardgames_rs.distributed`. Every error of the crates becomes a `ValueError` carrying
//! its message (a record's, the `RecordError` subclass); a wrong type is PyO3's `TypeError`.
//!
//! The files, each using only those above it: `error` (the exceptions), `seed` (the chance
//! generator and `derive_seed`), `render` (SVG to arrays); `states` (the state classes);
//! `any_game` (one of the four games: the enum and the per-game trait that replace
//! four-way matches); `agent` (the bots by name); `games` (the game classes); `play` (whole
//! games between bots); `vector`, `distributed`.

use pyo3::prelude::*;

mod agent;
mod any_game;
mod distributed;
mod error;
mod games;
mod play;
mod render;
mod seed;
mod states;
mod vector;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHANCE", crate::CHANCE)?;
    m.add("TERMINAL", crate::TERMINAL)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    error::register(m)?;
    seed::register(m)?;
    games::register(m)?;
    states::register(m)?;
    agent::register(m)?;
    play::register(m)?;
    render::register(m)?;
    vector::register(m)?;
    distributed::register(m)?;
    Ok(())
}
