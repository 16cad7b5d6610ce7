//! `boardgames simulate sugoroku` and `boardgames simulate merge`.
//!
//! A study of `G` games can be cut into `N` shards (`--shard K/N`), each run anywhere with
//! `--json`; `merge` adds the shards' integer counts and prints exactly what one run over the
//! `G` games would print. Every file carries `G` (`study_games`), so a merge that lacks a
//! shard (the last one included) is refused unless `--partial` asks for a part of the study.

use std::path::{Path, PathBuf};

use boardgames_arena::jobs::sugoroku_json;
use boardgames_common::Seed;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use sugoroku_core::{Ruleset, Simulation, Statistics};

use crate::io::error::CliError;
use crate::io::log::Log;

/// What `simulate sugoroku` is asked to do.
#[derive(Debug)]
pub(crate) struct SimulateArgs<'a> {
    pub(crate) games: u64,
    pub(crate) seed: u64,
    pub(crate) rules: Option<&'a str>,
    pub(crate) shard: Option<&'a str>,
    pub(crate) parallel: bool,
    pub(crate) quiet: bool,
    pub(crate) json: bool,
    /// Also write the histogram of the game lengths to this file.
    pub(crate) svg: Option<&'a std::path::Path>,
    /// Write the report to this file (whole or not at all) instead of standard output.
    pub(crate) output: Option<&'a Path>,
    /// Keep the counts of each finished block of games here, and count the blocks already
    /// there instead of playing them again (a killed run resumes).
    pub(crate) checkpoint: Option<&'a Path>,
    /// Games per block of the checkpoint.
    pub(crate) block: u64,
}

/// Reads `K/N` with `1 <= K <= N`.
fn parse_shard(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || CliError::input("--shard", format!("{text:?} is not K/N with 1 <= K <= N"));
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Plays the games (all of the study, or one shard) and prints the statistics, with a
/// progress bar on standard error unless `quiet` or `json`.
pub(crate) fn simulate(args: &SimulateArgs<'_>) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::input("--games", "must be at least 1"));
    }
    if args.block == 0 {
        return Err(CliError::input("--checkpoint-every", "must be at least 1"));
    }
    let rules: Ruleset = match args.rules {
        Some(text) => text.parse().map_err(|e| CliError::input("--rules", e))?,
        None => Ruleset::default(),
    };
    let mut sim = Simulation::new(rules, Seed(args.seed), args.games)
        .with_threads(if args.parallel { 0 } else { 1 });
    if let Some(text) = args.shard {
        let (k, n) = parse_shard(text)?;
        sim = sim.shard(k, n).map_err(|e| CliError::input("--shard", e))?;
    }
    let bar = if args.quiet || args.json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(sim.games);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar
    };
    let stats = match args.checkpoint {
        Some(path) => run_blocks(&sim, args.games, path, args.block, &|n| bar.inc(n))?,
        None => sim
            .run_with_progress(&|n| bar.inc(n))
            .map_err(|e| CliError::Output(e.to_string()))?,
    };
    bar.finish_and_clear();
    if let Some(file) = args.svg {
        let title = format!(
            "Tric Trac Nippon: lengths of {} games (seed {})",
            stats.games, args.seed
        );
        let plot =
            boardgames_common::svg::histogram(&title, "game length in throws", &stats.lengths);
        crate::io::write_file(file, &plot)?;
    }
    match args.output {
        None => report(
            &stats,
            sim.first,
            args.games,
            args.json,
            &mut std::io::stdout().lock(),
        ),
        Some(path) => {
            let mut text = Vec::new();
            report(&stats, sim.first, args.games, args.json, &mut text)?;
            crate::io::files::write_atomic(path, &text)
                .map_err(|e| CliError::Output(format!("cannot write {}: {e}", path.display())))
        }
    }
}

/// What makes two runs' blocks the same games: the rules, the seed, the study and the part
/// of it played.
fn study_key(sim: &Simulation, study_games: u64) -> String {
    format!(
        "{} | seed={} | study={study_games} | first={} | games={}",
        sim.rules, sim.seed.0, sim.first, sim.games
    )
}

