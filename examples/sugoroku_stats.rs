//! Statistics of many games of Tric Trac Nippon sugoroku, with a progress bar.
//!
//! ```text
//! cargo run --release --example sugoroku_stats -- [--games N] [--seed S] [--threads T] [--rules TEXT] [--histogram]
//! ```
//!
//! Defaults: a million games, seed 0, all cores (`--threads 0`), the default ruleset
//! (`--rules "return=adds extra=yes"` for the options). Game `i` uses `seed.derive(i)`;
//! `cargo run --example sugoroku_game -- --seed <that>` prints one of them throw by throw.

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use boardgames_common::Seed;
use indicatif::{ProgressBar, ProgressStyle};
use sugoroku_core::{Ruleset, Simulation};

fn parse_args() -> Result<(Simulation, bool), String> {
    let mut sim = Simulation::new(Ruleset::default(), Seed(0), 1_000_000);
    let mut histogram = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => {
                let v = value()?;
                sim.games = v
                    .replace('_', "")
                    .parse()
                    .map_err(|_| format!("--games {v:?}: expected a whole number"))?;
            }
            "--seed" => {
                let v = value()?;
                sim.seed = v.parse().map_err(|e| format!("--seed: {e}"))?;
            }
            "--threads" => {
                let v = value()?;
                sim.threads = v.parse().map_err(|_| {
                    format!("--threads {v:?}: expected a whole number (0: all cores)")
                })?;
            }
            "--rules" => {
                let v = value()?;
                sim.rules = v.parse().map_err(|e| format!("--rules: {e}"))?;
            }
            "--histogram" => histogram = true,
            "-h" | "--help" => {
                return Err(
                    "usage: sugoroku_stats [--games N] [--seed S] [--threads T] [--rules TEXT] [--histogram]"
                        .to_string(),
                );
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok((sim, histogram))
}

fn main() -> ExitCode {
    let (sim, histogram) = match parse_args() {
        Ok(parsed) => parsed,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    let bar = ProgressBar::new(sim.games);
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
            eprintln!("{e}");
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
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}
