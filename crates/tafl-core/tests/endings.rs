//! The endings of the seed's game, Fidchell (rules page, "The seed's game"), and of the
//! repetition and no-capture rules, through [`Position`] and [`TaflGame`].

use crate::common;

use boardgames_common::{ByPlayer, Game, Outcome, Player, RandomAgent, Seed, Turn, play_game};
use common::sq;
use tafl_core::{
    DrawReason, Move, MoveList, Position, Rules, Ruleset, Setup, Side, Status, TaflGame, WinReason,
};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn fidchell_position(text: &str) -> Position {
    let setup: Setup = text.parse().unwrap();
    Position::from_setup(&setup, &Rules::fidchell()).unwrap()
}

const CORNERS_WIN: Status = Status::Win {
    side: Side::Defenders,
    reason: WinReason::CornersVisited,
};

#[test]
fn the_king_must_visit_all_four_corners() {
    // King on g6, corners a1, g1, a7 visited: reaching g7 wins.
    let pos = fidchell_position("/2t4/7/7/7/7/6K/7/ d a1,g1,a7");
    assert_eq!(pos.status(), Status::Ongoing);
    let won = pos.play(&Rules::fidchell(), mv("g6-g7")).unwrap().0;
    assert_eq!(won.status(), CORNERS_WIN);
    assert_eq!(won.corners_visited().count(), 4);
    // With only a1 and g1 visited, reaching a corner is not a win.
    let pos = fidchell_position("/2t4/7/7/7/7/6K/7/ d a1,g1");
    let next = pos.play(&Rules::fidchell(), mv("g6-g7")).unwrap().0;
    assert_eq!(next.status(), Status::Ongoing);
    assert_eq!(next.corners_visited().count(), 3);
    // Reaching one corner alone (the Brandubh escape) does not win Fidchell.
    let pos = fidchell_position("/2t4/7/7/7/7/6K/7/ d");
    assert_eq!(
        pos.play(&Rules::fidchell(), mv("g6-g7"))
            .unwrap()
            .0
            .status(),
        Status::Ongoing
    );
}

#[test]
fn visiting_the_same_corner_twice_counts_once() {
    let pos = fidchell_position("/K6/7/7/7/7/7/3t3/ d");
    // The king starts on a1: visited.
    assert_eq!(pos.corners_visited().count(), 1);
    let hash_on_a1 = pos.hash();
    let pos = pos.play(&Rules::fidchell(), mv("a1-a2")).unwrap().0;
    let pos = pos.play(&Rules::fidchell(), mv("d7-e7")).unwrap().0;
    let pos = pos.play(&Rules::fidchell(), mv("a2-a1")).unwrap().0;
    assert_eq!(pos.corners_visited().count(), 1);
    assert_eq!(pos.status(), Status::Ongoing);
    let pos = pos.play(&Rules::fidchell(), mv("e7-d7")).unwrap().0;
    assert_eq!(pos.hash(), hash_on_a1);
    assert_eq!(pos.hash(), pos.zobrist_recomputed());
}

#[test]
fn corners_visited_survive_the_notation() {
    let pos = fidchell_position("/7/7/7/7/7/6K/2t4/ a a1,g7");
    let text = pos.to_string();
    assert_eq!(text, "/7/7/7/7/7/6K/2t4/ a a1,g7");
    let back = fidchell_position(&text);
    assert_eq!(back, pos);
    assert_eq!(back.hash(), pos.hash());
    // The set of corners changes the hash.
    assert_ne!(
        fidchell_position("/7/7/7/7/7/6K/2t4/ a a1").hash(),
        pos.hash()
    );
}

#[test]
fn all_attackers_captured_wins_for_the_defenders() {
    // The last attacker, on c3, is taken by c5-c4 against the defender on c2.
    let pos = fidchell_position("/7/2T4/2t4/7/2T4/7/5K1/ d");
    let after = pos.play(&Rules::fidchell(), mv("c5-c4")).unwrap().0;
    assert!(after.attackers().is_empty());
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::AllCaptured
        }
    );
}

