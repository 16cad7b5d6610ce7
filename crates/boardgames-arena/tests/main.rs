//! The integration tests of boardgames-arena, one module a subject (each file of this folder
//! but `main.rs`), in one test binary: one link instead of one per file.

mod agents;
mod jobs;
mod replay_page;
mod selfplay;
mod tournament;
