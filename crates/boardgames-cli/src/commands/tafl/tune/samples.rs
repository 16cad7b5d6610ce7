//! The positions of `boardgames tafl tune`: self-play games from seeded openings, and their
//! quiet positions labelled with each game's result from the side to move's view.
//!
//! Game `i` of a run with seed `s` is played from the game seed `s + i`: its first
//! [`OPENING_PLIES`] plies are drawn uniformly among the legal moves (a `RandomAgent` on
//! `Seed::derive(3)` of the game seed) so that the games differ, then two searchers with the
//! same configuration play it out (`Seed::derive(1)` attacking, `Seed::derive(2)` defending,
//! as in `tafl selfplay`). Each game is a function of its number alone.

use boardgames_common::{Agent, Game, RandomAgent, Seed};
use tafl_core::ai::{EvalWeights, SearchConfig, Searcher};
use tafl_core::{BySide, Move, Position, Rules, Ruleset, Side, TaflGame};

/// The plies of a game's opening drawn at random before the searchers play.
pub const OPENING_PLIES: u32 = 4;

/// A position and the result of its game for the side to move: 1 won, 0.5 drawn (or cut
/// off), 0 lost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The position (the side to move is its own).
    pub position: Position,
    /// The game's result for the position's side to move.
    pub result: f64,
}

/// Whether `pos` may be quiet under `rules`: the game is not over on the board and no
/// legal move of the side to move ends it (a king's escape, a capture of the king, a last
/// piece taken, a side left without a move). A position is kept ([`play_game`]) when this
/// holds and the move the search chose there captures nothing: the static evaluation of a
/// position whose best move wins or takes misses what that move changes, which Texel's
/// method would fit as noise. Bounded: one copy and play per legal move (at most
/// `MAX_MOVES`).
#[must_use]
pub fn is_quiet(pos: &Position, rules: &Rules) -> bool {
    if pos.status().is_over() {
        return false;
    }
    pos.legal_moves(rules).iter().all(|&m| {
        let mut after = *pos;
        !after.play_unchecked(rules, m).status.is_over()
    })
}

/// The result for `side` of a game won by `winner` (`None`: a draw or a game cut off).
#[must_use]
pub fn result_for(side: Side, winner: Option<Side>) -> f64 {
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// A game played for the tuning: its labelled positions, its winner and its length.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelledGame {
    /// The quiet positions in the order played, each with the game's result for its side
    /// to move.
    pub samples: Vec<Sample>,
    /// The winner; `None` for a draw or a game cut off.
    pub winner: Option<Side>,
    /// Plies played, the random opening's included.
    pub plies: u32,
}

/// One self-play game of `ruleset` from `seed` (see the module), both sides searching with
/// `config`, cut off after `max_plies` plies (a draw); its quiet positions after the random
/// opening (those where [`is_quiet`] holds and the move searched captures nothing), in the
/// order played, labelled with the game's result.
#[must_use]
pub fn play_game(
    ruleset: &Ruleset,
    config: SearchConfig,
    seed: Seed,
    max_plies: u32,
) -> LabelledGame {
    let mut game = TaflGame::new(ruleset.clone());
    let mut opening = RandomAgent::new(seed.derive(3));
    let mut searchers = BySide::new(
        Searcher::new(config, seed.derive(1)),
        Searcher::new(config, seed.derive(2)),
    );
    let mut legal: Vec<Move> = Vec::new();
    let mut quiet: Vec<Position> = Vec::new();
    let mut plies = 0;
    while plies < max_plies && !game.is_terminal() {
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let pos = *game.position();
        let m = if plies < OPENING_PLIES {
            opening.choose(&game, &legal)
        } else {
            searchers[pos.side_to_move()].choose(&game, &legal)
        };
        let Ok(outcome) = game.play_mut(m) else {
            // Never expected (the move is one of the legal ones): the game stops here.
            break;
        };
        if plies >= OPENING_PLIES && outcome.captures.is_empty() && is_quiet(&pos, game.rules()) {
            quiet.push(pos);
        }
        plies += 1;
    }
    let winner = if game.is_terminal() {
        game.status().winner()
    } else {
        None
    };
    let samples = quiet
        .into_iter()
        .map(|position| Sample {
            position,
            result: result_for(position.side_to_move(), winner),
        })
        .collect();
    LabelledGame {
        samples,
        winner,
        plies,
    }
}

/// The static evaluations of `samples` with `weights`, each for its side to move as that
/// side's search scores it (`EvalWeights::for_search`: Fidchell's attackers count their
/// soldiers at `attacker_self`).
pub fn evaluations(samples: &[Sample], rules: &Rules, weights: &EvalWeights) -> Vec<i32> {
    let by_side = BySide::new(
        weights.for_search(Side::Attackers, rules),
        weights.for_search(Side::Defenders, rules),
    );
    samples
        .iter()
        .map(|s| {
            tafl_core::ai::evaluate_with(&s.position, rules, &by_side[s.position.side_to_move()])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafl_core::ai::Level;

    #[test]
    fn results_are_seen_from_the_side_to_move() {
        assert_eq!(result_for(Side::Attackers, Some(Side::Attackers)), 1.0);
        assert_eq!(result_for(Side::Defenders, Some(Side::Attackers)), 0.0);
        assert_eq!(result_for(Side::Defenders, None), 0.5);
    }

    #[test]
    fn a_start_is_quiet_and_a_position_with_a_deciding_move_is_not() {
        let ruleset = Ruleset::brandubh();
        let start = *TaflGame::new(ruleset.clone()).position();
        assert!(is_quiet(&start, ruleset.rules()));
        // Some position of a random game has a move that ends it: the games' positions are
        // not all quiet, and every one kept is.
        let config = Level::Bard.config();
        let samples = play_game(&ruleset, config, Seed(7), 300).samples;
        assert!(!samples.is_empty());
        assert!(
            samples
                .iter()
                .all(|s| is_quiet(&s.position, ruleset.rules()))
        );
        let mut game = TaflGame::new(ruleset.clone());
        let mut legal = Vec::new();
        let mut agent = RandomAgent::new(Seed(1));
        let mut found_loud = false;
        for _ in 0..200 {
            if game.is_terminal() {
                break;
            }
            found_loud |= !is_quiet(game.position(), game.rules());
            game.legal_actions(&mut legal);
            let m = agent.choose(&game, &legal);
            game.apply(m).unwrap();
        }
        assert!(found_loud);
    }

    #[test]
    fn a_game_is_a_function_of_its_seed() {
        let ruleset = Ruleset::brandubh();
        let mut config = Level::Druid.config();
        config.limits.nodes = Some(200);
        let a = play_game(&ruleset, config, Seed(11), 400).samples;
        let b = play_game(&ruleset, config, Seed(11), 400).samples;
        let c = play_game(&ruleset, config, Seed(12), 400).samples;
        assert!(!a.is_empty());
        assert_eq!(a, b);
        assert_ne!(a, c);
        // One game, one result: every label is the same side's result or its complement.
        let first = &a[0];
        for s in &a {
            let same = s.position.side_to_move() == first.position.side_to_move();
            let want = if same {
                first.result
            } else {
                1.0 - first.result
            };
            assert_eq!(s.result, want);
        }
    }
}
