//! `boardgames play tafl` and `boardgames play trictrac`: a human against the computer in the
//! terminal. Input is read line by line from standard input; the end of the input ends the
//! game cleanly.

use std::io::{BufRead, Write};

use boardgames_common::{Agent, Game, Seed, Turn, sample_chance};
use tafl_core::ai::{Level, Searcher};
use tafl_core::{Move, MoveList, MoveText, Side, Status, TaflGame};
use trictrac_core::bot::Bot;
use trictrac_core::game::{Action, DefaultScorer, GameOptions, TrictracGame, colour_of};
use trictrac_core::{Colour, diagram};

use crate::error::CliError;
use crate::{LevelArg, SideArg};

/// Reads one trimmed line, or `None` at the end of the input. Bytes that are not UTF-8 are
/// replaced (the line is then simply not understood).
pub(crate) fn read_line(input: &mut impl BufRead) -> Result<Option<String>, CliError> {
    let mut line = Vec::new();
    match input.read_until(b'\n', &mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(String::from_utf8_lossy(&line).trim().to_string())),
        Err(e) => Err(CliError::Input {
            what: "standard input",
            message: e.to_string(),
        }),
    }
}

pub(crate) fn prompt(text: &str) -> Result<(), CliError> {
    out!("{text}");
    std::io::stdout()
        .flush()
        .map_err(|e| CliError::Output(e.to_string()))
}

