//! `boardgames trictrac train`: a run killed (SIGKILL) and resumed from its checkpoint ends
//! with the very weights of an uninterrupted run of the same seed on one thread; a
//! checkpoint of other settings is refused; the evaluations go to the log and the curve.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{run, stderr, stdout, temp_path};

const PARTIES: &str = "1500";

fn args<'a>(output: &'a str, hidden: &'a str) -> Vec<&'a str> {
    vec![
        "trictrac",
        "train",
        "--output",
        output,
        "--parties",
        PARTIES,
        "--hidden",
        hidden,
        "--trous",
        "1",
        "--checkpoint-every",
        "25",
        "--every",
        "0",
        "--seed",
        "5",
        "--threads",
        "1",
        "--quiet",
    ]
}

/// The parties done written in the checkpoint at `path` (its JSON header), if it reads.
fn parties_done(path: &Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.len() < 8 || &bytes[..4] != b"TTCK" {
        return None;
    }
    let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let state: serde_json::Value = serde_json::from_slice(bytes.get(8..8 + len)?).ok()?;
    state["parties"].as_u64()
}

/// Starts the training `args` and kills it (SIGKILL) as soon as its checkpoint holds more
/// than `after` parties; returns the parties of the checkpoint it left.
fn kill_after(args: &[&str], checkpoint: &Path, after: u64) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let start = Instant::now();
    loop {
        if parties_done(checkpoint).is_some_and(|p| p > after) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "no checkpoint past {after} parties"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    parties_done(checkpoint).expect("the checkpoint reads after the kill")
}

#[test]
fn a_killed_run_resumes_to_the_weights_of_an_uninterrupted_one() {
    let whole = temp_path("train-whole.bin");
    let whole_text = whole.to_string_lossy().into_owned();
    let out = run(&args(&whole_text, "4"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Trained 1500 parties"),
        "{}",
        stdout(&out)
    );
    let expected = std::fs::read(&whole).expect("the weights");

    let killed = temp_path("train-killed.bin");
    let killed_text = killed.to_string_lossy().into_owned();
    let mut checkpoint = killed.clone().into_os_string();
    checkpoint.push(".checkpoint");
    let checkpoint = std::path::PathBuf::from(checkpoint);
    // Killed twice: at its first checkpoint, then once resumed past the next one.
    let first = kill_after(&args(&killed_text, "4"), &checkpoint, 0);
    assert!(first > 0 && first < 1500, "killed after {first} parties");
    assert!(!killed.exists(), "no weights before the end");
    let second = kill_after(&args(&killed_text, "4"), &checkpoint, first);
    assert!(
        second > first && second < 1500,
        "killed after {first}, then {second}"
    );
    let out = run(&args(&killed_text, "4"));
    assert!(out.status.success(), "{}", stderr(&out));
    // No temporary file is left beside the checkpoint (a kill while writing leaves one,
    // which the next write of the same file reuses and renames).
    let dir = killed.parent().expect("a folder");
    let temps: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".train-killed.bin") && n.ends_with(".tmp"))
        .collect();
    assert!(temps.is_empty(), "{temps:?}");
    assert_eq!(parties_done(&checkpoint), Some(1500));
    let resumed = std::fs::read(&killed).expect("the weights");
    assert_eq!(resumed.len(), expected.len());
    assert!(resumed == expected, "the resumed run's weights differ");

    // The checkpoint's settings must be given again to resume.
    let out = run(&args(&killed_text, "5"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--hidden 4 (the command says 5)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn evaluations_go_to_the_log_and_the_curve() {
    let output = temp_path("train-log.bin");
    let log = temp_path("train-log.jsonl");
    let svg = temp_path("train-log.svg");
    let (o, l, s) = (
        output.to_string_lossy().into_owned(),
        log.to_string_lossy().into_owned(),
        svg.to_string_lossy().into_owned(),
    );
    let out = run(&[
        "trictrac",
        "train",
        "--output",
        &o,
        "--parties",
        "60",
        "--hidden",
        "3",
        "--trous",
        "1",
        "--every",
        "20",
        "--eval-parties",
        "6",
        "--log",
        &l,
        "--svg",
        &s,
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    // Before the first partie, then after 20, 40 and 60.
    let parties: Vec<u64> = lines
        .iter()
        .map(|v| v["parties"].as_u64().unwrap())
        .collect();
    assert_eq!(parties, [0, 20, 40, 60]);
    assert!(lines.iter().all(|v| v["games"] == 6));
    let picture = std::fs::read_to_string(&svg).expect("the curve");
    assert_eq!(picture.matches("class=\"point\"").count(), 4);
    assert!(
        stdout(&out).contains("Last evaluation, after 60 parties"),
        "{}",
        stdout(&out)
    );
}

/// `--output` naming a folder is refused before the first partie, naming the option;
/// nothing is written.
#[test]
fn an_output_that_is_a_folder_is_refused_at_once() {
    let folder = temp_path("a-folder");
    std::fs::create_dir_all(&folder).expect("the folder");
    let o = run(&args(folder.to_str().expect("UTF-8"), "4"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--output: "), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is a folder, not a file"),
        "{}",
        stderr(&o)
    );
    assert!(!folder.with_extension("checkpoint").exists());
    let missing = temp_path("no-such-folder/weights.bin");
    let o = run(&args(missing.to_str().expect("UTF-8"), "4"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--output: "), "{}", stderr(&o));
    assert!(stderr(&o).contains(": no folder "), "{}", stderr(&o));
}
