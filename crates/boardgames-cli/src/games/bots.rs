//! The trictrac bots `play trictrac --bot` names ([`BOT_NAMES`], [`parse_bot`]: the arena's
//! registry's [`TrictracBot`]) and what the terminal adds to them: the [`Advisor`] that
//! explains a bot's choice (`hint`), over the numbered list of the legal actions the
//! session prints.

use boardgames_arena::agents::{AgentBuilder, AgentSpec, TrictracBot};
use trictrac_core::ai::{Bot, TdBot, TdNetwork};
use trictrac_core::scoring::{DefaultScorer, ThrowScore};
use trictrac_core::{Action, TrictracGame, TurnPhase};
use trictrac_core::{Chronology, Form, action_text};

use crate::games::trictrac::SessionGame;
use crate::io::error::CliError;

/// The bots `play trictrac --bot` plays against.
pub(crate) const BOT_NAMES: &str = "bot (the heuristic), searchbot (its expectimax), tdbot (the TD-trained network), tdsearchbot (one ply of expectimax on it), tdbot:FILE or tdsearchbot:FILE (the network of a weights file)";

/// A trictrac bot of the command line: an agent that can also explain its choice (`hint`).
pub(crate) trait Advisor<G: boardgames_common::Game>:
    boardgames_common::Agent<G> + std::fmt::Debug
{
    /// The bot's choice `choice` among `legal` in `game`, and why.
    fn advice(&self, game: &G, legal: &[Action], choice: Action) -> String;

    /// A copy of the bot (a session is cloned with its bot).
    fn boxed_clone(&self) -> Box<dyn Advisor<G>>;
}

impl<G: boardgames_common::Game> Clone for Box<dyn Advisor<G>> {
    fn clone(&self) -> Box<dyn Advisor<G>> {
        self.boxed_clone()
    }
}

impl<G: SessionGame> Advisor<G> for Bot
where
    Bot: boardgames_common::Agent<G>,
{
    fn advice(&self, game: &G, legal: &[Action], choice: Action) -> String {
        hint(game.turns(), legal, choice, self)
    }

    fn boxed_clone(&self) -> Box<dyn Advisor<G>> {
        Box::new(*self)
    }
}

/// The bot named `text` (one of [`BOT_NAMES`], in the registry's vocabulary), its weights
/// file read; `what` names the option for errors.
///
/// # Errors
/// [`CliError::Input`] naming `what` for another name, or a weights file that cannot be
/// read or holds no network.
pub(crate) fn parse_bot(text: &str, what: &'static str) -> Result<TrictracBot, CliError> {
    let spec: AgentSpec = text.parse().map_err(|_| {
        CliError::input(what, format!("unknown bot {text:?}: expected {BOT_NAMES}"))
    })?;
    let builder = AgentBuilder::new(spec).map_err(|e| CliError::input(what, e))?;
    builder.trictrac_bot().ok_or_else(|| {
        CliError::input(
            what,
            format!("{text} is no bot with a hint: expected {BOT_NAMES}"),
        )
    })
}

/// The TD-trained network's values of the legal actions, best first, for a hint.
fn td_advice(
    network: &TdNetwork,
    game: &TrictracGame,
    legal: &[Action],
    choice: Action,
    searched: bool,
) -> String {
    let number = legal.iter().position(|&a| a == choice).map_or(0, |i| i + 1);
    let mut text = format!("The bot would choose {number}. {}\n", action_text(choice));
    let mut rows: Vec<(f32, usize)> = TdBot::new(network)
        .action_values(game)
        .into_iter()
        .filter_map(|(a, v)| Some((v, legal.iter().position(|&l| l == a)?)))
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let shown = rows.len().min(8);
    text.push_str(&format!(
        "  the {shown} best of {} by the TD-trained network's value (your expected result of the partie, from -1 lost to +1 won, ±2 double){}:\n",
        rows.len(),
        if searched {
            "; the bot searches the best of them one throw deeper"
        } else {
            ""
        }
    ));
    for (value, i) in rows.iter().take(shown) {
        text.push_str(&format!(
            "  {:>3}. {:<28} value {value:+.3}\n",
            i + 1,
            action_text(legal[*i])
        ));
    }
    text
}

impl Advisor<TrictracGame> for TrictracBot {
    fn advice(&self, game: &TrictracGame, legal: &[Action], choice: Action) -> String {
        match self {
            TrictracBot::Heuristic(b) => hint(game.turns(), legal, choice, b),
            TrictracBot::Search(b) => {
                let mut text = hint(game.turns(), legal, choice, &b.heuristic);
                text.push_str("  (the bot searches the best of them one throw deeper)\n");
                text
            }
            TrictracBot::Td(n) => td_advice(n.get(), game, legal, choice, false),
            TrictracBot::TdSearch(n) => td_advice(n.get(), game, legal, choice, true),
        }
    }

    fn boxed_clone(&self) -> Box<dyn Advisor<TrictracGame>> {
        Box::new(self.clone())
    }
}

/// The bot's choice for the side to move, and why: at a play, each candidate's points
/// after the play and the bot's value of it (points for minus points against, plus its
/// evaluation of the board after), best first; at a decision, the reste and what the
/// opponent would mark. `choice` is the bot's choice among `legal` in `turns`.
pub(crate) fn hint<F: Form>(
    turns: &Chronology<DefaultScorer, F>,
    legal: &[Action],
    choice: Action,
    bot: &Bot,
) -> String {
    let number = legal.iter().position(|&a| a == choice).map_or(0, |i| i + 1);
    let mut text = format!("The bot would choose {number}. {}\n", action_text(choice));
    match turns.phase() {
        TurnPhase::Choice { mover, pending, .. } => {
            text.push_str(&format!(
                "  your points de reste: {}; the points your throw gives the opponent: {pending}\n",
                turns.marking().points(mover)
            ));
        }
        _ => {
            let Some(analysis) = turns.analysis() else {
                return text;
            };
            let position = turns.position();
            let mover = position.side_to_move();
            let mut rows: Vec<(f64, usize, u8)> = legal
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    Action::Play(p) => {
                        let k = ThrowScore::legal_plays(analysis)
                            .iter()
                            .position(|q| q == p)?;
                        let points = ThrowScore::after_play(analysis, k, None)[mover];
                        Some((bot.value_of_play(turns.scorer(), position, p), i, points))
                    }
                    _ => None,
                })
                .collect();
            rows.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let candidates = rows.len();
            // As the bot chooses: with its lookahead, the best plays by the static value
            // lose the opponent's expected reply, and the best of them is its choice.
            let by = if bot.lookahead > 0 && rows.len() > 1 {
                rows.truncate(bot.lookahead);
                for row in &mut rows {
                    if let Action::Play(p) = legal[row.1] {
                        let mut after = *position;
                        after.play_unchecked(&p);
                        row.0 -= bot.expected_reply(turns.scorer(), &after);
                    }
                }
                // Stable: ties keep the static order, as the bot's first best does.
                rows.sort_by(|a, b| b.0.total_cmp(&a.0));
                "the bot's value (points and board, less the opponent's expected reply)"
            } else {
                "the bot's value (points and board)"
            };
            let shown = rows.len().min(8);
            text.push_str(&format!(
                "  the {shown} best of {candidates} candidates by {by}:\n"
            ));
            for (value, i, points) in rows.iter().take(shown) {
                text.push_str(&format!(
                    "  {:>3}. {:<28} marks {points} more point{}, value {value:+.1}\n",
                    i + 1,
                    action_text(legal[*i]),
                    if *points == 1 { "" } else { "s" }
                ));
            }
        }
    }
    text
}
