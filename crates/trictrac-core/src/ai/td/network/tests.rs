use super::*;
use crate::GameOptions;

#[test]
fn bytes_round_trip_and_damage_is_refused() {
    let mut n = TdNetwork::new(5, Seed(3)).unwrap();
    n.set_parties(77);
    let bytes = n.to_bytes();
    assert_eq!(bytes.len(), 24 + 4 * (279 * 5 + 5 + 15 + 3) + 8);
    assert_eq!(TdNetwork::from_bytes(&bytes).unwrap(), n);
    let mut bad = bytes.clone();
    bad[100] ^= 1;
    assert!(matches!(
        TdNetwork::from_bytes(&bad),
        Err(TdNetworkError::Checksum { .. })
    ));
    assert_eq!(
        TdNetwork::from_bytes(&bytes[..bytes.len() - 1]),
        Err(TdNetworkError::Length {
            expected: bytes.len(),
            found: bytes.len() - 1
        })
    );
    let mut version = bytes.clone();
    version[4] = 2;
    assert_eq!(
        TdNetwork::from_bytes(&version),
        Err(TdNetworkError::Version(2))
    );
    assert_eq!(
        TdNetwork::from_bytes(b"PNG\0 and more bytes than a header needs"),
        Err(TdNetworkError::Magic(*b"PNG\0"))
    );
    assert!(TdNetwork::new(0, Seed(1)).is_err());
    assert!(TdNetwork::new(257, Seed(1)).is_err());
}

#[test]
fn learning_moves_the_estimate_toward_the_target() {
    let mut n = TdNetwork::new(8, Seed(1)).unwrap();
    let form = Ordinaire::of(&GameOptions::default());
    let inputs = encode(&Position::start(), &form);
    let before = n.forward(&inputs);
    let target = TdEstimate::outcome(true, false);
    for _ in 0..50 {
        n.learn(&inputs, &target, 0.1);
    }
    let after = n.forward(&inputs);
    assert!(after.win > before.win + 0.2, "{before:?} -> {after:?}");
    assert!(after.win_double < before.win_double);
    assert!(after.lose_double < before.lose_double);
}

/// The blocked forward pass gives the very bits of the unit-after-unit one (the input
/// sums one input after another, the weight itself for an input of 1, then the
/// activations, then each output's dot product), for every size of the
/// hidden layer around the block's, at the states of random parties, from the biases
/// and from sums that already hold some inputs.
#[test]
fn the_blocked_forward_pass_is_bit_for_bit_the_plain_one() {
    use boardgames_common::{Game, Turn};

    use crate::TrictracGame;

    let form = Ordinaire::of(&GameOptions::default());
    let mut states = Vec::new();
    for g in 0..6u64 {
        let mut game = TrictracGame::new(GameOptions::default());
        let mut rng = Seed(g).rng();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        while game.turn() != Turn::Terminal && states.len() < 200 * (g as usize + 1) {
            states.push(*game.position());
            super::super::random_step(&mut game, &mut rng, &mut legal, &mut outcomes);
        }
    }
    assert!(states.len() > 500, "{}", states.len());
    let mut compared = 0;
    for hidden in [1, 7, 8, 9, 31, 32, 33, 64, 70, 96, 256] {
        let mut n = TdNetwork::new(hidden, Seed(hidden as u64)).unwrap();
        // Biases and output weights not zero, some inputs' values not 1.
        let mut rng = Seed(1000 + hidden as u64).rng();
        for b in n.b1.iter_mut().chain(&mut n.b2) {
            *b = rng.random_range(-0.5..0.5);
        }
        for w in &mut n.w2 {
            *w = rng.random_range(-3.0..3.0);
        }
        for p in &states {
            let inputs = encode(p, &form);
            let mut z = n.start();
            n.accumulate_plain(&inputs, &mut z);
            let plain = n.finish(&z);
            let mut blocked = n.start();
            n.accumulate(&inputs, &mut blocked);
            assert_eq!(z.0.map(f32::to_bits), blocked.0.map(f32::to_bits));
            let blocked = n.forward(&inputs);
            assert_eq!(
                plain.to_array().map(f32::to_bits),
                blocked.to_array().map(f32::to_bits)
            );
            // From sums that hold the first half of the inputs.
            let pairs = inputs.pairs();
            let half = pairs.len() / 2;
            let first = Inputs::from_pairs(pairs[..half].iter().map(|&(i, v)| (usize::from(i), v)));
            let rest = Inputs::from_pairs(pairs[half..].iter().map(|&(i, v)| (usize::from(i), v)));
            let mut base = n.start();
            n.accumulate(&first, &mut base);
            let shared = n.forward_from(&base.0, &rest);
            assert_eq!(
                plain.to_array().map(f32::to_bits),
                shared.to_array().map(f32::to_bits)
            );
            compared += 1;
        }
    }
    assert!(compared > 5000, "{compared}");
}

#[test]
fn the_sigmoid_is_the_logistic_function() {
    let mut x = -40.0f32;
    while x <= 40.0 {
        let exact = 1.0 / (1.0 + (-f64::from(x)).exp());
        let got = f64::from(sigmoid(x));
        assert!(
            (got - exact).abs() <= 1e-5 * exact.max(1e-3),
            "{x}: {got} {exact}"
        );
        x += 0.01;
    }
    assert_eq!(sigmoid(1000.0), 1.0);
    assert!(sigmoid(-1000.0) < 1e-37);
    assert_eq!(sigmoid(0.0), 0.5);
}

#[test]
fn mirror_and_equity() {
    let e = TdEstimate {
        win: 0.7,
        win_double: 0.2,
        lose_double: 0.05,
    };
    assert!((e.equity() - (0.4 + 0.15)).abs() < 1e-6);
    assert!((e.mirror().equity() + e.equity()).abs() < 1e-6);
    assert_eq!(TdEstimate::outcome(false, true).equity(), -2.0);
    assert_eq!(TdEstimate::outcome(true, false).equity(), 1.0);
}
