//! The game classes (`TaflGame`, `TrictracGame`, `SugorokuGame`): a game's options, its
//! initial state, the state of a record, the sizes of its encodings and its bots, as
//! OpenSpiel's `Game` gives them; and the state of a record of a game named by its kind.

use boardgames_arena::agents::GameKind;
use boardgames_common::Seed;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::ecrire::Convention;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions, GameOptions, Primaute, TrictracGame};

use super::agent::PyAgent;
use super::any_game::{AnyGame, AnyStart, PyGame, each_game, kind_named, of_kind};
use super::error::{record_error, value_error};
use crate::{Encoded, EncodedState};

/// The state at `start`, `seed` written in its record, cut at `max_length` actions.
fn initial_state<G: PyGame>(
    py: Python<'_>,
    start: &G,
    seed: Option<u64>,
    max_length: usize,
) -> PyResult<Py<PyAny>> {
    G::state_object(
        py,
        EncodedState::new(start.clone(), seed.map(Seed), max_length),
    )
}

/// The state `record` describes, checked to start at `start`; `differs` is the message
/// when it does not (naming what may differ).
///
/// # Errors
/// `RecordError` with the crate's message.
fn state_of_record<G: PyGame>(
    py: Python<'_>,
    start: &G,
    record: &str,
    max_length: usize,
    differs: impl FnOnce(&G) -> String,
) -> PyResult<Py<PyAny>> {
    let s = EncodedState::<G>::from_record_text(record, max_length)?;
    if s.start() != start {
        return Err(record_error(differs(s.start())));
    }
    G::state_object(py, s)
}

/// The number of plies a tafl game cannot exceed, when its rules bound it
/// ([`TaflGame::max_plies`]).
fn tafl_bound(game: &TaflGame) -> Option<usize> {
    game.max_plies().map(|n| n as usize)
}

/// The cut of tafl games whose rules have no no-capture limit.
const TAFL_CUT: usize = tafl_core::MAX_GAME_PLIES as usize;
/// The cut of a partie ordinaire (random play ends one in about 300 actions).
const TRICTRAC_CUT: usize = 10_000;
/// The cut of a partie à écrire, per marqué.
const ECRIRE_CUT_PER_MARQUE: usize = 2_000;

/// Why a record of trictrac is not a state of the game asked for.
const TRICTRAC_DIFFERS: &str = "the record's options do not start this game (form, trous, pavillon, primauté, marqués or convention differ)";

/// A tafl game: any ruleset the crate accepts, a preset's name (`fidchell`, the default;
/// `brandubh`, `copenhagen`, `tablut`, `ard_ri`; each optionally followed by
/// `repetition:none`) or an OpenTafl rules string.
#[pyclass(name = "TaflGame", module = "boardgames_rs._native")]
#[derive(Debug, Clone)]
pub(crate) struct PyTaflGame {
    rules: String,
    pub(crate) start: TaflGame,
    pub(crate) max_length: usize,
}

#[pymethods]
impl PyTaflGame {
    /// Raises `ValueError` with the crate's message for rules it does not accept.
    #[new]
    #[pyo3(signature = (rules = "fidchell", max_length = None))]
    fn new(rules: &str, max_length: Option<usize>) -> PyResult<PyTaflGame> {
        let ruleset = crate::tafl::ruleset(rules).map_err(value_error)?;
        let start = TaflGame::new(ruleset);
        let max_length = max_length.unwrap_or_else(|| tafl_bound(&start).unwrap_or(TAFL_CUT));
        Ok(PyTaflGame {
            rules: rules.to_string(),
            start,
            max_length: max_length.max(1),
        })
    }

