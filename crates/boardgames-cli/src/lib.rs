//! The `boardgames` command (its binary is a call of [`main`]) and what is shared with the
//! examples and the fuzz targets.
//!
//! - [`html`]: [`html::replay_page`] turns a record of any of the three games into one
//!   self-contained HTML file stepping through it with the board as SVG.
//! - [`main`]: the command line itself. Analyse a trictrac throw, list tafl moves and run
//!   perft, replay a record of any of the three games and write its replay page (`view`;
//!   `--svg FILE` draws the boards printed), play against the bots in the terminal, simulate
//!   sugoroku games. Every subcommand that prints data accepts `--json` for a stable
//!   machine-readable shape (docs/cli.md). Bad input gives a message on standard error and a
//!   non-zero exit code: 2 for a malformed command line or input (position, throw, rules,
//!   record), 1 for an illegal move found in a record.
#![deny(missing_docs)]

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// `println!` that returns [`CliError::Output`] from the calling function when standard
/// output cannot be written (a closed pipe, a full disk) instead of panicking.
///
/// `outln!(to w; ...)` writes to the writer `w` instead (the sessions that read any
/// `BufRead` and write any `Write`; the caller has `std::io::Write` in scope).
macro_rules! outln {
    (to $w:expr; $($arg:tt)*) => {{
        writeln!($w, $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

/// `print!` with the error handling of [`outln!`]; `out!(to w; ...)` writes to `w`.
macro_rules! out {
    (to $w:expr; $($arg:tt)*) => {{
        write!($w, $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)
            .map_err(|e| $crate::error::CliError::Output(e.to_string()))?;
    }};
}

pub mod html;

mod bots;
mod color;
pub mod ecrire;
pub mod error;
pub mod files;
mod numbers;
pub mod opentafl_engine;
pub mod play;
pub mod play_trictrac;
mod progress;
pub mod referee;
mod replay;
mod selfplay;
pub mod shards;
mod sugoroku;
mod table;
mod tafl;
mod tournament;
mod train;
mod trictrac;
mod view;

use error::CliError;

/// Rules engines for trictrac, tafl and sugoroku.
#[derive(Debug, Parser)]
#[command(name = "boardgames", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Boards in colour with Unicode pieces: auto (on a terminal that supports it, unless
    /// NO_COLOR is set), always, never (plain ASCII, as in pipes).
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: color::ColorWhen,
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
        /// Refuse a record of more actions (files are also limited to 16 MiB and lines to
        /// 64 KiB).
        #[arg(long, default_value_t = boardgames_common::RecordLimits::DEFAULT.max_actions,
              value_parser = parse_max_actions, allow_hyphen_values = true)]
        max_actions: usize,
        /// Also draw the final position as an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Check every comment against the engine's own (for records written by this
        /// program); by default comments are free text.
        #[arg(long)]
        strict: bool,
    },
    /// Write a record's replay page: one self-contained HTML file stepping through the game.
    View {
        /// The record file (`-` for standard input).
        file: PathBuf,
        /// The HTML file to write.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
    },
    /// Play against the computer in the terminal.
    #[command(subcommand)]
    Play(PlayCommand),
    /// Simulate many games.
    #[command(subcommand)]
    Simulate(SimulateCommand),
    /// Play every pair of agents against each other, both ways, and rate them (Elo).
    Tournament(tournament::TournamentArgs),
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
        /// Also draw the position and the throw (with the play when it is the only one) as
        /// an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Referee a partie between two people who mark and play by hand (école, fausse case).
    Referee {
        /// Replay a transcript: one gesture a line (docs/trictrac-referee.md).
        #[arg(long)]
        script: Option<PathBuf>,
        /// Start from the dames and marks counted on the tablier, in trictrac notation;
        /// dames missing count as borne off only when all the others stand in the jan de
        /// retour, and a count other than 15 is judged by DAMES EN TROP ou EN MOINS (rectified
        /// at the start with a full talon, otherwise the relevé is void); default: the start.
        #[arg(long)]
        position: Option<String>,
        /// Trous that win the partie.
        #[arg(long, default_value_t = 12, value_parser = numbers::at_least::<u8>("trous", 1),
              allow_hyphen_values = true)]
        trous: u8,
        /// How ÉCOLE DE POINTS counts trous marked in excess: jeux (12 points a jeu the trous
        /// show beyond those won) or trous (12 points a trou beyond two a jeu won).
        #[arg(long, default_value = "jeux")]
        trous_en_trop: String,
    },
    /// A partie à écrire at three or four players (à tourner, à la chouette, in teams).
    Table(table::TableArgs),
    /// Learn the TD-trained bot's evaluation by self-play (docs/trictrac-bot.md).
    Train(Box<train::TrainArgs>),
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
        /// Also draw the position as an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Count the leaf nodes of the move tree to a depth.
    Perft {
        /// The depth in plies.
        #[arg(long, value_parser = crate::numbers::count::<u32>("plies", 0), allow_hyphen_values = true)]
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
        /// No progress bar (shown on a terminal for the deepest depths of the board).
        #[arg(long)]
        quiet: bool,
    },
    /// Play as an OpenTafl engine (OpenTafl Engine Protocol on standard input and output;
    /// docs/opentafl-engine.md).
    Engine {
        /// The AI level when the host sends no clock.
        #[arg(long, value_enum, default_value = "druid")]
        level: LevelArg,
        /// Nodes per move (deterministic with --seed), at least 1.
        #[arg(long, value_parser = numbers::at_least::<u64>("nodes", 1), allow_hyphen_values = true)]
        nodes: Option<u64>,
        /// Seconds per move when the host sends no clock.
        #[arg(long, value_parser = numbers::seconds, allow_hyphen_values = true)]
        think: Option<f64>,
        /// The seed of the AI's random choices (decimal, or hexadecimal with 0x).
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// Write a log of the session to this file (nothing goes to standard error).
        #[arg(long)]
        log: Option<PathBuf>,
        /// Ask the host for full OpenTafl move notation (`simple-moves off`).
        #[arg(long)]
        full_moves: bool,
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
    #[arg(long, value_parser = parse_nodes, allow_hyphen_values = true)]
    nodes: Option<(u64, u64)>,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// Games with each level attacking (the pairing plays twice as many).
    #[arg(long, default_value_t = 100, value_parser = numbers::count::<u32>("games", 1),
          allow_hyphen_values = true)]
    games: u32,
    /// Game `i` of each half uses seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Plies after which a game is cut off and counted as a draw.
    #[arg(long, default_value_t = 1000, value_parser = numbers::count::<u32>("plies", 1),
          allow_hyphen_values = true)]
    max_plies: u32,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of the games' lengths in plies as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The first level's evaluation weights, `name=value` pairs replacing the defaults,
    /// e.g. `tempo=10,king_escort=8` (tafl_core::ai::EvalWeights).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights1: Option<Box<tafl_core::ai::EvalWeights>>,
    /// The second level's evaluation weights (as --weights1).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights2: Option<Box<tafl_core::ai::EvalWeights>>,
    /// Append one JSON line per finished game to this file as the games end (kept when the
    /// run is stopped or killed; a rerun with the same file plays only the games not yet
    /// there, and drops a torn last line).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

