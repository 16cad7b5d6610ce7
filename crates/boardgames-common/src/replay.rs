//! Records to games and back, the same way for every game of the family.
//!
//! - [`Replay`]: `G::from_record(&record)` rebuilds a game from a [`Record`]; every game
//!   checks the same things in the same order (see [`Replay::from_record_with`]).
//! - [`ReplayOptions`]: the limits a server sets, and whether comments must be the engine's
//!   own ([`ReplayOptions::strict_comments`]; by default a comment is free text for people).
//! - [`ReplaySteps`] ([`Replay::replay_steps`]): the one loop, a record walked one action
//!   at a time with the state after each ([`ReplaySteps::state`]), for pictures and logs of
//!   every position.
//! - [`replay_record`]: that loop run to its end, behind every game's `from_record_with`, checking in
//!   this order the record's limits, its `Game` and `Seed` tags, the game's own tags
//!   ([`Replay::from_tags`]), every action (and, strictly, every comment), and the `Result`
//!   tag with the game's final tags; [`names_game`] and [`result_tag`] are two of its
//!   checks, public for the games and the command line.
//! - The other way, game to record: [`PlayedGame`](crate::PlayedGame) keeps the record of a
//!   game as it is played ([`PlayedGame::new`](crate::PlayedGame::new) then
//!   [`PlayedGame::apply`](crate::PlayedGame::apply)).

use thiserror::Error;

use crate::game::{Game, result_text};
use crate::limits::{RecordLimitError, RecordLimits};
use crate::record::Record;
use crate::seed::{ParseSeedError, Seed};

/// How [`Replay::from_record_with`] reads a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReplayOptions {
    /// Bounds on the record, checked before any work ([`Record::check_limits`]). Default
    /// [`RecordLimits::NONE`] (a record of one's own); a server sets
    /// [`RecordLimits::DEFAULT`] or its own bounds on the records it receives.
    pub limits: RecordLimits,
    /// Whether every comment must be the one the game writes for its action
    /// ([`Game::apply_with_comment`]): for the engine's own commented records. Default
    /// `false`: comments are free text and are not read.
    pub strict_comments: bool,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `ReplayOptions::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl ReplayOptions {
    /// Returns `self` with [`ReplayOptions::strict_comments`] set to `strict_comments`.
    #[must_use]
    pub const fn with_strict_comments(mut self, strict_comments: bool) -> ReplayOptions {
        self.strict_comments = strict_comments;
        self
    }
}

impl Default for ReplayOptions {
    /// No limits, comments not read.
    fn default() -> ReplayOptions {
        ReplayOptions {
            limits: RecordLimits::NONE,
            strict_comments: false,
        }
    }
}

impl ReplayOptions {
    /// No limits, comments checked against the game's own.
    #[must_use]
    pub fn strict() -> ReplayOptions {
        ReplayOptions {
            strict_comments: true,
            ..ReplayOptions::default()
        }
    }

    /// `limits`, comments not read.
    #[must_use]
    pub fn with_limits(limits: RecordLimits) -> ReplayOptions {
        ReplayOptions {
            limits,
            strict_comments: false,
        }
    }
}

/// A [`Game`] that can be rebuilt from its [`Record`].
///
/// A game supplies only its start as the record's own tags describe it
/// ([`Replay::from_tags`]: rules, setup, options) and the error of those tags; the checks
/// every game makes and the replay of the actions are one loop, [`replay_record`], behind the
/// provided [`Replay::from_record_with`] and [`Replay::from_record`].
///
/// ```
/// use boardgames_common::{Record, Replay, ReplayError, ReplayOptions};
/// # use boardgames_common::{ByPlayer, Game, Turn};
/// # #[derive(Clone, Debug)]
/// # struct Count(u8);
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("not a step")]
/// # struct NotAStep;
/// # impl Game for Count {
/// #     type Action = u8;
/// #     type Error = NotAStep;
/// #     const NAME: &'static str = "Count";
/// #     fn turn(&self) -> Turn { if self.0 >= 2 { Turn::Terminal } else { Turn::Player(boardgames_common::Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); out.push(1); }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), NotAStep> { if a == 1 && self.0 < 2 { self.0 += 1; Ok(()) } else { Err(NotAStep) } }
/// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(1.0, -1.0) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, NotAStep> { t.parse().map_err(|_| NotAStep) }
/// # }
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("Start tag: not a number")]
/// # struct BadStart;
/// impl Replay for Count {
///     type TagError = BadStart;
///     // A `Start` tag, when present, gives the count to start from.
///     fn from_tags(record: &Record) -> Result<Count, BadStart> {
///         match record.tag("Start") {
///             Some(t) => t.parse().map(Count).map_err(|_| BadStart),
///             None => Ok(Count(0)),
///         }
///     }
/// }
///
/// let record: Record = "[Game \"Count\"]\n[Result \"1-0\"]\n\n1. 1 {a free comment}\n2. 1\n"
///     .parse()
///     .unwrap();
/// assert!(Count::from_record(&record).is_ok());
/// // A strict replay reads comments: Count writes none.
/// let e = Count::from_record_with(&record, &ReplayOptions::strict()).unwrap_err();
/// assert!(matches!(e, ReplayError::Comment { index: 1, .. }));
/// assert_eq!(e.to_string(), "action 1: the comment {a free comment} is not the game's {}");
/// // The game's own tags.
/// let bad: Record = "[Game \"Count\"]\n[Start \"x\"]\n\n".parse().unwrap();
/// assert!(matches!(Count::from_record(&bad), Err(ReplayError::Tags(BadStart))));
/// ```
pub trait Replay: Game + Sized {
    /// Why the record's own tags of this game (rules, setup, options) cannot be read: the
    /// [`ReplayError::Tags`] of a replay.
    type TagError: std::error::Error + Send + Sync + 'static;

