//! The fast simulator: many games from a seed, on one thread or on all cores, without
//! allocation per throw.

use boardgames_common::{ByPlayer, Seed};
use thiserror::Error;

use crate::dice::SimDice;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::statistics::{GameSummary, Statistics};

/// Games per unit of work: the progress callback is called once per chunk, and chunks are
/// what the threads share out.
pub const CHUNK: u64 = 1 << 14;

/// Plays one game from the empty board with [`SimDice`] from `seed`, as fast as the rules
/// allow (no events list, no allocation), and returns its summary.
///
/// ```
/// use boardgames_common::Seed;
/// use sugoroku_core::{Ruleset, SugorokuGame, play_fast};
/// let fast = play_fast(&Ruleset::default(), Seed(7));
/// let slow = SugorokuGame::play_seeded(Ruleset::default(), Seed(7));
/// assert_eq!(Some(fast.end), slow.state.end());
/// assert_eq!(fast.throws as usize, slow.record.entries().len());
/// ```
#[must_use]
#[inline]
pub fn play_fast(rules: &Ruleset, seed: Seed) -> GameSummary {
    let mut dice = SimDice::new(seed);
    let mut position = Position::start();
    let end = match position.end(rules) {
        // Only with max_throws == 0.
        Some(end) => end,
        None => position.play_out(rules, || dice.next_sum()),
    };
    GameSummary {
        end,
        throws: position.throws(),
        captured: ByPlayer::from_fn(|p| position.captured(p)),
        returned: ByPlayer::from_fn(|p| {
            position
                .captured(p)
                .saturating_sub(u32::from(position.held(p)))
        }),
    }
}

/// Why a [`Simulation`] could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// A shard `k/n` with `n == 0`, `k == 0` or `k > n`.
    #[error("invalid shard {index}/{count}: expected K/N with 1 <= K <= N")]
    Shard {
        /// The shard's number `K`, from 1.
        index: u64,
        /// The number of shards `N`.
        count: u64,
    },
    /// The thread pool of the requested size could not be built.
    #[error("cannot start {threads} threads: {message}")]
    ThreadPool {
        /// The requested number of threads.
        threads: usize,
        /// The system's reason.
        message: String,
    },
}

/// A batch of games to simulate: the `games` games numbered from `first` under `rules`,
/// game `i` seeded with `seed.derive(i)`, on `threads` threads.
///
/// Game `i` (from 0) of a simulation from seed `S` is played with [`SimDice`] from
/// `S.derive(i)`: it is the same game as [`SugorokuGame::play_seeded`](crate::SugorokuGame::play_seeded)
/// `(rules, S.derive(i))`, whatever the number of threads, and the statistics of a
/// simulation depend only on the ruleset, the seed and the games played.
///
/// # Past one machine
///
/// [`Simulation::shard`] cuts a study of `G` games into `N` disjoint ranges of game numbers;
/// each shard can run anywhere, and [`Statistics::merge`] of the shards' statistics gives
/// exactly the statistics of one run over the `G` games (integer totals only).
///
/// ```
/// use boardgames_common::Seed;
/// use sugoroku_core::{Ruleset, Simulation, Statistics};
/// let study = Simulation::new(Ruleset::default(), Seed(0), 10_000);
/// let mut merged = Statistics::new(study.rules, study.seed);
/// for k in 1..=4 {
///     merged.merge(&study.shard(k, 4).unwrap().run().unwrap());
/// }
/// assert_eq!(merged, study.run().unwrap());
/// ```
///
/// ```
/// use boardgames_common::Seed;
/// use sugoroku_core::{Ruleset, Simulation};
/// let stats = Simulation::new(Ruleset::default(), Seed(1), 20_000).run().unwrap();
/// assert_eq!(stats.games, 20_000);
/// assert_eq!(stats.wins.first + stats.wins.second + stats.draws, 20_000);
/// // One thread gives the same statistics.
/// let one = Simulation::new(Ruleset::default(), Seed(1), 20_000).with_threads(1).run().unwrap();
/// assert_eq!(one, stats);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Simulation {
    /// The ruleset of every game.
    pub rules: Ruleset,
    /// The seed; game `i` uses `seed.derive(i)`.
    pub seed: Seed,
    /// The number of the first game (0 for a whole study; a [`shard`](Self::shard) starts
    /// further on).
    pub first: u64,
    /// How many games: games `first .. first + games`.
    pub games: u64,
    /// Worker threads: `0` for all cores (rayon's global pool), `1` for the calling thread
    /// only, `n` for a pool of `n` threads. Without the `parallel` feature every value runs
    /// on the calling thread.
    pub threads: usize,
}