/// Evaluation weights for `tafl selfplay`.
fn parse_weights(text: &str) -> Result<Box<tafl_core::ai::EvalWeights>, String> {
    text.parse().map(Box::new).map_err(|e| format!("{e}"))
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
    const EXPECTED: &str =
        "expected two whole numbers of nodes from 1 to 18446744073709551615, like 250,2500";
    let (a, b) = text.split_once(',').ok_or(EXPECTED)?;
    let n = |t: &str| {
        t.trim()
            .parse::<u64>()
            .map_err(|_| format!("{t:?}: {EXPECTED}"))
    };
    Ok((n(a)?, n(b)?))
}

/// The AI levels of the Breton Fidchell page's game.
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
    /// Play trictrac against the bot: a partie ordinaire, or a partie à écrire.
    Trictrac {
        /// The dice seed (decimal, or hexadecimal with 0x).
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// The form of game: ordinaire (to 12 trous) or ecrire (a partie à écrire).
        #[arg(long, value_enum, default_value = "ordinaire")]
        form: FormArg,
        /// Marqués of a partie à écrire (default 8).
        #[arg(long, value_parser = numbers::count::<u32>("marqués", 1), allow_hyphen_values = true)]
        marques: Option<u32>,
        /// Convention of a partie à écrire: base, annexe, annexe-geometric, sans-lever.
        #[arg(long)]
        convention: Option<String>,
        /// Progression of the annexe convention: arithmetic or geometric.
        #[arg(long)]
        progression: Option<String>,
        /// The settlement of a partie à écrire.
        #[command(flatten)]
        settlement: ecrire::SettlementArgs,
        /// Your colour (White throws first for the primauté); in a partie à écrire, your
        /// colour in the first marqué (white: you are A, black: B; colours alternate).
        #[arg(long, value_enum, default_value = "white")]
        side: ColourArg,
        /// Trous that win a partie ordinaire (not for --form ecrire: a marqué has no trous
        /// to win, it ends by the trou d'obligation).
        #[arg(long, default_value_t = 12, value_parser = numbers::at_least::<u8>("trous", 1),
              allow_hyphen_values = true)]
        trous: u8,
        /// Play a partie ordinaire with the pavillon (a partie won by its holder, or against
        /// no trou, is won double); not for --form ecrire, whose marqués always keep it.
        #[arg(long)]
        pavillon: bool,
        /// The bot: bot (the heuristic), searchbot, tdbot (the TD-trained network),
        /// tdsearchbot, tdbot:FILE, tdsearchbot:FILE; --form ecrire plays the heuristic.
        #[arg(long, default_value = "bot")]
        bot: String,
    },
}

