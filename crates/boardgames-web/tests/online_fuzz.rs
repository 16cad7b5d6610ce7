//! The invariants of the fuzz target `online_room` (fuzz/online_invariants.rs) in the
//! ordinary test suite: every input of its seed corpus, then arbitrary bytes (a proptest),
//! so that CI checks them on stable without libFuzzer.

#[path = "../../../fuzz/online_invariants.rs"]
mod online_invariants;

use proptest::prelude::*;

#[test]
fn the_seed_corpus_keeps_the_invariants() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/online_room");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus of online_room") {
        let path = entry.expect("a corpus entry").path();
        let data = std::fs::read(&path).expect("a corpus file");
        online_invariants::online_room(&data);
        n += 1;
    }
    assert!(n >= 5, "the seed corpus has {n} files");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn arbitrary_inputs_keep_the_invariants(data in prop::collection::vec(any::<u8>(), 0..600)) {
        online_invariants::online_room(&data);
    }
}
