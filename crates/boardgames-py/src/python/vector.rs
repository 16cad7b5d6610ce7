//! `TaflVectorEnv`: N tafl games stepped by one call, numpy arrays in and out, the GIL
//! released while the games are stepped.

use std::borrow::Cow;

use numpy::ndarray::{Ix1, Ix2, Ix4};
use numpy::{PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

use super::error::value_error;
use super::seed::ChanceRng;
use crate::vector::{Outputs, TaflVector};

/// The action ids of `actions`: an `int64` array as it is, any other integer array or a
/// sequence of integers converted by numpy (`TypeError` for anything else: floats, booleans,
/// more than one dimension).
fn action_ids<'py>(py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Cow<'static, [i64]>> {
    if let Ok(a) = actions.cast::<PyArray1<i64>>() {
        return Ok(Cow::Owned(a.readonly().as_array().to_vec()));
    }
    let numpy = py.import("numpy")?;
    let array = numpy.getattr("asarray")?.call1((actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim != 1 || !(kind == "i" || kind == "u") {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(PyTypeError::new_err(format!(
            "actions: expected one integer id per game (a 1-D integer array or sequence), got {ndim}-D {dtype}"
        )));
    }
    let converted = array.call_method1("astype", (numpy.getattr("int64")?,))?;
    let ids: PyReadonlyArray1<'_, i64> = converted.extract()?;
    Ok(Cow::Owned(ids.as_array().to_vec()))
}

/// The generator of `rng`: a `ChanceRng` (used and advanced), an integer (a seed), or a
/// numpy `Generator` (one 63-bit draw from it seeds the crates' generator).
fn generator(rng: &Bound<'_, PyAny>) -> PyResult<GeneratorArg> {
    if let Ok(r) = rng.cast::<ChanceRng>() {
        return Ok(GeneratorArg::Chance(r.clone().unbind()));
    }
    if rng.is_instance_of::<PyInt>() {
        let seed: u64 = rng.extract()?;
        return Ok(GeneratorArg::Owned(Box::new(
            boardgames_common::Seed(seed).rng(),
        )));
    }
    if rng.hasattr("integers")? {
        let seed: u64 = rng.call_method1("integers", (0i64, i64::MAX))?.extract()?;
        return Ok(GeneratorArg::Owned(Box::new(
            boardgames_common::Seed(seed).rng(),
        )));
    }
    Err(PyTypeError::new_err(
        "rng: expected a numpy Generator, a ChanceRng or an integer seed",
    ))
}

enum GeneratorArg {
    Chance(Py<ChanceRng>),
    Owned(Box<boardgames_common::SeedRng>),
}

/// N games of one tafl ruleset stepped together (as envpool and pgx do): `reset()` and
/// `step(actions)` return `(obs, mask, rewards, terminated, truncated, player)`: `obs`
/// `uint8 (N, 12, n, n)` (the planes of `TaflState.observation_tensor` for the player to move,
/// the last two scaled to 0–255), `mask` `bool (N, 4 n² (n − 1))`, `rewards` `float32 (N, 2)`,
/// `terminated` and `truncated` `bool (N,)`, `player` `int8 (N,)` (the side to move, 0 or 1).
/// A game that ends starts again at once; the arrays then show the new game. An illegal id
/// ends its game with −1 for its mover and 0 for the other side.
///
/// The six arrays are the environment's own, updated in place by each call (only what
/// changes is written): copy what you keep across steps, and do not write into them.
#[pyclass(module = "boardgames_rs._native")]
#[derive(Debug)]
pub(crate) struct TaflVectorEnv {
    v: TaflVector,
    obs: Py<PyArray<u8, Ix4>>,
    mask: Py<PyArray<bool, Ix2>>,
    rewards: Py<PyArray<f32, Ix2>>,
    terminated: Py<PyArray<bool, Ix1>>,
    truncated: Py<PyArray<bool, Ix1>>,
    player: Py<PyArray<i8, Ix1>>,
}

impl TaflVectorEnv {
    fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.obs.bind(py).clone().into_any(),
                self.mask.bind(py).clone().into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.terminated.bind(py).clone().into_any(),
                self.truncated.bind(py).clone().into_any(),
                self.player.bind(py).clone().into_any(),
            ],
        )
    }

    /// Runs `f` on the games and the arrays, the GIL released.
    fn with_outputs<'py, R: Send>(
        &mut self,
        py: Python<'py>,
        f: impl FnOnce(&mut TaflVector, &mut Outputs<'_>) -> R + Send,
    ) -> PyResult<R> {
        let mut obs = self.obs.bind(py).try_readwrite()?;
        let mut mask = self.mask.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminated = self.terminated.bind(py).try_readwrite()?;
        let mut truncated = self.truncated.bind(py).try_readwrite()?;
        let mut player = self.player.bind(py).try_readwrite()?;
        let mut out = Outputs {
            obs: obs.as_slice_mut().map_err(value_error)?,
            mask: mask.as_slice_mut().map_err(value_error)?,
            rewards: rewards.as_slice_mut().map_err(value_error)?,
            terminated: terminated.as_slice_mut().map_err(value_error)?,
            truncated: truncated.as_slice_mut().map_err(value_error)?,
            player: player.as_slice_mut().map_err(value_error)?,
        };
        let v = &mut self.v;
        Ok(py.detach(|| f(v, &mut out)))
    }
}

