//! The "must fill / must keep" obligation (rules page, law 8; glossary REMPLIR et
//! CONSERVER) and the hook that applies it in its place in the filter order.

use boardgames_common::Throw;

use super::generate::ge2_nibbles;
use super::list::{Candidate, MAX_PLAYS, PlayList};
use crate::board::{Jan, PathCounts, Position};

/// A filter of the plays of a throw applied fourth, after "maximum number of dice", "the
/// higher die" and "coin par effet over par puissance", before the sortie constraints
/// (rules page, "Filters apply in this order").
///
/// Implementations only remove plays, normally through [`PlayList::retain_if_any`]; if one
/// empties the list, the list before the filter is used. The laws of movement alone are
/// [`MovementOnly`]; the full laws are [`MustFillOrKeep`] (the scoring analysis adds the ways
/// of filling to it).
pub(crate) trait Obligations {
    /// Removes from `plays` the plays that break the obligation for `position` and `throw`.
    fn apply(&self, position: &Position, throw: Throw, plays: &mut PlayList);
}

/// No obligation: the laws of movement only.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MovementOnly;

impl Obligations for MovementOnly {
    fn apply(&self, _: &Position, _: Throw, _: &mut PlayList) {}
}

/// The "must fill / must keep" obligation (rules page, law 8; glossary REMPLIR et CONSERVER,
/// CONSERVER EN SORTANT, REMPLIR EN SORTANT): among the plays left by the laws of movement,
/// keep those that leave the most jans full (a jan full after the play is either filled or
/// kept by it).
///
/// Remplir en passant needs nothing special: a play counts only by the board it leaves.
/// When two jans cannot both be filled or kept, the plays filling or keeping the most jans
/// are kept (the laws do not say; see the repository's
/// [trictrac-scoring.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-scoring.md)).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MustFillOrKeep;

impl MustFillOrKeep {
    /// Keeps the plays of `plays` that leave the most jans full. Returns whether some play
    /// fills or keeps a jan; only then are plays removed, and `before_filter` is first given
    /// the plays as they were offered (the scoring analysis counts the ways of filling on
    /// them).
    pub(crate) fn filter(
        position: &Position,
        plays: &mut PlayList,
        before_filter: impl FnOnce(&PlayList),
    ) -> bool {
        let before = position.board.path_counts(position.side_to_move);
        let possible = possibly_full_after(before);
        if possible == 0 {
            return false;
        }
        let mut counts = [0u8; MAX_PLAYS];
        let mut best = 0;
        for (k, c) in plays.as_slice().iter().enumerate() {
            let n = (full_mask_after(c) & possible).count_ones() as u8;
            if let Some(slot) = counts.get_mut(k) {
                *slot = n;
            }
            best = best.max(n);
        }
        if best == 0 {
            return false;
        }
        before_filter(plays);
        let mut k = 0;
        plays.retain(|_| {
            let keep = counts.get(k).copied().unwrap_or(0) == best;
            k += 1;
            keep
        });
        true
    }
}

impl Obligations for MustFillOrKeep {
    fn apply(&self, position: &Position, _: Throw, plays: &mut PlayList) {
        MustFillOrKeep::filter(position, plays, |_| {});
    }
}

/// Bit set of the jans that can be full after a play from `before`: those missing at most
/// two dames (a play brings at most two dames into a jan).
#[inline]
pub(crate) fn possibly_full_after(before: &PathCounts) -> u8 {
    let mut m = 0;
    for (i, j) in Jan::ALL.into_iter().enumerate() {
        let a = j.first() as usize;
        let missing: u8 = before[a..a + 6]
            .iter()
            .map(|&n| 2u8.saturating_sub(n))
            .sum();
        if missing <= 2 {
            m |= 1 << i;
        }
    }
    m
}

/// Bit set of the jans full after the candidate play `c` (bit `i` for `Jan::ALL[i]`).
#[inline]
pub(crate) fn full_mask_after(c: &Candidate) -> u8 {
    // The nibbles of the key holding 2 or more, one bit each; a jan's six in a row.
    let ge2 = ge2_nibbles(c.key());
    let mut m = 0;
    for (i, j) in Jan::ALL.into_iter().enumerate() {
        let window = 0x11_1111u128 << (4 * (u32::from(j.first()) - 1));
        if ge2 & window == window {
            m |= 1 << i;
        }
    }
    m
}
