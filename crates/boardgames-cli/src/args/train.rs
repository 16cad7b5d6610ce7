//! The arguments of `boardgames trictrac train`.

use std::path::PathBuf;

/// The arguments of `boardgames trictrac train`.
#[derive(Debug, clap::Args)]
pub(crate) struct TrainArgs {
    /// The weights file to write at the end (trictrac-core's format; see docs/trictrac-bot.md).
    #[arg(long, value_name = "FILE")]
    pub(crate) output: PathBuf,
    /// The checkpoint, resumed when it exists (default: the output with `.checkpoint`).
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// Parties of self-play to train in all (a resumed run goes on to this number).
    #[arg(long, default_value_t = 100_000, value_parser = super::numbers::count::<u64>("parties", 1),
          allow_hyphen_values = true)]
    pub(crate) parties: u64,
    /// The seed of the initial weights and of every partie's dice (decimal, or hexadecimal
    /// with 0x).
    #[arg(long, default_value = "1", value_parser = super::parse_seed, allow_hyphen_values = true)]
    pub(crate) seed: u64,
    /// λ of TD(λ), from 0 to 1.
    #[arg(long, default_value_t = 0.7, allow_hyphen_values = true)]
    pub(crate) lambda: f32,
    /// The learning rate at the start.
    #[arg(long, default_value_t = 0.02, allow_hyphen_values = true)]
    pub(crate) rate: f32,
    /// The learning rate at the end of the run's parties, reached linearly (default: the
    /// starting rate).
    #[arg(long, allow_hyphen_values = true)]
    pub(crate) rate_final: Option<f32>,
    /// Hidden units of the network, 1 to 256.
    #[arg(long, default_value_t = 64, value_parser = super::numbers::count::<usize>("hidden units", 1),
          allow_hyphen_values = true)]
    pub(crate) hidden: usize,
    /// Threads: parties played at a time with the same weights (0: one per core). The weights
    /// depend on it.
    #[arg(long, default_value_t = 1, value_parser = super::numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    pub(crate) threads: usize,
    /// Trous that win the parties of self-play and of the evaluations.
    #[arg(long, default_value_t = 12, value_parser = super::numbers::count::<u8>("trous", 1),
          allow_hyphen_values = true)]
    pub(crate) trous: u8,
    /// The share of self-play parties played with the pavillon option, from 0 to 1.
    #[arg(long, default_value_t = 0.1, allow_hyphen_values = true)]
    pub(crate) pavillon_share: f32,
    /// Write a checkpoint every this many parties.
    #[arg(long, default_value_t = 1000, value_parser = super::numbers::count::<u64>("parties", 1),
          allow_hyphen_values = true)]
    pub(crate) checkpoint_every: u64,
    /// Evaluate against the heuristic bot every this many parties (0: never); also before
    /// the first partie and after the last.
    #[arg(long, default_value_t = 5000, value_parser = super::numbers::count::<u64>("parties", 0),
          allow_hyphen_values = true)]
    pub(crate) every: u64,
    /// Parties of each evaluation (sides alternated, the same seeds each time).
    #[arg(long, default_value_t = 200, value_parser = super::numbers::count::<u32>("parties", 1),
          allow_hyphen_values = true)]
    pub(crate) eval_parties: u32,
    /// The evaluations as JSON lines, rewritten at each one.
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
    /// The learning curve as an SVG picture, rewritten at each evaluation.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}
