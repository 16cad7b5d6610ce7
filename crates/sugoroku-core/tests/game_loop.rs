//! The games of `SugorokuGame::play_seeded`, `play_with_dice` and `replay` are those they were
//! before they ran on boardgames-common's one game loop (`Playout`): the same seed, the same
//! throws, the same record, byte for byte (the values below were taken from the hand-written
//! loops they replaced).

use boardgames_common::{Player, ScriptedDice, Seed, SeededDice, Throw};
use sugoroku_core::{Position, Ruleset, SingleDoublet, SugorokuGame, ThrowError, Winner};

/// FNV-1a of a text: a record compared whole without writing it out here.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn rulesets() -> [Ruleset; 3] {
    [
        Ruleset::default(),
        Ruleset::default()
            .with_single_doublet(SingleDoublet::Adds)
            .with_taking_doublet_extra_throw(true)
            .with_winner(Winner::Captured)
            .with_max_throws(90),
        // Ended by the cap.
        Ruleset::default().with_max_throws(20),
    ]
}

/// One game as the hand-written loops played it: its throws, `Result` tag, final position
/// and the FNV-1a of its record's text.
struct Before {
    throws: usize,
    result: &'static str,
    position: &'static str,
    record: u64,
}

/// For each ruleset of [`rulesets`] and the seeds 42 and 7: `play_seeded`'s game, then
/// `play_with_dice`'s with `SeededDice` from the same seed.
const BEFORE: [[(Before, Before); 2]; 3] = [
    [
        (
            Before {
                throws: 52,
                result: "0-1",
                position: "000000000000/0/1/2 000000050110/0/5 b 52",
                record: 0xfd39_87e7_4e27_f636,
            },
            Before {
                throws: 63,
                result: "0-1",
                position: "000000000000/0/0/4 000202000002/0/8 w 63",
                record: 0x7e87_aa46_ff71_efe1,
            },
        ),
        (
            Before {
                throws: 62,
                result: "1-0",
                position: "020000000100/0/8 000000000000/0/0/1 b 62",
                record: 0xe633_ff72_5db1_e924,
            },
            Before {
                throws: 47,
                result: "1-0",
                position: "000020000000/0/6 000000000000/0/1 b 47",
                record: 0xd3c8_ad16_9464_6051,
            },
        ),
    ],
    [
        (
            Before {
                throws: 52,
                result: "1/2-1/2",
                position: "000000000000/0/1/3 020000050110/0/3 b 52",
                record: 0x3f2a_717a_9e7f_dbab,
            },
            Before {
                throws: 67,
                result: "1/2-1/2",
                position: "000000000002/0/2/4 000000000000/0/2/4 b 67",
                record: 0xbcfd_0749_9afc_5ad3,
            },
        ),
        (
            Before {
                throws: 73,
                result: "1-0",
                position: "000000000000/0/6/8 000000000200/0/4/6 b 73",
                record: 0x24f3_4ba0_dcf1_9ca7,
            },
            Before {
                throws: 47,
                result: "1-0",
                position: "000120000000/0/7 000000000000/0/0 b 47",
                record: 0x4385_f506_4350_7212,
            },
        ),
    ],
    [
        (
            Before {
                throws: 20,
                result: "1/2-1/2",
                position: "011120122100/4/0 002001023100/6/0 b 20",
                record: 0xc180_e4c0_86d9_c42c,
            },
            Before {
                throws: 20,
                result: "1/2-1/2",
                position: "002101310110/5/0 000120213100/5/0 w 20",
                record: 0x5145_5d29_2c22_de1d,
            },
        ),
        (
            Before {
                throws: 20,
                result: "1/2-1/2",
                position: "010211221100/4/0 001000131012/6/0 w 20",
                record: 0x3c0b_1d5b_4fdc_5170,
            },
            Before {
                throws: 20,
                result: "1/2-1/2",
                position: "012113211000/3/0 000011240000/7/0 w 20",
                record: 0x60b0_5963_229a_f74e,
            },
        ),
    ],
];

fn assert_before(played: &boardgames_common::PlayedGame<SugorokuGame>, before: &Before) {
    assert_eq!(played.record.entries().len(), before.throws);
    assert_eq!(played.record.tag("Result"), Some(before.result));
    assert_eq!(played.state.position().to_string(), before.position);
    assert_eq!(
        fnv(&played.record.to_string()),
        before.record,
        "{}",
        played.record
    );
}

#[test]
fn seeded_games_and_games_from_dice_are_the_games_of_before() {
    for (rules, games) in rulesets().into_iter().zip(&BEFORE) {
        for (seed, (seeded, from_dice)) in [42, 7].into_iter().zip(games) {
            let played = SugorokuGame::play_seeded(rules, Seed(seed));
            assert_before(&played, seeded);
            // The record starts with its tags in the order of before.
            let head: Vec<String> = played
                .record
                .to_string()
                .lines()
                .take(3)
                .map(String::from)
                .collect();
            assert_eq!(head[1], format!("[Seed \"{seed}\"]"));
            assert_eq!(head[2], "[Dice \"sugoroku-byte36\"]");
            let mut dice = SeededDice::new(Seed(seed));
            let played = SugorokuGame::new(rules).play_with_dice(&mut dice).unwrap();
            assert_before(&played, from_dice);
            assert_eq!(played.record.tag("Seed"), None);
        }
    }
}

#[test]
fn replay_of_throws_is_the_game_and_refuses_a_throw_after_the_end() {
    for rules in rulesets() {
        let played = SugorokuGame::play_seeded(rules, Seed(42));
        let throws: Vec<Throw> = played
            .record
            .actions()
            .map(|t| t.parse().unwrap())
            .collect();
        let game = SugorokuGame::replay(rules, Position::start(), throws.clone()).unwrap();
        assert_eq!(game, played.state);
        // Fewer throws: the game so far.
        let half = SugorokuGame::replay(rules, Position::start(), throws[..10].to_vec()).unwrap();
        assert_eq!(half.position().throws(), 10);
        assert_eq!(half.end(), None);
        // One throw more: refused with its number (from 1) and the end.
        let mut longer = throws.clone();
        longer.push(Throw::from_values(2, 1).unwrap());
        let end = played.state.end().unwrap();
        match SugorokuGame::replay(rules, Position::start(), longer) {
            Err(boardgames_common::ReplayError::Action { index, error }) => {
                assert_eq!(index, throws.len() + 1);
                assert_eq!(error, ThrowError::GameOver(end));
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn play_with_dice_from_a_set_position_records_its_setup() {
    // Both take, one pawn left each (white on his 4, black on his 7).
    let start: Position = "000100000000/0/0 000000100000/0/0 w 30".parse().unwrap();
    let two_two = Throw::from_values(2, 2).unwrap();
    let mut dice = ScriptedDice::from_throws(vec![two_two; 40]);
    let played = SugorokuGame::from_position(Ruleset::default(), start)
        .play_with_dice(&mut dice)
        .unwrap();
    assert_eq!(
        played.record.tag("Setup"),
        Some("000100000000/0/0 000000100000/0/0 w 30")
    );
    assert!(played.state.end().is_some());
    assert_eq!(played.state.position().on_board(Player::First), 0);
}
