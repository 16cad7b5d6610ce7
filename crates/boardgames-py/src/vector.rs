//! [`TaflVector`]: N tafl games stepped together, arrays in and out, each finished game
//! started again at once (as envpool and pgx do).

use boardgames_common::{Game, Seed, SeedRng};
use rand::RngExt;
use tafl_core::{Move, MoveList, Ruleset, Square, TaflGame};
use thiserror::Error;

use crate::tafl::{Planes, counters, id_move, legal_moves_into, move_id, num_actions};

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
    /// `step` before the first `reset`.
    #[error("step before reset: call reset first")]
    NotReset,
}

/// N games of one tafl ruleset, each with its legal moves kept for the next step.
///
/// The outputs ([`Outputs`]) are updated in place: [`TaflVector::reset`] writes them whole,
/// and [`TaflVector::step`] expects what the previous call wrote and changes only what moves
/// (the mask's bits of the last legal moves and of the new ones, the planes other than the
/// throne's and the corners'), so that a step costs what changes, not the size of the arrays.
///
/// [`TaflVector::step`] applies one action id per game for its side to move. An illegal id
/// ends that game: its mover gets −1 and the other side 0 (PettingZoo's rule for illegal
/// moves). A game that ends (or reaches `max_length` plies, a truncation) writes its returns,
/// then starts again: the observation and mask written for it are those of the new game.
#[derive(Debug)]
pub struct TaflVector {
    games: Vec<TaflGame>,
    /// The ids of each game's legal moves, in the crate's order.
    ids: Vec<Vec<u16>>,
    /// The list the crate's generator writes into, shared by the games.
    scratch: MoveList,
    /// The id of each move `from → to` (`from.index() * 121 + to.index()`), `u16::MAX` for
    /// none: one load per move instead of the arithmetic of [`move_id`].
    table: Vec<u16>,
    planes: Planes,
    size: u8,
    max_length: u32,
    rng: SeedRng,
    ready: bool,
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
        // The games never take a move back: no undo history (a copy of the position a ply).
        let game = TaflGame::new(ruleset).without_undo();
        let size = game.position().size();
        let mut table = vec![u16::MAX; Square::NUM * Square::NUM];
        for (from, row) in table.chunks_exact_mut(Square::NUM).enumerate() {
            for (to, slot) in row.iter_mut().enumerate() {
                if let (Some(f), Some(t)) = (Square::from_index(from), Square::from_index(to))
                    && let Some(id) = move_id(size, Move::new(f, t))
                {
                    *slot = u16::try_from(id).unwrap_or(u16::MAX);
                }
            }
        }
        let mut v = TaflVector {
            ids: vec![Vec::new(); num_envs],
            scratch: MoveList::new(),
            table,
            planes: Planes::of(game.position(), game.rules()),
            ready: false,
            size,
            games: vec![game; num_envs],
            max_length: max_length.max(1),
            rng: Seed(seed).rng(),
        };
        for i in 0..num_envs {
            v.list(i);
        }
        v
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
        self.planes.len()
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

    /// The last two planes' values of game `i`, scaled to 0–255.
    fn scalars(&self, i: usize) -> (u8, u8) {
        let (repetitions, plies) = counters(&self.games[i]);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let scale = |x: f32| (x * 255.0).round() as u8;
        (scale(repetitions), scale(plies))
    }

    /// Sets (`on`) or clears the mask bits of game `i`'s legal moves.
    fn mark(&self, i: usize, mask: &mut [bool], on: bool) {
        let ids = self.num_actions();
        let row = &mut mask[i * ids..(i + 1) * ids];
        for &id in &self.ids[i] {
            if let Some(slot) = row.get_mut(usize::from(id)) {
                *slot = on;
            }
        }
    }

    /// Lists game `i`'s legal moves (the crate's generator) as their ids.
    fn list(&mut self, i: usize) {
        let game = &self.games[i];
        legal_moves_into(game.position(), game.rules(), &mut self.scratch);
        let table = &self.table;
        let ids = &mut self.ids[i];
        ids.clear();
        ids.extend(
            self.scratch
                .iter()
                .map(|m| table[m.from.index() * Square::NUM + m.to.index()]),
        );
    }

