//! SPSA (simultaneous perturbation stochastic approximation, Spall 1992) on match
//! results: the method of `boardgames tafl tune --method spsa` (docs/tafl-ai.md, "Tuning
//! by SPSA on games").
//!
//! Texel's method fits the evaluation to the results of positions; where one side wins
//! nearly every game between equals (Copenhagen's and Brandubh's defenders), the results
//! mostly say which side was to move. SPSA instead tunes on what the issue measures: the
//! score of one set of weights against another in games. Each step `k`:
//!
//! 1. a sign `Δᵢ = ±1` for every tuned weight, drawn from the run's seed and `k`
//!    ([`signs`]);
//! 2. two sets of weights `θ⁺ = θ + cₖΔ` and `θ⁻ = θ − cₖΔ`, each weight moved by its own
//!    perturbation `cₖ,ᵢ = cᵢ / (k + 1)^0.101` ([`perturbation`]);
//! 3. `--pairs` pairs of games between them, each pair from one game seed with `θ⁺`
//!    attacking in one game and defending in the other ([`play_pair`]);
//! 4. `f`, the mean over the pairs of `θ⁺`'s points minus `θ⁻`'s (from −2 to +2), and the
//!    step `θᵢ += R · cᵢ · f · Δᵢ · ((1 + A) / (k + 1 + A))^0.602` with `A` a tenth of the
//!    steps ([`Spsa::update`]).
//!
//! `cᵢ` is a fifth of the weight's starting magnitude, at least 10 centisoldiers
//! ([`base_perturbation`]); `R` is `--rate`. The exponents 0.602 and 0.101 are Spall's.
//! Every game is a function of the run's seed, the step and the pair, and the steps use
//! the games in their order: the same weights whatever `--threads`.

use boardgames_arena::selfplay::SelfPlayGame;
use boardgames_common::Seed;
use rayon::prelude::*;
use tafl_core::ai::{EvalWeights, SearchConfig, WeightsError};
use tafl_core::{BySide, Ruleset, Side};

/// Spall's exponent of the step's decay.
pub const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation's decay.
pub const GAMMA: f64 = 0.101;
/// The smallest perturbation of a weight, in centisoldiers (or percentage points).
pub const MIN_PERTURBATION: f64 = 10.0;
/// The stream of [`Seed::derive`] the signs of step `k` come from (`derive(SIGNS)` then
/// `derive(k)`), apart from the games' seeds.
const SIGNS: u64 = 0x5350_5341;

/// A weight's perturbation at the first step, `cᵢ`: a fifth of its starting magnitude, at
/// least [`MIN_PERTURBATION`].
#[must_use]
pub fn base_perturbation(start: i32) -> f64 {
    (f64::from(start).abs() / 5.0).max(MIN_PERTURBATION)
}

/// The perturbation of step `k` (from 0) for a base `c`: `c / (k + 1)^0.101`.
#[must_use]
pub fn perturbation(c: f64, k: u32) -> f64 {
    c / (f64::from(k) + 1.0).powf(GAMMA)
}

/// The signs `Δ` of step `k` for `n` weights, each +1 or −1 with even odds, drawn from
/// `seed` and `k` alone.
#[must_use]
pub fn signs(seed: u64, k: u32, n: usize) -> Vec<i8> {
    let stream = Seed(seed).derive(SIGNS).derive(u64::from(k));
    (0..n)
        .map(|i| {
            let word = stream.derive(i as u64 / 64).0;
            if (word >> (i % 64)) & 1 == 1 { 1 } else { -1 }
        })
        .collect()
}

