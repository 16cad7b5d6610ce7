//! The checkpoint of `boardgames trictrac train`: the settings, the parties done, the
//! evaluations so far and the network, in one file written atomically (a temporary file in
//! the same directory, synced, then renamed over the old one), so that a run killed at any
//! moment resumes from the last checkpoint.
//!
//! Layout: the magic `TTCK`, a `u32` little-endian length, that many bytes of JSON (the
//! settings, the parties done, the wall time spent, the evaluations), then the network's
//! weights file (trictrac-core's `TdNetwork::to_bytes`, with its own checksum).

use std::path::Path;

use serde::{Deserialize, Serialize};
use trictrac_core::ai::TdNetwork;

use crate::io::error::CliError;

const MAGIC: &[u8; 4] = b"TTCK";

/// The settings that decide the weights: a checkpoint resumes only under the same.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Settings {
    pub(crate) seed: u64,
    pub(crate) lambda: f32,
    pub(crate) rate: f32,
    pub(crate) rate_final: f32,
    pub(crate) hidden: usize,
    pub(crate) threads: usize,
    pub(crate) trous: u8,
    pub(crate) pavillon_share: f32,
    /// The parties the learning rate decays over (the run's `--parties` when it started).
    pub(crate) schedule: u64,
    pub(crate) every: u64,
    pub(crate) eval_parties: u32,
}

/// One evaluation against the heuristic bot.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Evaluation {
    /// Parties of self-play trained before it.
    pub(crate) parties: u64,
    /// Parties won by the network's bot.
    pub(crate) wins: u64,
    /// Parties played.
    pub(crate) games: u64,
    /// Its 95% Wilson interval of the win rate.
    pub(crate) low: f64,
    pub(crate) high: f64,
    /// Wall seconds of training when it was made.
    pub(crate) seconds: f64,
}

/// What a checkpoint holds besides the network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct State {
    pub(crate) version: u32,
    pub(crate) settings: Settings,
    pub(crate) parties: u64,
    pub(crate) seconds: f64,
    pub(crate) evaluations: Vec<Evaluation>,
}

/// Writes `bytes` to `path` whole or not at all ([`crate::files::write_atomic`]: a
/// temporary file beside it, synced, then renamed over `path`), so that `path` holds either
/// the old or the new bytes whenever the process is killed; a temporary file left by a kill
/// is reused by the next write of the same file.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    crate::io::files::write_atomic(path, bytes)
        .map_err(|e| CliError::Output(format!("cannot write {}: {e}", path.display())))
}

/// The bytes of a checkpoint.
pub(crate) fn encode(state: &State, network: &TdNetwork) -> Result<Vec<u8>, CliError> {
    let json = serde_json::to_vec(state).map_err(|e| CliError::Output(e.to_string()))?;
    let mut out = Vec::with_capacity(8 + json.len() + 4096);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(&json);
    out.extend_from_slice(&network.to_bytes());
    Ok(out)
}

/// Reads the checkpoint at `path`.
pub(crate) fn read(path: &Path) -> Result<(State, TdNetwork), CliError> {
    let bytes = std::fs::read(path).map_err(|error| CliError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let bad = |m: String| CliError::input("--checkpoint", format!("{}: {m}", path.display()));
    if bytes.len() < 8 || &bytes[..4] != MAGIC {
        return Err(bad(
            "not a checkpoint of trictrac train (no TTCK header)".into()
        ));
    }
    let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let json = bytes.get(8..8 + len).ok_or_else(|| {
        bad(format!(
            "its header announces {len} bytes of settings, the file is shorter"
        ))
    })?;
    let state: State =
        serde_json::from_slice(json).map_err(|e| bad(format!("its settings do not read: {e}")))?;
    if state.version != 1 {
        return Err(bad(format!(
            "checkpoint version {}, expected 1",
            state.version
        )));
    }
    let network = TdNetwork::from_bytes(&bytes[8 + len..]).map_err(|e| bad(e.to_string()))?;
    Ok((state, network))
}
