//! The partie ordinaire (le tour): the first to reach the trous of the partie (12) wins,
//! with the pavillon option, as a [`boardgames_common::Game`] ([`TrictracGame`]) over the
//! shared chronology of a turn ([`Chronology`]), with commented records that replay.
//!
//! Sources: rules page, "Forms of game" (partie ordinaire, pavillon); the French glossary of
//! the laws of trictrac, DESCRIPTION of the partie ordinaire ("pour gagner il faut marquer
//! douze trous en premier, même si on ne peut pas s'en aller"); the Breton encyclopaedia
//! article on trictrac for the pavillon (*bannielig*).
//!
//! The partie ends as soon as a player reaches the trous to win, whoever's points they are.
//! At the start the primauté is decided by chance actions ([`Action::PrimauteDie`]).

use std::fmt::Write as _;

use boardgames_common::{
    ByPlayer, Game, Outcome, Record, Replay, ReplayError, ReplayOptions, Throw, Turn, replay_record,
};

use crate::board::Colour;
use crate::board::Position;
use crate::game::error::{ActionError, TagError};
use crate::game::turn::{
    Action, ActionComment, Chronology, Form, Primaute, TurnPhase, action_text,
};
use crate::marking::{Gain, Marking, MarkingError, MarksInWords};
use crate::movement::LegalPlays;
use crate::scoring::{DefaultScorer, ThrowScorer};

/// Options of a partie ordinaire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct GameOptions {
    /// How the primauté is decided.
    pub primaute: Primaute,
    /// The pavillon (Breton *bannielig*, the Breton article on trictrac): a partie won while the opponent has no
    /// trou, or won by the holder of the pavillon, is won double (returns ±2).
    pub pavillon: bool,
    /// Trous that win the partie: 12 (the tour de trictrac); smaller values shorten tests
    /// (0 counts as 1).
    pub trous_to_win: u8,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `GameOptions::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl GameOptions {
    /// Returns `self` with [`GameOptions::primaute`] set to `primaute`.
    #[must_use]
    pub const fn with_primaute(mut self, primaute: Primaute) -> GameOptions {
        self.primaute = primaute;
        self
    }
    /// Returns `self` with [`GameOptions::pavillon`] set to `pavillon`.
    #[must_use]
    pub const fn with_pavillon(mut self, pavillon: bool) -> GameOptions {
        self.pavillon = pavillon;
        self
    }
    /// Returns `self` with [`GameOptions::trous_to_win`] set to `trous_to_win`.
    #[must_use]
    pub const fn with_trous_to_win(mut self, trous_to_win: u8) -> GameOptions {
        self.trous_to_win = trous_to_win;
        self
    }
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            primaute: Primaute::FirstThrowFromDice,
            pavillon: false,
            trous_to_win: 12,
        }
    }
}

/// Where the partie stands: the [`TurnPhase`] of the chronology, ended by a [`Win`]
/// (`Phase::Over(Win { winner, bredouille })`).
pub type Phase = TurnPhase<Win>;

/// How a partie ordinaire ends: the winner, and whether he won double (the pavillon option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win {
    /// The winner.
    pub winner: Colour,
    /// Won double (the pavillon option: the opponent had no trou, or the winner held the
    /// pavillon).
    pub bredouille: bool,
}

/// The partie ordinaire as a [`Form`]: over when a player reaches `trous_to_win` trous,
/// whoever's points they are; won double with the pavillon option when the winner is en
/// bredouille on the trous.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ordinaire {
    /// Trous that win the partie (at least 1).
    pub trous_to_win: u8,
    /// The pavillon option.
    pub pavillon: bool,
}

impl Ordinaire {
    /// The form of `options`.
    #[must_use]
    pub fn of(options: &GameOptions) -> Ordinaire {
        Ordinaire {
            trous_to_win: options.trous_to_win.max(1),
            pavillon: options.pavillon,
        }
    }
}

impl Form for Ordinaire {
    type Outcome = Win;

    fn after_mark(&self, marking: &Marking, colour: Colour, _: &Gain, _: bool) -> Option<Win> {
        (marking.trous(colour) >= self.trous_to_win).then(|| Win {
            winner: colour,
            bredouille: self.pavillon && marking.is_partie_en_bredouille(colour),
        })
    }

    /// The pavillon flag `p` only when the option is on.
    fn shows_pavillon(&self) -> bool {
        self.pavillon
    }

    fn write_outcome(&self, o: &Win, out: &mut String) {
        let _ = write!(
            out,
            "{} wins the partie{}",
            o.winner,
            if o.bredouille { " bredouille" } else { "" }
        );
    }

    fn returns(&self, o: &Win) -> ByPlayer<f64> {
        let v = if o.bredouille { 2.0 } else { 1.0 };
        let mut r = ByPlayer::new(-v, -v);
        r[o.winner.into()] = v;
        r
    }
}

/// A partie ordinaire of trictrac: a [`Chronology`] of the [`Ordinaire`] form (position,
/// marking, phase, the analysis of the pending throw) with its options.
///
/// White is [`boardgames_common::Player::First`], Black [`boardgames_common::Player::Second`] (the primauté decides who throws
/// first).
///
/// ```
/// use boardgames_common::{ByPlayer, Game, RandomAgent, Seed, play_game};
/// use trictrac_core::{GameOptions, TrictracGame};
/// let game = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
/// let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
/// let played = play_game(game, Seed(7), ByPlayer::new(&mut a, &mut b), 100_000).unwrap();
/// assert!(played.state.is_terminal());
/// // The record's comments are the events, points and marks of each action.
/// assert!(played.record.entries().iter().all(|e| e.comment.is_some()));
/// let record = played.record.to_string();
/// let replayed = TrictracGame::from_record(&record.parse().unwrap()).unwrap();
/// assert_eq!(replayed, played.state);
/// // Over: who won, and the diagram says so on its last line.
/// assert!(played.state.outcome().is_some());
/// assert!(played.state.diagram().lines().last().unwrap().starts_with("game over: "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrictracGame<S: ThrowScorer = DefaultScorer> {
    turns: Chronology<S, Ordinaire>,
    options: GameOptions,
    start: Option<Position>,
}

