//! Helpers shared by the referee tests.
#![allow(dead_code, unused_imports)]

pub(crate) use boardgames_common::{Agent, ByPlayer, Game, RandomAgent, Seed, Turn, sample_chance};
pub(crate) use trictrac_core::Colour::{self, Black, White};
pub(crate) use trictrac_core::marking::Marking;
pub(crate) use trictrac_core::referee::{Due, TrousEnTrop};
pub(crate) use trictrac_core::referee::{
    Entry, Fault, Gesture, Referee, RefereeError, RefereePhase, Remedy, Report,
};
pub(crate) use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
pub(crate) use trictrac_core::{Action, GameOptions, Primaute, TrictracGame};
pub(crate) use trictrac_core::{Dest, Play, Position};

pub(crate) fn referee(pos: &str) -> Referee {
    Referee::from_position(pos.parse().expect("position"), 12).expect("marks")
}

pub(crate) fn go(r: &mut Referee, who: Colour, line: &str) -> Vec<Report> {
    let g: Gesture = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    r.gesture(who, g)
        .unwrap_or_else(|e| panic!("{who} {line}: {e}"))
}

pub(crate) fn script(r: &mut Referee, who: Colour, lines: &[&str]) -> Vec<Report> {
    let mut out = Vec::new();
    for l in lines {
        out.extend(go(r, who, l));
    }
    out
}

/// A refused gesture: the error, and the referee unchanged.
pub(crate) fn refused(r: &mut Referee, who: Colour, line: &str) -> RefereeError {
    let before = format!("{r:?}");
    let g: Gesture = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    let e = r.gesture(who, g).expect_err(line);
    assert_eq!(format!("{r:?}"), before, "{line} changed the referee");
    e
}

pub(crate) fn moves_of(play: &Play) -> Vec<String> {
    play.moves()
        .iter()
        .map(|m| format!("move {} {}", m.from, m.to))
        .collect()
}

/// The gestures that mark `points` correctly for `colour` on `marking`.
pub(crate) fn correct_marking(
    marking: &Marking,
    colour: Colour,
    points: u8,
    leaving: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if points == 0 {
        return out;
    }
    let due = Due::of(marking, colour, points);
    if due.trous > 0 {
        out.push(format!("trous {}", due.trous));
    }
    if due.jeux > 0 {
        if marking.points(colour.other()) > 0 {
            out.push("wipe-opponent".into());
        }
        if leaving || due.reste != due.before {
            if due.before > 0 {
                out.push("wipe".into());
            }
            if due.reste > 0 && !leaving {
                out.push(format!("mark {}", due.reste));
            }
        }
    } else {
        out.push(format!("mark {points}"));
    }
    out
}

pub(crate) fn lines(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Black hits the White dame on B8 by 6-5 (2 ways in the grand-jan table: 4 points).
pub(crate) const HIT: &str = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";

pub(crate) fn first_play(pos: &str, throw: &str) -> Vec<String> {
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, throw.parse().expect("throw"), &ScoringRules::default());
    moves_of(a.legal_plays().get(0).expect("a play"))
}

pub(crate) fn ecole_report(reports: &[Report]) -> &Report {
    reports
        .iter()
        .find(|r| {
            matches!(
                r.fault,
                Fault::EcoleParOmission | Fault::EcoleParExces | Fault::EcoleMixte
            )
        })
        .unwrap_or_else(|| panic!("no école in {reports:?}"))
}
