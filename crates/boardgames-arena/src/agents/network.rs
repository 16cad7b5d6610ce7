//! The network of a TD-trained trictrac bot: the shipped one or one read from a weights
//! file ([`Network`]), shared by every agent built from it.

use std::sync::Arc;

use trictrac_core::ai::TdNetwork;

use super::error::AgentError;
use super::spec::Weights;

/// The largest weights file read, in bytes (the largest network, 256 hidden units, is about
/// 300 KiB).
pub const MAX_WEIGHTS_FILE: u64 = 16 << 20;

/// A TD-trained network: the one shipped with trictrac-core, or one read from a weights
/// file, shared (cheap to clone) by every agent built from it.
#[derive(Debug, Clone)]
pub struct Network(Source);

#[derive(Debug, Clone)]
enum Source {
    Shipped,
    Read(Arc<TdNetwork>),
}

impl PartialEq for Network {
    /// The same network: both the shipped one, or the same file's reading.
    fn eq(&self, other: &Network) -> bool {
        match (&self.0, &other.0) {
            (Source::Shipped, Source::Shipped) => true,
            (Source::Read(a), Source::Read(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Network {}

impl Network {
    /// The network shipped with trictrac-core.
    #[must_use]
    pub fn shipped() -> Network {
        Network(Source::Shipped)
    }

    /// The network of `bytes`, the contents of the weights file `path` (named in errors).
    ///
    /// # Errors
    /// [`AgentError::TooLarge`] beyond [`MAX_WEIGHTS_FILE`] bytes, [`AgentError::NotANetwork`]
    /// for bytes that hold no network.
    pub fn from_bytes(path: &str, bytes: &[u8]) -> Result<Network, AgentError> {
        if bytes.len() as u64 > MAX_WEIGHTS_FILE {
            return Err(AgentError::TooLarge {
                path: path.to_owned(),
                max: MAX_WEIGHTS_FILE,
            });
        }
        let network = TdNetwork::from_bytes(bytes).map_err(|e| AgentError::NotANetwork {
            path: path.to_owned(),
            error: e.to_string(),
        })?;
        Ok(Network(Source::Read(Arc::new(network))))
    }

    /// The network of the weights file `path`, of which at most [`MAX_WEIGHTS_FILE`] bytes
    /// are read (bounded memory whatever the path names). Where the platform has no files
    /// (WebAssembly in a browser), the read fails: give the bytes to
    /// [`Network::from_bytes`].
    ///
    /// # Errors
    /// [`AgentError::Unreadable`] when the file cannot be read, and those of
    /// [`Network::from_bytes`].
    pub fn read(path: &str) -> Result<Network, AgentError> {
        use std::io::Read as _;
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_WEIGHTS_FILE + 1).read_to_end(&mut bytes))
            .map_err(|e| AgentError::Unreadable {
                path: path.to_owned(),
                error: e.to_string(),
            })?;
        Network::from_bytes(path, &bytes)
    }

    /// The network of `weights`: the shipped one, or its file read.
    ///
    /// # Errors
    /// Those of [`Network::read`].
    pub fn of(weights: &Weights) -> Result<Network, AgentError> {
        match weights {
            Weights::Shipped => Ok(Network::shipped()),
            Weights::File(path) => Network::read(path),
        }
    }

    /// The network itself.
    #[must_use]
    pub fn get(&self) -> &TdNetwork {
        match &self.0 {
            Source::Shipped => TdNetwork::shipped(),
            Source::Read(n) => n,
        }
    }
}
