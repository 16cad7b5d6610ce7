//! The arena's jobs (`boardgames_arena::jobs`) and the commands they stand for: a job cut
//! into shards of any sizes, merged in any order, gives byte for byte the `--json` output of
//! the one-machine command on the same seeds. (The jobs' own checks are the arena's tests.)

use std::process::Command;

use boardgames_arena::NoClock;
use boardgames_arena::jobs::Job;
use serde_json::Value;

/// The command's standard output (it must succeed).
fn command(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the boardgames binary runs");
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8 output")
}

/// The job's shards cut at `cuts` (increasing unit numbers), merged in reverse order and
/// printed as the command prints its JSON.
fn merged(job: &Job, cuts: &[u64]) -> String {
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(job.units());
    let mut shards: Vec<Value> = bounds
        .windows(2)
        .map(|w| {
            job.run(w[0], w[1] - w[0], &NoClock)
                .expect("a shard in range")
        })
        .collect();
    shards.reverse();
    let value = job.merge(&shards).expect("the shards cover the job");
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap())
}

#[test]
fn sugoroku_shards_equal_the_command() {
    let job =
        Job::plan(r#"{"kind": "sugoroku", "games": 30000, "seed": 5, "rules": "return=adds"}"#)
            .unwrap();
    assert_eq!(job.units(), 30000);
    let one = command(&[
        "simulate",
        "sugoroku",
        "--games",
        "30000",
        "--seed",
        "5",
        "--rules",
        "return=adds",
        "--json",
    ]);
    assert_eq!(merged(&job, &[1, 9999, 17000]), one);
    assert_eq!(merged(&job, &[]), one);
    let v: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["games"], 30000);
    assert_eq!(v["study_games"], 30000);
}

#[test]
fn trictrac_study_shards_equal_the_command() {
    let job = Job::plan(
        r#"{"kind": "trictrac", "games": 20, "seed": 3, "agents": ["bot", "random"], "trous": 2}"#,
    )
    .unwrap();
    let one = command(&[
        "simulate",
        "trictrac",
        "--games",
        "20",
        "--seed",
        "3",
        "--agents",
        "bot,random",
        "--trous",
        "2",
        "--quiet",
    ]);
    assert_eq!(merged(&job, &[7, 8, 13]), one);
    let v: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["games"], 20);
    let wins = v["wins"]["first"].as_u64().unwrap() + v["wins"]["second"].as_u64().unwrap();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 20);
    // The heuristic beats random play at trictrac.
    assert!(v["wins"]["first"].as_u64().unwrap() > v["wins"]["second"].as_u64().unwrap());
    let lengths: u64 = v["counts"]["lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(lengths, 20);
}

#[test]
fn tournament_shards_equal_the_command() {
    let job = Job::plan(
        r#"{"kind": "tournament", "game": "tafl", "rules": "brandubh", "agents": ["random", "bard", "mcts:20"], "games": 2, "seed": 9}"#,
    )
    .unwrap();
    // Three pairs, two rounds each of two games.
    assert_eq!(job.units(), 12);
    let one = command(&[
        "tournament",
        "--game",
        "tafl",
        "--rules",
        "brandubh",
        "--agents",
        "random,bard,mcts:20",
        "--games",
        "2",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(merged(&job, &[1, 5, 6, 11]), one);
    let trictrac = Job::plan(
        r#"{"kind": "tournament", "game": "trictrac", "agents": ["random", "bot"], "games": 2, "trous": 1}"#,
    )
    .unwrap();
    let one = command(&[
        "tournament",
        "--game",
        "trictrac",
        "--agents",
        "random,bot",
        "--games",
        "2",
        "--trous",
        "1",
        "--json",
    ]);
    assert_eq!(merged(&trictrac, &[3]), one);
}

#[test]
fn selfplay_shards_give_records_and_the_tournament() {
    let job = Job::plan(
        r#"{"kind": "selfplay", "game": "tafl", "rules": "brandubh", "agents": ["random", "bard"], "games": 1}"#,
    )
    .unwrap();
    assert_eq!(job.kind(), "selfplay");
    let shard = job.run(0, 2, &NoClock).unwrap();
    let records = shard["records"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["fixture"], k);
        let text = r["record"].as_str().unwrap();
        assert!(
            text.contains("[Game \"tafl\"]") || text.contains("Game"),
            "{text}"
        );
    }
    // The two games of a round share their seed, the sides swapped.
    assert_eq!(records[0]["seed"], records[1]["seed"]);
    assert_eq!(records[0]["first"], records[1]["second"]);
    let one = command(&[
        "tournament",
        "--game",
        "tafl",
        "--rules",
        "brandubh",
        "--agents",
        "random,bard",
        "--games",
        "1",
        "--json",
    ]);
    let value = job.merge(&[shard]).unwrap();
    assert_eq!(
        format!("{}\n", serde_json::to_string_pretty(&value).unwrap()),
        one
    );
}
