//! Zobrist keys: one random 64-bit key per (piece kind, square), one for the defenders to
//! move, one per corner visited, and for Berserk one per square for an officer, a knight and
//! a berserker. A position's hash is the XOR of the keys of its features
//! and is updated incrementally by `play`.
//!
//! The keys are the family's one SplitMix64 stream, [`Seed::derive`] of a pinned seed: key
//! `k` is `Seed(ZOBRIST_SEED).derive(k)`, computed at compile time.

use boardgames_common::Seed;

use crate::piece::Piece;
use crate::square::Square;

struct Keys {
    pieces: [[u64; Square::NUM]; Piece::NUM],
    defenders_to_move: u64,
    corners: [u64; 4],
    officers: [u64; Square::NUM],
    berserkers: [u64; Square::NUM],
    knights: [u64; Square::NUM],
}

/// The seed of the keys. Pinned: changing it changes every stored hash.
const ZOBRIST_SEED: Seed = Seed(0x7AF1_0003_0E34_1F99);

/// Pinned keys: key number `k`, in the order below, is `ZOBRIST_SEED.derive(k)`.
const KEYS: Keys = {
    let mut k = 0u64;
    let mut pieces = [[0u64; Square::NUM]; Piece::NUM];
    let mut p = 0;
    while p < Piece::NUM {
        let mut s = 0;
        while s < Square::NUM {
            pieces[p][s] = ZOBRIST_SEED.derive(k).0;
            k += 1;
            s += 1;
        }
        p += 1;
    }
    let defenders_to_move = ZOBRIST_SEED.derive(k).0;
    k += 1;
    let mut corners = [0u64; 4];
    let mut c = 0;
    while c < 4 {
        corners[c] = ZOBRIST_SEED.derive(k).0;
        k += 1;
        c += 1;
    }
    // Drawn after the others, which keep their values.
    let mut officers = [0u64; Square::NUM];
    let mut berserkers = [0u64; Square::NUM];
    let mut s = 0;
    while s < Square::NUM {
        officers[s] = ZOBRIST_SEED.derive(k).0;
        berserkers[s] = ZOBRIST_SEED.derive(k + 1).0;
        k += 2;
        s += 1;
    }
    // Drawn last (the knights got a key of their own when a side could hold both kinds).
    let mut knights = [0u64; Square::NUM];
    let mut s = 0;
    while s < Square::NUM {
        knights[s] = ZOBRIST_SEED.derive(k).0;
        k += 1;
        s += 1;
    }
    Keys {
        pieces,
        defenders_to_move,
        corners,
        officers,
        berserkers,
        knights,
    }
};

/// The key of `piece` on `sq`.
#[inline]
pub(crate) const fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// The key XORed in when the defenders are to move.
#[inline]
pub(crate) const fn side_key() -> u64 {
    KEYS.defenders_to_move
}

/// The key of corner number `i` (0..4) visited.
#[inline]
pub(crate) const fn corner_key(i: usize) -> u64 {
    KEYS.corners[i]
}

/// The key XORed in for a commander or knight on `sq` (on top of its soldier's key).
#[inline]
pub(crate) const fn officer_key(sq: Square) -> u64 {
    KEYS.officers[sq.index()]
}

/// The key XORed in for a knight on `sq` (on top of its soldier's and its officer key): a
/// commander and a knight on the same square hash apart.
#[inline]
pub(crate) const fn knight_key(sq: Square) -> u64 {
    KEYS.knights[sq.index()]
}

/// The key XORed in while the piece on `sq` is a berserker to move again.
#[inline]
pub(crate) const fn berserker_key(sq: Square) -> u64 {
    KEYS.berserkers[sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.pieces.iter().flatten().copied().collect();
        all.push(KEYS.defenders_to_move);
        all.extend(KEYS.corners);
        all.extend(KEYS.officers);
        all.extend(KEYS.berserkers);
        all.extend(KEYS.knights);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(n, 3 * 121 + 1 + 4 + 3 * 121);
    }

    /// The keys did not change when the crate's own SplitMix64 gave way to
    /// `Seed::derive` (the same generator: state `seed + (k + 1) × γ`, then the mix), so
    /// every hash stored before, and every search, is unchanged.
    #[test]
    fn keys_are_pinned() {
        // The former generator's first, 364th and last outputs from the same state.
        assert_eq!(KEYS.pieces[0][0], 0x0cbe_618f_9633_62c7);
        assert_eq!(KEYS.defenders_to_move, 0xd445_6c47_447d_eecc);
        assert_eq!(KEYS.berserkers[120], 0xc3e4_d257_2580_4d3a);
    }
}
