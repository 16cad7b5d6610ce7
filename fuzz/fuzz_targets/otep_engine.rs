//! The OpenTafl engine fed arbitrary protocol lines: answered or ignored, legal moves only,
//! one consistent game (see `invariants::otep_engine`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the notation; the rest is the host's lines.
    invariants::otep_engine_bytes(data);
});
