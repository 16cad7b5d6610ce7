//! [`Move`] (`d1-d3`), the fixed-capacity [`MoveList`], and [`MoveText`], a move with the
//! captures it made (`d1-d3xc3/e3`).

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// A move: one piece slides from `from` to `to` along a rank or file (rules page, "Every
/// piece moves like a chess rook"). Two bytes.
///
/// `Display`/`FromStr`: `d1-d3`.
///
/// ```
/// use tafl_core::Move;
/// let m: Move = "d1-d3".parse().unwrap();
/// assert_eq!(m.to.to_string(), "d3");
/// assert_eq!(m.to_string(), "d1-d3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece stops on.
    pub to: Square,
}

impl fmt::Debug for Move {
    /// `Move(d1-d3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Error of parsing a [`Move`] or a [`MoveText`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid move {text:?}: {why}")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What was wrong.
    pub why: &'static str,
}

fn parse_move_part(text: &str, whole: &str) -> Result<Move, ParseMoveError> {
    let err = |why| ParseMoveError {
        text: whole.to_string(),
        why,
    };
    // An optional OpenTafl piece letter before the origin.
    let text = text.strip_prefix(['t', 'T', 'K']).unwrap_or(text);
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| err("expected from-to, like d1-d3"))?;
    let from = from.parse().map_err(|_| err("bad origin square"))?;
    let to = to.parse().map_err(|_| err("bad destination square"))?;
    Ok(Move { from, to })
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move_part(s, s)
    }
}

/// A move with the squares of the pieces it captured: `d1-d3xc3/e3` (also read:
/// `d1-d3xc3xe3`, a leading piece letter `t`/`T`/`K`, and trailing OpenTafl markers such as
/// `+`, `++`, `#`, `--`, `!`, `?`). Captures print in square order (rank 1 first).
///
/// ```
/// use tafl_core::MoveText;
/// let m: MoveText = "d1-d3xe3xc3".parse().unwrap();
/// assert_eq!(m.to_string(), "d1-d3xc3/e3");
/// assert_eq!(m.captures.count(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The move.
    pub mv: Move,
    /// The squares of the captured pieces.
    pub captures: Bitboard,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)?;
        for (i, sq) in self.captures.enumerate() {
            f.write_str(if i == 0 { "x" } else { "/" })?;
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let trimmed = s.trim_end_matches(['+', '#', '-', '!', '?']);
        let (mv, caps) = match trimmed.find('x') {
            Some(i) => (&trimmed[..i], Some(&trimmed[i + 1..])),
            None => (trimmed, None),
        };
        let mv = parse_move_part(mv, s)?;
        let mut captures = Bitboard::EMPTY;
        if let Some(caps) = caps {
            for name in caps.split(['x', '/']) {
                let sq: Square = name.parse().map_err(|_| ParseMoveError {
                    text: s.to_string(),
                    why: "bad captured square",
                })?;
                captures.insert(sq);
            }
        }
        Ok(MoveText { mv, captures })
    }
}

/// Capacity of a [`MoveList`].
///
/// Proof of the worst case: a move is a slide of one piece in one of 4 directions to an
/// empty square. For a given destination square and direction, only the nearest piece on
/// the opposite side of the destination can slide there. So there are at most
/// 4 × (number of empty squares) moves, and at most 120 squares of the 121 of an 11×11
/// board are empty when a side has a piece to move: 4 × 120 = 480.
pub const MAX_MOVES: usize = 480;

/// A list of at most [`MAX_MOVES`] moves, on the stack (no allocation).
/// Dereferences to a slice.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        const A1: Square = match Square::new(0, 0) {
            Some(s) => s,
            None => unreachable!(),
        };
        MoveList {
            moves: [Move { from: A1, to: A1 }; MAX_MOVES],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move. The capacity bound is proven at [`MAX_MOVES`]; a push beyond it is
    /// ignored (never reached by move generation).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }

    #[test]
    fn move_texts_round_trip() {
        for (input, out) in [
            ("d1-d3", "d1-d3"),
            ("d1-d3xc3/e3", "d1-d3xc3/e3"),
            ("d1-d3xe3xc3", "d1-d3xc3/e3"),
            ("Kd4-d7++", "d4-d7"),
            ("e2-d2xd3", "e2-d2xd3"),
            ("k10-k4xk5", "k10-k4xk5"),
        ] {
            let m: MoveText = input.parse().unwrap();
            assert_eq!(m.to_string(), out);
            assert_eq!(out.parse::<MoveText>().unwrap(), m);
        }
        for bad in ["", "d1", "d1-", "d1-z9", "d1-d3x", "d1-d3xq"] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
    }

    #[test]
    fn move_list_is_bounded() {
        let mut l = MoveList::new();
        let m: Move = "a1-a2".parse().unwrap();
        for _ in 0..MAX_MOVES + 5 {
            l.push(m);
        }
        assert_eq!(l.len(), MAX_MOVES);
        l.clear();
        assert!(l.is_empty());
    }
}
