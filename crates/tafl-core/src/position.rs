//! [`Position`]: a validated tafl position on bitboards: the pieces, the side to move, the
//! corners the king has visited, the status, and an incrementally updated Zobrist hash.
//!
//! Move generation is in `movegen.rs`, captures in `capture.rs`, playing a move and the
//! endings in `play.rs`.

use std::fmt;

use thiserror::Error;

use crate::bitboard::{Bitboard, Geometry, geometry};
use crate::piece::{Officer, Piece, Side};
use crate::rules::{Rules, RulesError};
use crate::setup::Setup;
use crate::square::Square;
use crate::status::Status;
use crate::zobrist;

/// A legal tafl position, built only from a checked [`Setup`] under some [`Rules`].
///
/// A position does not hold its rules: the game ([`TaflGame`](crate::TaflGame)) and the
/// searcher do, and every method that needs them (move generation, play, the endings) takes
/// them as `&Rules`, as sugoroku's `Position::play` takes its ruleset. Those rules must be the
/// ones the position was built under (its [`Ruleset`](crate::Ruleset)'s); others give
/// meaningless moves (never a panic in release builds, a failed debug assertion when the size
/// differs). Positions are copied to make moves (copy-make), so they are kept small (at most
/// 96 bytes) and `Copy`. The repetition history is not part of a position: the game keeps it.
///
/// `Display` writes the [`Setup`] text: the OpenTafl board, the side to move and the corners
/// visited: `/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/ a`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) attackers: Bitboard,
    pub(crate) defenders: Bitboard,
    /// Occupancy of every piece in the transposed layout (bit `file * 11 + rank`).
    pub(crate) occ_t: u128,
    pub(crate) hash: u64,
    /// The board size `n` (of the rules).
    pub(crate) size: u8,
    /// The commanders and knights (Berserk), of both sides: each is also in `attackers` or
    /// `defenders`.
    pub(crate) officers: Bitboard,
    /// The knights among `officers` (the other officers are commanders): each officer
    /// square carries its own kind, so a side may hold both.
    pub(crate) knights: Bitboard,
    pub(crate) king: Option<Square>,
    /// The piece that moves again after a capture (berserk moves).
    pub(crate) berserker: MaybeSquare,
    pub(crate) side: Side,
    /// Bit `i` set when the king has visited corner `i` (a1, the other rank-1 corner, the
    /// other file-a corner, the far corner).
    pub(crate) visited: u8,
    pub(crate) status: Status,
}

/// Why a [`Setup`] is not a legal position under some [`Rules`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The rules themselves are refused.
    #[error("invalid rules: {0}")]
    Rules(RulesError),
    /// The setup's board size differs from the rules'.
    #[error("the position is {setup}×{setup} but the rules are for {rules}×{rules}")]
    Size {
        /// The setup's size.
        setup: u8,
        /// The rules' size.
        rules: u8,
    },
    /// A piece lies beyond the board.
    #[error("a piece on {0} lies beyond the board")]
    OffBoard(Square),
    /// Two pieces share a square.
    #[error("two pieces on {0}")]
    Overlap(Square),
    /// There is no king.
    #[error("the position has no king")]
    NoKing,
    /// A piece stands on a square it may not stop on (a corner, or the throne for a
    /// soldier).
    #[error("{} may not stand on {square}", piece_phrase(*piece))]
    Restricted {
        /// The piece.
        piece: Piece,
        /// The square.
        square: Square,
    },
    /// A visited corner that is not a corner square.
    #[error("{0} is given as a visited corner but is not a corner")]
    NotACorner(Square),
    /// A ruleset's start with corners visited other than the king's own square: the rules
    /// string's `start` key carries the board only, so such a ruleset would not survive its
    /// string ([`Ruleset::new`](crate::Ruleset::new)).
    #[error(
        "a ruleset's start cannot have visited corners (the rules string's start key holds the board only)"
    )]
    VisitedCornersAtStart,
    /// A ruleset name that a rules string cannot carry: the `name` key writes spaces as `_`
    /// and ends at whitespace ([`Ruleset::new`](crate::Ruleset::new)).
    #[error(
        "ruleset name {0:?} cannot be written in a rules string: no '_' and no whitespace other than spaces"
    )]
    RulesetName(String),
    /// A commander or knight the rules do not have: the officers of a side are of the kinds
    /// its start position holds (or the square holds no soldier, or is marked both).
    #[error(
        "the {officer:?} on {square} is not in these rules (a side's officers are of the kinds its start holds)"
    )]
    Officer {
        /// The square.
        square: Square,
        /// The kind of officer.
        officer: Officer,
    },
    /// A ruleset whose [`Rules::officers`] differ from the kinds of officer its start holds
    /// (a side's kinds of officer are read from its start; [`Ruleset::new`](crate::Ruleset::new)).
    #[error(
        "a ruleset's kinds of commanders and knights must be those of its start (the rules string carries them through the start only)"
    )]
    OfficersAtStart,
    /// A ruleset's start with a berserker: the rules string's start key holds the board only
    /// ([`Ruleset::new`](crate::Ruleset::new)).
    #[error(
        "a ruleset's start cannot have a berserker (the rules string's start key holds the board only)"
    )]
    BerserkerAtStart,
    /// A berserker that is not a piece of the side to move, or rules without berserk moves.
    #[error(
        "the berserker on {0} must be a piece of the side to move, under rules with berserk moves"
    )]
    Berserker(Square),
}

