#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

// The layers, from the bottom: each module imports only from the layers below it.
mod clock;
mod error;

pub mod agents;

pub mod replay_page;
mod rules;

pub mod selfplay;
pub mod tournament;

pub mod jobs;

pub use clock::{Clock, NoClock};
pub use error::ArenaError;
