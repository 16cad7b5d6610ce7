//! The SVG pictures (feature `svg`): well-formed XML showing what the position holds.

use roxmltree::{Document, Node};
use tafl_core::svg::{SvgOptions, render};
use tafl_core::{MoveText, Ruleset, TaflGame};

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn squares<'a>(doc: &'a Document<'_>, class: &str) -> Vec<&'a str> {
    let mut v: Vec<&str> = with_class(doc, class)
        .iter()
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn fidchell_start_shows_every_piece_on_its_square() {
    let fidchell = Ruleset::fidchell();
    let start = fidchell.start_position();
    let svg = render(&start, fidchell.rules(), &SvgOptions::default());
    let doc = parse(&svg);
    let pos_attackers: Vec<String> = start.attackers().map(|s| s.to_string()).collect();
    let mut expected: Vec<&str> = pos_attackers.iter().map(String::as_str).collect();
    expected.sort_unstable();
    assert_eq!(squares(&doc, "piece attacker"), expected);
    assert_eq!(squares(&doc, "piece attacker").len(), 12);
    assert_eq!(squares(&doc, "piece defender").len(), 8);
    assert_eq!(squares(&doc, "piece king"), ["d4"]);
    assert_eq!(squares(&doc, "throne"), ["d4"]);
    assert_eq!(squares(&doc, "corner"), ["a1", "a7", "g1", "g7"]);
    assert!(squares(&doc, "visited").is_empty());
    assert!(with_class(&doc, "last-move").is_empty());
    // Coordinates a..g and 1..7, each on two sides.
    let labels: Vec<&str> = with_class(&doc, "label")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    for name in ["a", "g", "1", "7"] {
        assert_eq!(labels.iter().filter(|&&l| l == name).count(), 2, "{name}");
    }
    assert!(!labels.contains(&"h") && !labels.contains(&"8"));
    assert_eq!(
        with_class(&doc, "turn")[0].attribute("data-side"),
        Some("attackers")
    );
}

#[test]
fn copenhagen_has_eleven_files() {
    let svg = render(
        &Ruleset::copenhagen().start_position(),
        Ruleset::copenhagen().rules(),
        &SvgOptions::default(),
    );
    let doc = parse(&svg);
    assert_eq!(squares(&doc, "piece attacker").len(), 24);
    assert_eq!(squares(&doc, "piece defender").len(), 12);
    assert_eq!(squares(&doc, "square").len(), 121);
    assert_eq!(squares(&doc, "corner"), ["a1", "a11", "k1", "k11"]);
}

#[test]
fn last_move_arrow_and_captured_squares() {
    // The first moves of the sample Fidchell game (seed 1): 2. c5-c6xc7 captures.
    let mut game = TaflGame::new(Ruleset::fidchell());
    for text in ["d7-d6", "c5-c6"] {
        let m = boardgames_common::Game::parse_action(&game, text).unwrap();
        let _ = game.play_mut(m).unwrap();
    }
    let last: MoveText = *game.moves().last().unwrap();
    assert_eq!(last.to_string(), "c5-c6xc7");
    let svg = render(
        game.position(),
        game.rules(),
        &SvgOptions {
            last_move: Some(last),
            title: Some("After c5-c6"),
        },
    );
    let doc = parse(&svg);
    let arrows = with_class(&doc, "last-move");
    assert_eq!(arrows.len(), 1);
    assert_eq!(arrows[0].attribute("data-move"), Some("c5-c6"));
    assert_eq!(squares(&doc, "captured"), ["c7"]);
    assert_eq!(squares(&doc, "from"), ["c5"]);
    assert_eq!(squares(&doc, "to"), ["c6"]);
    assert_eq!(squares(&doc, "piece attacker").len(), 11);
    assert!(!squares(&doc, "piece attacker").contains(&"c7"));
}

#[test]
fn visited_corners_are_marked() {
    // Fidchell's four-corner win: the king at d4 has visited a1 and g7 (the setup's notation).
    let setup: tafl_core::Setup = "/1t5/7/7/3K3/7/7/5T1/ d a1,g7".parse().unwrap();
    let fidchell = Ruleset::fidchell();
    let pos = fidchell.position(&setup).unwrap();
    let svg = render(&pos, fidchell.rules(), &SvgOptions::default());
    let doc = parse(&svg);
    assert_eq!(squares(&doc, "visited"), ["a1", "g7"]);
    assert_eq!(squares(&doc, "piece king"), ["d4"]);
    assert_eq!(squares(&doc, "piece attacker"), ["b1"]);
    assert_eq!(squares(&doc, "piece defender"), ["f7"]);
    assert!(svg.contains("corners visited by the king: a1, g7"));
    assert_eq!(
        with_class(&doc, "turn")[0].attribute("data-side"),
        Some("defenders")
    );
}

#[test]
fn berserk_officers_carry_their_letter() {
    // OpenTafl's built-in Berserk (rank 1 first): four attacking commanders (c) and one
    // defending knight (N, on e5).
    let rules = Ruleset::from_opentafl(
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
         start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
    )
    .unwrap();
    let start = rules.start_position();
    let doc_text = render(&start, rules.rules(), &SvgOptions::default());
    let doc = parse(&doc_text);
    let commanders = squares(&doc, "officer commander");
    let knights = squares(&doc, "officer knight");
    assert_eq!(commanders, ["b6", "f10", "f2", "j6"]);
    assert_eq!(knights, ["e5"]);
    // Every commander stands on an attacker's disc, the knight on a defender's.
    let attackers = squares(&doc, "piece attacker");
    assert!(commanders.iter().all(|s| attackers.contains(s)));
    assert!(squares(&doc, "piece defender").contains(&"e5"));
    for node in with_class(&doc, "officer commander") {
        assert_eq!(node.text(), Some("C"));
    }
    assert_eq!(with_class(&doc, "officer knight")[0].text(), Some("N"));
    // Soldiers of a ruleset without officers carry no letter.
    let plain = render(
        &Ruleset::copenhagen().start_position(),
        Ruleset::copenhagen().rules(),
        &SvgOptions::default(),
    );
    assert!(!plain.contains("officer"));
}
