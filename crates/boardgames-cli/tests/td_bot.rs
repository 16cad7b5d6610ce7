//! The TD-trained bots on the command line: `play trictrac --bot tdbot` (its hint lists the
//! network's values, its choice first), `tournament` agents `tdbot`, `tdsearchbot` and
//! `tdbot:FILE`, and the errors of bad names.

use crate::common;

use common::{run, run_with_input, stderr, stdout, temp_path};

#[test]
fn play_against_the_td_bot_with_its_hint() {
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1", "--bot", "tdbot"],
        "hint\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(t.contains("by the TD-trained network's value"), "{t}");
    // The first candidate listed is the bot's choice.
    let chosen = t
        .split("The bot would choose ")
        .nth(1)
        .and_then(|r| r.split('.').next())
        .expect(&t)
        .to_string();
    let first_row = t
        .split("±2 double):\n")
        .nth(1)
        .and_then(|r| r.trim_start().split('.').next())
        .expect(&t)
        .to_string();
    assert_eq!(chosen, first_row, "{t}");
    // The searching bot's hint says it searches.
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1", "--bot", "tdsearchbot"],
        "hint\nquit\n",
    );
    assert!(stdout(&o).contains("searches the best of them one throw deeper"));
}

#[test]
fn bad_bot_names_are_refused() {
    let o = run(&["play", "trictrac", "--bot", "deepblue"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--bot: unknown bot \"deepblue\": expected bot"),
        "{}",
        stderr(&o)
    );
    let o = run(&["play", "trictrac", "--form", "ecrire", "--bot", "tdbot"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("partie à écrire"), "{}", stderr(&o));
    // A weights file that is not one.
    let junk = temp_path("td-junk.bin");
    std::fs::write(&junk, b"not a network at all, but long enough for a header").unwrap();
    let agents = format!("tdbot:{},bot", junk.display());
    let o = run(&["tournament", "--game", "trictrac", "--agents", &agents]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a trictrac weights file"),
        "{}",
        stderr(&o)
    );
    let o = run(&["tournament", "--game", "tafl", "--agents", "tdbot,random"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("tdbot plays trictrac only"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn td_bots_play_tournaments() {
    let weights = temp_path("td-tournament.bin");
    let out = run(&[
        "trictrac",
        "train",
        "--output",
        &weights.to_string_lossy(),
        "--parties",
        "20",
        "--hidden",
        "4",
        "--trous",
        "1",
        "--every",
        "0",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let file = format!("tdbot:{}", weights.display());
    let o = run(&[
        "tournament",
        "--game",
        "trictrac",
        "--agents",
        &format!("tdbot,tdsearchbot,{file}"),
        "--games",
        "2",
        "--trous",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["pairs"].as_array().map(Vec::len), Some(3));
    assert!(
        v["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["games"] == 4)
    );
}

/// An unreadable weights file is reported with its option, and the read is bounded
/// (`/dev/zero` is refused, not read forever).
#[test]
fn an_unreadable_weights_file_names_its_option() {
    for (args, flag) in [
        (
            vec![
                "tournament",
                "--game",
                "trictrac",
                "--agents",
                "tdbot:/nonexistent,bot",
            ],
            "--agents: ",
        ),
        (
            vec!["play", "trictrac", "--bot", "tdbot:/nonexistent"],
            "--bot: ",
        ),
    ] {
        let o = run_with_input(&args, "quit\n");
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains(flag), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot read the weights file \"/nonexistent\""),
            "{}",
            stderr(&o)
        );
    }
    let o = run(&[
        "tournament",
        "--game",
        "trictrac",
        "--agents",
        "tdbot:/dev/zero,bot",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is larger than 16777216 bytes"),
        "{}",
        stderr(&o)
    );
}
