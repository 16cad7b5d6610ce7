//! The OpenTafl engine fed arbitrary protocol lines: answered or ignored, legal moves only,
//! one consistent game (see `invariants::otep_engine`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the notation; the rest is the host's lines.
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let lines: Vec<&[u8]> = rest.split(|&b| b == b'\n').take(64).collect();
    invariants::otep_engine(&lines, first & 1 == 1);
});
