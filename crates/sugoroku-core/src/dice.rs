//! [`SimDice`]: the pinned dice scheme of the fast simulator.

use boardgames_common::{DiceSource, Die, Seed, SeedRng, Throw};
use rand::Rng;

/// Bytes drawn from the generator at a time (whole `u64` words).
const BUF: usize = 64;

/// `BYTE_THROW[b]`: 0 for a rejected byte (`b >= 252`), else the sum of the dice of throw
/// `b % 36` in bits 0..4, plus `0x80` for a doublet.
const BYTE_THROW: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 252 {
        let c = (b % 36) as u8;
        let (first, second) = (c / 6 + 1, c % 6 + 1);
        t[b] = (first + second) | if first == second { 0x80 } else { 0 };
        b += 1;
    }
    t
};

/// Dice thrown by the fast simulator's pinned scheme.
///
/// # The scheme (stable: recorded statistics and seeded games depend on it)
///
/// Game `i` of a simulation from seed `S` throws its dice from
/// `S.derive(i).rng()` (ChaCha8 seeded by `seed_from_u64(S.derive(i).0)`). The generator's
/// `next_u64` words are cut into 8 bytes, least significant first. A byte `b < 252` is one
/// throw: `c = b % 36` gives the first die `c / 6 + 1` and the second `c % 6 + 1`, each of the
/// 36 ordered outcomes being hit by exactly 7 of the 252 accepted bytes; bytes `252..=255` are
/// skipped. One random byte per throw, against about 16 for two `random_range(1..=6)` calls,
/// is what makes a million games a second possible.
///
/// These dice are **not** those of [`SeededDice`](boardgames_common::SeededDice) nor of
/// [`play_game`](boardgames_common::play_game) (which samples the 21 unordered outcomes
/// with a uniform `f64`): the same seed gives a different game through those. The same seed
/// gives the same game through [`SimDice`], [`SugorokuGame::play_seeded`](crate::SugorokuGame::play_seeded)
/// and the simulator ([`play_fast`](crate::play_fast), [`Simulation`](crate::Simulation)).
///
/// ```
/// use boardgames_common::{DiceSource, Seed};
/// use sugoroku_core::SimDice;
/// let mut a = SimDice::new(Seed(9));
/// let mut b = SimDice::new(Seed(9));
/// assert_eq!(a.throw(), b.throw());
/// ```
#[derive(Debug, Clone)]
pub struct SimDice {
    rng: SeedRng,
    /// The next bytes of the stream: `next_u64` words cut least significant byte first.
    buf: [u8; BUF],
    /// The next unused byte of `buf` (`BUF` when it must be refilled).
    pos: usize,
    /// The second die of a throw whose first die was given by [`DiceSource::die`].
    pending: Option<Die>,
}

impl SimDice {
    /// Dice from `seed` (the generator `seed.rng()`).
    #[must_use]
    pub fn new(seed: Seed) -> SimDice {
        SimDice::from_rng(seed.rng())
    }

    /// Dice from a pinned generator already in use ([`Seed::rng`]).
    #[must_use]
    pub fn from_rng(rng: SeedRng) -> SimDice {
        SimDice {
            rng,
            buf: [0; BUF],
            pos: BUF,
            pending: None,
        }
    }

    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        for chunk in self.buf.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.rng.next_u64().to_le_bytes());
        }
        self.pos = 0;
    }

    /// The next accepted byte, `0..252`.
    #[inline(always)]
    fn next_byte(&mut self) -> u8 {
        loop {
            // Refilled once per BUF bytes: a branch the processor predicts, unlike a refill
            // every 8 bytes among the game's random branches.
            if self.pos >= BUF {
                self.refill();
            }
            let b = self.buf[self.pos];
            self.pos += 1;
            if b < 252 {
                return b;
            }
        }
    }

    /// The next throw as `(sum, doublet)` (`sum` in `2..=12`, `doublet` when both dice
    /// match), without building a [`Throw`]: the simulator's inner loop, public so that the
    /// cost of the dice can be measured apart from the rules.
    #[inline(always)]
    pub fn next_sum(&mut self) -> (u8, bool) {
        let packed = BYTE_THROW[self.next_byte() as usize];
        (packed & 0x0f, packed & 0x80 != 0)
    }

    /// The next throw as its two dice in the order they were drawn.
    #[inline]
    fn next_dice(&mut self) -> (Die, Die) {
        let c = self.next_byte() % 36;
        // c / 6 + 1 and c % 6 + 1 are in 1..=6.
        (Die::ALL[(c / 6) as usize], Die::ALL[(c % 6) as usize])
    }
}

impl DiceSource for SimDice {
    /// One die: the first die of the next throw, the second being kept for the next call.
    fn die(&mut self) -> Option<Die> {
        if let Some(d) = self.pending.take() {
            return Some(d);
        }
        let (first, second) = self.next_dice();
        self.pending = Some(second);
        Some(first)
    }

    /// The next throw (after a lone [`die`](Self::die) call, the pending die and a new one).
    fn throw(&mut self) -> Option<Throw> {
        if let Some(first) = self.pending.take() {
            let second = self.die()?;
            return Some(Throw::new(first, second));
        }
        let (a, b) = self.next_dice();
        Some(Throw::new(a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_uniform_over_ordered_outcomes() {
        let mut sums = [0u32; 13];
        let mut doublets = 0;
        for &v in &BYTE_THROW[..252] {
            sums[(v & 0x0f) as usize] += 1;
            doublets += u32::from(v & 0x80 != 0);
        }
        // 7 bytes per ordered outcome: sum k has min(k-1, 13-k) outcomes.
        for (k, &n) in sums.iter().enumerate().skip(2) {
            assert_eq!(n, 7 * (k - 1).min(13 - k) as u32, "sum {k}");
        }
        assert_eq!(doublets, 7 * 6);
        assert!(BYTE_THROW[252..].iter().all(|&v| v == 0));
    }

    #[test]
    fn throws_follow_the_documented_bytes() {
        // Rebuild the scheme by hand from the generator and compare.
        let mut rng = Seed(3).rng();
        let mut expected = Vec::new();
        while expected.len() < 200 {
            let w = rng.next_u64();
            for i in 0..8 {
                let b = (w >> (8 * i)) as u8;
                if b < 252 {
                    let c = b % 36;
                    expected.push(Throw::from_values(c / 6 + 1, c % 6 + 1).unwrap());
                }
            }
        }
        let mut dice = SimDice::new(Seed(3));
        let mut fast = SimDice::new(Seed(3));
        for t in &expected[..200] {
            assert_eq!(dice.throw().as_ref(), Some(t));
            assert_eq!(fast.next_sum(), (t.sum(), t.is_doublet()));
        }
    }

    #[test]
    fn pinned_first_throws() {
        // Stored seeds depend on these values: a change here breaks recorded statistics.
        let mut dice = SimDice::new(Seed(0));
        let seq: Vec<String> = (0..10).map(|_| dice.throw().unwrap().to_string()).collect();
        assert_eq!(seq, PINNED_SEED0);
    }

    const PINNED_SEED0: [&str; 10] = [
        "1-1", "6-4", "5-2", "6-4", "6-2", "6-2", "5-2", "2-1", "4-2", "3-1",
    ];

    #[test]
    fn single_dice_pair_up_into_the_same_throws() {
        let mut by_die = SimDice::new(Seed(5));
        let mut by_throw = SimDice::new(Seed(5));
        for _ in 0..50 {
            let a = by_die.die().unwrap();
            let b = by_die.die().unwrap();
            assert_eq!(Some(Throw::new(a, b)), by_throw.throw());
        }
    }
}
