//! The trictrac bots the commands name ([`TrictracBot`], [`BOT_NAMES`]) and the TD-trained
//! networks they play by: the shipped one (`tdbot`) or one read from a weights file
//! (`tdbot:FILE`), kept for the whole run.

use trictrac_core::ai::{Bot, ExpectimaxBot, TdBot, TdExpectimaxBot, TdNetwork};
use trictrac_core::scoring::{DefaultScorer, ThrowScore};
use trictrac_core::{Action, TrictracGame, TurnPhase};
use trictrac_core::{Chronology, Form, action_text};

use crate::games::trictrac::Partie;
use crate::io::error::CliError;

/// A network for the run's agents: the shipped one, or one read from a file and kept until
/// the process ends (agents are built for every game and borrow it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Network(&'static TdNetwork);

impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Network {}

/// The largest weights file read, in bytes (the largest network, 256 hidden units, is about
/// 300 KiB).
pub(crate) const MAX_WEIGHTS_FILE: u64 = 16 << 20;

impl Network {
    /// The network shipped with trictrac-core.
    pub(crate) fn shipped() -> Network {
        Network(TdNetwork::shipped())
    }

    /// The network of the weights file `path` (`what` names the option for errors). At most
    /// [`MAX_WEIGHTS_FILE`] bytes are read (bounded memory whatever the path names).
    ///
    /// # Errors
    /// [`CliError::Input`] naming the option: the file cannot be read, is larger than
    /// [`MAX_WEIGHTS_FILE`], or holds no network.
    pub(crate) fn read(path: &str, what: &'static str) -> Result<Network, CliError> {
        use std::io::Read as _;
        let unreadable = |e: std::io::Error| {
            CliError::input(what, format!("cannot read the weights file {path:?}: {e}"))
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_WEIGHTS_FILE + 1).read_to_end(&mut bytes))
            .map_err(unreadable)?;
        if bytes.len() as u64 > MAX_WEIGHTS_FILE {
            return Err(CliError::input(
                what,
                format!("the weights file {path:?} is larger than {MAX_WEIGHTS_FILE} bytes"),
            ));
        }
        let network = TdNetwork::from_bytes(&bytes)
            .map_err(|e| CliError::input(what, format!("{path}: {e}")))?;
        Ok(Network(Box::leak(Box::new(network))))
    }

    /// The network.
    pub(crate) fn get(self) -> &'static TdNetwork {
        self.0
    }
}

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

impl<G: Partie> Advisor<G> for Bot
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

/// The bots of [`BOT_NAMES`].
#[derive(Debug, Clone)]
pub(crate) enum TrictracBot {
    /// The heuristic.
    Heuristic(Bot),
    /// Its expectimax over the 21 throws.
    Search(ExpectimaxBot),
    /// The TD-trained network.
    Td(TdBot<'static>),
    /// One ply of expectimax on it.
    TdSearch(TdExpectimaxBot<'static>),
}

impl TrictracBot {
    /// The bot named `text` (one of [`BOT_NAMES`]); `what` names the option for errors.
    pub(crate) fn parse(text: &str, what: &'static str) -> Result<TrictracBot, CliError> {
        Ok(match text {
            "bot" => TrictracBot::Heuristic(Bot::default()),
            "searchbot" => TrictracBot::Search(ExpectimaxBot::default()),
            "tdbot" => TrictracBot::Td(TdBot::default()),
            "tdsearchbot" => TrictracBot::TdSearch(TdExpectimaxBot::default()),
            _ => {
                if let Some(file) = text.strip_prefix("tdbot:") {
                    TrictracBot::Td(TdBot::new(Network::read(file, what)?.get()))
                } else if let Some(file) = text.strip_prefix("tdsearchbot:") {
                    TrictracBot::TdSearch(TdExpectimaxBot::new(Network::read(file, what)?.get()))
                } else {
                    return Err(CliError::input(
                        what,
                        format!("unknown bot {text:?}: expected {BOT_NAMES}"),
                    ));
                }
            }
        })
    }
}

impl boardgames_common::Agent<TrictracGame> for TrictracBot {
    fn choose(&mut self, state: &TrictracGame, legal: &[Action]) -> Action {
        match self {
            TrictracBot::Heuristic(b) => b.choose(state, legal),
            TrictracBot::Search(b) => b.choose(state, legal),
            TrictracBot::Td(b) => b.choose(state, legal),
            TrictracBot::TdSearch(b) => b.choose(state, legal),
        }
    }
}

/// The TD-trained network's values of the legal actions, best first, for a hint.
fn td_advice(
    network: &'static TdNetwork,
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
            TrictracBot::Td(b) => td_advice(b.network(), game, legal, choice, false),
            TrictracBot::TdSearch(b) => td_advice(b.network(), game, legal, choice, true),
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