#[pymethods]
impl TaflVectorEnv {
    /// `num_envs` games of `rules` (as `TaflGame`'s), cut after `max_length` plies (default
    /// tafl-core's `MAX_GAME_PLIES`, 2000); `seed` seeds `sample_actions`. Raises
    /// `ValueError` for rules the crate refuses.
    #[new]
    #[pyo3(signature = (num_envs, rules = "fidchell", seed = 0, max_length = tafl_core::MAX_GAME_PLIES))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        rules: &str,
        seed: u64,
        max_length: u32,
    ) -> PyResult<TaflVectorEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_error(format!(
                "num_envs {num_envs}: expected 1 to 1048576"
            )));
        }
        let ruleset = crate::tafl::ruleset(rules).map_err(value_error)?;
        let v = TaflVector::new(ruleset, num_envs, seed, max_length);
        let n = usize::from(v.size());
        let ids = v.num_actions();
        Ok(TaflVectorEnv {
            obs: PyArray::zeros(py, [num_envs, crate::tafl::NUM_PLANES, n, n], false).unbind(),
            mask: PyArray::zeros(py, [num_envs, ids], false).unbind(),
            rewards: PyArray::zeros(py, [num_envs, 2], false).unbind(),
            terminated: PyArray::zeros(py, [num_envs], false).unbind(),
            truncated: PyArray::zeros(py, [num_envs], false).unbind(),
            player: PyArray::zeros(py, [num_envs], false).unbind(),
            v,
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.v.num_envs()
    }

    /// The number of action ids, `4 n² (n − 1)`.
    #[getter]
    fn num_actions(&self) -> usize {
        self.v.num_actions()
    }

    /// The shape of one observation, `(12, n, n)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let n = usize::from(self.v.size());
        (crate::tafl::NUM_PLANES, n, n)
    }

    /// Starts every game again: `(obs, mask, rewards, terminated, truncated, player)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.with_outputs(py, |v, out| v.reset(out))?
            .map_err(value_error)?;
        self.tuple(py)
    }

    /// Applies one id per game (`num_envs` values: a numpy array of any integer type, or a
    /// list or tuple of integers) for its side to move: `(obs, mask, rewards, terminated,
    /// truncated, player)`. Raises `ValueError` for the wrong number of ids or before
    /// `reset` (nothing is stepped), `TypeError` for ids that are not integers.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = action_ids(py, actions)?;
        let actions: &[i64] = &actions;
        self.with_outputs(py, |v, out| v.step(actions, out))?
            .map_err(value_error)?;
        self.tuple(py)
    }

    /// A uniformly drawn legal id of each game (`int64 (N,)`), from the env's own generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = vec![0i64; self.v.num_envs()];
        let v = &mut self.v;
        py.detach(|| v.sample_actions(&mut out))
            .map_err(value_error)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// A legal id of each game (`int64 (N,)`) drawn with `rng` (a numpy `Generator`, a
    /// `ChanceRng` or an integer seed; None: the env's own generator): uniformly, or, given
    /// `logits` (`float32 (N, ids)`, a policy's output), from their softmax over the legal
    /// ids only. The draw is native and reads only the legal ids' logits (the GIL released):
    /// no mask is built nor scanned. Raises `ValueError` for `logits` of the wrong shape.
    #[pyo3(signature = (rng = None, logits = None))]
    fn sample_masked<'py>(
        &mut self,
        py: Python<'py>,
        rng: Option<&Bound<'py, PyAny>>,
        logits: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        // The logits as a C-contiguous float32 array (numpy converts only when it must).
        let logits: Option<Bound<'py, PyArray2<f32>>> = match logits {
            None => None,
            Some(l) => {
                let numpy = py.import("numpy")?;
                let array = numpy
                    .getattr("ascontiguousarray")?
                    .call1((l, numpy.getattr("float32")?))?;
                let shape: Vec<usize> = array.getattr("shape")?.extract()?;
                let expected = vec![self.v.num_envs(), self.v.num_actions()];
                if shape != expected {
                    return Err(value_error(format!(
                        "logits of shape {shape:?}, expected {expected:?} (games, ids)"
                    )));
                }
                Some(array.extract()?)
            }
        };
        let guard = logits.as_ref().map(|l| l.readonly());
        let logits: Option<&[f32]> = match &guard {
            Some(g) => Some(g.as_slice().map_err(value_error)?),
            None => None,
        };
        let mut out = vec![0i64; self.v.num_envs()];
        match rng {
            None => {
                let v = &mut self.v;
                py.detach(|| v.sample_own(logits, &mut out))
                    .map_err(value_error)?;
            }
            Some(r) => {
                let v = &self.v;
                match generator(r)? {
                    GeneratorArg::Chance(c) => {
                        let mut c = c.bind(py).borrow_mut();
                        let g = &mut c.rng;
                        py.detach(|| v.sample_masked(g, logits, &mut out))
                    }
                    GeneratorArg::Owned(mut g) => {
                        py.detach(|| v.sample_masked(&mut g, logits, &mut out))
                    }
                }
                .map_err(value_error)?;
            }
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The legal ids of each game as a new `bool (N, ids)` array (the mask the last `reset`
    /// or `step` returned, the env's own, copied natively: no Python loop).
    fn legal_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let mut mask = vec![false; self.v.num_envs() * self.v.num_actions()];
        let v = &self.v;
        py.detach(|| v.legal_masks(&mut mask))
            .map_err(value_error)?;
        PyArray1::from_vec(py, mask).reshape([self.v.num_envs(), self.v.num_actions()])
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TaflVectorEnv>()
}
