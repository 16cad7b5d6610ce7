//! A form of game as the chronology needs it ([`Form`]): the partie ordinaire, a marqué of
//! the partie à écrire.

use std::fmt::{self, Write as _};

use crate::board::Colour;
use crate::marking::{Gain, Marking};

/// A form of game as the chronology needs it: when the game ends, who may leave, and how the
/// marks are written in comments. The partie ordinaire ([`crate::Ordinaire`])
/// ends at its trous; a marqué of the partie à écrire ends when a player holding the trou
/// d'obligation s'en va.
pub trait Form: Clone + fmt::Debug + PartialEq + Eq {
    /// How a game of this form ends (winner, double or not, …).
    type Outcome: Copy + fmt::Debug + PartialEq + Eq + std::hash::Hash;

    /// Called after every marking of a positive amount: `colour` marked `gain` (already in
    /// `marking`); `own` is whether the points came from his own throw (not given by the
    /// opponent). `Some` ends the game now.
    fn after_mark(
        &self,
        marking: &Marking,
        colour: Colour,
        gain: &Gain,
        own: bool,
    ) -> Option<Self::Outcome>;

    /// Whether `colour`, who has just won trous with the points of his own throw (`gain`),
    /// is offered tenir or s'en aller. Default: whenever he won a trou (rules page, tenir ou
    /// s'en aller).
    fn may_leave(&self, marking: &Marking, colour: Colour, gain: &Gain) -> bool {
        let _ = (marking, colour);
        gain.trous > 0
    }

    /// Called when `colour` s'en va (`marking` already wiped of points and jetons, before the
    /// relevé). `Some` ends the game (a marqué ended by its trou d'obligation); default never.
    fn after_leave(&self, marking: &Marking, colour: Colour) -> Option<Self::Outcome> {
        let _ = (marking, colour);
        None
    }

    /// Whether the form counts the pavillon, so that its holder is named in the marks (the
    /// partie ordinaire's option; the base and annexe conventions of the partie à écrire).
    /// Default: yes.
    fn shows_pavillon(&self) -> bool {
        true
    }

    /// Appends the marks as comments give them. Default: [`Marking`]'s `Display`
    /// (`0.4*/1.0`, the pavillon holder with `p`), without the `p` unless
    /// [`Form::shows_pavillon`].
    fn write_marks(&self, marking: &Marking, out: &mut String) {
        let start = out.len();
        let _ = write!(out, "{marking}");
        if !self.shows_pavillon() {
            let tail: String = out[start..].chars().filter(|&c| c != 'p').collect();
            out.truncate(start);
            out.push_str(&tail);
        }
    }

    /// Appends the comment of the end of the game, e.g. `White wins the partie`.
    fn write_outcome(&self, outcome: &Self::Outcome, out: &mut String);

    /// The returns of both players once the game is over (White is [`Player::First`](boardgames_common::Player::First)).
    fn returns(&self, outcome: &Self::Outcome) -> boardgames_common::ByPlayer<f64>;
}
