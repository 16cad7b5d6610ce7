use super::*;
use crate::ruleset::Ruleset;
use crate::setup::Setup;

#[test]
fn an_extra_attacker_is_worth_about_a_soldier() {
    let rules = *Ruleset::fidchell().rules();
    let base: Setup = "/7/7/7/3K3/7/1t5/7/ a".parse().unwrap();
    let mut more = base;
    more.attackers.insert("f2".parse().unwrap());
    let b = evaluate(&Ruled::new(
        crate::Position::from_setup(&base, &rules).unwrap(),
        &rules,
    ));
    let m = evaluate(&Ruled::new(
        crate::Position::from_setup(&more, &rules).unwrap(),
        &rules,
    ));
    assert!((60..=160).contains(&(m - b)), "{b} {m}");
}

#[test]
fn king_next_to_the_last_corner_is_a_threat() {
    let rules = *Ruleset::fidchell().rules();
    let mut with: Setup = "/7/7/7/3K3/7/1t5/7/ a a1,g1,a7".parse().unwrap();
    with.king = "g4".parse().ok();
    let p = Ruled::new(crate::Position::from_setup(&with, &rules).unwrap(), &rules);
    let mut without = with;
    without.corners_visited = Bitboard::EMPTY;
    let q = Ruled::new(
        crate::Position::from_setup(&without, &rules).unwrap(),
        &rules,
    );
    assert!(
        evaluate(&p) < evaluate(&q) - 500,
        "{} {}",
        evaluate(&p),
        evaluate(&q)
    );
}

/// Fidchell's rules, for the positions the tests build.
static FIDCHELL: std::sync::LazyLock<crate::Rules> =
    std::sync::LazyLock::new(|| *Ruleset::fidchell().rules());

fn fidchell(text: &str) -> Ruled<'static> {
    let s: Setup = text.parse().unwrap();
    Ruled::new(
        crate::Position::from_setup(&s, &FIDCHELL).unwrap(),
        &FIDCHELL,
    )
}

/// The evaluation with the defaults and `name` set to `value`.
fn with(pos: &Ruled<'_>, name: &str, value: i32) -> i32 {
    let mut w = EvalWeights::DEFAULT;
    w.set(name, value).unwrap();
    evaluate_with(pos, &w)
}

#[test]
fn berserk_officers_are_worth_more_than_soldiers() {
    // OpenTafl's Berserk start: four attacking commanders, one defending knight, the
    // defenders to move.
    let berserk = Ruleset::from_opentafl(
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
         start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
    )
    .unwrap();
    let p = Ruled::new(berserk.start_position(), berserk.rules());
    assert_eq!(p.side_to_move(), Side::Defenders);
    // One knight less four commanders: three officers' worth against the side to move.
    assert_eq!(with(&p, "officer", 100) - with(&p, "officer", 0), -300);
    assert_eq!(evaluate(&p) - with(&p, "officer", 0), -180);
    // Without officers the term is silent.
    let q_ruleset = Ruleset::brandubh();
    let q = Ruled::new(q_ruleset.start_position(), q_ruleset.rules());
    assert_eq!(with(&q, "officer", 100), evaluate(&q));
}

#[test]
fn the_defaults_are_the_levels_evaluation() {
    let p_ruleset = Ruleset::brandubh();
    let p = Ruled::new(p_ruleset.start_position(), p_ruleset.rules());
    assert_eq!(evaluate(&p), evaluate_with(&p, &EvalWeights::DEFAULT));
}

