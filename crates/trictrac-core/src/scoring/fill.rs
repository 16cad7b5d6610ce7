//! Filling and keeping jans (*remplir*, *conserver*): the ways of filling, the keep's
//! manner, and the "must fill / must keep" obligation on the legal plays (rules page,
//! "Scoring: the jans", Remplir / Conserver, and law 8; glossary REMPLIR et CONSERVER,
//! REMPLIR EN PASSANT, REMPLIR EN SORTANT, CONSERVER *).

use std::cell::Cell;

use arrayvec::ArrayVec;
use boardgames_common::Throw;

use crate::board::Jan;
use crate::board::PathCounts;
use crate::board::Position;
use crate::board::{OFF, OWN_COIN};
use crate::movement::{Candidate, MustFillOrKeep, Obligations, PlayList, full_mask_after};
use crate::scoring::kind::HowKept;

/// Whether the dames `c` (by path position) make `jan` full: each of its six points with at
/// least two dames.
#[inline]
pub(crate) fn full(c: &PathCounts, jan: Jan) -> bool {
    let a = jan.first() as usize;
    c[a..a + 6].iter().all(|&n| n >= 2)
}

/// Bit set of the jans full in `c`: bit `i` for `Jan::ALL[i]`.
#[inline]
pub(crate) fn full_mask(c: &PathCounts) -> u8 {
    let mut m = 0;
    for (i, j) in Jan::ALL.into_iter().enumerate() {
        if full(c, j) {
            m |= 1 << i;
        }
    }
    m
}

/// The ways of filling, as a bit set of numbers (rules page, Remplir).
pub(crate) const WAY_HIGH: u8 = 1;
/// The lower die (the die of a doublet is [`WAY_HIGH`]).
pub(crate) const WAY_LOW: u8 = 2;
/// The sum, one dame tout d'une.
pub(crate) const WAY_SUM: u8 = 4;
/// Two dames, both numbers together (one way; counted only when no number fills alone).
pub(crate) const WAY_BOTH: u8 = 8;

/// Number of ways of a bit set of `WAY_*`: the one-number ways and the sum; the two-dame way
/// counts (as one) only if none of them exists. At most 3 on a simple throw, 2 on a doublet.
#[must_use]
pub(crate) fn ways_count(mask: u8) -> u8 {
    let single = (mask & (WAY_HIGH | WAY_LOW | WAY_SUM)).count_ones() as u8;
    if single > 0 {
        single
    } else {
        u8::from(mask & WAY_BOTH != 0)
    }
}

/// Whether a dame going from path `s` to path `t` plays the number `d` (exactly; or as a
/// nombre excédant bearing off; or to the own coin par puissance, one point short).
#[inline]
fn plays(s: u8, t: u8, d: u8, puissance: bool) -> bool {
    t > s
        && (t - s == d || (t == OFF && t - s < d) || (puissance && t == OWN_COIN && t - s + 1 == d))
}

#[inline]
fn moved(before: &PathCounts, s: u8, t: u8) -> PathCounts {
    let mut c = *before;
    c[s as usize] = c[s as usize].saturating_sub(1);
    c[t as usize] += 1;
    c
}

