//! The AI's [`Referee`] ends games exactly as [`TaflGame`] does (repetition, no-capture
//! limit, endings on the board), over random games of every preset.

use rand::{RngExt, SeedableRng};
use tafl_core::ai::Referee;
use tafl_core::{MoveList, Ruleset, TaflGame};

#[test]
fn referee_agrees_with_the_game() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let mut repetition_endings = 0;
    for (round, ruleset) in Ruleset::presets().into_iter().cycle().take(60).enumerate() {
        let mut game = TaflGame::new(ruleset.clone());
        let mut referee = Referee::new(ruleset.start_position());
        let mut moves = MoveList::new();
        // Few pieces move so that positions repeat: pick among the first moves only.
        let spread = if round % 2 == 0 { 3 } else { usize::MAX };
        for _ in 0..400 {
            assert_eq!(referee.status(), game.status(), "{}", ruleset.name());
            assert_eq!(referee.position(), game.position());
            if game.status().is_over() {
                if matches!(
                    game.status(),
                    tafl_core::Status::Draw {
                        reason: tafl_core::DrawReason::Repetition
                    } | tafl_core::Status::Win {
                        reason: tafl_core::WinReason::Repetition,
                        ..
                    }
                ) {
                    repetition_endings += 1;
                }
                break;
            }
            game.position().legal_moves(&mut moves);
            let m = moves[rng.random_range(0..moves.len().min(spread))];
            let a = game.play(m).expect("legal");
            let b = referee.play(m).expect("legal");
            assert_eq!(a.captures, b.captures);
        }
    }
    assert!(repetition_endings > 0, "no game ended by repetition");
}
