//! Perft: pinned leaf counts for the start position of every preset, cross-checked against
//! the slow array-based reference generator of `common/mod.rs`; and move generation,
//! captures and endings compared with the reference along random games.

use crate::common;

use common::RefBoard;
use tafl_core::{MoveList, Position, Rules, Ruleset, Setup, Status, WinReason, divide, perft};

/// Pinned counts (depth 1, 2, ...) from every preset's start, and the depth up to which the
/// (slow) reference recomputes them.
const PINNED: [(&str, &[u64], u32); 5] = [
    ("fidchell", &[20, 236, 6284, 127_624], 3),
    ("brandubh", &[40, 960, 39512, 1_007_392], 3),
    ("copenhagen", &[116, 6788, 806_344], 2),
    ("tablut", &[80, 4400, 353_200], 2),
    ("ard_ri", &[40, 336, 12512, 163_088], 3),
];

#[test]
fn perft_matches_the_reference() {
    for (name, counts, reference_depth) in PINNED {
        let ruleset = Ruleset::preset_named(name).unwrap();
        let start = ruleset.start_position();
        let reference = RefBoard::from_position(&start, ruleset.rules());
        for (d, &expected) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            let fast = perft(&start, ruleset.rules(), depth);
            if depth <= reference_depth {
                assert_eq!(fast, reference.perft(depth), "{name} depth {depth}");
            }
            assert_eq!(fast, expected, "{name} depth {depth}");
        }
    }
}

#[test]
fn perft_counts_the_fidchell_throne_reading() {
    // The king has left the throne for b2, defenders stand on d3 and d5 beside the empty
    // throne. Fidchell: the empty throne is hostile to the attackers only, so d7-d6 takes
    // nothing; with the first release's reading (hostile to all) it takes d5.
    let setup: Setup = "/2ttt2/1K5/t1TTT1t/t1T1T1t/t1TTT1t/7/2ttt2/ a"
        .parse()
        .unwrap();
    for (rules, counts) in [
        (Rules::fidchell(), [20, 448, 11_518, 266_614]),
        (
            Rules::fidchell_throne_hostile_to_all(),
            [20, 460, 11_958, 288_696],
        ),
    ] {
        let pos = Position::from_setup(&setup, &rules).unwrap();
        let reference = RefBoard::from_position(&pos, &rules);
        for (d, &expected) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&pos, &rules, depth), expected, "depth {depth}");
            if depth <= 3 {
                assert_eq!(reference.perft(depth), expected, "reference depth {depth}");
            }
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let fidchell = Ruleset::fidchell();
    let start = fidchell.start_position();
    let parts = divide(&start, fidchell.rules(), 2);
    let mut moves = MoveList::new();
    start.legal_moves_into(fidchell.rules(), &mut moves);
    assert_eq!(parts.len(), moves.len());
    assert_eq!(
        parts.iter().map(|&(_, n)| n).sum::<u64>(),
        perft(&start, fidchell.rules(), 2)
    );
    assert!(divide(&start, fidchell.rules(), 0).is_empty());
}

/// A small deterministic generator (xorshift) for the random games of this test.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    for ruleset in Ruleset::presets() {
        random_games(&ruleset, 30, &mut seed);
    }
}

/// OpenTafl's built-in rulesets, as OpenTafl sends them (name, rules string), without the
/// one this crate refuses (Berserk: commanders, knights and berserk moves).
fn opentafl_builtins() -> Vec<(String, Ruleset)> {
    include_str!("data/opentafl-builtin-rules.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| !l.starts_with("Berserk"))
        .map(|l| {
            let (name, text) = l.split_once('\t').unwrap();
            let r = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.to_string(), r)
        })
        .collect()
}

/// Pinned counts from the start of OpenTafl's built-in rulesets, and the depth up to which
/// the reference recomputes them.
const PINNED_OPENTAFL: [(&str, &[u64], u32); 9] = [
    ("Sea Battles 9x9", &[80, 4400, 353_200], 2),
    ("Fetlar 11x11", &[116, 6788, 806_344], 2),
    ("Copenhagen 11x11", &[116, 6788, 806_344], 2),
    (
        "Copenhagen 11x11 (relaxed shieldwall variant)",
        &[116, 6788, 806_344],
        2,
    ),
    ("Brandub 7x7", &[40, 960, 39512, 1_007_392], 3),
    ("Tawlbwrdd 11x11", &[136, 7620, 1_042_016], 2),
    ("Tablut 9x9", &[80, 4400, 353_200], 2),
    ("Foteviken Tablut 9x9", &[80, 4344, 337_856], 2),
    ("Magpie 7x7", &[40, 960, 39512, 996_096], 3),
];

#[test]
fn opentafl_builtin_perft_matches_the_reference() {
    let builtins = opentafl_builtins();
    assert_eq!(builtins.len(), PINNED_OPENTAFL.len());
    for (name, counts, reference_depth) in PINNED_OPENTAFL {
        let ruleset = &builtins.iter().find(|(n, _)| n == name).unwrap().1;
        let start = ruleset.start_position();
        let reference = RefBoard::from_position(&start, ruleset.rules());
        for (d, &expected) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            let fast = perft(&start, ruleset.rules(), depth);
            if depth <= reference_depth {
                assert_eq!(fast, reference.perft(depth), "{name} depth {depth}");
            }
            assert_eq!(fast, expected, "{name} depth {depth}");
        }
    }
}

