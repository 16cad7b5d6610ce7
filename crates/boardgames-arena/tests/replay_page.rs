//! The replay page: a record's frames (the start, then one a action, each with its
//! picture), the page that steps through them, and the records refused.

use boardgames_arena::replay_page::{PageError, frames, page, replay_page};
use boardgames_common::{Record, Seed};
use sugoroku_core::{Ruleset, SugorokuGame};

/// The opening of a Fidchell game, with its captures.
const TAFL: &str = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. d7-d6\n2. c5-c6xc7\n3. d6-e6\n\
                    4. d5-b5xa5\n5. e1-e2\n6. e5-f5xg5\n";

#[test]
fn every_action_is_a_frame_with_its_picture() {
    let record: Record = TAFL.parse().unwrap();
    let f = frames(&record).unwrap();
    assert_eq!(f.game, "Tafl");
    assert_eq!(f.frames.len(), 7);
    assert_eq!(f.frames[0].action, None);
    assert_eq!(f.frames[2].action.as_deref(), Some("c5-c6xc7"));
    assert_eq!(f.frames[2].details[0], "captures c7");
    for frame in &f.frames {
        let svg = roxmltree::Document::parse(&frame.svg).expect("an SVG document");
        assert_eq!(svg.root_element().tag_name().name(), "svg");
    }
    let html = page(&f);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<title>Tafl</title>"));
    assert_eq!(replay_page(&record).unwrap(), html);
}

#[test]
fn a_sugoroku_game_is_a_page_of_its_throws() {
    let record = SugorokuGame::play_seeded(Ruleset::default(), Seed(1)).record;
    let f = frames(&record).unwrap();
    assert_eq!(f.game, "Sugoroku");
    assert_eq!(f.frames.len(), record.entries().len() + 1);
    assert_ne!(f.result, "unfinished");
}

#[test]
fn a_record_that_does_not_replay_gives_no_page() {
    let illegal: Record = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. d7-d6\n2. d6-d5\n"
        .parse()
        .unwrap();
    assert!(matches!(frames(&illegal), Err(PageError::Illegal(_))));
    let unknown: Record = "[Game \"Chess\"]\n\n1. e4\n".parse().unwrap();
    assert_eq!(
        replay_page(&unknown).unwrap_err(),
        PageError::Record(
            "unknown game \"Chess\" (expected Trictrac, Tafl or Sugoroku)".to_owned()
        )
    );
    let no_game: Record = "1. e4\n".parse().unwrap();
    assert_eq!(
        frames(&no_game).unwrap_err().to_string(),
        "bad record: the record has no Game tag"
    );
}
