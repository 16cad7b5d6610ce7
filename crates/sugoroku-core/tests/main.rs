//! The integration tests of sugoroku-core, one module a subject (each file of this folder but
//! `main.rs`), in one test binary: one link instead of one per file.

mod api;
mod common;
mod game_loop;
mod options;
mod properties;
mod rules;
mod simulation;
#[cfg(feature = "svg")]
mod svg;
