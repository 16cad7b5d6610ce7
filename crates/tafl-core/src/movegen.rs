//! Legal move generation on bitboards: for each piece, the reachable cells of its rank and
//! of its file are read from one sliding table ([`SLIDE`]) indexed by the 11-bit occupancy
//! of the line (the file's occupancy comes from the transposed occupancy the position keeps).
//! Squares a piece may not stop on (king-only corners and throne) are masked out; an empty
//! throne a piece may not pass over is added to the occupancy. Counting without listing
//! (perft's last ply) takes the soldiers of a kind all at once: four Kogge-Stone fills over
//! the empty squares, one per direction.

use crate::bitboard::{Bitboard, FILE_A, FILE_K, POP11, SLIDE, fill_down, fill_up, geometry, line};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Side};
use crate::position::{Position, Ruled, forbidden_stops};
use crate::rule_options::reach_mask;
use crate::rules::Rules;
use crate::square::{STRIDE, Square};

/// What a kind of piece sees: occupancy (normal and transposed), forbidden stops (normal
/// and transposed) and its speed limit.
#[derive(Clone, Copy)]
struct Context {
    occ: u128,
    occ_t: u128,
    forbid: u128,
    forbid_t: u128,
    beyond: u16,
    speed: u8,
}

/// The contexts of a kind of piece starting outside and inside the attacker forts (the same
/// when there are none).
#[derive(Clone, Copy)]
struct Contexts {
    outside: Context,
    inside: Context,
    forts: u128,
}

impl Contexts {
    #[inline(always)]
    fn of(&self, from: Square) -> &Context {
        if self.forts >> from.index() & 1 != 0 {
            &self.inside
        } else {
            &self.outside
        }
    }
}

/// The reachable cells of `from`'s rank (bit = file) and file (bit = rank).
#[inline(always)]
fn lines(from: Square, c: &Context) -> (u16, u16) {
    let f = from.file();
    let r = from.rank();
    let mut row = SLIDE[f as usize][(line(c.occ, r) | c.beyond) as usize] & !line(c.forbid, r);
    let mut col = SLIDE[r as usize][(line(c.occ_t, f) | c.beyond) as usize] & !line(c.forbid_t, f);
    if c.speed != 0 {
        row &= reach_mask(f, c.speed);
        col &= reach_mask(r, c.speed);
    }
    (row, col)
}

impl Position {
    /// Every legal move of the side to move: none once the game is over. Order: by origin
    /// square (rank 1 first), then along the rank, then along the file, each by destination
    /// square.
    ///
    /// With jumps or a berserker to move (Berserk), the moves are listed by origin, then by
    /// destination square, and a berserker alone moves.
    ///
    /// ```
    /// use tafl_core::Ruleset;
    /// let fidchell = Ruleset::fidchell();
    /// let start = fidchell.start_position();
    /// let moves = start.legal_moves(fidchell.rules());
    /// assert!(moves.iter().all(|&m| start.is_legal(fidchell.rules(), m)));
    /// ```
    #[must_use]
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        Ruled::new(*self, rules).legal_moves()
    }

    /// [`Position::legal_moves`] written into `out` (cleared first), for a caller that keeps
    /// one list per ply.
    pub fn legal_moves_into(&self, rules: &Rules, out: &mut MoveList) {
        Ruled::new(*self, rules).legal_moves_into(out)
    }

    /// The number of legal moves, without listing them (bulk counting for perft).
    #[must_use]
    pub fn count_legal_moves(&self, rules: &Rules) -> usize {
        Ruled::new(*self, rules).count_legal_moves()
    }

    /// The squares the piece on `from` may move to, its jumps included (empty if `from`
    /// holds no piece of the side to move, or another piece than the berserker, or the game
    /// is over).
    #[must_use]
    pub fn destinations(&self, rules: &Rules, from: Square) -> Bitboard {
        Ruled::new(*self, rules).destinations(from)
    }

    /// Whether `m` is legal here: the game is not over, a piece of the side to move stands
    /// on `m.from`, and it can slide to `m.to` under the ruleset.
    #[must_use]
    pub fn is_legal(&self, rules: &Rules, m: Move) -> bool {
        Ruled::new(*self, rules).is_legal(m)
    }
}

