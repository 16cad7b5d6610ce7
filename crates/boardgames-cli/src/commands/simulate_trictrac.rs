//! `boardgames simulate trictrac`: many parties between two agents, played as the arena's
//! jobs (`boardgames_arena::jobs`) in blocks and merged, printed as JSON.

use std::time::Instant;

use boardgames_arena::jobs::Job;
use serde_json::{Value, json};

use crate::io::error::{CliError, print_json};

/// `boardgames simulate trictrac`: the study's parties in blocks over `threads` threads (0:
/// one per core), merged and printed as JSON (the shape of [`Job::merge`] for a `trictrac`
/// job).
pub(crate) fn simulate_trictrac(
    games: u64,
    seed: u64,
    agents: &[String],
    trous: u8,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError> {
    use rayon::prelude::*;
    let job = Job::plan(
        &json!({ "kind": "trictrac", "games": games, "seed": seed, "agents": agents, "trous": trous })
            .to_string(),
    )?;
    const BLOCK: u64 = 16;
    let blocks = games.div_ceil(BLOCK);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.min(usize::try_from(blocks).unwrap_or(usize::MAX)))
        .build()
        .map_err(|e| CliError::input("--threads", e))?;
    let bar = if quiet {
        indicatif::ProgressBar::hidden()
    } else {
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar
    };
    let started = Instant::now();
    let shards: Vec<Value> = pool.install(|| {
        (0..blocks)
            .into_par_iter()
            .map(|b| {
                let first = b * BLOCK;
                let count = BLOCK.min(games - first);
                let shard = job.run(first, count, &started);
                bar.inc(count);
                shard
            })
            .collect::<Result<_, _>>()
    })?;
    bar.finish_and_clear();
    print_json(&job.merge(&shards)?)
}
