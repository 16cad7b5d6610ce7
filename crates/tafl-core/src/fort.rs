//! The Copenhagen edge fort (Copenhagen Hnefatafl rules, "Edge forts"): the defenders win
//! when the king has contact with the board edge, is able to move, and it is impossible for
//! the attackers to break the fort.
//!
//! "Impossible to break" is decided by the capture rules themselves, with the defenders
//! standing still (only the king moving inside): no sequence of attacker moves can capture a
//! piece of the wall, and as long as the wall stands no attacker can enter the fort. The
//! pieces that can never be captured are a greatest fixed point (see
//! [`Position::edge_fort`]).

use crate::bitboard::{Bitboard, Geometry, geometry};
use crate::piece::Piece;
use crate::position::{Position, Ruled, forbidden_stops};
use crate::rules::Rules;
use crate::square::Square;

/// The two lines through a square, as pairs of opposite steps.
const AXES: [((i8, i8), (i8, i8)); 2] = [((1, 0), (-1, 0)), ((0, 1), (0, -1))];

impl Position {
    /// Whether the king is in an edge fort (Copenhagen): the king on the edge; the empty
    /// squares connected to it (the fort's inside) more than its own square, so it can move;
    /// every piece next to the inside a defender (the wall); and no sequence of attacker
    /// moves, the defenders standing still, can ever capture a wall defender (custodially or
    /// by a shieldwall), so no attacker can ever enter the fort.
    ///
    /// The defenders that can never be captured are found as a greatest fixed point: start
    /// from every defender as "safe"; the attackers may stand on any square they can reach
    /// from their pieces through squares that are not safe defenders nor inside the fort
    /// (over-estimated: every unsafe defender counts as already taken); a safe defender that
    /// such attackers could capture (an attacker able to stop on one side and, on the
    /// opposite side, an attacker or a square hostile to defenders; or a shieldwall row
    /// along the edge) is not safe; repeat until nothing changes. The fort stands when every
    /// wall defender stays safe. Work: at most one round per defender, each a flood fill and
    /// a pass over the defenders.
    ///
    /// ```
    /// use tafl_core::{Ruleset, Setup};
    /// // King f1, defenders e1 g1 e2 g2 e3 f3: e3 and f3 guard each other, e2 stands between
    /// // e1 and e3, so nothing can be captured and the king can move to f2.
    /// let setup: Setup = "/4TKT4/4T1T4/4TT5/11/11/t9t/11/11/11/11/5t5/ a".parse().unwrap();
    /// let copenhagen = Ruleset::copenhagen();
    /// let pos = copenhagen.position(&setup).unwrap();
    /// assert!(pos.edge_fort(copenhagen.rules()));
    /// ```
    #[must_use]
    pub fn edge_fort(&self, rules: &Rules) -> bool {
        Ruled::new(*self, rules).edge_fort()
    }
}

