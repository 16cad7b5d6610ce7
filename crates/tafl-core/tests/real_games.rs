//! Replays every real game of `tests/data/tafl/` (records of games played by people, from
//! the MIT-licensed hnefatafl-rs test data; see `tests/data/tafl/README.md` and its licence):
//! every move must be legal, the captures made must equal the captures marked, and where a
//! game ends on the board the status must match the recorded result.

use std::path::PathBuf;

use tafl_core::{MoveText, Ruleset, Side, Status, WinReason};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/tafl")
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
            .play_mut(text.mv)
            .map_err(|e| format!("ply {ply} {word}: {e}\n{}", before.diagram()))?;
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
                before.diagram()
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
