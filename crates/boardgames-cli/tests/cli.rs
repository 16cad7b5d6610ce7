//! The `boardgames` binary run as a process: every subcommand, good and bad input, exit codes
//! and messages.

use std::process::{Command, Stdio};

use boardgames_common::{Agent, ByPlayer, Record, Seed, play_game};
use sugoroku_core::SugorokuGame;
use trictrac_core::ai::Bot;
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{GameOptions, TrictracGame};

use crate::common;
use common::{json, run, run_with_input, stderr, stdout, temp_file};

#[test]
fn trictrac_analyze_start_throws() {
    let o = run(&["trictrac", "analyze", "--throw", "6-5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("White throws 6-5 (six et cinq)"), "{text}");
    assert!(text.contains("1 legal play:"), "{text}");
    assert!(text.contains("6-5: B1-B7, B1-B6"), "{text}");

    // Sonnez from the start: only two dames to B7 (the tout d'une would reach N12).
    let o = run(&["trictrac", "analyze", "--throw", "66", "--json"]);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["throw"], "6-6");
    assert_eq!(v["throw_name"], "sonnez");
    assert_eq!(v["plays"].as_array().unwrap().len(), 1);
    assert_eq!(v["plays"][0]["play"], "6-6: B1-B7, B1-B7");
    assert_eq!(v["points"]["white"], 0);
}

#[test]
fn trictrac_analyze_scores_a_hit() {
    // A Black dame alone on B7 (the grand-jan table) is hit by White from B1 with the 6 only
    // (the 2 reaches B3, the sum B9): one way at 2 points on a simple throw (tariff).
    let o = run(&[
        "trictrac",
        "analyze",
        "--position",
        "B1:w15,B7:b1,N1:b14 w 5/5 0.0/0.0",
        "--throw",
        "6-2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    let events = v["events"].as_array().unwrap();
    assert!(!events.is_empty(), "{v}");
    let hit = &events[0];
    assert_eq!(hit["beneficiary"], "White");
    assert_eq!(hit["ways"], 1, "{v}");
    assert_eq!(hit["points"], 2, "{v}");
}

#[test]
fn trictrac_analyze_bad_input() {
    let o = run(&["trictrac", "analyze", "--throw", "7-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--throw: invalid throw \"7-1\""),
        "{}",
        stderr(&o)
    );

    let o = run(&[
        "trictrac",
        "analyze",
        "--throw",
        "6-5",
        "--position",
        "B1:w16 w 0/0 0.0/0.0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: --position:"),
        "{}",
        stderr(&o)
    );

    let o = run(&["trictrac", "analyze"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--throw"), "{}", stderr(&o));
}

#[test]
fn tafl_moves_and_perft() {
    let o = run(&["tafl", "moves", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["rules"], "Fidchell");
    assert_eq!(v["side_to_move"], "attackers");
    let count = v["count"].as_u64().unwrap();
    assert_eq!(count as usize, v["moves"].as_array().unwrap().len());

    // perft(1) is the number of legal moves, and the divide sums to the total.
    let o = run(&["tafl", "perft", "--depth", "1", "--json"]);
    assert_eq!(json(&o)["nodes"].as_u64(), Some(count));
    let o = run(&[
        "tafl", "perft", "--depth", "2", "--divide", "--rules", "brandubh",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let total: u64 = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.trim().parse::<u64>().unwrap())
        .sum();
    let last = text.lines().last().unwrap();
    assert_eq!(last, format!("perft(2) = {total}"));
}

#[test]
fn tafl_bad_input() {
    let o = run(&["tafl", "moves", "--rules", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown ruleset \"chess\""),
        "{}",
        stderr(&o)
    );

    let o = run(&["tafl", "moves", "--position", "/7/7/"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: --position:"),
        "{}",
        stderr(&o)
    );

    let o = run(&["tafl", "perft", "--depth", "99"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("too deep"), "{}", stderr(&o));
}

#[test]
fn replay_each_game_and_an_illegal_record() {
    // Sugoroku: a seeded game's record.
    let sugo = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(3));
    let path = temp_file("sugoroku.txt", &sugo.record.to_string());
    let o = run(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["game"], "Sugoroku");
    assert_eq!(
        v["actions"].as_u64(),
        Some(sugo.record.actions().len() as u64)
    );

    // Trictrac: a partie between bots.
    let (mut a, mut b) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut a, &mut b);
    let partie = play_game(
        TrictracGame::new(GameOptions::default()),
        Seed(5),
        agents,
        100_000,
    )
    .unwrap();
    let path = temp_file("trictrac.txt", &partie.record.to_string());
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("wins"), "{}", stdout(&o));

    // Tafl: a real Brandubh game from the test data, written as a record.
    let text = "[Game \"Tafl\"]\n[Rules \"dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\"]\n\n1. d6-c6\n2. e4-e1\n3. f4-e4\n4. d3-f3\n";
    let path = temp_file("tafl.txt", text);
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Tafl: 4 actions replayed, all legal"),
        "{}",
        stdout(&o)
    );

    // An illegal move: d6 is empty once the piece has left it.
    let bad = text.replace("3. f4-e4", "3. d6-d5");
    let path = temp_file("tafl-bad.txt", &bad);
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("action 3"), "{}", stderr(&o));
}

#[test]
fn replay_bad_files() {
    let o = run(&["replay", "/nonexistent/record.txt"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("cannot read /nonexistent/record.txt"),
        "{}",
        stderr(&o)
    );

    let path = temp_file("chess.txt", "[Game \"Chess\"]\n\n1. e4\n");
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown game \"Chess\""),
        "{}",
        stderr(&o)
    );

    let path = temp_file("garbage.txt", "this is not a record\n");
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("record line 1"), "{}", stderr(&o));

    // A record with no moves but an unreadable Rules tag.
    let path = temp_file("rules.txt", "[Game \"Tafl\"]\n[Rules \"dim:99\"]\n");
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Rules"), "{}", stderr(&o));
}

#[test]
fn play_tafl_reads_moves_and_ends_on_quit_or_end_of_input() {
    // The human plays the attackers, who move first: one illegal move, one legal, then quit.
    let o = run_with_input(
        &["play", "tafl", "--level", "bard", "--side", "attackers"],
        "help\nd1-d9\na1-a2\nc1-c2\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Not a move") || text.contains("Illegal"),
        "{text}"
    );
    assert!(text.contains("You play c1-c2"), "{text}");
    assert!(text.contains("Bard plays"), "{text}");
    assert!(text.contains("Game abandoned."), "{text}");

    let o = run_with_input(
        &["play", "tafl", "--side", "defenders", "--level", "bard"],
        "",
    );
    assert!(o.status.success());
    assert!(stdout(&o).contains("End of input"), "{}", stdout(&o));

    let o = run(&["play", "tafl", "--level", "grandmaster"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn play_trictrac_ends_on_quit() {
    let o = run_with_input(&["play", "trictrac", "--seed", "3"], "help\n999\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Choose a number from 1 to") || text.contains("Partie abandoned."),
        "{text}"
    );
    assert!(text.contains("Partie abandoned."), "{text}");
}

#[test]
fn simulate_sugoroku_statistics() {
    let o = run(&[
        "simulate", "sugoroku", "--games", "5000", "--seed", "9", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["games"], 5000);
    let wins = v["wins"]["first"].as_u64().unwrap() + v["wins"]["second"].as_u64().unwrap();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 5000);
    // Same seed, one thread: the same statistics.
    let o2 = run(&[
        "simulate",
        "sugoroku",
        "--games",
        "5000",
        "--seed",
        "9",
        "--json",
        "--single-thread",
    ]);
    assert_eq!(json(&o2), v);

    let o = run(&["simulate", "sugoroku", "--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--games"), "{}", stderr(&o));
}

#[test]
fn record_files_written_by_the_library_parse() {
    // The replay subcommand accepts standard input too.
    let sugo = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(4));
    let o = run_with_input(&["replay", "-"], &sugo.record.to_string());
    assert!(o.status.success(), "{}", stderr(&o));
    let _: Record = sugo.record.to_string().parse().unwrap();
}

#[test]
fn output_failure_is_exit_3_not_a_panic() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return; // not on this system
    };
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(["tafl", "perft", "--depth", "2", "--divide"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("error: output:"), "{}", stderr(&o));
}

#[test]
fn replay_refuses_contradictions_and_non_text() {
    // A Brandubh game the defenders win (line 4 of the real games): a Result of 1-0 is wrong.
    let moves =
        "d6-c6 e4-e6 d1-e1 d5-g5 f4-f5 d3-g3xg4 b4-b3 d4-g4 d7-f7 g3-f3 d2-g2 g4-g3xg2 e1-e2 g3-g1";
    let mut text = String::from(
        "[Game \"Tafl\"]\n[Rules \"dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\"]\n",
    );
    text.push_str("[Result \"0-1\"]\n\n");
    for (i, m) in moves.split(' ').enumerate() {
        text.push_str(&format!("{}. {m}\n", i + 1));
    }
    let path = temp_file("brandubh-won.txt", &text);
    let o = run(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["result"], "defenders win (the king has escaped)");

    let path = temp_file("brandubh-wrong.txt", &text.replace("0-1", "1-0"));
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Result tag says 1-0"), "{}", stderr(&o));

    // A Result tag that is no result at all is a bad tag (exit 2), for replay and view alike.
    for bad in ["banana", "1-1", "-0", "0-", "1-0-0", "0-x"] {
        let path = temp_file("brandubh-banana.txt", &text.replace("0-1", bad));
        let o = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("bad Result tag"),
            "{bad}: {}",
            stderr(&o)
        );
        let page = temp_file("brandubh-banana.html", "");
        let o = run(&["view", path.to_str().unwrap(), "-o", page.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
    }
    for good in ["2-0", "0-1.5", "*"] {
        let path = temp_file("brandubh-scaled.txt", &text.replace("0-1", good));
        let o = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{good}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!("Result tag says {good}")),
            "{}",
            stderr(&o)
        );
    }

    // Binary garbage is not a record.
    let path = temp_file("binary.bin", "");
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a game record"), "{}", stderr(&o));
}

