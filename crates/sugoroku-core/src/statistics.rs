//! [`Statistics`] of many games: win and draw rates, the first player's advantage with its
//! 95% interval, the distribution of the length in throws, captures per game.

use std::fmt;

use boardgames_common::tournament::{Interval, Z95};
use boardgames_common::{ByPlayer, Outcome, Player, Seed};

use crate::event::{GameEnd, colour};
use crate::ruleset::Ruleset;

/// What the statistics need of one finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameSummary {
    /// How the game ended.
    pub end: GameEnd,
    /// Its length: the number of throws, extra throws included.
    pub throws: u32,
    /// Enemy pawns captured by each player over the whole game (a pawn captured, given back
    /// and captured again counts twice).
    pub captured: ByPlayer<u32>,
    /// Captured pawns each player gave back on doublets.
    pub returned: ByPlayer<u32>,
}

/// Totals over a set of games; every rate and mean is computed from these integers, so the
/// statistics of the same games are identical whatever the number of threads.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Statistics {
    /// The ruleset the games were played under.
    pub rules: Ruleset,
    /// The seed of the simulation (game `i` used `seed.derive(i)`).
    pub seed: Seed,
    /// Number of games.
    pub games: u64,
    /// Games won by each player.
    pub wins: ByPlayer<u64>,
    /// Drawn games (equal captured counts).
    pub draws: u64,
    /// Games stopped by [`Ruleset::max_throws`] (also counted in wins or draws).
    pub capped: u64,
    /// Throws over all games.
    pub throws: u64,
    /// `lengths[n]`: the number of games of exactly `n` throws (trailing zeros trimmed).
    pub lengths: Vec<u64>,
    /// Enemy pawns captured by each player, summed over the games.
    pub captured: ByPlayer<u64>,
    /// Captured pawns given back by each player, summed over the games.
    pub returned: ByPlayer<u64>,
    /// Captured pawns each player held at the end (his score), summed over the games.
    pub held: ByPlayer<u64>,
    /// Games whose outcome the other [`Winner`](crate::Winner) reading would change (a different winner, or
    /// a draw instead of a win, or the reverse).
    pub other_winner_differs: u64,
}

impl Statistics {
    /// Empty statistics for games under `rules` from `seed`.
    #[must_use]
    pub fn new(rules: Ruleset, seed: Seed) -> Statistics {
        Statistics {
            rules,
            seed,
            games: 0,
            wins: ByPlayer::new(0, 0),
            draws: 0,
            capped: 0,
            throws: 0,
            lengths: Vec::new(),
            captured: ByPlayer::new(0, 0),
            returned: ByPlayer::new(0, 0),
            held: ByPlayer::new(0, 0),
            other_winner_differs: 0,
        }
    }

    /// Counts one game.
    #[inline]
    pub fn add(&mut self, game: &GameSummary) {
        self.games += 1;
        match game.end.outcome {
            Outcome::Winner(p) => self.wins[p] += 1,
            Outcome::Draw => self.draws += 1,
        }
        self.capped += u64::from(game.end.capped);
        self.other_winner_differs +=
            u64::from(game.end.outcome != game.end.outcome_by(game.end.winner.other()));
        self.throws += u64::from(game.throws);
        let n = game.throws as usize;
        if n >= self.lengths.len() {
            // Rare: the vector grows to the longest game seen, not once per game.
            self.lengths.resize((n + 1).max(256), 0);
        }
        self.lengths[n] += 1;
        for p in Player::ALL {
            self.captured[p] += u64::from(game.captured[p]);
            self.returned[p] += u64::from(game.returned[p]);
            self.held[p] += u64::from(game.end.held[p]);
        }
    }

    /// Adds the games of `other` (same rules and seed expected; `self`'s are kept).
    pub fn merge(&mut self, other: &Statistics) {
        self.games += other.games;
        self.draws += other.draws;
        self.capped += other.capped;
        self.other_winner_differs += other.other_winner_differs;
        self.throws += other.throws;
        if other.lengths.len() > self.lengths.len() {
            self.lengths.resize(other.lengths.len(), 0);
        }
        for (a, b) in self.lengths.iter_mut().zip(&other.lengths) {
            *a += b;
        }
        for p in Player::ALL {
            self.wins[p] += other.wins[p];
            self.captured[p] += other.captured[p];
            self.returned[p] += other.returned[p];
            self.held[p] += other.held[p];
        }
    }

