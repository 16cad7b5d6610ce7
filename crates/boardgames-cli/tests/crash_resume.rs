//! Nothing lost on a crash: the long commands that write results (`tafl selfplay --log`,
//! `tournament --log`, `simulate sugoroku --checkpoint --output`) are killed with SIGKILL at pseudo-random
//! moments and started again with the same arguments until they finish; the result equals
//! that of a run never interrupted, and no file is left half-written (every line of the logs
//! whole, the report either absent or complete, no temporary file left).

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small deterministic generator of kill delays (no seed from the clock: the same delays
/// every run; the machine's speed still moves where they land).
struct Delays(u64);

impl Delays {
    fn next_ms(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below.max(1)
    }
}

/// Runs `args` to the end and returns its standard output (it must succeed).
fn finish(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// Starts `args` and kills it with SIGKILL after `ms` milliseconds (unless it ended before);
/// `true` when it was killed.
fn kill_after(args: &[&str], ms: u64) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + Duration::from_millis(ms);
    while Instant::now() < deadline {
        if child.try_wait().expect("wait").is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // Child::kill is SIGKILL on Unix: no destructor, no flush, no cleanup runs.
    let killed = child.kill().is_ok();
    let _ = child.wait();
    killed
}

/// Every line of `path` ends with `\n` and is JSON.
fn assert_whole_json_lines(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    assert!(text.is_empty() || text.ends_with('\n'), "a torn last line");
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line)
            .unwrap_or_else(|e| panic!("{e}: a half-written line {line:?}"));
    }
    text.lines().count()
}

/// No temporary file of an atomic write is left in `dir`.
fn assert_no_temporary(dir: &Path) {
    for entry in std::fs::read_dir(dir).expect("the folder") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        assert!(!name.contains(".tmp"), "{name} left behind");
    }
}

fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = common::temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the folder");
    dir
}

