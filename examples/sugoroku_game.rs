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
use sugoroku_core::{Phase, Ruleset, SimDice, Sugoroku, colour};

struct Args {
    seed: Seed,
    rules: Ruleset,
    record: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut out = Args {
        seed: Seed(0),
        rules: Ruleset::default(),
        record: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--seed" => {
                let v = args.next().ok_or("--seed needs a value")?;
                out.seed = v.parse().map_err(|e| format!("--seed: {e}"))?;
            }
            "--rules" => {
                let v = args.next().ok_or("--rules needs a value")?;
                out.rules = v.parse().map_err(|e| format!("--rules: {e}"))?;
            }
            "--record" => out.record = true,
            "-h" | "--help" => {
                return Err("usage: sugoroku_game [--seed N] [--rules TEXT] [--record]".into());
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::FAILURE;
        }
    };
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
        match game.apply_throw(throw) {
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
                eprintln!("{e}");
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
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}
