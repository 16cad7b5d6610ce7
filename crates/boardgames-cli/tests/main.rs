//! The integration tests of boardgames-cli, one module a subject (each file of this folder but
//! `main.rs`), in one test binary: one link instead of one per file.

mod bounded_memory;
mod browser;
mod cli;
mod closed_stderr;
mod common;
mod crash_resume;
mod edge_cases;
mod invariants;
mod layers;
mod merge_forged;
mod numeric_options;
mod opentafl_engine;
mod opentafl_engine_session;
mod opentafl_match_script;
mod options;
mod play;
mod play_ecrire;
mod referee;
#[cfg(feature = "serve")]
mod serve;
mod shards;
mod tafl_selfplay;
mod tafl_tune;
mod td_bot;
mod tournament;
mod train;
mod trictrac_table;
mod view;
