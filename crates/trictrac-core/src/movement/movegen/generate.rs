//! Legal plays of a throw: every law of "Moving (laws)" on the rules page, deduplicated by
//! resulting board, with the filters in the rules page's order and a hook for the
//! "must fill / must keep" obligation of the scoring rules.

use arrayvec::ArrayVec;
use boardgames_common::{Die, Throw};

use crate::board::{Board, DAMES, PathCounts, count_masks, key_of};
use crate::board::Colour;
use crate::movement::Laws;
use crate::movement::{Move, Play};
use crate::board::{Dest, OFF, OWN_COIN, Point};
use crate::board::Position;

/// Capacity of a [`PlayList`]: the most distinct plays one throw can have, rounded up.
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
pub struct Candidate {
    key: u128,
    /// The play (its moves in the order played).
    pub play: Play,
    /// Number of the throw's numbers that were not sortant in the position before the play
    /// and bear a dame off as a nombre excédant (law 6; glossary SORTIE: "il faut jouer la
    /// totalité des nombres non sortants à l'intérieur du jan lorsque cela est possible").
    /// A sortant number that becomes excédant because the other number was played inside
    /// first does not count.
    pub excess: u8,
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
    pub fn after(&self) -> PathCounts {
        counts_of_key(self.key)
    }

    /// The mover's dames after the play at path position `p` (`1..=25`; 0 otherwise).
    #[must_use]
    #[inline]
    pub fn after_at(&self, p: u8) -> u8 {
        if (1..=25).contains(&p) {
            ((self.key >> (4 * (u32::from(p) - 1))) & 0xF) as u8
        } else {
            0
        }
    }

    /// Whether the play bears off the mover's last dame (the sortie is finished).
    #[must_use]
    #[inline]
    pub fn finishes_sortie(&self) -> bool {
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

/// A fixed-capacity list of candidate plays (no allocation), as given to an
/// [`Obligations`] filter and kept in [`LegalPlays`].
#[derive(Debug, Clone, Default)]
pub struct PlayList {
    items: ArrayVec<Candidate, MAX_PLAYS>,
    /// A 128-bit Bloom filter of the keys pushed since the last clear: a key whose bit is
    /// clear is certainly new (saves the duplicate scan).
    seen: u128,
}

impl PlayList {
    /// Number of plays.
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the list is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The candidates.
    #[must_use]
    pub fn as_slice(&self) -> &[Candidate] {
        &self.items
    }

    /// Keeps only the candidates for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Candidate) -> bool) {
        self.items.retain(|c| keep(c));
    }

    /// Keeps the candidates for which `keep` is true if at least one is; otherwise leaves
    /// the list unchanged (the shape of every "must … if possible" obligation). Returns
    /// whether any candidate satisfied `keep`.
    pub fn retain_if_any(&mut self, mut keep: impl FnMut(&Candidate) -> bool) -> bool {
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
    fn push(&mut self, key: u128, play: Play, excess: u8) {
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

    fn position_of_key(&self, key: u128) -> Option<usize> {
        self.items.iter().position(|c| c.key == key)
    }

    fn clear(&mut self) {
        self.items.clear();
        self.seen = 0;
    }
}

/// The "must fill / must keep" obligation (rules page, law 8; glossary REMPLIR et
/// CONSERVER, CONSERVER EN SORTANT): if the throw allows filling or keeping a jan, the player
/// must play so as to do it. It needs the scoring rules, so movement leaves it to an
/// implementation of this trait (the scoring module plugs one in).
///
/// It is applied fourth, after "maximum number of dice", "the higher die" and "coin par
/// effet over par puissance", before the sortie constraints (rules page, "Filters apply in
/// this order"). Implementations should only remove plays, normally through
/// [`PlayList::retain_if_any`]; if one empties the list, the list before the filter is used.
pub trait Obligations {
    /// Removes from `plays` the plays that break the obligation for `position` and `throw`.
    fn apply(&self, position: &Position, throw: Throw, plays: &mut PlayList);
}

/// No obligation: movement laws only (until scoring provides the fill/keep filter).
#[derive(Debug, Clone, Copy, Default)]
pub struct MovementOnly;

impl Obligations for MovementOnly {
    fn apply(&self, _: &Position, _: Throw, _: &mut PlayList) {}
}

/// The legal plays of one throw in one position, with the impuissance.
///
/// Fixed capacity ([`MAX_PLAYS`]), no allocation. For hot loops reuse one value with
/// [`Position::legal_plays_into`].
#[derive(Debug, Clone)]
pub struct LegalPlays {
    throw: Throw,
    mover: Colour,
    board: Board,
    dice_played: u8,
    unplayed: ArrayVec<Die, 2>,
    list: PlayList,
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
    type IntoIter = std::iter::Map<std::slice::Iter<'a, Candidate>, fn(&'a Candidate) -> &'a Play>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.items.iter().map(|c| &c.play)
    }
}

impl Default for LegalPlays {
    fn default() -> LegalPlays {
        LegalPlays::new()
    }
}

impl LegalPlays {
    /// An empty list (to be filled by [`Position::legal_plays_into`]).
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

    /// The plays.
    pub fn iter(&self) -> impl Iterator<Item = &Play> + '_ {
        self.list.items.iter().map(|c| &c.play)
    }