impl Simulation {
    /// `games` games under `rules` from `seed` (games `0 .. games`), on all cores.
    #[must_use]
    pub const fn new(rules: Ruleset, seed: Seed, games: u64) -> Simulation {
        Simulation {
            rules,
            seed,
            first: 0,
            games,
            threads: 0,
        }
    }

    /// The `index`-th (from 1) of `count` disjoint, contiguous parts of this simulation's
    /// games: games `first + games * (index - 1) / count .. first + games * index / count`.
    /// The `count` shards together play every game exactly once, so merging their
    /// [`Statistics`] gives those of the whole simulation.
    ///
    /// # Errors
    ///
    /// [`SimulationError::Shard`] unless `1 <= index <= count`.
    pub fn shard(self, index: u64, count: u64) -> Result<Simulation, SimulationError> {
        if index == 0 || index > count {
            return Err(SimulationError::Shard { index, count });
        }
        // In u128: games * index cannot overflow; the quotients are at most games.
        let at = |k: u64| (u128::from(self.games) * u128::from(k) / u128::from(count)) as u64;
        let (from, to) = (at(index - 1), at(index));
        Ok(Simulation {
            first: self.first.wrapping_add(from),
            games: to - from,
            ..self
        })
    }

    /// The same simulation on `threads` threads (`0`: all cores).
    #[must_use]
    pub const fn with_threads(self, threads: usize) -> Simulation {
        Simulation { threads, ..self }
    }

    /// Runs the games and returns their statistics.
    ///
    /// # Errors
    ///
    /// [`SimulationError::ThreadPool`] if a pool of `threads` threads cannot be started.
    pub fn run(&self) -> Result<Statistics, SimulationError> {
        self.run_with_progress(&|_| {})
    }

