//! Every example's command line: `--help` prints each option with a line of description on
//! standard output and exits 0; an unknown option exits 2 with the usage on standard error;
//! a bad value names the option. `cargo test` builds the examples before it runs the tests.

use std::path::PathBuf;
use std::process::{Command, Output};

const EXAMPLES: [&str; 9] = [
    "pictures",
    "play_tafl",
    "sample_games",
    "sugoroku_game",
    "sugoroku_stats",
    "tafl_selfplay",
    "trictrac_a_ecrire",
    "trictrac_game",
    "trictrac_table",
];

/// `target/<profile>/examples/<name>`, next to this test's `deps` folder.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

fn run(name: &str, args: &[&str]) -> Output {
    Command::new(example(name))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running {name}: {e}"))
}

#[test]
fn help_lists_every_option_on_stdout_and_exits_0() {
    for name in EXAMPLES {
        let out = run(name, &["--help"]);
        assert_eq!(out.status.code(), Some(0), "{name} --help");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Usage:"), "{name}: {text}");
        assert!(text.contains("-h, --help"), "{name}: {text}");
        assert!(out.stderr.is_empty(), "{name} --help wrote to stderr");
        // Each option line is followed by its description.
        for line in text.lines().filter(|l| l.trim_start().starts_with("--")) {
            assert!(
                line.trim().contains("  ") || !line.trim().contains(' ') || line.contains('<'),
                "{name}: {line}"
            );
        }
    }
}

#[test]
fn unknown_options_exit_2_with_the_usage_on_stderr() {
    for name in EXAMPLES {
        let out = run(name, &["--no-such-option"]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name} wrote to stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(err.contains("--no-such-option"), "{name}: {err}");
        assert!(err.contains(&format!("Usage: {name}")), "{name}: {err}");
    }
}

#[test]
fn the_examples_share_option_names() {
    // `--rules`, never `--ruleset`, wherever a ruleset is chosen.
    for name in [
        "play_tafl",
        "tafl_selfplay",
        "sugoroku_game",
        "sugoroku_stats",
    ] {
        let help = String::from_utf8_lossy(&run(name, &["--help"]).stdout).to_string();
        assert!(help.contains("--rules <RULES>"), "{name}: {help}");
        let old = run(name, &["--ruleset", "brandubh"]);
        assert_eq!(old.status.code(), Some(2), "{name} --ruleset");
    }
    // Every seeded example takes --seed, in decimal or hexadecimal.
    for name in [
        "sample_games",
        "sugoroku_game",
        "trictrac_game",
        "trictrac_table",
    ] {
        let help = String::from_utf8_lossy(&run(name, &["--help"]).stdout).to_string();
        assert!(help.contains("--seed <SEED>"), "{name}: {help}");
    }
}

#[test]
fn bad_values_name_the_option_and_negative_seeds_get_the_seeds_message() {
    let out = run("sample_games", &["--seed", "-3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'--seed <SEED>'"), "{err}");
    assert!(err.contains("invalid seed \"-3\""), "{err}");
    let out = run("trictrac_game", &["--trous", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--trous"));
    let out = run("tafl_selfplay", &["--rules", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown ruleset \"nonsense\""));
    // Bounded work: at most 120 marqués, as the command line.
    let out = run("trictrac_a_ecrire", &["--marques", "100000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--marques"));
}

#[test]
fn runtime_failures_say_error_and_exit_1() {
    let out = run("trictrac_table", &["--players", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --players"));
    // A folder that cannot be created.
    let out = run(
        "sample_games",
        &["--game", "sugoroku", "--out", "/dev/null/x"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --out /dev/null/x"));
}

#[test]
fn sample_games_summarises_by_default_and_narrates_with_verbose() {
    // Sugoroku alone is quick even unoptimised.
    let short = run("sample_games", &["--game", "sugoroku"]);
    assert_eq!(short.status.code(), Some(0));
    let short = String::from_utf8_lossy(&short.stdout).to_string();
    assert!(
        short.contains("Result: game over: white wins 10-6 after 81 throws"),
        "{short}"
    );
    assert!(short.contains("Placing ended after throw 31"), "{short}");
    assert!(
        !short.contains("[Result"),
        "no record without --verbose: {short}"
    );
    let long = run("sample_games", &["--game", "sugoroku", "--verbose"]);
    let long = String::from_utf8_lossy(&long.stdout).to_string();
    assert!(long.contains("  81. black throws 3-1"), "{long}");
    assert!(long.contains("[Result \"1-0\"]"), "{long}");
    assert!(long.lines().count() > 5 * short.lines().count());
    let dir = std::env::temp_dir().join(format!("boardgames-examples-out-{}", std::process::id()));
    let out = run(
        "sample_games",
        &[
            "--game",
            "sugoroku",
            "--out",
            dir.to_str().expect("utf-8 temp dir"),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("sugoroku.txt") && text.contains("sugoroku.html"),
        "{text}"
    );
    assert!(
        std::fs::read_to_string(dir.join("sugoroku.txt"))
            .is_ok_and(|r| r.contains("[Result \"1-0\"]"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pictures_replays_its_fixed_tafl_opening_and_writes_every_picture() {
    let dir = std::env::temp_dir().join(format!("boardgames-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let out = run("pictures", &[dir.to_str().expect("a UTF-8 temporary path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for name in [
        "trictrac-start.svg",
        "trictrac-middle.svg",
        "tafl-start.svg",
        "tafl-middle.svg",
        "sugoroku-start.svg",
        "sugoroku-middle.svg",
        "sugoroku-lengths.svg",
    ] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{name}"
        );
    }
    let tafl = std::fs::read_to_string(dir.join("tafl-middle.svg")).expect("tafl-middle.svg");
    assert!(
        tafl.contains("Fidchell after 42 plies: the king has visited three corners"),
        "the middle game's title"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