    /// The start of the game that `record`'s own tags describe (rules, setup, options; a
    /// tag that is absent takes its default). [`Replay::from_record_with`] calls it after the
    /// checks every game shares (the limits, the `Game` and `Seed` tags), so it reads only
    /// the game's own tags, and does work bounded by their length.
    ///
    /// # Errors
    ///
    /// The game's [`Replay::TagError`], naming the tag and its value.
    fn from_tags(record: &Record) -> Result<Self, Self::TagError>;

    /// The game `record` describes, read with `options`: [`replay_record`] from
    /// [`Replay::from_tags`]. Every game checks, in this order: the limits; the `Game` tag,
    /// when present, is [`Game::NAME`] (in any ASCII case: [`names_game`]); a `Seed` tag,
    /// when present, is a seed ([`Record::seed`]); the game's own tags
    /// ([`Replay::from_tags`]); each action is parsed in its context and applied; with
    /// [`ReplayOptions::strict_comments`], each comment is the game's own; a `Result` tag,
    /// when present, is the replayed result ([`result_text`], `*` while not over), and so is
    /// each of the game's final tags present ([`Game::final_record_tags`]).
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first thing that was wrong.
    fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<Self, ReplayError<Self::TagError, Self::Error>> {
        replay_record(record, options, Self::from_tags)
    }

    /// The walk of `record` read with `options` one action at a time, from
    /// [`Replay::from_tags`]: [`ReplaySteps::new`], with the checks of
    /// [`Replay::from_record_with`] in its order (running it to its end,
    /// [`ReplaySteps::finish`], is [`Replay::from_record_with`]).
    ///
    /// # Errors
    ///
    /// The errors of the checks before the actions, as [`ReplaySteps::new`].
    #[allow(clippy::type_complexity)]
    fn replay_steps<'r>(
        record: &'r Record,
        options: &ReplayOptions,
    ) -> Result<ReplaySteps<'r, Self, Self::TagError>, ReplayError<Self::TagError, Self::Error>>
    {
        ReplaySteps::new(record, options, Self::from_tags)
    }

    /// [`Replay::from_record_with`] with the default options: no limits, comments not read.
    ///
    /// # Errors
    ///
    /// As [`Replay::from_record_with`].
    fn from_record(record: &Record) -> Result<Self, ReplayError<Self::TagError, Self::Error>> {
        Self::from_record_with(record, &ReplayOptions::default())
    }
}

