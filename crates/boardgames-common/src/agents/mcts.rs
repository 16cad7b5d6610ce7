//! [`Mcts`]: Monte-Carlo tree search with the UCT selection rule (UCB1 applied to trees,
//! Kocsis and Szepesvári, "Bandit based Monte-Carlo planning", 2006) over the [`Game`]
//! trait, with explicit chance nodes.
//!
//! One iteration walks down the tree from the root: at a decision node it takes an unvisited
//! child if there is one, else the child of highest `mean / scale + c · √(ln N / n)` for the
//! player to act (`mean` his average return through the child, `N` and `n` the visits of
//! the node and of the child, `scale` the largest absolute return seen in this search, at
//! least 1, so that games whose wins are scaled — a trictrac partie won double — explore as
//! games of ±1 do); at a chance node it draws an outcome with its probability. The first
//! node not yet visited is added, a rollout plays from it to the end (chance drawn with the
//! probabilities, decisions by the rollout policy, random by default), and both players'
//! returns are added to every node of the path. The action played is the root child visited
//! most.

use std::marker::PhantomData;

use crate::seed::SeedRng;
use rand::RngExt;

use super::{ConfigError, RandomAgent};
use crate::game::{Agent, Game, Turn, sample_chance};
use crate::player::{ByPlayer, Player};
use crate::seed::Seed;

/// The budget and constants of [`Mcts`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Iterations (one descent, one rollout) per decision; at least 1. Default 1000.
    pub iterations: u32,
    /// The UCT exploration constant `c`. Default √2 (UCB1's).
    pub exploration: f64,
    /// A rollout stops after this many actions, and the unfinished game's
    /// [`Game::returns`] are backed up (0 for both players in the games of the family).
    /// Default 100 000.
    pub max_rollout_actions: u32,
    /// The tree holds at most this many nodes; past it, iterations roll out from the leaf
    /// they reach without adding nodes. Default 1 000 000.
    pub max_nodes: u32,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `MctsConfig::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl MctsConfig {
    /// Returns `self` with [`MctsConfig::exploration`] set to `exploration`.
    #[must_use]
    pub const fn with_exploration(mut self, exploration: f64) -> MctsConfig {
        self.exploration = exploration;
        self
    }
    /// Returns `self` with [`MctsConfig::max_rollout_actions`] set to `max_rollout_actions`.
    #[must_use]
    pub const fn with_max_rollout_actions(mut self, max_rollout_actions: u32) -> MctsConfig {
        self.max_rollout_actions = max_rollout_actions;
        self
    }
    /// Returns `self` with [`MctsConfig::max_nodes`] set to `max_nodes`.
    #[must_use]
    pub const fn with_max_nodes(mut self, max_nodes: u32) -> MctsConfig {
        self.max_nodes = max_nodes;
        self
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            iterations: 1000,
            exploration: std::f64::consts::SQRT_2,
            max_rollout_actions: 100_000,
            max_nodes: 1_000_000,
        }
    }
}

impl MctsConfig {
    /// The default configuration with `iterations` per decision.
    #[must_use]
    pub fn with_iterations(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            ..MctsConfig::default()
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        if self.iterations == 0 {
            return Err(ConfigError::ZeroBudget("iterations"));
        }
        if self.max_nodes == 0 {
            return Err(ConfigError::ZeroBudget("node"));
        }
        if !self.exploration.is_finite() || self.exploration < 0.0 {
            return Err(ConfigError::Exploration(self.exploration));
        }
        Ok(())
    }
}

/// What the search found for one root action ([`Mcts::analyse`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Iterations that went through it.
    pub visits: u32,
    /// The mover's mean return through it (0 if never visited).
    pub mean: f64,
}

/// Who acts at a node, as the tree stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not known yet (the node was never reached).
    Unknown,
    Decision(Player),
    Chance,
    Terminal,
}

#[derive(Debug, Clone)]
struct Node<A> {
    /// The action from the parent (`None` at the root).
    action: Option<A>,
    /// Its probability when the parent is a chance node.
    probability: f64,
    kind: Kind,
    first_child: u32,
    children: u32,
    visits: u32,
    /// Sum of both players' returns over the iterations through this node.
    total: ByPlayer<f64>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, probability: f64) -> Node<A> {
        Node {
            action,
            probability,
            kind: Kind::Unknown,
            first_child: 0,
            children: 0,
            visits: 0,
            total: ByPlayer::new(0.0, 0.0),
        }
    }
}

/// Monte-Carlo tree search (UCT) for any [`Game`], with chance nodes expanded as chance
/// nodes (module docs). `P` is the rollout policy, any [`Agent`] ([`RandomAgent`] by
/// default).
///
/// Pure and seeded: the same seed, configuration and state give the same action. The tree
/// is one arena reused from decision to decision; nothing else is allocated per node.
///
/// ```
/// use boardgames_common::agents::{Mcts, MctsConfig};
/// use boardgames_common::Seed;
/// # use boardgames_common::{ByPlayer, Game, Player, Turn, play_game};
/// # #[derive(Clone, Debug)] struct Pick(Option<u8>);
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # impl Game for Pick {
/// #     type Action = u8; type Error = No; const NAME: &'static str = "Pick";
/// #     fn turn(&self) -> Turn { if self.0.is_some() { Turn::Terminal } else { Turn::Player(Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); if self.0.is_none() { out.extend([0, 1]); } }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), No> { if self.0.is_some() || a > 1 { return Err(No) } self.0 = Some(a); Ok(()) }
/// #     fn returns(&self) -> ByPlayer<f64> { let v = f64::from(self.0.unwrap_or(0)); ByPlayer::new(v, -v) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, No> { t.parse().map_err(|_| No) }
/// # }
/// let mut mcts: Mcts<Pick> = Mcts::new(MctsConfig::with_iterations(100), Seed(7)).unwrap();
/// let stats = mcts.analyse(&Pick(None), &[0, 1]);
/// assert_eq!(stats[1].mean, 1.0);
/// assert!(MctsConfig::with_iterations(0).iterations == 0
///     && Mcts::<Pick>::new(MctsConfig::with_iterations(0), Seed(7)).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Mcts<G: Game, P = RandomAgent> {
    config: MctsConfig,
    rng: SeedRng,
    policy: P,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    /// The largest absolute return seen in the current search (at least 1).
    scale: f64,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Mcts<G, RandomAgent> {
    /// A search with random rollouts: the tree's chance draws from `seed`, the rollouts
    /// from `seed.derive(0)`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if `config` has 0 iterations or nodes, or a negative or non-finite
    /// exploration constant.
    pub fn new(config: MctsConfig, seed: Seed) -> Result<Mcts<G, RandomAgent>, ConfigError> {
        // The rollout policy gets its own stream of the seed (`Seed::derive(0)`), so that a
        // caller's policy leaves the tree's draws as they are.
        let policy = RandomAgent::new(seed.derive(0));
        Mcts::with_policy(config, seed, policy)
    }
}

