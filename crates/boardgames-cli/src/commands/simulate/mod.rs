//! `boardgames simulate`: many games played and their statistics, one command a file.

pub(crate) mod merge;
pub(crate) mod sugoroku;
pub(crate) mod trictrac;

use crate::io::error::CliError;

/// The commands of `boardgames simulate`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum SimulateCommand {
    /// Play many sugoroku games and print their statistics.
    Sugoroku(sugoroku::SimulateSugorokuArgs),
    /// Play many parties of trictrac between two agents and print their statistics.
    Trictrac(trictrac::SimulateTrictracArgs),
    /// Merge the --json results of the shards of one sugoroku simulation.
    Merge(merge::MergeArgs),
}

impl SimulateCommand {
    /// Runs the command.
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self {
            SimulateCommand::Sugoroku(args) => args.run(),
            SimulateCommand::Trictrac(args) => args.run(),
            SimulateCommand::Merge(args) => args.run(),
        }
    }
}
