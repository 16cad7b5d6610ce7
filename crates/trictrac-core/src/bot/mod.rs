//! The bots: a heuristic trictrac player ([`Bot`], file `heuristic.rs`): plays chosen by the
//! points they bring and a positional evaluation, and a documented tenir / s'en aller rule;
//! [`ExpectimaxBot`] (file `search.rs`), which searches one ply deeper on that evaluation,
//! over the opponent's 21 throws and his best reply to each; and a table of bots playing a
//! partie at three or four ([`crate::partie::table::Partie::play_bots`], file `table.rs`).

mod heuristic;
mod search;
mod table;

pub use heuristic::{Bot, Weights};
pub use search::ExpectimaxBot;
pub use table::MAX_MARQUE_ACTIONS;
