//! Play tafl against the AI in the terminal (issue 4): you take one side, the computer the
//! other at the level you choose: Barzh (Bard), Ovate or Drouiz (Druid), as in the seed.
//!
//! ```text
//! cargo run --release --example play_tafl -- --level druid --side defenders
//! ```
//!
//! Flags: `--level bard|ovate|druid` (default ovate), `--side attackers|defenders` (your
//! side, default defenders), `--rules NAME` (a preset or an OpenTafl rules string, default fidchell), `--seed S` (the AI's
//! random choices; default 1), `--nodes N` (override the level's node budget).
//!
//! Moves are typed as `d1-d3` (captures may be added, `d1-d3xc3`, and are checked).
//! Commands: `help`, `moves` (your legal moves), `undo` (take back your last move and the
//! reply), `quit`. The board is shown after every move. Input may come from a pipe: when it
//! ends, the game stops cleanly.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use boardgames_common::Seed;
use boardgames_examples::{level_name, parse_seed, parse_tafl_rules};
use clap::Parser;
use tafl_core::ai::{Level, Searcher};
use tafl_core::{MoveList, MoveText, Ruleset, Side, Status, TaflGame};

#[macro_use]
#[path = "common/output.rs"]
mod output;

struct Options {
    level: Level,
    human: Side,
    ruleset: Ruleset,
    seed: u64,
    nodes: Option<u64>,
}

/// Play a tafl game (Fidchell by default) against the AI in the terminal.
#[derive(Debug, Parser)]
#[command(name = "play_tafl")]
struct Cli {
    /// The AI's level: bard, ovate or druid.
    #[arg(long, default_value = "ovate")]
    level: Level,
    /// Your side: attackers (black, who move first) or defenders (white, with the king).
    #[arg(long, default_value = "defenders", value_parser = parse_side)]
    side: Side,
    /// A preset name or an OpenTafl rules string.
    #[arg(long, default_value = "fidchell", value_parser = parse_tafl_rules)]
    rules: Ruleset,
    /// The AI's seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// Nodes per AI move instead of the level's.
    #[arg(long)]
    nodes: Option<u64>,
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "a" | "attackers" | "attacker" | "black" => Ok(Side::Attackers),
        "d" | "defenders" | "defender" | "white" => Ok(Side::Defenders),
        other => Err(format!("unknown side {other:?}: attackers or defenders")),
    }
}

fn parse_args() -> Options {
    let cli = Cli::parse();
    Options {
        level: cli.level,
        human: cli.side,
        ruleset: cli.rules,
        seed: cli.seed.0,
        nodes: cli.nodes,
    }
}

const HELP: &str = "\
Type a move as from-to, like d1-d3: the piece on d1 slides to d3 along its rank or file.
Files are letters from the left (a..), ranks numbers from the bottom (1..).
Pieces: t attacker, T defender, K king; # corner, + throne (king only), . empty.
Commands: help, moves (list your legal moves), undo (take back your last move),
quit (leave the game).";

fn result_text(status: Status, human: Side) -> String {
    match status.winner() {
        Some(side) if side == human => format!("You win: {status}."),
        Some(_) => format!("The computer wins: {status}."),
        None => format!("Drawn: {status}."),
    }
}