/// A trictrac colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColourArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// The forms of trictrac that can be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormArg {
    /// The partie ordinaire, to 12 trous.
    Ordinaire,
    /// The partie à écrire, in marqués.
    Ecrire,
}

#[derive(Debug, Subcommand)]
enum SimulateCommand {
    /// Play many sugoroku games and print their statistics.
    Sugoroku {
        /// How many games.
        #[arg(long, default_value_t = 1_000_000, value_parser = numbers::count::<u64>("games", 1),
              allow_hyphen_values = true)]
        games: u64,
        /// The seed of the simulation (decimal, or hexadecimal with 0x); docs/sugoroku.md
        /// uses seed 0.
        #[arg(long, default_value = "0", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// The ruleset, e.g. "return=adds extra=yes winner=captured" (default: sugoroku-core's
        /// rules page).
        #[arg(long, allow_hyphen_values = true)]
        rules: Option<String>,
        /// Play only the K-th (from 1) of N disjoint parts of the games, e.g. 2/8.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Use one thread only.
        #[arg(long)]
        single_thread: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Print JSON (with the counts that `simulate merge` adds up).
        #[arg(long)]
        json: bool,
        /// Also draw the histogram of the game lengths as an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Write the report to this file instead of standard output, whole or not at all (a
        /// temporary file beside it, synced, then renamed): a killed run leaves no part.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Append the counts of each finished block of games to this file (one JSON line
        /// each) and count the blocks already there instead of playing them again: a killed
        /// run started again with the same arguments resumes, with the same results.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Games per block of --checkpoint.
        #[arg(long, default_value_t = 1 << 22, value_parser = numbers::count::<u64>("games", 1),
              allow_hyphen_values = true)]
        checkpoint_every: u64,
    },
    /// Play many parties of trictrac between two agents and print their statistics.
    Trictrac {
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
    },
    /// Merge the --json results of the shards of one sugoroku simulation.
    Merge {
        /// The JSON files written by `simulate sugoroku --shard K/N --json`.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Accept files that hold only a contiguous part of the study's games (by default
        /// every game must be there: a missing shard is refused).
        #[arg(long)]
        partial: bool,
    },
}

