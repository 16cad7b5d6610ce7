//! [`Setup`]: an unvalidated tafl position, and its text form, the OpenTafl position string
//! (rank 1 first) followed by the side to move and the corners the king has visited.
//!
//! ```text
//! /2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/ a
//! /7/7/7/3K3/7/7/7/ d a1,g7
//! ```
//!
//! The board part is exactly OpenTafl's: ranks separated by `/`, rank 1 first, `t` attacker,
//! `T` defender, `K` king, a number for a run of empty squares. Then, ours: `a` or `d` for
//! the side to move (optional when parsing: the attackers move), and the corners the king has
//! visited, comma-separated, when there are any (Fidchell's four-corner rule).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::piece::{Officer, OfficerSet, Piece, Side};
use crate::square::{MAX_SIZE, MIN_SIZE, Square};

/// A position that is not necessarily legal: public fields, no invariants
/// Turn it into a [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Board size `n` (`n`×`n`).
    pub size: u8,
    /// Squares of the attacking soldiers.
    pub attackers: Bitboard,
    /// Squares of the defending soldiers (not the king).
    pub defenders: Bitboard,
    /// The king's square.
    pub king: Option<Square>,
    /// The side to move.
    pub side_to_move: Side,
    /// The corners the king has visited (only meaningful under the four-corner escape).
    pub corners_visited: Bitboard,
    /// The soldiers (of either side, among `attackers` and `defenders`) that are commanders
    /// (OpenTafl letters `c`, `C`; Berserk).
    pub commanders: Bitboard,
    /// The soldiers (of either side) that are knights (OpenTafl letters `n`, `N`; Berserk).
    pub knights: Bitboard,
    /// The piece that captured on the last move and moves again before the other side
    /// (berserk moves, OpenTafl's `ber:`); written `=e5` after the side to move.
    pub berserker: Option<Square>,
}

impl Setup {
    /// An empty board of `size` with the attackers to move.
    #[must_use]
    pub const fn empty(size: u8) -> Setup {
        Setup {
            size,
            attackers: Bitboard::EMPTY,
            defenders: Bitboard::EMPTY,
            king: None,
            side_to_move: Side::Attackers,
            corners_visited: Bitboard::EMPTY,
            commanders: Bitboard::EMPTY,
            knights: Bitboard::EMPTY,
            berserker: None,
        }
    }

    /// The pieces of `side` (the defenders' with the king).
    #[must_use]
    pub fn pieces_of(&self, side: Side) -> Bitboard {
        match side {
            Side::Attackers => self.attackers,
            Side::Defenders => match self.king {
                Some(k) => self.defenders.with(k),
                None => self.defenders,
            },
        }
    }

    /// The officer (commander or knight) on `sq`, if any.
    #[must_use]
    pub fn officer_at(&self, sq: Square) -> Option<Officer> {
        if self.commanders.contains(sq) {
            Some(Officer::Commander)
        } else if self.knights.contains(sq) {
            Some(Officer::Knight)
        } else {
            None
        }
    }

    /// The kinds of officer among the soldiers of `side`: what
    /// [`Rules::officers`](crate::Rules::officers) holds for a side whose start this is.
    #[must_use]
    pub fn officer_kinds(&self, side: Side) -> OfficerSet {
        let soldiers = self.pieces_of(side);
        let mut kinds = OfficerSet::NONE;
        if (self.commanders & soldiers).any() {
            kinds = kinds.with(Officer::Commander);
        }
        if (self.knights & soldiers).any() {
            kinds = kinds.with(Officer::Knight);
        }
        kinds
    }

    /// Puts a commander or a knight of `side` on `sq` (replacing what was there).
    pub fn put_officer(&mut self, sq: Square, side: Side, officer: Officer) {
        self.put(
            sq,
            match side {
                Side::Attackers => Piece::Attacker,
                Side::Defenders => Piece::Defender,
            },
        );
        match officer {
            Officer::Commander => self.commanders.insert(sq),
            Officer::Knight => self.knights.insert(sq),
        }
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if self.king == Some(sq) {
            Some(Piece::King)
        } else if self.attackers.contains(sq) {
            Some(Piece::Attacker)
        } else if self.defenders.contains(sq) {
            Some(Piece::Defender)
        } else {
            None
        }
    }

