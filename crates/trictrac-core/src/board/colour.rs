//! The two colours of dames and the per-colour container [`ByColour`].

use std::fmt;
use std::ops::{Index, IndexMut};

use boardgames_common::{ByPlayer, Player};

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

/// White is the first player of a [`boardgames_common::Game`] (the partie ordinaire's
/// `Player::First`), Black the second.
impl From<Colour> for Player {
    fn from(colour: Colour) -> Player {
        match colour {
            Colour::White => Player::First,
            Colour::Black => Player::Second,
        }
    }
}

/// The colour of a player of the partie ordinaire: `Player::First` plays White.
impl From<Player> for Colour {
    fn from(player: Player) -> Colour {
        match player {
            Player::First => Colour::White,
            Player::Second => Colour::Black,
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

/// One value per [`Colour`], indexed by the colour: the shape of
/// [`boardgames_common::ByPlayer`] (White is `first`), into which it converts both ways.
///
/// The public fields, [`new`](Self::new), [`from_fn`](Self::from_fn), [`map`](Self::map),
/// [`as_ref`](Self::as_ref), [`as_mut`](Self::as_mut), [`into_array`](Self::into_array),
/// [`iter`](Self::iter), `IntoIterator` by value and by reference, `Index`/`IndexMut` by
/// [`Colour`], `Default`, and `From` both ways with `[T; 2]` (`[white, black]`) and with
/// `ByPlayer<T>`.
///
/// ```
/// use boardgames_common::{ByPlayer, Player};
/// use trictrac_core::{ByColour, Colour};
/// let mut n = ByColour::new(15, 15);
/// n[Colour::Black] -= 1;
/// assert_eq!(n.black, 14);
/// assert_eq!(n.map(|d| 15 - d).into_array(), [0, 1]);
/// let by_player: ByPlayer<u8> = n.into();
/// assert_eq!(by_player[Player::Second], 14);
/// assert_eq!(ByColour::from(by_player), n);
/// let total: u8 = n.iter().sum();
/// assert_eq!(total, 29);
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

    /// Each value transformed by `f`, White's first.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColour<U> {
        ByColour {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// References to both values.
    pub const fn as_ref(&self) -> ByColour<&T> {
        ByColour {
            white: &self.white,
            black: &self.black,
        }
    }

    /// Mutable references to both values.
    pub fn as_mut(&mut self) -> ByColour<&mut T> {
        ByColour {
            white: &mut self.white,
            black: &mut self.black,
        }
    }

    /// Both values as an array in [`Colour::ALL`] order (White's first, by
    /// [`Colour::index`]).
    pub fn into_array(self) -> [T; 2] {
        [self.white, self.black]
    }

    /// References to both values in [`Colour::ALL`] order (White's first), as an array's
    /// `iter` (zip with `Colour::ALL` for the colours).
    pub fn iter(&self) -> std::array::IntoIter<&T, 2> {
        [&self.white, &self.black].into_iter()
    }
}

impl<T> From<ByColour<T>> for ByPlayer<T> {
    /// White's value for the first player, Black's for the second.
    fn from(b: ByColour<T>) -> ByPlayer<T> {
        ByPlayer::new(b.white, b.black)
    }
}

impl<T> From<ByPlayer<T>> for ByColour<T> {
    /// The first player's value for White, the second's for Black.
    fn from(b: ByPlayer<T>) -> ByColour<T> {
        ByColour::new(b.first, b.second)
    }
}

impl<T> From<[T; 2]> for ByColour<T> {
    /// `[white, black]` (the order of [`Colour::ALL`]).
    fn from([white, black]: [T; 2]) -> ByColour<T> {
        ByColour::new(white, black)
    }
}

impl<T> From<ByColour<T>> for [T; 2] {
    /// `[white, black]` (the order of [`Colour::ALL`]).
    fn from(b: ByColour<T>) -> [T; 2] {
        b.into_array()
    }
}

impl<T> IntoIterator for ByColour<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;
    /// The values, White's first.
    fn into_iter(self) -> Self::IntoIter {
        self.into_array().into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ByColour<T> {
    type Item = &'a T;
    type IntoIter = std::array::IntoIter<&'a T, 2>;
    /// References to the values, White's first.
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// White is the first player, both ways; the containers convert without reordering.
    #[test]
    fn colours_and_players_convert_both_ways() {
        assert_eq!(Player::from(Colour::White), Player::First);
        assert_eq!(Player::from(Colour::Black), Player::Second);
        for c in Colour::ALL {
            assert_eq!(Colour::from(Player::from(c)), c);
            assert_eq!(Player::from(c).index(), c.index());
        }
        assert_eq!(Colour::ALL.len(), Colour::NUM);
        let b = ByColour::new("w", "b");
        let p: ByPlayer<&str> = b.into();
        assert_eq!((p.first, p.second), ("w", "b"));
        assert_eq!(ByColour::from(p), b);
        for c in Colour::ALL {
            assert_eq!(b[c], p[Player::from(c)]);
            assert_eq!(b.into_array()[c.index()], b[c]);
        }
        let mut m = ByColour::from_fn(Colour::index);
        *m.as_mut().black += 10;
        assert_eq!(m.as_ref().map(|v| *v * 2), ByColour::new(0, 22));
        assert_eq!(m.iter().copied().collect::<Vec<_>>(), [0, 11]);
        assert_eq!(ByColour::<u8>::default(), ByColour::new(0, 0));
        assert_eq!(ByColour::from([3, 4]), ByColour::new(3, 4));
        assert_eq!(<[u8; 2]>::from(ByColour::new(5, 6)), [5, 6]);
        assert_eq!(ByColour::new(7, 8).into_iter().collect::<Vec<_>>(), [7, 8]);
        assert_eq!((&ByColour::new(7, 8)).into_iter().sum::<i32>(), 15);
    }
}