#[test]
fn trictrac_final_state_feeds_back_into_analyze() {
    let (mut a, mut b) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut a, &mut b);
    let partie = play_game(
        TrictracGame::new(GameOptions::default()),
        Seed(8),
        agents,
        100_000,
    )
    .unwrap();
    let path = temp_file("trictrac-final.txt", &partie.record.to_string());
    let o = run(&["replay", path.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let state = json(&o)["final_state"].as_str().unwrap().to_string();
    let o = run(&[
        "trictrac",
        "analyze",
        "--position",
        &state,
        "--throw",
        "3-1",
    ]);
    assert!(o.status.success(), "{state}: {}", stderr(&o));
}

#[test]
fn play_tafl_undo_never_takes_back_the_computers_opening_alone() {
    let o = run_with_input(
        &[
            "play",
            "tafl",
            "--level",
            "bard",
            "--side",
            "defenders",
            "--seed",
            "0x10",
        ],
        "undo\n\u{fffd}\u{1F600}\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Nothing to undo."), "{text}");
    assert!(text.contains("Not a move"), "{text}");
}

#[test]
fn replay_accepts_a_preset_name_as_rules() {
    let path = temp_file(
        "fidchell-preset.txt",
        "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. c1-c2\n",
    );
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Tafl: 1 actions replayed"),
        "{}",
        stdout(&o)
    );
}