impl From<RulesError> for PositionError {
    fn from(error: RulesError) -> PositionError {
        PositionError::Rules(error)
    }
}

/// A square or none in one byte (`u8::MAX` for none), where `Option<Square>` takes two: it
/// keeps [`Position`] at 96 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MaybeSquare(u8);

impl MaybeSquare {
    /// No square.
    pub(crate) const NONE: MaybeSquare = MaybeSquare(u8::MAX);

    /// `sq`, or none.
    #[inline]
    pub(crate) const fn from_option(sq: Option<Square>) -> MaybeSquare {
        match sq {
            Some(s) => MaybeSquare(s.index() as u8),
            None => MaybeSquare::NONE,
        }
    }

    /// The square, if any.
    #[inline]
    pub(crate) const fn get(self) -> Option<Square> {
        if self.0 == u8::MAX {
            None
        } else {
            Some(Square::from_index_unchecked(self.0 as u32))
        }
    }

    /// The square, if any, leaving none.
    #[inline]
    pub(crate) fn take(&mut self) -> Option<Square> {
        let sq = self.get();
        *self = MaybeSquare::NONE;
        sq
    }
}

impl fmt::Debug for MaybeSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

/// A position with the rules it is played under: the form in which the crate's own code
/// generates and plays moves (the searcher keeps its positions so). It reads the position's
/// fields through `Deref`, and the rules through its own field.
#[derive(Clone, Copy)]
pub(crate) struct Ruled<'r> {
    pub(crate) pos: Position,
    pub(crate) rules: &'r Rules,
    /// Whether the rules have commanders, knights, king jumps or berserk moves: moves are
    /// then generated and played by the slower code of `berserk.rs` (kept here, not in the
    /// position, whose every byte is copied with each move).
    pub(crate) special: bool,
}

impl<'r> Ruled<'r> {
    /// `pos` under `rules` (those it was built under).
    #[inline]
    pub(crate) fn new(pos: Position, rules: &'r Rules) -> Ruled<'r> {
        debug_assert_eq!(
            pos.size, rules.size,
            "a position under rules of another size"
        );
        Ruled {
            pos,
            rules,
            special: !rules.officers.attackers.is_empty()
                || !rules.officers.defenders.is_empty()
                || rules.jumps.king != crate::rule_options::Jump::None
                || rules.berserk != crate::rule_options::BerserkMode::None,
        }
    }
}

impl std::ops::Deref for Ruled<'_> {
    type Target = Position;

    #[inline]
    fn deref(&self) -> &Position {
        &self.pos
    }
}

impl std::ops::DerefMut for Ruled<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
}

