//! Bots (`Agent`): the crates' players of each game, choosing with the GIL released; and
//! `play_game`, a whole game between two of them.

use boardgames_arena::agents::{AgentBuilder, AgentSpec, BoxedAgent, GameKind};
use boardgames_common::{Agent as GameAgent, Seed};
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;

use super::games::{PySugorokuGame, PyTaflGame, PyTrictracGame, TrictracStart};
use super::states::{EcrireState, SugorokuState, TaflState, TrictracState};
use super::value_error;
use crate::trictrac::{Ecrire, Ordinaire};
use crate::{Encoded, Session};

enum Inner {
    Tafl(BoxedAgent<TaflGame>),
    Ordinaire(BoxedAgent<Ordinaire>),
    Ecrire(BoxedAgent<Ecrire>),
    Sugoroku(BoxedAgent<SugorokuGame>),
}

impl Inner {
    /// The agent of `builder` for a game of `kind`, seeded with `seed`.
    fn of(builder: &AgentBuilder, kind: GameKind, seed: Seed) -> PyResult<Inner> {
        Ok(match kind {
            GameKind::Tafl => Inner::Tafl(builder.build(seed).map_err(value_error)?),
            GameKind::Trictrac => Inner::Ordinaire(builder.build(seed).map_err(value_error)?),
            GameKind::Ecrire => Inner::Ecrire(builder.build(seed).map_err(value_error)?),
            GameKind::Sugoroku => Inner::Sugoroku(builder.build(seed).map_err(value_error)?),
        })
    }
}

/// A bot of one game, made by the game's `bot(name, seed)`: `choose(state)` gives its
/// decision's id, the GIL released while it thinks.
#[pyclass(module = "boardgames_rs._native")]
pub(crate) struct Agent {
    name: String,
    inner: Inner,
}

impl std::fmt::Debug for Agent {
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
fn ready(py: Python<'_>, name: &str, kind: GameKind) -> PyResult<AgentBuilder> {
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

impl Agent {
    /// The bot `name` of a game of `kind`, seeded with `seed`.
    pub(crate) fn new(py: Python<'_>, name: &str, seed: Seed, kind: GameKind) -> PyResult<Agent> {
        let builder = ready(py, name, kind)?;
        Ok(Agent {
            name: name.to_string(),
            inner: Inner::of(&builder, kind, seed)?,
        })
    }
}

/// The agent's decision at `s`, the GIL released: its id.
fn decide<G: Encoded>(
    py: Python<'_>,
    agent: &mut (dyn GameAgent<G> + Send + Sync),
    s: &Session<G>,
) -> PyResult<usize> {
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
    let state = s.state();
    let action = py.detach(|| agent.choose(state, &legal));
    Ok(state.encode(action))
}

fn wrong_game(name: &str) -> PyErr {
    pyo3::exceptions::PyTypeError::new_err(format!("this {name} bot plays another game's states"))
}

#[pymethods]
impl Agent {
    /// The bot's name.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The id of the bot's decision at `state` (a state of its game where a player is to
    /// act). Raises `TypeError` for another game's state, `ValueError` where no decision is
    /// due.
    fn choose(&mut self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<usize> {
        match &mut self.inner {
            Inner::Tafl(a) => decide(
                py,
                a.as_mut(),
                &state
                    .extract::<PyRef<'_, TaflState>>()
                    .map_err(|_| wrong_game("tafl"))?
                    .s,
            ),
            Inner::Ordinaire(a) => decide(
                py,
                a.as_mut(),
                &state
                    .extract::<PyRef<'_, TrictracState>>()
                    .map_err(|_| wrong_game("trictrac"))?
                    .s,
            ),
            Inner::Ecrire(a) => decide(
                py,
                a.as_mut(),
                &state
                    .extract::<PyRef<'_, EcrireState>>()
                    .map_err(|_| wrong_game("trictrac à écrire"))?
                    .s,
            ),
            Inner::Sugoroku(a) => decide(
                py,
                a.as_mut(),
                &state
                    .extract::<PyRef<'_, SugorokuState>>()
                    .map_err(|_| wrong_game("sugoroku"))?
                    .s,
            ),
        }
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.name)
    }
}

fn play<G: Encoded>(
    py: Python<'_>,
    mut s: Session<G>,
    seed: u64,
    first: &mut (dyn GameAgent<G> + Send + Sync),
    second: &mut (dyn GameAgent<G> + Send + Sync),
) -> PyResult<Session<G>> {
    py.detach(|| s.play_out(Seed(seed), [first, second]))?;
    Ok(s)
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
    first: &Bound<'_, Agent>,
    second: &Bound<'_, Agent>,
    seed: u64,
) -> PyResult<Py<PyAny>> {
    if first.is(second) {
        return Err(value_error("the two players must be two distinct bots"));
    }
    let mut a = first.borrow_mut();
    let mut b = second.borrow_mut();
    let mismatch = || pyo3::exceptions::PyTypeError::new_err("the bots do not play this game");
    if let Ok(g) = game.extract::<PyRef<'_, PyTaflGame>>() {
        let (Inner::Tafl(x), Inner::Tafl(y)) = (&mut a.inner, &mut b.inner) else {
            return Err(mismatch());
        };
        let s = play(
            py,
            Session::new(g.start.clone(), None, g.max_length),
            seed,
            x.as_mut(),
            y.as_mut(),
        )?;
        return Ok(TaflState::wrap(s).into_pyobject(py)?.into_any().unbind());
    }
    if let Ok(g) = game.extract::<PyRef<'_, PyTrictracGame>>() {
        return match (&g.start, &mut a.inner, &mut b.inner) {
            (TrictracStart::Ordinaire(start), Inner::Ordinaire(x), Inner::Ordinaire(y)) => {
                let s = play(
                    py,
                    Session::new((**start).clone(), None, g.max_length),
                    seed,
                    x.as_mut(),
                    y.as_mut(),
                )?;
                Ok(TrictracState::wrap(s)
                    .into_pyobject(py)?
                    .into_any()
                    .unbind())
            }
            (TrictracStart::Ecrire(start), Inner::Ecrire(x), Inner::Ecrire(y)) => {
                let s = play(
                    py,
                    Session::new((**start).clone(), None, g.max_length),
                    seed,
                    x.as_mut(),
                    y.as_mut(),
                )?;
                Ok(EcrireState::wrap(s).into_pyobject(py)?.into_any().unbind())
            }
            _ => Err(mismatch()),
        };
    }
    if let Ok(g) = game.extract::<PyRef<'_, PySugorokuGame>>() {
        let (Inner::Sugoroku(x), Inner::Sugoroku(y)) = (&mut a.inner, &mut b.inner) else {
            return Err(mismatch());
        };
        let s = play(
            py,
            Session::new(g.start, None, g.max_game_length()),
            seed,
            x.as_mut(),
            y.as_mut(),
        )?;
        return Ok(SugorokuState::wrap(s)
            .into_pyobject(py)?
            .into_any()
            .unbind());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "game: expected a TaflGame, TrictracGame or SugorokuGame",
    ))
}