    /// The state at the start; `seed`, when given, is written in its record (`Seed` tag) as
    /// the seed of its chance.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Py<PyAny>> {
        initial_state(py, &self.start, seed, self.max_length)
    }

    /// The state a record describes; it must start as this game. Raises `RecordError` (a
    /// `ValueError`) with the crate's message otherwise.
    fn state_from_record(&self, py: Python<'_>, record: &str) -> PyResult<Py<PyAny>> {
        state_of_record(py, &self.start, record, self.max_length, |other| {
            format!(
                "the record's game ({}) does not start as this game ({})",
                other.ruleset().name(),
                self.start.ruleset().name()
            )
        })
    }

    /// The ruleset's name.
    #[getter]
    fn ruleset_name(&self) -> String {
        self.start.ruleset().name().to_string()
    }

    /// The ruleset's OpenTafl rules string.
    #[getter]
    fn rules_string(&self) -> String {
        self.start.ruleset().to_string()
    }

    /// The board size n (n×n).
    #[getter]
    fn board_size(&self) -> u8 {
        self.start.position().size()
    }

    /// `4 n² (n − 1)`.
    fn num_distinct_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// 0: tafl has no chance.
    fn max_chance_outcomes(&self) -> usize {
        0
    }

    /// `[planes, n, n]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.start.observation_shape()
    }

    /// The most actions a game has: the rules' bound when they have a no-capture limit,
    /// else the cut.
    fn max_game_length(&self) -> usize {
        self.max_length
    }

    /// Whether a game can be cut before its end (the rules' bound is above the cut).
    fn can_truncate(&self) -> bool {
        tafl_bound(&self.start).is_none_or(|b| b > self.max_length)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// A bot of this game, by its name in the agents' vocabulary: `random`, `mcts:N`,
    /// `expecti:D`, `bard`, `ovate` or `druid` (the levels of `tafl_core::ai`; `druid:NODES`
    /// with a node budget), seeded with `seed`.
    #[pyo3(signature = (name, seed = 0))]
    fn bot(&self, py: Python<'_>, name: &str, seed: u64) -> PyResult<PyAgent> {
        PyAgent::new(py, name, Seed(seed), GameKind::Tafl)
    }

    fn __getnewargs__(&self) -> (String, Option<usize>) {
        (self.rules.clone(), Some(self.max_length))
    }

    fn __repr__(&self) -> String {
        format!(
            "TaflGame(rules={:?}, max_length={})",
            self.rules, self.max_length
        )
    }
}

/// Trictrac: the partie ordinaire (`form="ordinaire"`, to `trous` trous, the pavillon
/// option, the primauté `first throw`, `one die each`, `White` or `Black`) or the partie à
/// écrire (`form="ecrire"`, `marques` marqués in a `convention`: `base`, `annexe`,
/// `annexe-geometric`, `sans-lever`).
#[pyclass(name = "TrictracGame", module = "boardgames_rs._native")]
#[derive(Debug, Clone)]
pub(crate) struct PyTrictracGame {
    form: String,
    trous: u8,
    pavillon: bool,
    primaute: String,
    marques: u32,
    convention: String,
    /// `AnyGame::Trictrac` or `AnyGame::Ecrire`.
    pub(crate) start: AnyStart,
    pub(crate) max_length: usize,
}

#[pymethods]
impl PyTrictracGame {
    /// Raises `ValueError` with the crate's message for options it does not accept.
    #[new]
    #[pyo3(signature = (form = "ordinaire", trous = 12, pavillon = false, primaute = "first throw", marques = 8, convention = "base", max_length = None))]
    fn new(
        form: &str,
        trous: u8,
        pavillon: bool,
        primaute: &str,
        marques: u32,
        convention: &str,
        max_length: Option<usize>,
    ) -> PyResult<PyTrictracGame> {
        let primaute_value: Primaute = primaute.parse().map_err(value_error)?;
        let (start, cut) = match form {
            "ordinaire" => {
                if trous == 0 {
                    return Err(value_error("trous 0: a partie is won with 1 trou or more"));
                }
                let options = GameOptions::default()
                    .with_primaute(primaute_value)
                    .with_pavillon(pavillon)
                    .with_trous_to_win(trous);
                (
                    AnyGame::Trictrac(Box::new(TrictracGame::new(options))),
                    TRICTRAC_CUT,
                )
            }
            "ecrire" => {
                let convention_value: Convention = convention.parse().map_err(value_error)?;
                let rules = EcrireRules::new(marques)
                    .map_err(value_error)?
                    .with_convention(convention_value);
                let mut options = EcrireOptions::new(rules);
                options.primaute = primaute_value;
                let per = usize::try_from(marques).unwrap_or(usize::MAX);
                (
                    AnyGame::Ecrire(Box::new(EcrireGame::new(options))),
                    ECRIRE_CUT_PER_MARQUE.saturating_mul(per),
                )
            }
            _ => {
                return Err(value_error(format!(
                    "form {form:?}: expected \"ordinaire\" or \"ecrire\""
                )));
            }
        };
        Ok(PyTrictracGame {
            form: form.to_string(),
            trous,
            pavillon,
            primaute: primaute.to_string(),
            marques,
            convention: convention.to_string(),
            start,
            max_length: max_length.unwrap_or(cut).max(1),
        })
    }

