//! The plain-text game record shared by the three games.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::limits::{RecordLimitError, RecordLimits};

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A carriage return inside a line is a line break: refused in a tag value and in a
    /// comment by the text, as by `set_tag`, `push_commented` and the serde form (found by
    /// the `record` fuzz target).
    #[test]
    fn a_carriage_return_inside_a_line_is_refused() {
        let tag = "[Game \"\r[@arac\"]\n";
        assert!(matches!(
            tag.parse::<Record>(),
            Err(ParseRecordError {
                line: 1,
                kind: ParseRecordErrorKind::Tag(_)
            })
        ));
        let comment = "[Game \"Tafl\"]\n1. d1-d3 {a\rb}\n";
        assert!(matches!(
            comment.parse::<Record>(),
            Err(ParseRecordError {
                line: 2,
                kind: ParseRecordErrorKind::Comment(_)
            })
        ));
        // A carriage return ending a line (CRLF text) is still read.
        let crlf = "[Game \"Tafl\"]\r\n1. d1-d3 {fine}\r\n"
            .parse::<Record>()
            .unwrap();
        assert_eq!(crlf.tag("Game"), Some("Tafl"));
        assert_eq!(crlf.entries()[0].comment.as_deref(), Some("fine"));
    }

    fn sample() -> Record {
        let mut r = Record::new("Trictrac");
        r.set_tag("Seed", "42").unwrap();
        r.set_tag("Note", "a \"quoted\" \\ value").unwrap();
        r.push_action("6-5").unwrap();
        r.push_commented("6-5: B1-B6, B1-B7", "White marks 4 [hit]")
            .unwrap();
        r
    }

    #[test]
    fn prints_the_documented_form() {
        assert_eq!(
            sample().to_string(),
            "[Game \"Trictrac\"]\n[Seed \"42\"]\n[Note \"a \\\"quoted\\\" \\\\ value\"]\n\n\
             1. 6-5\n2. 6-5: B1-B6, B1-B7 {White marks 4 [hit]}\n"
        );
    }

    #[test]
    fn round_trips() {
        let r = sample();
        assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
        assert_eq!(r.tag("Note"), Some("a \"quoted\" \\ value"));
        assert_eq!(
            r.actions().collect::<Vec<_>>(),
            ["6-5", "6-5: B1-B6, B1-B7"]
        );
    }

    #[test]
    fn parse_errors_name_the_line() {
        let e = "[Game \"X\"]\n\n1. a\n3. b\n"
            .parse::<Record>()
            .unwrap_err();
        assert_eq!(e.line, 4);
        assert_eq!(
            e.to_string(),
            "record line 4: action number 3 where 2 was expected"
        );
        let e = "[Game X]\n".parse::<Record>().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(matches!(e.kind, ParseRecordErrorKind::Tag(_)));
        let e = "1. a\n[Game \"X\"]".parse::<Record>().unwrap_err();
        assert_eq!(e.kind, ParseRecordErrorKind::LateTag("Game".into()));
        let e = "1. a {open".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, ParseRecordErrorKind::Comment(_)));
        let e = "hello".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, ParseRecordErrorKind::Syntax(_)));
        let e = "[A \"1\"]\n[A \"2\"]".parse::<Record>().unwrap_err();
        assert_eq!(e.kind, ParseRecordErrorKind::DuplicateTag("A".into()));
    }

    #[test]
    fn refuses_text_the_format_cannot_hold() {
        let mut r = Record::new("X");
        assert!(r.push_action("").is_err());
        assert!(r.push_action(" a").is_err());
        assert!(r.push_action("a{b").is_err());
        assert!(r.push_commented("a", "x}y").is_err());
        assert!(r.set_tag("bad name", "v").is_err());
        assert!(r.set_tag("Ok", "line\nbreak").is_err());
        assert!(r.entries().is_empty());
    }

    #[test]
    fn limits_are_checked_as_written() {
        let r = sample();
        let text = r.to_string();
        let longest = text.lines().map(str::len).max().unwrap();
        let exact = RecordLimits {
            max_actions: 2,
            max_bytes: text.len(),
            max_line_length: longest,
        };
        // At the limits: accepted, parsed and checked alike.
        assert_eq!(Record::parse_with_limits(&text, &exact), Ok(r.clone()));
        assert_eq!(r.check_limits(&exact), Ok(()));
        // One below each: refused by both.
        for (limits, expected) in [
            (
                RecordLimits {
                    max_actions: 1,
                    ..exact
                },
                RecordLimitError::Actions { count: 2, max: 1 },
            ),
            (
                RecordLimits {
                    max_bytes: text.len() - 1,
                    ..exact
                },
                RecordLimitError::Bytes {
                    bytes: text.len(),
                    max: text.len() - 1,
                },
            ),
            (
                RecordLimits {
                    max_line_length: longest - 1,
                    ..exact
                },
                RecordLimitError::Line {
                    length: longest,
                    max: longest - 1,
                },
            ),
        ] {
            assert_eq!(r.check_limits(&limits), Err(expected));
            let e = Record::parse_with_limits(&text, &limits).unwrap_err();
            assert_eq!(e.kind, ParseRecordErrorKind::Limit(expected));
        }
        let e = Record::parse_with_limits(
            &text,
            &RecordLimits {
                max_actions: 1,
                ..exact
            },
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "record line 6: more than 1 actions (the limit)"
        );
        assert_eq!(RecordLimits::default(), RecordLimits::DEFAULT);
    }

    #[test]
    fn byte_order_mark_and_long_lines() {
        let r: Record = "\u{feff}[Game \"X\"]\n\n1. a\n".parse().unwrap();
        assert_eq!(r.tag("Game"), Some("X"));
        let long = "y".repeat(10_000);
        let e = long.parse::<Record>().unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn blank_and_comment_lines_are_skipped() {
        let r: Record = "; a note\n[Game \"X\"]\n\n\n1. a\n; mid\n2. b {c}\n"
            .parse()
            .unwrap();
        assert_eq!(r.entries().len(), 2);
        assert_eq!(r.entries()[1].comment.as_deref(), Some("c"));
    }
}
