//! Tafl self-play between two levels of tafl-core's searcher: [`SelfPlay`] (the games
//! asked for, each level taking each side the same number of times), each game
//! ([`SelfPlayGame`], a line of a resumable log), the results by side ([`SelfPlayTally`])
//! and their JSON.
//!
//! Game `i` of a run: the first level attacks when `i` is even, with the game seed
//! `seed + i / 2`, so that the games finished first (a stopped run) hold both sides; the
//! dice-free game's searchers draw from their own streams of the game seed:
//! `Seed::derive(1)` attacking, `Seed::derive(2)` defending (as `play_game` gives the
//! first and second players). Each game is a function of its number alone, so a run is the
//! same however its games are spread over threads.

use std::time::Duration;

use boardgames_common::tournament::{Wdl, wilson};
use boardgames_common::{Agent, ByPlayer, PlayGameError, Seed, play_game};
use serde_json::{Value, json};
use tafl_core::ai::{EvalWeights, Level, SearchConfig, Searcher};
use tafl_core::{BySide, Move, Ruleset, Side, TaflGame};

use crate::clock::Clock;
use crate::error::ArenaError;
use crate::rules::tafl_ruleset;
use crate::tournament::interval_json;

/// One game of self-play: who won, its length and each side's search effort.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfPlayGame {
    /// Whether the first level (of [`SelfPlay`]) attacked.
    pub first_attacks: bool,
    /// The game's seed.
    pub seed: u64,
    /// The winner; `None` for a draw or a game cut off.
    pub winner: Option<Side>,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched by each side.
    pub nodes: BySide<u64>,
    /// Time each side searched.
    pub time: BySide<Duration>,
}

/// A side's searcher as the game's agent, with the time of its decisions.
struct Timed<'a> {
    searcher: Searcher,
    clock: &'a dyn Clock,
    time: Duration,
}

impl Agent<TaflGame> for Timed<'_> {
    fn choose(&mut self, state: &TaflGame, legal: &[Move]) -> Move {
        let started = self.clock.elapsed();
        let m = self.searcher.choose(state, legal);
        self.time += self.clock.elapsed().saturating_sub(started);
        m
    }
}

impl SelfPlayGame {
    /// Plays one game of `ruleset` from its start, each side searching with its
    /// configuration of `players` and its own stream of `seed` (`seed.derive(1)` attacking,
    /// `seed.derive(2)` defending), timed on `clock`; a game still going after `max_plies`
    /// plies is cut off (a draw). The attackers' configuration counts as the first level's.
    #[must_use]
    pub fn play(
        ruleset: &Ruleset,
        players: BySide<SearchConfig>,
        seed: Seed,
        max_plies: u32,
        clock: &dyn Clock,
    ) -> SelfPlayGame {
        let mut sides = BySide::new(
            Timed {
                searcher: Searcher::new(players.attackers, seed.derive(1)),
                clock,
                time: Duration::ZERO,
            },
            Timed {
                searcher: Searcher::new(players.defenders, seed.derive(2)),
                clock,
                time: Duration::ZERO,
            },
        );
        let agents: ByPlayer<&mut dyn Agent<TaflGame>> =
            ByPlayer::from(sides.as_mut().map(|a| a as &mut dyn Agent<TaflGame>));
        let (winner, plies) = match play_game(
            TaflGame::new(ruleset.clone()),
            seed,
            agents,
            max_plies as usize,
        ) {
            Ok(played) => (played.state.status().winner(), played.state.plies()),
            // Cut off, or (never expected) a move the game refused: a draw.
            Err(PlayGameError::TooLong(_)) => (None, max_plies),
            Err(_) => (None, 0),
        };
        SelfPlayGame {
            first_attacks: true,
            seed: seed.0,
            winner,
            plies,
            nodes: sides.as_ref().map(|s| s.searcher.nodes_searched()),
            time: sides.map(|s| s.time),
        }
    }

    /// The game as one line of JSON of the log of `pairing` ([`SelfPlay::pairing_key`]).
    #[must_use]
    pub fn to_log_line(&self, pairing: &str) -> String {
        let side = |s: Side| match s {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        };
        json!({
            "pairing": pairing,
            "seed": self.seed,
            "first_attacks": self.first_attacks,
            "winner": self.winner.map(side),
            "plies": self.plies,
            "nodes": [self.nodes.attackers, self.nodes.defenders],
            "search_seconds": [self.time.attackers.as_secs_f64(), self.time.defenders.as_secs_f64()],
        })
        .to_string()
    }

