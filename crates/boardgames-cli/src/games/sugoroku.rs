//! Sugoroku for the terminal: the report of a study's statistics, written by `simulate
//! sugoroku` and `simulate merge` alike (text, or the JSON shape of docs/cli.md), and the
//! checks of counts read back from a file (a checkpoint's blocks, a shard's result).

use boardgames_arena::jobs::sugoroku_json;
use sugoroku_core::Statistics;

use crate::io::error::CliError;

/// Prints `stats` (games `first ..` of a study of `study_games` games) as text or as the JSON
/// shape of docs/cli.md.
pub(crate) fn report(
    stats: &Statistics,
    first: u64,
    study_games: u64,
    json: bool,
    out: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if json {
        let text = serde_json::to_string_pretty(&sugoroku_json(stats, first, study_games))
            .map_err(|e| CliError::Output(e.to_string()))?;
        outln!(to out; "{text}");
    } else if stats.games == 0 {
        // An empty shard (more shards than games): no rates of zero games.
        outln!(to out;
            "no games in this shard (there are fewer games than shards); nothing to report"
        );
    } else {
        if stats.games != study_games {
            outln!(to out;
                "games numbered     {} to {} of the study's {}",
                first,
                first + stats.games - 1,
                study_games
            );
        }
        outln!(to out; "{stats}");
    }
    Ok(())
}

/// Whether the game lengths and the outcomes (wins and draws) of `stats` each add up to its
/// number of games, as those of a real run do (in u128: forged counts must not wrap around
/// to the number of games).
pub(crate) fn counts_add_up(stats: &Statistics) -> bool {
    let lengths: u128 = stats.lengths.iter().map(|&n| u128::from(n)).sum();
    let outcomes =
        u128::from(stats.wins.first) + u128::from(stats.wins.second) + u128::from(stats.draws);
    lengths == u128::from(stats.games) && outcomes == u128::from(stats.games)
}

/// Whether every count of `b` can be added to that of `a` without overflow.
pub(crate) fn adds_up(a: &Statistics, b: &Statistics) -> bool {
    let each = |x: u64, y: u64| x.checked_add(y).is_some();
    let mut ok = each(a.games, b.games)
        && each(a.draws, b.draws)
        && each(a.capped, b.capped)
        && each(a.throws, b.throws)
        && each(a.other_winner_differs, b.other_winner_differs)
        && a.lengths.iter().zip(&b.lengths).all(|(&x, &y)| each(x, y));
    for p in boardgames_common::Player::ALL {
        ok &= each(a.wins[p], b.wins[p])
            && each(a.captured[p], b.captured[p])
            && each(a.returned[p], b.returned[p])
            && each(a.held[p], b.held[p]);
    }
    ok
}