/// The ways in which the legal play `cand` fills `jan` (not full in `before`, full after):
/// a bit set of `WAY_*`.
///
/// The play is read from the board difference, so two orders or a tout d'une versus a chain
/// of two dames reaching the same board are the same play. A die is a way when one move by
/// that die, made first, already completes the jan (the rest of the play then keeps it, as
/// the play ends full: "remplir en passant" never counts). One dame moved by both numbers is
/// the sum; two dames that complete only together are the two-dame way.
pub(crate) fn fill_ways(before: &PathCounts, cand: &Candidate, jan: Jan, throw: Throw) -> u8 {
    let (hi, lo) = (throw.high().get(), throw.low().get());
    let bit = |d: u8| if d == hi { WAY_HIGH } else { WAY_LOW };
    let after = cand.after();
    let mut srcs: ArrayVec<u8, 2> = ArrayVec::new();
    let mut dsts: ArrayVec<u8, 2> = ArrayVec::new();
    for p in 1..=OFF {
        let (b, a) = (before[p as usize], after[p as usize]);
        for _ in a..b {
            if srcs.try_push(p).is_err() {
                return 0;
            }
        }
        for _ in b..a {
            if dsts.try_push(p).is_err() {
                return 0;
            }
        }
    }
    let moves = cand.play.moves();
    let puissance = cand.play.is_par_puissance();
    let mut mask = 0;
    match (srcs.as_slice(), dsts.as_slice(), moves.len()) {
        (&[_], &[_], 1) => {
            if let Some(m) = moves.first() {
                mask |= bit(m.die.get());
            }
        }
        (&[s], &[t], 2) => {
            mask |= WAY_SUM;
            for (x, y) in [(hi, lo), (lo, hi)] {
                let mid = s + x;
                if mid < t && plays(mid, t, y, false) {
                    // The dame from `s` fills at `mid` by x (then one from `mid` plays y),
                    if full(&moved(before, s, mid), jan) {
                        mask |= bit(x);
                    }
                    // or a dame already on `mid` fills at `t` by y (then `s` plays x to
                    // `mid`): the same board, two dames.
                    if before[mid as usize] > 0 && full(&moved(before, mid, t), jan) {
                        mask |= bit(y);
                    }
                }
            }
        }
        (&[s1, s2], &[t1, t2], 2) => {
            for ((sa, ta), (sb, tb)) in [((s1, t1), (s2, t2)), ((s1, t2), (s2, t1))] {
                for (x, y) in [(hi, lo), (lo, hi)] {
                    if plays(sa, ta, x, puissance) && plays(sb, tb, y, puissance) {
                        if full(&moved(before, sa, ta), jan) {
                            mask |= bit(x);
                        }
                        if full(&moved(before, sb, tb), jan) {
                            mask |= bit(y);
                        }
                    }
                }
            }
            if mask == 0 {
                mask = WAY_BOTH;
            }
        }
        _ => {}
    }
    mask
}

/// How the play `cand` keeps a jan (full before and after): par impuissance when a number
/// is unplayable (`unplayed`), en sortant when the jan de retour is kept while dames are
/// borne off, en outrepassant when the grand jan is kept while a dame goes beyond it.
pub(crate) fn how_kept(before: &PathCounts, cand: &Candidate, jan: Jan, unplayed: bool) -> HowKept {
    if unplayed {
        return HowKept::ParImpuissance;
    }
    match jan {
        Jan::JanDeRetour if cand.after_at(OFF) > before[OFF as usize] => HowKept::EnSortant,
        Jan::GrandJan if (13..=OFF).any(|p| cand.after_at(p) > before[p as usize]) => {
            HowKept::EnOutrepassant
        }
        _ => HowKept::Normally,
    }
}

/// The "must fill / must keep" obligation of the laws of movement
/// ([`MustFillOrKeep`]) that also records, for the analysis, the ways of filling each jan
/// counted on the plays offered to it (interior `Cell`, so one value per analysis).
#[derive(Debug, Default)]
pub(crate) struct RecordWays {
    /// Ways bit sets per jan (`Jan::ALL` order), set when the filter ran.
    pub(crate) ways: Cell<Option<[u8; 3]>>,
}

/// The ways of filling each jan (`Jan::ALL` order) over the plays `cands`.
pub(crate) fn all_fill_ways(before: &PathCounts, cands: &[Candidate], throw: Throw) -> [u8; 3] {
    let full_before = full_mask(before);
    let mut ways = [0u8; 3];
    for c in cands {
        let new = full_mask_after(c) & !full_before;
        if new == 0 {
            continue;
        }
        for (i, j) in Jan::ALL.into_iter().enumerate() {
            if new & (1 << i) != 0 {
                ways[i] |= fill_ways(before, c, j, throw);
            }
        }
    }
    ways
}

impl Obligations for RecordWays {
    fn apply(&self, position: &Position, throw: Throw, plays: &mut PlayList) {
        let before = position.board.path_counts(position.side_to_move);
        let mut ways = [0u8; 3];
        MustFillOrKeep::filter(position, plays, |offered| {
            ways = all_fill_ways(before, offered.as_slice(), throw);
        });
        self.ways.set(Some(ways));
    }
}