#[test]
fn selfplay_killed_at_random_moments_resumes_to_the_same_result() {
    let dir = fresh_dir("selfplay-kill");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("UTF-8 path");
    let base = [
        "tafl",
        "selfplay",
        "--levels",
        "bard,ovate",
        "--nodes",
        "300,300",
        "--games",
        "6",
        "--rules",
        "brandubh",
        "--json",
        "--threads",
        "1",
    ];
    let started = Instant::now();
    let fresh: serde_json::Value = serde_json::from_str(&finish(&base)).expect("JSON");
    let took = started.elapsed().as_millis() as u64;
    let mut with_log = base.to_vec();
    with_log.extend(["--log", log_arg]);
    let mut delays = Delays(1);
    let mut kills = 0;
    for _ in 0..12 {
        if kill_after(&with_log, 20 + delays.next_ms(took.max(40))) {
            kills += 1;
        }
        // After each kill: whole lines only (a torn one is cut by the next run, which
        // reads the file first; here it may still be there, so check after a resume).
    }
    // A loaded machine can run the first measurement slower than the killed runs (each run
    // then finished its games before its kill): start again from nothing with earlier kills
    // until one run is killed in its middle.
    for round in 0..8 {
        if kills > 0 {
            break;
        }
        let _ = std::fs::remove_file(&log);
        if kill_after(&with_log, 2 + took / (4 << round)) {
            kills += 1;
        }
    }
    let resumed: serde_json::Value = serde_json::from_str(&finish(&with_log)).expect("JSON");
    assert!(kills > 0, "no run was killed: the test proves nothing");
    for key in [
        "first_attacking",
        "first_defending",
        "first_total",
        "score",
        "plies_per_game",
        "nodes",
    ] {
        assert_eq!(resumed[key], fresh[key], "{key} after {kills} kills");
    }
    assert_eq!(assert_whole_json_lines(&log), 12, "each game logged once");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_torn_last_line_of_the_selfplay_log_is_cut_and_its_game_played_again() {
    let dir = fresh_dir("selfplay-torn");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("UTF-8 path");
    let args = [
        "tafl",
        "selfplay",
        "--levels",
        "bard,ovate",
        "--nodes",
        "40,120",
        "--games",
        "2",
        "--rules",
        "brandubh",
        "--json",
        "--threads",
        "1",
        "--log",
        log_arg,
    ];
    let full = finish(&args);
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    // As a kill in the middle of the last write leaves it: the last line cut in two.
    let torn = format!(
        "{}\n{}",
        lines[..3].join("\n"),
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&log, torn).expect("write");
    let again = finish(&args);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&full).expect("JSON"),
        serde_json::from_str(&again).expect("JSON"),
    );
    assert_eq!(a["first_total"], b["first_total"]);
    assert_eq!(a["nodes"], b["nodes"]);
    assert_eq!(
        assert_whole_json_lines(&log),
        4,
        "the torn line replaced by a whole one"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulate_killed_at_random_moments_resumes_to_the_same_result() {
    let dir = fresh_dir("simulate-kill");
    let checkpoint = dir.join("blocks.jsonl");
    let output = dir.join("shard.json");
    let study = [
        "simulate",
        "sugoroku",
        "--games",
        "600000",
        "--seed",
        "5",
        "--shard",
        "2/3",
        "--single-thread",
        "--json",
    ];
    let started = Instant::now();
    let fresh = finish(&study);
    let took = started.elapsed().as_millis() as u64;
    let mut args = study.to_vec();
    args.extend([
        "--checkpoint",
        checkpoint.to_str().expect("UTF-8"),
        "--checkpoint-every",
        "10000",
        "--output",
        output.to_str().expect("UTF-8"),
    ]);
    let mut delays = Delays(7);
    let mut kills = 0;
    for _ in 0..10 {
        if kill_after(&args, 5 + delays.next_ms(took.max(20))) {
            kills += 1;
        }
        // The report is written whole or not at all.
        if let Ok(text) = std::fs::read_to_string(&output) {
            assert_eq!(text, fresh, "a half-written report");
        }
    }
    // A loaded machine can run the first measurement slower than the killed runs: then
    // start again from nothing with earlier kills until one run is killed in its middle.
    for round in 0..8 {
        if kills > 0 {
            break;
        }
        let _ = std::fs::remove_file(&checkpoint);
        let _ = std::fs::remove_file(&output);
        if kill_after(&args, 2 + took / (4 << round)) {
            kills += 1;
        }
    }
    assert!(kills > 0, "no run was killed: the test proves nothing");
    assert_eq!(finish(&args), "", "the report goes to the file");
    assert_eq!(std::fs::read_to_string(&output).expect("the report"), fresh);
    assert_eq!(
        assert_whole_json_lines(&checkpoint),
        20,
        "200 000 games in blocks of 10 000"
    );
    assert_no_temporary(&dir);
    // A run with the checkpoint complete plays nothing and prints the same.
    let mut again = args.clone();
    again.truncate(again.len() - 2);
    assert_eq!(finish(&again), fresh);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A checkpoint line whose counts were edited (they no longer add up, or are another
/// block's) is not trusted: its block is played again with a warning, and the report is
/// that of a run never interrupted (as `simulate merge` refuses such counts in a shard).
#[test]
fn simulate_plays_again_a_checkpoint_block_whose_counts_do_not_add_up() {
    let dir = fresh_dir("simulate-forged-checkpoint");
    let checkpoint = dir.join("blocks.jsonl");
    let study = [
        "simulate",
        "sugoroku",
        "--games",
        "3000",
        "--seed",
        "9",
        "--single-thread",
    ];
    let fresh = finish(&study);
    let mut args = study.to_vec();
    args.extend([
        "--checkpoint",
        checkpoint.to_str().expect("UTF-8"),
        "--checkpoint-every",
        "1000",
    ]);
    assert_eq!(finish(&args), fresh);
    assert_eq!(assert_whole_json_lines(&checkpoint), 3);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&checkpoint)
        .expect("the checkpoint")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    // Block 0: one more draw than games (the outcomes no longer add up); block 1: the counts
    // of 500 games (not the block's 1000), internally consistent; block 2 left alone.
    let mut forged = lines.clone();
    let draws = forged[0]["counts"]["draws"].as_u64().expect("draws");
    forged[0]["counts"]["draws"] = (draws + 1).into();
    let c = &mut forged[1]["counts"];
    let half = |v: &serde_json::Value| v.as_u64().expect("a count") / 2;
    c["games"] = 500.into();
    c["draws"] = 0.into();
    c["wins"]["first"] = 500.into();
    c["wins"]["second"] = 0.into();
    let lengths: Vec<u64> = c["lengths"]
        .as_array()
        .expect("lengths")
        .iter()
        .map(|_| 0)
        .collect();
    c["lengths"] = lengths.into();
    c["lengths"][0] = 500.into();
    c["throws"] = half(&c["throws"]).into();
    let text: String = forged.iter().map(|v| format!("{v}\n")).collect();
    std::fs::write(&checkpoint, text).expect("write the forged checkpoint");
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8(o.stdout).expect("UTF-8"), fresh);
    let stderr = String::from_utf8(o.stderr).expect("UTF-8");
    for block in [0, 1] {
        assert!(
            stderr.contains(&format!(
                "the counts of block {block} are not those of a run"
            )),
            "{stderr}"
        );
    }
    assert!(!stderr.contains("block 2"), "{stderr}");
    // The two blocks played again are appended whole; a third run trusts them.
    assert_eq!(assert_whole_json_lines(&checkpoint), 5);
    assert_eq!(finish(&args), fresh);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The standard error of `args`, which must be refused (exit 2).
fn fail(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2), "{args:?} should be refused");
    String::from_utf8(o.stderr).expect("UTF-8")
}

