//! Steps the vectorised tafl games for a while (for `perf`): `cargo run --release -p
//! boardgames-py --example vector_profile -- [games] [steps]`.

use boardgames_py::{Outputs, TaflVector};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let mut v = TaflVector::new(tafl_core::Ruleset::fidchell(), n, 1, 2000);
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
    let mut ends = 0;
    for _ in 0..steps {
        v.sample_actions(&mut actions).expect("sizes");
        v.step(&actions, &mut out).expect("sizes");
        ends += out.terminated.iter().filter(|&&t| t).count();
    }
    let secs = start.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = (n * steps) as f64 / secs;
    println!("{n} games × {steps} steps: {rate:.0} steps/s, {ends} games ended");
}
