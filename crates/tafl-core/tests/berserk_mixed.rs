//! Berserk with commanders and knights on the same side (OpenTafl letters `c n` and `C N` in
//! one start; "OpenTafl Notation", section 1): the rules string and the position text
//! round-trip, perft from such a start is pinned and agrees with the slow reference generator
//! of `common/mod.rs`, each officer moves, jumps and takes the king by its own kind, and
//! random games agree with the reference.

use crate::common;

use common::RefBoard;

// The destinations of a piece's moves, sorted by name (berserk.rs's helper).
use crate::berserk::moves_from_in as moves_from;
use tafl_core::{
    Jump, MoveList, Officer, OfficerSet, Piece, Position, Rules, Ruleset, Setup, Side, Square,
    Status, WinReason, perft,
};

/// OpenTafl's Berserk with one attacking commander (j6) made a knight and one defending
/// soldier (f4) made a commander: both sides hold both kinds.
const MIXED: &str = "dim:11 name:Berserk_mixed surf:n atkf:n tfr:l kj:r ber:c \
    start:/3ttttt3/5c5/11/t4C4t/t3NTT3t/tc1TTKTT1nt/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

/// [`MIXED`] with speed limits of its own for the attackers' officers (`spd`, OpenTafl's
/// order `t c n k m g T C N K M G`): commanders 3 squares, knights 1.
const MIXED_SPEEDS: &str = "dim:11 name:Berserk_mixed surf:n atkf:n tfr:l kj:r ber:c \
    spd:-1,3,1,-1,-1,-1,-1,-1,-1,-1,-1,-1, \
    start:/3ttttt3/5c5/11/t4C4t/t3NTT3t/tc1TTKTT1nt/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