    /// Writes game `i`'s observation whole, its mask row and its player.
    fn write_whole(&self, i: usize, out: &mut Outputs<'_>) {
        let game = &self.games[i];
        let len = self.observation_len();
        let side = game.position().side_to_move();
        self.planes.write(
            game,
            side,
            &mut out.obs[i * len..(i + 1) * len],
            self.scalars(i),
        );
        let ids = self.num_actions();
        out.mask[i * ids..(i + 1) * ids].fill(false);
        self.mark(i, out.mask, true);
        out.player[i] =
            i8::from(boardgames_common::Player::from(side) == boardgames_common::Player::Second);
    }

    /// Rewrites what changes of game `i`'s observation, sets its new mask bits (the old ones
    /// cleared before) and its player.
    fn write_changes(&self, i: usize, out: &mut Outputs<'_>) {
        let game = &self.games[i];
        let len = self.observation_len();
        let side = game.position().side_to_move();
        self.planes.write_dynamic(
            game,
            side,
            &mut out.obs[i * len..(i + 1) * len],
            self.scalars(i),
        );
        self.mark(i, out.mask, true);
        out.player[i] =
            i8::from(boardgames_common::Player::from(side) == boardgames_common::Player::Second);
    }

    fn restart(&mut self, i: usize) {
        let game = &mut self.games[i];
        // Back at its start (equal to a new game under `==`), the game keeps its lists'
        // memory for the next one.
        game.restart();
        self.list(i);
    }

    /// Starts every game again and writes the outputs whole: observations, masks and players,
    /// rewards 0, no game terminated.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when an array has the wrong size.
    pub fn reset(&mut self, out: &mut Outputs<'_>) -> Result<(), StepError> {
        self.check_outputs(out)?;
        for i in 0..self.games.len() {
            self.restart(i);
            self.write_whole(i, out);
        }
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        self.ready = true;
        Ok(())
    }

