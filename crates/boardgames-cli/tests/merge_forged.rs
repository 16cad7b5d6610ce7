//! `simulate merge` of forged shards whose counts overflow: refused with exit 2, never a
//! panic (debug) or a wrapped sum passing for the number of games (release).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The `--json` of shard `k` of 2 of a 20-game study, as a JSON value.
fn shard(k: u32) -> serde_json::Value {
    let o = run(&[
        "simulate",
        "sugoroku",
        "--games",
        "20",
        "--shard",
        &format!("{k}/2"),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

fn write(name: &str, value: &serde_json::Value) -> String {
    let path =
        std::env::temp_dir().join(format!("boardgames-forged-{}-{name}", std::process::id()));
    std::fs::write(&path, value.to_string()).expect("a temp file");
    path.to_str().expect("utf-8").to_string()
}

fn refused(args: &[&str], message: &str) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
    assert!(
        err.starts_with("error: ") && err.contains(message),
        "{args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn wins_that_wrap_around_to_the_number_of_games_are_refused() {
    let mut a = shard(1);
    let counts = &mut a["counts"];
    let games = counts["games"].as_u64().expect("games");
    let draws = counts["draws"].as_u64().expect("draws");
    // u64::MAX + (games + 1 - draws) + draws wraps to games.
    counts["wins"]["first"] = u64::MAX.into();
    counts["wins"]["second"] = (games + 1 - draws).into();
    let file = write("wrap.json", &a);
    refused(
        &["simulate", "merge", "--partial", &file],
        "counts do not add up to the number of games",
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn counts_too_large_to_add_up_are_refused() {
    let (mut a, mut b) = (shard(1), shard(2));
    a["counts"]["throws"] = u64::MAX.into();
    b["counts"]["throws"] = u64::MAX.into();
    let (fa, fb) = (write("big1.json", &a), write("big2.json", &b));
    refused(&["simulate", "merge", &fa, &fb], "counts too large to add");
    let _ = std::fs::remove_file(fa);
    let _ = std::fs::remove_file(fb);
}
