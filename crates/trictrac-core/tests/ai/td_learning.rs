//! Learning by self-play works: a tiny network trained by TD(λ) for a few hundred short
//! parties wins clearly more parties against random play than the same network untrained.

use boardgames_common::{Agent, ByPlayer, Game, Player, Playout, RandomAgent, Seed};
use trictrac_core::ai::{TdBot, TdEpisode, TdLearning, TdNetwork};
use trictrac_core::{GameOptions, TrictracGame};

/// Parties of 2 trous, the pavillon off.
fn start() -> TrictracGame {
    TrictracGame::new(GameOptions::default().with_trous_to_win(2))
}

/// The parties `network`'s bot wins of `games` against a random player, sides alternated,
/// seeds fixed.
fn wins_against_random(network: &TdNetwork, games: u64) -> u64 {
    let mut wins = 0;
    for j in 0..games {
        let mut td = TdBot::new(network);
        let mut random = RandomAgent::new(Seed(1000 + j));
        let (side, agents) = if j % 2 == 0 {
            (
                Player::First,
                ByPlayer::new(
                    &mut td as &mut dyn Agent<TrictracGame>,
                    &mut random as &mut dyn Agent<TrictracGame>,
                ),
            )
        } else {
            (
                Player::Second,
                ByPlayer::new(
                    &mut random as &mut dyn Agent<TrictracGame>,
                    &mut td as &mut dyn Agent<TrictracGame>,
                ),
            )
        };
        let mut playout = Playout::new(start(), Seed(5000 + j), agents, 100_000);
        playout.run().expect("the partie ends");
        if playout.state().returns()[side] > 0.0 {
            wins += 1;
        }
    }
    wins
}

#[test]
fn a_few_hundred_parties_of_self_play_beat_random_play() {
    const GAMES: u64 = 200;
    let mut network = TdNetwork::new(8, Seed(3)).expect("8 hidden units");
    let before = wins_against_random(&network, GAMES);
    let learning = TdLearning {
        lambda: 0.7,
        rate: 0.05,
    };
    let game = start();
    for i in 0..300u64 {
        let episode = TdEpisode::self_play(&network, &game, Seed(77).derive(i), 100_000);
        assert!(episode.outcome().is_some(), "self-play partie {i} ended");
        network.learn_episode(&episode, &learning);
    }
    assert_eq!(network.parties(), 300);
    let after = wins_against_random(&network, GAMES);
    eprintln!("{before} wins of {GAMES} untrained, {after} trained");
    // Random play wins half its parties against itself; the untrained network plays one
    // arbitrary policy, the trained one a policy that scores.
    assert!(
        after >= before + 40 && after >= 150,
        "{before} wins of {GAMES} untrained, {after} trained"
    );
}