impl fmt::Debug for Ruled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pos.fmt(f)
    }
}

/// The piece of [`PositionError::Restricted`] as its message names it.
const fn piece_phrase(piece: Piece) -> &'static str {
    match piece {
        Piece::Attacker => "an attacker",
        Piece::Defender => "a defender",
        Piece::King => "the king",
    }
}

impl Position {
    /// Validates `setup` under `rules`; the status (a win already on the board, or no legal
    /// move for the side to move) is computed.
    ///
    /// If the king stands on a corner, that corner counts as visited.
    ///
    /// # Errors
    ///
    /// [`PositionError`]: bad rules, size mismatch, pieces off the board or overlapping, no
    /// king, a soldier on a king-only square, a visited corner that is not a corner, an
    /// officer or a berserker the rules do not have.
    pub fn from_setup(setup: &Setup, rules: &Rules) -> Result<Position, PositionError> {
        rules.check()?;
        if setup.size != rules.size {
            return Err(PositionError::Size {
                setup: setup.size,
                rules: rules.size,
            });
        }
        let g = geometry(rules.size);
        let board = Bitboard(g.board);
        let king = setup.king.ok_or(PositionError::NoKing)?;
        let all = setup.attackers | setup.defenders | Bitboard::from_square(king);
        if let Some(sq) = (all & !board).first() {
            return Err(PositionError::OffBoard(sq));
        }
        if let Some(sq) = (setup.attackers & setup.defenders).first() {
            return Err(PositionError::Overlap(sq));
        }
        if setup.attackers.contains(king) || setup.defenders.contains(king) {
            return Err(PositionError::Overlap(king));
        }
        for piece in Piece::ALL {
            let bb = match piece {
                Piece::Attacker => setup.attackers,
                Piece::Defender => setup.defenders,
                Piece::King => Bitboard::from_square(king),
            };
            let mut forbidden = Bitboard(forbidden_stops(rules, g, piece));
            if piece == Piece::King {
                // The king starts on the throne even where no piece may stop on it (OpenTafl's
                // Tablut, `cens:`): he may stand there, only not return.
                forbidden.remove(g.throne);
            }
            if let Some(square) = (bb & forbidden).first() {
                return Err(PositionError::Restricted { piece, square });
            }
        }
        let mut visited = 0u8;
        for sq in setup.corners_visited {
            match corner_index(sq, rules) {
                Some(i) => visited |= 1 << i,
                None => return Err(PositionError::NotACorner(sq)),
            }
        }
        if let Some(i) = corner_index(king, rules) {
            visited |= 1 << i;
        }
        let soldiers = setup.attackers | setup.defenders;
        for (marked, officer) in [
            (setup.commanders, Officer::Commander),
            (setup.knights, Officer::Knight),
        ] {
            for square in marked {
                let side = if setup.attackers.contains(square) {
                    Side::Attackers
                } else {
                    Side::Defenders
                };
                let other = if officer == Officer::Commander {
                    setup.knights
                } else {
                    setup.commanders
                };
                if !soldiers.contains(square)
                    || other.contains(square)
                    || !rules.officers[side].contains(officer)
                {
                    return Err(PositionError::Officer { square, officer });
                }
            }
        }
        if let Some(b) = setup.berserker
            && (rules.berserk == crate::rule_options::BerserkMode::None
                || !b.on_board(rules.size)
                || setup
                    .piece_at(b)
                    .is_none_or(|p| p.side() != setup.side_to_move))
        {
            return Err(PositionError::Berserker(b));
        }
        let mut pos = Position {
            attackers: setup.attackers,
            defenders: setup.defenders,
            occ_t: all.transposed().0,
            hash: 0,
            size: rules.size,
            officers: setup.commanders | setup.knights,
            knights: setup.knights,
            berserker: MaybeSquare::from_option(setup.berserker),
            king: Some(king),
            side: setup.side_to_move,
            visited,
            status: Status::Ongoing,
        };
        pos.hash = pos.zobrist_recomputed();
        pos.status = Ruled::new(pos, rules).static_status();
        Ok(pos)
    }

