//! The one merge of a job's shards: [`Merger`], which adds each shard's integer counts to
//! running totals as it arrives (in any order) and checks that the shards cover every unit
//! exactly once; [`Job::merge`](super::Job::merge) is a merger given every shard at once.

use std::collections::BTreeMap;

use boardgames_common::tournament::{ResultTable, Wdl};
use serde_json::Value;
use sugoroku_core::Statistics;

use super::counts::{TrictracCounts, sugoroku_json};
use super::{Job, What};
use crate::error::ArenaError;

impl Job {
    /// A merger of this job's shards, one at a time as they arrive.
    #[must_use]
    pub fn merger(&self) -> Merger {
        Merger::new(self.clone())
    }

    /// Merges shard results (in any order) into the one-machine command's `--json` result:
    /// [`Job::merger`] given every shard, then finished.
    ///
    /// # Errors
    ///
    /// [`ArenaError::Shard`] if a shard is not one of this job's (another key, a malformed
    /// result), or the shards do not cover every unit exactly once (an overlap, a gap or
    /// units missing, named).
    pub fn merge(&self, shards: &[Value]) -> Result<Value, ArenaError> {
        let mut merger = self.merger();
        for (n, shard) in shards.iter().enumerate() {
            merger
                .add_value(shard)
                .map_err(|e| ArenaError::Shard(format!("shard {n}: {e}")))?;
        }
        merger.finish()
    }
}

/// The running totals of the shards merged so far, by kind of job.
#[derive(Debug, Clone)]
enum Totals {
    /// A sugoroku study's statistics (`"counts"`).
    Sugoroku(Statistics),
    /// A trictrac study's counts (`"counts"`).
    Trictrac(TrictracCounts),
    /// A tournament's (or self-play's) results of each pair `i < j` in order (`"pairs"`).
    Pairs(Vec<Wdl>),
}

/// A job's shards merged one at a time, in any order, into the one-machine command's
/// `--json` result: [`Job::merger`](super::Job::merger), [`Merger::add`] for each shard as
/// it arrives, [`Merger::finish`].
///
/// The totals are integer sums, so they do not depend on the order of the shards: the
/// result is [`Job::merge`](super::Job::merge)'s for all the shards at once, and the one of
/// the one-machine command.
#[derive(Debug, Clone)]
pub struct Merger {
    job: Job,
    key: String,
    units: u64,
    /// The ranges merged: first unit to number of units (empty ranges left out).
    ranges: BTreeMap<u64, u64>,
    done: u64,
    totals: Totals,
}

impl Merger {
    /// A merger of `job`'s shards, none merged yet.
    #[must_use]
    pub fn new(job: Job) -> Merger {
        let totals = match &job.what {
            What::Sugoroku(sim) => Totals::Sugoroku(Statistics::new(sim.rules, sim.seed)),
            What::Trictrac(_) => Totals::Trictrac(TrictracCounts::default()),
            What::Tournament { tournament, .. } => {
                let n = tournament.names.len();
                Totals::Pairs(vec![Wdl::default(); n * n.saturating_sub(1) / 2])
            }
        };
        Merger {
            key: job.key(),
            units: job.units(),
            job,
            ranges: BTreeMap::new(),
            done: 0,
            totals,
        }
    }

    /// The job's number of units.
    #[must_use]
    pub const fn units(&self) -> u64 {
        self.units
    }

    /// The number of units merged so far.
    #[must_use]
    pub const fn done(&self) -> u64 {
        self.done
    }

    /// The job's key ([`Job::key`](super::Job::key)).
    #[must_use]
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Adds one shard (the JSON [`Job::run`](super::Job::run) gave); nothing is added if it
    /// is refused.
    ///
    /// # Errors
    /// [`ArenaError::Shard`] for a shard of another job, outside the job's units,
    /// overlapping a shard merged before, or with malformed counts.
    pub fn add(&mut self, shard: &Value) -> Result<(), ArenaError> {
        self.add_value(shard)
            .map_err(|e| ArenaError::Shard(format!("shard: {e}")))
    }

