//! OpenTafl's Berserk ("OpenTafl Notation", sections 1 to 3, as OpenTafl's referee applies
//! them): commanders and knights ([`Officer`]), jumps ([`Jump`], rules keys `kj nj cj`),
//! the officers' capture of a strong king, and berserk moves ([`BerserkMode`], key `ber`):
//! after a move that captures, the same piece moves again while it can capture.
//!
//! As OpenTafl decides them:
//!
//! - A piece that may jump (the king by `kj`, a knight by `nj`, default `c`, a commander by
//!   `cj`, default `j`; soldiers never) jumps over one adjacent enemy soldier (not a king, a
//!   knight or a commander) to the empty square just beyond, if it may stop there; a
//!   restricted jump (`r`) must start or end on the throne, a corner or a fort. A capturing
//!   jump (`c`) takes the piece jumped over; every jump may also capture as a move does at
//!   its destination.
//! - When the attackers' start holds commanders or knights and the king is strong (`ks:s`,
//!   or `ks:c` anywhere), the king is no longer taken on four sides: only between the
//!   officer that moves and, on the other side, an attacking officer or a hostile corner,
//!   never on the throne nor against it. OpenTafl counts the officer that arrives twice
//!   once the move has captured something else, so such a move also takes the king against
//!   any attacker or hostile square (not the throne): this crate does the same.
//! - Berserk (`ber:c`): after a move that captures, the moving piece (the berserker) moves
//!   again if it has a capturing move; only it may move, though any of its moves is
//!   allowed, and a move that captures nothing ends the turn. `ber:m`: it moves again if it
//!   has any move. The repetition rule does not apply to a position reached with a
//!   berserker to move.

use crate::bitboard::{Bitboard, geometry};
use crate::moves::{Move, MoveList};
use crate::piece::{Officer, Piece, Side};
use crate::play::MoveOutcome;
use crate::position::{Position, Ruled, forbidden_stops};
use crate::rule_options::{BerserkMode, Jump};
use crate::rules::KingStrength;
use crate::square::{DIRECTIONS, Square};

impl Position {
    /// The commanders and knights on the board, of both sides.
    #[inline]
    #[must_use]
    pub const fn officers(&self) -> Bitboard {
        self.officers
    }

    /// The knights on the board, of both sides (among [`Position::officers`]; the other
    /// officers are commanders).
    #[inline]
    #[must_use]
    pub const fn knights(&self) -> Bitboard {
        self.knights
    }

    /// The commanders on the board, of both sides.
    #[inline]
    #[must_use]
    pub fn commanders(&self) -> Bitboard {
        Bitboard(self.officers.0 & !self.knights.0)
    }

    /// The officer on `sq`, if any (its side is that of the piece on `sq`): each officer
    /// square carries its own kind.
    #[inline]
    #[must_use]
    pub fn officer_at(&self, sq: Square) -> Option<Officer> {
        if !self.officers.contains(sq) {
            None
        } else if self.knights.contains(sq) {
            Some(Officer::Knight)
        } else {
            Some(Officer::Commander)
        }
    }

    /// The piece that captured on the last move and moves again (berserk moves), if any:
    /// then only it may move.
    #[inline]
    #[must_use]
    pub const fn berserker(&self) -> Option<Square> {
        self.berserker.get()
    }
}

