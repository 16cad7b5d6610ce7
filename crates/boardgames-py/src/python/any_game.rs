//! One of the four games (tafl, trictrac's partie ordinaire, its partie à écrire, sugoroku),
//! written once rather than in four-way matches: [`AnyGame`], a value of one game;
//! [`each_game!`], one body for the four variants of an [`AnyGame`]; [`of_kind!`], the game
//! type of a registry's [`GameKind`]; [`PyGame`], what the module knows of each game (its
//! state class, its registry name, its variant). Code over "any game" is a function generic
//! in `G: PyGame`, called from one `each_game!` or `of_kind!`.

use boardgames_arena::agents::{BoxedAgent, GameKind, RegisteredGame};
use pyo3::prelude::*;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::{EcrireGame, TrictracGame};

use super::states::{EcrireState, SugorokuState, TaflState, TrictracState};
use crate::{Encoded, EncodedState};

/// A value of one of the four games: `Tafl`, `Trictrac` (the partie ordinaire), `Ecrire`
/// (the partie à écrire), `Sugoroku`; the type parameters are the value's type in each.
#[derive(Debug, Clone)]
pub(crate) enum AnyGame<A, B, C, D> {
    /// A tafl game's.
    Tafl(A),
    /// A partie ordinaire's.
    Trictrac(B),
    /// A partie à écrire's.
    Ecrire(C),
    /// A sugoroku game's.
    Sugoroku(D),
}

/// The start of a game of any of the four (boxed: the games differ much in size).
pub(crate) type AnyStart =
    AnyGame<Box<TaflGame>, Box<TrictracGame>, Box<EcrireGame>, Box<SugorokuGame>>;

/// An agent of one of the four games (the registry's).
pub(crate) type AnyAgent = AnyGame<
    BoxedAgent<TaflGame>,
    BoxedAgent<TrictracGame>,
    BoxedAgent<EcrireGame>,
    BoxedAgent<SugorokuGame>,
>;

/// `each_game!(value, pattern => body)`: `match value` over the four variants of an
/// [`AnyGame`], each binding `pattern` to its value and evaluating the same `body` (in
/// which the value has its own game's type).
macro_rules! each_game {
    ($value:expr, $x:pat => $body:expr) => {
        match $value {
            $crate::python::any_game::AnyGame::Tafl($x) => $body,
            $crate::python::any_game::AnyGame::Trictrac($x) => $body,
            $crate::python::any_game::AnyGame::Ecrire($x) => $body,
            $crate::python::any_game::AnyGame::Sugoroku($x) => $body,
        }
    };
}

/// `of_kind!(kind, G => body)`: `body` with the type `G` the game of the registry's `kind`
/// ([`GameKind`]).
macro_rules! of_kind {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            ::boardgames_arena::agents::GameKind::Tafl => {
                type $g = ::tafl_core::TaflGame;
                $body
            }
            ::boardgames_arena::agents::GameKind::Trictrac => {
                type $g = ::trictrac_core::TrictracGame;
                $body
            }
            ::boardgames_arena::agents::GameKind::Ecrire => {
                type $g = ::trictrac_core::EcrireGame;
                $body
            }
            ::boardgames_arena::agents::GameKind::Sugoroku => {
                type $g = ::sugoroku_core::SugorokuGame;
                $body
            }
        }
    };
}

pub(crate) use {each_game, of_kind};

/// What the module knows of a game beyond the registry's ([`RegisteredGame::KIND`]): the kind its records and pickles
/// give, its state class, its variant of [`AnyAgent`].
pub(crate) trait PyGame: Encoded + RegisteredGame + PartialEq {
    /// The game's name for `state_from_record` and pickling: `tafl`, `trictrac`, `ecrire`
    /// or `sugoroku`.
    const STATE_KIND: &'static str;

    /// The state as its Python object (`TaflState`, ...).
    ///
    /// # Errors
    ///
    /// PyO3's, if the object cannot be made.
    fn state_object(py: Python<'_>, state: EncodedState<Self>) -> PyResult<Py<PyAny>>;

    /// `f` of the state `object` holds, when it is a state of this game; `None` otherwise.
    fn with_state<R>(
        object: &Bound<'_, PyAny>,
        f: impl FnOnce(&EncodedState<Self>) -> R,
    ) -> Option<R>;

    /// The agent as an [`AnyAgent`].
    fn any_agent(agent: BoxedAgent<Self>) -> AnyAgent;

    /// The agent `any` holds, when it plays this game.
    fn agent_mut(any: &mut AnyAgent) -> Option<&mut BoxedAgent<Self>>;
}

macro_rules! py_game {
    ($game:ty, $variant:ident, $state:ident, $name:literal) => {
        impl PyGame for $game {
            const STATE_KIND: &'static str = $name;

            fn state_object(py: Python<'_>, state: EncodedState<Self>) -> PyResult<Py<PyAny>> {
                Ok($state::wrap(state).into_pyobject(py)?.into_any().unbind())
            }

            fn with_state<R>(
                object: &Bound<'_, PyAny>,
                f: impl FnOnce(&EncodedState<Self>) -> R,
            ) -> Option<R> {
                let state = object.extract::<PyRef<'_, $state>>().ok()?;
                Some(f(&state.s))
            }

            fn any_agent(agent: BoxedAgent<Self>) -> AnyAgent {
                AnyGame::$variant(agent)
            }

            fn agent_mut(any: &mut AnyAgent) -> Option<&mut BoxedAgent<Self>> {
                match any {
                    AnyGame::$variant(a) => Some(a),
                    _ => None,
                }
            }
        }
    };
}

py_game!(TaflGame, Tafl, TaflState, "tafl");
py_game!(TrictracGame, Trictrac, TrictracState, "trictrac");
py_game!(EcrireGame, Ecrire, EcrireState, "ecrire");
py_game!(SugorokuGame, Sugoroku, SugorokuState, "sugoroku");

impl AnyStart {
    /// The registry's game of this start.
    pub(crate) fn kind(&self) -> GameKind {
        each_game!(self, g => kind_of(&**g))
    }
}

/// The registry's game of a start of `G`.
fn kind_of<G: PyGame>(_: &G) -> GameKind {
    G::KIND
}

/// The kind named `name` (`tafl`, `trictrac`, `ecrire`, `sugoroku`: [`PyGame::STATE_KIND`]).
pub(crate) fn kind_named(name: &str) -> Option<GameKind> {
    GameKind::ALL
        .into_iter()
        .find(|&k| of_kind!(k, G => G::STATE_KIND) == name)
}
