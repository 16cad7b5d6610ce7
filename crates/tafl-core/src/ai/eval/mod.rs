//! The static evaluation of a position for the searcher, aware of the ruleset: material,
//! the king's road to the corners (or the edge) he still has to reach and, under the corner
//! escape, his escape forks (squares from which a corner is one slide away), his mobility, the
//! attackers' cordon around him, and soldiers left hanging against an enemy piece, a hostile
//! square or a hostile edge (rules page, "Capture is custodial"; the Breton Fidchell page,
//! "Kuzulioù strategel":
//! run the king towards a corner, use corners and the empty throne as allies, surround the
//! king step by step, block the roads to the corners).
//!
//! Scores are in hundredths of a soldier ("centisoldiers"), from the point of view of the
//! side to move.

use crate::ai::ordering::{anvils, backed, step};
use crate::ai::weights::EvalWeights;
use crate::bitboard::{Bitboard, FILE_A, FILE_K, SLIDE, fill_down, fill_up, geometry, line};
use crate::piece::{Piece, Side};
use crate::position::{Ruled, corner_index, forbidden_stops};
use crate::rule_options::BerserkMode;
use crate::rules::{Escape, RepetitionResult, Rules};
use crate::square::{DIRECTIONS, STRIDE, Square};

/// The weights as each side's search uses them (an inherent method of [`EvalWeights`], kept
/// beside the evaluation because it reads the rules).
impl EvalWeights {
    /// The weights tuned for the board of `rules`, if any: [`EvalWeights::TUNED_11X11`] on an
    /// 11×11 board whose king escapes to a corner (Copenhagen), [`EvalWeights::TUNED_7X7`]
    /// on a 7×7 one (Brandubh; Ard Ri's games come out the same with either set),
    /// [`EvalWeights::TUNED_FIDCHELL`] on a 7×7 board whose king must visit the four corners
    /// (Fidchell); `None` elsewhere (9×9, edge escapes, other sizes and the four corners on
    /// other sizes keep the hand-set [`EvalWeights::DEFAULT`]: no tuned weights have been
    /// measured better there).
    #[must_use]
    pub fn tuned_for(rules: &Rules) -> Option<EvalWeights> {
        match (rules.size, rules.escape) {
            (11, Escape::Corner) => Some(Self::TUNED_11X11),
            (7, Escape::Corner) => Some(Self::TUNED_7X7),
            (7, Escape::FourCorners) => Some(Self::TUNED_FIDCHELL),
            _ => None,
        }
    }

    /// The weights a search for `side` (the side to move at its root) evaluates with under
    /// `rules`: these, but for the attackers' search under the four-corner escape, which
    /// values its soldiers at [`EvalWeights::attacker_self`] instead of
    /// [`EvalWeights::attacker`]. [`Searcher`](crate::ai::Searcher) calls it at the start of
    /// each search; [`evaluate_with`](crate::ai::evaluate_with) takes the weights as given.
    #[must_use]
    pub fn for_search(&self, side: Side, rules: &Rules) -> EvalWeights {
        let mut w = *self;
        if side == Side::Attackers && rules.escape == Escape::FourCorners {
            w.attacker = self.attacker_self;
        }
        w
    }
}

/// The weights a configuration searches under given rules (here, above the rules' layer).
impl crate::ai::level::SearchConfig {
    /// The weights searched under `rules`: those tuned for the board when `board_weights`
    /// holds and there are some, else `weights`.
    #[must_use]
    pub fn weights_for(&self, rules: &Rules) -> EvalWeights {
        if self.board_weights {
            EvalWeights::tuned_for(rules).unwrap_or(self.weights)
        } else {
            self.weights
        }
    }
}

/// The largest magnitude of an evaluation, below the searcher's win scores.
pub(crate) const EVAL_LIMIT: i32 = 20_000;

/// The squares a piece on `from` reaches by sliding over the empty squares of `occ`
/// (`occ_t` is the same set transposed), before masking the squares it may not stop on.
#[inline]
fn slide(from: Square, occ: u128, occ_t: u128, beyond: u16) -> u128 {
    let f = from.file();
    let r = from.rank();
    let row = SLIDE[f as usize][(line(occ, r) | beyond) as usize];
    let mut col = SLIDE[r as usize][(line(occ_t, f) | beyond) as usize];
    let mut out = u128::from(row) << (u32::from(r) * u32::from(STRIDE));
    while col != 0 {
        let rr = col.trailing_zeros();
        col &= col - 1;
        out |= 1u128 << (rr * u32::from(STRIDE) + u32::from(f));
    }
    out
}

