//! Replays every real game of `tests/data/` (records of games played by people, from
//! the MIT-licensed hnefatafl-rs test data; see `tests/data/README.md` and its licence):
//! every move must be legal, the captures made must equal the captures marked, and where a
//! game ends on the board the status must match the recorded result.

use std::path::PathBuf;

use boardgames_common::Game;
use tafl_core::{MoveText, Ruleset, Side, Status, TaflGame, WinReason};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replays one game; returns the final status or the first problem found.
fn replay(ruleset: &Ruleset, line: &str) -> Result<(Status, usize), String> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 4 {
        return Err("not four fields".into());
    }
    let mut pos = ruleset.start_position();
    let mut words: Vec<&str> = fields[0].split_whitespace().collect();
    // `timeout` ends a record whose side to move lost on time: the board is not finished.
    let timeout = words.last() == Some(&"timeout");
    if timeout {
        words.pop();
    }
    let mut marks = [0u32; 2];
    for (i, word) in words.iter().enumerate() {
        let ply = i + 1;
        let text: MoveText = word.parse().map_err(|e| format!("ply {ply}: {e}"))?;
        let king_before = pos.king();
        let side = pos.side_to_move();
        let before = pos;
        let outcome = pos
            .play_mut(ruleset.rules(), text.mv)
            .map_err(|e| format!("ply {ply} {word}: {e}\n{}", before.diagram(ruleset.rules())))?;
        let mut made = outcome.captures;
        // A capture of the king is not marked in the records.
        if let (
            Status::Win {
                reason: WinReason::KingCaptured,
                ..
            },
            Some(k),
        ) = (outcome.status, king_before)
        {
            made.remove(k);
        }
        if made != text.captures {
            return Err(format!(
                "ply {ply} {word}: captures made {made:?}, marked {:?}\n{}",
                text.captures,
                before.diagram(ruleset.rules())
            ));
        }
        // The count fields count marks, a square marked twice counting twice.
        marks[side.index()] += word.matches('x').count() as u32;
        if outcome.status.is_over() && ply != words.len() {
            return Err(format!(
                "game over ({}) at ply {ply} of {}",
                outcome.status,
                words.len()
            ));
        }
    }
    let counts: [u32; 2] = [
        fields[1].parse().map_err(|_| "bad count")?,
        fields[2].parse().map_err(|_| "bad count")?,
    ];
    if counts != marks {
        return Err(format!("capture counts {marks:?}, recorded {counts:?}"));
    }
    let expected = match fields[3] {
        "Black" => Some(Side::Attackers),
        "White" => Some(Side::Defenders),
        _ => None,
    };
    if timeout {
        let loser = pos.side_to_move();
        return match (pos.status(), expected) {
            (Status::Ongoing, Some(w)) if w == loser.other() => Ok((Status::Ongoing, words.len())),
            (s, _) => Err(format!(
                "timeout of the {loser} with status {s}, recorded {}",
                fields[3]
            )),
        };
    }
    match pos.status() {
        Status::Ongoing => Ok((Status::Ongoing, words.len())),
        s if s.winner() == expected => Ok((s, words.len())),
        s => Err(format!("status {s}, recorded {}", fields[3])),
    }
}

/// What replaying a file found: the number of games, the lines (from 1) of the games that end
/// on the board with their final status, and the problems.
struct FileReplay {
    games: usize,
    finished: Vec<(usize, Status)>,
    problems: Vec<String>,
}

fn check_file(file: &str, ruleset: &Ruleset) -> FileReplay {
    let text = data(file);
    let mut out = FileReplay {
        games: 0,
        finished: Vec::new(),
        problems: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        out.games += 1;
        match replay(ruleset, line) {
            Ok((s, _)) if s.is_over() => out.finished.push((n + 1, s)),
            Ok(_) => {}
            Err(e) => out.problems.push(format!("line {}: {e}", n + 1)),
        }
    }
    out
}

