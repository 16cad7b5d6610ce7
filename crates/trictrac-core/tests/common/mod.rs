//! A slow reference generator of legal plays, written independently of the crate's move
//! generator: it tracks every dame individually, tries every sequence of single-number steps
//! (every dame for the first number, every dame for the second, both dice orders), checks
//! each sequence against the laws as the rules page states them, then applies the filters
//! in the rules page's order. It returns the set of resulting boards of the mover.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use trictrac_core::{Colour, Point, Position, Throw};

/// The mover's dames after a play, by his path position 1..=25 (index 0 unused).
pub(crate) type Dames = [u8; 26];

struct World {
    /// Opponent dames by the MOVER's path position (1..=24).
    opp: [u8; 26],
    /// Opponent's dames by the opponent's own path position.
    opp_own: [u8; 26],
    mine: Vec<u8>,
}

fn can_fill(own: &[u8; 26], a: u8) -> bool {
    (a..=a + 5).all(|q| {
        let n: u32 = (1..=q).map(|p| u32::from(own[p as usize])).sum();
        n >= 2 * u32::from(q - a + 1)
    })
}

fn dames_of(positions: &[u8]) -> Dames {
    let mut d = [0u8; 26];
    for &p in positions {
        d[p as usize] += 1;
    }
    d
}

/// One attempted step: which dame (index), which number.
#[derive(Clone, Copy)]
struct Step {
    dame: usize,
    die: u8,
}

/// Checks a sequence of steps under every law; returns the final dame positions and the
/// number of numbers, not sortant before the play, that bear off as excédants, or None.
fn check(world: &World, steps: &[Step]) -> Option<(Vec<u8>, u8)> {
    let gj_interdit = can_fill(&world.opp_own, 7);
    let pj_interdit = can_fill(&world.opp_own, 1);
    let start = world.mine.clone();
    let start_counts = dames_of(&start);
    let mut cur = start.clone();
    let mut excess = 0;
    for (k, s) in steps.iter().enumerate() {
        let from = cur[s.dame];
        if from == 25 {
            return None;
        }
        let to = from + s.die;
        let continues = steps[k + 1..].iter().any(|n| n.dame == s.dame);
        if to >= 25 {
            // Bear off: every dame on the board in 19..=24.
            if cur.iter().any(|&p| p < 19) {
                return None;
            }
            if to > 25 {
                let rearmost = cur.iter().copied().filter(|&p| p < 25).min()?;
                if from != rearmost {
                    return None;
                }
                // Only a number that was not sortant before the play (glossary SORTIE:
                // "la totalité des nombres non sortants à l'intérieur du jan").
                if start_counts[25 - s.die as usize] == 0 {
                    excess += 1;
                }
            }
            if continues {
                return None;
            }
            cur[s.dame] = 25;
            continue;
        }
        if world.opp[to as usize] > 0 {
            return None;
        }
        if continues {
            // A rest of a tout d'une.
            let in_gj = (13..=18).contains(&to);
            let in_pj = (19..=24).contains(&to);
            if in_gj && gj_interdit && (start_counts[to as usize] > 0 || pj_interdit) {
                return None;
            }
            if in_pj && pj_interdit {
                return None;
            }
        } else {
            if to == 13 {
                return None;
            }
            if (13..=18).contains(&to) && gj_interdit {
                return None;
            }
            if (19..=24).contains(&to) && pj_interdit {
                return None;
            }
        }
        cur[s.dame] = to;
    }
    if dames_of(&cur)[12] == 1 {
        return None;
    }
    Some((cur, excess))
}

type Found = BTreeMap<Dames, (u8, u8, bool)>;

fn add(found: &mut Found, b: Dames, dice: u8, ex: u8, pp: bool) {
    let e = found.entry(b).or_insert((dice, ex, pp));
    if ex < e.1 {
        e.1 = ex;
    }
}

