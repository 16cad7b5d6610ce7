//! Record text of any game: round-trips, limits, serde form, replay by each game.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use boardgames_common::RecordLimits;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, u8, u16, u16)| {
    let (text, actions, bytes, line) = input;
    let limits = RecordLimits::DEFAULT
        .with_max_actions(usize::from(actions))
        .with_max_bytes(usize::from(bytes))
        .with_max_line_length(usize::from(line));
    invariants::record_text(text, limits);
    invariants::record_text(text, RecordLimits::DEFAULT);
});
