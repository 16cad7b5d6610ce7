//! Seeds and throws: text round-trips, seeded dice are deterministic.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, String, u64, u8)| {
    let (seed_text, throw_text, seed, count) = input;
    invariants::dice_and_seeds(&seed_text, &throw_text, seed, count % 64);
});
