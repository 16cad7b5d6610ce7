//! The trictrac referee fed arbitrary transcripts: every gesture judged or refused with a
//! reason, the marks and the dames within the laws (see `invariants::referee_transcript`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte: the start or the example's position, and the trous of the partie.
    invariants::referee_transcript_bytes(data);
});
