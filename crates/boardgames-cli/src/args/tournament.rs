//! The arguments of `boardgames tournament`.

/// The games a tournament can be played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TournamentGame {
    /// A partie ordinaire of trictrac.
    Trictrac,
    /// Tafl (Fidchell unless `--rules`).
    Tafl,
}

impl From<TournamentGame> for boardgames_arena::tournament::TournamentGame {
    fn from(game: TournamentGame) -> boardgames_arena::tournament::TournamentGame {
        match game {
            TournamentGame::Trictrac => boardgames_arena::tournament::TournamentGame::Trictrac,
            TournamentGame::Tafl => boardgames_arena::tournament::TournamentGame::Tafl,
        }
    }
}

/// The arguments of `boardgames tournament`.
#[derive(Debug, clap::Args)]
pub(crate) struct TournamentArgs {
    /// The game.
    #[arg(long, value_enum)]
    pub(crate) game: TournamentGame,
    /// Comma-separated agents: random, mcts:N (N iterations), expecti:D (depth D); trictrac:
    /// bot (the heuristic), searchbot (its expectimax over the 21 throws; searchbot:B
    /// searches the B best plays, default 8), tdbot (the TD-trained network; tdbot:FILE
    /// with the weights of FILE), tdsearchbot (one ply of expectimax on it;
    /// tdsearchbot:FILE); tafl: bard, ovate, druid (druid:NODES with a node budget a move).
    #[arg(long, value_delimiter = ',', required = true)]
    pub(crate) agents: Vec<String>,
    /// Rounds per pair: each round is two games, the sides swapped.
    #[arg(long, default_value_t = 10, value_parser = crate::args::numbers::count::<u32>("rounds", 1),
          allow_hyphen_values = true)]
    pub(crate) games: u32,
    /// The tournament's seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_hyphen_values = true)]
    pub(crate) seed: u64,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::args::numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    pub(crate) threads: usize,
    /// Trictrac: trous to win the partie.
    #[arg(long, value_parser = crate::args::numbers::count::<u8>("trous", 1), allow_hyphen_values = true)]
    pub(crate) trous: Option<u8>,
    /// Tafl: a preset name or an OpenTafl rules string; default fidchell.
    #[arg(long)]
    pub(crate) rules: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Print JSON (without the timings, which vary from run to run).
    #[arg(long)]
    pub(crate) json: bool,
    /// Also draw the histogram of the games' lengths (in actions, dice throws included) as
    /// an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<std::path::PathBuf>,
    /// Append one JSON line per finished game to this file as the games end (kept when the
    /// run is stopped or killed; a rerun with the same file and the same arguments plays
    /// only the games not yet there, and drops a torn last line; a log of other arguments
    /// is refused).
    #[arg(long, value_name = "FILE")]
    pub(crate) log: Option<std::path::PathBuf>,
}
