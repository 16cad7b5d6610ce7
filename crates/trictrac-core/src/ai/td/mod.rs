//! The TD-trained bot: an evaluation learned by self-play with TD(λ) (Sutton, "Learning to
//! predict by the methods of temporal differences", 1988; Tesauro's TD-Gammon, 1992–1995),
//! a multilayer perceptron ([`TdNetwork`]) estimating the outcome of the partie ordinaire,
//! and the players that choose by it ([`TdBot`], [`TdExpectimaxBot`]).
//!
//! - **What is estimated.** For a state before a throw (the position, the marks, the
//!   partie's trous to win and pavillon option), the probabilities for the player to throw
//!   that he wins the partie, wins it double and loses it double ([`TdEstimate`]). An
//!   afterstate (the position and marks after a play and its consequences, before the next
//!   throw) is such a state: its value for the player who just played is the estimate seen
//!   by him (mirrored when the opponent throws next; as it is after a relevé, when he throws
//!   again).
//! - **Inputs.** The board of each player along his own path, a few hand-made units (full
//!   jans, jans still fillable, exposed lone dames, pips, blocked numbers), the marks
//!   (points, trous still needed, the bredouille of the jetons, the pavillon series), the
//!   pavillon option and the throws since the relevé (the jans de départ).
//! - **Network.** One hidden layer of sigmoid units, three sigmoid outputs; the weights
//!   file is versioned, sized and checksummed ([`TdNetwork::from_bytes`]). The crate ships
//!   trained weights ([`TdNetwork::shipped`]).
//! - **Learning.** [`TdEpisode::self_play`] plays a partie of the network against itself,
//!   [`TdNetwork::learn_episode`] applies TD(λ) to it ([`TdLearning`]).
//!
//! The design, the training command and the strength measured are in the repository's
//! [trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md).

mod afterstate;
mod features;
mod network;
mod player;
mod train;

pub use features::{FEATURE_SET, NUM_INPUTS};
pub use network::{FORMAT_VERSION, MAX_HIDDEN, OUTPUTS, TdEstimate, TdNetwork, TdNetworkError};
pub use player::{TdBot, TdExpectimaxBot};
pub use train::{TdEpisode, TdLearning};

#[cfg(test)]
mod tests;

/// The tests' random games: applies one action to `game`, a chance outcome drawn with
/// [`boardgames_common::sample_chance`] or a legal action picked uniformly, from `rng`
/// (`legal` and `outcomes` are the caller's buffers).
#[cfg(test)]
fn random_step<G: boardgames_common::Game>(
    game: &mut G,
    rng: &mut impl rand::Rng,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, f64)>,
) where
    G::Error: std::fmt::Debug,
{
    use rand::RngExt;
    let action = match game.turn() {
        boardgames_common::Turn::Chance => {
            game.chance_outcomes(outcomes);
            boardgames_common::sample_chance(outcomes, rng).unwrap()
        }
        _ => {
            game.legal_actions(legal);
            legal[rng.random_range(0..legal.len())]
        }
    };
    game.apply(action).unwrap();
}
