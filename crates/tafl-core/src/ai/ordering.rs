//! Move ordering for the search: the transposition table's move, then the king's moves that
//! win or reach a corner still to visit, then captures, then killer moves (quiet moves that
//! refuted a sibling), then the history heuristic (quiet moves that caused cut-offs before).

use crate::ai::level::MAX_PLY;
use crate::bitboard::{Bitboard, Geometry, geometry};
use crate::moves::Move;
use crate::piece::{Piece, Side};
use crate::position::{Ruled, corner_index};
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
pub(crate) fn move_kind(pos: &Ruled<'_>, m: Move) -> MoveKind {
    let Some(piece) = pos.piece_at(m.from) else {
        return MoveKind::Quiet;
    };
    let rules = pos.rules;
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
fn may_capture(pos: &Ruled<'_>, m: Move, piece: Piece) -> bool {
    let n = pos.rules.size;
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
    pos: &Ruled<'_>,
    sq: Option<Square>,
    from: Square,
    victim: Piece,
    capturer: Side,
) -> bool {
    let rules = pos.rules;
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

/// The set `b` moved one step in the direction `DIRECTIONS[d]`, kept on the board.
#[inline]
pub(crate) fn step(b: Bitboard, d: usize, g: &Geometry) -> Bitboard {
    match d {
        0 => b.east(g),
        1 => b.west(g),
        2 => b.north(g),
        _ => b.south(g),
    }
}

/// The index in `DIRECTIONS` of the opposite direction.
pub(crate) const OPPOSITE: [usize; 4] = [1, 0, 3, 2];

/// The squares that close a capture of the soldier `victim` by a piece of `capturer` arriving
/// on the other side, as [`anvil_after`] and the evaluation read them (the square left by the
/// moving piece aside): the pieces of `capturer` (its king only when armed as an anvil), and
/// the empty throne and corners when hostile to `victim`.
#[inline]
pub(crate) fn anvils(pos: &Ruled<'_>, capturer: Side, victim: Piece) -> Bitboard {
    let rules = pos.rules;
    let g = geometry(rules.size);
    let pieces = match capturer {
        Side::Attackers => pos.attackers,
        Side::Defenders if rules.king_armed.anvil() => pos.defenders | pos.king_bb(),
        Side::Defenders => pos.defenders,
    };
    let mut squares = Bitboard::EMPTY;
    if rules.has_throne && rules.throne.hostile_empty.contains(victim) {
        squares.insert(g.throne);
    }
    if rules.has_corners && rules.corner.hostile.contains(victim) {
        squares |= Bitboard(g.corners);
    }
    pieces | (squares & !pos.occupied())
}

/// The squares `v` of `victims` whose neighbour in the direction `DIRECTIONS[d]` is in
/// `anvils`, or beyond the board when `edge` (the edge is hostile to the victims).
#[inline]
pub(crate) fn backed(
    victims: Bitboard,
    anvils: Bitboard,
    edge: bool,
    d: usize,
    g: &Geometry,
) -> Bitboard {
    let back = OPPOSITE[d];
    let mut ok = step(anvils, back, g);
    if edge {
        let board = Bitboard(g.board);
        ok |= board & !step(board, back, g);
    }
    victims & ok
}

/// The kinds of the moves of one position ([`move_kind`] for each), read from sets
/// computed once for the position: the king's goals and the destinations where a piece of
/// the side to move may capture. Positions under Berserk's rules (commanders, knights,
/// jumps) fall back on [`move_kind`] move by move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveKinds {
    /// `None`: use [`move_kind`].
    sets: Option<KindSets>,
}

#[derive(Debug, Clone, Copy)]
struct KindSets {
    king: Option<Square>,
    /// The king's destinations that are [`MoveKind::KingGoal`].
    goals: Bitboard,
    /// Whether the king captures (hammer); if not his other moves are quiet.
    king_hammer: bool,
    /// The destinations where a piece of the side to move may capture ([`may_capture`]).
    captures: Bitboard,
}

impl MoveKinds {
    /// The sets of `pos`.
    pub(crate) fn new(pos: &Ruled<'_>) -> MoveKinds {
        if pos.special {
            return MoveKinds { sets: None };
        }
        let rules = pos.rules;
        let g = geometry(rules.size);
        let side = pos.side_to_move();
        let goals = match rules.escape {
            Escape::Corner if rules.has_corners => Bitboard(g.corners),
            Escape::Corner => Bitboard::EMPTY,
            Escape::Edge => Bitboard(g.edge),
            Escape::FourCorners => {
                let mut open = Bitboard::EMPTY;
                if rules.has_corners {
                    for (i, c) in Bitboard(g.corners).enumerate() {
                        if pos.visited >> i & 1 == 0 {
                            open.insert(c);
                        }
                    }
                }
                open
            }
        };
        let (victims, victim) = match side {
            Side::Attackers => (pos.defenders, Piece::Defender),
            Side::Defenders => (pos.attackers, Piece::Attacker),
        };
        let anvils = anvils(pos, side, victim);
        let edge = rules.edge_hostile.contains(victim);
        let mut captures = Bitboard::EMPTY;
        if victims.any() {
            for (d, &back) in OPPOSITE.iter().enumerate() {
                captures |= step(backed(victims, anvils, edge, d, g), back, g);
            }
        }
        if side == Side::Attackers {
            captures |= pos.king_bb().neighbours(g);
        }
        MoveKinds {
            sets: Some(KindSets {
                king: pos.king(),
                goals,
                king_hammer: rules.king_armed.hammer(),
                captures,
            }),
        }
    }

    /// The destinations of the moves that are not [`MoveKind::Quiet`]: a soldier's, the
    /// king's; `None` under Berserk's rules (every move must then be classified).
    #[inline]
    pub(crate) fn loud_destinations(&self) -> Option<(u128, u128)> {
        let s = self.sets.as_ref()?;
        let king = if s.king_hammer {
            s.goals | s.captures
        } else {
            s.goals
        };
        Some((s.captures.0, king.0))
    }

    /// The kind of the legal move `m` of the position: [`move_kind`]`(pos, m)`.
    #[inline]
    pub(crate) fn kind(&self, pos: &Ruled<'_>, m: Move) -> MoveKind {
        let Some(s) = &self.sets else {
            return move_kind(pos, m);
        };
        if s.king == Some(m.from) {
            if s.goals.contains(m.to) {
                return MoveKind::KingGoal;
            }
            if !s.king_hammer {
                return MoveKind::Quiet;
            }
        }
        if s.captures.contains(m.to) {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
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
    fn history_index(pos: &Ruled<'_>, m: Move) -> usize {
        (pos.side_to_move().index() * SQUARES + m.from.index()) * SQUARES + m.to.index()
    }

    /// The ordering score of `m` at `ply` (higher first).
    #[inline]
    pub(crate) fn score(
        &self,
        pos: &Ruled<'_>,
        kinds: &MoveKinds,
        m: Move,
        tt_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if tt_move == Some(m) {
            return Self::TT_SCORE;
        }
        match kinds.kind(pos, m) {
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
    pub(crate) fn cutoff(&mut self, pos: &Ruled<'_>, m: Move, ply: usize, depth: i32) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceSet;
    use crate::position::Position;
    use crate::rules::{KingArmed, Rules};
    use crate::ruleset::Ruleset;

    /// Rules of every preset, and variants of the options the kinds read: the king's arms,
    /// hostile edges, corners and throne, the three escapes.
    fn variants() -> Vec<(Rules, Position)> {
        let mut out = Vec::new();
        for ruleset in [
            Ruleset::fidchell(),
            Ruleset::brandubh(),
            Ruleset::copenhagen(),
            Ruleset::tablut(),
            Ruleset::ard_ri(),
        ] {
            let start = ruleset.start_position().to_setup();
            let base = *ruleset.rules();
            let mut rules = vec![base];
            for (i, armed) in [
                KingArmed::Yes,
                KingArmed::Hammer,
                KingArmed::Anvil,
                KingArmed::No,
            ]
            .into_iter()
            .enumerate()
            {
                let mut r = base;
                r.king_armed = armed;
                r.edge_hostile = [PieceSet::NONE, PieceSet::SOLDIERS, PieceSet::ALL][i % 3];
                r.escape = [Escape::Edge, Escape::Corner, Escape::FourCorners][i % 3];
                r.corner.hostile = [PieceSet::ALL, PieceSet::NONE][i % 2];
                r.throne.hostile_empty = [PieceSet::NONE, PieceSet::ALL][i % 2];
                rules.push(r);
            }
            for r in rules {
                if let Ok(p) = Position::from_setup(&start, &r) {
                    out.push((r, p));
                }
            }
        }
        out
    }

    #[test]
    fn the_kinds_from_sets_are_move_kind_move_by_move() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = [0usize; 3];
        for (rules, start) in variants() {
            for _game in 0..6 {
                let mut pos = Ruled::new(start, &rules);
                for _ply in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let kinds = MoveKinds::new(&pos);
                    if let Some((soldiers, king)) = kinds.loud_destinations() {
                        let mut loud = crate::moves::MoveList::new();
                        pos.legal_moves_to_into(&mut loud, soldiers, king);
                        let expected: Vec<Move> = moves
                            .iter()
                            .copied()
                            .filter(|&m| move_kind(&pos, m) != MoveKind::Quiet)
                            .collect();
                        assert_eq!(loud.to_vec(), expected, "{}", pos.diagram(&rules));
                    }
                    for &m in &moves {
                        let k = move_kind(&pos, m);
                        assert_eq!(kinds.kind(&pos, m), k, "{m} in\n{}", pos.diagram(&rules));
                        checked[k as usize] += 1;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let _ = pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
                }
            }
        }
        // Every kind was met many times.
        assert!(checked.iter().all(|&n| n > 1000), "{checked:?}");
    }
}
