//! The plain-text game record shared by the three games: its entries and tags ([`Record`],
//! here) and its text format (`text.rs`: `Display`, `FromStr` and
//! [`Record::parse_with_limits`], with their errors).

use thiserror::Error;

use crate::limits::{RecordLimitError, RecordLimits};

mod text;

pub use text::{ParseRecordError, ParseRecordErrorKind};

/// One action of a record, with an optional comment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// The action in the game's notation.
    pub action: String,
    /// A comment (events, scores, marks), without braces.
    pub comment: Option<String>,
}

/// A game record: tag pairs and numbered actions.
///
/// A record is a list of tag pairs, a blank line, then one numbered line per action in the
/// game's own notation, optionally followed by a comment in braces:
///
/// ```text
/// [Game "Sugoroku"]
/// [Seed "42"]
/// [Result "1-0"]
///
/// 1. 6-5
/// 2. 3-3 {white places on 6 and throws again}
/// ```
///
/// Rules of the format:
/// - a tag line is `[Name "value"]`; names are ASCII letters, digits and `_`; in values `\"`
///   stands for `"` and `\\` for `\`; tags come before the first action;
/// - an action line is `N. text` or `N. text {comment}`, numbered from 1 without gaps; the text
///   is not empty and holds no `{`, `}` or line break; a comment holds no `}` or line break;
/// - blank lines and lines starting with `;` are ignored.
///
/// `Display` writes exactly this form and `FromStr` reads it back: the two
/// round-trip.
///
/// ```
/// use boardgames_common::Record;
/// let mut r = Record::new("Tafl");
/// r.set_tag("Result", "0-1").unwrap();
/// r.push_action("d1-d3").unwrap();
/// r.push_commented("e4-e2xd2", "one capture").unwrap();
/// let text = r.to_string();
/// assert_eq!(text.parse::<Record>().unwrap(), r);
/// assert!(text.contains("2. e4-e2xd2 {one capture}"));
/// ```
///
/// With the feature `serde`, a record serialises as `{"tags": [[name, value], ...],
/// "entries": [{"action": ..., "comment": ...}, ...]}`, and deserialising checks what
/// [`Record::set_tag`] and [`Record::push_commented`] check (tag names, no line breaks, no
/// braces in actions, no tag twice): a deserialised record always prints a record that parses
/// back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "RawRecord")
)]
pub struct Record {
    tags: Vec<(String, String)>,
    entries: Vec<Entry>,
}

/// The serde shape of a [`Record`], checked by `TryFrom` on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawRecord {
    tags: Vec<(String, String)>,
    entries: Vec<Entry>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawRecord> for Record {
    type Error = RecordTextError;
    fn try_from(raw: RawRecord) -> Result<Record, RecordTextError> {
        let mut record = Record::default();
        for (name, value) in &raw.tags {
            if record.tag(name).is_some() {
                return Err(RecordTextError::DuplicateTag(name.clone()));
            }
            record.set_tag(name, value)?;
        }
        for entry in raw.entries {
            match entry.comment {
                Some(c) => record.push_commented(entry.action, c)?,
                None => record.push_action(entry.action)?,
            }
        }
        Ok(record)
    }
}

/// Why a tag, an action or a comment cannot be stored in a [`Record`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordTextError {
    /// A tag name is empty or has a character other than ASCII letters, digits and `_`.
    #[error("invalid tag name {0:?}: use ASCII letters, digits and '_'")]
    TagName(String),
    /// A tag value holds a line break.
    #[error("tag {0} has a line break in its value")]
    TagValue(String),
    /// An action is empty, has surrounding spaces, or holds `{`, `}` or a line break.
    #[error(
        "invalid action text {0:?}: it must be non-empty, trimmed, without braces or line breaks"
    )]
    Action(String),
    /// A comment holds `}` or a line break.
    #[error("invalid comment {0:?}: it must not hold '}}' or a line break")]
    Comment(String),
    /// The same tag twice (in a deserialised record).
    #[error("tag {0:?} given twice")]
    DuplicateTag(String),
}

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn valid_action(text: &str) -> bool {
    !text.is_empty() && text.trim() == text && !text.contains(['{', '}', '\n', '\r'])
}

impl Record {
    /// An empty record whose `Game` tag is `game`.
    #[must_use]
    pub fn new(game: &str) -> Record {
        let mut r = Record::default();
        // A game name from our own crates is always a valid value; fall back to nothing.
        let _ = r.set_tag("Game", game);
        r
    }

