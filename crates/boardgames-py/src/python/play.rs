//! Whole games between bots: `play_game` (two bot objects) and `play_games` (a batch of
//! games between two bots by name), each played by the family's one game loop
//! ([`EncodedState::play_out`], a `boardgames_common::Playout`) with the GIL released.

use boardgames_arena::agents::{AgentBuilder, BoxedAgent};
use boardgames_common::{Agent, ByPlayer, Seed};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::agent::{PyAgent, build, ready};
use super::any_game::{AnyAgent, PyGame, each_game};
use super::error::value_error;
use super::games::start_of;
use crate::{ActionIdError, EncodedState};

fn mismatch() -> PyErr {
    PyTypeError::new_err("the bots do not play this game")
}

/// The game from `start` between `first` and `second`, chance drawn from `seed`; its state.
fn play_one<G: PyGame>(
    py: Python<'_>,
    start: G,
    max_length: usize,
    seed: u64,
    first: &mut AnyAgent,
    second: &mut AnyAgent,
) -> PyResult<Py<PyAny>> {
    let (Some(a), Some(b)) = (G::agent_mut(first), G::agent_mut(second)) else {
        return Err(mismatch());
    };
    let mut state = EncodedState::new(start, None, max_length);
    py.detach(|| play_out(&mut state, Seed(seed), a, b))?;
    G::state_object(py, state)
}

/// [`EncodedState::play_out`] between two boxed agents.
fn play_out<G: PyGame>(
    state: &mut EncodedState<G>,
    seed: Seed,
    first: &mut BoxedAgent<G>,
    second: &mut BoxedAgent<G>,
) -> Result<(), ActionIdError> {
    let first: &mut dyn Agent<G> = first.as_mut();
    let second: &mut dyn Agent<G> = second.as_mut();
    state.play_out(seed, ByPlayer::new(first, second))
}

/// Plays a whole game of `game` between `first` and `second` (bots of that game, two
/// distinct objects), the dice drawn from `seed` as the crates' `play_game` draws them, the
/// GIL released throughout; returns the final state (its `record_text()` is the crates'
/// record of the game).
#[pyfunction]
#[pyo3(signature = (game, first, second, seed = 0))]
fn play_game(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    first: &Bound<'_, PyAgent>,
    second: &Bound<'_, PyAgent>,
    seed: u64,
) -> PyResult<Py<PyAny>> {
    if first.is(second) {
        return Err(value_error("the two players must be two distinct bots"));
    }
    let (start, max_length) = start_of(game)?;
    let mut a = first.borrow_mut();
    let mut b = second.borrow_mut();
    each_game!(start, g => play_one(py, *g, max_length, seed, &mut a.inner, &mut b.inner))
}

/// One game of `start` per seed between fresh agents of `first` and `second`, the GIL
/// released throughout: each game's returns and, with `records`, its record. The game of
/// seed `s`: chance from `s`, the first agent seeded with `Seed(s).derive(0)`, the second
/// with `Seed(s).derive(1)` (the seeds of a tournament's fixture, `boardgames_arena`).
fn batch<G: PyGame>(
    py: Python<'_>,
    start: &G,
    max_length: usize,
    (first, second): (&AgentBuilder, &AgentBuilder),
    seeds: &[u64],
    records: bool,
) -> PyResult<Vec<([f64; 2], Option<String>)>> {
    let mut bots = Vec::with_capacity(seeds.len());
    for &seed in seeds {
        let seed = Seed(seed);
        bots.push((
            build::<G>(first, seed.derive(0))?,
            build::<G>(second, seed.derive(1))?,
        ));
    }
    py.detach(|| {
        seeds
            .iter()
            .zip(bots.iter_mut())
            .map(|(&seed, (a, b))| {
                let mut s = EncodedState::new(start.clone(), None, max_length);
                play_out(&mut s, Seed(seed), a, b)?;
                let record = if records {
                    Some(s.record_text().map_err(ActionIdError::Game)?)
                } else {
                    None
                };
                Ok((s.returns(), record))
            })
            .collect::<Result<Vec<_>, ActionIdError>>()
    })
    .map_err(PyErr::from)
}

/// Plays one game of `game` per seed of `seeds`, `first` against `second` (bots' names, as
/// `game.bot` takes them); the game of seed `s` has its dice drawn from `s` as `play_game`
/// draws them, and fresh bots seeded with `derive_seed(s, 0)` (first) and
/// `derive_seed(s, 1)` (second); the whole batch with the GIL released. Returns a list of
/// `(returns, record)` (`record` None unless `records`).
#[pyfunction]
#[pyo3(signature = (game, first, second, seeds, records = false))]
fn play_games(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    first: &str,
    second: &str,
    seeds: Vec<u64>,
    records: bool,
) -> PyResult<Vec<(Vec<f64>, Option<String>)>> {
    let (start, max_length) = start_of(game)?;
    let kind = start.kind();
    // Each name made ready once (a weights file read once), an agent built for each game.
    let (first, second) = (ready(py, first, kind)?, ready(py, second, kind)?);
    let bots = (&first, &second);
    let results = each_game!(&start, g => batch(py, &**g, max_length, bots, &seeds, records))?;
    Ok(results
        .into_iter()
        .map(|(r, rec)| (r.to_vec(), rec))
        .collect())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_game, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)
}
