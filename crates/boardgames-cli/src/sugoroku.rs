//! `boardgames simulate sugoroku`.

use boardgames_common::{Player, Seed};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use sugoroku_core::{Ruleset, Simulation};

use crate::error::{CliError, print_json};

/// Plays `games` games from `seed` (on all cores when `parallel`) and prints the statistics,
/// with a progress bar on standard error unless `quiet` or `json`; with `svg`, also writes
/// the histogram of the game lengths to that file.
pub(crate) fn simulate(
    games: u64,
    seed: u64,
    parallel: bool,
    quiet: bool,
    json: bool,
    svg: Option<&std::path::Path>,
) -> Result<(), CliError> {
    if games == 0 {
        return Err(CliError::input("--games", "must be at least 1"));
    }
    let sim = Simulation::new(Ruleset::default(), Seed(seed), games).with_threads(if parallel {
        0
    } else {
        1
    });
    let bar = if quiet || json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(games);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar
    };
    let stats = sim
        .run_with_progress(&|n| bar.inc(n))
        .map_err(|e| CliError::Output(e.to_string()))?;
    bar.finish_and_clear();
    if let Some(file) = svg {
        let title = format!(
            "Tric Trac Nippon: lengths of {} games (seed {seed})",
            stats.games
        );
        let plot =
            boardgames_common::svg::histogram(&title, "game length in throws", &stats.lengths);
        crate::view::write_file(file, &plot)?;
    }
    if json {
        let adv = stats.first_player_advantage();
        print_json(&json!({
            "game": "sugoroku",
            "rules": stats.rules.to_string(),
            "seed": seed,
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
            "lengths": stats.lengths,
        }))
    } else {
        out!("{stats}");
        Ok(())
    }
}
