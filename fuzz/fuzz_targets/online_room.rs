//! Online play's room: `protocol::decode` on arbitrary text and the `Room` state machine
//! driven by the input (see `online_invariants::online_room`): a refusal changes nothing,
//! what the room proposes applies, a room rebuilt from its log equals it.
#![no_main]

#[path = "../online_invariants.rs"]
mod online_invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    online_invariants::online_room(&data[..data.len().min(8192)]);
});
