//! Move ordering for the search: the transposition table's move, then the king's moves that
//! win or reach a corner still to visit, then captures, then killer moves (quiet moves that
//! refuted a sibling), then the history heuristic (quiet moves that caused cut-offs before).

use crate::ai::search::MAX_PLY;
use crate::moves::Move;
use crate::piece::{Piece, Side};
use crate::position::{Position, corner_index};
use crate::rules::Escape;
use crate::square::{DIRECTIONS, Square};

/// The kind of a move, for ordering and quiescence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveKind {
    /// Anything else.
    Quiet,
    /// A move that may capture (a cheap test: an enemy beside the destination with an
    /// anvil behind it, or an attacker arriving beside the king); a superset of captures
    /// apart from shieldwalls.
    Capture,
    /// The king moving to an escape square: a corner (corner escape), a corner he has not
    /// visited (Fidchell's four corners), or the edge (edge escape).
    KingGoal,
}

/// The kind of the legal move `m` in `pos`.
#[inline]
pub(crate) fn move_kind(pos: &Position, m: Move) -> MoveKind {
    let Some(piece) = pos.piece_at(m.from) else {
        return MoveKind::Quiet;
    };
    let rules = pos.rules();
    if piece == Piece::King {
        let goal = match rules.escape {
            Escape::Corner => pos.is_corner(m.to),
            Escape::Edge => {
                let n = rules.size - 1;
                m.to.file() == 0 || m.to.rank() == 0 || m.to.file() == n || m.to.rank() == n
            }
            Escape::FourCorners => {
                corner_index(m.to, rules).is_some_and(|i| pos.visited >> i & 1 == 0)
            }
        };
        if goal {
            return MoveKind::KingGoal;
        }
        if !rules.king_armed.hammer() {
            return MoveKind::Quiet;
        }
    }
    if may_capture(pos, m, piece) {
        MoveKind::Capture
    } else {
        MoveKind::Quiet
    }
}

/// Whether `piece` moving by `m` may capture.
#[inline]
fn may_capture(pos: &Position, m: Move, piece: Piece) -> bool {
    let n = pos.rules().size;
    let side = piece.side();
    for &(df, dr) in &DIRECTIONS {
        let Some(n1) = m.to.offset(df, dr, n) else {
            continue;
        };
        let Some(victim) = pos.piece_at(n1) else {
            continue;
        };
        if victim.side() == side {
            continue;
        }
        if victim == Piece::King {
            if side == Side::Attackers {
                return true;
            }
            continue;
        }
        if anvil_after(pos, n1.offset(df, dr, n), m.from, victim, side) {
            return true;
        }
    }
    false
}

/// Whether `sq` (or the edge) closes a capture of `victim` by `capturer` once the piece on
/// `from` has left it.
#[inline]
fn anvil_after(
    pos: &Position,
    sq: Option<Square>,
    from: Square,
    victim: Piece,
    capturer: Side,
) -> bool {
    let rules = pos.rules();
    let Some(sq) = sq else {
        return rules.edge_hostile.contains(victim);
    };
    let occupant = if sq == from { None } else { pos.piece_at(sq) };
    match occupant {
        Some(Piece::King) => capturer == Side::Defenders && rules.king_armed.anvil(),
        Some(p) => p.side() == capturer,
        None => {
            (pos.is_throne(sq) && rules.throne.hostile_empty.contains(victim))
                || (pos.is_corner(sq) && rules.corner.hostile.contains(victim))
        }
    }
}

const SQUARES: usize = 121;

/// Killer moves per ply and the history table per side, from and to square.
#[derive(Debug, Clone)]
pub(crate) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Ordering {
    /// The score of the table's move.
    const TT_SCORE: i32 = 1 << 30;
    /// The score of a winning king move.
    const GOAL_SCORE: i32 = 1 << 29;
    /// The score of a capture.
    const CAPTURE_SCORE: i32 = 1 << 28;
    /// The score of the first killer move (the second is one less); quiet moves score
    /// below it.
    pub(crate) const KILLER_SCORE: i32 = 1 << 27;
    const HISTORY_MAX: i32 = 1 << 20;

    pub(crate) fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * SQUARES * SQUARES],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// A new search: killers forgotten, history halved.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 2;
        }
    }

    #[inline]
    fn history_index(pos: &Position, m: Move) -> usize {
        (pos.side_to_move().index() * SQUARES + m.from.index()) * SQUARES + m.to.index()
    }

    /// The ordering score of `m` at `ply` (higher first).
    #[inline]
    pub(crate) fn score(&self, pos: &Position, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if tt_move == Some(m) {
            return Self::TT_SCORE;
        }
        match move_kind(pos, m) {
            MoveKind::KingGoal => return Self::GOAL_SCORE,
            MoveKind::Capture => return Self::CAPTURE_SCORE,
            MoveKind::Quiet => {}
        }
        if let Some(k) = self.killers.get(ply) {
            if k[0] == Some(m) {
                return Self::KILLER_SCORE;
            }
            if k[1] == Some(m) {
                return Self::KILLER_SCORE - 1;
            }
        }
        self.history[Self::history_index(pos, m)]
    }

    /// A quiet move `m` caused a cut-off at `ply` with `depth` plies left.
    #[inline]
    pub(crate) fn cutoff(&mut self, pos: &Position, m: Move, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(m)
        {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let i = Self::history_index(pos, m);
        self.history[i] += depth * depth;
        if self.history[i] > Self::HISTORY_MAX {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }
}
