//! A seeded partie à écrire at three or four players between bots: the draw, who plays whom
//! at each marqué, the score sheet and the décompte.
//!
//! ```text
//! cargo run --example trictrac_table -- --players 3 --form tourner --marques 6 --seed 7
//! cargo run --example trictrac_table -- --players 3 --form chouette --marques 8
//! cargo run --example trictrac_table -- --players 4 --form teams --marques 8
//! ```

use boardgames::common::{Seed, SeededDice};
use boardgames::trictrac::ecrire::settlement::EcrireRules;
use boardgames::trictrac::ecrire::table::{Partie, TableForm};
use boardgames_examples::parse_seed;
use clap::Parser;

#[macro_use]
#[path = "common/output.rs"]
mod output;

/// A seeded partie à écrire at three or four players between bots: the draw, who plays whom
/// at each marqué, the score sheet and the décompte.
#[derive(Debug, Parser)]
#[command(name = "trictrac_table")]
struct Cli {
    /// Players at the table: 3 or 4 (default: the form's).
    #[arg(long)]
    players: Option<usize>,
    /// The form: tourner, chouette, teams or tourner-4 (default: tourner at 3, teams at 4).
    #[arg(long)]
    form: Option<TableForm>,
    /// Marqués of the partie (default: 6 à tourner, 8 otherwise).
    #[arg(long)]
    marques: Option<u32>,
    /// The seed of the draw and the dice (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
}

struct Args {
    players: usize,
    form: TableForm,
    marques: u32,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let cli = Cli::parse();
    let form = match (cli.form, cli.players) {
        (Some(f), _) => f,
        (None, Some(4)) => TableForm::Teams,
        (None, _) => TableForm::Tourner,
    };
    let players = cli.players.unwrap_or(form.players());
    form.check_players(players)
        .map_err(|e| format!("--players: {e}"))?;
    let marques = cli
        .marques
        .unwrap_or(if form == TableForm::Tourner { 6 } else { 8 });
    Ok(Args {
        players,
        form,
        marques,
        seed: cli.seed.0,
    })
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
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
            Partie::seat(args.form, names, rules, &mut dice).map_err(|e| e.to_string())
        });
    let mut table = match table {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
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