    /// [`Merger::add`], the error's message without its `shard:`.
    pub(crate) fn add_value(&mut self, shard: &Value) -> Result<(), String> {
        if shard["key"] != self.key.as_str() {
            return Err(format!(
                "its key {} is not the job's {:?}",
                shard["key"], self.key
            ));
        }
        let (Some(first), Some(count)) = (shard["first"].as_u64(), shard["count"].as_u64()) else {
            return Err("no whole numbers \"first\" and \"count\"".to_owned());
        };
        let end = first
            .checked_add(count)
            .filter(|&end| end <= self.units)
            .ok_or_else(|| {
                format!(
                    "units {first} .. {first} + {count} are not within the job's {}",
                    self.units
                )
            })?;
        let before = self.ranges.range(..=first).next_back();
        let after = self.ranges.range(first..).next();
        for (&f, &c) in before.into_iter().chain(after) {
            if f < end && first < f + c {
                return Err(format!(
                    "units {first} .. {end} overlap the shard of units {f} .. {} merged before",
                    f + c
                ));
            }
        }
        let bad = |e: serde_json::Error| format!("the shard of units {first} .. {end}: {e}");
        // Read whole before anything is added: a refused shard leaves the totals as they were.
        match &mut self.totals {
            Totals::Sugoroku(total) => {
                let stats: Statistics =
                    serde_json::from_value(shard["counts"].clone()).map_err(bad)?;
                total.merge(&stats);
            }
            Totals::Trictrac(total) => {
                let counts: TrictracCounts =
                    serde_json::from_value(shard["counts"].clone()).map_err(bad)?;
                total.merge(&counts);
            }
            Totals::Pairs(total) => {
                let pairs: Vec<Wdl> =
                    serde_json::from_value(shard["pairs"].clone()).map_err(bad)?;
                if pairs.len() != total.len() {
                    return Err(format!(
                        "the shard of units {first} .. {end}: {} pairs' results, not the job's {}",
                        pairs.len(),
                        total.len()
                    ));
                }
                for (a, b) in total.iter_mut().zip(pairs) {
                    a.add(b);
                }
            }
        }
        if count > 0 {
            self.ranges.insert(first, count);
        }
        self.done += count;
        Ok(())
    }

    /// The merged result, the one-machine command's `--json`.
    ///
    /// # Errors
    /// [`ArenaError::Shard`] naming the first units missing unless every unit has been
    /// merged; [`ArenaError::Failed`] if a tournament's ratings cannot be computed.
    pub fn finish(&self) -> Result<Value, ArenaError> {
        if self.done != self.units {
            // The first units not covered: a gap before a shard, or the end of the job.
            let mut next = 0;
            for (&f, &c) in &self.ranges {
                if f != next {
                    return Err(ArenaError::Shard(format!(
                        "the shards leave a gap: units {next} .. {f} are missing ({} of the job's {} units merged)",
                        self.done, self.units
                    )));
                }
                next = f + c;
            }
            return Err(ArenaError::Shard(format!(
                "{} of the job's {} units merged: units {next} .. {} are missing",
                self.done, self.units, self.units
            )));
        }
        match (&self.job.what, &self.totals) {
            (What::Sugoroku(sim), Totals::Sugoroku(stats)) => {
                Ok(sugoroku_json(stats, 0, sim.games))
            }
            (What::Trictrac(study), Totals::Trictrac(counts)) => {
                Ok(counts.to_json(&study.agents.names, study.trous, study.seed.0))
            }
            (What::Tournament { tournament, .. }, Totals::Pairs(pairs)) => {
                let n = tournament.names.len();
                let mut table = ResultTable::new(n);
                let mut k = 0;
                for i in 0..n {
                    for j in i + 1..n {
                        table.add(i, j, pairs[k]);
                        k += 1;
                    }
                }
                tournament.to_json(&table)
            }
            _ => Err(ArenaError::Failed(
                "the totals are not those of the job's kind".to_owned(),
            )),
        }
    }
}
