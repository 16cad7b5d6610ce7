//! Trictrac for the terminal: the board in colour, and [`SessionGame`], what a form of
//! trictrac gives the shared session ([`super::session::TrictracSession`]). The marks and
//! comments in words are trictrac-core's ([`ActionComment::in_words`], `marks_in_words()`).

use boardgames_common::{Game, Player};
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{Action, ActionComment, ActionError, Colour, TrictracGame};
use trictrac_core::{Chronology, Form};

/// A form of trictrac played in the terminal: what
/// [`TrictracSession`](super::session::TrictracSession) needs beyond [`Game`].
pub trait SessionGame: Game<Action = Action> + Clone + PartialEq {
    /// The form of the chronology of throws in play.
    type ChronologyForm: Form;
    /// The form's own help, printed before the commands both forms share.
    const HELP: &'static str;
    /// The chronology of throws in play: the partie ordinaire, or the marqué in play.
    fn turns(&self) -> &Chronology<DefaultScorer, Self::ChronologyForm>;
    /// The prompt when `human` is asked.
    fn prompt(&self, human: Player) -> String;
    /// The marks, printed before each question to the human.
    fn marks(&self) -> String;
    /// The diagram of the position, which says when the partie is over (the game's own).
    fn diagram(&self) -> String;
    /// Applies `action` and returns what it said (the game's own `apply_described`: its
    /// `Display` is the record's comment, [`ActionComment::in_words`] the same for people).
    ///
    /// # Errors
    /// The game's [`ActionError`] when it refuses `action` (the state is then unchanged).
    fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError>;
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

impl SessionGame for TrictracGame<DefaultScorer> {
    type ChronologyForm = trictrac_core::Ordinaire;
    const HELP: &'static str = "\
A partie ordinaire: the first to the trous of the partie wins. When you win a trou you are
asked to hold (tenir) or leave (s'en aller).";

    fn turns(&self) -> &Chronology<DefaultScorer, Self::ChronologyForm> {
        TrictracGame::turns(self)
    }

    fn prompt(&self, human: Player) -> String {
        format!("{}> ", Colour::from(human))
    }

    fn marks(&self) -> String {
        format!("Marks: {}", self.marks_in_words())
    }

    fn diagram(&self) -> String {
        TrictracGame::diagram(self)
    }

    fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError> {
        TrictracGame::apply_described(self, action)
    }
}

/// The board of the partie in play (the game's diagram, which says when the partie is over),
/// in colour where the terminal has it.
pub(crate) fn board<G: SessionGame>(game: &G) -> String {
    crate::io::color::trictrac(&game.diagram())
}
