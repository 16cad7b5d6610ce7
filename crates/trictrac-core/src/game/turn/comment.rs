//! What one action said ([`ActionComment`]): the comment a record gives it, in its parts.

use std::fmt;

use crate::board::Colour;
use crate::marking::{Gain, Marking, MarksInWords};

/// The comment a record gives one action, in its parts: the clauses before the marks (the
/// throw, the events and points, the decisions and their consequences), what each player
/// marked, the marks after the action, and the clauses after them (the partie à écrire's end
/// of a marqué and its settlement).
///
/// `Display` writes the record's comment, the text of `apply_commented`
/// ([`TrictracGame::apply_commented`](crate::TrictracGame::apply_commented),
/// [`EcrireGame::apply_commented`](crate::EcrireGame::apply_commented)):
/// `White throws 6-5; White marks 4; marks 0.4*/0.0`. [`ActionComment::in_words`] writes the
/// same for people, the marks in words.
///
/// ```
/// use trictrac_core::{Action, Colour, GameOptions, Primaute, TrictracGame};
/// let options = GameOptions::default().with_primaute(Primaute::Fixed(Colour::White));
/// let mut game = TrictracGame::new(options);
/// // Sonnez (6-6) from the talon: the jan de six tables cannot be made, nothing scores...
/// let said = game.apply_described(Action::Throw("6-6".parse().unwrap())).unwrap();
/// assert_eq!(said.to_string(), "White throws sonnez; marks 0.0/0.0");
/// assert_eq!(said.clauses(), ["White throws sonnez"]);
/// assert!(said.marked().is_empty());
/// assert_eq!(said.in_words(), "White throws sonnez; marks White 0 trous 0 points, Black 0 trous 0 points");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionComment {
    pub(crate) clauses: Vec<String>,
    pub(crate) marked: Vec<(Colour, Gain)>,
    pub(crate) marks: String,
    pub(crate) marking: Marking,
    pub(crate) pavillon: bool,
    pub(crate) after: Vec<String>,
}

impl ActionComment {
    /// An empty comment: no clause, the marks of a new marking.
    pub(crate) fn new() -> ActionComment {
        ActionComment {
            clauses: Vec::new(),
            marked: Vec::new(),
            marks: String::new(),
            marking: Marking::new(),
            pavillon: false,
            after: Vec::new(),
        }
    }

    /// The clauses before the marks, in order: the throw (`White throws sonnez`, the first
    /// clause of a throw), the events and points (`White marks 4, 1 trou`), the decisions
    /// and their consequences (`White holds`, `relevé, White throws again`), the end of the
    /// game. Empty when the action said nothing but the marks.
    #[must_use]
    pub fn clauses(&self) -> &[String] {
        &self.clauses
    }

    /// The clauses before the marks as the comment writes them, separated by `; `.
    #[must_use]
    pub fn events(&self) -> String {
        self.clauses.join("; ")
    }

    /// Each marking of points the action made, in order, with what it did ([`Gain`]): the
    /// mover's own points first, then what his throw gave the opponent.
    #[must_use]
    pub fn marked(&self) -> &[(Colour, Gain)] {
        &self.marked
    }

    /// The points `colour` marked in the action.
    #[must_use]
    pub fn points(&self, colour: Colour) -> u32 {
        self.marked
            .iter()
            .filter(|(c, _)| *c == colour)
            .map(|(_, g)| u32::from(g.points))
            .sum()
    }

    /// The trous `colour` won in the action.
    #[must_use]
    pub fn trous(&self, colour: Colour) -> u32 {
        self.marked
            .iter()
            .filter(|(c, _)| *c == colour)
            .map(|(_, g)| u32::from(g.trous))
            .sum()
    }

    /// The marks after the action as the comment writes them (`0.4*/1.0`; the pavillon's `p`
    /// only where the form of game counts it).
    #[must_use]
    pub fn marks(&self) -> &str {
        &self.marks
    }

    /// The marking after the action (of the marqué in play, in a partie à écrire: the
    /// marking of the marqué the action was played in).
    #[must_use]
    pub fn marking(&self) -> &Marking {
        &self.marking
    }

    /// The marks after the action in words: `White 0 trous 4 points en bredouille, Black 2
    /// trous 0 points with the pavillon`.
    #[must_use]
    pub fn marks_in_words(&self) -> MarksInWords {
        self.marking.in_words(self.pavillon)
    }

    /// The clauses after the marks: the end of a marqué of the partie à écrire and its
    /// settlement (`A wins marqué 1 7-2 simple: 7 jetons`); empty otherwise.
    #[must_use]
    pub fn after(&self) -> &[String] {
        &self.after
    }

    /// The comment for people: the record's comment with the marks in words (`White throws
    /// 6-5; White marks 4; marks White 0 trous 4 points en bredouille, Black 0 trous 0
    /// points`).
    #[must_use]
    pub fn in_words(&self) -> String {
        self.write(&self.marks_in_words().to_string())
    }

    fn write(&self, marks: &str) -> String {
        let mut out = self.events();
        if !out.is_empty() {
            out.push_str("; ");
        }
        out.push_str("marks ");
        out.push_str(marks);
        for clause in &self.after {
            out.push_str("; ");
            out.push_str(clause);
        }
        out
    }
}

impl fmt::Display for ActionComment {
    /// The record's comment: the clauses, `marks` and the marks in the notation, the clauses
    /// after the marks, separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(&self.marks))
    }
}
