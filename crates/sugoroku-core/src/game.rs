//! [`SugorokuGame`]: the whole game (ruleset, start and current position) as a
//! [`boardgames_common::Game`], with seeded play, replay from throws and game records.

use boardgames_common::result_tag;
use boardgames_common::{
    Agent, ByPlayer, DiceSource, Game, Outcome, PlayGameError, PlayedGame, Playout, Record,
    RecordTextError, Replay, ReplayError, ReplayOptions, Seed, Throw, Turn, UNORDERED_OUTCOMES,
};
use thiserror::Error;

use crate::dice::SimDice;
use crate::event::{Events, GameEnd};
use crate::position::{ParsePositionError, Position, ThrowError};
use crate::ruleset::{ParseRulesetError, Ruleset};

/// The value of a record's `Dice` tag for games thrown by [`SimDice`] from the record's `Seed`.
pub const DICE_TAG: &str = "sugoroku-byte36";

/// A game of Tric Trac Nippon: the ruleset, the start position and the current position.
///
/// As a [`Game`]: every node is a chance node (a throw of the dice) until the end; the
/// players never decide anything ([`Game::legal_actions`] is always empty). Actions are
/// [`Throw`]s, written `6-5`. A record of the game (see [`SugorokuGame::play_seeded`]) has the
/// tags `Game "Sugoroku"`, `Rules` (the [`Ruleset`] text), `Setup` (the start
/// [`Position`], only when it is not the empty board), `Seed` and `Dice` when the dice came
/// from a seed, and `Result`; each action is a throw commented with its [`Events`].
///
/// The `Dice` tag says how `Seed` became dice: [`DICE_TAG`] for [`SimDice`] (the simulator's
/// scheme). A record made by the common [`play_game`](boardgames_common::play_game) has a
/// `Seed` tag but no `Dice` tag: its throws were sampled by
/// [`sample_chance`](boardgames_common::sample_chance), and the same seed gives another game
/// through [`SugorokuGame::play_seeded`]. Either way the throws in the record are what replays.
///
/// ```
/// use boardgames_common::{Game, Seed, Turn};
/// use sugoroku_core::{Ruleset, SugorokuGame};
/// let played = SugorokuGame::play_seeded(Ruleset::default(), Seed(42));
/// assert_eq!(played.state.turn(), Turn::Terminal);
/// // The record replays to the same game.
/// let again = SugorokuGame::from_record(&played.record).unwrap();
/// assert_eq!(again, played.state);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SugorokuGame {
    rules: Ruleset,
    start: Position,
    position: Position,
}

/// The game's former name.
#[deprecated(note = "renamed `SugorokuGame`, as `TaflGame` and `TrictracGame`")]
pub type Sugoroku = SugorokuGame;

/// Why [`SugorokuGame::play_with_dice`] stopped before the end.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DicePlayError {
    /// The dice source ran out (a [`ScriptedDice`](boardgames_common::ScriptedDice) at the
    /// end of its script) before the game was over.
    #[error("the dice ran out after {throws} throws, before the end of the game")]
    DiceExhausted {
        /// Throws made before the dice ran out.
        throws: usize,
    },
    /// A record tag or comment could not be written (not expected: the texts are fixed).
    #[error(transparent)]
    Record(#[from] RecordTextError),
}

/// Why a record's own sugoroku tags cannot be read ([`Replay::from_tags`]; in a replay,
/// [`ReplayError::Tags`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TagError {
    /// The `Rules` tag is not a ruleset.
    #[error("Rules tag: {0}")]
    Rules(ParseRulesetError),
    /// The `Setup` tag is not a position.
    #[error("Setup tag: {0}")]
    Setup(ParsePositionError),
}

impl Default for SugorokuGame {
    fn default() -> SugorokuGame {
        SugorokuGame::new(Ruleset::default())
    }
}

impl SugorokuGame {
    /// A new game from the empty board under `rules`.
    #[must_use]
    pub const fn new(rules: Ruleset) -> SugorokuGame {
        SugorokuGame::from_position(rules, Position::start())
    }

    /// A game under `rules` starting at `start` (a hand-built position).
    #[must_use]
    pub const fn from_position(rules: Ruleset, start: Position) -> SugorokuGame {
        SugorokuGame {
            rules,
            start,
            position: start,
        }
    }

    /// The ruleset.
    #[must_use]
    pub const fn ruleset(&self) -> &Ruleset {
        &self.rules
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The end of the game, if it is over: its outcome with the scores that decided it.
    #[must_use]
    pub fn end(&self) -> Option<GameEnd> {
        self.position.end(&self.rules)
    }

    /// `None` while the game goes on; once it is over, the player with the higher score
    /// (white is [`Player::First`](boardgames_common::Player::First)) or a draw: the same
    /// answer as [`Game::outcome`]. The detail (the scores, the reading that decided, the
    /// throw cap) is [`SugorokuGame::end`].
    ///
    /// ```
    /// use boardgames_common::Outcome;
    /// use sugoroku_core::{Ruleset, SugorokuGame};
    /// assert_eq!(SugorokuGame::default().outcome(), None);
    /// let game = SugorokuGame::play_seeded(Ruleset::default(), boardgames_common::Seed(42)).state;
    /// assert!(matches!(game.outcome(), Some(Outcome::Winner(_) | Outcome::Draw)));
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end().map(|end| end.outcome)
    }

