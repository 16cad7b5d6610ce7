//! Bots (the Python class `Agent`): the registry's agents of each game by name
//! (`boardgames_arena::agents`), choosing with the GIL released.

use boardgames_arena::agents::{AgentBuilder, AgentSpec, BoxedAgent, GameKind};
use boardgames_common::Seed;
use pyo3::exceptions::{PyDeprecationWarning, PyTypeError};
use pyo3::prelude::*;

use super::any_game::{AnyAgent, PyGame, each_game, of_kind};
use super::error::value_error;

/// A bot of one game, made by the game's `bot(name, seed)`: `choose(state)` gives its
/// decision's id, the GIL released while it thinks. (The Rust name is `PyAgent`, so that it
/// does not shadow `boardgames_common::Agent`, the trait it wraps.)
#[pyclass(name = "Agent", module = "boardgames_rs._native")]
pub(crate) struct PyAgent {
    name: String,
    pub(crate) inner: AnyAgent,
}

impl std::fmt::Debug for PyAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Agent({})", self.name)
    }
}

/// The agent named `name` (the registry's vocabulary, `boardgames_arena::agents`) made
/// ready for a game of `kind`. Trictrac's `expectimax`, the name of `searchbot` before the
/// one vocabulary, is read as `searchbot` with a `DeprecationWarning` (for one release).
///
/// # Errors
/// `ValueError` with the registry's message: an unknown name, an agent of another game, a
/// weights file that cannot be read.
pub(crate) fn ready(py: Python<'_>, name: &str, kind: GameKind) -> PyResult<AgentBuilder> {
    let trictrac = matches!(kind, GameKind::Trictrac | GameKind::Ecrire);
    let name = if trictrac && name.trim() == "expectimax" {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"the bot \"expectimax\" is now named \"searchbot\"; \"expectimax\" will be removed",
            1,
        )?;
        "searchbot"
    } else {
        name
    };
    let spec = name
        .parse::<AgentSpec>()
        .and_then(|s| s.for_game(kind))
        .map_err(value_error)?;
    AgentBuilder::new(spec).map_err(value_error)
}

/// The agent of `builder` for a game of `G`, seeded with `seed`.
///
/// # Errors
/// `ValueError` with the registry's message.
pub(crate) fn build<G: PyGame>(builder: &AgentBuilder, seed: Seed) -> PyResult<BoxedAgent<G>> {
    builder.build::<G>(seed).map_err(value_error)
}

impl PyAgent {
    /// The bot `name` of a game of `kind`, seeded with `seed`.
    pub(crate) fn new(py: Python<'_>, name: &str, seed: Seed, kind: GameKind) -> PyResult<PyAgent> {
        let builder = ready(py, name, kind)?;
        let inner = of_kind!(kind, G => G::any_agent(build::<G>(&builder, seed)?));
        Ok(PyAgent {
            name: name.to_string(),
            inner,
        })
    }
}

/// The decision of `agent` (of a game `G`) at `state`, the GIL released: its id.
///
/// # Errors
/// `TypeError` when `state` is not a state of `G`; `ValueError` where no decision is due.
fn decide<G: PyGame>(
    py: Python<'_>,
    agent: &mut BoxedAgent<G>,
    state: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    G::with_state(state, |s| {
        if s.current_player() < 0 {
            return Err(value_error(
                "no decision is due here (a chance node or the end)",
            ));
        }
        let mut legal = Vec::new();
        s.state().legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(value_error("no legal action here"));
        }
        let game = s.state();
        let action = py.detach(|| agent.choose(game, &legal));
        Ok(game.encode(action))
    })
    .unwrap_or_else(|| {
        Err(PyTypeError::new_err(format!(
            "this {} bot plays another game's states",
            G::KIND
        )))
    })
}

#[pymethods]
impl PyAgent {
    /// The bot's name.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The id of the bot's decision at `state` (a state of its game where a player is to
    /// act). Raises `TypeError` for another game's state, `ValueError` where no decision is
    /// due.
    fn choose(&mut self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<usize> {
        each_game!(&mut self.inner, a => decide(py, a, state))
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.name)
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAgent>()
}
