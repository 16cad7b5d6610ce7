//! The worked examples (EXEMPLE paragraphs) of the French glossary of the
//! laws of trictrac that involve points, with the points each
//! player marks.
//!
//! The glossary's diagrams are lost: every position below is built from the words of its
//! paragraph (the points named, the dames and rests it mentions), with the other dames put
//! where they neither hit nor block; each test says what the words fix.

use trictrac_core::scoring::{HowKept, JanKind, ScoringRules, Table, ThrowAnalysis};
use trictrac_core::{Colour, Die, Jan, Number, Point, Position};

fn analyse(pos: &str, throw: &str) -> ThrowAnalysis {
    let pos: Position = pos.parse().expect("test position");
    ThrowAnalysis::new(
        &pos,
        throw.parse().expect("throw"),
        &ScoringRules::default(),
    )
}

/// (White, Black) points marked before the play.
fn before(a: &ThrowAnalysis) -> (u8, u8) {
    (
        a.points_before(Colour::White),
        a.points_before(Colour::Black),
    )
}

fn kinds(a: &ThrowAnalysis) -> Vec<JanKind> {
    a.before_play().iter().map(|e| e.kind).collect()
}

fn pt(s: &str) -> Point {
    s.parse().expect("point")
}

/// Every legal play adds nothing beyond `before_play`.
fn nothing_after(a: &ThrowAnalysis) {
    for i in 0..a.legal_plays().len() {
        assert!(a.after_play_index(i).expect("index").is_empty());
    }
}

// ---------------------------------------------------------------- BATTRE UNE DAME

#[test]
fn battre_une_dame_exemple_1_two_direct_numbers() {
    // "La dame blanche en B8 est battue par le 5 avec une dame noire du coin N12 et par le 6
    // avec la dame noire en N11." Black: coin N12, N11, the rest on the talon.
    let a = analyse("B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0", "6-5");
    assert_eq!(kinds(&a), [JanKind::HitAVrai(Table::GrandJan)]);
    let e = a.before_play()[0];
    assert_eq!(e.ways, 2);
    let hit = e.hit.expect("hit details");
    assert_eq!(hit.dame, pt("B8"));
    let ways: Vec<(Point, Number)> = hit.ways().iter().map(|w| (w.from, w.number)).collect();
    assert_eq!(
        ways,
        [
            (pt("N11"), Number::Die(Die::SIX)),
            (pt("N12"), Number::Die(Die::new(5).expect("die"))),
        ]
    );
    // Grand-jan table, simple throw: 2 per way.
    assert_eq!(before(&a), (0, 4));
}

#[test]
fn battre_une_dame_exemple_2_sum_with_rest() {
    // "Par as puis 6, une dame noire du coin N12 bat la dame blanche découverte en B6 (repos
    // pour battre en B12)." Black also has two dames on N4 (so that this is not a mézéas).
    let a = analyse("B1:w14,B6:w1,N1:b11,N4:b2,N12:b2 b 5/5 0.0/0.0", "6-1");
    assert_eq!(kinds(&a), [JanKind::HitAVrai(Table::PetitJan)]);
    let hit = a.before_play()[0].hit.expect("hit");
    assert_eq!(hit.dame, pt("B6"));
    assert_eq!(hit.ways()[0].from, pt("N12"));
    assert_eq!(hit.ways()[0].number, Number::Sum);
    assert_eq!(before(&a), (0, 4));
}

#[test]
fn battre_une_dame_exemple_3_a_faux() {
    // "ici Blanc a pris son coin et Noir n'a plus de repos pour battre la dame en B6": White
    // holds B12 and B7 (the rests after the ace and the 6): White marks the 4 points.
    let a = analyse(
        "B1:w10,B6:w1,B7:w2,B12:w2,N1:b11,N4:b2,N12:b2 b 5/5 0.0/0.0",
        "6-1",
    );
    assert_eq!(kinds(&a), [JanKind::HitAFaux(Table::PetitJan)]);
    assert_eq!(a.before_play()[0].beneficiary, Colour::White);
    assert_eq!(before(&a), (4, 0));
}

