//! The arithmetic of a tournament between agents: who plays whom with which seed
//! ([`schedule`]), the results ([`ResultTable`], [`Wdl`]), 95% Wilson intervals
//! ([`wilson`]) and Elo ratings with 95% intervals ([`elo_ratings`]).
//!
//! Every pair of agents plays `games` rounds, each round twice with the sides swapped and the
//! same seed (a paired design: the same dice for both, so luck cancels as far as it can).
//!
//! Elo ratings are the maximum-likelihood Bradley–Terry strengths (Bradley and Terry, 1952;
//! a draw counts as half a win and half a loss, as in Elo's own scoring), found by Hunter's
//! minorisation–maximisation iteration ("MM algorithms for generalized Bradley–Terry
//! models", 2004), on the Elo scale (`400·log10` of the strength) with mean 0. Their
//! intervals are ±1.96 standard errors from the inverse of the Fisher information (its
//! pseudo-inverse, the ratings being defined up to a constant). A prior of virtual draws
//! between every pair that played (as BayesElo does) keeps the rating of an agent that wins
//! or loses every game finite.
//!
//! ```
//! use boardgames_common::tournament::{ResultTable, elo_ratings, wilson};
//! use boardgames_common::ByPlayer;
//! let mut table = ResultTable::new(2);
//! for i in 0..100 {
//!     let r = if i < 75 { ByPlayer::new(1.0, -1.0) } else { ByPlayer::new(-1.0, 1.0) };
//!     table.record(0, 1, r);
//! }
//! let elo = elo_ratings(&table, 0.0).unwrap();
//! assert!((elo[0].elo - 200.0 * 3f64.log10()).abs() < 1e-6);
//! let w = wilson(75, 100);
//! assert!(w.low < 0.75 && 0.75 < w.high);
//! ```

use std::fmt;

use thiserror::Error;

use crate::player::ByPlayer;
use crate::seed::Seed;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per natural-log unit of strength: `400 / ln 10`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// An estimate with a 95% interval: a share with its Wilson interval ([`wilson`]), a score
/// ([`Wdl::score_interval`]), an Elo difference ([`Wdl::elo`]), or any mean with its normal
/// interval (a game's first-player advantage).
///
/// `Display` writes `estimate (95% interval low to high)`, each number with the formatter's
/// width, precision and sign:
///
/// ```
/// use boardgames_common::tournament::Interval;
/// let i = Interval { estimate: 0.0123, low: -0.001, high: 0.0256 };
/// assert_eq!(format!("{i:+.4}"), "+0.0123 (95% interval -0.0010 to +0.0256)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interval {
    /// The point estimate.
    pub estimate: f64,
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.estimate, f)?;
        f.write_str(" (95% interval ")?;
        fmt::Display::fmt(&self.low, f)?;
        f.write_str(" to ")?;
        fmt::Display::fmt(&self.high, f)?;
        f.write_str(")")
    }
}

