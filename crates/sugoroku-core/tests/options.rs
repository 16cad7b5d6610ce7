//! Each option of the [`Ruleset`] changes exactly the behaviour it names: on hand-built
//! positions, and over many seeded games played in lockstep with the default ruleset.

use crate::common;

use boardgames_common::{ByPlayer, DiceSource, Player, Seed, Throw};
use common::{position, t};
use sugoroku_core::{
    Event, Events, GameEnd, Outcome, Phase, Position, Ruleset, SimDice, SingleDoublet, Winner,
};

const W: Player = Player::First;

fn adds() -> Ruleset {
    Ruleset::default().with_single_doublet(SingleDoublet::Adds)
}

fn removes() -> Ruleset {
    Ruleset::default().with_single_doublet(SingleDoublet::Removes)
}

fn captured() -> Ruleset {
    Ruleset::default().with_winner(Winner::Captured)
}

fn extra() -> Ruleset {
    Ruleset::default().with_taking_doublet_extra_throw(true)
}

#[test]
fn single_doublet_adds_removes_the_lone_pawn_as_well() {
    let start = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (2, 0), W);
    let mut pos = start;
    let events = pos.play_mut(&adds(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Removed {
                player: W,
                point: 6,
                count: 1
            },
            Event::Returned {
                player: W,
                point: 6,
                count: 1
            }
        ]
    );
    assert_eq!(
        (pos.pawns(W, 6), pos.pawns(Player::Second, 6), pos.held(W)),
        (0, 1, 1)
    );
    // Holding nothing: the removal alone.
    let mut pos = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (0, 0), W);
    let events = pos.play_mut(&adds(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 6,
            count: 1
        }]
    );
    // The other doublet rule (both points empty) is the same under both readings.
    for rules in [Ruleset::default(), adds()] {
        let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (3, 0), W);
        let events = pos.play_mut(&rules, t(4, 4)).unwrap();
        assert_eq!(
            &events[..],
            [Event::Returned {
                player: W,
                point: 8,
                count: 2
            }]
        );
    }
}

#[test]
fn single_doublet_removes_keeps_the_pawn_only_when_one_goes_back() {
    // Holding two: one goes back and the lone pawn stays, as by default.
    let holding = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (2, 0), W);
    for rules in [Ruleset::default(), removes()] {
        let mut pos = holding;
        let events = pos.play_mut(&rules, t(3, 3)).unwrap();
        assert_eq!(
            &events[..],
            [Event::Returned {
                player: W,
                point: 6,
                count: 1
            }]
        );
        assert_eq!((pos.pawns(W, 6), pos.held(W)), (1, 1));
    }
    // Holding nothing: the default leaves the pawn; `removes` takes it off as the first dash.
    let empty_handed = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (0, 0), W);
    let mut pos = empty_handed;
    assert!(
        pos.play_mut(&Ruleset::default(), t(3, 3))
            .unwrap()
            .is_empty()
    );
    assert_eq!(pos.pawns(W, 6), 1);
    let mut pos = empty_handed;
    let events = pos.play_mut(&removes(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 6,
            count: 1
        }]
    );
    assert_eq!(pos.pawns(W, 6), 0);
}

#[test]
fn a_lone_pawn_on_2_is_stuck_by_default_while_nothing_is_held() {
    // 1-1 is the only throw to point 2 and it is a doublet: by default a lone pawn there
    // stays until black has pawns on his 2; under `removes` and `adds` it leaves.
    let start = position(&[(2, 1)], &[(5, 1)], (0, 0), (0, 0), W);
    let mut pos = start;
    assert!(
        pos.play_mut(&Ruleset::default(), t(1, 1))
            .unwrap()
            .is_empty()
    );
    assert_eq!(pos.end(&Ruleset::default()), None);
    for rules in [removes(), adds()] {
        let mut pos = start;
        let events = pos.play_mut(&rules, t(1, 1)).unwrap();
        assert!(matches!(
            events[0],
            Event::Removed {
                point: 2,
                count: 1,
                ..
            }
        ));
        assert!(events.game_end().is_some());
    }
}

