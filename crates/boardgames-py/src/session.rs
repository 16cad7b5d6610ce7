//! [`Encoded`]: a game of the crates with fixed action ids and observations; [`Session`]: such
//! a game with its start and its actions, in OpenSpiel's shape.

use boardgames_common::{
    Agent, Game, ParseRecordError, PlayedGame, Player, Record, RecordLimits, Seed, SeedRng, Turn,
    sample_chance,
};
use thiserror::Error;

/// OpenSpiel's mark of a chance node (`pyspiel.PlayerId.CHANCE`).
pub const CHANCE: i32 = -1;
/// OpenSpiel's mark of a terminal state (`pyspiel.PlayerId.TERMINAL`).
pub const TERMINAL: i32 = -4;

/// A game of the crates whose actions have fixed integer ids and whose states can be written
/// as arrays. Every method only translates: the crate's [`Game`] decides what is legal.
pub trait Encoded: Game<Action: Send + Sync> + Send + Sync + 'static {
    /// The number of ids of the players' decisions (OpenSpiel's `num_distinct_actions`).
    fn num_actions(&self) -> usize;

    /// The number of ids of chance outcomes (OpenSpiel's `max_chance_outcomes`).
    fn num_chance_outcomes(&self) -> usize;

    /// The id of `action` (a decision or a chance outcome) taken at this state.
    fn encode(&self, action: Self::Action) -> usize;

    /// The action that `id` names at this state, if it is legal here (a decision at a
    /// decision node, an outcome at a chance node). The default looks the id up in the
    /// crate's own lists.
    fn decode(&self, id: usize) -> Option<Self::Action> {
        match self.turn() {
            Turn::Terminal => None,
            Turn::Chance => {
                let mut out = Vec::new();
                self.chance_outcomes(&mut out);
                out.into_iter()
                    .map(|(a, _)| a)
                    .find(|&a| self.encode(a) == id)
            }
            Turn::Player(_) => {
                let mut out = Vec::new();
                self.legal_actions(&mut out);
                out.into_iter().find(|&a| self.encode(a) == id)
            }
        }
    }

    /// The player who throws at this chance node when the game has one (sugoroku, whose
    /// every node is a throw of one player); `None` by default.
    fn thrower(&self) -> Option<Player> {
        None
    }

    /// The shape of [`Encoded::write_observation`]'s array.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes the state as `player` sees it into `out` (of the shape's size, every value
    /// written).
    fn write_observation(&self, player: Player, out: &mut [f32]);

    /// The game a record describes, with the crate's own checks.
    ///
    /// # Errors
    ///
    /// The crate's replay error, as its message.
    fn replay(record: &Record) -> Result<Self, String>;

    /// The position in the crate's notation.
    fn position_text(&self) -> String;

    /// The position as a text diagram.
    fn diagram(&self) -> String;

    /// The position as the crate's SVG picture, `last` the action that led to it.
    fn svg(&self, last: Option<Self::Action>) -> String;
}

/// Why an action id was refused; the state is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionIdError {
    /// The id is outside the encoding.
    #[error("action id {id} is out of range: the ids here are 0 to {last}")]
    OutOfRange {
        /// The id given.
        id: i64,
        /// The largest id of the encoding at this node.
        last: usize,
    },
    /// The id is not one of the legal actions here.
    #[error("action id {id} is not legal here (legal ids: {legal})")]
    Illegal {
        /// The id given.
        id: usize,
        /// The legal ids, abridged past 20.
        legal: String,
    },
    /// The game is over.
    #[error("the game is over: no action can be applied")]
    Over,
    /// The game reached its maximum length.
    #[error("the game was cut at its maximum length of {0} actions: no action can be applied")]
    Truncated(usize),
    /// The text is not an action here (the crate's message).
    #[error("{0}")]
    Text(String),
    /// The crate refused the action (its message).
    #[error("{0}")]
    Game(String),
}

/// Why a record could not become a [`Session`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text is not a record.
    #[error("not a record: {0}")]
    Parse(#[from] ParseRecordError),
    /// The crate refused the record (its message).
    #[error("{0}")]
    Replay(String),
    /// The record is longer than the maximum length given.
    #[error("the record has {actions} actions, more than the maximum length {max}")]
    TooLong {
        /// The actions of the record.
        actions: usize,
        /// The maximum length.
        max: usize,
    },
}