/// The registry's game of `game` (a game object of this module).
fn kind_of(game: &Bound<'_, PyAny>) -> PyResult<GameKind> {
    if game.extract::<PyRef<'_, PyTaflGame>>().is_ok() {
        return Ok(GameKind::Tafl);
    }
    if let Ok(g) = game.extract::<PyRef<'_, PyTrictracGame>>() {
        return Ok(match g.start {
            TrictracStart::Ordinaire(_) => GameKind::Trictrac,
            TrictracStart::Ecrire(_) => GameKind::Ecrire,
        });
    }
    if game.extract::<PyRef<'_, PySugorokuGame>>().is_ok() {
        return Ok(GameKind::Sugoroku);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "game: expected a TaflGame, TrictracGame or SugorokuGame",
    ))
}

/// Plays one game of `start` per seed between fresh bots, the GIL released throughout:
/// returns each game's returns and, with `records`, its record.
fn batch<G: Encoded>(
    py: Python<'_>,
    start: &G,
    max_length: usize,
    mut bots: Vec<(BoxedAgent<G>, BoxedAgent<G>)>,
    seeds: &[u64],
    records: bool,
) -> PyResult<Vec<([f64; 2], Option<String>)>> {
    py.detach(|| {
        seeds
            .iter()
            .zip(bots.iter_mut())
            .map(|(&seed, (a, b))| {
                let mut s = Session::new(start.clone(), None, max_length);
                s.play_out(Seed(seed), [a.as_mut(), b.as_mut()])?;
                let record = if records {
                    Some(s.record_text().map_err(crate::ActionIdError::Game)?)
                } else {
                    None
                };
                Ok((s.returns(), record))
            })
            .collect::<Result<Vec<_>, crate::ActionIdError>>()
    })
    .map_err(PyErr::from)
}

/// Plays one game of `game` per seed of `seeds`, `first` against `second` (bots' names, as
/// `game.bot` takes them), each game with fresh bots seeded with its seed and its dice drawn
/// from its seed as `play_game` draws them; the whole batch with the GIL released. Returns a
/// list of `(returns, record)` (`record` None unless `records`).
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
    let kind = kind_of(game)?;
    // Each name made ready once (a weights file read once), an agent built for each game.
    let (first, second) = (ready(py, first, kind)?, ready(py, second, kind)?);
    let mut pairs = Vec::with_capacity(seeds.len());
    for &seed in &seeds {
        pairs.push((
            Inner::of(&first, kind, Seed(seed))?,
            Inner::of(&second, kind, Seed(seed))?,
        ));
    }
    macro_rules! run {
        ($variant:ident, $start:expr, $max:expr) => {{
            let bots = pairs
                .into_iter()
                .map(|p| match p {
                    (Inner::$variant(a), Inner::$variant(b)) => Ok((a, b)),
                    _ => Err(pyo3::exceptions::PyTypeError::new_err(
                        "the bots do not play this game",
                    )),
                })
                .collect::<PyResult<Vec<_>>>()?;
            batch(py, $start, $max, bots, &seeds, records)?
        }};
    }
    let results = if let Ok(g) = game.extract::<PyRef<'_, PyTaflGame>>() {
        run!(Tafl, &g.start, g.max_length)
    } else if let Ok(g) = game.extract::<PyRef<'_, PyTrictracGame>>() {
        match &g.start {
            TrictracStart::Ordinaire(start) => run!(Ordinaire, &**start, g.max_length),
            TrictracStart::Ecrire(start) => run!(Ecrire, &**start, g.max_length),
        }
    } else if let Ok(g) = game.extract::<PyRef<'_, PySugorokuGame>>() {
        run!(Sugoroku, &g.start, g.max_game_length())
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "game: expected a TaflGame, TrictracGame or SugorokuGame",
        ));
    };
    Ok(results
        .into_iter()
        .map(|(r, rec)| (r.to_vec(), rec))
        .collect())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Agent>()?;
    m.add_function(wrap_pyfunction!(play_game, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)
}