impl TrictracGame<DefaultScorer> {
    /// A partie ordinaire from the start under `options`, scored by the [`DefaultScorer`]
    /// (the jans); with a scorer of one's own: [`TrictracGame::with_scorer`].
    #[must_use]
    pub fn new(options: GameOptions) -> TrictracGame<DefaultScorer> {
        TrictracGame::with_scorer(DefaultScorer::default(), options)
    }

    /// A partie ordinaire from the start with the [`DefaultScorer`]: the old name of
    /// [`TrictracGame::new`].
    #[deprecated(note = "renamed TrictracGame::new (a scorer of one's own: with_scorer)")]
    #[must_use]
    pub fn standard(options: GameOptions) -> TrictracGame<DefaultScorer> {
        TrictracGame::new(options)
    }

    /// The partie a record describes, scored by the [`DefaultScorer`]
    /// ([`Replay::from_record`]; here so that `TrictracGame::from_record(&record)` needs
    /// neither the trait nor a type annotation).
    ///
    /// # Errors
    ///
    /// As [`TrictracGame::from_record_with_scorer`].
    pub fn from_record(
        record: &Record,
    ) -> Result<TrictracGame<DefaultScorer>, ReplayError<TagError, ActionError>> {
        <TrictracGame<DefaultScorer> as Replay>::from_record(record)
    }

    /// The partie a record describes, read with `options` (limits, strict comments) and
    /// scored by the [`DefaultScorer`] ([`Replay::from_record_with`]; here so that it needs
    /// neither the trait nor a type annotation).
    ///
    /// # Errors
    ///
    /// As [`TrictracGame::from_record_with_scorer`].
    pub fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<TrictracGame<DefaultScorer>, ReplayError<TagError, ActionError>> {
        <TrictracGame<DefaultScorer> as Replay>::from_record_with(record, options)
    }
}

impl<S: ThrowScorer + Clone> TrictracGame<S> {
    /// A partie from the start position scored by `scorer` under `options` (the default
    /// scorer: [`TrictracGame::new`]).
    #[must_use]
    pub fn with_scorer(scorer: S, options: GameOptions) -> TrictracGame<S> {
        TrictracGame {
            turns: Chronology::new(scorer, Ordinaire::of(&options), options.primaute),
            options,
            start: None,
        }
    }

    /// A partie continued from `position` (its side to move throws next, its marks are the
    /// marks, the pavillon included: `2.0/1.4*p` has Black holding it); the primauté option
    /// is ignored.
    ///
    /// # Errors
    /// [`MarkingError`] if the position's marks are inconsistent (see
    /// [`Marking::from_marks`]).
    pub fn from_position(
        scorer: S,
        options: GameOptions,
        position: Position,
    ) -> Result<TrictracGame<S>, MarkingError> {
        Ok(TrictracGame {
            turns: Chronology::from_position(scorer, Ordinaire::of(&options), position)?,
            options,
            start: Some(position),
        })
    }