/// Occupancy for a moving `piece`: the board, with the throne added when the piece may not
/// pass over it (the throne lies on the diagonal, the same bit in both layouts).
#[inline]
fn occupancy(pos: &Ruled<'_>, piece: Piece) -> (u128, u128) {
    let mut occ = pos.occupied().0;
    let mut occ_t = pos.occ_t;
    if pos.rules.has_throne && !pos.rules.throne.passable.contains(piece) {
        let t = 1u128 << geometry(pos.rules.size).throne.index();
        occ |= t;
        occ_t |= t;
    }
    (occ, occ_t)
}

/// Every square `side` can move a piece to (its attack map), and the king's own
/// destinations.
fn reach(pos: &Ruled<'_>, side: Side) -> u128 {
    reach_vacated(pos, side, 0)
}

/// [`reach`] with the squares of `vacated` taken as empty (the king's square once he has
/// moved away).
fn reach_vacated(pos: &Ruled<'_>, side: Side, vacated: u128) -> u128 {
    match side {
        Side::Attackers => group_reach(pos, pos.attackers.0, Piece::Attacker, vacated),
        Side::Defenders => {
            group_reach(pos, pos.defenders.0, Piece::Defender, vacated)
                | group_reach(pos, pos.king_bb().0, Piece::King, vacated)
        }
    }
}

/// The squares the pieces of `from` (all of kind `piece`) reach in one move, the squares of
/// `vacated` taken as empty.
fn group_reach(pos: &Ruled<'_>, from: u128, piece: Piece, vacated: u128) -> u128 {
    if from == 0 {
        return 0;
    }
    let g = geometry(pos.rules.size);
    let (occ, _) = occupancy(pos, piece);
    let occ = occ & !vacated;
    let forbid = forbidden_stops(pos.rules, g, piece);
    // Every piece of the group at once: a fill over the empty squares in each direction.
    let empty = g.board & !occ;
    let stride = u32::from(STRIDE);
    let slides = fill_up(from, empty & !FILE_A, 1)
        | fill_down(from, empty & !FILE_K, 1)
        | fill_up(from, empty, stride)
        | fill_down(from, empty, stride);
    slides & !forbid
}

/// The reference form of [`reach`], piece by piece through the sliding table (tests
/// compare the two).
#[cfg(test)]
fn reach_by_pieces(pos: &Ruled<'_>, side: Side) -> u128 {
    let g = geometry(pos.rules.size);
    let mut out = 0u128;
    for (pieces, piece) in [
        match side {
            Side::Attackers => (pos.attackers, Piece::Attacker),
            Side::Defenders => (pos.defenders, Piece::Defender),
        },
        (
            if side == Side::Defenders {
                pos.king_bb()
            } else {
                Bitboard::EMPTY
            },
            Piece::King,
        ),
    ] {
        let (occ, occ_t) = occupancy(pos, piece);
        let forbid = forbidden_stops(pos.rules, g, piece);
        for sq in pieces {
            out |= slide(sq, occ, occ_t, g.beyond) & !forbid;
        }
    }
    out
}

/// The board as the king moves on it: the occupancy without the king (and its transposed
/// layout), with the throne added where he may not pass, and the squares he may not stop on.
struct KingBoard {
    occ: u128,
    occ_t: u128,
    forbid: u128,
}

impl KingBoard {
    fn new(pos: &Ruled<'_>, king: Square) -> KingBoard {
        let g = geometry(pos.rules.size);
        let (occ, occ_t) = occupancy(pos, Piece::King);
        KingBoard {
            occ: occ & !(1u128 << king.index()),
            occ_t: occ_t & !(1u128 << king.transposed().index()),
            forbid: forbidden_stops(pos.rules, g, Piece::King),
        }
    }

