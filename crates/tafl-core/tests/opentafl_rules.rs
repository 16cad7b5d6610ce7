//! OpenTafl's further rules keys, each on a position built for it, from the explanatory notes
//! of OpenTafl's notation specification ("OpenTafl Notation", section 3): relaxed shieldwall
//! (`swf:n`), Linnaean capture (`linc:y`), the middleweight king (`ks:m`), speed limits
//! (`spd`), attacker forts (`afor*`) and throne re-entry (`cenre`); and the ten rulesets
//! OpenTafl ships, parsed and written back.

use crate::common;

use boardgames_common::{Agent, Game, Seed, Turn};
use common::{map_setup, map_square, sq};
use tafl_core::ai::{SearchConfig, Searcher};
use tafl_core::{
    Bitboard, KingStrength, Move, MoveList, Piece, PieceSet, Position, RulesStringError, Ruleset,
    Setup, Side, SpeedLimits, Status, TaflGame, WinReason,
};

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

/// The rules string of OpenTafl's built-in ruleset `name`.
fn builtin(name: &str) -> Ruleset {
    let text = include_str!("data/opentafl-builtin-rules.txt");
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(name))
        .unwrap_or_else(|| panic!("no ruleset {name}"));
    line.split_once('\t').unwrap().1.parse().unwrap()
}

/// The captures of `mv` in every symmetry of the board (for rules that are symmetric).
fn captures_everywhere(ruleset: &Ruleset, s: &Setup, mv: &str) -> Vec<Bitboard> {
    let m: Move = mv.parse().unwrap();
    let n = s.size;
    (0..8)
        .map(|t| {
            let pos = ruleset.position(&map_setup(s, t)).unwrap();
            let tm = Move::new(map_square(m.from, t, n), map_square(m.to, t, n));
            let mut after = pos;
            let captures = after.play_mut(ruleset.rules(), tm).unwrap().captures;
            // Mapped back to the untransformed board.
            captures
                .map(|c| {
                    (0..121)
                        .filter_map(tafl_core::Square::from_index)
                        .find(|&x| x.on_board(n) && map_square(x, t, n) == c)
                        .unwrap()
                })
                .collect()
        })
        .collect()
}

fn squares(list: &str) -> Bitboard {
    list.split_whitespace().map(sq).collect()
}

#[test]
fn relaxed_shieldwall_captures_without_a_flanking_move() {
    // Defenders c1 d1 on the edge, attackers in front (c2 d2) and at both ends (b1 e1): the
    // attacker arriving on d2 closes the wall from inside, not by moving to the edge.
    let s = setup(11, "b1 e1 c2 d4", "c1 d1 j9", "h8", Side::Attackers);
    let strict = builtin("Copenhagen 11x11");
    let relaxed = builtin("Copenhagen 11x11 (relaxed shieldwall variant)");
    assert!(strict.rules().shieldwall_flanking);
    assert!(!relaxed.rules().shieldwall_flanking);
    for caps in captures_everywhere(&strict, &s, "d4-d2") {
        assert_eq!(caps, Bitboard::EMPTY);
    }
    for caps in captures_everywhere(&relaxed, &s, "d4-d2") {
        assert_eq!(caps, squares("c1 d1"));
    }
    // The flanking move captures under both.
    let flank = setup(11, "b1 c2 d2 e3", "c1 d1 j9", "h8", Side::Attackers);
    for r in [&strict, &relaxed] {
        for caps in captures_everywhere(r, &flank, "e3-e1") {
            assert_eq!(caps, squares("c1 d1"));
        }
    }
    // A wall with a member unfronted is not closed.
    let open = setup(11, "b1 e1 c3 d4", "c1 d1 j9", "h8", Side::Attackers);
    for caps in captures_everywhere(&relaxed, &open, "d4-d2") {
        assert_eq!(caps, Bitboard::EMPTY);
    }
}

