//! The generator: every lawful sequence of a throw (laws 1-7 of the rules page, "Moving
//! (laws)") handed to a sink, and the early-exit searches built on it.

use boardgames_common::{Die, Throw};

use super::list::PlayList;
use crate::board::{
    Colour, DAMES, Dest, OFF, OWN_COIN, PathCounts, Point, Position, count_masks, key_of,
};
use crate::movement::{Laws, Move, Play};

/// The key bits of one dame at each path position `1..=25` (index 0 unused).
const UNITS: [u128; 26] = {
    let mut u = [0u128; 26];
    let mut p = 1;
    while p < 26 {
        u[p] = 1u128 << (4 * (p - 1));
        p += 1;
    }
    u
};

/// The key bit of one dame at path position `p` (`1..=25`).
#[inline]
fn unit(p: u8) -> u128 {
    UNITS[p as usize]
}

/// The move of a dame of `colour` from path `from` (`1..=24`) to path `to` (`1..=25`).
#[inline]
fn mv(colour: Colour, from: u8, to: u8, die: u8) -> Move {
    Move {
        from: Point::from_path_in_range(colour, from),
        to: if to >= OFF {
            Dest::Off
        } else {
            Dest::Point(Point::from_path_in_range(colour, to))
        },
        die: Die::new(die).unwrap_or(Die::ACE),
    }
}

/// Path positions 1..=18: a dame there forbids bearing off.
const OUTSIDE_RETOUR: u32 = ((1 << 19) - 1) & !1;

/// Where one step of `die` from `from` may go, given the mover's occupancy `occ` (bit `p`
/// set when a dame stands at path `p`) at that moment: `Some((to, excess, stop, rest))`.
#[inline]
fn step(laws: &Masks, occ: u32, from: u8, die: u8) -> Option<(u8, u8, bool, bool)> {
    let t = from + die;
    if t >= OFF {
        // Law 6: all dames in the jan de retour; exact, or excédant from the farthest dame.
        if occ & OUTSIDE_RETOUR != 0 {
            return None;
        }
        if t == OFF {
            return Some((OFF, 0, true, false));
        }
        if occ.trailing_zeros() == u32::from(from) {
            return Some((OFF, 1, true, false));
        }
        return None;
    }
    let rest = laws.rest & (1 << t) != 0;
    if !rest {
        return None;
    }
    Some((t, 0, laws.stop & (1 << t) != 0, rest))
}

/// The laws as bit masks over the mover's path positions 1..=24.
struct Masks {
    stop: u32,
    rest: u32,
}

/// What move generation needs of one position, computed once: several throws may share it
/// (the 21 throws of an expected reply).
pub(crate) struct Prepared<'a> {
    colour: Colour,
    cur: &'a PathCounts,
    /// Bit `p` set when the mover has a dame at path `p` (`1..=24`).
    occ: u32,
    masks: Masks,
    key0: u128,
    /// Whether the opponent holds his own coin (the mover's path 13): par puissance then
    /// never applies.
    opponent_coin_held: bool,
}

