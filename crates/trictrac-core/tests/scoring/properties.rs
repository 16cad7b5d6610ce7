//! Properties of the scoring over positions reached by random legal play from the start
//! ("start + legal play index % len"), with the fill/keep obligation.

use proptest::prelude::*;
use trictrac_core::scoring::{JanKind, ScoringRules, ThrowAnalysis};
use trictrac_core::{Colour, Die, Jan, Number, Point, Position, Throw};

fn throw(a: u8, b: u8) -> Throw {
    Throw::new(
        Die::new(a).unwrap_or(Die::ACE),
        Die::new(b).unwrap_or(Die::ACE),
    )
}

/// The position after playing `moves` (each: two dice and a play index) from the start.
fn walk(moves: &[(u8, u8, u16)]) -> Position {
    let rules = ScoringRules::default();
    let mut pos = Position::start();
    for &(a, b, k) in moves {
        let t = throw(a, b);
        let an = ThrowAnalysis::new(&pos, t, &rules);
        let plays = an.legal_plays();
        let i = usize::from(k) % plays.len().max(1);
        let Some(play) = plays.get(i).copied() else {
            break;
        };
        let mover = pos.side_to_move();
        pos = match an.play(&play) {
            Ok(p) => p,
            Err(e) => panic!("legal play {play} refused: {e}"),
        };
        if pos.has_borne_off_all(mover) {
            pos.releve(mover);
        }
    }
    pos
}

/// White's 15 dames spread over his petit and grand jans (`points` gives the point of each
/// dame), Black on his talon: positions close to filling or keeping a jan.
fn home_position(points: &[u8]) -> Position {
    let mut counts = [0u8; 13];
    for &p in points {
        counts[usize::from(p)] += 1;
    }
    if counts[12] == 1 {
        counts[12] = 0;
        counts[11] += 1;
    }
    let mut s = String::new();
    for (p, &n) in counts.iter().enumerate().skip(1) {
        if n > 0 {
            s.push_str(&format!("B{p}:w{n},"));
        }
    }
    s.push_str("N1:b15 w 9/9 0.0/0.0");
    s.parse().expect("home position")
}

/// The boards of the plays offered to the must fill / must keep obligation (after "both
/// numbers / the higher die" and "coin par effet over par puissance", before the obligation
/// and the sortie constraints). In the positions of this file's callers (White's dames in
/// his petit and grand jans, [`home_position`]) nothing can be borne off, so the sortie
/// constraints remove nothing and these are the boards of the movement plays.
fn offered_boards(pos: &Position, t: Throw) -> Vec<[u8; 26]> {
    let mover = pos.side_to_move();
    assert!(
        !pos.board().all_in_jan_de_retour(mover),
        "offered_boards is for positions without a sortie: {pos}"
    );
    let movement = pos.movement_plays(t);
    (0..movement.len())
        .map(|i| *movement.board_after(i).expect("board").path_counts(mover))
        .collect()
}

/// Oracle of the ways of filling `jan` for White, by forward enumeration of moves: a die
/// fills when a move by it completes the jan and some legal play made of that move and one
/// by the other number (or of that move alone) ends full; the sum when one dame moved by
/// both numbers ends a legal play full; the two-dame way only when neither exists.
fn oracle_fill_ways(pos: &Position, t: Throw, jan: Jan) -> u8 {
    let before = *pos.board().path_counts(Colour::White);
    let full = |c: &[u8; 26]| jan.paths().all(|p| c[p as usize] >= 2);
    if full(&before) {
        return 0;
    }
    let legal = offered_boards(pos, t);
    let step = |c: &[u8; 26], s: usize, d: u8| -> Option<[u8; 26]> {
        if c[s] == 0 {
            return None;
        }
        let mut n = *c;
        n[s] -= 1;
        n[(s + usize::from(d)).min(25)] += 1;
        Some(n)
    };
    let (hi, lo) = (t.high().get(), t.low().get());
    let dice: Vec<(u8, u8)> = if hi == lo {
        vec![(hi, hi)]
    } else {
        vec![(hi, lo), (lo, hi)]
    };
    let mut ways = 0;
    for &(d, other) in &dice {
        let mut found = false;
        for s in 1..=24 {
            let Some(b1) = step(&before, s, d) else {
                continue;
            };
            if !full(&b1) {
                continue;
            }
            if legal.contains(&b1) {
                found = true;
            }
            for s2 in 1..=24 {
                if let Some(b2) = step(&b1, s2, other)
                    && full(&b2)
                    && legal.contains(&b2)
                {
                    found = true;
                }
            }
        }
        ways += u8::from(found);
    }
    let sum_found =
        (1..=24).any(|s| step(&before, s, hi + lo).is_some_and(|b| full(&b) && legal.contains(&b)));
    ways += u8::from(sum_found);
    if ways == 0 && legal.iter().any(full) {
        ways = 1;
    }
    ways
}