#[test]
fn each_new_term_counts_what_it_says() {
    // King d4 with defenders d5 and e4 beside him, the attackers to move.
    let p = fidchell("/7/7/7/3KT2/3T3/7/2t4/ a");
    // Tempo: the side to move gains exactly the weight.
    assert_eq!(with(&p, "tempo", 25) - evaluate(&p), 25);
    // The escort: two defenders beside the king, for the defenders (the attackers move).
    assert_eq!(with(&p, "king_escort", 10) - evaluate(&p), -20);
    // Fidchell's edges are hostile to soldiers: the attacker on c7 stands exposed.
    assert_eq!(with(&p, "edge_exposed", 30) - evaluate(&p), -30);
    // Fidchell's goals are its corners too: the king reaches the edge squares d1 and a4
    // (d7 and g4 are blocked by d5 and e4).
    assert_eq!(with(&p, "king_edge_reach", 10) - evaluate(&p), -20);
    // Brandubh's are not: the term is silent there.
    let rules = *Ruleset::brandubh().rules();
    let s: Setup = "/7/7/7/3KT2/3T3/7/2t4/ a".parse().unwrap();
    let q = Ruled::new(crate::Position::from_setup(&s, &rules).unwrap(), &rules);
    assert_eq!(with(&q, "edge_exposed", 30), evaluate(&q));
    // Brandubh escapes at a corner: the king on d4 reaches the edge squares d1 and a4
    // (d7 and g4 are blocked by d5 and e4): 2 squares.
    assert_eq!(with(&q, "king_edge_reach", 10) - evaluate(&q), -20);
}

#[test]
fn escape_forks_count_the_kings_squares_with_a_corner_in_reach() {
    // Brandubh, king c3, attackers c6 and f3, the attackers to move. The king reaches
    // c1 (then a1 or g1) and a3 (then a1 or a7); c7 and g3 are cut off by c6 and f3, and
    // his other squares (c2, c4, c5, b3, d3, e3) see no corner.
    let text = "/7/7/2K2t1/7/7/2t4/7/ a";
    let rules = *Ruleset::brandubh().rules();
    let s: Setup = text.parse().unwrap();
    let q = Ruled::new(crate::Position::from_setup(&s, &rules).unwrap(), &rules);
    let c3 = "c3".parse().unwrap();
    let board = KingBoard::new(&q, c3);
    assert_eq!(king_forks(&q, &board, king_rings(&q, c3, &board, 1)[0]), 2);
    assert_eq!(with(&q, "king_fork", 10) - with(&q, "king_fork", 0), -20);
    // The default weight, 60 a fork, for the defenders (the attackers move).
    assert_eq!(evaluate(&q) - with(&q, "king_fork", 0), -120);
    // Without the attackers the four lines are open: c1, c7, a3 and g3.
    let open: Setup = "/7/7/2K4/7/7/7/7/ a".parse().unwrap();
    let o = Ruled::new(crate::Position::from_setup(&open, &rules).unwrap(), &rules);
    assert_eq!(with(&o, "king_fork", 10) - with(&o, "king_fork", 0), -40);
    // Fidchell's goal is every corner in turn: the term is silent there.
    let p = fidchell(text);
    assert_eq!(with(&p, "king_fork", 0), evaluate(&p));
}

#[test]
fn the_evaluation_stays_below_the_win_scores() {
    let p_ruleset = Ruleset::copenhagen();
    let p = Ruled::new(p_ruleset.start_position(), p_ruleset.rules());
    let mut w = EvalWeights::DEFAULT;
    w.attacker = EvalWeights::MAX_WEIGHT;
    w.defender = -EvalWeights::MAX_WEIGHT;
    assert_eq!(evaluate_with(&p, &w).abs(), EVAL_LIMIT);
}

#[test]
fn hanging_soldier_on_the_edge() {
    // Fidchell: an attacker on c1 is taken against the edge by a defender arriving on
    // c2; the defender on e2 can slide there.
    let rules = *Ruleset::fidchell().rules();
    let s: Setup = "/2t4/4T2/7/3K3/7/7/7/ d".parse().unwrap();
    let p = Ruled::new(crate::Position::from_setup(&s, &rules).unwrap(), &rules);
    assert_eq!(hanging(&p, Side::Attackers, reach(&p, Side::Defenders)), 1);
    assert_eq!(hanging(&p, Side::Defenders, reach(&p, Side::Attackers)), 0);
}

