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
        (vec!["--weights1", "speed=3"], "unknown evaluation weight"),
        (vec!["--weights2", "tempo"], "name=value"),
    ] {
        let mut all = vec!["tafl", "selfplay", "--quiet"];
        all.extend(args.iter());
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}

/// The `data-count` of every bar of a histogram, summed, and the mean of the values they
/// stand for (each bar's first value; the bins are single values below 100 of them).
fn histogram_games(svg: &str) -> (u64, f64) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let bars: Vec<(u64, u64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("bar"))
        .map(|n| {
            let value = n.attribute("data-value").unwrap().parse::<u64>().unwrap();
            let count = n.attribute("data-count").unwrap().parse::<u64>().unwrap();
            (value, count)
        })
        .collect();
    let games: u64 = bars.iter().map(|b| b.1).sum();
    let total: u64 = bars.iter().map(|b| b.0 * b.1).sum();
    (games, total as f64 / games as f64)
}

#[test]
fn selfplay_and_tournament_draw_their_game_lengths() {
    let dir = std::env::temp_dir().join(format!("boardgames-lengths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("selfplay.svg");
    let mut args = SMALL.to_vec();
    args.extend(["--json", "--threads", "1", "--svg", file.to_str().unwrap()]);
    let report = json(&run(&args));
    let (games, mean) = histogram_games(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(games, 6, "one bar count per game");
    let plies = report["plies_per_game"].as_f64().unwrap();
    assert!((mean - plies).abs() < 1e-9, "{mean} plies against {plies}");

    let file = dir.join("tournament.svg");
    let o = run(&[
        "tournament",
        "--game",
        "tafl",
        "--agents",
        "random,bard",
        "--games",
        "2",
        "--rules",
        "brandubh",
        "--quiet",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (games, mean) = histogram_games(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(games, 4, "two rounds of two games");
    assert!(mean >= 1.0);

    // An unwritable picture is an output error (exit 3), after the table was printed.
    let mut args = SMALL.to_vec();
    let bad = dir.join("no/such/dir.svg");
    args.extend(["--quiet", "--svg", bad.to_str().unwrap()]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stdout).contains("| both sides | 6 |"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_weights_change_the_games_and_are_reported() {
    let with = |extra: &[&str]| {
        let mut args = SMALL.to_vec();
        args.extend(["--json", "--threads", "1"]);
        args.extend(extra);
        json(&run(&args))
    };
    let plain = with(&[]);
    // The level's own weights on Brandubh: those tuned for 7×7.
    let defaults = plain["weights"][0].as_str().unwrap().to_string();
    assert_eq!(defaults, tafl_core::ai::EvalWeights::TUNED_7X7.to_string());
    assert!(defaults.contains("attacker=133,defender=107"), "{defaults}");
    // Naming them plays the same games.
    let same = with(&["--weights1", &defaults]);
    assert_eq!(plain["first_total"], same["first_total"]);
    assert_eq!(plain["plies_per_game"], same["plies_per_game"]);
    // Material turned upside down for the first level: other games.
    let odd = with(&["--weights1", "attacker=-100,defender=-120"]);
    assert!(
        odd["weights"][0]
            .as_str()
            .unwrap()
            .starts_with("attacker=-100,defender=-120,")
    );
    assert_eq!(odd["weights"][1], plain["weights"][1]);
    assert_ne!(
        (&plain["nodes"], &plain["plies_per_game"]),
        (&odd["nodes"], &odd["plies_per_game"])
    );
}

#[test]
fn selfplay_log_resumes_a_stopped_run() {
    let dir = std::env::temp_dir().join(format!("boardgames-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("games.jsonl");
    let _ = std::fs::remove_file(&log);
    let log_arg = log.to_str().unwrap();
    let run_with = |games: &str| {
        let mut args = SMALL.to_vec();
        args[7] = games;
        args.extend(["--json", "--threads", "2", "--log", log_arg]);
        json(&run(&args))
    };
    // A run of 2 games a side, as if stopped; then the full run of 3 plays only the rest.
    let part = run_with("2");
    assert_eq!(part["first_total"]["games"], 4);
    let lines = |p: &std::path::Path| std::fs::read_to_string(p).unwrap().lines().count();
    assert_eq!(lines(&log), 4);
    let full = run_with("3");
    assert_eq!(lines(&log), 6, "only the two missing games were played");
    // The same totals as a run without a log.
    let mut args = SMALL.to_vec();
    args.extend(["--json", "--threads", "1"]);
    let fresh = json(&run(&args));
    for key in [
        "first_attacking",
        "first_defending",
        "score",
        "plies_per_game",
        "nodes",
    ] {
        assert_eq!(full[key], fresh[key], "{key}");
    }
    // Another pairing's lines in the same file are not counted as its games.
    let mut args = SMALL.to_vec();
    args[5] = "40,130";
    args.extend(["--json", "--log", log_arg]);
    let other = json(&run(&args));
    assert_eq!(other["first_total"]["games"], 6);
    assert_eq!(lines(&log), 12);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn selfplay_on_eleven_by_eleven_searches_the_tuned_weights_and_hand_set_ones_on_request() {
    let copenhagen = |extra: &[&str]| {
        let mut args = vec![
            "tafl",
            "selfplay",
            "--rules",
            "copenhagen",
            "--levels",
            "bard,bard",
            "--nodes",
            "30,30",
            "--games",
            "1",
            "--threads",
            "1",
            "--max-plies",
            "6",
        ];
        args.extend(extra);
        run(&args)
    };
    let tuned = tafl_core::ai::EvalWeights::TUNED_11X11.to_string();
    let hand_set = tafl_core::ai::EvalWeights::DEFAULT.to_string();
    // The levels' own weights on 11×11: the tuned ones, in the JSON and in the table.
    let own = json(&copenhagen(&["--json"]));
    assert_eq!(own["weights"][0], tuned.as_str());
    assert_eq!(own["weights"][1], tuned.as_str());
    let table = String::from_utf8(copenhagen(&[]).stdout).unwrap();
    assert!(
        table.contains(&format!("Bard (the first) weighs: {tuned}")),
        "{table}"
    );
    // `hand-set` for the second level: the hand-set weights searched there, and no line
    // for them in the table (they are the defaults).
    let compared = json(&copenhagen(&["--json", "--weights2", "hand-set"]));
    assert_eq!(compared["weights"][0], tuned.as_str());
    assert_eq!(compared["weights"][1], hand_set.as_str());
    let table = String::from_utf8(copenhagen(&["--weights2", "hand-set"]).stdout).unwrap();
    assert!(!table.contains("(the second) weighs"), "{table}");
    // On Brandubh's 7×7 the levels search the weights tuned for it; on Fidchell's four
    // corners, those tuned for them.
    let mut small = SMALL.to_vec();
    small.push("--json");
    let brandubh = json(&run(&small));
    let seven = tafl_core::ai::EvalWeights::TUNED_7X7.to_string();
    assert_eq!(brandubh["weights"][0], seven.as_str());
    small[9] = "fidchell";
    let fidchell = json(&run(&small));
    let four = tafl_core::ai::EvalWeights::TUNED_FIDCHELL.to_string();
    assert_eq!(fidchell["weights"][0], four.as_str());
}
