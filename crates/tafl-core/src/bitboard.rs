//! [`Bitboard`]: a set of squares as a `u128` in the 11-stride layout of [`Square`], and the
//! per-size board geometry (board, edge, corners, throne) and sliding tables used by move
//! generation.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::{MAX_SIZE, MIN_SIZE, STRIDE, Square};

/// A set of squares: bit `i` is the square of index `i` (`rank * 11 + file`).
///
/// Bits 121..128 are never set by the crate's own operations except through [`Not`], whose
/// result should be intersected with a board mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// The squares one step east (towards higher files), kept on a board of `size`.
    #[inline]
    pub(crate) const fn east(self, g: &Geometry) -> Bitboard {
        Bitboard((self.0 << 1) & g.board & !FILE_A)
    }

    /// The squares one step west, kept on the board.
    #[inline]
    pub(crate) const fn west(self, g: &Geometry) -> Bitboard {
        Bitboard((self.0 >> 1) & g.board & !FILE_K)
    }

    /// The squares one step north, kept on the board.
    #[inline]
    pub(crate) const fn north(self, g: &Geometry) -> Bitboard {
        Bitboard((self.0 << STRIDE) & g.board)
    }

    /// The squares one step south, kept on the board.
    #[inline]
    pub(crate) const fn south(self, g: &Geometry) -> Bitboard {
        Bitboard((self.0 >> STRIDE) & g.board)
    }

    /// The orthogonal neighbours of the set's squares, on the board.
    #[inline]
    pub(crate) const fn neighbours(self, g: &Geometry) -> Bitboard {
        Bitboard(self.east(g).0 | self.west(g).0 | self.north(g).0 | self.south(g).0)
    }

    /// The set reflected in the a1 diagonal (file and rank exchanged).
    #[must_use]
    pub fn transposed(self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self {
            out.insert(sq.transposed());
        }
        out
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

/// File `a` of the 11-stride layout.
pub(crate) const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < STRIDE {
        m |= 1u128 << (r * STRIDE);
        r += 1;
    }
    m
};
/// File `k` (the 11th) of the 11-stride layout.
pub(crate) const FILE_K: u128 = FILE_A << (STRIDE - 1);

/// Masks of one board size.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Geometry {
    /// Every square of the board.
    pub(crate) board: u128,
    /// The squares on the edge of the board.
    pub(crate) edge: u128,
    /// The four corner squares.
    pub(crate) corners: u128,
    /// The centre square (the throne).
    pub(crate) throne: Square,
    /// Line bits (of an 11-bit rank or file) beyond the board, set so that slides stop there.
    pub(crate) beyond: u16,
}

const fn geometry_of(size: u8) -> Geometry {
    let mut board = 0u128;
    let mut edge = 0u128;
    let mut r = 0;
    while r < size {
        let mut f = 0;
        while f < size {
            let bit = 1u128 << (r * STRIDE + f);
            board |= bit;
            if r == 0 || f == 0 || r == size - 1 || f == size - 1 {
                edge |= bit;
            }
            f += 1;
        }
        r += 1;
    }
    let last = size - 1;
    let corners =
        1u128 | 1u128 << last | 1u128 << (last * STRIDE) | 1u128 << (last * STRIDE + last);
    let c = size / 2;
    Geometry {
        board,
        edge,
        corners,
        throne: Square::from_index_unchecked((c * STRIDE + c) as u32),
        beyond: (0x7FFu16 >> size) << size,
    }
}

const GEOMETRIES: [Geometry; 5] = [
    geometry_of(7),
    geometry_of(8),
    geometry_of(9),
    geometry_of(10),
    geometry_of(11),
];

/// The geometry of a board of `size` (clamped into 7..=11; rulesets are validated).
#[inline]
pub(crate) fn geometry(size: u8) -> &'static Geometry {
    let s = size.clamp(MIN_SIZE, MAX_SIZE);
    &GEOMETRIES[(s - MIN_SIZE) as usize]
}

