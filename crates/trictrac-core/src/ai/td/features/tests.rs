use super::*;
use crate::GameOptions;

#[test]
fn the_start_has_the_talons_and_the_phase() {
    let form = Ordinaire::of(&GameOptions::default());
    let inputs = encode(&Position::start(), &form);
    let dense = inputs.dense();
    // 15 dames on each talon: at least 3, and (15 - 3) / 6 = 2 beyond.
    for at in [BOARD_AT, BOARD_AT + BOARD] {
        assert_eq!(&dense[at..at + 4], &[0.0, 0.0, 1.0, 2.0]);
    }
    // Both petit and grand jans still fillable, nothing full, no pip advanced.
    for at in [HAND_AT, HAND_AT + HAND] {
        assert_eq!(
            &dense[at..at + 9],
            &[0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
        );
    }
    // No points; 12 trous needed.
    for at in [MARKS_AT, MARKS_AT + MARKS] {
        assert!(dense[at..at + 12].iter().all(|&v| v == 0.0));
        assert!(dense[at + 12..at + 23].iter().all(|&v| v == 0.0));
        assert_eq!(&dense[at + 23..at + 25], &[1.0, 1.0]);
    }
    // No throw yet for either player; pavillon off.
    assert_eq!(
        &dense[PARTIE_AT..],
        &[0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    );
    assert_eq!(NUM_INPUTS, 279);
}

#[test]
fn the_marks_are_seen_from_the_player_to_throw() {
    let form = Ordinaire::of(&GameOptions {
        pavillon: true,
        ..GameOptions::default()
    });
    // Black to throw: Black has 1 trou 4 points en bredouille (double jeton, White
    // marked too) and holds the pavillon (White has 3 trous).
    let pos: Position = "B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 3.2/1.4*p"
        .parse()
        .unwrap();
    let dense = encode(&pos, &form).dense();
    let me = MARKS_AT;
    let him = MARKS_AT + MARKS;
    let points = |at: usize| dense[at..at + 11].iter().position(|&v| v == 1.0);
    assert_eq!((points(me), points(him)), (Some(3), Some(1)));
    assert_eq!((dense[me + 11], dense[him + 11]), (4.0 / 12.0, 2.0 / 12.0));
    // 11 trous still needed by Black, 9 by White.
    let needed = |at: usize| dense[at + 12..at + 24].iter().position(|&v| v == 1.0);
    assert_eq!((needed(me), needed(him)), (Some(10), Some(8)));
    assert_eq!(&dense[me + 25..me + 29], &[1.0, 1.0, 1.0, 1.0]);
    assert_eq!(&dense[him + 25..him + 29], &[0.0, 0.0, 0.0, 0.0]);
    assert_eq!(dense[PARTIE_AT], 1.0);
    // Black has thrown once since the relevé, White twice.
    assert_eq!(dense[PARTIE_AT + 1 + 1], 1.0);
    assert_eq!(dense[PARTIE_AT + 5 + 2], 1.0);
    // Black's coin (his path 12) holds 3 dames: at least 3, none beyond.
    assert_eq!(
        &dense[BOARD_AT + 11 * 4..BOARD_AT + 12 * 4],
        &[0.0, 0.0, 1.0, 0.0]
    );
    // White's B3 (his path 3) holds 2.
    let white = BOARD_AT + BOARD;
    assert_eq!(&dense[white + 2 * 4..white + 3 * 4], &[0.0, 1.0, 0.0, 0.0]);
}

/// The tables are the divisions, and the board's units by the points occupied those of
/// every path position in turn; the jans still fillable are [`can_fill_from`].
#[test]
fn the_tables_and_loops_are_the_plain_ones() {
    for n in 0..16u8 {
        let beyond = if n > 3 { f32::from(n - 3) / 6.0 } else { 0.0 };
        assert_eq!(BEYOND_THREE[usize::from(n)].to_bits(), beyond.to_bits());
        assert_eq!(
            OFF_15[usize::from(n)].to_bits(),
            (f32::from(n) / 15.0).to_bits()
        );
    }
    for k in 0..=360u32 {
        assert_eq!(PIPS_360[k as usize].to_bits(), (k as f32 / 360.0).to_bits());
    }
    for k in 0..=90u32 {
        assert_eq!(
            BLOCKED_36[k as usize].to_bits(),
            (k as f32 / 36.0).to_bits()
        );
    }
    use rand::RngExt;
    let mut rng = boardgames_common::Seed(8).rng();
    for _ in 0..20_000 {
        let mut counts = [0u8; 26];
        for _ in 0..15 {
            counts[rng.random_range(1..26usize)] += 1;
        }
        let mut plain = Inputs::new();
        for (k, &n) in counts[1..=24].iter().enumerate() {
            if n == 0 {
                continue;
            }
            let base = k * 4;
            plain.push(base + usize::from(n.min(3)) - 1, 1.0);
            if n > 3 {
                plain.push(base + 3, f32::from(n - 3) / 6.0);
            }
        }
        plain.push(96, f32::from(counts[OFF as usize]) / 15.0);
        let mut fast = Inputs::new();
        board_side_of(&mut fast, &counts, count_masks(&counts).0, 0);
        assert_eq!(plain.pairs(), fast.pairs(), "{counts:?}");
        for a in [1, 7] {
            assert_eq!(fillable(&counts, a), can_fill_from(&counts, a as u8));
        }
    }
}

/// The numbers blocked counted by number are those counted by dame.
#[test]
fn blocked_numbers_counted_by_number_are_those_counted_by_dame() {
    use rand::RngExt;
    let mut rng = boardgames_common::Seed(5).rng();
    for _ in 0..20_000 {
        let (ours, his) = (
            rng.random_range(0..1u32 << 25) & !1,
            rng.random_range(0..1u32 << 25) & !1,
        );
        let mut by_dame = 0;
        for q in 1..24u32 {
            if his & (1 << q) != 0 {
                for d in 1..=6 {
                    // Our point q + d of his path is our path position 25 - q - d.
                    let p = 25 - i64::from(q + d);
                    if p >= 1 && ours & (1 << p) != 0 {
                        by_dame += 1;
                    }
                }
            }
        }
        assert_eq!(blocked_of(ours, his), by_dame, "{ours:#x} {his:#x}");
    }
}

/// The varying inputs computed with the thrower's units kept are the very pairs of the
/// full encoding, after every play of random parties.
#[test]
fn the_thrower_units_kept_give_the_varying_inputs() {
    use boardgames_common::{Game, Seed, Turn};

    use crate::scoring::ThrowScore;
    use crate::{Phase, TrictracGame};

    let mut compared = 0;
    for g in 0..10u64 {
        let mut game = TrictracGame::new(GameOptions::default());
        let mut rng = Seed(g).rng();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        while game.turn() != Turn::Terminal {
            if let (Phase::Play { .. }, Some(analysis)) = (game.phase(), game.analysis()) {
                let mover = game.position().side_to_move();
                let mut kept = None;
                for play in ThrowScore::legal_plays(analysis) {
                    let mut after = *game.position();
                    after.play_unchecked(play);
                    // The opponent to throw next, as after the play.
                    after.set_side_to_move(mover.other());
                    let thrower = *kept.get_or_insert_with(|| ThrowerUnits::of(&after));
                    let (mut full, mut fast) = (Inputs::new(), Inputs::new());
                    encode_varying(&after, &mut full);
                    encode_varying_with(&after, &thrower, &mut fast);
                    assert_eq!(full.pairs(), fast.pairs());
                    compared += 1;
                }
            }
            super::super::random_step(&mut game, &mut rng, &mut legal, &mut outcomes);
        }
    }
    assert!(compared > 2000, "{compared}");
}

#[test]
fn a_lone_dame_in_reach_is_exposed() {
    // White's lone dame on B3 (his path 3); Black's dames on B5 (Black's path 20, White's
    // path 5): distance 2, brought by 12 throws of 36 (a 2 on either die, or 1-1).
    let pos: Position = "B1:w14,B3:w1,N1:b14,B5:b1 w 0/0 0.0/0.0".parse().unwrap();
    let e = exposure(pos.board(), Colour::White);
    assert!((e - 4.0 * 12.0 / 36.0).abs() < 1e-6, "{e}");
    // Black's lone dame on B5 (his jan de retour, the petit-jan table) is in reach of
    // White's B3 (2) and B1 (4): 12 + 14 throws of 36.
    let e = exposure(pos.board(), Colour::Black);
    assert!((e - 4.0 * 26.0 / 36.0).abs() < 1e-6, "{e}");
}