impl<G: Game, P: Agent<G>> Mcts<G, P> {
    /// A search whose rollouts ask `policy` for every decision (a heuristic player makes
    /// stronger, slower rollouts). Chance is drawn with the generator seeded from `seed`.
    ///
    /// # Errors
    ///
    /// As [`Mcts::new`].
    pub fn with_policy(
        config: MctsConfig,
        seed: Seed,
        policy: P,
    ) -> Result<Mcts<G, P>, ConfigError> {
        config.check()?;
        Ok(Mcts {
            config,
            rng: seed.rng(),
            policy,
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            outcomes: Vec::new(),
            scale: 1.0,
            _game: PhantomData,
        })
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Searches `state` (a decision node, `legal` its legal actions) for the configured
    /// iterations and returns, for each action of `legal` in its order, its visits and the
    /// mover's mean return. Empty when `legal` is empty or `state` is not a decision node.
    pub fn analyse(&mut self, state: &G, legal: &[G::Action]) -> Vec<ActionStats<G::Action>> {
        let Turn::Player(mover) = state.turn() else {
            return Vec::new();
        };
        if legal.is_empty() {
            return Vec::new();
        }
        self.nodes.clear();
        self.scale = 1.0;
        let mut root = Node::new(None, 1.0);
        root.kind = Kind::Decision(mover);
        root.first_child = 1;
        root.children = legal.len() as u32;
        self.nodes.push(root);
        self.nodes
            .extend(legal.iter().map(|&a| Node::new(Some(a), 1.0)));
        for _ in 0..self.config.iterations {
            self.iterate(state);
        }
        self.children(0)
            .map(|i| {
                let n = &self.nodes[i];
                ActionStats {
                    action: n.action.unwrap_or(legal[0]),
                    visits: n.visits,
                    mean: if n.visits == 0 {
                        0.0
                    } else {
                        n.total[mover] / f64::from(n.visits)
                    },
                }
            })
            .collect()
    }

    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        n.first_child as usize..(n.first_child + n.children) as usize
    }

