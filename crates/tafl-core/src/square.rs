//! [`Square`]: a square of a tafl board, named `a1`..`k11` (files from the left, ranks from the
//! bottom; rules page, "Coordinates").

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest board supported: 11×11 (Copenhagen).
pub const MAX_SIZE: u8 = 11;
/// The smallest board supported: 7×7 (Fidchell, Brandubh).
pub const MIN_SIZE: u8 = 7;
/// Row stride of the square index: every board uses the layout of the 11×11 board, so a
/// square keeps its index whatever the board size.
pub(crate) const STRIDE: u8 = 11;

/// A square of the 11×11 grid: index `rank * 11 + file`, both from 0 (`a1` is 0).
///
/// A square is valid on a board of size `n` when its file and rank are both below `n`
/// ([`Square::on_board`]). `Display`/`FromStr` use algebraic names: `a1`, `d4`, `k11`.
///
/// ```
/// use tafl_core::Square;
/// let sq: Square = "d4".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (3, 3));
/// assert_eq!(sq.to_string(), "d4");
/// ```
///
/// `Debug` prints the name too: `Square(d4)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.index() < Square::NUM {
            write!(f, "Square({self})")
        } else {
            write!(f, "Square(#{})", self.0)
        }
    }
}

impl Square {
    /// Number of squares of the 11×11 grid.
    pub const NUM: usize = 121;

    /// The square at `file` and `rank` (both from 0), or `None` beyond the 11×11 grid.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE {
            Some(Square(rank * STRIDE + file))
        } else {
            None
        }
    }

    /// The square of index `index` (`rank * 11 + file`), or `None` if `index >= 121`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::NUM {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of a known-valid index (internal).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        Square(index as u8)
    }

    /// The index `rank * 11 + file`, in `0..121`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, from 0 (`a`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// The rank, from 0 (rank `1`).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// Whether the square lies on a board of `size` × `size`.
    #[inline]
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.file() < size && self.rank() < size
    }

    /// The square `df` files and `dr` ranks away, if it lies on a board of `size`.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8, size: u8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 || f >= size as i8 || r >= size as i8 {
            None
        } else {
            Some(Square(r as u8 * STRIDE + f as u8))
        }
    }

    /// The square with file and rank exchanged (reflection in the a1 diagonal).
    #[must_use]
    pub const fn transposed(self) -> Square {
        Square(self.file() * STRIDE + self.rank())
    }
}

/// The four orthogonal directions as (file, rank) steps: east, west, north, south.
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Error of [`Square::from_str`]: the text is not a file letter `a`..`k` followed by a rank
/// number `1`..`11`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid square {0:?}: expected a file a..k and a rank 1..11, like \"d4\"")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let bytes = s.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or_else(err)?;
        let letter = letter.to_ascii_lowercase();
        if !(b'a'..b'a' + MAX_SIZE).contains(&letter)
            || digits.is_empty()
            || digits.len() > 2
            || !digits.iter().all(u8::is_ascii_digit)
            || digits[0] == b'0'
        {
            return Err(err());
        }
        let rank = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        Square::new(letter - b'a', rank.wrapping_sub(1)).ok_or_else(err)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..Square::NUM {
            let sq = Square::from_index(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("k11".parse::<Square>().unwrap().index(), 120);
        for bad in ["", "a", "a0", "l1", "a12", "a01", "1a", "a1x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(a1.offset(-1, 0, 7), None);
        assert_eq!(a1.offset(6, 6, 7).unwrap().to_string(), "g7");
        assert_eq!(a1.offset(7, 0, 7), None);
        assert_eq!(a1.offset(7, 0, 11).unwrap().to_string(), "h1");
    }
}
