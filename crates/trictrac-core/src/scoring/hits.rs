//! Hits (*battre une dame*, à vrai or à faux) and the coin battu (*battre le coin*): the
//! fictive events of the rules page ("Scoring: the jans", Battre une dame, Battre le coin)
//! and the glossary (BATTRE UNE DAME, BATTRE LE COIN).

use boardgames_common::Throw;

use crate::board::Position;
use crate::board::count_masks;
use crate::board::{ByColour, Colour};
use crate::board::{OPPONENT_COIN, OWN_COIN, Point};
use crate::movement::Number;
use crate::scoring::event::{Events, Hit, HitWay, JanEvent};
use crate::scoring::kind::{JanKind, Table};

/// Whether the side to move may rest at its path position `p` for a fictive hit tout d'une
/// (*repos pour battre*).
///
/// The rules page says "a point the opponent does not hold"; the glossary (BATTRE UNE DAME,
/// EXEMPLE n° 4) rests "en B11 sur la dame en demi-case également battue", and EXEMPLE n° 5
/// denies the rest because the points "sont pleines". We follow the glossary: a point is a rest
/// unless the opponent has two or more dames on it. Jans interdits do not matter.
#[inline]
fn is_rest(pos: &Position, colour: Colour, p: u8) -> bool {
    (1..=24).contains(&p) && pos.board.opponent_at(colour, p) < 2
}

/// Appends the hits of `throw` by the side to move: one event per hit dame (à vrai with its
/// ways, or à faux with one way).
///
/// Ways by number (rules page): each die (one for a doublet) from a point holding a dame of
/// the mover, and the sum tout d'une if one of its intermediate points is a rest. A dame
/// reachable only by the sum without any rest is hit à faux (the opponent scores), one way.
/// (A dame hit directly by one die always gives the sum a rest: the hitting dame stands on
/// one of the sum's intermediate points, so "à vrai by a die, sum without rest" never
/// happens.)
pub(crate) fn push_hits(pos: &Position, throw: Throw, out: &mut Events) {
    let colour = pos.side_to_move;
    let mine = pos.board.path_counts(colour);
    let doublet = throw.is_doublet();
    let (hi, lo) = (throw.high(), throw.low());
    let sum = throw.sum();
    // The mover's points 2..=24 holding exactly one opponent dame, in path order.
    let mut targets = HitMasks::new(pos).targets;
    while targets != 0 {
        let target = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        let Some(dame) = Point::from_path(colour, target) else {
            continue;
        };
        let mut hit = Hit::new(dame);
        let dice: &[_] = if doublet { &[hi] } else { &[hi, lo] };
        for &d in dice {
            if let Some(from) = target.checked_sub(d.get())
                && from >= 1
                && mine[from as usize] > 0
                && let Some(fp) = Point::from_path(colour, from)
            {
                hit.push(HitWay {
                    from: fp,
                    number: Number::Die(d),
                });
            }
        }
        let mut faux_from = None;
        if let Some(from) = target.checked_sub(sum)
            && from >= 1
            && mine[from as usize] > 0
            && let Some(fp) = Point::from_path(colour, from)
        {
            let rest =
                is_rest(pos, colour, from + hi.get()) || is_rest(pos, colour, from + lo.get());
            if rest {
                hit.push(HitWay {
                    from: fp,
                    number: Number::Sum,
                });
            } else {
                faux_from = Some(fp);
            }
        }
        let table = if dame.in_petit_jan_table() {
            Table::PetitJan
        } else {
            Table::GrandJan
        };
        let n = hit.ways().len() as u8;
        if n > 0 {
            let mut e = JanEvent::new(JanKind::HitAVrai(table), n, doublet, colour);
            e.hit = Some(hit);
            let _ = out.try_push(e);
        } else if let Some(fp) = faux_from {
            hit.push(HitWay {
                from: fp,
                number: Number::Sum,
            });
            let mut e = JanEvent::new(JanKind::HitAFaux(table), 1, doublet, colour);
            e.hit = Some(hit);
            let _ = out.try_push(e);
        }
    }
}

/// The hits of [`push_hits`] as bit sets of one position, to score many throws: bit `p` for
/// the mover's path position `p` (`1..=24`).
pub(crate) struct HitMasks {
    /// Points holding a dame of the mover.
    sources: u32,
    /// Points holding exactly one opponent dame, off his talon (path 2..=24 of the mover).
    targets: u32,
    /// Rests for a hit tout d'une: points with fewer than two opponent dames (see
    /// `is_rest`).
    rests: u32,
}