    /// The squares the king reaches from `from` in one move.
    #[inline]
    fn slide(&self, from: Square, g: &crate::bitboard::Geometry) -> u128 {
        slide(from, self.occ, self.occ_t, g.beyond) & !self.forbid
    }

    /// The squares the king reaches in one move from any square of `from` (empty squares),
    /// the squares of `from` left out.
    #[inline]
    fn slides_from(&self, from: u128, g: &crate::bitboard::Geometry) -> u128 {
        let empty = g.board & !self.occ;
        let stride = u32::from(STRIDE);
        (fill_up(from, empty & !FILE_A, 1)
            | fill_down(from, empty & !FILE_K, 1)
            | fill_up(from, empty, stride)
            | fill_down(from, empty, stride))
            & !self.forbid
    }
}

/// The number of rook moves the king needs to reach each square within `max` moves, as the
/// sets of squares first reached at 1, 2, ... `max` moves (other pieces standing still).
fn king_rings(pos: &Ruled<'_>, king: Square, board: &KingBoard, max: usize) -> [u128; 3] {
    let g = geometry(pos.rules.size);
    let mut rings = [0u128; 3];
    let mut seen = 1u128 << king.index();
    let mut frontier = seen;
    for ring in rings.iter_mut().take(max.min(3)) {
        // The squares reached from any square of the frontier: one fill a direction (the
        // squares of the frontier it leaves out are already seen).
        let mut next = board.slides_from(frontier, g);
        next &= !seen;
        // Corners end the king's road: he wins or stops there, he does not slide on.
        seen |= next;
        *ring = next;
        frontier = next & !g.corners;
        if frontier == 0 {
            break;
        }
    }
    rings
}

/// The reference form of [`king_rings`], square by square (tests compare the two).
#[cfg(test)]
fn king_rings_by_squares(pos: &Ruled<'_>, king: Square, board: &KingBoard) -> [u128; 3] {
    let g = geometry(pos.rules.size);
    let mut rings = [0u128; 3];
    let mut seen = 1u128 << king.index();
    let mut frontier = seen;
    for ring in &mut rings {
        let mut next = 0u128;
        for sq in Bitboard(frontier) {
            next |= board.slide(sq, g);
        }
        next &= !seen;
        seen |= next;
        *ring = next;
        frontier = next & !g.corners;
    }
    rings
}

/// Escape forks: the squares of `ring1` (the king's one-move destinations, corners left
/// out) from which the king, moved there, reaches a corner with one more slide, at most
/// four counted.
fn king_forks(pos: &Ruled<'_>, board: &KingBoard, ring1: u128) -> i32 {
    edge_squares_open_to_corners(pos, board, ring1, 1, 4)
}

/// The edge squares of `ring1` (corners left out) from which the king, moved there, reaches
/// at least `corners` corners with one more slide, at most `cap` counted. A rook slide
/// reaches a corner only along an edge line: the other squares cannot.
fn edge_squares_open_to_corners(
    pos: &Ruled<'_>,
    board: &KingBoard,
    ring1: u128,
    corners: u32,
    cap: i32,
) -> i32 {
    let g = geometry(pos.rules.size);
    let mut count = 0;
    for sq in Bitboard(ring1 & g.edge & !g.corners) {
        if (board.slide(sq, g) & g.corners).count_ones() >= corners {
            count += 1;
            if count == cap {
                break;
            }
        }
    }
    count
}

/// Whether the square `sq` (or the edge, `None`) closes a capture of the `victim` soldier
/// by a piece of `capturer` arriving on the other side.
#[cfg(test)]
fn anvil(pos: &Ruled<'_>, sq: Option<Square>, victim: Piece, capturer: Side) -> bool {
    let Some(sq) = sq else {
        return pos.rules.edge_hostile.contains(victim);
    };
    match pos.piece_at(sq) {
        Some(Piece::King) => capturer == Side::Defenders && pos.rules.king_armed.anvil(),
        Some(p) => p.side() == capturer,
        None => {
            (pos.is_throne(sq) && pos.rules.throne.hostile_empty.contains(victim))
                || (pos.is_corner(sq) && pos.rules.corner.hostile.contains(victim))
        }
    }
}