#[test]
fn winner_captured_counts_the_pawns_given_back() {
    // White captured 5 and gave 3 back (holds 2); black captured and holds 3.
    let pos: Position = "000000010000/0/2/5 000010000000/0/3 w 50".parse().unwrap();
    assert_eq!((pos.held(W), pos.captured(W)), (2, 5));
    assert_eq!(
        (pos.held(Player::Second), pos.captured(Player::Second)),
        (3, 3)
    );
    assert_eq!(pos.to_string(), "000000010000/0/2/5 000010000000/0/3 w 50");
    // White throws 5-3 and removes his last pawn: the game ends.
    for (rules, winner, text) in [
        (
            Ruleset::default(),
            Player::Second,
            "game over: black wins 3-2",
        ),
        (captured(), W, "game over: white wins 5-3 captured"),
    ] {
        let mut p = pos;
        let events = p.play_mut(&rules, t(5, 3)).unwrap();
        let end = events.game_end().unwrap();
        assert_eq!(end.outcome, Outcome::Winner(winner));
        assert_eq!(end.to_string(), text);
        assert_eq!(
            end.outcome_by(rules.winner.other()),
            Outcome::Winner(winner.other())
        );
    }
}

#[test]
fn winner_option_changes_only_the_outcome() {
    // The same throws under both readings: identical games, the outcome decided by the
    // held counts or by the captures over the game (counted here from the events).
    let mut differ = 0;
    for g in 0..400 {
        let mut dice = SimDice::new(Seed(78).derive(g));
        let (mut a, mut b) = (Position::start(), Position::start());
        let mut captures = [0u32; 2];
        loop {
            let throw = dice.throw().unwrap();
            let ea = a.play_mut(&Ruleset::default(), throw).unwrap();
            let eb = b.play_mut(&captured(), throw).unwrap();
            assert_eq!(a, b);
            for e in &ea {
                if let Event::Captured { player, count, .. } = *e {
                    captures[player.index()] += u32::from(count);
                }
            }
            match (ea.game_end(), eb.game_end()) {
                (None, None) => assert_eq!(ea, eb),
                (Some(x), Some(y)) => {
                    assert_eq!(x.outcome, sugoroku_core::outcome_from_held(x.held));
                    assert_eq!(y.captured, ByPlayer::new(captures[0], captures[1]));
                    assert_eq!(y.outcome, sugoroku_core::outcome_from_scores(y.captured));
                    differ += usize::from(x.outcome != y.outcome);
                    break;
                }
                _ => panic!("game {g}: one reading ended, not the other"),
            }
        }
    }
    // About 29% of games
    // ([sugoroku.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/sugoroku.md)):
    // 116 of 400 expected, far from 0 and 400.
    assert!(
        (70..170).contains(&differ),
        "{differ} of 400 outcomes differ"
    );
}

#[test]
fn single_doublet_adds_can_end_the_game() {
    // The lone pawn was white's last: under `adds` the camp empties and the game ends.
    let start = position(&[(6, 1)], &[(3, 1)], (0, 0), (2, 2), W);
    let mut pos = start;
    let events = pos.play_mut(&adds(), t(3, 3)).unwrap();
    assert_eq!(
        events.game_end(),
        Some(GameEnd {
            outcome: Outcome::Winner(Player::Second),
            held: ByPlayer::new(1, 2),
            // White captured 2 and gave one back.
            captured: ByPlayer::new(2, 2),
            winner: Winner::Held,
            capped: false
        })
    );
    // By default the pawn stays and the game goes on.
    let mut pos = start;
    let events = pos.play_mut(&Ruleset::default(), t(3, 3)).unwrap();
    assert_eq!(events.game_end(), None);
}

#[test]
fn taking_doublet_extra_throw_gives_another_throw_in_phase_2_only() {
    let start = position(&[(8, 2), (9, 2)], &[(3, 1)], (0, 0), (0, 0), W);
    for (rules, again) in [(Ruleset::default(), false), (extra(), true)] {
        let mut pos = start;
        let events = pos.play_mut(&rules, t(4, 4)).unwrap();
        assert_eq!(
            events[0],
            Event::Removed {
                player: W,
                point: 8,
                count: 2
            }
        );
        assert_eq!(events.extra_throw(), again);
        assert_eq!(pos.side() == W, again);
        // Not a doublet: no extra throw under either reading.
        let mut pos = start;
        let events = pos.play_mut(&rules, t(5, 4)).unwrap();
        assert!(!events.extra_throw());
        assert_eq!(pos.side(), Player::Second);
        // Phase 1 doublets throw again under both readings.
        let mut pos = Position::start();
        assert!(pos.play_mut(&rules, t(1, 1)).unwrap().extra_throw());
    }
}

#[test]
fn max_throws_stops_the_game_and_scores_it() {
    // Throw 40 of a cap of 41: the next throw ends the game, scored on captures.
    let rules = Ruleset::default().with_max_throws(41);
    let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (3, 1), W);
    let events = pos.play_mut(&rules, t(4, 1)).unwrap();
    let end = GameEnd {
        outcome: Outcome::Winner(W),
        held: ByPlayer::new(3, 1),
        captured: ByPlayer::new(3, 1),
        winner: Winner::Held,
        capped: true,
    };
    assert_eq!(&events[..], [Event::GameOver(end)]);
    assert_eq!(
        events.to_string(),
        "game over at the throw cap: white wins 3-1"
    );
    // Under the default cap the same throw does nothing.
    let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (3, 1), W);
    assert!(
        pos.play_mut(&Ruleset::default(), t(4, 1))
            .unwrap()
            .is_empty()
    );
    // A position already at the cap is over.
    assert_eq!(pos.end(&rules.with_max_throws(41)), Some(end));
}