#[test]
fn battre_une_dame_exemple_4_three_ways_and_rest_on_a_demi_case() {
    // 6-2. "Noir bat la dame blanche en B11 de trois façons : par le 2 depuis son coin, par
    // le 6 depuis la case N8 et par les deux nombres réunis depuis la case N6." Then a
    // second dame is hit "par les deux nombres réunis (2 et 6) avec un repos pour battre en
    // B11 sur la dame en demi-case". From B11 the 6 lands on B5, not B6 as printed, so the
    // second White dame is put on B5 (hit from the coin N12 resting on B11); B7 is held by
    // White (EXEMPLE 5 says B12 and B7 are full) so that B11 is the only rest.
    let a = analyse(
        "B1:w9,B5:w1,B7:w2,B11:w1,B12:w2,N1:b9,N6:b2,N8:b2,N12:b2 b 5/5 0.0/0.0",
        "6-2",
    );
    let ev = a.before_play();
    assert_eq!(ev.len(), 2);
    // Hits are listed in the mover's path order: B11 (Black's 14) before B5 (20).
    let b11 = ev[0];
    assert_eq!(b11.kind, JanKind::HitAVrai(Table::GrandJan));
    assert_eq!(b11.ways, 3);
    assert_eq!(b11.points, 6);
    let froms: Vec<Point> = b11
        .hit
        .expect("hit")
        .ways()
        .iter()
        .map(|w| w.from)
        .collect();
    assert_eq!(froms, [pt("N8"), pt("N12"), pt("N6")]);
    let b5 = ev[1];
    assert_eq!(b5.kind, JanKind::HitAVrai(Table::PetitJan));
    assert_eq!(b5.hit.expect("hit").dame, pt("B5"));
    assert_eq!(b5.ways, 1);
    assert_eq!(before(&a), (0, 10));
}

#[test]
fn battre_une_dame_exemple_5_a_vrai_and_a_faux() {
    // 6-1: "Noir bat la dame blanche en B11 de deux façons mais la dame en B6 est maintenant
    // battue à faux car ... les cases B12 et B7 où portent l'as et le 6 depuis le coin de
    // Noir sont pleines." B11 is hit by the 6 from N8 and by the sum from N7 (rest N8).
    let a = analyse(
        "B1:w9,B6:w1,B7:w2,B11:w1,B12:w2,N1:b9,N7:b2,N8:b2,N12:b2 b 5/5 0.0/0.0",
        "6-1",
    );
    assert_eq!(
        kinds(&a),
        [
            JanKind::HitAVrai(Table::GrandJan),
            JanKind::HitAFaux(Table::PetitJan)
        ]
    );
    assert_eq!(a.before_play()[0].ways, 2);
    // Black 2 ways × 2; White 4 for the hit à faux in the petit-jan table.
    assert_eq!(before(&a), (4, 4));
}

// ---------------------------------------------------------------- BATTRE LE COIN

#[test]
fn battre_le_coin_by_6_4_from_b7_and_b9() {
    // "Blanc bat le coin adverse par 6 et 4 car il pourrait y faire case pleine avec une dame
    // en B7 et une autre en B9."
    let a = analyse("B1:w9,B7:w2,B9:w2,B12:w2,N1:b15 w 5/5 0.0/0.0", "6-4");
    assert_eq!(kinds(&a), [JanKind::CoinBattu]);
    assert_eq!(before(&a), (4, 0));
}

#[test]
fn battre_le_coin_by_an_ace_needs_a_third_dame() {
    // "On peut battre le coin adverse par un as si on a au moins une troisième dame sur son
    // propre coin": 4-1 with B9 and a third dame on B12.
    let a = analyse("B1:w10,B9:w2,B12:w3,N1:b15 w 5/5 0.0/0.0", "4-1");
    assert_eq!(kinds(&a), [JanKind::CoinBattu]);
    assert_eq!(before(&a), (4, 0));
    // With only two dames on the coin the ace cannot be used: nothing.
    let a = analyse("B1:w11,B9:w2,B12:w2,N1:b15 w 5/5 0.0/0.0", "4-1");
    assert_eq!(before(&a), (0, 0));
}

