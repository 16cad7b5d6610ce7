//! The transposition table: search results keyed by the Zobrist hash of the position
//! ([`Position::hash`](crate::Position::hash)), one entry a slot, replaced when the new
//! result is from a newer search or at least as deep.

use crate::moves::Move;
use crate::square::Square;

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// One slot.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    /// The best move as (from, to) square indices; `from == to` for none.
    mv: (u8, u8),
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
    age: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        mv: (0, 0),
        score: 0,
        depth: -1,
        bound: Bound::Upper,
        age: 0,
    };

    /// The stored best move, if any.
    pub(crate) fn best_move(&self) -> Option<Move> {
        if self.mv.0 == self.mv.1 {
            return None;
        }
        Some(Move::new(
            Square::from_index(self.mv.0 as usize)?,
            Square::from_index(self.mv.1 as usize)?,
        ))
    }
}

/// A fixed-size table of `2^bits` entries.
#[derive(Debug, Clone)]
pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` clamped into 10..=26).
    pub(crate) fn new(bits: u8) -> TranspositionTable {
        let bits = bits.clamp(10, 26);
        let len = 1usize << bits;
        TranspositionTable {
            entries: vec![Entry::EMPTY; len],
            mask: len - 1,
            age: 0,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<&Entry> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Stores a result.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i16,
        bound: Bound,
    ) {
        let age = self.age;
        let e = &mut self.entries[key as usize & self.mask];
        if e.key == key || e.age != age || depth >= e.depth {
            let mv = match mv {
                Some(m) => (m.from.index() as u8, m.to.index() as u8),
                None if e.key == key => e.mv,
                None => (0, 0),
            };
            *e = Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age,
            };
        }
    }
}