/// A record's `Game` tag names another game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("this is a record of {found:?}, not of {expected}")]
pub struct OtherGameError {
    /// The game that reads the record.
    pub expected: &'static str,
    /// The record's `Game` tag.
    pub found: String,
}

/// A tag that states the outcome of a game (the `Result` tag, or one of the game's
/// [`Game::final_record_tags`] such as the partie à écrire's `Ledger`) is not the replayed
/// game's.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the {tag} tag says {recorded} but the replayed game gives {actual}")]
pub struct ResultTagError {
    /// The tag's name (`Result`, `Ledger`, …).
    pub tag: String,
    /// The record's value of the tag.
    pub recorded: String,
    /// The replayed game's value (`*` for the `Result` of an unfinished game).
    pub actual: String,
}

/// A comment is not the one the game writes for its action (strict replay only).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the comment {{{recorded}}} is not the game's {{{actual}}}")]
pub struct CommentError {
    /// The record's comment.
    pub recorded: String,
    /// The game's own comment (empty when the game writes none).
    pub actual: String,
}

/// Whether a `Game` tag's value `found` names the game called `name` ([`Game::NAME`]). The
/// record format reads tag names as written (`Game`, not `game`) but the `Game` tag's value
/// without regard to ASCII case: `[Game "tafl"]` is a record of `Tafl`. Records are written
/// with the game's own spelling.
///
/// ```
/// use boardgames_common::names_game;
/// assert!(names_game("tafl", "Tafl"));
/// assert!(names_game("TRICTRAC à écrire", "Trictrac à écrire"));
/// assert!(!names_game("Tafl ", "Tafl"));
/// ```
#[must_use]
pub fn names_game(found: &str, name: &str) -> bool {
    found.eq_ignore_ascii_case(name)
}

/// Checks that `record`'s `Game` tag, when present, names `G` ([`names_game`]: `G::NAME`
/// in any ASCII case).
///
/// # Errors
///
/// [`OtherGameError`] with the tag's value.
pub(crate) fn check_game_tag<G: Game>(record: &Record) -> Result<(), OtherGameError> {
    match record.tag("Game") {
        Some(found) if !names_game(found, G::NAME) => Err(OtherGameError {
            expected: G::NAME,
            found: found.to_string(),
        }),
        _ => Ok(()),
    }
}

/// The `Seed` tag of `record`, when present, read as a [`Seed`] ([`Record::seed`]).
pub(crate) fn check_seed_tag(record: &Record) -> Result<Option<Seed>, ParseSeedError> {
    record.seed()
}

/// The `Result` text of `game`: [`result_text`] of its returns once over, `*` before.
#[must_use]
pub fn result_tag<G: Game>(game: &G) -> String {
    if game.is_terminal() {
        result_text(game.returns())
    } else {
        "*".to_string()
    }
}

/// Checks that `record`'s `Result` tag, when present, is [`result_tag`] of `game`, and that
/// each of the game's [`Game::final_record_tags`] present in the record has the game's value.
///
/// # Errors
///
/// [`ResultTagError`] with the tag and both values.
pub(crate) fn check_result_tag<G: Game>(record: &Record, game: &G) -> Result<(), ResultTagError> {
    let mismatch = |tag: &str, recorded: &str, actual: String| ResultTagError {
        tag: tag.to_string(),
        recorded: recorded.to_string(),
        actual,
    };
    if let Some(recorded) = record.tag("Result") {
        let actual = result_tag(game);
        if recorded != actual {
            return Err(mismatch("Result", recorded, actual));
        }
    }
    for (tag, actual) in game.final_record_tags() {
        if let Some(recorded) = record.tag(&tag)
            && recorded != actual
        {
            return Err(mismatch(&tag, recorded, actual));
        }
    }
    Ok(())
}