/// Is the option's trigger met by `throw` at `pos`?
type Trigger = fn(&Position, Throw) -> bool;

fn in_phase_2(pos: &Position) -> bool {
    pos.phase(pos.side()) == Phase::Taking
}

fn lone_pawn_doublet(pos: &Position, throw: Throw) -> bool {
    let p = pos.side();
    let s = throw.sum();
    in_phase_2(pos) && throw.is_doublet() && pos.pawns(p, s) == 1 && pos.pawns(p.other(), s) == 0
}

fn phase_2_doublet(pos: &Position, throw: Throw) -> bool {
    in_phase_2(pos) && throw.is_doublet()
}

/// Plays seeded games under the default ruleset and `option` in lockstep: every throw before
/// the first trigger gives the same events and position; at the trigger the events differ
/// only as `expect` says. Returns how many games met the trigger.
fn lockstep(option: Ruleset, trigger: Trigger, expect: fn(&Events, &Events)) -> usize {
    let base = Ruleset::default();
    let mut triggered = 0;
    for g in 0..400 {
        let mut dice = SimDice::new(Seed(77).derive(g));
        let (mut a, mut b) = (Position::start(), Position::start());
        while a.end(&base).is_none() {
            let throw = dice.throw().unwrap();
            let fire = trigger(&a, throw);
            let ea = a.play_mut(&base, throw).unwrap();
            let eb = b.play_mut(&option, throw).unwrap();
            if fire {
                expect(&ea, &eb);
                triggered += 1;
                break;
            }
            assert_eq!(ea, eb, "game {g}: events differ before the option's case");
            assert_eq!(a, b, "game {g}: positions differ before the option's case");
        }
    }
    triggered
}

#[test]
fn single_doublet_option_changes_only_its_case() {
    let n = lockstep(adds(), lone_pawn_doublet, |default, adds| {
        // Default: at most a Returned (never a removal); adds: the removal, then the same.
        assert!(default.iter().all(|e| !matches!(e, Event::Removed { .. })));
        assert!(matches!(adds[0], Event::Removed { count: 1, .. }));
        let rest: Vec<_> = adds[1..]
            .iter()
            .filter(|e| !matches!(e, Event::GameOver(_)))
            .collect();
        let base: Vec<_> = default
            .iter()
            .filter(|e| !matches!(e, Event::GameOver(_)))
            .collect();
        assert_eq!(rest, base);
    });
    assert!(n > 50, "only {n} games met the case");
}

#[test]
fn single_doublet_removes_changes_only_its_case_without_a_pawn_to_give_back() {
    let n = lockstep(removes(), lone_pawn_doublet, |default, removes| {
        if default.iter().any(|e| matches!(e, Event::Returned { .. })) {
            assert_eq!(default, removes);
        } else {
            assert!(default.iter().all(|e| !matches!(e, Event::Removed { .. })));
            assert!(matches!(removes[0], Event::Removed { count: 1, .. }));
        }
    });
    assert!(n > 50, "only {n} games met the case");
}

#[test]
fn extra_throw_option_changes_only_its_case() {
    let n = lockstep(extra(), phase_2_doublet, |default, extra| {
        assert!(!default.extra_throw());
        if default.game_end().is_none() {
            assert_eq!(&extra[..extra.len() - 1], &default[..]);
            assert!(matches!(extra[extra.len() - 1], Event::ExtraThrow { .. }));
        } else {
            assert_eq!(extra, default);
        }
    });
    assert!(n > 300, "only {n} games met the case");
}

#[test]
fn cap_option_changes_only_the_end() {
    let capped = Ruleset::default().with_max_throws(60);
    let n = lockstep(
        capped,
        |pos, _| pos.throws() == 59,
        |default, capped| {
            let end = capped.game_end().unwrap();
            assert!(end.capped || default.game_end().is_some());
            let strip = |e: &Events| -> Vec<Event> {
                e.iter()
                    .copied()
                    .filter(|e| !matches!(e, Event::GameOver(_) | Event::ExtraThrow { .. }))
                    .collect()
            };
            assert_eq!(strip(default), strip(capped));
        },
    );
    assert!(n > 100, "only {n} games reached the cap");
}
