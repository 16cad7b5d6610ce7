//! The tafl AI: a searcher over any ruleset and the three levels of play of the Breton
//! Fidchell page, Barzh (Bard), Ovate and Drouiz (Druid) ("Tri live diaezamant zo : Barzh,
//! Ovate ha Drouiz").
//!
//! - [`Searcher`]: iterative deepening, principal-variation negamax, a transposition table
//!   keyed by [`Position::hash`](crate::Position::hash), ordering by captures, killers and
//!   history, late move reductions, quiescence on captures and winning king moves;
//! - an evaluation aware of the ruleset (material, the king's road to the corners still to
//!   visit or to the edge, his escape forks under the corner escape, his mobility, the
//!   attackers' cordon, soldiers hanging against hostile squares and edges), its weights a
//!   setting ([`EvalWeights`]);
//! - [`Level`] and [`SearchConfig`]/[`SearchLimits`]: node limits (deterministic) or time;
//! - self-play and tournaments through the common game trait: [`Searcher`] is a
//!   [`boardgames_common::Agent`] of [`TaflGame`](crate::TaflGame), so
//!   [`boardgames_common::play_game`] plays it against any agent, and
//!   [`Searcher::nodes_searched`] tells each side's effort; the results are counted with
//!   `boardgames_common::tournament` (wins, draws and losses with Wilson intervals).
//!
//! Games are kept by [`TaflGame`](crate::TaflGame) (the endings that need the history,
//! undo); its [`search_history`](crate::TaflGame::search_history) is what the searcher takes.
//!
//! ```
//! use boardgames_common::Seed;
//! use tafl_core::{Ruleset, TaflGame};
//! use tafl_core::ai::{Level, Searcher};
//! let mut game = TaflGame::new(Ruleset::fidchell());
//! let mut bard = Searcher::for_level(Level::Bard, Seed(1));
//! let found = bard.search(game.position(), game.rules(), game.search_history()).unwrap();
//! let _ = game.play_mut(found.best_move).unwrap();
//! assert_eq!(game.moves()[0].mv, found.best_move);
//! ```

mod eval;
mod level;
mod ordering;
mod search;
mod tt;
mod weights;

pub use level::{Level, MAX_PLY, ParseLevelError, SearchConfig, SearchLimits};
pub use search::{SearchResult, Searcher, WIN_SCORE, WIN_THRESHOLD};
pub use weights::{EvalWeights, WeightsError};

/// The static evaluation of `pos` for the side to move, in centisoldiers (1/100 of a
/// soldier), with the default weights ([`EvalWeights::DEFAULT`]): what the levels' searches
/// score at their leaves. Finished games are not scored here. `rules` are the position's.
#[must_use]
pub fn evaluate(pos: &crate::Position, rules: &crate::Rules) -> i32 {
    eval::evaluate(&crate::position::Ruled::new(*pos, rules))
}

/// The static evaluation of `pos` for the side to move with the weights `weights`, in
/// centisoldiers, clamped to ±20 000 (below [`WIN_THRESHOLD`]). `rules` are the position's.
#[must_use]
pub fn evaluate_with(pos: &crate::Position, rules: &crate::Rules, weights: &EvalWeights) -> i32 {
    eval::evaluate_with(&crate::position::Ruled::new(*pos, rules), weights)
}
