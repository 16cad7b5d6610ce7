//! Texel's method, the pure arithmetic (no game in it): the logistic curve that turns an
//! evaluation into an expected result ([`sigmoid`]), the mean squared error of a set of
//! labelled evaluations ([`mean_squared_error`]), the fit of the curve's scale `K` for fixed
//! evaluations ([`fit_scale`]), and the local search on integer parameters that lowers any
//! error function, with steps that shrink ([`local_search`]).
//!
//! The method is Peter Österlund's for his chess engine Texel ("Texel's Tuning Method",
//! Chess Programming Wiki): positions from games with their results, the expected result
//! of a position `1 / (1 + 10^(-K·e/400))` for its static evaluation `e`, the weights chosen
//! to minimise the mean squared difference between results and expectations.

/// The smallest scale [`fit_scale`] considers.
pub const K_MIN: f64 = 0.001;
/// The largest scale [`fit_scale`] considers.
pub const K_MAX: f64 = 100.0;

/// The expected result (0 a loss, 1 a win) of an evaluation of `eval` centisoldiers for the
/// side to move, on the curve of scale `k`: `1 / (1 + 10^(-k·eval/400))`. 0.5 at `eval`
/// 0; with `k` 1, a lead of one soldier (100) is an expectation of 0.64.
#[must_use]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared difference between `results` (each from 0 to 1, for the side to move)
/// and the expectations [`sigmoid`]`(k, e)` of the evaluations `evals` (the same length;
/// pairs beyond the shorter are ignored). 0 for no pairs.
#[must_use]
pub fn mean_squared_error(k: f64, evals: &[i32], results: &[f64]) -> f64 {
    let n = evals.len().min(results.len());
    if n == 0 {
        return 0.0;
    }
    squared_error_sum(k, evals, results) / n as f64
}

/// The sum of the squared differences of [`mean_squared_error`] (for sums over parts of a
/// set, added in a fixed order so that the total does not depend on how the set was cut).
#[must_use]
pub fn squared_error_sum(k: f64, evals: &[i32], results: &[f64]) -> f64 {
    evals
        .iter()
        .zip(results)
        .map(|(&e, &r)| {
            let d = r - sigmoid(k, f64::from(e));
            d * d
        })
        .sum()
}

/// The scale `K` from [`K_MIN`] to [`K_MAX`] that minimises [`mean_squared_error`] for the
/// fixed `evals` and `results`: a scan of 81 scales spaced evenly in `log K`, then a
/// golden-section search between the best one's neighbours (60 steps). Bounded work: 141
/// evaluations of the error.
#[must_use]
pub fn fit_scale(evals: &[i32], results: &[f64]) -> f64 {
    let error = |log_k: f64| mean_squared_error(10f64.powf(log_k), evals, results);
    let (lo, hi) = (K_MIN.log10(), K_MAX.log10());
    const SCAN: usize = 81;
    let at = |i: usize| lo + (hi - lo) * i as f64 / (SCAN - 1) as f64;
    let mut best = 0;
    let mut best_error = f64::INFINITY;
    for i in 0..SCAN {
        let e = error(at(i));
        if e < best_error {
            best_error = e;
            best = i;
        }
    }
    let (mut a, mut b) = (at(best.saturating_sub(1)), at((best + 1).min(SCAN - 1)));
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut ec, mut ed) = (error(c), error(d));
    for _ in 0..60 {
        if ec <= ed {
            b = d;
            d = c;
            ed = ec;
            c = b - ratio * (b - a);
            ec = error(c);
        } else {
            a = c;
            c = d;
            ec = ed;
            d = a + ratio * (b - a);
            ed = error(d);
        }
    }
    let log_k = if ec <= ed { c } else { d };
    // The golden section never ends worse than the scan's best point.
    if error(log_k) <= best_error {
        10f64.powf(log_k)
    } else {
        10f64.powf(at(best))
    }
}

/// The bounds of a [`local_search`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchBounds {
    /// Passes over the parameters at most (each pass tries every parameter once).
    pub max_passes: u32,
    /// Every parameter stays within `±bound`.
    pub bound: i32,
}

/// What one pass of a [`local_search`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pass {
    /// The pass's number, from 1.
    pub number: u32,
    /// The error after the pass.
    pub error: f64,
    /// Parameters moved during the pass.
    pub moved: usize,
    /// The largest step left after the pass.
    pub largest_step: i32,
}

/// The result of a [`local_search`].
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// The parameters found.
    pub params: Vec<i32>,
    /// The error at the start.
    pub error_before: f64,
    /// The error of [`Fitted::params`] (never above [`Fitted::error_before`]).
    pub error_after: f64,
    /// Passes made.
    pub passes: u32,
    /// Whether the search stopped because no step of 1 lowered the error (a local minimum
    /// on the integer grid), rather than at [`SearchBounds::max_passes`].
    pub converged: bool,
}