#[test]
fn no_legal_move_loses() {
    // The attacker on a2 is boxed in by a3, b2 and the king-only corner a1.
    let boxed = fidchell_position("/7/tT5/T6/7/7/7/5K1/ a");
    let mut moves = MoveList::new();
    boxed.legal_moves_into(&Rules::fidchell(), &mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        boxed.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::NoMoves
        }
    );
    // Reached by a move: the king on the edge (not capturable there) is boxed in.
    let open = fidchell_position("/7/7/t6/K6/t6/1t5/7/ a");
    let closed = open.play(&Rules::fidchell(), mv("b6-b4")).unwrap().0;
    assert_eq!(closed.king(), Some(sq("a4")));
    assert_eq!(
        closed.status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::NoMoves
        }
    );
}

#[test]
fn third_repetition_draws_in_fidchell() {
    let mut g = TaflGame::new(Ruleset::fidchell());
    let cycle = ["c1-b1", "c3-c2", "b1-c1", "c2-c3"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.status(), Status::Ongoing, "before ply {}", i + 1);
        let _ = g.play_mut(mv(m)).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Repetition
        }
    );
    assert_eq!(g.turn(), Turn::Terminal);
    assert_eq!(g.returns(), ByPlayer::new(0.0, 0.0));
    assert!(g.play_mut(mv("c1-b1")).is_err());
}

#[test]
fn third_repetition_loses_for_the_repeater_in_brandubh() {
    let mut g = TaflGame::new(Ruleset::brandubh());
    let cycle = ["d1-c1", "c4-c5", "c1-d1", "c5-c4"];
    for m in cycle.iter().chain(cycle.iter()) {
        let _ = g.play_mut(mv(m)).unwrap();
    }
    // The defenders made the third occurrence.
    assert_eq!(
        g.status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::Repetition
        }
    );
    assert_eq!(g.returns(), ByPlayer::new(1.0, -1.0));
}

/// xorshift for a deterministic walk.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn two_hundred_plies_without_capture_draw_in_fidchell() {
    // In the Fidchell start every defender move captures an attacker against the edge, so a
    // quiet game must first thin the board: the walk prefers moves that capture nothing, do
    // not end the game and do not repeat a position a third time, and takes another
    // non-ending move only when there is none.
    let mut g = TaflGame::new(Ruleset::fidchell());
    let mut seen = std::collections::HashMap::new();
    seen.insert(g.position().hash(), 1);
    let mut state = 0x5EED_0003u64;
    let mut last_capture_ply = 0;
    while !g.status().is_over() {
        assert!(g.plies() < 3000, "the walk does not end");
        let mut moves = MoveList::new();
        g.position().legal_moves_into(g.rules(), &mut moves);
        let start = (next(&mut state) % moves.len() as u64) as usize;
        let rotated = (0..moves.len()).map(|i| moves[(start + i) % moves.len()]);
        let quiet = rotated.clone().find(|&m| {
            let mut p = *g.position();
            let o = p.play_unchecked(g.rules(), m);
            o.captures.is_empty()
                && !o.status.is_over()
                && seen.get(&p.hash()).copied().unwrap_or(0) < 2
        });
        let choice = quiet.unwrap_or_else(|| moves[start]);
        let o = g.play_mut(choice).unwrap();
        if o.captures.any() {
            last_capture_ply = g.plies();
        }
        *seen.entry(g.position().hash()).or_insert(0) += 1;
        assert_eq!(g.plies_since_capture(), g.plies() - last_capture_ply);
    }
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::NoCaptureLimit
        }
    );
    assert_eq!(g.plies_since_capture(), 200);
}

