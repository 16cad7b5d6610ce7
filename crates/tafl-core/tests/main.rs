//! The integration tests of tafl-core, one module a subject (each file of this folder but
//! `main.rs` and `ai_alloc.rs`, a binary of its own), in one test
//! binary: one link instead of one per file.

mod ai_budget;
mod ai_search;
mod api;
mod berserk;
mod berserk_mixed;
mod captures;
mod common;
mod endings;
mod game_undo;
mod many_rulesets;
mod opentafl_rules;
mod perft;
mod properties;
mod real_games;
mod search_identity;
mod serde;
#[cfg(feature = "svg")]
mod svg;
