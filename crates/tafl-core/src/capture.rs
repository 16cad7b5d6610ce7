//! Captures (rules page, "Capture is custodial"): after a move, enemy soldiers enclosed on a
//! rank or file between the moved piece and a friendly piece or a hostile square are taken;
//! the king by its own rule ([`KingStrength`]); rows on the edge by the shieldwall rule.
//! Only the side that moved captures, so a piece may safely move between two enemies.

use crate::bitboard::{Bitboard, geometry};
use crate::piece::{Piece, Side};
use crate::position::Position;
use crate::rules::KingStrength;
use crate::square::{DIRECTIONS, Square};

/// A (file, rank) step.
type Step = (i8, i8);

impl Position {
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
            None => hostile_square(false),
            Some(p) if p.side() != capturer => false,
            Some(Piece::King) => self.rules.king_armed.anvil() || hostile_square(true),
            Some(_) => true,
        }
    }

    /// Whether the neighbour `sq` of the king (or the edge, `None`) counts against it.
    fn against_king(&self, sq: Option<Square>) -> bool {
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
                    false
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
        let four = || {
            DIRECTIONS
                .iter()
                .all(|&(df, dr)| self.against_king(k.offset(df, dr, n)))
        };
        let two = || self.against_king(k.offset(-df, -dr, n));
        match self.rules.king_strength {
            KingStrength::Weak => two(),
            KingStrength::Strong => four(),
            KingStrength::StrongNearThrone => {
                let near = self.rules.has_throne && {
                    let t = geometry(n).throne;
                    k == t
                        || DIRECTIONS
                            .iter()
                            .any(|&(a, b)| t.offset(a, b, n) == Some(k))
                };
                if near { four() } else { two() }
            }
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
                        self.is_corner(end)
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
        // Every capture (custodial, shieldwall, king) needs an enemy next to `to`.
        let g = geometry(n);
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
            if self.rules.shieldwall && Bitboard(g.edge).contains(to) {
                out |= self.shieldwall_by(to, mover);
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