fn main() -> ExitCode {
    let o = parse_args();
    let mut config = o.level.config();
    if let Some(n) = o.nodes {
        config.limits.nodes = Some(n.max(1));
    }
    let mut ai = Searcher::new(config, Seed(o.seed));
    let mut game = TaflGame::new(o.ruleset.clone());
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "{} — you play the {}, the computer plays the {} at level {}.",
        o.ruleset.name(),
        o.human,
        o.human.other(),
        level_name(o.level)
    );
    println!("Type `help` for help.\n");
    print!("{}", game.diagram());

    while !game.status().is_over() {
        let pos = *game.position();
        if pos.side_to_move() != o.human {
            let Some(found) = ai.search(&pos, game.rules(), game.search_history()) else {
                break;
            };
            match game.play_mut(found.best_move) {
                Ok(outcome) => {
                    let text = MoveText {
                        mv: found.best_move,
                        captures: outcome.captures,
                    };
                    println!(
                        "\n{} ({}) plays {text}   [score {}, depth {}, {} nodes]\n",
                        o.level,
                        o.human.other(),
                        found.score,
                        found.depth,
                        found.nodes
                    );
                    print!("{}", game.diagram());
                }
                Err(e) => {
                    eprintln!("error: the AI chose an illegal move: {e}");
                    return ExitCode::FAILURE;
                }
            }
            continue;
        }
        print!("Your move ({}): ", o.human);
        let _ = io::stdout().flush();
        let line = match lines.next() {
            Some(Ok(line)) => line,
            Some(Err(e)) => {
                println!("\nCannot read the input ({e}); the game stops here.");
                return ExitCode::SUCCESS;
            }
            None => {
                println!("\nThe input has ended; the game stops here, unfinished.");
                return ExitCode::SUCCESS;
            }
        };
        let input = line.trim();
        match input.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "h" | "?" => {
                println!("{HELP}");
                continue;
            }
            "quit" | "q" | "exit" => {
                println!("You leave the game after {} plies.", game.moves().len());
                return ExitCode::SUCCESS;
            }
            "moves" => {
                let mut moves = MoveList::new();
                pos.legal_moves_into(game.rules(), &mut moves);
                let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
                println!("{} legal moves: {}", list.len(), list.join(" "));
                continue;
            }
            "undo" => {
                // Back to your previous turn: your move and the computer's reply.
                let back = if game.moves().len() >= 2 { 2 } else { 0 };
                if back == 0 || game.undo_plies(back) == 0 {
                    println!("Nothing of yours to take back.");
                } else {
                    println!("Took back your last move and the computer's reply.\n");
                    print!("{}", game.diagram());
                }
                continue;
            }
            _ => {}
        }
        let text: MoveText = match input.parse() {
            Ok(t) => t,
            Err(e) => {
                println!("{e}. Type a move like d1-d3, or `help`.");
                continue;
            }
        };
        if !text.mv.from.on_board(pos.size()) || !text.mv.to.on_board(pos.size()) {
            println!(
                "{} is off the {}×{} board.",
                text.mv,
                pos.size(),
                pos.size()
            );
            continue;
        }
        let mut check = pos;
        match check.play_mut(game.rules(), text.mv) {
            Err(e) => {
                let dest: Vec<String> = pos
                    .destinations(game.rules(), text.mv.from)
                    .map(|s| s.to_string())
                    .collect();
                if dest.is_empty() {
                    println!("Not allowed: {e}.");
                } else {
                    println!(
                        "Not allowed: {e}. From {} that piece can go to: {}.",
                        text.mv.from,
                        dest.join(" ")
                    );
                }
                continue;
            }
            Ok(outcome) => {
                if text.captures.any() && text.captures != outcome.captures {
                    let real = MoveText {
                        mv: text.mv,
                        captures: outcome.captures,
                    };
                    println!(
                        "That move captures differently: it is {real}. Type it again without the captures, or as {real}."
                    );
                    continue;
                }
            }
        }
        match game.play_mut(text.mv) {
            Ok(outcome) => {
                let played = MoveText {
                    mv: text.mv,
                    captures: outcome.captures,
                };
                println!("\nYou play {played}\n");
                print!("{}", game.diagram());
            }
            Err(e) => println!("Not allowed: {e}."),
        }
    }
    let status = game.status();
    println!(
        "\nGame over after {} plies. {}",
        game.moves().len(),
        result_text(status, o.human)
    );
    let record: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    println!("Moves: {}", record.join(" "));
    ExitCode::SUCCESS
}
