//! Properties over random legal games ("start + legal play index % len"):
//! 15 dames a side always, no point with both colours, no coin with exactly one dame, every
//! generated play accepted by `is_legal` and by `parse_play` of its own notation, the
//! position notation round-tripping at every ply, and the generator equal to the slow
//! reference generator of `tests/common` at every ply.

use crate::common;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac_core::{Colour, DAMES, Point, Position, Throw};

fn check_invariants(pos: &Position) {
    let b = pos.board();
    for c in Colour::ALL {
        let on: u32 = Point::ALL.iter().map(|&p| u32::from(b.count(c, p))).sum();
        assert_eq!(on + u32::from(b.off(c)), u32::from(DAMES), "{pos}");
        assert_ne!(
            b.count(c, Point::coin(c)),
            1,
            "single dame on a coin: {pos}"
        );
        assert_eq!(
            b.count(c, Point::coin(c.other())),
            0,
            "on the opponent's coin: {pos}"
        );
    }
    for p in Point::ALL {
        assert!(
            b.count(Colour::White, p) == 0 || b.count(Colour::Black, p) == 0,
            "both colours on {p}: {pos}"
        );
    }
    let text = pos.to_string();
    assert_eq!(text.parse::<Position>().as_ref(), Ok(pos), "{text}");
}

/// Plays one step of a random game; returns the new position.
fn step(pos: Position, throw: Throw, index: usize, with_reference: bool) -> Position {
    let legal = pos.movement_plays(throw);
    assert!(!legal.is_empty());
    if with_reference {
        assert_eq!(
            common::generated(&pos, throw),
            common::reference(&pos, throw),
            "{pos} {throw}"
        );
    }
    let mover = pos.side_to_move();
    for play in legal.iter() {
        assert!(pos.is_movement_legal(play), "{pos} {play}");
        // Each move plays one number of the throw, over its distance (one less for the coin
        // par puissance; less for an excédant bear-off); two moves use both dice.
        let mut dice: Vec<u8> = play.moves().iter().map(|m| m.die.get()).collect();
        dice.sort_unstable();
        if dice.len() == 2 {
            let mut t = [throw.low().get(), throw.high().get()];
            t.sort_unstable();
            assert_eq!(dice, t, "{pos} {play}");
        }
        for m in play.moves() {
            let d = m.to.path(mover) - m.from.path(mover);
            let die = m.die.get();
            if play.is_par_puissance() {
                assert_eq!(d + 1, die, "{pos} {play}");
            } else if m.to == trictrac_core::Dest::Off {
                assert!(d <= die, "{pos} {play}");
            } else {
                assert_eq!(d, die, "{pos} {play}");
            }
        }
        let parsed = pos.parse_movement_play(&play.to_string());
        assert_eq!(parsed.as_ref(), Ok(play), "{pos} {play}");
    }
    let play = *legal.get(index % legal.len()).unwrap();
    let mut next = pos.play_movement_only(&play).unwrap();
    check_invariants(&next);
    if next.has_borne_off_all(mover) {
        next.releve(mover);
        check_invariants(&next);
    }
    next
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_games(steps in prop::collection::vec((1u8..=6, 1u8..=6, any::<u16>()), 0..320)) {
        let mut pos = Position::start();
        check_invariants(&pos);
        for (a, b, i) in steps {
            let throw = Throw::from_values(a, b).unwrap();
            pos = step(pos, throw, usize::from(i), true);
        }
    }
}

/// Seeded random games reach every kind of play the laws describe, so the properties and
/// the reference cross-check above really exercise them.
#[test]
fn random_games_cover_every_law() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut releves, mut puissance, mut tout_d_une, mut impuissance, mut bear_off) =
        (0, 0, 0, 0, 0);
    for _game in 0..6 {
        let mut pos = Position::start();
        for _ in 0..400 {
            let throw =
                Throw::from_values(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
            let legal = pos.movement_plays(throw);
            let i = rng.random_range(0..legal.len());
            let play = *legal.get(i).unwrap();
            puissance += usize::from(play.is_par_puissance());
            tout_d_une += usize::from(play.is_tout_d_une());
            impuissance += usize::from(!legal.unplayed().is_empty());
            bear_off += play
                .moves()
                .iter()
                .filter(|m| m.to == trictrac_core::Dest::Off)
                .count();
            let mover = pos.side_to_move();
            let off_before = pos.board().off(mover);
            pos = step(pos, throw, i, true);
            if off_before
                + (play
                    .moves()
                    .iter()
                    .filter(|m| m.to == trictrac_core::Dest::Off)
                    .count() as u8)
                == DAMES
            {
                assert_eq!(pos.board(), &trictrac_core::Board::start());
                assert_eq!(pos.side_to_move(), mover);
                releves += 1;
            }
        }
    }
    assert!(releves > 0, "no relevé");
    assert!(puissance > 0, "no par puissance");
    assert!(tout_d_une > 0, "no tout d'une");
    assert!(impuissance > 0, "no impuissance");
    assert!(bear_off > 0, "no sortie");
}
