//! What the shards of a study add up: a trictrac study's counts ([`TrictracCounts`]) and
//! the JSON of a sugoroku study ([`sugoroku_json`]).

use boardgames_common::{ByPlayer, Player};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sugoroku_core::Statistics;

use crate::tournament::{GameResult, interval_json};

/// The integer counts of a trictrac study (what shards add up): read strictly (an unknown
/// field is an error, so that a change of the shard format cannot be dropped silently) and
/// added saturating.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TrictracCounts {
    games: u64,
    wins: ByPlayer<u64>,
    /// Parties cut off unfinished (or with equal returns).
    draws: u64,
    /// Actions (throws included) over all games.
    actions: u64,
    /// `lengths[n]`: the games of `n` actions.
    lengths: Vec<u64>,
}

impl TrictracCounts {
    /// Adds one partie.
    pub(crate) fn add(&mut self, o: &GameResult) {
        self.games += 1;
        let (a, b) = (o.returns.first, o.returns.second);
        if a > b {
            self.wins.first += 1;
        } else if b > a {
            self.wins.second += 1;
        } else {
            self.draws += 1;
        }
        self.actions += o.length as u64;
        if self.lengths.len() <= o.length {
            self.lengths.resize(o.length + 1, 0);
        }
        self.lengths[o.length] += 1;
    }

    /// Adds another shard's counts.
    pub(crate) fn merge(&mut self, other: &TrictracCounts) {
        self.games = self.games.saturating_add(other.games);
        for p in Player::ALL {
            self.wins[p] = self.wins[p].saturating_add(other.wins[p]);
        }
        self.draws = self.draws.saturating_add(other.draws);
        self.actions = self.actions.saturating_add(other.actions);
        if self.lengths.len() < other.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (a, b) in self.lengths.iter_mut().zip(&other.lengths) {
            *a = a.saturating_add(*b);
        }
    }

    /// The JSON of `boardgames simulate trictrac`: the study's agents, trous and seed, the
    /// wins and draws with 95% Wilson intervals, the lengths, and the counts.
    pub(crate) fn to_json(&self, agents: &[String], trous: u8, seed: u64) -> Value {
        let wilson = |k| interval_json(boardgames_common::tournament::wilson(k, self.games));
        let min = self.lengths.iter().position(|&c| c > 0);
        let max = self.lengths.iter().rposition(|&c| c > 0);
        json!({
            "game": "trictrac",
            "agents": agents,
            "trous": trous,
            "seed": seed,
            "games": self.games,
            "wins": { "first": self.wins.first, "second": self.wins.second },
            "draws": self.draws,
            "win_rate": { "first": wilson(self.wins.first), "second": wilson(self.wins.second) },
            "draw_rate": wilson(self.draws),
            "mean_length": if self.games == 0 { 0.0 } else { self.actions as f64 / self.games as f64 },
            "min_length": min,
            "max_length": max,
            "counts": self,
        })
    }
}

/// The JSON of a sugoroku study (that of `boardgames simulate sugoroku --json`): derived
/// rates for people, and under `counts` the integer totals that a merge adds up; `first` is
/// the number of the statistics' first game in the study of `study_games` games, so that a
/// merge can tell when a shard is missing.
#[must_use]
pub fn sugoroku_json(stats: &Statistics, first: u64, study_games: u64) -> Value {
    let adv = stats.first_player_advantage();
    json!({
        "game": "sugoroku",
        "rules": stats.rules.to_string(),
        "seed": stats.seed.0,
        "first_game": first,
        "study_games": study_games,
        "games": stats.games,
        "wins": { "first": stats.wins.first, "second": stats.wins.second },
        "draws": stats.draws,
        "win_rate": {
            "first": stats.win_rate(Player::First),
            "second": stats.win_rate(Player::Second),
        },
        "draw_rate": stats.draw_rate(),
        "first_player_advantage": interval_json(adv),
        "mean_length": stats.mean_length(),
        "min_length": stats.min_length(),
        "max_length": stats.max_length(),
        "median_length": stats.length_quantile(0.5),
        "captures_per_game": stats.captures_per_game(),
        "other_winner_rate": stats.other_winner_rate(),
        "lengths": stats.lengths,
        "counts": stats,
    })
}