/// The Wilson score interval (Wilson, 1927) at 95% for `successes` out of `n` trials: a
/// proportion in `[0, 1]`. With `n = 0`: estimate 0 and the interval `[0, 1]`.
#[must_use]
pub fn wilson(successes: u64, n: u64) -> Interval {
    if n == 0 {
        return Interval {
            estimate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    wilson_of_share(successes.min(n) as f64 / n as f64, n)
}

/// The Wilson interval at 95% of a share `p` in `0..=1` observed over `n >= 1` trials (`p`
/// need not be a whole number of trials over `n`: a score with draws).
fn wilson_of_share(p: f64, n: u64) -> Interval {
    let n_f = n as f64;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = Z95 * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    Interval {
        estimate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The largest Elo difference [`elo_of_score`] reports (a score of 0 or 1 has no finite Elo).
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
    (ELO_PER_NAT * (score / (1.0 - score)).ln()).clamp(-ELO_CAP, ELO_CAP)
}

/// Wins, draws and losses of one agent against another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn (equal returns, or cut off unfinished).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score: wins plus half the draws, over the games (0 with no game).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    /// The share of wins with its Wilson interval.
    #[must_use]
    pub fn win_rate(&self) -> Interval {
        wilson(self.wins, self.games())
    }

    /// The share of draws with its Wilson interval.
    #[must_use]
    pub fn draw_rate(&self) -> Interval {
        wilson(self.draws, self.games())
    }

    /// The share of losses with its Wilson interval.
    #[must_use]
    pub fn loss_rate(&self) -> Interval {
        wilson(self.losses, self.games())
    }

    /// Adds another series of games.
    pub fn add(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The score (a win 1, a draw ½) in 0..=1 with its 95% Wilson interval, the score taken
    /// as the share of `wins + draws / 2` successes in the games (as [`wilson`] does for
    /// whole numbers). With no games: 0.5 in 0..=1.
    ///
    /// Unlike the normal approximation (mean ± 1.96 standard errors), the interval does not
    /// shrink to a point when every game has the same result (a score of 0 or 1, or all
    /// draws): 0 wins of 20 give `[0, 0.161]`. The binomial variance `s(1 − s)` that Wilson's
    /// interval assumes is the largest a result in {0, ½, 1} of mean `s` can have, so with
    /// draws the interval is conservative (10 draws of 10 give `[0.237, 0.763]`).
    #[must_use]
    pub fn score_interval(&self) -> Interval {
        let n = self.games();
        if n == 0 {
            return Interval {
                estimate: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        wilson_of_share(self.score(), n)
    }

    /// The Elo difference of this agent over its one opponent, with the 95% interval mapped
    /// from [`Wdl::score_interval`]'s through [`elo_of_score`] (capped at ±[`ELO_CAP`]). For
    /// more than two agents, [`elo_ratings`] fits them all at once.
    #[must_use]
    pub fn elo(&self) -> Interval {
        let s = self.score_interval();
        Interval {
            estimate: elo_of_score(s.estimate),
            low: elo_of_score(s.low),
            high: elo_of_score(s.high),
        }
    }

    /// The same results seen from the other agent.
    #[must_use]
    pub fn reversed(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// One game of a tournament: agent `first` plays as [`crate::Player::First`], agent `second`
/// as [`crate::Player::Second`], with `seed` (for the dice and the agents' own generators).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fixture {
    /// Index of the agent playing first.
    pub first: usize,
    /// Index of the agent playing second.
    pub second: usize,
    /// The round of this pair, from 0.
    pub round: u32,
    /// The game's seed: the same for both games of a round.
    pub seed: Seed,
}

/// Every game of a tournament between `agents` agents: for each pair `i < j` and each round
/// `r < games`, `i` against `j` then `j` against `i`, both with the seed derived from
/// (`seed`, `i`, `j`, `r`). In that order: pairs in lexicographic order, then rounds.
///
/// The list is a pure function of its arguments, so results computed in any order (on any
/// number of threads) and stored by position are the same.
#[must_use]
pub fn schedule(agents: usize, games: u32, seed: Seed) -> Vec<Fixture> {
    let mut out = Vec::new();
    for i in 0..agents {
        for j in i + 1..agents {
            for round in 0..games {
                let pair = Seed(seed.derive(0).0 ^ i as u64).derive(0).0;
                let seed = Seed(pair ^ ((j as u64) << 32 | u64::from(round))).derive(0);
                out.push(Fixture {
                    first: i,
                    second: j,
                    round,
                    seed,
                });
                out.push(Fixture {
                    first: j,
                    second: i,
                    round,
                    seed,
                });
            }
        }
    }
    out
}

/// Results between `n` agents: for each ordered pair, the first agent's [`Wdl`] against the
/// second, both sides counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultTable {
    agents: usize,
    cells: Vec<Wdl>,
}

impl ResultTable {
    /// An empty table of `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> ResultTable {
        ResultTable {
            agents,
            cells: vec![Wdl::default(); agents * agents],
        }
    }

    /// Number of agents.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// Records a game of agent `first` (as the first player) against agent `second` with the
    /// game's returns: the higher return wins, equal returns are a draw. Indices out of range
    /// or equal are ignored.
    pub fn record(&mut self, first: usize, second: usize, returns: ByPlayer<f64>) {
        if first >= self.agents || second >= self.agents || first == second {
            return;
        }
        let (a, b) = (returns.first, returns.second);
        let cell = &mut self.cells[first * self.agents + second];
        if a > b {
            cell.wins += 1;
        } else if b > a {
            cell.losses += 1;
        } else {
            cell.draws += 1;
        }
        let back = cell.reversed();
        self.cells[second * self.agents + first] = back;
    }

    /// Adds `wdl` as the results of `a` against `b` (and their reverse for `b`); indices out
    /// of range or equal are ignored.
    pub fn add(&mut self, a: usize, b: usize, wdl: Wdl) {
        if a >= self.agents || b >= self.agents || a == b {
            return;
        }
        let cell = &mut self.cells[a * self.agents + b];
        cell.wins += wdl.wins;
        cell.draws += wdl.draws;
        cell.losses += wdl.losses;
        let back = cell.reversed();
        self.cells[b * self.agents + a] = back;
    }

    /// The results of `a` against `b` (zero out of range).
    #[must_use]
    pub fn get(&self, a: usize, b: usize) -> Wdl {
        if a >= self.agents || b >= self.agents {
            return Wdl::default();
        }
        self.cells[a * self.agents + b]
    }

    /// All the results of agent `a`.
    #[must_use]
    pub fn total(&self, a: usize) -> Wdl {
        let mut t = Wdl::default();
        for b in 0..self.agents {
            let c = self.get(a, b);
            t.wins += c.wins;
            t.draws += c.draws;
            t.losses += c.losses;
        }
        t
    }
}

/// An agent's Elo rating ([`elo_ratings`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// The rating, on the Elo scale, the agents' mean being 0.
    pub elo: f64,
    /// Its standard error, in Elo points.
    pub se: f64,
    /// `elo − 1.96·se`.
    pub low: f64,
    /// `elo + 1.96·se`.
    pub high: f64,
}

/// Why [`elo_ratings`] has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EloError {
    /// Fewer than two agents.
    #[error("Elo ratings need at least two agents, not {0}")]
    TooFew(usize),
    /// The prior is negative or not finite.
    #[error("the prior must be a finite number of virtual draws ≥ 0")]
    Prior,
    /// Some agents never met the others, directly or through others: their ratings cannot be
    /// compared.
    #[error("agent {0} is not connected to agent 0 by games played")]
    Disconnected(usize),
    /// Without a prior, a group of agents won (or lost) every game against the rest: their
    /// ratings are infinite.
    #[error(
        "agent {0} won or lost every game against some group: its rating is unbounded (give a prior)"
    )]
    Unbounded(usize),
}