impl Ruled<'_> {
    #[inline]
    fn context(&self, piece: Piece, from_fort: bool) -> Context {
        let g = geometry(self.rules.size);
        let mut occ = self.occupied().0;
        let mut occ_t = self.occ_t;
        if self.rules.has_throne && !self.rules.throne.passable.contains(piece) {
            // The throne is on the diagonal: the same bit in both layouts.
            let t = 1u128 << g.throne.index();
            occ |= t;
            occ_t |= t;
        }
        let mut forbid = forbidden_stops(self.rules, g, piece);
        let mut forbid_t = forbid;
        let forts = &self.rules.forts;
        if forts.squares.any() {
            let blocks = forts.blocks(piece, from_fort);
            occ |= blocks;
            occ_t |= Bitboard(blocks).transposed().0;
            let forbids = forts.forbids(piece, from_fort);
            forbid |= forbids;
            forbid_t |= Bitboard(forbids).transposed().0;
        }
        Context {
            occ,
            occ_t,
            forbid,
            forbid_t,
            beyond: g.beyond,
            speed: self.rules.speeds.of(piece),
        }
    }

    #[inline]
    fn contexts(&self, piece: Piece) -> Contexts {
        let outside = self.context(piece, false);
        let forts = self.rules.forts.squares.0;
        Contexts {
            outside,
            inside: if forts == 0 {
                outside
            } else {
                self.context(piece, true)
            },
            forts,
        }
    }

    #[inline]
    fn groups(&self, side: Side) -> [(Bitboard, Piece); 2] {
        match side {
            Side::Attackers => [
                (self.attackers, Piece::Attacker),
                (Bitboard::EMPTY, Piece::Attacker),
            ],
            Side::Defenders => [
                (self.defenders, Piece::Defender),
                (self.king_bb(), Piece::King),
            ],
        }
    }

    pub(crate) fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.legal_moves_into(&mut out);
        out
    }

    pub(crate) fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        if self.status.is_over() {
            return;
        }
        if self.special {
            return self.legal_moves_berserk(out);
        }
        for (pieces, piece) in self.groups(self.side) {
            if pieces.is_empty() {
                continue;
            }
            let c = self.contexts(piece);
            for from in pieces {
                let (mut row, mut col) = lines(from, c.of(from));
                let rank_base = u32::from(from.rank()) * u32::from(STRIDE);
                while row != 0 {
                    let f = row.trailing_zeros();
                    row &= row - 1;
                    out.push(Move::new(from, Square::from_index_unchecked(rank_base + f)));
                }
                let file = u32::from(from.file());
                while col != 0 {
                    let r = col.trailing_zeros();
                    col &= col - 1;
                    out.push(Move::new(
                        from,
                        Square::from_index_unchecked(r * u32::from(STRIDE) + file),
                    ));
                }
            }
        }
    }

    /// The legal moves whose destination is in `soldiers_to` for a soldier and in `king_to`
    /// for the king, in the order of [`Position::legal_moves`] (its subsequence), into `out`
    /// (cleared first): the searcher's quiescence asks only for its captures and king goals.
    /// Not for Berserk's rules (`special`), whose moves are listed in another order.
    pub(crate) fn legal_moves_to_into(&self, out: &mut MoveList, soldiers_to: u128, king_to: u128) {
        out.clear();
        if self.status.is_over() {
            return;
        }
        debug_assert!(!self.special);
        for (pieces, piece) in self.groups(self.side) {
            let to = if piece == Piece::King {
                king_to
            } else {
                soldiers_to
            };
            if pieces.is_empty() || to == 0 {
                continue;
            }
            let to_t = Bitboard(to).transposed().0;
            let c = self.contexts(piece);
            for from in pieces {
                let (mut row, mut col) = lines(from, c.of(from));
                row &= line(to, from.rank());
                col &= line(to_t, from.file());
                let rank_base = u32::from(from.rank()) * u32::from(STRIDE);
                while row != 0 {
                    let f = row.trailing_zeros();
                    row &= row - 1;
                    out.push(Move::new(from, Square::from_index_unchecked(rank_base + f)));
                }
                let file = u32::from(from.file());
                while col != 0 {
                    let r = col.trailing_zeros();
                    col &= col - 1;
                    out.push(Move::new(
                        from,
                        Square::from_index_unchecked(r * u32::from(STRIDE) + file),
                    ));
                }
            }
        }
    }

    pub(crate) fn count_legal_moves(&self) -> usize {
        if self.status.is_over() {
            return 0;
        }
        if self.special {
            return self.count_legal_moves_berserk();
        }
        let mut n = 0;
        let no_forts = self.rules.forts.squares.is_empty();
        for (pieces, piece) in self.groups(self.side) {
            if pieces.is_empty() {
                continue;
            }
            if no_forts && piece != Piece::King && self.rules.speeds.of(piece) == 0 {
                // Every soldier at once: four fills over the board.
                n += self.count_slides(pieces, piece);
                continue;
            }
            if no_forts {
                // One context for every piece of the group (no fort to start inside).
                let c = self.context(piece, false);
                for from in pieces {
                    let (row, col) = lines(from, &c);
                    n += usize::from(POP11[row as usize]) + usize::from(POP11[col as usize]);
                }
                continue;
            }
            let c = self.contexts(piece);
            for from in pieces {
                let (row, col) = lines(from, c.of(from));
                n += usize::from(POP11[row as usize]) + usize::from(POP11[col as usize]);
            }
        }
        n
    }

    /// The number of slides of the pieces `pieces`, all of kind `piece`, under rules without
    /// forts or a speed limit for `piece`: the squares each direction's fill reaches, less
    /// those `piece` may not stop on. In one direction an empty square is reached from one
    /// piece at most (the nearest on that side), so each direction's count is its number of
    /// moves.
    #[inline]
    fn count_slides(&self, pieces: Bitboard, piece: Piece) -> usize {
        let g = geometry(self.rules.size);
        let mut occ = self.occupied().0;
        if self.rules.has_throne && !self.rules.throne.passable.contains(piece) {
            occ |= 1u128 << g.throne.index();
        }
        let empty = g.board & !occ;
        let stops = empty & !forbidden_stops(self.rules, g, piece);
        let from = pieces.0;
        let stride = u32::from(STRIDE);
        let east = fill_up(from, empty & !FILE_A, 1);
        let west = fill_down(from, empty & !FILE_K, 1);
        let north = fill_up(from, empty, stride);
        let south = fill_down(from, empty, stride);
        // The four populations with three counts: a carry-save adder makes of the four sets
        // a set of the squares counted an odd number of times and two of those counted twice
        // more (every square is counted at most four times).
        let (e, w, n, s) = (east & stops, west & stops, north & stops, south & stops);
        let ones = e ^ w ^ n;
        let twos = (e & w) | (n & (e ^ w));
        let odd = ones ^ s;
        let more = ones & s;
        (odd.count_ones() + 2 * (twos.count_ones() + more.count_ones())) as usize
    }

    pub(crate) fn destinations(&self, from: Square) -> Bitboard {
        if self.status.is_over() || !from.on_board(self.rules.size) {
            return Bitboard::EMPTY;
        }
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        if piece.side() != self.side || self.berserker.get().is_some_and(|b| b != from) {
            return Bitboard::EMPTY;
        }
        let slides = self.slides(from, piece);
        if self.special && self.has_jumps() {
            slides | self.jumps_from(from, piece)
        } else {
            slides
        }
    }

    /// The squares the piece `piece` on `from` may slide to.
    fn slides(&self, from: Square, piece: Piece) -> Bitboard {
        let from_fort = self.rules.forts.squares.contains(from);
        let mut c = self.context(piece, from_fort);
        if let Some(officer) = self.officer_at(from) {
            // Berserk's commanders and knights have speeds of their own (`spd`).
            c.speed = self.rules.speeds.of_officer(officer, piece.side());
        }
        let (mut row, mut col) = lines(from, &c);
        let mut out = Bitboard::EMPTY;
        while row != 0 {
            let f = row.trailing_zeros() as u8;
            row &= row - 1;
            out.insert(Square::from_index_unchecked(u32::from(
                from.rank() * STRIDE + f,
            )));
        }
        while col != 0 {
            let r = col.trailing_zeros() as u8;
            col &= col - 1;
            out.insert(Square::from_index_unchecked(u32::from(
                r * STRIDE + from.file(),
            )));
        }
        out
    }

    pub(crate) fn is_legal(&self, m: Move) -> bool {
        self.destinations(m.from).contains(m.to)
    }

    /// Whether `side` has at least one move on the current board (ignoring whose turn it
    /// is and the status).
    pub(crate) fn side_has_move(&self, side: Side) -> bool {
        // Fast path: a piece next to an empty square it may stop on can move there.
        let g = geometry(self.rules.size);
        let empty = Bitboard(g.board) & !self.occupied();
        for (pieces, piece) in self.groups(side) {
            if self.rules.forts.squares.any() {
                break; // forts: the full look below
            }
            let mut stops = empty & !Bitboard(forbidden_stops(self.rules, g, piece));
            if self.rules.has_throne && !self.rules.throne.passable.contains(piece) {
                stops.remove(g.throne); // an impassable throne is a blocker
            }
            if (pieces.neighbours(g) & stops).any() {
                return true;
            }
        }
        for (pieces, piece) in self.groups(side) {
            if pieces.is_empty() {
                continue;
            }
            let c = self.contexts(piece);
            for from in pieces {
                let (row, col) = lines(from, c.of(from));
                if row | col != 0 {
                    return true;
                }
            }
        }
        self.special
            && self.has_jumps()
            && self.groups(side).into_iter().any(|(pieces, piece)| {
                Iterator::any(&mut pieces.into_iter(), |f| self.jumps_from(f, piece).any())
            })
    }
}
