//! Where a dame of the side to move may stop, rest or bear off: laws 2, 3, 5 and 6 of the
//! rules page ("Moving (laws)") evaluated once per position.

use crate::board::Colour;
use crate::board::Jan;
use crate::board::{Board, PathCounts, count_masks};
use crate::board::{OFF, OPPONENT_COIN, OWN_COIN};

/// Path positions 1..=24.
const BOARD: u32 = ((1 << 25) - 1) & !1;
/// The opponent's grand jan, path positions 13..=18.
const OPP_GRAND_JAN: u32 = ((1 << 19) - 1) & !((1 << 13) - 1);
/// The jan de retour (the opponent's petit jan), path positions 19..=24.
const RETOUR: u32 = BOARD & !((1 << 19) - 1);

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
        // The opponent's path position q is the mover's 25 - q.
        let theirs = board.path_counts(opp);
        // Bit q of his occupied points to bit 25 - q (a reversal of the 32 bits).
        let held = count_masks(theirs).0.reverse_bits() >> 6;
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

    /// Bit `p` set for each path position `p` (`1..=24`) where [`Laws::can_stop`] holds.
    #[must_use]
    #[inline]
    pub fn stop_mask(&self) -> u32 {
        let mut m = BOARD & !self.opponent_held & !(1 << OPPONENT_COIN);
        if self.grand_jan_interdit {
            m &= !OPP_GRAND_JAN;
        }
        if self.petit_jan_interdit {
            m &= !RETOUR;
        }
        m
    }

    /// Bit `p` set for each path position `p` (`1..=24`) where [`Laws::can_rest`] holds,
    /// `occupied` having bit `p` set where the mover has dames before the play.
    #[must_use]
    #[inline]
    pub fn rest_mask(&self, occupied: u32) -> u32 {
        let mut m = BOARD & !self.opponent_held;
        if self.petit_jan_interdit {
            m &= !RETOUR;
        }
        if self.grand_jan_interdit {
            if self.petit_jan_interdit {
                m &= !OPP_GRAND_JAN;
            } else {
                m &= !(OPP_GRAND_JAN & occupied);
            }
        }
        m
    }

    /// Whether the play leaves the mover's own coin legal: never exactly one dame (law 3).
    #[must_use]
    #[inline]
    pub fn coin_ok(counts: &PathCounts) -> bool {
        counts[OWN_COIN as usize] != 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks agree with the point-by-point laws on positions from random games.
    #[test]
    fn masks_match_the_laws() {
        let texts = [
            "B1:w15,N1:b15 w 0/0 0.0/0.0",
            "B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b8,N2:b1,N3:b1,N7:b2,N8:b2,N9:b1 w 9/9 0.0/0.0",
            "B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b11,N2:b1,N3:b1,N7:b2 w 9/9 0.0/0.0",
            "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b7,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0",
            "N6:w1,N1:w2,N3:b2,B1:b13 w 20/20 0.0/0.0",
            "N6:w1,N1:w2,N3:b2,B1:b13 b 20/20 0.0/0.0",
        ];
        for t in texts {
            let pos: crate::Position = t.parse().unwrap();
            let c = pos.side_to_move();
            let laws = Laws::new(pos.board(), c);
            let counts = pos.board().path_counts(c);
            let occ = (1..=24u8)
                .filter(|&p| counts[p as usize] > 0)
                .fold(0u32, |m, p| m | 1 << p);
            for p in 1..=24u8 {
                assert_eq!(
                    laws.stop_mask() & (1 << p) != 0,
                    laws.can_stop(p),
                    "{t} stop {p}"
                );
                assert_eq!(
                    laws.rest_mask(occ) & (1 << p) != 0,
                    laws.can_rest(p, counts),
                    "{t} rest {p}"
                );
            }
        }
    }
}
