//! Tournament arithmetic against values computed by hand from the formulas.

use boardgames_common::tournament::{EloError, ResultTable, Wdl, elo_ratings, schedule, wilson};
use boardgames_common::{ByPlayer, Seed};

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() < eps
}

#[test]
fn wilson_intervals() {
    // p = 0.75, n = 100, z = 1.959964: centre (p + z²/2n)/(1 + z²/n), half-width
    // z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
    let w = wilson(75, 100);
    assert_eq!(w.estimate, 0.75);
    assert!(close(w.low, 0.656_955_364_519_384, 1e-12), "{w:?}");
    assert!(close(w.high, 0.824_547_886_377_123, 1e-12), "{w:?}");
    let w = wilson(30, 100);
    assert!(
        close(w.low, 0.218_948_852_949_328, 1e-12) && close(w.high, 0.395_848_546_333_467, 1e-12)
    );
    // The ends: 0 of 10 is [0, z²/(n + z²)], 10 of 10 its mirror.
    let w = wilson(0, 10);
    assert!(close(w.low, 0.0, 1e-15) && close(w.high, 0.277_532_799_862_889, 1e-12));
    let w = wilson(10, 10);
    assert!(close(w.low, 0.722_467_200_137_111, 1e-12) && close(w.high, 1.0, 1e-12));
    assert_eq!((wilson(0, 0).low, wilson(0, 0).high), (0.0, 1.0));
}

/// The values the tafl self-play's own Wilson interval (z = 1.959964, now this one) was
/// tested on.
#[test]
fn wilson_intervals_of_the_former_tafl_tally() {
    // 50 of 100: 0.5 with the interval 0.404..0.596.
    let w = wilson(50, 100);
    assert!((w.estimate - 0.5).abs() < 1e-12);
    assert!(
        (w.low - 0.4038).abs() < 1e-3 && (w.high - 0.5962).abs() < 1e-3,
        "{w:?}"
    );
    // 100 of 100: the interval still leaves room below one.
    let w = wilson(100, 100);
    assert!(
        (w.low - 0.9630).abs() < 1e-3 && (w.high - 1.0).abs() < 1e-12,
        "{w:?}"
    );
    let none = wilson(0, 0);
    assert_eq!((none.estimate, none.low, none.high), (0.0, 0.0, 1.0));
}

#[test]
fn wins_draws_losses() {
    let mut t = ResultTable::new(3);
    t.record(0, 1, ByPlayer::new(1.0, -1.0));
    t.record(1, 0, ByPlayer::new(2.0, -2.0)); // agent 1 wins double as the first player
    t.record(0, 2, ByPlayer::new(0.0, 0.0));
    t.record(2, 0, ByPlayer::new(-1.0, 1.0));
    assert_eq!(
        t.get(0, 1),
        Wdl {
            wins: 1,
            draws: 0,
            losses: 1
        }
    );
    assert_eq!(
        t.get(1, 0),
        Wdl {
            wins: 1,
            draws: 0,
            losses: 1
        }
    );
    assert_eq!(
        t.get(0, 2),
        Wdl {
            wins: 1,
            draws: 1,
            losses: 0
        }
    );
    assert_eq!(
        t.total(0),
        Wdl {
            wins: 2,
            draws: 1,
            losses: 1
        }
    );
    assert_eq!(t.total(0).score(), 0.625);
    t.record(0, 0, ByPlayer::new(1.0, -1.0));
    t.record(7, 0, ByPlayer::new(1.0, -1.0));
    assert_eq!(t.total(0).games(), 4);
}

fn table_2(score_of_a: u64, n: u64) -> ResultTable {
    let mut t = ResultTable::new(2);
    t.add(
        0,
        1,
        Wdl {
            wins: score_of_a,
            draws: 0,
            losses: n - score_of_a,
        },
    );
    t
}

#[test]
fn elo_of_two_agents() {
    // A scores 75 of 100: the difference is 400·log10(0.75/0.25) = 400·log10 3, so A is
    // 200·log10 3 = 95.4243 above the mean. The information is w = n·p(1−p) = 18.75 on the
    // natural scale; the pseudo-inverse of [[w, −w], [−w, w]] has 1/(4w) on its diagonal:
    // se = (400/ln 10)·√(1/75) = 20.0592.
    let r = elo_ratings(&table_2(75, 100), 0.0).unwrap();
    assert!(close(r[0].elo, 95.424_250_943_932_49, 1e-7), "{r:?}");
    assert!(close(r[1].elo, -95.424_250_943_932_49, 1e-7));
    assert!(close(r[0].se, 20.059_202_882_752_92, 1e-7), "{r:?}");
    assert!(close(
        r[0].low,
        95.424_250_943_932_49 - 1.959_963_984_540_054 * 20.059_202_882_752_92,
        1e-6
    ));
    // Draws count half: 50 wins, 50 draws and 0 losses is the same 75%.
    let mut t = ResultTable::new(2);
    t.add(
        0,
        1,
        Wdl {
            wins: 50,
            draws: 50,
            losses: 0,
        },
    );
    assert!(close(
        elo_ratings(&t, 0.0).unwrap()[0].elo,
        95.424_250_943_932_49,
        1e-7
    ));
    // One virtual draw: 75.5 of 101, 400·log10(75.5/25.5)/2.
    let r = elo_ratings(&table_2(75, 100), 1.0).unwrap();
    assert!(close(r[0].elo, 200.0 * (75.5f64 / 25.5).log10(), 1e-7));
}

