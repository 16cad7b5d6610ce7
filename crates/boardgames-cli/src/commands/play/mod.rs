//! `boardgames play`: a human against the computer in the terminal, one game a module.

pub mod tafl;
pub(crate) mod trictrac;

use crate::io::error::CliError;

/// The commands of `boardgames play`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum PlayCommand {
    /// Play tafl against an AI level.
    Tafl(tafl::PlayTaflArgs),
    /// Play trictrac against the bot: a partie ordinaire, or a partie à écrire.
    Trictrac(trictrac::PlayTrictracArgs),
}

impl PlayCommand {
    /// Runs the command.
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self {
            PlayCommand::Tafl(args) => args.run(),
            PlayCommand::Trictrac(args) => args.run(),
        }
    }
}