impl Ruled<'_> {
    /// Whether some piece may jump here (the king by the rules, or an officer on the board).
    #[inline]
    pub(crate) fn has_jumps(&self) -> bool {
        self.rules.jumps.king != Jump::None || self.officers.any()
    }

    /// How the piece `piece` on `from` jumps.
    fn jump_of(&self, from: Square, piece: Piece) -> Jump {
        if piece == Piece::King {
            return self.rules.jumps.king;
        }
        match self.officer_at(from) {
            Some(Officer::Knight) => self.rules.jumps.knight,
            Some(Officer::Commander) => self.rules.jumps.commander,
            None => Jump::None,
        }
    }

    /// Whether `sq` is a special square for restricted jumps: the throne, a corner, a fort.
    fn special(&self, sq: Square) -> bool {
        self.is_throne(sq) || self.is_corner(sq) || self.rules.forts.squares.contains(sq)
    }

    /// The squares the piece `piece` on `from` may jump to.
    pub(crate) fn jumps_from(&self, from: Square, piece: Piece) -> Bitboard {
        let jump = self.jump_of(from, piece);
        if jump == Jump::None {
            return Bitboard::EMPTY;
        }
        let n = self.rules.size;
        let g = geometry(n);
        let from_fort = self.rules.forts.squares.contains(from);
        let mut forbid = forbidden_stops(self.rules, g, piece);
        if self.rules.forts.squares.any() {
            forbid |= self.rules.forts.forbids(piece, from_fort);
        }
        let occupied = self.occupied();
        let enemies = self.pieces(piece.side().other()) & !self.officers & !self.king_bb();
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in &DIRECTIONS {
            let (Some(mid), Some(to)) = (from.offset(df, dr, n), from.offset(2 * df, 2 * dr, n))
            else {
                continue;
            };
            if !enemies.contains(mid) || occupied.contains(to) || forbid >> to.index() & 1 != 0 {
                continue;
            }
            if jump == Jump::Restricted && !self.special(from) && !self.special(to) {
                continue;
            }
            out.insert(to);
        }
        out
    }

    /// The square jumped over by `m`, if `m` is a jump (two squares along a line over an
    /// occupied square), in the position before or after it.
    pub(crate) fn jumped_square(&self, m: Move) -> Option<Square> {
        let (ff, fr) = (i16::from(m.from.file()), i16::from(m.from.rank()));
        let (tf, tr) = (i16::from(m.to.file()), i16::from(m.to.rank()));
        let (df, dr) = (tf - ff, tr - fr);
        let two = (df.abs() == 2 && dr == 0) || (dr.abs() == 2 && df == 0);
        if !two {
            return None;
        }
        let mid = m
            .from
            .offset((df / 2) as i8, (dr / 2) as i8, self.rules.size)?;
        self.occupied().contains(mid).then_some(mid)
    }

    /// Every legal move with jumps or a berserker: the slides and jumps of each piece of the
    /// side to move (only the berserker's when there is one), by origin then destination.
    pub(crate) fn legal_moves_berserk(&self, out: &mut MoveList) {
        let pieces = match self.berserker.get() {
            Some(b) => Bitboard::from_square(b),
            None => self.pieces(self.side),
        };
        for from in pieces {
            for to in self.destinations(from) {
                out.push(Move::new(from, to));
            }
        }
    }

    /// The number of moves of [`Ruled::legal_moves_berserk`].
    pub(crate) fn count_legal_moves_berserk(&self) -> usize {
        let pieces = match self.berserker.get() {
            Some(b) => Bitboard::from_square(b),
            None => self.pieces(self.side),
        };
        pieces
            .map(|from| self.destinations(from).count() as usize)
            .sum()
    }

    /// Whether the attackers take a strong king by the officers' rule: their start held
    /// commanders or knights (either kind, as OpenTafl's side asks whether it has
    /// commanders or has knights) and the king is strong (`ks:s`, or `ks:c`; not the
    /// middleweight king).
    pub(crate) fn officers_take_the_king(&self) -> bool {
        !self.rules.officers.attackers.is_empty()
            && match self.rules.king_strength {
                KingStrength::StrongNearThrone => true,
                KingStrength::Strong => !self.rules.edge_hostile.contains(Piece::King),
                KingStrength::Weak => false,
            }
    }

    /// The officers' capture of the king on `k` by the attacker arrived on `to` (a
    /// neighbour of `k`), `far` being the square beyond the king: both hostile to the king,
    /// neither nor the king's own square the throne, and at least two of: the arriving piece
    /// is an officer (counted twice with `twice`, as OpenTafl does once the move has
    /// captured something else), the far square holds an officer, either square is a corner
    /// hostile to the king.
    pub(crate) fn officer_sandwich(
        &self,
        k: Square,
        to: Square,
        far: Option<Square>,
        twice: bool,
    ) -> bool {
        let Some(far) = far else {
            return false;
        };
        if self.is_throne(k) || self.is_throne(to) || self.is_throne(far) {
            return false;
        }
        if !self.against_king(Some(far)) {
            return false;
        }
        let hostile_corner =
            |sq: Square| self.is_corner(sq) && self.rules.corner.hostile.contains(Piece::King);
        let mover = u32::from(self.officers.contains(to));
        let count = mover * if twice { 2 } else { 1 }
            + u32::from(self.officers.contains(far))
            + u32::from(hostile_corner(far))
            + u32::from(hostile_corner(to));
        count >= 2
    }

    /// The captures of `m` by `piece`, played on the board already (the piece on `m.to`):
    /// those of the destination, and the piece jumped over by a capturing jump.
    pub(crate) fn move_captures(&self, m: Move, piece: Piece) -> Bitboard {
        let mut out = self.captures_by(m.to, piece);
        if self.has_jumps_or_jumped(m, piece)
            && let Some(mid) = self.jumped_square(m)
            && self.jump_capture(m, piece)
        {
            out.insert(mid);
        }
        out
    }

    /// Whether `m` may be a jump at all (a king that jumps, or an officer moving).
    #[inline]
    fn has_jumps_or_jumped(&self, m: Move, piece: Piece) -> bool {
        (piece == Piece::King && self.rules.jumps.king != Jump::None)
            || self.officers.contains(m.to)
    }

    /// Whether the piece that made the jump `m` (standing on `m.to`) captures by jumping.
    fn jump_capture(&self, m: Move, piece: Piece) -> bool {
        let jump = if piece == Piece::King {
            self.rules.jumps.king
        } else {
            match self.officer_at(m.to) {
                Some(Officer::Knight) => self.rules.jumps.knight,
                Some(Officer::Commander) => self.rules.jumps.commander,
                None => Jump::None,
            }
        };
        jump == Jump::Capture
    }

    /// Whether the piece `piece` on `at` (which has just captured; the side to move not yet
    /// changed) moves again under the berserk rule.
    pub(crate) fn berserk_continues(&self, at: Square, piece: Piece) -> bool {
        let dests = self.destinations(at);
        match self.rules.berserk {
            BerserkMode::None => false,
            BerserkMode::AnyMove => dests.any(),
            BerserkMode::Capture => Iterator::any(&mut dests.into_iter(), |to| {
                let m = Move::new(at, to);
                let mut next = *self;
                next.shift_piece(m, piece);
                next.move_captures(m, piece).any()
            }),
        }
    }

    /// Removes the officer marks (and their keys in the hash, with the knights' own) of the
    /// squares of `captures`, before [`Ruled::remove_captured`] takes the pieces off.
    #[inline]
    fn remove_officer_marks(&mut self, captures: Bitboard) {
        let marked = Bitboard(self.officers.0 & captures.0);
        for sq in marked {
            self.hash ^= crate::zobrist::officer_key(sq);
            if self.knights.contains(sq) {
                self.hash ^= crate::zobrist::knight_key(sq);
            }
        }
        self.officers = Bitboard(self.officers.0 & !captures.0);
        self.knights = Bitboard(self.knights.0 & !captures.0);
    }

    /// [`Position::play_unchecked`] under rules with commanders, knights, jumps or berserk
    /// moves (kept out of the hot path of the other rulesets).
    #[inline(never)]
    pub(crate) fn play_berserk(&mut self, m: Move, piece: Piece) -> MoveOutcome {
        let side = piece.side();
        let officer = self.officers.contains(m.from);
        let knight = self.knights.contains(m.from);
        self.shift_piece(m, piece);
        self.hash ^=
            crate::zobrist::piece_key(piece, m.from) ^ crate::zobrist::piece_key(piece, m.to);
        if officer {
            self.hash ^= crate::zobrist::officer_key(m.from) ^ crate::zobrist::officer_key(m.to);
        }
        if knight {
            self.hash ^= crate::zobrist::knight_key(m.from) ^ crate::zobrist::knight_key(m.to);
        }
        if let Some(b) = self.berserker.take() {
            self.hash ^= crate::zobrist::berserker_key(b);
        }
        self.visit_corner(piece, m.to);

        let mut captures = self.move_captures(m, piece);
        if captures.any()
            && officer
            && side == Side::Attackers
            && self.officers_take_the_king()
            && let Some(k) = self.king
            && !captures.contains(k)
            && let Some(&(df, dr)) = DIRECTIONS
                .iter()
                .find(|&&(df, dr)| k.offset(df, dr, self.rules.size) == Some(m.to))
            && self.officer_sandwich(k, m.to, k.offset(-df, -dr, self.rules.size), true)
        {
            // OpenTafl counts the arriving officer twice once the move captures.
            captures.insert(k);
        }
        self.remove_officer_marks(captures);
        self.remove_captured(captures);

        if self.rules.berserk != BerserkMode::None
            && captures.any()
            && self.king.is_some()
            && self.berserk_continues(m.to, piece)
        {
            self.berserker = crate::position::MaybeSquare::from_option(Some(m.to));
            self.hash ^= crate::zobrist::berserker_key(m.to);
        } else {
            self.side = side.other();
            self.hash ^= crate::zobrist::side_key();
        }
        self.status = self.status_after(piece);
        MoveOutcome {
            captures,
            status: self.status,
        }
    }
}
