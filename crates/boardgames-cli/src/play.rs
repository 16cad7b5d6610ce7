//! `boardgames play tafl` and `boardgames play trictrac`: a human against the computer in the
//! terminal. Input is read line by line from standard input; the end of the input ends the
//! game cleanly.

use std::io::{BufRead, Write};

use boardgames_common::Seed;
use tafl_core::ai::{Level, Searcher, WIN_THRESHOLD};
use tafl_core::{Move, MoveList, MoveText, Side, Status, TaflGame};

use crate::error::CliError;
use crate::{LevelArg, SideArg};

/// The longest line read from a player, in bytes: the rest of a longer line is skipped, so
/// that a line of any length costs bounded memory (the line is then simply not understood).
const MAX_LINE: usize = 4096;

/// Reads one trimmed line, or `None` at the end of the input. Bytes that are not UTF-8 are
/// replaced, and a line longer than [`MAX_LINE`] bytes is cut there (the line is then simply
/// not understood).
pub(crate) fn read_line(input: &mut impl BufRead) -> Result<Option<String>, CliError> {
    let error = |e: std::io::Error| CliError::Input {
        what: "standard input",
        message: e.to_string(),
    };
    let mut line = Vec::new();
    let n = std::io::Read::take(&mut *input, MAX_LINE as u64)
        .read_until(b'\n', &mut line)
        .map_err(error)?;
    if n == 0 {
        return Ok(None);
    }
    if n == MAX_LINE && line.last() != Some(&b'\n') {
        // Skip the rest of the line without keeping it.
        loop {
            let buf = input.fill_buf().map_err(error)?;
            if buf.is_empty() {
                break;
            }
            if let Some(i) = buf.iter().position(|&b| b == b'\n') {
                input.consume(i + 1);
                break;
            }
            let len = buf.len();
            input.consume(len);
        }
    }
    Ok(Some(String::from_utf8_lossy(&line).trim().to_string()))
}

pub(crate) fn prompt(text: &str) -> Result<(), CliError> {
    out!("{text}");
    std::io::stdout()
        .flush()
        .map_err(|e| CliError::Output(e.to_string()))
}