#[test]
fn random_games_end_and_replay_from_their_record() {
    for (i, ruleset) in Ruleset::presets().into_iter().enumerate() {
        let start = TaflGame::new(ruleset);
        let mut a = RandomAgent::new(Seed(10 + i as u64));
        let mut b = RandomAgent::new(Seed(20 + i as u64));
        let played = play_game(start, Seed(1), ByPlayer::new(&mut a, &mut b), 5000).unwrap();
        assert!(played.state.status().is_over());
        assert_eq!(
            played.record.tag("Variant"),
            Some(played.state.ruleset().name())
        );
        let text = played.record.to_string();
        let record: boardgames_common::Record = text.parse().unwrap();
        let replayed = TaflGame::from_record(&record).unwrap();
        assert_eq!(replayed, played.state);
    }
}

#[test]
fn the_outcome_and_the_diagram_say_how_a_game_ended() {
    // A game going on: no outcome, the diagram names the side to move.
    let mut drawn = TaflGame::new(Ruleset::fidchell());
    assert_eq!(drawn.outcome(), None);
    assert_eq!(Game::outcome(&drawn), None);
    assert!(drawn.diagram().ends_with("\nattackers to move\n"));
    assert_eq!(drawn.diagram(), drawn.position().diagram(drawn.rules()));
    // A draw by repetition (the position alone does not know it).
    let cycle = ["c1-b1", "c3-c2", "b1-c1", "c2-c3"];
    for m in cycle.iter().chain(cycle.iter()) {
        let _ = drawn.play_mut(mv(m)).unwrap();
    }
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    assert_eq!(Game::outcome(&drawn), drawn.outcome());
    let diagram = drawn.diagram();
    assert!(diagram.ends_with("\ngame over\n"), "{diagram}");
    assert_eq!(
        diagram.replacen("game over", "attackers to move", 1),
        drawn.position().diagram(drawn.rules())
    );
    // A win by repetition in Brandubh: the attackers are the first player.
    let mut won = TaflGame::new(Ruleset::brandubh());
    let cycle = ["d1-c1", "c4-c5", "c1-d1", "c5-c4"];
    for m in cycle.iter().chain(cycle.iter()) {
        let _ = won.play_mut(mv(m)).unwrap();
    }
    assert_eq!(won.outcome(), Some(Outcome::Winner(Player::First)));
    assert_eq!(Game::outcome(&won), won.outcome());
    assert!(won.diagram().ends_with("\ngame over\n"));
    // The king escapes: the defenders, the second player, win.
    let mut setup = Setup::from_board_string("/7/7/3t3/7/7/K6/7/").unwrap();
    setup.side_to_move = Side::Defenders;
    let mut escape = TaflGame::from_setup(Ruleset::brandubh(), &setup).unwrap();
    let _ = escape.play_mut(mv("a6-a7")).unwrap();
    assert_eq!(escape.outcome(), Some(Outcome::Winner(Player::Second)));
    assert_eq!(Game::outcome(&escape), escape.outcome());
    // Random games to their end: the inherent answer is the trait's.
    for (i, ruleset) in Ruleset::presets().into_iter().enumerate() {
        let mut a = RandomAgent::new(Seed(30 + i as u64));
        let mut b = RandomAgent::new(Seed(40 + i as u64));
        let played = play_game(
            TaflGame::new(ruleset),
            Seed(2),
            ByPlayer::new(&mut a, &mut b),
            5000,
        )
        .unwrap();
        let game = played.state;
        assert!(game.outcome().is_some());
        assert_eq!(game.outcome(), Game::outcome(&game));
        assert_eq!(
            game.outcome().and_then(Outcome::winner).map(Side::from),
            game.status().winner()
        );
    }
}

