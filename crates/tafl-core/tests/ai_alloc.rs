//! The searcher does not allocate per node: a counting global allocator (this test binary
//! only) sees the same handful of allocations per search (root lists, one per iteration, and
//! the principal variation) whether the search visits two thousand nodes or a hundred
//! thousand.

use boardgames_common::Seed;
use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use tafl_core::Ruleset;
use tafl_core::ai::{SearchConfig, SearchLimits, Searcher};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Allocations and nodes of one search of `nodes` nodes from a preset's start.
fn allocations(ruleset: &Ruleset, nodes: u64) -> (u64, u64) {
    let config = SearchConfig {
        limits: SearchLimits::nodes(nodes),
        random_margin: 0,
        tt_bits: 14,
        weights: tafl_core::ai::EvalWeights::DEFAULT,
        board_weights: false,
    };
    let mut searcher = Searcher::new(config, Seed(1));
    let pos = ruleset.start_position();
    let region = Region::new(GLOBAL);
    let r = searcher.search(&pos, ruleset.rules(), &[]).expect("a move");
    let stats = region.change();
    ((stats.allocations + stats.reallocations) as u64, r.nodes)
}

#[test]
fn the_search_does_not_allocate_per_node() {
    for ruleset in [Ruleset::fidchell(), Ruleset::copenhagen()] {
        let (few, small) = allocations(&ruleset, 2_000);
        let (many, large) = allocations(&ruleset, 100_000);
        assert!(large > 40 * small / 2, "{} nodes, then {large}", small);
        // A few allocations per iteration (a deeper search has more iterations).
        assert!(
            many < few + 40,
            "{}: {few} allocations for {small} nodes, {many} for {large}",
            ruleset.name()
        );
    }
}
