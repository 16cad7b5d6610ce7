//! One seeded game of Tric Trac Nippon sugoroku, printed throw by throw.
//!
//! ```text
//! cargo run --example sugoroku_game -- [--seed N] [--rules TEXT] [--record]
//! ```
//!
//! The dice are [`SimDice`] from the seed: the game is the one the simulator plays for that
//! seed (`sugoroku_stats --seed S` plays game `i` from `S.derive(i)`). `--record` prints the
//! game record (the shared format) instead of the table.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use boardgames_common::{DiceSource, Seed};
use boardgames_examples::parse_seed;
use clap::Parser;
use sugoroku_core::{Phase, Ruleset, SimDice, Sugoroku, colour};

/// One seeded game of Tric Trac Nippon sugoroku, printed throw by throw.
#[derive(Debug, Parser)]
#[command(name = "sugoroku_game")]
struct Args {
    /// The seed of the dice (decimal, or hexadecimal with 0x): the game the simulator plays
    /// for that seed.
    #[arg(long, default_value = "0", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// The ruleset, e.g. "return=adds extra=yes winner=captured" (default: the rules page).
    #[arg(long, default_value_t = Ruleset::default(), allow_hyphen_values = true)]
    rules: Ruleset,
    /// Print the game record (the shared format) instead of the table.
    #[arg(long)]
    record: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    // The text is built whole, then written once: a closed pipe (`| head`) is not an error.
    let mut out = String::new();
    if args.record {
        let _ = write!(
            out,
            "{}",
            Sugoroku::play_seeded(args.rules, args.seed).record
        );
        return emit(&out);
    }
    let _ = writeln!(
        out,
        "Tric Trac Nippon, seed {}, rules {}",
        args.seed, args.rules
    );
    let _ = writeln!(
        out,
        "{:>4}  {:<5} {:<4} {:<7} events",
        "n", "who", "dice", "phase"
    );
    let mut game = Sugoroku::new(args.rules);
    let mut dice = SimDice::new(args.seed);
    while game.end().is_none() {
        let Some(throw) = dice.throw() else { break };
        let who = game.position().side();
        let phase = match game.position().phase(who) {
            Phase::Placing => "placing",
            Phase::Taking => "taking",
        };
        match game.play_mut(throw) {
            Ok(events) => {
                let _ = writeln!(
                    out,
                    "{:>4}  {:<5} {:<4} {:<7} {events}",
                    game.position().throws(),
                    colour(who),
                    throw.to_string(),
                    phase
                );
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let _ = writeln!(out, "final position: {}", game.position());
    if let Some(end) = game.end() {
        let _ = writeln!(out, "{end}");
    }
    emit(&out)
}

/// Writes `text` to standard output: success, also when the reader has closed the pipe
/// (`| head`); failure, with a message, when the output cannot be written.
fn emit(text: &str) -> ExitCode {
    match std::io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: writing the output: {e}");
            ExitCode::from(3)
        }
        _ => ExitCode::SUCCESS,
    }
}