/// Checks a recorded comment against the game's own (`None` when the game writes none).
///
/// # Errors
///
/// [`CommentError`] when the record has a comment that differs from the game's, or a comment
/// where the game writes none.
pub(crate) fn check_comment(
    recorded: Option<&str>,
    actual: Option<&str>,
) -> Result<(), CommentError> {
    match recorded {
        Some(r) if Some(r) != actual => Err(CommentError {
            recorded: r.to_string(),
            actual: actual.unwrap_or_default().to_string(),
        }),
        _ => Ok(()),
    }
}

/// Why a record cannot be replayed ([`Replay::from_record_with`], [`replay_record`]): the
/// same error in every game, with `T` the game's own tag error ([`Replay::TagError`]) and
/// `E` its action error ([`Game::Error`]).
///
/// Its `Display` prints the cause (`action 3: illegal move d1-d9: …`); `source()` is `None`,
/// so that a chain of errors never prints a cause twice.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayError<T, E> {
    /// The record is beyond [`ReplayOptions::limits`], refused before any work.
    #[error("record refused: {0}")]
    Limit(RecordLimitError),
    /// The `Game` tag names another game.
    #[error("{0}")]
    OtherGame(OtherGameError),
    /// The `Seed` tag is not a seed.
    #[error("Seed tag: {0}")]
    Seed(ParseSeedError),
    /// The game's own tags (rules, setup, options) cannot be read; the error names the tag.
    #[error("{0}")]
    Tags(T),
    /// An action cannot be read in its context, or is refused.
    #[error("action {index}: {error}")]
    Action {
        /// The action's number in the record, from 1.
        index: usize,
        /// Why.
        error: E,
    },
    /// A comment is not the game's own (strict replay only,
    /// [`ReplayOptions::strict_comments`]).
    #[error("action {index}: {error}")]
    Comment {
        /// The action's number in the record, from 1.
        index: usize,
        /// The two comments.
        error: CommentError,
    },
    /// The `Result` tag (or a final tag of the game, [`Game::final_record_tags`]) is not the
    /// replayed game's.
    #[error("{0}")]
    Result(ResultTagError),
}

impl<T, E> ReplayError<T, E> {
    /// Whether the record is well formed but contradicted by the game: an action refused,
    /// a comment or the `Result` tag that disagrees with the replayed game (as opposed to a
    /// record refused before its actions: limits, `Game`, `Seed` or the game's own tags).
    #[must_use]
    pub fn is_contradiction(&self) -> bool {
        matches!(
            self,
            ReplayError::Action { .. } | ReplayError::Comment { .. } | ReplayError::Result(_)
        )
    }
}

/// The one replay loop of the family: reads `record` with `options` into the game that
/// `start` builds from the record's own tags. Every game's [`Replay::from_record_with`] is
/// this loop with its [`Replay::from_tags`]; call it directly to replay with a start that
/// needs more than the tags (a trictrac partie with a scorer of one's own). It is
/// [`ReplaySteps::new`] run to its end ([`ReplaySteps::finish`]), so the checks are those of
/// [`ReplaySteps`], in its order: the limits ([`Record::check_limits`]), the `Game` tag (it
/// names this game, [`names_game`]), the `Seed` tag ([`Record::seed`]), `start(record)`,
/// each action parsed in its context ([`Game::parse_action`]) and applied ([`Game::apply`],
/// or [`Game::apply_with_comment`] compared with the record's comment with
/// [`ReplayOptions::strict_comments`]), the `Result` tag and the game's final tags (`*` while
/// the game is not over). The work is one parse and one application per action after the
/// limits.
///
/// # Errors
///
/// [`ReplayError`] naming the first thing that was wrong.
pub fn replay_record<G: Game, T>(
    record: &Record,
    options: &ReplayOptions,
    start: impl FnOnce(&Record) -> Result<G, T>,
) -> Result<G, ReplayError<T, G::Error>> {
    ReplaySteps::new(record, options, start)?.finish()
}