    /// The text diagram of the current position ([`Position::diagram`] under the game's
    /// ruleset): the camps, reserves and held pawns, who throws, and the end once the game
    /// is over.
    ///
    /// ```
    /// use sugoroku_core::SugorokuGame;
    /// assert!(SugorokuGame::default().diagram().contains("  to throw\n"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        self.position.diagram(&self.rules)
    }

    /// Applies the next throw (see [`Position::play_mut`]).
    ///
    /// # Errors
    ///
    /// [`ThrowError::GameOver`] if the game is over; nothing changes then.
    pub fn play_mut(&mut self, throw: Throw) -> Result<Events, ThrowError> {
        self.position.play_mut(&self.rules, throw)
    }

    /// The game after `throws` from `start` under `rules`, played by the family's one game
    /// loop ([`Playout`], its chance given by `throws`); fewer throws than a whole game give
    /// the game so far.
    ///
    /// # Errors
    ///
    /// [`ReplayError::Action`] with the number (from 1) of the first throw made after the
    /// end; nothing else can be wrong.
    pub fn replay(
        rules: Ruleset,
        start: Position,
        throws: impl IntoIterator<Item = Throw>,
    ) -> Result<SugorokuGame, ReplayError<TagError, ThrowError>> {
        let mut throws = throws.into_iter();
        let mut next = |_: &SugorokuGame| throws.next();
        let (mut a, mut b) = (NoDecision, NoDecision);
        let mut playout = Playout::new(
            SugorokuGame::from_position(rules, start),
            Seed(0),
            ByPlayer::new(&mut a as &mut dyn Agent<SugorokuGame>, &mut b),
            usize::MAX,
        )
        .with_chance(&mut next);
        // The game refuses no throw before its end: the playout stops at the end, or when
        // the throws run out (ChanceExhausted), which is the game so far.
        let _ = playout.run();
        let (game, applied) = (*playout.state(), playout.actions());
        drop(playout);
        match (game.end(), throws.next()) {
            (Some(end), Some(_)) => Err(ReplayError::Action {
                index: applied + 1,
                error: ThrowError::GameOver(end),
            }),
            _ => Ok(game),
        }
    }

    /// The game a [`Record`] describes ([`Replay::from_record`]), for callers that do not
    /// import the trait.
    ///
    /// # Errors
    ///
    /// As [`Replay::from_record_with`].
    pub fn from_record(record: &Record) -> Result<SugorokuGame, ReplayError<TagError, ThrowError>> {
        <SugorokuGame as Replay>::from_record(record)
    }

    /// The game a [`Record`] describes, read with `options` ([`Replay::from_record_with`]:
    /// limits, strict comments), for callers that do not import the trait.
    ///
    /// # Errors
    ///
    /// As [`Replay::from_record_with`].
    pub fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<SugorokuGame, ReplayError<TagError, ThrowError>> {
        <SugorokuGame as Replay>::from_record_with(record, options)
    }

    /// The record's `Result` text: `1-0`, `0-1`, `1/2-1/2`, or `*` while unfinished.
    #[must_use]
    pub fn result_tag(&self) -> String {
        result_tag(self)
    }

    /// Plays the game to its end with `dice`, recording each throw commented with its events:
    /// the family's one game loop ([`Playout`]) with its chance given by `dice`.
    ///
    /// # Errors
    ///
    /// [`DicePlayError::DiceExhausted`] if `dice` runs out first.
    pub fn play_with_dice(
        self,
        dice: &mut impl DiceSource,
    ) -> Result<PlayedGame<SugorokuGame>, DicePlayError> {
        let mut record = Record::new(<SugorokuGame as Game>::NAME);
        for (k, v) in self.record_tags() {
            record.set_tag(&k, &v)?;
        }
        let (played, outcome) = self.play_recorded(record, dice);
        outcome.map(|()| played)
    }

    /// Plays a game from the empty board with [`SimDice`] from `seed`: the same game as game
    /// `i` of a [`Simulation`](crate::Simulation) from `S` when `seed == S.derive(i)`. The
    /// record carries `Seed` and `Dice` tags.
    #[must_use]
    pub fn play_seeded(rules: Ruleset, seed: Seed) -> PlayedGame<SugorokuGame> {
        let game = SugorokuGame::new(rules);
        let mut record = Record::new(<SugorokuGame as Game>::NAME);
        // Tag names and values here are fixed, valid texts, and the comments never hold
        // braces or line breaks, so the record calls cannot fail; SimDice never runs out.
        let _ = record.set_tag("Seed", &seed.to_string());
        let _ = record.set_tag("Dice", DICE_TAG);
        for (k, v) in game.record_tags() {
            let _ = record.set_tag(&k, &v);
        }
        game.play_recorded(record, &mut SimDice::new(seed)).0
    }

    /// The game played from `self` by the [`Playout`] with the throws of `dice`, appended to
    /// `record` (which holds the tags), with the `Result` tag; and why it stopped before the
    /// end, if it did (the game is then where it stopped).
    fn play_recorded(
        self,
        record: Record,
        dice: &mut impl DiceSource,
    ) -> (PlayedGame<SugorokuGame>, Result<(), DicePlayError>) {
        let mut throw = |_: &SugorokuGame| dice.throw();
        let (mut a, mut b) = (NoDecision, NoDecision);
        let played = PlayedGame {
            state: self,
            record,
        };
        let mut playout = Playout::continuing(
            played,
            Seed(0),
            ByPlayer::new(&mut a as &mut dyn Agent<SugorokuGame>, &mut b),
            usize::MAX,
        )
        .with_chance(&mut throw);
        let mut outcome = match playout.run() {
            Err(PlayGameError::ChanceExhausted { index }) => {
                Err(DicePlayError::DiceExhausted { throws: index })
            }
            Err(PlayGameError::BadText { error, .. }) => Err(DicePlayError::Record(error)),
            // No throw is refused before the end and there is no decision: nothing else
            // stops a sugoroku playout.
            _ => Ok(()),
        };
        let mut played = playout.into_played();
        let result = played.state.result_tag();
        if let Err(error) = played.record.set_tag("Result", &result) {
            outcome = outcome.and(Err(DicePlayError::Record(error)));
        }
        (played, outcome)
    }
}

