//! `boardgames play tafl`: a human
//! against the computer in the terminal. Input is read line by line from any reader
//! (standard input in the command); the end of the input ends the game cleanly.

use std::io::{BufRead, Write};

use boardgames_common::Seed;
use tafl_core::ai::{Level, Searcher, WIN_THRESHOLD};
use tafl_core::{Move, MoveList, MoveText, Ruleset, Side, Status, TaflGame};

use crate::args::{LevelArg, parse_seed};
use crate::io::error::CliError;
use crate::io::files::{Disk, Files};
use crate::io::prompt::{prompt, read_line};

/// The arguments of `boardgames play tafl`.
#[derive(Debug, clap::Args)]
pub(crate) struct PlayTaflArgs {
    /// The AI's level.
    #[arg(long, value_enum, default_value = "ovate")]
    level: LevelArg,
    /// The human's side.
    #[arg(long, value_enum, default_value = "defenders")]
    side: SideArg,
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// The AI's seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
}

/// The side a human takes at tafl.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SideArg {
    /// The attackers (black), who move first.
    Attackers,
    /// The defenders (white) and the king.
    Defenders,
}

impl PlayTaflArgs {
    /// Plays on standard input and output ([`tafl`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        tafl(TaflPlay {
            ruleset: crate::games::tafl::ruleset(self.rules.as_deref())?,
            level: self.level.into(),
            nodes: None,
            human: match self.side {
                SideArg::Attackers => Side::Attackers,
                SideArg::Defenders => Side::Defenders,
            },
            seed: self.seed,
        })
    }
}

