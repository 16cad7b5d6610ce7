//! The one replay loop: a record walked one action at a time ([`ReplaySteps`]), and run to
//! its end ([`replay_record`]).

use super::checks::{
    ReplayError, ReplayOptions, check_comment, check_game_tag, check_result_tag, check_seed_tag,
};
use crate::game::Game;
use crate::record::Record;

/// The one replay loop of the family: reads `record` with `options` into the game that
/// `start` builds from the record's own tags. Every game's [`Replay::from_record_with`](crate::Replay::from_record_with) is
/// this loop with its [`Replay::from_tags`](crate::Replay::from_tags); call it directly to replay with a start that
/// needs more than the tags (a trictrac partie with a scorer of one's own). It is
/// [`ReplaySteps::new`] run to its end ([`ReplaySteps::finish`]), so the checks are those of
/// [`ReplaySteps`], in its order: the limits ([`Record::check_limits`]), the `Game` tag (it
/// names this game, [`names_game`](crate::names_game)), the `Seed` tag ([`Record::seed`]), `start(record)`,
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
    /// ([`Record::check_limits`]), the `Game` tag ([`names_game`](crate::names_game)), the `Seed` tag
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
