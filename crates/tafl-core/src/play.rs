//! Playing a move in three tiers: [`Position::play`] (by value, the
//! position handed back on error), [`Position::play_mut`] and the unchecked
//! [`Position::play_unchecked`] for search; and the endings decided on the board
//! (rules page, "Defenders win" / "Attackers win").

use thiserror::Error;

use crate::bitboard::{Bitboard, geometry};
use crate::moves::Move;
use crate::piece::{Piece, Side};
use crate::position::{Position, Ruled, corner_index};
use crate::rules::{Escape, Rules};
use crate::square::Square;
use crate::status::{DrawReason, Status, WinReason};
use crate::zobrist;

/// What a move did: the pieces it captured and the status after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[must_use]
pub struct MoveOutcome {
    /// The squares of the captured pieces (the king's included when it was captured).
    pub captures: Bitboard,
    /// The status of the position after the move.
    pub status: Status,
}

/// Why a move is not legal in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// No piece of the side to move stands on the origin square.
    #[error("no piece of the side to move on the origin square")]
    NoPiece,
    /// The piece cannot slide to the destination (not on its rank or file, blocked, or a
    /// square it may not stop on).
    #[error("the piece cannot move there")]
    Unreachable,
}

impl IllegalMoveReason {
    /// Every value, in the order of declaration.
    pub const ALL: [IllegalMoveReason; 3] = [
        IllegalMoveReason::GameOver,
        IllegalMoveReason::NoPiece,
        IllegalMoveReason::Unreachable,
    ];
    /// Number of values.
    pub const NUM: usize = 3;
}

/// An illegal move and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

/// Error of [`Position::play`]: the illegal move, with the position handed back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{error}")]
pub struct PlayError {
    /// What was wrong.
    pub error: IllegalMove,
    /// The position, unchanged.
    pub position: Position,
}

impl Position {
    /// Plays `m` and returns the new position (whose [`Position::status`] tells whether the
    /// game ended) with the move's captures and status, as [`Position::play_mut`] does.
    ///
    /// # Errors
    ///
    /// [`PlayError`] if `m` is illegal, holding the reason and this position unchanged.
    pub fn play(mut self, rules: &Rules, m: Move) -> Result<(Position, MoveOutcome), PlayError> {
        match self.play_mut(rules, m) {
            Ok(outcome) => Ok((self, outcome)),
            Err(error) => Err(PlayError {
                error,
                position: self,
            }),
        }
    }

    /// Why `m` is illegal, or `Ok(())`.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] with the reason.
    pub fn check_move(&self, rules: &Rules, m: Move) -> Result<(), IllegalMove> {
        Ruled::new(*self, rules).check_move(m)
    }

    /// Plays `m` in place and returns its captures and the new status.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `m` is illegal; the position is then unchanged.
    pub fn play_mut(&mut self, rules: &Rules, m: Move) -> Result<MoveOutcome, IllegalMove> {
        let mut ruled = Ruled::new(*self, rules);
        let result = ruled.play_mut(m);
        *self = ruled.pos;
        result
    }

    /// Plays `m` without checking it, for search over moves from
    /// [`Position::legal_moves`].
    ///
    /// Playing an illegal move leaves a position that may break the invariants (though never
    /// memory safety); do not do it.
    #[inline]
    pub fn play_unchecked(&mut self, rules: &Rules, m: Move) -> MoveOutcome {
        let mut ruled = Ruled::new(*self, rules);
        let result = ruled.play_unchecked(m);
        *self = ruled.pos;
        result
    }

    /// Whether the attackers enclose every defender and the king: no defending piece can be
    /// reached from the edge through squares free of attackers.
    #[must_use]
    pub fn enclosed(&self, rules: &Rules) -> bool {
        Ruled::new(*self, rules).enclosed()
    }
}