/// One action of a record replayed by [`ReplaySteps`]: the state after it is
/// [`ReplaySteps::state`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStep<'r, A> {
    /// The action's number in the record, from 1 (the `index` of a [`ReplayError::Action`]
    /// or [`ReplayError::Comment`] at this action).
    pub index: usize,
    /// The action as the record writes it.
    pub text: &'r str,
    /// The action parsed in its context ([`Game::parse_action`]), already applied.
    pub action: A,
    /// The record's comment of the action: free text, or, with
    /// [`ReplayOptions::strict_comments`], checked to be the game's own
    /// ([`Game::apply_with_comment`]).
    pub comment: Option<&'r str>,
    /// The game's own comment of the action ([`Game::apply_with_comment`]: trictrac's
    /// events and marks, sugoroku's events), when the walk applies with comments
    /// ([`ReplaySteps::with_game_comments`], or [`ReplayOptions::strict_comments`]); `None`
    /// otherwise, or when the game writes none.
    pub game_comment: Option<String>,
}

/// A record replayed one action at a time: the one loop of the family behind
/// [`replay_record`] (which is this walk run to its end), for callers that need each
/// intermediate state (pictures of every position, a log of every throw).
///
/// [`ReplaySteps::new`] makes the checks before the actions (the limits, the `Game` tag, the
/// `Seed` tag, the game's own tags through `start`); then each [`ReplaySteps::step`] parses
/// and applies the next action (and, with [`ReplayOptions::strict_comments`], checks its
/// comment), giving a [`ReplayStep`]; the call after the last action checks the `Result` tag
/// and the game's final tags and gives `Ok(None)`. The state is kept in place and read by
/// reference, [`ReplaySteps::state`] (before the first step, the start): no clone per step,
/// where a copy of a game that keeps its history (tafl's positions since the start) would
/// make a walk quadratic. After an error, or the end, every call gives `Ok(None)`.
///
/// `ReplaySteps` is also an [`Iterator`] of `Result<ReplayStep, ReplayError>` (the
/// [`ReplaySteps::step`]s, the error as an item), like [`Playout`](crate::Playout).
///
/// ```
/// use boardgames_common::{Record, Replay, ReplayError, ReplayOptions};
/// # use boardgames_common::{ByPlayer, Game, Turn};
/// # #[derive(Clone, Debug)]
/// # struct Count(u8);
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("not a step")]
/// # struct NotAStep;
/// # impl Game for Count {
/// #     type Action = u8;
/// #     type Error = NotAStep;
/// #     const NAME: &'static str = "Count";
/// #     fn turn(&self) -> Turn { if self.0 >= 2 { Turn::Terminal } else { Turn::Player(boardgames_common::Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); out.push(1); }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), NotAStep> { if a == 1 && self.0 < 2 { self.0 += 1; Ok(()) } else { Err(NotAStep) } }
/// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(1.0, -1.0) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, NotAStep> { t.parse().map_err(|_| NotAStep) }
/// # }
/// # impl Replay for Count {
/// #     type TagError = std::convert::Infallible;
/// #     fn from_tags(_: &Record) -> Result<Count, Self::TagError> { Ok(Count(0)) }
/// # }
/// let record: Record = "[Game \"Count\"]\n[Result \"1-0\"]\n\n1. 1 {first}\n2. 1\n"
///     .parse()
///     .unwrap();
/// let mut steps = Count::replay_steps(&record, &ReplayOptions::default()).unwrap();
/// assert_eq!(steps.state().0, 0);
/// let mut seen = Vec::new();
/// while let Some(step) = steps.step().unwrap() {
///     seen.push((step.index, step.text, step.comment, steps.state().0));
/// }
/// assert_eq!(seen, [(1, "1", Some("first"), 1), (2, "1", None, 2)]);
/// // The same checks as `from_record`, at the same places: a third step is refused.
/// let long: Record = "[Game \"Count\"]\n\n1. 1\n2. 1\n3. 1\n".parse().unwrap();
/// let walked: Vec<_> = Count::replay_steps(&long, &ReplayOptions::default())
///     .unwrap()
///     .collect();
/// assert_eq!(walked.len(), 3);
/// assert!(matches!(walked[2], Err(ReplayError::Action { index: 3, .. })));
/// ```
#[derive(Debug)]
pub struct ReplaySteps<'r, G: Game, T> {
    record: &'r Record,
    strict_comments: bool,
    /// Whether each action is applied with [`Game::apply_with_comment`].
    game_comments: bool,
    game: G,
    /// The number of actions applied.
    applied: usize,
    /// Whether the walk is over (its end checked, or an error given).
    done: bool,
    /// The tag error type of the start, only in the errors.
    tags: std::marker::PhantomData<fn() -> T>,
}

