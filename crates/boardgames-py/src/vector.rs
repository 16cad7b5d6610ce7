//! [`TaflVector`]: N tafl games stepped together, arrays in and out, each finished game
//! started again at once (as envpool and pgx do).

use boardgames_common::{Game, Seed, SeedRng};
use rand::RngExt;
use tafl_core::{MoveList, Ruleset, TaflGame};
use thiserror::Error;

use crate::tafl::{NUM_PLANES, id_move, legal_moves, move_id, num_actions, write_planes};

/// Why [`TaflVector::step`] refused its arguments (nothing was stepped).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    /// An array does not have the size the games need.
    #[error("{name} has {found} values, expected {expected}")]
    Size {
        /// Which array.
        name: &'static str,
        /// Its size.
        found: usize,
        /// The size expected.
        expected: usize,
    },
}

/// N games of one tafl ruleset, each with its legal moves kept for the next step.
///
/// [`TaflVector::step`] applies one action id per game for its side to move. An illegal id
/// ends that game: its mover gets −1 and the other side 0 (PettingZoo's rule for illegal
/// moves). A game that ends (or reaches `max_length` plies, a truncation) writes its returns,
/// then starts again: the observation and mask written for it are those of the new game.
#[derive(Debug)]
pub struct TaflVector {
    ruleset: Ruleset,
    games: Vec<TaflGame>,
    legal: Vec<MoveList>,
    size: u8,
    max_length: u32,
    rng: SeedRng,
}

fn check(name: &'static str, found: usize, expected: usize) -> Result<(), StepError> {
    if found == expected {
        Ok(())
    } else {
        Err(StepError::Size {
            name,
            found,
            expected,
        })
    }
}

/// The outputs of one step: `obs` (`N × planes × n × n`, 0/1 except the last two planes,
/// scaled to 0–255), `mask` (`N × ids`), `rewards` (`N × 2`, both players), `terminated`,
/// `truncated`, `player` (the side to move of each game: 0 or 1).
#[derive(Debug)]
pub struct Outputs<'a> {
    /// The observations of the players to move.
    pub obs: &'a mut [u8],
    /// The legal ids of each game.
    pub mask: &'a mut [bool],
    /// Both players' rewards of the step.
    pub rewards: &'a mut [f32],
    /// Whether the game ended at this step (then started again).
    pub terminated: &'a mut [bool],
    /// Whether the game was cut at this step (then started again).
    pub truncated: &'a mut [bool],
    /// The player to move of each game after the step.
    pub player: &'a mut [i8],
}

impl TaflVector {
    /// `num_envs` games of `ruleset` at their start; `seed` seeds [`TaflVector::sample_actions`];
    /// a game is cut after `max_length` plies.
    #[must_use]
    pub fn new(ruleset: Ruleset, num_envs: usize, seed: u64, max_length: u32) -> TaflVector {
        let game = TaflGame::new(ruleset.clone());
        let legal = legal_moves(game.position());
        TaflVector {
            size: game.position().size(),
            games: vec![game; num_envs],
            legal: vec![legal; num_envs],
            ruleset,
            max_length: max_length.max(1),
            rng: Seed(seed).rng(),
        }
    }