    /// The value of tag `name`, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `Seed` tag read as a [`Seed`](crate::Seed) (decimal, or hexadecimal with `0x`, up
    /// to 2^64 − 1: the record format's rule), `None` when absent.
    ///
    /// ```
    /// use boardgames_common::{Record, Seed};
    /// let mut record = Record::new("Tafl");
    /// assert_eq!(record.seed(), Ok(None));
    /// record.set_tag("Seed", "0x10").unwrap();
    /// assert_eq!(record.seed(), Ok(Some(Seed(16))));
    /// record.set_tag("Seed", "-1").unwrap();
    /// assert!(record.seed().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseSeedError`](crate::ParseSeedError) with the tag's value.
    pub fn seed(&self) -> Result<Option<crate::Seed>, crate::ParseSeedError> {
        self.tag("Seed").map(str::parse).transpose()
    }

    /// All tags in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets tag `name` to `value`, replacing an earlier value in place or appending the tag.
    ///
    /// # Errors
    ///
    /// [`RecordTextError::TagName`] or [`RecordTextError::TagValue`] for text the format cannot
    /// hold.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordTextError> {
        if !valid_tag_name(name) {
            return Err(RecordTextError::TagName(name.to_string()));
        }
        if value.contains(['\n', '\r']) {
            return Err(RecordTextError::TagValue(name.to_string()));
        }
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Appends an action without comment.
    ///
    /// # Errors
    ///
    /// [`RecordTextError::Action`] if the text is empty, untrimmed, or holds braces or line
    /// breaks.
    pub fn push_action(&mut self, action: impl Into<String>) -> Result<(), RecordTextError> {
        let action = action.into();
        if !valid_action(&action) {
            return Err(RecordTextError::Action(action));
        }
        self.entries.push(Entry {
            action,
            comment: None,
        });
        Ok(())
    }

    /// Appends an action with a comment.
    ///
    /// # Errors
    ///
    /// As [`push_action`](Self::push_action), and [`RecordTextError::Comment`] if the comment
    /// holds `}` or a line break.
    pub fn push_commented(
        &mut self,
        action: impl Into<String>,
        comment: impl Into<String>,
    ) -> Result<(), RecordTextError> {
        let comment = comment.into();
        if comment.contains(['}', '\n', '\r']) {
            return Err(RecordTextError::Comment(comment));
        }
        self.push_action(action)?;
        if let Some(last) = self.entries.last_mut() {
            last.comment = Some(comment);
        }
        Ok(())
    }

    /// The entries (actions with comments) in order.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The action texts in order.
    pub fn actions(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.entries.iter().map(|e| e.action.as_str())
    }

    /// Whether this record, as written by `Display`, is within `limits`: its number of
    /// actions, the length of each line and the size of the whole text. For records built in
    /// memory (deserialised, say) before they are replayed. Work linear in the record's size,
    /// and no allocation.
    ///
    /// # Errors
    ///
    /// The first [`RecordLimitError`] found: actions, then lines, then bytes.
    pub fn check_limits(&self, limits: &RecordLimits) -> Result<(), RecordLimitError> {
        if self.entries.len() > limits.max_actions {
            return Err(RecordLimitError::Actions {
                count: self.entries.len(),
                max: limits.max_actions,
            });
        }
        let mut bytes: usize = 1; // the blank line after the tags
        let mut line = |length: usize| {
            bytes = bytes.saturating_add(length + 1);
            if length > limits.max_line_length {
                Err(RecordLimitError::Line {
                    length,
                    max: limits.max_line_length,
                })
            } else {
                Ok(())
            }
        };
        for (k, v) in &self.tags {
            // [k "v"] with \ and \" escaped.
            let escapes = v.bytes().filter(|&b| b == b'\\' || b == b'"').count();
            line(k.len() + v.len() + escapes + 5)?;
        }
        for (i, e) in self.entries.iter().enumerate() {
            let digits = (i + 1).ilog10() as usize + 1;
            let comment = e.comment.as_ref().map_or(0, |c| c.len() + 3);
            line(digits + 2 + e.action.len() + comment)?;
        }
        if bytes > limits.max_bytes {
            return Err(RecordLimitError::Bytes {
                bytes,
                max: limits.max_bytes,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