#[test]
fn linnaean_capture_takes_a_defender_against_the_occupied_throne() {
    let tablut = builtin("Tablut 9x9");
    assert!(tablut.rules().linnaean);
    // King on the throne e5, attackers d5 f5 e4, defender e6; an attacker arrives on e7.
    let s = setup(9, "d5 f5 e4 c7", "e6 a9", "e5", Side::Attackers);
    for caps in captures_everywhere(&tablut, &s, "c7-e7") {
        assert_eq!(caps, squares("e6"));
    }
    // Without linc, the occupied throne is hostile to nobody (`cenh:`): no capture.
    let without: Ruleset = tablut.to_string().replace(" linc:y", "").parse().unwrap();
    assert!(!without.rules().linnaean);
    for caps in captures_everywhere(&without, &s, "c7-e7") {
        assert_eq!(caps, Bitboard::EMPTY);
    }
    // Two attackers beside the king are not enough.
    let two = setup(9, "d5 f5 c7", "e6 a9", "e5", Side::Attackers);
    for caps in captures_everywhere(&tablut, &two, "c7-e7") {
        assert_eq!(caps, Bitboard::EMPTY);
    }
}

#[test]
fn magpie_king_moves_one_square_and_is_captured_against_the_edge() {
    let magpie = builtin("Magpie 7x7");
    let r = magpie.rules();
    assert_eq!(r.king_strength, KingStrength::Strong);
    assert!(r.edge_hostile.contains(Piece::King));
    assert_eq!(
        r.speeds,
        SpeedLimits {
            attacker: 0,
            defender: 0,
            king: 1,
            ..SpeedLimits::NONE
        }
    );
    // The king on c4 of an empty board reaches only its four neighbours.
    let pos = magpie
        .position(&setup(7, "b7", "g2", "c4", Side::Defenders))
        .unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves_into(magpie.rules(), &mut moves);
    let king: Vec<String> = moves
        .iter()
        .filter(|m| m.from == sq("c4"))
        .map(|m| m.to.to_string())
        .collect();
    assert_eq!(king, ["b4", "d4", "c3", "c5"]);
    // The king on the edge c1, attackers b1 and d1: the third attacker on c2 captures
    // (three sides and the edge); a strong king (Copenhagen's reading) would survive.
    let s = setup(7, "b1 d1 e2 b7", "g5", "c1", Side::Attackers);
    let pos = magpie.position(&s).unwrap();
    let (after, outcome) = pos.play(magpie.rules(), "e2-c2".parse().unwrap()).unwrap();
    assert_eq!(outcome.status, after.status());
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::KingCaptured
        }
    );
    let strong: Ruleset = magpie.to_string().replace(" ks:m", "").parse().unwrap();
    let after = strong
        .position(&s)
        .unwrap()
        .play(strong.rules(), "e2-c2".parse().unwrap())
        .unwrap()
        .0;
    assert_eq!(after.status(), Status::Ongoing);
}

#[test]
fn foteviken_forts_keep_outsiders_out_and_let_their_attackers_leave_only() {
    let fot = builtin("Foteviken Tablut 9x9");
    let r = fot.rules();
    assert_eq!(r.forts.squares.count(), 16);
    assert_eq!(r.forts.reenter, PieceSet::NONE);
    assert_eq!(r.forts.hostile, PieceSet::KING);
    // `cens:` and `cenre:`: no piece stops on or passes over the throne once off it.
    assert_eq!(r.throne.stoppable, PieceSet::NONE);
    assert_eq!(r.throne.passable, PieceSet::NONE);
    // From the start, no move enters a fort from outside.
    let start = fot.start_position();
    let mut moves = MoveList::new();
    start.legal_moves_into(fot.rules(), &mut moves);
    for m in moves.iter() {
        let into_fort = r.forts.squares.contains(m.to);
        let from_fort = r.forts.squares.contains(m.from);
        assert!(!into_fort || from_fort, "{m}");
    }
    // An attacker that has left its fort may not come back; one inside may move within.
    let s = setup(9, "a4 a6 c5 e8", "g7", "g3", Side::Attackers);
    let pos = fot.position(&s).unwrap();
    assert!(!pos.is_legal(fot.rules(), "c5-b5".parse().unwrap())); // b5 is a fort, c5 is not
    assert!(pos.is_legal(fot.rules(), "a4-a5".parse().unwrap())); // fort to fort
    assert!(pos.is_legal(fot.rules(), "a6-b6".parse().unwrap())); // out of the fort
    // A defender may not enter a fort nor slide over one.
    let s = setup(9, "a9 i1", "c4 d2", "g7", Side::Defenders);
    let pos = fot.position(&s).unwrap();
    assert!(!pos.is_legal(fot.rules(), "c4-a4".parse().unwrap()));
    assert!(pos.is_legal(fot.rules(), "c4-b4".parse().unwrap()));
    assert!(!pos.is_legal(fot.rules(), "d2-g2".parse().unwrap())); // over the fort e2
    assert!(pos.is_legal(fot.rules(), "d2-d3".parse().unwrap()));
    // An empty fort is hostile to the king (`aforh:K`): the king on b4 between the forts a4
    // and b5 falls to two attackers.
    let s = setup(9, "c4 b2", "h8", "b4", Side::Attackers);
    let after = fot
        .position(&s)
        .unwrap()
        .play(fot.rules(), "b2-b3".parse().unwrap())
        .unwrap()
        .0;
    assert_eq!(
        after.status(),
        Status::Win {
            side: Side::Attackers,
            reason: WinReason::KingCaptured
        }
    );
    // Not to soldiers: a defender on b4 against the fort a4 is not taken.
    let s = setup(9, "c2", "b4 h8", "g7", Side::Attackers);
    let mut pos = fot.position(&s).unwrap();
    let outcome = pos.play_mut(fot.rules(), "c2-c4".parse().unwrap()).unwrap();
    assert_eq!(outcome.captures, Bitboard::EMPTY);
}

