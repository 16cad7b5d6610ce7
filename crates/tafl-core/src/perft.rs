//! [`perft`]: the number of leaf nodes of the game tree to a depth, with bulk counting at the
//! last ply, and [`divide`], the same per first move. A finished game has no moves, so its
//! node counts as a leaf only at depth 0.

use crate::moves::{Move, MoveList};
use crate::position::{Position, Ruled};
use crate::rules::Rules;

/// The number of move sequences of `depth` plies from `position` (1 at depth 0). Positions
/// where the game is over have no moves. Draws by repetition or the no-capture limit are
/// not applied (they need the game's history). `rules` are the position's.
///
/// ```
/// use tafl_core::{Ruleset, perft};
/// let brandubh = Ruleset::brandubh();
/// let start = brandubh.start_position();
/// assert_eq!(perft(&start, brandubh.rules(), 1), 40);
/// ```
#[must_use]
pub fn perft(position: &Position, rules: &Rules, depth: u32) -> u64 {
    // One move list per ply, allocated once (a fresh list per node costs a memset).
    let mut lists = vec![MoveList::new(); depth.saturating_sub(1) as usize];
    perft_with(&Ruled::new(*position, rules), depth, &mut lists)
}

fn perft_with(position: &Ruled<'_>, depth: u32, lists: &mut [MoveList]) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let Some((list, rest)) = lists.split_first_mut() else {
                return 0;
            };
            position.legal_moves_into(list);
            let mut total = 0;
            for &m in list.iter() {
                let mut next = *position;
                // A side left without a move is found by the next node's move generation
                // (no move, no leaf), so the status need not look for it.
                let _ = next.play_unchecked_with(m, false);
                total += perft_with(&next, depth - 1, rest);
            }
            total
        }
    }
}

/// [`perft`] split by first move: each legal move with the leaf count below it
/// (`depth >= 1`; at depth 0 the list is empty).
#[must_use]
pub fn divide(position: &Position, rules: &Rules, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let position = Ruled::new(*position, rules);
    position
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut next = position;
            let _ = next.play_unchecked(m);
            (m, perft(&next.pos, rules, depth - 1))
        })
        .collect()
}