    /// Applies `actions[i]` to game `i` for its side to move, and updates `out`, which must
    /// hold what the previous [`TaflVector::reset`] or `step` wrote.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when an array has the wrong size, [`StepError::NotReset`] before
    /// the first reset (nothing is stepped).
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), StepError> {
        if !self.ready {
            return Err(StepError::NotReset);
        }
        check("actions", actions.len(), self.games.len())?;
        self.check_outputs(out)?;
        let num_actions = self.num_actions();
        // The games are stepped in blocks: a first tight loop reads what each game of the
        // block will need (its action's mask value, its list of ids, its position), so that
        // the memory loads of the block overlap instead of stalling one game after another.
        const BLOCK: usize = 32;
        let mut legal = [false; BLOCK];
        for first in (0..actions.len()).step_by(BLOCK) {
            let block = &actions[first..actions.len().min(first + BLOCK)];
            for (k, &id) in block.iter().enumerate() {
                let i = first + k;
                legal[k] = usize::try_from(id)
                    .ok()
                    .filter(|&id| id < num_actions)
                    .is_some_and(|id| out.mask[i * num_actions + id]);
                let game = &self.games[i];
                std::hint::black_box(self.ids[i].first());
                std::hint::black_box(game.position().side_to_move());
                // The tails of the game's lists, which its move writes next to.
                std::hint::black_box(game.moves().last());
                std::hint::black_box(game.history().last());
            }
            for (k, &id) in block.iter().enumerate() {
                self.step_one(first + k, id, legal[k], out);
            }
        }
        Ok(())
    }

    /// Applies `id` to game `i` (`legal`: its mask value is set) and writes its outputs.
    fn step_one(&mut self, i: usize, id: i64, legal: bool, out: &mut Outputs<'_>) {
        let mover = self.games[i].position().side_to_move();
        let mover = boardgames_common::Player::from(mover).index();
        // A legal id is set in the mask (written from the crate's list) and its move is
        // accepted by the crate's referee (`play_mut` checks it).
        let m = usize::try_from(id)
            .ok()
            .filter(|_| legal)
            .and_then(|id| id_move(self.size, id));
        self.mark(i, out.mask, false);
        let (mut r, mut done, mut cut) = ([0.0f32; 2], false, false);
        match m {
            Some(m) if self.games[i].play_mut(m).is_ok() => {
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
                    self.list(i);
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
        self.write_changes(i, out);
    }

    /// Writes a uniformly drawn legal id of each game into `out`, from the vector's own
    /// generator (seeded by [`TaflVector::new`]).
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when `out` does not have one value per game.
    pub fn sample_actions(&mut self, out: &mut [i64]) -> Result<(), StepError> {
        self.sample_own(None, out)
    }

    /// [`TaflVector::sample_masked`] with the vector's own generator.
    ///
    /// # Errors
    ///
    /// As [`TaflVector::sample_masked`]'s.
    pub fn sample_own(&mut self, logits: Option<&[f32]>, out: &mut [i64]) -> Result<(), StepError> {
        let mut rng = std::mem::replace(&mut self.rng, Seed(0).rng());
        let result = self.sample_masked(&mut rng, logits, out);
        self.rng = rng;
        result
    }

    /// Writes a legal id of each game into `out`, drawn with `rng`: uniformly without
    /// `logits`, else from the softmax of `logits` (`N × ids`, row-major, as a policy's
    /// output) over the legal ids only, so that the cost is the legal moves', not the number
    /// of ids. A game whose legal logits are all −∞ (or NaN) draws uniformly.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when `out` does not have one value per game or `logits` one row
    /// of `ids` values per game.
    pub fn sample_masked(
        &self,
        rng: &mut SeedRng,
        logits: Option<&[f32]>,
        out: &mut [i64],
    ) -> Result<(), StepError> {
        check("actions", out.len(), self.games.len())?;
        let Some(logits) = logits else {
            for (slot, ids) in out.iter_mut().zip(&self.ids) {
                *slot = i64::from(ids[rng.random_range(0..ids.len())]);
            }
            return Ok(());
        };
        let a = self.num_actions();
        check("logits", logits.len(), self.games.len() * a)?;
        let mut weights: Vec<f32> = Vec::with_capacity(tafl_core::MAX_MOVES);
        for ((slot, ids), row) in out.iter_mut().zip(&self.ids).zip(logits.chunks_exact(a)) {
            // The softmax over the legal ids: exp(logit − max), then one uniform draw.
            let max = ids
                .iter()
                .map(|&id| row[usize::from(id)])
                .fold(f32::NEG_INFINITY, f32::max);
            weights.clear();
            weights.extend(ids.iter().map(|&id| (row[usize::from(id)] - max).exp()));
            let total: f32 = weights.iter().sum();
            let k = if total.is_finite() && total > 0.0 {
                let mut x = rng.random::<f32>() * total;
                weights
                    .iter()
                    .position(|&w| {
                        x -= w;
                        x < 0.0
                    })
                    // Rounding may leave x ≥ 0 after the last weight: the last positive one.
                    .unwrap_or_else(|| weights.iter().rposition(|&w| w > 0.0).unwrap_or(0))
            } else {
                rng.random_range(0..ids.len())
            };
            *slot = i64::from(ids[k]);
        }
        Ok(())
    }

    /// Writes each game's legal ids into `mask` (`N × ids`, every value written): the mask
    /// the last [`TaflVector::reset`] or `step` wrote, as a new array.
    ///
    /// # Errors
    ///
    /// [`StepError::Size`] when `mask` has the wrong size.
    pub fn legal_masks(&self, mask: &mut [bool]) -> Result<(), StepError> {
        let a = self.num_actions();
        check("mask", mask.len(), self.games.len() * a)?;
        mask.fill(false);
        for (row, ids) in mask.chunks_exact_mut(a).zip(&self.ids) {
            for &id in ids {
                row[usize::from(id)] = true;
            }
        }
        Ok(())
    }

    /// The ids of game `i`'s legal moves, in the crate's order.
    ///
    /// # Panics
    ///
    /// When `i` is not below [`TaflVector::num_envs`].
    #[must_use]
    pub fn legal_ids(&self, i: usize) -> &[u16] {
        &self.ids[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tafl::legal_moves;

    struct Arrays {
        obs: Vec<u8>,
        mask: Vec<bool>,
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        truncated: Vec<bool>,
        player: Vec<i8>,
    }

    impl Arrays {
        fn of(v: &TaflVector) -> Arrays {
            let n = v.num_envs();
            Arrays {
                obs: vec![0; n * v.observation_len()],
                mask: vec![false; n * v.num_actions()],
                rewards: vec![0.0; 2 * n],
                terminated: vec![false; n],
                truncated: vec![false; n],
                player: vec![0; n],
            }
        }

        fn out(&mut self) -> Outputs<'_> {
            Outputs {
                obs: &mut self.obs,
                mask: &mut self.mask,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
                player: &mut self.player,
            }
        }
    }

    #[test]
    fn masks_draws_and_restarts_follow_the_crate() {
        let n = 40;
        let mut v = TaflVector::new(Ruleset::brandubh(), n, 3, 500);
        let mut a = Arrays::of(&v);
        v.reset(&mut a.out()).unwrap();
        let ids = v.num_actions();
        let mut actions = vec![0i64; n];
        let mut mask = vec![false; n * ids];
        let mut ended = 0;
        let mut rng = Seed(9).rng();
        for step in 0..600 {
            // legal_masks is the mask the step wrote, and the crate's legal moves.
            v.legal_masks(&mut mask).unwrap();
            assert_eq!(mask, a.mask);
            for (i, game) in v.games().iter().enumerate() {
                let mut legal: Vec<usize> = legal_moves(game.position(), game.rules())
                    .iter()
                    .filter_map(|&m| move_id(v.size(), m))
                    .collect();
                legal.sort_unstable();
                let set: Vec<usize> = (0..ids).filter(|&id| mask[i * ids + id]).collect();
                assert_eq!(set, legal, "game {i} at step {step}");
            }
            if step % 2 == 0 {
                v.sample_masked(&mut rng, None, &mut actions).unwrap();
            } else {
                // Logits far larger on each game's last legal id: that id is drawn.
                let mut logits = vec![0.0f32; n * ids];
                let mut expected = vec![0i64; n];
                for i in 0..n {
                    let last = *v.legal_ids(i).iter().max().unwrap();
                    logits[i * ids + usize::from(last)] = 60.0;
                    expected[i] = i64::from(last);
                }
                v.sample_masked(&mut rng, Some(&logits), &mut actions)
                    .unwrap();
                assert_eq!(actions, expected);
            }
            v.step(&actions, &mut a.out()).unwrap();
            for i in 0..n {
                if a.terminated[i] || a.truncated[i] {
                    ended += 1;
                    // Taken back to its start: the crate's new game.
                    assert_eq!(
                        v.games()[i],
                        TaflGame::new(Ruleset::brandubh()).without_undo()
                    );
                }
            }
        }
        assert!(ended > 20, "{ended}");
    }

    #[test]
    fn sizes_are_checked() {
        let mut v = TaflVector::new(Ruleset::fidchell(), 3, 0, 100);
        let mut rng = Seed(0).rng();
        assert!(matches!(
            v.sample_masked(&mut rng, Some(&[0.0; 5]), &mut [0; 3]),
            Err(StepError::Size {
                name: "logits",
                found: 5,
                expected: 3528
            })
        ));
        assert!(matches!(
            v.legal_masks(&mut [false; 4]),
            Err(StepError::Size { name: "mask", .. })
        ));
        assert!(matches!(
            v.sample_own(None, &mut [0; 2]),
            Err(StepError::Size {
                name: "actions",
                ..
            })
        ));
    }
}
