//! The translation layer of the `boardgames-rs` Python package: action ids, observation
//! arrays and errors over the public API of the game crates (`boardgames-common`,
//! `trictrac-core`, `tafl-core`, `sugoroku-core`), and, with the feature `python`, the PyO3
//! module `boardgames_rs._native` that maturin builds into the wheel.
//!
//! Nothing here is a rule of a game: legality, scoring and the end of a game are the crates'.
//! This crate only names the crates' actions by fixed integers ([`Encoded`]), writes their
//! positions into arrays, and keeps a game with its start and its actions ([`EncodedState`])
//! so that its record can be written and read back by the crates' own loops.
//!
//! The encodings and the observation layouts are tabled in the repository's
//! [python.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/python.md).
#![deny(missing_docs)]

mod encoded;
mod error;
mod state;
pub mod sugoroku;
pub mod tafl;
pub mod trictrac;
mod vector;

pub use encoded::Encoded;
pub use error::{ActionIdError, GameRecordError, RecordError};
#[allow(deprecated)]
pub use state::Session;
pub use state::{CHANCE, EncodedState, TERMINAL};
pub use vector::{Outputs, StepError, TaflVector};

#[cfg(feature = "python")]
mod python;
