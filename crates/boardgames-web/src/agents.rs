//! The bots the page offers for each game: a menu of names in the family's one vocabulary
//! (`random`, `mcts:N`, `expecti:D`, trictrac's `bot`, `searchbot`, `tdbot`, `tdsearchbot`,
//! tafl's `bard`, `ovate`, `druid`), each built by the shared registry
//! (`boardgames_arena::agents`) for a game and a seed.
//!
//! A request names a bot of the game's menu ([`BotGame::NAMES`]) and nothing else: no
//! weights file of the server's disk (`tdbot:FILE`), no budget a request could make
//! endless (`mcts:1000000000`).

use boardgames_arena::agents::{AgentBuilder, AgentSpec, RegisteredGame};
use boardgames_common::Seed;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::{EcrireGame, TrictracGame};

use crate::error::ApiError;

/// A bot for a game of `G`.
pub(crate) type BoxedBot<G> = boardgames_arena::agents::BoxedAgent<G>;

/// A game whose bots the page offers.
pub(crate) trait BotGame: RegisteredGame {
    /// The game's key in requests (`trictrac`, `ecrire`, `tafl`, `sugoroku`).
    const KEY: &'static str;

    /// The names of the menu, weakest first.
    const NAMES: &'static [&'static str];

    /// The strongest bot of the menu (the one that advises when both sides are people).
    fn strongest() -> &'static str {
        Self::NAMES.last().copied().unwrap_or("random")
    }
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
    let cannot = |e: boardgames_arena::agents::AgentError| {
        ApiError::internal(format!("the bot {name} cannot be built: {e}"))
    };
    let spec: AgentSpec = name.parse().map_err(cannot)?;
    AgentBuilder::new(spec)
        .map_err(cannot)?
        .build::<G>(seed)
        .map_err(cannot)
}

/// The menu of `G`.
pub(crate) fn names<G: BotGame>() -> &'static [&'static str] {
    G::NAMES
}

impl BotGame for TrictracGame {
    const KEY: &'static str = "trictrac";
    const NAMES: &'static [&'static str] = &[
        "random",
        "mcts:1000",
        "expecti:2",
        "bot",
        "searchbot",
        "tdbot",
        "tdsearchbot",
    ];
}

impl BotGame for EcrireGame {
    const KEY: &'static str = "ecrire";
    const NAMES: &'static [&'static str] = &["random", "mcts:1000", "bot"];
}

impl BotGame for TaflGame {
    const KEY: &'static str = "tafl";
    const NAMES: &'static [&'static str] =
        &["random", "mcts:1000", "expecti:2", "bard", "ovate", "druid"];
}

impl BotGame for SugorokuGame {
    const KEY: &'static str = "sugoroku";
    const NAMES: &'static [&'static str] = &["random"];
}
