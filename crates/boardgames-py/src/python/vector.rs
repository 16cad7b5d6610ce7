//! `TaflVectorEnv`: N tafl games stepped by one call, numpy arrays in and out, the GIL
//! released while the games are stepped.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::value_error;
use crate::vector::{Outputs, TaflVector};

/// N games of one tafl ruleset stepped together (as envpool and pgx do): `reset()` and
/// `step(actions)` return `(obs, mask, rewards, terminated, truncated, player)`: `obs`
/// `uint8 (N, 12, n, n)` (the planes of `TaflState.observation_tensor` for the player to move,
/// the last two scaled to 0–255), `mask` `bool (N, 4 n² (n − 1))`, `rewards` `float32 (N, 2)`,
/// `terminated` and `truncated` `bool (N,)`, `player` `int8 (N,)` (the side to move, 0 or 1).
/// A game that ends starts again at once; the arrays then show the new game. An illegal id
/// ends its game with −1 for its mover and 0 for the other side.
#[pyclass(module = "boardgames_rs._native")]
#[derive(Debug)]
pub(crate) struct TaflVectorEnv {
    v: TaflVector,
}

struct Buffers {
    obs: Vec<u8>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    player: Vec<i8>,
}

impl Buffers {
    fn new(v: &TaflVector) -> Buffers {
        let n = v.num_envs();
        Buffers {
            obs: vec![0; n * v.observation_len()],
            mask: vec![false; n * v.num_actions()],
            rewards: vec![0.0; 2 * n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            player: vec![0; n],
        }
    }

    fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            player: &mut self.player,
        }
    }

    fn into_tuple<'py>(self, py: Python<'py>, v: &TaflVector) -> PyResult<Bound<'py, PyTuple>> {
        let n = v.num_envs();
        let size = usize::from(v.size());
        let obs =
            PyArray1::from_vec(py, self.obs).reshape([n, crate::tafl::NUM_PLANES, size, size])?;
        let mask = PyArray1::from_vec(py, self.mask).reshape([n, v.num_actions()])?;
        let rewards = PyArray1::from_vec(py, self.rewards).reshape([n, 2])?;
        PyTuple::new(
            py,
            [
                obs.into_any(),
                mask.into_any(),
                rewards.into_any(),
                PyArray1::from_vec(py, self.terminated).into_any(),
                PyArray1::from_vec(py, self.truncated).into_any(),
                PyArray1::from_vec(py, self.player).into_any(),
            ],
        )
    }
}

#[pymethods]
impl TaflVectorEnv {
    /// `num_envs` games of `rules` (as `TaflGame`'s), cut after `max_length` plies; `seed`
    /// seeds `sample_actions`. Raises `ValueError` for rules the crate refuses.
    #[new]
    #[pyo3(signature = (num_envs, rules = "fidchell", seed = 0, max_length = 2000))]
    fn new(num_envs: usize, rules: &str, seed: u64, max_length: u32) -> PyResult<TaflVectorEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(value_error(format!(
                "num_envs {num_envs}: expected 1 to 1048576"
            )));
        }
        let ruleset = crate::tafl::ruleset(rules).map_err(value_error)?;
        Ok(TaflVectorEnv {
            v: TaflVector::new(ruleset, num_envs, seed, max_length),
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
        let v = &mut self.v;
        let b = py.detach(|| {
            let mut b = Buffers::new(v);
            v.reset(&mut b.outputs()).map(|()| b)
        });
        b.map_err(value_error)?.into_tuple(py, &self.v)
    }

    /// Applies one id per game (an `int64` array of `num_envs` values) for its side to move:
    /// `(obs, mask, rewards, terminated, truncated, player)`. Raises `ValueError` for an
    /// array of the wrong size (nothing is stepped).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions.as_slice().map_err(value_error)?;
        let v = &mut self.v;
        let b = py.detach(|| {
            let mut b = Buffers::new(v);
            v.step(actions, &mut b.outputs()).map(|()| b)
        });
        b.map_err(value_error)?.into_tuple(py, &self.v)
    }

    /// A uniformly drawn legal id of each game (`int64 (N,)`), from the env's own generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = vec![0i64; self.v.num_envs()];
        let v = &mut self.v;
        py.detach(|| v.sample_actions(&mut out))
            .map_err(value_error)?;
        Ok(PyArray1::from_vec(py, out))
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TaflVectorEnv>()
}
