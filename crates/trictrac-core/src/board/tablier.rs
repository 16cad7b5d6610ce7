//! The board: how many dames of each colour stand on each point, and how many are off.

use std::fmt;

use crate::board::{ByColour, Colour};
use crate::board::{Jan, can_fill_from};
use crate::board::{OFF, OWN_COIN, Point};

/// Number of dames each player owns, always (rules page: 15 dames a side).
pub const DAMES: u8 = 15;

/// Dames of one colour counted by that colour's path position: index 0 is unused (always 0),
/// `1..=24` are the points along the colour's own path, 25 is off the board.
pub(crate) type PathCounts = [u8; 26];

/// The 24 points with the dames of each colour, plus the dames borne off.
///
/// A `Board` is always valid: 15 dames per colour (on the board or off), no point holding
/// both colours. Build one from a [`crate::Setup`] (through [`crate::Position`]) or parse
/// the position notation (see [`crate::Position`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) paths: ByColour<PathCounts>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// The starting board (and the board after a relevé): 15 White dames on `B1`, 15 Black
    /// dames on `N1`.
    #[must_use]
    pub const fn start() -> Board {
        let mut p = [0u8; 26];
        p[1] = DAMES;
        Board {
            paths: ByColour { white: p, black: p },
        }
    }

    /// Dames of `colour` on `point`.
    #[must_use]
    #[inline]
    pub fn count(&self, colour: Colour, point: Point) -> u8 {
        self.paths[colour][point.path(colour) as usize]
    }

    /// Dames of `colour` at its path position `p` (`1..=24`; 25 gives the dames off; other
    /// values give 0).
    #[must_use]
    #[inline]
    pub fn at_path(&self, colour: Colour, p: u8) -> u8 {
        self.paths[colour].get(p as usize).copied().unwrap_or(0)
    }

    /// Dames of `colour` counted by his path position: index 0 is unused (always 0), `1..=24`
    /// are the points along his own path (1 his talon, 12 his coin, 24 the opponent's
    /// talon), 25 the dames borne off.
    #[must_use]
    #[inline]
    pub fn path_counts(&self, colour: Colour) -> &[u8; 26] {
        &self.paths[colour]
    }

    /// Whether the opponent of `colour` holds (has at least one dame on) the point at path
    /// position `p` (`1..=24`) of `colour`.
    #[must_use]
    #[inline]
    pub fn opponent_holds(&self, colour: Colour, p: u8) -> bool {
        (1..=24).contains(&p) && self.paths[colour.other()][(25 - p) as usize] > 0
    }

    /// Dames of the opponent of `colour` on the point at `colour`'s path position `p`.
    #[must_use]
    #[inline]
    pub fn opponent_at(&self, colour: Colour, p: u8) -> u8 {
        if (1..=24).contains(&p) {
            self.paths[colour.other()][(25 - p) as usize]
        } else {
            0
        }
    }

    /// Dames of `colour` borne off.
    #[must_use]
    pub fn off(&self, colour: Colour) -> u8 {
        self.paths[colour][OFF as usize]
    }

    /// Dames of `colour` still on the board.
    #[must_use]
    pub fn on_board(&self, colour: Colour) -> u8 {
        DAMES - self.off(colour)
    }

    /// Which colour holds `point` and with how many dames, or `None` if it is empty.
    #[must_use]
    pub fn occupant(&self, point: Point) -> Option<(Colour, u8)> {
        Colour::ALL.into_iter().find_map(|c| {
            let n = self.count(c, point);
            (n > 0).then_some((c, n))
        })
    }

    /// Whether `colour` holds its own coin de repos (it then has at least two dames there).
    #[must_use]
    pub fn holds_coin(&self, colour: Colour) -> bool {
        self.paths[colour][OWN_COIN as usize] > 0
    }

    /// Whether `colour` can still materially fill its own `jan` (rules page, law 5): the
    /// opponent may not stop in that jan while this is true ("jan interdit"). Only the petit
    /// and grand jans are ever interdit to the opponent.
    #[must_use]
    pub fn can_fill(&self, colour: Colour, jan: Jan) -> bool {
        can_fill_from(&self.paths[colour], jan.first())
    }

    /// Whether `colour`'s `jan` is full (*plein*: each of its six points holds at least two
    /// of his dames).
    #[must_use]
    pub fn is_full(&self, colour: Colour, jan: Jan) -> bool {
        jan.paths().all(|p| self.paths[colour][p as usize] >= 2)
    }

    /// Whether every dame of `colour` still on the board stands in its jan de retour (path
    /// 19..=24), the condition to bear off (rules page, law 6).
    #[must_use]
    pub fn all_in_jan_de_retour(&self, colour: Colour) -> bool {
        self.paths[colour][1..19].iter().all(|&c| c == 0)
    }

    /// The farthest dame of `colour` from the edge: its lowest occupied path position, or
    /// `None` if all are off.
    #[must_use]
    pub fn rearmost(&self, colour: Colour) -> Option<u8> {
        (1..=24u8).find(|&p| self.paths[colour][p as usize] > 0)
    }

    /// An exact 100-bit key of `colour`'s dames (4 bits per path position 1..=25): two boards
    /// with the same opponent dames are equal iff their keys for the mover are equal.
    #[must_use]
    pub fn key(&self, colour: Colour) -> u128 {
        key_of(&self.paths[colour])
    }

    /// The board after a relevé: every dame of both colours back on its talon.
    pub(crate) fn releve(&mut self) {
        *self = Board::start();
    }
}

