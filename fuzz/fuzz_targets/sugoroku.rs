//! Sugoroku rules and positions: texts round-trip, throws keep the position valid, throws
//! after the end refused without change.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, &str, Vec<u8>)| {
    let (rules, position, throws) = input;
    invariants::sugoroku(rules, position, &throws[..throws.len().min(2_000)]);
});
