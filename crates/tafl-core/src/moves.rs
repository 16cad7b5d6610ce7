//! [`Move`] (`d1-d3`; OpenTafl's move records are read and written in `otn.rs`), the
//! fixed-capacity [`MoveList`], and [`MoveText`], a move with the captures it made
//! (`d1-d3xc3/e3`).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
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

/// Capacity of a [`MoveList`]: no position of any ruleset, on any board up to 11×11, has
/// more legal moves. A legal position has at most 331, and the densest found have 330 (the
/// crate's test `densest_positions` builds two and says why).
///
/// Proof. (1) A move ends on an empty square `e` and arrives from one of the four
/// directions: a slide from the nearest piece on that side of `e`, a jump (Berserk) over the
/// enemy soldier next to `e` on that side. So `e` is reached at most once per direction, and
/// only from a direction in which some piece stands: there are at most as many moves as
/// pairs (empty square, direction in which a piece stands). On 7×7 that is at most 4 × 48 =
/// 192; the rest counts these pairs for any set of pieces on an `n`×`n` board, `8 <= n <= 11`.
///
/// (2) An empty inner square has at most 4 such directions, an empty edge square 3, an
/// empty corner 2: the pairs are `4(n−2)² + 3·4(n−2) + 2·4` for the empty board, less 4 per
/// inner piece, 3 per edge piece, 2 per corner piece, and 1 per direction without a piece of
/// an empty square that could have one (a "lost" pair).
///
/// (3) These subtractions are at least 3 for each of the `4(n−2)` edge squares `q` that are
/// not corners. A piece on `q` subtracts 3. Otherwise follow the inner line from `q`: with
/// no piece on it, its `n−2 >= 6` inner squares lose both of its directions, 6 or more for
/// each of its two ends; with its first piece at distance `f`, the `f−1` squares before
/// that piece lose the direction towards `q`, which is enough for `f >= 4`, and for `f <= 3`
/// the piece (then an inner one) lends `q` the missing `4−f` of its own 4. A line of 8 or
/// more squares has at most one end within 3 of a given square, so the piece at `(x, y)`
/// from the corner of the ends it lends to lends at most `(4−x) + (4−y)`: more than its 4
/// only when `x + y <= 3`, by 2 for `(1, 1)` or by 1 for each of `(1, 2)` and `(2, 1)`
/// (which `(1, 1)` excludes: it would come first on their lines). That corner pays it
/// back: a piece on it subtracts 2 that no `q` uses; an empty corner leaves the edge
/// squares beside it that precede those pieces (so empty) without a piece in its
/// direction, a lost pair each, which no `q` counts either.
///
/// (4) So a position has at most `4(n−2)² + 8` moves: 332 on 11×11, only with every one of
/// those subtractions exact, for example the 36 edge squares that are not corners full of
/// pieces of the side to move and nothing else; a legal position also holds a king and an
/// attacker, one of which does not move.
pub const MAX_MOVES: usize = 332;

/// A list of at most [`MAX_MOVES`] moves, on the stack (no allocation): an [`ArrayVec`]
/// (`len`, `is_empty`, `iter`, `get`, `contains`, indexing, `IntoIterator` for `&MoveList`).
/// A push beyond the capacity would panic; [`MAX_MOVES`] proves it never happens.
///
/// ```
/// use tafl_core::{MoveList, Ruleset};
/// let brandubh = Ruleset::brandubh();
/// let moves: MoveList = brandubh.start_position().legal_moves(brandubh.rules());
/// assert_eq!(moves.len(), 40);
/// assert!(moves.contains(&"d6-f6".parse().unwrap()));
/// ```
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

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
    fn move_list_holds_max_moves_and_refuses_more() {
        let mut l = MoveList::new();
        let m: Move = "a1-a2".parse().unwrap();
        for _ in 0..MAX_MOVES {
            l.push(m);
        }
        assert_eq!(l.len(), MAX_MOVES);
        // Past the capacity a push is refused, never dropped silently.
        assert!(l.try_push(m).is_err());
        assert_eq!(l.len(), MAX_MOVES);
        l.clear();
        assert!(l.is_empty());
        // Two bytes a move and the length (a `u32`): 668 bytes on the stack.
        assert_eq!(std::mem::size_of::<MoveList>(), 2 * MAX_MOVES + 4);
    }
}
