//! The commands at the edges of their input and output: text that ends its last line, binary
//! files and impossible values refused with their option, results files that cannot be
//! written, an engine clock at the limit of its type.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file in a fresh temporary folder of this test.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("boardgames-cli-edge-cases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The text statistics end with a newline (the shell's prompt starts a line of its own after
/// `stopped by the cap 0`), for a run and for a merge.
#[test]
fn simulate_text_ends_with_a_newline() {
    let o = run(&["simulate", "sugoroku", "--games", "5", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        o.stdout.ends_with(b"\n"),
        "{:?}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(!o.stdout.ends_with(b"\n\n"));
    let shard = run(&["simulate", "sugoroku", "--games", "5", "--json"]);
    let path = temp_file("whole.json", &shard.stdout);
    let merged = run(&["simulate", "merge", path.to_str().unwrap()]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(merged.stdout, o.stdout);
}

/// A shard file that is not UTF-8 is malformed input (exit 2, as `replay` says of such a
/// record), not a file that could not be read (exit 3).
#[test]
fn merge_of_a_binary_file_is_malformed_input() {
    let path = temp_file("binary.json", &[0xff, 0xfe, 0x00, 0x81, b'{']);
    let o = run(&["simulate", "merge", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
}

/// A piece on a square it may not stop on is named in words ("an attacker"), not by its
/// Rust name ("a Attacker").
#[test]
fn a_restricted_square_names_the_piece_in_words() {
    let o = run(&["tafl", "moves", "--position", "/t6/7/7/3K3/7/7/7/ a"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--position: an attacker may not stand on a1"),
        "{}",
        stderr(&o)
    );
}

/// `replay --svg` with a file that cannot be written prints the replay first and then fails
/// with exit 3, as docs/cli.md says of every `--svg` ("the picture is written after the text
/// output"), never before printing anything.
#[test]
fn replay_prints_before_a_failing_svg() {
    let record = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. c1-c2\n";
    let path = temp_file("one.rec", record.as_bytes());
    let svg = std::env::temp_dir().join("boardgames-cli-edge-cases-no-such-dir/a.svg");
    let o = run(&[
        "replay",
        path.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("Tafl: 1 actions replayed, all legal"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let o = run(&[
        "replay",
        path.to_str().unwrap(),
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"legal\": true"));
}

/// `tafl engine --think` of a non-positive or non-finite time (`nan`, `inf`, `0`, `-0.5`) is a
/// bad argument (exit 2) before `hello`, never a panic at the first search.
#[test]
fn engine_think_must_be_a_positive_number() {
    for think in ["nan", "inf", "0", "-0.5"] {
        let o = run(&["tafl", "engine", &format!("--think={think}")]);
        assert_eq!(o.status.code(), Some(2), "{think}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("--think: ")
                && stderr(&o).contains("is not a positive number of seconds"),
            "{think}: {}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{think}");
    }
}

/// A log file that cannot be created is an output error that says "write", not "read".
#[test]
fn engine_log_that_cannot_be_written_says_so() {
    let log = std::env::temp_dir().join("boardgames-cli-edge-cases-no-such-dir/log.txt");
    let o = run(&["tafl", "engine", "--log", log.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

/// A host clock as large as an i64 holds does not overflow (no panic in a debug build, no
/// wrapped time otherwise): the engine answers with a move.
#[test]
fn engine_survives_a_huge_clock() {
    use std::io::Write as _;
    let rules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: \
                 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let max = i64::MAX;
    let input = format!(
        "rules {rules}\nclock {max} {max} {max} 5 5\nplay attackers\nclock {max}* {max}* {max} 5 5\nplay defenders\n"
    );
    // No `goodbye`: sent with the rest before the answers, it would stop the searches (the
    // host's input is read while the engine thinks); the end of the input ends the session
    // once every line is handled.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(["tafl", "engine", "--nodes", "200"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("move ")).count(),
        2,
        "{out}"
    );
}

/// An engine whose output cannot be written (a full disk, not a host that closed the pipe)
/// exits 3 instead of 0.
#[test]
fn engine_output_on_a_full_disk_is_exit_3() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux
    };
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(["tafl", "engine"])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("output:"), "{}", stderr(&o));
}

/// A `--log` or `--checkpoint` file that cannot be created is reported with the option, the
/// file and what failed, not a bare "cannot read" (exit 3, nothing played).
#[test]
fn a_results_file_that_cannot_be_created_names_its_option() {
    let dir = std::env::temp_dir().join("boardgames-cli-edge-cases-missing-folder");
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("out.jsonl");
    let file = file.to_str().unwrap();
    for (args, option) in [
        (
            vec!["tafl", "selfplay", "--games", "1", "--log", file],
            "--log",
        ),
        (
            vec![
                "tournament",
                "--game",
                "tafl",
                "--agents",
                "random,bard",
                "--games",
                "1",
                "--log",
                file,
            ],
            "--log",
        ),
        (
            vec![
                "simulate",
                "sugoroku",
                "--games",
                "10",
                "--checkpoint",
                file,
            ],
            "--checkpoint",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
        let want = format!("error: {option} {file}: cannot create it or open it to append: ");
        assert!(stderr(&o).starts_with(&want), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("cannot read"), "{}", stderr(&o));
    }
}

/// `--checkpoint-every 0` is refused with the option's name (exit 2) by `simulate sugoroku`
/// and `trictrac train`, never taken as 1 without a word.
#[test]
fn checkpoint_every_zero_is_refused() {
    let out = std::env::temp_dir().join("boardgames-cli-edge-cases-every-zero");
    let out = out.to_str().unwrap();
    for args in [
        vec![
            "simulate",
            "sugoroku",
            "--games",
            "10",
            "--checkpoint",
            out,
            "--checkpoint-every",
            "0",
        ],
        vec![
            "trictrac",
            "train",
            "--parties",
            "1",
            "--output",
            out,
            "--checkpoint-every",
            "0",
        ],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o).trim_end(),
            "error: --checkpoint-every: must be at least 1",
            "{args:?}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new(out).exists(), "nothing written");
}
