//! Each rule of the rules page (the crate's RULES.md, from "Le Tric Trac Nippon") on a hand-built
//! position, under the default ruleset.

use crate::common;

use boardgames_common::{ByPlayer, Game, Player};
use common::{position, t};
use sugoroku_core::{
    Event, GameEnd, Outcome, Phase, Position, Ruleset, SugorokuGame, ThrowError, Winner,
};

const W: Player = Player::First;
const B: Player = Player::Second;

fn rules() -> Ruleset {
    Ruleset::default()
}

#[test]
fn phase_1_places_on_the_sum_point() {
    // Seed 004: "si il fait 2 et 5 il place un pion sur la 7ème case de son coté".
    let mut pos = Position::start();
    let events = pos.play_mut(&rules(), t(2, 5)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Placed {
            player: W,
            point: 7
        }]
    );
    assert_eq!(pos.pawns(W, 7), 1);
    assert_eq!(pos.reserve(W), 14);
    assert_eq!(pos.on_board(W), 1);
    assert_eq!(pos.side(), B);
    // Black places on his own camp; pawns stack.
    pos.play_mut(&rules(), t(6, 1)).unwrap();
    pos.play_mut(&rules(), t(4, 3)).unwrap();
    assert_eq!(pos.pawns(B, 7), 1);
    assert_eq!(pos.pawns(W, 7), 2);
    assert_eq!(pos.to_string(), "000000200000/13/0 000000100000/14/0 b 3");
}

#[test]
fn phase_1_doublet_places_and_throws_again() {
    let mut pos = Position::start();
    let events = pos.play_mut(&rules(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Placed {
                player: W,
                point: 6
            },
            Event::ExtraThrow { player: W }
        ]
    );
    assert_eq!(pos.side(), W);
    // Doublets chain.
    pos.play_mut(&rules(), t(6, 6)).unwrap();
    assert_eq!(pos.side(), W);
    assert_eq!(pos.pawns(W, 12), 1);
    pos.play_mut(&rules(), t(2, 1)).unwrap();
    assert_eq!(pos.side(), B);
    assert_eq!(pos.reserve(W), 12);
}

#[test]
fn phase_changes_after_the_15th_pawn() {
    // White has 14 pawns placed, one in reserve.
    let mut pos = position(&[(7, 10), (8, 4)], &[(5, 1)], (1, 14), (0, 0), W);
    assert_eq!(pos.phase(W), Phase::Placing);
    let events = pos.play_mut(&rules(), t(6, 5)).unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Placed {
                player: W,
                point: 11
            },
            Event::PhaseChange { player: W }
        ]
    );
    assert_eq!(pos.phase(W), Phase::Taking);
    assert_eq!(pos.reserve(W), 0);
    assert_eq!(pos.phase(B), Phase::Placing);
    // Black places; white's next throw is a phase-2 throw: 4-4 on his 8 removes his pawns.
    pos.play_mut(&rules(), t(2, 1)).unwrap();
    let events = pos.play_mut(&rules(), t(5, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 8,
            count: 4
        }]
    );
}

#[test]
fn a_doublet_on_the_15th_pawn_gives_a_phase_2_throw() {
    let mut pos = position(&[(7, 14)], &[], (1, 15), (0, 0), W);
    let events = pos.play_mut(&rules(), t(4, 4)).unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Placed {
                player: W,
                point: 8
            },
            Event::PhaseChange { player: W },
            Event::ExtraThrow { player: W }
        ]
    );
    assert_eq!(pos.side(), W);
    // The extra throw is taken in phase 2: 5-2 removes the 14 pawns on 7.
    let events = pos.play_mut(&rules(), t(5, 2)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 7,
            count: 14
        }]
    );
    assert_eq!(pos.removed(W), 14);
}

#[test]
fn phase_2_removes_own_pawns_on_the_sum_point() {
    // White's 7 holds 3 pawns, black's 7 holds 2: white's pawns leave, black's stay.
    let mut pos = position(&[(7, 3), (9, 1)], &[(7, 2), (3, 1)], (0, 0), (0, 0), W);
    assert_eq!(pos.removed(W), 11);
    let events = pos.play_mut(&rules(), t(4, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 7,
            count: 3
        }]
    );
    assert_eq!(pos.pawns(W, 7), 0);
    assert_eq!(pos.pawns(B, 7), 2);
    assert_eq!(pos.removed(W), 14);
    assert_eq!(pos.held(W), 0);
    // A doublet on two or more own pawns is an ordinary removal.
    let mut pos = position(&[(6, 2), (9, 1)], &[(3, 1)], (0, 0), (4, 0), W);
    let events = pos.play_mut(&rules(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 6,
            count: 2
        }]
    );
    assert_eq!(pos.held(W), 4);
    // So is a doublet on one own pawn facing enemy pawns.
    let mut pos = position(&[(6, 1), (9, 1)], &[(6, 3)], (0, 0), (4, 0), W);
    let events = pos.play_mut(&rules(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Removed {
            player: W,
            point: 6,
            count: 1
        }]
    );
    assert_eq!(pos.pawns(B, 6), 3);
}