impl Ruled<'_> {
    pub(crate) fn edge_fort(&self) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        let g = geometry(self.rules.size);
        if !Bitboard(g.edge).contains(king) {
            return false;
        }
        let empty = Bitboard(g.board) & !self.occupied();
        let king_bb = Bitboard::from_square(king);
        let mut inside = king_bb;
        loop {
            let next = inside | (inside.neighbours(g) & empty);
            if next == inside {
                break;
            }
            inside = next;
        }
        if inside == king_bb {
            return false; // the king cannot move: a closed fort is not a fort
        }
        let wall = inside.neighbours(g) & !inside;
        if (wall & self.defenders) != wall {
            return false;
        }
        let mut safe = self.defenders;
        loop {
            let stops = self.attacker_stops(g, safe | inside);
            let mut unsafe_now = Bitboard::EMPTY;
            for d in safe {
                if self.capturable(g, d, stops, safe) {
                    unsafe_now.insert(d);
                }
            }
            if unsafe_now.is_empty() {
                return true;
            }
            if (unsafe_now & wall).any() {
                return false;
            }
            safe &= !unsafe_now;
        }
    }

    /// The squares on which some attacker can stand after any number of its moves, when
    /// the squares of `blocked` never open: the squares reached from the attackers through
    /// squares not blocked (a throne the attackers may not pass over blocks too), less those
    /// an attacker may not stop on.
    fn attacker_stops(&self, g: &Geometry, blocked: Bitboard) -> Bitboard {
        let mut open = Bitboard(g.board) & !blocked;
        if self.rules.has_corners && !self.rules.corner.passable.contains(Piece::Attacker) {
            open &= !Bitboard(g.corners);
        }
        if self.rules.has_throne && !self.rules.throne.passable.contains(Piece::Attacker) {
            open.remove(g.throne);
        }
        let mut reach = self.attackers & open;
        loop {
            let next = reach | (reach.neighbours(g) & open);
            if next == reach {
                break;
            }
            reach = next;
        }
        reach & !Bitboard(forbidden_stops(self.rules, g, Piece::Attacker))
    }

    /// Whether a square (or the edge, `None`) can act as the far side of a capture of a
    /// defender: an attacker can stand there, or it is a corner or a throne hostile to
    /// defenders (counted hostile even when the king stands on it, since it may leave).
    fn anvil_for_defender(&self, g: &Geometry, sq: Option<Square>, stops: Bitboard) -> bool {
        let Some(sq) = sq else {
            return self.rules.edge_hostile.contains(Piece::Defender);
        };
        stops.contains(sq)
            || (self.rules.has_corners
                && Bitboard(g.corners).contains(sq)
                && self.rules.corner.hostile.contains(Piece::Defender))
            || (self.rules.has_throne
                && sq == g.throne
                && self.rules.throne.hostile_empty.contains(Piece::Defender))
    }

    /// Whether the defender on `d` could be captured by attackers standing anywhere in
    /// `stops`, the defenders of `safe` and the king standing still.
    fn capturable(&self, g: &Geometry, d: Square, stops: Bitboard, safe: Bitboard) -> bool {
        let n = self.rules.size;
        let on = |sq: Option<Square>| sq.is_some_and(|s| stops.contains(s));
        for ((af, ar), (bf, br)) in AXES {
            let (a, b) = (d.offset(af, ar, n), d.offset(bf, br, n));
            if (on(a) && self.anvil_for_defender(g, b, stops))
                || (on(b) && self.anvil_for_defender(g, a, stops))
            {
                return true;
            }
        }
        self.rules.shieldwall && self.shieldwall_capturable(g, d, stops, safe)
    }

    /// Whether the defender on the edge square `d` could be taken in a shieldwall: every
    /// piece of its row along the edge (safe defenders and the king, which stand still)
    /// with an attacker square in front, and at both ends of the row a square where an
    /// attacker can stand, a hostile corner, or a defender that may be taken first.
    fn shieldwall_capturable(
        &self,
        g: &Geometry,
        d: Square,
        stops: Bitboard,
        safe: Bitboard,
    ) -> bool {
        let n = self.rules.size;
        let last = n - 1;
        let members = safe | self.king_bb();
        let corner_bracket =
            self.rules.has_corners && self.rules.corner.hostile.contains(Piece::Defender);
        let mut edges = [None, None];
        if d.rank() == 0 || d.rank() == last {
            edges[0] = Some(((0, if d.rank() == 0 { 1 } else { -1 }), (1i8, 0i8)));
        }
        if d.file() == 0 || d.file() == last {
            edges[1] = Some(((if d.file() == 0 { 1 } else { -1 }, 0), (0, 1)));
        }
        let front_open = |sq: Square, (inf, inr): (i8, i8)| on_stops(sq.offset(inf, inr, n), stops);
        edges.into_iter().flatten().any(|(inward, (af, ar))| {
            front_open(d, inward)
                && [1i8, -1].iter().all(|&sign| {
                    let mut cur = d.offset(af * sign, ar * sign, n);
                    while let Some(sq) = cur {
                        if !members.contains(sq) {
                            break;
                        }
                        if !front_open(sq, inward) {
                            return false;
                        }
                        cur = sq.offset(af * sign, ar * sign, n);
                    }
                    match cur {
                        None => false,
                        Some(end) => {
                            stops.contains(end)
                                || (corner_bracket && Bitboard(g.corners).contains(end))
                        }
                    }
                })
        })
    }
}

/// Whether `sq` is on the board and in `stops`.
fn on_stops(sq: Option<Square>, stops: Bitboard) -> bool {
    sq.is_some_and(|s| stops.contains(s))
}
