//! `boardgames tafl selfplay` run as a process: the JSON shape, determinism for fixed seeds
//! and budgets whatever the threads, and bad input.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

const SMALL: [&str; 10] = [
    "tafl",
    "selfplay",
    "--levels",
    "bard,ovate",
    "--nodes",
    "40,120",
    "--games",
    "3",
    "--rules",
    "brandubh",
];

#[test]
fn selfplay_json_is_deterministic() {
    let with = |threads: &str| {
        let mut args = SMALL.to_vec();
        args.extend(["--json", "--threads", threads]);
        json(&run(&args))
    };
    let one = with("1");
    assert_eq!(one["levels"], serde_json::json!(["Bard", "Ovate"]));
    assert_eq!(one["nodes_per_move"], serde_json::json!([40, 120]));
    assert_eq!(one["games_per_side"], 3);
    for part in ["first_attacking", "first_defending"] {
        let p = &one[part];
        let sum = p["wins"].as_u64().unwrap()
            + p["draws"].as_u64().unwrap()
            + p["losses"].as_u64().unwrap();
        assert_eq!((p["games"].as_u64(), sum), (Some(3), 3), "{part}");
    }
    assert_eq!(one["first_total"]["games"], 6);
    let elo = &one["elo"];
    assert!(elo["low"].as_f64() <= elo["estimate"].as_f64());
    assert!(elo["estimate"].as_f64() <= elo["high"].as_f64());
    assert!(one["nodes_per_second"][0].as_f64().unwrap() > 0.0);
    // The games depend on the seeds and budgets only, not on the threads.
    let two = with("2");
    for key in [
        "first_attacking",
        "first_defending",
        "plies_per_game",
        "score",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

#[test]
fn selfplay_prints_a_table() {
    let mut args = SMALL.to_vec();
    args.push("--quiet");
    let o = run(&args);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("Brandubh: Bard (40 nodes) against Ovate (120 nodes)"),
        "{text}"
    );
    assert!(text.contains("| both sides | 6 |"), "{text}");
    assert!(text.contains("Elo"), "{text}");
}

#[test]
fn selfplay_bad_input() {
    for (args, needle) in [
        (vec!["--games", "0"], "--games"),
        (vec!["--levels", "bard"], "two levels"),
        (vec!["--levels", "bard,sage"], "unknown level"),
        (vec!["--nodes", "0,10"], "--nodes"),
        (vec!["--rules", "chess"], "unknown ruleset"),
    ] {
        let mut all = vec!["tafl", "selfplay", "--quiet"];
        all.extend(args.iter());
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}
