//! The searching bot (`ExpectimaxBot`): legal and deterministic choices on positions of
//! random parties, tenir / s'en aller included, and parties it finishes.

use boardgames_common::{Agent, ByPlayer, Game, RandomAgent, Seed, Turn, play_game, sample_chance};
use trictrac_core::ai::{Bot, ExpectimaxBot};
use trictrac_core::{Action, GameOptions, Phase, TrictracGame};

#[test]
fn choices_are_legal_and_deterministic_on_random_parties() {
    let options = GameOptions::default().with_trous_to_win(3);
    let mut choices = 0;
    let mut plays = 0;
    for seed in 0..6u64 {
        let mut g = TrictracGame::new(options);
        let mut rng = Seed(seed).rng();
        let mut random = RandomAgent::new(Seed(seed + 100));
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut decisions = 0;
        for _ in 0..5_000 {
            let action = match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    g.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng).unwrap()
                }
                Turn::Player(_) => {
                    g.legal_actions(&mut legal);
                    let is_choice = matches!(g.phase(), Phase::Choice { .. });
                    decisions += 1;
                    if is_choice || decisions % 3 == 0 {
                        let a = ExpectimaxBot::default().choose(&g, &legal);
                        assert!(legal.contains(&a), "{a:?} not legal in {}", g.position());
                        assert_eq!(a, ExpectimaxBot::default().choose(&g, &legal));
                        let narrow = ExpectimaxBot::new(Bot::default(), 1).choose(&g, &legal);
                        assert!(legal.contains(&narrow));
                        if is_choice {
                            assert!(matches!(a, Action::Tenir | Action::SenAller));
                            choices += 1;
                        } else {
                            plays += 1;
                        }
                    }
                    random.choose(&g, &legal)
                }
            };
            g.apply(action).unwrap();
        }
    }
    assert!(
        choices >= 3,
        "only {choices} tenir / s'en aller choices met"
    );
    assert!(plays >= 20, "only {plays} plays met");
}

#[test]
fn it_finishes_parties_against_the_heuristic_and_beats_the_random_agent() {
    let options = GameOptions::default().with_trous_to_win(2);
    let mut wins = 0;
    for seed in 0..4u64 {
        let game = TrictracGame::new(options);
        let mut searcher = ExpectimaxBot::default();
        let mut random = RandomAgent::new(Seed(seed));
        let agents: ByPlayer<&mut dyn Agent<_>> = if seed % 2 == 0 {
            ByPlayer::new(&mut searcher, &mut random)
        } else {
            ByPlayer::new(&mut random, &mut searcher)
        };
        let played = play_game(game, Seed(seed), agents, 100_000).unwrap();
        let searcher_player = if seed % 2 == 0 {
            boardgames_common::Player::First
        } else {
            boardgames_common::Player::Second
        };
        if played.state.returns()[searcher_player] > 0.0 {
            wins += 1;
        }
        // Against the heuristic the partie ends too.
        let mut searcher = ExpectimaxBot::default();
        let mut bot = Bot::default();
        let played = play_game(
            TrictracGame::new(options),
            Seed(seed),
            ByPlayer::new(&mut searcher, &mut bot),
            100_000,
        )
        .unwrap();
        assert!(played.state.is_terminal());
    }
    assert_eq!(
        wins, 4,
        "the searching bot lost a partie to the random agent"
    );
}