const TAFL_HELP: &str = "\
Type a move as from-to, e.g. d1-d3 (captures are found for you; d1-d3xc3 is accepted too).
Commands: moves (list the legal moves), hint (the move the computer's level would play for
you), board, position (the OpenTafl position string), undo (take back your last move and the
computer's reply), save FILE (the record so far, for `boardgames replay`), help, quit.";

/// The tafl game so far as a record that `boardgames replay` reads: [`TaflGame::to_record`]
/// (its rules, moves and `Result`, `*` before the end, as every game writes it) with the
/// session's `Seed` after the `Game` tag.
fn tafl_record(game: &TaflGame, seed: u64) -> Result<boardgames_common::Record, String> {
    let played = game.to_record();
    let mut record = boardgames_common::Record::new(<TaflGame as boardgames_common::Game>::NAME);
    record
        .set_tag("Seed", &boardgames_common::Seed(seed).to_string())
        .map_err(|e| e.to_string())?;
    for (k, v) in played.tags() {
        record.set_tag(k, v).map_err(|e| e.to_string())?;
    }
    for action in played.actions() {
        record.push_action(action).map_err(|e| e.to_string())?;
    }
    Ok(record)
}

/// Writes the record of `game` to `file` and says so.
fn save_tafl(game: &TaflGame, seed: u64, file: &str) -> Result<(), CliError> {
    match tafl_record(game, seed)
        .and_then(|r| std::fs::write(file, r.to_string()).map_err(|e| e.to_string()))
    {
        Ok(()) => outln!("Saved the game to {file}."),
        Err(e) => outln!("Cannot save to {file}: {e}"),
    }
    Ok(())
}

/// After the end of a tafl game: the person may still save its record, look at the board or
/// the position, or undo his last move (and the computer's reply, if it made the last move),
/// until `quit` or the end of input. `true` when an undo resumed the game.
fn tafl_after_the_end(
    game: &mut TaflGame,
    human: Side,
    seed: u64,
    input: &mut impl std::io::BufRead,
) -> Result<bool, CliError> {
    const OVER: &str = "The game is over: save FILE keeps its record, undo takes back your \
last move; board, position, quit.";
    outln!("{OVER}");
    loop {
        prompt("over> ")?;
        let Some(line) = read_line(input)? else {
            outln!();
            return Ok(false);
        };
        match line.as_str() {
            "" => {}
            "quit" | "exit" => return Ok(false),
            "board" => out!("{}", crate::color::tafl(&tafl_diagram(game))),
            "position" => outln!("{}", game.position()),
            "save" => outln!("save needs a file name: save FILE"),
            save if save.starts_with("save ") => {
                save_tafl(game, seed, save["save ".len()..].trim())?
            }
            "undo" => {
                // The side to move did not make the last move: if it is the human, the
                // computer's last move goes too.
                let plies = if game.position().side_to_move() == human {
                    2
                } else {
                    1
                };
                if game.moves().len() >= plies {
                    game.undo_plies(plies);
                    outln!("Took back your last move and what followed it.");
                    out!("{}", crate::color::tafl(&tafl_diagram(game)));
                    return Ok(true);
                }
                outln!("Nothing to undo.");
            }
            _ => outln!("{OVER}"),
        }
    }
}

/// A tafl diagram whose last line names the side to move, or says the game is over.
fn tafl_diagram(game: &TaflGame) -> String {
    let text = game.position().diagram();
    if game.status() == Status::Ongoing {
        return text;
    }
    let side = game.position().side_to_move();
    text.replacen(&format!("{side} to move"), "game over", 1)
}

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
    // The hints' own searcher, so that asking for one never changes the computer's moves.
    let mut adviser = Searcher::for_level(level, Seed(seed));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let level_name = if level.name() == level.breton_name() {
        level.name().to_string()
    } else {
        format!("{} ({})", level.name(), level.breton_name())
    };
    outln!(
        "{}: you play the {human} against {level_name}. Type help for help.",
        ruleset.name()
    );
    out!("{}", crate::color::tafl(&tafl_diagram(&game)));
    loop {
        let status = game.status();
        if status != Status::Ongoing {
            outln!("Game over: {status}.");
            if tafl_after_the_end(&mut game, human, seed, &mut input)? {
                continue;
            }
            return Ok(());
        }
        let pos = *game.position();
        if pos.side_to_move() != human {
            let Some(found) = ai.search(&pos, game.search_history()) else {
                outln!("The computer has no move.");
                return Ok(());
            };
            let outcome = game
                .play_mut(found.best_move)
                .map_err(|e| CliError::Output(format!("the AI chose an illegal move: {e}")))?;
            let played = MoveText {
                mv: found.best_move,
                captures: outcome.captures,
            };
            outln!("{} plays {played}", level.name());
            out!("{}", crate::color::tafl(&tafl_diagram(&game)));
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
            "board" => out!("{}", crate::color::tafl(&pos.diagram())),
            "position" => outln!("{pos}"),
            "save" => outln!("save needs a file name: save FILE"),
            save if save.starts_with("save ") => {
                save_tafl(&game, seed, save["save ".len()..].trim())?;
            }
            "hint" => match adviser.search(&pos, game.search_history()) {
                Some(found) => {
                    let text = crate::tafl::move_text(&pos, found.best_move);
                    let value = if found.score >= WIN_THRESHOLD {
                        "a win found".to_string()
                    } else if found.score <= -WIN_THRESHOLD {
                        "a loss found".to_string()
                    } else {
                        format!("{:+.2} soldiers for you", f64::from(found.score) / 100.0)
                    };
                    outln!(
                        "Hint ({}): {text} ({value}, depth {})",
                        level.name(),
                        found.depth
                    );
                }
                None => outln!("No move to suggest."),
            },
            "moves" => {
                let mut list = MoveList::new();
                pos.legal_moves_into(&mut list);
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
                    outln!("Took back your last move and the computer's reply.");
                    out!("{}", crate::color::tafl(&tafl_diagram(&game)));
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
                match game.play_mut(mv) {
                    Ok(outcome) => {
                        let played = MoveText {
                            mv,
                            captures: outcome.captures,
                        };
                        outln!("You play {played}");
                        out!("{}", crate::color::tafl(&tafl_diagram(&game)));
                    }
                    Err(e) => outln!("Illegal: {e}"),
                }
            }
        }
    }
}

#[cfg(test)]
mod read_line_tests {
    use super::*;

    #[test]
    fn a_line_of_any_length_is_cut_and_the_next_one_read() {
        let mut text = "a".repeat(1_000_000);
        text.push_str("\nquit\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        let first = read_line(&mut input).unwrap().unwrap();
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("quit"));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn a_long_last_line_without_newline_ends_the_input() {
        let mut input = std::io::Cursor::new(vec![b'x'; 10_000]);
        assert_eq!(
            read_line(&mut input).unwrap().map(|l| l.len()),
            Some(MAX_LINE)
        );
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn short_lines_are_trimmed() {
        let mut input = std::io::Cursor::new(b"  d1-d3 \r\nhelp".to_vec());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("d1-d3"));
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("help"));
    }
}