/// `replay --max-actions`: a whole number, with a message that says so (clap's own says
/// "invalid digit found in string" of `-1`).
fn parse_max_actions(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| {
        format!(
            "expected a whole number of actions from 0 to {}",
            usize::MAX
        )
    })
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
            svg,
        }) => {
            trictrac::analyze(position.as_deref(), &throw, json)?;
            match svg {
                Some(file) => trictrac::analyze_svg(position.as_deref(), &throw, &file),
                None => Ok(()),
            }
        }
        Command::Trictrac(TrictracCommand::Referee {
            script,
            position,
            trous,
            trous_en_trop,
        }) => referee::referee(
            script.as_deref(),
            position.as_deref(),
            trous,
            &trous_en_trop,
        ),
        Command::Trictrac(TrictracCommand::Table(args)) => table::run(&args),
        Command::Trictrac(TrictracCommand::Train(args)) => train::run(&args),
        Command::Tafl(TaflCommand::Moves {
            position,
            rules,
            json,
            svg,
        }) => {
            tafl::moves(position.as_deref(), rules.as_deref(), json)?;
            match svg {
                Some(file) => tafl::moves_svg(position.as_deref(), rules.as_deref(), &file),
                None => Ok(()),
            }
        }
        Command::Tafl(TaflCommand::Perft {
            depth,
            divide,
            rules,
            position,
            json,
            quiet,
        }) => tafl::perft(
            depth,
            divide,
            rules.as_deref(),
            position.as_deref(),
            json,
            quiet,
        ),
        Command::Tafl(TaflCommand::Engine {
            level,
            nodes,
            think,
            seed,
            log,
            full_moves,
        }) => opentafl_engine::run(opentafl_engine::EngineOptions {
            level: match level {
                LevelArg::Bard => tafl_core::ai::Level::Bard,
                LevelArg::Ovate => tafl_core::ai::Level::Ovate,
                LevelArg::Druid => tafl_core::ai::Level::Druid,
            },
            nodes,
            think,
            seed,
            log,
            full_moves,
        }),
        Command::Replay {
            file,
            json,
            max_actions,
            svg,
            strict,
        } => replay::replay(&file, json, max_actions, svg.as_deref(), strict),
        Command::View { file, output } => view::view(&file, &output),
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
            svg: a.svg.as_deref(),
            weights: (a.weights1.map(|w| *w), a.weights2.map(|w| *w)),
            log: a.log.as_deref(),
        }),
        Command::Play(PlayCommand::Tafl {
            level,
            side,
            rules,
            seed,
        }) => play::tafl(play::TaflPlay {
            ruleset: tafl::ruleset(rules.as_deref())?,
            level: match level {
                LevelArg::Bard => tafl_core::ai::Level::Bard,
                LevelArg::Ovate => tafl_core::ai::Level::Ovate,
                LevelArg::Druid => tafl_core::ai::Level::Druid,
            },
            nodes: None,
            human: match side {
                SideArg::Attackers => tafl_core::Side::Attackers,
                SideArg::Defenders => tafl_core::Side::Defenders,
            },
            seed,
        }),
        Command::Play(PlayCommand::Trictrac {
            seed,
            form: FormArg::Ordinaire,
            marques: None,
            convention: None,
            progression: None,
            settlement,
            side,
            trous,
            pavillon,
            bot,
        }) if settlement.first_given().is_none() => {
            play_trictrac::play(play_trictrac::TrictracPlay {
                seed,
                human: match side {
                    ColourArg::White => trictrac_core::Colour::White,
                    ColourArg::Black => trictrac_core::Colour::Black,
                },
                trous,
                pavillon,
                bot,
            })
        }
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ordinaire,
            settlement,
            ..
        }) => Err(CliError::input(
            "--form",
            match settlement.first_given() {
                Some(flag) => format!(
                    "{flag} is an option of the settlement of a partie à écrire: it needs --form ecrire"
                ),
                None => "--marques, --convention and --progression need --form ecrire".to_owned(),
            },
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            bot,
            ..
        }) if bot != "bot" => Err(CliError::input(
            "--bot",
            "the partie à écrire is played against the heuristic bot (the TD-trained network learned the partie ordinaire)",
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            pavillon: true,
            ..
        }) => Err(CliError::input(
            "--pavillon",
            "the pavillon option belongs to the partie ordinaire (a marqué always keeps its pavillon)",
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            trous,
            ..
        }) if trous != 12 => Err(CliError::input(
            "--trous",
            "a marqué of a partie à écrire has no trous to win: use --marques",
        )),
        Command::Play(PlayCommand::Trictrac {
            seed,
            form: FormArg::Ecrire,
            marques,
            convention,
            progression,
            settlement,
            side,
            ..
        }) => ecrire::play(
            seed,
            ecrire::rules(
                marques.unwrap_or(8),
                convention.as_deref().unwrap_or("base"),
                progression.as_deref(),
                &settlement,
            )?,
            match side {
                ColourArg::White => boardgames_common::Player::First,
                ColourArg::Black => boardgames_common::Player::Second,
            },
        ),
        Command::Simulate(SimulateCommand::Sugoroku {
            games,
            seed,
            rules,
            shard,
            single_thread,
            quiet,
            json,
            svg,
            output,
            checkpoint,
            checkpoint_every,
        }) => sugoroku::simulate(&sugoroku::SimulateArgs {
            games,
            seed,
            rules: rules.as_deref(),
            shard: shard.as_deref(),
            parallel: !single_thread,
            quiet,
            json,
            svg: svg.as_deref(),
            output: output.as_deref(),
            checkpoint: checkpoint.as_deref(),
            block: checkpoint_every,
        }),
        Command::Simulate(SimulateCommand::Trictrac {
            games,
            seed,
            agents,
            trous,
            threads,
            quiet,
        }) => shards::simulate_trictrac(games, seed, &agents, trous, threads, quiet),
        Command::Simulate(SimulateCommand::Merge {
            files,
            json,
            partial,
        }) => sugoroku::merge(&files, json, partial),
        Command::Tournament(args) => tournament::run(args),
    }
}