    /// The unvalidated form of this position. A captured king (after the game ended) is
    /// absent.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut commanders = Bitboard::EMPTY;
        let mut knights = Bitboard::EMPTY;
        for sq in self.officers {
            match self.officer_at(sq) {
                Some(Officer::Commander) => commanders.insert(sq),
                Some(Officer::Knight) => knights.insert(sq),
                None => {}
            }
        }
        Setup {
            size: self.size,
            attackers: self.attackers,
            defenders: self.defenders,
            king: self.king,
            side_to_move: self.side,
            corners_visited: self.corners_visited(),
            commanders,
            knights,
            berserker: self.berserker.get(),
        }
    }

    /// Board size `n`.
    #[inline]
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The status: ongoing or won on the board. Draws by repetition or by the no-capture
    /// limit need the game's history and are decided by [`TaflGame`](crate::TaflGame).
    #[inline]
    #[must_use]
    pub const fn status(&self) -> Status {
        self.status
    }

    /// The Zobrist hash of the board, the side to move and the corners visited, updated
    /// incrementally by the `play` methods.
    #[inline]
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The attacking soldiers.
    #[inline]
    #[must_use]
    pub const fn attackers(&self) -> Bitboard {
        self.attackers
    }

    /// The defending soldiers (not the king).
    #[inline]
    #[must_use]
    pub const fn defenders(&self) -> Bitboard {
        self.defenders
    }

    /// The king's square; `None` once the king has been captured (the game is then over).
    #[inline]
    #[must_use]
    pub const fn king(&self) -> Option<Square> {
        self.king
    }

    /// The king as a set (empty once captured).
    #[inline]
    pub(crate) fn king_bb(&self) -> Bitboard {
        match self.king {
            Some(k) => Bitboard::from_square(k),
            None => Bitboard::EMPTY,
        }
    }

    /// Every piece of `side` (the defenders' include the king).
    #[inline]
    #[must_use]
    pub fn pieces(&self, side: Side) -> Bitboard {
        match side {
            Side::Attackers => self.attackers,
            Side::Defenders => self.defenders | self.king_bb(),
        }
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.attackers | self.defenders | self.king_bb()
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if self.attackers.contains(sq) {
            Some(Piece::Attacker)
        } else if self.defenders.contains(sq) {
            Some(Piece::Defender)
        } else if self.king == Some(sq) {
            Some(Piece::King)
        } else {
            None
        }
    }

    /// The corners the king has visited.
    #[must_use]
    pub fn corners_visited(&self) -> Bitboard {
        let g = geometry(self.size);
        Bitboard(g.corners)
            .enumerate()
            .filter(|&(i, _)| self.visited >> i & 1 != 0)
            .map(|(_, sq)| sq)
            .collect()
    }

    /// Whether `sq` is the throne of this board under `rules` (the position's).
    #[must_use]
    pub fn is_throne(&self, rules: &Rules, sq: Square) -> bool {
        Ruled::new(*self, rules).is_throne(sq)
    }

    /// Whether `sq` is a corner square of this board under `rules` (the position's).
    #[must_use]
    pub fn is_corner(&self, rules: &Rules, sq: Square) -> bool {
        Ruled::new(*self, rules).is_corner(sq)
    }

    /// The hash computed from scratch (tests compare it with [`Position::hash`]).
    #[must_use]
    pub fn zobrist_recomputed(&self) -> u64 {
        let mut h = 0;
        for sq in self.attackers {
            h ^= zobrist::piece_key(Piece::Attacker, sq);
        }
        for sq in self.defenders {
            h ^= zobrist::piece_key(Piece::Defender, sq);
        }
        if let Some(k) = self.king {
            h ^= zobrist::piece_key(Piece::King, k);
        }
        if self.side == Side::Defenders {
            h ^= zobrist::side_key();
        }
        for sq in self.officers {
            h ^= zobrist::officer_key(sq);
        }
        for sq in self.knights {
            h ^= zobrist::knight_key(sq);
        }
        if let Some(b) = self.berserker.get() {
            h ^= zobrist::berserker_key(b);
        }
        for i in 0..4 {
            if self.visited >> i & 1 != 0 {
                h ^= zobrist::corner_key(i);
            }
        }
        h
    }

    /// A text diagram for terminals: rank `n` at the top, `t` attacker, `T` defender, `K`
    /// king, `#` empty corner, `+` empty throne, `.` empty square; then the side to move and
    /// the corners visited.
    ///
    /// ```
    /// use tafl_core::Ruleset;
    /// let brandubh = Ruleset::brandubh();
    /// let d = brandubh.start_position().diagram(brandubh.rules());
    /// assert!(d.starts_with(" 7 # . . t . . #\n"));
    /// assert!(d.contains(" 4 t t T K T t t\n"));
    /// assert!(d.contains("   a b c d e f g\n"));
    /// ```
    #[must_use]
    pub fn diagram(&self, rules: &Rules) -> String {
        let ruled = Ruled::new(*self, rules);
        let n = self.size;
        let mut s = String::new();
        for rank in (0..n).rev() {
            s.push_str(&format!("{:>2}", rank + 1));
            for file in 0..n {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let c = match self.piece_at(sq) {
                    Some(p) if p != Piece::King && self.officers.contains(sq) => {
                        self.officer_at(sq).map_or(p.char(), |o| o.char(p.side()))
                    }
                    Some(p) => p.char(),
                    None if ruled.is_corner(sq) => '#',
                    None if ruled.is_throne(sq) => '+',
                    None => '.',
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("  ");
        for file in 0..n {
            s.push(' ');
            s.push((b'a' + file) as char);
        }
        s.push('\n');
        s.push_str(&format!("{} to move", self.side));
        let visited = self.corners_visited();
        if visited.any() {
            let names: Vec<String> = visited.map(|sq| sq.to_string()).collect();
            s.push_str(&format!("; corners visited: {}", names.join(",")));
        }
        s.push('\n');
        s
    }
}

impl Ruled<'_> {
    /// Whether `sq` is the throne of this board.
    #[inline]
    pub(crate) fn is_throne(&self, sq: Square) -> bool {
        self.rules.has_throne && geometry(self.rules.size).throne == sq
    }

    /// Whether `sq` is a corner square of this board.
    #[inline]
    pub(crate) fn is_corner(&self, sq: Square) -> bool {
        self.rules.has_corners && Bitboard(geometry(self.rules.size).corners).contains(sq)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_setup())
    }
}

