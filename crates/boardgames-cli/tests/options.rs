//! `--help` and unknown options of every subcommand: help on standard output with exit 0,
//! an unknown option on standard error with the usage and exit 2; a negative number gets
//! the value's message, not "unexpected argument"; the messages of refused values.

use std::process::{Command, Output};

const SUBCOMMANDS: [&[&str]; 16] = [
    &[],
    &["trictrac", "analyze"],
    &["trictrac", "referee"],
    &["trictrac", "table"],
    &["tafl", "moves"],
    &["tafl", "perft"],
    &["tafl", "engine"],
    &["tafl", "selfplay"],
    &["replay"],
    &["view"],
    &["play", "tafl"],
    &["play", "trictrac"],
    &["simulate", "sugoroku"],
    &["simulate", "merge"],
    &["tournament"],
    &["trictrac"],
];

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn every_subcommand_prints_its_help_on_stdout() {
    for sub in SUBCOMMANDS {
        let mut args = sub.to_vec();
        args.push("--help");
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains("Usage: boardgames"), "{args:?}: {text}");
        assert!(o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn every_subcommand_refuses_an_unknown_option_with_exit_2() {
    for sub in SUBCOMMANDS {
        let mut args = sub.to_vec();
        args.push("--no-such-option");
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("Usage: boardgames"), "{args:?}: {err}");
    }
}

#[test]
fn negative_numbers_get_the_values_message() {
    let o = run(&["tafl", "perft", "--depth", "-3"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("invalid value '-3' for '--depth <DEPTH>'"),
        "{err}"
    );
    let o = run(&["simulate", "sugoroku", "--games", "-5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("invalid value '-5' for '--games <GAMES>'"),
        "{err}"
    );
}

#[test]
fn a_bad_table_prints_nothing_before_its_error() {
    let o = run(&[
        "trictrac",
        "table",
        "--players",
        "3",
        "--dice",
        "1,2,3",
        "--winners",
        "Z",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let o = run(&["trictrac", "table", "--dice", ",,,"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--dice: no die results"), "{err}");
}

#[test]
fn replay_errors_name_the_file() {
    let file = std::env::temp_dir().join(format!("boardgames-options-{}.txt", std::process::id()));
    std::fs::write(&file, "[Game \"Tafl\"]\n\n1. a1-a9\n").expect("a temp file");
    let o = run(&["replay", file.to_str().expect("utf-8")]);
    assert_ne!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!("error: {}: ", file.display())),
        "{err}"
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn an_empty_shard_prints_no_rates() {
    let o = run(&["simulate", "sugoroku", "--games", "1", "--shard", "1/4"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("no games in this shard"), "{text}");
    assert!(!text.contains("wins"), "{text}");
    // The JSON keeps its zero counts for `simulate merge`.
    let o = run(&[
        "simulate", "sugoroku", "--games", "1", "--shard", "1/4", "--json",
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"games\": 0"));
}

#[test]
fn the_engine_refuses_a_budget_of_no_nodes() {
    let o = run(&["tafl", "engine", "--nodes", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--nodes"));
}
