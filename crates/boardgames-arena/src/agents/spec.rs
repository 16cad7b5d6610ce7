//! The names of the agents: [`AgentSpec`] (parsed by `FromStr`, written by `Display`),
//! the games they play ([`GameKind`], [`AgentSpec::for_game`]).

use std::fmt;
use std::str::FromStr;

use tafl_core::ai::Level;

use super::error::AgentError;

/// The deepest `expecti:D`.
pub const MAX_EXPECTI_DEPTH: u32 = 8;

/// The most MCTS iterations a move (`mcts:N`): a million, some minutes a move at trictrac,
/// whose rollouts play whole parties; the bound keeps every named agent's work finite and
/// of the order of a human's patience.
pub const MAX_MCTS_ITERATIONS: u32 = 1_000_000;

/// The largest node budget of a tafl level (`druid:NODES`): a hundred million, about a
/// minute a move natively (the Druid's own budget is far below it).
pub const MAX_NODES: u64 = 100_000_000;

/// The largest breadth of `searchbot:B` (the plays it searches a throw): far more than any
/// throw offers.
pub const MAX_BREADTH: u32 = 100_000;

/// A game the agents play, as the registry tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Trictrac's partie ordinaire (`trictrac_core::TrictracGame`).
    Trictrac,
    /// Trictrac's partie à écrire (`EcrireGame`); the tables at three and four play their
    /// marqués as parties à écrire of one marqué, between the same agents.
    Ecrire,
    /// Tafl, of any ruleset (`tafl_core::TaflGame`).
    Tafl,
    /// The sugoroku of the Tric Trac Nippon, a game of dice alone.
    Sugoroku,
}

impl GameKind {
    /// Every game of the registry.
    pub const ALL: [GameKind; 4] = [
        GameKind::Trictrac,
        GameKind::Ecrire,
        GameKind::Tafl,
        GameKind::Sugoroku,
    ];

    /// The number of games of the registry.
    pub const NUM: usize = 4;
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Trictrac => "trictrac (partie ordinaire)",
            GameKind::Ecrire => "trictrac (partie à écrire)",
            GameKind::Tafl => "tafl",
            GameKind::Sugoroku => "sugoroku",
        })
    }
}

/// The network of a TD-trained trictrac bot.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Weights {
    /// The network shipped with trictrac-core.
    Shipped,
    /// The network of a weights file (written by training), read when the agent is made
    /// ready ([`AgentBuilder::new`](super::AgentBuilder::new)).
    File(String),
}

/// An agent named in the one vocabulary of every front end: `random`, `mcts:N`,
/// `expecti:D`; trictrac's `bot`, `searchbot`, `searchbot:B`, `tdbot`, `tdbot:FILE`,
/// `tdsearchbot`, `tdsearchbot:FILE`; tafl's `bard`, `ovate`, `druid` (and their Breton
/// names `barzh`, `drouiz`), each with an optional node budget (`druid:NODES`).
///
/// `FromStr` reads a name (surrounding spaces ignored) and `Display` writes it back;
/// parsing reads no file (a weights file is read by
/// [`AgentBuilder::new`](super::AgentBuilder::new)). Whether the agent plays a game is
/// [`AgentSpec::for_game`].
///
/// ```
/// use boardgames_arena::agents::{AgentSpec, GameKind};
///
/// let spec: AgentSpec = "mcts:200".parse().unwrap();
/// assert_eq!(spec, AgentSpec::Mcts(200));
/// assert_eq!(spec.to_string(), "mcts:200");
/// assert!(spec.for_game(GameKind::Tafl).is_ok());
/// let err = "druid".parse::<AgentSpec>().unwrap().for_game(GameKind::Trictrac);
/// assert_eq!(err.unwrap_err().to_string(), "druid plays tafl only");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// `random`: a uniformly random legal action (every game).
    Random,
    /// `mcts:N`: UCT with chance nodes, `N` iterations a decision (the games with
    /// decisions: trictrac, both forms, and tafl).
    Mcts(u32),
    /// `expecti:D`: expectiminimax to depth `D` (1 to [`MAX_EXPECTI_DEPTH`]) with the
    /// game's evaluation (trictrac's partie ordinaire and tafl).
    Expecti(u32),
    /// `bot`: trictrac's heuristic (both forms).
    Bot,
    /// `searchbot`, `searchbot:B`: the heuristic's expectimax over the 21 throws, the `B`
    /// best plays searched (the bot's default when `None`); the partie ordinaire.
    SearchBot(Option<usize>),
    /// `tdbot`, `tdbot:FILE`: the network learned by self-play; the partie ordinaire.
    TdBot(Weights),
    /// `tdsearchbot`, `tdsearchbot:FILE`: one ply of expectimax on that network; the partie
    /// ordinaire.
    TdSearchBot(Weights),
    /// `bard`, `ovate`, `druid`, `druid:NODES`: a level of tafl-core's searcher, with a
    /// node budget a move instead of the level's own when given.
    Level(Level, Option<u64>),
}

