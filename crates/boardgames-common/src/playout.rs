//! The one game loop of the family: a [`Playout`] plays a game to its end with agents for the
//! decisions and a seeded generator for chance, one [`Step`] at a time.

use crate::game::{Agent, Game, PlayGameError, PlayedGame, Turn, sample_chance};
use crate::player::ByPlayer;
use crate::record::Record;
use crate::seed::{Seed, SeedRng};

/// The outcomes of chance given to a [`Playout`] (see [`Playout::with_chance`]).
type GivenChance<'a, G> = &'a mut dyn FnMut(&G) -> Option<<G as Game>::Action>;

/// One action applied by a [`Playout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step<A> {
    /// The action's number in the playout, from 0.
    pub index: usize,
    /// Who chose it: [`Turn::Player`] for a decision, [`Turn::Chance`] for an outcome of
    /// chance (never [`Turn::Terminal`]).
    pub turn: Turn,
    /// The action, already applied to [`Playout::state`].
    pub action: A,
}

/// A game played by `agents` from `start`, chance outcomes drawn from a [`Seed`]'s pinned
/// generator ([`sample_chance`] over [`Game::chance_outcomes`]): the loop of every sample
/// game, example, tournament and [`play_game`] of the family, so that the same seed
/// and agents give the same game wherever it is played.
///
/// A `Playout` is an [`Iterator`] of the [`Step`]s it applies, each an `Ok` until the game is
/// over (then `None`), or one `Err` when it stops early: the game not over after
/// `max_actions` actions ([`PlayGameError::TooLong`]), or a game that contradicts itself (a
/// listed action refused, no action at a decision node). The state after each step is
/// [`Playout::state`]. [`Playout::new`] keeps only the state (the fast path of tournaments
/// and studies); [`Playout::recorded`] also keeps the [`Record`], each action with the
/// game's comment ([`Game::apply_with_comment`]).
///
/// ```
/// use boardgames_common::{ByPlayer, Playout, RandomAgent, Seed, Turn};
/// # use boardgames_common::{Game, Player};
/// # #[derive(Clone, Debug)]
/// # struct Count(u8);
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("not a step")]
/// # struct NotAStep;
/// # impl Game for Count {
/// #     type Action = u8;
/// #     type Error = NotAStep;
/// #     const NAME: &'static str = "Count";
/// #     fn turn(&self) -> Turn { if self.0 >= 3 { Turn::Terminal } else { Turn::Player(Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); out.push(1); }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), NotAStep> { if a == 1 && self.0 < 3 { self.0 += 1; Ok(()) } else { Err(NotAStep) } }
/// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(1.0, -1.0) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, NotAStep> { t.parse().map_err(|_| NotAStep) }
/// # }
/// let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
/// let mut playout = Playout::new(Count(0), Seed(3), ByPlayer::new(&mut a, &mut b), 100);
/// let mut steps = 0;
/// for step in &mut playout {
///     let step = step.unwrap();
///     assert_eq!(step.turn, Turn::Player(Player::First));
///     steps += 1;
/// }
/// assert_eq!(steps, 3);
/// assert!(playout.state().is_terminal());
/// ```
pub struct Playout<'a, G: Game> {
    played: PlayedGame<G>,
    recording: bool,
    agents: ByPlayer<&'a mut dyn Agent<G>>,
    rng: SeedRng,
    /// The outcomes of chance when they are given ([`Playout::with_chance`]) rather than
    /// drawn from `rng`.
    chance: Option<GivenChance<'a, G>>,
    max_actions: usize,
    index: usize,
    finished: bool,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game + std::fmt::Debug> std::fmt::Debug for Playout<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Playout")
            .field("state", &self.played.state)
            .field("recording", &self.recording)
            .field("index", &self.index)
            .field("max_actions", &self.max_actions)
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

