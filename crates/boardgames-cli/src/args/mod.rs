//! Layer 1, the command line's arguments: every clap type of the `boardgames` command and
//! the parsers of its values. Nothing here runs a command.

pub(crate) mod numbers;
pub(crate) mod settlement;
pub(crate) mod table;
pub(crate) mod tournament;
pub(crate) mod train;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use settlement::SettlementArgs;

/// When to draw boards in colour with Unicode pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorWhen {
    /// On a terminal that supports it, unless `NO_COLOR` is set.
    Auto,
    /// Always (even into a pipe).
    Always,
    /// Never: plain ASCII.
    Never,
}

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

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
    /// Serve the web application: the three games in a browser, against every bot.
    #[cfg(feature = "serve")]
    Serve {
        /// The port (0: a free one, printed at start).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on (127.0.0.1: this machine only).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Open the page in the system's browser.
        #[arg(long)]
        open: bool,
    },
    /// Simulate many games.
    #[command(subcommand)]
    Simulate(SimulateCommand),
    /// Play every pair of agents against each other, both ways, and rate them (Elo).
    Tournament(tournament::TournamentArgs),
}

#[derive(Debug, Subcommand)]
pub(crate) enum TrictracCommand {
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
pub(crate) enum TaflCommand {
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
        #[arg(long, value_parser = crate::args::numbers::count::<u32>("plies", 0), allow_hyphen_values = true)]
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
        /// Seconds per move when the host sends no clock; with a clock, the most a move takes.
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
pub(crate) struct SelfplayArgs {
    /// The two levels, e.g. `bard,ovate` (a level may play itself: `druid,druid`).
    #[arg(long, default_value = "bard,ovate", value_parser = parse_levels)]
    pub(crate) levels: (tafl_core::ai::Level, tafl_core::ai::Level),
    /// Node budgets per move for the two levels instead of theirs, e.g. `250,2500`.
    #[arg(long, value_parser = parse_nodes, allow_hyphen_values = true)]
    pub(crate) nodes: Option<(u64, u64)>,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    pub(crate) rules: Option<String>,
    /// Games with each level attacking (the pairing plays twice as many).
    #[arg(long, default_value_t = 100, value_parser = numbers::count::<u32>("games", 1),
          allow_hyphen_values = true)]
    pub(crate) games: u32,
    /// Game `i` of each half uses seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    pub(crate) seed: u64,
    /// Plies after which a game is cut off and counted as a draw.
    #[arg(long, default_value_t = tafl_core::MAX_GAME_PLIES,
          value_parser = numbers::count::<u32>("plies", 1), allow_hyphen_values = true)]
    pub(crate) max_plies: u32,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    pub(crate) threads: usize,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Print JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Also draw the histogram of the games' lengths in plies as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
    /// The first level's evaluation weights, `name=value` pairs replacing the defaults,
    /// e.g. `tempo=10,king_escort=8` (tafl_core::ai::EvalWeights).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    pub(crate) weights1: Option<Box<tafl_core::ai::EvalWeights>>,
    /// The second level's evaluation weights (as --weights1).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    pub(crate) weights2: Option<Box<tafl_core::ai::EvalWeights>>,
    /// Append one JSON line per finished game to this file as the games end (kept when the
    /// run is stopped or killed; a rerun with the same file plays only the games not yet
    /// there, and drops a torn last line).
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<PathBuf>,
}

/// Evaluation weights for `tafl selfplay`.
pub(crate) fn parse_weights(text: &str) -> Result<Box<tafl_core::ai::EvalWeights>, String> {
    text.parse().map(Box::new).map_err(|e| format!("{e}"))
}

/// Two comma-separated AI levels.
pub(crate) fn parse_levels(
    text: &str,
) -> Result<(tafl_core::ai::Level, tafl_core::ai::Level), String> {
    let (a, b) = text
        .split_once(',')
        .ok_or("expected two levels, like bard,ovate")?;
    Ok((
        a.parse().map_err(|e| format!("{e}"))?,
        b.parse().map_err(|e| format!("{e}"))?,
    ))
}

/// Two comma-separated node budgets.
pub(crate) fn parse_nodes(text: &str) -> Result<(u64, u64), String> {
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
pub(crate) enum LevelArg {
    /// Barzh, the weakest.
    Bard,
    /// Ovate.
    Ovate,
    /// Drouiz, the strongest.
    Druid,
}

/// The side a human takes at tafl.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum SideArg {
    /// The attackers (black), who move first.
    Attackers,
    /// The defenders (white) and the king.
    Defenders,
}

#[derive(Debug, Subcommand)]
pub(crate) enum PlayCommand {
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
        settlement: SettlementArgs,
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
pub(crate) enum ColourArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// The forms of trictrac that can be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormArg {
    /// The partie ordinaire, to 12 trous.
    Ordinaire,
    /// The partie à écrire, in marqués.
    Ecrire,
}

#[derive(Debug, Subcommand)]
pub(crate) enum SimulateCommand {
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
pub(crate) fn parse_max_actions(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| {
        format!(
            "expected a whole number of actions from 0 to {}",
            usize::MAX
        )
    })
}

/// A seed in the text form of [`boardgames_common::Seed`].
pub(crate) fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<boardgames_common::Seed>()
        .map(|s| s.0)
        .map_err(|e| e.to_string())
}
