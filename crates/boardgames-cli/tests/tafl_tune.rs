//! `boardgames tafl tune`: Texel's fit on real self-play positions (the error falls; a term
//! switched off comes back and a term the results do not depend on stays put when the
//! labels are known expectations), the command end to end at a small size (its weights
//! parse, its record), the same output for the same seed whatever the threads, SPSA on
//! games end to end, and bad arguments refused with their name.

use boardgames_cli::tafl_tune::{self, Model, fit, samples};
use tafl_core::Ruleset;
use tafl_core::ai::{EvalWeights, Level};

use crate::common::{run, stderr, stdout, temp_path};

/// The small run of the end-to-end tests: Brandubh, 4 games at 300 nodes.
const SMALL: [&str; 8] = [
    "tafl", "tune", "--rules", "brandubh", "--games", "4", "--nodes", "300",
];

/// The quiet positions of `games` Brandubh games of Druid at `nodes` nodes from `seed`.
fn brandubh_samples(games: u32, nodes: u64, seed: u64) -> Vec<samples::Sample> {
    let mut config = Level::Druid.config();
    config.limits.nodes = Some(nodes);
    let found = tafl_tune::collect(
        &Ruleset::brandubh(),
        config,
        games,
        seed,
        tafl_core::MAX_GAME_PLIES,
        |_, _| {},
    );
    assert!(!found.capped);
    assert_eq!(found.games, games);
    assert_eq!(found.results.iter().sum::<u32>(), games);
    let mut all = found.samples;
    all.extend(found.held_out);
    all
}

