//! The invariants of the fuzz targets (`fuzz/invariants.rs`), run as proptests over random
//! byte strings and random structured input, so that the ordinary test suite always checks
//! them (the fuzz targets themselves need cargo-fuzz and libFuzzer; see docs/fuzzing.md).
//! This crate is the one that depends on all three games with their `serde` feature.

#[path = "../../../fuzz/invariants.rs"]
mod invariants;

use boardgames_common::RecordLimits;
use proptest::prelude::*;

/// Text from random bytes (lossy UTF-8), or from pieces of the real notations so that the
/// parsers also get inputs that nearly parse.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        prop::collection::vec(
            prop::sample::select(vec![
                "[Game \"Tafl\"]\n",
                "[Game \"Sugoroku\"]\n",
                "[Game \"Trictrac\"]\n",
                "[Rules \"brandubh\"]\n",
                "[Rules \"return=adds\"]\n",
                "\n",
                "1. ",
                "2. ",
                "3. ",
                "6-5",
                "3-3",
                "d2-d1",
                "a4-a3",
                "{c}",
                " ",
                "x",
                "/",
                "B1",
                "N12",
                ":",
                "dim:7 ",
                "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
                "tfr:i ",
                "0",
                "15",
            ]),
            0..24
        )
        .prop_map(|parts| parts.concat()),
    ]
}

fn limits() -> impl Strategy<Value = RecordLimits> {
    (0usize..6, 0usize..400, 0usize..80).prop_map(|(a, b, l)| RecordLimits {
        max_actions: a,
        max_bytes: b,
        max_line_length: l,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn dice_and_seeds(a in text(), b in text(), seed in any::<u64>(), n in 0u8..40) {
        invariants::dice_and_seeds(&a, &b, seed, n);
    }

    #[test]
    fn record_text(t in text(), limits in limits()) {
        invariants::record_text(&t, limits);
        invariants::record_text(&t, RecordLimits::DEFAULT);
    }

    #[test]
    fn tafl_rules(t in text()) {
        invariants::tafl_rules(&t);
        // Near misses of a real rules string.
        invariants::tafl_rules(&format!("dim:7 {t} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"));
    }

    #[test]
    fn tafl_position(
        preset in any::<u8>(),
        t in text(),
        choices in prop::collection::vec(any::<(u8, u8, u8)>(), 0..40),
    ) {
        invariants::tafl_position(preset, &t, &choices);
    }

    #[test]
    fn tafl_game(preset in any::<u8>(), picks in prop::collection::vec(any::<u8>(), 0..60)) {
        invariants::tafl_game(preset, &picks);
    }

    #[test]
    fn trictrac_position(
        t in text(),
        throw in any::<u8>(),
        moves in prop::collection::vec((text(), text()), 0..3),
    ) {
        invariants::trictrac_position(&t, throw, &moves);
        // The start position, always valid.
        let start = trictrac_core::Position::default().to_string();
        invariants::trictrac_position(&start, throw, &moves);
    }

    #[test]
    fn sugoroku(a in text(), b in text(), throws in prop::collection::vec(any::<u8>(), 0..200)) {
        invariants::sugoroku(&a, &b, &throws);
    }
}
