//! Record text of any game: round-trips, limits, serde form, replay by each game.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use boardgames_common::RecordLimits;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, u8, u16, u16)| {
    let (text, actions, bytes, line) = input;
    let limits = RecordLimits {
        max_actions: usize::from(actions),
        max_bytes: usize::from(bytes),
        max_line_length: usize::from(line),
    };
    invariants::record_text(text, limits);
    invariants::record_text(text, RecordLimits::DEFAULT);
});