impl<'r, G: Game, T> ReplaySteps<'r, G, T> {
    /// The walk of `record` read with `options`, from the game that `start` builds from the
    /// record's own tags, after the checks before the actions, in this order: the limits
    /// ([`Record::check_limits`]), the `Game` tag ([`names_game`]), the `Seed` tag
    /// ([`Record::seed`]), `start(record)`.
    ///
    /// # Errors
    ///
    /// [`ReplayError::Limit`], [`ReplayError::OtherGame`], [`ReplayError::Seed`] or
    /// [`ReplayError::Tags`], the first that applies.
    pub fn new(
        record: &'r Record,
        options: &ReplayOptions,
        start: impl FnOnce(&Record) -> Result<G, T>,
    ) -> Result<ReplaySteps<'r, G, T>, ReplayError<T, G::Error>> {
        record
            .check_limits(&options.limits)
            .map_err(ReplayError::Limit)?;
        check_game_tag::<G>(record).map_err(ReplayError::OtherGame)?;
        check_seed_tag(record).map_err(ReplayError::Seed)?;
        let game = start(record).map_err(ReplayError::Tags)?;
        Ok(ReplaySteps {
            record,
            strict_comments: options.strict_comments,
            game_comments: options.strict_comments,
            game,
            applied: 0,
            done: false,
            tags: std::marker::PhantomData,
        })
    }

    /// The walk that applies each action with [`Game::apply_with_comment`] and gives the
    /// game's comment in [`ReplayStep::game_comment`] (for a log or a page of every step),
    /// comparing it with the record's only with [`ReplayOptions::strict_comments`]. A strict
    /// walk gives them already; by default a walk applies with [`Game::apply`], which is
    /// cheaper.
    #[must_use]
    pub fn with_game_comments(mut self) -> ReplaySteps<'r, G, T> {
        self.game_comments = true;
        self
    }

    /// The state: the start before the first step, then the state after the last step.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.game
    }

    /// The record walked.
    #[must_use]
    pub fn record(&self) -> &'r Record {
        self.record
    }

    /// The record's next action, not yet applied, as the record writes it (`None` after
    /// the last): what a picture of [`ReplaySteps::state`] shows about to be played.
    #[must_use]
    pub fn next_text(&self) -> Option<&'r str> {
        self.record
            .entries()
            .get(self.applied)
            .map(|e| e.action.as_str())
    }

    /// Applies the record's next action: parsed in its context ([`Game::parse_action`]) and
    /// applied ([`Game::apply`], or with [`ReplayOptions::strict_comments`]
    /// [`Game::apply_with_comment`] and its comment compared with the record's). After the
    /// last action, checks the `Result` tag and the game's final tags
    /// ([`Game::final_record_tags`]) and gives `Ok(None)`, as it does for ever after, and
    /// after an error.
    ///
    /// # Errors
    ///
    /// [`ReplayError::Action`] or [`ReplayError::Comment`] with the action's number (from 1),
    /// or, at the end, [`ReplayError::Result`].
    #[allow(clippy::type_complexity)]
    pub fn step(&mut self) -> Result<Option<ReplayStep<'r, G::Action>>, ReplayError<T, G::Error>> {
        if self.done {
            return Ok(None);
        }
        let Some(entry) = self.record.entries().get(self.applied) else {
            self.done = true;
            check_result_tag(self.record, &self.game).map_err(ReplayError::Result)?;
            return Ok(None);
        };
        // Any error ends the walk; a step that succeeds sets `done` back.
        self.done = true;
        let index = self.applied + 1;
        let action = self
            .game
            .parse_action(&entry.action)
            .map_err(|error| ReplayError::Action { index, error })?;
        let game_comment = if self.game_comments {
            let actual = self
                .game
                .apply_with_comment(action)
                .map_err(|error| ReplayError::Action { index, error })?;
            if self.strict_comments {
                check_comment(entry.comment.as_deref(), actual.as_deref())
                    .map_err(|error| ReplayError::Comment { index, error })?;
            }
            actual
        } else {
            self.game
                .apply(action)
                .map_err(|error| ReplayError::Action { index, error })?;
            None
        };
        self.done = false;
        self.applied = index;
        Ok(Some(ReplayStep {
            index,
            text: &entry.action,
            action,
            comment: entry.comment.as_deref(),
            game_comment,
        }))
    }

    /// The game at the end of the walk: the remaining steps, then the `Result` check.
    ///
    /// # Errors
    ///
    /// As [`ReplaySteps::step`], the first error of the remaining steps.
    pub fn finish(mut self) -> Result<G, ReplayError<T, G::Error>> {
        while self.step()?.is_some() {}
        Ok(self.game)
    }

    /// The state as it is, without the remaining steps nor the end's checks (a walk stopped
    /// early, on purpose).
    #[must_use]
    pub fn into_state(self) -> G {
        self.game
    }
}

