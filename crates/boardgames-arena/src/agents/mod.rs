//! The one registry of agents by name for every game.
//!
//! One vocabulary ([`AgentSpec`]: `random`, `mcts:N`, `expecti:D`, trictrac's `bot`,
//! `searchbot[:B]`, `tdbot[:FILE]`, `tdsearchbot[:FILE]`, tafl's `bard`, `ovate`, `druid`
//! with an optional node budget), one parse (`FromStr`, [`AgentError`]), a check that the
//! agent plays the game asked for ([`AgentSpec::for_game`], [`GameKind`]), and
//! [`AgentBuilder`], which reads a weights file once and builds a fresh boxed
//! [`boardgames_common::Agent`] for a game from a [`boardgames_common::Seed`].

mod build;
mod error;
mod network;
mod spec;
mod trictrac;

pub use build::{AgentBuilder, BoxedAgent, RegisteredGame};
pub use error::AgentError;
pub use network::{MAX_WEIGHTS_FILE, Network};
pub use spec::{
    AgentSpec, GameKind, MAX_BREADTH, MAX_EXPECTI_DEPTH, MAX_MCTS_ITERATIONS, MAX_NODES, Weights,
};
pub use trictrac::TrictracBot;
