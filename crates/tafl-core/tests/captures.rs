//! Every capture rule, each checked in all 8 symmetries of the board: the position, the move
//! and the expected captures are rotated/mirrored together, and the move lists of the
//! transformed positions must be the transformed move lists.

use crate::common;

use common::{map_setup, map_square, sq};
use tafl_core::{
    Bitboard, KingArmed, Move, MoveList, Piece, Position, Rules, Ruleset, Setup, Side, Status,
    WinReason,
};

/// A setup from lists of squares (space-separated).
fn setup(size: u8, attackers: &str, defenders: &str, king: &str, side: Side) -> Setup {
    let mut s = Setup::empty(size);
    for name in attackers.split_whitespace() {
        s.put(sq(name), Piece::Attacker);
    }
    for name in defenders.split_whitespace() {
        s.put(sq(name), Piece::Defender);
    }
    s.put(sq(king), Piece::King);
    s.side_to_move = side;
    s
}

const KING_CAPTURED: Status = Status::Win {
    side: Side::Attackers,
    reason: WinReason::KingCaptured,
};

/// Plays `mv` from `setup` under `rules` in all 8 symmetries and checks the captures and
/// the status.
fn check(rules: &Rules, setup: &Setup, mv: &str, captures: &[&str], status: Status) {
    let m: Move = mv.parse().unwrap();
    let n = setup.size;
    let base = Position::from_setup(setup, rules).unwrap();
    let mut base_moves = MoveList::new();
    base.legal_moves_into(rules, &mut base_moves);
    for t in 0..8 {
        let s = map_setup(setup, t);
        let pos = Position::from_setup(&s, rules).unwrap();
        // The move list is the transformed move list.
        let mut moves = MoveList::new();
        pos.legal_moves_into(rules, &mut moves);
        let mut got: Vec<Move> = moves.to_vec();
        got.sort();
        let mut want: Vec<Move> = base_moves
            .iter()
            .map(|m| Move::new(map_square(m.from, t, n), map_square(m.to, t, n)))
            .collect();
        want.sort();
        assert_eq!(got, want, "symmetry {t}");
        let tm = Move::new(map_square(m.from, t, n), map_square(m.to, t, n));
        let mut after = pos;
        let outcome = after
            .play_mut(rules, tm)
            .unwrap_or_else(|e| panic!("symmetry {t}: {e}\n{}", pos.diagram(rules)));
        let expected: Bitboard = captures.iter().map(|c| map_square(sq(c), t, n)).collect();
        assert_eq!(
            outcome.captures,
            expected,
            "symmetry {t}, {tm}\n{}",
            pos.diagram(rules)
        );
        assert_eq!(
            outcome.status,
            status,
            "symmetry {t}, {tm}\n{}",
            pos.diagram(rules)
        );
        assert_eq!(after.hash(), after.zobrist_recomputed());
    }
}

fn fidchell() -> Rules {
    Rules::fidchell()
}

const A: Side = Side::Attackers;
const D: Side = Side::Defenders;

#[test]
fn plain_custodial_capture() {
    check(
        &fidchell(),
        &setup(7, "c4 c7", "c5", "f2", A),
        "c7-c6",
        &["c5"],
        Status::Ongoing,
    );
}