    /// The game of a log's line, if it is one of `pairing`'s (`None` for a line of another
    /// pairing or no game's line).
    #[must_use]
    pub fn from_log_line(pairing: &str, line: &str) -> Option<SelfPlayGame> {
        let v: Value = serde_json::from_str(line).ok()?;
        if v.get("pairing")?.as_str()? != pairing {
            return None;
        }
        let winner = match v.get("winner")? {
            Value::Null => None,
            Value::String(s) if s == "attackers" => Some(Side::Attackers),
            Value::String(s) if s == "defenders" => Some(Side::Defenders),
            _ => return None,
        };
        let pair_u64 = |key: &str| -> Option<[u64; 2]> {
            let a = v.get(key)?.as_array()?;
            Some([a.first()?.as_u64()?, a.get(1)?.as_u64()?])
        };
        let pair_f64 = |key: &str| -> Option<[f64; 2]> {
            let a = v.get(key)?.as_array()?;
            Some([a.first()?.as_f64()?, a.get(1)?.as_f64()?])
        };
        let nodes = pair_u64("nodes")?;
        let secs = pair_f64("search_seconds")?;
        let time = |x: f64| Duration::try_from_secs_f64(x).unwrap_or_default();
        Some(SelfPlayGame {
            first_attacks: v.get("first_attacks")?.as_bool()?,
            seed: v.get("seed")?.as_u64()?,
            winner,
            plies: u32::try_from(v.get("plies")?.as_u64()?).ok()?,
            nodes: BySide::new(nodes[0], nodes[1]),
            time: BySide::new(time(secs[0]), time(secs[1])),
        })
    }
}

/// The results of a self-play run from the first level's side.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SelfPlayTally {
    /// The first level's results when it attacks, and when it defends.
    pub first: BySide<Wdl>,
    /// Plies over every game.
    pub plies: u64,
    /// Nodes searched by each level (first, second).
    pub nodes: [u64; 2],
    /// Search time of each level (first, second).
    pub time: [Duration; 2],
}

impl SelfPlayTally {
    /// Adds game `g`.
    pub fn add(&mut self, g: &SelfPlayGame) {
        let first_side = if g.first_attacks {
            Side::Attackers
        } else {
            Side::Defenders
        };
        let r = &mut self.first[first_side];
        match g.winner {
            Some(w) if w == first_side => r.wins += 1,
            Some(_) => r.losses += 1,
            None => r.draws += 1,
        }
        self.plies += u64::from(g.plies);
        let second_side = first_side.other();
        self.nodes[0] += g.nodes[first_side];
        self.nodes[1] += g.nodes[second_side];
        self.time[0] += g.time[first_side];
        self.time[1] += g.time[second_side];
    }

    /// The first level's results on both sides.
    #[must_use]
    pub fn both(&self) -> Wdl {
        let mut both = self.first.attackers;
        both.add(self.first.defenders);
        both
    }

    /// Nodes a second of level `i` (0 the first, 1 the second); 0 without search time.
    #[must_use]
    pub fn nodes_per_second(&self, i: usize) -> f64 {
        let secs = self.time[i].as_secs_f64();
        if secs > 0.0 {
            self.nodes[i] as f64 / secs
        } else {
            0.0
        }
    }
}

/// A self-play run: two levels (each with its configuration), a ruleset, `games` games
/// with each level attacking, a seed and a bound on a game's length.
#[derive(Debug, Clone)]
pub struct SelfPlay {
    ruleset: Ruleset,
    levels: (Level, Level),
    configs: [SearchConfig; 2],
    games: u32,
    seed: u64,
    max_plies: u32,
}

impl SelfPlay {
    /// `games` games (at least 1) with each of `levels` attacking, of `rules` (a preset or
    /// an OpenTafl rules string; Fidchell when `None`), from `seed`, cut off after
    /// `max_plies` plies (at least 1); each level searches with its own configuration.
    ///
    /// # Errors
    /// [`ArenaError::Input`] naming `--games`, `--max-plies` or `--rules`.
    pub fn new(
        levels: (Level, Level),
        rules: Option<&str>,
        games: u32,
        seed: u64,
        max_plies: u32,
    ) -> Result<SelfPlay, ArenaError> {
        if games == 0 {
            return Err(ArenaError::input("--games", "must be at least 1"));
        }
        if max_plies == 0 {
            return Err(ArenaError::input("--max-plies", "must be at least 1"));
        }
        Ok(SelfPlay {
            ruleset: tafl_ruleset(rules)?,
            levels,
            configs: [levels.0.config(), levels.1.config()],
            games,
            seed,
            max_plies,
        })
    }

    /// The same run with node budgets a move for the two levels instead of their own.
    ///
    /// # Errors
    /// [`ArenaError::Input`] (`--nodes`) for a budget of 0.
    pub fn with_nodes(mut self, (a, b): (u64, u64)) -> Result<SelfPlay, ArenaError> {
        if a == 0 || b == 0 {
            return Err(ArenaError::input(
                "--nodes",
                "budgets must be at least 1 node",
            ));
        }
        self.configs[0].limits.nodes = Some(a);
        self.configs[1].limits.nodes = Some(b);
        Ok(self)
    }

