//! The multilayer perceptron of the TD-trained evaluation ([`TdNetwork`]), its outputs
//! ([`TdEstimate`]) and its weights file (format 1).
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

use std::sync::OnceLock;

use boardgames_common::Seed;
use rand::RngExt;
use thiserror::Error;

use super::features::{FEATURE_SET, Inputs, NUM_INPUTS, encode};
use crate::board::Position;
use crate::partie::ordinaire::Ordinaire;

/// The outputs of the network: win, win double, lose double.
pub const OUTPUTS: usize = 3;
/// The most hidden units a network may have (the size of the buffers of an evaluation).
pub const MAX_HIDDEN: usize = 256;

const MAGIC: [u8; 4] = *b"TTTD";
/// The version of the weights file this crate reads and writes.
pub const FORMAT_VERSION: u16 = 1;
const HEADER: usize = 24;

/// The weights shipped with the crate (trained by self-play: the repository's
/// [trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md) gives the command).
static SHIPPED_BYTES: &[u8] = include_bytes!("td-network.bin");

/// What the network estimates for a state before a throw, for the player to throw: the
/// probabilities that he wins the partie, that he wins it double, that he loses it double
/// (the pavillon option: the Breton article "Trictrac", "Perzh ar bannielig"; without the
/// option both are near 0).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TdEstimate {
    /// Probability of winning the partie (double or not).
    pub win: f32,
    /// Probability of winning it double.
    pub win_double: f32,
    /// Probability of losing it double.
    pub lose_double: f32,
}

impl TdEstimate {
    /// The expected return of the partie ordinaire (±1, ±2 when won double):
    /// `2·win − 1 + win_double − lose_double`, in −2..=2.
    #[must_use]
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_double - self.lose_double
    }

    /// The same estimate seen by the opponent: his win is our loss, his double win our
    /// double loss.
    #[must_use]
    pub fn mirror(&self) -> TdEstimate {
        TdEstimate {
            win: 1.0 - self.win,
            win_double: self.lose_double,
            lose_double: self.win_double,
        }
    }

    /// The certain estimate of a partie over: won or lost, double or not.
    #[must_use]
    pub fn outcome(won: bool, double: bool) -> TdEstimate {
        TdEstimate {
            win: if won { 1.0 } else { 0.0 },
            win_double: if won && double { 1.0 } else { 0.0 },
            lose_double: if !won && double { 1.0 } else { 0.0 },
        }
    }

    pub(crate) fn to_array(self) -> [f32; OUTPUTS] {
        [self.win, self.win_double, self.lose_double]
    }

    pub(crate) fn from_array(a: [f32; OUTPUTS]) -> TdEstimate {
        TdEstimate {
            win: a[0],
            win_double: a[1],
            lose_double: a[2],
        }
    }
}

/// Why bytes are not a weights file this crate reads.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TdNetworkError {
    /// Fewer bytes than the header and checksum, or than the sizes in the header announce.
    #[error("the weights file has {found} bytes where {expected} were expected")]
    Length {
        /// The bytes expected (at least the header and checksum).
        expected: usize,
        /// The bytes found.
        found: usize,
    },
    /// The first four bytes are not `TTTD`.
    #[error("not a trictrac weights file: the first four bytes are {0:?}, expected \"TTTD\"")]
    Magic([u8; 4]),
    /// A format version this crate does not read.
    #[error("weights file format version {0}, this crate reads version 1")]
    Version(u16),
    /// A network trained on other inputs.
    #[error(
        "the weights are for feature set {found} with {inputs} inputs, this crate has feature set {FEATURE_SET} with {NUM_INPUTS} inputs"
    )]
    Features {
        /// The feature set in the file.
        found: u16,
        /// The inputs in the file.
        inputs: u16,
    },
    /// Hidden units outside 1..=256 or outputs other than 3.
    #[error(
        "{hidden} hidden units and {outputs} outputs: expected 1 to 256 hidden units and 3 outputs"
    )]
    Sizes {
        /// The hidden units in the file (or asked for).
        hidden: usize,
        /// The outputs in the file.
        outputs: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("checksum {found:#018x} where the bytes give {expected:#018x}: the file is damaged")]
    Checksum {
        /// The checksum of the bytes.
        expected: u64,
        /// The checksum written in the file.
        found: u64,
    },
    /// A weight is not a finite number.
    #[error("weight {0} is not a finite number")]
    NotFinite(usize),
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `1 / (1 + e^−x)`, with `e^−x` as `2^t` for `t = −x·log2(e)` clamped to ±126: the
/// nearest integer to `t` in the exponent bits, the rest `f` (|f| ≤ ½) by the degree-5
/// Taylor polynomial of `2^f` (relative error below 10⁻⁵). The nearest integer is found by
/// adding and subtracting 1.5·2²³ (the float's own rounding), not by a conversion, and the
/// rest is plain arithmetic, so that a layer's units are computed several at a time (the
/// library's `exp` is a call the compiler cannot vectorise); the same function in training
/// and play, on every platform.
#[inline]
pub(crate) fn sigmoid(x: f32) -> f32 {
    const ROUND: f32 = 12_582_912.0;
    let t = (-x * std::f32::consts::LOG2_E).clamp(-126.0, 126.0);
    let r = t + ROUND;
    // The low bits of `r`'s mantissa hold t rounded to the nearest integer, plus 2²².
    let whole = (r.to_bits() as i32).wrapping_sub(0x4B40_0000);
    let f = t - (r - ROUND);
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_5 + f * (0.055_504_11 + f * (0.009_618_129 + f * 0.001_333_355_8))));
    let scale = f32::from_bits((whole.wrapping_add(127) as u32) << 23);
    1.0 / (1.0 + scale * p)
}