#[test]
fn opentafl_builtin_random_games_agree_with_the_reference() {
    let mut seed = 0x0BE7_7AF1_2345_6789u64;
    for (_, ruleset) in opentafl_builtins() {
        random_games(&ruleset, 12, &mut seed);
    }
}

/// Plays `games` random games of `ruleset`, comparing the legal moves, captures and
/// endings with the reference at every ply.
fn random_games(ruleset: &Ruleset, games: usize, seed: &mut u64) {
    {
        for _game in 0..games {
            let mut pos: Position = ruleset.start_position();
            for _ply in 0..300 {
                let reference = RefBoard::from_position(&pos, ruleset.rules());
                let mut list = MoveList::new();
                pos.legal_moves_into(ruleset.rules(), &mut list);
                let mut fast: Vec<_> = list.to_vec();
                fast.sort();
                if pos.status()
                    == (Status::Win {
                        side: tafl_core::Side::Defenders,
                        reason: WinReason::EdgeFort,
                    })
                {
                    break; // the reference does not implement edge forts
                }
                assert_eq!(
                    fast,
                    reference.moves(),
                    "{}\n{}",
                    ruleset.name(),
                    pos.diagram(ruleset.rules())
                );
                assert_eq!(pos.count_legal_moves(ruleset.rules()), fast.len());
                if fast.is_empty() {
                    break;
                }
                let m = fast[(next(seed) % fast.len() as u64) as usize];
                let mut r2 = reference.clone();
                let ref_caps = r2.play(m);
                let before = pos;
                let outcome = pos.play_mut(ruleset.rules(), m).unwrap();
                let caps: Vec<_> = outcome.captures.collect();
                assert_eq!(
                    caps,
                    ref_caps,
                    "{} {m}\n{}",
                    ruleset.name(),
                    before.diagram(ruleset.rules())
                );
                if outcome.status
                    != (Status::Win {
                        side: tafl_core::Side::Defenders,
                        reason: WinReason::EdgeFort,
                    })
                {
                    assert_eq!(
                        outcome.status.is_over(),
                        r2.over,
                        "{} {m} {}\n{}",
                        ruleset.name(),
                        outcome.status,
                        before.diagram(ruleset.rules())
                    );
                }
                assert_eq!(pos.hash(), pos.zobrist_recomputed());
            }
        }
    }
}

/// The densest 11×11 positions found: 330 legal moves, within
/// [`MAX_MOVES`](tafl_core::MAX_MOVES) = 332.
///
/// Why none has more than 331, and why these are the densest we know: `MAX_MOVES`'s proof bounds every set of pieces by 332 pairs (empty
/// square, direction in which a piece stands), and 332 needs every subtraction of that
/// proof to be exact, which leaves every piece next to an empty square whose nearest piece
/// in that direction it is, on a line where no jump can land there: every piece must then
/// be of the side to move. A legal position holds a king and at least one attacker (with
/// none the defenders have won), so a piece of the other side stands on the board and loses
/// at least one pair: 331 at most. Below, the one enemy piece stands in a corner, which
/// costs the two moves into it and nothing else; a simulated-annealing search over 11×11
/// boards with one piece that does not move (10 runs of 3 million steps) found no board
/// with more than 330.
///
/// Both fill the 36 edge squares that are not corners with pieces of the side to move, on
/// rules where every piece may stop on the corners and the throne: each of the 81 inner
/// squares is reached from its four sides (324 moves) and each of the three free corners
/// from its two (6).
#[test]
fn densest_positions() {
    let free = "cors:tTK cens:tTK start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    let inner = "/t9t".repeat(9);
    let inner_defenders = "/T9T".repeat(9);
    for text in [
        // Attackers to move, the king in corner a1 (he escapes by visiting all four).
        format!("dim:11 name:Dense atkf:y kvc:y {free} /1ttttttttt1{inner}/Kttttttttt1/ a"),
        // Defenders to move, the one attacker in corner a1 (the king escapes to a corner).
        format!(
            "dim:11 name:Dense atkf:n {free} /1TTTTTTTTT1{}/tTTTTKTTTT1/ d",
            inner_defenders
        ),
    ] {
        let (ruleset, pos) = text
            .parse::<tafl_core::TaflPosition>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_parts();
        let rules = *ruleset.rules();
        assert_eq!(pos.status(), Status::Ongoing, "{text}");
        let moves = pos.legal_moves(&rules);
        assert_eq!(moves.len(), 330, "{text}");
        assert_eq!(pos.count_legal_moves(&rules), 330);
        assert!(moves.len() <= tafl_core::MAX_MOVES);
        let mut distinct = moves.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 330);
        assert!(moves.iter().all(|&m| pos.is_legal(&rules, m)));
        let mut reference = RefBoard::from_position(&pos, &rules).moves();
        reference.sort();
        assert_eq!(distinct, reference, "{text}");
    }
}
