//! The inputs of the [`TdNetwork`](super::TdNetwork): a state before a throw (the position,
//! its marks, the partie's trous to win and pavillon option) encoded for the player to throw
//! ("me") and his opponent ("him"), as a sparse list of `(input, value)` pairs.
//!
//! The layout (feature set 1, [`NUM_INPUTS`] inputs; the design note is the repository's
//! [trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md)):
//!
//! - the board, for me then for him, each along his own path: for each path position 1..=24
//!   four units (exactly 1 dame, exactly 2, at least 3, and the dames beyond three / 6), then
//!   the dames borne off / 15 (97 inputs a side);
//! - hand-made units, for me then for him (9 a side): his petit jan, grand jan and jan de
//!   retour full; his petit and grand jan still fillable (the opponent's jan interdit); all
//!   his dames in the jan de retour (he may bear off); the points an opponent's throw is
//!   expected to win by hitting his lone dames, / 8 (as the heuristic's exposure); his pips
//!   advanced / 360; the numbers blocked to the opponent / 36;
//! - the marks, for me then for him (29 a side): points exactly 1..=11, and points / 12;
//!   trous still needed to win exactly 1..=11 or 12 and more, and min(needed, 12) / 12; en
//!   bredouille (the next trou double); marking with the double jeton; partie en bredouille
//!   (the pavillon series); holding the pavillon;
//! - the partie (9): the pavillon option on; my throws since the relevé 0, 1, 2 or more;
//!   his likewise.

use arrayvec::ArrayVec;

use crate::Ordinaire;
use crate::board::Colour;
use crate::board::Position;
#[cfg(test)]
use crate::board::can_fill_from;
use crate::board::{Board, count_masks};
use crate::board::{OFF, TALON};

/// The version of the feature layout, written in the weights file: a network trained on
/// another layout is refused.
pub const FEATURE_SET: u16 = 1;

/// Inputs per side for the board: 24 path positions × 4 units, and the dames off.
const BOARD: usize = 24 * 4 + 1;
/// Hand-made inputs per side.
const HAND: usize = 9;
/// Mark inputs per side.
const MARKS: usize = 12 + 13 + 4;
/// Inputs of the partie (the pavillon option, both players' throws since the relevé).
const PARTIE: usize = 1 + 4 + 4;

const BOARD_AT: usize = 0;
const HAND_AT: usize = BOARD_AT + 2 * BOARD;
const MARKS_AT: usize = HAND_AT + 2 * HAND;
const PARTIE_AT: usize = MARKS_AT + 2 * MARKS;

/// The number of inputs of feature set [`FEATURE_SET`].
pub const NUM_INPUTS: usize = PARTIE_AT + PARTIE;

/// At most this many inputs are not zero (the board at most 15 points a side with two
/// units each and the dames off, every hand, mark and partie input): the capacity of
/// [`Inputs`].
pub(crate) const MAX_ACTIVE: usize = 2 * (15 * 2 + 1) + 2 * HAND + 2 * MARKS + PARTIE;

/// The inputs of one state: the index and value of each of those that are not zero.
#[derive(Clone)]
pub(crate) struct Inputs {
    pairs: ArrayVec<(u16, f32), { MAX_ACTIVE + 1 }>,
}

impl std::fmt::Debug for Inputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Inputs {
    pub(crate) const fn new() -> Inputs {
        Inputs {
            pairs: ArrayVec::new_const(),
        }
    }

    /// The inputs of `pairs` (indices below [`NUM_INPUTS`], at most [`MAX_ACTIVE`]).
    pub(crate) fn from_pairs(pairs: impl Iterator<Item = (usize, f32)>) -> Inputs {
        let mut inputs = Inputs::new();
        for (i, v) in pairs {
            inputs.push(i, v);
        }
        inputs
    }

    /// Adds input `i` of value `v` unless `v` is zero. Without a branch on `v` (the pair is
    /// written in the next place either way, and kept only when `v` is not zero): the values
    /// follow the position, which no branch predictor learns.
    #[inline]
    fn push(&mut self, i: usize, v: f32) {
        self.push_if(i, v, v != 0.0);
    }

    /// Adds input `i` of value `v` if `keep` (`v` is not zero then; `keep` false stands for
    /// an input of 0), `keep` told by the caller from the integers or flags it has rather
    /// than by comparing `v` with zero.
    #[inline]
    fn push_if(&mut self, i: usize, v: f32, keep: bool) {
        // Never more than MAX_ACTIVE (counted above); a full list drops nothing silently in
        // tests (debug assertion) and never panics in release.
        let len = self.pairs.len();
        debug_assert!(len < MAX_ACTIVE && i < NUM_INPUTS);
        debug_assert!(!keep || v != 0.0);
        // The pair is pushed either way (the spare place past MAX_ACTIVE takes the pair of a
        // last zero) and taken back unless `keep`.
        let _ = self.pairs.try_push((i as u16, v));
        self.pairs.truncate(len + usize::from(keep));
    }

