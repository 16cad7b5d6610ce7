//! Agents made ready and built for a game: [`AgentBuilder`] (an [`AgentSpec`] with its
//! network read), [`RegisteredGame`] (the games the registry builds for) and the boxed
//! agent it gives, seeded with a [`Seed`].

use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig, Mcts, MctsConfig};
use boardgames_common::{Agent, Game, Player, RandomAgent, Seed};
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use tafl_core::ai::Searcher;
use trictrac_core::ai::{Bot, ExpectimaxBot};
use trictrac_core::{EcrireGame, TrictracGame};

use super::error::AgentError;
use super::network::Network;
use super::spec::{AgentSpec, GameKind};
use super::trictrac::{TrictracBot, trictrac_eval};

/// A boxed agent of `G` that can cross threads (a Python object, a worker of a pool).
pub type BoxedAgent<G> = Box<dyn Agent<G> + Send + Sync>;

/// An agent ready to be built for as many games as wanted: its [`AgentSpec`] with the
/// network of `tdbot:FILE` or `tdsearchbot:FILE` read once and shared.
///
/// ```
/// use boardgames_arena::agents::AgentBuilder;
/// use boardgames_common::{ByPlayer, Seed, play_game};
/// use tafl_core::{Ruleset, TaflGame};
///
/// let druid = AgentBuilder::new("druid:2000".parse().unwrap()).unwrap();
/// let random = AgentBuilder::new("random".parse().unwrap()).unwrap();
/// let seed = Seed(7);
/// let mut first = druid.build::<TaflGame>(seed.derive(1)).unwrap();
/// let mut second = random.build::<TaflGame>(seed.derive(2)).unwrap();
/// let game = TaflGame::new(Ruleset::brandubh());
/// let played = play_game(game, seed, ByPlayer::new(&mut *first, &mut *second), 1000);
/// assert!(played.is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentBuilder {
    spec: AgentSpec,
    network: Option<Network>,
}

impl AgentBuilder {
    /// `spec` made ready: the network of `tdbot:FILE` or `tdsearchbot:FILE` is read from
    /// its file (where the platform has no files, give it with
    /// [`AgentBuilder::with_network`]).
    ///
    /// # Errors
    /// Those of [`Network::read`] for a weights file that cannot be read or holds no
    /// network.
    pub fn new(spec: AgentSpec) -> Result<AgentBuilder, AgentError> {
        let network = match &spec {
            AgentSpec::TdBot(w) | AgentSpec::TdSearchBot(w) => Some(Network::of(w)?),
            _ => None,
        };
        Ok(AgentBuilder { spec, network })
    }

    /// `spec` made ready with `network` for a TD-trained bot (a network the caller has read
    /// itself); other agents ignore it.
    #[must_use]
    pub fn with_network(spec: AgentSpec, network: Network) -> AgentBuilder {
        let network = match &spec {
            AgentSpec::TdBot(_) | AgentSpec::TdSearchBot(_) => Some(network),
            _ => None,
        };
        AgentBuilder { spec, network }
    }

    /// The agent's name.
    #[must_use]
    pub const fn spec(&self) -> &AgentSpec {
        &self.spec
    }

    /// The network of a TD-trained bot, shipped or read (`None` for other agents).
    fn network(&self) -> Network {
        self.network.clone().unwrap_or_else(Network::shipped)
    }

    /// The trictrac bot of `bot`, `searchbot[:B]`, `tdbot[:FILE]`, `tdsearchbot[:FILE]`, or
    /// `None` for another agent: for a front end that explains the bot's choices.
    #[must_use]
    pub fn trictrac_bot(&self) -> Option<TrictracBot> {
        Some(match self.spec {
            AgentSpec::Bot => TrictracBot::Heuristic(Bot::default()),
            AgentSpec::SearchBot(breadth) => TrictracBot::Search(match breadth {
                Some(b) => ExpectimaxBot::new(Bot::default(), b),
                None => ExpectimaxBot::default(),
            }),
            AgentSpec::TdBot(_) => TrictracBot::Td(self.network()),
            AgentSpec::TdSearchBot(_) => TrictracBot::TdSearch(self.network()),
            _ => return None,
        })
    }

