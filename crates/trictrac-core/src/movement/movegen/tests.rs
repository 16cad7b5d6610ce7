//! Unit tests of the move generator.

use super::generate::ge2_nibbles;
use super::*;
use crate::board::{PathCounts, key_of};

/// The early-exit generation finds the number of dice of the full one, for every throw
/// of positions with and without blocked numbers.
#[test]
fn dice_playable_agrees_with_the_full_generation() {
    let texts = [
        "B1:w15,N1:b15 w 0/0 0.0/0.0",
        "B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b8,N2:b1,N3:b1,N7:b2,N8:b2,N9:b1 w 9/9 0.0/0.0",
        "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b7,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0",
        "B1:w13,B7:w1,B8:w1,N1:b15 w 2/2 0.0/0.0",
        "N6:w1,N1:w2,N3:b2,B1:b13 w 20/20 0.0/0.0",
        "N6:w1,N1:w2,N3:b2,B1:b13 b 20/20 0.0/0.0",
        "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w2,B8:w1,N1:b15 w 10/10 0.0/0.0",
        "B6:w2,B7:w2,B8:w2,B9:w2,B10:w2,B11:w3,B12:w2,N1:b3,N2:b2,N3:b2,N4:b2,N5:b2,N6:b2,N7:b2 w 12/12 0.0/0.0",
    ];
    let (mut seen, mut lp) = ([0usize; 3], LegalPlays::new());
    for t in texts {
        let pos: Position = t.parse().unwrap();
        let prep = Prepared::new(&pos);
        for (throw, _) in boardgames_common::UNORDERED_OUTCOMES {
            pos.movement_plays_into(throw, &mut lp);
            assert_eq!(prep.dice_playable(throw), lp.dice_played(), "{t} {throw}");
            seen[lp.dice_played() as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Two simple steps prove both numbers playable (never a false proof), and the
/// generation that looks for a play leaving a jan full finds one exactly when the full
/// list has one (after coin par effet, among the plays of the most numbers).
#[test]
fn simple_steps_and_fill_search_agree_with_the_full_generation() {
    let texts = [
        "B1:w15,N1:b15 w 0/0 0.0/0.0",
        "B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b8,N2:b1,N3:b1,N7:b2,N8:b2,N9:b1 w 9/9 0.0/0.0",
        "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b7,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0",
        "B1:w13,B7:w1,B8:w1,N1:b15 w 2/2 0.0/0.0",
        "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w2,B8:w1,N1:b15 w 10/10 0.0/0.0",
        "B1:w3,B2:w2,B3:w2,B4:w2,B5:w2,B6:w1,B8:w3,N1:b15 w 10/10 0.0/0.0",
        "B1:w5,B6:w2,B7:w2,B8:w2,B9:w2,B10:w1,B11:w1,N1:b13,N12:b2 w 8/8 0.0/0.0",
        "B6:w2,B7:w2,B8:w2,B9:w2,B10:w2,B11:w3,B12:w2,N1:b3,N2:b2,N3:b2,N4:b2,N5:b2,N6:b2,N7:b2 w 12/12 0.0/0.0",
    ];
    let (mut proved, mut unproved, mut found, mut none) = (0, 0, 0, 0);
    let mut lp = LegalPlays::new();
    for t in texts {
        let pos: Position = t.parse().unwrap();
        let prep = Prepared::new(&pos);
        let steps = prep.simple_steps(0);
        for (throw, _) in boardgames_common::UNORDERED_OUTCOMES {
            pos.movement_plays_into(throw, &mut lp);
            if steps.both(throw) {
                assert_eq!(lp.dice_played(), 2, "{t} {throw}");
                proved += 1;
            } else if lp.dice_played() == 2 {
                unproved += 1;
            }
            for first in [1u32, 7, 19] {
                let window = 0x11_1111u128 << (4 * (first - 1));
                let full = |c: &Candidate| ge2_nibbles(c.key()) & window == window;
                let (dice, fills) = prep.some_play_fills(throw, window);
                assert_eq!(dice, lp.dice_played(), "{t} {throw}");
                assert_eq!(
                    fills,
                    lp.candidates().iter().any(full),
                    "{t} {throw} {first}"
                );
                if fills { found += 1 } else { none += 1 }
            }
        }
    }
    assert!(
        proved > 0 && unproved > 0 && found > 0 && none > 0,
        "{proved} {unproved} {found} {none}"
    );
}

/// The nibbles of at least two dames, against the counts they pack.
#[test]
fn ge2_nibbles_marks_the_points_with_two_dames() {
    let mut c: PathCounts = [0; 26];
    for (p, n) in c.iter_mut().enumerate().skip(1) {
        *n = (p % 16) as u8;
    }
    let ge2 = ge2_nibbles(key_of(&c));
    for (p, &n) in c.iter().enumerate().skip(1) {
        assert_eq!(ge2 >> (4 * (p - 1)) & 0xF, u128::from(n >= 2), "{p}");
    }
}

#[test]
fn candidate_size() {
    assert_eq!(std::mem::size_of::<Candidate>(), 32);
}

/// The "must fill / must keep" hook: an [`Obligations`] filter runs after "maximum number of
/// dice", "the higher die" and "coin par effet over par puissance", before the sortie
/// constraints; a filter that would remove every play is ignored. (Moved from the
/// integration tests when the hook left the public API.)
mod hook {
    use super::*;
    use crate::board::{Colour, Jan};

    /// A stand-in for the scoring rules' filter: must keep the grand jan if possible.
    struct MustKeepGrandJan;

    impl Obligations for MustKeepGrandJan {
        fn apply(&self, position: &Position, _throw: Throw, plays: &mut PlayList) {
            let mover = position.side_to_move();
            if position.board().is_full(mover, Jan::GrandJan) {
                plays.retain_if_any(|c| Jan::GrandJan.paths().all(|p| c.after_at(p) >= 2));
            }
        }
    }

    /// Removes everything: must be ignored.
    struct Nothing;

    impl Obligations for Nothing {
        fn apply(&self, _: &Position, _: Throw, plays: &mut PlayList) {
            plays.retain(|_| false);
        }
    }

    fn plays_with(p: &Position, t: Throw, obligations: &impl Obligations) -> LegalPlays {
        let mut out = LegalPlays::new();
        p.plays_into(t, obligations, &mut out);
        out
    }

    #[test]
    fn keep_filter_plugs_in() {
        // White's grand jan is full with three surplus dames; 2-1 may keep it or break it.
        let p: Position = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b15 w 9/9 0.0/0.0"
            .parse()
            .unwrap();
        let t: Throw = "2-1".parse().unwrap();
        let free = p.movement_plays(t);
        let kept = plays_with(&p, t, &MustKeepGrandJan);
        assert!(kept.len() < free.len());
        for i in 0..kept.len() {
            assert!(
                kept.board_after(i)
                    .unwrap()
                    .is_full(Colour::White, Jan::GrandJan)
            );
        }
        let texts: Vec<String> = kept.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            texts,
            [
                // Every way of moving surplus dames (one on each of B7, B8, B9) inside the jan.
                "2-1: B7-B9, B8-B9",
                "2-1: B7-B9-B10",
                "2-1: B8-B10, B9-B10",
                "2-1: B8-B10-B11",
                "2-1: B9-B11, B7-B8",
                "2-1: B9-B11-B12",
            ]
        );
        // play_with / is_legal_with refuse a play breaking the obligation.
        let breaking = p.parse_movement_play("2-1: B11-N12").err();
        assert!(breaking.is_some(), "N12 is Black's coin");
        let breaking = p.parse_movement_play("2-1: B10-B12, B10-B11").unwrap();
        assert!(p.is_movement_legal(&breaking));
        assert!(!p.is_legal_with(&breaking, &MustKeepGrandJan));
        assert!(p.play_with(&breaking, &MustKeepGrandJan).is_err());
        let keeping = kept.get(0).unwrap();
        assert!(p.play_with(keeping, &MustKeepGrandJan).is_ok());
        let all = plays_with(&p, t, &Nothing);
        assert_eq!(all.len(), free.len());
    }
}
