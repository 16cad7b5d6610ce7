//! Statistics of many games of Tric Trac Nippon sugoroku, with a progress bar.
//!
//! ```text
//! cargo run --release --example sugoroku_stats -- [--games N] [--seed S] [--threads T] [--rules TEXT] [--histogram]
//! ```
//!
//! Defaults: a million games, seed 0, all cores (`--threads 0`), the default ruleset
//! (`--rules "return=adds extra=yes"` for the options). Game `i` uses `seed.derive(i)`;
//! `cargo run --example sugoroku_game -- --seed <that>` prints one of them throw by throw.

use std::io::{IsTerminal as _, Write as _};
use std::process::ExitCode;
use std::time::Instant;

use boardgames_common::Seed;
use boardgames_examples::{parse_count, parse_seed};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use sugoroku_core::{Ruleset, Simulation};

/// Statistics of many games of Tric Trac Nippon sugoroku, with a progress bar.
#[derive(Debug, Parser)]
#[command(name = "sugoroku_stats")]
struct Args {
    /// How many games (`_` separators allowed: 1_000_000).
    #[arg(long, default_value = "1000000", value_parser = parse_count)]
    games: u64,
    /// The seed of the simulation (decimal, or hexadecimal with 0x); game `i` uses
    /// `seed.derive(i)`.
    #[arg(long, default_value = "0", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// Threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// The ruleset, e.g. "return=adds extra=yes winner=captured" (default: the rules page).
    #[arg(long, default_value_t = Ruleset::default(), allow_hyphen_values = true)]
    rules: Ruleset,
    /// Also print the games by length in throws, in buckets of 20.
    #[arg(long)]
    histogram: bool,
    /// No progress bar (it is also hidden when standard error is not a terminal).
    #[arg(long)]
    quiet: bool,
}

fn parse_args() -> (Simulation, bool, bool) {
    let args = Args::parse();
    let mut sim = Simulation::new(args.rules, args.seed, args.games);
    sim.threads = args.threads;
    (sim, args.histogram, args.quiet)
}

fn main() -> ExitCode {
    let (sim, histogram, quiet) = parse_args();
    // On standard error, and only for a person watching a terminal.
    let bar = if quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(sim.games)
    };
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
    {
        bar.set_style(style);
    }
    let started = Instant::now();
    let result = sim.run_with_progress(&|n| bar.inc(n));
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    match result {
        Ok(stats) => {
            let mut text = format!(
                "{stats}\ntime               {elapsed:.3} s, {:.0} games/s\n",
                stats.games as f64 / elapsed
            );
            if histogram {
                // Games by length in throws, in buckets of 20.
                text.push_str("throws     games    share\n");
                for (b, chunk) in stats.lengths.chunks(20).enumerate() {
                    let n: u64 = chunk.iter().sum();
                    if n > 0 {
                        text.push_str(&format!(
                            "{:>4}-{:<4} {n:>7} {:>7.3}%\n",
                            b * 20,
                            b * 20 + 19,
                            100.0 * n as f64 / stats.games as f64
                        ));
                    }
                }
            }
            // Written once; a closed pipe is not an error.
            emit(&text)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes `text` to standard output: success, also when the reader has closed the pipe
/// (`| head`); failure, with a message, when the output cannot be written.
fn emit(text: &str) -> ExitCode {
    match std::io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: writing the output: {e}");
            ExitCode::from(3)
        }
        _ => ExitCode::SUCCESS,
    }
}