#[test]
fn empty_throne_is_an_anvil() {
    // Fidchell (the Breton Fidchell page: "Enebius eo d'an arsailherien", the throne is
    // hostile to the attackers): a defender is never taken against the empty throne...
    check(
        &fidchell(),
        &setup(7, "b6", "d5", "f2", A),
        "b6-d6",
        &[],
        Status::Ongoing,
    );
    // ...but it is with the first release's reading, the throne hostile to all (`cenhe:tTK`).
    check(
        &Rules::fidchell_throne_hostile_to_all(),
        &setup(7, "b6", "d5", "f2", A),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
    // An attacker is taken against it (defenders move), in both readings.
    check(
        &Rules::fidchell_throne_hostile_to_all(),
        &setup(7, "d5 a2", "b6", "f2", D),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
    check(
        &fidchell(),
        &setup(7, "d5 a2", "b6", "f2", D),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
    // Brandubh: the empty throne is hostile to both sides as well.
    check(
        &Rules::brandubh(),
        &setup(7, "b6", "d5", "f2", A),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
}

#[test]
fn occupied_throne() {
    // Fidchell: the king on the throne captures as an anvil (armed king)...
    check(
        &fidchell(),
        &setup(7, "d5 a2", "b6", "d4", D),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
    // ...and the occupied throne is not hostile to the defenders.
    check(
        &fidchell(),
        &setup(7, "b6", "d5", "d4", A),
        "b6-d6",
        &[],
        Status::Ongoing,
    );
    // An unarmed king: in Fidchell the occupied throne is not hostile, no capture;
    let mut unarmed = fidchell();
    unarmed.king_armed = KingArmed::No;
    check(
        &unarmed,
        &setup(7, "d5 a2", "b6", "d4", D),
        "b6-d6",
        &[],
        Status::Ongoing,
    );
    // in Brandubh the occupied throne is hostile to attackers.
    let mut brandubh = Rules::brandubh();
    brandubh.king_armed = KingArmed::No;
    check(
        &brandubh,
        &setup(7, "d5 a2", "b6", "d4", D),
        "b6-d6",
        &["d5"],
        Status::Ongoing,
    );
}

#[test]
fn passing_over_the_empty_throne() {
    // A soldier passes over the empty throne but may not stop on it.
    check(
        &fidchell(),
        &setup(7, "d2 a6", "f6", "b2", A),
        "d2-d6",
        &[],
        Status::Ongoing,
    );
    for t in 0..8 {
        let s = map_setup(&setup(7, "d2 a6", "f6", "b2", A), t);
        let pos = Position::from_setup(&s, &fidchell()).unwrap();
        let on_throne = Move::new(map_square(sq("d2"), t, 7), map_square(sq("d4"), t, 7));
        let across = Move::new(map_square(sq("d2"), t, 7), map_square(sq("d7"), t, 7));
        assert!(!pos.is_legal(&fidchell(), on_throne));
        assert!(pos.is_legal(&fidchell(), across));
        // When only the king may pass, the throne blocks.
        let mut blocked = fidchell();
        blocked.throne.passable = tafl_core::PieceSet::KING;
        let pos = Position::from_setup(&s, &blocked).unwrap();
        assert!(!pos.is_legal(&blocked, across));
    }
    // The king may stop on the throne and return to it.
    check(
        &fidchell(),
        &setup(7, "a6", "f6", "d2", D),
        "d2-d4",
        &[],
        Status::Ongoing,
    );
}

#[test]
fn corner_is_an_anvil() {
    check(
        &fidchell(),
        &setup(7, "c3", "b1", "f5", A),
        "c3-c1",
        &["b1"],
        Status::Ongoing,
    );
    check(
        &fidchell(),
        &setup(7, "b1 g4", "c3", "f5", D),
        "c3-c1",
        &["b1"],
        Status::Ongoing,
    );
}

#[test]
fn moving_between_two_enemies_is_safe() {
    check(
        &fidchell(),
        &setup(7, "b3 d3", "c5", "f6", D),
        "c5-c3",
        &[],
        Status::Ongoing,
    );
}

#[test]
fn triple_capture() {
    check(
        &fidchell(),
        &setup(7, "e1 g2 c2 e4", "f2 d2 e3", "b6", A),
        "e1-e2",
        &["d2", "f2", "e3"],
        Status::Ongoing,
    );
}

#[test]
fn king_strong_four_sides() {
    let r = fidchell();
    // Away from the throne: four attackers.
    check(
        &r,
        &setup(7, "b5 d5 c6 c2", "", "c5", A),
        "c2-c4",
        &["c5"],
        KING_CAPTURED,
    );
    // Three are not enough.
    check(
        &r,
        &setup(7, "b5 d5 c2", "", "c5", A),
        "c2-c4",
        &[],
        Status::Ongoing,
    );
    // On the throne.
    check(
        &r,
        &setup(7, "c4 e4 d5 d1", "", "d4", A),
        "d1-d3",
        &["d4"],
        KING_CAPTURED,
    );
    // Next to the throne: three and the empty throne.
    check(
        &r,
        &setup(7, "c5 e5 b6", "", "d5", A),
        "b6-d6",
        &["d5"],
        KING_CAPTURED,
    );
}

#[test]
fn king_on_the_edge_is_safe_in_fidchell() {
    check(
        &fidchell(),
        &setup(7, "a3 a5 b6", "f6", "a4", A),
        "b6-b4",
        &[],
        Status::Ongoing,
    );
    // With no other defender the king cannot move: the defenders lose, but not by capture.
    check(
        &fidchell(),
        &setup(7, "a3 a5 b6", "", "a4", A),
        "b6-b4",
        &[],
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::NoMoves,
        },
    );
}

#[test]
fn king_strong_near_throne_brandubh() {
    let r = Rules::brandubh();
    // Away from the throne: two suffice.
    check(
        &r,
        &setup(7, "a5 c7", "", "b5", A),
        "c7-c5",
        &["b5"],
        KING_CAPTURED,
    );
    // Next to the throne: two do not...
    check(
        &r,
        &setup(7, "c5 e7", "", "d5", A),
        "e7-e5",
        &[],
        Status::Ongoing,
    );
    // ...three and the empty throne do.
    check(
        &r,
        &setup(7, "c5 e5 b6", "", "d5", A),
        "b6-d6",
        &["d5"],
        KING_CAPTURED,
    );
    // On the throne: four.
    check(
        &r,
        &setup(7, "c4 e4 d5 a3", "", "d4", A),
        "a3-d3",
        &["d4"],
        KING_CAPTURED,
    );
    check(
        &r,
        &setup(7, "c4 e4 a3", "", "d4", A),
        "a3-d3",
        &[],
        Status::Ongoing,
    );
}

#[test]
fn king_weak_ard_ri() {
    let r = Rules::ard_ri();
    check(
        &r,
        &setup(7, "b5 d7", "", "c5", A),
        "d7-d5",
        &["c5"],
        KING_CAPTURED,
    );
    // Weak everywhere: next to the throne (the empty throne is an anvil too)...
    check(
        &r,
        &setup(7, "b6", "", "d5", A),
        "b6-d6",
        &["d5"],
        KING_CAPTURED,
    );
    check(
        &r,
        &setup(7, "c5 e7", "", "d5", A),
        "e7-e5",
        &["d5"],
        KING_CAPTURED,
    );
    // ...on the throne too.
    check(
        &r,
        &setup(7, "c4 e6", "", "d4", A),
        "e6-e4",
        &["d4"],
        KING_CAPTURED,
    );
    // Against a corner (hostile to the king in Ard Ri).
    check(
        &r,
        &setup(7, "c3", "", "b1", A),
        "c3-c1",
        &["b1"],
        KING_CAPTURED,
    );
}

#[test]
fn king_and_soldier_in_one_move() {
    check(
        &fidchell(),
        &setup(7, "b5 d5 c6 c2 a4", "c3", "c5", A),
        "a4-c4",
        &["c3", "c5"],
        KING_CAPTURED,
    );
}

#[test]
fn capture_against_the_edge_only_in_fidchell() {
    check(
        &fidchell(),
        &setup(7, "d3", "a3", "f6", A),
        "d3-b3",
        &["a3"],
        Status::Ongoing,
    );
    check(
        &fidchell(),
        &setup(7, "g5 a2", "f7", "c6", D),
        "f7-f5",
        &["g5"],
        Status::Ongoing,
    );
    check(
        &Rules::brandubh(),
        &setup(7, "d3", "a3", "f6", A),
        "d3-b3",
        &[],
        Status::Ongoing,
    );
}

#[test]
fn shieldwall_copenhagen() {
    let r = Rules::copenhagen();
    // Defenders c1 d1 e1 on the edge, attackers in front (c2 d2 e2), bracket b1 + mover f1.
    check(
        &r,
        &setup(11, "b1 c2 d2 e2 f3", "c1 d1 e1 j9", "h8", A),
        "f3-f1",
        &["c1", "d1", "e1"],
        Status::Ongoing,
    );
    // Without a front piece for every member there is no shieldwall.
    check(
        &r,
        &setup(11, "b1 c2 e2 f3", "c1 d1 e1 j9", "h8", A),
        "f3-f1",
        &[],
        Status::Ongoing,
    );
}

#[test]
fn shieldwall_with_corner_and_king() {
    let r = Rules::copenhagen();
    // Row b1 c1 (defender b1, king c1), fronts b2 c2, corner a1 brackets, mover d1.
    check(
        &r,
        &setup(11, "b2 c2 d3", "b1 j9", "c1", A),
        "d3-d1",
        &["b1"],
        Status::Ongoing,
    );
}

#[test]
fn presets_build_start_positions_symmetrically() {
    // The start positions of the presets are symmetric: every symmetry maps the start onto
    // itself.
    for r in Ruleset::presets() {
        let s = r.start_position().to_setup();
        for t in 0..8 {
            assert_eq!(map_setup(&s, t), s, "{} symmetry {t}", r.name());
        }
    }
}
