//! A seeded partie à écrire at three or four players between bots: the draw, who plays whom
//! at each marqué, the score sheet and the décompte.
//!
//! ```text
//! cargo run --example trictrac_table -- --players 3 --form tourner --marques 6 --seed 7
//! cargo run --example trictrac_table -- --players 3 --form chouette --marques 8
//! cargo run --example trictrac_table -- --players 4 --form teams --marques 8
//! ```

use boardgames::common::{Seed, SeededDice};
use boardgames::trictrac::partie::EcrireRules;
use boardgames::trictrac::partie::table::{Table, TableForm};

#[macro_use]
#[path = "common/output.rs"]
mod output;

const USAGE: &str = "usage: trictrac_table [--players 3|4] [--form tourner|chouette|teams] [--marques N] [--seed S]";

struct Args {
    players: usize,
    form: TableForm,
    marques: u32,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let (mut players, mut form, mut marques, mut seed) = (None, None, None, 1u64);
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--players" => {
                players = Some(
                    value("--players")?
                        .parse::<usize>()
                        .map_err(|e| format!("--players: {e}"))?,
                );
            }
            "--form" => {
                form = Some(
                    value("--form")?
                        .parse::<TableForm>()
                        .map_err(|e| format!("--form: {e}"))?,
                );
            }
            "--marques" => {
                marques = Some(
                    value("--marques")?
                        .parse::<u32>()
                        .map_err(|e| format!("--marques: {e}"))?,
                );
            }
            "--seed" => {
                seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?;
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    let form = match (form, players) {
        (Some(f), _) => f,
        (None, Some(4)) => TableForm::Teams,
        (None, _) => TableForm::Tourner,
    };
    let players = players.unwrap_or(form.players());
    form.check_players(players)
        .map_err(|e| format!("--players: {e}"))?;
    let marques = marques.unwrap_or(if form == TableForm::Tourner { 6 } else { 8 });
    Ok(Args {
        players,
        form,
        marques,
        seed,
    })
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let names: Vec<String> = ["A", "B", "C", "D"][..args.players]
        .iter()
        .map(|s| format!("bot {s}"))
        .collect();
    let table = EcrireRules::new(args.marques)
        .map_err(|e| e.to_string())
        .and_then(|rules| {
            let mut dice = SeededDice::new(Seed(args.seed));
            Table::seat(args.form, names, rules, &mut dice).map_err(|e| e.to_string())
        });
    let mut table = match table {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!(
        "Partie à écrire {} in {} marqués, seed {}: the draw {}",
        args.form,
        args.marques,
        args.seed,
        table.draw()
    );
    if let Err(e) = table.play_bots(Seed(args.seed)) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    print!("{}", table.sheet());
}
