//! Tafl rules strings survive their text.
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    invariants::tafl_rules(text);
});
