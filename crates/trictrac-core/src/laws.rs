//! Where a dame of the side to move may stop, rest or bear off: laws 2, 3, 5 and 6 of the
//! rules page ("Moving (laws)") evaluated once per position.

use crate::board::{Board, PathCounts};
use crate::colour::Colour;
use crate::jan::Jan;
use crate::point::{OFF, OPPONENT_COIN, OWN_COIN};

/// The point-by-point laws for one mover in one position. Build with [`Laws::new`] (cheap:
/// two jan-interdit tests).
///
/// The opponent's dames never move during a play, so whether his grand jan (the mover's path
/// 13..=18) and petit jan (19..=24, the mover's jan de retour) are interdit is fixed for the
/// whole play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Laws {
    colour: Colour,
    /// The opponent can still fill his grand jan: the mover may not stop at path 13..=18.
    pub grand_jan_interdit: bool,
    /// The opponent can still fill his petit jan: the mover may not stop at path 19..=24.
    pub petit_jan_interdit: bool,
    opponent_held: u32,
}

impl Laws {
    /// The laws for `colour` moving on `board`.
    #[must_use]
    pub fn new(board: &Board, colour: Colour) -> Laws {
        let opp = colour.other();
        let mut held = 0u32;
        for p in 1..=24u8 {
            if board.opponent_holds(colour, p) {
                held |= 1 << p;
            }
        }
        Laws {
            colour,
            grand_jan_interdit: board.can_fill(opp, Jan::GrandJan),
            petit_jan_interdit: board.can_fill(opp, Jan::PetitJan),
            opponent_held: held,
        }
    }

    /// The mover.
    #[must_use]
    pub fn colour(&self) -> Colour {
        self.colour
    }

    /// Whether the opponent holds the mover's path position `p` (`1..=24`).
    #[must_use]
    #[inline]
    pub fn opponent_holds(&self, p: u8) -> bool {
        p < 32 && self.opponent_held & (1 << p) != 0
    }

    /// Whether path `p` lies in a jan interdit to the mover (law 5).
    #[must_use]
    #[inline]
    pub fn interdit(&self, p: u8) -> bool {
        match p {
            13..=18 => self.grand_jan_interdit,
            19..=24 => self.petit_jan_interdit,
            _ => false,
        }
    }

    /// Whether a dame may end a number on path `p` (`1..=24`): not held by the opponent
    /// (law 2), not the opponent's coin (law 3), not in an interdit jan (law 5). The own-coin
    /// count rule (never exactly one dame) is checked on the whole play.
    #[must_use]
    #[inline]
    pub fn can_stop(&self, p: u8) -> bool {
        (1..=24).contains(&p) && !self.opponent_holds(p) && p != OPPONENT_COIN && !self.interdit(p)
    }

    /// Whether a dame playing tout d'une may rest on path `p` (`1..=24`), `counts` being the
    /// mover's dames before the play: not held by the opponent (laws 1, 2; an empty coin of
    /// either side is a valid rest, law 3); in an interdit jan only on an EMPTY point of the
    /// opponent's grand jan (coin included) while the jan de retour is open (law 5).
    #[must_use]
    #[inline]
    pub fn can_rest(&self, p: u8, counts: &PathCounts) -> bool {
        if !(1..=24).contains(&p) || self.opponent_holds(p) {
            return false;
        }
        match p {
            13..=18 if self.grand_jan_interdit => {
                counts[p as usize] == 0 && !self.petit_jan_interdit
            }
            19..=24 => !self.petit_jan_interdit,
            _ => true,
        }
    }

    /// Whether the dame at path `from` may bear off by `die` given the mover's current
    /// `counts` (law 6): every dame on the board in the jan de retour, and either the number
    /// is sortant (`from + die == 25`) or it is excédant and `from` is the farthest dame from
    /// the edge.
    #[must_use]
    #[inline]
    pub fn can_bear_off(&self, from: u8, die: u8, counts: &PathCounts) -> bool {
        let t = from + die;
        if t < OFF || counts[from as usize] == 0 || counts[1..19].iter().any(|&c| c > 0) {
            return false;
        }
        t == OFF || counts[19..from as usize].iter().all(|&c| c == 0)
    }

    /// Whether the play leaves the mover's own coin legal: never exactly one dame (law 3).
    #[must_use]
    #[inline]
    pub fn coin_ok(counts: &PathCounts) -> bool {
        counts[OWN_COIN as usize] != 1
    }
}
