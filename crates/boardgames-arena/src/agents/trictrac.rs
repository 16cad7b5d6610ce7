//! Trictrac's own players as agents: [`TrictracBot`] (the heuristic, its expectimax and
//! the TD-trained network's two players), and the evaluation `expecti:D` searches with.

use boardgames_common::{Agent, Player};
use trictrac_core::ai::{Bot, ExpectimaxBot, TdBot, TdExpectimaxBot};
use trictrac_core::{Action, Colour, TrictracGame};

use super::network::Network;

/// Trictrac's bots of the partie ordinaire: `bot`, `searchbot[:B]`, `tdbot[:FILE]`,
/// `tdsearchbot[:FILE]` ([`AgentBuilder::trictrac_bot`](super::AgentBuilder::trictrac_bot)).
/// A front end that explains a bot's choice (a hint) reads which bot it is here.
#[derive(Debug, Clone)]
pub enum TrictracBot {
    /// The heuristic.
    Heuristic(Bot),
    /// Its expectimax over the 21 throws.
    Search(ExpectimaxBot),
    /// The TD-trained network.
    Td(Network),
    /// One ply of expectimax on it.
    TdSearch(Network),
}

impl Agent<TrictracGame> for TrictracBot {
    fn choose(&mut self, state: &TrictracGame, legal: &[Action]) -> Action {
        match self {
            TrictracBot::Heuristic(b) => b.choose(state, legal),
            TrictracBot::Search(b) => b.choose(state, legal),
            // The players only borrow their network: made for the decision, at no cost.
            TrictracBot::Td(n) => TdBot::new(n.get()).choose(state, legal),
            TrictracBot::TdSearch(n) => TdExpectimaxBot::new(n.get()).choose(state, legal),
        }
    }
}

/// Trictrac's evaluation for expectiminimax: trous and points (12 to a trou) and the
/// heuristic's positional evaluation, scaled into (−1, 1) by a partie's worth of points.
pub(crate) fn trictrac_eval(game: &TrictracGame, player: Player) -> f64 {
    let me = Colour::from(player);
    let m = game.marking();
    let bot = Bot::default();
    let board = game.position().board();
    let points = 12.0 * (f64::from(m.trous(me)) - f64::from(m.trous(me.other())))
        + f64::from(m.points(me))
        - f64::from(m.points(me.other()))
        + bot.evaluate(board, me)
        - bot.evaluate(board, me.other());
    let scale = 12.0 * f64::from(game.options().trous_to_win.max(1)) + 12.0;
    (points / scale).clamp(-0.99, 0.99)
}
