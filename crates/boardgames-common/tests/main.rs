//! The integration tests of boardgames-common, one module a subject (each file of this folder but
//! `main.rs`), in one test binary: one link instead of one per file.

mod agents;
mod properties;
mod tournament;
