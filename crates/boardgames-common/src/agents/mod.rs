//! Generic agents that play every [`Game`](crate::Game) of the family through the trait:
//! [`RandomAgent`] (uniform, at the crate root), [`Mcts`] (Monte-Carlo tree search, UCT, with chance nodes) and
//! [`Expectiminimax`] (depth-limited search with chance nodes weighted by their
//! probabilities, alpha-beta, optional Star1 bounds).
//!
//! All are seeded or deterministic and read no clock: the same seed and the same state give
//! the same action. Each game crate may add a specialised, faster player.
//!
//! ```
//! use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
//! use boardgames_common::{ByPlayer, Game, Seed, play_game};
//! # use boardgames_common::{Player, Turn};
//! # // A one-decision game: the first player picks 0 (a draw) or 1 (a win).
//! # #[derive(Clone, Debug)] struct Pick(Option<u8>);
//! # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
//! # impl Game for Pick {
//! #     type Action = u8; type Error = No; const NAME: &'static str = "Pick";
//! #     fn turn(&self) -> Turn { if self.0.is_some() { Turn::Terminal } else { Turn::Player(Player::First) } }
//! #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); if self.0.is_none() { out.extend([0, 1]); } }
//! #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
//! #     fn apply(&mut self, a: u8) -> Result<(), No> { if self.0.is_some() || a > 1 { return Err(No) } self.0 = Some(a); Ok(()) }
//! #     fn returns(&self) -> ByPlayer<f64> { let v = f64::from(self.0.unwrap_or(0)); ByPlayer::new(v, -v) }
//! #     fn action_text(&self, a: u8) -> String { a.to_string() }
//! #     fn parse_action(&self, t: &str) -> Result<u8, No> { t.parse().map_err(|_| No) }
//! # }
//! let mut mcts = Mcts::new(MctsConfig::with_iterations(200), Seed(1)).unwrap();
//! let mut exp = Expectiminimax::new(ExpectiminimaxConfig::with_depth(2)).unwrap();
//! let played = play_game(Pick(None), Seed(2), ByPlayer::new(&mut mcts, &mut exp), 10).unwrap();
//! assert_eq!(played.state.returns().first, 1.0);
//! ```

mod expectiminimax;
mod mcts;
pub(crate) mod random;

use thiserror::Error;

pub use expectiminimax::{
    Evaluator, Expectiminimax, ExpectiminimaxConfig, ReturnsEvaluator, SearchValue,
};
pub use mcts::{ActionStats, Mcts, MctsConfig};
pub(crate) use random::RandomAgent;

/// Why an agent's configuration was refused.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A budget (iterations, depth, nodes) of 0: the agent could not search at all.
    #[error("the {0} budget must be at least 1")]
    ZeroBudget(&'static str),
    /// The UCT exploration constant is negative or not finite.
    #[error("the exploration constant must be finite and non-negative, not {0}")]
    Exploration(f64),
    /// Star1 bounds that are not finite with `low < high`.
    #[error("value bounds must be finite with low < high, not [{low}, {high}]")]
    Bounds {
        /// The lower bound given.
        low: f64,
        /// The upper bound given.
        high: f64,
    },
}
