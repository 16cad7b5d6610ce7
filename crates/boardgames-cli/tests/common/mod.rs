//! Running the `boardgames` binary in the command line's tests: its output as text or JSON,
//! and files of a test in a temporary folder. Each test file uses a part of it.
#![allow(dead_code, unreachable_pub)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `boardgames args` with an empty standard input.
pub fn run(args: &[&str]) -> Output {
    run_with_input(args, "")
}

/// Runs `boardgames args` with `input` on its standard input (closed after it).
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(mut stdin) = child.stdin.take() {
        // The program may exit before reading everything; a broken pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("the binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output as JSON.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).expect("valid JSON on stdout")
}

/// The path of `name` in this test's temporary folder (created; the file is not): one
/// folder per test run and per test (the test harness names each test's thread after it),
/// so that the tests of the one binary, run at the same time, never share a file.
pub fn temp_path(name: &str) -> PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "-");
    let dir = std::env::temp_dir()
        .join(format!("boardgames-cli-test-{}", std::process::id()))
        .join(test);
    std::fs::create_dir_all(&dir).expect("the temporary folder");
    dir.join(name)
}

/// A file `name` holding `contents` in this test run's temporary folder.
pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("the temporary file");
    path
}