    /// Puts `piece` on `sq` (replacing what was there; a second king moves the king).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        match piece {
            Piece::Attacker => self.attackers.insert(sq),
            Piece::Defender => self.defenders.insert(sq),
            Piece::King => self.king = Some(sq),
        }
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.attackers.remove(sq);
        self.defenders.remove(sq);
        self.commanders.remove(sq);
        self.knights.remove(sq);
        if self.king == Some(sq) {
            self.king = None;
        }
    }

    /// The OpenTafl board string alone (rank 1 first), e.g. `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`.
    #[must_use]
    pub fn board_string(&self) -> String {
        let mut s = String::from("/");
        for rank in 0..self.size {
            let mut run = 0;
            for file in 0..self.size {
                let sq = Square::new(file, rank);
                let piece = sq.and_then(|sq| self.piece_at(sq));
                match piece {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        match sq.and_then(|sq| self.officer_at(sq)) {
                            Some(o) if p != Piece::King => s.push(o.char(p.side())),
                            _ => s.push(p.char()),
                        }
                    }
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            s.push('/');
        }
        s
    }

    /// Parses an OpenTafl board string (rank 1 first); the side to move is the attackers.
    ///
    /// # Errors
    ///
    /// [`ParseSetupError`] saying which rank is malformed and how.
    pub fn from_board_string(text: &str) -> Result<Setup, ParseSetupError> {
        let inner = text
            .strip_prefix('/')
            .and_then(|t| t.strip_suffix('/'))
            .ok_or_else(|| ParseSetupError::Slashes(text.to_string()))?;
        let ranks: Vec<&str> = inner.split('/').collect();
        let size = ranks.len();
        if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&size) {
            return Err(ParseSetupError::RankCount(size));
        }
        let size = size as u8;
        let mut setup = Setup::empty(size);
        for (rank, row) in ranks.iter().enumerate() {
            let rank = rank as u8;
            let mut file: u32 = 0;
            let mut digits: u32 = 0;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d;
                    if digits > u32::from(MAX_SIZE) {
                        return Err(ParseSetupError::RankLength {
                            rank: rank + 1,
                            size,
                        });
                    }
                    if chars.peek().is_some_and(char::is_ascii_digit) {
                        continue;
                    }
                    if digits == 0 {
                        return Err(ParseSetupError::Char { rank: rank + 1, c });
                    }
                    file += digits;
                    digits = 0;
                    continue;
                }
                let (piece, officer) = match c {
                    't' => (Piece::Attacker, None),
                    'T' => (Piece::Defender, None),
                    'K' => (Piece::King, None),
                    'c' => (Piece::Attacker, Some(Officer::Commander)),
                    'n' => (Piece::Attacker, Some(Officer::Knight)),
                    'C' => (Piece::Defender, Some(Officer::Commander)),
                    'N' => (Piece::Defender, Some(Officer::Knight)),
                    _ => return Err(ParseSetupError::Char { rank: rank + 1, c }),
                };
                if file >= u32::from(size) {
                    return Err(ParseSetupError::RankLength {
                        rank: rank + 1,
                        size,
                    });
                }
                let sq = Square::new(file as u8, rank).ok_or(ParseSetupError::RankLength {
                    rank: rank + 1,
                    size,
                })?;
                if piece == Piece::King && setup.king.is_some() {
                    return Err(ParseSetupError::TwoKings);
                }
                match officer {
                    Some(o) => setup.put_officer(sq, piece.side(), o),
                    None => setup.put(sq, piece),
                }
                file += 1;
            }
            if file != u32::from(size) {
                return Err(ParseSetupError::RankLength {
                    rank: rank + 1,
                    size,
                });
            }
        }
        Ok(setup)
    }
}

/// Error of [`Setup::from_str`] and [`Setup::from_board_string`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseSetupError {
    /// The board does not start and end with `/`.
    #[error("an OpenTafl board must start and end with '/': {0:?}")]
    Slashes(String),
    /// The number of ranks is not a supported board size.
    #[error("{0} ranks: boards of 7 to 11 ranks are supported")]
    RankCount(usize),
    /// A rank does not hold exactly `size` squares.
    #[error("rank {rank} does not describe exactly {size} squares")]
    RankLength {
        /// The rank, from 1.
        rank: u8,
        /// The board size.
        size: u8,
    },
    /// A character that is not a piece letter or a digit.
    #[error("rank {rank}: unexpected {c:?} (use t, c, n, T, C, N, K and digits)")]
    Char {
        /// The rank, from 1.
        rank: u8,
        /// The character.
        c: char,
    },
    /// More than one king.
    #[error("more than one king on the board")]
    TwoKings,
    /// The side to move is not `a` or `d`.
    #[error("side to move {0:?}: expected 'a' (attackers) or 'd' (defenders)")]
    Side(String),
    /// A visited corner is not a square.
    #[error("visited corners {0:?}: expected squares separated by commas")]
    Corners(String),
    /// A berserker (`=e5`) that is not a square.
    #[error("berserker {0:?}: expected '=' and a square, such as =e5")]
    Berserker(String),
    /// Text after the corners.
    #[error("unexpected text {0:?} after the position")]
    Trailing(String),
    /// Nothing to parse.
    #[error("empty position string")]
    Empty,
}