impl<'a, G: Game> Playout<'a, G> {
    /// A playout of `start` that keeps only the state: chance from `seed`'s generator
    /// ([`Seed::rng`]), decisions from `agents`, at most `max_actions` actions.
    #[must_use]
    pub fn new(
        start: G,
        seed: Seed,
        agents: ByPlayer<&'a mut dyn Agent<G>>,
        max_actions: usize,
    ) -> Playout<'a, G> {
        Playout {
            played: PlayedGame::unrecorded(start),
            recording: false,
            agents,
            rng: seed.rng(),
            chance: None,
            max_actions,
            index: 0,
            finished: false,
            legal: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// A playout of `start` as [`Playout::new`] that also keeps the record: the `Game`,
    /// `Seed` and the game's own tags, every action with the game's comment, and the
    /// `Result` (and [`Game::final_record_tags`]) once the game is over.
    ///
    /// # Errors
    ///
    /// [`PlayGameError::BadText`] if the game wrote a tag that a record cannot hold (a bug
    /// of the game).
    pub fn recorded(
        start: G,
        seed: Seed,
        agents: ByPlayer<&'a mut dyn Agent<G>>,
        max_actions: usize,
    ) -> Result<Playout<'a, G>, PlayGameError> {
        let played = PlayedGame::new(start, Some(seed))?;
        Ok(Playout::continuing(played, seed, agents, max_actions))
    }

    /// A playout that goes on from `played`: its state, and its record, to which every step
    /// is appended with the game's comment (the record's tags are kept as they are: a game
    /// whose record holds tags of its own, such as the dice a seed stands for). Chance from
    /// `seed`'s generator, decisions from `agents`, at most `max_actions` actions more.
    #[must_use]
    pub fn continuing(
        played: PlayedGame<G>,
        seed: Seed,
        agents: ByPlayer<&'a mut dyn Agent<G>>,
        max_actions: usize,
    ) -> Playout<'a, G> {
        let mut playout = Playout::new(played.state, seed, agents, max_actions);
        playout.played.record = played.record;
        playout.recording = true;
        playout
    }

    /// The playout with the outcomes of chance given by `chance` (for the state at each
    /// chance node: dice thrown by a [`DiceSource`](crate::DiceSource), a script of
    /// throws, a replay's actions) instead of drawn from the seed. A `None` from `chance`
    /// stops the playout with [`PlayGameError::ChanceExhausted`]; an outcome the game
    /// refuses stops it with [`PlayGameError::Refused`].
    ///
    /// ```
    /// use boardgames_common::{ByPlayer, DiceSource, Playout, RandomAgent, ScriptedDice, Seed};
    /// # use boardgames_common::{Game, Player, Throw, Turn};
    /// # // Each throw adds its sum; the game is over at 12 or more.
    /// # #[derive(Clone, Debug)]
    /// # struct Sum(u8);
    /// # #[derive(Debug, thiserror::Error)]
    /// # #[error("over")]
    /// # struct Over;
    /// # impl Game for Sum {
    /// #     type Action = Throw;
    /// #     type Error = Over;
    /// #     const NAME: &'static str = "Sum";
    /// #     fn turn(&self) -> Turn { if self.0 >= 12 { Turn::Terminal } else { Turn::Chance } }
    /// #     fn legal_actions(&self, out: &mut Vec<Throw>) { out.clear(); }
    /// #     fn chance_outcomes(&self, out: &mut Vec<(Throw, f64)>) { out.clear(); out.extend_from_slice(&boardgames_common::UNORDERED_OUTCOMES); }
    /// #     fn apply(&mut self, t: Throw) -> Result<(), Over> { if self.0 >= 12 { return Err(Over) } self.0 += t.sum(); Ok(()) }
    /// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(0.0, 0.0) }
    /// #     fn action_text(&self, t: Throw) -> String { t.to_string() }
    /// #     fn parse_action(&self, s: &str) -> Result<Throw, Over> { s.parse().map_err(|_| Over) }
    /// # }
    /// let mut dice = ScriptedDice::from_throws(["6-5".parse().unwrap(), "4-3".parse().unwrap()]);
    /// let mut throw = |_: &Sum| dice.throw();
    /// let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
    /// let mut playout = Playout::new(Sum(0), Seed(0), ByPlayer::new(&mut a, &mut b), 10)
    ///     .with_chance(&mut throw);
    /// playout.run().unwrap();
    /// assert_eq!(playout.state().0, 18);
    /// assert_eq!(playout.actions(), 2);
    /// ```
    #[must_use]
    pub fn with_chance(mut self, chance: &'a mut dyn FnMut(&G) -> Option<G::Action>) -> Self {
        self.chance = Some(chance);
        self
    }

    /// The state after the steps applied so far.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.played.state
    }

    /// The record so far of a [`Playout::recorded`] (`None` for a [`Playout::new`]).
    #[must_use]
    pub fn record(&self) -> Option<&Record> {
        self.recording.then_some(&self.played.record)
    }

    /// The number of actions applied so far.
    #[must_use]
    pub fn actions(&self) -> usize {
        self.index
    }

    /// Plays the remaining steps to the end of the game.
    ///
    /// # Errors
    ///
    /// The [`PlayGameError`] that stopped the playout early.
    pub fn run(&mut self) -> Result<(), PlayGameError> {
        self.try_for_each(|step| step.map(|_| ()))
    }

    /// The state, ending the playout.
    #[must_use]
    pub fn into_state(self) -> G {
        self.played.state
    }

    /// The state and its record, ending the playout (the record of a [`Playout::new`] holds
    /// only the `Game` tag).
    #[must_use]
    pub fn into_played(self) -> PlayedGame<G> {
        self.played
    }

    fn stop(&mut self, error: PlayGameError) -> Option<Result<Step<G::Action>, PlayGameError>> {
        self.finished = true;
        Some(Err(error))
    }
}