/// `cmd` and every subcommand below it read `-3` as a (bad) value rather than as an
/// unknown option, so that a negative number gets the value's own message.
fn allow_negative_numbers(cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let mut cmd = cmd.allow_negative_numbers(true);
    for name in names {
        cmd = cmd.mut_subcommand(name, allow_negative_numbers);
    }
    cmd
}

/// The `boardgames` command: parses the command line, runs the subcommand and returns its
/// exit code (0, or that of the error's kind: 1 an illegal record, 2 malformed input, 3
/// I/O), with the error on standard error.
pub fn main() -> ExitCode {
    use clap::{CommandFactory as _, FromArgMatches as _};
    let matches = allow_negative_numbers(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    color::init(cli.color);
    let code = match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!, which panics (exit 101) when standard error is closed: the
            // exit code still says what went wrong.
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::from(e.exit_code())
        }
    };
    report_peak_memory();
    code
}

/// With `BOARDGAMES_PEAK_MEMORY` set in the environment, the process's peak resident memory
/// (`VmHWM` of `/proc/self/status`, Linux) is written to standard error as its last line:
/// the bounded-memory tests (docs/fuzzing.md) read it.
fn report_peak_memory() {
    use std::io::Write as _;
    if std::env::var_os("BOARDGAMES_PEAK_MEMORY").is_none() {
        return;
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:"))
    {
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}
