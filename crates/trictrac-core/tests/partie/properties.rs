//! Properties of seeded parties (the marking issue's proptests): the partie always ends,
//! marks stay in range, trous only grow, and replaying the record reproduces the partie.

use boardgames_common::{
    Agent, ByPlayer, Game, RandomAgent, ReplayOptions, Seed, Turn, play_game, sample_chance,
};
use proptest::prelude::*;
use trictrac_core::Colour;
use trictrac_core::ai::Bot;
use trictrac_core::scoring::RaceScorer;
use trictrac_core::{GameOptions, Phase, Primaute, TrictracGame};

const MAX_ACTIONS: usize = 2_000_000;

fn options(primaute: u8, pavillon: bool, trous: u8) -> GameOptions {
    GameOptions::default()
        .with_primaute(match primaute {
            0 => Primaute::OneDieEach,
            1 => Primaute::FirstThrowFromDice,
            _ => Primaute::Fixed(Colour::Black),
        })
        .with_pavillon(pavillon)
        .with_trous_to_win(trous)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random agents (or the bot on one side) with the default stand-in scorer.
    #[test]
    fn seeded_parties(seed in any::<u64>(), primaute in 0u8..3, pavillon in any::<bool>(),
                      trous in 1u8..=12, bot_side in 0u8..3) {
        let opts = options(primaute, pavillon, trous);
        let mut game = TrictracGame::with_scorer(RaceScorer, opts);
        let mut agents_a = (Bot::default(), RandomAgent::new(Seed(seed).derive(1)),
                            RandomAgent::new(Seed(seed).derive(2)));
        let mut rng = Seed(seed).rng();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut ended = false;
        for _ in 0..MAX_ACTIONS {
            let before = *game.marking();
            let action = match game.turn() {
                Turn::Terminal => { ended = true; break; }
                Turn::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    let total: f64 = outcomes.iter().map(|o| o.1).sum();
                    prop_assert!((total - 1.0).abs() < 1e-9);
                    sample_chance(&outcomes, &mut rng).unwrap()
                }
                Turn::Player(p) => {
                    game.legal_actions(&mut legal);
                    prop_assert!(!legal.is_empty());
                    let c = Colour::from(p);
                    if bot_side == 1 + c.index() as u8 {
                        agents_a.0.choose(&game, &legal)
                    } else if c == Colour::White {
                        agents_a.1.choose(&game, &legal)
                    } else {
                        agents_a.2.choose(&game, &legal)
                    }
                }
            };
            game.apply(action).unwrap();
            let m = game.marking();
            for c in Colour::ALL {
                // Marks in range, kept equal in the position, trous only grow.
                prop_assert!(m.points(c) < 12);
                prop_assert!(m.trous(c) >= before.trous(c));
                prop_assert_eq!(game.position().marks(c), m.to_marks()[c]);
                if !matches!(game.phase(), Phase::Over { .. }) {
                    prop_assert!(m.trous(c) < trous);
                }
            }
            prop_assert!(!(m.is_en_bredouille(Colour::White) && m.is_en_bredouille(Colour::Black)));
            let total = |x: &trictrac_core::marking::Marking| u32::from(x.trous(Colour::White)) + u32::from(x.trous(Colour::Black));
            prop_assert!(total(m) >= total(&before));
        }
        prop_assert!(ended, "the partie did not end");
        let winner = game.winner().unwrap();
        prop_assert!(game.marking().trous(winner) >= trous);
        let r = game.returns();
        prop_assert_eq!(r.first, -r.second);
        prop_assert!(r.first.abs() == 1.0 || (pavillon && r.first.abs() == 2.0));
    }

    /// A recorded partie replays exactly, also after a round trip through the record text.
    #[test]
    fn record_replays(seed in any::<u64>(), primaute in 0u8..3, pavillon in any::<bool>(),
                      trous in 1u8..=6) {
        let game = TrictracGame::with_scorer(RaceScorer, options(primaute, pavillon, trous));
        let (mut a, mut b) = (RandomAgent::new(Seed(seed).derive(1)), Bot::default());
        let played = play_game(game, Seed(seed), ByPlayer::new(&mut a, &mut b), MAX_ACTIONS)
            .unwrap();
        let text = played.record.to_string();
        let record = text.parse().unwrap();
        let replayed = TrictracGame::from_record_with_scorer(&record, RaceScorer, &ReplayOptions::strict()).unwrap();
        prop_assert_eq!(&replayed, &played.state);
        prop_assert!(replayed.is_terminal());
    }
}