const TOURNAMENT: [&str; 13] = [
    "tournament",
    "--game",
    "tafl",
    "--rules",
    "brandubh",
    "--agents",
    "random,bard",
    "--games",
    "6",
    "--threads",
    "1",
    "--json",
    "--quiet",
];

#[test]
fn tournament_killed_at_random_moments_resumes_to_the_same_table() {
    let dir = fresh_dir("tournament-kill");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("UTF-8 path");
    let started = Instant::now();
    let fresh = finish(&TOURNAMENT);
    let took = started.elapsed().as_millis() as u64;
    let mut args = TOURNAMENT.to_vec();
    args.extend(["--log", log_arg]);
    let mut delays = Delays(3);
    let mut kills = 0;
    for _ in 0..10 {
        if kill_after(&args, 5 + delays.next_ms(took.max(20))) {
            kills += 1;
        }
    }
    // A loaded machine can run the first measurement slower than the killed runs: then
    // start again from nothing with earlier kills until one run is killed in its middle.
    for round in 0..8 {
        if kills > 0 {
            break;
        }
        let _ = std::fs::remove_file(&log);
        if kill_after(&args, 2 + took / (4 << round)) {
            kills += 1;
        }
    }
    assert!(kills > 0, "no run was killed: the test proves nothing");
    assert_eq!(finish(&args), fresh, "the table after {kills} kills");
    // The header and the 12 games (6 rounds, each twice), each once.
    assert_eq!(assert_whole_json_lines(&log), 13, "each game logged once");
    // A run with the log complete plays nothing and prints the same (more threads too).
    let mut again = args.clone();
    again[10] = "2";
    assert_eq!(finish(&again), fresh);
    assert_eq!(assert_whole_json_lines(&log), 13);
    assert_no_temporary(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_torn_tournament_log_line_is_cut_and_a_log_of_other_arguments_refused() {
    let dir = fresh_dir("tournament-torn");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("UTF-8 path");
    let mut args = TOURNAMENT.to_vec();
    args[8] = "2";
    args.extend(["--log", log_arg]);
    let full = finish(&args);
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "the header and 4 games");
    // As a kill in the middle of the last write leaves it: the last line cut in two.
    let torn = format!(
        "{}\n{}",
        lines[..4].join("\n"),
        &lines[4][..lines[4].len() / 2]
    );
    std::fs::write(&log, torn).expect("write");
    assert_eq!(finish(&args), full);
    assert_eq!(
        assert_whole_json_lines(&log),
        5,
        "the torn line replaced by a whole one"
    );
    // Other rounds and another seed: refused, both named with their two values.
    let mut other = args.clone();
    other[8] = "3";
    other.extend(["--seed", "9"]);
    let message = fail(&other);
    assert!(
        message.contains("written by a tournament of other arguments")
            && message.contains("--games 2 in the log, 3 here")
            && message.contains("--seed 1 in the log, 9 here"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(&log)
            .expect("the log")
            .lines()
            .count(),
        5,
        "left alone"
    );
    // A file that is no tournament's log is refused, not appended to.
    let stranger = dir.join("notes.txt");
    std::fs::write(&stranger, "shopping list\n").expect("write");
    let mut args = TOURNAMENT.to_vec();
    args.extend(["--log", stranger.to_str().expect("UTF-8")]);
    assert!(fail(&args).contains("not a tournament's log"));
    assert_eq!(
        std::fs::read_to_string(&stranger).expect("the file"),
        "shopping list\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
