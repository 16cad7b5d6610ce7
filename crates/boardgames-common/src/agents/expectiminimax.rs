//! [`Expectiminimax`]: depth-limited search of a game with chance nodes (Michie, 1966;
//! Russell and Norvig, "Artificial Intelligence: A Modern Approach", section "Stochastic
//! games"), with alpha-beta pruning among decision nodes and, when the caller gives bounds
//! on every value, Ballard's Star1 pruning at chance nodes ("The *-minimax search procedure
//! for trees containing chance nodes", 1983).
//!
//! Values are those of the player to act at the root (the searcher): he maximises, his
//! opponent minimises them (the games of the family are zero-sum). A decision node costs
//! one unit of depth; a chance node costs none, except one that follows another chance node
//! directly (so that a game of chance alone, sugoroku, is bounded too). At depth 0, and
//! past the node budget, a node is valued by the caller's [`Evaluator`]; a terminal node by
//! [`Game::returns`].

use super::ConfigError;
use crate::game::{Agent, Game, Turn};
use crate::player::Player;

/// A static evaluation of a state, for the player given, on the scale of
/// [`Game::returns`] (or on the caller's own scale, the same for every state).
///
/// Closures `FnMut(&G, Player) -> f64` are evaluators.
pub trait Evaluator<G: Game> {
    /// The value of `state` for `player`.
    fn evaluate(&mut self, state: &G, player: Player) -> f64;
}

impl<G: Game, F: FnMut(&G, Player) -> f64> Evaluator<G> for F {
    fn evaluate(&mut self, state: &G, player: Player) -> f64 {
        self(state, player)
    }
}

/// The default evaluation: [`Game::returns`] (0 for an unfinished game in the family).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReturnsEvaluator;

impl<G: Game> Evaluator<G> for ReturnsEvaluator {
    fn evaluate(&mut self, state: &G, player: Player) -> f64 {
        state.returns()[player]
    }
}

/// The depth and bounds of [`Expectiminimax`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct ExpectiminimaxConfig {
    /// Decision plies searched (module docs); at least 1.
    pub depth: u32,
    /// Bounds `(low, high)` on every value (returns and evaluations alike), enabling Star1
    /// pruning at chance nodes; values outside are clamped into them. `None` (default):
    /// chance nodes are searched in full.
    pub bounds: Option<(f64, f64)>,
    /// A hard budget of nodes visited per decision; past it, nodes are valued by the
    /// evaluator. Default 50 000 000.
    pub max_nodes: u64,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `ExpectiminimaxConfig::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl ExpectiminimaxConfig {
    /// Returns `self` with [`ExpectiminimaxConfig::bounds`] set to `bounds`.
    #[must_use]
    pub const fn with_bounds(mut self, bounds: Option<(f64, f64)>) -> ExpectiminimaxConfig {
        self.bounds = bounds;
        self
    }
    /// Returns `self` with [`ExpectiminimaxConfig::max_nodes`] set to `max_nodes`.
    #[must_use]
    pub const fn with_max_nodes(mut self, max_nodes: u64) -> ExpectiminimaxConfig {
        self.max_nodes = max_nodes;
        self
    }
}

impl ExpectiminimaxConfig {
    /// `depth` plies, no bounds, the default node budget.
    #[must_use]
    pub fn with_depth(depth: u32) -> ExpectiminimaxConfig {
        ExpectiminimaxConfig {
            depth,
            bounds: None,
            max_nodes: 50_000_000,
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        if self.depth == 0 {
            return Err(ConfigError::ZeroBudget("depth"));
        }
        if self.max_nodes == 0 {
            return Err(ConfigError::ZeroBudget("node"));
        }
        if let Some((low, high)) = self.bounds
            && !(low.is_finite() && high.is_finite() && low < high)
        {
            return Err(ConfigError::Bounds { low, high });
        }
        Ok(())
    }
}

/// The result of [`Expectiminimax::search`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchValue<A> {
    /// The best action (the first of equal value in the order given).
    pub action: A,
    /// Its value for the player to act.
    pub value: f64,
    /// Nodes visited.
    pub nodes: u64,
}

/// Depth-limited expectiminimax for any [`Game`] (module docs) with the caller's
/// [`Evaluator`] `E` ([`ReturnsEvaluator`] by default). Deterministic: ties go to the first
/// action in the order given.
///
/// ```
/// use boardgames_common::agents::{Expectiminimax, ExpectiminimaxConfig};
/// # use boardgames_common::{ByPlayer, Game, Player, Turn};
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
/// let mut search = Expectiminimax::new(ExpectiminimaxConfig::with_depth(1)).unwrap();
/// let found = search.search(&Pick(None), &[0, 1]).unwrap();
/// assert_eq!((found.action, found.value), (1, 1.0));
/// ```
#[derive(Debug, Clone)]
pub struct Expectiminimax<G: Game, E = ReturnsEvaluator> {
    config: ExpectiminimaxConfig,
    evaluator: E,
    /// Action and outcome buffers, one per recursion level.
    actions: Vec<Vec<G::Action>>,
    outcomes: Vec<Vec<(G::Action, f64)>>,
    nodes: u64,
}