impl<'a> Prepared<'a> {
    /// The laws and occupancy of the side to move of `pos`.
    #[inline]
    pub(crate) fn new(pos: &'a Position) -> Prepared<'a> {
        let colour = pos.side_to_move;
        let laws = Laws::new(&pos.board, colour);
        let cur = pos.board.path_counts(colour);
        let occ = count_masks(cur).0;
        Prepared {
            colour,
            cur,
            occ,
            masks: Masks {
                stop: laws.stop_mask(),
                rest: laws.rest_mask(occ),
            },
            key0: key_of(cur),
            opponent_coin_held: laws.opponent_holds(OWN_COIN + 1),
        }
    }

    /// How many numbers of `throw` every legal play plays (0, 1 or 2: the
    /// [`LegalPlays::dice_played`](crate::movement::LegalPlays::dice_played) of the throw), found by stopping at the first lawful
    /// play. The filters after generation (coin par effet, the obligations, the sortie
    /// constraints) only choose among plays of that many numbers.
    #[inline]
    pub(crate) fn dice_playable(&self, throw: Throw) -> u8 {
        generate(self, throw, &mut FirstPlay)
    }

    /// Whether some play of `throw` that survives "maximum number of dice", "the higher
    /// die" and "coin par effet over par puissance" (law 7 and law 4: the plays the
    /// obligations then choose among) leaves every path position of `window` with at least
    /// two of the mover's dames. `window` is a set of nibbles of the key (one bit per path
    /// position `p` at bit `4·(p − 1)`, see [`ge2_nibbles`]). Returns the number of dice
    /// played with it. Generation stops at the first such play that is not par puissance.
    #[inline]
    pub(crate) fn some_play_fills(&self, throw: Throw, window: u128) -> (u8, bool) {
        let mut sink = FillsWindow {
            window,
            own_coin_empty: self.cur[OWN_COIN as usize] == 0,
            any: false,
            by_effet: false,
            by_puissance: false,
            coin_by_effet: false,
        };
        let dice = generate(self, throw, &mut sink);
        let found = sink.by_effet || (sink.by_puissance && !sink.coin_by_effet);
        (dice, found)
    }
}

/// A sufficient test that both numbers of a throw can be played (law 7), from bit sets of one
/// position: two dames that each step one number onto a point where they may stop, neither
/// leaving nor reaching the own coin, none bearing off. Such a play is lawful whatever the
/// order (no tout d'une, no coin, no sortie involved), so its throw plays two numbers. When
/// the test fails the generation decides.
pub(crate) struct SimpleSteps {
    /// By number `d` (index `1..=6`): the mover's points (bit = path position) from which a
    /// dame may step `d` as above.
    sources: [u32; 7],
    /// The mover's points with two dames or more (two dames may leave them).
    made: u32,
}

impl SimpleSteps {
    /// Whether a play of two simple steps, one per number of `throw` (or two steps of a
    /// doublet's number), exists: then `throw` plays both numbers.
    #[inline]
    pub(crate) fn both(&self, throw: Throw) -> bool {
        let (hi, lo) = (throw.high().get() as usize, throw.low().get() as usize);
        let (a, b) = (self.sources[hi & 7], self.sources[lo & 7]);
        if a == 0 || b == 0 {
            return false;
        }
        // Two different points, or one point with two dames.
        // (`x & (x - 1)` clears the lowest bit: non-zero iff two bits or more.)
        let two = |x: u32| x & x.wrapping_sub(1) != 0;
        if hi == lo {
            two(a) || a & self.made != 0
        } else {
            two(a | b) || a & self.made != 0
        }
    }
}

impl Prepared<'_> {
    /// The [`SimpleSteps`] of the position, with no dame leaving the path positions of
    /// `stay` (bit = path position): a play found then leaves every dame of `stay` in place.
    #[inline]
    pub(crate) fn simple_steps(&self, stay: u32) -> SimpleSteps {
        const COIN: u32 = 1 << OWN_COIN;
        let land = self.masks.stop & self.masks.rest & !COIN;
        let from = self.occ & !COIN & !stay;
        let mut sources = [0u32; 7];
        for (d, s) in sources.iter_mut().enumerate().skip(1) {
            *s = from & (land >> d);
        }
        SimpleSteps {
            sources,
            made: count_masks(self.cur).1 & from,
        }
    }
}

/// Bit `4·(p − 1)` set when the key `key` (see [`key_of`]) holds at least two dames at path
/// position `p` (`1..=25`): the nibbles whose value is 2 or more.
#[inline]
pub(crate) fn ge2_nibbles(key: u128) -> u128 {
    const NIB0: u128 = 0x0111_1111_1111_1111_1111_1111_1111_1111;
    ((key >> 1) | (key >> 2) | (key >> 3)) & NIB0
}

/// Where [`generate`] hands each lawful play.
pub(super) trait Sink {
    /// Takes a play of `dice` numbers leaving the mover's dames as `key` (`puissance`: taken
    /// par puissance); `play` builds it when needed. Returns whether generation stops here
    /// (returning `dice`).
    fn take(
        &mut self,
        dice: u8,
        key: u128,
        puissance: bool,
        play: impl FnOnce() -> Play,
        excess: u8,
    ) -> bool;
    /// Whether any play was taken.
    fn found(&self) -> bool;
}

