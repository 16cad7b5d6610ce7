//! `boardgames play trictrac` (the partie ordinaire): a human against the bot in the
//! terminal, on either side. The partie à écrire (the sibling module `ecrire`) shares the
//! [`TrictracSession`] (the dice, the bot, the questions to the human, undo and save).

use std::io::{BufRead, Write};

use boardgames_common::Player;
use trictrac_core::action_text;
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{Action, Colour, GameOptions, TrictracGame};

use crate::games::bots::parse_bot;
pub use crate::games::session::{Next, TrictracSession};
pub use crate::games::trictrac::SessionGame;
use crate::games::trictrac::board;
use crate::io::error::CliError;
use crate::io::files::{Disk, Files};

/// How a person plays `play trictrac` (a partie ordinaire).
#[derive(Debug, Clone)]
pub struct TrictracPlay {
    /// The dice seed.
    pub seed: u64,
    /// The human's colour.
    pub human: Colour,
    /// Trous that win the partie (at least 1).
    pub trous: u8,
    /// Whether the pavillon is played.
    pub pavillon: bool,
    /// The bot's name: `bot` (the heuristic), `searchbot` (its expectimax), `tdbot` (the
    /// TD-trained network), `tdsearchbot` (one ply of expectimax on it), `tdbot:FILE` or
    /// `tdsearchbot:FILE` (the network of a weights file).
    pub bot: String,
}

/// `boardgames play trictrac`: [`ordinaire_session`] on standard input and output, files
/// on the disk.
pub(crate) fn play(how: TrictracPlay) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    ordinaire_session(how, &mut stdin.lock(), &mut stdout.lock(), &mut Disk).map(drop)
}

/// A human plays a partie ordinaire against the bot, dice from the seed, reading his lines
/// from `input` and writing to `out` (`save` and `load` through `files`); returns the
/// session as it stands when it ends (`quit`, or the end of the input).
///
/// # Errors
/// [`CliError::Input`] for 0 trous; [`CliError`] when `input` cannot be read or `out`
/// written.
pub fn ordinaire_session(
    how: TrictracPlay,
    input: &mut impl BufRead,
    out: &mut impl Write,
    files: &mut dyn Files,
) -> Result<TrictracSession<TrictracGame<DefaultScorer>>, CliError> {
    if how.trous == 0 {
        return Err(CliError::input("--trous", "a partie needs at least 1 trou"));
    }
    let options = GameOptions::default()
        .with_pavillon(how.pavillon)
        .with_trous_to_win(how.trous);
    let human = how.human;
    let bot = parse_bot(&how.bot, "--bot")?;
    let mut session =
        TrictracSession::new(TrictracGame::new(options), how.seed, Player::from(human))
            .with_bot(Box::new(bot));
    outln!(to out;
        "Partie ordinaire to {} trous{}: you are {human}, the bot is {}. Type help for help.",
        how.trous,
        if how.pavillon {
            " with the pavillon"
        } else {
            ""
        },
        human.other()
    );
    out!(to out; "{}", board(session.game()));
    loop {
        let next = match session.next(input, out, files)? {
            Next::Over => {
                let game = session.game();
                match game.winner() {
                    Some(w) => outln!(to out;
                        "{w} wins the partie{}. Marks: {}",
                        if w == human { " (you)" } else { " (the bot)" },
                        game.marks_in_words()
                    ),
                    None => outln!(to out; "The partie did not end."),
                }
                session.after_the_end(input, out, files)?
            }
            other => other,
        };
        let action = match next {
            Next::Action(a) => a,
            Next::Undone => continue,
            Next::Over | Next::Abandoned => return Ok(session),
        };
        let text = action_text(action);
        let mover = session.game().position().side_to_move();
        let said = session.apply(action)?;
        // What the action said without its marks, which are printed in words before each
        // question.
        let events = said.events();
        match action {
            Action::Throw(t) => {
                // The first clause is the throw itself.
                let events = said.clauses().get(1..).unwrap_or_default().join("; ");
                let events = if events.is_empty() {
                    "nothing scores"
                } else {
                    &events
                };
                outln!(to out; "{mover} throws {t} ({}): {events}", t.name());
            }
            Action::Play(_) => {
                if events.is_empty() {
                    outln!(to out; "{mover} plays {text}");
                } else {
                    outln!(to out; "{mover} plays {text}; {events}");
                }
                out!(to out; "{}", board(session.game()));
            }
            _ if events.is_empty() => outln!(to out; "{text}"),
            _ => outln!(to out; "{text}: {events}"),
        }
    }
}