impl<'r, G: Game, T> Iterator for ReplaySteps<'r, G, T> {
    type Item = Result<ReplayStep<'r, G::Action>, ReplayError<T, G::Error>>;

    /// [`ReplaySteps::step`], its error as an item (then `None`).
    fn next(&mut self) -> Option<Self::Item> {
        self.step().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::Race;
    use crate::{ByPlayer, RandomAgent, Seed, play_game};

    impl Replay for Race {
        type TagError = std::convert::Infallible;
        fn from_tags(_: &Record) -> Result<Race, std::convert::Infallible> {
            Ok(Race::new())
        }
    }

    fn played() -> Record {
        let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
        play_game(Race::new(), Seed(3), ByPlayer::new(&mut a, &mut b), 1000)
            .unwrap()
            .record
    }

    #[test]
    fn a_played_record_replays_to_the_same_state() {
        let record = played();
        let game = Race::from_record_with(&record, &ReplayOptions::strict()).unwrap();
        assert!(game.is_terminal());
        assert_eq!(result_tag(&game), record.tag("Result").unwrap());
    }

    #[test]
    fn the_game_tag_must_name_the_game() {
        let mut record = played();
        record.set_tag("Game", "Trictrac").unwrap();
        let e = Race::from_record_with(&record, &ReplayOptions::default()).unwrap_err();
        assert!(matches!(
            &e,
            ReplayError::OtherGame(OtherGameError { expected: "Race", found }) if found == "Trictrac"
        ));
        assert_eq!(
            e.to_string(),
            "this is a record of \"Trictrac\", not of Race"
        );
    }

    #[test]
    fn the_game_tag_is_read_in_any_ascii_case() {
        let mut record = played();
        for name in ["race", "RACE", "rAcE"] {
            record.set_tag("Game", name).unwrap();
            assert!(
                Race::from_record_with(&record, &ReplayOptions::strict()).is_ok(),
                "{name}"
            );
        }
        // Not another spelling: a space is not a case.
        record.set_tag("Game", "Race ").unwrap();
        assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_err());
    }

