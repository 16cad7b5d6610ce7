//! [`RandomAgent`]: uniform among the legal actions, seeded.

use crate::seed::SeedRng;
use rand::RngExt;

use crate::game::{Agent, Game};
use crate::seed::Seed;

/// An agent that picks uniformly among the legal actions with a seeded generator ([`Seed::rng`](crate::Seed::rng)); the
/// default rollout policy of [`crate::agents::Mcts`].
///
/// ```
/// use boardgames_common::{RandomAgent, Seed};
/// let agent = RandomAgent::new(Seed(3));
/// # let _ = agent;
/// ```
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: SeedRng,
}

impl RandomAgent {
    /// A random agent seeded from `seed`.
    #[must_use]
    pub fn new(seed: Seed) -> RandomAgent {
        RandomAgent { rng: seed.rng() }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    /// # Panics
    ///
    /// If `legal` is empty, which the [`Agent`] contract excludes.
    fn choose(&mut self, _state: &G, legal: &[G::Action]) -> G::Action {
        legal[self.rng.random_range(0..legal.len())]
    }
}