/// Bit sets over path positions `1..=24` of `counts` (bit `p` for position `p`): the
/// positions holding at least one dame, and those holding at least two. Eight positions at a
/// time (counts are at most 15, so "at least two" is "a bit above the lowest set").
#[must_use]
#[inline]
pub(crate) fn count_masks(counts: &PathCounts) -> (u32, u32) {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ABOVE_ONE: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    // The high bit of each byte of `w` that is not zero, gathered into the low 8 bits.
    let nonzero = |w: u64| -> u32 {
        let h = (((w & LOW7) + LOW7) | w) & HIGH;
        ((h >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    };
    let (mut one, mut two) = (0u32, 0u32);
    for k in 0..3 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&counts[1 + 8 * k..9 + 8 * k]);
        let w = u64::from_le_bytes(b);
        one |= nonzero(w) << (1 + 8 * k);
        two |= nonzero(w & ABOVE_ONE) << (1 + 8 * k);
    }
    (one, two)
}

/// The key of [`Board::key`] for raw path counts.
#[must_use]
#[inline]
pub(crate) fn key_of(c: &PathCounts) -> u128 {
    // Eight counts at a time: the low nibbles of 8 bytes packed into 32 bits.
    let pack = |w: u64| -> u128 {
        let w = w & 0x0F0F_0F0F_0F0F_0F0F;
        let w = (w | (w >> 4)) & 0x00FF_00FF_00FF_00FF;
        let w = (w | (w >> 8)) & 0x0000_FFFF_0000_FFFF;
        u128::from(((w | (w >> 16)) & 0xFFFF_FFFF) as u32)
    };
    let mut k = 0u128;
    for i in 0..3 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&c[1 + 8 * i..9 + 8 * i]);
        k |= pack(u64::from_le_bytes(b)) << (32 * i);
    }
    k | u128::from(c[25] & 0xF) << 96
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed key and the bit sets agree with position-by-position definitions on
    /// counts of every value 0..=15 at every position.
    #[test]
    fn key_and_masks_match_their_definitions() {
        let mut c: PathCounts = [0; 26];
        for seed in 0u32..400 {
            for (p, n) in c.iter_mut().enumerate().skip(1) {
                *n = ((seed.wrapping_mul(2_654_435_761) >> (p % 29)) as u8 ^ p as u8) % 16;
            }
            let mut key = 0u128;
            let (mut one, mut two) = (0u32, 0u32);
            for (p, &n) in c.iter().enumerate().skip(1) {
                key |= u128::from(n) << (4 * (p - 1));
                if p <= 24 {
                    one |= u32::from(n >= 1) << p;
                    two |= u32::from(n >= 2) << p;
                }
            }
            assert_eq!(key_of(&c), key, "{c:?}");
            assert_eq!(count_masks(&c), (one, two), "{c:?}");
        }
    }
}