#[test]
fn elo_of_a_consistent_three_agent_table() {
    // Strengths 9 : 3 : 1 give exactly 75% (A–B), 75% (B–C) and 90% (A–C); 100 games per
    // pair. The maximum likelihood reproduces them: A = 400·log10 3 = 190.8485, B = 0,
    // C = −190.8485. The variances are those of the mean-centred potentials of the network
    // with conductances n·p(1−p) = 18.75, 18.75 and 9: Var λᵢ = (1/k)Σⱼ Rᵢⱼ − (1/k²)Σⱼ<ₗ Rⱼₗ,
    // R the effective resistances (R_AB = 1/(18.75 + 1/(1/9 + 1/18.75)), and so on), giving
    // se_A = se_C = 22.3607 and se_B = 18.9120 Elo.
    let mut t = ResultTable::new(3);
    t.add(
        0,
        1,
        Wdl {
            wins: 75,
            draws: 0,
            losses: 25,
        },
    );
    t.add(
        1,
        2,
        Wdl {
            wins: 75,
            draws: 0,
            losses: 25,
        },
    );
    t.add(
        0,
        2,
        Wdl {
            wins: 90,
            draws: 0,
            losses: 10,
        },
    );
    let r = elo_ratings(&t, 0.0).unwrap();
    assert!(close(r[0].elo, 190.848_501_887_864_98, 1e-6), "{r:?}");
    assert!(close(r[1].elo, 0.0, 1e-6));
    assert!(close(r[2].elo, -190.848_501_887_864_98, 1e-6));
    assert!(close(r[0].se, 22.360_661_922_939_52, 1e-6), "{r:?}");
    assert!(close(r[1].se, 18.911_997_844_788_44, 1e-6));
    assert!(close(r[2].se, 22.360_661_922_939_52, 1e-6));
}

#[test]
fn elo_refuses_what_has_no_answer() {
    assert_eq!(
        elo_ratings(&ResultTable::new(1), 1.0),
        Err(EloError::TooFew(1))
    );
    assert_eq!(
        elo_ratings(&table_2(10, 10), 0.0),
        Err(EloError::Unbounded(1))
    );
    // With the prior, a perfect score has a finite rating: 10.5 of 11.
    let r = elo_ratings(&table_2(10, 10), 1.0).unwrap();
    assert!(close(r[0].elo, 200.0 * 21f64.log10(), 1e-6));
    let mut t = ResultTable::new(3);
    t.add(
        0,
        1,
        Wdl {
            wins: 3,
            draws: 1,
            losses: 2,
        },
    );
    assert_eq!(elo_ratings(&t, 1.0), Err(EloError::Disconnected(2)));
    assert_eq!(elo_ratings(&table_2(5, 10), -1.0), Err(EloError::Prior));
}

#[test]
fn the_schedule_plays_every_pair_both_ways_with_one_seed_a_round() {
    let s = schedule(3, 2, Seed(1));
    assert_eq!(s.len(), 3 * 2 * 2);
    for pair in s.chunks(2) {
        assert_eq!(
            (pair[0].first, pair[0].second),
            (pair[1].second, pair[1].first)
        );
        assert_eq!(pair[0].seed, pair[1].seed);
        assert_eq!(pair[0].round, pair[1].round);
    }
    let mut seeds: Vec<_> = s.iter().map(|f| f.seed).collect();
    seeds.dedup();
    seeds.sort();
    seeds.dedup();
    assert_eq!(seeds.len(), 6, "one distinct seed per pair and round");
    assert_eq!(schedule(3, 2, Seed(1)), s);
    assert_ne!(schedule(3, 2, Seed(2)), s);
    assert!(schedule(1, 5, Seed(1)).is_empty());
    // Pinned: the seeds of the schedule (the CLI's tournaments replay from them), computed
    // by the SplitMix64 steps the schedule used before it called `Seed::derive`.
    let pinned: Vec<u64> = s.iter().step_by(2).map(|f| f.seed.0).collect();
    assert_eq!(
        pinned,
        [
            0x2f44_608c_27fc_27af,
            0x39e6_7615_841d_0c9b,
            0x35bd_6c88_c9f9_8ce1,
            0x92d7_e65b_6fb9_b26d,
            0x7e39_ff9b_b187_d00a,
            0x3d2a_789b_0e19_f435,
        ]
    );
}