    /// The same partie knowing the first throw since the start or relevé (`opening`, written
    /// in records as the `Opening` tag): for the jan de rencontre when the partie continues
    /// from a position after exactly one throw.
    #[must_use]
    pub fn with_opening(mut self, opening: Option<Throw>) -> TrictracGame<S> {
        self.turns.set_opening(opening);
        self
    }

    /// The chronology of the turns (position, marking, phase, kept analysis).
    #[must_use]
    pub fn turns(&self) -> &Chronology<S, Ordinaire> {
        &self.turns
    }

    /// The position (its marks are kept equal to the marking's).
    #[must_use]
    pub fn position(&self) -> &Position {
        self.turns.position()
    }

    /// The full marking (points, trous, jetons, pavillon).
    #[must_use]
    pub fn marking(&self) -> &Marking {
        self.turns.marking()
    }

    /// The phase of the turn.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.turns.phase()
    }

    /// The scorer.
    #[must_use]
    pub fn scorer(&self) -> &S {
        self.turns.scorer()
    }

    /// The analysis of the pending throw (see [`Chronology::analysis`]).
    #[must_use]
    pub fn analysis(&self) -> Option<&S::Analysis> {
        self.turns.analysis()
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The winner once the partie is over.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        self.turns.outcome().map(|w| w.winner)
    }

    /// `None` while the partie goes on; once it is over, its winner
    /// ([`Outcome::Winner`], White being [`Player::First`](boardgames_common::Player::First)):
    /// the answer of [`Game::outcome`], here without the trait. How it was won (double or
    /// not) is the phase's [`Win`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    /// The text diagram of the position ([`Position::diagram`]: the two rows, the dames
    /// borne off), followed once the partie is over by a line that says so and how it ended
    /// (`game over: White wins the partie bredouille`).
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut text = self.position().diagram();
        if let Some(win) = self.turns.outcome() {
            text.push_str("game over: ");
            self.turns.form().write_outcome(&win, &mut text);
            text.push('\n');
        }
        text
    }

    /// The marks in words (`White 2 trous 4 points en bredouille, Black 0 trous 10
    /// points`), the holder of the pavillon named when the pavillon option is on.
    #[must_use]
    pub fn marks_in_words(&self) -> MarksInWords {
        self.marking().in_words(self.turns.form().shows_pavillon())
    }

    /// The legal plays when a play is due, else `None` (a view of the kept analysis).
    #[must_use]
    pub fn legal_plays(&self) -> Option<&LegalPlays> {
        self.turns.legal_plays()
    }

    /// The marks in the notation of [`Marking`]'s `Display` (`1.4*/0.2`), with the pavillon
    /// flag `p` only when the pavillon option is on.
    #[must_use]
    pub fn marks_text(&self) -> String {
        let mut s = String::new();
        self.turns.form().write_marks(self.turns.marking(), &mut s);
        s
    }

    /// Applies `action` in place ([`Game::apply`], here without the trait, as
    /// `TaflGame::play_mut` and `Sugoroku::play_mut`): a die of the primauté, a throw, a
    /// play, or a decision (tenir or s'en aller).
    ///
    /// # Errors
    /// [`ActionError::WrongPhase`] for an action of another phase, [`ActionError::IllegalPlay`]
    /// for a play that is not legal; the state is then unchanged.
    pub fn play_mut(&mut self, action: Action) -> Result<(), ActionError> {
        self.turns.apply(action, None)
    }

    /// Applies `action` and returns the comment a record gives it: the events and points,
    /// the decisions' consequences, and the marks after them (`marks 0.4*/0.0`).
    ///
    /// # Errors
    /// [`ActionError::WrongPhase`] for an action of another phase, [`ActionError::IllegalPlay`]
    /// for a play that is not legal; the state is then unchanged.
    pub fn apply_commented(&mut self, action: Action) -> Result<String, ActionError> {
        self.apply_described(action).map(|said| said.to_string())
    }

    /// Applies `action` and returns what it said in its parts ([`ActionComment`]: the
    /// clauses, what each player marked, the marks after it, in the notation and in words);
    /// its `Display` is the comment of [`TrictracGame::apply_commented`].
    ///
    /// # Errors
    /// As [`TrictracGame::apply_commented`]; the state is then unchanged.
    pub fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError> {
        self.turns.apply_described(action)
    }

    /// The start a record's tags describe, scored by `scorer`: the options (`Primaute`,
    /// `Pavillon` `yes` or `no`, `Trous` from 1 to 255; absent tags take the defaults), a
    /// `Position` tag the starting position (its marks included), an `Opening` tag its first
    /// throw (see [`TrictracGame::with_opening`]).
    ///
    /// # Errors
    /// [`TagError::BadTag`] naming the tag, its value and what was expected;
    /// [`TagError::Position`], [`TagError::Marks`] for a `Position` tag that does not parse
    /// or whose marks are inconsistent.
    pub fn from_tags_with_scorer(record: &Record, scorer: S) -> Result<TrictracGame<S>, TagError> {
        let mut options = GameOptions::default();
        if let Some(v) = record.tag("Primaute") {
            options.primaute = v.parse().map_err(|e| TagError::bad("Primaute", v, e))?;
        }
        if let Some(v) = record.tag("Pavillon") {
            options.pavillon = match v {
                "yes" => true,
                "no" => false,
                _ => return Err(TagError::bad("Pavillon", v, "expected yes or no")),
            };
        }
        if let Some(v) = record.tag("Trous") {
            options.trous_to_win = v.parse().ok().filter(|&t: &u8| t > 0).ok_or_else(|| {
                TagError::bad("Trous", v, "expected a number of trous from 1 to 255")
            })?;
        }
        let mut game = match record.tag("Position") {
            Some(p) => {
                let position = p.parse().map_err(TagError::Position)?;
                TrictracGame::from_position(scorer, options, position).map_err(TagError::Marks)?
            }
            None => TrictracGame::with_scorer(scorer, options),
        };
        if let Some(v) = record.tag("Opening") {
            let opening = v
                .parse::<Throw>()
                .map_err(|_| TagError::bad("Opening", v, "expected a throw such as 6-5"))?;
            game = game.with_opening(Some(opening));
        }
        Ok(game)
    }

    /// Replays `record` (as written by [`boardgames_common::play_game`]) with `scorer`: the
    /// family's one replay loop ([`replay_record`], the checks of
    /// [`Replay::from_record_with`]) from [`TrictracGame::from_tags_with_scorer`]. Each action
    /// costs one analysis of its throw. With [`ReplayOptions::strict_comments`] each comment
    /// must be the one the rules give for its action (events, points, marks); otherwise
    /// comments are free text.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first thing that was wrong: the limits, the `Game` or
    /// `Seed` tag, the game's own tags ([`TagError`]), an action ([`ActionError`]) or its
    /// comment, the `Result` tag.
    pub fn from_record_with_scorer(
        record: &Record,
        scorer: S,
        options: &ReplayOptions,
    ) -> Result<TrictracGame<S>, ReplayError<TagError, ActionError>> {
        replay_record(record, options, |r| {
            TrictracGame::from_tags_with_scorer(r, scorer)
        })
    }
}

