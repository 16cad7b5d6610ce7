//! Trictrac for the terminal: marks and comments in words, the board in colour, and
//! [`Partie`], what a form of trictrac gives the shared session
//! ([`super::session::Session`]).

use boardgames_common::{Game, Player};
use trictrac_core::partie::{Chronology, DefaultScorer, Form};
use trictrac_core::{Action, Colour, TrictracGame, diagram};

/// `2 trous 4 points`, `1 trou 1 point`: marks for people (the notation's `2.4` reads like a
/// decimal).
pub(crate) fn trous_points(trous: impl Into<u32>, points: u8) -> String {
    let trous = trous.into();
    format!(
        "{trous} trou{} {points} point{}",
        if trous == 1 { "" } else { "s" },
        if points == 1 { "" } else { "s" }
    )
}

/// Marks for people: `White 2 trous 4 points, Black 0 trous 10 points` (the notation's
/// `2.4/0.10` reads like decimals).
pub(crate) fn marks_for_people(game: &TrictracGame<DefaultScorer>) -> String {
    let m = game.marking();
    let one = |c: Colour| format!("{c} {}", trous_points(m.trous(c), m.points(c)));
    format!("{}, {}", one(Colour::White), one(Colour::Black))
}

/// A record comment for people: its last clause `marks 0.4*/2.0p` (the notation's marks,
/// which read like decimals) becomes `marks White 0 trous 4 points en bredouille, Black 2
/// trous 0 points with the pavillon`. A comment without such a clause is returned as it is.
pub(crate) fn comment_for_people(comment: &str) -> String {
    let Some(at) = comment
        .rfind("marks ")
        .filter(|&at| at == 0 || comment[..at].ends_with("; "))
    else {
        return comment.to_string();
    };
    let one = |colour: Colour, mark: &str| -> Option<String> {
        let (mark, pavillon) = match mark.strip_suffix('p') {
            Some(m) => (m, " with the pavillon"),
            None => (mark, ""),
        };
        let (mark, bredouille) = match mark.strip_suffix('*') {
            Some(m) => (m, " en bredouille"),
            None => (mark, ""),
        };
        let (trous, points) = mark.split_once('.')?;
        let (trous, points) = (trous.parse::<u32>().ok()?, points.parse::<u8>().ok()?);
        Some(format!(
            "{colour} {}{bredouille}{pavillon}",
            trous_points(trous, points)
        ))
    };
    let words = comment[at + "marks ".len()..]
        .split_once('/')
        .and_then(|(w, b)| {
            Some(format!(
                "{}, {}",
                one(Colour::White, w)?,
                one(Colour::Black, b)?
            ))
        });
    match words {
        Some(words) => format!("{}marks {words}", &comment[..at]),
        None => comment.to_string(),
    }
}

/// A form of trictrac played in the terminal: what [`Session`](super::session::Session)
/// needs beyond [`Game`].
pub trait Partie: Game<Action = Action> + Clone + PartialEq {
    /// The form of the chronology of throws in play.
    type Form: Form;
    /// The form's own help, printed before the commands both forms share.
    const HELP: &'static str;
    /// The chronology of throws in play: the partie ordinaire, or the marqué in play.
    fn turns(&self) -> &Chronology<DefaultScorer, Self::Form>;
    /// The prompt when `human` is asked.
    fn prompt(&self, human: Player) -> String;
    /// The marks, printed before each question to the human.
    fn marks(&self) -> String;
    /// What the form adds to a hint when `mover` chooses tenir or s'en aller (the partie
    /// à écrire: what the marqué says), or `None`.
    fn choice_note(&self, mover: Colour) -> Option<String> {
        let _ = mover;
        None
    }
    /// The answer to a command of this form only (`sheet`), or `None` for any other line.
    fn command(&self, line: &str) -> Option<String> {
        let _ = line;
        None
    }
}

impl Partie for TrictracGame<DefaultScorer> {
    type Form = trictrac_core::Ordinaire;
    const HELP: &'static str = "\
A partie ordinaire: the first to the trous of the partie wins. When you win a trou you are
asked to hold (tenir) or leave (s'en aller).";

    fn turns(&self) -> &Chronology<DefaultScorer, Self::Form> {
        TrictracGame::turns(self)
    }

    fn prompt(&self, human: Player) -> String {
        format!("{}> ", Colour::from(human))
    }

    fn marks(&self) -> String {
        format!("Marks: {}", marks_for_people(self))
    }
}

/// The board of the partie in play, in colour where the terminal has it.
pub(crate) fn board<G: Partie>(game: &G) -> String {
    crate::io::color::trictrac(&diagram(game.turns().position().board()))
}

#[cfg(test)]
mod tests {
    use super::comment_for_people;

    #[test]
    fn comments_for_people() {
        assert_eq!(
            comment_for_people("Black marks 4, 1 trou; marks 0.10/3.2*"),
            "Black marks 4, 1 trou; marks White 0 trous 10 points, Black 3 trous 2 points en \
             bredouille"
        );
        assert_eq!(
            comment_for_people("marks 1.0*p/0.1"),
            "marks White 1 trou 0 points en bredouille with the pavillon, Black 0 trous 1 point"
        );
        // Not the marks clause: left as it is.
        for text in [
            "White marks 4",
            "marks 2",
            "remarks 0.0/0.0",
            "marks a.b/0.0",
        ] {
            assert_eq!(comment_for_people(text), text);
        }
    }
}
