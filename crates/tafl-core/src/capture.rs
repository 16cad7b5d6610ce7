//! Captures (rules page, "Capture is custodial"): after a move, enemy soldiers enclosed on a
//! rank or file between the moved piece and a friendly piece or a hostile square are taken;
//! the king by its own rule ([`KingStrength`](crate::rules::KingStrength)); rows on the edge
//! by the shieldwall rule.
//! Only the side that moved captures, so a piece may safely move between two enemies.

use crate::bitboard::{Bitboard, geometry};
use crate::piece::{Piece, Side};
use crate::position::Ruled;
use crate::square::{DIRECTIONS, Square};

/// A (file, rank) step.
type Step = (i8, i8);

impl Ruled<'_> {
    /// Whether the empty or occupied square `sq` (or the edge, `None`) acts against `victim`
    /// in a capture made by `capturer`.
    fn anvil(&self, sq: Option<Square>, victim: Piece, capturer: Side) -> bool {
        let Some(sq) = sq else {
            return self.rules.edge_hostile.contains(victim);
        };
        let hostile_square = |occupied: bool| {
            if self.is_throne(sq) {
                if occupied {
                    self.rules.throne.hostile_occupied.contains(victim)
                } else {
                    self.rules.throne.hostile_empty.contains(victim)
                }
            } else if self.is_corner(sq) {
                self.rules.corner.hostile.contains(victim)
            } else {
                false
            }
        };
        match self.piece_at(sq) {
            None if self.rules.forts.squares.contains(sq) => {
                self.rules.forts.hostile.contains(victim)
            }
            None => hostile_square(false),
            Some(p) if p.side() != capturer => false,
            Some(Piece::King) => self.rules.king_armed.anvil() || hostile_square(true),
            Some(_) => true,
        }
    }

    /// Whether the neighbour `sq` of the king (or the edge, `None`) counts against it.
    pub(crate) fn against_king(&self, sq: Option<Square>) -> bool {
        let Some(sq) = sq else {
            return self.rules.edge_hostile.contains(Piece::King);
        };
        match self.piece_at(sq) {
            Some(p) => p == Piece::Attacker,
            None => {
                if self.is_throne(sq) {
                    self.rules.throne.hostile_empty.contains(Piece::King)
                } else if self.is_corner(sq) {
                    self.rules.corner.hostile.contains(Piece::King)
                } else {
                    self.rules.forts.squares.contains(sq)
                        && self.rules.forts.hostile.contains(Piece::King)
                }
            }
        }
    }

    /// Whether the attacker that has just arrived on `to` captures the king.
    fn king_captured_by(&self, to: Square) -> bool {
        let Some(k) = self.king else {
            return false;
        };
        let n = self.rules.size;
        let Some(&(df, dr)) = DIRECTIONS
            .iter()
            .find(|&&(df, dr)| k.offset(df, dr, n) == Some(to))
        else {
            return false;
        };
        if self.officers_take_the_king() {
            // Berserk: commanders and knights (`berserk.rs`).
            return self.officer_sandwich(k, to, k.offset(-df, -dr, n), false);
        }
        let four = || {
            DIRECTIONS
                .iter()
                .all(|&(df, dr)| self.against_king(k.offset(df, dr, n)))
        };
        let two = || self.against_king(k.offset(-df, -dr, n));
        if self.rules.king_taken_by_two_at(k) {
            two()
        } else {
            four()
        }
    }

    /// The shieldwall captures made by `mover` arriving on the edge square `to`: a row of
    /// two or more enemy pieces along the edge, each with a piece of the mover's side in
    /// front of it (on the next line inwards), bracketed by the mover at one end and by a
    /// friendly piece or a hostile corner at the other, is captured, except the king.
    fn shieldwall_by(&self, to: Square, mover: Piece) -> Bitboard {
        let n = self.rules.size;
        let side = mover.side();
        let last = n - 1;
        let mut out = Bitboard::EMPTY;
        // (inward step, along-edge axis) for each edge `to` lies on.
        let mut edges: [Option<(Step, Step)>; 2] = [None, None];
        let (f, r) = (to.file(), to.rank());
        if r == 0 || r == last {
            edges[0] = Some(((0, if r == 0 { 1 } else { -1 }), (1, 0)));
        }
        if f == 0 || f == last {
            edges[1] = Some(((if f == 0 { 1 } else { -1 }, 0), (0, 1)));
        }
        for ((inf, inr), (af, ar)) in edges.into_iter().flatten() {
            for sign in [1i8, -1] {
                let (df, dr) = (af * sign, ar * sign);
                let mut row = Bitboard::EMPTY;
                let mut king_in_row = false;
                let mut cur = to.offset(df, dr, n);
                let mut ok = true;
                while let Some(sq) = cur {
                    match self.piece_at(sq) {
                        Some(p) if p.side() != side => {
                            let front = sq.offset(inf, inr, n).and_then(|s| self.piece_at(s));
                            if front.is_none_or(|p| p.side() != side) {
                                ok = false;
                                break;
                            }
                            if p == Piece::King {
                                king_in_row = true;
                            } else {
                                row.insert(sq);
                            }
                            cur = sq.offset(df, dr, n);
                        }
                        _ => break,
                    }
                }
                let members = row.count() + u32::from(king_in_row);
                if !ok || members < 2 || row.is_empty() {
                    continue;
                }
                let Some(end) = cur else {
                    continue;
                };
                let bracket = match self.piece_at(end) {
                    Some(Piece::King) => side == Side::Defenders && self.rules.king_armed.anvil(),
                    Some(p) => p.side() == side,
                    None => {
                        self.rules.shieldwall_corners
                            && self.is_corner(end)
                            && self.rules.corner.hostile.contains(match side {
                                Side::Attackers => Piece::Defender,
                                Side::Defenders => Piece::Attacker,
                            })
                    }
                };
                if bracket {
                    out |= row;
                }
            }
        }
        out
    }

    /// The pieces captured by `mover`, which has just arrived on `to` (the board already
    /// shows it there).
    pub(crate) fn captures_by(&self, to: Square, mover: Piece) -> Bitboard {
        let n = self.rules.size;
        let side = mover.side();
        let mut out = Bitboard::EMPTY;
        let g = geometry(n);
        if self.rules.shieldwall && !self.rules.shieldwall_flanking {
            // Relaxed shieldwall (`swf:n`): any move closes the shieldwalls on the board.
            out |= self.closed_shieldwalls(side);
        }
        // Every other capture (custodial, shieldwall, king) needs an enemy next to `to`.
        if (Bitboard::from_square(to).neighbours(g) & self.pieces(side.other())).is_empty() {
            return out;
        }
        let hammer = mover != Piece::King || self.rules.king_armed.hammer();
        if hammer {
            let victim = match side {
                Side::Attackers => Piece::Defender,
                Side::Defenders => Piece::Attacker,
            };
            for &(df, dr) in &DIRECTIONS {
                let Some(next) = to.offset(df, dr, n) else {
                    continue;
                };
                if self.piece_at(next) == Some(victim)
                    && self.anvil(next.offset(df, dr, n), victim, side)
                {
                    out.insert(next);
                }
            }
            if self.rules.shieldwall
                && self.rules.shieldwall_flanking
                && Bitboard(g.edge).contains(to)
            {
                out |= self.shieldwall_by(to, mover);
            }
            if self.rules.linnaean && side == Side::Attackers {
                out |= self.linnaean_by(to);
            }
        }
        if side == Side::Attackers
            && let Some(k) = self.king
            && self.king_captured_by(to)
        {
            out.insert(k);
        }
        out
    }
}