    /// The state at the start: a `TrictracState` (partie ordinaire) or an `EcrireState`;
    /// `seed`, when given, is written in its record (`Seed` tag) as the seed of its dice.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Py<PyAny>> {
        each_game!(&self.start, g => initial_state(py, &**g, seed, self.max_length))
    }

    /// The state a record describes; it must start as this game. Raises `RecordError` (a
    /// `ValueError`) with the crate's message otherwise.
    fn state_from_record(&self, py: Python<'_>, record: &str) -> PyResult<Py<PyAny>> {
        each_game!(&self.start, g => state_of_record(py, &**g, record, self.max_length, |_| {
            TRICTRAC_DIFFERS.to_string()
        }))
    }

    /// `ordinaire` or `ecrire`.
    #[getter]
    fn form(&self) -> String {
        self.form.clone()
    }

    /// 627: 625 plays, tenir, s'en aller.
    fn num_distinct_actions(&self) -> usize {
        crate::trictrac::NUM_ACTIONS
    }

    /// 42: 36 throw ids (21 used) and 6 primauté dice.
    fn max_chance_outcomes(&self) -> usize {
        crate::trictrac::NUM_CHANCE
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![crate::trictrac::OBSERVATION_LEN]
    }

    /// The cut (a partie has no bound on its length).
    fn max_game_length(&self) -> usize {
        self.max_length
    }

    fn num_players(&self) -> usize {
        2
    }

    /// −2 with the pavillon (a partie won double), else −1; None for the partie à écrire
    /// (its returns are the décompte's balances, in jetons).
    fn min_utility(&self) -> Option<f64> {
        self.max_utility().map(|u| -u)
    }

    /// 2 with the pavillon, else 1; None for the partie à écrire.
    fn max_utility(&self) -> Option<f64> {
        match self.start {
            AnyGame::Ecrire(_) => None,
            _ => Some(if self.pavillon { 2.0 } else { 1.0 }),
        }
    }

    /// A bot of this game, by its name in the agents' vocabulary: `random`, `bot` (the
    /// heuristic `Bot`), `mcts:N`, and in the partie ordinaire `searchbot[:B]`
    /// (`ExpectimaxBot`; `expectimax`, its former name, warns), `tdbot[:FILE]`,
    /// `tdsearchbot[:FILE]`, `expecti:D`; seeded with `seed` (the heuristics are
    /// deterministic).
    #[pyo3(signature = (name, seed = 0))]
    fn bot(&self, py: Python<'_>, name: &str, seed: u64) -> PyResult<PyAgent> {
        PyAgent::new(py, name, Seed(seed), self.start.kind())
    }

    fn __getnewargs__(&self) -> (String, u8, bool, String, u32, String, Option<usize>) {
        (
            self.form.clone(),
            self.trous,
            self.pavillon,
            self.primaute.clone(),
            self.marques,
            self.convention.clone(),
            Some(self.max_length),
        )
    }

    fn __repr__(&self) -> String {
        match self.start {
            AnyGame::Ecrire(_) => format!(
                "TrictracGame(form=\"ecrire\", marques={}, convention={:?}, primaute={:?}, max_length={})",
                self.marques, self.convention, self.primaute, self.max_length
            ),
            _ => format!(
                "TrictracGame(form=\"ordinaire\", trous={}, pavillon={}, primaute={:?}, max_length={})",
                self.trous,
                if self.pavillon { "True" } else { "False" },
                self.primaute,
                self.max_length
            ),
        }
    }
}

/// Sugoroku, Tric Trac Nippon, under a ruleset (the records' `Rules` text, such as
/// `return=adds winner=captured`; empty for the default).
#[pyclass(name = "SugorokuGame", module = "boardgames_rs._native")]
#[derive(Debug, Clone)]
pub(crate) struct PySugorokuGame {
    rules: String,
    pub(crate) start: SugorokuGame,
}

#[pymethods]
impl PySugorokuGame {
    /// Raises `ValueError` with the crate's message for a text that is no ruleset.
    #[new]
    #[pyo3(signature = (rules = ""))]
    fn new(rules: &str) -> PyResult<PySugorokuGame> {
        let ruleset = crate::sugoroku::ruleset(rules).map_err(value_error)?;
        Ok(PySugorokuGame {
            rules: rules.to_string(),
            start: SugorokuGame::new(ruleset),
        })
    }

