//! The bots by name, through the arena's one registry: [`Bot`].

use std::cell::RefCell;
use std::fmt;

use boardgames_arena::agents::{AgentBuilder, AgentSpec, BoxedAgent};
use boardgames_common::Seed;
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::{EcrireGame, TrictracGame};
use wasm_bindgen::prelude::*;

use crate::value;

/// A bot built for one game.
pub(crate) enum Agent {
    Tafl(BoxedAgent<TaflGame>),
    Trictrac(BoxedAgent<TrictracGame>),
    Ecrire(BoxedAgent<EcrireGame>),
    Sugoroku(BoxedAgent<SugorokuGame>),
}

impl Agent {
    /// The name of the game the agent plays, as [`Bot`]'s constructor takes it.
    pub(crate) const fn game(&self) -> &'static str {
        match self {
            Agent::Tafl(_) => "tafl",
            Agent::Trictrac(_) => "trictrac",
            Agent::Ecrire(_) => "ecrire",
            Agent::Sugoroku(_) => "sugoroku",
        }
    }
}

/// A bot of the arena's registry, by the name the command line's `--agents` and Python's
/// `game.bot(name)` take: `random`, `mcts:N`, `expecti:D`; trictrac's `bot`,
/// `searchbot[:B]`, `tdbot` and `tdsearchbot` (the network shipped with trictrac-core; a
/// weights file cannot be read here); tafl's `bard`, `ovate`, `druid` with an optional node
/// budget (`druid:20000`).
///
/// A bot plays one game (`"tafl"`, `"trictrac"` the partie ordinaire, `"ecrire"` the partie
/// à écrire, `"sugoroku"`) and keeps its state from one decision to the next (its
/// generator): build one a game and a side, from the seeds `deriveSeed(seed, 1)` and
/// `deriveSeed(seed, 2)` for the first and second player, as the arena does, to play the
/// games the native crates play. Release it with `free()` (or let the garbage collector).
#[wasm_bindgen]
pub struct Bot {
    name: String,
    pub(crate) agent: RefCell<Agent>,
}

impl fmt::Debug for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bot")
            .field("name", &self.name)
            .field("game", &self.agent.borrow().game())
            .finish()
    }
}

#[wasm_bindgen]
impl Bot {
    /// The bot `name` for `game` (`"tafl"`, `"trictrac"`, `"ecrire"` or `"sugoroku"`),
    /// seeded with `seed` (a number or a BigInt; 0 when absent).
    ///
    /// Throws an `Error` with the registry's message for an unknown name, a bot of another
    /// game (`druid` for trictrac), or a weights file.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(
            unchecked_param_type = "\"tafl\" | \"trictrac\" | \"ecrire\" | \"sugoroku\""
        )]
        game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<Bot, JsError> {
        let game = value::text("game", &game)?;
        let name = value::text("name", &name)?;
        let seed = value::seed("seed", &seed)?.unwrap_or(Seed(0));
        let agent = build(&game, &name, seed).map_err(value::error)?;
        Ok(Bot {
            name,
            agent: RefCell::new(agent),
        })
    }

    /// The bot's name, as given.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The game the bot plays.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.agent.borrow().game().to_owned()
    }
}

/// The agent `name` for `game`, from the arena's registry.
fn build(game: &str, name: &str, seed: Seed) -> Result<Agent, String> {
    let spec: AgentSpec = name.parse().map_err(|e| format!("bot {name:?}: {e}"))?;
    let builder = AgentBuilder::new(spec).map_err(|e| format!("bot {name:?}: {e}"))?;
    let wrong = |e| format!("bot {name:?}: {e}");
    Ok(match game {
        "tafl" => Agent::Tafl(builder.build(seed).map_err(wrong)?),
        "trictrac" => Agent::Trictrac(builder.build(seed).map_err(wrong)?),
        "ecrire" => Agent::Ecrire(builder.build(seed).map_err(wrong)?),
        "sugoroku" => Agent::Sugoroku(builder.build(seed).map_err(wrong)?),
        _ => {
            return Err(format!(
                "game {game:?}: expected \"tafl\", \"trictrac\", \"ecrire\" or \"sugoroku\""
            ));
        }
    })
}
