//! The integration tests of boardgames-cli, one module a subject (each file of this folder but
//! `main.rs`), in one test binary: one link instead of one per file.

mod bounded_memory;
mod browser;
mod cli;
mod cli_ecrire;
mod cli_table;
mod closed_stderr;
mod common;
mod crash_resume;
mod invariants;
mod layers;
mod merge_forged;
mod newcomer;
mod numeric_options;
mod opentafl_engine;
mod opentafl_engine_session;
mod options;
mod play;
mod referee;
#[cfg(feature = "serve")]
mod serve;
mod shards;
mod tafl_selfplay;
mod td_bot;
mod tournament;
mod train;
mod view;
