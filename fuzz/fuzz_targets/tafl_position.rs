//! Tafl positions and moves: text round-trip, is_legal agrees with generation, illegal moves
//! refused without change.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &str, Vec<(u8, u8, u8)>)| {
    let (preset, setup, choices) = input;
    invariants::tafl_position(preset, setup, &choices[..choices.len().min(200)]);
});
