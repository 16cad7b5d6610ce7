//! Bounded memory at every door: each parser and session reader of the command line, given
//! 16 MiB of hostile input, stays under its stated peak resident memory (docs/fuzzing.md).
//! The child process running the command reads its own `VmHWM` from `/proc/self/status`
//! (`BOARDGAMES_PEAK_MEMORY`), so the figure is the peak of the whole run, measured, not
//! timed. Linux only (elsewhere the figure is missing and the test says so).

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

/// 16 MiB: the size of the hostile inputs (the records' own limit).
const HOSTILE: usize = 16 << 20;

/// Runs `args` with `input` on standard input and returns its peak resident memory in MiB
/// and its exit code.
fn peak_mib(args: &[&str], input: &[u8]) -> (f64, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .env("BOARDGAMES_PEAK_MEMORY", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from another thread: the child may stop reading (then the pipe breaks).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary runs");
    let _ = writer.join();
    let err = String::from_utf8_lossy(&out.stderr);
    let kb: f64 = err
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmHWM line in {err:?} (not Linux?)"));
    (kb / 1024.0, out.status.code())
}

/// Lines of `len` bytes (`head` padded with `pad`) to `HOSTILE` bytes: many lines, few
/// enough that each is judged quickly.
fn long_lines(head: &str, pad: char, len: usize) -> Vec<u8> {
    let mut line = head.to_owned();
    while line.len() < len - 1 {
        line.push(pad);
    }
    line.push('\n');
    hostile(&line)
}

/// `text` repeated to `HOSTILE` bytes.
fn hostile(text: &str) -> Vec<u8> {
    text.as_bytes()
        .iter()
        .copied()
        .cycle()
        .take(HOSTILE)
        .collect()
}

/// A hostile file of the test's temporary folder, removed when dropped (each is 16 MiB or
/// more: a run must not leave them behind on the disk).
struct Scratch(String);

impl std::ops::Deref for Scratch {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn file_of(name: &str, bytes: &[u8]) -> Scratch {
    let path = common::temp_path(name);
    std::fs::write(&path, bytes).expect("write");
    Scratch(path.to_str().expect("UTF-8").to_owned())
}

/// The peak of `args` on `input` is under `bound` MiB.
fn assert_under(what: &str, bound: f64, args: &[&str], input: &[u8]) {
    let (peak, code) = peak_mib(args, input);
    eprintln!("{what}: peak {peak:.1} MiB (bound {bound} MiB), exit {code:?}");
    assert!(code.is_some(), "{what}: killed by a signal");
    assert!(
        peak < bound,
        "{what}: peak {peak:.1} MiB, over the bound of {bound} MiB"
    );
}

#[test]
fn records_stay_under_their_bound() {
    let cases: [(&str, Vec<u8>); 4] = [
        ("one long line", hostile("d1-d2 ")),
        ("many actions", hostile("1. d1-d2 d2-d1\n")),
        (
            "many tags",
            hostile("[Game \"Tafl\"]\n[Rules \"fidchell\"]\n"),
        ),
        ("comments", hostile("1. d1-d2 {a comment that goes on} ")),
    ];
    for (what, bytes) in &cases {
        let file = file_of("hostile-record.txt", bytes);
        assert_under(&format!("replay: {what}"), 48.0, &["replay", &file], b"");
        assert_under(&format!("replay -: {what}"), 48.0, &["replay", "-"], bytes);
    }
}

#[test]
fn positions_and_rules_stay_under_their_bound() {
    // A command-line argument is at most 128 KiB on Linux: the longest position or rules
    // string a person can pass; the 16 MiB ones come through the engine's lines below.
    let long = "1".repeat(128 * 1024 - 1);
    for args in [
        vec!["tafl", "moves", "--position", &long],
        vec!["tafl", "moves", "--rules", &long],
        vec!["trictrac", "analyze", "--throw", "6-5", "--position", &long],
        vec!["simulate", "sugoroku", "--games", "1", "--rules", &long],
    ] {
        assert_under(&format!("{:?}", &args[..2]), 16.0, &args, b"");
    }
}

#[test]
fn engine_lines_stay_under_their_bound() {
    let cases: [(&str, Vec<u8>); 4] = [
        ("one line", hostile("x")),
        (
            "rules lines",
            long_lines(
                "rules dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ ",
                'k',
                60_000,
            ),
        ),
        (
            "position lines",
            long_lines("position /3t3/3t3/3T3/ttTKTtt/3T3/", '3', 60_000),
        ),
        (
            "opponent moves",
            hostile("opponent-move d1-d2|d2-d1|a4-a5|"),
        ),
    ];
    for (what, bytes) in &cases {
        assert_under(
            &format!("tafl engine: {what}"),
            40.0,
            &["tafl", "engine", "--nodes", "10"],
            bytes,
        );
    }
}

#[test]
fn play_and_referee_lines_stay_under_their_bound() {
    for (what, bytes) in [
        ("one line", hostile("d")),
        ("many lines", long_lines("board ", 'x', 4000)),
    ] {
        assert_under(
            &format!("play tafl: {what}"),
            16.0,
            &["play", "tafl", "--color", "never"],
            &bytes,
        );
        assert_under(
            &format!("play trictrac: {what}"),
            16.0,
            &["play", "trictrac", "--color", "never"],
            &bytes,
        );
        assert_under(
            &format!("referee stdin: {what}"),
            16.0,
            &["trictrac", "referee"],
            &bytes,
        );
    }
    for (what, bytes) in [
        ("one line", hostile("w")),
        ("gestures", long_lines("w throw 6-5 ", 'x', 4000)),
    ] {
        let file = file_of("hostile-script.txt", &bytes);
        assert_under(
            &format!("referee --script: {what}"),
            64.0,
            &["trictrac", "referee", "--script", &file],
            b"",
        );
    }
}

#[test]
fn merge_shard_files_stay_under_their_bound() {
    let numbers = format!(
        "{{\"game\":\"sugoroku\",\"first_game\":0,\"study_games\":1,\"counts\":{{\"lengths\":[{}",
        "1,".repeat(HOSTILE / 2 - 64)
    );
    let cases: [(&str, Vec<u8>); 3] = [
        ("a long array", numbers.into_bytes()),
        ("deep nesting", hostile("[")),
        ("one string", {
            let mut s = b"\"".to_vec();
            s.extend(hostile("a"));
            s.truncate(HOSTILE);
            s
        }),
    ];
    for (what, bytes) in &cases {
        let file = file_of("hostile-shard.json", bytes);
        assert_under(
            &format!("simulate merge: {what}"),
            128.0,
            &["simulate", "merge", &file],
            b"",
        );
    }
    // A file above 16 MiB is refused without reading it whole.
    let big = file_of("big-shard.json", &hostile(" "));
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&*big)
        .expect("open");
    f.write_all(&vec![b' '; 64 << 20]).expect("write");
    drop(f);
    assert_under(
        "simulate merge: 80 MiB of spaces",
        40.0,
        &["simulate", "merge", &big],
        b"",
    );
}

/// The files a long command resumes from (`tafl selfplay --log`, `simulate sugoroku
/// --checkpoint`) are read a line at a time, none kept but what it records: 16 MiB of empty
/// lines (16 million lines: kept as strings they took 400 MiB) or of one long line stay
/// under the bound, and the command still runs to its end.
#[test]
fn result_logs_and_checkpoints_stay_under_their_bound() {
    let cases: [(&str, Vec<u8>); 2] = [
        ("empty lines", hostile("\n")),
        ("one long line", {
            let mut s = hostile("x");
            s.push(b'\n');
            s
        }),
    ];
    for (what, bytes) in &cases {
        let log = file_of("hostile-selfplay.jsonl", bytes);
        let (peak, code) = peak_mib(
            &[
                "tafl", "selfplay", "--games", "1", "--nodes", "50,50", "--quiet", "--log", &log,
            ],
            b"",
        );
        eprintln!("tafl selfplay --log: {what}: peak {peak:.1} MiB, exit {code:?}");
        assert_eq!(code, Some(0), "{what}");
        assert!(
            peak < 40.0,
            "tafl selfplay --log: {what}: peak {peak:.1} MiB"
        );
        let checkpoint = file_of("hostile-checkpoint.jsonl", bytes);
        let (peak, code) = peak_mib(
            &[
                "simulate",
                "sugoroku",
                "--games",
                "100",
                "--quiet",
                "--checkpoint",
                &checkpoint,
            ],
            b"",
        );
        eprintln!("simulate --checkpoint: {what}: peak {peak:.1} MiB, exit {code:?}");
        assert_eq!(code, Some(0), "{what}");
        assert!(
            peak < 40.0,
            "simulate --checkpoint: {what}: peak {peak:.1} MiB"
        );
    }
}
