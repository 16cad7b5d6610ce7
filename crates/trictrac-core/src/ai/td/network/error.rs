//! The errors of reading a weights file ([`TdNetworkError`]).

use thiserror::Error;

use crate::ai::td::features::{FEATURE_SET, NUM_INPUTS};

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
