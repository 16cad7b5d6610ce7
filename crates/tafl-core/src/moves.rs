//! [`Move`] (`d1-d3`, and OpenTafl move records read by [`Move::from_otn`] and written by
//! [`Move::to_otn`]), the fixed-capacity [`MoveList`], and [`MoveText`], a move with the
//! captures it made (`d1-d3xc3/e3`).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::Rules;
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

impl Move {
    /// Reads a move in OpenTafl Notation ("OpenTafl Notation", section 2, "Move Records"),
    /// simple (`a4-a1`) or full as OpenTafl engines and hosts write it
    /// (`Ke5-e1xd1/f1--`, `ce6^e8`, `Ne6^=e8xce7/ne9`): an optional piece letter (`t c n k m
    /// g`, either case), the origin, the move type (`-` a move, `^` a jump, `=` or `^=` a
    /// berserk move), the destination; the captures and markers after it are not read (the
    /// position tells them).
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`] if the origin, the move type or the destination is missing or not
    /// a square.
    ///
    /// ```
    /// use tafl_core::Move;
    /// let m = Move::from_otn("Ke5-e1xd1/f1--").unwrap();
    /// assert_eq!(m.to_string(), "e5-e1");
    /// assert_eq!(Move::from_otn("ce6^e8").unwrap().to_string(), "e6-e8");
    /// assert!(Move::from_otn("a4-").is_err());
    /// ```
    pub fn from_otn(text: &str) -> Result<Move, ParseMoveError> {
        let err = |why| ParseMoveError {
            text: text.to_string(),
            why,
        };
        // A piece letter comes before a file letter; `c3`, `g7`, `k11` are squares.
        let bytes = text.as_bytes();
        let lettered =
            bytes.len() > 1 && b"tcnkmgTCNKMG".contains(&bytes[0]) && bytes[1].is_ascii_lowercase();
        let t = if lettered { &text[1..] } else { text };
        let split = t
            .find(['-', '^', '='])
            .ok_or_else(|| err("expected a move type (-, ^, = or ^=) after the origin"))?;
        let from: Square = t[..split].parse().map_err(|_| err("bad origin square"))?;
        let rest = t[split..].trim_start_matches(['-', '^', '=']);
        let end = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        // The destination is a letter then digits; an `x` after it starts the captures.
        let dest = &rest[..end];
        let dest = match dest.find('x') {
            Some(i) if i > 0 => &dest[..i],
            _ => dest,
        };
        let to: Square = dest.parse().map_err(|_| err("bad destination square"))?;
        Ok(Move { from, to })
    }

    /// This move, played in `position` under `rules`, in OpenTafl Notation's full form
    /// ("OpenTafl Notation", section 2, "Move Records"), as OpenTafl engines write it and
    /// [`Move::from_otn`] reads it: the letter of the moving piece when it is not a soldier
    /// (`K` the king, `c`/`C` a commander, `n`/`N` a knight: lower case for the attackers),
    /// the origin, the move type (`-` a move, `^` a jump, `=` a berserk move, `^=` a berserk
    /// jump), the destination, then the pieces it captures after `x`, separated by `/`, each
    /// with its letter as the moving piece's (`Ne6^=e8xce7/e9`). An illegal move is written
    /// without captures and without `^`.
    ///
    /// ```
    /// use tafl_core::{Move, Ruleset};
    /// let brandubh = Ruleset::brandubh();
    /// let start = brandubh.start_position();
    /// let m: Move = "d6-f6".parse().unwrap();
    /// let text = m.to_otn(&start, brandubh.rules());
    /// assert_eq!(text, "d6-f6");
    /// assert_eq!(Move::from_otn(&text), Ok(m));
    /// ```
    #[must_use]
    pub fn to_otn(self, position: &Position, rules: &Rules) -> String {
        let letter = |sq: Square| -> Option<char> {
            match position.piece_at(sq)? {
                Piece::King => Some(Piece::King.char()),
                piece => position.officer_at(sq).map(|o| o.char(piece.side())),
            }
        };
        let legal = position.is_legal(rules, self);
        let mut text = String::new();
        text.extend(letter(self.from));
        text.push_str(&self.from.to_string());
        let jump = legal && self.jumps_in(position);
        if jump {
            text.push('^');
        }
        if position.berserker().is_some() {
            text.push('=');
        } else if !jump {
            text.push('-');
        }
        text.push_str(&self.to.to_string());
        if legal {
            let mut after = *position;
            let captures = after.play_unchecked(rules, self).captures;
            for (i, sq) in captures.enumerate() {
                text.push(if i == 0 { 'x' } else { '/' });
                text.extend(letter(sq));
                text.push_str(&sq.to_string());
            }
        }
        text
    }

