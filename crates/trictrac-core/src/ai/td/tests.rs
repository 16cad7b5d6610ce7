//! The afterstates follow the game: for every play of random parties, what
//! [`after_play`](super::afterstate::after_play) predicts is the state the game reaches
//! before the next throw (holding and leaving), and likewise for s'en aller before the play.

use boardgames_common::{Game, Seed, Turn};

use super::afterstate::{After, after_play, leave};
use crate::scoring::{ThrowScore, ThrowScorer};
use crate::{Action, ChoiceStage, GameOptions, Phase, TrictracGame};

/// The state `game` reaches before the next throw, or its end, after `decision` (and tenir
/// at any later choice of the same turn).
fn reached<S: ThrowScorer + Clone>(mut game: TrictracGame<S>, decision: Action) -> After {
    game.apply(decision).expect("a legal decision");
    loop {
        match game.phase() {
            Phase::Throw => {
                return After::Throw {
                    position: *game.position(),
                    marking: *game.marking(),
                };
            }
            Phase::Over(win) => return After::Over(win),
            Phase::Choice { .. } => game.apply(Action::Tenir).expect("tenir"),
            other => panic!("unexpected phase {other:?}"),
        }
    }
}

#[test]
fn afterstates_are_the_states_the_game_reaches() {
    let mut checked = (0usize, 0usize, 0usize);
    for g in 0..60u64 {
        let options = GameOptions {
            trous_to_win: 2 + (g % 4) as u8,
            pavillon: g % 2 == 1,
            ..GameOptions::default()
        };
        let mut game = TrictracGame::new(options);
        let form = *game.turns().form();
        let mut rng = Seed(g).rng();
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        while game.turn() != Turn::Terminal {
            match game.phase() {
                Phase::Play { pending, .. } => {
                    let analysis = game.analysis().expect("an analysis");
                    for (i, play) in ThrowScore::legal_plays(analysis).iter().enumerate() {
                        let points = ThrowScore::after_play(analysis, i, None);
                        let predicted = after_play(
                            &form,
                            game.position(),
                            game.marking(),
                            pending,
                            play,
                            points,
                        );
                        assert_eq!(predicted.hold, reached(game.clone(), Action::Play(*play)));
                        checked.0 += 1;

                        if let Some(l) = predicted.leave {
                            let mut g2 = game.clone();
                            g2.apply(Action::Play(*play)).unwrap();
                            assert!(matches!(
                                g2.phase(),
                                Phase::Choice {
                                    stage: ChoiceStage::AfterPlay,
                                    ..
                                }
                            ));
                            assert_eq!(l, reached(g2, Action::SenAller));
                            checked.1 += 1;
                        }
                    }
                }
                Phase::Choice { mover, .. } => {
                    let predicted = leave(&form, *game.position(), *game.marking(), mover);
                    assert_eq!(predicted, reached(game.clone(), Action::SenAller));
                    checked.2 += 1;
                }
                _ => {}
            }
            super::random_step(&mut game, &mut rng, &mut legal, &mut outcomes);
        }
    }
    // Plays, plays whose points won a trou (leaving after the play: none in random parties,
    // see the next test), and choices before the play.
    assert!(checked.0 > 10_000, "{checked:?}");
    assert!(checked.2 > 50, "{checked:?}");
}

/// Rules page, "Tenir ou s'en aller", a trou won by the sortie of the last dame (the points
/// of the play): the afterstates of holding and of leaving after the play. The race scorer
/// marks the sortie after the play (the jans' scorer marks it before when every play makes
/// it).
#[test]
fn a_trou_won_by_the_sortie_offers_both_afterstates() {
    use crate::scoring::RaceScorer;
    use boardgames_common::UNORDERED_OUTCOMES;
    // White has 10 points and his last dame on N2; Black 3 with the double jeton.
    let start: crate::Position = "N1:b15,N2:w1 w 20/20 0.10/0.3*".parse().unwrap();
    let mut with_leave = 0;
    for &(throw, _) in &UNORDERED_OUTCOMES {
        let mut game =
            TrictracGame::from_position(RaceScorer, GameOptions::default(), start).unwrap();
        let form = *game.turns().form();
        game.apply(Action::Throw(throw)).unwrap();
        let Phase::Play { pending, .. } = game.phase() else {
            panic!("{throw}: {:?}", game.phase());
        };
        let analysis = game.analysis().unwrap();
        for (i, play) in analysis.legal_plays().iter().enumerate() {
            let points = analysis.after_play(i, None);
            let predicted = after_play(
                &form,
                game.position(),
                game.marking(),
                pending,
                play,
                points,
            );
            assert_eq!(predicted.hold, reached(game.clone(), Action::Play(*play)));
            // 1-1 cannot be played (N1 is Black's): no sortie, no trou.
            let Some(l) = predicted.leave else {
                assert_eq!(throw.to_string(), "1-1");
                continue;
            };
            let mut g2 = game.clone();
            g2.apply(Action::Play(*play)).unwrap();
            assert!(matches!(
                g2.phase(),
                Phase::Choice {
                    stage: ChoiceStage::AfterPlay,
                    ..
                }
            ));
            assert_eq!(l, reached(g2, Action::SenAller));
            with_leave += 1;
        }
    }
    assert_eq!(with_leave, 20);
}
