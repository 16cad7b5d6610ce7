//! Tournament arithmetic: proportions with 95% Wilson score intervals, and the score of a
//! player over many games with its Elo difference and interval.
//!
//! ```
//! use boardgames_common::tournament::{Results, wilson};
//! let (p, low, high) = wilson(50, 100);
//! assert!((p - 0.5).abs() < 1e-12 && low > 0.40 && high < 0.60);
//! let r = Results { wins: 64, draws: 12, losses: 24 };
//! assert_eq!(r.games(), 100);
//! let elo = r.elo();
//! assert!(elo.estimate > 100.0 && elo.low > 0.0 && elo.high > elo.estimate);
//! ```

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// The proportion `k / n` and its 95% Wilson score interval, as `(p, low, high)` in 0..=1
/// (`(0, 0, 1)` when `n` is 0).
#[must_use]
pub fn wilson(k: u32, n: u32) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let n = f64::from(n);
    let p = (f64::from(k) / n).min(1.0);
    let denom = 1.0 + Z95 * Z95 / n;
    let centre = (p + Z95 * Z95 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + Z95 * Z95 / (4.0 * n * n)).sqrt() / denom;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// An estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub estimate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// One player's results over a series of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Results {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The largest Elo difference reported (a score of 0 or 1 has no finite Elo).
pub const ELO_CAP: f64 = 800.0;

/// The Elo difference of a score in 0..=1 (`400 log10(s / (1 - s))`), capped at ±[`ELO_CAP`].
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        return -ELO_CAP;
    }
    if score >= 1.0 {
        return ELO_CAP;
    }
    (400.0 * (score / (1.0 - score)).log10()).clamp(-ELO_CAP, ELO_CAP)
}

impl Results {
    /// Games played.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds another series.
    pub fn add(&mut self, other: Results) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The score (a win 1, a draw ½), in 0..=1, with its 95% interval from the normal
    /// approximation of the mean of the games' results (their sample variance, draws
    /// included), clamped to 0..=1. With no games: 0.5 in 0..=1.
    #[must_use]
    pub fn score(&self) -> Interval {
        let n = f64::from(self.games());
        if n == 0.0 {
            return Interval {
                estimate: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let (w, d) = (f64::from(self.wins), f64::from(self.draws));
        let mean = (w + d / 2.0) / n;
        let second = (w + d / 4.0) / n;
        let variance = (second - mean * mean).max(0.0);
        let half = Z95 * (variance / n).sqrt();
        Interval {
            estimate: mean,
            low: (mean - half).max(0.0),
            high: (mean + half).min(1.0),
        }
    }

    /// The Elo difference of this player over its opponent, with the 95% interval mapped
    /// from [`Results::score`]'s (capped at ±[`ELO_CAP`]).
    #[must_use]
    pub fn elo(&self) -> Interval {
        let s = self.score();
        Interval {
            estimate: elo_of_score(s.estimate),
            low: elo_of_score(s.low),
            high: elo_of_score(s.high),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_known_values() {
        let (p, lo, hi) = wilson(50, 100);
        assert!((p - 0.5).abs() < 1e-12);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        let (_, lo, hi) = wilson(100, 100);
        assert!((lo - 0.9630).abs() < 1e-3 && (hi - 1.0).abs() < 1e-12);
        assert_eq!(wilson(0, 0), (0.0, 0.0, 1.0));
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_of_score(0.5).abs() < 1e-9);
        // 0.75 is 3:1 odds: 400 log10 3 = 190.85.
        assert!((elo_of_score(0.75) - 190.848).abs() < 1e-2);
        assert!((elo_of_score(0.25) + 190.848).abs() < 1e-2);
        assert_eq!(elo_of_score(1.0), ELO_CAP);
        assert_eq!(elo_of_score(0.0), -ELO_CAP);
    }

    #[test]
    fn score_interval() {
        // 60 wins, 40 losses: mean 0.6, sd 0.49, half-width 1.96 * 0.049 = 0.096.
        let r = Results {
            wins: 60,
            draws: 0,
            losses: 40,
        };
        let s = r.score();
        assert!((s.estimate - 0.6).abs() < 1e-12);
        assert!((s.high - s.estimate - 0.09602).abs() < 1e-4, "{s:?}");
        // All draws: no spread.
        let d = Results {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        assert_eq!(d.score().low, 0.5);
        assert_eq!(d.elo().estimate, 0.0);
        assert_eq!(Results::default().score().estimate, 0.5);
    }
}