    /// The same run with the evaluation weights given for either level, searched on every
    /// board (`SearchConfig::with_weights`: no board's tuned weights replace them).
    #[must_use]
    pub fn with_weights(
        mut self,
        first: Option<EvalWeights>,
        second: Option<EvalWeights>,
    ) -> SelfPlay {
        if let Some(w) = first {
            self.configs[0] = self.configs[0].with_weights(w);
        }
        if let Some(w) = second {
            self.configs[1] = self.configs[1].with_weights(w);
        }
        self
    }

    /// The ruleset.
    #[must_use]
    pub const fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The two levels.
    #[must_use]
    pub const fn levels(&self) -> (Level, Level) {
        self.levels
    }

    /// The two levels' configurations.
    #[must_use]
    pub const fn configs(&self) -> &[SearchConfig; 2] {
        &self.configs
    }

    /// Games with each level attacking.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.games
    }

    /// The run's seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The bound on a game's length, in plies.
    #[must_use]
    pub const fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The number of games: twice [`SelfPlay::games`].
    #[must_use]
    pub fn total(&self) -> u64 {
        u64::from(self.games) * 2
    }

    /// Game `i`'s side and seed: whether the first level attacks (`i` even), and the game
    /// seed `seed + i / 2`.
    #[must_use]
    pub fn game_of(&self, i: u64) -> (bool, u64) {
        (i.is_multiple_of(2), self.seed.wrapping_add(i / 2))
    }

    /// Plays game `i` (see [`SelfPlay::game_of`]), timed on `clock`.
    #[must_use]
    pub fn play(&self, i: u64, clock: &dyn Clock) -> SelfPlayGame {
        let (first_attacks, seed) = self.game_of(i);
        let [first, second] = self.configs;
        let players = if first_attacks {
            BySide::new(first, second)
        } else {
            BySide::new(second, first)
        };
        let mut g = SelfPlayGame::play(&self.ruleset, players, Seed(seed), self.max_plies, clock);
        g.first_attacks = first_attacks;
        g
    }

    /// What makes two runs' games the same games (a log's key): the rules, the levels,
    /// their configurations (with the weights searched under the rules) and the ply limit
    /// (the seed and side are each game's own).
    #[must_use]
    pub fn pairing_key(&self) -> String {
        let one = |l: Level, c: &SearchConfig| {
            format!(
                "{l} nodes={} depth={} margin={} tt={} weights={}",
                c.limits.nodes.unwrap_or(0),
                c.limits.max_depth,
                c.random_margin,
                c.tt_bits,
                c.weights_for(self.ruleset.rules())
            )
        };
        format!(
            "{} | {} | {} | max_plies={}",
            self.ruleset,
            one(self.levels.0, &self.configs[0]),
            one(self.levels.1, &self.configs[1]),
            self.max_plies
        )
    }

    /// The JSON of the run's results `tally` after `wall_seconds` (that of
    /// `boardgames tafl selfplay --json`): each side's results with 95% Wilson intervals,
    /// the first level's score and Elo difference, the search effort.
    #[must_use]
    pub fn to_json(&self, tally: &SelfPlayTally, wall_seconds: f64) -> Value {
        let rate = |k: u64, n: u64| interval_json(wilson(k, n));
        let side = |r: Wdl| {
            json!({
                "games": r.games(), "wins": r.wins, "draws": r.draws, "losses": r.losses,
                "win_rate": rate(r.wins, r.games()),
                "draw_rate": rate(r.draws, r.games()),
                "loss_rate": rate(r.losses, r.games()),
            })
        };
        let both = tally.both();
        let c = &self.configs;
        json!({
            "game": "tafl",
            "rules": self.ruleset.to_string(),
            "levels": [self.levels.0.name(), self.levels.1.name()],
            "nodes_per_move": [c[0].limits.nodes.unwrap_or(0), c[1].limits.nodes.unwrap_or(0)],
            "games_per_side": self.games,
            "weights": [
                c[0].weights_for(self.ruleset.rules()).to_string(),
                c[1].weights_for(self.ruleset.rules()).to_string(),
            ],
            "seed": self.seed,
            "max_plies": self.max_plies,
            "first_attacking": side(tally.first.attackers),
            "first_defending": side(tally.first.defenders),
            "first_total": side(both),
            "score": interval_json(both.score_interval()),
            "elo": interval_json(both.elo()),
            "plies_per_game": tally.plies as f64 / self.total() as f64,
            "nodes": tally.nodes,
            "search_seconds": [tally.time[0].as_secs_f64(), tally.time[1].as_secs_f64()],
            "nodes_per_second": [tally.nodes_per_second(0), tally.nodes_per_second(1)],
            "wall_seconds": wall_seconds,
        })
    }
}
