//! The lists of move generation: `Candidate` (a play with the mover's dames after it),
//! `PlayList` (the candidates of one throw, deduplicated by resulting board, as the filters
//! see them) and [`LegalPlays`] (the plays of a throw with the impuissance).

use arrayvec::ArrayVec;
use boardgames_common::{Die, Throw};

use crate::board::{Board, Colour, DAMES, OFF, PathCounts, key_of};
use crate::movement::Play;

/// Capacity of a [`LegalPlays`]: the most distinct plays one throw can have, rounded up.
///
/// Proof of the bound. Plays are deduplicated by the mover's resulting board. With two
/// different numbers `x`, `y`, a two-number play moves one dame from a point `a` by `x` and
/// one from a point `b` by `y` (`a`, `b` among the at most 15 occupied points), or one dame
/// from `a` by `x + y` tout d'une (both orders give the same board): at most
/// `15 · 15 + 15 = 240` boards. With a doublet: unordered pairs `{a, b}` (`15 · 16 / 2 = 120`)
/// plus 15 tout d'une: 135. Par puissance adds one board. One-number plays exist only
/// when no two-number play does, at most `15 · 2 = 30`. Hence at most 241 < 256.
pub const MAX_PLAYS: usize = 256;

/// One candidate play with what the filters need to know about it (32 bytes).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    key: u128,
    /// The play (its moves in the order played).
    pub(crate) play: Play,
    /// Number of the throw's numbers that were not sortant in the position before the play
    /// and bear a dame off as a nombre excédant (law 6; glossary SORTIE: "il faut jouer la
    /// totalité des nombres non sortants à l'intérieur du jan lorsque cela est possible").
    /// A sortant number that becomes excédant because the other number was played inside
    /// first does not count.
    pub(crate) excess: u8,
}

impl Candidate {
    /// The mover's dames after the play, packed four bits per path position (the key of
    /// `key_of`).
    #[inline]
    pub(crate) fn key(&self) -> u128 {
        self.key
    }

    /// The mover's dames after the play, by path position (see [`PathCounts`]).
    #[must_use]
    pub(crate) fn after(&self) -> PathCounts {
        counts_of_key(self.key)
    }

    /// The mover's dames after the play at path position `p` (`1..=25`; 0 otherwise).
    #[must_use]
    #[inline]
    pub(crate) fn after_at(&self, p: u8) -> u8 {
        if (1..=25).contains(&p) {
            ((self.key >> (4 * (u32::from(p) - 1))) & 0xF) as u8
        } else {
            0
        }
    }

    /// Whether the play bears off the mover's last dame (the sortie is finished).
    #[must_use]
    #[inline]
    pub(crate) fn finishes_sortie(&self) -> bool {
        self.after_at(OFF) == DAMES
    }
}

/// The inverse of [`key_of`].
fn counts_of_key(key: u128) -> PathCounts {
    let mut c = [0u8; 26];
    for (i, n) in c[1..].iter_mut().enumerate() {
        *n = ((key >> (4 * i)) & 0xF) as u8;
    }
    c
}

/// A fixed-capacity list of candidate plays (no allocation), as given to an
/// [`Obligations`](crate::movement::movegen::obligations::Obligations) filter and kept in [`LegalPlays`].
#[derive(Debug, Clone, Default)]
pub(crate) struct PlayList {
    pub(super) items: ArrayVec<Candidate, MAX_PLAYS>,
    /// A 128-bit Bloom filter of the keys pushed since the last clear: a key whose bit is
    /// clear is certainly new (saves the duplicate scan).
    seen: u128,
}

impl PlayList {
    /// Number of plays.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the list is empty.
    #[must_use]
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The candidates.
    #[must_use]
    pub(crate) fn as_slice(&self) -> &[Candidate] {
        &self.items
    }

    /// Keeps only the candidates for which `keep` is true.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Candidate) -> bool) {
        self.items.retain(|c| keep(c));
    }

    /// Keeps the candidates for which `keep` is true if at least one is; otherwise leaves
    /// the list unchanged (the shape of every "must … if possible" obligation). Returns
    /// whether any candidate satisfied `keep`.
    pub(crate) fn retain_if_any(&mut self, mut keep: impl FnMut(&Candidate) -> bool) -> bool {
        if self.items.iter().any(&mut keep) {
            self.items.retain(|c| keep(c));
            true
        } else {
            false
        }
    }

    /// Adds a candidate unless one with the same resulting board (`key`) exists; on a
    /// duplicate keeps the one with fewer non-sortant numbers borne off as excédants (the
    /// same board reached lawfully).
    #[inline]
    pub(super) fn push(&mut self, key: u128, play: Play, excess: u8) {
        let h = ((key as u64) ^ ((key >> 64) as u64)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57;
        let bit = 1u128 << h;
        if self.seen & bit == 0 {
            self.seen |= bit;
            let _ = self.items.try_push(Candidate { key, play, excess });
            return;
        }
        for c in &mut self.items {
            if c.key == key {
                if excess < c.excess {
                    c.play = play;
                    c.excess = excess;
                }
                return;
            }
        }
        // The capacity bound is proven at MAX_PLAYS; a full list would be a bug, and the
        // play is then dropped rather than panicking.
        let _ = self.items.try_push(Candidate { key, play, excess });
    }

    pub(super) fn position_of_key(&self, key: u128) -> Option<usize> {
        self.items.iter().position(|c| c.key == key)
    }

    pub(super) fn clear(&mut self) {
        self.items.clear();
        self.seen = 0;
    }
}