// OpenTafl's further captures: relaxed shieldwalls (`swf:n`) and Linnaean capture (`linc:y`).
impl Ruled<'_> {
    /// Whether `sq` (beyond a shieldwall of `side`'s enemies) closes it for `side`: a piece
    /// of `side` (the king only if armed as an anvil), or an empty corner hostile to the
    /// enemy soldiers.
    fn closes_shieldwall(&self, sq: Square, side: Side) -> bool {
        match self.piece_at(sq) {
            Some(Piece::King) => side == Side::Defenders && self.rules.king_armed.anvil(),
            Some(p) => p.side() == side,
            None => {
                self.rules.shieldwall_corners
                    && self.is_corner(sq)
                    && self.rules.corner.hostile.contains(match side {
                        Side::Attackers => Piece::Defender,
                        Side::Defenders => Piece::Attacker,
                    })
            }
        }
    }

    /// Every closed shieldwall of `side` on the board (relaxed shieldwall, `swf:n`: "any
    /// move that results in a closed shieldwall position against an edge will capture the
    /// surrounded pieces"): a row of two or more enemy pieces along an edge, each with a
    /// piece of `side` in front of it, closed at both ends ([`Ruled::closes_shieldwall`]);
    /// the king is never taken this way.
    fn closed_shieldwalls(&self, side: Side) -> Bitboard {
        let n = self.rules.size;
        let last = n - 1;
        let mut out = Bitboard::EMPTY;
        // (first square, step along the edge, step inwards) of each edge.
        let edges = [
            ((0u8, 0u8), (1i8, 0i8), (0i8, 1i8)),
            ((0, last), (1, 0), (0, -1)),
            ((0, 0), (0, 1), (1, 0)),
            ((last, 0), (0, 1), (-1, 0)),
        ];
        for ((f0, r0), (af, ar), (inf, inr)) in edges {
            let Some(start) = Square::new(f0, r0) else {
                continue;
            };
            let mut prev: Option<Square> = None;
            let mut cur = Some(start);
            while let Some(sq) = cur {
                let is_enemy = self.piece_at(sq).is_some_and(|p| p.side() != side);
                if !is_enemy {
                    prev = Some(sq);
                    cur = sq.offset(af, ar, n);
                    continue;
                }
                // A maximal run of enemy pieces from `sq`.
                let mut row = Bitboard::EMPTY;
                let mut members = 0;
                let mut fronted = true;
                let mut end = Some(sq);
                while let Some(e) = end {
                    let Some(p) = self.piece_at(e).filter(|p| p.side() != side) else {
                        break;
                    };
                    let front = e.offset(inf, inr, n).and_then(|s| self.piece_at(s));
                    fronted &= front.is_some_and(|q| q.side() == side);
                    members += 1;
                    if p != Piece::King {
                        row.insert(e);
                    }
                    end = e.offset(af, ar, n);
                }
                let closed = |b: Option<Square>| b.is_some_and(|b| self.closes_shieldwall(b, side));
                if fronted && members >= 2 && row.any() && closed(prev) && closed(end) {
                    out |= row;
                }
                // `end` holds no enemy: it is the square before whatever follows.
                prev = end;
                cur = end.and_then(|e| e.offset(af, ar, n));
            }
        }
        out
    }

    /// The defender taken by a Linnaean capture when an attacker arrives on `to` (`linc:y`):
    /// the king on the throne, attackers on three of its sides, a defender on the fourth,
    /// and `to` beyond that defender.
    fn linnaean_by(&self, to: Square) -> Bitboard {
        let n = self.rules.size;
        if n.is_multiple_of(2) {
            return Bitboard::EMPTY;
        }
        let throne = geometry(n).throne;
        if self.king != Some(throne) {
            return Bitboard::EMPTY;
        }
        for &(df, dr) in &DIRECTIONS {
            if throne.offset(2 * df, 2 * dr, n) != Some(to) {
                continue;
            }
            let Some(mid) = throne.offset(df, dr, n) else {
                continue;
            };
            let others = DIRECTIONS
                .iter()
                .filter(|&&d| d != (df, dr))
                .all(|&(a, b)| {
                    throne
                        .offset(a, b, n)
                        .is_some_and(|s| self.piece_at(s) == Some(Piece::Attacker))
                });
            if self.piece_at(mid) == Some(Piece::Defender) && others {
                return Bitboard::from_square(mid);
            }
        }
        Bitboard::EMPTY
    }
}