impl HitMasks {
    /// The bit sets of the side to move of `pos`.
    #[inline]
    pub(crate) fn new(pos: &Position) -> HitMasks {
        let colour = pos.side_to_move;
        let (sources, _) = count_masks(pos.board.path_counts(colour));
        let (one, two) = count_masks(pos.board.path_counts(colour.other()));
        // The opponent's path q is the mover's 25 - q: bit q to bit 25 - q.
        let mirror = |m: u32| m.reverse_bits() >> 6;
        const BOARD: u32 = ((1 << 25) - 1) & !1;
        HitMasks {
            sources,
            targets: mirror(one & !two) & !(1 << 1),
            rests: BOARD & !mirror(two),
        }
    }

    /// Whether no hit is possible, whatever the throw.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.targets == 0
    }

    /// Adds to `points` (saturating, in the order of [`push_hits`]' events) what the hits of
    /// `throw` mark: à vrai for `mover`, à faux for his opponent. The same numbers as the
    /// events of [`push_hits`].
    #[inline]
    pub(crate) fn add_points(&self, throw: Throw, mover: Colour, points: &mut ByColour<u8>) {
        // Every target at once, as bit sets: the targets a die or the sum reaches from a
        // source (bit p of `sources << d` is a source at p - d), the sum à vrai where one of
        // the two intermediate points is a rest. Points per way by table: 4 / 2 on a simple
        // throw, 6 / 4 on a doublet. At most 15 lone dames × 3 ways × 4 points (or 2 × 6) =
        // 180: the sums cannot saturate, so adding them in bulk gives the numbers of the
        // target-by-target saturating sums.
        let doublet = throw.is_doublet();
        let (hi, lo) = (u32::from(throw.high().get()), u32::from(throw.low().get()));
        let targets = u64::from(self.targets);
        let sources = u64::from(self.sources);
        let by_hi = targets & (sources << hi);
        let by_lo = if doublet {
            0
        } else {
            targets & (sources << lo)
        };
        let by_sum = targets & (sources << (hi + lo));
        if by_hi | by_lo | by_sum == 0 {
            return;
        }
        // The sum's rest: from + hi (= t - lo) or from + lo (= t - hi) a rest.
        let rests = u64::from(self.rests);
        let rested = (rests << lo) | (rests << hi);
        let sum_vrai = by_sum & rested;
        let faux = by_sum & !rested & !by_hi & !by_lo;
        let (petit, grand) = if doublet { (6, 4) } else { (4, 2) };
        let vrai = table_ways(by_hi, by_lo, sum_vrai, petit, grand);
        if vrai > 0 {
            points[mover] = points[mover].saturating_add(u8::try_from(vrai).unwrap_or(u8::MAX));
        }
        if faux != 0 {
            let a_faux = table_ways(faux, 0, 0, petit, grand);
            let other = mover.other();
            points[other] = points[other].saturating_add(u8::try_from(a_faux).unwrap_or(u8::MAX));
        }
    }
}

/// The points of the ways in the bit sets `a`, `b`, `c` (bit = the mover's path position of
/// a hit dame, `2..=24`): `petit` per way in the petit-jan table (path 1..=6 and 19..=24),
/// `grand` in the grand-jan table (7..=18). Two bit counts: each set's twelve
/// petit-table bits and twelve grand-table bits are packed side by side.
#[inline]
fn table_ways(a: u64, b: u64, c: u64, petit: u32, grand: u32) -> u32 {
    let petit_bits = |m: u64| ((m >> 1) & 0x3F) | ((m >> 13) & 0xFC0);
    let grand_bits = |m: u64| (m >> 7) & 0xFFF;
    let p = petit_bits(a) | petit_bits(b) << 12 | petit_bits(c) << 24;
    let g = grand_bits(a) | grand_bits(b) << 12 | grand_bits(c) << 24;
    sparse_count(p) * petit + sparse_count(g) * grand
}

/// The bits set in `m`, one step per bit: the sets of hit ways hold one or two bits, and
/// the portable build has no population count instruction.
#[inline]
fn sparse_count(mut m: u64) -> u32 {
    let mut n = 0;
    while m != 0 {
        m &= m - 1;
        n += 1;
    }
    n
}

/// Whether the side to move beats the opponent's coin with `throw` (rules page, Battre le
/// coin; glossary BATTRE LE COIN): he holds his own coin, the opponent's coin is empty, and
/// he could take it d'emblée without the two dames holding his own (a third dame on the coin
/// allows an ace, a fourth beset). Never à faux; one way.
pub(crate) fn coin_battu(pos: &Position, throw: Throw) -> bool {
    let colour = pos.side_to_move;
    pos.board.path_counts(colour)[OWN_COIN as usize] >= 2
        && pos.board.opponent_at(colour, OPPONENT_COIN) == 0
        && pos.board.could_take_opponent_coin(colour, throw)
}