/// The index (0..4, in square order) of `sq` among the corners, if it is one.
#[inline]
pub(crate) fn corner_index(sq: Square, rules: &Rules) -> Option<usize> {
    if !rules.has_corners {
        return None;
    }
    let g = geometry(rules.size);
    let corners = Bitboard(g.corners);
    if !corners.contains(sq) {
        return None;
    }
    Some((corners.0 & ((1u128 << sq.index()) - 1)).count_ones() as usize)
}

/// Squares `piece` may not stop on under `rules` (corners and throne), as a mask that is
/// symmetric in the a1 diagonal.
#[inline]
pub(crate) fn forbidden_stops(rules: &Rules, g: &Geometry, piece: Piece) -> u128 {
    let mut m = 0;
    if rules.has_corners && !rules.corner.stoppable.contains(piece) {
        m |= g.corners;
    }
    if rules.has_throne && !rules.throne.stoppable.contains(piece) {
        m |= 1u128 << g.throne.index();
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_is_small_for_copy_make() {
        // Five u128 bitboards (the fourth and fifth for Berserk's officers and which of them
        // are knights), the hash and 16 bytes (the berserker in one byte, the rules'
        // `special` in `Ruled`): the rules (with the attacker forts' bitboard) are not part
        // of a position, so they are not copied with each move.
        assert!(
            std::mem::size_of::<Position>() <= 96,
            "{}",
            std::mem::size_of::<Position>()
        );
        // The crate's own form with its borrowed rules: 16 bytes more (alignment of u128).
        assert!(std::mem::size_of::<Ruled<'static>>() <= 112);
    }
}