impl Sink for PlayList {
    #[inline]
    fn take(&mut self, _: u8, key: u128, _: bool, play: impl FnOnce() -> Play, excess: u8) -> bool {
        self.push(key, play(), excess);
        false
    }
    #[inline]
    fn found(&self) -> bool {
        !self.is_empty()
    }
}

/// Stops at the first lawful play (its number of dice is every play's).
struct FirstPlay;

impl Sink for FirstPlay {
    #[inline]
    fn take(&mut self, _: u8, _: u128, _: bool, _: impl FnOnce() -> Play, _: u8) -> bool {
        true
    }
    #[inline]
    fn found(&self) -> bool {
        false
    }
}

/// Looks for a play leaving a window of path positions with two dames or more each
/// ([`Prepared::some_play_fills`]), minding coin par effet over par puissance.
struct FillsWindow {
    window: u128,
    own_coin_empty: bool,
    any: bool,
    /// A play not par puissance fills the window.
    by_effet: bool,
    /// The par puissance play fills it.
    by_puissance: bool,
    /// A play not par puissance takes the own coin (so par puissance is not legal).
    coin_by_effet: bool,
}

impl Sink for FillsWindow {
    #[inline]
    fn take(&mut self, _: u8, key: u128, puissance: bool, _: impl FnOnce() -> Play, _: u8) -> bool {
        self.any = true;
        let fills = ge2_nibbles(key) & self.window == self.window;
        if puissance {
            self.by_puissance |= fills;
            return false;
        }
        if fills {
            self.by_effet = true;
            return true;
        }
        if self.own_coin_empty && ge2_nibbles(key) & (1 << (4 * (OWN_COIN - 1))) != 0 {
            self.coin_by_effet = true;
        }
        false
    }
    #[inline]
    fn found(&self) -> bool {
        self.any
    }
}