#[test]
fn phase_2_captures_all_pawns_opposite_an_empty_point() {
    // Seed 004: "le joueur fait 1 et 4, la case 5 de son camp est vide il capture le pion
    // se trouvant en face".
    let mut pos = position(&[(9, 2)], &[(5, 1), (8, 2)], (0, 0), (0, 0), W);
    let events = pos.play_mut(&rules(), t(1, 4)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Captured {
            player: W,
            point: 5,
            count: 1
        }]
    );
    assert_eq!(pos.held(W), 1);
    assert_eq!(pos.pawns(B, 5), 0);
    // Several pawns at once, and on a doublet too (own point empty, enemy pawns opposite),
    // black capturing while holding a pawn he could otherwise give back.
    let mut pos = position(&[(8, 2), (9, 2)], &[(3, 1)], (0, 0), (0, 1), B);
    let events = pos.play_mut(&rules(), t(4, 4)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Captured {
            player: B,
            point: 8,
            count: 2
        }]
    );
    assert_eq!(pos.held(B), 3);
    assert_eq!(pos.on_board(W), 2);
    assert_eq!(pos.side(), W, "no extra throw in phase 2 by default");
}

#[test]
fn phase_2_doublet_on_two_empty_points_gives_back_up_to_two() {
    // White holds 3 black pawns: 4-4, his 8 and black's 8 empty: two go back on black's 8.
    let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (3, 0), W);
    let events = pos.play_mut(&rules(), t(4, 4)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Returned {
            player: W,
            point: 8,
            count: 2
        }]
    );
    assert_eq!(pos.held(W), 1);
    assert_eq!(pos.pawns(B, 8), 2);
    assert_eq!(pos.pawns(W, 8), 0);
    // Holding one: only one goes back.
    let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (1, 0), W);
    let events = pos.play_mut(&rules(), t(4, 4)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Returned {
            player: W,
            point: 8,
            count: 1
        }]
    );
    assert_eq!((pos.held(W), pos.pawns(B, 8)), (0, 1));
    // Holding none: nothing happens.
    let before = position(&[(9, 1)], &[(3, 1)], (0, 0), (0, 0), W);
    let mut pos = before;
    let events = pos.play_mut(&rules(), t(4, 4)).unwrap();
    assert!(events.is_empty());
    assert_eq!(pos.camp(W), before.camp(W));
    assert_eq!(pos.camp(B), before.camp(B));
    assert_eq!(pos.side(), B);
}

#[test]
fn phase_2_doublet_on_a_lone_pawn_gives_one_back_instead_of_removing() {
    // White's 6 holds exactly one pawn, black's 6 is empty, white holds 2: 3-3 puts one back
    // on black's 6 and (default) white's pawn stays.
    let mut pos = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (2, 0), W);
    let events = pos.play_mut(&rules(), t(3, 3)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Returned {
            player: W,
            point: 6,
            count: 1
        }]
    );
    assert_eq!((pos.pawns(W, 6), pos.pawns(B, 6), pos.held(W)), (1, 1, 1));
    // Holding none: nothing happens, the lone pawn stays.
    let mut pos = position(&[(6, 1), (9, 1)], &[(3, 1)], (0, 0), (0, 0), W);
    let events = pos.play_mut(&rules(), t(3, 3)).unwrap();
    assert!(events.is_empty());
    assert_eq!(pos.pawns(W, 6), 1);
    assert_eq!(pos.removed(W), 13);
}

#[test]
fn anything_else_does_nothing() {
    // Not a doublet, both points empty.
    let mut pos = position(&[(9, 1)], &[(3, 1)], (0, 0), (2, 2), W);
    let events = pos.play_mut(&rules(), t(4, 2)).unwrap();
    assert!(events.is_empty());
    assert_eq!(events.to_string(), "nothing happens");
    assert_eq!(pos.held(W), 2);
    assert_eq!(pos.side(), B);
    assert_eq!(pos.throws(), 41);
}

