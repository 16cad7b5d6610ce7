//! The ledger of a partie à écrire from arbitrary marqué outcomes: balances sum to zero, the
//! shortcut equals the long form (see `invariants::ecrire_ledger`).
#![no_main]

#[path = "../invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, [u8; 4], Vec<(u8, u8, u8, u8, bool, bool)>)| {
    let (marques, picks, outcomes) = input;
    let outcomes: Vec<invariants::Outcome> = outcomes
        .into_iter()
        .map(|(winner, trous, opponent, quality, sans_lever, refait)| invariants::Outcome {
            winner,
            trous,
            opponent,
            quality,
            sans_lever,
            refait,
        })
        .collect();
    invariants::ecrire_ledger(marques, picks, &outcomes);
});
