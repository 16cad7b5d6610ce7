//! The start position: the exact number of distinct legal plays of each of the 21 throws,
//! pinned, and cross-checked against the slow reference generator.

use crate::common;

use boardgames_common::UNORDERED_THROWS;
use trictrac_core::Position;

#[test]
fn start_position_play_counts() {
    let pos = Position::start();
    let mut counts = Vec::new();
    for t in UNORDERED_THROWS {
        let legal = pos.movement_plays(t);
        let (reference, dice) = common::reference(&pos, t);
        let (generated, gdice) = common::generated(&pos, t);
        assert_eq!(generated, reference, "{t}");
        assert_eq!(gdice, dice, "{t}");
        counts.push((t.to_string(), legal.len()));
    }
    // From the talon every simple throw has two plays (one dame per number, or one dame tout
    // d'une), except 6-5 whose tout d'une would put a lone dame on the coin (B12); every
    // doublet has two (two dames, or one tout d'une), except sonnez whose tout d'une would
    // end on Black's coin (N12).
    let expected: Vec<(String, usize)> = UNORDERED_THROWS
        .iter()
        .map(|t| {
            let n = match t.to_string().as_str() {
                "6-5" | "6-6" => 1,
                _ => 2,
            };
            (t.to_string(), n)
        })
        .collect();
    assert_eq!(counts, expected);
    let total: usize = counts.iter().map(|c| c.1).sum();
    assert_eq!(total, 40);
}