#[test]
fn speed_limits_read_every_form_of_the_key() {
    let base = "dim:7 name:Speedy";
    let speeds = |v: &str| {
        format!("{base} spd:{v} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .parse::<Ruleset>()
            .map(|r| r.rules().speeds)
    };
    let s = |attacker, defender, king| SpeedLimits {
        attacker,
        defender,
        king,
        ..SpeedLimits::NONE
    };
    assert_eq!(speeds("-1"), Ok(SpeedLimits::NONE));
    assert_eq!(speeds("3"), Ok(SpeedLimits::all(3)));
    assert_eq!(speeds("2,-1,-1,-1,-1,-1,4,-1,-1,1,-1,-1,"), Ok(s(2, 4, 1)));
    assert_eq!(speeds("2,-1,-1,-1,-1,4,-1,-1,1,-1"), Ok(s(2, 4, 1)));
    assert_eq!(speeds("2,-1,-1,-1,4,-1,-1,1"), Ok(s(2, 4, 1)));
    assert!(matches!(
        speeds("3,4"),
        Err(RulesStringError::Unsupported { .. })
    ));
    assert!(matches!(
        speeds("0"),
        Err(RulesStringError::BadValue { .. })
    ));
    assert!(matches!(
        speeds("1,2,3"),
        Err(RulesStringError::BadValue { .. })
    ));
}

#[test]
fn the_ten_builtin_rulesets_parse_and_round_trip() {
    let text = include_str!("data/opentafl-builtin-rules.txt");
    let mut parsed = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, rules) = line.split_once('\t').unwrap();
        match rules.parse::<Ruleset>() {
            Ok(r) => {
                let again: Ruleset = r.to_string().parse().unwrap();
                assert_eq!(again, r, "{name}");
                assert_eq!(again.to_string(), r.to_string(), "{name}");
                // The host's reading differs only where a hostility list names the king
                // without the defending soldier (Foteviken Tablut's `cenhe:K aforh:K`).
                let host = Ruleset::from_opentafl(rules).unwrap();
                assert_eq!(host == r, !name.starts_with("Foteviken"), "{name}");
                assert_eq!(
                    Ruleset::from_opentafl(&host.to_string()).as_ref(),
                    Ok(&host),
                    "{name}"
                );
                let pos: Position = r.start_position();
                assert_eq!(pos.status(), Status::Ongoing, "{name}");
                parsed += 1;
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
    assert_eq!(parsed, 10);
}

#[test]
fn opentafl_strings_as_the_host_sends_them() {
    // Brandub: `ks:w cenh: cenhe:`; Copenhagen: `atkf:y tfr:w sw:s efe:y`.
    let brandub = builtin("Brandub 7x7");
    assert_eq!(brandub.rules().king_strength, KingStrength::Weak);
    assert_eq!(brandub.rules().throne.hostile_empty, PieceSet::NONE);
    assert_eq!(brandub.rules().throne.hostile_occupied, PieceSet::NONE);
    let cph = builtin("Copenhagen 11x11");
    assert!(cph.rules().shieldwall && cph.rules().edge_fort);
    assert_eq!(
        cph.rules().repetition.result,
        tafl_core::RepetitionResult::RepeaterLoses
    );
    // Unknown keys: refused by `FromStr`, ignored as OpenTafl does by `from_opentafl`, with
    // an inverted start (`starti`, last rank first) and a token without a value.
    let text = "dim:7 name:Brandub future:z ks:w \
                starti:/3t3/3t3/3T3/ttTKTt1/3T3/3t3/3t1t1/";
    assert!(matches!(
        text.parse::<Ruleset>(),
        Err(RulesStringError::UnknownKey(_))
    ));
    let r = Ruleset::from_opentafl(&format!("{text} cenh")).unwrap();
    assert_eq!(
        r.start_position().to_setup().board_string(),
        "/3t1t1/3t3/3T3/ttTKTt1/3T3/3t3/3t3/"
    );
    assert_eq!(r.rules().throne.hostile_occupied, PieceSet::NONE);
}

#[test]
fn weak_shieldwalls_are_not_closed_by_a_corner() {
    // Row b1 (defender) c1 (king) on the edge, fronted by b2 c2, the corner a1 at one end;
    // the attacker arriving on d1 closes the other. Strong (`sw:s`): b1 is taken; weak
    // (`sw:w`, "corners may not close a shieldwall position"): nothing.
    let strong = builtin("Copenhagen 11x11");
    let weak: Ruleset = strong.to_string().replace("sw:s", "sw:w").parse().unwrap();
    assert!(!weak.rules().shieldwall_corners);
    assert!(weak.to_string().contains(" sw:w"));
    let s = setup(11, "b2 c2 d3", "b1 j9", "c1", Side::Attackers);
    for caps in captures_everywhere(&strong, &s, "d3-d1") {
        assert_eq!(caps, squares("b1"));
    }
    for caps in captures_everywhere(&weak, &s, "d3-d1") {
        assert_eq!(caps, Bitboard::EMPTY);
    }
    // A piece still closes a weak shieldwall.
    let s = setup(11, "b1 c2 d2 e3", "c1 d1 j9", "h8", Side::Attackers);
    for caps in captures_everywhere(&weak, &s, "e3-e1") {
        assert_eq!(caps, squares("c1 d1"));
    }
}

#[test]
fn the_ai_plays_every_builtin_ruleset_with_legal_moves() {
    use tafl_core::BySide;
    use tafl_core::ai::Level;
    let text = include_str!("data/opentafl-builtin-rules.txt");
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, rules) = line.split_once('\t').unwrap();
        let Ok(ruleset) = rules.parse::<Ruleset>() else {
            continue; // Berserk
        };
        let start = TaflGame::new(ruleset);
        let bard = Level::Bard.config();
        let (played, _) = self_play(&start, BySide::new(bard, bard), Seed(7), 60);
        // Every move is legal and makes the captures recorded; the status is the game's.
        let mut again = start.clone();
        for m in played.moves() {
            let outcome = again
                .play_mut(m.mv)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(outcome.captures, m.captures, "{name} {m}");
        }
        assert_eq!(again.status(), played.status(), "{name}");
        assert!(!played.moves().is_empty(), "{name}");
    }
}

