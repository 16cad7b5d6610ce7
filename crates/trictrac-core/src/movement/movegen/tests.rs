//! Unit tests of the move generator.

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
            pos.legal_plays_into(throw, &MovementOnly, &mut lp);
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
            pos.legal_plays_into(throw, &MovementOnly, &mut lp);
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