    #[inline]
    fn flag(&mut self, i: usize, on: bool) {
        self.push_if(i, 1.0, on);
    }

    /// Forgets every input (an empty list, to be filled again).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.pairs.clear();
    }

    /// The index and value of each input that is not zero, in their order.
    #[inline]
    pub(crate) fn pairs(&self) -> &[(u16, f32)] {
        &self.pairs
    }

    /// The `(input, value)` pairs that are not zero.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.pairs.iter().map(|&(i, v)| (usize::from(i), v))
    }

    /// The inputs as a dense vector of [`NUM_INPUTS`] values.
    #[cfg(test)]
    pub(crate) fn dense(&self) -> [f32; NUM_INPUTS] {
        let mut out = [0.0; NUM_INPUTS];
        for (i, v) in self.iter() {
            out[i] = v;
        }
        out
    }
}

/// Probability, by distance `d` (index 0..=12), that a throw brings `d` by one die or by the
/// sum of both (the heuristic's `REACH_THROWS` out of 36).
const REACH: [f32; 13] = {
    let mut r = [0.0; 13];
    let mut d = 0;
    while d <= 12 {
        r[d] = crate::ai::heuristic::REACH_THROWS[d] as f32 / 36.0;
        d += 1;
    }
    r
};

/// For each set of distances (bit `k` for distance `k + 1`), the sum of their [`REACH`]
/// chances, capped at 1.
static CHANCE: [f32; 4096] = {
    let mut t = [0.0; 4096];
    let mut m = 0;
    while m < 4096 {
        let mut chance = 0.0;
        let mut k = 0;
        while k < 12 {
            if m & (1 << k) != 0 {
                chance += REACH[k + 1];
            }
            k += 1;
        }
        t[m] = if chance > 1.0 { 1.0 } else { chance };
        m += 1;
    }
    t
};

/// The expected points an opponent's throw wins by hitting `colour`'s lone dames (off the
/// talon): each one's hit value (4 in the petit-jan table, 2 in the grand-jan table: rules
/// page, "Scoring") times the chance that a throw brings one of the hitters' distances.
/// `occupied` and `made` are `colour`'s points with at least one and two dames, `his` the
/// opponent's with at least one (bit `p` for path position `p`, each on his own path).
fn exposure_of(occupied: u32, made: u32, his: u32) -> f32 {
    // His path q is our 25 - q: bit q to bit 25 - q by reversing the 32 bits.
    let his_on_ours = his.reverse_bits() >> 6;
    let mut lone = occupied & !made & !(1 << TALON);
    let mut total = 0.0;
    while lone != 0 {
        let p = lone.trailing_zeros();
        lone &= lone - 1;
        let value = if p <= 6 || p >= 19 { 4.0 } else { 2.0 };
        total += value * CHANCE[((his_on_ours >> (p + 1)) & 0xFFF) as usize];
    }
    total
}

#[cfg(test)]
fn exposure(board: &Board, colour: Colour) -> f32 {
    let (occupied, made) = count_masks(board.path_counts(colour));
    exposure_of(
        occupied,
        made,
        count_masks(board.path_counts(colour.other())).0,
    )
}

/// The (opponent dame point, number) pairs whose landing point the player holds: the numbers
/// he blocks to the opponent (`ours`, `his` as in [`exposure_of`]).
fn blocked_of(ours: u32, his: u32) -> u32 {
    let ours_on_his = ours.reverse_bits() >> 6;
    let from = his & !(1 << 24);
    // The pairs (q, d): his dame on q, our point on q + d, for each number d.
    (1..=6)
        .map(|d| (from & (ours_on_his >> d)).count_ones())
        .sum()
}

/// `k / d` for `k` in `0..N`: the quotients of the inputs' scales, read rather than
/// divided (the very numbers: the same division, done when compiling).
const fn quotients<const N: usize>(d: f32) -> [f32; N] {
    let mut t = [0.0; N];
    let mut k = 0;
    while k < N {
        t[k] = k as f32 / d;
        k += 1;
    }
    t
}

