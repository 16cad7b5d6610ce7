//! [`EncodedState`]: a game of the crates with its start, its actions and their ids, in
//! OpenSpiel's shape (who acts, legal ids, chance outcomes, returns), read from and written to
//! the crates' records.

use std::cell::RefCell;

use boardgames_common::{
    Agent, ByPlayer, PlayGameError, PlayedGame, Player, Playout, Record, RecordLimits, ReplayError,
    ReplayOptions, ReplaySteps, Seed, SeedRng, Turn, sample_chance,
};

use crate::encoded::Encoded;
use crate::error::{ActionIdError, GameRecordError, RecordError};

/// OpenSpiel's mark of a chance node (`pyspiel.PlayerId.CHANCE`).
pub const CHANCE: i32 = -1;
/// OpenSpiel's mark of a terminal state (`pyspiel.PlayerId.TERMINAL`).
pub const TERMINAL: i32 = -4;

/// A game of the crates with its start, the actions applied since with their ids, the seed
/// of its chance (when a seeded generator draws it) and a maximum length: what OpenSpiel
/// calls a state.
///
/// The record ([`EncodedState::record`]) is the crates' own: the same as
/// [`boardgames_common::play_game`] writes for the same seed and decisions. A record is read
/// back by the crate's one replay ([`ReplaySteps`]), a game is played out by the family's one
/// loop ([`Playout`]).
#[derive(Debug, Clone)]
pub struct EncodedState<G: Encoded> {
    start: G,
    state: G,
    history: Vec<G::Action>,
    ids: Vec<usize>,
    seed: Option<Seed>,
    max_length: usize,
}

fn abridged(ids: &[usize]) -> String {
    let mut s: Vec<String> = ids.iter().take(20).map(ToString::to_string).collect();
    if ids.len() > 20 {
        s.push(format!("… {} in all", ids.len()));
    }
    if s.is_empty() {
        "none".to_string()
    } else {
        s.join(", ")
    }
}

/// The former name of [`EncodedState`] (a name the CLI and the web application give their
/// own game loops, which this is not); kept for one release.
#[deprecated(note = "renamed EncodedState")]
pub type Session<G> = EncodedState<G>;

impl<G: Encoded> EncodedState<G> {
    /// A state starting at `start`; `max_length` actions at most (`usize::MAX`: no cut).
    #[must_use]
    pub fn new(start: G, seed: Option<Seed>, max_length: usize) -> EncodedState<G> {
        EncodedState {
            state: start.clone(),
            start,
            history: Vec::new(),
            ids: Vec::new(),
            seed,
            max_length,
        }
    }

    /// The state a record describes, replayed once by the crate's one walk of a record
    /// ([`ReplaySteps`]: the limits, the `Game`, `Seed` and the game's own tags, every
    /// action in its context, the `Result` and final tags); its start is the game the
    /// record's tags describe, its seed the record's `Seed` tag.
    ///
    /// # Errors
    ///
    /// [`RecordError`] when the text is not a record, is longer than `max_length` (checked
    /// before the replay), or the crate's replay refuses it ([`RecordError::Replay`], the
    /// crate's typed error saying what and where).
    pub fn from_record_text(
        text: &str,
        max_length: usize,
    ) -> Result<EncodedState<G>, GameRecordError<G>> {
        let record = Record::parse_with_limits(text, &RecordLimits::default())?;
        if record.entries().len() > max_length {
            return Err(RecordError::TooLong {
                actions: record.entries().len(),
                max: max_length,
            });
        }
        let mut steps = ReplaySteps::new(&record, &ReplayOptions::default(), G::from_tags)?;
        let start = steps.state().clone();
        let mut history = Vec::with_capacity(record.entries().len());
        let mut ids = Vec::with_capacity(record.entries().len());
        while let Some(text) = steps.next_text() {
            // The id of the action at the state where it is applied: the text read here as
            // the step reads it, and refused with the step's error, naming the action.
            let id = match steps.state().parse_action(text) {
                Ok(a) => steps.state().encode(a),
                Err(error) => {
                    let index = history.len() + 1;
                    return Err(ReplayError::Action { index, error }.into());
                }
            };
            let Some(step) = steps.step()? else { break };
            ids.push(id);
            history.push(step.action);
        }
        // The end's checks: the `Result` and the game's final tags.
        while steps.step()?.is_some() {}
        Ok(EncodedState {
            start,
            state: steps.into_state(),
            history,
            ids,
            // Checked by the replay.
            seed: record.seed().ok().flatten(),
            max_length,
        })
    }

