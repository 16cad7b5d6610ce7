//! `boardgames tournament` run as a process: the same results on one and two threads, the
//! JSON shape, and bad input (exit code 2).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON output")
}

#[test]
fn one_and_two_threads_give_the_same_results() {
    let base = [
        "tournament",
        "--game",
        "trictrac",
        "--trous",
        "1",
        "--agents",
        "random,bot,searchbot:2",
        "--games",
        "2",
        "--seed",
        "9",
        "--json",
    ];
    let one = json(&run(&[&base[..], &["--threads", "1"]].concat()));
    let two = json(&run(&[&base[..], &["--threads", "2"]].concat()));
    assert_eq!(one, two);
    assert_eq!(
        one["agents"],
        serde_json::json!(["random", "bot", "searchbot:2"])
    );
    // Three pairs, two rounds each, two games a round.
    let pairs = one["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    for p in pairs {
        assert_eq!(p["games"], 4);
        let (w, d, l) = (
            p["wins"].as_u64().unwrap(),
            p["draws"].as_u64().unwrap(),
            p["losses"].as_u64().unwrap(),
        );
        assert_eq!(w + d + l, 4);
        let rate = &p["win_rate"];
        assert!(rate["low"].as_f64().unwrap() <= rate["estimate"].as_f64().unwrap());
    }
    let elo: f64 = one["elo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["elo"].as_f64().unwrap())
        .sum();
    assert!(elo.abs() < 1e-6, "Elo ratings have mean 0");
    // A different seed plays other games.
    let other = json(&run(&[
        &base[..9],
        &["--seed", "10", "--json", "--threads", "2"],
    ]
    .concat()));
    assert_eq!(other["seed"], 10);
}

#[test]
fn tafl_tournament_with_the_generic_searches_and_a_level() {
    let args = [
        "tournament",
        "--game",
        "tafl",
        "--rules",
        "brandubh",
        "--agents",
        "random,mcts:5,expecti:1,bard",
        "--games",
        "1",
        "--seed",
        "3",
        "--threads",
        "2",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("Elo"), "{text}");
    assert!(text.contains("| mcts:5"), "{text}");
    let a = json(&run(&[&args[..], &["--json"]].concat()));
    let b = json(&run(&[&args[..11], &["--threads", "1", "--json"]].concat()));
    assert_eq!(a, b);
}

#[test]
fn bad_input_is_exit_code_2_with_a_message() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--agents", "random,alphazero"],
            "unknown agent \"alphazero\"",
        ),
        (
            &["--agents", "random,mcts:0"],
            "mcts:0: the iterations budget must be at least 1",
        ),
        (
            &["--agents", "random,expecti:0"],
            "expecti:0: the depth budget must be at least 1",
        ),
        (
            &["--agents", "random,mcts:many"],
            "mcts:many: the iterations must be a whole number",
        ),
        (&["--agents", "random,random"], "random is named twice"),
        (&["--agents", "random"], "name at least two agents"),
        (
            &["--agents", "random,bot", "--games", "0"],
            "--games: must be at least 1",
        ),
        (&["--agents", "random,druid"], "druid plays tafl only"),
        (
            &["--agents", "random,bot", "--trous", "0"],
            "--trous: must be at least 1",
        ),
    ];
    for (args, message) in cases {
        let o = run(&[&["tournament", "--game", "trictrac"][..], args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    let o = run(&["tournament", "--game", "tafl", "--agents", "random,bot"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bot plays trictrac only"));
    let o = run(&["tournament", "--game", "go", "--agents", "random,bot"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A budget that is not a number, or too large for one, is refused with an example in the
/// agent's own syntax (`mcts:1000`, `searchbot:2`), not the word `iterations:1000`.
#[test]
fn a_bad_budget_names_the_agent_syntax() {
    let cases = [
        (
            "mcts:99999999999999999999",
            "mcts:99999999999999999999: the iterations must be a whole number from 1 to 1000000, like mcts:1000",
        ),
        (
            "searchbot:x",
            "searchbot:x: the breadth must be a whole number from 1 to 100000, like searchbot:2",
        ),
        (
            "expecti:-1",
            "expecti:-1: the depth must be a whole number from 1 to 8, like expecti:2",
        ),
    ];
    for (agent, message) in cases {
        let o = run(&[
            "tournament",
            "--game",
            "trictrac",
            "--agents",
            &format!("random,{agent}"),
        ]);
        assert_eq!(o.status.code(), Some(2), "{agent}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{agent}: {err}");
    }
}

/// `--threads` far above the number of games starts no more threads than games (100 000
/// threads would take minutes to start), with the same results as one thread.
#[test]
fn more_threads_than_games_are_not_started() {
    let base = [
        "tournament",
        "--game",
        "tafl",
        "--agents",
        "random,bard",
        "--games",
        "1",
        "--json",
    ];
    let one = run(&[&base[..], &["--threads", "1"]].concat());
    let many = run(&[&base[..], &["--threads", "100000"]].concat());
    assert!(
        many.status.success(),
        "{}",
        String::from_utf8_lossy(&many.stderr)
    );
    assert_eq!(one.stdout, many.stdout);
}

/// A `--log` written without `--trous` is accepted by the same tournament with `--trous 12`
/// spelled out (the default), and a game line whose returns' bits are NaN is refused, not
/// counted.
#[test]
fn a_log_knows_the_defaults_and_refuses_forged_returns() {
    let log = crate::common::temp_path("defaults.jsonl");
    let _ = std::fs::remove_file(&log);
    let log = log.to_str().expect("UTF-8");
    let base = [
        "tournament",
        "--game",
        "trictrac",
        "--trous",
        "1",
        "--agents",
        "random,bot",
        "--games",
        "1",
        "--seed",
        "3",
        "--json",
        "--log",
        log,
    ];
    let first = json(&run(&base));
    // A tournament at the default trous, without --trous and then with --trous 12: one log.
    let twelve = [
        "tournament",
        "--game",
        "trictrac",
        "--agents",
        "random,bot",
        "--games",
        "1",
        "--seed",
        "3",
        "--json",
        "--log",
    ];
    let log12 = crate::common::temp_path("defaults12.jsonl");
    let _ = std::fs::remove_file(&log12);
    let log12 = log12.to_str().expect("UTF-8");
    let unnamed = json(&run(&[&twelve[..], &[log12]].concat()));
    let named = json(&run(&[&twelve[..], &[log12, "--trous", "12"]].concat()));
    assert_eq!(unnamed, named);
    // A game line forged with NaN returns: refused, naming the line.
    let text = std::fs::read_to_string(log).expect("the log");
    let forged: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i == 1 {
                let mut v: serde_json::Value = serde_json::from_str(line).expect("a game line");
                v["returns_bits"] = serde_json::json!([f64::NAN.to_bits(), f64::NAN.to_bits()]);
                v.to_string()
            } else {
                line.to_owned()
            }
        })
        .collect();
    std::fs::write(log, forged.join("\n") + "\n").expect("the forged log");
    let refused = run(&base);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("line 2 is no game of this tournament"),
        "{message}"
    );
    assert!(first["pairs"].is_array());
}

/// The largest `--games`, whose schedule would take 2 GiB of memory, is refused before the
/// schedule is built.
#[test]
fn a_tournament_too_large_to_schedule_is_refused() {
    let o = run(&[
        "tournament",
        "--game",
        "trictrac",
        "--agents",
        "random,bot",
        "--games",
        "4294967295",
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let message = String::from_utf8_lossy(&o.stderr);
    assert!(
        message.contains("--games: more than 67108864 games"),
        "{message}"
    );
}