/// The first step tried for a parameter of value `value`: a quarter of its magnitude, at
/// least 8.
#[must_use]
pub fn first_step(value: i32) -> i32 {
    (value.saturating_abs() / 4).max(8)
}

/// Lowers `error` by moving the integer parameters one at a time, from `start`: each pass
/// tries, for every parameter in order, one step up and then (if that did not lower the
/// error) one step down, keeping a move only when the error falls; a parameter that moved
/// in neither direction has its step halved (down to 1). The search stops after a pass that
/// moved nothing with every step at 1 (converged), or after `bounds.max_passes` passes.
/// Parameters stay within `±bounds.bound` (a start beyond it is clamped first). The first
/// steps are `steps` (one per parameter; a missing or non-positive step is
/// [`first_step`] of the parameter). `on_pass` is called after each pass.
///
/// Bounded work: at most `1 + 2 · params · max_passes` calls of `error`.
pub fn local_search(
    start: &[i32],
    steps: &[i32],
    bounds: SearchBounds,
    mut error: impl FnMut(&[i32]) -> f64,
    mut on_pass: impl FnMut(&Pass),
) -> Fitted {
    let bound = bounds.bound.saturating_abs();
    let mut params: Vec<i32> = start.iter().map(|&v| v.clamp(-bound, bound)).collect();
    let mut steps: Vec<i32> = params
        .iter()
        .enumerate()
        .map(|(i, &v)| match steps.get(i) {
            Some(&s) if s > 0 => s,
            _ => first_step(v),
        })
        .collect();
    let error_before = error(&params);
    let mut best = error_before;
    let mut passes = 0;
    let mut converged = params.is_empty();
    while !converged && passes < bounds.max_passes {
        passes += 1;
        // Converged only after a pass that tried every parameter with a step of 1.
        let unit_steps = steps.iter().all(|&s| s == 1);
        let mut moved = 0;
        for i in 0..params.len() {
            let current = params[i];
            let mut improved = false;
            for direction in [1, -1] {
                let candidate = current
                    .saturating_add(direction * steps[i])
                    .clamp(-bound, bound);
                if candidate == current {
                    continue;
                }
                params[i] = candidate;
                let e = error(&params);
                if e < best {
                    best = e;
                    improved = true;
                    break;
                }
                params[i] = current;
            }
            if improved {
                moved += 1;
            } else {
                steps[i] = (steps[i] / 2).max(1);
            }
        }
        let largest_step = steps.iter().copied().max().unwrap_or(1);
        on_pass(&Pass {
            number: passes,
            error: best,
            moved,
            largest_step,
        });
        converged = moved == 0 && unit_steps;
    }
    Fitted {
        params,
        error_before,
        error_after: best,
        passes,
        converged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sigmoid_is_a_half_at_zero_and_symmetric() {
        assert_eq!(sigmoid(1.0, 0.0), 0.5);
        // 10^(-100/400) = 0.5623…: 1 / 1.5623 = 0.64.
        assert!((sigmoid(1.0, 100.0) - 0.640_065).abs() < 1e-6);
        for e in [-700.0, -35.0, 12.0, 400.0] {
            assert!((sigmoid(1.3, e) + sigmoid(1.3, -e) - 1.0).abs() < 1e-12);
        }
        // 400 centisoldiers at K = 1: odds of 10 to 1.
        assert!((sigmoid(1.0, 400.0) - 10.0 / 11.0).abs() < 1e-12);
        // A larger scale is a steeper curve.
        assert!(sigmoid(2.0, 100.0) > sigmoid(1.0, 100.0));
        assert_eq!(sigmoid(1.0, 1e6), 1.0);
    }

    #[test]
    fn the_error_is_the_mean_of_the_squares() {
        // At eval 0 the expectation is 0.5: a win and a loss each miss by 0.5.
        assert_eq!(mean_squared_error(1.0, &[0, 0], &[1.0, 0.0]), 0.25);
        assert_eq!(mean_squared_error(1.0, &[0], &[0.5]), 0.0);
        assert_eq!(mean_squared_error(1.0, &[], &[]), 0.0);
        let e = mean_squared_error(1.0, &[400], &[1.0]);
        assert!((e - (1.0f64 / 11.0).powi(2)).abs() < 1e-12);
    }

    /// Results drawn as the expectations of a known scale are fitted back to that scale.
    #[test]
    fn the_scale_of_exact_expectations_is_found_again() {
        for k_true in [0.4, 1.0, 2.7] {
            let evals: Vec<i32> = (-40..=40).map(|i| i * 25).collect();
            let results: Vec<f64> = evals
                .iter()
                .map(|&e| sigmoid(k_true, f64::from(e)))
                .collect();
            let k = fit_scale(&evals, &results);
            assert!((k - k_true).abs() < 1e-3, "{k} for {k_true}");
        }
    }

    #[test]
    fn the_scale_stays_within_its_bounds() {
        // Results that disagree with every evaluation: the flattest curve allowed.
        let k = fit_scale(&[300, -300], &[0.0, 1.0]);
        assert!((K_MIN..=K_MIN * 1.2).contains(&k), "{k}");
        // Results that agree perfectly: a steep curve (the error reaches 0 in floating point
        // from about K = 21, and the first such scale is kept).
        let k = fit_scale(&[300, -300], &[1.0, 0.0]);
        assert!((10.0..=K_MAX).contains(&k), "{k}");
    }

    /// A synthetic linear problem whose answer is known: the evaluation of a sample is
    /// `Σ w_i x_i`, its result the expectation of the true weights. The search from other
    /// weights comes back to the true ones, and a parameter the results do not depend on
    /// (its feature is noise uncorrelated with them) is left where it started.
    #[test]
    fn the_local_search_finds_the_weights_of_a_linear_problem() {
        let truth = [100, -40, 7, 0];
        // Features from a fixed arithmetic sequence (no generator needed).
        let features: Vec<[i32; 4]> = (0..400i32)
            .map(|i| {
                [
                    (i * 7) % 11 - 5,
                    (i * 5) % 13 - 6,
                    (i * 3) % 17 - 8,
                    (i * 11) % 7 - 3,
                ]
            })
            .collect();
        let eval = |w: &[i32], x: &[i32; 4]| -> i32 { w.iter().zip(x).map(|(a, b)| a * b).sum() };
        let results: Vec<f64> = features
            .iter()
            .map(|x| sigmoid(1.0, f64::from(eval(&truth, x))))
            .collect();
        let error = |w: &[i32]| {
            let evals: Vec<i32> = features.iter().map(|x| eval(w, x)).collect();
            mean_squared_error(1.0, &evals, &results)
        };
        let mut errors = Vec::new();
        let fitted = local_search(
            &[60, 0, 0, 0],
            &[],
            SearchBounds {
                max_passes: 200,
                bound: 1000,
            },
            error,
            |p| errors.push(p.error),
        );
        assert!(fitted.converged, "{fitted:?}");
        assert_eq!(fitted.params, truth.to_vec(), "{fitted:?}");
        assert!(
            fitted.error_after < 1e-12 && fitted.error_before > 1e-3,
            "{fitted:?}"
        );
        // Each pass's error is no higher than the one before.
        assert!(errors.windows(2).all(|w| w[1] <= w[0]), "{errors:?}");
        assert_eq!(errors.len() as u32, fitted.passes);
    }

    #[test]
    fn the_search_keeps_its_bounds_and_its_pass_cap() {
        // An error that always prefers larger values: the bound stops it.
        let fitted = local_search(
            &[5, 30],
            &[4, 4],
            SearchBounds {
                max_passes: 1000,
                bound: 20,
            },
            |w| -f64::from(w[0] + w[1]),
            |_| {},
        );
        assert_eq!(fitted.params, vec![20, 20]);
        assert!(fitted.converged);
        // The start beyond the bound was clamped first.
        assert_eq!(fitted.error_before, -25.0);
        let mut calls = 0;
        let fitted = local_search(
            &[0, 0, 0],
            &[1, 1, 1],
            SearchBounds {
                max_passes: 3,
                bound: 20_000,
            },
            |w| {
                calls += 1;
                -f64::from(w.iter().sum::<i32>())
            },
            |_| {},
        );
        assert_eq!((fitted.passes, fitted.converged), (3, false));
        assert_eq!(fitted.params, vec![3, 3, 3]);
        assert!(calls <= 1 + 2 * 3 * 3, "{calls}");
    }

    #[test]
    fn steps_start_at_a_quarter_and_shrink_to_one() {
        assert_eq!(first_step(100), 25);
        assert_eq!(first_step(-2000), 500);
        assert_eq!(first_step(0), 8);
        assert_eq!(first_step(i32::MIN), i32::MAX / 4);
        // An error with its minimum at 3: steps 8, 4, 2, 1 bring 0 there.
        let mut passes = Vec::new();
        let fitted = local_search(
            &[0],
            &[],
            SearchBounds {
                max_passes: 50,
                bound: 100,
            },
            |w| f64::from((w[0] - 3).pow(2)),
            |p| passes.push(p.largest_step),
        );
        assert_eq!(fitted.params, vec![3]);
        assert!(fitted.converged);
        assert_eq!(passes.last(), Some(&1));
        assert!(passes.windows(2).all(|w| w[1] <= w[0]), "{passes:?}");
    }
}