#[test]
fn battre_le_coin_by_beset_needs_a_fourth_dame() {
    // "(et par beset si on en a une quatrième)": doublet, 6 points.
    let a = analyse("B1:w11,B12:w4,N1:b15 w 5/5 0.0/0.0", "1-1");
    assert_eq!(kinds(&a), [JanKind::CoinBattu]);
    assert_eq!(before(&a), (6, 0));
    let a = analyse("B1:w12,B12:w3,N1:b15 w 5/5 0.0/0.0", "1-1");
    assert_eq!(before(&a), (0, 0));
}

#[test]
fn battre_le_coin_left_during_the_retour() {
    // "Par 3 et 2, Noir bat le coin blanc qui a été quitté précédemment afin de passer au
    // retour." White has left B12 and has dames on N4..N6; Black holds N12 with dames on N10
    // and N11.
    let a = analyse(
        "B9:w2,B10:w3,B11:w3,N3:b3,N4:w3,N5:w2,N6:w2,N8:b3,N9:b3,N10:b2,N11:b2,N12:b2 b 9/9 0.0/0.0",
        "3-2",
    );
    assert_eq!(kinds(&a), [JanKind::CoinBattu]);
    assert_eq!(before(&a), (0, 4));
}

// ---------------------------------------------------------------- CONSERVER

/// CONSERVER PAR IMPUISSANCE: White's 15 dames fill his grand jan (B10, B11, B12 with two);
/// Black holds N12, N11, N9 (two each) and has single dames on N8 and N6; Black can still
/// fill his grand jan (White may not stop in it) but no longer his petit jan.
const IMPUISSANCE: &str = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0";

#[test]
fn conserver_par_impuissance_6_3() {
    // "Blanc a obtenu 6 et 3 mais ne peut jouer le 6 d'aucune manière. Il conserve le plein
    // de son grand jan en ne jouant que le 3 ... 4 points (en plus des points de batterie
    // pour le dame en N8). Ensuite Noir marque 2 points d'impuissance pour le 6 non-joué (en
    // plus des points de batterie à faux pour la dame en N6)."
    let a = analyse(IMPUISSANCE, "6-3");
    assert_eq!(a.legal_plays().dice_played(), 1);
    let k = kinds(&a);
    assert!(k.contains(&JanKind::Conserver {
        jan: Jan::GrandJan,
        how: HowKept::ParImpuissance
    }));
    assert!(k.contains(&JanKind::Impuissance));
    // N8: by the 6 from B11 and by the sum from B8 (rest B11): 2 ways × 2 = 4 for White.
    let n8 = a
        .before_play()
        .iter()
        .find(|e| e.hit.is_some_and(|h| h.dame == pt("N8")))
        .expect("N8 hit");
    assert_eq!(
        (n8.kind, n8.ways),
        (JanKind::HitAVrai(Table::GrandJan), 1 + 1)
    );
    // N6: only by the sum from B10, both rests (N12, N9) held by Black: à faux, 4 to Black.
    let n6 = a
        .before_play()
        .iter()
        .find(|e| e.hit.is_some_and(|h| h.dame == pt("N6")))
        .expect("N6 hit");
    assert_eq!(n6.kind, JanKind::HitAFaux(Table::PetitJan));
    // White: keep 4 + hit 4; Black: impuissance 2 + à faux 4.
    assert_eq!(before(&a), (8, 6));
    nothing_after(&a);
}

#[test]
fn conserver_par_impuissance_variant_nothing_scored() {
    // "S'il n'y avait aucune dame en N8 (reculons-la de deux cases en N6), ... Blanc aurait
    // dû passer une dame de B11 en N5 ... il aurait donc rompu son plein ; aucun point n'aurait
    // été marqué par les deux joueurs."
    let pos = IMPUISSANCE.replace("N6:b1", "N6:b2").replace("N8:b1,", "");
    let a = analyse(&pos, "6-3");
    let plays: Vec<String> = a.legal_plays().iter().map(|p| p.to_string()).collect();
    assert_eq!(plays, ["6-3: B11-N8-N5"]);
    assert_eq!(before(&a), (0, 0));
    nothing_after(&a);
}