/// Plays `sim` block by block (`block` games each, in order), appending each finished
/// block's counts to the checkpoint file `path` as one JSON line (a [`Log`]: one write, then
/// synced), and counts the blocks of the same study already there instead of playing them
/// again. The statistics are exactly those of one run: the counts are integers and add up.
/// A last line without its `\n` (a run killed while writing it) is cut off the file; lines
/// of other studies or blocks are left alone (a block's line is about 2 KiB; a line longer
/// than the log's bound is no line of ours).
fn run_blocks(
    sim: &Simulation,
    study_games: u64,
    path: &Path,
    block: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Statistics, CliError> {
    let key = study_key(sim, study_games);
    let mut done: std::collections::HashMap<u64, Statistics> = std::collections::HashMap::new();
    let mut file = Log::open("--checkpoint", path, |_, line| {
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            return Ok(());
        };
        if v["study"] != key.as_str() || v["block_games"] != block {
            return Ok(());
        }
        if let (Some(b), Ok(stats)) = (
            v["block"].as_u64(),
            serde_json::from_value::<Statistics>(v["counts"].clone()),
        ) {
            done.insert(b, stats);
        }
        Ok(())
    })?;
    let blocks = sim.games.div_ceil(block);
    let mut total = Statistics::new(sim.rules, sim.seed);
    for b in 0..blocks {
        let from = b * block;
        let part = Simulation {
            first: sim.first.wrapping_add(from),
            games: block.min(sim.games - from),
            ..*sim
        };
        // A block's line is kept only if it is what a run writes: the block's games, the
        // study's rules and seed, counts that add up and can be added to the total (a line
        // edited by hand or damaged is played again, with a warning, rather than trusted).
        let kept = done.remove(&b).filter(|stats| {
            let ours = stats.games == part.games
                && stats.rules == sim.rules
                && stats.seed == sim.seed
                && counts_add_up(stats)
                && adds_up(&total, stats);
            if !ours {
                eprintln!(
                    "warning: --checkpoint {}: the counts of block {b} are not those of a run \
                     (they do not add up, or not to the block's {} games): playing it again",
                    path.display(),
                    part.games
                );
            }
            ours
        });
        let stats = match kept {
            Some(stats) => {
                progress(stats.games);
                stats
            }
            None => {
                let stats = part
                    .run_with_progress(progress)
                    .map_err(|e| CliError::Output(e.to_string()))?;
                file.append(
                    &json!({
                        "study": key, "block_games": block, "block": b, "counts": stats,
                    })
                    .to_string(),
                )?;
                stats
            }
        };
        total.merge(&stats);
    }
    Ok(total)
}

/// Prints `stats` (games `first ..` of a study of `study_games` games) as text or as the JSON
/// shape of docs/cli.md.
fn report(
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

/// The largest shard file `merge` reads, in bytes (a shard's JSON is a few KiB).
const MAX_SHARD_FILE: usize = 16 << 20;

/// One shard's result read back: its first game, the size of its study and its counts.
struct Part {
    path: PathBuf,
    first: u64,
    study_games: u64,
    stats: Statistics,
}

fn read_part(path: &Path) -> Result<Part, CliError> {
    // At most MAX_SHARD_FILE bytes are read: bounded memory whatever the file.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            use std::io::Read as _;
            f.take(MAX_SHARD_FILE as u64 + 1).read_to_end(&mut bytes)
        })
        .map_err(|error| CliError::Io {
            path: path.to_path_buf(),
            error,
        })?;
    if bytes.len() > MAX_SHARD_FILE {
        return Err(CliError::Record(format!(
            "{}: more than {MAX_SHARD_FILE} bytes: not the JSON of `simulate sugoroku --json`",
            path.display()
        )));
    }
    let bad = |why: String| {
        CliError::Record(format!(
            "{}: not the JSON of `simulate sugoroku --json`: {why}",
            path.display()
        ))
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| bad("the file is not UTF-8 text".into()))?;
    // Read into the fields needed only (the rest is skipped without being kept): memory
    // stays a small multiple of the file, unlike a `serde_json::Value` of it.
    #[derive(serde::Deserialize)]
    struct ShardFile {
        game: Option<String>,
        first_game: Option<u64>,
        study_games: Option<u64>,
        counts: Option<Statistics>,
    }
    let file: ShardFile = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if file.game.as_deref() != Some("sugoroku") {
        return Err(bad("no \"game\": \"sugoroku\"".into()));
    }
    let first = file
        .first_game
        .ok_or_else(|| bad("no whole number \"first_game\"".into()))?;
    let study_games = file.study_games.ok_or_else(|| {
        bad("no whole number \"study_games\" (the number of games of the whole study)".into())
    })?;
    let stats = file
        .counts
        .ok_or_else(|| bad("counts: missing (the \"counts\" of the shard)".into()))?;
    if !counts_add_up(&stats) {
        return Err(bad("counts do not add up to the number of games".into()));
    }
    if first
        .checked_add(stats.games)
        .is_none_or(|end| end > study_games)
    {
        return Err(bad(format!(
            "games {first} .. {first} + {} are not within the study's {study_games} games",
            stats.games
        )));
    }
    Ok(Part {
        path: path.to_path_buf(),
        first,
        study_games,
        stats,
    })
}