/// The agent of a game without decisions: the [`Playout`] asks it nothing (every node of
/// [`SugorokuGame`] is chance or terminal).
#[derive(Debug, Clone, Copy)]
struct NoDecision;

impl Agent<SugorokuGame> for NoDecision {
    /// Never called: a playout asks an agent only at a decision node, with a legal action.
    fn choose(&mut self, _: &SugorokuGame, legal: &[Throw]) -> Throw {
        legal[0]
    }
}

impl Game for SugorokuGame {
    type Action = Throw;
    type Error = ThrowError;
    const NAME: &'static str = "Sugoroku";

    /// [`Turn::Chance`] until the end, then [`Turn::Terminal`]: no player ever decides.
    fn turn(&self) -> Turn {
        if self.end().is_some() {
            Turn::Terminal
        } else {
            Turn::Chance
        }
    }

    /// Always empty: the game has no decisions.
    fn legal_actions(&self, out: &mut Vec<Throw>) {
        out.clear();
    }

    /// The 21 unordered throws with their probabilities (1/36 or 2/36), until the end.
    fn chance_outcomes(&self, out: &mut Vec<(Throw, f64)>) {
        out.clear();
        if self.end().is_none() {
            out.extend_from_slice(&UNORDERED_OUTCOMES);
        }
    }

    fn apply(&mut self, action: Throw) -> Result<(), ThrowError> {
        self.play_mut(action).map(|_| ())
    }

    /// The comment is the throw's [`Events`].
    fn apply_with_comment(&mut self, action: Throw) -> Result<Option<String>, ThrowError> {
        self.play_mut(action).map(|e| Some(e.to_string()))
    }

    /// `1.0` for the winner, `-1.0` for the loser, `0.0` each for a draw or an unfinished game.
    fn returns(&self) -> ByPlayer<f64> {
        match self.end().map(|e| e.outcome) {
            Some(Outcome::Winner(p)) => ByPlayer::from_fn(|q| if q == p { 1.0 } else { -1.0 }),
            _ => ByPlayer::new(0.0, 0.0),
        }
    }

    /// The throw, higher die first: `6-5`.
    fn action_text(&self, action: Throw) -> String {
        action.to_string()
    }

    /// Reads a throw (`6-5`, `5-6` or `65`).
    fn parse_action(&self, text: &str) -> Result<Throw, ThrowError> {
        Ok(text.parse()?)
    }

    /// `Rules` always; `Setup` when the game did not start from the empty board.
    fn record_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![("Rules".to_string(), self.rules.to_string())];
        if self.start != Position::start() {
            tags.push(("Setup".to_string(), self.start.to_string()));
        }
        tags
    }
}

impl Replay for SugorokuGame {
    type TagError = TagError;

    /// The start a record's tags describe: its `Rules` (default if absent) and `Setup` (the
    /// empty board if absent). In a replay each action is a throw, and with
    /// [`ReplayOptions::strict_comments`](boardgames_common::ReplayOptions::strict_comments)
    /// each comment must be the events of its throw.
    ///
    /// # Errors
    ///
    /// [`TagError`]: a `Rules` or `Setup` tag that cannot be read.
    fn from_tags(record: &Record) -> Result<SugorokuGame, TagError> {
        let rules = match record.tag("Rules") {
            Some(t) => t.parse().map_err(TagError::Rules)?,
            None => Ruleset::default(),
        };
        let start = match record.tag("Setup") {
            Some(t) => t.parse().map_err(TagError::Setup)?,
            None => Position::start(),
        };
        Ok(SugorokuGame::from_position(rules, start))
    }
}
