//! The state classes (`TaflState`, `TrictracState`, `EcrireState`, `SugorokuState`): one
//! [`EncodedState`] each, in OpenSpiel's shape, pickled through their record.

use boardgames_common::Player;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;

use trictrac_core::{EcrireGame, TrictracGame};

use super::error::value_error;
use super::seed::ChanceRng;
use crate::EncodedState;

/// `usize::MAX` (no cut) as `None`.
pub(crate) fn length_option(n: usize) -> Option<usize> {
    (n != usize::MAX).then_some(n)
}

fn player_of(player: i64) -> PyResult<Player> {
    match player {
        0 => Ok(Player::First),
        1 => Ok(Player::Second),
        _ => Err(value_error(format!("player {player}: expected 0 or 1"))),
    }
}

/// The action of `(player, action)` or `(action,)` arguments, as OpenSpiel calls them.
fn action_argument<T>(a: T, b: Option<T>) -> T {
    b.unwrap_or(a)
}

macro_rules! state_class {
    ($name:ident, $game:ty, $kind:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = "boardgames_rs._native", eq)]
        #[derive(Debug, Clone)]
        pub(crate) struct $name {
            pub(crate) s: EncodedState<$game>,
        }

        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                self.s.same_as(&other.s)
            }
        }

        impl $name {
            pub(crate) fn wrap(s: EncodedState<$game>) -> $name {
                $name { s }
            }
        }

        #[pymethods]
        impl $name {
            /// The player to act (0 or 1), `CHANCE` (−1) or `TERMINAL` (−4).
            fn current_player(&self) -> i32 {
                self.s.current_player()
            }

            /// Whether the game is over (or cut at its maximum length).
            fn is_terminal(&self) -> bool {
                self.s.is_terminal()
            }

            /// Whether a chance outcome (a throw of the dice) is due.
            fn is_chance_node(&self) -> bool {
                self.s.is_chance_node()
            }

            /// The player who throws at this chance node where the game says (sugoroku's
            /// every node is a throw of one player), else None.
            fn chance_player(&self) -> Option<i32> {
                if self.s.is_terminal() {
                    return None;
                }
                crate::Encoded::thrower(self.s.state()).map(|p| i32::from(p == Player::Second))
            }

            /// Whether the game was cut at its maximum length before its end.
            fn is_truncated(&self) -> bool {
                self.s.is_truncated()
            }

            /// The legal ids, sorted (the chance outcomes at a chance node); for another
            /// player than the one to act, none.
            #[pyo3(signature = (player = None))]
            fn legal_actions(&self, player: Option<i32>) -> Vec<usize> {
                match player {
                    Some(p) if p != self.s.current_player() => Vec::new(),
                    _ => self.s.legal_actions(),
                }
            }

            /// One `int8` flag per id (the decisions' ids, or the chance outcomes' at a
            /// chance node): 1 where legal.
            #[pyo3(signature = (player = None))]
            fn legal_actions_mask<'py>(
                &self,
                py: Python<'py>,
                player: Option<i32>,
            ) -> Bound<'py, PyArray1<i8>> {
                let mut mask: Vec<i8> = self
                    .s
                    .legal_actions_mask()
                    .into_iter()
                    .map(i8::from)
                    .collect();
                if player.is_some_and(|p| p != self.s.current_player()) {
                    mask.fill(0);
                }
                PyArray1::from_vec(py, mask)
            }

            /// The chance outcomes `(id, probability)`, sorted by id (empty unless at a
            /// chance node).
            fn chance_outcomes(&self) -> Vec<(usize, f64)> {
                self.s.chance_outcomes()
            }

            /// Applies the action (or chance outcome) of id `action`.
            ///
            /// Raises `ValueError` with the reason if it is not legal here; the state is then
            /// unchanged.
            fn apply_action(&mut self, action: i64) -> PyResult<()> {
                Ok(self.s.apply_action(action)?)
            }

            /// Draws one chance outcome with `rng` (as the crates' `play_game` does) and
            /// applies it; returns its id. Raises `ValueError` unless at a chance node.
            fn apply_chance(&mut self, rng: &mut ChanceRng) -> PyResult<usize> {
                let a = self
                    .s
                    .sample_chance(&mut rng.rng)
                    .ok_or_else(|| value_error("no chance outcome is due here"))?;
                self.s.apply(a)?;
                Ok(*self.s.history_ids().last().unwrap_or(&0))
            }

            /// Applies chance outcomes drawn with `rng` until a player is to act or the game
            /// is over; returns their ids.
            fn resolve_chance(&mut self, rng: &mut ChanceRng) -> PyResult<Vec<usize>> {
                let mut ids = Vec::new();
                while let Some(a) = self.s.sample_chance(&mut rng.rng) {
                    self.s.apply(a)?;
                    ids.push(*self.s.history_ids().last().unwrap_or(&0));
                }
                Ok(ids)
            }

            /// The returns of both players: the crate's at the end, 0 each before (and for a
            /// game cut at its maximum length).
            fn returns(&self) -> Vec<f64> {
                self.s.returns().to_vec()
            }

            /// An independent copy.
            fn clone(&self) -> $name {
                Clone::clone(self)
            }

            fn __copy__(&self) -> $name {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> $name {
                Clone::clone(self)
            }

            /// The text of an action, `action_to_string(action)` or
            /// `action_to_string(player, action)` as OpenSpiel calls it, in the game's
            /// notation. Raises `ValueError` for an id that is not legal here.
            #[pyo3(signature = (a, b = None))]
            fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
                Ok(self.s.action_to_string(action_argument(a, b))?)
            }

            /// The id of the action written `text` (`string_to_action(text)` or
            /// `string_to_action(player, text)`). Raises `ValueError` with the crate's
            /// message when it is no legal action here.
            #[pyo3(signature = (a, b = None))]
            fn string_to_action(&self, a: &Bound<'_, PyAny>, b: Option<&str>) -> PyResult<usize> {
                let text: String = match b {
                    Some(t) => t.to_string(),
                    None => a.extract()?,
                };
                Ok(self.s.string_to_action(&text)?)
            }

            /// The position in the game's notation.
            fn position_text(&self) -> String {
                crate::Encoded::position_text(self.s.state())
            }

            /// The record of the game so far, as the crates write it (tags, every action
            /// with its comment, `Result`).
            fn record_text(&self) -> PyResult<String> {
                self.s.record_text().map_err(value_error)
            }

            /// The position as a text diagram.
            fn diagram(&self) -> String {
                crate::Encoded::diagram(self.s.state())
            }

            /// The position as the game crate's SVG picture.
            fn svg(&self) -> String {
                self.s.svg()
            }

            /// The SVG picture rasterised: a `(height, width, 3)` `uint8` array.
            #[pyo3(signature = (width = 480))]
            fn render_rgb<'py>(&self, py: Python<'py>, width: u32) -> PyResult<Bound<'py, PyAny>> {
                super::render::to_array(py, &self.s.svg(), width)
            }

            /// The observation of `player` (0 or 1) as a `float32` array of
            /// `observation_shape()`.
            fn observation_tensor<'py>(
                &self,
                py: Python<'py>,
                player: i64,
            ) -> PyResult<Bound<'py, PyAny>> {
                let p = player_of(player)?;
                let shape = crate::Encoded::observation_shape(self.s.state());
                let values = self.s.observation(p);
                Ok(PyArray1::from_vec(py, values).reshape(shape)?.into_any())
            }

            /// The shape of `observation_tensor`.
            fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                PyTuple::new(py, crate::Encoded::observation_shape(self.s.state()))
            }

            /// The ids applied since the start, each at its own state.
            fn history(&self) -> Vec<usize> {
                self.s.history_ids().to_vec()
            }

            /// The number of actions applied since the start.
            fn move_number(&self) -> usize {
                self.s.history().len()
            }

            /// The seed of the chance generator written in the record (`Seed` tag).
            #[getter]
            fn seed(&self) -> Option<u64> {
                self.s.seed().map(|s| s.0)
            }

            /// The maximum length, in actions (None: no cut).
            #[getter]
            fn max_length(&self) -> Option<usize> {
                length_option(self.s.max_length())
            }

            /// The number of decision ids.
            fn num_distinct_actions(&self) -> usize {
                crate::Encoded::num_actions(self.s.state())
            }

            /// The number of chance ids.
            fn max_chance_outcomes(&self) -> usize {
                crate::Encoded::num_chance_outcomes(self.s.state())
            }

            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, (String, String, Option<usize>))> {
                let f = py
                    .import("boardgames_rs._native")?
                    .getattr("_state_from_record")?;
                let record = self.s.record_text().map_err(value_error)?;
                Ok((
                    f,
                    (
                        $kind.to_string(),
                        record,
                        length_option(self.s.max_length()),
                    ),
                ))
            }

            fn __str__(&self) -> String {
                crate::Encoded::position_text(self.s.state())
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}({:?}, moves={})",
                    stringify!($name),
                    crate::Encoded::position_text(self.s.state()),
                    self.s.history().len()
                )
            }
        }
    };
}

state_class!(
    TaflState,
    TaflGame,
    "tafl",
    "A state of a tafl game (OpenSpiel's shape)."
);
state_class!(
    TrictracState,
    TrictracGame,
    "trictrac",
    "A state of a trictrac partie ordinaire (OpenSpiel's shape)."
);
state_class!(
    EcrireState,
    EcrireGame,
    "ecrire",
    "A state of a trictrac partie à écrire (OpenSpiel's shape)."
);
state_class!(
    SugorokuState,
    SugorokuGame,
    "sugoroku",
    "A state of a sugoroku game, Tric Trac Nippon (OpenSpiel's shape)."
);

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TaflState>()?;
    m.add_class::<TrictracState>()?;
    m.add_class::<EcrireState>()?;
    m.add_class::<SugorokuState>()
}