#[test]
fn conserver_en_sortant() {
    // "Noir peut conserver le plein de son jan en sortant par le 6 une dame en B6 et par le
    // 4 une dame en B4 (il pourrait aussi jouer le 4 à l'intérieur du jan de B6 à B2). Dans
    // cette situation si Blanc obtient beset il pourra aussi conserver." Black: surplus on
    // B6 (4) and B4 (3); White's jan de retour full with surplus on N1.
    let pos = "B1:b2,B2:b2,B3:b2,B4:b3,B5:b2,B6:b4,N1:w5,N2:w2,N3:w2,N4:w2,N5:w2,N6:w2";
    let a = analyse(&format!("{pos} b 20/20 0.0/0.0"), "6-4");
    assert_eq!(
        kinds(&a),
        [JanKind::Conserver {
            jan: Jan::JanDeRetour,
            how: HowKept::EnSortant
        }]
    );
    assert_eq!(before(&a), (0, 4));
    let p: Position = format!("{pos} b 20/20 0.0/0.0").parse().expect("pos");
    for text in ["6-4: B6-off, B4-off", "6-4: B6-off, B6-B2"] {
        let play = p.parse_movement_play(text).expect("movement-legal");
        assert!(a.after_play(&play).expect("legal").is_empty(), "{text}");
    }
    // Black may not break the plein: 6-4 playing the 4 from B5 is refused.
    let bad = p
        .parse_movement_play("6-4: B6-off, B5-B1")
        .expect("movement-legal");
    assert!(a.after_play(&bad).is_err());
    // White, beset: both aces bear off from N1 and keep the jan de retour: 6.
    let a = analyse(&format!("{pos} w 20/20 0.0/0.0"), "1-1");
    assert_eq!(
        kinds(&a),
        [JanKind::Conserver {
            jan: Jan::JanDeRetour,
            how: HowKept::EnSortant
        }]
    );
    assert_eq!(before(&a), (6, 0));
}

// ---------------------------------------------------------------- JANS DE DÉPART

#[test]
fn jan_de_six_tables_6_3() {
    // "Par 6 et 3 Noir réalise un jan de six tables, marque 4 points et décide de faire une
    // case plus avancée en N8." Black's third throw; N2, N3, N5, N6 covered by the first
    // two; the 6 and the 3 would cover N7 and N4 from the talon.
    let text = "B1:w11,B3:w2,B5:w2,N1:b11,N2:b1,N3:b1,N5:b1,N6:b1 b 3/2 0.0/0.0";
    let a = analyse(text, "6-3");
    assert_eq!(kinds(&a), [JanKind::SixTables]);
    assert_eq!(before(&a), (0, 4));
    // Played par puissance: he need not cover the two points.
    let p: Position = text.parse().expect("pos");
    let play = p.parse_play("6-3: N2-N8, N5-N8").expect("legal");
    assert!(a.after_play(&play).expect("legal").is_empty());
    // Another throw that does not cover N4 and N7: nothing.
    assert_eq!(before(&analyse(text, "5-3")), (0, 0));
}

#[test]
fn jan_de_deux_tables_quines_and_6_4() {
    // "Par quines Blanc réalise un jan de deux tables et marque 6 points. ... Blanc met donc
    // tout à bas en B6. S'il avait obtenu 6-4 il aurait aussi réalisé ce jan mais n'aurait
    // marqué que 4 points." The first two White dames stand on B7 and B8.
    let text = "B1:w13,B7:w1,B8:w1,N1:b15 w 1/1 0.0/0.0";
    let a = analyse(text, "5-5");
    assert_eq!(kinds(&a), [JanKind::DeuxTables]);
    assert_eq!(before(&a), (6, 0));
    let p: Position = text.parse().expect("pos");
    let play = p.parse_play("5-5: B1-B6, B1-B6").expect("legal");
    assert!(a.after_play(&play).expect("legal").is_empty());
    let a = analyse(text, "6-4");
    assert_eq!(kinds(&a), [JanKind::DeuxTables]);
    assert_eq!(before(&a), (4, 0));
}

