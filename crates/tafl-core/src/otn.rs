//! OpenTafl's move records ("OpenTafl Notation", section 2, "Move Records"), read and
//! written: [`Move::from_otn`] reads the simple and the full form, [`Move::to_otn`] writes the
//! full form of a move played in a position (the pieces' letters, jumps, berserk moves and
//! captures), as OpenTafl engines and hosts exchange them.

use crate::moves::{Move, ParseMoveError};
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;

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
}
