//! Jobs: bad jobs refused with the messages of the commands they stand for, shards that
//! overlap, leave a gap or belong to another job refused, and the one merge, whether the
//! shards come all at once (`Job::merge`) or one at a time (`Merger`), in any order.

use boardgames_arena::jobs::Job;
use boardgames_arena::{ArenaError, NoClock};
use serde_json::Value;

#[test]
fn bad_jobs_get_the_command_messages() {
    let err = |text: &str| Job::plan(text).unwrap_err().to_string();
    assert_eq!(
        err(r#"{"kind": "tournament", "game": "tafl", "agents": ["random", "bot"]}"#),
        "--agents: bot plays trictrac only"
    );
    assert!(
        err(r#"{"kind": "tournament", "game": "tafl", "agents": ["random", "bard"], "rules": "nope"}"#)
            .starts_with("--rules:"),
    );
    assert_eq!(
        err(r#"{"kind": "sugoroku", "games": 0}"#),
        "--games: must be at least 1"
    );
    assert!(
        err(r#"{"kind": "sugoroku", "games": 5, "rules": "return=sideways"}"#)
            .starts_with("--rules:")
    );
    assert_eq!(
        err(r#"{"kind": "trictrac", "games": 5, "agents": ["bot"]}"#),
        "--agents: a study names two agents (first and second player), not 1"
    );
    assert!(err(r#"{"kind": "chess", "games": 5}"#).starts_with("job: unknown variant `chess`"));
    assert!(err(r#"{"kind": "sugoroku", "games": 5, "sede": 1}"#).contains("unknown field `sede`"));
    assert!(err(r#"{"kind": "sugoroku", "games": -5}"#).starts_with("job:"));
}

#[test]
fn merge_refuses_overlaps_gaps_and_foreign_shards() {
    let job = Job::plan(r#"{"kind": "sugoroku", "games": 100}"#).unwrap();
    let other = Job::plan(r#"{"kind": "sugoroku", "games": 100, "seed": 1}"#).unwrap();
    let a = job.run(0, 60, &NoClock).unwrap();
    let b = job.run(50, 50, &NoClock).unwrap();
    let c = job.run(60, 40, &NoClock).unwrap();
    assert!(
        job.merge(&[a.clone(), b])
            .unwrap_err()
            .to_string()
            .contains("overlap")
    );
    assert!(
        job.merge(std::slice::from_ref(&a))
            .unwrap_err()
            .to_string()
            .contains("missing")
    );
    assert!(
        job.merge(std::slice::from_ref(&c))
            .unwrap_err()
            .to_string()
            .contains("leave a gap")
    );
    let foreign = other.run(60, 40, &NoClock).unwrap();
    assert!(
        job.merge(&[a.clone(), foreign])
            .unwrap_err()
            .to_string()
            .contains("is not the job's")
    );
    assert!(
        job.run(90, 11, &NoClock)
            .unwrap_err()
            .to_string()
            .starts_with("shard: units 90")
    );
    assert!(job.merge(&[a, c]).is_ok());
}

/// Every unit's shards of `job` cut at `cuts`.
fn shards(job: &Job, cuts: &[u64]) -> Vec<Value> {
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(job.units());
    bounds
        .windows(2)
        .map(|w| job.run(w[0], w[1] - w[0], &NoClock).unwrap())
        .collect()
}

#[test]
fn shards_merged_one_at_a_time_in_any_order_are_the_whole_merge() {
    for text in [
        r#"{"kind": "sugoroku", "games": 3000, "seed": 11}"#,
        r#"{"kind": "trictrac", "games": 9, "seed": 2, "agents": ["bot", "random"], "trous": 1}"#,
        r#"{"kind": "tournament", "game": "tafl", "rules": "brandubh", "agents": ["random", "bard", "mcts:5"], "games": 1}"#,
    ] {
        let job = Job::plan(text).unwrap();
        let cut = job.units() / 3;
        let parts = shards(&job, &[1, cut, 2 * cut]);
        let whole = job.merge(&parts).unwrap();
        // The same cut otherwise, merged one at a time, last first.
        let mut merger = job.merger();
        assert_eq!((merger.done(), merger.units()), (0, job.units()));
        for shard in shards(&job, &[cut + 1]).iter().rev() {
            merger.add(shard).unwrap();
        }
        assert_eq!(merger.done(), job.units());
        assert_eq!(merger.finish().unwrap(), whole, "{text}");
        // An empty shard is no unit and merges as nothing.
        let mut merger = job.merger();
        merger.add(&job.run(0, 0, &NoClock).unwrap()).unwrap();
        for shard in &parts {
            merger.add(shard).unwrap();
        }
        assert_eq!(merger.finish().unwrap(), whole);
    }
}

#[test]
fn a_refused_shard_leaves_the_merger_as_it_was() {
    let job = Job::plan(r#"{"kind": "sugoroku", "games": 1000, "seed": 3}"#).unwrap();
    let mut merger = job.merger();
    merger.add(&job.run(0, 600, &NoClock).unwrap()).unwrap();
    let overlapping = job.run(500, 500, &NoClock).unwrap();
    let err = merger.add(&overlapping).unwrap_err();
    assert_eq!(
        err,
        ArenaError::Shard(
            "shard: units 500 .. 1000 overlap the shard of units 0 .. 600 merged before".into()
        )
    );
    let mut forged = job.run(600, 400, &NoClock).unwrap();
    forged["counts"]["games"] = Value::from("many");
    assert!(
        merger
            .add(&forged)
            .unwrap_err()
            .to_string()
            .starts_with("shard: the shard of units 600 .. 1000: ")
    );
    assert_eq!(merger.done(), 600);
    assert_eq!(
        merger.finish().unwrap_err().to_string(),
        "600 of the job's 1000 units merged: units 600 .. 1000 are missing"
    );
    merger.add(&job.run(600, 400, &NoClock).unwrap()).unwrap();
    let v = merger.finish().unwrap();
    assert_eq!(v["games"], 1000);
    assert_eq!(v, job.merge(&shards(&job, &[])).unwrap());
}

#[test]
fn a_study_and_a_tournament_are_functions_of_their_seeds() {
    let study =
        Job::plan(r#"{"kind": "trictrac", "games": 4, "seed": 5, "agents": ["random", "random"], "trous": 1}"#)
            .unwrap();
    let a = study.merge(&shards(&study, &[2])).unwrap();
    assert_eq!(a, study.merge(&shards(&study, &[1, 3])).unwrap());
    assert_eq!(a["games"], 4);
    let other =
        Job::plan(r#"{"kind": "trictrac", "games": 4, "seed": 6, "agents": ["random", "random"], "trous": 1}"#)
            .unwrap();
    assert_ne!(study.key(), other.key());
    assert_eq!(study.kind(), "trictrac");
}