/// Generates every lawful sequence (laws 1-3, 5, 6 and par puissance, law 4) and applies
/// "maximum number of dice" and "the higher die" (law 7), handing each play to `out`.
/// Returns the number of dice played. Two-number plays are looked for first, so a sink that
/// stops generation at a play knows the number of dice of every play.
#[inline]
pub(super) fn generate(prep: &Prepared<'_>, throw: Throw, out: &mut impl Sink) -> u8 {
    let colour = prep.colour;
    let cur = prep.cur;
    let occ = prep.occ;
    let masks = &prep.masks;
    let key0 = prep.key0;
    // Hands a lawful play to `out`, ending the generation with its dice count if the sink
    // asks so.
    macro_rules! emit {
        ($dice:expr, $key:expr, $puissance:expr, $play:expr, $excess:expr) => {
            if out.take($dice, $key, $puissance, || $play, $excess) {
                return $dice;
            }
        };
    }
    let coin_nibble = |k: u128| ((k >> (4 * (OWN_COIN as u32 - 1))) & 0xF) as u8;
    let off_nibble = |k: u128| ((k >> (4 * (OFF as u32 - 1))) & 0xF) as u8;
    let hi = throw.high().get();
    let lo = throw.low().get();
    let doublet = hi == lo;
    // Whether a number bearing a dame off by excess counts against the play: only a number
    // that was not sortant before the play (no dame at path 25 - d) does (law 6).
    let not_sortant = |d: u8| u8::from(cur[(OFF - d) as usize] == 0);
    let orders: &[(u8, u8)] = if doublet {
        &[(hi, lo)]
    } else {
        &[(hi, lo), (lo, hi)]
    };
    for (order, &(x, y)) in orders.iter().enumerate() {
        let mut sources = occ;
        while sources != 0 {
            let a = sources.trailing_zeros() as u8;
            sources &= sources - 1;
            let Some((to1, ex1, stop1, rest1)) = step(masks, occ, a, x) else {
                continue;
            };
            let key1 = key0 - unit(a) + unit(to1);
            if off_nibble(key1) == DAMES {
                // The last dame is off: nothing is left to play the other number with.
                emit!(
                    2,
                    key1,
                    false,
                    Play::of(throw, &[mv(colour, a, to1, x)]),
                    ex1 * not_sortant(x)
                );
                continue;
            }
            let mut occ1 = occ;
            if cur[a as usize] == 1 {
                occ1 &= !(1 << a);
            }
            if to1 < OFF {
                occ1 |= 1 << to1;
            }
            // Second number: from the rest (tout d'une) if it is a lawful rest, from any
            // other point only if the first dame may stop where it landed.
            let mut seconds = occ1;
            if !stop1 {
                seconds &= 1 << to1;
            }
            if !rest1 && to1 < OFF {
                seconds &= !(1 << to1);
            }
            // Without a possible bear-off, the lawful second steps are a mask operation.
            let bear = occ1 & OUTSIDE_RETOUR == 0;
            if !bear {
                seconds &= masks.stop >> y;
                if order == 1 {
                    // Second dice order, no bear-off: only the tout d'une can be new (see
                    // below).
                    seconds &= 1 << to1;
                } else if doublet {
                    // A doublet without bear-off: two dames from `a` and `b < a`, each
                    // stopping on the board, reach the board of `b` then `a` (the same
                    // steps, the same laws), generated when `b` was the first dame. Only
                    // `b >= a` can be new (the tout d'une from `to1` is above `a`).
                    seconds &= !((1u32 << a) - 1);
                }
            }
            while seconds != 0 {
                let b = seconds.trailing_zeros() as u8;
                seconds &= seconds - 1;
                let (to2, ex2) = if bear {
                    match step(masks, occ1, b, y) {
                        Some((to2, ex2, true, _)) => (to2, ex2),
                        _ => continue,
                    }
                } else {
                    (b + y, 0)
                };
                // In the second dice order, two dames each stopping on the board were
                // already generated by the first order (same steps, same laws): only tout
                // d'une and bear-offs (whose laws depend on the order) can be new.
                if order == 1 && b != to1 && to1 < OFF && to2 < OFF {
                    continue;
                }
                let key2 = key1 - unit(b) + unit(to2);
                if coin_nibble(key2) == 1 {
                    continue;
                }
                emit!(
                    2,
                    key2,
                    false,
                    Play::of(throw, &[mv(colour, a, to1, x), mv(colour, b, to2, y)]),
                    ex1 * not_sortant(x) + ex2 * not_sortant(y)
                );
            }
        }
    }
    // Law 4, par puissance: both coins empty, and two dames could go d'emblée to the
    // opponent's coin (path 13): they take their own coin (path 12) instead.
    if cur[OWN_COIN as usize] == 0 && !prep.opponent_coin_held {
        let (a, b) = (13 - hi, 13 - lo);
        let enough = if a == b {
            cur[a as usize] >= 2
        } else {
            cur[a as usize] >= 1 && cur[b as usize] >= 1
        };
        if a < OWN_COIN && b < OWN_COIN && enough {
            let key = key0 - unit(a) - unit(b) + 2 * unit(OWN_COIN);
            let play = Play::of(
                throw,
                &[mv(colour, a, OWN_COIN, hi), mv(colour, b, OWN_COIN, lo)],
            )
            .with_puissance();
            emit!(2, key, true, play, 0);
        }
    }
    if out.found() {
        return 2;
    }
    // Law 7: only one number can be played; the higher if there is a choice.
    for d in [hi, lo] {
        let mut sources = occ;
        while sources != 0 {
            let a = sources.trailing_zeros() as u8;
            sources &= sources - 1;
            let Some((to, ex, stop, _)) = step(masks, occ, a, d) else {
                continue;
            };
            if !stop {
                continue;
            }
            let key = key0 - unit(a) + unit(to);
            if coin_nibble(key) == 1 {
                continue;
            }
            emit!(
                1,
                key,
                false,
                Play::of(throw, &[mv(colour, a, to, d)]),
                ex * not_sortant(d)
            );
        }
        if out.found() || doublet {
            break;
        }
    }
    if out.found() {
        1
    } else {
        out.take(0, key0, false, || Play::of(throw, &[]), 0);
        0
    }
}
