//! Points (*flèches*) with their absolute labels `B1..B12` / `N1..N12`, and the per-player
//! path positions `1..=24` (+ `25` = off, *la bande*).
//!
//! Rules page, "Board, labels, paths": White moves `B1 → B12`, then `N12 → N1`, then off;
//! Black moves `N1 → N12`, then `B12 → B1`, then off. `B1` faces `N1`, `B12` faces `N12`.
//! For either player path position 1 is his talon, 12 his coin de repos, 13 the opponent's
//! coin, 24 the opponent's talon and 25 the edge (off the board).
//!
//! Internally a point is an index `0..24` in White's path order (`B1` = 0 … `B12` = 11,
//! `N12` = 12 … `N1` = 23), so White's path position is `index + 1` and Black's is
//! `24 - index`; the two path positions of one point always add up to 25.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Colour;

/// Path position of a player's talon (start stack).
pub const TALON: u8 = 1;
/// Path position of a player's own coin de repos.
pub const OWN_COIN: u8 = 12;
/// Path position of the opponent's coin de repos, seen from the player.
pub const OPPONENT_COIN: u8 = 13;
/// Path position "off the board" (*la bande*, the edge used for the sortie).
pub const OFF: u8 = 25;

/// A point (*flèche*, *case*) of the board, named by its absolute label `B1..B12` (White's
/// row) or `N1..N12` (Black's row).
///
/// ```
/// use trictrac_core::{Colour, Point};
/// let p: Point = "N12".parse().unwrap();
/// assert_eq!(p.path(Colour::Black), 12);
/// assert_eq!(p.path(Colour::White), 13);
/// // Glossary: a Black dame on N12 moving 5 lands on B8.
/// assert_eq!(Point::from_path(Colour::Black, 12 + 5), Some("B8".parse().unwrap()));
/// ```
///
/// `Debug` prints the label: `Point(B1)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub struct Point(u8);

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({self})")
    }
}

/// The row of twelve points a label names: `B` (*côté Blanc*, White's row) or `N` (*côté
/// Noir*, Black's row). The two rows face each other, `B1` facing `N1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Row {
    /// `B1..B12`, White's row (White's talon and coin).
    B,
    /// `N1..N12`, Black's row (Black's talon and coin).
    N,
}

impl Row {
    /// Every `Row`, in the order of its declaration.
    pub const ALL: [Row; 2] = [Row::B, Row::N];
    /// The number of `Row`s.
    pub const NUM: usize = 2;
}

impl Point {
    /// Number of points on the board.
    pub const NUM: usize = 24;

    /// All points in White's path order: `B1..B12`, then `N12..N1`.
    pub const ALL: [Point; 24] = {
        let mut a = [Point(0); 24];
        let mut i = 0;
        while i < 24 {
            a[i] = Point(i as u8);
            i += 1;
        }
        a
    };

    /// The point with index `i` (`0..24`, White's path order), or `None`.
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Point> {
        if i < 24 { Some(Point(i)) } else { None }
    }

    /// The index `0..24` in White's path order (`B1` = 0, `B12` = 11, `N12` = 12, `N1` = 23).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point labelled `row` + `number` (`number` in `1..=12`), or `None`.
    #[must_use]
    pub const fn new(row: Row, number: u8) -> Option<Point> {
        if number < 1 || number > 12 {
            return None;
        }
        match row {
            Row::B => Some(Point(number - 1)),
            Row::N => Some(Point(24 - number)),
        }
    }

    /// The point `B<number>`, or `None` unless `1 <= number <= 12`.
    #[must_use]
    pub const fn b(number: u8) -> Option<Point> {
        Point::new(Row::B, number)
    }

    /// The point `N<number>`, or `None` unless `1 <= number <= 12`.
    #[must_use]
    pub const fn n(number: u8) -> Option<Point> {
        Point::new(Row::N, number)
    }

    /// The row of the label (`B` or `N`).
    #[must_use]
    pub const fn row(self) -> Row {
        if self.0 < 12 { Row::B } else { Row::N }
    }

    /// The row of the label: the old name of [`Point::row`].
    #[deprecated(note = "renamed Point::row (the board half is a Row)")]
    #[must_use]
    pub const fn side(self) -> Row {
        self.row()
    }

    /// The number of the label, `1..=12`.
    #[must_use]
    pub const fn number(self) -> u8 {
        if self.0 < 12 { self.0 + 1 } else { 24 - self.0 }
    }

    /// The path position `1..=24` of this point for the player of `colour`.
    #[must_use]
    pub const fn path(self, colour: Colour) -> u8 {
        match colour {
            Colour::White => self.0 + 1,
            Colour::Black => 24 - self.0,
        }
    }

    /// The point at path position `p` (`1..=24`) of `colour`, or `None` outside `1..=24`
    /// (25 is off the board: see [`Dest`]).
    #[must_use]
    pub const fn from_path(colour: Colour, p: u8) -> Option<Point> {
        if p < 1 || p > 24 {
            return None;
        }
        match colour {
            Colour::White => Some(Point(p - 1)),
            Colour::Black => Some(Point(24 - p)),
        }
    }