impl Ruled<'_> {
    pub(crate) fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let reason = if self.status.is_over() {
            IllegalMoveReason::GameOver
        } else if !m.from.on_board(self.rules.size)
            || self.piece_at(m.from).is_none_or(|p| p.side() != self.side)
        {
            IllegalMoveReason::NoPiece
        } else if !self.is_legal(m) {
            IllegalMoveReason::Unreachable
        } else {
            return Ok(());
        };
        Err(IllegalMove { mv: m, reason })
    }

    pub(crate) fn play_mut(&mut self, m: Move) -> Result<MoveOutcome, IllegalMove> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    #[inline]
    pub(crate) fn play_unchecked(&mut self, m: Move) -> MoveOutcome {
        self.play_unchecked_with(m, true)
    }

    /// [`Position::play_unchecked`] for counting move sequences (perft): when `no_move` is
    /// false, a side left without a move keeps the status `Ongoing` instead of its win or
    /// draw by "no move", which changes no count, since that position's move generation
    /// finds no move either (it is done in full for Berserk's rules, whose "no move" looks
    /// at jumps). Every other ending is decided as usual.
    #[inline(always)]
    pub(crate) fn play_unchecked_with(&mut self, m: Move, no_move: bool) -> MoveOutcome {
        let Some(piece) = self.piece_at(m.from) else {
            return MoveOutcome {
                captures: Bitboard::EMPTY,
                status: self.status,
            };
        };
        if self.special {
            return self.play_berserk(m, piece);
        }
        let side = piece.side();
        self.move_bits(m, piece);
        self.hash ^= zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to);
        self.visit_corner(piece, m.to);

        let captures = self.captures_by(m.to, piece);
        self.remove_captured(captures);

        self.side = side.other();
        self.hash ^= zobrist::side_key();
        self.status = self.status_after_with(piece, no_move);
        MoveOutcome {
            captures,
            status: self.status,
        }
    }

    /// Marks the corner `to` visited (and its key in the hash) when `piece` is the king
    /// arriving on a corner it had not visited.
    #[inline]
    pub(crate) fn visit_corner(&mut self, piece: Piece, to: Square) {
        if piece == Piece::King
            && let Some(i) = corner_index(to, self.rules)
            && self.visited >> i & 1 == 0
        {
            self.visited |= 1 << i;
            self.hash ^= zobrist::corner_key(i);
        }
    }

    /// Takes the pieces of `captures` off the board: their piece sets (the king's square),
    /// the transposed occupancy and their keys in the hash. Squares of `captures` without a
    /// piece are skipped. Officer marks are not touched (Berserk removes them first:
    /// `remove_officer_marks`).
    #[inline]
    pub(crate) fn remove_captured(&mut self, captures: Bitboard) {
        for sq in captures {
            let victim = match self.piece_at(sq) {
                Some(v) => v,
                None => continue,
            };
            match victim {
                Piece::Attacker => self.attackers.remove(sq),
                Piece::Defender => self.defenders.remove(sq),
                Piece::King => self.king = None,
            }
            self.hash ^= zobrist::piece_key(victim, sq);
            self.occ_t &= !(1u128 << sq.transposed().index());
        }
    }

    /// Moves `piece` from `m.from` to `m.to` on its piece set (the king's square) and the
    /// transposed occupancy; officer marks, the hash and everything else unchanged.
    #[inline]
    fn move_bits(&mut self, m: Move, piece: Piece) {
        let both = Bitboard::from_square(m.from) | Bitboard::from_square(m.to);
        match piece {
            Piece::Attacker => self.attackers ^= both,
            Piece::Defender => self.defenders ^= both,
            Piece::King => self.king = Some(m.to),
        }
        self.occ_t ^= (1u128 << m.from.transposed().index()) | (1u128 << m.to.transposed().index());
    }

    /// Moves `piece` (and its officer mark) from `m.from` to `m.to` on the bitboards, the
    /// hash and everything else unchanged.
    #[inline]
    pub(crate) fn shift_piece(&mut self, m: Move, piece: Piece) {
        self.move_bits(m, piece);
        if self.officers.contains(m.from) {
            let both = Bitboard::from_square(m.from) | Bitboard::from_square(m.to);
            self.officers ^= both;
            if self.knights.contains(m.from) {
                self.knights ^= both;
            }
        }
    }

    /// The status after `mover` moved (the side to move is already the opponent, or the
    /// mover's side again when a berserker moves on).
    pub(crate) fn status_after(&self, mover: Piece) -> Status {
        self.status_after_with(mover, true)
    }

    /// [`Ruled::status_after`], the "no move" ending looked for only when `no_move`.
    #[inline(always)]
    fn status_after_with(&self, mover: Piece, no_move: bool) -> Status {
        let side = mover.side();
        let Some(king) = self.king else {
            return Status::Win {
                side: Side::Attackers,
                reason: WinReason::KingCaptured,
            };
        };
        if side == Side::Defenders
            && mover == Piece::King
            && let Some(s) = self.escape_status(king)
        {
            return s;
        }
        // An attacker moving away from a fort's inside can complete it, so forts are looked
        // for after either side's move.
        if self.rules.edge_fort && self.edge_fort() {
            return Status::Win {
                side: Side::Defenders,
                reason: WinReason::EdgeFort,
            };
        }
        if side == Side::Attackers && self.rules.enclosure && self.enclosed() {
            return Status::Win {
                side: Side::Attackers,
                reason: WinReason::Enclosure,
            };
        }
        if no_move {
            self.no_move_status()
        } else {
            Status::Ongoing
        }
    }

    /// The status when the side to move cannot move, else `Ongoing`.
    fn no_move_status(&self) -> Status {
        let mover = self.side;
        if self.side_has_move(mover) {
            return Status::Ongoing;
        }
        let reason = if self.pieces(mover).is_empty() {
            WinReason::AllCaptured
        } else {
            WinReason::NoMoves
        };
        if self.rules.no_move_loses || reason == WinReason::AllCaptured {
            Status::Win {
                side: mover.other(),
                reason,
            }
        } else {
            Status::Draw {
                reason: DrawReason::NoMoves,
            }
        }
    }

    /// The defenders' win by the king's position, if any.
    fn escape_status(&self, king: Square) -> Option<Status> {
        let g = geometry(self.rules.size);
        let won = match self.rules.escape {
            Escape::Corner => self.is_corner(king),
            Escape::Edge => Bitboard(g.edge).contains(king),
            Escape::FourCorners => self.visited == 0b1111,
        };
        won.then_some(Status::Win {
            side: Side::Defenders,
            reason: if self.rules.escape == Escape::FourCorners {
                WinReason::CornersVisited
            } else {
                WinReason::KingEscaped
            },
        })
    }

    /// The status of a freshly validated position: wins already on the board, or no move.
    pub(crate) fn static_status(&self) -> Status {
        let Some(king) = self.king else {
            return Status::Win {
                side: Side::Attackers,
                reason: WinReason::KingCaptured,
            };
        };
        if let Some(s) = self.escape_status(king) {
            return s;
        }
        if self.rules.edge_fort && self.edge_fort() {
            return Status::Win {
                side: Side::Defenders,
                reason: WinReason::EdgeFort,
            };
        }
        if self.rules.enclosure && self.enclosed() {
            return Status::Win {
                side: Side::Attackers,
                reason: WinReason::Enclosure,
            };
        }
        self.no_move_status()
    }

    pub(crate) fn enclosed(&self) -> bool {
        // Grown from the defenders (reachability is symmetric), stopping as soon as the
        // edge is touched, which is usually after a few steps.
        let g = geometry(self.rules.size);
        let open = Bitboard(g.board) & !self.attackers;
        let edge = Bitboard(g.edge);
        let mut reach = self.pieces(Side::Defenders);
        loop {
            if (reach & edge).any() {
                return false;
            }
            let next = (reach | reach.neighbours(g)) & open;
            if next == reach {
                return true;
            }
            reach = next;
        }
    }
}