/// The soldiers of `side` that the other side can capture with its next move (an anvil on
/// one side, an empty square the enemy can reach on the other), counted on bit sets: for each
/// direction, the soldiers with an anvil ([`anvils`], or a hostile edge) on that side and a
/// reachable empty square on the other.
fn hanging(pos: &Ruled<'_>, side: Side, enemy_reach: u128) -> u32 {
    let g = geometry(pos.rules.size);
    let (soldiers, victim) = match side {
        Side::Attackers => (pos.attackers, Piece::Attacker),
        Side::Defenders => (pos.defenders, Piece::Defender),
    };
    if soldiers.is_empty() {
        return 0;
    }
    let capturer = side.other();
    let anvils = anvils(pos, capturer, victim);
    let edge = pos.rules.edge_hostile.contains(victim);
    let hammers = Bitboard(enemy_reach & g.board) & !pos.occupied();
    let mut threatened = Bitboard::EMPTY;
    for d in 0..4 {
        // The anvil beyond `DIRECTIONS[d]`, the hammer's square on the opposite side.
        threatened |= backed(soldiers, anvils, edge, d, g) & step(hammers, d, g);
    }
    threatened.count()
}

/// The reference form of [`hanging`], square by square (tests compare the two).
#[cfg(test)]
fn hanging_by_squares(pos: &Ruled<'_>, side: Side, enemy_reach: u128) -> u32 {
    let n = pos.rules.size;
    let (soldiers, victim) = match side {
        Side::Attackers => (pos.attackers, Piece::Attacker),
        Side::Defenders => (pos.defenders, Piece::Defender),
    };
    let capturer = side.other();
    let mut count = 0;
    for v in soldiers {
        let threatened = [(0usize, 1usize), (1, 0), (2, 3), (3, 2)]
            .iter()
            .any(|&(a, b)| {
                let (fa, ra) = DIRECTIONS[a];
                let (fb, rb) = DIRECTIONS[b];
                let hammer = v.offset(fb, rb, n);
                hammer
                    .is_some_and(|h| pos.piece_at(h).is_none() && enemy_reach >> h.index() & 1 != 0)
                    && anvil(pos, v.offset(fa, ra, n), victim, capturer)
            });
        if threatened {
            count += 1;
        }
    }
    count
}

/// Whether an attacker's next move may take the king standing on `at`, having left `left`
/// (`at` itself when he has not moved): a weak king (taken by two) with a side held against
/// him and the opposite side empty and in `att_reach` (or the square he left), a strong king
/// (taken on four sides) held on three and the fourth empty and reachable (rules page,
/// "The king"). `att_reach` is the attackers' reach with `left` empty. Errs on the side of
/// "may": the forced escapes below are claimed only when the answer is no.
fn king_takable(pos: &Ruled<'_>, at: Square, left: Square, att_reach: u128) -> bool {
    let rules = pos.rules;
    let n = rules.size;
    let weak = rules.king_taken_by_two_at(at);
    // Each side of the king: held against him, or empty and reachable by an attacker.
    let mut held = [false; 4];
    let mut open = [false; 4];
    for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
        let s = at.offset(df, dr, n);
        match s {
            Some(s) if s == left && left != at => {
                held[d] = pos.is_throne(s) && rules.throne.hostile_empty.contains(Piece::King);
                open[d] = !held[d];
            }
            Some(s) if pos.piece_at(s).is_none() && !against_king(pos, Some(s)) => {
                open[d] = att_reach >> s.index() & 1 != 0;
            }
            s => held[d] = against_king(pos, s),
        }
    }
    if weak {
        // DIRECTIONS pairs opposite sides as 0-1 and 2-3.
        [(0, 1), (1, 0), (2, 3), (3, 2)]
            .iter()
            .any(|&(a, b)| held[a] && open[b])
    } else {
        held.iter().filter(|&&h| h).count() == 3 && open.iter().any(|&o| o)
    }
}

/// The squares the king crosses from `king` to `goal` on one line, `goal` included (an
/// attacker standing on any of them blocks the road; a corner or the throne it may not stop
/// on is left to the reach it is compared with).
fn road(king: Square, goal: Square) -> u128 {
    let (kf, kr) = (i16::from(king.file()), i16::from(king.rank()));
    let (gf, gr) = (i16::from(goal.file()), i16::from(goal.rank()));
    let (df, dr) = ((gf - kf).signum(), (gr - kr).signum());
    let mut out = 0u128;
    let (mut f, mut r) = (kf, kr);
    while (f, r) != (gf, gr) {
        f += df;
        r += dr;
        if let Some(s) = Square::new(f as u8, r as u8) {
            out |= 1u128 << s.index();
        }
    }
    out
}

