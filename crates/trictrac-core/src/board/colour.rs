//! The two colours of dames and the per-colour container [`ByColour`].

use std::fmt;
use std::ops::{Index, IndexMut};

/// The colour of a player's dames: White (*les blanches*) or Black (*les noires*).
///
/// White's talon is `B1`, Black's is `N1` (rules page, "Board, labels, paths"). In the
/// notation White is written `w` and Black `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// White (*Blanc*), starting on `B1`.
    White,
    /// Black (*Noir*), starting on `N1`.
    Black,
}

impl Colour {
    /// Both colours, White first.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];
    /// Number of colours.
    pub const NUM: usize = 2;

    /// 0 for White, 1 for Black.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The notation letter: `'w'` or `'b'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// The colour of a notation letter `'w'`/`'b'` (either case), or `None`.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Colour> {
        match c {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "White",
            Colour::Black => "Black",
        })
    }
}

/// One value per [`Colour`], indexed by the colour.
///
/// ```
/// use trictrac_core::{ByColour, Colour};
/// let mut n = ByColour::new(15, 15);
/// n[Colour::Black] -= 1;
/// assert_eq!(n.black, 14);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColour<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColour<T> {
    /// Both values, White's first.
    pub const fn new(white: T, black: T) -> ByColour<T> {
        ByColour { white, black }
    }

    /// A value per colour computed by `f`.
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> ByColour<T> {
        ByColour {
            white: f(Colour::White),
            black: f(Colour::Black),
        }
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Colour) -> &T {
        match c {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    #[inline]
    fn index_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        }
    }
}
