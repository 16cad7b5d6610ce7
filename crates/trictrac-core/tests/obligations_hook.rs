//! The "must fill / must keep" hook: an [`Obligations`] filter runs after "maximum number of
//! dice" and "the higher die" and before "coin par effet over par puissance" and the sortie
//! constraints; a filter that would remove every play is ignored.

use trictrac_core::{Colour, Jan, Obligations, PlayList, Position, Throw};

/// A stand-in for the scoring rules' filter: must keep the grand jan if possible.
struct MustKeepGrandJan;

impl Obligations for MustKeepGrandJan {
    fn apply(&self, position: &Position, _throw: Throw, plays: &mut PlayList) {
        let mover = position.side_to_move();
        if position.board().is_full(mover, Jan::GrandJan) {
            plays.retain_if_any(|c| Jan::GrandJan.paths().all(|p| c.after_at(p) >= 2));
        }
    }
}

/// Removes everything: must be ignored.
struct Nothing;

impl Obligations for Nothing {
    fn apply(&self, _: &Position, _: Throw, plays: &mut PlayList) {
        plays.retain(|_| false);
    }
}

#[test]
fn keep_filter_plugs_in() {
    // White's grand jan is full with three surplus dames; 2-1 may keep it or break it.
    let p: Position = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b15 w 9/9 0.0/0.0"
        .parse()
        .unwrap();
    let t: Throw = "2-1".parse().unwrap();
    let free = p.movement_plays(t);
    let kept = p.legal_plays_with(t, &MustKeepGrandJan);
    assert!(kept.len() < free.len());
    for i in 0..kept.len() {
        assert!(
            kept.board_after(i)
                .unwrap()
                .is_full(Colour::White, Jan::GrandJan)
        );
    }
    let texts: Vec<String> = kept.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        texts,
        [
            // Every way of moving surplus dames (one on each of B7, B8, B9) inside the jan.
            "2-1: B7-B9, B8-B9",
            "2-1: B7-B9-B10",
            "2-1: B8-B10, B9-B10",
            "2-1: B8-B10-B11",
            "2-1: B9-B11, B7-B8",
            "2-1: B9-B11-B12",
        ]
    );
    // play_with / is_legal_with refuse a play breaking the obligation.
    let breaking = p.parse_play("2-1: B11-N12").err();
    assert!(breaking.is_some(), "N12 is Black's coin");
    let breaking = p.parse_play("2-1: B10-B12, B10-B11").unwrap();
    assert!(p.is_legal(&breaking));
    assert!(!p.is_legal_with(&breaking, &MustKeepGrandJan));
    assert!(p.play_with(&breaking, &MustKeepGrandJan).is_err());
    let keeping = kept.get(0).unwrap();
    assert!(p.play_with(keeping, &MustKeepGrandJan).is_ok());
    let all = p.legal_plays_with(t, &Nothing);
    assert_eq!(all.len(), free.len());
}
