//! Layer 4, the commands: the command tree mirrored in files (docs/architecture.md, "The
//! command-line crate"). A group of commands is a folder whose `mod.rs` holds its clap enum
//! and the match that runs the chosen command; a command is a file (or a folder of several
//! files) that holds its clap arguments, their checks and its `run`. A command imports the
//! layers below (the shared arguments, the shared I/O, the per-game adapters), never another
//! command.

pub(crate) mod play;
pub(crate) mod replay;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod simulate;
pub(crate) mod tafl;
pub(crate) mod tournament;
pub(crate) mod trictrac;
pub(crate) mod view;

use clap::{Parser, Subcommand};

use crate::args::ColorWhen;
use crate::io::error::CliError;

/// Rules engines for trictrac, tafl and sugoroku.
#[derive(Debug, Parser)]
#[command(name = "boardgames", version, about, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// Boards in colour with Unicode pieces: auto (on a terminal that supports it, unless
    /// NO_COLOR is set), always, never (plain ASCII, as in pipes).
    #[arg(long, global = true, value_enum, default_value = "auto")]
    pub(crate) color: ColorWhen,
}

/// The commands of `boardgames`.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// French grand trictrac.
    #[command(subcommand)]
    Trictrac(trictrac::TrictracCommand),
    /// Tafl games (Fidchell by default).
    #[command(subcommand)]
    Tafl(tafl::TaflCommand),
    /// Replay a game record of any of the three games, checking every move.
    Replay(replay::ReplayArgs),
    /// Write a record's replay page: one self-contained HTML file stepping through the game.
    View(view::ViewArgs),
    /// Play against the computer in the terminal.
    #[command(subcommand)]
    Play(play::PlayCommand),
    /// Serve the web application: the three games in a browser, against every bot.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Simulate many games.
    #[command(subcommand)]
    Simulate(simulate::SimulateCommand),
    /// Play every pair of agents against each other, both ways, and rate them (Elo).
    Tournament(tournament::TournamentArgs),
}

impl Command {
    /// Runs the command.
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self {
            Command::Trictrac(command) => command.run(),
            Command::Tafl(command) => command.run(),
            Command::Replay(args) => args.run(),
            Command::View(args) => args.run(),
            Command::Play(command) => command.run(),
            #[cfg(feature = "serve")]
            Command::Serve(args) => args.run(),
            Command::Simulate(command) => command.run(),
            Command::Tournament(args) => args.run(),
        }
    }
}