impl AgentSpec {
    /// The games this agent plays, in words, for [`AgentError::WrongGame`].
    fn plays_text(&self) -> &'static str {
        match self {
            AgentSpec::Random => "every game",
            AgentSpec::Mcts(_) => "trictrac and tafl only (sugoroku has no decisions)",
            AgentSpec::Expecti(_) => {
                "trictrac's partie ordinaire and tafl only (the evaluations it searches with)"
            }
            AgentSpec::Bot => "trictrac only",
            AgentSpec::SearchBot(_) | AgentSpec::TdBot(_) | AgentSpec::TdSearchBot(_) => {
                "trictrac only (the partie ordinaire, not the partie à écrire)"
            }
            AgentSpec::Level(..) => "tafl only",
        }
    }

    /// Whether this agent plays `game`.
    #[must_use]
    pub fn plays(&self, game: GameKind) -> bool {
        use GameKind::{Ecrire, Sugoroku, Tafl, Trictrac};
        match self {
            AgentSpec::Random => true,
            AgentSpec::Mcts(_) => game != Sugoroku,
            AgentSpec::Expecti(_) => matches!(game, Trictrac | Tafl),
            AgentSpec::Bot => matches!(game, Trictrac | Ecrire),
            AgentSpec::SearchBot(_) | AgentSpec::TdBot(_) | AgentSpec::TdSearchBot(_) => {
                game == Trictrac
            }
            AgentSpec::Level(..) => game == Tafl,
        }
    }

    /// This agent if it plays `game`.
    ///
    /// # Errors
    /// [`AgentError::WrongGame`] naming the games it plays.
    pub fn for_game(self, game: GameKind) -> Result<AgentSpec, AgentError> {
        if self.plays(game) {
            Ok(self)
        } else {
            Err(AgentError::WrongGame {
                agent: self.to_string(),
                plays: self.plays_text(),
            })
        }
    }
}

/// A budget of `text` (after `name:`): a whole number from 1 to `max`.
fn budget(
    text: &str,
    name: &str,
    rest: &str,
    what: &'static str,
    max: u64,
) -> Result<u64, AgentError> {
    let example = match what {
        "iterations" => 1000,
        "nodes" => 100_000,
        _ => 2,
    };
    let n: u64 = rest
        .parse()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| AgentError::NotANumber {
            text: text.to_owned(),
            what,
            max,
            example: format!("{name}:{example}"),
        })?;
    if n == 0 {
        return Err(AgentError::Zero {
            text: text.to_owned(),
            what,
        });
    }
    Ok(n)
}

impl FromStr for AgentSpec {
    type Err = AgentError;

    fn from_str(s: &str) -> Result<AgentSpec, AgentError> {
        let text = s.trim();
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        Ok(match (name, rest) {
            ("random", None) => AgentSpec::Random,
            ("bot", None) => AgentSpec::Bot,
            ("searchbot", None) => AgentSpec::SearchBot(None),
            ("tdbot", None) => AgentSpec::TdBot(Weights::Shipped),
            ("tdsearchbot", None) => AgentSpec::TdSearchBot(Weights::Shipped),
            ("tdbot", Some(file)) => AgentSpec::TdBot(Weights::File(file.to_owned())),
            ("tdsearchbot", Some(file)) => AgentSpec::TdSearchBot(Weights::File(file.to_owned())),
            ("mcts", Some(rest)) => {
                let n = budget(
                    text,
                    name,
                    rest,
                    "iterations",
                    u64::from(MAX_MCTS_ITERATIONS),
                )?;
                AgentSpec::Mcts(u32::try_from(n).unwrap_or(MAX_MCTS_ITERATIONS))
            }
            ("expecti", Some(rest)) => {
                let d = budget(text, name, rest, "depth", u64::from(MAX_EXPECTI_DEPTH)).map_err(
                    |e| match e {
                        // A number, but deeper than the limit: said so.
                        AgentError::NotANumber { .. } if rest.parse::<u64>().is_ok() => {
                            AgentError::TooDeep {
                                text: text.to_owned(),
                                max: MAX_EXPECTI_DEPTH,
                            }
                        }
                        e => e,
                    },
                )?;
                AgentSpec::Expecti(u32::try_from(d).unwrap_or(MAX_EXPECTI_DEPTH))
            }
            ("searchbot", Some(rest)) => {
                let b = budget(text, name, rest, "breadth", u64::from(MAX_BREADTH))?;
                AgentSpec::SearchBot(Some(usize::try_from(b).unwrap_or(usize::MAX)))
            }
            (level, rest) => {
                let Ok(level) = level.parse::<Level>() else {
                    return Err(AgentError::Unknown {
                        text: text.to_owned(),
                    });
                };
                let nodes = match rest {
                    Some(rest) => Some(budget(text, name, rest, "nodes", MAX_NODES)?),
                    None => None,
                };
                AgentSpec::Level(level, nodes)
            }
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Mcts(n) => write!(f, "mcts:{n}"),
            AgentSpec::Expecti(d) => write!(f, "expecti:{d}"),
            AgentSpec::Bot => f.write_str("bot"),
            AgentSpec::SearchBot(None) => f.write_str("searchbot"),
            AgentSpec::SearchBot(Some(b)) => write!(f, "searchbot:{b}"),
            AgentSpec::TdBot(Weights::Shipped) => f.write_str("tdbot"),
            AgentSpec::TdBot(Weights::File(file)) => write!(f, "tdbot:{file}"),
            AgentSpec::TdSearchBot(Weights::Shipped) => f.write_str("tdsearchbot"),
            AgentSpec::TdSearchBot(Weights::File(file)) => write!(f, "tdsearchbot:{file}"),
            AgentSpec::Level(level, nodes) => {
                f.write_str(&level.name().to_ascii_lowercase())?;
                match nodes {
                    Some(n) => write!(f, ":{n}"),
                    None => Ok(()),
                }
            }
        }
    }
}