#[test]
fn corner_reentry_as_a_running_opentafl_sends_it() {
    // The `rules` line OpenTafl 0.4.8.0b sent our engine for Foteviken Tablut (its loader
    // adds `corre:` and `dforre:`, empty, to rules that have `cenre:`): the same rules as
    // the string of its rules file, since the board has no corners.
    let sent = "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: \
        afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK \
        cens: cenh: cenhe:K aforh:K corre: cenre: aforre: dforre: \
        start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
    let live: Ruleset = sent.parse().unwrap();
    assert_eq!(live.rules(), builtin("Foteviken Tablut 9x9").rules());
    assert_eq!(
        live.start_position(),
        builtin("Foteviken Tablut 9x9").start_position()
    );
    // With corners: harmless when every piece that may stop on a corner may enter one
    // (Copenhagen: the king), refused when the king may not (he could still go from one
    // corner to another, which the rules cannot say).
    let copenhagen = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    let with = |corre: &str| copenhagen.replace("efe:y", &format!("efe:y corre:{corre}"));
    let k: Ruleset = with("K").parse().unwrap();
    assert_eq!(k.rules(), builtin("Copenhagen 11x11").rules());
    assert!(with("tT").parse::<Ruleset>().is_err());
    assert!(with("").parse::<Ruleset>().is_err());
}