    /// Whether this move goes two squares along a line over an occupied square (a legal
    /// such move is a jump: a slide cannot pass a piece).
    fn jumps_in(self, position: &Position) -> bool {
        let df = i16::from(self.to.file()) - i16::from(self.from.file());
        let dr = i16::from(self.to.rank()) - i16::from(self.from.rank());
        if !((df.abs() == 2 && dr == 0) || (dr.abs() == 2 && df == 0)) {
            return false;
        }
        // Both halves are -1, 0 or 1.
        self.from
            .offset((df / 2) as i8, (dr / 2) as i8, position.size())
            .is_some_and(|mid| position.piece_at(mid).is_some())
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
    fn moves_are_read_in_both_opentafl_notations() {
        let m = |t| Move::from_otn(t).map(|m| m.to_string()).ok();
        assert_eq!(m("a4-a1").as_deref(), Some("a4-a1"));
        assert_eq!(m("Ke5-e1xd1/f1--").as_deref(), Some("e5-e1"));
        assert_eq!(m("ce6^e8").as_deref(), Some("e6-e8"));
        assert_eq!(m("Ne6^=e8xce7/ne9").as_deref(), Some("e6-e8"));
        assert_eq!(m("k11-k1+").as_deref(), Some("k11-k1"));
        assert_eq!(m("c3-c5").as_deref(), Some("c3-c5"));
        assert_eq!(m("tg2-g5").as_deref(), Some("g2-g5"));
        assert_eq!(m("garbage"), None);
        assert_eq!(m("a4-"), None);
        let e = Move::from_otn("a4-").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid move \"a4-\": bad destination square"
        );
        let e = Move::from_otn("a4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid move \"a4\": expected a move type (-, ^, = or ^=) after the origin"
        );
        assert_eq!(
            Move::from_otn("z9-a1").unwrap_err().why,
            "bad origin square"
        );
    }

    /// The squares written after `x` in an OpenTafl move, each without its piece letter.
    fn otn_captures(text: &str) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        if let Some((_, caps)) = text.split_once('x') {
            for word in caps.split('/') {
                let bytes = word.as_bytes();
                let name = if bytes.len() > 1 && bytes[1].is_ascii_lowercase() {
                    &word[1..]
                } else {
                    word
                };
                set.insert(name.parse().unwrap());
            }
        }
        set
    }

    /// Random play from the start of `ruleset` (a xorshift from `seed`): every legal move of
    /// every position on the way written in OpenTafl's notation, read back and checked; the
    /// texts of the moves played.
    fn otn_walk(ruleset: &crate::Ruleset, seed: u64, plies: usize) -> Vec<String> {
        let rules = ruleset.rules();
        let mut pos = ruleset.start_position();
        let mut state = seed;
        let mut played = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves(rules);
            if moves.is_empty() || pos.status().is_over() {
                break;
            }
            for &m in &moves {
                let text = m.to_otn(&pos, rules);
                assert_eq!(Move::from_otn(&text), Ok(m), "{text}");
                let mut after = pos;
                let captures = after.play_unchecked(rules, m).captures;
                assert_eq!(otn_captures(&text), captures, "{text}");
                let letter = pos.piece_at(m.from) == Some(crate::Piece::King)
                    || pos.officer_at(m.from).is_some();
                // A piece letter comes before the origin's file letter.
                let lettered = text.as_bytes()[1].is_ascii_alphabetic();
                assert_eq!(lettered, letter, "{text}");
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            played.push(m.to_otn(&pos, rules));
            let _ = pos.play_unchecked(rules, m);
        }
        played
    }

    #[test]
    fn opentafl_move_texts_read_back_as_the_move_and_its_captures() {
        for ruleset in crate::Ruleset::presets() {
            for seed in 1..=4 {
                otn_walk(&ruleset, seed, 200);
            }
        }
        // Berserk: commanders and knights, jumps, berserk moves.
        let berserk = crate::Ruleset::from_opentafl(
            "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
             start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
        )
        .unwrap();
        let texts: Vec<String> = (1..=12)
            .flat_map(|seed| otn_walk(&berserk, seed, 300))
            .collect();
        let seen = |f: &dyn Fn(&str) -> bool| texts.iter().any(|t| f(t));
        assert!(seen(&|t| t.contains('^')), "a jump");
        assert!(seen(&|t| t.contains('=')), "a berserk move");
        assert!(
            seen(&|t| t.starts_with(['c', 'N']) && t.as_bytes()[1].is_ascii_alphabetic()),
            "an officer"
        );
        assert!(seen(&|t| t.starts_with('K')), "the king");
        assert!(seen(&|t| t.contains('x')), "a capture");
    }

    #[test]
    fn opentafl_move_texts_name_the_pieces() {
        use crate::{Ruleset, Setup, Side};
        let brandubh = Ruleset::brandubh();
        let rules = brandubh.rules();
        // Rank 1 first: attackers on c2 and a4, a defender on c3, the king on e4.
        let setup = Setup::from_board_string("/7/2t4/2T4/t3K2/7/7/7/").unwrap();
        let pos = brandubh.position(&setup).unwrap();
        let take: Move = "a4-c4".parse().unwrap();
        assert_eq!(take.to_otn(&pos, rules), "a4-c4xc3");
        let mut defending = setup;
        defending.side_to_move = Side::Defenders;
        let pos = brandubh.position(&defending).unwrap();
        let king: Move = "e4-e7".parse().unwrap();
        assert_eq!(king.to_otn(&pos, rules), "Ke4-e7");
        assert_eq!(Move::from_otn("Ke4-e7"), Ok(king));
        // An illegal move: no captures, no jump.
        let illegal: Move = "a1-a7".parse().unwrap();
        assert_eq!(illegal.to_otn(&pos, rules), "a1-a7");
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