/// `SLIDE[i][occ]`: the cells of an 11-cell line that a piece on cell `i` reaches by sliding
/// both ways until the end of the line or the cell before a set bit of `occ`. Cells beyond
/// the board are passed in `occ` as set bits, so one table serves every size.
pub(crate) static SLIDE: [[u16; 2048]; 11] = {
    let mut t = [[0u16; 2048]; 11];
    let mut i = 0;
    while i < 11 {
        let mut occ = 0;
        while occ < 2048 {
            let mut reach = 0u16;
            let mut j = i;
            while j > 0 {
                j -= 1;
                if occ >> j & 1 != 0 {
                    break;
                }
                reach |= 1 << j;
            }
            let mut j = i + 1;
            while j < 11 {
                if occ >> j & 1 != 0 {
                    break;
                }
                reach |= 1 << j;
                j += 1;
            }
            t[i][occ] = reach;
            occ += 1;
        }
        i += 1;
    }
    t
};

/// `POP11[x]`: the number of set bits of an 11-bit line. A table, because the baseline x86-64
/// target has no `popcnt` instruction and the bit-trick fallback is slower than one load.
pub(crate) static POP11: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut i = 0;
    while i < 2048 {
        t[i] = (i as u16).count_ones() as u8;
        i += 1;
    }
    t
};

/// The squares reached from the squares of `from` by sliding over `empty` towards higher
/// indices by steps of `shift` bits (1: east, `STRIDE`: north), `from` itself left out: a
/// Kogge-Stone fill in four doublings, enough for the 10 steps of the longest line. `empty`
/// holds squares of the board only (without file `a` for the eastward fill), so that no
/// slide leaves the board or wraps to the next rank.
#[inline(always)]
pub(crate) const fn fill_up(from: u128, empty: u128, shift: u32) -> u128 {
    let mut g = from;
    let mut p = empty;
    g |= p & (g << shift);
    p &= p << shift;
    g |= p & (g << (2 * shift));
    p &= p << (2 * shift);
    g |= p & (g << (4 * shift));
    p &= p << (4 * shift);
    g |= p & (g << (8 * shift));
    g & !from
}

/// [`fill_up`] towards lower indices (west with `shift` 1, without file `k` in `empty`;
/// south with `STRIDE`).
#[inline(always)]
pub(crate) const fn fill_down(from: u128, empty: u128, shift: u32) -> u128 {
    let mut g = from;
    let mut p = empty;
    g |= p & (g >> shift);
    p &= p >> shift;
    g |= p & (g >> (2 * shift));
    p &= p >> (2 * shift);
    g |= p & (g >> (4 * shift));
    p &= p >> (4 * shift);
    g |= p & (g >> (8 * shift));
    g & !from
}

/// The 11 bits of rank `rank` of `bb`.
#[inline]
pub(crate) const fn line(bb: u128, index: u8) -> u16 {
    ((bb >> (index as u32 * STRIDE as u32)) & 0x7FF) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_seven() {
        let g = geometry(7);
        assert_eq!(Bitboard(g.board).count(), 49);
        assert_eq!(Bitboard(g.edge).count(), 24);
        let corners: Vec<String> = Bitboard(g.corners).map(|s| s.to_string()).collect();
        assert_eq!(corners, ["a1", "g1", "a7", "g7"]);
        assert_eq!(g.throne.to_string(), "d4");
        assert_eq!(geometry(11).throne.to_string(), "f6");
        assert_eq!(geometry(9).throne.to_string(), "e5");
        assert_eq!(g.beyond, 0b111_1000_0000);
    }

    #[test]
    fn slides_stop_at_blockers() {
        // Piece on cell 3, blockers on 1 and 6: reaches 2, 4, 5.
        assert_eq!(SLIDE[3][0b100_0010], 0b11_0100);
        assert_eq!(SLIDE[0][0], 0x7FE);
    }

    #[test]
    fn shifts_do_not_wrap() {
        let g = geometry(11);
        let k1 = Bitboard::from_square("k1".parse().unwrap());
        assert!(k1.east(g).is_empty());
        let a2 = Bitboard::from_square("a2".parse().unwrap());
        assert!(a2.west(g).is_empty());
        let g7 = geometry(7);
        let g1 = Bitboard::from_square("g1".parse().unwrap());
        assert!(g1.east(g7).is_empty());
        assert_eq!(g1.north(g7).first().unwrap().to_string(), "g2");
    }
}
