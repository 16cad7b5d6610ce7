//! Tafl games: records replay to the same game, undo restores every earlier state.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (preset, picks) = input;
    invariants::tafl_game(preset, &picks[..picks.len().min(400)]);
});
