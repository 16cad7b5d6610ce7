//! serde goes through the notation (feature `serde`).
#![cfg(feature = "serde")]

use tafl_core::{Move, MoveText, Ruleset, Setup, Status};

#[test]
fn serde_uses_the_notation() {
    let m: Move = "d1-d3".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"d1-d3\"");
    let t: MoveText = serde_json::from_str("\"d1-d3xc3xe3\"").unwrap();
    assert_eq!(t.to_string(), "d1-d3xc3/e3");
    let r = Ruleset::brandubh();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), r);
    let s = r.start_position().to_setup();
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), s);
    // Deserialisation validates.
    assert!(serde_json::from_str::<Move>("\"d1\"").is_err());
    assert!(serde_json::from_str::<Ruleset>("\"dim:7\"").is_err());
    let st = serde_json::to_string(&Status::Ongoing).unwrap();
    assert_eq!(
        serde_json::from_str::<Status>(&st).unwrap(),
        Status::Ongoing
    );
}
