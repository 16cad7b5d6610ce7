//! OpenTafl's Berserk (rules keys `kj nj cj ber`, commanders `c` and knights `N`) as
//! OpenTafl's referee applies it: the ruleset string, pinned perft counts cross-checked by the
//! slow reference generator of `common/mod.rs`, random games compared with the reference,
//! and hand-made positions for each rule.

use crate::common;

use common::RefBoard;
use tafl_core::{
    BerserkMode, BySide, Jump, MoveList, Officer, OfficerSet, Position, Rules, Ruleset, Setup,
    Side, Square, Status, TaflGame, WinReason, perft,
};

/// OpenTafl's built-in Berserk, exactly as OpenTafl writes it.
const BERSERK: &str = "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
    start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

fn berserk() -> Ruleset {
    Ruleset::from_opentafl(BERSERK).unwrap()
}

/// The rules of [`berserk`], those of the positions of [`position`].
static BERSERK_RULES: std::sync::LazyLock<Rules> = std::sync::LazyLock::new(|| *berserk().rules());

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A Berserk position from a list of `letter square` words (`t c T N K`), `side` to move.
fn position(pieces: &str, side: Side) -> Position {
    position_in(&berserk(), pieces, side)
}

/// [`position`] under the rules of `ruleset` (an 11×11 ruleset with officers).
fn position_in(ruleset: &Ruleset, pieces: &str, side: Side) -> Position {
    let mut setup = Setup::empty(11);
    let words: Vec<&str> = pieces.split_whitespace().collect();
    for pair in words.chunks(2) {
        let (letter, s) = (pair[0], sq(pair[1]));
        match letter {
            "t" => setup.put(s, tafl_core::Piece::Attacker),
            "T" => setup.put(s, tafl_core::Piece::Defender),
            "K" => setup.put(s, tafl_core::Piece::King),
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

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves_from_in(&BERSERK_RULES, p, from)
}

/// The destinations of the moves from `from` under `rules` (the position's), sorted by name.
pub(crate) fn moves_from_in(rules: &Rules, p: &Position, from: &str) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves_into(rules, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect();
    out.sort();
    out
}

/// Plays `m`, checks it against the reference and the hash, returns the captures.
fn play(p: &mut Position, m: &str) -> Vec<String> {
    let mut reference = RefBoard::from_position(p, &BERSERK_RULES);
    let mv = m.parse().unwrap();
    let outcome = p
        .play_mut(&BERSERK_RULES, mv)
        .unwrap_or_else(|e| panic!("{m}: {e}"));
    let caps: Vec<Square> = outcome.captures.collect();
    let mut want = reference.play(mv);
    want.sort();
    let mut got = caps.clone();
    got.sort();
    assert_eq!(got, want, "captures of {m} by the reference");
    assert_eq!(reference.side, p.side_to_move(), "side after {m}");
    assert_eq!(
        reference.berserker,
        p.berserker()
            .map(|s| (i32::from(s.file()), i32::from(s.rank())))
    );
    assert_eq!(p.hash(), p.zobrist_recomputed(), "hash after {m}");
    caps.iter().map(ToString::to_string).collect()
}

#[test]
fn the_ruleset_string_parses_and_round_trips_exactly() {
    let r = berserk();
    assert_eq!(r.to_string(), BERSERK);
    assert_eq!(BERSERK.parse::<Ruleset>().unwrap(), r);
    let rules = r.rules();
    assert_eq!(rules.officers.attackers, OfficerSet::COMMANDERS);
    assert_eq!(rules.officers.defenders, OfficerSet::KNIGHTS);
    assert_eq!(rules.jumps.king, Jump::Restricted);
    assert_eq!(rules.jumps.knight, Jump::Capture);
    assert_eq!(rules.jumps.commander, Jump::Standard);
    assert_eq!(rules.berserk, BerserkMode::Capture);
    assert_eq!(rules.first, Side::Defenders);
    assert!(!rules.enclosure);
    let start = r.start_position();
    assert_eq!(start.officers().count(), 5);
    assert_eq!(start.officer_at(sq("e5")), Some(Officer::Knight));
    assert_eq!(start.officer_at(sq("f2")), Some(Officer::Commander));
    // Other values of the keys round-trip too.
    for text in [
        "dim:11 name:B surf:n atkf:n kj:c nj:j cj:r ber:m start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
        "dim:7 name:X atkf:y kj:j start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ] {
        let r: Ruleset = text.parse().unwrap();
        assert_eq!(r.to_string(), text);
    }
    // A knight's jump setting changes nothing without knights, and is not kept.
    let r: Ruleset = "dim:7 nj:n cj:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        .parse()
        .unwrap();
    assert_eq!(
        r.rules(),
        Ruleset::from_opentafl("dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .unwrap()
            .rules()
    );
}

/// Leaf counts from Berserk's start (defenders first).
const PINNED: [u64; 3] = [60, 6_910, 440_948];

#[test]
fn perft_from_the_start_is_pinned_and_matches_the_reference() {
    let start = berserk().start_position();
    let reference = RefBoard::from_position(&start, &BERSERK_RULES);
    for (d, &expected) in PINNED.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(
            perft(&start, &BERSERK_RULES, depth),
            expected,
            "depth {depth}"
        );
        // Depth 3 agrees too (6 s here at the test profile's opt-level 1: checked by hand).
        if depth <= 2 {
            assert_eq!(reference.perft(depth), expected, "reference depth {depth}");
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut berserk_moves = 0;
    let mut jumps = 0;
    for _ in 0..12 {
        let mut p = berserk().start_position();
        for _ in 0..300 {
            if p.status().is_over() {
                break;
            }
            let reference = RefBoard::from_position(&p, &BERSERK_RULES);
            let mut list = MoveList::new();
            p.legal_moves_into(&BERSERK_RULES, &mut list);
            let mut fast: Vec<_> = list.iter().copied().collect();
            fast.sort();
            assert_eq!(fast, reference.moves(), "moves in {p}");
            assert_eq!(p.count_legal_moves(&BERSERK_RULES), fast.len());
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Captures first half of the time, so that berserk turns happen.
            let mut capturing = Vec::new();
            for &m in &fast {
                let mut q = p;
                if q.play_unchecked(&BERSERK_RULES, m).captures.any() {
                    capturing.push(m);
                }
            }
            let m = if !capturing.is_empty() && state & 1 == 0 {
                capturing[(state >> 8) as usize % capturing.len()]
            } else {
                fast[(state >> 8) as usize % fast.len()]
            };
            if p.berserker().is_some() {
                berserk_moves += 1;
            }
            if (m.from.file() as i32 - m.to.file() as i32).abs() == 2
                || (m.from.rank() as i32 - m.to.rank() as i32).abs() == 2
            {
                jumps += 1;
            }
            let _ = play(&mut p, &m.to_string());
        }
    }
    assert!(berserk_moves > 10, "{berserk_moves} berserk moves");
    assert!(jumps > 10, "{jumps} moves of two squares");
}

#[test]
fn a_knight_jumps_over_a_soldier_and_captures_it() {
    let mut p = position("N e5 t e6 c f5 T d5 K h2 t a9 t k9", Side::Defenders);
    // e7 by the jump over e6; no jump over the commander on f5 nor over its own d5.
    assert!(moves_from(&p, "e5").contains(&"e7".to_string()));
    assert!(!moves_from(&p, "e5").contains(&"g5".to_string()));
    assert!(!moves_from(&p, "e5").contains(&"c5".to_string()));
    assert_eq!(play(&mut p, "e5-e7"), ["e6"]);
    assert_eq!(p.piece_at(sq("e6")), None);
    assert_eq!(p.officer_at(sq("e7")), Some(Officer::Knight));
}

#[test]
fn a_commander_jumps_without_capturing_and_never_over_the_king_or_an_officer() {
    let mut p = position("c e5 T e6 N d5 K e4 T a2 T k9", Side::Attackers);
    let dests = moves_from(&p, "e5");
    assert!(dests.contains(&"e7".to_string()));
    assert!(!dests.contains(&"c5".to_string()), "over the knight");
    assert!(!dests.contains(&"e3".to_string()), "over the king");
    assert_eq!(play(&mut p, "e5-e7"), Vec::<String>::new());
    assert_eq!(p.piece_at(sq("e6")), Some(tafl_core::Piece::Defender));
}

#[test]
fn the_king_jumps_only_to_or_from_the_throne_or_a_corner() {
    // f6 is the throne. From f4 over f5 onto the throne; not over c4 from c3.
    let p = position("K f4 t f5 t c4 t a9 t k9", Side::Defenders);
    let dests = moves_from(&p, "f4");
    assert!(dests.contains(&"f6".to_string()));
    let p = position("K c3 t c4 t a9 t k9", Side::Defenders);
    assert!(!moves_from(&p, "c3").contains(&"c5".to_string()));
    // From the throne over f7: the attacker is then taken against the empty throne.
    let mut p = position("K f6 t f7 t a9 t k9", Side::Defenders);
    assert!(moves_from(&p, "f6").contains(&"f8".to_string()));
    assert_eq!(play(&mut p, "f6-f8"), ["f7"]);
    // Onto a corner over a2: the king escapes.
    let mut p = position("K a3 t a2 t e9 t k9", Side::Defenders);
    assert!(moves_from(&p, "a3").contains(&"a1".to_string()));
    let _ = play(&mut p, "a3-a1");
    assert_eq!(
        p.status(),
        Status::Win {
            side: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
}

#[test]
fn the_strong_king_is_taken_only_by_officers() {
    // Between two commanders.
    let mut p = position("K c5 c b5 c d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(&mut p, "d8-d5"), ["c5"]);
    assert!(matches!(
        p.status(),
        Status::Win {
            side: Side::Attackers,
            ..
        }
    ));
    // A commander against a soldier: not taken.
    let mut p = position("K c5 t b5 c d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(&mut p, "d8-d5"), Vec::<String>::new());
    // A soldier against a commander: not taken.
    let mut p = position("K c5 c b5 t d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(&mut p, "d8-d5"), Vec::<String>::new());
    // Four soldiers around him: not taken (the attackers have commanders).
    let mut p = position("K c5 t b5 t c4 t c6 t d8 T h2 T h3", Side::Attackers);
    assert_eq!(play(&mut p, "d8-d5"), Vec::<String>::new());
    assert_eq!(p.status(), Status::Ongoing);
    // A commander against a hostile corner.
    let mut p = position("K b1 c c4 T h2 T h3", Side::Attackers);
    assert_eq!(play(&mut p, "c4-c1"), ["b1"]);
    // Never on the throne, nor against it.
    let mut p = position("K f6 c e6 c g8 T a2 T b2", Side::Attackers);
    assert_eq!(play(&mut p, "g8-g6"), Vec::<String>::new());
    let mut p = position("K f5 c e5 c f9 T a2 T b2", Side::Attackers);
    assert_eq!(play(&mut p, "f9-f7"), Vec::<String>::new());
    // OpenTafl counts the arriving commander twice when it also captures: the king on c5
    // falls against the soldier on b5 as the defender on d4 is taken.
    let mut p = position("K c5 t b5 c d8 T d4 t d3 T h2 T h3", Side::Attackers);
    let mut caps = play(&mut p, "d8-d5");
    caps.sort();
    assert_eq!(caps, ["c5", "d4"]);
}

#[test]
fn a_capture_gives_a_berserk_move_while_another_capture_is_available() {
    // c2-c4 takes d4 (against e4); from c4, c4-c5 would take c6 (against c7): the same
    // piece moves again, and only it.
    let mut game = TaflGame::from_setup(
        berserk(),
        &position(
            "T c2 t d4 T e4 t c6 T c7 K h2 t a9 t k9 t j9",
            Side::Defenders,
        )
        .to_setup(),
    )
    .unwrap();
    let _ = game.play_mut("c2-c4".parse().unwrap()).unwrap();
    let p = *game.position();
    assert_eq!(p.side_to_move(), Side::Defenders);
    assert_eq!(p.berserker(), Some(sq("c4")));
    assert!(p.to_string().ends_with(" d =c4"), "{p}");
    let mut list = MoveList::new();
    p.legal_moves_into(game.rules(), &mut list);
    assert!(list.iter().all(|m| m.from == sq("c4")));
    assert!(game.play_mut("e4-e5".parse().unwrap()).is_err());
    // The berserk move takes c6; no capture is left: the attackers move.
    let out = game.play_mut("c4-c5".parse().unwrap()).unwrap();
    assert_eq!(out.captures.count(), 1);
    assert_eq!(game.position().side_to_move(), Side::Attackers);
    assert_eq!(game.position().berserker(), None);
    // A capture with no other capture after it passes the turn at once.
    let mut p = position("T c2 t d4 T e4 K h2 t a9 t k9", Side::Defenders);
    assert_eq!(play(&mut p, "c2-c4"), ["d4"]);
    assert_eq!(p.side_to_move(), Side::Attackers);
    // Any move of the berserker is allowed; one that captures nothing ends the turn.
    let mut p = position("T c2 t d4 T e4 t c6 T c7 K h2 t a9 t k9", Side::Defenders);
    let _ = play(&mut p, "c2-c4");
    assert_eq!(p.berserker(), Some(sq("c4")));
    assert_eq!(play(&mut p, "c4-a4"), Vec::<String>::new());
    assert_eq!(p.side_to_move(), Side::Attackers);
}

#[test]
fn positions_with_a_berserker_round_trip_and_are_checked() {
    let mut p = position("T c2 t d4 T e4 t c6 T c7 K h2 t a9 t k9", Side::Defenders);
    let _ = play(&mut p, "c2-c4");
    let text = p.to_string();
    let setup: Setup = text.parse().unwrap();
    let back = Position::from_setup(&setup, berserk().rules()).unwrap();
    assert_eq!(back, p);
    // A berserker of the other side, or under rules without berserk moves, is refused.
    let mut bad = setup;
    bad.berserker = Some(sq("a9"));
    assert!(Position::from_setup(&bad, berserk().rules()).is_err());
    assert!(Position::from_setup(&setup, Ruleset::copenhagen().rules()).is_err());
    // Knights in rules whose defenders start with none are refused.
    let mut knights = Setup::empty(11);
    knights.put(sq("f6"), tafl_core::Piece::King);
    knights.put_officer(sq("a5"), Side::Attackers, Officer::Knight);
    assert!(Position::from_setup(&knights, berserk().rules()).is_err());
}

#[test]
fn the_search_keeps_the_sign_across_a_berserk_move() {
    use boardgames_common::Seed;
    use tafl_core::ai::{Level, Searcher};
    // c2-c4 takes d4 and gives the berserk move c4-c5, which takes c6: a search that
    // negated the score of the extra move (made by the same side) would shun such moves.
    // The king is boxed in on the throne by his own men (no escape to look for).
    let p = position(
        "T c2 t d4 T e4 t c6 T c7 K f6 T e6 T g6 T f5 T f7 t a9 t k9",
        Side::Defenders,
    );
    let mut searcher = Searcher::new(Level::Ovate.config(), Seed(1));
    // (f5-c5 takes c6 and gives c5-c4, which takes d4, as good.)
    let r = searcher.search(&p, &BERSERK_RULES, &[]).unwrap();
    assert!(
        ["c2-c4", "f5-c5"].contains(&r.best_move.to_string().as_str()),
        "{}",
        r.best_move
    );
    let mut q = p;
    assert_eq!(
        q.play_mut(&BERSERK_RULES, r.best_move)
            .unwrap()
            .captures
            .count(),
        1
    );
    assert_eq!(q.side_to_move(), Side::Defenders);
    assert!(q.berserker().is_some());
    let r = searcher.search(&q, &BERSERK_RULES, &[]).unwrap();
    assert_eq!(
        q.play_mut(&BERSERK_RULES, r.best_move)
            .unwrap()
            .captures
            .count(),
        1
    );
    assert!(r.score > 0, "{}", r.score);
}

#[test]
fn berserk_any_move_mode_gives_the_extra_move_without_a_capture_in_sight() {
    // `ber:m`: after a capture the piece moves again if it has any move at all.
    let text = "dim:11 name:B surf:n atkf:n ber:m start:/11/2T8/11/3tT6/11/11/11/11/t9t/11/5K5/";
    let r = Ruleset::from_opentafl(text).unwrap();
    assert_eq!(r.rules().berserk, BerserkMode::AnyMove);
    let mut p = r.start_position();
    let outcome = p.play_mut(r.rules(), "c2-c4".parse().unwrap()).unwrap();
    assert_eq!(outcome.captures.count(), 1);
    assert_eq!(p.side_to_move(), Side::Defenders);
    assert_eq!(p.berserker(), Some(sq("c4")));
    let reference = RefBoard::from_position(&r.start_position(), r.rules());
    let mut reference = reference;
    let _ = reference.play("c2-c4".parse().unwrap());
    assert_eq!(reference.berserker, Some((2, 3)));
    // Under `ber:c` the same capture passes the turn (no other capture from c4).
    let strict = Ruleset::from_opentafl(&text.replace("ber:m", "ber:c")).unwrap();
    let mut q = strict.start_position();
    let _ = q
        .play_mut(strict.rules(), "c2-c4".parse().unwrap())
        .unwrap();
    assert_eq!(q.side_to_move(), Side::Attackers);
}

#[test]
fn a_game_with_berserk_moves_round_trips_through_its_record() {
    let start = position("T c2 t d4 T e4 t c6 T c7 K f6 t a9 t k9", Side::Defenders);
    // Berserk's rules have officers; this start has none: refused, as the rules string
    // could not carry them.
    assert_eq!(
        Ruleset::new("Berserk test", *berserk().rules(), &start.to_setup()),
        Err(tafl_core::PositionError::OfficersAtStart)
    );
    let mut rules = *berserk().rules();
    rules.officers = tafl_core::BySide::default();
    let ruleset = Ruleset::new("Berserk test", rules, &start.to_setup()).unwrap();
    assert_eq!(ruleset.to_string().parse::<Ruleset>().unwrap(), ruleset);
    let mut game = TaflGame::new(ruleset);
    for m in ["c2-c4", "c4-c5", "a9-a8"] {
        let _ = game.play_mut(m.parse().unwrap()).unwrap();
    }
    let record = game.to_record();
    let back = TaflGame::from_record(&record).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.plies(), 3);
    assert_eq!(back.position().side_to_move(), Side::Defenders);
}

/// Berserk with a speed for each of OpenTafl's piece types (`spd`, "OpenTafl Notation",
/// section 3: twelve numbers in the order `t c n k m g T C N K M G`, `-1` for no limit):
/// attacking soldiers unlimited, attacking commanders 2, defending soldiers 3, defending
/// knights 1, the king unlimited.
const BERSERK_SPEEDS: &str = "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
    spd:-1,2,-1,-1,-1,-1,3,-1,1,-1,-1,-1, \
    start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

#[test]
fn officers_have_their_own_speeds() {
    let ruleset = Ruleset::from_opentafl(BERSERK_SPEEDS).unwrap();
    let s = ruleset.rules().speeds;
    assert_eq!(
        (s.attacker, s.defender, s.king),
        (0, 3, 0),
        "soldiers and king"
    );
    assert_eq!(s.commanders, BySide::new(2, 0));
    assert_eq!(s.knights, BySide::new(0, 1));
    assert_eq!(s.of_officer(Officer::Commander, Side::Attackers), 2);
    assert_eq!(s.of_officer(Officer::Knight, Side::Defenders), 1);
    // OpenTafl writes the twelve numbers back, each officer's own.
    assert!(
        ruleset
            .to_string()
            .contains("spd:-1,2,-1,-1,-1,-1,3,-1,1,-1,-1,-1,")
    );
    assert_eq!(
        Ruleset::from_opentafl(&ruleset.to_string()).unwrap(),
        ruleset
    );

    // On an open board: the commander on e4 goes two squares each way, the soldier on b2
    // as far as the board and the pieces let it.
    let p = position_in(&ruleset, "c e4 t b2 T k10 N b10 K j2", Side::Attackers);
    assert_eq!(
        moves_from_in(ruleset.rules(), &p, "e4"),
        ["c4", "d4", "e2", "e3", "e5", "e6", "f4", "g4"]
    );
    assert_eq!(
        moves_from_in(ruleset.rules(), &p, "b2").len(),
        16,
        "b1, b3 to b9, a2, c2 to i2"
    );
    // The defending knight moves one square, its soldiers three.
    let p = position_in(&ruleset, "c e4 t b2 T k10 N b10 K j2", Side::Defenders);
    assert_eq!(
        moves_from_in(ruleset.rules(), &p, "b10"),
        ["a10", "b11", "b9", "c10"]
    );
    assert_eq!(
        moves_from_in(ruleset.rules(), &p, "k10"),
        ["h10", "i10", "j10", "k7", "k8", "k9"],
        "not the corner k11"
    );
    // The eight-number form (`t c n k T C N K`) gives the same officers' speeds.
    let eight = BERSERK_SPEEDS.replace(
        "spd:-1,2,-1,-1,-1,-1,3,-1,1,-1,-1,-1,",
        "spd:-1,2,-1,-1,3,-1,1,-1",
    );
    let r8 = Ruleset::from_opentafl(&eight).unwrap();
    assert_eq!(r8.rules().speeds, s);
    // One number limits every piece, the officers too.
    let one = BERSERK_SPEEDS.replace("spd:-1,2,-1,-1,-1,-1,3,-1,1,-1,-1,-1,", "spd:1");
    let r1 = Ruleset::from_opentafl(&one).unwrap();
    let p = position_in(&r1, "c e4 t b2 T k10 N b10 K j2", Side::Attackers);
    assert_eq!(
        moves_from_in(r1.rules(), &p, "e4"),
        ["d4", "e3", "e5", "f4"]
    );
}
