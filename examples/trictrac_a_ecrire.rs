//! A seeded partie à écrire between two heuristic bots: each marqué summarised as it ends,
//! the score sheet after each marqué, and the décompte général at the end.
//!
//! ```text
//! cargo run --example trictrac_a_ecrire -- --seed 7 [--marques 8] \
//!     [--convention base|annexe|annexe-geometric|sans-lever] [--jetons-de-marque 2] \
//!     [--fiche 10] [--remainder half-counts|nothing] [--queue-generale 0] \
//!     [--sheet losses|gains] [--throws]
//! ```

use boardgames::common::{Agent, Game, Seed, Turn, sample_chance};
use boardgames::trictrac::bot::Bot;
use boardgames::trictrac::game::Action;
use boardgames::trictrac::partie::{
    Convention, EcrireGame, EcrireOptions, EcrireRules, Remainder, SheetStyle,
};

#[macro_use]
#[path = "common/output.rs"]
mod output;

struct Args {
    seed: u64,
    rules: EcrireRules,
    sheet: SheetStyle,
    throws: bool,
}

const USAGE: &str = "usage: trictrac_a_ecrire [--seed N] [--marques N] [--convention base|annexe|annexe-geometric|sans-lever] [--jetons-de-marque 1|2] [--fiche N] [--remainder half-counts|nothing] [--queue-generale N] [--sheet losses|gains] [--throws]";

fn parse_args() -> Result<Args, String> {
    let mut seed = 1u64;
    let mut marques = 8u32;
    let mut convention = Convention::Base;
    let mut jetons = 2u32;
    let mut fiche = 10u32;
    let mut remainder = Remainder::HalfCounts;
    let mut queue = 0u64;
    let mut sheet = SheetStyle::Losses;
    let mut throws = false;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--seed" => {
                seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--marques" => {
                marques = value("--marques")?
                    .parse()
                    .map_err(|e| format!("--marques: {e}"))?;
            }
            "--convention" => {
                convention = value("--convention")?
                    .parse()
                    .map_err(|e| format!("--convention: {e}"))?;
            }
            "--jetons-de-marque" => {
                jetons = value("--jetons-de-marque")?
                    .parse()
                    .map_err(|e| format!("--jetons-de-marque: {e}"))?;
            }
            "--fiche" => {
                fiche = value("--fiche")?
                    .parse()
                    .map_err(|e| format!("--fiche: {e}"))?
            }
            "--remainder" => {
                remainder = value("--remainder")?
                    .parse()
                    .map_err(|e| format!("--remainder: {e}"))?;
            }
            "--queue-generale" => {
                queue = value("--queue-generale")?
                    .parse()
                    .map_err(|e| format!("--queue-generale: {e}"))?;
            }
            "--sheet" => {
                sheet = match value("--sheet")?.as_str() {
                    "losses" => SheetStyle::Losses,
                    "gains" => SheetStyle::GainsAndLosses,
                    other => return Err(format!("--sheet: {other:?} is not losses or gains")),
                };
            }
            "--throws" => throws = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    let rules = EcrireRules::new(marques)
        .and_then(|r| r.with_jetons_de_marque(jetons))
        .and_then(|r| r.with_fiche(fiche, remainder))
        .map(|r| r.with_convention(convention).with_queue_generale(queue))
        .map_err(|e| e.to_string())?;
    Ok(Args {
        seed,
        rules,
        sheet,
        throws,
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
    let mut game = EcrireGame::standard(EcrireOptions::new(args.rules));
    let mut bots = [Bot::default(), Bot::default()];
    let mut rng = Seed(args.seed).rng();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut throws = 0u32;
    println!(
        "Partie à écrire in {} marqués, convention {}, seed {}: two bots, A and B (A plays White in the first marqué)",
        args.rules.marques(),
        args.rules.convention(),
        args.seed
    );
    loop {
        let action = match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut outcomes);
                match sample_chance(&outcomes, &mut rng) {
                    Some(a) => a,
                    None => break,
                }
            }
            Turn::Player(p) => {
                game.legal_actions(&mut legal);
                bots[p.index()].choose(&game, &legal)
            }
        };
        let entries = game.ledger().entries().len();
        let text = game.action_text(action);
        let comment = match game.apply_commented(action) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("refused {text}: {e}");
                std::process::exit(1);
            }
        };
        if matches!(action, Action::Throw(_)) {
            throws += 1;
        }
        if args.throws {
            println!("  {text}: {comment}");
        }
        if game.ledger().entries().len() > entries {
            let last = comment
                .rsplit("; ")
                .find(|s| s.contains("marqué"))
                .unwrap_or("");
            println!("after {throws} throws: {last}");
            print!("{}", game.ledger().sheet(args.sheet));
        }
    }
    print!("{}", game.ledger().decompte_text());
}