const TAFL_HELP: &str = "\
Type a move as from-to, e.g. d1-d3 (captures are found for you; d1-d3xc3 is accepted too).
Commands: moves (list the legal moves), board, undo (take back your last move and the
computer's reply), help, quit.";

/// A human plays `side` against the AI at `level` under `rules` (fidchell by default).
pub(crate) fn tafl(
    level: LevelArg,
    side: SideArg,
    rules: Option<&str>,
    seed: u64,
) -> Result<(), CliError> {
    let ruleset = crate::tafl::ruleset(rules)?;
    let level = match level {
        LevelArg::Bard => Level::Bard,
        LevelArg::Ovate => Level::Ovate,
        LevelArg::Druid => Level::Druid,
    };
    let human = match side {
        SideArg::Attackers => Side::Attackers,
        SideArg::Defenders => Side::Defenders,
    };
    let mut game = TaflGame::new(ruleset.clone());
    let mut ai = Searcher::for_level(level, Seed(seed));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    outln!(
        "{}: you play the {human} against {} ({}). Type help for help.",
        ruleset.name(),
        level.name(),
        level.breton_name()
    );
    out!("{}", game.position().diagram());
    loop {
        let status = game.status();
        if status != Status::Ongoing {
            outln!("Game over: {status}.");
            return Ok(());
        }
        let pos = *game.position();
        if pos.side_to_move() != human {
            let Some(found) = ai.search(&pos, game.search_history()) else {
                outln!("The computer has no move.");
                return Ok(());
            };
            let outcome = game
                .play(found.best_move)
                .map_err(|e| CliError::Output(format!("the AI chose an illegal move: {e}")))?;
            let played = MoveText {
                mv: found.best_move,
                captures: outcome.captures,
            };
            outln!("{} plays {played}", level.name());
            out!("{}", game.position().diagram());
            continue;
        }
        prompt(&format!("{human} to move> "))?;
        let Some(line) = read_line(&mut input)? else {
            outln!("\nEnd of input: game abandoned.");
            return Ok(());
        };
        match line.as_str() {
            "" => continue,
            "quit" | "exit" => {
                outln!("Game abandoned.");
                return Ok(());
            }
            "help" | "?" => outln!("{TAFL_HELP}"),
            "board" => out!("{}", pos.diagram()),
            "moves" => {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let texts: Vec<String> = list
                    .iter()
                    .map(|&m| crate::tafl::move_text(&pos, m).to_string())
                    .collect();
                outln!("{} legal moves: {}", texts.len(), texts.join(" "));
            }
            "undo" => {
                // Take back the human's last move and the reply to it; never the computer's
                // opening move alone.
                if game.moves().len() < 2 {
                    outln!("Nothing to undo.");
                } else {
                    game.undo_plies(2);
                    outln!("Took back your last move and the reply.");
                    out!("{}", game.position().diagram());
                }
            }
            text => {
                if text.chars().count() > 40 {
                    outln!("Not a move: too long. Type help for help.");
                    continue;
                }
                let mv: Move = match text.parse::<MoveText>() {
                    Ok(t) => t.mv,
                    Err(e) => {
                        outln!("Not a move: {e}. Type help for help.");
                        continue;
                    }
                };
                match game.play(mv) {
                    Ok(outcome) => {
                        let played = MoveText {
                            mv,
                            captures: outcome.captures,
                        };
                        outln!("You play {played}");
                        out!("{}", game.position().diagram());
                    }
                    Err(e) => outln!("Illegal: {e}"),
                }
            }
        }
    }
}

const TRICTRAC_HELP: &str = "\
When asked for a play, type its number in the list, or the play itself as written there
(e.g. 6-5: B1-B7, B1-B6). When you win a trou you are asked to hold (tenir) or leave
(s'en aller). Commands: board, help, quit.";

/// A human (White) plays a partie ordinaire against the bot (Black), dice from `seed`.
pub(crate) fn trictrac(seed: u64) -> Result<(), CliError> {
    let mut game = TrictracGame::new(DefaultScorer::default(), GameOptions::default());
    let mut bot = Bot::default();
    let mut rng = Seed(seed).rng();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    outln!("Partie ordinaire to 12 trous: you are White, the bot is Black. Type help for help.");
    out!("{}", diagram(game.position().board()));
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
            Turn::Player(p) if colour_of(p) == Colour::Black => {
                game.legal_actions(&mut legal);
                bot.choose(&game, &legal)
            }
            Turn::Player(_) => {
                game.legal_actions(&mut legal);
                let texts: Vec<String> = legal.iter().map(|&a| game.action_text(a)).collect();
                outln!("Marks {}", game.marks_text());
                for (i, t) in texts.iter().enumerate() {
                    outln!("  {}. {t}", i + 1);
                }
                loop {
                    prompt("White> ")?;
                    let Some(line) = read_line(&mut input)? else {
                        outln!("\nEnd of input: partie abandoned.");
                        return Ok(());
                    };
                    match line.as_str() {
                        "" => continue,
                        "quit" | "exit" => {
                            outln!("Partie abandoned.");
                            return Ok(());
                        }
                        "help" | "?" => outln!("{TRICTRAC_HELP}"),
                        "board" => out!("{}", diagram(game.position().board())),
                        text => {
                            if let Ok(n) = text.parse::<usize>() {
                                match legal.get(n.wrapping_sub(1)) {
                                    Some(&a) => break a,
                                    None => outln!("Choose a number from 1 to {}.", legal.len()),
                                }
                            } else {
                                match game.parse_action(text) {
                                    Ok(a) if legal.contains(&a) => break a,
                                    Ok(_) => outln!("Not possible now."),
                                    Err(e) => outln!("Not understood: {e}"),
                                }
                            }
                        }
                    }
                }
            }
        };
        let text = game.action_text(action);
        let mover = game.position().side_to_move();
        let comment = game
            .apply_commented(action)
            .map_err(|e| CliError::Output(format!("refused {text}: {e}")))?;
        match action {
            Action::Throw(t) => {
                let prefix = format!("{mover} throws {}; ", t.name());
                let events = comment.strip_prefix(&prefix).unwrap_or(&comment);
                outln!("{mover} throws {t} ({}): {events}", t.name());
            }
            Action::Play(_) => {
                outln!("{mover} plays {text}  {comment}");
                out!("{}", diagram(game.position().board()));
            }
            _ => outln!("{text}: {comment}"),
        }
    }
    match game.winner() {
        Some(w) => outln!("{w} wins the partie. Marks {}", game.marks_text()),
        None => outln!("The partie did not end."),
    }
    Ok(())
}