/// The dot product of `a` and `b` (of equal lengths), summed in eight lanes (element `i` in
/// lane `i mod 8`, the lanes added pairwise at the end): a fixed order, so the same on every
/// platform, that the compiler computes several lanes at a time.
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, a_rest) = a.split_at(a.len() - a.len() % 8);
    let (b8, b_rest) = b.split_at(a8.len().min(b.len()));
    for (x, y) in a8.chunks_exact(8).zip(b8.chunks_exact(8)) {
        for l in 0..8 {
            lanes[l] += x[l] * y[l];
        }
    }
    for (l, (x, y)) in a_rest.iter().zip(b_rest).enumerate() {
        lanes[l] += x * y;
    }
    lanes_sum(&lanes)
}

/// The sum of the eight lanes of [`dot`], added pairwise.
#[inline]
fn lanes_sum(lanes: &[f32; 8]) -> f32 {
    let quads = [
        lanes[0] + lanes[4],
        lanes[1] + lanes[5],
        lanes[2] + lanes[6],
        lanes[3] + lanes[7],
    ];
    (quads[0] + quads[2]) + (quads[1] + quads[3])
}

/// The hidden units that [`TdNetwork::forward_from`] computes together: their sums stay in
/// registers (eight 4-lane or four 8-lane vector registers) while the inputs are added.
const BLOCK: usize = 32;

/// Adds the activations of a block of hidden units (of input sums `z`) times each output's
/// weights `w` for them into the output's lanes of [`dot`] (unit `l` of the block into lane
/// `l mod 8`, in the order of `l`).
///
/// Not inlined: the lanes and the constants of the sigmoid then stay out of the vector
/// registers while a block's sums are accumulated.
#[inline(never)]
fn add_block_outputs(
    lanes: &mut [[f32; 8]; OUTPUTS],
    w: &[&[f32; BLOCK]; OUTPUTS],
    z: &[f32; BLOCK],
) {
    let mut h = [0.0f32; BLOCK];
    for l in 0..BLOCK {
        h[l] = sigmoid(z[l]);
    }
    for (lane, w) in lanes.iter_mut().zip(w) {
        for l in 0..BLOCK {
            lane[l % 8] += w[l] * h[l];
        }
    }
}

/// The hidden layer's values (input sums or activations), the first `hidden` of them used.
#[derive(Clone, Copy)]
pub(crate) struct Hidden(pub(crate) [f32; MAX_HIDDEN]);

