//! The multilayer perceptron of the TD-trained evaluation ([`TdNetwork`]): its outputs
//! ([`TdEstimate`]), its forward pass and its step of learning; its weights file (format 1)
//! is `file.rs`, the errors of reading one `error.rs`.

use std::sync::OnceLock;

use boardgames_common::Seed;
use rand::RngExt;

use super::features::{Inputs, NUM_INPUTS, encode};
use crate::Ordinaire;
use crate::board::Position;

mod error;
mod file;

pub use error::TdNetworkError;
pub use file::FORMAT_VERSION;

/// The outputs of the network: win, win double, lose double.
pub const OUTPUTS: usize = 3;
/// The most hidden units a network may have (the size of the buffers of an evaluation).
pub const MAX_HIDDEN: usize = 256;

/// The weights shipped with the crate (trained by self-play: the repository's
/// [trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md) gives the command).
static SHIPPED_BYTES: &[u8] = include_bytes!("../td-network.bin");

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
/// use trictrac_core::ai::TdNetwork;
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
    /// `TdNetwork::finish` (the tests' reference), computed [`BLOCK`] hidden units at a time.
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
}

#[cfg(test)]
mod tests;
