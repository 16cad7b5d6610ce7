//! `boardgames`: the command-line tool of boardgames-rs.
//!
//! Analyse a trictrac throw, list tafl moves and run perft, replay a record of any of the three
//! games, play against the bots in the terminal, simulate sugoroku games. Every subcommand that
//! prints data accepts `--json` for a stable machine-readable shape (docs/cli.md). Bad input
//! gives a message on standard error and a non-zero exit code: 2 for a malformed command line
//! or input (position, throw, rules, record), 1 for an illegal move found in a record.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// `println!` that returns [`CliError::Output`] from the calling function when standard
/// output cannot be written (a closed pipe, a full disk) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

/// `print!` with the error handling of [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

mod error;
mod play;
mod replay;
mod selfplay;
mod sugoroku;
mod tafl;
mod trictrac;

use error::CliError;

/// Rules engines for trictrac, tafl and sugoroku.
#[derive(Debug, Parser)]
#[command(name = "boardgames", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// French grand trictrac.
    #[command(subcommand)]
    Trictrac(TrictracCommand),
    /// Tafl games (Fidchell by default).
    #[command(subcommand)]
    Tafl(TaflCommand),
    /// Replay a game record of any of the three games, checking every move.
    Replay {
        /// The record file (`-` for standard input).
        file: PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play against the computer in the terminal.
    #[command(subcommand)]
    Play(PlayCommand),
    /// Simulate many games.
    #[command(subcommand)]
    Simulate(SimulateCommand),
}

#[derive(Debug, Subcommand)]
enum TrictracCommand {
    /// The legal plays of a throw and the points it scores.
    Analyze {
        /// The position in trictrac notation (docs/trictrac-notation.md); default: the start.
        #[arg(long)]
        position: Option<String>,
        /// The throw, e.g. `6-5`.
        #[arg(long)]
        throw: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
enum TaflCommand {
    /// The legal moves of a position.
    Moves {
        /// The position as an OpenTafl position string; default: the ruleset's start.
        #[arg(long)]
        position: Option<String>,
        /// A preset name (fidchell, brandubh, copenhagen, tablut, ard_ri) or an OpenTafl rules
        /// string; default: fidchell.
        #[arg(long)]
        rules: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaf nodes of the move tree to a depth.
    Perft {
        /// The depth in plies.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// A preset name or an OpenTafl rules string; default: fidchell.
        #[arg(long)]
        rules: Option<String>,
        /// The position; default: the ruleset's start.
        #[arg(long)]
        position: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Games between two AI levels, each attacking in half of them.
    Selfplay(SelfplayArgs),
}

/// The options of `tafl selfplay`.
#[derive(Debug, clap::Args)]
struct SelfplayArgs {
    /// The two levels, e.g. `bard,ovate` (a level may play itself: `druid,druid`).
    #[arg(long, default_value = "bard,ovate", value_parser = parse_levels)]
    levels: (tafl_core::ai::Level, tafl_core::ai::Level),
    /// Node budgets per move for the two levels instead of theirs, e.g. `250,2500`.
    #[arg(long, value_parser = parse_nodes)]
    nodes: Option<(u64, u64)>,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// Games with each level attacking (the pairing plays twice as many).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Game `i` of each half uses seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Plies after which a game is cut off and counted as a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Two comma-separated AI levels.
fn parse_levels(text: &str) -> Result<(tafl_core::ai::Level, tafl_core::ai::Level), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("expected two levels, like bard,ovate")?;
    Ok((
        a.parse().map_err(|e| format!("{e}"))?,
        b.parse().map_err(|e| format!("{e}"))?,
    ))
}

/// Two comma-separated node budgets.
fn parse_nodes(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("expected two node budgets, like 250,2500")?;
    let n = |t: &str| t.trim().parse::<u64>().map_err(|e| format!("{t:?}: {e}"));
    Ok((n(a)?, n(b)?))
}

/// The AI levels of the seed's game.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum LevelArg {
    /// Barzh, the weakest.
    Bard,
    /// Ovate.
    Ovate,
    /// Drouiz, the strongest.
    Druid,
}

/// The side a human takes at tafl.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum SideArg {
    /// The attackers (black), who move first.
    Attackers,
    /// The defenders (white) and the king.
    Defenders,
}

#[derive(Debug, Subcommand)]
enum PlayCommand {
    /// Play tafl against an AI level.
    Tafl {
        /// The AI's level.
        #[arg(long, value_enum, default_value = "ovate")]
        level: LevelArg,
        /// The human's side.
        #[arg(long, value_enum, default_value = "defenders")]
        side: SideArg,
        /// A preset name or an OpenTafl rules string; default: fidchell.
        #[arg(long)]
        rules: Option<String>,
        /// The AI's seed (decimal, or hexadecimal with 0x).
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
    },
    /// Play a trictrac partie ordinaire against the bot.
    Trictrac {
        /// The dice seed (decimal, or hexadecimal with 0x).
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
    },
}

#[derive(Debug, Subcommand)]
enum SimulateCommand {
    /// Play many sugoroku games and print their statistics.
    Sugoroku {
        /// How many games.
        #[arg(long, default_value_t = 1_000_000)]
        games: u64,
        /// The seed of the simulation (decimal, or hexadecimal with 0x).
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// Use one thread only.
        #[arg(long)]
        single_thread: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// A seed in the text form of [`boardgames_common::Seed`].
fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<boardgames_common::Seed>()
        .map(|s| s.0)
        .map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Trictrac(TrictracCommand::Analyze {
            position,
            throw,
            json,
        }) => trictrac::analyze(position.as_deref(), &throw, json),
        Command::Tafl(TaflCommand::Moves {
            position,
            rules,
            json,
        }) => tafl::moves(position.as_deref(), rules.as_deref(), json),
        Command::Tafl(TaflCommand::Perft {
            depth,
            divide,
            rules,
            position,
            json,
        }) => tafl::perft(depth, divide, rules.as_deref(), position.as_deref(), json),
        Command::Tafl(TaflCommand::Selfplay(a)) => selfplay::selfplay(&selfplay::Request {
            levels: a.levels,
            nodes: a.nodes,
            rules: a.rules.as_deref(),
            games: a.games,
            seed: a.seed,
            max_plies: a.max_plies,
            threads: a.threads,
            quiet: a.quiet,
            json: a.json,
        }),
        Command::Replay { file, json } => replay::replay(&file, json),
        Command::Play(PlayCommand::Tafl {
            level,
            side,
            rules,
            seed,
        }) => play::tafl(level, side, rules.as_deref(), seed),
        Command::Play(PlayCommand::Trictrac { seed }) => play::trictrac(seed),
        Command::Simulate(SimulateCommand::Sugoroku {
            games,
            seed,
            single_thread,
            quiet,
            json,
        }) => sugoroku::simulate(games, seed, !single_thread, quiet, json),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