/// `θ⁺`'s points minus `θ⁻`'s in one pair of games (from −2 to +2): the winner of the
/// game where `θ⁺` attacks and of the one where it defends (`None`: drawn or cut off).
#[must_use]
pub fn pair_score(plus_attacking: Option<Side>, plus_defending: Option<Side>) -> f64 {
    let points = |winner: Option<Side>, plus: Side| match winner {
        Some(w) if w == plus => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let plus = points(plus_attacking, Side::Attackers) + points(plus_defending, Side::Defenders);
    plus - (2.0 - plus)
}

/// The two games of a pair from the game seed `seed`: `plus` attacking `minus`, then
/// `minus` attacking `plus` (each searcher on its side's stream of the seed, as in
/// `tafl selfplay`), each cut off after `max_plies` plies; their winners in that order.
#[must_use]
pub fn play_pair(
    ruleset: &Ruleset,
    plus: SearchConfig,
    minus: SearchConfig,
    seed: Seed,
    max_plies: u32,
) -> (Option<Side>, Option<Side>) {
    let clock = boardgames_arena::NoClock;
    let a = SelfPlayGame::play(ruleset, BySide::new(plus, minus), seed, max_plies, &clock);
    let b = SelfPlayGame::play(ruleset, BySide::new(minus, plus), seed, max_plies, &clock);
    (a.winner, b.winner)
}

/// What a run of SPSA plays and tunes.
#[derive(Debug, Clone)]
pub struct SpsaSetup<'a> {
    /// The rules of the games.
    pub ruleset: &'a Ruleset,
    /// Both sides' search (level and nodes); its weights are replaced by `θ⁺` and `θ⁻`,
    /// searched on every board (`SearchConfig::with_weights`).
    pub config: SearchConfig,
    /// The starting weights (those not tuned stay as they are).
    pub start: EvalWeights,
    /// The weights tuned, by name (each in `EvalWeights::NAMES`).
    pub names: Vec<&'static str>,
    /// Steps to take.
    pub steps: u32,
    /// Pairs of games a step.
    pub pairs: u32,
    /// The step's size `R` (in perturbations, for a pair won outright).
    pub rate: f64,
    /// The run's seed: pair `j` of step `k` is played from `seed + k · pairs + j`.
    pub seed: u64,
    /// Plies after which a game is cut off (a draw).
    pub max_plies: u32,
}

/// The state of a run: the weights tuned as real numbers, and the results so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Spsa {
    /// `θ`, in the order of the names.
    pub theta: Vec<f64>,
    /// `cᵢ`, in the order of the names.
    pub base: Vec<f64>,
    /// Steps taken.
    pub steps_taken: u32,
    /// Games won by the attackers, by the defenders, and drawn or cut off.
    pub results: [u64; 3],
    /// The sum of the steps' `f` (θ⁺'s mean points minus θ⁻'s, by pair).
    pub score_sum: f64,
}

/// A step's report to the caller's progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport {
    /// The step's number (from 1).
    pub number: u32,
    /// Its `f`.
    pub score: f64,
    /// Games played so far.
    pub games: u64,
}

impl Spsa {
    /// The state before the first step for the weights `names` of `start`.
    ///
    /// # Errors
    /// [`WeightsError::UnknownName`] for a name not in `EvalWeights::NAMES`.
    pub fn new(start: &EvalWeights, names: &[&str]) -> Result<Spsa, WeightsError> {
        let theta = names
            .iter()
            .map(|n| {
                start
                    .get(n)
                    .map(f64::from)
                    .ok_or_else(|| WeightsError::UnknownName((*n).to_string()))
            })
            .collect::<Result<Vec<f64>, _>>()?;
        let base = theta.iter().map(|&t| base_perturbation(t as i32)).collect();
        Ok(Spsa {
            theta,
            base,
            steps_taken: 0,
            results: [0; 3],
            score_sum: 0.0,
        })
    }

    /// The weights of `start` with the tuned ones at `values` (rounded, within
    /// ±`EvalWeights::MAX_WEIGHT`).
    #[must_use]
    pub fn weights_at(start: &EvalWeights, names: &[&str], values: &[f64]) -> EvalWeights {
        let mut w = *start;
        for (name, &v) in names.iter().zip(values) {
            let bound = f64::from(EvalWeights::MAX_WEIGHT);
            // Names checked by `new`, values clamped: `set` cannot fail.
            let _ = w.set(name, v.round().clamp(-bound, bound) as i32);
        }
        w
    }

