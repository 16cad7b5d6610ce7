//! The SVG pictures (feature `svg`): well-formed XML showing what the position holds.

use roxmltree::{Document, Node};
use trictrac_core::svg::{SvgOptions, render};
use trictrac_core::{Colour, Position};

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// Dames of the class `dame <colour>` on `point` (`off` for the borne-off tray).
fn dames(doc: &Document<'_>, colour: &str, point: &str) -> usize {
    with_class(doc, &format!("dame {colour}"))
        .iter()
        .filter(|n| n.attribute("data-point") == Some(point))
        .count()
}

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

#[test]
fn start_shows_fifteen_dames_on_each_talon_and_every_label() {
    let svg = render(&Position::start(), &SvgOptions::default());
    let doc = parse(&svg);
    assert_eq!(dames(&doc, "white", "B1"), 15);
    assert_eq!(dames(&doc, "black", "N1"), 15);
    assert_eq!(with_class(&doc, "dame white").len(), 15);
    assert_eq!(with_class(&doc, "dame black").len(), 15);
    let labels: Vec<&str> = with_class(&doc, "label")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    for side in ["B", "N"] {
        for k in 1..=12 {
            let label = format!("{side}{k}");
            assert!(labels.contains(&label.as_str()), "label {label} missing");
        }
    }
    // 24 flèches in two colours, alternating.
    assert_eq!(with_class(&doc, "fleche dark").len(), 12);
    assert_eq!(with_class(&doc, "fleche light").len(), 12);
    // Stacks taller than five have their count written.
    let counts: Vec<&str> = with_class(&doc, "count")
        .iter()
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(counts, ["15", "15"]);
    // No marks, no throw: no fichet, no jeton, no die, no arrow; White to move.
    for class in [
        "fichet white",
        "fichet black",
        "jeton white",
        "jeton black",
        "die",
        "arrow",
    ] {
        assert!(with_class(&doc, class).is_empty(), "{class}");
    }
    let turn = with_class(&doc, "turn");
    assert_eq!(turn.len(), 1);
    assert_eq!(turn[0].attribute("data-colour"), Some("white"));
}

#[test]
fn each_point_holds_its_dames() {
    // The notation's example
    // ([trictrac-notation.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-notation.md)).
    let p = pos("B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 0.4/1.0*");
    let doc_text = render(&p, &SvgOptions::default());
    let doc = parse(&doc_text);
    assert_eq!(dames(&doc, "white", "B1"), 13);
    assert_eq!(dames(&doc, "white", "B3"), 2);
    assert_eq!(dames(&doc, "black", "N1"), 12);
    assert_eq!(dames(&doc, "black", "N12"), 3);
    assert_eq!(dames(&doc, "white", "off") + dames(&doc, "black", "off"), 0);
    // Only the stacks of more than five dames get a count.
    let counted: Vec<&str> = with_class(&doc, "count")
        .iter()
        .filter_map(|n| n.attribute("data-point"))
        .collect();
    assert_eq!(counted, ["B1", "N1"]);
    // White: 4 points on one jeton; Black: one trou on the fichet.
    let jetons = with_class(&doc, "jeton white");
    assert_eq!(jetons.len(), 1);
    assert_eq!(jetons[0].attribute("data-points"), Some("4"));
    assert!(with_class(&doc, "jeton black").is_empty());
    assert_eq!(with_class(&doc, "fichet black").len(), 1);
    assert!(with_class(&doc, "fichet white").is_empty());
    assert_eq!(
        with_class(&doc, "turn")[0].attribute("data-colour"),
        Some("black")
    );
}

#[test]
fn the_double_jeton_shows_the_bredouille_and_fichets_count_trous() {
    // Both have points; White marks with the double jeton (en bredouille).
    let p = pos("B1:w15,N1:b15 w 3/3 2.4*/5.2");
    let doc_text = render(&p, &SvgOptions::default());
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "jeton white").len(), 2);
    assert_eq!(with_class(&doc, "jeton black").len(), 1);
    assert_eq!(with_class(&doc, "fichet white").len(), 2);
    assert_eq!(with_class(&doc, "fichet black").len(), 5);
    assert!(doc_text.contains("White: 4 points en bredouille, 2 trous"));
}

#[test]
fn dames_borne_off_lie_in_the_tray() {
    // Glossary SORTIE: White has five dames left in his jan de retour.
    let p = pos("N6:w1,N4:w1,N2:w1,N1:w2,B1:b15 w 20/20 0.0/0.0");
    let doc_text = render(&p, &SvgOptions::default());
    let doc = parse(&doc_text);
    assert_eq!(dames(&doc, "white", "off"), 10);
    assert_eq!(dames(&doc, "black", "off"), 0);
    assert_eq!(dames(&doc, "white", "N1"), 2);
    assert_eq!(with_class(&doc, "dame white").len(), 15);
}

#[test]
fn throw_play_arrows_and_pavillon() {
    let start = Position::start();
    let throw = "6-6".parse().unwrap();
    let plays = start.movement_plays(throw);
    let play = plays.get(0).copied().unwrap();
    let svg = render(
        &start,
        &SvgOptions {
            throw: Some(throw),
            play: Some(&play),
            pavillon: Some(Colour::Black),
            title: Some("Sonnez <from the talon>"),
        },
    );
    let doc = parse(&svg);
    let dice: Vec<&str> = with_class(&doc, "die")
        .iter()
        .filter_map(|n| n.attribute("data-value"))
        .collect();
    assert_eq!(dice, ["6", "6"]);
    assert_eq!(with_class(&doc, "pip").len(), 12);
    let arrows: Vec<&str> = with_class(&doc, "arrow")
        .iter()
        .filter_map(|n| n.attribute("data-move"))
        .collect();
    assert_eq!(arrows, ["B1-B7", "B1-B7"]);
    let pavillon = with_class(&doc, "pavillon");
    assert_eq!(pavillon.len(), 1);
    assert_eq!(pavillon[0].attribute("data-holder"), Some("black"));
    // The title is escaped text.
    assert!(
        doc.descendants()
            .any(|n| n.text() == Some("Sonnez <from the talon>"))
    );
}