/// Runs `simulate sugoroku` for `games` games (seed 5) in `count` shards, writes each shard's
/// JSON under `dir` and returns the file names in shard order.
fn shard_files(dir: &std::path::Path, games: u64, count: u64) -> Vec<String> {
    let games = games.to_string();
    (1..=count)
        .map(|k| {
            let shard = format!("{k}/{count}");
            let o = run(&[
                "simulate",
                "sugoroku",
                "--games",
                &games,
                "--seed",
                "5",
                "--shard",
                &shard,
                "--json",
                "--single-thread",
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            let path = dir.join(format!("g{games}-{k}of{count}.json"));
            std::fs::write(&path, &o.stdout).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn every_shard_count_merges_into_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("boardgames-cli-counts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 1000 games: 3 and 7 do not divide it; 5 games in 8 shards leave three shards empty.
    for (games, count) in [(1000, 1), (1000, 2), (1000, 3), (1000, 7), (5, 8)] {
        let g = games.to_string();
        let whole = run(&[
            "simulate", "sugoroku", "--games", &g, "--seed", "5", "--json",
        ]);
        assert!(whole.status.success(), "{}", stderr(&whole));
        let files = shard_files(&dir, games, count);
        let mut args = vec!["simulate", "merge", "--json"];
        args.extend(files.iter().map(String::as_str));
        let merged = run(&args);
        assert!(
            merged.status.success(),
            "{count} shards: {}",
            stderr(&merged)
        );
        assert_eq!(
            stdout(&merged),
            stdout(&whole),
            "{games} games in {count} shards"
        );
        assert_eq!(json(&whole)["study_games"].as_u64(), Some(games));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_first_or_last_shard_is_refused_unless_partial() {
    let dir = std::env::temp_dir().join(format!("boardgames-cli-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = shard_files(&dir, 1000, 3);
    // Shards 1/3 and 2/3 hold games 0 to 665 of 1000.
    let o = run(&["simulate", "merge", files[0].as_str(), files[1].as_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        "error: the files hold games 0 to 665 of a study of 1000 games: games 666 to 999 are \
         missing (a shard not given?); --partial merges a part of the study\n"
    );
    let o = run(&["simulate", "merge", files[1].as_str(), files[2].as_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("games 0 to 332 are missing"),
        "{}",
        stderr(&o)
    );
    // --partial merges the part there is, and says which games it holds.
    let o = run(&[
        "simulate",
        "merge",
        "--partial",
        files[0].as_str(),
        files[1].as_str(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("games numbered     0 to 665 of the study's 1000\n"),
        "{}",
        stdout(&o)
    );
    // A shard of a study of another size is not part of this one.
    let other = shard_files(&dir, 999, 3);
    let o = run(&["simulate", "merge", "--partial", &files[0], &other[1]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("of 999 games differ"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn four_shards_merged_are_one_run_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("boardgames-cli-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = "return=removes winner=captured";
    let base = [
        "simulate", "sugoroku", "--games", "20003", "--seed", "0x2a", "--rules", rules, "--json",
    ];
    let whole = run(&base);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let mut files = Vec::new();
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let mut args = base.to_vec();
        args.extend(["--shard", shard.as_str()]);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let path = dir.join(format!("shard{k}.json"));
        std::fs::write(&path, &o.stdout).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    // Given in any order.
    files.swap(0, 3);
    let mut args = vec!["simulate", "merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = run(&args);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&whole.stdout)
    );
    let v = json(&whole);
    assert_eq!(
        v["rules"],
        "return=removes extra=no winner=captured cap=10000"
    );
    assert_eq!(
        (v["first_game"].as_u64(), v["games"].as_u64()),
        (Some(0), Some(20003))
    );
    // Text output of the merge is the text of the whole run too.
    let text_whole = run(&base[..base.len() - 1]);
    let mut args = vec!["simulate", "merge"];
    args.extend(files.iter().map(String::as_str));
    let text_merged = run(&args);
    assert_eq!(text_merged.stdout, text_whole.stdout);
    // A shard given twice, or a missing one, is refused.
    let mut args = vec!["simulate", "merge"];
    args.extend([files[0].as_str(), files[0].as_str()]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("overlap"), "{}", stderr(&o));
    // files[3] is shard 1, files[2] shard 3.
    let args = ["simulate", "merge", files[3].as_str(), files[2].as_str()];
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("gap"), "{}", stderr(&o));
    // A shard of another study is refused.
    let other = run(&[
        "simulate", "sugoroku", "--games", "20003", "--seed", "7", "--json", "--shard", "2/4",
    ]);
    let other_path = dir.join("other.json");
    std::fs::write(&other_path, &other.stdout).unwrap();
    let args = [
        "simulate",
        "merge",
        files[3].as_str(),
        other_path.to_str().unwrap(),
    ];
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("differ"), "{}", stderr(&o));
    // Bad arguments.
    let o = run(&["simulate", "sugoroku", "--shard", "5/4", "--games", "10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--shard"), "{}", stderr(&o));
    let o = run(&[
        "simulate",
        "sugoroku",
        "--rules",
        "return=both",
        "--games",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--rules"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_refuses_records_beyond_the_limits() {
    let sugo = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(4));
    let n = sugo.record.entries().len();
    let path = temp_file("limited.txt", &sugo.record.to_string());
    let path = path.to_str().unwrap();
    let at = n.to_string();
    let o = run(&["replay", path, "--max-actions", at.as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let below = (n - 1).to_string();
    let o = run(&["replay", path, "--max-actions", below.as_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("more than {below} actions (the limit)")),
        "{}",
        stderr(&o)
    );
    // A line longer than 64 KiB, on standard input.
    let long = format!("[Game \"Sugoroku\"]\n[Note \"{}\"]\n", "x".repeat(70_000));
    let o = run_with_input(&["replay", "-"], &long);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("longer than the limit of 65536"),
        "{}",
        stderr(&o)
    );
}

/// The record format's rules on tags: a `Game` value in any ASCII case names the game, for
/// every game; tag names are case-sensitive (a hint says so); a `Seed` that is not a seed is
/// refused naming the file and the tag; `--max-actions` says what it expects.
#[test]
fn replay_reads_game_names_in_any_case_and_checks_seeds() {
    use boardgames_common::RandomAgent;
    let lower = |record: &Record, game: &str| {
        let mut r = record.clone();
        r.set_tag("Game", game).unwrap();
        r.to_string()
    };
    let sugo = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(3)).record;
    let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    let partie = play_game(
        TrictracGame::new(GameOptions::default().with_trous_to_win(1)),
        Seed(4),
        ByPlayer::new(&mut a, &mut b),
        100_000,
    )
    .unwrap()
    .record;
    let (mut a, mut b) = (RandomAgent::new(Seed(5)), RandomAgent::new(Seed(6)));
    let options = trictrac_core::EcrireOptions::new(
        trictrac_core::ecrire::settlement::EcrireRules::new(1).unwrap(),
    );
    let ecrire = play_game(
        trictrac_core::EcrireGame::new(options),
        Seed(2),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap()
    .record;
    let tafl: Record = "[Game \"Tafl\"]\n[Rules \"brandubh\"]\n\n1. d6-c6\n"
        .parse()
        .unwrap();
    for (name, record, game, shown) in [
        ("sugoroku", &sugo, "sugoroku", "Sugoroku"),
        ("trictrac", &partie, "TRICTRAC", "Trictrac"),
        ("ecrire", &ecrire, "trictrac à écrire", "Trictrac à écrire"),
        ("tafl", &tafl, "tafl", "Tafl"),
    ] {
        let path = temp_file(&format!("case-{name}.txt"), &lower(record, game));
        let o = run(&["replay", path.to_str().unwrap(), "--strict"]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with(&format!("{shown}: ")),
            "{game}: {}",
            stdout(&o)
        );
    }
    // A tag name in another case is another tag.
    let path = temp_file("case-name.txt", "[game \"Tafl\"]\n\n1. d6-c6\n");
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "error: {}: the record has no Game tag (tag names are case-sensitive: \"game\" is \
             not \"Game\")\n",
            path.display()
        )
    );
    // A seed that is not a seed, in every game.
    for (name, record) in [
        ("sugoroku", &sugo),
        ("trictrac", &partie),
        ("ecrire", &ecrire),
        ("tafl", &tafl),
    ] {
        let mut bad = record.clone();
        bad.set_tag("Seed", "-1").unwrap();
        let path = temp_file(&format!("seed-{name}.txt"), &bad.to_string());
        let o = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(
            e.starts_with(&format!("error: {}: ", path.display())),
            "{e}"
        );
        assert!(
            e.contains("Seed tag: invalid seed \"-1\": expected a decimal number")
                || e.contains("record tag Seed: invalid seed \"-1\": expected a decimal number"),
            "{name}: {e}"
        );
    }
    // --max-actions -1.
    let path = temp_file("case-sugoroku.txt", &sugo.to_string());
    let o = run(&["replay", path.to_str().unwrap(), "--max-actions", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!(
            "invalid value '-1' for '--max-actions <MAX_ACTIONS>': expected a whole number of \
             actions from 0 to {}",
            usize::MAX
        )),
        "{}",
        stderr(&o)
    );
}

/// A person's comment in a record does not make `replay` fail; `--strict` checks every
/// comment against the engine's own (exit 1 naming the action), for the engine's records.
#[test]
fn replay_reads_free_comments_and_checks_them_with_strict() {
    let (mut a, mut b) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut a, &mut b);
    let partie = play_game(
        TrictracGame::new(GameOptions::default()),
        Seed(6),
        agents,
        100_000,
    )
    .unwrap();
    let own = temp_file("trictrac-own.txt", &partie.record.to_string());
    let o = run(&["replay", own.to_str().unwrap(), "--strict"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut human = Record::new("Trictrac");
    for (k, v) in partie.record.tags() {
        if k != "Game" {
            human.set_tag(k, v).unwrap();
        }
    }
    for (i, e) in partie.record.entries().iter().enumerate() {
        if i == 4 {
            human
                .push_commented(e.action.clone(), "what a throw")
                .unwrap();
        } else {
            human.push_action(e.action.clone()).unwrap();
        }
    }
    let path = temp_file("trictrac-human.txt", &human.to_string());
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["replay", path.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("action 5"), "{}", stderr(&o));
    assert!(stderr(&o).contains("what a throw"), "{}", stderr(&o));
}