/// A forced escape, as far as the next two moves show: with the attackers to move, the king
/// has two roads to a goal (one move blocks one road only) or one road that no attacker can
/// reach, and no attacker move can take him; with the defenders to move (and no goal in
/// reach: the search plays that move itself), the king can step to a square from which two
/// goals open, where no attacker move can take him. `goals` are the squares that win (the
/// corners or the edge; none under Fidchell's four corners, whose last corner has terms of
/// its own). Not claimed under Berserk (a capture lets the attackers move again) nor with a
/// speed limit on the king. A heuristic, not a proof: a repetition or the no-capture limit
/// may end the game first. Two moves decide it on the board: the king's run from a fork
/// cannot be answered by a single blocker ("Kuzulioù strategel": block the roads to the
/// corners before the king reaches them).
fn forced_escape(
    pos: &Ruled<'_>,
    king: Square,
    board: &KingBoard,
    ring1: u128,
    goals: u128,
    att_reach: u128,
) -> bool {
    let rules = pos.rules;
    if goals == 0 || rules.berserk != BerserkMode::None || rules.speeds.king != 0 {
        return false;
    }
    let g = geometry(rules.size);
    let open = ring1 & goals;
    if pos.side == Side::Attackers {
        return match open.count_ones() {
            0 => false,
            1 => {
                let goal = Square::from_index_unchecked(open.trailing_zeros());
                road(king, goal) & att_reach == 0 && !king_takable(pos, king, king, att_reach)
            }
            _ => !king_takable(pos, king, king, att_reach),
        };
    }
    if open != 0 {
        return false;
    }
    // Two goals seen from one square: under the corner escapes, an edge square with both of
    // its edge's corners open; under the edge escape, a square with the edge open in two
    // directions.
    let candidates = if rules.escape == Escape::Edge {
        ring1 & !g.edge
    } else {
        ring1 & g.edge & !g.corners
    };
    let mut after: Option<u128> = None;
    for s in Bitboard(candidates) {
        if (board.slide(s, g) & goals).count_ones() >= 2 {
            let reach = *after
                .get_or_insert_with(|| reach_vacated(pos, Side::Attackers, 1u128 << king.index()));
            if !king_takable(pos, s, king, reach) {
                return true;
            }
        }
    }
    false
}

/// The edge squares (two at most counted) of `ring1`, the king's one-move destinations, from
/// which both corners of their edge are open to him: the step to a fork ([`EvalWeights::fork_step`]).
fn fork_steps(pos: &Ruled<'_>, board: &KingBoard, ring1: u128) -> i32 {
    edge_squares_open_to_corners(pos, board, ring1, 2, 2)
}

/// The lone follower's shuttle ([`EvalWeights::shuttle`]): the king on a line next to an
/// edge, that edge's line (corners aside) holding one attacker and no other piece, no other
/// attacker able to reach it in one move, and the king able to move along his line.
fn shuttle(pos: &Ruled<'_>, king: Square, ring1: u128) -> bool {
    let n = pos.rules.size;
    let g = geometry(n);
    let last = n - 1;
    let (kf, kr) = (king.file(), king.rank());
    let occ = pos.occupied().0;
    // Each edge next to the king's line: (the edge's squares, the king's line's squares).
    let mut lines: [(u128, u128); 4] = [(0, 0); 4];
    for i in 0..n {
        let sq = |f: u8, r: u8| Square::new(f, r).map_or(0, |s| 1u128 << s.index());
        if kr == 1 {
            lines[0].0 |= sq(i, 0);
            lines[0].1 |= sq(i, 1);
        }
        if kr + 1 == last {
            lines[1].0 |= sq(i, last);
            lines[1].1 |= sq(i, last - 1);
        }
        if kf == 1 {
            lines[2].0 |= sq(0, i);
            lines[2].1 |= sq(1, i);
        }
        if kf + 1 == last {
            lines[3].0 |= sq(last, i);
            lines[3].1 |= sq(last - 1, i);
        }
    }
    for (edge, own) in lines {
        let edge = edge & !g.corners;
        if edge == 0 || ring1 & own == 0 {
            continue;
        }
        let on_edge = occ & edge;
        if on_edge.count_ones() != 1 || pos.attackers.0 & on_edge == 0 {
            continue;
        }
        // No other attacker reaches the edge's line in one move (the follower stays where
        // he stands, an obstacle to them).
        let others = group_reach(pos, pos.attackers.0 & !on_edge, Piece::Attacker, 0);
        if others & edge == 0 {
            return true;
        }
    }
    inner_shuttle(pos, king, ring1)
}