    /// One descent, expansion, rollout and backup from `root`.
    fn iterate(&mut self, root: &G) {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        let mut failed = false;
        loop {
            let kind = match self.nodes[node].kind {
                Kind::Unknown => {
                    let k = match state.turn() {
                        Turn::Player(p) => Kind::Decision(p),
                        Turn::Chance => Kind::Chance,
                        Turn::Terminal => Kind::Terminal,
                    };
                    self.nodes[node].kind = k;
                    k
                }
                k => k,
            };
            if kind == Kind::Terminal {
                break;
            }
            if self.nodes[node].children == 0 && !self.expand(node, &state, kind) {
                // Tree full or nothing to do here: roll out from this node.
                break;
            }
            let Some(child) = self.select(node, kind) else {
                break;
            };
            let Some(action) = self.nodes[child].action else {
                break;
            };
            if state.apply(action).is_err() {
                // The game refused an action it listed: stop here, back up what it says.
                failed = true;
                break;
            }
            node = child;
            self.path.push(child as u32);
            if self.nodes[child].visits == 0 {
                break;
            }
        }
        if !failed {
            self.rollout(&mut state);
        }
        let returns = state.returns();
        let m = returns.first.abs().max(returns.second.abs());
        if m.is_finite() && m > self.scale {
            self.scale = m;
        }
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits = n.visits.saturating_add(1);
            n.total.first += returns.first;
            n.total.second += returns.second;
        }
    }

    /// Adds the children of `node` (its legal actions or chance outcomes); false if there
    /// are none or the tree has no room for them.
    fn expand(&mut self, node: usize, state: &G, kind: Kind) -> bool {
        let first = self.nodes.len();
        match kind {
            Kind::Decision(_) => {
                state.legal_actions(&mut self.legal);
                if self.legal.is_empty()
                    || first + self.legal.len() > self.config.max_nodes as usize
                {
                    return false;
                }
                self.nodes
                    .extend(self.legal.iter().map(|&a| Node::new(Some(a), 1.0)));
            }
            Kind::Chance => {
                state.chance_outcomes(&mut self.outcomes);
                if self.outcomes.is_empty()
                    || first + self.outcomes.len() > self.config.max_nodes as usize
                {
                    return false;
                }
                self.nodes
                    .extend(self.outcomes.iter().map(|&(a, p)| Node::new(Some(a), p)));
            }
            Kind::Terminal | Kind::Unknown => return false,
        }
        let count = (self.nodes.len() - first) as u32;
        let n = &mut self.nodes[node];
        n.first_child = first as u32;
        n.children = count;
        true
    }

    /// The child to descend into: by UCT at a decision node, by probability at a chance node.
    fn select(&mut self, node: usize, kind: Kind) -> Option<usize> {
        let range = self.children(node);
        if range.is_empty() {
            return None;
        }
        match kind {
            Kind::Decision(p) => {
                if let Some(i) = range.clone().find(|&i| self.nodes[i].visits == 0) {
                    return Some(i);
                }
                let ln_n = f64::from(self.nodes[node].visits.max(1)).ln();
                let c = self.config.exploration;
                let mut best = (f64::NEG_INFINITY, range.start);
                for i in range {
                    let n = &self.nodes[i];
                    let visits = f64::from(n.visits);
                    let score = n.total[p] / visits / self.scale + c * (ln_n / visits).sqrt();
                    if score > best.0 {
                        best = (score, i);
                    }
                }
                Some(best.1)
            }
            Kind::Chance => {
                let x: f64 = self.rng.random();
                let mut acc = 0.0;
                for i in range.clone() {
                    acc += self.nodes[i].probability;
                    if x < acc {
                        return Some(i);
                    }
                }
                Some(range.end - 1)
            }
            Kind::Terminal | Kind::Unknown => None,
        }
    }

    /// Plays `state` on to the end (or the rollout limit): chance by its probabilities,
    /// decisions by the policy.
    fn rollout(&mut self, state: &mut G) {
        for _ in 0..self.config.max_rollout_actions {
            let action = match state.turn() {
                Turn::Terminal => return,
                Turn::Chance => {
                    state.chance_outcomes(&mut self.outcomes);
                    match sample_chance(&self.outcomes, &mut self.rng) {
                        Some(a) => a,
                        None => return,
                    }
                }
                Turn::Player(_) => {
                    state.legal_actions(&mut self.legal);
                    if self.legal.is_empty() {
                        return;
                    }
                    self.policy.choose(state, &self.legal)
                }
            };
            if state.apply(action).is_err() {
                return;
            }
        }
    }
}

impl<G: Game, P: Agent<G>> Agent<G> for Mcts<G, P> {
    /// The root action visited most (ties: the higher mean, then the first in `legal`); a
    /// single legal action is returned without search.
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let stats = self.analyse(state, legal);
        let mut best: Option<&ActionStats<G::Action>> = None;
        for s in &stats {
            if best.is_none_or(|b| s.visits > b.visits || (s.visits == b.visits && s.mean > b.mean))
            {
                best = Some(s);
            }
        }
        best.map_or(legal[0], |b| b.action)
    }
}
