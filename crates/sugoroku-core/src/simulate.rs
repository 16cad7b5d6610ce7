//! The fast simulator: many games from a seed, on one thread or on all cores, without
//! allocation per throw.
//!
//! Game `i` (from 0) of a simulation from seed `S` is played with [`SimDice`] from
//! `S.derive(i)`: it is the same game as [`Sugoroku::play_seeded`](crate::Sugoroku::play_seeded)
//! `(rules, S.derive(i))`, whatever the number of threads, and the statistics of a
//! simulation depend only on the ruleset, the seed and the number of games.

use boardgames_common::{ByPlayer, Player, Seed};
use thiserror::Error;

use crate::dice::SimDice;
use crate::event::Event;
use crate::position::{Position, Sink};
use crate::ruleset::Ruleset;
use crate::statistics::{GameSummary, Statistics};

/// Games per unit of work: the progress callback is called once per chunk, and chunks are
/// what the threads share out.
pub const CHUNK: u64 = 1 << 14;

/// Counts captures and returns; ignores the events (compiled away).
#[derive(Default)]
struct Counter {
    captured: ByPlayer<u32>,
    returned: ByPlayer<u32>,
}

impl Sink for Counter {
    #[inline(always)]
    fn event(&mut self, _event: Event) {}

    #[inline(always)]
    fn taking(&mut self, player: Player, _point: u8, _removed: u8, captured: u8, returned: u8) {
        self.captured[player] += u32::from(captured);
        self.returned[player] += u32::from(returned);
    }
}

/// Plays one game from the empty board with [`SimDice`] from `seed`, as fast as the rules
/// allow (no events list, no allocation), and returns its summary.
///
/// ```
/// use boardgames_common::Seed;
/// use sugoroku_core::{Ruleset, Sugoroku, play_fast};
/// let fast = play_fast(&Ruleset::default(), Seed(7));
/// let slow = Sugoroku::play_seeded(Ruleset::default(), Seed(7));
/// assert_eq!(Some(fast.end), slow.state.end());
/// assert_eq!(fast.throws as usize, slow.record.entries().len());
/// ```
#[must_use]
#[inline]
pub fn play_fast(rules: &Ruleset, seed: Seed) -> GameSummary {
    let mut dice = SimDice::new(seed);
    let mut position = Position::start();
    let mut counter = Counter::default();
    let end = match position.end(rules) {
        // Only with max_throws == 0.
        Some(end) => end,
        None => loop {
            let (sum, doublet) = dice.next_sum();
            if let Some(end) = position.step(rules, sum, doublet, &mut counter) {
                break end;
            }
        },
    };
    GameSummary {
        end,
        throws: position.throws(),
        captured: counter.captured,
        returned: counter.returned,
    }
}

/// Why a [`Simulation`] could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SimulationError {
    /// The thread pool of the requested size could not be built.
    #[error("cannot start {threads} threads: {message}")]
    ThreadPool {
        /// The requested number of threads.
        threads: usize,
        /// The system's reason.
        message: String,
    },
}

/// A batch of games to simulate: `games` games under `rules`, game `i` seeded with
/// `seed.derive(i)`, on `threads` threads.
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
    /// How many games.
    pub games: u64,
    /// Worker threads: `0` for all cores (rayon's global pool), `1` for the calling thread
    /// only, `n` for a pool of `n` threads. Without the `parallel` feature every value runs
    /// on the calling thread.
    pub threads: usize,
}

impl Simulation {
    /// `games` games under `rules` from `seed`, on all cores.
    #[must_use]
    pub const fn new(rules: Ruleset, seed: Seed, games: u64) -> Simulation {
        Simulation {
            rules,
            seed,
            games,
            threads: 0,
        }
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

    /// Plays chunk `c`: games `c * CHUNK ..` up to `games`.
    fn chunk(&self, c: u64, progress: &(dyn Fn(u64) + Sync)) -> Statistics {
        let mut stats = Statistics::new(self.rules, self.seed);
        let from = c * CHUNK;
        let to = (from + CHUNK).min(self.games);
        for i in from..to {
            stats.add(&play_fast(&self.rules, self.seed.derive(i)));
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