#[test]
fn contre_jan_de_deux_tables() {
    // "Dans cette situation Noir a déjà pris son coin ; par 6-4 Blanc réalise un contre-jan
    // de deux tables et fait gagner 4 points à Noir."
    let a = analyse("B1:w13,B7:w1,B8:w1,N1:b13,N12:b2 w 1/1 0.0/0.0", "6-4");
    assert_eq!(kinds(&a), [JanKind::ContreJanDeDeuxTables]);
    assert_eq!(before(&a), (0, 4));
}

#[test]
fn jan_de_mezeas_5_1() {
    // "Blanc qui a déjà pris son coin obtient 5 et as, il réalise un jan de mézéas ; il
    // marque 4 points puis joue tout d'une en B7."
    let text = "B1:w13,B12:w2,N1:b15 w 1/1 0.0/0.0";
    let a = analyse(text, "5-1");
    assert_eq!(kinds(&a), [JanKind::Mezeas]);
    assert_eq!(before(&a), (4, 0));
    let p: Position = text.parse().expect("pos");
    let play = p.parse_play("5-1: B1-B7").expect("legal");
    assert!(a.after_play(&play).expect("legal").is_empty());
}

#[test]
fn contre_jan_de_mezeas_beset() {
    // "Dans cette situation Noir a aussi pris son coin ; par beset Blanc réalise un
    // contre-jan de mézéas et fait gagner 6 points à Noir."
    let a = analyse("B1:w13,B12:w2,N1:b13,N12:b2 w 1/1 0.0/0.0", "1-1");
    assert_eq!(kinds(&a), [JanKind::ContreJanDeMezeas]);
    assert_eq!(before(&a), (0, 6));
}

// ---------------------------------------------------------------- REMPLIR

/// Black's dames all in his jan de retour (White's petit jan), out of the way.
const BLACK_HOME: &str = "B1:b5,B2:b2,B3:b2,B4:b2,B5:b2,B6:b2";

#[test]
fn remplir_en_passant_first_diagram_nothing_scored() {
    // "la dame en N9 semble remplir par le 3 mais pour jouer le 6 il faut la sortir ... le
    // plein n'est donc pas réalisé ... Dans tous les cas Blanc ne marque rien." White: one
    // dame on N9, one on N6, the rest of the jan de retour full.
    let text = format!("{BLACK_HOME},N1:w5,N2:w2,N3:w2,N4:w2,N5:w2,N6:w1,N9:w1 w 20/20 0.0/0.0");
    let a = analyse(&text, "6-3");
    assert_eq!(before(&a), (0, 0));
    nothing_after(&a);
    // The glossary's alternatives are all legal: remplir en passant obliges nothing.
    let p: Position = text.parse().expect("pos");
    for t in ["6-3: N9-N3, N6-N3", "6-3: N9-N3, N5-N2", "6-3: N9-N6-off"] {
        let play = p.parse_movement_play(t).expect("movement-legal");
        assert!(a.after_play(&play).is_ok(), "{t}");
    }
}

#[test]
fn remplir_en_passant_second_diagram_coin_cannot_fill() {
    // "les dés amenés 6 et as ne permettent pas à Blanc de remplir son jan de retour. Bien
    // qu'une dame du coin semble bien pouvoir remplir par les deux nombres réunis, cela ...
    // laisserait une seule dame dans le coin ... Blanc est dans l'impuissance de jouer le 6
    // ... Noir marque donc deux points d'impuissance." (The issue says "nothing scored": true
    // of White; the glossary gives Black the 2 points of impuissance.)
    let text = format!("{BLACK_HOME},B12:w2,N1:w4,N2:w2,N3:w2,N4:w2,N5:w2,N6:w1 w 20/20 0.0/0.0");
    let a = analyse(&text, "6-1");
    assert_eq!(kinds(&a), [JanKind::Impuissance]);
    assert_eq!(before(&a), (0, 2));
    nothing_after(&a);
}

