//! The boardgames-rs family in one crate: re-exports of the rules crates.
//!
//! - [`common`]: dice, seeds, records and the `Game` trait ([`boardgames_common`]);
//! - [`trictrac`]: French grand trictrac ([`trictrac_core`]);
//! - [`tafl`]: Fidchell, Brandubh and the tafl family ([`tafl_core`]);
//! - [`sugoroku`]: the Tric Trac Nippon sugoroku ([`sugoroku_core`]).
#![deny(missing_docs)]

// The README's examples are compiled and run as doctests of this crate.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub use boardgames_common as common;
pub use sugoroku_core as sugoroku;
pub use tafl_core as tafl;
pub use trictrac_core as trictrac;
