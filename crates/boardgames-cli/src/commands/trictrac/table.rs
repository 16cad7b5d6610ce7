//! `boardgames trictrac table`: a partie à écrire at three or four players (à tourner, à la
//! chouette, in teams). With `--winners`, the schedule of a real table from its dice and the
//! marqués' winners; otherwise a seeded table of bots played to the end with its sheet.

use boardgames_common::{Seed, SeededDice};
use trictrac_core::ecrire::table::{Draw, Partie, Seat, TableForm, given_dice, schedule};

use crate::args::settlement::SettlementArgs;
use crate::io::error::CliError;

/// `--players`: a whole number (3 or 4 is checked with the form).
fn parse_players(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| "expected the number of players, 3 or 4".to_string())
}

/// The arguments of `boardgames trictrac table`.
#[derive(Debug, clap::Args)]
pub(crate) struct TableArgs {
    /// Players: 3 (tourner, chouette) or 4 (teams, tourner-4); default: the form's.
    #[arg(long, value_parser = parse_players, allow_hyphen_values = true)]
    players: Option<usize>,
    /// The form: tourner (each for himself), chouette (A against B and C), teams (A and B
    /// against C and D), tourner-4 (the older partie à tourner at four, each for himself);
    /// default: teams at 4 players, tourner at 3.
    #[arg(long)]
    form: Option<String>,
    /// Marqués of the partie (a multiple of 3 à tourner, of 4 in the other forms); default
    /// 6 à tourner, 8 otherwise.
    #[arg(long, value_parser = crate::args::numbers::count::<u32>("marqués", 1),
          allow_hyphen_values = true)]
    marques: Option<u32>,
    /// Convention: base, annexe, annexe-geometric, sans-lever.
    #[arg(long, default_value = "base")]
    convention: String,
    /// Progression of the annexe convention: arithmetic or geometric.
    #[arg(long)]
    progression: Option<String>,
    /// The settlement of each marqué and of the partie.
    #[command(flatten)]
    settlement: SettlementArgs,
    /// The dice seed of the draw and the marqués (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// The die results of the draw, comma-separated, in the order the rules give (teams: A,
    /// B, C, D, then any re-throws); default: thrown from the seed.
    #[arg(long)]
    dice: Option<String>,
    /// The winners of the marqués played, comma-separated seats (e.g. `B,B,C`): print the
    /// schedule of a real table instead of playing bots.
    #[arg(long)]
    winners: Option<String>,
}

/// A comma-separated list of `expected` (a die result, a seat): every entry must be one; an
/// empty entry (`,,` or a trailing comma) is refused with its place, not skipped.
fn list<T: std::str::FromStr>(
    what: &'static str,
    expected: &str,
    text: &str,
) -> Result<Vec<T>, CliError>
where
    T::Err: ToString,
{
    if text.split(',').all(|s| s.trim().is_empty()) {
        return Err(CliError::input(
            what,
            format!("no {expected} in {text:?}: give them comma-separated"),
        ));
    }
    text.split(',')
        .enumerate()
        .map(|(k, s)| {
            let s = s.trim();
            if s.is_empty() {
                return Err(CliError::input(
                    what,
                    format!("entry {} of {text:?} is empty: expected {expected}", k + 1),
                ));
            }
            s.parse::<T>()
                .map_err(|e| CliError::input(what, format!("entry {}: {}", k + 1, e.to_string())))
        })
        .collect()
}

impl TableArgs {
    /// Runs `boardgames trictrac table`.
    pub(crate) fn run(self) -> Result<(), CliError> {
        table(&self)
    }
}

/// Plays or schedules the table of `args`.
fn table(args: &TableArgs) -> Result<(), CliError> {
    let form: Option<TableForm> = args
        .form
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(|e| CliError::input("--form", e))?;
    let form = match (form, args.players) {
        (Some(f), _) => f,
        (None, Some(4)) => TableForm::Teams,
        (None, _) => TableForm::Tourner,
    };
    let players = args.players.unwrap_or(form.players());
    form.check_players(players)
        .map_err(|e| CliError::input("--players", e))?;
    let marques = args
        .marques
        .unwrap_or(if form == TableForm::Tourner { 6 } else { 8 });
    form.check_marques(marques)
        .map_err(|e| CliError::input("--marques", e))?;
    let rules = crate::games::ecrire::rules(
        marques,
        &args.convention,
        args.progression.as_deref(),
        &args.settlement,
    )?;
    let dice: Option<Vec<u8>> = args
        .dice
        .as_deref()
        .map(|d| list("--dice", "die results (1 to 6, e.g. 5,3,6)", d))
        .transpose()?;
    if let Some(winners) = &args.winners {
        let dice = dice.ok_or_else(|| CliError::input("--winners", "needs --dice"))?;
        let winners: Vec<Seat> = list("--winners", "winners (seats A to D, e.g. C,A,D)", winners)?;
        let draw = Draw::from_values(form, &dice).map_err(|e| CliError::input("--dice", e))?;
        // Checked whole before anything is printed.
        let s = schedule(form, marques, &dice, &winners)
            .map_err(|e| CliError::input("--winners", e))?;
        outln!("Partie à écrire {form} in {marques} marqués: the draw {draw}");
        for m in s {
            let vacant = if m.pairing.vacant.is_empty() {
                String::new()
            } else {
                format!(", {} vacant", m.pairing.vacant)
            };
            match m.winner {
                Some(w) => outln!(
                    "marqué {}: {}{vacant}, won by {w}",
                    m.pairing.number,
                    m.pairing
                ),
                None => outln!(
                    "marqué {}: {}{vacant}, to play",
                    m.pairing.number,
                    m.pairing
                ),
            }
        }
        return Ok(());
    }
    let names: Vec<String> = Seat::ALL[..players]
        .iter()
        .map(|s| format!("bot {s}"))
        .collect();
    let mut table = match dice {
        Some(d) => {
            let draw = Draw::new(
                form,
                &mut given_dice(&d).map_err(|e| CliError::input("--dice", e))?,
            )
            .map_err(|e| CliError::input("--dice", e))?;
            Partie::new(names, rules, draw)
        }
        None => Partie::seat(form, names, rules, &mut SeededDice::new(Seed(args.seed))),
    }
    .map_err(|e| CliError::input("--players", e))?;
    outln!(
        "Partie à écrire {form} in {marques} marqués, seed {}: the draw {}",
        args.seed,
        table.draw()
    );
    table
        .play_bots(Seed(args.seed))
        .map_err(|e| CliError::Illegal(e.to_string()))?;
    out!("{}", table.sheet());
    Ok(())
}
