//! The integration tests of trictrac-core, one module a subject (each file of this folder but
//! `main.rs`, `td_alloc.rs` (its own binary)), in one test
//! binary: one link instead of one per file.

mod ai;
mod common;
mod ecrire;
mod laws;
mod marking;
mod partie;
mod referee;
mod scoring;
#[cfg(feature = "svg")]
mod svg;
