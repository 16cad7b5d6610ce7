//! Sugoroku's adapter: the JSON of a simulation, shared by `simulate sugoroku`, `simulate
//! merge` and the shards of [`crate::games::shards`].

use boardgames_common::Player;
use serde_json::{Value, json};
use sugoroku_core::Statistics;

/// The JSON of a simulation: derived rates for people, and under `counts` the integer totals
/// that `merge` adds up; `study_games` is the number of games of the whole study, so that
/// `merge` can tell when a shard is missing.
pub(crate) fn to_json(stats: &Statistics, first: u64, study_games: u64) -> Value {
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
        "first_player_advantage": { "estimate": adv.estimate, "low": adv.low, "high": adv.high },
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
