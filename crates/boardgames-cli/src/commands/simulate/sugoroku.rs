//! `boardgames simulate sugoroku`: many games of sugoroku and their statistics.
//!
//! A study of `G` games can be cut into `N` shards (`--shard K/N`), each run anywhere with
//! `--json`; `simulate merge` adds the shards' integer counts and prints exactly what one run
//! over the `G` games would print. Every file carries `G` (`study_games`).

use std::path::{Path, PathBuf};

use boardgames_common::Seed;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};
use sugoroku_core::{Ruleset, Simulation, Statistics};

use crate::args::{numbers, parse_seed};
use crate::games::sugoroku::{adds_up, counts_add_up, report};
use crate::io::error::CliError;
use crate::io::log::Log;

/// The arguments of `boardgames simulate sugoroku`.
#[derive(Debug, clap::Args)]
pub(crate) struct SimulateSugorokuArgs {
    /// How many games.
    #[arg(long, default_value_t = 1_000_000, value_parser = numbers::count::<u64>("games", 1),
          allow_hyphen_values = true)]
    games: u64,
    /// The seed of the simulation (decimal, or hexadecimal with 0x); docs/sugoroku.md
    /// uses seed 0.
    #[arg(long, default_value = "0", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// The ruleset, e.g. "return=adds extra=yes winner=captured" (default: sugoroku-core's
    /// rules page).
    #[arg(long, allow_hyphen_values = true)]
    rules: Option<String>,
    /// Play only the K-th (from 1) of N disjoint parts of the games, e.g. 2/8.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Use one thread only.
    #[arg(long)]
    single_thread: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON (with the counts that `simulate merge` adds up).
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of the game lengths as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the report to this file instead of standard output, whole or not at all (a
    /// temporary file beside it, synced, then renamed): a killed run leaves no part.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Append the counts of each finished block of games to this file (one JSON line
    /// each) and count the blocks already there instead of playing them again: a killed
    /// run started again with the same arguments resumes, with the same results.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Games per block of --checkpoint.
    #[arg(long, default_value_t = 1 << 22, value_parser = numbers::count::<u64>("games", 1),
          allow_hyphen_values = true)]
    checkpoint_every: u64,
}

impl SimulateSugorokuArgs {
    /// Plays the games and prints their statistics ([`simulate`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        simulate(&Request {
            games: self.games,
            seed: self.seed,
            rules: self.rules.as_deref(),
            shard: self.shard.as_deref(),
            parallel: !self.single_thread,
            quiet: self.quiet,
            json: self.json,
            svg: self.svg.as_deref(),
            output: self.output.as_deref(),
            checkpoint: self.checkpoint.as_deref(),
            block: self.checkpoint_every,
        })
    }
}

/// What `simulate sugoroku` is asked to do.
#[derive(Debug)]
struct Request<'a> {
    games: u64,
    seed: u64,
    rules: Option<&'a str>,
    shard: Option<&'a str>,
    parallel: bool,
    quiet: bool,
    json: bool,
    /// Also write the histogram of the game lengths to this file.
    svg: Option<&'a std::path::Path>,
    /// Write the report to this file (whole or not at all) instead of standard output.
    output: Option<&'a Path>,
    /// Keep the counts of each finished block of games here, and count the blocks already
    /// there instead of playing them again (a killed run resumes).
    checkpoint: Option<&'a Path>,
    /// Games per block of the checkpoint.
    block: u64,
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
fn simulate(args: &Request<'_>) -> Result<(), CliError> {
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