#[test]
fn players_in_different_phases() {
    // White in phase 2, black still placing with 5 in reserve: white captures black's pawns.
    let mut pos = position(&[(9, 1), (10, 1)], &[(7, 2), (4, 8)], (0, 5), (0, 0), W);
    let events = pos.play_mut(&rules(), t(5, 2)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Captured {
            player: W,
            point: 7,
            count: 2
        }]
    );
    assert_eq!(pos.phase(B), Phase::Placing);
    // Black goes on placing: his throws place, whatever is opposite.
    let events = pos.play_mut(&rules(), t(5, 4)).unwrap();
    assert_eq!(
        &events[..],
        [Event::Placed {
            player: B,
            point: 9
        }]
    );
    assert_eq!(pos.pawns(W, 9), 1);
    // White captures all of black's camp: black is still placing, so the game goes on.
    let mut pos = position(&[(9, 1), (10, 1)], &[(7, 2)], (0, 13), (0, 0), W);
    let events = pos.play_mut(&rules(), t(6, 1)).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(pos.on_board(B), 0);
    assert_eq!(pos.end(&rules()), None);
    assert_eq!(pos.side(), B);
}

#[test]
fn the_end_is_checked_for_both_players_after_every_throw() {
    // White removes his last pawns: over, white wins 3-1 on captures.
    let mut pos = position(&[(7, 2)], &[(3, 1), (5, 1)], (0, 0), (3, 1), W);
    let events = pos.play_mut(&rules(), t(6, 1)).unwrap();
    let end = GameEnd {
        outcome: Outcome::Winner(W),
        held: ByPlayer::new(3, 1),
        captured: ByPlayer::new(3, 1),
        winner: Winner::Held,
        capped: false,
    };
    assert_eq!(
        &events[..],
        [
            Event::Removed {
                player: W,
                point: 7,
                count: 2
            },
            Event::GameOver(end)
        ]
    );
    assert_eq!(pos.end(&rules()), Some(end));
    // White captures black's last pawns while black is in phase 2: over too, on black's camp.
    let mut pos = position(&[(7, 2)], &[(5, 2)], (0, 0), (1, 2), W);
    let events = pos.play_mut(&rules(), t(4, 1)).unwrap();
    assert_eq!(
        events.game_end(),
        Some(GameEnd {
            outcome: Outcome::Winner(W),
            held: ByPlayer::new(3, 2),
            captured: ByPlayer::new(3, 2),
            winner: Winner::Held,
            capped: false
        })
    );
    // Black's throw empties white's camp by capture: checked for the player who did not throw.
    let mut pos = position(&[(7, 1)], &[(5, 2)], (0, 0), (0, 0), B);
    let events = pos.play_mut(&rules(), t(6, 1)).unwrap();
    assert_eq!(
        events.game_end().map(|e| e.outcome),
        Some(Outcome::Winner(B))
    );
    // No more throws after the end; the position is unchanged.
    let before = pos;
    assert!(matches!(
        pos.play_mut(&rules(), t(2, 1)),
        Err(ThrowError::GameOver(_))
    ));
    assert_eq!(pos, before);
}

#[test]
fn winner_by_captures_and_the_draw() {
    // White removes his last pawn holding 2 against black's 2: a draw.
    let mut game =
        SugorokuGame::from_position(rules(), position(&[(12, 1)], &[(3, 1)], (0, 0), (2, 2), W));
    let events = game.play_mut(t(6, 6)).unwrap();
    // 6-6 on a lone pawn facing an empty point: one captured pawn goes back instead of the
    // removal, so the game goes on, now 1-2.
    assert_eq!(
        &events[..],
        [Event::Returned {
            player: W,
            point: 12,
            count: 1
        }]
    );
    assert_eq!(game.turn(), boardgames_common::Turn::Chance);
    let mut draw =
        SugorokuGame::from_position(rules(), position(&[(11, 1)], &[(3, 1)], (0, 0), (2, 2), W));
    let events = draw.play_mut(t(6, 5)).unwrap();
    assert_eq!(
        events.game_end(),
        Some(GameEnd {
            outcome: Outcome::Draw,
            held: ByPlayer::new(2, 2),
            captured: ByPlayer::new(2, 2),
            winner: Winner::Held,
            capped: false
        })
    );
    assert_eq!(draw.returns(), ByPlayer::new(0.0, 0.0));
    assert_eq!(draw.result_tag(), "1/2-1/2");
    assert_eq!(
        events.to_string(),
        "white removes 1 from 11; game over: draw 2-2"
    );
    // Black wins with more captures even though white emptied his camp.
    let mut lost =
        SugorokuGame::from_position(rules(), position(&[(11, 1)], &[(3, 1)], (0, 0), (0, 5), W));
    lost.play_mut(t(6, 5)).unwrap();
    assert_eq!(lost.returns(), ByPlayer::new(-1.0, 1.0));
    assert_eq!(lost.result_tag(), "0-1");
}