/// Whether the game lengths and the outcomes (wins and draws) of `stats` each add up to its
/// number of games, as those of a real run do (in u128: forged counts must not wrap around
/// to the number of games).
fn counts_add_up(stats: &Statistics) -> bool {
    let lengths: u128 = stats.lengths.iter().map(|&n| u128::from(n)).sum();
    let outcomes =
        u128::from(stats.wins.first) + u128::from(stats.wins.second) + u128::from(stats.draws);
    lengths == u128::from(stats.games) && outcomes == u128::from(stats.games)
}

/// Whether every count of `b` can be added to that of `a` without overflow.
fn adds_up(a: &Statistics, b: &Statistics) -> bool {
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

/// Reads shard results, checks that they are parts of one study (same rules, seed and number
/// of games, no game counted twice, no gap) and prints the statistics of their union. Unless
/// `partial`, the union must be the whole study: a missing shard, first or last, is refused.
pub(crate) fn merge(files: &[PathBuf], json: bool, partial: bool) -> Result<(), CliError> {
    let mut parts = files
        .iter()
        .map(|f| read_part(f))
        .collect::<Result<Vec<_>, _>>()?;
    // Empty shards play no games but still belong to the study: check them too.
    if let Some(head) = parts.first() {
        let (rules, seed, study) = (head.stats.rules, head.stats.seed, head.study_games);
        if let Some(other) = parts
            .iter()
            .find(|p| p.stats.rules != rules || p.stats.seed != seed || p.study_games != study)
        {
            return Err(CliError::Record(format!(
                "{}: rules {:?} seed {} of {} games differ from {:?} seed {} of {} games of {}",
                other.path.display(),
                other.stats.rules.to_string(),
                other.stats.seed,
                other.study_games,
                rules.to_string(),
                seed,
                study,
                head.path.display()
            )));
        }
    }
    parts.retain(|p| p.stats.games > 0);
    parts.sort_by_key(|p| p.first);
    let Some(head) = parts.first() else {
        return Err(CliError::input("merge", "no games in the files given"));
    };
    let (rules, seed, first, study) = (
        head.stats.rules,
        head.stats.seed,
        head.first,
        head.study_games,
    );
    let mut merged = Statistics::new(rules, seed);
    let mut next = first;
    for part in &parts {
        let name = part.path.display();
        if part.first != next {
            let what = if part.first < next {
                "overlap"
            } else {
                "leave a gap"
            };
            return Err(CliError::Record(format!(
                "{name}: games from {} {what} with the games before (next expected {next})",
                part.first
            )));
        }
        if !adds_up(&merged, &part.stats) {
            return Err(CliError::Record(format!(
                "{name}: not the JSON of `simulate sugoroku --json`: counts too large to add \
                 to those of the shards before (more than 2^64-1)"
            )));
        }
        merged.merge(&part.stats);
        next = part.first + part.stats.games;
    }
    if !partial && (first != 0 || next != study) {
        let mut missing = Vec::new();
        if first != 0 {
            missing.push(format!("games 0 to {}", first - 1));
        }
        if next != study {
            missing.push(format!("games {next} to {}", study - 1));
        }
        return Err(CliError::Record(format!(
            "the files hold games {first} to {} of a study of {study} games: {} are missing \
             (a shard not given?); --partial merges a part of the study",
            next - 1,
            missing.join(" and ")
        )));
    }
    report(&merged, first, study, json, &mut std::io::stdout().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_text() {
        assert_eq!(parse_shard("3/4").unwrap(), (3, 4));
        for bad in ["0/4", "5/4", "1/0", "1", "a/b", "-1/4"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
