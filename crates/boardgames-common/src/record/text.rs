//! The text format of a [`Record`]: `Display` writes it, `FromStr` and
//! [`Record::parse_with_limits`] read it back, with [`ParseRecordError`] naming the line.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Entry, Record, valid_action, valid_tag_name};
use crate::limits::{RecordLimitError, RecordLimits};

/// Error of [`Record::from_str`]: what was wrong and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("record line {line}: {kind}")]
pub struct ParseRecordError {
    /// The line, counted from 1.
    pub line: usize,
    /// What was wrong.
    pub kind: ParseRecordErrorKind,
}

/// What was wrong in a record line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseRecordErrorKind {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("malformed tag {0:?}: expected [Name \"value\"]")]
    Tag(String),
    /// A tag after the first action.
    #[error("tag {0:?} after the first action")]
    LateTag(String),
    /// A line is neither a tag nor `N. action`.
    #[error("expected \"N. action\", found {0:?}")]
    Syntax(String),
    /// An action number out of sequence.
    #[error("action number {found} where {expected} was expected")]
    Number {
        /// The number the line should have had.
        expected: usize,
        /// The number it had.
        found: String,
    },
    /// A comment is not closed on its line, or text follows it.
    #[error("unterminated or misplaced comment in {0:?}")]
    Comment(String),
    /// The same tag twice.
    #[error("tag {0:?} given twice")]
    DuplicateTag(String),
    /// The text is beyond a limit given to [`Record::parse_with_limits`]: parsing stopped
    /// there (the number of actions is reported as the limit was passed).
    #[error("{}", limit_message(.0))]
    Limit(RecordLimitError),
}

fn limit_message(e: &RecordLimitError) -> String {
    match *e {
        RecordLimitError::Actions { max, .. } => format!("more than {max} actions (the limit)"),
        other => other.to_string(),
    }
}

/// The start of an offending line for an error message: at most 80 characters.
fn excerpt(line: &str) -> String {
    match line.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            let escaped = v.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{k} \"{escaped}\"]")?;
        }
        writeln!(f)?;
        for (i, e) in self.entries.iter().enumerate() {
            write!(f, "{}. {}", i + 1, e.action)?;
            if let Some(c) = &e.comment {
                write!(f, " {{{c}}}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    if !valid_tag_name(name) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return None,
            },
            // A carriage return inside a line is a line break, which no tag value holds
            // (as `Record::set_tag` and the serde form refuse it).
            '"' | '\r' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

impl FromStr for Record {
    type Err = ParseRecordError;
    /// Reads a record without limits (see [`Record::parse_with_limits`] for untrusted text).
    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        Record::parse_with_limits(s, &RecordLimits::NONE)
    }
}

impl Record {
    /// Reads a record as `FromStr` does, refusing text beyond `limits` before doing the work:
    /// the whole text's size is checked first, then each line's length and the number of
    /// actions as they are read. The work is linear in the text read.
    ///
    /// # Errors
    ///
    /// [`ParseRecordError`] with [`ParseRecordErrorKind::Limit`] for text beyond the limits
    /// (line 1 for the size of the whole text), or any other kind for malformed text.
    pub fn parse_with_limits(s: &str, limits: &RecordLimits) -> Result<Record, ParseRecordError> {
        if s.len() > limits.max_bytes {
            return Err(ParseRecordError {
                line: 1,
                kind: ParseRecordErrorKind::Limit(RecordLimitError::Bytes {
                    bytes: s.len(),
                    max: limits.max_bytes,
                }),
            });
        }
        let mut record = Record::default();
        // A byte-order mark written by some editors is not part of the record.
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        for (i, raw) in s.lines().enumerate() {
            let line_no = i + 1;
            let err = |kind| ParseRecordError {
                line: line_no,
                kind,
            };
            if raw.len() > limits.max_line_length {
                return Err(err(ParseRecordErrorKind::Limit(RecordLimitError::Line {
                    length: raw.len(),
                    max: limits.max_line_length,
                })));
            }
            let line = raw.trim();
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            if line.starts_with('[') {
                let (k, v) =
                    parse_tag(line).ok_or_else(|| err(ParseRecordErrorKind::Tag(excerpt(line))))?;
                if !record.entries.is_empty() {
                    return Err(err(ParseRecordErrorKind::LateTag(k)));
                }
                if record.tag(&k).is_some() {
                    return Err(err(ParseRecordErrorKind::DuplicateTag(k)));
                }
                record.tags.push((k, v));
                continue;
            }
            if record.entries.len() >= limits.max_actions {
                return Err(err(ParseRecordErrorKind::Limit(
                    RecordLimitError::Actions {
                        count: record.entries.len() + 1,
                        max: limits.max_actions,
                    },
                )));
            }
            let (num, rest) = line
                .split_once(". ")
                .ok_or_else(|| err(ParseRecordErrorKind::Syntax(excerpt(line))))?;
            let expected = record.entries.len() + 1;
            if num.parse::<usize>().ok() != Some(expected) {
                return Err(err(ParseRecordErrorKind::Number {
                    expected,
                    found: num.into(),
                }));
            }
            let (action, comment) = match rest.split_once('{') {
                Some((a, c)) => {
                    let c = c
                        .strip_suffix('}')
                        .filter(|c| !c.contains(['}', '\r']))
                        .ok_or_else(|| err(ParseRecordErrorKind::Comment(excerpt(line))))?;
                    (a.trim(), Some(c.to_string()))
                }
                None => (rest.trim(), None),
            };
            if !valid_action(action) {
                return Err(err(ParseRecordErrorKind::Syntax(excerpt(line))));
            }
            record.entries.push(Entry {
                action: action.to_string(),
                comment,
            });
        }
        Ok(record)
    }
}
