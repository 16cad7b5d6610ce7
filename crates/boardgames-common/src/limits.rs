//! [`RecordLimits`]: bounds a server sets on the records it accepts, so that a hostile record
//! is refused with a typed error instead of costing minutes of work or gigabytes of memory.

use thiserror::Error;

/// Upper bounds on a record. [`RecordLimits::DEFAULT`] suits a server or a command-line tool;
/// [`RecordLimits::NONE`] sets no bound (what `FromStr` for [`Record`](crate::Record) does).
///
/// ```
/// use boardgames_common::{Record, RecordLimitError, RecordLimits};
/// let limits = RecordLimits::DEFAULT.with_max_actions(2);
/// let text = "[Game \"Tafl\"]\n\n1. a1-a2\n2. b1-b2\n3. a2-a1\n";
/// let e = Record::parse_with_limits(text, &limits).unwrap_err();
/// assert_eq!(e.to_string(), "record line 5: more than 2 actions (the limit)");
/// assert!(text.parse::<Record>().is_ok()); // FromStr sets no limit
/// let record: Record = text.parse().unwrap();
/// assert_eq!(
///     record.check_limits(&limits),
///     Err(RecordLimitError::Actions { count: 3, max: 2 })
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RecordLimits {
    /// The most actions (numbered lines). Default 100 000: far more than any real game (a
    /// trictrac partie has about a thousand actions, a sugoroku game is capped at 10 000
    /// throws by default, tafl games last a few hundred plies).
    pub max_actions: usize,
    /// The most bytes of text. Default 16 MiB.
    pub max_bytes: usize,
    /// The longest line, in bytes (a tag, or an action with its comment). Default 64 KiB.
    pub max_line_length: usize,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `RecordLimits::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl RecordLimits {
    /// Returns `self` with [`RecordLimits::max_actions`] set to `max_actions`.
    #[must_use]
    pub const fn with_max_actions(mut self, max_actions: usize) -> RecordLimits {
        self.max_actions = max_actions;
        self
    }
    /// Returns `self` with [`RecordLimits::max_bytes`] set to `max_bytes`.
    #[must_use]
    pub const fn with_max_bytes(mut self, max_bytes: usize) -> RecordLimits {
        self.max_bytes = max_bytes;
        self
    }
    /// Returns `self` with [`RecordLimits::max_line_length`] set to `max_line_length`.
    #[must_use]
    pub const fn with_max_line_length(mut self, max_line_length: usize) -> RecordLimits {
        self.max_line_length = max_line_length;
        self
    }
}

impl RecordLimits {
    /// 100 000 actions, 16 MiB, lines of 64 KiB.
    pub const DEFAULT: RecordLimits = RecordLimits {
        max_actions: 100_000,
        max_bytes: 16 << 20,
        max_line_length: 64 << 10,
    };

    /// No bound at all.
    pub const NONE: RecordLimits = RecordLimits {
        max_actions: usize::MAX,
        max_bytes: usize::MAX,
        max_line_length: usize::MAX,
    };
}

impl Default for RecordLimits {
    fn default() -> RecordLimits {
        RecordLimits::DEFAULT
    }
}

/// A record beyond one of its [`RecordLimits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordLimitError {
    /// More actions than [`RecordLimits::max_actions`].
    #[error("{count} actions, more than the limit of {max}")]
    Actions {
        /// The number of actions (when parsing: the limit plus one, where parsing stopped).
        count: usize,
        /// The limit.
        max: usize,
    },
    /// More bytes than [`RecordLimits::max_bytes`].
    #[error("{bytes} bytes, more than the limit of {max}")]
    Bytes {
        /// The size of the text.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// A line longer than [`RecordLimits::max_line_length`].
    #[error("a line of {length} bytes, longer than the limit of {max}")]
    Line {
        /// The length of the line.
        length: usize,
        /// The limit.
        max: usize,
    },
}
