//! Search budgets are hard limits (house style point 14): every level stops within a small
//! margin of its node budget on crowded 9×9 and 11×11 positions, where the first iteration
//! and its quiescence search once ran unbounded, and still plays a legal move.

use boardgames_common::Seed;
use tafl_core::Ruleset;
use tafl_core::ai::{Level, SearchConfig, SearchLimits, Searcher};

/// A crowded Copenhagen-like 11×11 position on which the first release's Bard (250 nodes)
/// gave no answer in two minutes.
const DENSE_11: &str = "dim:11 name:X atkf:y tfr:a sw:s efe:y \
    start:/6TT3/t4t4t/TT2Ttt1TT1/2T1T3t2/2TT1tT1TTT/TTt7t/t1tt2Tt1tT/2tT2t1TTt/9t1/T2KTt3t1/1t2t2T1T1/";
/// A crowded 9×9 position (Tablut's rules with corners, many captures available).
const DENSE_9: &str = "dim:9 name:Y atkf:y ks:c \
    start:/1tT1tT1t1/tT1tTt1Tt/1TtT1tTt1/tTt1t1tT1/1tTtKtT1t/T1tT1tTt1/1tT1TtT1t/tT1t1T1tT/1t1tT1t2/";

/// Nodes over the budget that a stop may still count: the frames unwinding after the limit
/// each count at most the node they were entering.
const SLACK: u64 = 64;

fn check(rules: &str) {
    let ruleset: Ruleset = rules.parse().unwrap_or_else(|e| panic!("{rules}: {e}"));
    let pos = ruleset.start_position();
    for level in Level::ALL {
        let budget = level.config().limits.nodes.unwrap();
        let mut s = Searcher::for_level(level, Seed(5));
        let r = s.search(&pos, ruleset.rules(), &[]).expect("a move");
        assert!(pos.is_legal(ruleset.rules(), r.best_move), "{level}: {r:?}");
        assert!(
            r.nodes <= budget + SLACK,
            "{level} on {}: {} nodes for a budget of {budget}",
            ruleset.name(),
            r.nodes
        );
    }
    // A budget too small for one root move still gives a legal move.
    for nodes in [1, 2, 10] {
        let config = SearchConfig {
            limits: SearchLimits::nodes(nodes),
            random_margin: 0,
            tt_bits: 10,
            weights: tafl_core::ai::EvalWeights::DEFAULT,
            board_weights: false,
        };
        let r = Searcher::new(config, Seed(1))
            .search(&pos, ruleset.rules(), &[])
            .expect("a move");
        assert!(pos.is_legal(ruleset.rules(), r.best_move));
        assert!(r.nodes <= nodes + SLACK, "{} nodes for {nodes}", r.nodes);
        assert_eq!(r.depth, 0);
    }
}

#[test]
fn every_level_keeps_its_budget_on_a_dense_11x11_position() {
    check(DENSE_11);
}

#[test]
fn every_level_keeps_its_budget_on_a_dense_9x9_position() {
    check(DENSE_9);
}