/// The dames beyond three on a point (`n − 3` for `n` dames, 0 up to three) / 6, by `n`.
static BEYOND_THREE: [f32; 16] = {
    let q = quotients::<16>(6.0);
    let mut t = [0.0; 16];
    let mut n = 4;
    while n < 16 {
        t[n] = q[n - 3];
        n += 1;
    }
    t
};
/// The dames borne off / 15.
static OFF_15: [f32; 16] = quotients(15.0);
/// The pips advanced / 360 (at most 15 dames × 24).
static PIPS_360: [f32; 361] = quotients(360.0);
/// The numbers blocked / 36 (at most 15 dames × 6 numbers).
static BLOCKED_36: [f32; 91] = quotients(36.0);

/// `table[k]`, 0 past its end (never reached: the tables cover every count).
#[inline]
fn read(table: &[f32], k: usize) -> f32 {
    table.get(k).copied().unwrap_or(0.0)
}

fn board_side(inputs: &mut Inputs, board: &Board, colour: Colour, at: usize) {
    let counts = board.path_counts(colour);
    board_side_of(inputs, counts, count_masks(counts).0, at);
}

/// The board inputs of the path counts `counts` (`occupied` their points with a dame, as in
/// [`exposure_of`]): the points in the order of the path, each one's unit of 1, 2 or at
/// least 3 dames and the dames beyond three.
#[inline]
fn board_side_of(inputs: &mut Inputs, counts: &[u8; 26], occupied: u32, at: usize) {
    let mut left = occupied & (0xFF_FFFF << 1);
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        left &= left - 1;
        let n = counts[p];
        // Path position p.
        let base = at + (p - 1) * 4;
        inputs.push_if(base + usize::from(n.min(3)) - 1, 1.0, true);
        inputs.push_if(base + 3, read(&BEYOND_THREE, usize::from(n)), n > 3);
    }
    let off = counts[OFF as usize];
    inputs.push_if(at + 96, read(&OFF_15, usize::from(off)), off > 0);
}

fn hand_side(inputs: &mut Inputs, board: &Board, colour: Colour, at: usize) {
    let counts = board.path_counts(colour);
    let (occupied, made) = count_masks(counts);
    let his = count_masks(board.path_counts(colour.other())).0;
    for (k, on) in hand_flags(counts, occupied, made).into_iter().enumerate() {
        inputs.flag(at + k, on);
    }
    inputs.push(at + 6, exposure_of(occupied, made, his) / 8.0);
    push_count(inputs, at + 7, &PIPS_360, pips(counts));
    push_count(inputs, at + 8, &BLOCKED_36, blocked_of(occupied, his));
}

/// Adds input `i` of value `table[count]` (a count over its scale) unless the count is 0.
#[inline]
fn push_count(inputs: &mut Inputs, i: usize, table: &[f32], count: u32) {
    inputs.push_if(i, read(table, count as usize), count > 0);
}

/// The inputs of `position` before its side to move throws, in a partie of `form`.
pub(crate) fn encode(position: &Position, form: &Ordinaire) -> Inputs {
    let mut inputs = Inputs::new();
    encode_common(position, form, &mut inputs);
    encode_varying(position, &mut inputs);
    inputs
}

/// The inputs that the plays of one throw leave alike, when the opponent of the player who
/// plays throws next and the play marks nothing: the board of the player to throw (who did
/// not play), the marks, the partie.
pub(crate) fn encode_common(position: &Position, form: &Ordinaire, inputs: &mut Inputs) {
    let me = position.side_to_move();
    board_side(inputs, position.board(), me, BOARD_AT);
    let trous_to_win = form.trous_to_win.max(1);
    for (k, c) in [me, me.other()].into_iter().enumerate() {
        let at = MARKS_AT + k * MARKS;
        let m = position.marks(c);
        let o = position.marks(c.other());
        if m.points > 0 {
            inputs.push(at + usize::from(m.points.min(11)) - 1, 1.0);
            inputs.push(at + 11, f32::from(m.points) / 12.0);
        }
        let needed = trous_to_win.saturating_sub(m.trous).clamp(1, 12);
        inputs.push(at + 12 + usize::from(needed) - 1, 1.0);
        inputs.push(at + 24, f32::from(needed) / 12.0);
        inputs.flag(at + 25, m.bredouille);
        // The double jeton: en bredouille while the opponent has points too.
        inputs.flag(at + 26, m.bredouille && o.points > 0);
        // The pavillon series: the first to win trous while the other has none, or the
        // holder of the pavillon.
        inputs.flag(at + 27, (m.trous > 0 && o.trous == 0) || m.pavillon);
        inputs.flag(at + 28, m.pavillon);
    }
    inputs.flag(PARTIE_AT, form.pavillon);
    for (k, c) in [me, me.other()].into_iter().enumerate() {
        let throws = usize::from(position.throws_since_releve(c).min(3));
        inputs.flag(PARTIE_AT + 1 + 4 * k + throws, true);
    }
}

