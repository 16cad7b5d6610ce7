//! `boardgames simulate trictrac`: many parties between two agents, played as the arena's
//! jobs (`boardgames_arena::jobs`) in blocks and merged, printed as JSON.

use std::time::Instant;

use boardgames_arena::jobs::Job;
use serde_json::{Value, json};

use crate::args::{numbers, parse_seed};
use crate::io::error::{CliError, print_json};

/// The arguments of `boardgames simulate trictrac`.
#[derive(Debug, clap::Args)]
pub(crate) struct SimulateTrictracArgs {
    /// How many parties.
    #[arg(long, default_value_t = 1000, value_parser = numbers::count::<u64>("games", 1),
          allow_hyphen_values = true)]
    games: u64,
    /// The seed (decimal, or hexadecimal with 0x); party `i` is played from its
    /// derivation `i`.
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// The two agents, first player first, as `tournament --agents` names them.
    #[arg(long, value_delimiter = ',', default_value = "bot,bot")]
    agents: Vec<String>,
    /// Trous to win the partie.
    #[arg(long, default_value_t = 12, value_parser = numbers::count::<u8>("trous", 1),
          allow_hyphen_values = true)]
    trous: u8,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl SimulateTrictracArgs {
    /// Plays the parties and prints their statistics ([`simulate_trictrac`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        simulate_trictrac(
            self.games,
            self.seed,
            &self.agents,
            self.trous,
            self.threads,
            self.quiet,
        )
    }
}

/// `boardgames simulate trictrac`: the study's parties in blocks over `threads` threads (0:
/// one per core), merged and printed as JSON (the shape of [`Job::merge`] for a `trictrac`
/// job).
fn simulate_trictrac(
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