#[test]
fn tune_fit_lowers_the_error_on_real_self_play_positions() {
    let ruleset = Ruleset::brandubh();
    let rules = ruleset.rules();
    let data = brandubh_samples(12, 300, 101);
    assert!(data.len() >= 30, "{} positions", data.len());
    // Labels are results: 0, 0.5 or 1, and both sides' wins occur.
    assert!(data.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
    let start = EvalWeights::DEFAULT;
    let k = tafl_tune::scale_of(&data, rules, &start);
    assert!((fit::K_MIN..=fit::K_MAX).contains(&k), "{k}");
    // K is the best scale for the starting weights: a scale twice or half as steep fits worse.
    let at = |k| tafl_tune::error_of(&data, rules, &start, k);
    assert!(at(k) <= at(k * 2.0) && at(k) <= at(k / 2.0));
    let names = tafl_tune::tuned_names(None).unwrap();
    let mut errors = Vec::new();
    let found = tafl_tune::fit_weights(
        &data,
        rules,
        &start,
        &names,
        Model { k, side_bias: None },
        4,
        |p| errors.push(p.error),
    )
    .unwrap();
    let (tuned, fitted) = (found.weights, found.fitted);
    assert_eq!(found.side_bias, None);
    assert_eq!(fitted.params.len(), names.len());
    assert!(fitted.error_after < fitted.error_before, "{fitted:?}");
    assert_eq!(fitted.error_before, at(k));
    assert_eq!(fitted.error_after, at_with(&data, &tuned, k));
    assert!(errors.windows(2).all(|w| w[1] <= w[0]), "{errors:?}");
    // The weights left out of the fit are the starting ones.
    for name in tafl_tune::NOT_TUNED_BY_DEFAULT {
        assert_eq!(tuned.get(name), start.get(name), "{name}");
    }
    for name in EvalWeights::NAMES {
        assert!(tuned.get(name).unwrap().abs() <= EvalWeights::MAX_WEIGHT);
    }
}

fn at_with(data: &[samples::Sample], w: &EvalWeights, k: f64) -> f64 {
    tafl_tune::error_of(data, Ruleset::brandubh().rules(), w, k)
}

/// Labels that are the expectations of the hand-set weights on real positions (so the
/// answer is known): from `king_mobility` switched off (0) the fit brings it back to its
/// value, 6; `king_escort`, whose term the labels do not depend on (0 in the weights that
/// made them), is not pushed away from 0; `attacker` stays at 100.
#[test]
fn tune_recovers_a_switched_off_term_and_leaves_a_noise_term_alone() {
    let ruleset = Ruleset::brandubh();
    let rules = ruleset.rules();
    let mut data = brandubh_samples(12, 300, 201);
    let k = 1.0;
    let truth = EvalWeights::DEFAULT;
    let evals = samples::evaluations(&data, rules, &truth);
    for (s, &e) in data.iter_mut().zip(&evals) {
        s.result = fit::sigmoid(k, f64::from(e));
    }
    let start: EvalWeights = "king_mobility=0".parse().unwrap();
    let names = ["king_mobility", "king_escort", "attacker"];
    let found = tafl_tune::fit_weights(
        &data,
        rules,
        &start,
        &names,
        Model { k, side_bias: None },
        100,
        |_| {},
    )
    .unwrap();
    let (tuned, fitted) = (found.weights, found.fitted);
    assert!(fitted.converged, "{fitted:?}");
    assert!(fitted.error_before > 1e-6, "{fitted:?}");
    assert!(
        fitted.error_after < fitted.error_before / 100.0,
        "{fitted:?}"
    );
    assert!((tuned.king_mobility - 6).abs() <= 1, "{tuned}");
    assert!(tuned.king_escort.abs() <= 1, "{tuned}");
    assert!((tuned.attacker - 100).abs() <= 2, "{tuned}");
}

/// Labels that are the expectations of the hand-set weights with a side bias of 300
/// centisoldiers for the defenders (as if the defenders won more often from the same
/// positions): the joint fit of the scale and the bias finds both, and the local search
/// from a bias of 0 finds it again, with a term switched off brought back to its value.
#[test]
fn tune_side_bias_is_found_with_the_weights() {
    let ruleset = Ruleset::brandubh();
    let rules = ruleset.rules();
    let mut data = brandubh_samples(12, 300, 301);
    let truth = EvalWeights::DEFAULT;
    let evals = samples::evaluations(&data, rules, &truth);
    for (s, &e) in data.iter_mut().zip(&evals) {
        let side = match s.position.side_to_move() {
            tafl_core::Side::Defenders => 300,
            tafl_core::Side::Attackers => -300,
        };
        s.result = fit::sigmoid(1.0, f64::from(e + side));
    }
    assert!(
        data.iter()
            .any(|s| s.position.side_to_move() == tafl_core::Side::Attackers)
    );
    let (k, bias) = tafl_tune::scale_and_side_bias_of(&data, rules, &truth);
    assert_eq!(bias, 300);
    assert!((k - 1.0).abs() < 1e-3, "{k}");
    // Without the bias the model fits worse.
    assert!(
        tafl_tune::error_of(
            &data,
            rules,
            &truth,
            tafl_tune::scale_of(&data, rules, &truth)
        ) > tafl_tune::error_with_side_bias(&data, rules, &truth, k, bias) + 1e-4
    );
    // (Not `attacker` beside the bias: a side bias is nearly a change of the soldiers'
    // value, their count varying little, a ridge that a search one coordinate at a time
    // climbs slowly.)
    let start: EvalWeights = "king_mobility=0".parse().unwrap();
    let found = tafl_tune::fit_weights(
        &data,
        rules,
        &start,
        &["king_mobility"],
        Model {
            k: 1.0,
            side_bias: Some(0),
        },
        100,
        |_| {},
    )
    .unwrap();
    let b = found.side_bias.unwrap();
    // Near the answer rather than on it: the king's mobility differs by side too, so the two
    // parameters are correlated, and a search one coordinate at a time stops on that ridge
    // (measured: bias 290, king_mobility 8, the error 1/4000 of the start's).
    assert!((b - 300).abs() <= 15, "{b} {:?}", found.fitted);
    assert!(
        found.fitted.error_after < found.fitted.error_before / 1000.0,
        "{:?}",
        found.fitted
    );
    assert!(
        (found.weights.king_mobility - 6).abs() <= 2,
        "{}",
        found.weights
    );
    assert!(found.fitted.converged);
}

#[test]
fn tune_runs_end_to_end_and_prints_weights_that_parse() {
    let out = temp_path("record.json");
    let mut args = SMALL.to_vec();
    let out_text = out.to_str().unwrap();
    args.extend(["--seed", "3", "--threads", "1", "--out", out_text]);
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let line = text.trim_end();
    assert_eq!(line.lines().count(), 1, "{text}");
    let tuned: EvalWeights = line.parse().expect("the weights parse");
    assert_eq!(tuned.to_string(), line);
    // The weights left out by default keep their hand-set values.
    assert_eq!(tuned.forced_escape, EvalWeights::DEFAULT.forced_escape);
    assert_eq!(tuned.officer, EvalWeights::DEFAULT.officer);
    assert_ne!(tuned, EvalWeights::DEFAULT);
    // Progress on standard error: games, positions, each pass's error.
    let err = stderr(&o);
    assert!(err.contains("games played 4"), "{err}");
    assert!(err.contains("pass 1: error "), "{err}");
    // The record of the run.
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(record["ruleset"], "Brandubh");
    assert_eq!(record["games"], 4);
    assert_eq!(record["nodes"], 300);
    assert_eq!(record["seed"], 3);
    assert_eq!(record["level"], "Druid");
    assert_eq!(record["weights"], line);
    assert_eq!(record["start_weights"], EvalWeights::DEFAULT.to_string());
    assert!(record["positions"].as_u64().unwrap() > 0);
    let (before, after) = (
        record["error_before"].as_f64().unwrap(),
        record["error_after"].as_f64().unwrap(),
    );
    assert!(after < before, "{record}");
    assert!(record["wall_seconds"].as_f64().unwrap() >= 0.0);
    // Every weight but the two left out by default.
    assert_eq!(
        record["tuned"].as_array().unwrap().len(),
        EvalWeights::NAMES.len() - 2
    );
    let results = &record["results"];
    let sum: u64 = ["attackers", "defenders", "drawn_or_cut_off"]
        .iter()
        .map(|k| results[k].as_u64().unwrap())
        .sum();
    assert_eq!(
        (sum, record["games_played"].as_u64()),
        (4, Some(4)),
        "{record}"
    );
    // Fewer than 5 games: none held out.
    assert_eq!(record["held_out_positions"], 0);
    assert!(record["held_out_error_before"].is_null());
    // No side bias without --side-bias.
    assert!(record["side_bias"].is_null());
    // The weights print back as the option of the other commands.
    let again = run(&[
        "tafl",
        "selfplay",
        "--rules",
        "brandubh",
        "--games",
        "1",
        "--nodes",
        "20,20",
        "--weights1",
        line,
        "--json",
    ]);
    assert!(again.status.success(), "{}", stderr(&again));
}

#[test]
fn tune_gives_the_same_weights_for_the_same_seed_whatever_the_threads() {
    let with = |seed: &str, threads: &str, side_bias: bool| {
        let out = temp_path(&format!("record-{seed}-{threads}-{side_bias}.json"));
        let mut args = SMALL.to_vec();
        // Ten games rather than four.
        args[5] = "10";
        args.extend([
            "--seed",
            seed,
            "--threads",
            threads,
            "--quiet",
            "--passes",
            "6",
        ]);
        args.extend(["--tune", NAMES, "--weights", "tempo=5"]);
        if side_bias {
            args.push("--side-bias");
        }
        args.extend(["--out", out.to_str().unwrap()]);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stderr(&o), "");
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        (stdout(&o), record)
    };
    const NAMES: &str = "attacker,defender,king_mobility,tempo";
    let (one, record_one) = with("9", "1", false);
    let (two, record_two) = with("9", "2", false);
    assert_eq!(one, two);
    let keys = [
        "positions",
        "scale_k",
        "side_bias",
        "error_before",
        "error_after",
        "weights",
    ];
    for key in keys {
        assert_eq!(record_one[key], record_two[key], "{key}");
    }
    // The same with a side bias in the model.
    let (biased_one, biased_record_one) = with("9", "1", true);
    let (biased_two, biased_record_two) = with("9", "2", true);
    assert_eq!(biased_one, biased_two);
    assert!(
        biased_record_one["side_bias"]["fitted"].as_i64().is_some(),
        "{biased_record_one}"
    );
    for key in keys {
        assert_eq!(biased_record_one[key], biased_record_two[key], "{key}");
    }
    let w: EvalWeights = one.trim().parse().unwrap();
    // Only the named weights moved from the start given.
    let start: EvalWeights = "tempo=5".parse().unwrap();
    for name in EvalWeights::NAMES {
        if !NAMES.split(',').any(|n| n == name) {
            assert_eq!(w.get(name), start.get(name), "{name}");
        }
    }
    // Ten games: two held out (numbers 4 and 9), their error reported.
    assert!(
        record_one["held_out_positions"].as_u64().unwrap() > 0,
        "{record_one}"
    );
    assert!(record_one["held_out_error_after"].as_f64().is_some());
    // Other games (seeds 1009 to 1018): other positions, another error.
    let (_, other) = with("1009", "1", false);
    assert_ne!(other["error_before"], record_one["error_before"]);
}