impl fmt::Display for Setup {
    /// The board string, the side to move (`a`/`d`) and the visited corners if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_string())?;
        f.write_str(match self.side_to_move {
            Side::Attackers => " a",
            Side::Defenders => " d",
        })?;
        let mut first = true;
        for sq in self.corners_visited {
            f.write_str(if first { " " } else { "," })?;
            first = false;
            write!(f, "{sq}")?;
        }
        if let Some(b) = self.berserker {
            write!(f, " ={b}")?;
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let mut words = s.split_whitespace();
        let board = words.next().ok_or(ParseSetupError::Empty)?;
        let mut setup = Setup::from_board_string(board)?;
        if let Some(side) = words.next() {
            setup.side_to_move = match side {
                "a" | "attackers" => Side::Attackers,
                "d" | "defenders" => Side::Defenders,
                other => return Err(ParseSetupError::Side(other.to_string())),
            };
        }
        let mut next = words.next();
        if let Some(corners) = next.filter(|w| !w.starts_with('=')) {
            next = words.next();
            for name in corners.split(',') {
                let sq: Square = name
                    .parse()
                    .map_err(|_| ParseSetupError::Corners(corners.to_string()))?;
                setup.corners_visited.insert(sq);
            }
        }
        if let Some(b) = next.and_then(|w| w.strip_prefix('=')) {
            setup.berserker = Some(
                b.parse()
                    .map_err(|_| ParseSetupError::Berserker(b.to_string()))?,
            );
            next = words.next();
        }
        if let Some(extra) = next {
            return Err(ParseSetupError::Trailing(extra.to_string()));
        }
        Ok(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fidchell_start_round_trips() {
        let text = "/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/";
        let s = Setup::from_board_string(text).unwrap();
        assert_eq!(s.size, 7);
        assert_eq!(s.attackers.count(), 12);
        assert_eq!(s.defenders.count(), 8);
        assert_eq!(s.king.unwrap().to_string(), "d4");
        assert!(s.attackers.contains("c1".parse().unwrap()));
        assert_eq!(s.board_string(), text);
        assert_eq!(s.to_string(), format!("{text} a"));
        let mut t = s;
        t.side_to_move = Side::Defenders;
        t.corners_visited.insert("a1".parse().unwrap());
        t.corners_visited.insert("g7".parse().unwrap());
        assert_eq!(t.to_string(), format!("{text} d a1,g7"));
        assert_eq!(t.to_string().parse::<Setup>().unwrap(), t);
    }

    #[test]
    fn berserk_pieces_and_the_berserker_round_trip() {
        let text = "/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";
        let s = Setup::from_board_string(text).unwrap();
        assert_eq!(s.commanders.count(), 4);
        assert_eq!(s.knights.count(), 1);
        assert_eq!(s.officer_at("e5".parse().unwrap()), Some(Officer::Knight));
        assert!(s.defenders.contains("e5".parse().unwrap()));
        assert!(s.attackers.contains("f2".parse().unwrap()));
        assert_eq!(s.board_string(), text);
        let mut t = s;
        t.berserker = Some("f2".parse().unwrap());
        assert_eq!(t.to_string(), format!("{text} a =f2"));
        assert_eq!(t.to_string().parse::<Setup>().unwrap(), t);
        assert!(format!("{text} a =zz").parse::<Setup>().is_err());
    }

    #[test]
    fn eleven_wide_runs() {
        let s = Setup::from_board_string("/11/11/11/11/11/5K5/11/11/11/11/11/").unwrap();
        assert_eq!(s.king.unwrap().to_string(), "f6");
    }

    #[test]
    fn malformed_boards_are_refused() {
        use ParseSetupError as E;
        assert_eq!(
            Setup::from_board_string("7/7/7/7/7/7/7/"),
            Err(E::Slashes("7/7/7/7/7/7/7/".into()))
        );
        assert_eq!(Setup::from_board_string("/7/7/7/"), Err(E::RankCount(3)));
        assert_eq!(
            Setup::from_board_string("/7/7/7/8/7/7/7/"),
            Err(E::RankLength { rank: 4, size: 7 })
        );
        assert_eq!(
            Setup::from_board_string("/7/7/7/3x3/7/7/7/"),
            Err(E::Char { rank: 4, c: 'x' })
        );
        assert_eq!(
            Setup::from_board_string("/K6/7/7/3K3/7/7/7/"),
            Err(E::TwoKings)
        );
        assert_eq!(
            Setup::from_board_string("/6t1/7/7/7/7/7/7/"),
            Err(E::RankLength { rank: 1, size: 7 })
        );
        assert!("/7/7/7/3K3/7/7/7/ x".parse::<Setup>().is_err());
        assert!("/7/7/7/3K3/7/7/7/ a z9".parse::<Setup>().is_err());
        assert!("".parse::<Setup>().is_err());
    }
}