impl<G: Game> Expectiminimax<G, ReturnsEvaluator> {
    /// A search valuing unfinished games by their returns.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if the depth or node budget is 0, or the bounds are not finite with
    /// `low < high`.
    pub fn new(config: ExpectiminimaxConfig) -> Result<Self, ConfigError> {
        Expectiminimax::with_evaluator(config, ReturnsEvaluator)
    }
}

impl<G: Game, E: Evaluator<G>> Expectiminimax<G, E> {
    /// A search valuing the nodes at depth 0 with `evaluator`.
    ///
    /// # Errors
    ///
    /// As [`Expectiminimax::new`].
    pub fn with_evaluator(config: ExpectiminimaxConfig, evaluator: E) -> Result<Self, ConfigError> {
        config.check()?;
        Ok(Expectiminimax {
            config,
            evaluator,
            actions: Vec::new(),
            outcomes: Vec::new(),
            nodes: 0,
        })
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &ExpectiminimaxConfig {
        &self.config
    }

    /// The best of `legal` at `state` (a decision node) with its value for the player to
    /// act; `None` if `legal` is empty, `state` is not a decision node, or no action of
    /// `legal` is accepted by the game.
    pub fn search(&mut self, state: &G, legal: &[G::Action]) -> Option<SearchValue<G::Action>> {
        let Turn::Player(me) = state.turn() else {
            return None;
        };
        self.nodes = 1;
        let mut best: Option<(G::Action, f64)> = None;
        for &a in legal {
            let mut child = state.clone();
            if child.apply(a).is_err() {
                continue;
            }
            let alpha = best.map_or(f64::NEG_INFINITY, |b| b.1);
            let v = self.value_at(
                &child,
                me,
                self.config.depth - 1,
                alpha,
                f64::INFINITY,
                0,
                false,
            );
            if best.is_none_or(|b| v > b.1) {
                best = Some((a, v));
            }
        }
        best.map(|(action, value)| SearchValue {
            action,
            value,
            nodes: self.nodes,
        })
    }

    /// The expectiminimax value of any `state` (decision, chance or terminal) for `player`,
    /// searched to the configured depth with a full window.
    pub fn value(&mut self, state: &G, player: Player) -> f64 {
        self.nodes = 0;
        let depth = self.config.depth;
        self.value_at(
            state,
            player,
            depth,
            f64::NEG_INFINITY,
            f64::INFINITY,
            0,
            false,
        )
    }

    /// Nodes visited by the last [`Expectiminimax::search`] or [`Expectiminimax::value`].
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn clamp(&self, v: f64) -> f64 {
        match self.config.bounds {
            Some((lo, hi)) => v.clamp(lo, hi),
            None => v,
        }
    }

    fn leaf(&mut self, state: &G, me: Player) -> f64 {
        let v = if state.is_terminal() {
            state.returns()[me]
        } else {
            self.evaluator.evaluate(state, me)
        };
        self.clamp(v)
    }

    /// The fail-soft value of `state` for `me` in the window `(alpha, beta)`: exact inside,
    /// an upper bound when `≤ alpha`, a lower bound when `≥ beta`.
    #[allow(clippy::too_many_arguments)]
    fn value_at(
        &mut self,
        state: &G,
        me: Player,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        level: usize,
        after_chance: bool,
    ) -> f64 {
        self.nodes += 1;
        if self.nodes > self.config.max_nodes {
            return self.leaf(state, me);
        }
        let turn = state.turn();
        let depth = if turn == Turn::Chance && after_chance {
            depth.saturating_sub(1)
        } else {
            depth
        };
        if turn == Turn::Terminal || depth == 0 {
            return self.leaf(state, me);
        }
        if self.actions.len() <= level {
            self.actions.resize_with(level + 1, Vec::new);
            self.outcomes.resize_with(level + 1, Vec::new);
        }
        match turn {
            Turn::Player(p) => {
                let mut actions = std::mem::take(&mut self.actions[level]);
                state.legal_actions(&mut actions);
                let maximise = p == me;
                let mut best: Option<f64> = None;
                for &a in &actions {
                    let mut child = state.clone();
                    if child.apply(a).is_err() {
                        continue;
                    }
                    let v = self.value_at(&child, me, depth - 1, alpha, beta, level + 1, false);
                    if maximise {
                        best = Some(best.map_or(v, |b: f64| b.max(v)));
                        alpha = alpha.max(v);
                    } else {
                        best = Some(best.map_or(v, |b: f64| b.min(v)));
                        beta = beta.min(v);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
                self.actions[level] = actions;
                match best {
                    Some(v) => v,
                    None => self.leaf(state, me),
                }
            }
            Turn::Chance => {
                let mut outcomes = std::mem::take(&mut self.outcomes[level]);
                state.chance_outcomes(&mut outcomes);
                let v = match self.config.bounds {
                    None => {
                        let mut sum = 0.0;
                        let mut any = false;
                        for &(a, p) in &outcomes {
                            let mut child = state.clone();
                            if child.apply(a).is_err() {
                                continue;
                            }
                            any = true;
                            sum += p * self.value_at(
                                &child,
                                me,
                                depth,
                                f64::NEG_INFINITY,
                                f64::INFINITY,
                                level + 1,
                                true,
                            );
                        }
                        if any { sum } else { self.leaf(state, me) }
                    }
                    Some((lo, hi)) => {
                        self.star1(state, me, depth, alpha, beta, level, &outcomes, lo, hi)
                    }
                };
                self.outcomes[level] = outcomes;
                v
            }
            Turn::Terminal => self.leaf(state, me),
        }
    }

    /// Star1 at a chance node: each outcome is searched in the window that would still let
    /// the node's value fall inside `(alpha, beta)`, and the node stops as soon as the
    /// outcomes searched, with the rest at the bounds, decide it.
    #[allow(clippy::too_many_arguments)]
    fn star1(
        &mut self,
        state: &G,
        me: Player,
        depth: u32,
        alpha: f64,
        beta: f64,
        level: usize,
        outcomes: &[(G::Action, f64)],
        lo: f64,
        hi: f64,
    ) -> f64 {
        let mut rest: f64 = outcomes.iter().map(|o| o.1).sum();
        let mut sum = 0.0;
        for &(a, p) in outcomes {
            // The node's value lies in [sum + rest·lo, sum + rest·hi].
            if sum + rest * hi <= alpha {
                return sum + rest * hi;
            }
            if sum + rest * lo >= beta {
                return sum + rest * lo;
            }
            rest = (rest - p).max(0.0);
            let mut child = state.clone();
            if p <= 0.0 || child.apply(a).is_err() {
                continue;
            }
            let child_alpha = ((alpha - sum - rest * hi) / p).max(lo);
            let child_beta = ((beta - sum - rest * lo) / p).min(hi);
            let v = self.value_at(&child, me, depth, child_alpha, child_beta, level + 1, true);
            sum += p * v;
        }
        sum
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for Expectiminimax<G, E> {
    /// The action of [`Expectiminimax::search`]; a single legal action is returned without
    /// search.
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        self.search(state, legal).map_or(legal[0], |s| s.action)
    }
}