#[test]
fn brandubh_games_replay() {
    let FileReplay {
        games,
        finished,
        problems,
    } = check_file("brandubh-games.csv", &Ruleset::brandubh());
    assert_eq!(games, 263);
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Games whose last move ends the game on the board (the others stop at a resignation,
    // an agreement or a `timeout`). Pinned: a different king-capture rule changes it
    // (two-sided capture everywhere makes 37 games end early; four-sided everywhere
    // finishes only 21).
    assert_eq!(finished.len(), 55);
}

#[test]
fn copenhagen_games_replay() {
    let FileReplay {
        games,
        finished,
        problems,
    } = check_file("copenhagen-games.csv", &Ruleset::copenhagen());
    assert_eq!(games, 876);
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Pinned likewise: without enclosure 169, without edge forts 158, and without the
    // shieldwall 26 games fail (marked captures not made).
    assert_eq!(finished.len(), 179);
    // The games that end in an edge fort, each recorded as won by the defenders (`White`;
    // `replay` checks the winner): among them five forts whose wall is held only by pieces
    // guarding each other from outside it (e.g. line 306), which only the fixed-point
    // reading of "impossible to break" finds.
    let forts: Vec<usize> = finished
        .iter()
        .filter(|(_, s)| {
            *s == Status::Win {
                side: Side::Defenders,
                reason: WinReason::EdgeFort,
            }
        })
        .map(|&(line, _)| line)
        .collect();
    assert_eq!(
        forts,
        [
            32, 37, 78, 86, 116, 226, 245, 306, 307, 328, 337, 356, 359, 381, 445, 573, 583, 599,
            687, 867, 870
        ],
        "edge forts"
    );
}

/// Replays every game of a file through `TaflGame` (repetition rule included) and returns,
/// for each game that ends before its last recorded move, its line, the ply and the status.
fn early_ends(file: &str, ruleset: &Ruleset) -> Vec<(usize, usize, Status)> {
    let mut out = Vec::new();
    for (n, line) in data(file).lines().enumerate() {
        let moves = line.split(',').next().unwrap_or("");
        let words: Vec<&str> = moves
            .split_whitespace()
            .filter(|w| *w != "timeout")
            .collect();
        let mut game = TaflGame::new(ruleset.clone());
        for (i, word) in words.iter().enumerate() {
            let m = game
                .parse_action(word)
                .unwrap_or_else(|e| panic!("line {} ply {}: {e}", n + 1, i + 1));
            game.apply(m)
                .unwrap_or_else(|e| panic!("line {} ply {}: {e}", n + 1, i + 1));
            if game.status().is_over() && i + 1 < words.len() {
                out.push((n + 1, i + 1, game.status()));
                break;
            }
        }
    }
    out
}

#[test]
fn real_games_need_repetition_none() {
    // Under the presets' repetition rules ten real games end early by repetition (the
    // players did not play under them): (line, ply, winner). Four Brandubh games (the
    // attackers repeat and lose; three were won by the attackers on the board) and six
    // Copenhagen games (the defenders lose; one, line 257, was won by the defenders).
    let ends = |file: &str, ruleset: &Ruleset| -> Vec<(usize, usize, Side)> {
        early_ends(file, ruleset)
            .into_iter()
            .map(|(line, ply, s)| match s {
                Status::Win {
                    side,
                    reason: WinReason::Repetition,
                } => (line, ply, side),
                s => panic!("{file} line {line}: {s}"),
            })
            .collect()
    };
    let d = Side::Defenders;
    assert_eq!(
        ends("brandubh-games.csv", &Ruleset::brandubh()),
        [(84, 15, d), (145, 43, d), (151, 21, d), (230, 41, d)]
    );
    let a = Side::Attackers;
    assert_eq!(
        ends("copenhagen-games.csv", &Ruleset::copenhagen()),
        [
            (222, 22, a),
            (255, 65, a),
            (257, 37, a),
            (349, 95, a),
            (414, 31, a),
            (454, 29, a)
        ]
    );
    // With `repetition:none` (the `Rules` tag a record of these games needs) every game
    // replays to its recorded end; `replay` above checks that end on the board.
    for (file, preset) in [
        ("brandubh-games.csv", "brandubh repetition:none"),
        ("copenhagen-games.csv", "copenhagen repetition:none"),
    ] {
        let ruleset: Ruleset = preset.parse().unwrap();
        assert_eq!(early_ends(file, &ruleset), [], "{preset}");
    }
}

#[test]
fn a_record_names_repetition_none_in_its_rules_tag() {
    // Copenhagen line 257: recorded as won by the defenders; under the preset's repetition
    // rule it ends at ply 37 with the attackers winning.
    let text = data("copenhagen-games.csv");
    let line = text.lines().nth(256).unwrap();
    let words: Vec<&str> = line.split(',').next().unwrap().split_whitespace().collect();
    let record = |rules: &str| {
        let mut r = boardgames_common::Record::new("Tafl");
        r.set_tag("Rules", rules).unwrap();
        for w in &words {
            r.push_action(*w).unwrap();
        }
        r
    };
    let full = TaflGame::from_record(&record("copenhagen repetition:none")).unwrap();
    assert_eq!(full.plies() as usize, words.len());
    assert_eq!(
        full.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
    // The game writes its rules string with `tfr:i`, which reads back.
    let tags = full.record_tags();
    assert!(tags[1].1.contains(" tfr:i "), "{}", tags[1].1);
    assert_eq!(TaflGame::from_record(&record(&tags[1].1)).unwrap(), full);
    // The preset alone refuses the moves after the repetition ended the game.
    assert!(TaflGame::from_record(&record("copenhagen")).is_err());
    assert!(TaflGame::from_record(&record("copenhagen repetition:some")).is_err());
}