fn mixed() -> Ruleset {
    MIXED.parse().unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A position of `ruleset` from a list of `letter square` words (`t c n T C N K`), `side` to
/// move.
fn position_in(ruleset: &Ruleset, pieces: &str, side: Side) -> Position {
    let mut setup = Setup::empty(11);
    let words: Vec<&str> = pieces.split_whitespace().collect();
    for pair in words.chunks(2) {
        let (letter, s) = (pair[0], sq(pair[1]));
        match letter {
            "t" => setup.put(s, Piece::Attacker),
            "T" => setup.put(s, Piece::Defender),
            "K" => setup.put(s, Piece::King),
            "c" => setup.put_officer(s, Side::Attackers, Officer::Commander),
            "n" => setup.put_officer(s, Side::Attackers, Officer::Knight),
            "C" => setup.put_officer(s, Side::Defenders, Officer::Commander),
            "N" => setup.put_officer(s, Side::Defenders, Officer::Knight),
            other => panic!("letter {other}"),
        }
    }
    setup.side_to_move = side;
    Position::from_setup(&setup, ruleset.rules()).unwrap()
}

/// Plays `m` under `rules`, checked against the reference (captures, side, berserker, the
/// officers' kinds) and the hash; returns the captures, sorted.
fn play(rules: &Rules, p: &mut Position, m: &str) -> Vec<String> {
    let mut reference = RefBoard::from_position(p, rules);
    let mv = m.parse().unwrap();
    let outcome = p.play_mut(rules, mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    let mut got: Vec<Square> = outcome.captures.collect();
    got.sort();
    let mut want = reference.play(mv);
    want.sort();
    assert_eq!(got, want, "captures of {m} by the reference");
    assert_eq!(reference.side, p.side_to_move(), "side after {m}");
    assert_eq!(
        RefBoard::from_position(p, rules).officers,
        reference.officers,
        "officers after {m}"
    );
    assert_eq!(p.hash(), p.zobrist_recomputed(), "hash after {m}");
    got.iter().map(ToString::to_string).collect()
}

#[test]
fn a_start_with_both_kinds_on_a_side_parses_and_round_trips() {
    let r = mixed();
    assert_eq!(r.to_string(), MIXED);
    let back: Ruleset = r.to_string().parse().unwrap();
    assert_eq!(back, r);
    assert_eq!(back.rules(), r.rules());
    assert_eq!(back.to_string(), MIXED);
    assert_eq!(Ruleset::from_opentafl(MIXED).unwrap(), r);
    let rules = r.rules();
    assert_eq!(rules.officers.attackers, OfficerSet::BOTH);
    assert_eq!(rules.officers.defenders, OfficerSet::BOTH);
    // The jumps of both kinds are kept (OpenTafl's defaults: knights capture, commanders
    // do not).
    assert_eq!(rules.jumps.knight, Jump::Capture);
    assert_eq!(rules.jumps.commander, Jump::Standard);
    let start = r.start_position();
    assert_eq!(start.officers().count(), 6);
    assert_eq!(start.knights().count(), 2);
    assert_eq!(start.commanders().count(), 4);
    for (s, side, kind) in [
        ("f2", Side::Attackers, Officer::Commander),
        ("b6", Side::Attackers, Officer::Commander),
        ("f10", Side::Attackers, Officer::Commander),
        ("j6", Side::Attackers, Officer::Knight),
        ("f4", Side::Defenders, Officer::Commander),
        ("e5", Side::Defenders, Officer::Knight),
    ] {
        assert_eq!(start.officer_at(sq(s)), Some(kind), "{s}");
        assert!(start.pieces(side).contains(sq(s)), "{s}");
    }
    // The position text writes each square's own letter, and reads back the same position.
    let text = start.to_string();
    assert_eq!(
        text,
        "/3ttttt3/5c5/11/t4C4t/t3NTT3t/tc1TTKTT1nt/t3TTT3t/t4T4t/11/5c5/3ttttt3/ d"
    );
    let setup: Setup = text.parse().unwrap();
    assert_eq!(Position::from_setup(&setup, rules).unwrap(), start);
    assert_eq!(setup.to_string(), text);
    // A commander and a knight on the same square hash apart.
    let mut as_commander = setup;
    as_commander.knights.remove(sq("j6"));
    as_commander.commanders.insert(sq("j6"));
    let other = Position::from_setup(&as_commander, rules).unwrap();
    assert_ne!(other.hash(), start.hash());
    assert_eq!(other.hash(), other.zobrist_recomputed());
    // The rules string carries the kinds through the start only: rules that say otherwise
    // are refused.
    let mut wrong = *rules;
    wrong.officers.attackers = OfficerSet::COMMANDERS;
    assert_eq!(
        Ruleset::new("Berserk mixed", wrong, &setup),
        Err(tafl_core::PositionError::OfficersAtStart)
    );
    // Under rules whose attackers have commanders only, their knight is refused.
    let plain = Ruleset::from_opentafl(
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
         start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
    )
    .unwrap();
    assert_eq!(
        Position::from_setup(&setup, plain.rules()),
        Err(tafl_core::PositionError::Officer {
            square: sq("f4"),
            officer: Officer::Commander
        })
    );
}

#[cfg(feature = "serde")]
#[test]
fn a_ruleset_with_both_kinds_survives_serde() {
    let r = mixed();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), r);
    let rules = serde_json::to_string(r.rules()).unwrap();
    assert_eq!(serde_json::from_str::<Rules>(&rules).unwrap(), *r.rules());
}

/// Leaf counts from [`MIXED`]'s start (defenders first), those of the reference too.
const PINNED: [u64; 3] = [60, 6_909, 441_077];

#[test]
fn perft_from_a_mixed_start_is_pinned_and_matches_the_reference() {
    let r = mixed();
    let start = r.start_position();
    let reference = RefBoard::from_position(&start, r.rules());
    for (d, &expected) in PINNED.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(perft(&start, r.rules(), depth), expected, "depth {depth}");
        assert_eq!(reference.perft(depth), expected, "reference depth {depth}");
    }
}