impl<G: Game> Iterator for Playout<'_, G> {
    type Item = Result<Step<G::Action>, PlayGameError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let index = self.index;
        let state = &self.played.state;
        let turn = state.turn();
        let action = match turn {
            Turn::Terminal => {
                self.finished = true;
                return None;
            }
            _ if index >= self.max_actions => {
                return self.stop(PlayGameError::TooLong(self.max_actions));
            }
            Turn::Chance => match self.chance.as_mut() {
                Some(chance) => match chance(state) {
                    Some(a) => a,
                    None => return self.stop(PlayGameError::ChanceExhausted { index }),
                },
                None => {
                    state.chance_outcomes(&mut self.outcomes);
                    match sample_chance(&self.outcomes, &mut self.rng) {
                        Some(a) => a,
                        None => return self.stop(PlayGameError::NoLegalAction { index }),
                    }
                }
            },
            Turn::Player(p) => {
                state.legal_actions(&mut self.legal);
                if self.legal.is_empty() {
                    return self.stop(PlayGameError::NoLegalAction { index });
                }
                self.agents[p].choose(state, &self.legal)
            }
        };
        let applied = if self.recording {
            self.played.apply(action)
        } else {
            self.played
                .state
                .apply(action)
                .map_err(|e| PlayGameError::Refused {
                    index,
                    text: self.played.state.action_text(action),
                    error: Box::new(e),
                })
        };
        if let Err(e) = applied {
            return self.stop(e);
        }
        self.index += 1;
        Some(Ok(Step {
            index,
            turn,
            action,
        }))
    }
}

/// Plays `start` to the end: chance outcomes are drawn from `seed`'s generator (see
/// [`sample_chance`]), decisions are asked of `agents`. At most `max_actions` actions are
/// applied. The record's actions carry the game's comments ([`Game::apply_with_comment`]).
/// This is [`Playout::recorded`] run to the end.
///
/// # Errors
///
/// [`PlayGameError`] if the game is not over after `max_actions`, or if the game
/// contradicts itself (a listed action refused, no action at a decision node).
pub fn play_game<G: Game>(
    start: G,
    seed: Seed,
    agents: ByPlayer<&mut dyn Agent<G>>,
    max_actions: usize,
) -> Result<PlayedGame<G>, PlayGameError> {
    let mut playout = Playout::recorded(start, seed, agents, max_actions)?;
    playout.run()?;
    Ok(playout.into_played())
}