/// The legal plays of one throw in one position, with the impuissance.
///
/// Fixed capacity ([`MAX_PLAYS`]), no allocation. For hot loops reuse one value with
/// [`Position::legal_plays_into`](crate::Position::legal_plays_into).
#[derive(Debug, Clone)]
pub struct LegalPlays {
    pub(super) throw: Throw,
    pub(super) mover: Colour,
    pub(super) board: Board,
    pub(super) dice_played: u8,
    pub(super) unplayed: ArrayVec<Die, 2>,
    pub(super) list: PlayList,
}

impl std::ops::Index<usize> for LegalPlays {
    type Output = Play;
    /// The `i`-th play, as [`LegalPlays::get`].
    ///
    /// # Panics
    ///
    /// If `i >= self.len()`, as slices do.
    fn index(&self, i: usize) -> &Play {
        &self.list.items[i].play
    }
}

impl<'a> IntoIterator for &'a LegalPlays {
    type Item = &'a Play;
    type IntoIter = LegalPlaysIter<'a>;
    fn into_iter(self) -> LegalPlaysIter<'a> {
        self.iter()
    }
}

/// The plays of a [`LegalPlays`] in order ([`LegalPlays::iter`]).
#[derive(Debug, Clone)]
pub struct LegalPlaysIter<'a>(std::slice::Iter<'a, Candidate>);

impl<'a> Iterator for LegalPlaysIter<'a> {
    type Item = &'a Play;
    #[inline]
    fn next(&mut self) -> Option<&'a Play> {
        self.0.next().map(|c| &c.play)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for LegalPlaysIter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|c| &c.play)
    }
}

impl ExactSizeIterator for LegalPlaysIter<'_> {}

impl std::iter::FusedIterator for LegalPlaysIter<'_> {}

impl Default for LegalPlays {
    fn default() -> LegalPlays {
        LegalPlays::new()
    }
}

impl LegalPlays {
    /// An empty list (to be filled by [`Position::legal_plays_into`](crate::Position::legal_plays_into)).
    #[must_use]
    #[inline]
    pub fn new() -> LegalPlays {
        LegalPlays {
            throw: Throw::new(Die::ACE, Die::ACE),
            mover: Colour::White,
            board: Board::start(),
            dice_played: 0,
            unplayed: ArrayVec::new(),
            list: PlayList::default(),
        }
    }

    /// The throw.
    #[must_use]
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// Number of distinct legal plays (at least 1 once filled: a throw with nothing
    /// playable has the single empty play).
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list is empty (only before it is filled).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The `i`-th play.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&Play> {
        self.list.items.get(i).map(|c| &c.play)
    }

    /// The plays, in order.
    #[must_use]
    pub fn iter(&self) -> LegalPlaysIter<'_> {
        LegalPlaysIter(self.list.items.iter())
    }

    /// Whether `play` is one of the plays: a play of the same throw leaving the mover's
    /// dames as one of them does (its moves may be in another order, or a tout d'une
    /// written with another rest, as [`Position::is_legal`](crate::Position::is_legal) accepts them).
    #[must_use]
    pub fn contains(&self, play: &Play) -> bool {
        play.throw() == self.throw
            && play
                .counts_after(self.mover, &self.board.paths[self.mover])
                .is_some_and(|after| self.index_of_board(&after).is_some())
    }

    /// The candidates (plays with their resulting dames).
    #[must_use]
    pub(crate) fn candidates(&self) -> &[Candidate] {
        self.list.as_slice()
    }

    /// The board after the `i`-th play.
    #[must_use]
    pub fn board_after(&self, i: usize) -> Option<Board> {
        let c = self.list.items.get(i)?;
        let mut b = self.board;
        b.paths[self.mover] = c.after();
        Some(b)
    }

    /// How many numbers every legal play plays (0, 1 or 2). Bearing off the last dame with
    /// one number counts as playing both (nothing is left to play the other with).
    #[must_use]
    pub fn dice_played(&self) -> u8 {
        self.dice_played
    }

    /// The numbers that cannot be played (impuissance, law 7): each gives the opponent 2
    /// points. Empty when both are played; a doublet unplayable twice lists its number twice.
    #[must_use]
    pub fn unplayed(&self) -> &[Die] {
        &self.unplayed
    }

    /// The index of the legal play leaving the mover's dames as `after`, if any.
    #[must_use]
    pub(crate) fn index_of_board(&self, after: &PathCounts) -> Option<usize> {
        self.list.position_of_key(key_of(after))
    }
}
