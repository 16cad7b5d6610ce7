//! The bot's fast paths give exactly the numbers of the slow ones: the reply estimate
//! ([`ThrowScorer::points_before_each_throw`] of the [`JanScorer`]) equals 21 full analyses,
//! and the bit-set evaluation equals the point-by-point evaluation of the module docs, to the
//! last bit, on every position of seeded random parties.

use boardgames_common::{Game, RandomAgent, Seed, Turn, UNORDERED_OUTCOMES, sample_chance};
use trictrac_core::ai::{Bot, Weights};
use trictrac_core::scoring::ThrowAnalysis;
use trictrac_core::scoring::{JanScorer, ThrowScore, ThrowScorer};
use trictrac_core::{Board, ByColour, Colour, Position};
use trictrac_core::{GameOptions, Phase, TrictracGame};

/// Every position at which the side to move is about to throw in `parties` seeded parties
/// ordinaires between random agents, then in as many between static bots (no lookahead:
/// their blocking makes numbers unplayable more often).
fn positions(parties: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for s in 0..2 * parties {
        let mut game = TrictracGame::new(GameOptions::default());
        let mut rng = Seed(s).rng();
        let mut random = RandomAgent::new(Seed(100 + s));
        let mut bot = Bot {
            lookahead: 0,
            ..Bot::default()
        };
        let agent: &mut dyn boardgames_common::Agent<TrictracGame> =
            if s < parties { &mut random } else { &mut bot };
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        for _ in 0..100_000 {
            let action = match game.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    if game.phase() == Phase::Throw {
                        out.push(*game.position());
                    }
                    game.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng).unwrap()
                }
                Turn::Player(_) => {
                    game.legal_actions(&mut legal);
                    agent.choose(&game, &legal)
                }
            };
            game.apply(action).unwrap();
        }
        assert!(game.is_terminal(), "random partie {s} did not end");
    }
    out
}

#[test]
fn reply_estimate_equals_the_full_analyses() {
    let scorer = JanScorer::default();
    let mut scratch = ThrowAnalysis::default();
    let mut full = ThrowAnalysis::default();
    let ps = positions(6);
    assert!(ps.len() > 500, "{}", ps.len());
    let (mut impuissance, mut scoring) = (0, 0);
    for p in &ps {
        let fast = scorer.points_before_each_throw(p, &mut scratch);
        for (i, &(t, _)) in UNORDERED_OUTCOMES.iter().enumerate() {
            scorer.analyse(p, t, None, &mut full);
            let slow: ByColour<u8> = ThrowScore::before_play(&full, None);
            assert_eq!(fast[i], slow, "{p} throw {t}");
            impuissance += usize::from(!full.legal_plays().unplayed().is_empty());
            scoring += usize::from(slow != ByColour::default());
        }
    }
    // The comparison covered throws that score and throws with a number unplayable.
    assert!(
        impuissance > 100 && scoring > 1000,
        "{impuissance} {scoring}"
    );
}

/// The jans of the side to move missing at most two dames (bit `i` for petit jan, grand jan,
/// jan de retour) and those full, as the test reads them from the board.
fn nearly_full_jans(p: &Position) -> (u8, u8) {
    let c = p.side_to_move();
    let (mut near, mut full) = (0, 0);
    for (i, first) in [1u8, 7, 19].into_iter().enumerate() {
        let missing: u8 = (first..first + 6)
            .map(|q| 2u8.saturating_sub(p.board().at_path(c, q)))
            .sum();
        if missing <= 2 {
            near |= 1 << i;
        }
        if missing == 0 {
            full |= 1 << i;
        }
    }
    (near, full)
}

/// The positions the bot's reply estimate is asked about: after every legal play of the
/// throw that fell, at every throw position of seeded parties between default bots
/// (lookahead 8) and between random agents; the opponent to move.
fn positions_after_plays(parties: u64) -> Vec<Position> {
    let scorer = JanScorer::default();
    let mut out = Vec::new();
    for s in 0..2 * parties {
        let mut game = TrictracGame::new(GameOptions::default());
        let mut rng = Seed(500 + s).rng();
        let mut random = RandomAgent::new(Seed(600 + s));
        let mut bot = Bot::default();
        let agent: &mut dyn boardgames_common::Agent<TrictracGame> =
            if s < parties { &mut bot } else { &mut random };
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut analysis = ThrowAnalysis::default();
        for _ in 0..100_000 {
            let action = match game.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    let a = sample_chance(&outcomes, &mut rng).unwrap();
                    if let (Phase::Throw, trictrac_core::Action::Throw(t)) = (game.phase(), a) {
                        let p = *game.position();
                        scorer.analyse(&p, t, None, &mut analysis);
                        for play in analysis.legal_plays() {
                            let mut after = p;
                            after.play_unchecked(play);
                            out.push(after);
                        }
                    }
                    a
                }
                Turn::Player(_) => {
                    game.legal_actions(&mut legal);
                    agent.choose(&game, &legal)
                }
            };
            game.apply(action).unwrap();
        }
        assert!(game.is_terminal(), "partie {s} did not end");
    }
    out
}