const TAFL_HELP: &str = "\
Type a move as from-to, e.g. d1-d3 (captures are found for you; d1-d3xc3 is accepted too).
Commands: moves (list the legal moves), hint (the move the computer's level would play for
you), board, position (the OpenTafl position string), undo (take back your last move and the
computer's reply), save FILE (the record so far, for `boardgames replay`), load FILE (go on
from a record saved so: its moves, under this session's rules), help, quit.";

/// How a person plays `play tafl`: the rules, the computer's level and seed, the human's
/// side.
#[derive(Debug, Clone)]
pub struct TaflPlay {
    /// The rules of the game.
    pub ruleset: Ruleset,
    /// The computer's level.
    pub level: Level,
    /// The computer's node budget per move instead of its level's (the fuzz targets keep it
    /// tiny); `None` in the command.
    pub nodes: Option<u64>,
    /// The human's side.
    pub human: Side,
    /// The seed of the computer's (and the hints') searches.
    pub seed: u64,
}

/// The tafl game so far as a record that `boardgames replay` reads: [`TaflGame::to_record`]
/// (its rules, moves and `Result`, `*` before the end, as every game writes it) with the
/// session's `Seed` after the `Game` tag.
///
/// # Errors
/// A tag or move text the record refuses (never for a game's own tags and moves).
pub fn tafl_record(game: &TaflGame, seed: u64) -> Result<boardgames_common::Record, String> {
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

/// The game of a record saved by `save FILE` (or any tafl record of `ruleset` from its
/// start), for `load FILE`: its moves replayed under `ruleset` (the session's rules: a
/// record of other rules is refused), and its seed.
///
/// # Errors
/// A message for the person: the text is not a record, names another game or rules, or a
/// move does not replay.
pub fn tafl_load(ruleset: &Ruleset, text: &str) -> Result<(TaflGame, Option<u64>), String> {
    let record: boardgames_common::Record = text.parse().map_err(|e| format!("{e}"))?;
    let game = <TaflGame as boardgames_common::Replay>::from_record(&record)
        .map_err(|e| format!("{e}"))?;
    if game.ruleset() != ruleset {
        return Err(format!(
            "the record is a game of {}, this session plays {}",
            game.ruleset().name(),
            ruleset.name()
        ));
    }
    if *game.start() != ruleset.start_position() {
        return Err("the record starts from another position than the rules' start".to_owned());
    }
    let seed = record.seed().map_err(|e| format!("{e}"))?.map(|s| s.0);
    Ok((game, seed))
}

/// Writes the record of `game` to `file` and says so.
fn save_tafl(
    game: &TaflGame,
    seed: u64,
    file: &str,
    files: &mut dyn Files,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match tafl_record(game, seed).and_then(|r| files.save(file, &r.to_string())) {
        Ok(()) => outln!(to out; "Saved the game to {file}."),
        Err(e) => outln!(to out; "Cannot save to {file}: {e}"),
    }
    Ok(())
}

/// A game of a human against the AI: the game, the computer's searcher and the hints'.
struct TaflSession {
    how: TaflPlay,
    game: TaflGame,
    ai: Searcher,
    adviser: Searcher,
}

impl TaflSession {
    fn new(how: TaflPlay) -> TaflSession {
        let mut config = how.level.config();
        if let Some(n) = how.nodes {
            config.limits.nodes = Some(n.max(1));
        }
        TaflSession {
            game: TaflGame::new(how.ruleset.clone()),
            ai: Searcher::new(config, Seed(how.seed)),
            // The hints' own searcher, so that asking for one never changes the computer's
            // moves.
            adviser: Searcher::new(config, Seed(how.seed)),
            how,
        }
    }

    /// `load FILE`: the game of the record goes on (the computer's seed becomes the
    /// record's); `true` when loaded.
    fn load(
        &mut self,
        file: &str,
        files: &mut dyn Files,
        out: &mut impl Write,
    ) -> Result<bool, CliError> {
        match files
            .load(file)
            .and_then(|text| tafl_load(&self.how.ruleset, &text))
        {
            Ok((game, seed)) => {
                self.game = game;
                if let Some(seed) = seed {
                    self.how.seed = seed;
                }
                let fresh = TaflSession::new(self.how.clone());
                self.ai = fresh.ai;
                self.adviser = fresh.adviser;
                outln!(to out;
                    "Loaded {file}: {} moves played, {} to move.",
                    self.game.plies(),
                    self.game.position().side_to_move()
                );
                out!(to out; "{}", crate::io::color::tafl(&self.game.diagram()));
                Ok(true)
            }
            Err(e) => {
                outln!(to out; "Cannot load {file}: {e}");
                Ok(false)
            }
        }
    }

    /// After the end of a tafl game: the person may still save its record, load another,
    /// look at the board or the position, or undo his last move (and the computer's reply,
    /// if it made the last move), until `quit` or the end of input. `true` when an undo or
    /// a load resumed the game.
    fn after_the_end(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        files: &mut dyn Files,
    ) -> Result<bool, CliError> {
        const OVER: &str = "The game is over: save FILE keeps its record, undo takes back \
your last move; board, position, load FILE, quit.";
        outln!(to out; "{OVER}");
        let human = self.how.human;
        loop {
            prompt(out, "over> ")?;
            let Some(line) = read_line(input)? else {
                outln!(to out;);
                return Ok(false);
            };
            let game = &mut self.game;
            match line.as_str() {
                "" => {}
                "quit" | "exit" => return Ok(false),
                "board" => out!(to out; "{}", crate::io::color::tafl(&game.diagram())),
                "position" => outln!(to out; "{}", game.position()),
                "save" => outln!(to out; "save needs a file name: save FILE"),
                "load" => outln!(to out; "load needs a file name: load FILE"),
                save if save.starts_with("save ") => {
                    save_tafl(
                        game,
                        self.how.seed,
                        save["save ".len()..].trim(),
                        files,
                        out,
                    )?;
                }
                load if load.starts_with("load ") => {
                    if self.load(load["load ".len()..].trim(), files, out)? {
                        return Ok(true);
                    }
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
                        outln!(to out; "Took back your last move and what followed it.");
                        out!(to out; "{}", crate::io::color::tafl(&game.diagram()));
                        return Ok(true);
                    }
                    outln!(to out; "Nothing to undo.");
                }
                _ => outln!(to out; "{OVER}"),
            }
        }
    }
}

/// A human plays `how.human` against the AI at `how.level`, reading his lines from `input`
/// and writing to `out`; `save FILE` and `load FILE` go through `files`. Returns the game
/// as it stands when the session ends (`quit`, or the end of the input).
///
/// # Errors
/// [`CliError`] when `input` cannot be read or `out` written.
pub fn tafl_session(
    how: TaflPlay,
    input: &mut impl BufRead,
    out: &mut impl Write,
    files: &mut dyn Files,
) -> Result<TaflGame, CliError> {
    let level = how.level;
    let human = how.human;
    let mut session = TaflSession::new(how);
    let level_name = if level.name() == level.breton_name() {
        level.name().to_string()
    } else {
        format!("{} ({})", level.name(), level.breton_name())
    };
    outln!(to out;
        "{}: you play the {human} against {level_name}. Type help for help.",
        session.how.ruleset.name()
    );
    out!(to out; "{}", crate::io::color::tafl(&session.game.diagram()));
    loop {
        let status = session.game.status();
        if status != Status::Ongoing {
            outln!(to out; "Game over: {status}.");
            if session.after_the_end(input, out, files)? {
                continue;
            }
            return Ok(session.game);
        }
        let pos = *session.game.position();
        if pos.side_to_move() != human {
            let Some(found) =
                session
                    .ai
                    .search(&pos, session.game.rules(), session.game.search_history())
            else {
                outln!(to out; "The computer has no move.");
                return Ok(session.game);
            };
            let outcome = session
                .game
                .play_mut(found.best_move)
                .map_err(|e| CliError::Output(format!("the AI chose an illegal move: {e}")))?;
            let played = MoveText {
                mv: found.best_move,
                captures: outcome.captures,
            };
            outln!(to out; "{} plays {played}", level.name());
            out!(to out; "{}", crate::io::color::tafl(&session.game.diagram()));
            continue;
        }
        prompt(out, &format!("{human} to move> "))?;
        let Some(line) = read_line(input)? else {
            outln!(to out; "\nEnd of input: game abandoned.");
            return Ok(session.game);
        };
        let game = &mut session.game;
        match line.as_str() {
            "" => continue,
            "quit" | "exit" => {
                outln!(to out; "Game abandoned.");
                return Ok(session.game);
            }
            "help" | "?" => outln!(to out; "{TAFL_HELP}"),
            "board" => out!(to out; "{}", crate::io::color::tafl(&game.diagram())),
            "position" => outln!(to out; "{pos}"),
            "save" => outln!(to out; "save needs a file name: save FILE"),
            "load" => outln!(to out; "load needs a file name: load FILE"),
            save if save.starts_with("save ") => {
                save_tafl(
                    game,
                    session.how.seed,
                    save["save ".len()..].trim(),
                    files,
                    out,
                )?;
            }
            load if load.starts_with("load ") => {
                session.load(load["load ".len()..].trim(), files, out)?;
            }
            "hint" => match session
                .adviser
                .search(&pos, game.rules(), game.search_history())
            {
                Some(found) => {
                    let text = crate::games::tafl::move_text(&pos, game.rules(), found.best_move);
                    let value = if found.score >= WIN_THRESHOLD {
                        "a win found".to_string()
                    } else if found.score <= -WIN_THRESHOLD {
                        "a loss found".to_string()
                    } else {
                        format!("{:+.2} soldiers for you", f64::from(found.score) / 100.0)
                    };
                    outln!(to out;
                        "Hint ({}): {text} ({value}, depth {})",
                        level.name(),
                        found.depth
                    );
                }
                None => outln!(to out; "No move to suggest."),
            },
            "moves" => {
                let mut list = MoveList::new();
                pos.legal_moves_into(game.rules(), &mut list);
                let texts: Vec<String> = list
                    .iter()
                    .map(|&m| crate::games::tafl::move_text(&pos, game.rules(), m).to_string())
                    .collect();
                outln!(to out; "{} legal moves: {}", texts.len(), texts.join(" "));
            }
            "undo" => {
                // Take back the human's last move and the reply to it; never the computer's
                // opening move alone.
                if game.moves().len() < 2 {
                    outln!(to out; "Nothing to undo.");
                } else {
                    game.undo_plies(2);
                    outln!(to out; "Took back your last move and the computer's reply.");
                    out!(to out; "{}", crate::io::color::tafl(&game.diagram()));
                }
            }
            text => {
                if text.chars().count() > 40 {
                    outln!(to out; "Not a move: too long. Type help for help.");
                    continue;
                }
                let mv: Move = match text.parse::<MoveText>() {
                    Ok(t) => t.mv,
                    Err(e) => {
                        outln!(to out; "Not a move: {e}. Type help for help.");
                        continue;
                    }
                };
                match game.play_mut(mv) {
                    Ok(outcome) => {
                        let played = MoveText {
                            mv,
                            captures: outcome.captures,
                        };
                        outln!(to out; "You play {played}");
                        out!(to out; "{}", crate::io::color::tafl(&game.diagram()));
                    }
                    Err(e) => outln!(to out; "Illegal: {e}"),
                }
            }
        }
    }
}

/// `boardgames play tafl`: [`tafl_session`] on standard input and output, files on the
/// disk.
fn tafl(how: TaflPlay) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    tafl_session(how, &mut stdin.lock(), &mut stdout.lock(), &mut Disk).map(drop)
}
