use super::*;
use crate::piece::{Piece, PieceSet};
use crate::position::PositionError;
use crate::rules::{KingStrength, Rules};
use crate::ruleset::Ruleset;

#[test]
fn presets_round_trip() {
    for r in Ruleset::presets() {
        let text = r.to_string();
        let back: Ruleset = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, r, "{text}");
        assert_eq!(back.to_string(), text);
    }
}

#[test]
fn one_parse_reads_a_preset_or_a_rules_string() {
    // A preset's name, case and `-`/`_`/space ignored, with its option.
    for (text, ruleset) in [
        ("fidchell", Ruleset::fidchell()),
        ("Brandubh", Ruleset::brandubh()),
        ("COPENHAGEN", Ruleset::copenhagen()),
        ("tablut", Ruleset::tablut()),
        ("ard_ri", Ruleset::ard_ri()),
        ("Ard-Ri", Ruleset::ard_ri()),
        (
            "  brandubh  repetition:none ",
            Ruleset::brandubh().without_repetition(),
        ),
    ] {
        assert_eq!(text.parse::<Ruleset>(), Ok(ruleset), "{text:?}");
    }
    // A rules string, and what Display writes of a preset's ruleset, read back.
    let brandubh = Ruleset::brandubh();
    assert_eq!(brandubh.to_string().parse::<Ruleset>(), Ok(brandubh));
    // Neither: one error naming what was expected.
    for text in ["chess", "", "   ", "fidchel"] {
        assert_eq!(
            text.parse::<Ruleset>(),
            Err(RulesStringError::Unknown(text.to_string()))
        );
    }
    assert_eq!(
        "chess".parse::<Ruleset>().unwrap_err().to_string(),
        "unknown ruleset \"chess\": expected a preset (fidchell, brandubh, copenhagen, tablut, \
         ard_ri) or an OpenTafl rules string such as \"dim:7 ... start:/.../\""
    );
    // A text with a `:` that is no preset is a rules string, with the rules string's errors.
    assert_eq!(
        "chess:1".parse::<Ruleset>(),
        Err(RulesStringError::Missing("dim"))
    );
}

#[test]
fn fidchell_string() {
    assert_eq!(
        Ruleset::fidchell().to_string(),
        "dim:7 name:Fidchell surf:n atkf:y cenh: cenhe:tK kvc:y edgeh:tT ncl:200 \
         start:/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/"
    );
    // The first release's throne, hostile to all when empty, is OpenTafl's default.
    let old = Ruleset::new(
        "Fidchell",
        Rules::fidchell_throne_hostile_to_all(),
        &Ruleset::fidchell().start_position().to_setup(),
    )
    .unwrap();
    assert_eq!(
        old.to_string(),
        "dim:7 name:Fidchell surf:n atkf:y cenh: kvc:y edgeh:tT ncl:200 \
         start:/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/"
    );
    assert_eq!(old.to_string().parse::<Ruleset>(), Ok(old));
    assert_eq!(
        Ruleset::brandubh().to_string(),
        "dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    );
}

#[test]
fn opentafl_strings_parse() {
    // OpenTafl's own Brandub: weak king, no hostile throne, no enclosure.
    let r: Ruleset = "rules dim:7 name:Brandub surf:n atkf:y ks:w nj:n cj:n cenh: cenhe: \
                      start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        .parse()
        .unwrap();
    assert_eq!(r.name(), "Brandub");
    assert_eq!(r.rules().king_strength, KingStrength::Weak);
    assert!(!r.rules().enclosure);
    assert_eq!(r.rules().throne.hostile_empty, PieceSet::NONE);
    assert!(r.rules().throne.stoppable.contains(Piece::King));
    assert!(!r.rules().throne.stoppable.contains(Piece::Defender));
    let with_corners: Ruleset =
        "dim:7 cor:g7,a1,g1,a7, cen:d4 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
            .parse()
            .unwrap();
    assert!(with_corners.rules().has_corners);
}

#[test]
fn bad_strings_are_refused() {
    use RulesStringError as E;
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    assert_eq!("name:x".parse::<Ruleset>(), Err(E::Missing("dim")));
    let huge = format!("dim:99999999999 {start}").parse::<Ruleset>();
    assert_eq!(huge, Err(E::Size("99999999999".into())));
    assert_eq!(
        huge.unwrap_err().to_string(),
        "board size dim:99999999999 is not supported: use a number from 7 to 11"
    );
    assert_eq!(
        format!("dim:13 {start}").parse::<Ruleset>(),
        Err(E::Size("13".into()))
    );
    assert_eq!(
        format!("dim:x {start}").parse::<Ruleset>(),
        Err(E::Size("x".into()))
    );
    assert_eq!("dim:7".parse::<Ruleset>(), Err(E::Missing("start")));
    assert_eq!(
        format!("dim:7 ks:q {start}").parse::<Ruleset>(),
        Err(bad("ks", "q"))
    );
    assert_eq!(
        format!("dim:7 ber:y {start}").parse::<Ruleset>(),
        Err(bad("ber", "y"))
    );
    assert_eq!(
        format!("dim:7 kj:q {start}").parse::<Ruleset>(),
        Err(bad("kj", "q"))
    );
    // A side with commanders and knights at once is read (it was refused before).
    let both = "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3n3/3c3/"
        .parse::<Ruleset>()
        .map(|r| r.rules().officers.attackers);
    assert_eq!(both, Ok(crate::OfficerSet::BOTH));
    assert_eq!(
        format!("dim:7 zz:y {start}").parse::<Ruleset>(),
        Err(E::UnknownKey("zz".into()))
    );
    assert_eq!(
        format!("dim:7 dim:7 {start}").parse::<Ruleset>(),
        Err(E::Duplicate("dim".into()))
    );
    assert_eq!(
        format!("dim:7 cor:a1 {start}").parse::<Ruleset>(),
        Err(unsupported("cor", "a1"))
    );
    assert!(matches!(
        format!("dim:9 {start}").parse::<Ruleset>(),
        Err(E::Position(PositionError::Size { setup: 7, rules: 9 }))
    ));
    assert_eq!(
        format!("dim:7 esc:e kvc:y {start}").parse::<Ruleset>(),
        Err(bad("kvc", "y"))
    );
    assert!(matches!(
        "dim:7 start:/3t3/".parse::<Ruleset>(),
        Err(E::Start(_))
    ));
    assert_eq!(
        "dim:7 junk".parse::<Ruleset>(),
        Err(E::Token("junk".into()))
    );
}