#[test]
fn elo_of_known_scores() {
    use boardgames_common::tournament::{ELO_CAP, elo_of_score};
    assert!(elo_of_score(0.5).abs() < 1e-9);
    // 0.75 is 3:1 odds: 400 log10 3 = 190.85.
    assert!((elo_of_score(0.75) - 190.848).abs() < 1e-2);
    assert!((elo_of_score(0.25) + 190.848).abs() < 1e-2);
    assert_eq!(elo_of_score(1.0), ELO_CAP);
    assert_eq!(elo_of_score(0.0), -ELO_CAP);
}

#[test]
fn score_interval_of_a_match() {
    // 60 wins, 40 losses: Wilson's interval [0.5020, 0.6906] (centre 0.5962, half-width
    // 0.0943), not the normal approximation's 0.6 ± 0.096.
    let r = Wdl {
        wins: 60,
        draws: 0,
        losses: 40,
    };
    let s = r.score_interval();
    assert!((s.estimate - 0.6).abs() < 1e-12);
    assert!((s.low - 0.50200).abs() < 1e-4, "{s:?}");
    assert!((s.high - 0.69060).abs() < 1e-4, "{s:?}");
    // All draws: the score is 0.5 but the interval keeps its width (Wilson of 5 in 10).
    let d = Wdl {
        wins: 0,
        draws: 10,
        losses: 0,
    };
    let ds = d.score_interval();
    assert_eq!(ds.estimate, 0.5);
    assert!((ds.low - 0.23659).abs() < 1e-4, "{ds:?}");
    assert!((ds.high - 0.76341).abs() < 1e-4, "{ds:?}");
    assert_eq!(ds, wilson(5, 10));
    assert_eq!(d.elo().estimate, 0.0);
    assert_eq!(Wdl::default().score_interval().estimate, 0.5);
    let mut sum = r;
    sum.add(d);
    assert_eq!(sum.games(), 110);
}

/// 0, 1, n − 1 and n wins of n = 20 (no draws): Wilson's interval of the binomial share
/// (Wilson, 1927: `[0, z²/(n + z²)]` at 0 of n), never a point at the ends.
#[test]
fn score_interval_at_the_ends() {
    use boardgames_common::tournament::{ELO_CAP, Z95, elo_of_score};
    let n = 20;
    let cases = [
        (0, 0.0, 0.0, 0.16113),
        (1, 0.05, 0.00888, 0.23613),
        (19, 0.95, 0.76387, 0.99112),
        (20, 1.0, 0.83887, 1.0),
    ];
    for (wins, estimate, low, high) in cases {
        let r = Wdl {
            wins,
            draws: 0,
            losses: n - wins,
        };
        let s = r.score_interval();
        assert_eq!(s, wilson(wins, n), "{wins} of {n}");
        assert!(
            (s.estimate - estimate).abs() < 1e-12,
            "{wins} of {n}: {s:?}"
        );
        assert!((s.low - low).abs() < 1e-4, "{wins} of {n}: {s:?}");
        assert!((s.high - high).abs() < 1e-4, "{wins} of {n}: {s:?}");
        assert!(s.high - s.low > 0.15, "{wins} of {n}: {s:?}");
        // The other agent's interval is the mirror image.
        let m = r.reversed().score_interval();
        assert!((m.low - (1.0 - s.high)).abs() < 1e-12, "{m:?} {s:?}");
        assert!((m.high - (1.0 - s.low)).abs() < 1e-12, "{m:?} {s:?}");
    }
    // 0 of 20: z²/(n + z²) exactly, and the Elo interval's upper end is finite.
    let zero = Wdl {
        wins: 0,
        draws: 0,
        losses: 20,
    };
    let z2 = Z95 * Z95;
    assert!((zero.score_interval().high - z2 / (20.0 + z2)).abs() < 1e-12);
    let e = zero.elo();
    assert_eq!((e.estimate, e.low), (-ELO_CAP, -ELO_CAP));
    assert!(
        (e.high - elo_of_score(z2 / (20.0 + z2))).abs() < 1e-9,
        "{e:?}"
    );
    assert!(e.high > -300.0 && e.high < -280.0, "{e:?}");
}
