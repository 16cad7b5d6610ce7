//! `scripts/opentafl-match`, the matches against OpenTafl's AI inside OpenTafl
//! (docs/opentafl-engine.md, "Matches against OpenTafl's AI"), without OpenTafl: its
//! self-test (the Wilson intervals of docs/tafl-ai.md's tables, OpenTafl's record and the
//! relays' logs read from samples, the relay over `cat`, and the sample record replayed by
//! this build's binary), and its messages when OpenTafl is missing or not built. Skipped,
//! with a notice on standard error, when no `python3` is installed (`scripts/test-all`
//! needs it anyway).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use crate::common::{stderr, stdout, temp_path};

/// The script, from this crate's folder.
fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/opentafl-match")
}

/// Runs `python3 scripts/opentafl-match args`, or None (with a notice) without `python3`.
fn run_script(args: &[&str]) -> Option<Output> {
    let found = Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no python3 to run scripts/opentafl-match"
        );
        return None;
    }
    Some(
        Command::new("python3")
            .arg(script())
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("python3 runs"),
    )
}

#[test]
fn the_match_script_passes_its_self_test_with_this_binary() {
    let Some(out) = run_script(&[
        "--self-test",
        "--boardgames",
        env!("CARGO_BIN_EXE_boardgames"),
    ]) else {
        return;
    };
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    // Every check ran, the replay by this binary included, and none failed.
    assert!(text.contains("ok   wilson 7-1-3"), "{text}");
    assert!(text.contains("ok   our replay of the sample"), "{text}");
    assert!(text.contains("ok   crashed engine"), "{text}");
    assert!(!text.contains("FAIL"), "{text}");
    assert!(text.trim_end().ends_with("51 checks, 0 failed"), "{text}");
}

#[test]
fn the_match_script_says_when_opentafl_is_missing_or_not_built() {
    let missing = temp_path("no-opentafl");
    let Some(out) = run_script(&[
        "--opentafl",
        missing.to_str().unwrap(),
        "--boardgames",
        env!("CARGO_BIN_EXE_boardgames"),
    ]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("OpenTafl not found"), "{err}");
    assert!(err.contains(missing.to_str().unwrap()), "{err}");

    let empty = temp_path("opentafl-unbuilt");
    std::fs::create_dir_all(&empty).unwrap();
    let out = run_script(&["--opentafl", empty.to_str().unwrap()]).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("OpenTafl is not built"), "{err}");
    assert!(
        err.contains("out/production/TaflEngine/com/manywords/softworks/tafl/OpenTafl.class"),
        "{err}"
    );
}

#[test]
fn the_match_script_refuses_an_unknown_ruleset_and_a_malformed_clock() {
    let Some(out) = run_script(&["--opentafl", ".", "--rules", "chess"]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--rules 'chess'"), "{}", stderr(&out));
    let out = run_script(&["--opentafl", ".", "--clock", "60s"]).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--clock '60s'"), "{}", stderr(&out));
}
