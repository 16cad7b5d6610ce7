//! Zobrist keys: one random 64-bit key per (piece kind, square), one for the defenders to
//! move, one per corner visited. A position's hash is the XOR of the keys of its features
//! and is updated incrementally by `play`.

use crate::piece::Piece;
use crate::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; Square::NUM]; Piece::NUM],
    defenders_to_move: u64,
    corners: [u64; 4],
    officers: [u64; Square::NUM],
    berserkers: [u64; Square::NUM],
}

/// Pinned keys: changing the seed changes every stored hash.
const KEYS: Keys = {
    let mut state = 0x7AF1_0003_0E34_1F99u64;
    let mut pieces = [[0u64; Square::NUM]; Piece::NUM];
    let mut p = 0;
    while p < Piece::NUM {
        let mut s = 0;
        while s < Square::NUM {
            let (st, k) = splitmix(state);
            state = st;
            pieces[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let (st, defenders_to_move) = splitmix(state);
    state = st;
    let mut corners = [0u64; 4];
    let mut c = 0;
    while c < 4 {
        let (st, k) = splitmix(state);
        state = st;
        corners[c] = k;
        c += 1;
    }
    // Drawn after the others, which keep their values.
    let mut officers = [0u64; Square::NUM];
    let mut berserkers = [0u64; Square::NUM];
    let mut s = 0;
    while s < Square::NUM {
        let (st, k) = splitmix(state);
        state = st;
        officers[s] = k;
        let (st, k) = splitmix(state);
        state = st;
        berserkers[s] = k;
        s += 1;
    }
    Keys {
        pieces,
        defenders_to_move,
        corners,
        officers,
        berserkers,
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
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(n, 3 * 121 + 1 + 4 + 2 * 121);
    }
}
