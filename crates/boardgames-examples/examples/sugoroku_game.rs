//! One seeded game of Tric Trac Nippon sugoroku, printed throw by throw.
//!
//! ```text
//! cargo run --example sugoroku_game -- [--seed N] [--rules TEXT] [--record]
//! ```
//!
//! The game is played by boardgames-common's one game loop (`Playout`) with the dice of
//! [`SimDice`] from the seed: the game is the one the simulator plays for that seed
//! (`sugoroku_stats --seed S` plays game `i` from `S.derive(i)`). `--record` prints the game
//! record (the shared format) instead of the table.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use boardgames_common::{Agent, ByPlayer, DiceSource, Playout, RandomAgent, Seed};
use boardgames_examples::parse_seed;
use clap::Parser;
use sugoroku_core::{Phase, Ruleset, SimDice, SugorokuGame, colour};

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
            SugorokuGame::play_seeded(args.rules, args.seed).record
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
    // The family's one game loop, its chance given by the simulator's dice; the agents are
    // never asked (the game has no decisions).
    let mut dice = SimDice::new(args.seed);
    let mut throw = |_: &SugorokuGame| dice.throw();
    let (mut a, mut b) = (RandomAgent::new(args.seed), RandomAgent::new(args.seed));
    let agents = ByPlayer::new(&mut a as &mut dyn Agent<SugorokuGame>, &mut b);
    let start = SugorokuGame::new(args.rules);
    let mut playout = match Playout::recorded(start, args.seed, agents, usize::MAX) {
        Ok(playout) => playout.with_chance(&mut throw),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    loop {
        let who = playout.state().position().side();
        let phase = match playout.state().position().phase(who) {
            Phase::Placing => "placing",
            Phase::Taking => "taking",
        };
        match playout.next() {
            None => break,
            Some(Ok(step)) => {
                // The record's comment of the throw is its events.
                let events = playout
                    .record()
                    .and_then(|r| r.entries().last())
                    .and_then(|e| e.comment.as_deref())
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "{:>4}  {:<5} {:<4} {:<7} {events}",
                    playout.state().position().throws(),
                    colour(who),
                    step.action.to_string(),
                    phase
                );
            }
            Some(Err(e)) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let game = *playout.state();
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