    /// The current weights ([`Spsa::weights_at`] of `θ`).
    #[must_use]
    pub fn weights(&self, start: &EvalWeights, names: &[&str]) -> EvalWeights {
        Self::weights_at(start, names, &self.theta)
    }

    /// `θ⁺` and `θ⁻` of step `k` with the signs `delta`.
    #[must_use]
    pub fn perturbed(&self, k: u32, delta: &[i8]) -> (Vec<f64>, Vec<f64>) {
        let shift: Vec<f64> = self
            .base
            .iter()
            .zip(delta)
            .map(|(&c, &d)| perturbation(c, k) * f64::from(d))
            .collect();
        (
            self.theta.iter().zip(&shift).map(|(t, s)| t + s).collect(),
            self.theta.iter().zip(&shift).map(|(t, s)| t - s).collect(),
        )
    }

    /// The step of step `k` of a run of `steps`, with the signs `delta` and the games' `f`:
    /// `θᵢ += rate · cᵢ · f · Δᵢ · ((1 + A) / (k + 1 + A))^0.602`, `A = steps / 10`, each
    /// weight kept within ±`EvalWeights::MAX_WEIGHT`.
    pub fn update(&mut self, k: u32, steps: u32, delta: &[i8], f: f64, rate: f64) {
        let a = f64::from(steps) / 10.0;
        let decay = ((1.0 + a) / (f64::from(k) + 1.0 + a)).powf(ALPHA);
        let bound = f64::from(EvalWeights::MAX_WEIGHT);
        for ((t, &c), &d) in self.theta.iter_mut().zip(&self.base).zip(delta) {
            *t = (*t + rate * c * f * f64::from(d) * decay).clamp(-bound, bound);
        }
        self.steps_taken = k + 1;
        self.score_sum += f;
    }
}

