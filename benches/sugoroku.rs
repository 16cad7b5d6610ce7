//! Criterion benchmarks of the sugoroku simulator: complete games per second, single-threaded
//! and on all cores, the dice of those games alone (seeding, then every throw), and the cost
//! of one throw through the event-producing API.
//!
//! ```text
//! cargo bench --bench sugoroku
//! ```
//!
//! Each benchmark first checks what it is about to time: the fast simulator's games are the
//! games of the plain API (same seeds, same lengths, same results).
//!
//! On Linux the group `sugoroku cpu` times the complete games and their dice alone once more
//! by the thread's CPU clock instead of the wall clock: per CPU-second, so that the time the
//! thread waits for a core on a loaded machine is not counted (the ratio of the two is the
//! target of one core: games at least half as fast as their dice).

use std::hint::black_box;
use std::time::Duration;

use boardgames_common::{Game, Seed, Throw};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sugoroku_core::{Position, Ruleset, SimDice, Simulation, SugorokuGame, play_fast};

/// Games per timed iteration of the simulation benchmarks.
const GAMES: u64 = 100_000;
/// Games per timed iteration of the one-game loop.
const BATCH: u64 = 1_000;

fn check_fast_path(rules: &Ruleset, seed: Seed, games: u64) -> u64 {
    // The fast path plays the same games as the event API: compare every game.
    let mut throws = 0;
    for i in 0..games {
        let fast = play_fast(rules, seed.derive(i));
        let slow = SugorokuGame::play_seeded(*rules, seed.derive(i));
        assert_eq!(Some(fast.end), slow.state.end(), "game {i}");
        assert_eq!(
            fast.throws as usize,
            slow.record.entries().len(),
            "game {i}"
        );
        throws += u64::from(fast.throws);
    }
    throws
}

fn games(c: &mut Criterion) {
    let rules = Ruleset::default();
    let seed = Seed(0);
    let batch_throws = check_fast_path(&rules, seed, BATCH);
    assert!(
        batch_throws > 50 * BATCH,
        "{batch_throws} throws in {BATCH} games"
    );

    let mut group = c.benchmark_group("sugoroku");
    group.throughput(Throughput::Elements(BATCH));
    // One iteration: BATCH complete games with play_fast, on the calling thread. Each game's
    // whole summary (end, length, captures, returns) goes through black_box, so that none
    // of it can be left uncomputed.
    group.bench_function("play_fast 1000 games", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for i in 0..BATCH {
                total += u64::from(black_box(play_fast(black_box(&rules), seed.derive(i))).throws);
            }
            assert_eq!(total, batch_throws);
            total
        });
    });

    // The dice apart from the rules: the same seeds, and exactly the throws those games make.
    let lengths: Vec<u32> = (0..BATCH)
        .map(|i| play_fast(&rules, seed.derive(i)).throws)
        .collect();
    // One iteration: for each of the BATCH games, the generator seeded (ChaCha8 key set-up)
    // and its first throw drawn (the first block of the stream).
    group.bench_function("dice seeding 1000 games", |b| {
        b.iter(|| {
            let mut sums = 0u64;
            for i in 0..BATCH {
                let mut dice = SimDice::new(black_box(seed).derive(i));
                sums += u64::from(dice.next_sum().0);
            }
            sums
        });
    });
    // One iteration: the seeding and every throw of the BATCH games, no rules.
    group.bench_function("dice of 1000 games", |b| {
        b.iter(|| {
            let mut sums = 0u64;
            let mut throws = 0u64;
            for (i, &n) in lengths.iter().enumerate() {
                let mut dice = SimDice::new(black_box(seed).derive(i as u64));
                for _ in 0..n {
                    sums += u64::from(dice.next_sum().0);
                }
                throws += u64::from(n);
            }
            assert_eq!(throws, batch_throws);
            sums
        });
    });

    let single = Simulation::new(rules, seed, GAMES).with_threads(1);
    let all = Simulation::new(rules, seed, GAMES);
    let expected = single.run().expect("one thread");
    assert_eq!(expected.games, GAMES);
    assert_eq!(all.run().expect("all cores"), expected);
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(8));
    // One iteration: a whole Simulation of GAMES games with statistics, one thread.
    group.bench_function("simulation 100k games, 1 thread", |b| {
        b.iter(|| {
            let stats = black_box(&single).run().expect("one thread");
            assert_eq!(stats.throws, expected.throws);
            stats
        });
    });
    // One iteration: the same on all cores (rayon's global pool).
    group.bench_function("simulation 100k games, all cores", |b| {
        b.iter(|| {
            let stats = black_box(&all).run().expect("all cores");
            assert_eq!(stats.throws, expected.throws);
            stats
        });
    });
    group.finish();
}