impl<S: ThrowScorer + Clone + Default> Replay for TrictracGame<S> {
    type TagError = TagError;

    /// [`TrictracGame::from_tags_with_scorer`] with `S::default()`.
    fn from_tags(record: &Record) -> Result<TrictracGame<S>, TagError> {
        TrictracGame::from_tags_with_scorer(record, S::default())
    }
}

impl<S: ThrowScorer + Clone> Game for TrictracGame<S> {
    type Action = Action;
    type Error = ActionError;
    const NAME: &'static str = "Trictrac";

    fn turn(&self) -> Turn {
        self.turns.turn()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.turns.legal_actions(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        self.turns.chance_outcomes(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.turns.apply(action, None)
    }

    /// The comment of [`TrictracGame::apply_commented`]: the events and points, the
    /// decisions' consequences, and the marks after them.
    fn apply_with_comment(&mut self, action: Action) -> Result<Option<String>, ActionError> {
        self.apply_commented(action).map(Some)
    }

    fn returns(&self) -> ByPlayer<f64> {
        match self.turns.outcome() {
            Some(w) => self.turns.form().returns(&w),
            None => ByPlayer::new(0.0, 0.0),
        }
    }

    fn action_text(&self, action: Action) -> String {
        action_text(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        self.turns.parse_action(text)
    }

    fn record_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("Primaute".to_string(), self.options.primaute.to_string()),
            (
                "Pavillon".to_string(),
                if self.options.pavillon { "yes" } else { "no" }.to_string(),
            ),
            ("Trous".to_string(), self.options.trous_to_win.to_string()),
        ];
        if let Some(p) = self.start {
            tags.push(("Position".to_string(), p.to_string()));
            let made = p.throws_since_releve(Colour::White) + p.throws_since_releve(Colour::Black);
            if let (1, Some(o)) = (made, self.turns.opening()) {
                tags.push(("Opening".to_string(), o.to_string()));
            }
        }
        tags
    }
}
