//! Properties over random games: conservation of pawns, the end of every game, replay of
//! records, notation round-trips.

use crate::common;

use boardgames_common::{Game, Player, Record, Seed, Throw, UNORDERED_THROWS};
use common::{position, t};
use proptest::prelude::*;
use sugoroku_core::{Event, PAWNS, Position, Ruleset, SingleDoublet, SugorokuGame, Winner};

fn any_rules() -> impl Strategy<Value = Ruleset> {
    (0usize..3, any::<bool>(), 0usize..2, 1u32..400).prop_map(|(single, extra, winner, cap)| {
        Ruleset::default()
            .with_single_doublet(SingleDoublet::ALL[single])
            .with_taking_doublet_extra_throw(extra)
            .with_winner(Winner::ALL[winner])
            .with_max_throws(cap)
    })
}

fn any_throws(max: usize) -> impl Strategy<Value = Vec<Throw>> {
    prop::collection::vec((0usize..21).prop_map(|i| UNORDERED_THROWS[i]), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On board + reserve + captured by the opponent + removed = 15 for each player after
    /// every throw, `removed` counted independently from the events.
    #[test]
    fn pawns_are_conserved(rules in any_rules(), throws in any_throws(500)) {
        let mut pos = Position::start();
        let mut removed = [0u32; 2];
        for throw in throws {
            let Ok(events) = pos.play_mut(&rules, throw) else { break };
            for e in &events {
                if let Event::Removed { player, count, .. } = *e {
                    removed[player.index()] += u32::from(count);
                }
            }
            for p in Player::ALL {
                let total = u32::from(pos.on_board(p))
                    + u32::from(pos.reserve(p))
                    + u32::from(pos.held(p.other()))
                    + removed[p.index()];
                prop_assert_eq!(total, u32::from(PAWNS), "{} after {}", pos, throw);
                prop_assert_eq!(u32::from(pos.removed(p)), removed[p.index()]);
                let camp: u32 = pos.camp(p).iter().map(|&c| u32::from(c)).sum();
                prop_assert_eq!(camp, u32::from(pos.on_board(p)));
            }
        }
    }

    /// Whatever the dice, the game is over after at most `max_throws` throws (the cap; no
    /// bound exists without it, see `a_position_can_repeat_forever`).
    #[test]
    fn every_game_ends_by_the_cap(rules in any_rules(), seed in any::<u64>()) {
        let played = SugorokuGame::play_seeded(rules, Seed(seed));
        prop_assert!(played.state.is_terminal());
        prop_assert!(played.state.position().throws() <= rules.max_throws);
        // And with arbitrary throws: the same.
        let mut game = SugorokuGame::new(rules);
        let mut n = 0u32;
        let mut i = seed as usize;
        while !game.is_terminal() {
            i = i.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.play_mut(UNORDERED_THROWS[(i >> 33) % 21]).unwrap();
            n += 1;
            prop_assert!(n <= rules.max_throws);
        }
    }

    /// A record replays to the same game, also after a trip through its text.
    #[test]
    fn replay_of_a_record_reproduces_the_game(rules in any_rules(), seed in any::<u64>()) {
        let played = SugorokuGame::play_seeded(rules, Seed(seed));
        let again = SugorokuGame::from_record(&played.record).unwrap();
        prop_assert_eq!(again, played.state);
        let text = played.record.to_string();
        let parsed: Record = text.parse().unwrap();
        prop_assert_eq!(SugorokuGame::from_record(&parsed).unwrap(), played.state);
        // Replaying the bare throws gives the same game too.
        let throws: Vec<Throw> = played.record.actions().map(|a| a.parse().unwrap()).collect();
        let bare = SugorokuGame::replay(rules, Position::start(), throws).unwrap();
        prop_assert_eq!(bare, played.state);
    }

    /// Every position of a game round-trips through its notation.
    #[test]
    fn notation_round_trips(rules in any_rules(), throws in any_throws(300)) {
        let mut pos = Position::start();
        for throw in throws {
            let text = pos.to_string();
            prop_assert_eq!(text.parse::<Position>().unwrap(), pos);
            prop_assert_eq!(Position::try_from(pos.setup()).unwrap(), pos);
            if pos.play_mut(&rules, throw).is_err() {
                break;
            }
        }
    }

    /// The notation parser never panics.
    #[test]
    fn notation_parser_never_panics(text in "\\PC{0,60}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Ruleset>();
    }
}

/// Why the game needs a cap: a position that comes back after two throws, so that no bound
/// on the length holds. Both players in phase 2, each with a lone pawn on point 12; each
/// throws 2-1: both points 3 are empty and it is not a doublet, so nothing happens.
#[test]
fn a_position_can_repeat_forever() {
    let rules = Ruleset::default();
    let start = position(&[(12, 1)], &[(12, 1)], (0, 0), (2, 2), Player::First);
    let mut pos = start;
    for _ in 0..1000 {
        assert!(pos.play_mut(&rules, t(2, 1)).unwrap().is_empty());
    }
    assert_eq!(pos.camp(Player::First), start.camp(Player::First));
    assert_eq!(pos.setup().held, start.setup().held);
    assert_eq!(pos.side(), start.side());
    assert_eq!(pos.throws(), start.throws() + 1000);
    // The cap ends it.
    let capped = rules.with_max_throws(1100);
    let mut n = 0;
    while pos.play_mut(&capped, t(2, 1)).is_ok() {
        n += 1;
    }
    assert_eq!(n, 1100 - 1040);
    assert!(pos.end(&capped).unwrap().capped);
}

#[test]
fn sizes_for_copy_make() {
    // Two packed camps, reserves, held, captures over the game, side, throw count.
    assert_eq!(std::mem::size_of::<Position>(), 40);
    assert!(std::mem::size_of::<sugoroku_core::Events>() <= 64);
}

/// Serde goes through the notations, so deserialising validates.
#[cfg(feature = "serde")]
#[test]
fn serde_through_the_notation() {
    let pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (3, 1), Player::First);
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(
        serde_json::from_str::<Position>("\"000000000000/16/0 000000000000/15/0 w 0\"").is_err()
    );
    let rules = Ruleset::default().with_max_throws(9);
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(json, "\"return=replaces extra=no winner=held cap=9\"");
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), rules);
    let stats = sugoroku_core::Simulation::new(rules, Seed(1), 100)
        .run()
        .unwrap();
    let back: sugoroku_core::Statistics =
        serde_json::from_str(&serde_json::to_string(&stats).unwrap()).unwrap();
    assert_eq!(back, stats);
}

