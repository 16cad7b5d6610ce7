//! The AI, the bots: a heuristic trictrac player ([`Bot`], file `heuristic.rs`): plays
//! chosen by the points they bring and a positional evaluation, and a documented tenir /
//! s'en aller rule;
//! [`ExpectimaxBot`] (file `search.rs`), which searches one ply deeper on that evaluation,
//! over the opponent's 21 throws and his best reply to each; and a table of bots playing a
//! partie at three or four ([`crate::ecrire::table::Partie::play_bots`], file `table.rs`).
//!
//! [`TdBot`] (directory `td/`) plays by an evaluation learned by self-play (TD(λ) over a
//! small multilayer perceptron, [`TdNetwork`], trained weights shipped with the crate);
//! [`TdExpectimaxBot`] searches one ply of the opponent's throws on top of it.

mod heuristic;
mod search;
mod table;
mod td;

pub use heuristic::{Bot, Weights};
pub use search::ExpectimaxBot;
pub use table::MAX_MARQUE_ACTIONS;
pub use td::{
    FEATURE_SET, FORMAT_VERSION, MAX_HIDDEN, NUM_INPUTS, OUTPUTS, TdBot, TdEpisode, TdEstimate,
    TdExpectimaxBot, TdLearning, TdNetwork, TdNetworkError,
};
