//! The arguments of `boardgames trictrac table`.

use clap::Args;

use crate::args::settlement::SettlementArgs;

/// `--players`: a whole number (3 or 4 is checked with the form).
fn parse_players(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| "expected the number of players, 3 or 4".to_string())
}

/// The arguments of `boardgames trictrac table`.
#[derive(Debug, Args)]
pub(crate) struct TableArgs {
    /// Players: 3 (tourner, chouette) or 4 (teams, tourner-4); default: the form's.
    #[arg(long, value_parser = parse_players, allow_hyphen_values = true)]
    pub(crate) players: Option<usize>,
    /// The form: tourner (each for himself), chouette (A against B and C), teams (A and B
    /// against C and D), tourner-4 (the older partie à tourner at four, each for himself);
    /// default: teams at 4 players, tourner at 3.
    #[arg(long)]
    pub(crate) form: Option<String>,
    /// Marqués of the partie (a multiple of 3 à tourner, of 4 in the other forms); default
    /// 6 à tourner, 8 otherwise.
    #[arg(long, value_parser = crate::args::numbers::count::<u32>("marqués", 1),
          allow_hyphen_values = true)]
    pub(crate) marques: Option<u32>,
    /// Convention: base, annexe, annexe-geometric, sans-lever.
    #[arg(long, default_value = "base")]
    pub(crate) convention: String,
    /// Progression of the annexe convention: arithmetic or geometric.
    #[arg(long)]
    pub(crate) progression: Option<String>,
    /// The settlement of each marqué and of the partie.
    #[command(flatten)]
    pub(crate) settlement: SettlementArgs,
    /// The dice seed of the draw and the marqués (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_hyphen_values = true)]
    pub(crate) seed: u64,
    /// The die results of the draw, comma-separated, in the order the rules give (teams: A,
    /// B, C, D, then any re-throws); default: thrown from the seed.
    #[arg(long)]
    pub(crate) dice: Option<String>,
    /// The winners of the marqués played, comma-separated seats (e.g. `B,B,C`): print the
    /// schedule of a real table instead of playing bots.
    #[arg(long)]
    pub(crate) winners: Option<String>,
}