#[test]
fn a_game_with_a_no_capture_limit_is_bounded_by_its_pieces() {
    let fidchell = TaflGame::new(Ruleset::fidchell());
    // 12 attackers, 8 defenders and the king; 200 plies without capture draw.
    assert_eq!(fidchell.max_plies(), Some(21 * 200));
    for ruleset in [Ruleset::brandubh(), Ruleset::copenhagen()] {
        assert_eq!(TaflGame::new(ruleset).max_plies(), None);
    }
    assert!(fidchell.max_plies() > Some(tafl_core::MAX_GAME_PLIES));
}

#[test]
fn parse_action_checks_written_captures() {
    let g = TaflGame::new(Ruleset::brandubh());
    assert_eq!(g.parse_action("d1-c1"), Ok(mv("d1-c1")));
    assert!(g.parse_action("d1-c1xc2").is_err());
    // The message says the written captures are wrong and shows the move as it is made (with
    // no capture here), not "the move captures d1-c1".
    assert_eq!(
        g.parse_action("d1-c1xc2").unwrap_err().to_string(),
        "d1-c1xc2: the captures written are not those the move makes (d1-c1)"
    );
    assert!(g.parse_action("d1-d3").is_err());
    assert!(g.parse_action("zz").is_err());
    assert_eq!(g.action_text(mv("d1-c1")), "d1-c1");
}

#[test]
fn enclosure_wins_for_the_attackers_in_brandubh() {
    let setup: Setup = "/7/7/3t3/2tKt2/2tTt2/7/3t3/ a".parse().unwrap();
    let pos = Position::from_setup(&setup, Ruleset::brandubh().rules()).unwrap();
    assert_eq!(pos.status(), Status::Ongoing);
    assert!(!pos.enclosed(Ruleset::brandubh().rules()));
    let after = pos
        .play(Ruleset::brandubh().rules(), mv("d7-d6"))
        .unwrap()
        .0;
    assert!(after.enclosed(Ruleset::brandubh().rules()));
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::Enclosure
        }
    );
    // Fidchell has no enclosure rule: here the defenders lose because they cannot move.
    let pos = Position::from_setup(&setup, &Rules::fidchell()).unwrap();
    assert_eq!(
        pos.play(&Rules::fidchell(), mv("d7-d6"))
            .unwrap()
            .0
            .status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::NoMoves
        }
    );
}

#[test]
fn edge_fort_wins_for_the_defenders_in_copenhagen() {
    // b1 T, c1 K, e1 T; b2 T, e2 T; c3 T; d3 comes from d5 and closes the fort.
    let text = "/1TK1T6/1T2T6/2T8/11/3T7/11/11/11/7t1t1/11/11/ d";
    let setup: Setup = text.parse().unwrap();
    let rules = Ruleset::copenhagen();
    let pos = rules.position(&setup).unwrap();
    assert!(!pos.edge_fort(rules.rules()));
    let after = pos.play(rules.rules(), mv("d5-d3")).unwrap().0;
    assert!(
        after.edge_fort(rules.rules()),
        "{}",
        after.diagram(rules.rules())
    );
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::EdgeFort
        }
    );
    // With a gap in the wall (no c3) there is no fort.
    let open: Setup = "/1TK1T6/1T2T6/11/11/3T7/11/11/11/7t1t1/11/11/ d"
        .parse()
        .unwrap();
    let open = rules.position(&open).unwrap();
    assert!(
        !open
            .play(rules.rules(), mv("d5-d3"))
            .unwrap()
            .0
            .edge_fort(rules.rules())
    );
}

