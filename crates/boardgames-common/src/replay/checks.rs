//! The options of a replay, its errors, and the checks of the one loop ([`ReplaySteps`](crate::ReplaySteps)).

use thiserror::Error;

use crate::game::{Game, result_text};
use crate::limits::{RecordLimitError, RecordLimits};
use crate::record::Record;
use crate::seed::{ParseSeedError, Seed};

/// How [`Replay::from_record_with`](crate::Replay::from_record_with) reads a record.
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

/// Why a record cannot be replayed ([`Replay::from_record_with`](crate::Replay::from_record_with), [`replay_record`](crate::replay_record)): the
/// same error in every game, with `T` the game's own tag error ([`Replay::TagError`](crate::Replay::TagError)) and
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