#[test]
fn tune_refuses_bad_arguments_naming_them() {
    let cases: [(&[&str], &str); 16] = [
        (&["--games", "0"], "--games"),
        (&["--games", "100001"], "--games"),
        (&["--nodes", "0"], "--nodes"),
        (&["--nodes", "10000001"], "--nodes"),
        (&["--passes", "0"], "--passes"),
        (&["--passes", "1001"], "--passes"),
        (&["--tune", "attacker,speed"], "--tune"),
        (&["--tune", "tempo,tempo"], "--tune"),
        (&["--rules", "no such rules"], "--rules"),
        (&["--weights", "tempo=x"], "--weights"),
        (&["--level", "archdruid"], "--level"),
        (&["--method", "td-leaf"], "--method"),
        // SPSA plays 2 · --pairs games a step: one game is not one step.
        (&["--method", "spsa"], "--games"),
        (&["--method", "spsa", "--side-bias"], "--side-bias"),
        (&["--method", "spsa", "--rate", "0"], "--rate"),
        (&["--method", "spsa", "--pairs", "0"], "--pairs"),
    ];
    for (extra, named) in cases {
        let mut args = vec!["tafl", "tune", "--games", "1", "--nodes", "10"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(named), "{extra:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(stdout(&o).is_empty(), "{extra:?}");
    }
    let o = run(&["tafl", "tune", "--tune", "attacker,speed", "--games", "1"]);
    assert!(stderr(&o).contains("\"speed\""), "{}", stderr(&o));
    // A record that cannot be written: exit 3, naming --out.
    let o = run(&[
        "tafl",
        "tune",
        "--rules",
        "brandubh",
        "--games",
        "1",
        "--nodes",
        "20",
        "--quiet",
        "--out",
        "/nonexistent-folder/record.json",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("--out"), "{}", stderr(&o));
}

#[test]
fn tune_by_spsa_runs_end_to_end_the_same_whatever_the_threads() {
    const NAMES: &str = "attacker,defender,road1,king_capture_threat";
    let with = |seed: &str, threads: &str, quiet: bool| {
        let out = temp_path(&format!("spsa-{seed}-{threads}.json"));
        let mut args = vec![
            "tafl", "tune", "--method", "spsa", "--rules", "brandubh", "--games", "12", "--pairs",
            "2", "--nodes", "200", "--tune", NAMES,
        ];
        args.extend([
            "--seed",
            seed,
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        if quiet {
            args.push("--quiet");
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        (stdout(&o), stderr(&o), record)
    };
    let (one, err, record) = with("5", "1", false);
    let (two, _, record_two) = with("5", "2", false);
    assert_eq!(one, two);
    for key in ["weights", "results", "mean_f", "trail"] {
        assert_eq!(record[key], record_two[key], "{key}");
    }
    // One line of weights that the other commands accept; only the named ones moved.
    let line = one.trim_end();
    assert_eq!(line.lines().count(), 1, "{one}");
    let tuned: EvalWeights = line.parse().expect("the weights parse");
    for name in EvalWeights::NAMES {
        if !NAMES.split(',').any(|n| n == name) {
            assert_eq!(tuned.get(name), EvalWeights::DEFAULT.get(name), "{name}");
        }
    }
    // Progress: the plan, every step (3 steps: fewer than 20), the results.
    assert!(
        err.contains("3 steps of 2 pairs of games (12 in all)"),
        "{err}"
    );
    assert!(err.contains("step 3/3: games 12"), "{err}");
    assert!(err.contains("results: attackers won "), "{err}");
    // The record: method, seed, plan, every game's result counted, the trail of the steps.
    assert_eq!(record["method"], "spsa");
    assert_eq!(record["ruleset"], "Brandubh");
    assert_eq!(record["seed"], 5);
    assert_eq!(
        (record["steps"].as_u64(), record["pairs"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(record["games"], 12);
    assert_eq!(record["rate"], 0.5);
    assert_eq!(record["weights"], line);
    let results = &record["results"];
    let sum: u64 = ["attackers", "defenders", "drawn_or_cut_off"]
        .iter()
        .map(|k| results[k].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 12, "{record}");
    assert_eq!(record["trail"].as_array().map(Vec::len), Some(3));
    assert_eq!(record["trail"][2]["weights"], line);
    let f = record["mean_f"].as_f64().unwrap();
    assert!((-2.0..=2.0).contains(&f), "{f}");
    // --quiet: nothing on standard error.
    let (_, err, _) = with("6", "1", true);
    assert_eq!(err, "");
}
