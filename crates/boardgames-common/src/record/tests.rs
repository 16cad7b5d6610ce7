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
