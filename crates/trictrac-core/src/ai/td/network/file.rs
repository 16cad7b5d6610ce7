//! The weights file of a [`TdNetwork`] (format 1).
//!
//! # The weights file
//!
//! All numbers little-endian:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `TTTD` |
//! | 4 | 2 | format version, 1 |
//! | 6 | 2 | feature set of the inputs, 1 |
//! | 8 | 2 | inputs (279 for feature set 1) |
//! | 10 | 2 | hidden units, 1 to 256 |
//! | 12 | 2 | outputs, 3 |
//! | 14 | 2 | reserved, 0 |
//! | 16 | 8 | parties of self-play the weights were trained on |
//! | 24 | 4 × n | the weights as IEEE 754 `f32`: the hidden layer's by input (`inputs × hidden`, input-major), its biases (`hidden`), the output layer's by output (`outputs × hidden`), its biases (`outputs`) |
//! | 24 + 4n | 8 | checksum: FNV-1a 64 of every byte before it |

use super::{MAX_HIDDEN, OUTPUTS, TdNetwork, TdNetworkError};
use crate::ai::td::features::{FEATURE_SET, NUM_INPUTS};

const MAGIC: [u8; 4] = *b"TTTD";
/// The version of the weights file this crate reads and writes.
pub const FORMAT_VERSION: u16 = 1;
const HEADER: usize = 24;

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl TdNetwork {
    /// Reads a weights file (module docs of the format).
    ///
    /// # Errors
    /// [`TdNetworkError`] saying what is wrong: the length, the magic, the version, the
    /// feature set, the sizes, the checksum, a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<TdNetwork, TdNetworkError> {
        let length = |expected| TdNetworkError::Length {
            expected,
            found: bytes.len(),
        };
        if bytes.len() < HEADER + 8 {
            return Err(length(HEADER + 8));
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let magic = [bytes[0], bytes[1], bytes[2], bytes[3]];
        if magic != MAGIC {
            return Err(TdNetworkError::Magic(magic));
        }
        let version = u16_at(4);
        if version != FORMAT_VERSION {
            return Err(TdNetworkError::Version(version));
        }
        let (features, inputs) = (u16_at(6), u16_at(8));
        if features != FEATURE_SET || usize::from(inputs) != NUM_INPUTS {
            return Err(TdNetworkError::Features {
                found: features,
                inputs,
            });
        }
        let (hidden, outputs) = (usize::from(u16_at(10)), usize::from(u16_at(12)));
        if hidden == 0 || hidden > MAX_HIDDEN || outputs != OUTPUTS {
            return Err(TdNetworkError::Sizes { hidden, outputs });
        }
        let count = NUM_INPUTS * hidden + hidden + OUTPUTS * hidden + OUTPUTS;
        let total = HEADER + 4 * count + 8;
        if bytes.len() != total {
            return Err(length(total));
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[total - 8..]);
        let (expected, found) = (fnv1a(&bytes[..total - 8]), u64::from_le_bytes(sum));
        if expected != found {
            return Err(TdNetworkError::Checksum { expected, found });
        }
        let mut parties = [0u8; 8];
        parties.copy_from_slice(&bytes[16..24]);
        let mut weights = bytes[HEADER..total - 8]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        if let Some(i) = weights.clone().position(|w| !w.is_finite()) {
            return Err(TdNetworkError::NotFinite(i));
        }
        let mut n = TdNetwork::zeros(hidden);
        n.parties = u64::from_le_bytes(parties);
        for w in
            n.w1.iter_mut()
                .chain(&mut n.b1)
                .chain(&mut n.w2)
                .chain(&mut n.b2)
        {
            *w = weights.next().unwrap_or(0.0);
        }
        Ok(n)
    }

    /// The weights file of this network (module docs of the format).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let count = self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS;
        let mut out = Vec::with_capacity(HEADER + 4 * count + 8);
        out.extend_from_slice(&MAGIC);
        for v in [
            FORMAT_VERSION,
            FEATURE_SET,
            NUM_INPUTS as u16,
            self.hidden as u16,
            OUTPUTS as u16,
            0,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.parties.to_le_bytes());
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}