/// The reference set of legal boards (mover's dames) for `throw`, and the number of dice
/// played.
pub(crate) fn reference(pos: &Position, throw: Throw) -> (BTreeSet<Dames>, u8) {
    let mover = pos.side_to_move();
    let opp_colour = mover.other();
    let mut world = World {
        opp: [0; 26],
        opp_own: [0; 26],
        mine: Vec::new(),
    };
    for point in Point::ALL {
        let pm = point.path(mover);
        for _ in 0..pos.board().count(mover, point) {
            world.mine.push(pm);
        }
        world.opp[pm as usize] = pos.board().count(opp_colour, point);
        world.opp_own[point.path(opp_colour) as usize] = pos.board().count(opp_colour, point);
    }
    for _ in 0..pos.board().off(mover) {
        world.mine.push(25);
    }
    let n = world.mine.len();
    let (h, l) = (throw.high().get(), throw.low().get());
    let orders: Vec<(u8, u8)> = if h == l {
        vec![(h, h)]
    } else {
        vec![(h, l), (l, h)]
    };
    // board -> (dice played, excess, par puissance)
    let mut found: Found = BTreeMap::new();
    for &(x, y) in &orders {
        for i in 0..n {
            // The last dame borne off by one number: nothing is left for the other.
            if let Some((after, ex)) = check(&world, &[Step { dame: i, die: x }])
                && after.iter().all(|&p| p == 25)
            {
                add(&mut found, dames_of(&after), 2, ex, false);
            }
            for j in 0..n {
                let steps = [Step { dame: i, die: x }, Step { dame: j, die: y }];
                if let Some((after, ex)) = check(&world, &steps) {
                    add(&mut found, dames_of(&after), 2, ex, false);
                }
            }
        }
    }
    // Par puissance: both coins empty; dames at 13-h and 13-l go to 12 instead.
    let counts = dames_of(&world.mine);
    if counts[12] == 0 && world.opp[13] == 0 && h < 12 && l < 12 {
        let (a, b) = (13 - h, 13 - l);
        let ok = if a == b {
            counts[a as usize] >= 2
        } else {
            counts[a as usize] >= 1 && counts[b as usize] >= 1
        };
        if ok && a != 12 && b != 12 {
            let mut c = counts;
            c[a as usize] -= 1;
            c[b as usize] -= 1;
            c[12] += 2;
            add(&mut found, c, 2, 0, true);
        }
    }
    let mut dice = 2;
    if found.is_empty() {
        dice = 1;
        for d in [h, l] {
            for i in 0..n {
                if let Some((after, ex)) = check(&world, &[Step { dame: i, die: d }]) {
                    add(&mut found, dames_of(&after), 1, ex, false);
                }
            }
            if !found.is_empty() {
                break;
            }
        }
    }
    if found.is_empty() {
        return (BTreeSet::from([counts]), 0);
    }
    // Coin par effet over par puissance.
    let effect = found
        .iter()
        .any(|(b, &(_, _, pp))| !pp && counts[12] == 0 && b[12] >= 2);
    if effect {
        found.retain(|_, v| !v.2);
    }
    // Sortie: fewest non-sortant numbers borne off as excédants (every non-sortant number
    // inside when possible); the last dames off when possible.
    let min = found.values().map(|v| v.1).min().unwrap_or(0);
    found.retain(|_, v| v.1 == min);
    if found.keys().any(|b| b[25] == 15) {
        found.retain(|b, _| b[25] == 15);
    }
    (found.into_keys().collect(), dice)
}

/// The crate's legal boards for comparison.
pub(crate) fn generated(pos: &Position, throw: Throw) -> (BTreeSet<Dames>, u8) {
    let legal = pos.movement_plays(throw);
    let mover: Colour = pos.side_to_move();
    let set = (0..legal.len())
        .map(|i| *legal.board_after(i).unwrap().path_counts(mover))
        .collect();
    (set, legal.dice_played())
}
