//! Learning by self-play: a partie of the network against itself recorded ([`TdEpisode`]),
//! and TD(λ) over it ([`TdNetwork::learn_episode`], with [`TdLearning`]).
//!
//! The update is TD(λ) in its offline form (Sutton and Barto, *Reinforcement Learning: An
//! Introduction*, "The λ-return"): during a partie the weights stay fixed; at its end every
//! state before a throw `s_t` is moved toward its λ-return
//! `G_t = (1 − λ)·V(s_{t+1}) + λ·G_{t+1}`, with `G` of the last state the partie's outcome,
//! each value seen by the player to throw at `s_t` (mirrored when the next state has the
//! other player to throw). Offline TD(λ) with accumulating traces gives the same total
//! update; this form needs no trace per weight.

use boardgames_common::{ByPlayer, Playout, Seed};

use super::features::{Inputs, encode};
use super::network::{TdEstimate, TdNetwork};
use super::player::TdBot;
use crate::board::Colour;
use crate::scoring::ThrowScorer;
use crate::{Phase, TrictracGame, Win};

/// The settings of TD(λ).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TdLearning {
    /// λ, in 0..=1: 0 learns from the next state only, 1 from the outcome only.
    pub lambda: f32,
    /// The learning rate of each step of gradient descent (the network's
    /// cross-entropy toward the λ-return).
    pub rate: f32,
}

impl Default for TdLearning {
    /// λ 0.7, rate 0.02.
    fn default() -> TdLearning {
        TdLearning {
            lambda: 0.7,
            rate: 0.02,
        }
    }
}

/// A partie of self-play recorded for learning: the inputs of every state before a throw,
/// who was to throw, and how the partie ended.
#[derive(Debug, Clone, Default)]
pub struct TdEpisode {
    /// The inputs of all states, one after the other.
    index: Vec<u16>,
    value: Vec<f32>,
    /// Where each state's inputs end in `index` and `value`.
    ends: Vec<u32>,
    throwers: Vec<Colour>,
    outcome: Option<Win>,
    actions: usize,
}

impl TdEpisode {
    /// Plays `start` to its end by [`TdBot`]s of `network` on both sides, the dice drawn from
    /// `seed` (the family's game loop, [`Playout`]: the same seed gives the same dice as a
    /// tournament's game), stopping after `max_actions` actions (then the partie has no
    /// outcome and its last state learns nothing from an end).
    #[must_use]
    pub fn self_play<S: ThrowScorer + Clone>(
        network: &TdNetwork,
        start: &TrictracGame<S>,
        seed: Seed,
        max_actions: usize,
    ) -> TdEpisode {
        let form = *start.turns().form();
        let mut episode = TdEpisode::default();
        let record = |game: &TrictracGame<S>, episode: &mut TdEpisode| {
            if game.phase() == Phase::Throw {
                episode.push(
                    &encode(game.position(), &form),
                    game.position().side_to_move(),
                );
            }
        };
        record(start, &mut episode);
        let (mut a, mut b) = (TdBot::new(network), TdBot::new(network));
        let mut playout = Playout::new(
            start.clone(),
            seed,
            ByPlayer::new(&mut a, &mut b),
            max_actions,
        );
        while let Some(Ok(_)) = playout.next() {
            record(playout.state(), &mut episode);
        }
        episode.outcome = playout.state().turns().outcome();
        episode.actions = playout.actions();
        episode
    }

    fn push(&mut self, inputs: &Inputs, thrower: Colour) {
        for (i, v) in inputs.iter() {
            self.index.push(i as u16);
            self.value.push(v);
        }
        self.ends.push(self.index.len() as u32);
        self.throwers.push(thrower);
    }

    fn inputs(&self, t: usize) -> Inputs {
        let start = if t == 0 { 0 } else { self.ends[t - 1] as usize };
        let end = self.ends[t] as usize;
        Inputs::from_pairs(
            self.index[start..end]
                .iter()
                .zip(&self.value[start..end])
                .map(|(&i, &v)| (usize::from(i), v)),
        )
    }

    /// The states before a throw recorded.
    #[must_use]
    pub fn states(&self) -> usize {
        self.throwers.len()
    }

    /// The actions of the partie (throws included).
    #[must_use]
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// How the partie ended, if it did.
    #[must_use]
    pub fn outcome(&self) -> Option<Win> {
        self.outcome
    }
}

impl TdNetwork {
    /// Learns from `episode` by TD(λ) (module docs): each state before a throw moved toward
    /// its λ-return, in the order of the partie, with `learning`'s rate.
    pub fn learn_episode(&mut self, episode: &TdEpisode, learning: &TdLearning) {
        let n = episode.states();
        if n == 0 {
            return;
        }
        let lambda = learning.lambda.clamp(0.0, 1.0);
        let values: Vec<TdEstimate> = (0..n).map(|t| self.forward(&episode.inputs(t))).collect();
        let mut targets = vec![TdEstimate::default(); n];
        let last = episode.throwers[n - 1];
        targets[n - 1] = match episode.outcome {
            Some(win) => TdEstimate::outcome(win.winner == last, win.bredouille),
            None => values[n - 1],
        };
        for t in (0..n - 1).rev() {
            let (v, g) = (values[t + 1].to_array(), targets[t + 1].to_array());
            let mut mix = [0.0; 3];
            for k in 0..3 {
                mix[k] = (1.0 - lambda) * v[k] + lambda * g[k];
            }
            let mix = TdEstimate::from_array(mix);
            targets[t] = if episode.throwers[t] == episode.throwers[t + 1] {
                mix
            } else {
                mix.mirror()
            };
        }
        for (t, target) in targets.iter().enumerate() {
            self.learn(&episode.inputs(t), target, learning.rate);
        }
        self.set_parties(self.parties() + 1);
    }
}
