//! `play tafl` fed arbitrary lines: no panic, save and load round-trip at any point (see
//! `invariants::play_tafl`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte: Fidchell or Brandubh, and the human's side.
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    invariants::play_tafl(first & 1, first & 2 != 0, &rest[..rest.len().min(4096)]);
});
