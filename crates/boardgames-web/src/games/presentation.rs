//! What a game of the family shows the page, beyond the rules: [`WebGame`].

use boardgames_common::{Game, Player, Replay};
use serde_json::Value;

use crate::agents::BotGame;

/// What a game of the family shows the page, beyond [`Game`].
pub(crate) trait WebGame: Game + Replay + BotGame + Send + 'static
where
    Self::Action: Send,
{
    /// The picture of the game now (SVG), `last` the last action with the state before it.
    fn picture(&self, last: Option<(&Self, Self::Action)>) -> String;

    /// A picture of `action` about to be played at `before` (trictrac: the arrows of a
    /// play), shown for a moment before the next; `None` when the next picture says it all.
    fn frame(before: &Self, action: Self::Action) -> Option<String> {
        let _ = (before, action);
        None
    }

    /// The legal actions of a decision, as the board and the text field need them.
    fn legal_view(&self, legal: &[Self::Action]) -> Vec<Value>;

    /// What the page shows beside the board (marks, counts, phases, the sides' names).
    fn info(&self) -> Value;

    /// In a game of dice alone, the side whose throw it is at a chance node (a person then
    /// throws by hand); `None` in a game whose dice fall by themselves.
    fn thrower(&self) -> Option<Player> {
        None
    }

    /// The name of `player`'s side now (`white`, `attackers`): in the partie à écrire the
    /// colours change with the marqués.
    fn side_name(&self, player: Player) -> &'static str;

    /// What a hint adds to the bot's choice (trictrac: the throw's scoring analysis).
    fn analysis(&self, legal: &[Self::Action], choice: Self::Action) -> Value {
        let _ = (legal, choice);
        Value::Null
    }
}