    /// The agent for a game of `G`, seeded with `seed` (the agents without randomness
    /// ignore it). Each call gives a fresh agent: one a game and a side, so that a game is a
    /// function of its seeds alone.
    ///
    /// # Errors
    /// [`AgentError::WrongGame`] when the agent does not play `G`.
    pub fn build<G: RegisteredGame>(&self, seed: Seed) -> Result<BoxedAgent<G>, AgentError> {
        let spec = self.spec.clone().for_game(G::KIND)?;
        Ok(G::agent(self, &spec, seed))
    }
}

/// A game the registry builds agents for: [`AgentBuilder::build`]`::<G>`.
///
/// Implemented for trictrac's `TrictracGame` and `EcrireGame`, tafl's `TaflGame` and the
/// sugoroku; the trait is sealed.
pub trait RegisteredGame: Game + Sized + private::Sealed + 'static {
    /// The game, for [`AgentSpec::for_game`].
    const KIND: GameKind;

    /// The agent of `spec`, which plays this game (checked by the caller).
    #[doc(hidden)]
    fn agent(builder: &AgentBuilder, spec: &AgentSpec, seed: Seed) -> BoxedAgent<Self>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for super::TrictracGame {}
    impl Sealed for super::EcrireGame {}
    impl Sealed for super::TaflGame {}
    impl Sealed for super::SugorokuGame {}
}

/// The agents every game with decisions has: random, MCTS and (with an evaluation)
/// expectiminimax; `None` for another agent.
fn generic<G: Game + Send + Sync + 'static>(
    spec: &AgentSpec,
    seed: Seed,
    eval: Option<fn(&G, Player) -> f64>,
) -> Option<BoxedAgent<G>>
where
    G::Action: Send + Sync,
{
    Some(match spec {
        AgentSpec::Random => Box::new(RandomAgent::new(seed)),
        // Checked when parsed: at least 1 iteration, at most 8 plies.
        AgentSpec::Mcts(n) => Box::new(Mcts::<G>::new(MctsConfig::with_iterations(*n), seed).ok()?),
        AgentSpec::Expecti(d) => Box::new(
            Expectiminimax::with_evaluator(
                ExpectiminimaxConfig::with_depth(*d).with_bounds(Some((-2.0, 2.0))),
                eval?,
            )
            .ok()?,
        ),
        _ => return None,
    })
}

impl RegisteredGame for TrictracGame {
    const KIND: GameKind = GameKind::Trictrac;

    fn agent(builder: &AgentBuilder, spec: &AgentSpec, seed: Seed) -> BoxedAgent<TrictracGame> {
        match builder.trictrac_bot() {
            Some(bot) => Box::new(bot),
            None => generic(spec, seed, Some(trictrac_eval))
                .unwrap_or_else(|| Box::new(RandomAgent::new(seed))),
        }
    }
}

impl RegisteredGame for EcrireGame {
    const KIND: GameKind = GameKind::Ecrire;

    fn agent(_: &AgentBuilder, spec: &AgentSpec, seed: Seed) -> BoxedAgent<EcrireGame> {
        match spec {
            AgentSpec::Bot => Box::new(Bot::default()),
            _ => generic(spec, seed, None).unwrap_or_else(|| Box::new(RandomAgent::new(seed))),
        }
    }
}

/// Tafl's evaluation for expectiminimax: the searcher's static evaluation for `player`,
/// 100 soldiers to the unit, into (−1, 1).
fn tafl_eval(game: &TaflGame, player: Player) -> f64 {
    let pos = game.position();
    let v = f64::from(tafl_core::ai::evaluate(pos, game.rules())) / 10_000.0;
    let v = if Player::from(pos.side_to_move()) == player {
        v
    } else {
        -v
    };
    v.clamp(-0.99, 0.99)
}

impl RegisteredGame for TaflGame {
    const KIND: GameKind = GameKind::Tafl;

    fn agent(_: &AgentBuilder, spec: &AgentSpec, seed: Seed) -> BoxedAgent<TaflGame> {
        match *spec {
            AgentSpec::Level(level, nodes) => {
                let mut config = level.config();
                if let Some(n) = nodes {
                    config.limits.nodes = Some(n);
                }
                Box::new(Searcher::new(config, seed))
            }
            _ => generic(spec, seed, Some(tafl_eval))
                .unwrap_or_else(|| Box::new(RandomAgent::new(seed))),
        }
    }
}

impl RegisteredGame for SugorokuGame {
    const KIND: GameKind = GameKind::Sugoroku;

    fn agent(_: &AgentBuilder, _: &AgentSpec, seed: Seed) -> BoxedAgent<SugorokuGame> {
        Box::new(RandomAgent::new(seed))
    }
}
