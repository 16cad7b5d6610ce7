//! `boardgames trictrac table`: a partie à écrire at three or four players (à tourner, à la
//! chouette, in teams). With `--winners`, the schedule of a real table from its dice and the
//! marqués' winners; otherwise a seeded table of bots played to the end with its sheet.

use boardgames_common::{Seed, SeededDice};
use trictrac_core::ecrire::table::{Draw, Partie, Seat, TableForm, given_dice, schedule};

use crate::args::table::TableArgs;
use crate::io::error::CliError;

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

/// Runs `boardgames trictrac table`.
pub(crate) fn run(args: &TableArgs) -> Result<(), CliError> {
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