#[test]
fn documented_notation_examples_parse() {
    let start: Position = "000000000000/15/0 000000000000/15/0 w 0".parse().unwrap();
    assert_eq!(start, Position::start());
    let mid: Position = "000120300100/0/2 000010000200/10/0 b 31".parse().unwrap();
    assert_eq!(mid.held(Player::First), 2);
    assert_eq!(mid.removed(Player::First), 8);
    assert_eq!(mid.pawns(Player::First, 7), 3);
    assert_eq!(mid.phase(Player::Second), sugoroku_core::Phase::Placing);
    let given_back: Position = "000120300100/0/2/5 000010000200/10/0 b 31".parse().unwrap();
    assert_eq!(
        (
            given_back.held(Player::First),
            given_back.captured(Player::First)
        ),
        (2, 5)
    );
    assert_eq!(
        given_back.to_string(),
        "000120300100/0/2/5 000010000200/10/0 b 31"
    );
    // The fourth subfield is written only when it differs from the held count.
    let same: Position = "000120300100/0/2/2 000010000200/10/0 b 31".parse().unwrap();
    assert_eq!(same, mid);
    assert_eq!(same.to_string(), "000120300100/0/2 000010000200/10/0 b 31");
    let e = "000120300100/0/2/1 000010000200/10/0 b 31"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal position: white holds 2 captured pawns but captured only 1 over the game"
    );
    let e = "000120300100/0/2/x 000010000200/10/0 b 31"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "white's captured count \"x\" is not a whole number"
    );
    assert!(
        "000120300100/0/2/5/1 000010000200/10/0 b 31"
            .parse::<Position>()
            .is_err()
    );
    // Errors name what is wrong.
    let e = "000000000000/15/0 000000000000/15/0 x 0"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(e.to_string(), "side to throw \"x\" is not w or b");
    let e = "100000000000/14/0 000000000000/15/0 w 1"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal position: white has pawns on point 1, which no throw reaches"
    );
    let e = "000000000000/15/1 000000000000/15/0 w 0"
        .parse::<Position>()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("white has captured pawns but is still placing"),
        "{e}"
    );
    let e = "000000200000/14/0 000000000000/15/0 w 0"
        .parse::<Position>()
        .unwrap_err();
    assert!(e.to_string().contains("white has 16 pawns"), "{e}");
    let e = "0000000000g0/14/0 000000000000/15/0 w 0"
        .parse::<Position>()
        .unwrap_err();
    assert!(e.to_string().contains("not 12 hexadecimal digits"), "{e}");
    let e = "000000100000/13/0 000000000000/15/0 w 0"
        .parse::<Position>()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("1 pawns removed but is still placing"),
        "{e}"
    );
}