/// Elo ratings with 95% intervals of the agents of `table` (module docs), with
/// `prior_draws` virtual draws added to every pair that played (0 for the pure maximum
/// likelihood; the CLI uses 1).
///
/// # Errors
///
/// [`EloError`] with fewer than two agents, a negative prior, agents not connected by
/// games, or (prior 0) a group that won or lost everything.
pub fn elo_ratings(table: &ResultTable, prior_draws: f64) -> Result<Vec<Rating>, EloError> {
    let k = table.agents();
    if k < 2 {
        return Err(EloError::TooFew(k));
    }
    if !prior_draws.is_finite() || prior_draws < 0.0 {
        return Err(EloError::Prior);
    }
    // games[i][j] and score[i][j] (points of i against j), the prior included.
    let mut games = vec![0.0; k * k];
    let mut score = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..k {
            let c = table.get(i, j);
            if i == j || c.games() == 0 {
                continue;
            }
            games[i * k + j] = c.games() as f64 + prior_draws;
            score[i * k + j] = c.wins as f64 + 0.5 * c.draws as f64 + 0.5 * prior_draws;
        }
    }
    // Reachability: i → j when i scored against j; the maximum exists iff every agent
    // reaches every other (Hunter 2004, assumption 1).
    let reach = |edge: &dyn Fn(usize, usize) -> bool| -> Vec<bool> {
        let mut r = vec![false; k * k];
        for i in 0..k {
            r[i * k + i] = true;
            for j in 0..k {
                if edge(i, j) {
                    r[i * k + j] = true;
                }
            }
        }
        for m in 0..k {
            for i in 0..k {
                if r[i * k + m] {
                    for j in 0..k {
                        if r[m * k + j] {
                            r[i * k + j] = true;
                        }
                    }
                }
            }
        }
        r
    };
    let met = reach(&|i, j| games[i * k + j] > 0.0);
    if let Some(j) = (0..k).find(|&j| !met[j]) {
        return Err(EloError::Disconnected(j));
    }
    let scored = reach(&|i, j| score[i * k + j] > 0.0);
    if let Some(i) = (0..k).find(|&i| (0..k).any(|j| !scored[i * k + j])) {
        return Err(EloError::Unbounded(i));
    }
    // Hunter's MM iteration on the strengths γ, renormalised to a geometric mean of 1.
    let wins: Vec<f64> = (0..k)
        .map(|i| (0..k).map(|j| score[i * k + j]).sum())
        .collect();
    let mut gamma = vec![1.0; k];
    for _ in 0..200_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let denom: f64 = (0..k)
                .filter(|&j| j != i && games[i * k + j] > 0.0)
                .map(|j| games[i * k + j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = wins[i] / denom;
        }
        let mean_ln = next.iter().map(|g: &f64| g.ln()).sum::<f64>() / k as f64;
        let mut change: f64 = 0.0;
        for i in 0..k {
            let g = (next[i].ln() - mean_ln).exp();
            change = change.max((g / gamma[i]).ln().abs());
            gamma[i] = g;
        }
        if change < 1e-14 {
            break;
        }
    }
    // The Fisher information of λ = ln γ: the weighted Laplacian with weights n·p·(1−p).
    let mut info = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..k {
            if i == j || games[i * k + j] == 0.0 {
                continue;
            }
            let p = gamma[i] / (gamma[i] + gamma[j]);
            let w = games[i * k + j] * p * (1.0 - p);
            info[i * k + j] -= w;
            info[i * k + i] += w;
        }
    }
    // Its pseudo-inverse: (L + J/k)⁻¹ − J/k for a connected Laplacian L (J all ones).
    let inv_k = 1.0 / k as f64;
    let mut m: Vec<f64> = info.iter().map(|v| v + inv_k).collect();
    let inverse = invert(&mut m, k).ok_or(EloError::Disconnected(0))?;
    Ok((0..k)
        .map(|i| {
            let var = (inverse[i * k + i] - inv_k).max(0.0);
            let elo = ELO_PER_NAT * gamma[i].ln();
            let se = ELO_PER_NAT * var.sqrt();
            Rating {
                elo,
                se,
                low: elo - Z95 * se,
                high: elo + Z95 * se,
            }
        })
        .collect())
}

/// The inverse of the `k × k` matrix `m` (row-major) by Gauss–Jordan elimination with
/// partial pivoting; `None` if it is singular.
fn invert(m: &mut [f64], k: usize) -> Option<Vec<f64>> {
    let mut inv = vec![0.0; k * k];
    for i in 0..k {
        inv[i * k + i] = 1.0;
    }
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&a, &b| m[a * k + col].abs().total_cmp(&m[b * k + col].abs()))?;
        if m[pivot * k + col].abs() < 1e-300 {
            return None;
        }
        if pivot != col {
            for c in 0..k {
                m.swap(pivot * k + c, col * k + c);
                inv.swap(pivot * k + c, col * k + c);
            }
        }
        let d = m[col * k + col];
        for c in 0..k {
            m[col * k + c] /= d;
            inv[col * k + c] /= d;
        }
        for r in 0..k {
            if r == col {
                continue;
            }
            let f = m[r * k + col];
            if f != 0.0 {
                for c in 0..k {
                    m[r * k + c] -= f * m[col * k + c];
                    inv[r * k + c] -= f * inv[col * k + c];
                }
            }
        }
    }
    Some(inv)
}
