//! The bots the page offers for each game, by their names in the family's one vocabulary
//! (`random`, `mcts:N`, `expecti:D`, trictrac's `bot`, `searchbot`, `tdbot`, `tdsearchbot`,
//! tafl's `bard`, `ovate`, `druid`), built for a game and a seed.
//!
//! A request names a bot of the game's menu ([`BotGame::NAMES`]) and nothing else: no
//! weights file of the server's disk (`tdbot:FILE`), no budget a request could make
//! endless (`mcts:1000000000`).

use boardgames_common::agents::{Mcts, MctsConfig};
use boardgames_common::{Game, RandomAgent, Seed};
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use tafl_core::ai::{Level, Searcher};
use trictrac_core::EcrireGame;
use trictrac_core::TrictracGame;
use trictrac_core::ai::{Bot, ExpectimaxBot, TdBot, TdExpectimaxBot};

use crate::error::ApiError;

/// A bot for a game of `G`.
pub(crate) type BoxedBot<G> = Box<dyn boardgames_common::Agent<G> + Send>;

/// A game whose bots the page offers.
pub(crate) trait BotGame: Game + Sized {
    /// The game's key in requests (`trictrac`, `ecrire`, `tafl`, `sugoroku`).
    const KEY: &'static str;

    /// The names of the menu, weakest first.
    const NAMES: &'static [&'static str];

    /// The strongest bot of the menu (the one that advises when both sides are people).
    fn strongest() -> &'static str {
        Self::NAMES.last().copied().unwrap_or("random")
    }

    /// The bot `name` (one of [`BotGame::NAMES`]) seeded with `seed`.
    fn make(name: &str, seed: Seed) -> Option<BoxedBot<Self>>;
}

/// The bot of the menu of `G` named `name`, seeded with `seed`.
///
/// # Errors
/// [`ApiError::BadRequest`] for a name not on the game's menu.
pub(crate) fn build<G: BotGame>(name: &str, seed: Seed) -> Result<BoxedBot<G>, ApiError> {
    let name = name.trim();
    if !G::NAMES.contains(&name) {
        return Err(ApiError::BadRequest(format!(
            "unknown bot {:?} for {}: expected one of {}",
            name.chars().take(40).collect::<String>(),
            G::KEY,
            G::NAMES.join(", ")
        )));
    }
    G::make(name, seed).ok_or_else(|| ApiError::internal(format!("the bot {name} cannot be built")))
}

/// The menu of `G`.
pub(crate) fn names<G: BotGame>() -> &'static [&'static str] {
    G::NAMES
}

/// MCTS with `iterations` a decision.
fn mcts<G>(iterations: u32, seed: Seed) -> Option<BoxedBot<G>>
where
    G: Game + Send + 'static,
    G::Action: Send,
    Mcts<G>: boardgames_common::Agent<G> + Send,
{
    Some(Box::new(
        Mcts::<G>::new(MctsConfig::with_iterations(iterations), seed).ok()?,
    ))
}

impl BotGame for TrictracGame {
    const KEY: &'static str = "trictrac";
    const NAMES: &'static [&'static str] = &[
        "random",
        "mcts:1000",
        "bot",
        "searchbot",
        "tdbot",
        "tdsearchbot",
    ];

    fn make(name: &str, seed: Seed) -> Option<BoxedBot<TrictracGame>> {
        Some(match name {
            "random" => Box::new(RandomAgent::new(seed)),
            "mcts:1000" => return mcts(1000, seed),
            "bot" => Box::new(Bot::default()),
            "searchbot" => Box::new(ExpectimaxBot::default()),
            "tdbot" => Box::new(TdBot::default()),
            "tdsearchbot" => Box::new(TdExpectimaxBot::default()),
            _ => return None,
        })
    }
}

impl BotGame for EcrireGame {
    const KEY: &'static str = "ecrire";
    const NAMES: &'static [&'static str] = &["random", "mcts:1000", "bot"];

    fn make(name: &str, seed: Seed) -> Option<BoxedBot<EcrireGame>> {
        Some(match name {
            "random" => Box::new(RandomAgent::new(seed)),
            "mcts:1000" => return mcts(1000, seed),
            "bot" => Box::new(Bot::default()),
            _ => return None,
        })
    }
}

impl BotGame for TaflGame {
    const KEY: &'static str = "tafl";
    const NAMES: &'static [&'static str] = &["random", "mcts:1000", "bard", "ovate", "druid"];

    fn make(name: &str, seed: Seed) -> Option<BoxedBot<TaflGame>> {
        let level = match name {
            "random" => return Some(Box::new(RandomAgent::new(seed))),
            "mcts:1000" => return mcts(1000, seed),
            "bard" => Level::Bard,
            "ovate" => Level::Ovate,
            "druid" => Level::Druid,
            _ => return None,
        };
        Some(Box::new(Searcher::new(level.config(), seed)))
    }
}

impl BotGame for SugorokuGame {
    const KEY: &'static str = "sugoroku";
    const NAMES: &'static [&'static str] = &["random"];

    fn make(name: &str, seed: Seed) -> Option<BoxedBot<SugorokuGame>> {
        (name == "random").then(|| Box::new(RandomAgent::new(seed)) as BoxedBot<SugorokuGame>)
    }
}