    /// The candidates (plays with their resulting dames).
    #[must_use]
    pub fn candidates(&self) -> &[Candidate] {
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
    pub fn index_of_board(&self, after: &PathCounts) -> Option<usize> {
        self.list.position_of_key(key_of(after))
    }
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
    /// [`LegalPlays::dice_played`] of the throw), found by stopping at the first lawful
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
trait Sink {
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
fn generate(prep: &Prepared<'_>, throw: Throw, out: &mut impl Sink) -> u8 {
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

/// Coin par effet over par puissance (law 4), applied before the obligations and without
/// exception (glossary COINS: "si on a la possibilité de prendre son coin à la fois par effet
/// et par puissance, on doit le prendre par effet"; PRENDRE SON COIN): when the throw takes
/// the coin par effet, no par puissance play is legal, even one that alone would fill or
/// keep a jan.
fn coin_par_effet(pos: &Position, list: &mut PlayList) {
    let mover = pos.side_to_move;
    if pos.board.path_counts(mover)[OWN_COIN as usize] == 0
        && list.items.iter().any(|c| c.play.is_par_puissance())
        && list
            .items
            .iter()
            .any(|c| !c.play.is_par_puissance() && c.after_at(OWN_COIN) >= 2)
    {
        list.retain(|c| !c.play.is_par_puissance());
    }
}

impl Position {
    /// The plays of `throw` for the side to move under the laws of movement only, WITHOUT
    /// the must fill / must keep obligation (rules page, law 8). These are not always the
    /// legal plays: when the throw can fill or keep a jan, a play here that does neither is a
    /// fausse case (glossary FAUSSE CASE). The legal plays are those of
    /// [`Position::legal_plays_with`] with [`crate::MustFillOrKeep`], which
    /// [`crate::ThrowAnalysis::legal_plays`] gives with the points.
    ///
    /// Laws (rules page, "Moving (laws)"; glossary LOIS, COINS, RETOUR, SORTIE,
    /// IMPUISSANCE): both numbers or, failing that, the higher; tout d'une with a lawful
    /// rest; never on a point the opponent holds; coins taken and left d'emblée; never on the
    /// opponent's coin; par puissance unless par effet is possible; jan interdit; sortie with
    /// its constraints. Two orders reaching the same board are one play.
    ///
    /// A side with every dame borne off (before the relevé) has only the empty play, with
    /// both numbers reported unplayed: call [`Position::releve`] first.
    ///
    /// ```
    /// use trictrac_core::Position;
    /// let pos = Position::start();
    /// let plays = pos.movement_plays("6-5".parse().unwrap());
    /// let texts: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
    /// // Tout d'une to B12 would leave a single dame on the coin: forbidden (law 3).
    /// assert_eq!(texts, ["6-5: B1-B7, B1-B6"]);
    /// ```
    #[must_use]
    #[inline]
    pub fn movement_plays(&self, throw: Throw) -> LegalPlays {
        let mut out = LegalPlays::new();
        self.legal_plays_into(throw, &MovementOnly, &mut out);
        out
    }

    /// The plays of `throw` under the laws of movement only: the former name of
    /// [`Position::movement_plays`], which says that the fill/keep obligation is left out.
    #[deprecated(
        since = "0.2.0",
        note = "ignores the must fill / must keep obligation: use `movement_plays` for the \
                laws of movement only, or `legal_plays_with(throw, &MustFillOrKeep::new())` \
                (or `ThrowAnalysis::legal_plays`) for the legal plays"
    )]
    #[must_use]
    pub fn legal_plays(&self, throw: Throw) -> LegalPlays {
        self.movement_plays(throw)
    }

    /// The legal plays of `throw` with the fill/keep `obligations` applied in their place in
    /// the filter order (see [`Obligations`]).
    #[must_use]
    #[inline]
    pub fn legal_plays_with(&self, throw: Throw, obligations: &impl Obligations) -> LegalPlays {
        let mut out = LegalPlays::new();
        self.legal_plays_into(throw, obligations, &mut out);
        out
    }

    /// [`Position::legal_plays_with`] into a reused `out` (no large copies: the form for
    /// search and simulation loops).
    pub fn legal_plays_into(
        &self,
        throw: Throw,
        obligations: &impl Obligations,
        out: &mut LegalPlays,
    ) {
        let mover = self.side_to_move;
        out.throw = throw;
        out.mover = mover;
        out.board = self.board;
        out.unplayed.clear();
        let list = &mut out.list;
        list.clear();
        let prep = Prepared::new(self);
        let dice_played = generate(&prep, throw, list);
        coin_par_effet(self, list);
        // Fill / keep obligations (law 8), supplied by the scoring rules. A filter that
        // removes every play is ignored (obligations only choose among legal plays).
        if list.len() > 1 {
            obligations.apply(self, throw, list);
            if list.is_empty() {
                generate(&prep, throw, list);
                coin_par_effet(self, list);
            }
        }
        // Sortie constraints (law 6): every number that was not sortant is played inside
        // when some play does so (the fewest non-sortant numbers borne off as excédants:
        // no number played so that a défaillant one can only be played as an excédant), and
        // the last dames must be borne off when they can be (glossary SORTIE: the last
        // sortie scores and is therefore compulsory).
        if list.items.iter().any(|c| c.excess > 0)
            && let Some(min) = list.items.iter().map(|c| c.excess).min()
        {
            list.retain(|c| c.excess == min);
        }
        if self.board.on_board(mover) <= 2 {
            list.retain_if_any(Candidate::finishes_sortie);
        }
        match dice_played {
            0 => {
                out.unplayed.push(throw.high());
                out.unplayed.push(throw.low());
            }
            1 => {
                let played = list
                    .items
                    .first()
                    .and_then(|c| c.play.moves().first())
                    .map(|m| m.die);
                out.unplayed.push(if played == Some(throw.high()) {
                    throw.low()
                } else {
                    throw.high()
                });
            }
            _ => {}
        }
        out.dice_played = dice_played;
    }
}

#[cfg(test)]
mod tests;