#[test]
fn remplir_en_sortant() {
    // "Blanc remplit par le 3 de N9 et sort une dame de N5. Il n'a pas d'autre alternative
    // car la règle oblige à remplir et à conserver quand c'est possible." 5-3, N6 a
    // demi-case, a surplus dame on N5.
    let text = format!("{BLACK_HOME},N1:w4,N2:w2,N3:w2,N4:w2,N5:w3,N6:w1,N9:w1 w 20/20 0.0/0.0");
    let a = analyse(&text, "5-3");
    assert_eq!(kinds(&a), [JanKind::Remplir(Jan::JanDeRetour)]);
    assert_eq!(a.before_play()[0].ways, 1);
    assert_eq!(before(&a), (4, 0));
    let plays: Vec<String> = a.legal_plays().iter().map(|p| p.to_string()).collect();
    assert_eq!(plays.len(), 1);
    let p: Position = text.parse().expect("pos");
    let only = p.parse_play("5-3: N9-N6, N5-off").expect("legal");
    assert!(a.after_play(&only).expect("legal").is_empty());
    // Movement alone allows more (e.g. N9-N4, N4-N1); the obligation removes them.
    assert!(p.movement_plays("5-3".parse().expect("throw")).len() > 1);
}

// ---------------------------------------------------------------- SORTIE (conserver en sortant)

/// SORTIE's conservation examples name White's points `B5`, `B6`, `B3`, but White bears off
/// from `N6..N1` (the same section: "cases N6 à N1 pour Blanc"): the lost diagram was drawn
/// from the other side, so the labels are mirrored here (`B` → `N`). White's jan de retour
/// is full with surplus dames on N5, N3 and N1.
const SORTIE_KEEP: &str =
    "B1:b5,B2:b2,B3:b2,B4:b2,B5:b2,B6:b2,N1:w3,N2:w2,N3:w3,N4:w2,N5:w3,N6:w2 w 30/30 0.0/0.0";

#[test]
fn sortie_must_keep_by_bearing_off_the_surplus() {
    // "Blanc doit jouer le 5 en sortant une dame surnuméraire en B5 et non de B6 en B1 qui
    // ferait rompre le plein" (mirrored: N5 off, not N6-N1). With 5-2.
    let a = analyse(SORTIE_KEEP, "5-2");
    assert_eq!(
        kinds(&a),
        [JanKind::Conserver {
            jan: Jan::JanDeRetour,
            how: HowKept::EnSortant
        }]
    );
    assert_eq!(before(&a), (4, 0));
    let p: Position = SORTIE_KEEP.parse().expect("pos");
    let breaks = p
        .parse_movement_play("5-2: N6-N1, N3-N1")
        .expect("movement-legal");
    assert!(a.after_play(&breaks).is_err());
    let keeps = p.parse_play("5-2: N5-off, N3-N1").expect("legal");
    assert!(a.after_play(&keeps).expect("legal").is_empty());
}

#[test]
fn sortie_3_2_keep_inside_or_by_bearing_off() {
    // "si les dés obtenus avaient été 3 et 2, il eût été possible de jouer les deux nombres à
    // l'intérieur du jan (B5-B2 ; B3-B1) ou de sortir une dame : B5 (tout d'une) ou encore B3
    // en jouant alors le 2 de B5 ; toujours en conservant le plein" (mirrored). The keep is
    // certain (4 points, marked before the play); its manner depends on the play.
    let a = analyse(SORTIE_KEEP, "3-2");
    assert_eq!(
        kinds(&a),
        [JanKind::Conserver {
            jan: Jan::JanDeRetour,
            how: HowKept::Normally
        }]
    );
    assert_eq!(before(&a), (4, 0));
    let p: Position = SORTIE_KEEP.parse().expect("pos");
    let expect = |text: &str, how: HowKept| {
        let play = p.parse_movement_play(text).expect("movement-legal");
        assert!(a.after_play(&play).expect("legal").is_empty(), "{text}");
        assert_eq!(
            a.keep_manner(&play, Jan::JanDeRetour),
            Ok(Some(how)),
            "{text}"
        );
    };
    expect("3-2: N5-N2, N3-N1", HowKept::Normally);
    expect("3-2: N5-off", HowKept::EnSortant);
    expect("3-2: N3-off, N5-N3", HowKept::EnSortant);
    // Every legal play keeps.
    for i in 0..a.legal_plays().len() {
        let board = a.legal_plays().board_after(i).expect("board");
        assert!(board.is_full(Colour::White, Jan::JanDeRetour));
    }
}
