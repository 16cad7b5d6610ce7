//! `boardgames trictrac`: French grand trictrac, one command a file.

pub(crate) mod analyze;
pub mod referee;
pub(crate) mod table;
pub(crate) mod train;

use crate::io::error::CliError;

/// The commands of `boardgames trictrac`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum TrictracCommand {
    /// The legal plays of a throw and the points it scores.
    Analyze(analyze::AnalyzeArgs),
    /// Referee a partie between two people who mark and play by hand (école, fausse case).
    Referee(referee::RefereeArgs),
    /// A partie à écrire at three or four players (à tourner, à la chouette, in teams).
    Table(table::TableArgs),
    /// Learn the TD-trained bot's evaluation by self-play (docs/trictrac-bot.md).
    Train(Box<train::TrainArgs>),
}

impl TrictracCommand {
    /// Runs the command.
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self {
            TrictracCommand::Analyze(args) => args.run(),
            TrictracCommand::Referee(args) => args.run(),
            TrictracCommand::Table(args) => args.run(),
            TrictracCommand::Train(args) => args.run(),
        }
    }
}
