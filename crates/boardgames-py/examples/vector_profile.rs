//! Steps the vectorised tafl games for a while (for `perf`): `cargo run --release -p
//! boardgames-py --example vector_profile -- [games] [steps] [rules]`. Prints the steps per
//! second of wall-clock time and, on Linux, per second of the thread's CPU time (what a
//! shared machine does not disturb).

use boardgames_py::{Outputs, TaflVector};

/// The CPU time of this thread so far (Linux's `/proc/thread-self/schedstat`, nanoseconds on
/// the CPU), or None elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let rules = args.next().unwrap_or_else(|| "fidchell".to_string());
    let ruleset = boardgames_py::tafl::ruleset(&rules).expect("a ruleset");
    let mut v = TaflVector::new(ruleset, n, 1, 2000);
    let mut obs = vec![0u8; n * v.observation_len()];
    let mut mask = vec![false; n * v.num_actions()];
    let (mut rewards, mut term, mut trunc, mut player) = (
        vec![0.0f32; 2 * n],
        vec![false; n],
        vec![false; n],
        vec![0i8; n],
    );
    let mut actions = vec![0i64; n];
    let mut out = Outputs {
        obs: &mut obs,
        mask: &mut mask,
        rewards: &mut rewards,
        terminated: &mut term,
        truncated: &mut trunc,
        player: &mut player,
    };
    v.reset(&mut out).expect("sizes");
    let start = std::time::Instant::now();
    let cpu = cpu_seconds();
    let mut ends = 0;
    for _ in 0..steps {
        v.sample_actions(&mut actions).expect("sizes");
        v.step(&actions, &mut out).expect("sizes");
        ends += out.terminated.iter().filter(|&&t| t).count();
    }
    let secs = start.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let total = (n * steps) as f64;
    let per_cpu = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => format!(", {:.0} per CPU-second", total / (b - a)),
        _ => String::new(),
    };
    println!(
        "{rules}, {n} games × {steps} steps: {:.0} steps/s wall{per_cpu}, {ends} games ended",
        total / secs
    );
}
