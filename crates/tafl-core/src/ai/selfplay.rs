//! Self-play: games between two searchers from seeds ([`play_game`]), and the tally of many
//! games with 95% intervals ([`Tally`]).

use crate::ai::level::SearchConfig;
use crate::ai::search::Searcher;
use crate::game::TaflGame;
use crate::moves::MoveText;
use crate::piece::{BySide, Side};
use crate::status::Status;
use boardgames_common::Seed;

/// A finished (or cut off) game between two searchers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// The final status; `Ongoing` only when the game reached `max_plies`.
    pub status: Status,
    /// The moves played by the searchers (not those `start` already had), with their
    /// captures.
    pub moves: Vec<MoveText>,
    /// Search nodes spent by each side.
    pub nodes: BySide<u64>,
}

/// Plays a game on from `start` (a [`TaflGame`], whose history counts for the repetition
/// rule and the no-capture limit) with `players[side]` searching for each side; each searcher's
/// random choices come from ChaCha8 seeded by `seed` mixed with the side, so the game is a
/// function of `(start, players, seed)` when the configurations use node limits.
///
/// Endings: those of [`TaflGame::status`] (on the board, the repetition rule and the
/// no-capture limit). A game still going after `max_plies` plies played here is cut off
/// (status `Ongoing`).
#[must_use]
pub fn play_game(
    start: &TaflGame,
    players: BySide<SearchConfig>,
    seed: u64,
    max_plies: usize,
) -> PlayedGame {
    let mut searchers = BySide {
        attackers: Searcher::new(players.attackers, Seed(mix(seed, 1))),
        defenders: Searcher::new(players.defenders, Seed(mix(seed, 2))),
    };
    let mut game = start.clone();
    let first = game.moves().len();
    let mut nodes = BySide::<u64>::default();
    while !game.status().is_over() && game.moves().len() - first < max_plies {
        let side = game.position().side_to_move();
        let pos = *game.position();
        let Some(result) = searchers[side].search(&pos, game.search_history()) else {
            break;
        };
        nodes[side] += result.nodes;
        if game.play(result.best_move).is_err() {
            // The searcher only returns legal moves; stop rather than loop if it ever did not.
            break;
        }
    }
    PlayedGame {
        status: game.status(),
        moves: game.moves()[first..].to_vec(),
        nodes,
    }
}

/// SplitMix64 of `seed` and `stream`: independent seeds for the two sides.
#[must_use]
const fn mix(seed: u64, stream: u64) -> u64 {
    let mut z = seed
        .wrapping_add(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The results of many games, counted by winning side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won by each side.
    pub wins: BySide<u32>,
    /// Games drawn (by repetition, the no-capture limit, or cut off).
    pub draws: u32,
    /// Plies played in all.
    pub plies: u64,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, game: &PlayedGame) {
        match game.status.winner() {
            Some(side) => self.wins[side] += 1,
            None => self.draws += 1,
        }
        self.plies += game.moves.len() as u64;
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins.attackers + self.wins.defenders + self.draws
    }

    /// The share of games `side` won, with its 95% Wilson score interval, as
    /// `(rate, low, high)` in 0..=1 (`(0, 0, 1)` with no games).
    #[must_use]
    pub fn win_rate(&self, side: Side) -> (f64, f64, f64) {
        wilson(self.wins[side], self.games())
    }

    /// The share of games drawn, with its 95% Wilson interval.
    #[must_use]
    pub fn draw_rate(&self) -> (f64, f64, f64) {
        wilson(self.draws, self.games())
    }
}

/// The proportion `k / n` and its 95% Wilson score interval (z = 1.96).
#[must_use]
pub fn wilson(k: u32, n: u32) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = f64::from(n);
    let p = f64::from(k) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_known_values() {
        // 50 of 100: 0.5 with the interval 0.404..0.596.
        let (p, lo, hi) = wilson(50, 100);
        assert!((p - 0.5).abs() < 1e-12);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // 100 of 100: the interval still leaves room below one.
        let (_, lo, hi) = wilson(100, 100);
        assert!(
            (lo - 0.9630).abs() < 1e-3 && (hi - 1.0).abs() < 1e-12,
            "{lo}"
        );
        assert_eq!(wilson(0, 0), (0.0, 0.0, 1.0));
    }
}
