//! Afterstates: what a decision leads to before the next throw, following the chronology of
//! a turn (rules page, "Marking": mark one's own jans, tenir or s'en aller, play, the
//! opponent marks what the throw gave him, the relevé), as [`Chronology`] applies it.
//!
//! [`Chronology`]: crate::Chronology

use crate::Form;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::marking::{Gain, Marking};
use crate::movement::Play;
use crate::{Ordinaire, Win};

/// A state before a throw (the position, its marks synchronised with the marking), or the
/// end of the partie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
    /// The side to move of the position throws next.
    Throw {
        /// The position (its marks are the marking's).
        position: Position,
        /// The full marking.
        marking: Marking,
    },
    /// The partie is over.
    Over(Win),
}

/// What a play leads to: one afterstate, or two when its own points won a trou and the
/// player chooses to hold or to leave.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PlayAfter {
    /// Holding (or the only afterstate).
    pub(crate) hold: After,
    /// Leaving, when the play's points won a trou.
    pub(crate) leave: Option<After>,
}

/// Writes the marking's marks into the position (as the chronology keeps them).
fn sync(position: &mut Position, marking: &Marking) {
    let marks = marking.to_marks();
    for c in Colour::ALL {
        // Points below 12 and one pavillon: set_marks cannot refuse them.
        let _ = position.set_marks(c, marks[c]);
    }
}

/// `colour` marks `points` (`own`: of his own throw): the gain, and the end of the partie if
/// these points end it.
pub(crate) fn mark(
    form: &Ordinaire,
    marking: &mut Marking,
    colour: Colour,
    points: u8,
    own: bool,
) -> (Gain, Option<Win>) {
    let gain = marking.mark(colour, points);
    if points == 0 {
        return (gain, None);
    }
    let over = form.after_mark(marking, colour, &gain, own);
    (gain, over)
}

/// The end of `mover`'s throw in `position` (already played, the opponent to move): the
/// opponent marks the `pending` points the throw gave him, then the relevé if `mover` has
/// borne off his last dame (he throws again).
pub(crate) fn finish(
    form: &Ordinaire,
    mut position: Position,
    mut marking: Marking,
    mover: Colour,
    pending: u8,
) -> After {
    if let (_, Some(win)) = mark(form, &mut marking, mover.other(), pending, false) {
        return After::Over(win);
    }
    if position.has_borne_off_all(mover) {
        position.releve(mover);
    }
    sync(&mut position, &marking);
    After::Throw { position, marking }
}

/// `mover` s'en va: no reste, both jetons wiped, the opponent marks nothing of the throw, the
/// relevé, and `mover` throws again.
pub(crate) fn leave(
    form: &Ordinaire,
    mut position: Position,
    mut marking: Marking,
    mover: Colour,
) -> After {
    marking.s_en_aller();
    position.releve(mover);
    if let Some(win) = form.after_leave(&marking, mover) {
        return After::Over(win);
    }
    sync(&mut position, &marking);
    After::Throw { position, marking }
}

/// What `play` leads to from `position` (its side to move plays; `marking` has his
/// before-play points marked), the play's own points being `points` and the throw having
/// given the opponent `pending` points before it.
pub(crate) fn after_play(
    form: &Ordinaire,
    position: &Position,
    marking: &Marking,
    pending: u8,
    play: &Play,
    points: ByColour<u8>,
) -> PlayAfter {
    let mover = position.side_to_move();
    let mut after = *position;
    after.play_unchecked(play);
    let mut m = *marking;
    let (gain, over) = mark(form, &mut m, mover, points[mover], true);
    if let Some(win) = over {
        return PlayAfter {
            hold: After::Over(win),
            leave: None,
        };
    }
    let pending = pending.saturating_add(points[mover.other()]);
    let hold = finish(form, after, m, mover, pending);
    let leave = form
        .may_leave(&m, mover, &gain)
        .then(|| leave(form, after, m, mover));
    PlayAfter { hold, leave }
}
