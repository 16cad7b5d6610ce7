//! [`Encoded`]: a game of the crates with fixed action ids and observations.

use boardgames_common::{Game, Player, Replay, Turn};

/// A game of the crates whose actions have fixed integer ids and whose states can be written
/// as arrays. Every method only translates: the crate's [`Game`] decides what is legal.
///
/// A record is read back by the crate's own replay ([`Replay`]: its checks, its typed
/// [`ReplayError`](boardgames_common::ReplayError)).
pub trait Encoded: Game<Action: Send + Sync> + Replay + Send + Sync + 'static {
    /// The number of ids of the players' decisions (OpenSpiel's `num_distinct_actions`).
    fn num_actions(&self) -> usize;

    /// The number of ids of chance outcomes (OpenSpiel's `max_chance_outcomes`).
    fn num_chance_outcomes(&self) -> usize;

    /// The id of `action` (a decision or a chance outcome) taken at this state.
    fn encode(&self, action: Self::Action) -> usize;

    /// The action that `id` names at this state, if it is legal here (a decision at a
    /// decision node, an outcome at a chance node). The default looks the id up in the
    /// crate's own lists.
    fn decode(&self, id: usize) -> Option<Self::Action> {
        match self.turn() {
            Turn::Terminal => None,
            Turn::Chance => {
                let mut out = Vec::new();
                self.chance_outcomes(&mut out);
                out.into_iter()
                    .map(|(a, _)| a)
                    .find(|&a| self.encode(a) == id)
            }
            Turn::Player(_) => {
                let mut out = Vec::new();
                self.legal_actions(&mut out);
                out.into_iter().find(|&a| self.encode(a) == id)
            }
        }
    }

    /// The player who throws at this chance node when the game has one (sugoroku, whose
    /// every node is a throw of one player); `None` by default.
    fn thrower(&self) -> Option<Player> {
        None
    }

    /// The shape of [`Encoded::write_observation`]'s array.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes the state as `player` sees it into `out` (of the shape's size, every value
    /// written).
    fn write_observation(&self, player: Player, out: &mut [f32]);

    /// The position in the crate's notation.
    fn position_text(&self) -> String;

    /// The position as a text diagram.
    fn diagram(&self) -> String;

    /// The position as the crate's SVG picture, `last` the action that led to it.
    fn svg(&self, last: Option<Self::Action>) -> String;
}