    /// The number of games.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// The number of action ids.
    #[must_use]
    pub fn num_actions(&self) -> usize {
        num_actions(self.size)
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The values of one observation: `planes × n × n`.
    #[must_use]
    pub fn observation_len(&self) -> usize {
        NUM_PLANES * usize::from(self.size) * usize::from(self.size)
    }

    /// The games.
    #[must_use]
    pub fn games(&self) -> &[TaflGame] {
        &self.games
    }

    fn check_outputs(&self, out: &Outputs<'_>) -> Result<(), StepError> {
        let n = self.games.len();
        check("obs", out.obs.len(), n * self.observation_len())?;
        check("mask", out.mask.len(), n * self.num_actions())?;
        check("rewards", out.rewards.len(), 2 * n)?;
        check("terminated", out.terminated.len(), n)?;
        check("truncated", out.truncated.len(), n)?;
        check("player", out.player.len(), n)
    }

    fn write(&self, i: usize, out: &mut Outputs<'_>) {
        let game = &self.games[i];
        let obs_len = self.observation_len();
        let side = game.position().side_to_move();
        let rules = game.position().rules();
        let rep = f32::from(rules.repetition.count.max(1));
        #[allow(clippy::cast_precision_loss)]
        let repetitions = (game.repetitions() as f32 / rep).min(1.0);
        #[allow(clippy::cast_precision_loss)]
        let plies = rules.no_capture_limit.map_or(0.0, |l| {
            (game.plies_since_capture() as f32 / f32::from(l.max(1))).min(1.0)
        });
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let scale = |x: f32| (x * 255.0).round() as u8;
        write_planes(
            game,
            side,
            &mut out.obs[i * obs_len..(i + 1) * obs_len],
            (scale(repetitions), scale(plies)),
        );
        let ids = self.num_actions();
        let mask = &mut out.mask[i * ids..(i + 1) * ids];
        mask.fill(false);
        for &m in self.legal[i].iter() {
            if let Some(id) = move_id(self.size, m) {
                mask[id] = true;
            }
        }
        out.player[i] = i8::from(side.player() == boardgames_common::Player::Second);
    }

    fn restart(&mut self, i: usize) {
        self.games[i] = TaflGame::new(self.ruleset.clone());
        self.legal[i] = legal_moves(self.games[i].position());
    }

    /// Starts every game again and writes their observations, masks and players (rewards 0,
    /// no game terminated).
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when an array has the wrong size.
    pub fn reset(&mut self, out: &mut Outputs<'_>) -> Result<(), StepError> {
        self.check_outputs(out)?;
        for i in 0..self.games.len() {
            self.restart(i);
            self.write(i, out);
        }
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        Ok(())
    }

    /// Applies `actions[i]` to game `i` for its side to move, and writes the outputs.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when an array has the wrong size (nothing is stepped).
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), StepError> {
        check("actions", actions.len(), self.games.len())?;
        self.check_outputs(out)?;
        for (i, &id) in actions.iter().enumerate() {
            let mover = self.games[i].position().side_to_move().player().index();
            let m = usize::try_from(id)
                .ok()
                .and_then(|id| id_move(self.size, id))
                .filter(|m| self.legal[i].contains(m));
            let (mut r, mut done, mut cut) = ([0.0f32; 2], false, false);
            match m {
                Some(m) if self.games[i].play(m).is_ok() => {
                    let game = &self.games[i];
                    if game.is_terminal() {
                        let ret = game.returns();
                        #[allow(clippy::cast_possible_truncation)]
                        {
                            r = [ret.first as f32, ret.second as f32];
                        }
                        done = true;
                    } else if game.plies() >= self.max_length {
                        cut = true;
                    } else {
                        self.legal[i] = legal_moves(game.position());
                    }
                }
                _ => {
                    r[mover] = -1.0;
                    done = true;
                }
            }
            if done || cut {
                self.restart(i);
            }
            out.rewards[2 * i] = r[0];
            out.rewards[2 * i + 1] = r[1];
            out.terminated[i] = done;
            out.truncated[i] = cut;
            self.write(i, out);
        }
        Ok(())
    }

    /// Writes a uniformly drawn legal id of each game into `out`.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when `out` does not have one value per game.
    pub fn sample_actions(&mut self, out: &mut [i64]) -> Result<(), StepError> {
        check("actions", out.len(), self.games.len())?;
        for (slot, legal) in out.iter_mut().zip(&self.legal) {
            let m = legal[self.rng.random_range(0..legal.len())];
            *slot = move_id(self.size, m).map_or(-1, |id| i64::try_from(id).unwrap_or(-1));
        }
        Ok(())
    }
}
