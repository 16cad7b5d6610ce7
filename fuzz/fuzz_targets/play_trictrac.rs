//! `play trictrac` (ordinaire and à écrire) fed arbitrary lines: no panic, save and load
//! round-trip at any point (see `invariants::play_trictrac`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte: the form, the human's colour and the trous of a partie ordinaire.
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    invariants::play_trictrac(
        first & 1 == 1,
        first & 2 != 0,
        (first >> 2) % 3 + 1,
        &rest[..rest.len().min(4096)],
    );
});