#[test]
fn reach_and_hanging_on_bit_sets_are_the_square_by_square_ones() {
    use crate::piece::PieceSet;
    use crate::rules::KingArmed;
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut total = 0;
    for ruleset in [
        Ruleset::fidchell(),
        Ruleset::brandubh(),
        Ruleset::copenhagen(),
        Ruleset::tablut(),
        Ruleset::ard_ri(),
    ] {
        let start = ruleset.start_position().to_setup();
        for variant in 0..4 {
            let mut rules = *ruleset.rules();
            if variant > 0 {
                rules.king_armed = [KingArmed::Anvil, KingArmed::No, KingArmed::Yes][variant - 1];
                rules.edge_hostile =
                    [PieceSet::ALL, PieceSet::NONE, PieceSet::SOLDIERS][variant - 1];
                rules.corner.hostile = [PieceSet::NONE, PieceSet::ALL, PieceSet::ALL][variant - 1];
                rules.throne.hostile_empty =
                    [PieceSet::ALL, PieceSet::NONE, PieceSet::ATTACKERS][variant - 1];
            }
            let Ok(pos) = crate::Position::from_setup(&start, &rules) else {
                continue;
            };
            let mut pos = Ruled::new(pos, &rules);
            for _ply in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if let Some(king) = pos.king {
                    let board = KingBoard::new(&pos, king);
                    assert_eq!(
                        king_rings(&pos, king, &board, 3),
                        king_rings_by_squares(&pos, king, &board)
                    );
                }
                for side in [Side::Attackers, Side::Defenders] {
                    assert_eq!(reach(&pos, side), reach_by_pieces(&pos, side));
                    let r = reach(&pos, side.other());
                    let n = hanging(&pos, side, r);
                    assert_eq!(
                        n,
                        hanging_by_squares(&pos, side, r),
                        "{}",
                        pos.diagram(pos.rules)
                    );
                    total += n;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let _ = pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(total > 1000, "{total}");
}

#[test]
fn fidchell_guards_count_beside_the_corners_still_to_visit() {
    // An attacker on b1, beside the corner a1, the defenders to move.
    let fresh = fidchell("/1t5/7/7/3K3/7/7/7/ d");
    // a1 is still to visit: the guard counts against the defenders, the side to move.
    assert_eq!(
        with(&fresh, "corner_guard", 10) - with(&fresh, "corner_guard", 0),
        -10
    );
    // a1 visited: no longer a goal, and the guard beside it counts nothing.
    let visited = fidchell("/1t5/7/7/3K3/7/7/7/ d a1");
    assert_eq!(
        with(&visited, "corner_guard", 10),
        with(&visited, "corner_guard", 0)
    );
    // Under Brandubh's corner escape every corner is a goal: the guard counts.
    let rules = *Ruleset::brandubh().rules();
    let s: Setup = "/1t5/7/7/3K3/7/7/7/ d".parse().unwrap();
    let q = Ruled::new(crate::Position::from_setup(&s, &rules).unwrap(), &rules);
    assert_eq!(
        with(&q, "corner_guard", 10) - with(&q, "corner_guard", 0),
        -10
    );
}

#[test]
fn fidchell_attackers_search_with_their_own_soldiers_at_attacker_self() {
    use crate::piece::Side;
    let w = EvalWeights::DEFAULT;
    let fidchell_rules = *Ruleset::fidchell().rules();
    let brandubh = *Ruleset::brandubh().rules();
    assert_eq!(w.for_search(Side::Attackers, &fidchell_rules).attacker, 200);
    assert_eq!(w.for_search(Side::Defenders, &fidchell_rules).attacker, 100);
    assert_eq!(w.for_search(Side::Attackers, &brandubh), w);
    assert_eq!(w.for_search(Side::Defenders, &brandubh), w);
    // Only the attacker's value moves: the rest of the weights are the same.
    let mut changed = w.for_search(Side::Attackers, &fidchell_rules);
    changed.attacker = w.attacker;
    assert_eq!(changed, w);
    // One more attacker on the board is worth the weight used: 200 in the attackers'
    // search, 100 in the defenders' (the position's other terms do not change: an attacker
    // on f2 far from the king and from every piece, Fidchell, the attackers to move).
    let base = fidchell("/7/7/7/3K3/7/7/7/ a");
    let more = fidchell("/7/5t1/7/3K3/7/7/7/ a");
    let diff =
        |weights: &EvalWeights| evaluate_with(&more, weights) - evaluate_with(&base, weights);
    let as_attackers = diff(&w.for_search(Side::Attackers, &fidchell_rules));
    let as_defenders = diff(&w.for_search(Side::Defenders, &fidchell_rules));
    assert_eq!(as_attackers - as_defenders, 100);
}

/// A position of `rules` from its setup text, the evaluation's view of it.
fn ruled<'r>(text: &str, rules: &'r crate::Rules) -> Ruled<'r> {
    let s: Setup = text.parse().unwrap();
    let p = crate::Position::from_setup(&s, rules);
    Ruled::new(p.unwrap_or_else(|e| panic!("{text}: {e}")), rules)
}

/// The forced-escape term's share of the evaluation of `pos`, from the defenders' side.
fn forced_share(pos: &Ruled<'_>) -> i32 {
    let share = with(pos, "forced_escape", 15_000) - with(pos, "forced_escape", 0);
    if pos.side_to_move() == Side::Defenders {
        share
    } else {
        -share
    }
}

#[test]
fn two_roads_with_the_attackers_to_move_is_a_forced_escape() {
    let rules = *Ruleset::copenhagen().rules();
    // The king on a6, the a-file open both ways (a1 and a11); attackers on e3 and k6 reach
    // the a-file (a3) and the sixth rank, but one move closes one road only.
    let p = ruled("/11/11/4t6/11/11/K9t/11/11/11/11/11/ a", &rules);
    assert_eq!(forced_share(&p), 15_000);
    // One road (a2 closes a1's): still forced while no attacker reaches a7 to a10 ...
    let one = ruled("/11/t10/4t6/11/11/K9t/11/11/11/11/11/ a", &rules);
    assert_eq!(forced_share(&one), 15_000);
    // ... and not when one does (c9 slides to a9).
    let blocked = ruled("/11/t10/4t6/11/11/K9t/11/11/2t8/11/11/ a", &rules);
    assert_eq!(forced_share(&blocked), 0);
    // With the defenders to move the king simply goes: the search plays that move itself.
    let theirs = ruled("/11/11/4t6/11/11/K9t/11/11/11/11/11/ d", &rules);
    assert_eq!(forced_share(&theirs), 0);
}

#[test]
fn a_step_to_a_fork_with_the_defenders_to_move_is_a_forced_escape() {
    let rules = *Ruleset::copenhagen().rules();
    // The king on c6 (defenders on c5 and c7 close his file) slides to a6, from where a1
    // and a11 are both open.
    let p = ruled("/11/11/4t6/11/2T8/2K7t/2T8/11/11/11/11/ d", &rules);
    assert_eq!(forced_share(&p), 15_000);
    // An attacker on a9 leaves a6 one road: the attackers block it after the step.
    let q = ruled("/11/11/4t6/11/2T8/2K7t/2T8/11/t10/11/11/ d", &rules);
    assert_eq!(forced_share(&q), 0);
    // The attackers to move stop the step (k6 slides to b6): no claim.
    let r = ruled("/11/11/4t6/11/2T8/2K7t/2T8/11/11/11/11/ a", &rules);
    assert_eq!(forced_share(&r), 0);
}

#[test]
fn a_king_one_move_from_capture_is_no_forced_escape() {
    use crate::piece::PieceSet;
    // Brandubh's king is taken by two away from the throne; on a4 the a-file is open to a1
    // and a7. The edge is not hostile to him: forced.
    let mut rules = *Ruleset::brandubh().rules();
    let p = ruled("/1t5/7/7/K6/7/7/7/ a", &rules);
    assert_eq!(forced_share(&p), 15_000);
    // With the edge hostile to the king, b1 sliding to b4 takes him against it: no claim.
    rules.edge_hostile = PieceSet::ALL;
    let q = ruled("/1t5/7/7/K6/7/7/7/ a", &rules);
    assert_eq!(forced_share(&q), 0);
    // Copenhagen's king, taken on four sides, held on three with the fourth in reach.
    let cph = *Ruleset::copenhagen().rules();
    let held = ruled("/11/11/11/11/4t6/3tK1t4/4t6/11/11/11/11/ a", &cph);
    assert_eq!(forced_share(&held), 0);
}

#[test]
fn edge_escape_forks_and_not_fidchells_last_corner() {
    // Tablut: the king on the throne e5 can only step to f5 (defenders d5, e4, e6, g5),
    // where the f-file is open to f1 and f9; the empty throne behind him does not make a
    // capture (he is strong beside it).
    let tablut = *Ruleset::tablut().rules();
    let p = ruled("/9/9/9/4T4/3TK1T2/4T4/9/9/t8/ d", &tablut);
    assert_eq!(forced_share(&p), 15_000);
    // An attacker on f8 closes the f-file upwards: one road from f5.
    let q = ruled("/9/9/9/4T4/3TK1T2/4T4/9/5t3/t8/ d", &tablut);
    assert_eq!(forced_share(&q), 0);
    // Fidchell's last corner has its own threat terms: the forced escape is silent there
    // (a1, g1, a7 visited, g7 open along the g-file to a king on g4, no attacker able to
    // reach g5 or g6).
    let fid = *Ruleset::fidchell().rules();
    let last = ruled("/7/7/7/6K/7/7/1t5/ a a1,g1,a7", &fid);
    assert_eq!(forced_share(&last), 0);
}

/// The share of the term `name` (at 100) in the evaluation of `pos`, from the defenders'
/// side.
fn share(pos: &Ruled<'_>, name: &str) -> i32 {
    let s = with(pos, name, 100) - with(pos, name, 0);
    if pos.side_to_move() == Side::Defenders {
        s
    } else {
        -s
    }
}

#[test]
fn fork_steps_count_the_kings_steps_to_an_edge_square_open_to_both_corners() {
    let rules = *Ruleset::copenhagen().rules();
    // The king on b8 (defenders on b7 and c8 close his file downwards and his rank): he
    // steps to a8, from where a1 and a11 are open, or to b11, from where a11 and k11 are.
    let p = ruled("/11/11/11/4tt5/11/11/1T9/1KT8/11/11/11/ a", &rules);
    assert_eq!(share(&p, "fork_step"), 200);
    // An attacker on a9 closes a8's road to a11: one step to a fork left (b11).
    let q = ruled("/11/11/11/4tt5/11/11/1T9/1KT8/t10/11/11/ a", &rules);
    assert_eq!(share(&q, "fork_step"), 100);
    // And one on f11 closes b11's road to k11: none.
    let r = ruled("/11/11/11/4tt5/11/11/1T9/1KT8/t10/11/5t5/ a", &rules);
    assert_eq!(share(&r, "fork_step"), 0);
    // With the defenders to move the forced escape speaks (the search plays the step).
    let d = ruled("/11/11/11/4tt5/11/11/1T9/1KT8/11/11/11/ d", &rules);
    assert_eq!(share(&d, "fork_step"), 0);
    // Off by default: the levels' evaluation is unchanged until the weights are tuned.
    assert_eq!(with(&p, "fork_step", 0), evaluate(&p));
}

#[test]
fn a_lone_follower_on_the_edge_is_a_shuttle_where_the_repeater_loses() {
    // OpenTafl's Copenhagen (`tfr:w`): the side that repeats loses.
    let mut rules = *Ruleset::copenhagen().rules();
    rules.repetition.result = crate::rules::RepetitionResult::RepeaterLoses;
    // The king on j5, free along the j-file; the k-file holds one attacker (k5), and the
    // other attacker (e7) cannot reach it (the defender on f7 stands in his way).
    let p = ruled("/11/11/11/11/9Kt/11/4tT5/11/11/11/11/ d", &rules);
    assert_eq!(share(&p, "shuttle"), 100);
    let a = ruled("/11/11/11/11/9Kt/11/4tT5/11/11/11/11/ a", &rules);
    assert_eq!(share(&a, "shuttle"), 100);
    // The other attacker free to reach k7: the follower is not alone.
    let helped = ruled("/11/11/11/11/9Kt/11/4t6/11/11/11/11/ d", &rules);
    assert_eq!(share(&helped, "shuttle"), 0);
    // A second piece on the k-file (a defender on k8): no lone follower.
    let two = ruled("/11/11/11/11/9Kt/11/4tT5/10T/11/11/11/ d", &rules);
    assert_eq!(share(&two, "shuttle"), 0);
    // The king held on his line (defenders on j4 and j6): no shuttle.
    let held = ruled("/11/11/11/9T1/9Kt/9T1/4tT5/11/11/11/11/ d", &rules);
    assert_eq!(share(&held, "shuttle"), 0);
    // Under Copenhagen's own rule the defenders lose a perpetual repetition: silent.
    let cph = *Ruleset::copenhagen().rules();
    let own = ruled("/11/11/11/11/9Kt/11/4tT5/11/11/11/11/ d", &cph);
    assert_eq!(share(&own, "shuttle"), 0);
    assert_eq!(with(&p, "shuttle", 0), evaluate(&p));
}

#[test]
fn a_lone_follower_one_line_further_in_is_a_shuttle_too() {
    // The three Copenhagen games lost inside OpenTafl at a quarter of the time (OpenTafl's
    // rule, the repeater loses), the attackers to move, positions as OpenTafl sent them.
    let mut rules = *Ruleset::copenhagen().rules();
    rules.repetition.result = crate::rules::RepetitionResult::RepeaterLoses;
    // Game 217 after f6-f9: the ninth rank open from edge to edge; a9 and k9 open to a11 and
    // k11 through a10 and k10, b9 and j9 to b11 and j11 beside them; the one attacker on the
    // tenth rank (f10) alone closes a10 and k10 (the others have a second closer on the
    // eleventh rank, not counted, or none).
    let g217 = "/3ttttt3/5t5/11/4T1T1T1t/3t1t5/t1t1t1TT1tt/t1T1T1T3t/1t1t6t/5K5/5t5/5ttt3/";
    let p = ruled(&format!("{g217} a"), &rules);
    assert_eq!(share(&p, "shuttle"), 100);
    // Game 211 after a3-b3: the king on b3, a3 (to a1 through a2) and b3 (to b1 through b2)
    // both closed by the attacker on a2 alone (the defender on e2 stops f2).
    let g211 = "/3ttt1t3/t3Tt5/1K4TT3/t7Ttt/t1TTt6/6tt2t/t4t5/t5t1t2/9T1/1t4t4/5t5/ a";
    assert_eq!(share(&ruled(g211, &rules), "shuttle"), 100);
    // Game 215 after k9-j9: j9 (to j11 through j10) and k9 (to k11 through k10, where the
    // attacker stands), the defender on i10 stopping any other closer.
    let g215 = "/7t3/4t1t1t2/3t1t5/2t2t5/t1TT4t1t/ttT6t1/t8Tt/t9t/T8K1/8T1t/3t2t4/ a";
    assert_eq!(share(&ruled(g215, &rules), "shuttle"), 100);
    // Game 217 with attackers on a10 and k10 as well: each gate has its own closer, or two.
    let guarded = "/3ttttt3/5t5/11/4T1T1T1t/3t1t5/t1t1t1TT1tt/t1T1T1T3t/1t1t6t/5K5/t4t4t/5ttt3/ a";
    assert_eq!(share(&ruled(guarded, &rules), "shuttle"), 0);
    // The king held on f9 (defenders on e9 and g9): no threat square in reach.
    let held = "/3ttttt3/5t5/11/4T1T1T1t/3t1t5/t1t1t1TT1tt/t1T1T1T3t/1t1t6t/4TKT4/5t5/5ttt3/ a";
    assert_eq!(share(&ruled(held, &rules), "shuttle"), 0);
    // Under our Copenhagen preset the defenders lose a perpetual repetition: silent.
    let cph = *Ruleset::copenhagen().rules();
    assert_eq!(share(&ruled(&format!("{g217} a"), &cph), "shuttle"), 0);
    assert_eq!(with(&p, "shuttle", 0), evaluate(&p));
}
