//! The SVG pictures (feature `svg`): well-formed XML showing what the position holds.

use boardgames_common::{Player, Throw};
use roxmltree::{Document, Node};
use sugoroku_core::svg::{SvgOptions, render};
use sugoroku_core::{Position, Ruleset, SugorokuGame};

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

fn pawns(doc: &Document<'_>, colour: &str, point: u8) -> usize {
    let p = point.to_string();
    with_class(doc, &format!("pawn {colour}"))
        .iter()
        .filter(|n| n.attribute("data-point") == Some(p.as_str()))
        .count()
}

fn phase(doc: &Document<'_>, colour: &str) -> String {
    with_class(doc, "phase")
        .iter()
        .find(|n| n.attribute("data-player") == Some(colour))
        .and_then(|n| n.attribute("data-phase"))
        .unwrap_or("?")
        .to_string()
}

#[test]
fn start_is_an_empty_board_with_full_reserves() {
    let svg = render(&Position::start(), &SvgOptions::default());
    let doc = parse(&svg);
    assert!(with_class(&doc, "pawn white").is_empty());
    assert!(with_class(&doc, "pawn black").is_empty());
    assert_eq!(with_class(&doc, "reserve white").len(), 15);
    assert_eq!(with_class(&doc, "reserve black").len(), 15);
    assert_eq!(with_class(&doc, "point").len(), 24);
    assert_eq!(phase(&doc, "white"), "1");
    assert_eq!(phase(&doc, "black"), "1");
    assert!(with_class(&doc, "die").is_empty());
    assert!(with_class(&doc, "target").is_empty());
    // Points 1..12 above and below the board.
    let labels: Vec<&str> = with_class(&doc, "label")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    for k in 1..=12 {
        assert_eq!(labels.iter().filter(|&&l| l == k.to_string()).count(), 2);
    }
}

#[test]
fn a_position_in_phase_two_shows_camps_reserves_and_captures() {
    // The notation's example: white in phase 2 holding 2 black pawns.
    let pos: Position = "000120300100/0/2 000010000200/10/0 b 31".parse().unwrap();
    let throw = Throw::from_values(3, 3).unwrap();
    let svg = render(
        &pos,
        &SvgOptions {
            last_throw: Some(throw),
            title: Some("Phase 2"),
            note: Some("white captures 2 on 4"),
            end: None,
        },
    );
    let doc = parse(&svg);
    for (k, n) in pos.camp(Player::First).iter().enumerate() {
        assert_eq!(
            pawns(&doc, "white", k as u8 + 1),
            usize::from(*n),
            "white {k}"
        );
    }
    assert_eq!(pawns(&doc, "white", 4), 1);
    assert_eq!(pawns(&doc, "white", 5), 2);
    assert_eq!(pawns(&doc, "white", 7), 3);
    assert_eq!(pawns(&doc, "black", 5), 1);
    assert_eq!(pawns(&doc, "black", 10), 2);
    assert_eq!(with_class(&doc, "pawn white").len(), 7);
    assert_eq!(with_class(&doc, "pawn black").len(), 3);
    assert!(with_class(&doc, "reserve white").is_empty());
    assert_eq!(with_class(&doc, "reserve black").len(), 10);
    assert_eq!(with_class(&doc, "held white").len(), 2);
    assert!(with_class(&doc, "held black").is_empty());
    assert_eq!(phase(&doc, "white"), "2");
    assert_eq!(phase(&doc, "black"), "1");
    let dice: Vec<&str> = with_class(&doc, "die")
        .iter()
        .filter_map(|n| n.attribute("data-value"))
        .collect();
    assert_eq!(dice, ["3", "3"]);
    // The sum 6 is marked in both camps.
    let targets: Vec<&str> = with_class(&doc, "target")
        .iter()
        .filter_map(|n| n.attribute("data-point"))
        .collect();
    assert_eq!(targets, ["6", "6"]);
    assert!(svg.contains("white captures 2 on 4"));
    assert_eq!(
        with_class(&doc, "turn")[0].attribute("data-player"),
        Some("black")
    );
}

#[test]
fn a_finished_game_names_its_end_and_nobody_to_throw() {
    let played = SugorokuGame::play_seeded(Ruleset::default(), boardgames_common::Seed(1));
    let game = SugorokuGame::from_record(&played.record).unwrap();
    let end = game.end().unwrap();
    let svg = render(
        game.position(),
        &SvgOptions {
            end: Some(end),
            ..SvgOptions::default()
        },
    );
    let doc = parse(&svg);
    assert!(with_class(&doc, "turn").is_empty());
    assert!(svg.contains(&end.to_string()));
    for p in [Player::First, Player::Second] {
        let colour = if p == Player::First { "white" } else { "black" };
        assert_eq!(
            with_class(&doc, &format!("held {colour}")).len(),
            usize::from(game.position().held(p))
        );
        assert_eq!(
            with_class(&doc, &format!("pawn {colour}")).len(),
            usize::from(game.position().on_board(p))
        );
    }
}