    /// [`Point::from_path`] for `p` known to be in `1..=24` (move generation); out-of-range
    /// values are clamped to `1..=24`.
    #[inline]
    pub(crate) const fn from_path_in_range(colour: Colour, p: u8) -> Point {
        let p = if p < 1 {
            1
        } else if p > 24 {
            24
        } else {
            p
        };
        match colour {
            Colour::White => Point(p - 1),
            Colour::Black => Point(24 - p),
        }
    }

    /// The talon (path position 1) of `colour`: `B1` for White, `N1` for Black.
    #[must_use]
    pub const fn talon(colour: Colour) -> Point {
        match colour {
            Colour::White => Point(0),
            Colour::Black => Point(23),
        }
    }

    /// The coin de repos (path position 12) of `colour`: `B12` for White, `N12` for Black.
    #[must_use]
    pub const fn coin(colour: Colour) -> Point {
        match colour {
            Colour::White => Point(11),
            Colour::Black => Point(12),
        }
    }

    /// Whether the point lies in the petit-jan table (`B1..B6`, `N1..N6`); otherwise it is in
    /// the grand-jan table (`B7..B12`, `N7..N12`). Hit values depend on it (rules page).
    #[must_use]
    pub const fn in_petit_jan_table(self) -> bool {
        self.number() <= 6
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.row() {
            Row::B => 'B',
            Row::N => 'N',
        };
        write!(f, "{s}{}", self.number())
    }
}

/// Error of parsing a [`Point`] or a [`Dest`] label.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid point {0:?}: expected B1..B12 or N1..N12")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let t = s.trim();
        let err = || ParsePointError(s.to_string());
        let mut chars = t.chars();
        let row = match chars.next() {
            Some('B' | 'b') => Row::B,
            Some('N' | 'n') => Row::N,
            _ => return Err(err()),
        };
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let n: u8 = rest.parse().map_err(|_| err())?;
        Point::new(row, n).ok_or_else(err)
    }
}

impl From<Point> for String {
    fn from(p: Point) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Point {
    type Error = ParsePointError;
    fn try_from(s: String) -> Result<Point, ParsePointError> {
        s.parse()
    }
}

/// Where a dame goes: a point, or off the board (*la bande*, path position 25).
///
/// Written as the point label or `off` (serde too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub enum Dest {
    /// A point of the board.
    Point(Point),
    /// Off the board (borne off, *sortie*).
    Off,
}

impl Dest {
    /// The path position `1..=25` of this destination for `colour`.
    #[must_use]
    pub const fn path(self, colour: Colour) -> u8 {
        match self {
            Dest::Point(p) => p.path(colour),
            Dest::Off => OFF,
        }
    }

    /// The destination at path position `p` (`1..=25`) of `colour`, or `None`.
    #[must_use]
    pub const fn from_path(colour: Colour, p: u8) -> Option<Dest> {
        if p == OFF {
            Some(Dest::Off)
        } else {
            match Point::from_path(colour, p) {
                Some(pt) => Some(Dest::Point(pt)),
                None => None,
            }
        }
    }
}

impl fmt::Display for Dest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dest::Point(p) => p.fmt(f),
            Dest::Off => f.write_str("off"),
        }
    }
}

impl From<Dest> for String {
    fn from(d: Dest) -> String {
        d.to_string()
    }
}

impl TryFrom<String> for Dest {
    type Error = ParsePointError;
    fn try_from(s: String) -> Result<Dest, ParsePointError> {
        s.parse()
    }
}

impl FromStr for Dest {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Dest, ParsePointError> {
        if s.trim().eq_ignore_ascii_case("off") {
            Ok(Dest::Off)
        } else {
            s.parse().map(Dest::Point)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_paths() {
        for p in Point::ALL {
            assert_eq!(p.path(Colour::White) + p.path(Colour::Black), 25);
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            for c in Colour::ALL {
                assert_eq!(Point::from_path(c, p.path(c)), Some(p));
            }
        }
        assert_eq!(Point::talon(Colour::White).to_string(), "B1");
        assert_eq!(Point::coin(Colour::White).to_string(), "B12");
        assert_eq!(Point::talon(Colour::Black).to_string(), "N1");
        assert_eq!(Point::coin(Colour::Black).to_string(), "N12");
        // White: B12 (p 12) then N12 (p 13) ... N1 (p 24).
        assert_eq!(
            Point::from_path(Colour::White, 13).unwrap().to_string(),
            "N12"
        );
        assert_eq!(
            Point::from_path(Colour::White, 24).unwrap().to_string(),
            "N1"
        );
        assert_eq!(
            Point::from_path(Colour::Black, 13).unwrap().to_string(),
            "B12"
        );
        assert!("B13".parse::<Point>().is_err());
        assert!("N0".parse::<Point>().is_err());
        assert!("X3".parse::<Point>().is_err());
        assert!("B".parse::<Point>().is_err());
        assert_eq!("off".parse::<Dest>(), Ok(Dest::Off));
    }
}
