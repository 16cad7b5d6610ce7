//! A game in progress with its record and its dice, in plain Rust (no JavaScript type):
//! [`Session`], what each JavaScript class of a game wraps, and what the native tests drive.

use boardgames_arena::agents::RegisteredGame;
use boardgames_common::{
    Game, PlayedGame, Record, RecordLimits, Replay, ReplayOptions, Seed, SeedRng, Turn,
    sample_chance,
};
use rand::RngExt as _;

/// A game in progress: the state and its record ([`PlayedGame`]), and the generator of its
/// chance outcomes when it was given a seed.
///
/// Chance outcomes drawn by [`Session::apply_chance`] are `sample_chance` over the seed's
/// generator, one draw a chance node, as `boardgames_common::play_game` draws them: the same
/// seed and agents give the same record.
#[derive(Debug, Clone)]
pub struct Session<G: Game> {
    played: PlayedGame<G>,
    rng: Option<SeedRng>,
    last: Option<G::Action>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game + Replay + RegisteredGame> Session<G> {
    /// A game from `start`, its chance drawn from `seed` when given.
    ///
    /// # Errors
    /// The message of `PlayedGame::new` (a tag of the game a record cannot hold).
    pub fn new(start: G, seed: Option<Seed>) -> Result<Session<G>, String> {
        let played = PlayedGame::new(start, seed).map_err(|e| e.to_string())?;
        Ok(Session {
            played,
            rng: seed.map(Seed::rng),
            last: None,
            legal: Vec::new(),
            outcomes: Vec::new(),
        })
    }

    /// The game a record describes, replayed with the crate's checks (the default limits of
    /// a record, its `Result` tag compared). When the record has a `Seed` tag, the seed's
    /// generator is advanced past the chance outcomes the record holds: the next
    /// [`Session::apply_chance`] draws what the uninterrupted game would have drawn.
    ///
    /// # Errors
    /// The crate's message: a record that cannot be read, of another game, or that the
    /// game contradicts (with the index of the action).
    pub fn from_record(text: &str) -> Result<Session<G>, String> {
        let record =
            Record::parse_with_limits(text, &RecordLimits::default()).map_err(|e| e.to_string())?;
        let seed = record.seed().map_err(|e| e.to_string())?;
        let mut rng = seed.map(Seed::rng);
        let mut last = None;
        let mut steps =
            G::replay_steps(&record, &ReplayOptions::default()).map_err(|e| e.to_string())?;
        loop {
            let chance = steps.state().turn() == Turn::Chance;
            match steps.step().map_err(|e| e.to_string())? {
                Some(step) => {
                    last = Some(step.action);
                    if let (true, Some(rng)) = (chance, rng.as_mut()) {
                        // One draw a chance node, as `sample_chance` makes.
                        let _: f64 = rng.random();
                    }
                }
                None => break,
            }
        }
        let state = steps.into_state();
        // A `Result` tag `*` of a game still going is kept: `PlayedGame` sets it at the end.
        Ok(Session {
            played: PlayedGame { state, record },
            rng,
            last,
            legal: Vec::new(),
            outcomes: Vec::new(),
        })
    }

    /// The state.
    pub fn state(&self) -> &G {
        &self.played.state
    }

    /// Whose turn: the game's [`Turn`].
    pub fn turn(&self) -> Turn {
        self.played.state.turn()
    }

    /// The legal actions of the player to move, in the game's notation (none at a chance
    /// node or at the end).
    pub fn legal_actions(&mut self) -> Vec<String> {
        self.played.state.legal_actions(&mut self.legal);
        let state = &self.played.state;
        self.legal.iter().map(|&a| state.action_text(a)).collect()
    }

    /// The chance outcomes with their probabilities (none at a decision or at the end).
    pub fn chance_outcomes(&mut self) -> Vec<(String, f64)> {
        self.played.state.chance_outcomes(&mut self.outcomes);
        let state = &self.played.state;
        self.outcomes
            .iter()
            .map(|&(a, p)| (state.action_text(a), p))
            .collect()
    }

    /// Applies the action written `text` (a decision or a chance outcome) and records it.
    ///
    /// # Errors
    /// The crate's message for a text that is no action here or an illegal action (the
    /// game is then unchanged).
    pub fn apply(&mut self, text: &str) -> Result<(), String> {
        let state = &self.played.state;
        if state.is_terminal() {
            return Err(format!("action {text:?}: the game is over"));
        }
        let action = state.parse_action(text).map_err(|e| e.to_string())?;
        self.record_action(action)
    }

    /// Draws the chance outcome from the seed's generator, applies it and gives its text.
    ///
    /// # Errors
    /// When the game was given no seed, or it is not a chance node.
    pub fn apply_chance(&mut self) -> Result<String, String> {
        if self.played.state.turn() != Turn::Chance {
            return Err(format!(
                "applyChance: not a chance node (the turn is {})",
                turn_name(self.turn())
            ));
        }
        let Some(rng) = self.rng.as_mut() else {
            return Err(
                "applyChance: this game has no seed; give the chance outcome with apply(text)"
                    .to_owned(),
            );
        };
        self.played.state.chance_outcomes(&mut self.outcomes);
        let action = sample_chance(&self.outcomes, rng)
            .ok_or_else(|| "applyChance: no chance outcome".to_owned())?;
        let text = self.played.state.action_text(action);
        self.record_action(action)?;
        Ok(text)
    }

    /// The choice of `agent` at this decision, in the game's notation.
    ///
    /// # Errors
    /// When it is not a decision of a player (chance or the end).
    pub fn agent_action(
        &mut self,
        agent: &mut dyn boardgames_common::Agent<G>,
    ) -> Result<String, String> {
        if !matches!(self.turn(), Turn::Player(_)) {
            return Err(format!(
                "botAction: not a player's decision (the turn is {})",
                turn_name(self.turn())
            ));
        }
        self.played.state.legal_actions(&mut self.legal);
        if self.legal.is_empty() {
            return Err("botAction: no legal action".to_owned());
        }
        let action = agent.choose(&self.played.state, &self.legal);
        Ok(self.played.state.action_text(action))
    }

    /// Plays on to the end: decisions by `agents` (the first player's, the second's), chance
    /// from the seed, at most `max_actions` actions more; gives the number of actions
    /// applied. The loop of `play_game`, step by step.
    ///
    /// # Errors
    /// When chance is needed and the game has no seed, when the game is not over after
    /// `max_actions` (the actions applied stay applied), or the crate's message for a
    /// refused action.
    pub fn play_out(
        &mut self,
        first: &mut dyn boardgames_common::Agent<G>,
        second: &mut dyn boardgames_common::Agent<G>,
        max_actions: usize,
    ) -> Result<usize, String> {
        let mut applied = 0;
        loop {
            let turn = self.turn();
            if turn == Turn::Terminal {
                return Ok(applied);
            }
            if applied >= max_actions {
                return Err(format!(
                    "playOut: the game is not over after {max_actions} actions"
                ));
            }
            match turn {
                Turn::Chance => {
                    self.apply_chance()?;
                }
                Turn::Player(p) => {
                    self.played.state.legal_actions(&mut self.legal);
                    if self.legal.is_empty() {
                        return Err("playOut: no legal action".to_owned());
                    }
                    let action = if p == boardgames_common::Player::First {
                        first.choose(&self.played.state, &self.legal)
                    } else {
                        second.choose(&self.played.state, &self.legal)
                    };
                    self.record_action(action)?;
                }
                Turn::Terminal => {}
            }
            applied += 1;
        }
    }

    /// The returns of the two players (the first's, the second's); zeros before the end.
    pub fn returns(&self) -> [f64; 2] {
        let r = self.played.state.returns();
        [r.first, r.second]
    }

    /// The record so far, as the crates write it (`Result` `*` while the game goes on).
    pub fn record_text(&self) -> String {
        self.played.to_record().to_string()
    }

    /// The `Result` text: `1-0`, `0-1`, `1/2-1/2` (a scaled win keeps its scale), `*` while
    /// the game goes on.
    pub fn result(&self) -> String {
        if self.played.state.is_terminal() {
            boardgames_common::result_text(self.played.state.returns())
        } else {
            "*".to_owned()
        }
    }

    /// The number of actions applied since the start (chance outcomes included).
    pub fn actions(&self) -> usize {
        self.played.record.entries().len()
    }

    /// The last action applied, when there is one (the pictures mark it).
    pub fn last_action(&self) -> Option<G::Action> {
        self.last
    }

    fn record_action(&mut self, action: G::Action) -> Result<(), String> {
        self.played.apply(action).map_err(|e| e.to_string())?;
        self.last = Some(action);
        Ok(())
    }
}

/// The JavaScript name of a turn: `first`, `second`, `chance`, `terminal`.
pub fn turn_name(turn: Turn) -> &'static str {
    match turn {
        Turn::Player(boardgames_common::Player::First) => "first",
        Turn::Player(_) => "second",
        Turn::Chance => "chance",
        Turn::Terminal => "terminal",
    }
}