/// A TD-trained network: one hidden layer of sigmoid units over the inputs of a state before
/// a throw (the repository's [trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md), and the module docs of the bot), three
/// sigmoid outputs ([`TdEstimate`]).
///
/// Evaluating allocates nothing (the hidden layer lives in a buffer of [`MAX_HIDDEN`] on the
/// stack); the weights are allocated once, when the network is made or read.
///
/// ```
/// use trictrac_core::Position;
/// use trictrac_core::bot::TdNetwork;
/// use trictrac_core::{GameOptions, Ordinaire};
/// let network = TdNetwork::shipped();
/// let estimate = network.evaluate(&Position::start(), &Ordinaire::of(&GameOptions::default()));
/// assert!(estimate.win > 0.0 && estimate.win < 1.0);
/// ```
#[derive(Clone, PartialEq)]
pub struct TdNetwork {
    hidden: usize,
    parties: u64,
    /// `NUM_INPUTS × hidden`, input-major.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `OUTPUTS × hidden`, output-major.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

impl std::fmt::Debug for TdNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TdNetwork")
            .field("inputs", &NUM_INPUTS)
            .field("hidden", &self.hidden)
            .field("parties", &self.parties)
            .finish_non_exhaustive()
    }
}

impl TdNetwork {
    /// The network shipped with the crate, read once (its file is checked by the crate's
    /// tests; a damaged file would give an untrained network of 1 hidden unit rather than
    /// panic).
    #[must_use]
    pub fn shipped() -> &'static TdNetwork {
        static SHIPPED: OnceLock<TdNetwork> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            TdNetwork::from_bytes(SHIPPED_BYTES).unwrap_or_else(|_| TdNetwork::zeros(1))
        })
    }

    fn zeros(hidden: usize) -> TdNetwork {
        TdNetwork {
            hidden,
            parties: 0,
            w1: vec![0.0; NUM_INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; OUTPUTS * hidden],
            b2: [0.0; OUTPUTS],
        }
    }

    /// An untrained network of `hidden` units, its weights drawn from `seed`: uniform in
    /// ±0.1 for the hidden layer, ±1/√hidden for the outputs, biases 0.
    ///
    /// # Errors
    /// [`TdNetworkError::Sizes`] unless `hidden` is 1 to [`MAX_HIDDEN`].
    pub fn new(hidden: usize, seed: Seed) -> Result<TdNetwork, TdNetworkError> {
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(TdNetworkError::Sizes {
                hidden,
                outputs: OUTPUTS,
            });
        }
        let mut n = TdNetwork::zeros(hidden);
        let mut rng = seed.rng();
        for w in &mut n.w1 {
            *w = rng.random_range(-0.1..0.1);
        }
        let a = 1.0 / (hidden as f32).sqrt();
        for w in &mut n.w2 {
            *w = rng.random_range(-a..a);
        }
        Ok(n)
    }

    /// The hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The parties of self-play the network was trained on (as written in its file).
    #[must_use]
    pub fn parties(&self) -> u64 {
        self.parties
    }

    /// Sets the parties of self-play the network was trained on.
    pub fn set_parties(&mut self, parties: u64) {
        self.parties = parties;
    }

    /// The estimate for the side to move of `position` before he throws, in a partie of
    /// `form` (its trous to win and pavillon option); the position's marks are the marks.
    #[must_use]
    pub fn evaluate(&self, position: &Position, form: &Ordinaire) -> TdEstimate {
        self.forward(&encode(position, form))
    }

    /// The hidden layer's input sums before any input: its biases.
    #[inline]
    pub(crate) fn start(&self) -> Hidden {
        let mut z = Hidden([0.0; MAX_HIDDEN]);
        z.0[..self.hidden].copy_from_slice(&self.b1);
        z
    }

    /// Adds the weighted `inputs` to the hidden layer's input sums `z` (each sum adding the
    /// inputs in their order), [`BLOCK`] units at a time when the layer is made of blocks.
    #[inline]
    pub(crate) fn accumulate(&self, inputs: &Inputs, z: &mut Hidden) {
        let n = self.hidden;
        let pairs = inputs.pairs();
        if n.is_multiple_of(BLOCK) {
            let blocks = n / BLOCK;
            let (w1, _) = self.w1.as_chunks::<BLOCK>();
            let (sums, _) = z.0[..n].as_chunks_mut::<BLOCK>();
            for (b, sums) in sums.iter_mut().enumerate() {
                let mut s = *sums;
                for &(i, v) in pairs {
                    let Some(w) = w1.get(usize::from(i) * blocks + b) else {
                        continue;
                    };
                    // `1.0 * w` is `w` exactly.
                    for l in 0..BLOCK {
                        s[l] += v * w[l];
                    }
                }
                *sums = s;
            }
            return;
        }
        let z = &mut z.0[..n];
        for &(i, v) in pairs {
            let column = &self.w1[usize::from(i) * n..(usize::from(i) + 1) * n];
            for (a, &w) in z.iter_mut().zip(column) {
                *a += v * w;
            }
        }
    }

    /// [`TdNetwork::accumulate`] one input after another, the weight itself added for an
    /// input of 1 (the plain pass the blocked ones are checked against).
    #[cfg(test)]
    fn accumulate_plain(&self, inputs: &Inputs, z: &mut Hidden) {
        let n = self.hidden;
        let z = &mut z.0[..n];
        for (i, v) in inputs.iter() {
            let column = &self.w1[i * n..(i + 1) * n];
            if v == 1.0 {
                for (a, &w) in z.iter_mut().zip(column) {
                    *a += w;
                }
            } else {
                for (a, &w) in z.iter_mut().zip(column) {
                    *a += v * w;
                }
            }
        }
    }

    /// The hidden layer's activations from its input sums `z`, into `h`.
    #[inline]
    fn activate(&self, z: &Hidden, h: &mut Hidden) {
        let n = self.hidden;
        for (a, &x) in h.0[..n].iter_mut().zip(&z.0[..n]) {
            *a = sigmoid(x);
        }
    }

    #[inline]
    fn output_layer(&self, h: &Hidden) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let mut out = [0.0; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = sigmoid(self.b2[k] + dot(&self.w2[k * n..(k + 1) * n], &h.0[..n]));
        }
        out
    }

    /// The estimate from the hidden layer's input sums, unit after unit (the reference
    /// that [`TdNetwork::forward_from`] is checked against).
    #[cfg(test)]
    pub(crate) fn finish(&self, z: &Hidden) -> TdEstimate {
        let mut h = Hidden([0.0; MAX_HIDDEN]);
        self.activate(z, &mut h);
        TdEstimate::from_array(self.output_layer(&h))
    }

    /// The estimate for encoded inputs.
    #[inline]
    pub(crate) fn forward(&self, inputs: &Inputs) -> TdEstimate {
        self.forward_from(&self.b1, inputs)
    }

    /// The estimate from the hidden layer's input sums `base` (its first `hidden` values:
    /// the biases, or the biases and inputs already added by [`TdNetwork::accumulate`])
    /// plus the weighted `inputs`: the very numbers of `accumulate` then
    /// [`TdNetwork::finish`], computed [`BLOCK`] hidden units at a time.
    ///
    /// Each unit's sum adds the inputs in their order, and each output's dot product adds
    /// unit `j` into lane `j mod 8` in the order of `j` (as [`dot`]): the same operations in
    /// the same order on each number, so the same bits; only the loops are turned inside
    /// out, so that a block's sums stay in registers while the inputs' weights stream past
    /// (rather than each input's weights being added to sums loaded and stored again).
    pub(crate) fn forward_from(&self, base: &[f32], inputs: &Inputs) -> TdEstimate {
        let n = self.hidden;
        let pairs = inputs.pairs();
        let mut lanes = [[0.0f32; 8]; OUTPUTS];
        // Whole blocks when the layer is made of them (the weights of input `i` for block
        // `b` are then the chunk `i · blocks + b`, those of output `k` the chunk
        // `k · blocks + b`), else one unit at a time.
        let (blocks, single) = if n.is_multiple_of(BLOCK) {
            (n / BLOCK, n)
        } else {
            (0, 0)
        };
        let (w1, _) = self.w1.as_chunks::<BLOCK>();
        let (w2, _) = self.w2.as_chunks::<BLOCK>();
        let (b1, _) = base.as_chunks::<BLOCK>();
        for (&start, b) in b1.iter().zip(0..blocks) {
            let mut z = start;
            for &(i, v) in pairs {
                let Some(w) = w1.get(usize::from(i) * blocks + b) else {
                    continue;
                };
                // `1.0 * w` is `w` exactly: the sums of the plain pass, which adds the
                // weight itself for an input of 1.
                for l in 0..BLOCK {
                    z[l] += v * w[l];
                }
            }
            let mut w = [&[0.0; BLOCK]; OUTPUTS];
            for (k, w) in w.iter_mut().enumerate() {
                if let Some(row) = w2.get(k * blocks + b) {
                    *w = row;
                }
            }
            add_block_outputs(&mut lanes, &w, &z);
        }
        // A layer not made of whole blocks, one unit at a time.
        for j in single..n {
            let mut z = base.get(j).copied().unwrap_or(0.0);
            for &(i, v) in pairs {
                let w = self.w1.get(usize::from(i) * n + j).copied().unwrap_or(0.0);
                if v == 1.0 {
                    z += w;
                } else {
                    z += v * w;
                }
            }
            let h = sigmoid(z);
            for (k, lane) in lanes.iter_mut().enumerate() {
                lane[j % 8] += self.w2[k * n + j] * h;
            }
        }
        let mut out = [0.0; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = sigmoid(self.b2[k] + lanes_sum(&lanes[k]));
        }
        TdEstimate::from_array(out)
    }

    /// One step of gradient descent on the cross-entropy of each output toward `target`
    /// (each in 0..=1), with learning rate `rate`: the outputs' error is `target − output`
    /// (the gradient of the log-likelihood at the sigmoid's input), propagated back to the
    /// hidden layer and to the inputs that are not zero.
    pub(crate) fn learn(&mut self, inputs: &Inputs, target: &TdEstimate, rate: f32) {
        let n = self.hidden;
        let mut z = self.start();
        self.accumulate(inputs, &mut z);
        let mut h = Hidden([0.0; MAX_HIDDEN]);
        self.activate(&z, &mut h);
        let out = self.output_layer(&h);
        let h = &h.0;
        let target = target.to_array();
        let mut delta = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            delta[k] = target[k] - out[k];
        }
        // The hidden layer's error, with the output weights before this step.
        let mut back = [0.0f32; MAX_HIDDEN];
        for (j, b) in back[..n].iter_mut().enumerate() {
            let mut e = 0.0;
            for (k, d) in delta.iter().enumerate() {
                e += d * self.w2[k * n + j];
            }
            *b = e * h[j] * (1.0 - h[j]);
        }
        for (k, d) in delta.iter().enumerate() {
            let step = rate * d;
            self.b2[k] += step;
            for (w, a) in self.w2[k * n..(k + 1) * n].iter_mut().zip(&h[..n]) {
                *w += step * a;
            }
        }
        for (b, e) in self.b1.iter_mut().zip(&back[..n]) {
            *b += rate * e;
        }
        for (i, v) in inputs.iter() {
            let step = rate * v;
            for (w, e) in self.w1[i * n..(i + 1) * n].iter_mut().zip(&back[..n]) {
                *w += step * e;
            }
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameOptions;

    #[test]
    fn bytes_round_trip_and_damage_is_refused() {
        let mut n = TdNetwork::new(5, Seed(3)).unwrap();
        n.set_parties(77);
        let bytes = n.to_bytes();
        assert_eq!(bytes.len(), 24 + 4 * (279 * 5 + 5 + 15 + 3) + 8);
        assert_eq!(TdNetwork::from_bytes(&bytes).unwrap(), n);
        let mut bad = bytes.clone();
        bad[100] ^= 1;
        assert!(matches!(
            TdNetwork::from_bytes(&bad),
            Err(TdNetworkError::Checksum { .. })
        ));
        assert_eq!(
            TdNetwork::from_bytes(&bytes[..bytes.len() - 1]),
            Err(TdNetworkError::Length {
                expected: bytes.len(),
                found: bytes.len() - 1
            })
        );
        let mut version = bytes.clone();
        version[4] = 2;
        assert_eq!(
            TdNetwork::from_bytes(&version),
            Err(TdNetworkError::Version(2))
        );
        assert_eq!(
            TdNetwork::from_bytes(b"PNG\0 and more bytes than a header needs"),
            Err(TdNetworkError::Magic(*b"PNG\0"))
        );
        assert!(TdNetwork::new(0, Seed(1)).is_err());
        assert!(TdNetwork::new(257, Seed(1)).is_err());
    }

    #[test]
    fn learning_moves_the_estimate_toward_the_target() {
        let mut n = TdNetwork::new(8, Seed(1)).unwrap();
        let form = Ordinaire::of(&GameOptions::default());
        let inputs = encode(&Position::start(), &form);
        let before = n.forward(&inputs);
        let target = TdEstimate::outcome(true, false);
        for _ in 0..50 {
            n.learn(&inputs, &target, 0.1);
        }
        let after = n.forward(&inputs);
        assert!(after.win > before.win + 0.2, "{before:?} -> {after:?}");
        assert!(after.win_double < before.win_double);
        assert!(after.lose_double < before.lose_double);
    }

    /// The blocked forward pass gives the very bits of the unit-after-unit one (the input
    /// sums one input after another, the weight itself for an input of 1, then the
    /// activations, then each output's dot product), for every size of the
    /// hidden layer around the block's, at the states of random parties, from the biases
    /// and from sums that already hold some inputs.
    #[test]
    fn the_blocked_forward_pass_is_bit_for_bit_the_plain_one() {
        use boardgames_common::{Game, Turn, sample_chance};

        use crate::TrictracGame;

        let form = Ordinaire::of(&GameOptions::default());
        let mut states = Vec::new();
        for g in 0..6u64 {
            let mut game = TrictracGame::standard(GameOptions::default());
            let mut rng = Seed(g).rng();
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            while game.turn() != Turn::Terminal && states.len() < 200 * (g as usize + 1) {
                states.push(*game.position());
                let action = match game.turn() {
                    Turn::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        sample_chance(&outcomes, &mut rng).unwrap()
                    }
                    _ => {
                        game.legal_actions(&mut legal);
                        legal[rng.random_range(0..legal.len())]
                    }
                };
                game.apply(action).unwrap();
            }
        }
        assert!(states.len() > 500, "{}", states.len());
        let mut compared = 0;
        for hidden in [1, 7, 8, 9, 31, 32, 33, 64, 70, 96, 256] {
            let mut n = TdNetwork::new(hidden, Seed(hidden as u64)).unwrap();
            // Biases and output weights not zero, some inputs' values not 1.
            let mut rng = Seed(1000 + hidden as u64).rng();
            for b in n.b1.iter_mut().chain(&mut n.b2) {
                *b = rng.random_range(-0.5..0.5);
            }
            for w in &mut n.w2 {
                *w = rng.random_range(-3.0..3.0);
            }
            for p in &states {
                let inputs = encode(p, &form);
                let mut z = n.start();
                n.accumulate_plain(&inputs, &mut z);
                let plain = n.finish(&z);
                let mut blocked = n.start();
                n.accumulate(&inputs, &mut blocked);
                assert_eq!(z.0.map(f32::to_bits), blocked.0.map(f32::to_bits));
                let blocked = n.forward(&inputs);
                assert_eq!(
                    plain.to_array().map(f32::to_bits),
                    blocked.to_array().map(f32::to_bits)
                );
                // From sums that hold the first half of the inputs.
                let pairs = inputs.pairs();
                let half = pairs.len() / 2;
                let first =
                    Inputs::from_pairs(pairs[..half].iter().map(|&(i, v)| (usize::from(i), v)));
                let rest =
                    Inputs::from_pairs(pairs[half..].iter().map(|&(i, v)| (usize::from(i), v)));
                let mut base = n.start();
                n.accumulate(&first, &mut base);
                let shared = n.forward_from(&base.0, &rest);
                assert_eq!(
                    plain.to_array().map(f32::to_bits),
                    shared.to_array().map(f32::to_bits)
                );
                compared += 1;
            }
        }
        assert!(compared > 5000, "{compared}");
    }

    #[test]
    fn the_sigmoid_is_the_logistic_function() {
        let mut x = -40.0f32;
        while x <= 40.0 {
            let exact = 1.0 / (1.0 + (-f64::from(x)).exp());
            let got = f64::from(sigmoid(x));
            assert!(
                (got - exact).abs() <= 1e-5 * exact.max(1e-3),
                "{x}: {got} {exact}"
            );
            x += 0.01;
        }
        assert_eq!(sigmoid(1000.0), 1.0);
        assert!(sigmoid(-1000.0) < 1e-37);
        assert_eq!(sigmoid(0.0), 0.5);
    }

    #[test]
    fn mirror_and_equity() {
        let e = TdEstimate {
            win: 0.7,
            win_double: 0.2,
            lose_double: 0.05,
        };
        assert!((e.equity() - (0.4 + 0.15)).abs() < 1e-6);
        assert!((e.mirror().equity() + e.equity()).abs() < 1e-6);
        assert_eq!(TdEstimate::outcome(false, true).equity(), -2.0);
        assert_eq!(TdEstimate::outcome(true, false).equity(), 1.0);
    }
}