    #[test]
    fn the_seed_tag_must_be_a_seed() {
        let mut record = played();
        assert_eq!(record.tag("Seed"), Some("3"));
        for bad in ["-1", "seven", "0x", "18446744073709551616"] {
            record.set_tag("Seed", bad).unwrap();
            let e = Race::from_record_with(&record, &ReplayOptions::default()).unwrap_err();
            assert!(matches!(&e, ReplayError::Seed(_)), "{bad}: {e:?}");
            assert_eq!(
                e.to_string(),
                format!(
                    "Seed tag: invalid seed {bad:?}: expected a decimal number or \
                     0x-prefixed hexadecimal up to 2^64-1"
                )
            );
        }
        record.set_tag("Seed", "0xff").unwrap();
        assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_ok());
    }

    #[test]
    fn a_false_result_tag_is_refused() {
        let mut record = played();
        let actual = record.tag("Result").unwrap().to_string();
        let wrong = if actual == "1-0" { "0-1" } else { "1-0" };
        record.set_tag("Result", wrong).unwrap();
        match Race::from_record_with(&record, &ReplayOptions::default()) {
            Err(ReplayError::Result(e)) => {
                assert_eq!(e.recorded, wrong);
                assert_eq!(e.actual, actual);
            }
            other => panic!("{other:?}"),
        }
        // An unfinished game's result is "*".
        let mut short = Record::new("Race");
        short
            .push_action(played().actions().next().unwrap())
            .unwrap();
        short.set_tag("Result", "1-0").unwrap();
        let e = Race::from_record_with(&short, &ReplayOptions::default()).unwrap_err();
        assert!(
            matches!(e, ReplayError::Result(ResultTagError { ref actual, .. }) if actual == "*")
        );
    }

    #[test]
    fn free_comments_are_ignored_unless_strict() {
        let played = played();
        let mut record = Record::new("Race");
        for (i, a) in played.actions().enumerate() {
            if i == 1 {
                record.push_commented(a, "a fine move!").unwrap();
            } else {
                record.push_action(a).unwrap();
            }
        }
        assert!(Race::from_record_with(&record, &ReplayOptions::default()).is_ok());
        match Race::from_record_with(&record, &ReplayOptions::strict()) {
            Err(ReplayError::Comment { index: 2, error }) => {
                assert_eq!(error.recorded, "a fine move!");
                assert_eq!(error.actual, "");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn limits_are_checked_first() {
        let record = played();
        let limits = RecordLimits {
            max_actions: 1,
            ..RecordLimits::NONE
        };
        assert!(matches!(
            Race::from_record_with(&record, &ReplayOptions::with_limits(limits)),
            Err(ReplayError::Limit(_))
        ));
    }

    #[test]
    fn an_illegal_action_is_named() {
        let mut record = Record::new("Race");
        record.push_action("+7").unwrap();
        assert!(matches!(
            Race::from_record_with(&record, &ReplayOptions::default()),
            Err(ReplayError::Action { index: 1, .. })
        ));
    }

    #[test]
    fn played_game_move_by_move_is_the_record_of_play_game() {
        let record = played();
        let mut game = crate::PlayedGame::new(Race::new(), Some(Seed(3))).unwrap();
        for text in record.actions() {
            assert_eq!(game.to_record().tag("Result"), Some("*"));
            let a = game.state.parse_action(text).unwrap();
            game.apply(a).unwrap();
        }
        assert_eq!(game.to_record(), record);
        // A refused action changes nothing.
        let before = game.record.clone();
        assert!(
            game.apply(crate::game::tests::RaceAction::Advance(1))
                .is_err()
        );
        assert_eq!(game.record, before);
    }
}