    /// As [`run`](Self::run), calling `progress(n)` each time `n` more games are finished
    /// (once per [`CHUNK`] games, from any worker thread; the `n` add up to `games`). The
    /// library does no I/O: a command-line tool can advance a progress bar from here.
    ///
    /// # Errors
    ///
    /// [`SimulationError::ThreadPool`] if a pool of `threads` threads cannot be started.
    pub fn run_with_progress(
        &self,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Statistics, SimulationError> {
        let chunks = self.games.div_ceil(CHUNK);
        let mut stats = self.run_chunks(chunks, progress)?;
        stats.trim();
        Ok(stats)
    }

    /// Plays chunk `c`: games `first + c * CHUNK ..` up to `first + games`.
    fn chunk(&self, c: u64, progress: &(dyn Fn(u64) + Sync)) -> Statistics {
        let mut stats = Statistics::new(self.rules, self.seed);
        let from = c * CHUNK;
        let to = (from + CHUNK).min(self.games);
        for i in from..to {
            // Game numbers wrap past u64::MAX rather than overflow (a study that large
            // cannot be played anyway).
            let game = self.first.wrapping_add(i);
            stats.add(&play_fast(&self.rules, self.seed.derive(game)));
        }
        progress(to - from);
        stats
    }

    fn sequential(&self, chunks: u64, progress: &(dyn Fn(u64) + Sync)) -> Statistics {
        let mut stats = Statistics::new(self.rules, self.seed);
        for c in 0..chunks {
            stats.merge(&self.chunk(c, progress));
        }
        stats
    }

    #[cfg(not(feature = "parallel"))]
    fn run_chunks(
        &self,
        chunks: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Statistics, SimulationError> {
        Ok(self.sequential(chunks, progress))
    }

    #[cfg(feature = "parallel")]
    fn run_chunks(
        &self,
        chunks: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Statistics, SimulationError> {
        use rayon::prelude::*;
        let parallel = || {
            (0..chunks)
                .into_par_iter()
                .map(|c| self.chunk(c, progress))
                .reduce(
                    || Statistics::new(self.rules, self.seed),
                    |mut a, b| {
                        a.merge(&b);
                        a
                    },
                )
        };
        match self.threads {
            1 => Ok(self.sequential(chunks, progress)),
            0 => Ok(parallel()),
            n => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| SimulationError::ThreadPool {
                        threads: n,
                        message: e.to_string(),
                    })?;
                Ok(pool.install(parallel))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Events, GameEnd};
    use crate::ruleset::{SingleDoublet, Winner};

    /// Every reading of the rules, each with caps that stop games in each stretch of
    /// `Position::play_out` (both placing: at most 29 throws; one placing; both taking).
    fn rulesets() -> Vec<Ruleset> {
        let mut all = Vec::new();
        for single in SingleDoublet::ALL {
            for extra in [false, true] {
                for winner in Winner::ALL {
                    for cap in [1, 2, 3, 15, 28, 29, 30, 31, 32, 35, 45, 60, 61, 90, 10_000] {
                        all.push(
                            Ruleset::default()
                                .with_single_doublet(single)
                                .with_taking_doublet_extra_throw(extra)
                                .with_winner(winner)
                                .with_max_throws(cap),
                        );
                    }
                }
            }
        }
        all
    }

    /// The game from `start` with the dice of `seed`, one `Position::step` (the rule with its
    /// events) per throw.
    fn stepped(rules: &Ruleset, start: Position, seed: Seed) -> (Position, GameEnd) {
        let mut dice = SimDice::new(seed);
        let mut pos = start;
        loop {
            let (sum, doublet) = dice.next_sum();
            if let Some(end) = pos.step(rules, sum, doublet, &mut Events::new()) {
                return (pos, end);
            }
        }
    }

    /// The simulator's loop, cut into stretches with fixed sides, plays the same games as
    /// the rule applied throw by throw: the same final position (camps, reserves, held and
    /// captured pawns, side, throws) and the same end, under every reading and cap, from
    /// the start and from positions part-way through (so that each stretch is entered with
    /// either side to throw).
    #[test]
    fn play_out_equals_the_rule_throw_by_throw() {
        let mut games = 0;
        let mut capped = 0;
        for rules in rulesets() {
            let count = if rules.max_throws == 10_000 { 300 } else { 40 };
            for g in 0..count {
                let seed = Seed(2026).derive(g);
                let mut starts = vec![Position::start()];
                for k in [4, 17, 28, 30, 31, 33, 36, 50] {
                    // A start `k` throws in, with other dice.
                    let mut dice = SimDice::new(Seed(7).derive(g));
                    let mut pos = Position::start();
                    let over = (0..k).any(|_| {
                        let (sum, doublet) = dice.next_sum();
                        pos.step(&rules, sum, doublet, &mut Events::new()).is_some()
                    });
                    if !over {
                        starts.push(pos);
                    }
                }
                for start in starts {
                    let expected = stepped(&rules, start, seed);
                    let mut pos = start;
                    let mut dice = SimDice::new(seed);
                    let end = pos.play_out(&rules, || dice.next_sum());
                    assert_eq!((pos, end), expected, "{rules}, game {g}, from {start}");
                    games += 1;
                    capped += u32::from(end.capped);
                }
            }
        }
        // Both kinds of end were reached, many times.
        assert!(games > 20_000, "{games} games");
        assert!(
            capped > 5_000 && games - capped > 5_000,
            "{capped} of {games} capped"
        );
    }
}