#[test]
fn hostility_lists_are_read_as_opentafl_referees_them() {
    // Foteviken Tablut inside OpenTafl 0.4.8.0b: our attacker moved e6-d6 next to the king
    // on d5 (attackers on c5 and d4, the empty throne on e5). With `cenhe:K` read as "the
    // empty throne is hostile to the king", that is a four-sided capture; OpenTafl's
    // referee kept the king (its hostility lists count only `t` and `T`) and sent back the
    // board with the king still on d5.
    let text = include_str!("data/opentafl-builtin-rules.txt");
    let line = text
        .lines()
        .find(|l| l.starts_with("Foteviken Tablut 9x9\t"))
        .unwrap();
    let rules_string = line.split_once('\t').unwrap().1;
    let host = Ruleset::from_opentafl(rules_string).unwrap();
    assert_eq!(host.rules().throne.hostile_empty, PieceSet::NONE);
    assert_eq!(host.rules().forts.hostile, PieceSet::NONE);
    let mut s =
        Setup::from_board_string("/4t4/2Tt5/4t2T1/3t1t1Tt/t1tK2T1t/4tt1Tt/9/3Tt4/3tt4/").unwrap();
    s.side_to_move = Side::Attackers;
    let mv: Move = "e6-d6".parse().unwrap();
    let mut pos = host.position(&s).unwrap();
    assert!(pos.play_mut(host.rules(), mv).unwrap().captures.is_empty());
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(pos.king(), Some(sq("d5")));
    assert_eq!(
        pos.to_setup().to_string().split(' ').next(),
        Some("/4t4/2Tt5/4t2T1/3t1t1Tt/t1tK2T1t/3t1t1Tt/9/3Tt4/3tt4/"),
        "the board OpenTafl sent back"
    );
    // `FromStr` reads every letter: the king is hostile-throned and captured.
    let ours: Ruleset = rules_string.parse().unwrap();
    assert!(ours.rules().throne.hostile_empty.contains(Piece::King));
    let mut pos = ours.position(&s).unwrap();
    let _ = pos.play_mut(ours.rules(), mv).unwrap();
    assert!(matches!(
        pos.status(),
        Status::Win {
            side: Side::Attackers,
            ..
        }
    ));
    // Lists with the soldiers' letters mean the whole side, the king included.
    let tablut = Ruleset::from_opentafl(
        "dim:9 esc:e cor: cenhe:T start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    )
    .unwrap();
    assert_eq!(
        tablut.rules().throne.hostile_empty,
        PieceSet::DEFENDERS.union(PieceSet::KING)
    );
}

/// Up to `plies` moves of `start` played by two searchers through the common game trait,
/// the attackers' searcher seeded `seed.derive(1)`, the defenders' `seed.derive(2)`: the
/// game reached and the nodes each side searched.
fn self_play(
    start: &TaflGame,
    players: tafl_core::BySide<SearchConfig>,
    seed: Seed,
    plies: usize,
) -> (TaflGame, tafl_core::BySide<u64>) {
    let mut searchers = tafl_core::BySide::new(
        Searcher::new(players.attackers, seed.derive(1)),
        Searcher::new(players.defenders, seed.derive(2)),
    );
    let mut game = start.clone();
    let mut legal = Vec::new();
    for _ in 0..plies {
        let Turn::Player(p) = game.turn() else { break };
        game.legal_actions(&mut legal);
        let m = searchers[Side::from(p)].choose(&game, &legal);
        game.apply(m).expect("the searcher plays legal moves");
    }
    (game, searchers.map(|s| s.nodes_searched()))
}