/// The reply estimate on the positions it is asked about, with every branch of its fast
/// path covered: no jan nearly full; one jan nearly full and full already (kept by two
/// simple steps, or found by the generation); one jan that a throw may fill.
#[test]
fn reply_estimate_equals_the_full_analyses_after_every_play() {
    let scorer = JanScorer::default();
    let mut scratch = ThrowAnalysis::default();
    let mut full = ThrowAnalysis::default();
    let ps = positions_after_plays(8);
    assert!(ps.len() > 5000, "{}", ps.len());
    // Positions by case: [no jan near, one full jan, one jan to fill, two or more], and the
    // throws of the one-jan cases that keep or fill it.
    let (mut cases, mut kept, mut filled) = ([0usize; 4], 0, 0);
    for p in &ps {
        let fast = scorer.points_before_each_throw(p, &mut scratch);
        let (near, full_jans) = nearly_full_jans(p);
        let case = match near.count_ones() {
            0 => 0,
            1 if full_jans == near => 1,
            1 => 2,
            _ => 3,
        };
        cases[case] += 1;
        for (i, &(t, _)) in UNORDERED_OUTCOMES.iter().enumerate() {
            scorer.analyse(p, t, None, &mut full);
            let slow: ByColour<u8> = ThrowScore::before_play(&full, None);
            assert_eq!(fast[i], slow, "{p} throw {t}");
            let events = full.before_play();
            use trictrac_core::scoring::JanKind;
            if case == 1
                && events
                    .iter()
                    .any(|e| matches!(e.kind, JanKind::Conserver { .. }))
            {
                kept += 1;
            }
            if case == 2 && events.iter().any(|e| matches!(e.kind, JanKind::Remplir(_))) {
                filled += 1;
            }
        }
    }
    // Two jans nearly full at once is rare in these parties (the full analysis, as
    // before, decides those).
    assert!(
        cases[0] > 1000 && cases[1] > 100 && cases[2] > 1000 && kept > 1000 && filled > 1000,
        "{cases:?} {kept} {filled}"
    );
}

/// The evaluation of the module docs, point by point (the reference for the bit sets).
fn reference_evaluate(w: &Weights, board: &Board, colour: Colour) -> f64 {
    let reach = |d: u8| {
        let mut n = 0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                if a == d || b == d || a + b == d {
                    n += 1;
                }
            }
        }
        f64::from(n) / 36.0
    };
    let own = |p: u8| board.at_path(colour, p);
    let theirs = |q: u8| board.at_path(colour.other(), q);
    let mut v = 0.0;
    for p in 2..=24u8 {
        if own(p) != 1 {
            continue;
        }
        let value = if p <= 6 || p >= 19 { 4.0 } else { 2.0 };
        let mut chance = 0.0;
        for x in p + 1..=(p + 12).min(24) {
            if theirs(25 - x) > 0 {
                chance += reach(x - p);
            }
        }
        v -= w.exposure * value * f64::min(chance, 1.0);
    }
    let made = |p: u8| own(p) >= 2;
    v += w.petit_jan_case * (2..=6).filter(|&p| made(p)).count() as f64;
    v += w.grand_jan_case * (7..12).filter(|&p| made(p)).count() as f64;
    if made(12) {
        v += w.coin;
    }
    for first in [1u8, 7, 19] {
        if (first..first + 6).all(made) {
            v += w.plein;
        }
    }
    let progress: u32 = (1..=25u8).map(|p| u32::from(own(p)) * u32::from(p)).sum();
    v += w.pip * f64::from(progress);
    let mut blocked = 0u32;
    for q in 1..=23u8 {
        if theirs(q) == 0 {
            continue;
        }
        for d in 1..=6u8 {
            let t = q + d;
            if t <= 24 && own(25 - t) > 0 {
                blocked += 1;
            }
        }
    }
    v += w.block * f64::from(blocked);
    v
}

#[test]
fn evaluation_equals_the_point_by_point_reference() {
    let bot = Bot::default();
    let ps = positions(3);
    for p in &ps {
        for c in Colour::ALL {
            let fast = bot.evaluate(p.board(), c);
            let slow = reference_evaluate(&bot.weights, p.board(), c);
            assert_eq!(fast.to_bits(), slow.to_bits(), "{p} {c}: {fast} {slow}");
        }
    }
}
