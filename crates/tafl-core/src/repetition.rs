//! [`PositionCounts`]: how many times each position occurred since the last capture, kept
//! up to date move by move so that the repetition rule costs O(1) amortised per move
//! whatever the length of the game.
//!
//! A capture makes every earlier position unreachable (the pieces taken never come back), so
//! the counts start afresh after it; the counts it closed are kept to be restored if the
//! capture is taken back.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::BuildHasherDefault;

/// A map from position hash to occurrences. The hasher is SipHash with fixed keys: the same
/// on every run (the rules crates read no system randomness) and, unlike the raw Zobrist
/// key, not steerable into one bucket by a chosen sequence of moves.
type Counts = HashMap<u64, u32, BuildHasherDefault<DefaultHasher>>;

/// Occurrences of each position hash since the last capture, and the counts closed by the
/// captures still on the game's move list.
#[derive(Debug, Clone, Default)]
pub(crate) struct PositionCounts {
    /// Occurrences of each hash of the current stretch without capture (no zero entries).
    open: Counts,
    /// One entry per capture in the game, oldest first: the counts of the stretch the
    /// capture ended.
    closed: Vec<Counts>,
    /// Map operations done, for the test that bounds them per move.
    #[cfg(test)]
    pub(crate) operations: u64,
}

impl PartialEq for PositionCounts {
    /// The counts only (not the operation counter of the tests).
    fn eq(&self, other: &PositionCounts) -> bool {
        self.open == other.open && self.closed == other.closed
    }
}

impl Eq for PositionCounts {}

impl PositionCounts {
    /// Counts that hold the start position once.
    pub(crate) fn starting_with(hash: u64) -> PositionCounts {
        let mut counts = PositionCounts::default();
        counts.add(hash);
        counts
    }

    #[inline]
    fn count_operation(&mut self) {
        #[cfg(test)]
        {
            self.operations += 1;
        }
    }

    /// One more occurrence of `hash` in the current stretch; returns how many there are now.
    pub(crate) fn add(&mut self, hash: u64) -> u32 {
        self.count_operation();
        let n = self.open.entry(hash).or_insert(0);
        *n = n.saturating_add(1);
        *n
    }

    /// A capture was made and led to `hash`: the stretch before it is closed and a new one
    /// starts with `hash` once.
    pub(crate) fn capture(&mut self, hash: u64) {
        self.count_operation();
        let closed = std::mem::take(&mut self.open);
        self.closed.push(closed);
        self.add(hash);
    }

    /// A capture was made and led to `hash`, in a game that will not take it back: the
    /// stretch before it is forgotten (its map emptied, its memory kept for the next
    /// stretch) and a new one starts with `hash` once.
    pub(crate) fn capture_for_good(&mut self, hash: u64) {
        self.count_operation();
        self.open.clear();
        self.add(hash);
    }

    /// Drops the counts kept for undoing captures.
    pub(crate) fn forget_closed(&mut self) {
        self.closed = Vec::new();
    }

    /// Counts that hold `hash` once, as [`PositionCounts::starting_with`], keeping the
    /// memory of the current map.
    pub(crate) fn restart_with(&mut self, hash: u64) {
        self.open.clear();
        self.closed.clear();
        self.add(hash);
    }

    /// Takes back the last occurrence of `hash`, reached by a move without capture.
    pub(crate) fn remove(&mut self, hash: u64) {
        self.count_operation();
        if let Some(n) = self.open.get_mut(&hash) {
            *n -= 1;
            if *n == 0 {
                self.open.remove(&hash);
            }
        }
    }

    /// Takes back the last capture: the stretch it closed is current again.
    pub(crate) fn undo_capture(&mut self) {
        self.count_operation();
        self.open = self.closed.pop().unwrap_or_default();
    }

    /// Occurrences of `hash` in the current stretch.
    pub(crate) fn get(&self, hash: u64) -> u32 {
        self.open.get(&hash).copied().unwrap_or(0)
    }
}