fn die() -> impl Strategy<Value = u8> {
    1u8..=6
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn points_are_tariff_times_ways(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..120),
        a in die(), b in die(),
    ) {
        let pos = walk(&moves);
        let t = throw(a, b);
        let an = ThrowAnalysis::new(&pos, t, &ScoringRules::default());
        let doublet = t.is_doublet();
        let mut all: Vec<_> = an.before_play().to_vec();
        for i in 0..an.legal_plays().len() {
            all.extend(an.after_play_index(i).expect("index"));
        }
        for e in all {
            prop_assert!(e.ways >= 1);
            prop_assert_eq!(u32::from(e.points), u32::from(e.kind.points_per_way(doublet)) * u32::from(e.ways));
            let max_ways = match e.kind {
                JanKind::HitAVrai(_) | JanKind::HitAFaux(_) | JanKind::Remplir(_) => if doublet { 2 } else { 3 },
                JanKind::Impuissance => 2,
                _ => 1,
            };
            prop_assert!(e.ways <= max_ways, "{:?}", e);
            let who = if e.kind.for_opponent() { pos.side_to_move().other() } else { pos.side_to_move() };
            prop_assert_eq!(e.beneficiary, who);
            if e.kind == JanKind::SixTables {
                prop_assert!(!doublet);
            }
        }
    }

    #[test]
    fn never_fill_a_jan_already_full(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..160),
        a in die(), b in die(),
    ) {
        let pos = walk(&moves);
        let mover = pos.side_to_move();
        let an = ThrowAnalysis::new(&pos, throw(a, b), &ScoringRules::default());
        let mut all: Vec<_> = an.before_play().to_vec();
        for i in 0..an.legal_plays().len() {
            all.extend(an.after_play_index(i).expect("index"));
        }
        for e in all {
            match e.kind {
                JanKind::Remplir(j) => prop_assert!(!pos.board().is_full(mover, j)),
                JanKind::Conserver { jan, .. } => prop_assert!(pos.board().is_full(mover, jan)),
                _ => {}
            }
        }
        // Every legal play either keeps/fills a jan or no legal play of the movement laws
        // could have left more jans full (the obligation).
        let movement = pos.movement_plays(throw(a, b));
        let full = |i: usize, l: &trictrac_core::LegalPlays| {
            let b = l.board_after(i).expect("board");
            Jan::ALL.iter().filter(|&&j| b.is_full(mover, j)).count()
        };
        let best = (0..movement.len()).map(|i| full(i, &movement)).max().unwrap_or(0);
        for i in 0..an.legal_plays().len() {
            prop_assert_eq!(full(i, an.legal_plays()), best);
        }
    }

    #[test]
    fn same_events_whichever_order_the_dice_are_given(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..120),
        a in die(), b in die(),
    ) {
        let pos = walk(&moves);
        let rules = ScoringRules::default().with_jan_de_rencontre(true);
        let x = ThrowAnalysis::new(&pos, throw(a, b), &rules);
        let y = ThrowAnalysis::new(&pos, throw(b, a), &rules);
        let text: Throw = format!("{b}-{a}").parse().expect("throw");
        let z = ThrowAnalysis::new(&pos, text, &rules);
        prop_assert_eq!(x.before_play(), y.before_play());
        prop_assert_eq!(x.before_play(), z.before_play());
        let px: Vec<_> = x.legal_plays().iter().copied().collect();
        let py: Vec<_> = y.legal_plays().iter().copied().collect();
        prop_assert_eq!(px, py);
        for i in 0..x.legal_plays().len() {
            prop_assert_eq!(x.after_play_index(i), y.after_play_index(i));
        }
    }

    #[test]
    fn legal_plays_are_movement_legal_and_accepted(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..120),
        a in die(), b in die(),
    ) {
        let pos = walk(&moves);
        let an = ThrowAnalysis::new(&pos, throw(a, b), &ScoringRules::default());
        prop_assert!(!an.legal_plays().is_empty());
        let movement = pos.movement_plays(throw(a, b));
        prop_assert!(an.legal_plays().len() <= movement.len() + 1);
        for p in an.legal_plays().iter() {
            // Movement-legal, except a coin taken par puissance to fill the grand jan where
            // par effet would break it (obligation before "par effet over par puissance").
            prop_assert!(pos.is_movement_legal(p) || p.is_par_puissance(), "{}", p);
            prop_assert!(pos.is_legal(p));
            prop_assert_eq!(
                an.play(p).ok(),
                pos.play(p).ok()
            );
            prop_assert!(an.after_play(p).is_ok());
            for c in Colour::ALL {
                prop_assert!(an.points_with(p, c).is_ok());
            }
        }
    }

    #[test]
    fn hits_agree_with_the_reach_queries(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..120),
        a in die(), b in die(),
    ) {
        // Oracle from `Position::reaches` (movement module): direct ways are the dice that
        // reach the demi-case; the sum is à vrai if some dame reaching it by the sum has a
        // rest the opponent does not hold, or rests on an opponent's demi-case (glossary
        // EXEMPLE 4); otherwise, reachable only by the sum, it is à faux.
        let pos = walk(&moves);
        let t = throw(a, b);
        let mover = pos.side_to_move();
        let an = ThrowAnalysis::new(&pos, t, &ScoringRules::default());
        let reaches = pos.reaches(t);
        let mut expected = Vec::new();
        for target in Point::ALL {
            if pos.board().count(mover.other(), target) != 1 {
                continue;
            }
            let tp = target.path(mover);
            let direct = reaches
                .iter()
                .filter(|r| r.to == tp && matches!(r.number, Number::Die(_)))
                .map(|r| r.number)
                .collect::<std::collections::HashSet<_>>()
                .len() as u8;
            let sums: Vec<_> = reaches.iter().filter(|r| r.to == tp && r.number == Number::Sum).collect();
            let sum_vrai = sums.iter().any(|r| {
                let from = r.from.path(mover);
                !r.rests.is_empty()
                    || t.dice().iter().any(|d| {
                        Point::from_path(mover, from + d.get())
                            .is_some_and(|p| pos.board().count(mover.other(), p) == 1)
                    })
            });
            let ways = direct + u8::from(sum_vrai);
            if ways > 0 {
                expected.push((target, true, ways));
            } else if !sums.is_empty() {
                expected.push((target, false, 1));
            }
        }
        expected.sort_by_key(|&(p, _, _)| p.path(mover));
        let got: Vec<_> = an
            .before_play()
            .iter()
            .filter_map(|e| {
                let h = e.hit?;
                Some((h.dame, matches!(e.kind, JanKind::HitAVrai(_)), e.ways))
            })
            .collect();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn analysing_in_place_equals_a_fresh_analysis(
        moves in prop::collection::vec((die(), die(), any::<u16>()), 0..120),
        a in die(), b in die(), c in die(), d in die(),
    ) {
        let pos = walk(&moves);
        let rules = ScoringRules::default();
        let mut reused = ThrowAnalysis::new(&Position::start(), throw(c, d), &rules);
        reused.analyse(&pos, throw(a, b), &rules, None);
        let fresh = ThrowAnalysis::new(&pos, throw(a, b), &rules);
        prop_assert_eq!(reused.before_play(), fresh.before_play());
        let x: Vec<_> = reused.legal_plays().iter().copied().collect();
        let y: Vec<_> = fresh.legal_plays().iter().copied().collect();
        prop_assert_eq!(x, y);
        for i in 0..fresh.legal_plays().len() {
            prop_assert_eq!(reused.after_play_index(i), fresh.after_play_index(i));
        }
    }

    #[test]
    fn near_full_jans(
        grand in any::<bool>(),
        extras in prop::collection::vec(1u8..=12, 3),
        holes in prop::collection::vec((0u8..6, 1u8..=12), 0..=3),
        a in die(), b in die(),
    ) {
        // A full petit or grand jan, three more dames, then up to three dames moved out of
        // it: lacking 0 to 3 dames.
        let first = if grand { 7 } else { 1 };
        let mut points: Vec<u8> = (0..12).map(|k| first + k / 2).collect();
        points.extend(&extras);
        for &(i, to) in &holes {
            if let Some(slot) = points.iter_mut().find(|p| **p == first + i) {
                *slot = to;
            }
        }
        let pos = home_position(&points);
        let t = throw(a, b);
        let an = ThrowAnalysis::new(&pos, t, &ScoringRules::default());
        let doublet = t.is_doublet();
        // The obligation keeps the plays leaving the most jans full among those offered to
        // it (before "coin par effet over par puissance").
        let offered = offered_boards(&pos, t);
        let count = |c: &[u8; 26]| Jan::ALL.iter().filter(|j| j.paths().all(|p| c[p as usize] >= 2)).count();
        let full = |b: trictrac_core::Board| count(b.path_counts(Colour::White));
        let best = offered.iter().map(count).max().unwrap_or(0);
        for i in 0..an.legal_plays().len() {
            prop_assert_eq!(full(an.legal_plays().board_after(i).expect("b")), best);
            let mut all: Vec<_> = an.before_play().to_vec();
            all.extend(an.after_play_index(i).expect("index"));
            for e in all {
                prop_assert_eq!(u32::from(e.points), u32::from(e.kind.points_per_way(doublet)) * u32::from(e.ways));
                match e.kind {
                    JanKind::Remplir(j) => {
                        prop_assert_eq!(e.ways, oracle_fill_ways(&pos, t, j), "{} {}", pos, t);
                        prop_assert!(!pos.board().is_full(Colour::White, j));
                        let cap = if doublet { 2 } else { 3 };
                        prop_assert!(e.ways >= 1 && e.ways <= cap);
                    }
                    JanKind::Conserver { jan, .. } => prop_assert!(pos.board().is_full(Colour::White, jan)),
                    _ => {}
                }
            }
        }
    }
}