/// The inputs that differ between the plays of one throw: the board of the player who
/// played (the opponent of the player to throw) and the hand-made units of both.
pub(crate) fn encode_varying(position: &Position, inputs: &mut Inputs) {
    let me = position.side_to_move();
    let board = position.board();
    board_side(inputs, board, me.other(), BOARD_AT + BOARD);
    hand_side(inputs, board, me, HAND_AT);
    hand_side(inputs, board, me.other(), HAND_AT + HAND);
}

/// The hand-made units of the player to throw that the plays of one throw leave alike (he
/// did not play: his board is the same after each), and the masks of his points: what
/// [`encode_varying_with`] needs of him.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ThrowerUnits {
    /// His points with at least one and at least two dames (bit `p` for path position `p`).
    occupied: u32,
    made: u32,
    /// His hand-made units 0 to 5 (the jans full, still fillable, all in the jan de retour).
    flags: [bool; 6],
    /// His hand-made unit 7 (the pips advanced / 360).
    pips: f32,
}

impl ThrowerUnits {
    /// The units of the side to move of `position` (the player to throw).
    pub(crate) fn of(position: &Position) -> ThrowerUnits {
        let me = position.side_to_move();
        let counts = position.board().path_counts(me);
        let (occupied, made) = count_masks(counts);
        ThrowerUnits {
            occupied,
            made,
            flags: hand_flags(counts, occupied, made),
            pips: read(&PIPS_360, pips(counts) as usize),
        }
    }
}

/// The hand-made units 0 to 5 of a player of path counts `counts` (`occupied`, `made` as in
/// [`exposure_of`]).
#[inline]
fn hand_flags(counts: &[u8; 26], occupied: u32, made: u32) -> [bool; 6] {
    // The jans by path position: petit 1..=6, grand 7..=12, de retour 19..=24.
    let full = |first: u32| {
        let span = 0x3F << first;
        made & span == span
    };
    [
        full(1),
        full(7),
        full(19),
        fillable(counts, 1),
        fillable(counts, 7),
        // Every dame on the board in the jan de retour (path 19..=24).
        (occupied != 0) & (occupied & !(0x3F << 19) == 0),
    ]
}

/// [`can_fill_from`](crate::board::can_fill_from) (the player can still fill the jan of path positions `a..=a + 5`),
/// without leaving the loop early: the counts follow the position, which no branch
/// predictor learns.
#[inline]
fn fillable(counts: &[u8; 26], a: usize) -> bool {
    let mut behind: u32 = counts[1..a].iter().map(|&c| u32::from(c)).sum();
    let mut all = true;
    for (k, &c) in counts[a..a + 6].iter().enumerate() {
        behind += u32::from(c);
        all &= behind >= 2 * (k as u32 + 1);
    }
    all
}

/// The pips advanced by the dames of path counts `counts` (a dame at path position `p`
/// has advanced `p − 1`; the dames on the talon none).
#[inline]
fn pips(counts: &[u8; 26]) -> u32 {
    (2..=25usize)
        .map(|p| u32::from(counts[p]) * (p as u32 - 1))
        .sum()
}

/// The inputs of [`encode_varying`] for `position` (the player to throw having `thrower`'s
/// units): the same pairs in the same order, without computing again what the plays of one
/// throw leave alike.
pub(crate) fn encode_varying_with(
    position: &Position,
    thrower: &ThrowerUnits,
    inputs: &mut Inputs,
) {
    let mover = position.side_to_move().other();
    let counts = position.board().path_counts(mover);
    let (occupied, made) = count_masks(counts);
    board_side_of(inputs, counts, occupied, BOARD_AT + BOARD);
    // The player to throw's units, against the mover's dames.
    for (k, &on) in thrower.flags.iter().enumerate() {
        inputs.flag(HAND_AT + k, on);
    }
    inputs.push(
        HAND_AT + 6,
        exposure_of(thrower.occupied, thrower.made, occupied) / 8.0,
    );
    inputs.push(HAND_AT + 7, thrower.pips);
    push_count(
        inputs,
        HAND_AT + 8,
        &BLOCKED_36,
        blocked_of(thrower.occupied, occupied),
    );
    // The mover's units, against the thrower's dames.
    let at = HAND_AT + HAND;
    for (k, on) in hand_flags(counts, occupied, made).into_iter().enumerate() {
        inputs.flag(at + k, on);
    }
    inputs.push(at + 6, exposure_of(occupied, made, thrower.occupied) / 8.0);
    push_count(inputs, at + 7, &PIPS_360, pips(counts));
    push_count(
        inputs,
        at + 8,
        &BLOCKED_36,
        blocked_of(occupied, thrower.occupied),
    );
}

#[cfg(test)]
mod tests;
