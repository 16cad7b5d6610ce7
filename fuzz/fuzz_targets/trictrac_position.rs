//! Trictrac positions and plays: text round-trip, generated plays legal and scored, an
//! arbitrary play legal exactly when generated, refused without change otherwise.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, u8, Vec<(String, String)>)| {
    let (position, throw, moves) = input;
    invariants::trictrac_position(&position, throw, &moves);
    let start = trictrac_core::Position::default().to_string();
    invariants::trictrac_position(&start, throw, &moves);
});
