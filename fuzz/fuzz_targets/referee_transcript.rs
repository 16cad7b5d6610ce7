//! The trictrac referee fed arbitrary transcripts: every gesture judged or refused with a
//! reason, the marks within the laws (see `invariants::referee_transcript`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

/// The position of the glossary's BATTRE UNE DAME, EXEMPLE n° 1 (the worked transcript's).
const EXAMPLE: &str = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";

fuzz_target!(|data: &[u8]| {
    // The first byte: the start or the example's position, and the trous of the partie.
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let position = if first & 0x80 == 0 { "" } else { EXAMPLE };
    let text = String::from_utf8_lossy(rest);
    invariants::referee_transcript(position, (first & 0x0f) + 1, &text);
});