fn throws(c: &mut Criterion) {
    // The throws of one long seeded game, replayed through the event API.
    let rules = Ruleset::default();
    let played = (0..200)
        .map(|i| SugorokuGame::play_seeded(rules, Seed(i)))
        .max_by_key(|p| p.record.entries().len())
        .expect("games");
    let list: Vec<Throw> = played
        .record
        .actions()
        .map(|a| a.parse().expect("a throw"))
        .collect();
    let n = list.len() as u64;
    assert!(n > 150, "{n} throws");
    assert!(played.state.is_terminal());
    let mut group = c.benchmark_group("sugoroku");
    group.throughput(Throughput::Elements(n));
    // One iteration: every throw of that game with Position::play_mut and its events.
    group.bench_function("play_mut with events, one game", |b| {
        b.iter(|| {
            let mut pos = Position::start();
            let mut events = 0;
            for &t in black_box(&list) {
                events += pos.play_mut(&rules, t).expect("not over").len();
            }
            assert_eq!(pos, *played.state.position());
            events
        });
    });
    group.finish();
}

/// Criterion's measurement by the calling thread's CPU clock (Linux): the CPU time of each
/// sample, in nanoseconds, so that the time the thread waits for a core is not counted.
#[cfg(target_os = "linux")]
mod cpu {
    use std::time::Duration;

    use criterion::Throughput;
    use criterion::measurement::{Measurement, ValueFormatter};

    /// The thread's CPU time ([`rustix::time::ClockId::ThreadCPUTime`]).
    pub(crate) struct ThreadCpu;

    fn now() -> Duration {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        // A CPU clock is never negative.
        Duration::new(
            u64::try_from(t.tv_sec).unwrap_or(0),
            u32::try_from(t.tv_nsec).unwrap_or(0),
        )
    }

    impl Measurement for ThreadCpu {
        type Intermediate = Duration;
        type Value = Duration;

        fn start(&self) -> Duration {
            now()
        }

        fn end(&self, start: Duration) -> Duration {
            now().saturating_sub(start)
        }

        fn add(&self, a: &Duration, b: &Duration) -> Duration {
            *a + *b
        }

        fn zero(&self) -> Duration {
            Duration::ZERO
        }

        fn to_f64(&self, value: &Duration) -> f64 {
            value.as_nanos() as f64
        }

        fn formatter(&self) -> &dyn ValueFormatter {
            &CpuFormatter
        }
    }

    /// CPU times in ns, µs, ms or s of CPU; throughputs per CPU-second.
    struct CpuFormatter;

    impl ValueFormatter for CpuFormatter {
        fn scale_values(&self, typical_ns: f64, values: &mut [f64]) -> &'static str {
            let (divisor, unit) = match typical_ns {
                t if t < 1e3 => (1.0, "ns cpu"),
                t if t < 1e6 => (1e3, "µs cpu"),
                t if t < 1e9 => (1e6, "ms cpu"),
                _ => (1e9, "s cpu"),
            };
            values.iter_mut().for_each(|v| *v /= divisor);
            unit
        }

        fn scale_throughputs(
            &self,
            typical_ns: f64,
            throughput: &Throughput,
            values: &mut [f64],
        ) -> &'static str {
            let per_ns = match *throughput {
                Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                    n as f64
                }
                Throughput::ElementsAndBytes { elements, .. } => elements as f64,
                Throughput::Bits(n) => n as f64,
            };
            // Units per CPU-second, in millions when the typical rate is above a million.
            let millions = per_ns * 1e9 / typical_ns.max(1.0) >= 1e6;
            for v in values.iter_mut() {
                let rate = per_ns * 1e9 / v.max(1.0);
                *v = if millions { rate / 1e6 } else { rate };
            }
            if millions { "M/cpu-s" } else { "/cpu-s" }
        }

        fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
            "ns cpu"
        }
    }
}

/// The games and their dice alone (as in [`games`]), timed by the thread's CPU clock.
#[cfg(target_os = "linux")]
fn games_cpu(c: &mut Criterion<cpu::ThreadCpu>) {
    let rules = Ruleset::default();
    let seed = Seed(0);
    let batch_throws = check_fast_path(&rules, seed, BATCH);
    let lengths: Vec<u32> = (0..BATCH)
        .map(|i| play_fast(&rules, seed.derive(i)).throws)
        .collect();
    let mut group = c.benchmark_group("sugoroku cpu");
    group.throughput(Throughput::Elements(BATCH));
    // One iteration: as `sugoroku/play_fast 1000 games`.
    group.bench_function("play_fast 1000 games", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for i in 0..BATCH {
                total += u64::from(black_box(play_fast(black_box(&rules), seed.derive(i))).throws);
            }
            assert_eq!(total, batch_throws);
            total
        });
    });
    // One iteration: as `sugoroku/dice of 1000 games`.
    group.bench_function("dice of 1000 games", |b| {
        b.iter(|| {
            let mut sums = 0u64;
            let mut throws = 0u64;
            for (i, &n) in lengths.iter().enumerate() {
                let mut dice = SimDice::new(black_box(seed).derive(i as u64));
                for _ in 0..n {
                    sums += u64::from(dice.next_sum().0);
                }
                throws += u64::from(n);
            }
            assert_eq!(throws, batch_throws);
            sums
        });
    });
    group.finish();
}

criterion_group!(benches, games, throws);
#[cfg(target_os = "linux")]
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(cpu::ThreadCpu);
    targets = games_cpu
}
#[cfg(target_os = "linux")]
criterion_main!(benches, cpu_benches);
#[cfg(not(target_os = "linux"))]
criterion_main!(benches);