/// The shuttle one line further in (part of [`EvalWeights::shuttle`]): the king on the
/// second line from an edge, and two or more *threat squares* of that line closed by one
/// and the same attacker alone. A threat square is on a corner's line or the line beside it
/// (across the edge), the king's own square or one of his one-move destinations, from which
/// he would reach the edge through the *gate*, the square between him and the edge: the
/// corner itself, or the empty edge square beside it (from where the corner is one step).
/// With the king on a threat square his own piece closes the gate's line behind him, so its
/// closer is the attacker on the gate or the nearest one along the line next to the edge
/// (an attacker closing the edge square beside a corner is not counted: the corner's
/// hostility takes him there). Three Copenhagen games lost inside OpenTafl at a quarter of
/// the time were this shuttle (the repository's tafl AI documentation, tenth session).
fn inner_shuttle(pos: &Ruled<'_>, king: Square, ring1: u128) -> bool {
    let n = pos.rules.size;
    if n < 5 {
        return false;
    }
    let last = n - 1;
    // The square `along` a line, `across` from the edge `o` (0 rank 1, 1 the last rank, 2
    // file a, 3 the last file).
    let at = |o: u8, along: u8, across: u8| -> Option<Square> {
        match o {
            0 => Square::new(along, across),
            1 => Square::new(along, last - across),
            2 => Square::new(across, along),
            _ => Square::new(last - across, along),
        }
    };
    let (kf, kr) = (king.file(), king.rank());
    for o in 0..4u8 {
        let across = match o {
            0 => kr,
            1 => last - kr,
            2 => kf,
            _ => last - kf,
        };
        if across != 2 {
            continue;
        }
        // The lone closer of each threat square, with the number of squares it closes.
        let mut guards: [(u8, u8); 4] = [(u8::MAX, 0); 4];
        for along in [0, 1, last - 1, last] {
            let (Some(t), Some(gate), Some(edge)) =
                (at(o, along, 2), at(o, along, 1), at(o, along, 0))
            else {
                continue;
            };
            if t != king && ring1 >> t.index() & 1 == 0 {
                continue;
            }
            if (along == 1 || along == last - 1) && pos.piece_at(edge).is_some() {
                continue;
            }
            let closer = match pos.piece_at(gate) {
                Some(Piece::Attacker) => Some(gate),
                Some(_) => continue,
                None => {
                    let mut found = None;
                    let mut count = 0;
                    for step in [-1i16, 1] {
                        let mut b = i16::from(along) + step;
                        while (0..=i16::from(last)).contains(&b) {
                            let Some(sq) = at(o, b as u8, 1) else { break };
                            match pos.piece_at(sq) {
                                None => b += step,
                                Some(Piece::Attacker) => {
                                    found = Some(sq);
                                    count += 1;
                                    break;
                                }
                                Some(_) => break,
                            }
                        }
                    }
                    if count == 1 { found } else { None }
                }
            };
            let Some(closer) = closer else {
                continue;
            };
            let id = closer.index() as u8;
            if let Some(g) = guards.iter_mut().find(|g| g.0 == id || g.0 == u8::MAX) {
                g.0 = id;
                g.1 += 1;
                if g.1 >= 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// The corners the king still has to visit (Fidchell's four corners): the board's corners
/// whose bit is not set in the position's visited set.
fn corners_to_visit(pos: &Ruled<'_>) -> u128 {
    let g = geometry(pos.rules.size);
    let mut out = 0u128;
    for corner in Bitboard(g.corners) {
        if let Some(i) = corner_index(corner, pos.rules)
            && pos.visited >> i & 1 == 0
        {
            out |= 1u128 << corner.index();
        }
    }
    out
}

/// Whether the neighbour `sq` of the king (or the edge) counts against him.
#[inline]
fn against_king(pos: &Ruled<'_>, sq: Option<Square>) -> bool {
    let Some(sq) = sq else {
        return pos.rules.edge_hostile.contains(Piece::King);
    };
    match pos.piece_at(sq) {
        Some(p) => p == Piece::Attacker,
        None => {
            (pos.is_throne(sq) && pos.rules.throne.hostile_empty.contains(Piece::King))
                || (pos.is_corner(sq) && pos.rules.corner.hostile.contains(Piece::King))
        }
    }
}

/// The evaluation of `pos` for the side to move with the default weights, in centisoldiers.
#[must_use]
pub(crate) fn evaluate(pos: &Ruled<'_>) -> i32 {
    evaluate_with(pos, &EvalWeights::DEFAULT)
}

/// The evaluation of `pos` for the side to move with the weights `w`, in centisoldiers,
/// clamped to ±[`EVAL_LIMIT`]. Positions whose game is over are scored by the searcher, not
/// here.
#[must_use]
pub(crate) fn evaluate_with(pos: &Ruled<'_>, w: &EvalWeights) -> i32 {
    let rules = &pos.rules;
    let g = geometry(rules.size);
    let n = rules.size;
    let mut def = 0i32; // from the defenders' point of view

    def += w.defender * pos.defenders.count() as i32;
    def -= w.attacker * pos.attackers.count() as i32;
    if pos.officers.any() {
        // Berserk's commanders and knights are worth more than soldiers.
        def += w.officer * (pos.officers & pos.defenders).count() as i32;
        def -= w.officer * (pos.officers & pos.attackers).count() as i32;
    }

    let att_reach = reach(pos, Side::Attackers);
    let def_reach = reach(pos, Side::Defenders);

    if let Some(king) = pos.king {
        let board = KingBoard::new(pos, king);
        let rings = king_rings(pos, king, &board, 3);
        let mobility = rings[0].count_ones() as i32;
        def += w.king_mobility * mobility;
        let stm_def = pos.side == Side::Defenders;
        // The corners still to visit (Fidchell's four corners; every corner otherwise).
        let to_visit = match rules.escape {
            Escape::FourCorners => corners_to_visit(pos),
            Escape::Corner | Escape::Edge => g.corners,
        };
        match rules.escape {
            Escape::FourCorners => {
                let visited = pos.visited.count_ones() as i32;
                def += w.corner_visited * visited;
                def += w.king_edge_reach * (rings[0] & g.edge).count_ones() as i32;
                let mut open_now = 0;
                for corner in Bitboard(to_visit) {
                    let bit = 1u128 << corner.index();
                    if rings[0] & bit != 0 {
                        open_now += 1;
                        def += w.road1;
                    } else if rings[1] & bit != 0 {
                        def += w.road2;
                    } else if rings[2] & bit != 0 {
                        def += w.road3;
                    }
                }
                // The last corner in reach: a threat to win the game on the next move.
                if visited == 3 && open_now > 0 && !stm_def {
                    def += if open_now >= 2 {
                        w.double_threat
                    } else {
                        w.last_corner_threat
                    };
                }
            }
            Escape::Corner => {
                let c1 = (rings[0] & g.corners).count_ones() as i32;
                let c2 = (rings[1] & g.corners).count_ones() as i32;
                let c3 = (rings[2] & g.corners).count_ones() as i32;
                def += w.road2 * c2 + w.road3 * c3;
                def += w.king_edge_reach * (rings[0] & g.edge).count_ones() as i32;
                if w.king_fork != 0 {
                    def += w.king_fork * king_forks(pos, &board, rings[0]);
                }
                if w.fork_step != 0 && !stm_def {
                    def += w.fork_step * fork_steps(pos, &board, rings[0]);
                }
                if w.shuttle != 0
                    && rules.repetition.result == RepetitionResult::RepeaterLoses
                    && shuttle(pos, king, rings[0])
                {
                    def += w.shuttle;
                }
                if c1 > 0 && !stm_def {
                    def += if c1 >= 2 {
                        w.double_threat
                    } else {
                        w.escape_threat
                    };
                }
            }
            Escape::Edge => {
                let e1 = (rings[0] & g.edge).count_ones() as i32;
                let e2 = (rings[1] & g.edge).count_ones() as i32;
                def += w.edge_road2 * e2.min(8);
                if e1 > 0 && !stm_def {
                    def += if e1 >= 2 {
                        w.double_threat
                    } else {
                        w.escape_threat
                    };
                }
            }
        }

        // A forced escape two moves deep: a near-win whatever the material.
        if w.forced_escape != 0 {
            let goals = match rules.escape {
                Escape::Corner => g.corners,
                Escape::Edge => g.edge,
                // Fidchell's last corner has its own threat terms above (and its games and
                // tables stay those of the seventh session).
                Escape::FourCorners => 0,
            };
            if forced_escape(pos, king, &board, rings[0], goals, att_reach) {
                def += w.forced_escape;
            }
        }

        // The attackers' cordon: the king's sides held against him, and attackers close by.
        let mut held = 0;
        let mut open_side: Option<Square> = None;
        for &(df, dr) in &DIRECTIONS {
            let s = king.offset(df, dr, n);
            if against_king(pos, s) {
                held += 1;
            } else if let Some(s) = s
                && pos.piece_at(s).is_none()
            {
                open_side = Some(s);
            }
        }
        let weak = rules.king_taken_by_two_at(king);
        def -= if weak {
            w.cordon_weak * held
        } else {
            w.cordon_strong * held * held
        };
        let needed = if weak { 1 } else { 3 };
        if held >= needed
            && let Some(s) = open_side
            && att_reach >> s.index() & 1 != 0
            && stm_def
        {
            // The attackers threaten to take the king next move.
            def -= w.king_capture_threat;
        }
        let near = Bitboard(
            (Bitboard::from_square(king).neighbours(g).neighbours(g).0
                | Bitboard::from_square(king).neighbours(g).0)
                & pos.attackers.0,
        );
        def -= w.attacker_near_king * near.count() as i32;
        // Attackers guarding the squares next to the corners still to visit (all of them
        // under the corner escape; under Fidchell's four corners, those the king has not
        // visited yet: a visited corner is no longer a goal).
        let guards = Bitboard(to_visit).neighbours(g) & pos.attackers;
        def -= w.corner_guard * guards.count() as i32;
        let escort = Bitboard::from_square(king).neighbours(g) & pos.defenders;
        def += w.king_escort * escort.count() as i32;
    }

    // Soldiers the side to move leaves hanging: the opponent takes one next move.
    let (stm_hanging, value) = match pos.side {
        Side::Attackers => (hanging(pos, Side::Attackers, def_reach), w.attacker),
        Side::Defenders => (hanging(pos, Side::Defenders, att_reach), w.defender),
    };
    let pct = |p: i32| (value * p + 50).div_euclid(100);
    let stm_penalty = if stm_hanging == 0 {
        0
    } else {
        pct(w.hanging_first_pct) + pct(w.hanging_more_pct) * (stm_hanging as i32 - 1)
    };
    let opp_hanging = match pos.side {
        Side::Attackers => hanging(pos, Side::Defenders, att_reach),
        Side::Defenders => hanging(pos, Side::Attackers, def_reach),
    };
    let opp_bonus = w.threat * opp_hanging as i32;

    // Mobility of the soldiers, a little.
    def += ((def_reach.count_ones() as i32) - (att_reach.count_ones() as i32)) * w.soldier_mobility
        / 10;

    // Soldiers standing on an edge hostile to them: one enemy arriving beside takes them.
    if w.edge_exposed != 0 {
        let edge = Bitboard(g.edge);
        if rules.edge_hostile.contains(Piece::Attacker) {
            def += w.edge_exposed * (pos.attackers & edge).count() as i32;
        }
        if rules.edge_hostile.contains(Piece::Defender) {
            def -= w.edge_exposed * (pos.defenders & edge).count() as i32;
        }
    }

    let stm = match pos.side {
        Side::Defenders => def,
        Side::Attackers => -def,
    };
    (stm - stm_penalty + opp_bonus + w.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[cfg(test)]
mod tests;