    /// The state at the start; `seed`, when given, is written in its record (`Seed` tag) as
    /// the seed of its dice.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Py<PyAny>> {
        initial_state(py, &self.start, seed, self.max_game_length())
    }

    /// The state a record describes; it must start as this game. Raises `RecordError` (a
    /// `ValueError`) with the crate's message otherwise.
    fn state_from_record(&self, py: Python<'_>, record: &str) -> PyResult<Py<PyAny>> {
        state_of_record(py, &self.start, record, self.max_game_length(), |_| {
            "the record's rules or setup do not start this game".to_string()
        })
    }

    /// The ruleset's text.
    #[getter]
    fn rules_text(&self) -> String {
        self.start.ruleset().to_string()
    }

    /// 1: the players never decide (the environments' single action is the throw).
    fn num_distinct_actions(&self) -> usize {
        1
    }

    /// 36 throw ids (21 used).
    fn max_chance_outcomes(&self) -> usize {
        crate::sugoroku::NUM_CHANCE
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![crate::sugoroku::OBSERVATION_LEN]
    }

    /// The ruleset's cap on the throws (`cap`, 10 000 by default): the crate ends the game
    /// there.
    pub(crate) fn max_game_length(&self) -> usize {
        usize::try_from(self.start.ruleset().max_throws).unwrap_or(usize::MAX)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// A bot: `random` (the only decision is to throw).
    #[pyo3(signature = (name = "random", seed = 0))]
    fn bot(&self, py: Python<'_>, name: &str, seed: u64) -> PyResult<PyAgent> {
        PyAgent::new(py, name, Seed(seed), GameKind::Sugoroku)
    }

    /// Statistics of `games` games thrown from `seed` by the crate's simulator, all cores,
    /// the GIL released meanwhile.
    #[pyo3(signature = (games, seed = 0))]
    fn simulate<'py>(
        &self,
        py: Python<'py>,
        games: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let rules = *self.start.ruleset();
        let stats = py
            .detach(|| sugoroku_core::Simulation::new(rules, Seed(seed), games).run())
            .map_err(value_error)?;
        let d = PyDict::new(py);
        d.set_item("games", stats.games)?;
        d.set_item("wins", [stats.wins.first, stats.wins.second])?;
        d.set_item("draws", stats.draws)?;
        d.set_item("capped", stats.capped)?;
        d.set_item("throws", stats.throws)?;
        d.set_item("captured", [stats.captured.first, stats.captured.second])?;
        Ok(d)
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.rules.clone(),)
    }

    fn __repr__(&self) -> String {
        format!("SugorokuGame(rules={:?})", self.rules)
    }
}

/// The start and the cut of `game`, a game object of this module (`TaflGame`,
/// `TrictracGame` or `SugorokuGame`).
///
/// # Errors
/// `TypeError` for any other object.
pub(crate) fn start_of(game: &Bound<'_, PyAny>) -> PyResult<(AnyStart, usize)> {
    if let Ok(g) = game.extract::<PyRef<'_, PyTaflGame>>() {
        return Ok((AnyGame::Tafl(Box::new(g.start.clone())), g.max_length));
    }
    if let Ok(g) = game.extract::<PyRef<'_, PyTrictracGame>>() {
        return Ok((g.start.clone(), g.max_length));
    }
    if let Ok(g) = game.extract::<PyRef<'_, PySugorokuGame>>() {
        return Ok((AnyGame::Sugoroku(Box::new(g.start)), g.max_game_length()));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "game: expected a TaflGame, TrictracGame or SugorokuGame",
    ))
}

/// The state a record describes (pickling's way back): `kind` is `tafl`, `trictrac`,
/// `ecrire` or `sugoroku`. Raises `RecordError` (a `ValueError`) with the crate's message
/// for a bad record, `ValueError` for an unknown kind.
#[pyfunction]
#[pyo3(signature = (kind, record, max_length = None))]
fn _state_from_record(
    py: Python<'_>,
    kind: &str,
    record: &str,
    max_length: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let max = max_length.unwrap_or(usize::MAX);
    let game = kind_named(kind).ok_or_else(|| {
        value_error(format!(
            "unknown game {kind:?}: expected tafl, trictrac, ecrire or sugoroku"
        ))
    })?;
    of_kind!(game, G => G::state_object(py, EncodedState::<G>::from_record_text(record, max)?))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaflGame>()?;
    m.add_class::<PyTrictracGame>()?;
    m.add_class::<PySugorokuGame>()?;
    m.add_function(wrap_pyfunction!(_state_from_record, m)?)
}
