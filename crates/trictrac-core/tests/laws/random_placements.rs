//! Audit: the move generator against the slow reference generator of `tests/common` on
//! random *placements* (not only positions reached in games), which reach more often the
//! corners of the laws: coins of one, two or three dames, par puissance, rests in an interdit
//! grand jan with the jan de retour open, sorties with blocked farthest dames.

use crate::common;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac_core::{Colour, Point, Position, Throw};

/// One colour's 15 dames by its own path position (25 = off), drawn from one of three
/// ranges: the first half of the path, anywhere, or the jan de retour and off.
fn draw(rng: &mut ChaCha8Rng) -> [u8; 26] {
    let (lo, hi) = match rng.random_range(0..3) {
        0 => (1, 12),
        1 => (1, 24),
        _ => (19, 25),
    };
    let mut c = [0u8; 26];
    for _ in 0..15 {
        c[rng.random_range(lo..=hi) as usize] += 1;
    }
    // Never one dame on the own coin, never a dame on the opponent's coin.
    if c[12] == 1 {
        c[12] = 0;
        c[11] += 1;
    }
    c[14] += c[13];
    c[13] = 0;
    c
}

fn text(c: &[u8; 26], colour: Colour) -> Vec<String> {
    let letter = if colour == Colour::White { 'w' } else { 'b' };
    (1..=24u8)
        .filter(|&p| c[p as usize] > 0)
        .filter_map(|p| {
            Point::from_path(colour, p).map(|pt| format!("{pt}:{letter}{}", c[p as usize]))
        })
        .collect()
}

#[test]
fn generator_equals_reference_on_random_placements() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7171_7ac7);
    let throws: Vec<Throw> = (1..=6u8)
        .flat_map(|a| (1..=a).map(move |b| (a, b)))
        .map(|(a, b)| Throw::from_values(a, b).unwrap())
        .collect();
    let mut checked = 0;
    let mut puissance = 0;
    let mut sorties = 0;
    while checked < 600 {
        let w = draw(&mut rng);
        let b = draw(&mut rng);
        let mut entries = text(&w, Colour::White);
        entries.extend(text(&b, Colour::Black));
        if entries.is_empty() {
            continue;
        }
        let side = if rng.random_range(0..2) == 0 {
            'w'
        } else {
            'b'
        };
        let Ok(pos) = format!("{} {side} 9/9 0.0/0.0", entries.join(",")).parse::<Position>()
        else {
            continue;
        };
        if pos.board().on_board(pos.side_to_move()) == 0 {
            continue;
        }
        checked += 1;
        for &t in &throws {
            assert_eq!(
                common::generated(&pos, t),
                common::reference(&pos, t),
                "{pos} {t}"
            );
            let l = pos.movement_plays(t);
            puissance += usize::from(l.iter().any(|p| p.is_par_puissance()));
            sorties += usize::from(
                l.iter()
                    .any(|p| p.moves().iter().any(|m| m.to == trictrac_core::Dest::Off)),
            );
        }
    }
    // The sample reaches the corners it is meant for.
    assert!(puissance > 0 && sorties > 0, "{puissance} {sorties}");
}