#[test]
fn a_fort_held_by_guards_outside_its_wall_is_unbreakable() {
    // Copenhagen, defenders to move; i3-f3 closes a fort: king f1, defenders e1 g1 e2 g2 e3
    // f3, f2 empty. f3 can only be taken after e3, e3 only after f3, e2 never: nothing in
    // it can ever be captured.
    let rules = Ruleset::copenhagen();
    let text = "/4TKT4/4T1T4/4T3T2/11/11/t9t/11/11/11/11/5t5/ d";
    let pos = rules.position(&text.parse().unwrap()).unwrap();
    assert!(!pos.edge_fort(rules.rules()));
    let after = pos.play(rules.rules(), mv("i3-f3")).unwrap().0;
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::EdgeFort
        },
        "{}",
        after.diagram(rules.rules())
    );
    // Without the guard e3, attackers on e3 and g3 take f3: no fort.
    let text = "/4TKT4/4T1T4/8T2/11/11/t9t/11/11/11/11/5t5/ d";
    let pos = rules.position(&text.parse().unwrap()).unwrap();
    let after = pos.play(rules.rules(), mv("i3-f3")).unwrap().0;
    assert!(
        !after.edge_fort(rules.rules()),
        "{}",
        after.diagram(rules.rules())
    );
    assert_eq!(after.status(), Status::Ongoing);
    // A closed fort where the king cannot move is not a fort.
    let text = "/4TKT4/5T5/11/11/11/t9t/11/11/11/11/5t5/ a";
    let pos = rules.position(&text.parse().unwrap()).unwrap();
    assert!(!pos.edge_fort(rules.rules()));
    // An attacker already next to the wall (h3 beside an empty g3) and no guard: f3 falls.
    let text = "/4TKT4/4T1T4/5T1t3/11/11/t9t/11/11/11/11/5t5/ a";
    let pos = rules.position(&text.parse().unwrap()).unwrap();
    assert!(
        !pos.edge_fort(rules.rules()),
        "{}",
        pos.diagram(rules.rules())
    );
}

#[test]
fn a_game_from_a_setup_records_its_position() {
    let setup: Setup = "/7/7/t6/K6/t6/1t5/7/ a".parse().unwrap();
    let mut g = TaflGame::from_setup(Ruleset::fidchell(), &setup).unwrap();
    let tags = g.record_tags();
    assert_eq!(
        tags[2],
        ("Position".to_string(), "/7/7/t6/K6/t6/1t5/7/ a".to_string())
    );
    let m = g.parse_action("b6-b4").unwrap();
    g.apply(m).unwrap();
    assert_eq!(g.turn(), Turn::Terminal);
    assert_eq!(g.returns(), ByPlayer::new(1.0, -1.0));
    let mut record = boardgames_common::Record::new("Tafl");
    for (k, v) in &tags {
        record.set_tag(k, v).unwrap();
    }
    record.push_action("b6-b4").unwrap();
    assert_eq!(TaflGame::from_record(&record).unwrap(), g);
    // A setup of another size is refused.
    let small: Setup = "/7/7/t6/K6/t6/1t5/7/ a".parse().unwrap();
    assert!(TaflGame::from_setup(Ruleset::copenhagen(), &small).is_err());
}

/// OpenTafl's `tfr:w` as its referee applies it (the win goes to the side to move after the
/// repetition, so the side that makes the third occurrence loses), and `tfr:l` the reverse.
#[test]
fn opentafl_tfr_w_makes_the_repeater_lose_and_tfr_l_win() {
    let brandub = |tfr: &str| -> Ruleset {
        format!("dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: {tfr} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .parse()
            .unwrap()
    };
    let cycle = ["d1-c1", "c4-c5", "c1-d1", "c5-c4"];
    for (tfr, winner) in [("tfr:w", Side::Attackers), ("tfr:l", Side::Defenders)] {
        let mut g = TaflGame::new(brandub(tfr));
        for m in cycle.iter().chain(cycle.iter()) {
            let _ = g.play_mut(mv(m)).unwrap();
        }
        // The defenders' c5-c4 made the third occurrence.
        assert_eq!(g.repetitions(), 3);
        assert_eq!(
            g.status(),
            Status::Win {
                side: winner,
                reason: WinReason::Repetition
            },
            "{tfr}"
        );
    }
    assert_eq!(
        Ruleset::brandubh().rules().repetition.result,
        brandub("tfr:w").rules().repetition.result
    );
}
