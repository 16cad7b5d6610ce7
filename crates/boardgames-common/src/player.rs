//! [`Player`], one of the two players of every game, and [`ByPlayer`], a value for each.
//!
//! The games' own two-player enums and containers (tafl's `Side` and `BySide`, trictrac's
//! `Colour` and `ByColour`) have the same shape and convert to and from these with `From`.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two players of a game: the one who moves first in the standard start is
/// [`Player::First`]. Each game crate maps its own colours onto these (trictrac White/Black,
/// tafl attackers/defenders, sugoroku white/black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player (index 0).
    First,
    /// The second player (index 1).
    Second,
}

impl Player {
    /// Both players, first then second (the order of [`Player::index`]).
    pub const ALL: [Player; 2] = [Player::First, Player::Second];
    /// Number of players.
    pub const NUM: usize = 2;

    /// The index of the player, 0 or 1.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// A value for each [`Player`], indexed by the player.
///
/// The same shape as the games' own containers (tafl's `BySide`, trictrac's `ByColour`):
/// the public fields, [`new`](Self::new), [`from_fn`](Self::from_fn), [`map`](Self::map),
/// [`as_ref`](Self::as_ref), [`as_mut`](Self::as_mut), [`into_array`](Self::into_array),
/// [`iter`](Self::iter), `Index`/`IndexMut` by [`Player`], `Default`, and `From` both ways
/// with `[T; 2]`.
///
/// ```
/// use boardgames_common::{ByPlayer, Player};
/// let mut score = ByPlayer::new(0, 0);
/// score[Player::Second] += 4;
/// assert_eq!(score.second, 4);
/// assert_eq!(score.map(|s| s * 10).into_array(), [0, 40]);
/// assert_eq!(score.iter().sum::<i32>(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// Both values.
    pub const fn new(first: T, second: T) -> ByPlayer<T> {
        ByPlayer { first, second }
    }

    /// A value per player computed by `f` (called for the first player, then the second).
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer {
            first: f(Player::First),
            second: f(Player::Second),
        }
    }

    /// Each value through `f` (the first player's, then the second's).
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer {
            first: f(self.first),
            second: f(self.second),
        }
    }

    /// References to both values.
    pub const fn as_ref(&self) -> ByPlayer<&T> {
        ByPlayer {
            first: &self.first,
            second: &self.second,
        }
    }

    /// Mutable references to both values.
    pub fn as_mut(&mut self) -> ByPlayer<&mut T> {
        ByPlayer {
            first: &mut self.first,
            second: &mut self.second,
        }
    }

    /// The values as an array indexed by [`Player::index`].
    pub fn into_array(self) -> [T; 2] {
        [self.first, self.second]
    }

    /// The values, the first player's first.
    pub fn iter(&self) -> std::array::IntoIter<&T, 2> {
        [&self.first, &self.second].into_iter()
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }
}

impl<T> From<[T; 2]> for ByPlayer<T> {
    /// `[first, second]`.
    fn from([first, second]: [T; 2]) -> ByPlayer<T> {
        ByPlayer { first, second }
    }
}

impl<T> From<ByPlayer<T>> for [T; 2] {
    fn from(v: ByPlayer<T>) -> [T; 2] {
        v.into_array()
    }
}

impl<T> IntoIterator for ByPlayer<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;
    /// The values, the first player's first.
    fn into_iter(self) -> Self::IntoIter {
        self.into_array().into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ByPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::array::IntoIter<&'a T, 2>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_player_indexing() {
        let mut v = ByPlayer::from_fn(|p| p.index() * 10);
        v[Player::First] += 1;
        assert_eq!(v.into_array(), [1, 10]);
        assert_eq!(Player::First.other(), Player::Second);
    }

    #[test]
    fn by_player_shape() {
        let v = ByPlayer::new(3, 4);
        assert_eq!(v.map(|x| x * 2), ByPlayer::new(6, 8));
        assert_eq!(v.as_ref().map(|x| *x + 1), ByPlayer::new(4, 5));
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), [3, 4]);
        assert_eq!((&v).into_iter().count(), 2);
        assert_eq!(v.into_iter().collect::<Vec<_>>(), [3, 4]);
        assert_eq!(ByPlayer::from([5, 6]), ByPlayer::new(5, 6));
        assert_eq!(<[i32; 2]>::from(v), [3, 4]);
        assert_eq!(ByPlayer::<u8>::default(), ByPlayer::new(0, 0));
        let mut w = v;
        *w.as_mut().second = 9;
        assert_eq!(w.second, 9);
        for (i, p) in Player::ALL.into_iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(v[p], v.into_array()[i]);
        }
        assert_eq!(Player::ALL.len(), Player::NUM);
    }
}
