//! Property tests of the text forms: throws, seeds and records round-trip.

use boardgames_common::{Record, Seed, Throw};
use proptest::prelude::*;

proptest! {
    #[test]
    fn throw_round_trips_in_every_written_form(a in 1u8..=6, b in 1u8..=6) {
        let t = Throw::from_values(a, b).unwrap();
        prop_assert_eq!(t.to_string().parse::<Throw>().unwrap(), t);
        prop_assert_eq!(format!("{a}-{b}").parse::<Throw>().unwrap(), t);
        prop_assert_eq!(format!("{a}{b}").parse::<Throw>().unwrap(), t);
        prop_assert_eq!(t.high().get(), a.max(b));
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(s in "\\PC{0,12}") {
        let _ = s.parse::<Throw>();
        let _ = s.parse::<Seed>();
        let _ = s.parse::<Record>();
    }

    #[test]
    fn seed_round_trips(v in any::<u64>()) {
        prop_assert_eq!(Seed(v).to_string().parse::<Seed>().unwrap(), Seed(v));
    }

    #[test]
    fn record_round_trips(
        tags in proptest::collection::vec(("[A-Za-z_][A-Za-z0-9_]{0,8}", "[^\r\n]{0,20}"), 0..5),
        actions in proptest::collection::vec(
            ("[a-z0-9][a-z0-9 :,x/-]{0,14}[a-z0-9]", proptest::option::of("[^}\r\n]{0,20}")),
            0..20,
        ),
    ) {
        let mut r = Record::new("Test");
        for (k, v) in &tags {
            r.set_tag(k, v).unwrap();
        }
        for (a, c) in &actions {
            match c {
                Some(c) => r.push_commented(a.clone(), c.clone()).unwrap(),
                None => r.push_action(a.clone()).unwrap(),
            }
        }
        let text = r.to_string();
        let back: Record = text.parse().unwrap();
        prop_assert_eq!(back, r);
    }
}

/// Deserialising checks what the text form checks: a record that deserialises prints a record
/// that parses back to it.
#[cfg(feature = "serde")]
#[test]
fn serde_refuses_what_the_text_form_cannot_hold() {
    use boardgames_common::Record;
    let good = r#"{"tags":[["Game","Tafl"]],"entries":[{"action":"a1-a2","comment":"ok"}]}"#;
    let r: Record = serde_json::from_str(good).unwrap();
    assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
    assert_eq!(serde_json::to_string(&r).unwrap(), good);
    for bad in [
        r#"{"tags":[["Game name","Tafl"]],"entries":[]}"#,
        r#"{"tags":[["Game","Ta\nfl"]],"entries":[]}"#,
        r#"{"tags":[["Game","Tafl"],["Game","Tafl"]],"entries":[]}"#,
        r#"{"tags":[],"entries":[{"action":"a1\na2","comment":null}]}"#,
        r#"{"tags":[],"entries":[{"action":"a1-a2","comment":"}"}]}"#,
        r#"{"tags":[],"entries":[{"action":"","comment":null}]}"#,
    ] {
        let e = serde_json::from_str::<Record>(bad).unwrap_err();
        assert!(
            e.to_string().contains("tag")
                || e.to_string().contains("action")
                || e.to_string().contains("comment"),
            "{bad}: {e}"
        );
    }
}
