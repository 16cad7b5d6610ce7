//! `boardgames tafl`: tafl games (Fidchell by default), one command a file.

pub mod engine;
pub(crate) mod moves;
pub(crate) mod perft;
pub(crate) mod selfplay;
pub mod tune;

use crate::io::error::CliError;

/// The commands of `boardgames tafl`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum TaflCommand {
    /// The legal moves of a position.
    Moves(moves::MovesArgs),
    /// Count the leaf nodes of the move tree to a depth.
    Perft(perft::PerftArgs),
    /// Play as an OpenTafl engine (OpenTafl Engine Protocol on standard input and output;
    /// docs/opentafl-engine.md).
    Engine(engine::EngineArgs),
    /// Games between two AI levels, each attacking in half of them.
    Selfplay(selfplay::SelfplayArgs),
    /// Tune the evaluation's weights by self-play: Texel's method on positions with their
    /// games' results, or SPSA on games (docs/tafl-ai.md).
    Tune(tune::TuneArgs),
}

impl TaflCommand {
    /// Runs the command.
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self {
            TaflCommand::Moves(args) => args.run(),
            TaflCommand::Perft(args) => args.run(),
            TaflCommand::Engine(args) => args.run(),
            TaflCommand::Selfplay(args) => args.run(),
            TaflCommand::Tune(args) => args.run(),
        }
    }
}