/// Runs `setup`'s steps (their pairs of games in parallel on the current rayon pool),
/// calling `on_step` after each; the state at the end.
///
/// # Errors
/// [`WeightsError::UnknownName`] for a name not in `EvalWeights::NAMES`.
pub fn run(
    setup: &SpsaSetup<'_>,
    mut on_step: impl FnMut(&StepReport, &Spsa),
) -> Result<Spsa, WeightsError> {
    let mut state = Spsa::new(&setup.start, &setup.names)?;
    let names = &setup.names;
    for k in 0..setup.steps {
        let delta = signs(setup.seed, k, names.len());
        let (plus, minus) = state.perturbed(k, &delta);
        let with = |values: &[f64]| {
            setup
                .config
                .with_weights(Spsa::weights_at(&setup.start, names, values))
        };
        let (plus, minus) = (with(&plus), with(&minus));
        let first = u64::from(k) * u64::from(setup.pairs);
        let played: Vec<(Option<Side>, Option<Side>)> = (0..u64::from(setup.pairs))
            .into_par_iter()
            .map(|j| {
                let seed = Seed(setup.seed.wrapping_add(first + j));
                play_pair(setup.ruleset, plus, minus, seed, setup.max_plies)
            })
            .collect();
        let mut f = 0.0;
        for &(a, b) in &played {
            f += pair_score(a, b);
            for w in [a, b] {
                state.results[match w {
                    Some(Side::Attackers) => 0,
                    Some(Side::Defenders) => 1,
                    None => 2,
                }] += 1;
            }
        }
        f /= f64::from(setup.pairs.max(1));
        state.update(k, setup.steps, &delta, f, setup.rate);
        let report = StepReport {
            number: k + 1,
            score: f,
            games: state.results.iter().sum(),
        };
        on_step(&report, &state);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafl_core::ai::Level;

    #[test]
    fn the_signs_are_even_odds_and_a_function_of_seed_and_step() {
        let a = signs(7, 3, 100);
        assert_eq!(a, signs(7, 3, 100));
        assert_ne!(a, signs(7, 4, 100));
        assert_ne!(a, signs(8, 3, 100));
        assert!(a.iter().all(|&d| d == 1 || d == -1));
        let plus: usize = (0..200)
            .map(|k| signs(1, k, 28).iter().filter(|&&d| d == 1).count())
            .sum();
        // 5 600 fair signs: within five standard deviations (±187) of 2 800.
        assert!((2613..=2987).contains(&plus), "{plus}");
    }

    #[test]
    fn a_pair_scores_both_games_for_the_plus_weights() {
        let (a, d) = (Some(Side::Attackers), Some(Side::Defenders));
        // The defenders win both: one game each.
        assert_eq!(pair_score(d, d), 0.0);
        // θ⁺ won attacking and defending.
        assert_eq!(pair_score(a, d), 2.0);
        // θ⁻ won attacking and defending.
        assert_eq!(pair_score(d, a), -2.0);
        // θ⁺ drew attacking and lost defending: half a point against one and a half.
        assert_eq!(pair_score(None, a), -1.0);
        // θ⁺ drew attacking and won defending: one and a half against half a point.
        assert_eq!(pair_score(None, d), 1.0);
    }

    #[test]
    fn the_step_moves_each_weight_with_its_sign_and_decays() {
        let start = EvalWeights::DEFAULT;
        let names = ["attacker", "tempo"];
        let mut s = Spsa::new(&start, &names).unwrap();
        // attacker 100 → c 20; tempo 0 → c 10 (the least).
        assert_eq!(s.base, vec![20.0, 10.0]);
        let (plus, minus) = s.perturbed(0, &[1, -1]);
        assert_eq!(plus, vec![120.0, -10.0]);
        assert_eq!(minus, vec![80.0, 10.0]);
        // θ⁺ won a pair outright (f = 2) at the first step of 10 (A = 1, decay 1):
        // attacker 100 + 0.5·20·2 = 120, tempo 0 − 0.5·10·2 = −10.
        s.update(0, 10, &[1, -1], 2.0, 0.5);
        assert_eq!(s.theta, vec![120.0, -10.0]);
        assert_eq!(
            s.weights(&start, &names).to_string(),
            EvalWeights {
                attacker: 120,
                tempo: -10,
                ..start
            }
            .to_string()
        );
        // Step 9 of 10: decay (2 / 11)^0.602 ≈ 0.3586.
        s.update(9, 10, &[1, 1], 1.0, 0.5);
        assert!((s.theta[0] - (120.0 + 10.0 * (2.0f64 / 11.0).powf(0.602))).abs() < 1e-9);
        assert!(perturbation(20.0, 9) < 20.0 * 0.80 && perturbation(20.0, 9) > 20.0 * 0.78);
        assert_eq!(s.steps_taken, 10);
    }

    #[test]
    fn an_unknown_weight_is_refused() {
        assert_eq!(
            Spsa::new(&EvalWeights::DEFAULT, &["nope"]),
            Err(WeightsError::UnknownName("nope".to_string()))
        );
    }

    #[test]
    fn a_run_is_a_function_of_its_seed_whatever_the_threads() {
        let ruleset = Ruleset::brandubh();
        let mut config = Level::Druid.config();
        config.limits.nodes = Some(300);
        let setup = SpsaSetup {
            ruleset: &ruleset,
            config,
            start: EvalWeights::DEFAULT,
            names: vec!["attacker", "defender", "road1"],
            steps: 4,
            pairs: 3,
            rate: 0.5,
            seed: 21,
            max_plies: 200,
        };
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut reports = Vec::new();
            let end = pool
                .install(|| run(&setup, |r, _| reports.push(*r)))
                .unwrap();
            (end, reports)
        };
        let (one, r1) = on(1);
        let (two, r2) = on(2);
        assert_eq!(one, two);
        assert_eq!(r1, r2);
        assert_eq!(one.steps_taken, 4);
        assert_eq!(one.results.iter().sum::<u64>(), 4 * 3 * 2);
        assert_eq!(r1.last().map(|r| r.games), Some(24));
        // Each step's f is a mean of pair scores: a multiple of 1/6 within ±2.
        for r in &r1 {
            assert!((-2.0..=2.0).contains(&r.score));
            assert!(((r.score * 6.0) - (r.score * 6.0).round()).abs() < 1e-9);
        }
    }
}