    /// The game now.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The game at its start.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The actions applied since the start, oldest first.
    #[must_use]
    pub fn history(&self) -> &[G::Action] {
        &self.history
    }

    /// The ids of the actions applied since the start, each at the state where it was applied.
    #[must_use]
    pub fn history_ids(&self) -> &[usize] {
        &self.ids
    }

    /// Whether both states have the same start, actions and state.
    #[must_use]
    pub fn same_as(&self, other: &EncodedState<G>) -> bool
    where
        G: PartialEq,
    {
        self.start == other.start
            && self.history == other.history
            && self.state == other.state
            && self.seed == other.seed
            && self.max_length == other.max_length
    }

    /// The seed of the chance generator, when known (the record's `Seed` tag).
    #[must_use]
    pub fn seed(&self) -> Option<Seed> {
        self.seed
    }

    /// The maximum length (`usize::MAX`: none).
    #[must_use]
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    /// Whether the game was cut at its maximum length before its end.
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.history.len() >= self.max_length && !self.state.is_terminal()
    }

    /// Whether no action can be applied: the game is over or cut.
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        self.state.is_terminal() || self.history.len() >= self.max_length
    }

    /// Who acts: `0`, `1`, [`CHANCE`] or [`TERMINAL`].
    #[must_use]
    pub fn current_player(&self) -> i32 {
        if self.is_terminal() {
            return TERMINAL;
        }
        match self.state.turn() {
            Turn::Player(p) => i32::from(p == Player::Second),
            Turn::Chance => CHANCE,
            Turn::Terminal => TERMINAL,
        }
    }

    /// Whether a chance outcome is due.
    #[must_use]
    pub fn is_chance_node(&self) -> bool {
        self.current_player() == CHANCE
    }

    /// The legal ids, sorted: the decisions of the player to act, or the chance outcomes at a
    /// chance node, or none.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<usize> {
        let mut ids = match self.current_player() {
            TERMINAL => Vec::new(),
            CHANCE => self.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
            _ => {
                let mut out = Vec::new();
                self.state.legal_actions(&mut out);
                out.into_iter().map(|a| self.state.encode(a)).collect()
            }
        };
        ids.sort_unstable();
        ids
    }

    /// The size of the encoding at this node: the chance outcomes' at a chance node, the
    /// decisions' elsewhere.
    #[must_use]
    pub fn encoding_size(&self) -> usize {
        if self.is_chance_node() {
            self.state.num_chance_outcomes()
        } else {
            self.state.num_actions()
        }
    }

    /// One flag per id of [`EncodedState::encoding_size`]: whether it is legal.
    #[must_use]
    pub fn legal_actions_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.encoding_size()];
        for id in self.legal_actions() {
            mask[id] = true;
        }
        mask
    }

    /// The chance outcomes with their probabilities, sorted by id (empty unless a chance node).
    #[must_use]
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if self.is_terminal() {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.state.chance_outcomes(&mut out);
        let mut ids: Vec<(usize, f64)> = out
            .into_iter()
            .map(|(a, p)| (self.state.encode(a), p))
            .collect();
        ids.sort_unstable_by_key(|&(id, _)| id);
        ids
    }

    fn checked(&self, id: i64) -> Result<G::Action, ActionIdError> {
        if self.state.is_terminal() {
            return Err(ActionIdError::Over);
        }
        if self.history.len() >= self.max_length {
            return Err(ActionIdError::Truncated(self.max_length));
        }
        let size = self.encoding_size();
        let index =
            usize::try_from(id)
                .ok()
                .filter(|&i| i < size)
                .ok_or(ActionIdError::OutOfRange {
                    id,
                    last: size.saturating_sub(1),
                })?;
        self.state
            .decode(index)
            .ok_or_else(|| ActionIdError::Illegal {
                id: index,
                legal: abridged(&self.legal_actions()),
            })
    }

    /// The action `id` names here.
    ///
    /// # Errors
    ///
    /// [`ActionIdError`] when it names no legal action here.
    pub fn decode(&self, id: i64) -> Result<G::Action, ActionIdError> {
        self.checked(id)
    }

    /// Applies the action of id `id`.
    ///
    /// # Errors
    ///
    /// [`ActionIdError`] when it is not legal here; the state is then unchanged.
    pub fn apply_action(&mut self, id: i64) -> Result<(), ActionIdError> {
        let action = self.checked(id)?;
        self.apply(action)
    }

    /// Applies a crate action (a legal one: from the crate's lists or an agent).
    ///
    /// # Errors
    ///
    /// [`ActionIdError`] when the game is over or cut, or the crate refuses it; the state is
    /// then unchanged.
    pub fn apply(&mut self, action: G::Action) -> Result<(), ActionIdError> {
        if self.state.is_terminal() {
            return Err(ActionIdError::Over);
        }
        if self.history.len() >= self.max_length {
            return Err(ActionIdError::Truncated(self.max_length));
        }
        let id = self.state.encode(action);
        self.state
            .apply(action)
            .map_err(|e| ActionIdError::Game(e.to_string()))?;
        self.history.push(action);
        self.ids.push(id);
        Ok(())
    }

    /// Draws a chance outcome with `rng` ([`sample_chance`] over the crate's list, as
    /// [`boardgames_common::play_game`] does), or `None` when no chance is due.
    pub fn sample_chance(&self, rng: &mut SeedRng) -> Option<G::Action> {
        if !self.is_chance_node() {
            return None;
        }
        let mut out = Vec::new();
        self.state.chance_outcomes(&mut out);
        sample_chance(&out, rng)
    }

    /// The returns of both players (0 each while the game goes on or once it is cut).
    #[must_use]
    pub fn returns(&self) -> [f64; 2] {
        if self.state.is_terminal() {
            self.state.returns().into_array()
        } else {
            [0.0, 0.0]
        }
    }

    /// The text of the action of id `id` here, in the game's notation.
    ///
    /// # Errors
    ///
    /// [`ActionIdError`] when it names no legal action here.
    pub fn action_to_string(&self, id: i64) -> Result<String, ActionIdError> {
        let action = self.checked(id)?;
        Ok(self.state.action_text(action))
    }

    /// The id of the action written `text` here.
    ///
    /// # Errors
    ///
    /// [`ActionIdError::Text`] with the crate's message when `text` is no legal action here.
    pub fn string_to_action(&self, text: &str) -> Result<usize, ActionIdError> {
        if self.state.is_terminal() {
            return Err(ActionIdError::Over);
        }
        if self.history.len() >= self.max_length {
            return Err(ActionIdError::Truncated(self.max_length));
        }
        let action = self
            .state
            .parse_action(text)
            .map_err(|e| ActionIdError::Text(e.to_string()))?;
        let id = self.state.encode(action);
        // The crate reads the text; the id must name that same action here.
        match self.state.decode(id) {
            Some(a) if a == action => Ok(id),
            _ => Err(ActionIdError::Illegal {
                id,
                legal: abridged(&self.legal_actions()),
            }),
        }
    }

    /// The observation of `player` (`0` or `1`) as a flat array of the shape's size.
    #[must_use]
    pub fn observation(&self, player: Player) -> Vec<f32> {
        let size: usize = self.state.observation_shape().iter().product();
        let mut out = vec![0.0; size];
        self.state.write_observation(player, &mut out);
        out
    }

    /// The record of the game so far: the crates' record ([`PlayedGame`]: the game's tags,
    /// `Seed` when known, every action with the game's comment, `Result`).
    ///
    /// # Errors
    ///
    /// The message of [`boardgames_common::PlayGameError`] if the game refuses its own history
    /// (a bug).
    pub fn record(&self) -> Result<Record, String> {
        let mut played =
            PlayedGame::new(self.start.clone(), self.seed).map_err(|e| e.to_string())?;
        for &a in &self.history {
            played.apply(a).map_err(|e| e.to_string())?;
        }
        Ok(played.to_record())
    }

    /// The record's text.
    ///
    /// # Errors
    ///
    /// As [`EncodedState::record`].
    pub fn record_text(&self) -> Result<String, String> {
        self.record().map(|r| r.to_string())
    }

    /// Plays the game to its end (or its cut) by the family's one game loop ([`Playout`]):
    /// chance drawn from `seed`'s generator, decisions asked of `agents`; the state's seed
    /// becomes `seed`, so that from the start its record is the one
    /// [`boardgames_common::play_game`] writes.
    ///
    /// # Errors
    ///
    /// [`ActionIdError::Game`] with the loop's message if the game refuses an action its
    /// agents chose from its legal list, or lists none where a player is to act (a bug of an
    /// agent or of the game); the actions applied until then are kept.
    pub fn play_out(
        &mut self,
        seed: Seed,
        agents: ByPlayer<&mut dyn Agent<G>>,
    ) -> Result<(), ActionIdError> {
        self.seed = Some(seed);
        let remaining = self.max_length.saturating_sub(self.history.len());
        // The ids, each taken at the state where its action is chosen (by an agent or by
        // chance), in the order the loop applies them.
        let ids = RefCell::new(std::mem::take(&mut self.ids));
        let ByPlayer { first, second } = agents;
        let mut first = Encoding {
            inner: first,
            ids: &ids,
        };
        let mut second = Encoding {
            inner: second,
            ids: &ids,
        };
        // Chance drawn from the seed's generator as the loop draws it ([`sample_chance`]
        // over the game's list), its id taken here.
        let mut rng = seed.rng();
        let mut outcomes = Vec::new();
        let mut chance = |state: &G| {
            state.chance_outcomes(&mut outcomes);
            let action = sample_chance(&outcomes, &mut rng)?;
            ids.borrow_mut().push(state.encode(action));
            Some(action)
        };
        // The loop owns the state while it plays; it is given back below, whatever the end.
        let state = std::mem::replace(&mut self.state, self.start.clone());
        let mut playout = Playout::new(
            state,
            seed,
            ByPlayer::new(&mut first as &mut dyn Agent<G>, &mut second),
            remaining,
        )
        .with_chance(&mut chance);
        let mut stopped = None;
        for step in &mut playout {
            match step {
                Ok(step) => self.history.push(step.action),
                Err(e) => {
                    stopped = Some(e);
                    break;
                }
            }
        }
        self.state = playout.into_state();
        // An action chosen and then refused has an id but no place in the history.
        self.ids = ids.into_inner();
        self.ids.truncate(self.history.len());
        match stopped {
            // The cut at the maximum length is where this state ends a game, not an error.
            None | Some(PlayGameError::TooLong(_)) => Ok(()),
            Some(e) => Err(ActionIdError::from(e)),
        }
    }

    /// The SVG picture of the position, with the last action shown where the picture can.
    #[must_use]
    pub fn svg(&self) -> String {
        self.state.svg(self.history.last().copied())
    }
}

/// An agent whose every decision's id is written down, at the state where it is chosen.
struct Encoding<'a, 'b, G: Encoded> {
    inner: &'a mut dyn Agent<G>,
    ids: &'b RefCell<Vec<usize>>,
}

impl<G: Encoded> Agent<G> for Encoding<'_, '_, G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let action = self.inner.choose(state, legal);
        self.ids.borrow_mut().push(state.encode(action));
        action
    }
}