#[test]
fn a_knight_jumps_and_captures_where_a_commander_of_its_side_goes_further_and_spares() {
    let r: Ruleset = MIXED_SPEEDS.parse().unwrap();
    let rules = r.rules();
    assert_eq!(rules.speeds.commanders.attackers, 3);
    assert_eq!(rules.speeds.knights.attackers, 1);
    // An attacking knight on e5 and an attacking commander on h5, each under a defending
    // soldier (e6, h6).
    let p = position_in(&r, "n e5 T e6 c h5 T h6 K j10 T a2", Side::Attackers);
    // The knight: one square each way (its speed), and the jump over e6 onto e7.
    assert_eq!(moves_from(rules, &p, "e5"), ["d5", "e4", "e7", "f5"]);
    // The commander: three squares each way (its speed; the knight on e5 stops it), and
    // the jump over h6 onto h7.
    assert_eq!(
        moves_from(rules, &p, "h5"),
        ["f5", "g5", "h2", "h3", "h4", "h7", "i5", "j5", "k5"]
    );
    // Every move of the position, as the reference lists them.
    let mut list = MoveList::new();
    p.legal_moves_into(rules, &mut list);
    let mut fast: Vec<_> = list.iter().copied().collect();
    fast.sort();
    assert_eq!(fast, RefBoard::from_position(&p, rules).moves());
    // The knight's jump takes the soldier jumped over (`nj:c`).
    let mut q = p;
    assert_eq!(play(rules, &mut q, "e5-e7"), ["e6"]);
    assert_eq!(q.officer_at(sq("e7")), Some(Officer::Knight));
    assert_eq!(q.officer_at(sq("h5")), Some(Officer::Commander));
    assert_eq!(q.side_to_move(), Side::Defenders, "no capture left from e7");
    // The commander's jump does not (`cj:j`): h6 stays.
    let mut q = p;
    assert_eq!(play(rules, &mut q, "h5-h7"), Vec::<String>::new());
    assert_eq!(q.piece_at(sq("h6")), Some(Piece::Defender));
    assert_eq!(q.officer_at(sq("h7")), Some(Officer::Commander));
    assert_eq!(q.officer_at(sq("e5")), Some(Officer::Knight));
}

#[test]
fn a_commander_and_a_knight_take_the_strong_king_together() {
    let r = mixed();
    let rules = r.rules();
    let win = Status::Win {
        side: Side::Attackers,
        reason: WinReason::KingCaptured,
    };
    // The commander arrives on d5 with the knight beyond the king on b5.
    let mut p = position_in(&r, "K c5 n b5 c d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(rules, &mut p, "d8-d5"), ["c5"]);
    assert_eq!(p.status(), win);
    // The knight arrives on d5 with the commander on b5.
    let mut p = position_in(&r, "K c5 c b5 n d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(rules, &mut p, "d8-d5"), ["c5"]);
    assert_eq!(p.status(), win);
    // Against a plain soldier, neither does.
    let mut p = position_in(&r, "K c5 t b5 n d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(rules, &mut p, "d8-d5"), Vec::<String>::new());
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn random_games_with_both_kinds_agree_with_the_reference() {
    let r = mixed();
    let rules = r.rules();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let (mut knight_moves, mut commander_moves, mut berserk_moves) = (0, 0, 0);
    for _ in 0..10 {
        let mut p = r.start_position();
        for _ in 0..300 {
            if p.status().is_over() {
                break;
            }
            let reference = RefBoard::from_position(&p, rules);
            let mut list = MoveList::new();
            p.legal_moves_into(rules, &mut list);
            let mut fast: Vec<_> = list.iter().copied().collect();
            fast.sort();
            assert_eq!(fast, reference.moves(), "moves in {p}");
            assert_eq!(p.count_legal_moves(rules), fast.len());
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Officers' moves and captures first, half of the time each.
            let preferred: Vec<_> = fast
                .iter()
                .copied()
                .filter(|&m| {
                    let mut q = p;
                    (p.officer_at(m.from).is_some() && (state >> 4) & 1 == 0)
                        || q.play_unchecked(rules, m).captures.any()
                })
                .collect();
            let m = if !preferred.is_empty() && state & 1 == 0 {
                preferred[(state >> 8) as usize % preferred.len()]
            } else {
                fast[(state >> 8) as usize % fast.len()]
            };
            match p.officer_at(m.from) {
                Some(Officer::Knight) => knight_moves += 1,
                Some(Officer::Commander) => commander_moves += 1,
                None => {}
            }
            if p.berserker().is_some() {
                berserk_moves += 1;
            }
            let _ = play(rules, &mut p, &m.to_string());
        }
    }
    assert!(knight_moves > 20, "{knight_moves} knight moves");
    assert!(commander_moves > 20, "{commander_moves} commander moves");
    assert!(berserk_moves > 5, "{berserk_moves} berserk moves");
}
