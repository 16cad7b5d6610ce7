//! Every numeric option says what it expects of a value that is not a number in range
//! (clap's own message is "invalid digit found in string", of `-3` and `abc` alike).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The option, a bad value, and what the message must say.
const CASES: [(&[&str], &str, &str); 23] = [
    (
        &["tafl", "tune"],
        "--games",
        "a whole number of games from 1 to 100000",
    ),
    (
        &["tafl", "tune"],
        "--nodes",
        "a whole number of nodes from 1 to 10000000",
    ),
    (
        &["tafl", "tune"],
        "--passes",
        "a whole number of passes from 1 to 1000",
    ),
    (
        &["simulate", "sugoroku"],
        "--games",
        "a whole number of games from 1 to 18446744073709551615",
    ),
    (
        &["tafl", "selfplay"],
        "--games",
        "a whole number of games from 1 to 4294967295",
    ),
    (
        &["tafl", "selfplay"],
        "--max-plies",
        "a whole number of plies from 1 to 4294967295",
    ),
    (
        &["tafl", "selfplay"],
        "--threads",
        "a whole number of threads from 0 to",
    ),
    (
        &["tafl", "selfplay"],
        "--nodes",
        "expected two whole numbers of nodes from 1 to",
    ),
    (
        &["tafl", "perft"],
        "--depth",
        "a whole number of plies from 0 to 4294967295",
    ),
    (
        &["tafl", "engine"],
        "--nodes",
        "a whole number of nodes from 1 to 18446744073709551615",
    ),
    (
        &["tafl", "engine"],
        "--think",
        "a number of seconds more than 0",
    ),
    (
        &["tournament", "--game", "tafl", "--agents", "random,bard"],
        "--games",
        "a whole number of rounds from 1 to 4294967295",
    ),
    (
        &["tournament", "--game", "tafl", "--agents", "random,bard"],
        "--threads",
        "a whole number of threads from 0 to",
    ),
    (
        &["tournament", "--game", "trictrac", "--agents", "random,bot"],
        "--trous",
        "a whole number of trous from 1 to 255",
    ),
    (
        &["play", "trictrac"],
        "--trous",
        "a whole number of trous from 1 to 255",
    ),
    (
        &["play", "trictrac", "--form", "ecrire"],
        "--marques",
        "a whole number of marqués from 1 to 4294967295",
    ),
    (
        &["trictrac", "referee"],
        "--trous",
        "a whole number of trous from 1 to 255",
    ),
    (
        &["trictrac", "table"],
        "--marques",
        "a whole number of marqués from 1 to 4294967295",
    ),
    (
        &["trictrac", "table"],
        "--players",
        "the number of players, 3 or 4",
    ),
    (
        &["replay", "-"],
        "--max-actions",
        "a whole number of actions from 0 to",
    ),
    (
        &["simulate", "sugoroku"],
        "--seed",
        "a decimal number or 0x-prefixed hexadecimal",
    ),
    (
        &["tafl", "selfplay"],
        "--seed",
        "a decimal number or 0x-prefixed hexadecimal",
    ),
    (
        &["play", "tafl"],
        "--seed",
        "a decimal number or 0x-prefixed hexadecimal",
    ),
];

#[test]
fn every_numeric_option_says_what_it_expects() {
    for (command, option, expected) in CASES {
        for bad in ["-3", "abc", "1.5", "99999999999999999999999"] {
            if option == "--think" && bad != "abc" {
                continue; // numbers, with the command's own check (tests/edge_cases.rs)
            }
            let value = if option == "--nodes" && command[1] == "selfplay" {
                format!("{bad},10")
            } else {
                bad.to_string()
            };
            let args = [command, &[option, &value]].concat();
            let o = run(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(o.stdout.is_empty(), "{args:?}");
            assert!(
                err.starts_with(&format!("error: invalid value '{value}' for '{option} ")),
                "{args:?}: {err}"
            );
            assert!(err.contains(expected), "{args:?}: {err}");
            assert!(!err.contains("invalid digit"), "{args:?}: {err}");
        }
    }
}

/// The minimums that the commands check themselves keep their messages.
#[test]
fn a_number_below_the_minimum_names_the_minimum() {
    for args in [
        &["simulate", "sugoroku", "--games", "0"][..],
        &["tafl", "selfplay", "--games", "0"],
        &["tafl", "selfplay", "--max-plies", "0"],
        &[
            "tournament",
            "--game",
            "tafl",
            "--agents",
            "random,bard",
            "--games",
            "0",
        ],
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("must be at least 1"), "{args:?}: {err}");
    }
    let o = run(&["play", "trictrac", "--trous", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("a whole number of trous from 1 to 255"),
        "{err}"
    );
}
