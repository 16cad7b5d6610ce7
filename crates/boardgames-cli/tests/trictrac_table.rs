//! `boardgames trictrac table`, run as a process: the schedule of a real table from its dice
//! and winners (the glossary's example of PARTIE À QUATRE JOUEURS), a seeded table of bots,
//! and bad input.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn schedule_of_the_glossary_teams_example() {
    let o = run(&[
        "trictrac",
        "table",
        "--players",
        "4",
        "--dice",
        "5,3,5,2,4,2",
        "--winners",
        "C,A,D,B,C,A,D,B",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("the draw A 5, B 3, C 5, D 2, A 4, C 2: A-C, A has the primauté"));
    let plays: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("marqué "))
        .filter_map(|l| l.split(": ").nth(1))
        .map(|l| &l[..3])
        .collect();
    assert_eq!(
        plays,
        ["A-C", "A-D", "D-B", "B-C", "C-A", "A-D", "D-B", "B-C"]
    );
}

#[test]
fn a_seeded_table_of_bots_prints_its_sheet() {
    let args = [
        "trictrac",
        "table",
        "--players",
        "3",
        "--form",
        "tourner",
        "--marques",
        "3",
        "--seed",
        "4",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Décompte: queue des jetons"), "{out}");
    assert!(out.contains("Balances: A "), "{out}");
    assert_eq!(run(&args).stdout, o.stdout);
}

#[test]
fn bad_input_exits_with_2_and_says_why() {
    for (args, message) in [
        (&["--players", "5"][..], "seats 3 or 4 players, not 5"),
        (&["--players", "2"][..], "seats 3 or 4 players, not 2"),
        (
            &["--form", "tourner", "--marques", "8"][..],
            "divisible by 3",
        ),
        (&["--dice", "6,9,1", "--winners", "A"][..], "die result 9"),
        (
            &["--dice", "6,4,1", "--winners", "C"][..],
            "C was not seated",
        ),
        (
            &["--form", "teams", "--players", "3"][..],
            "seats 4 players, not 3",
        ),
        (
            &["--form", "tourner", "--marques", "4294967295"][..],
            "more than the 120 marqués",
        ),
    ] {
        let mut all = vec!["trictrac", "table"];
        all.extend_from_slice(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains(message),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn play_refuses_more_marques_than_the_command_line_plays() {
    let o = run(&["play", "trictrac", "--form", "ecrire", "--marques", "121"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("121 is more than the 120 marqués"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn the_closing_rule_the_older_tourner_at_four_and_empty_lists() {
    // PARTIE À QUATRE JOUEURS: "sauf le dernier coup où celui qui au début n'avait joué qu'un
    // seul marqué termine alors la partie": only in a multiple of 4 marqués, which the
    // refusal says.
    for args in [
        &["--players", "4", "--marques", "6"][..],
        &["--form", "chouette", "--marques", "7"][..],
    ] {
        let mut all = vec!["trictrac", "table"];
        all.extend_from_slice(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.contains("only in a multiple of 4 marqués (4, 8, 12, 16 …)"),
            "{err}"
        );
    }
    // PARTIE À TOURNER: "Jadis, à quatre joueurs, on pouvait faire une partie à tourner".
    let o = run(&[
        "trictrac",
        "table",
        "--form",
        "tourner-4",
        "--dice",
        "6,4,2,1",
        "--winners",
        "B,B,C,D",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("marqué 1: A-B, C and D vacant, won by B"),
        "{out}"
    );
    assert!(
        out.contains("marqué 4: D-A, B and C vacant, won by D"),
        "{out}"
    );
    assert!(
        out.contains("marqué 5: A-B, C and D vacant, to play"),
        "{out}"
    );
    let o = run(&[
        "trictrac",
        "table",
        "--form",
        "tourner-4",
        "--marques",
        "4",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("(tourner-4, 4 marqués)"), "{out}");
    assert!(out.contains("Balances: A "), "{out}");
    // `--winners ",,"` is no list of no winners: refused, as an empty entry anywhere.
    for (args, message) in [
        (
            &["--dice", "5,3,5,2,4,2", "--winners", ",,"][..],
            "--winners: no winners",
        ),
        (
            &["--dice", "5,3,5,2,4,2", "--winners", "C,,A"][..],
            "--winners: entry 2 of \"C,,A\" is empty",
        ),
        (
            &["--dice", "5,,3"][..],
            "--dice: entry 2 of \"5,,3\" is empty",
        ),
    ] {
        let mut all = vec!["trictrac", "table", "--players", "4"];
        all.extend_from_slice(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).contains(message), "{}", text(&o.stderr));
    }
    // Every option of the settlement at a table too.
    let o = run(&[
        "trictrac",
        "table",
        "--players",
        "3",
        "--marques",
        "3",
        "--seed",
        "2",
        "--queue-des-jetons",
        "ignored",
        "--fiche",
        "5",
        "--refaits",
        "by-refait",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("queue des jetons ignored"),
        "{}",
        text(&o.stdout)
    );
}