/// A game of the crates with its start, the actions applied since, the seed of its chance (when
/// a seeded generator draws it) and a maximum length: what OpenSpiel calls a state.
///
/// The record ([`Session::record`]) is the crates' own: the same as
/// [`boardgames_common::play_game`] writes for the same seed and decisions.
#[derive(Debug, Clone)]
pub struct Session<G: Encoded> {
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

impl<G: Encoded> Session<G> {
    /// A session starting at `start`; `max_length` actions at most (`usize::MAX`: no cut).
    #[must_use]
    pub fn new(start: G, seed: Option<Seed>, max_length: usize) -> Session<G> {
        Session {
            state: start.clone(),
            start,
            history: Vec::new(),
            ids: Vec::new(),
            seed,
            max_length,
        }
    }

    /// The session a record describes, replayed and checked by the crate
    /// ([`Encoded::replay`]); its seed is the record's `Seed` tag.
    ///
    /// # Errors
    ///
    /// [`RecordError`] when the text is not a record, the crate refuses it, or it is longer
    /// than `max_length`.
    pub fn from_record_text(text: &str, max_length: usize) -> Result<Session<G>, RecordError> {
        let record = Record::parse_with_limits(text, &RecordLimits::default())?;
        // The crate's replay checks everything (tags, actions, comments, result).
        let end = G::replay(&record).map_err(RecordError::Replay)?;
        // The tags a record holds once the game is over (the partie à écrire's `Ledger`).
        let final_tags: Vec<String> = end
            .final_record_tags()
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        if record.entries().len() > max_length {
            return Err(RecordError::TooLong {
                actions: record.entries().len(),
                max: max_length,
            });
        }
        // The start: the same record without its actions (nor its result).
        let mut tags_only = Record::new(G::NAME);
        for (k, v) in record.tags() {
            if k != "Result" && k != "Game" && !final_tags.contains(k) {
                tags_only
                    .set_tag(k, v)
                    .map_err(|e| RecordError::Replay(e.to_string()))?;
            }
        }
        let start = G::replay(&tags_only).map_err(RecordError::Replay)?;
        let seed = match record.tag("Seed") {
            Some(s) => Some(s.parse().map_err(|e: boardgames_common::ParseSeedError| {
                RecordError::Replay(e.to_string())
            })?),
            None => None,
        };
        let mut session = Session::new(start, seed, max_length);
        for (i, action) in record.actions().enumerate() {
            let a = session
                .state
                .parse_action(action)
                .map_err(|e| RecordError::Replay(format!("action {}: {e}", i + 1)))?;
            session
                .apply(a)
                .map_err(|e| RecordError::Replay(format!("action {}: {e}", i + 1)))?;
        }
        Ok(session)
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

    /// Whether both sessions have the same start, actions and state.
    #[must_use]
    pub fn same_as(&self, other: &Session<G>) -> bool
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

    /// One flag per id of [`Session::encoding_size`]: whether it is legal.
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
    /// [`ActionIdError`] when it is not legal here; the session is then unchanged.
    pub fn apply_action(&mut self, id: i64) -> Result<(), ActionIdError> {
        let action = self.checked(id)?;
        self.apply(action)
    }

    /// Applies a crate action (a legal one: from the crate's lists or an agent).
    ///
    /// # Errors
    ///
    /// [`ActionIdError`] when the game is over or cut, or the crate refuses it; the session is
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
    /// As [`Session::record`].
    pub fn record_text(&self) -> Result<String, String> {
        self.record().map(|r| r.to_string())
    }

    /// Plays the game to its end (or its cut): chance drawn from `seed`'s generator
    /// ([`sample_chance`], as [`boardgames_common::play_game`]), decisions asked of `agents`;
    /// the session's seed becomes `seed`, so that its record is the one `play_game` writes.
    ///
    /// # Errors
    ///
    /// [`ActionIdError::Game`] if the game refuses an action its agents chose from its legal
    /// list (a bug of an agent or of the game).
    pub fn play_out(
        &mut self,
        seed: Seed,
        agents: [&mut dyn Agent<G>; 2],
    ) -> Result<(), ActionIdError> {
        let mut rng = seed.rng();
        self.seed = Some(seed);
        let [first, second] = agents;
        let mut legal = Vec::new();
        loop {
            let action = match self.current_player() {
                TERMINAL => return Ok(()),
                CHANCE => match self.sample_chance(&mut rng) {
                    Some(a) => a,
                    None => return Ok(()),
                },
                p => {
                    self.state.legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(ActionIdError::Game(
                            "no legal action although the game is not over".to_string(),
                        ));
                    }
                    if p == 0 {
                        first.choose(&self.state, &legal)
                    } else {
                        second.choose(&self.state, &legal)
                    }
                }
            };
            self.apply(action)?;
        }
    }

    /// The SVG picture of the position, with the last action shown where the picture can.
    #[must_use]
    pub fn svg(&self) -> String {
        self.state.svg(self.history.last().copied())
    }
}