    /// Trims trailing zeros of [`lengths`](Self::lengths).
    pub(crate) fn trim(&mut self) {
        while self.lengths.last() == Some(&0) {
            self.lengths.pop();
        }
    }

    fn per_game(&self, total: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            total as f64 / self.games as f64
        }
    }

    /// The share of games `player` won, `0.0..=1.0` (0 when there are no games).
    #[must_use]
    pub fn win_rate(&self, player: Player) -> f64 {
        self.per_game(self.wins[player])
    }

    /// The share of drawn games.
    #[must_use]
    pub fn draw_rate(&self) -> f64 {
        self.per_game(self.draws)
    }

    /// The first player's (white's) advantage: the mean over games of `+1` for a white win,
    /// `-1` for a black win, `0` for a draw, that is `P(white wins) - P(black wins)`, with
    /// the 95% normal interval `mean ± 1.96 s / sqrt(n)` (`s` the sample standard deviation).
    /// With fewer than two games the interval is the whole `[-1, 1]`.
    #[must_use]
    pub fn first_player_advantage(&self) -> Interval {
        let n = self.games as f64;
        let mean = self.win_rate(Player::First) - self.win_rate(Player::Second);
        if self.games < 2 {
            return Interval {
                estimate: mean,
                low: -1.0,
                high: 1.0,
            };
        }
        // Each decided game contributes 1 to the sum of squares.
        let decided = (self.wins.first + self.wins.second) as f64;
        let variance = ((decided - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = Z95 * (variance / n).sqrt();
        Interval {
            estimate: mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// The mean length of a game in throws.
    #[must_use]
    pub fn mean_length(&self) -> f64 {
        self.per_game(self.throws)
    }

    /// The shortest game, in throws (`None` without games).
    #[must_use]
    pub fn min_length(&self) -> Option<u32> {
        self.lengths.iter().position(|&c| c > 0).map(|n| n as u32)
    }

    /// The longest game, in throws (`None` without games).
    #[must_use]
    pub fn max_length(&self) -> Option<u32> {
        self.lengths.iter().rposition(|&c| c > 0).map(|n| n as u32)
    }

    /// The smallest length `n` such that at least a share `q` (`0.0..=1.0`, clamped) of the
    /// games lasted `n` throws or fewer: `length_quantile(0.5)` is the median. `None` without
    /// games.
    #[must_use]
    pub fn length_quantile(&self, q: f64) -> Option<u32> {
        if self.games == 0 {
            return None;
        }
        let target = (q.clamp(0.0, 1.0) * self.games as f64).ceil().max(1.0) as u64;
        let mut acc = 0;
        for (n, &c) in self.lengths.iter().enumerate() {
            acc += c;
            if acc >= target {
                return Some(n as u32);
            }
        }
        self.max_length()
    }

    /// Pawns captured per game, both players together.
    #[must_use]
    pub fn captures_per_game(&self) -> f64 {
        self.per_game(self.captured.first + self.captured.second)
    }

    /// Pawns captured per game by `player`.
    #[must_use]
    pub fn captured_per_game(&self, player: Player) -> f64 {
        self.per_game(self.captured[player])
    }

    /// Captured pawns given back per game by `player`.
    #[must_use]
    pub fn returned_per_game(&self, player: Player) -> f64 {
        self.per_game(self.returned[player])
    }

    /// `player`'s mean final holding: the captured pawns he holds at the end (his score
    /// under [`Winner::Held`](crate::Winner::Held)).
    #[must_use]
    pub fn mean_score(&self, player: Player) -> f64 {
        self.per_game(self.held[player])
    }

    /// The share of games whose outcome the other [`Winner`](crate::Winner) reading would change.
    #[must_use]
    pub fn other_winner_rate(&self) -> f64 {
        self.per_game(self.other_winner_differs)
    }
}

impl fmt::Display for Statistics {
    /// A plain-text report, one figure a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games              {}", self.games)?;
        writeln!(f, "rules              {}", self.rules)?;
        writeln!(f, "seed               {}", self.seed)?;
        for p in Player::ALL {
            writeln!(f, "{:<5} wins         {:.4}", colour(p), self.win_rate(p))?;
        }
        writeln!(f, "draws              {:.4}", self.draw_rate())?;
        writeln!(
            f,
            "white's advantage  {:+.4}",
            self.first_player_advantage()
        )?;
        let q = |x| self.length_quantile(x).unwrap_or(0);
        writeln!(
            f,
            "length (throws)    mean {:.2}, min {}, 10% {}, median {}, 90% {}, 99% {}, max {}",
            self.mean_length(),
            self.min_length().unwrap_or(0),
            q(0.1),
            q(0.5),
            q(0.9),
            q(0.99),
            self.max_length().unwrap_or(0)
        )?;
        writeln!(
            f,
            "captures per game  {:.3} (white {:.3}, black {:.3})",
            self.captures_per_game(),
            self.captured_per_game(Player::First),
            self.captured_per_game(Player::Second)
        )?;
        writeln!(
            f,
            "returned per game  white {:.3}, black {:.3}",
            self.returned_per_game(Player::First),
            self.returned_per_game(Player::Second)
        )?;
        writeln!(
            f,
            "mean final score   white {:.3}, black {:.3}",
            self.mean_score(Player::First),
            self.mean_score(Player::Second)
        )?;
        writeln!(
            f,
            "winner={} changes {:.4} of the outcomes",
            self.rules.winner.other().as_str(),
            self.other_winner_rate()
        )?;
        write!(f, "stopped by the cap {}", self.capped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Winner;

    fn game(outcome: Outcome, throws: u32) -> GameSummary {
        GameSummary {
            end: GameEnd {
                outcome,
                held: ByPlayer::new(2, 1),
                captured: ByPlayer::new(3, 1),
                winner: Winner::Held,
                capped: false,
            },
            throws,
            captured: ByPlayer::new(3, 1),
            returned: ByPlayer::new(1, 0),
        }
    }

    #[test]
    fn rates_interval_and_quantiles() {
        let mut s = Statistics::new(Ruleset::default(), Seed(0));
        // 3 white wins, 1 black win, no draw: advantage 0.5, sample variance (4 - 4 * 0.25) / 3 = 1.
        for (o, n) in [
            (Outcome::Winner(Player::First), 40),
            (Outcome::Winner(Player::First), 50),
            (Outcome::Winner(Player::First), 50),
            (Outcome::Winner(Player::Second), 70),
        ] {
            s.add(&game(o, n));
        }
        assert_eq!(s.win_rate(Player::First), 0.75);
        assert_eq!(s.draw_rate(), 0.0);
        let a = s.first_player_advantage();
        assert_eq!(a.estimate, 0.5);
        let half = Z95 * (1.0f64 / 4.0).sqrt();
        assert!((a.high - 0.5 - half).abs() < 1e-12 && (0.5 - a.low - half).abs() < 1e-12);
        assert_eq!(s.mean_length(), 52.5);
        assert_eq!(s.length_quantile(0.5), Some(50));
        assert_eq!(s.length_quantile(0.25), Some(40));
        assert_eq!(s.length_quantile(1.0), Some(70));
        assert_eq!((s.min_length(), s.max_length()), (Some(40), Some(70)));
        assert_eq!(s.captures_per_game(), 4.0);
        assert_eq!(s.mean_score(Player::Second), 1.0);
    }

    #[test]
    fn merge_equals_adding_all() {
        let games = [
            game(Outcome::Draw, 300),
            game(Outcome::Winner(Player::Second), 12),
            game(Outcome::Winner(Player::First), 44),
        ];
        let mut all = Statistics::new(Ruleset::default(), Seed(1));
        games.iter().for_each(|g| all.add(g));
        let mut a = Statistics::new(Ruleset::default(), Seed(1));
        let mut b = a.clone();
        a.add(&games[0]);
        games[1..].iter().for_each(|g| b.add(g));
        b.merge(&a);
        b.trim();
        all.trim();
        assert_eq!(b, all);
        assert_eq!(all.lengths.len(), 301);
    }

    #[test]
    fn empty_statistics_do_not_divide_by_zero() {
        let s = Statistics::new(Ruleset::default(), Seed(0));
        assert_eq!(s.win_rate(Player::First), 0.0);
        assert_eq!(s.length_quantile(0.5), None);
        assert_eq!(s.first_player_advantage().low, -1.0);
        assert!(s.to_string().contains("games              0"));
    }
}
