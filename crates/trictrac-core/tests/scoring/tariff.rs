//! Hand-checked cases for each row of the tariff (rules page, "Scoring: the jans
//! (tariff)"), simple throws and doublets. Each position is built by hand; the comment
//! gives the count.

use trictrac_core::scoring::{HowKept, JanKind, ScoringRules, Table, ThrowAnalysis};
use trictrac_core::{Colour, Jan, Number, Position, Throw};

fn analyse(pos: &str, throw: &str) -> ThrowAnalysis {
    let pos: Position = pos.parse().expect("test position");
    ThrowAnalysis::new(
        &pos,
        throw.parse().expect("throw"),
        &ScoringRules::default(),
    )
}

fn before(a: &ThrowAnalysis) -> (u8, u8) {
    (
        a.points_before(Colour::White),
        a.points_before(Colour::Black),
    )
}

fn only(a: &ThrowAnalysis) -> (JanKind, u8, u8) {
    assert_eq!(a.before_play().len(), 1, "{:?}", a.before_play());
    let e = a.before_play()[0];
    (e.kind, e.ways, e.points)
}

#[test]
fn hit_three_ways_petit_jan_table_simple() {
    // Black dame alone on B6 (White's 6). 3-2: the 3 from B3, the 2 from B4, the sum from B1
    // (rests B3 and B4 are White's): 3 ways × 4 = 12.
    let a = analyse("B1:w11,B3:w2,B4:w2,B6:b1,N1:b14 w 5/5 0.0/0.0", "3-2");
    assert_eq!(only(&a), (JanKind::HitAVrai(Table::PetitJan), 3, 12));
    let numbers: Vec<Number> = a.before_play()[0]
        .hit
        .expect("hit")
        .ways()
        .iter()
        .map(|w| w.number)
        .collect();
    assert_eq!(numbers[2], Number::Sum);
    assert_eq!(before(&a), (12, 0));
}

#[test]
fn hit_two_ways_petit_jan_table_doublet() {
    // Black dame alone on B5. Double deux: the 2 from B3, 4 tout d'une from B1 resting on
    // B3: 2 ways × 6 = 12.
    let a = analyse("B1:w13,B3:w2,B5:b1,N1:b14 w 5/5 0.0/0.0", "2-2");
    assert_eq!(only(&a), (JanKind::HitAVrai(Table::PetitJan), 2, 12));
}

#[test]
fn hit_grand_jan_table_doublet() {
    // Black dame alone on B9. Double deux: the 2 from B7, the 4 from B5 resting on B7:
    // 2 ways × 4 = 8.
    let a = analyse("B1:w11,B5:w2,B7:w2,B9:b1,N1:b14 w 5/5 0.0/0.0", "2-2");
    assert_eq!(only(&a), (JanKind::HitAVrai(Table::GrandJan), 2, 8));
}

#[test]
fn hit_grand_jan_table_simple_one_way() {
    // Black dame alone on B9, 2-1 from B7 by the 2 only (B8 empty, nothing on B6): 2.
    let a = analyse("B1:w13,B7:w2,B9:b1,N1:b14 w 5/5 0.0/0.0", "2-1");
    // The sum 3 from B6? no dame there; the ace from B8? none.
    assert_eq!(only(&a), (JanKind::HitAVrai(Table::GrandJan), 1, 2));
}

#[test]
fn hit_a_faux_doublet_grand_jan_table() {
    // Black dame alone on N10 (White's 15), White's dames on B11; double deux: 4 tout d'une
    // from B11 needs a rest on N12, Black's full coin: à faux, 4 to Black.
    let a = analyse("B1:w13,B11:w2,N1:b12,N10:b1,N12:b2 w 5/5 0.0/0.0", "2-2");
    assert_eq!(only(&a), (JanKind::HitAFaux(Table::GrandJan), 1, 4));
    assert_eq!(before(&a), (0, 4));
}

#[test]
fn hit_a_faux_simple_petit_jan_table() {
    // Glossary EXEMPLE 3 shape for White: Black dame alone on N5 (White's 20), White on
    // B12 (his coin, 12): 6-2 tout d'une rests on N11 (14) or N7 (18), both Black's full.
    let a = analyse(
        "B1:w13,B12:w2,N1:b9,N5:b1,N7:b2,N11:b3 w 5/5 0.0/0.0",
        "6-2",
    );
    assert_eq!(only(&a), (JanKind::HitAFaux(Table::PetitJan), 1, 4));
    assert_eq!(before(&a), (0, 4));
}

#[test]
fn hit_a_faux_simple_grand_jan_table_and_sum_with_rest() {
    // Black dame alone on B7: the 5 from B2 and the sum 6 from B1 (rests B2, own, and B6):
    // 2 ways × 2 = 4. (A direct way always gives the sum a rest: the dame hitting directly
    // stands on one of the sum's intermediate points.)
    let a = analyse("B1:w13,B2:w2,B7:b1,N1:b14 w 5/5 0.0/0.0", "5-1");
    assert_eq!(only(&a), (JanKind::HitAVrai(Table::GrandJan), 2, 4));
    // Black dame alone on B7, White on B3; 3-1: only the sum reaches it, resting on B6
    // (3 first) or B4 (ace first), both Black's full points: à faux, 2 to Black.
    let a = analyse("B1:w13,B3:w2,B4:b2,B6:b2,B7:b1,N1:b10 w 5/5 0.0/0.0", "3-1");
    assert_eq!(only(&a), (JanKind::HitAFaux(Table::GrandJan), 1, 2));
    assert_eq!(before(&a), (0, 2));
}

#[test]
fn coin_battu_simple_and_doublet() {
    let a = analyse("B1:w9,B7:w2,B9:w2,B12:w2,N1:b15 w 5/5 0.0/0.0", "6-4");
    assert_eq!(only(&a), (JanKind::CoinBattu, 1, 4));
    // Double trois from two dames on B10.
    let a = analyse("B1:w11,B10:w2,B12:w2,N1:b15 w 5/5 0.0/0.0", "3-3");
    assert_eq!(only(&a), (JanKind::CoinBattu, 1, 6));
    // The opponent holds his coin: nothing.
    let a = analyse("B1:w11,B10:w2,B12:w2,N1:b13,N12:b2 w 5/5 0.0/0.0", "3-3");
    assert_eq!(before(&a), (0, 0));
}

/// White's petit jan: B5 a demi-case, surplus on B3 and B1.
const FILL_B5: &str = "B1:w5,B2:w2,B3:w3,B4:w2,B5:w1,B6:w2,N1:b15 w 5/5 0.0/0.0";

#[test]
fn remplir_two_ways_by_two_numbers() {
    // 4-2: the 4 from B1 fills B5 (the 2 then goes B1-B3), the 2 from B3 fills it (the 4
    // then goes B1-B5): 2 ways × 4 = 8.
    let a = analyse(FILL_B5, "4-2");
    assert_eq!(only(&a), (JanKind::Remplir(Jan::PetitJan), 2, 8));
    // Every legal play fills (must fill).
    let pos: Position = FILL_B5.parse().expect("pos");
    let b = a.legal_plays().len();
    assert!(b < pos.movement_plays("4-2".parse().expect("throw")).len());
    for i in 0..b {
        let board = a.legal_plays().board_after(i).expect("board");
        assert!(board.is_full(Colour::White, Jan::PetitJan));
    }
}

#[test]
fn remplir_doublet_die_and_sum() {
    // Double deux: the 2 from B3, and 4 tout d'une from B1 resting on B3: 2 ways × 6 = 12.
    let a = analyse(FILL_B5, "2-2");
    assert_eq!(only(&a), (JanKind::Remplir(Jan::PetitJan), 2, 12));
}

#[test]
fn remplir_three_ways() {
    // B6 a demi-case, surplus on B3 and B4: 3-2 fills by the 3 (B3), the 2 (B4) and the sum
    // from B1: 3 ways × 4 = 12.
    let a = analyse(
        "B1:w4,B2:w2,B3:w3,B4:w3,B5:w2,B6:w1,N1:b15 w 5/5 0.0/0.0",
        "3-2",
    );
    assert_eq!(only(&a), (JanKind::Remplir(Jan::PetitJan), 3, 12));
}

#[test]
fn remplir_with_both_dice_on_two_dames_is_one_way() {
    // B4 and B5 demi-cases: 3-2 covers B4 from B1 and B5 from B3 together: 1 way = 4.
    let a = analyse(
        "B1:w6,B2:w2,B3:w3,B4:w1,B5:w1,B6:w2,N1:b15 w 5/5 0.0/0.0",
        "3-2",
    );
    assert_eq!(only(&a), (JanKind::Remplir(Jan::PetitJan), 1, 4));
}

#[test]
fn remplir_doublet_covering_two_half_cases_is_one_way() {
    // B4 and B5 demi-cases, surplus on B2 and B3: double deux covers both: 1 way = 6.
    let a = analyse(
        "B1:w5,B2:w3,B3:w3,B4:w1,B5:w1,B6:w2,N1:b15 w 5/5 0.0/0.0",
        "2-2",
    );
    assert_eq!(only(&a), (JanKind::Remplir(Jan::PetitJan), 1, 6));
}

#[test]
fn remplir_grand_jan_with_the_coin_par_puissance() {
    // Grand jan full but for the coin, both coins empty; 6-5 cannot take the coin par
    // effet (B6, B7 hold no dame... B7 does: 5 from B7 = B12 single) so par puissance from
    // B7 and B8 (they could reach N12): the two-dame way, 1 × 4. The coin is compulsory
    // as the last case of the grand jan (glossary COINS).
    let a = analyse(
        "B1:w3,B7:w3,B8:w3,B9:w2,B10:w2,B11:w2,N1:b15 w 5/5 0.0/0.0",
        "6-5",
    );
    assert_eq!(only(&a), (JanKind::Remplir(Jan::GrandJan), 1, 4));
    assert!(a.legal_plays().iter().all(|p| p.is_par_puissance()));
}

/// White's 15 dames fill his grand jan; Black still on his talon (both his jans interdit).
const GRAND_JAN: &str = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b15 w 9/9 0.0/0.0";

#[test]
fn conserver_normally_simple() {
    let a = analyse(GRAND_JAN, "2-1");
    assert_eq!(
        only(&a),
        (
            JanKind::Conserver {
                jan: Jan::GrandJan,
                how: HowKept::Normally
            },
            1,
            4
        )
    );
}

#[test]
fn conserver_doublet() {
    // Beset: B7-B8 twice, B8-B9... every keeping play keeps normally: 6.
    let a = analyse(GRAND_JAN, "1-1");
    assert_eq!(
        only(&a),
        (
            JanKind::Conserver {
                jan: Jan::GrandJan,
                how: HowKept::Normally
            },
            1,
            6
        )
    );
}

#[test]
fn conserver_par_impuissance_with_sonnez() {
    // Sonnez: no 6 can be played (N12 is Black's coin, Black's grand jan and petit jan are
    // interdit): the plein stands par impuissance, 6 to White; 2 × 2 impuissance to Black.
    // The two surplus dames on B7 also beat Black's empty coin (6 by a doublet).
    let a = analyse(GRAND_JAN, "6-6");
    assert_eq!(a.legal_plays().dice_played(), 0);
    let kinds: Vec<(JanKind, u8, u8, Colour)> = a
        .before_play()
        .iter()
        .map(|e| (e.kind, e.ways, e.points, e.beneficiary))
        .collect();
    assert_eq!(
        kinds,
        [
            (JanKind::CoinBattu, 1, 6, Colour::White),
            (JanKind::Impuissance, 2, 4, Colour::Black),
            (
                JanKind::Conserver {
                    jan: Jan::GrandJan,
                    how: HowKept::ParImpuissance
                },
                1,
                6,
                Colour::White
            ),
        ]
    );
}

#[test]
fn conserver_en_outrepassant_depends_on_the_play() {
    // Black all on his B1 (his jans no longer interdit). 4-2: White may keep inside (B7-B11,
    // B8-B10) or pass a dame beyond (B8-B12-N11). Every legal play keeps: the 4 points are
    // marked before the play (manner `Normally` as the plays differ), and `keep_manner`
    // gives each play's manner. (B9 and B11 also beat Black's empty coin: 4.)
    let text = "B1:b15,B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2 w 9/9 0.0/0.0";
    let a = analyse(text, "4-2");
    let kinds: Vec<(JanKind, u8)> = a.before_play().iter().map(|e| (e.kind, e.points)).collect();
    assert_eq!(
        kinds,
        [
            (JanKind::CoinBattu, 4),
            (
                JanKind::Conserver {
                    jan: Jan::GrandJan,
                    how: HowKept::Normally
                },
                4
            )
        ]
    );
    let pos: Position = text.parse().expect("pos");
    let inside = pos.parse_play("4-2: B7-B11, B8-B10").expect("legal");
    assert!(a.after_play(&inside).expect("legal").is_empty());
    assert_eq!(
        a.keep_manner(&inside, Jan::GrandJan),
        Ok(Some(HowKept::Normally))
    );
    let beyond = pos.parse_play("4-2: B8-B12-N11").expect("legal");
    assert!(a.after_play(&beyond).expect("legal").is_empty());
    assert_eq!(
        a.keep_manner(&beyond, Jan::GrandJan),
        Ok(Some(HowKept::EnOutrepassant))
    );
    assert_eq!(a.keep_manner(&beyond, Jan::PetitJan), Ok(None));
    assert_eq!(a.points_with(&beyond, Colour::White), Ok(8));
    // Glossary CONSERVER EN OUTREPASSANT: "Blanc joue une dame tout d'une de B7 en N8" (6-4,
    // every play passes a dame beyond: settled before the play; B7 and B9 beat the coin).
    let a = analyse(text, "6-4");
    let kinds: Vec<(JanKind, u8)> = a.before_play().iter().map(|e| (e.kind, e.points)).collect();
    assert_eq!(
        kinds,
        [
            (JanKind::CoinBattu, 4),
            (
                JanKind::Conserver {
                    jan: Jan::GrandJan,
                    how: HowKept::EnOutrepassant
                },
                4
            )
        ]
    );
    let play = pos.parse_play("6-4: B7-N8").expect("legal");
    assert!(a.after_play(&play).expect("legal").is_empty());
}

#[test]
fn sortie_of_the_last_dame_simple_and_doublet() {
    let text = "B1:b15,N1:w1 w 30/30 0.0/0.0";
    let a = analyse(text, "6-5");
    assert_eq!(only(&a), (JanKind::Sortie, 1, 4));
    let a = analyse(text, "2-2");
    assert_eq!(only(&a), (JanKind::Sortie, 1, 6));
    // Two dames left, one bears off by the 6, the other by the 5: the sortie (and no keep).
    let a = analyse("B1:b15,N1:w1,N2:w1 w 30/30 0.0/0.0", "6-5");
    assert_eq!(only(&a), (JanKind::Sortie, 1, 4));
}

#[test]
fn sortie_depends_on_the_play_when_not_compulsory() {
    // Three White dames N1, N1, N2; 2-1: N2-off by the 2 and N1-off by the ace leaves one;
    // no play bears off all three, so no sortie at all.
    let a = analyse("B1:b15,N1:w2,N2:w1 w 30/30 0.0/0.0", "2-1");
    assert!(a.before_play().is_empty());
}

#[test]
fn impuissance_one_number() {
    // White on B1 (15), Black holds B7: 6-5, the 6 from B1 is blocked; tout d'une 11 would
    // put a single dame on the coin B12 (forbidden). Only the 5 is played: 2 to Black.
    let a = analyse("B1:w15,B7:b2,N1:b13 w 0/0 0.0/0.0", "6-5");
    assert_eq!(only(&a), (JanKind::Impuissance, 1, 2));
    assert_eq!(before(&a), (0, 2));
}

#[test]
fn jan_de_rencontre_only_when_chosen() {
    // White's first throw was 6-5 (B1-B7, B1-B6); Black's first throw is 6-5 as well.
    let pos: Position = "B1:w13,B6:w1,B7:w1,N1:b15 b 1/0 0.0/0.0"
        .parse()
        .expect("pos");
    let t: Throw = "6-5".parse().expect("throw");
    let on = ScoringRules::default().with_jan_de_rencontre(true);
    let a = ThrowAnalysis::with_opening(&pos, t, &on, Some(t));
    assert_eq!(only(&a), (JanKind::JanDeRencontre, 1, 4));
    assert_eq!(before(&a), (0, 4));
    // Off by default, unknown opening, or another throw: nothing.
    let off = ThrowAnalysis::with_opening(&pos, t, &ScoringRules::default(), Some(t));
    assert!(off.before_play().is_empty());
    assert!(ThrowAnalysis::new(&pos, t, &on).before_play().is_empty());
    let other = ThrowAnalysis::with_opening(&pos, "5-4".parse().expect("t"), &on, Some(t));
    assert!(other.before_play().is_empty());
    // Doublet value: 6.
    let d: Throw = "4-4".parse().expect("t");
    let a = ThrowAnalysis::with_opening(&pos, d, &on, Some(d));
    assert_eq!(only(&a), (JanKind::JanDeRencontre, 1, 6));
}

#[test]
fn events_display_in_french_with_english() {
    let a = analyse("B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0", "6-5");
    assert_eq!(
        a.before_play()[0].to_string(),
        "Black 4: battre à vrai (hit), table du grand jan (grand-jan table), 2 ways on B8 [N11+6, N12+5]"
    );
    assert_eq!(
        JanKind::Conserver {
            jan: Jan::JanDeRetour,
            how: HowKept::EnSortant
        }
        .to_string(),
        "conserver le jan de retour en sortant (keep)"
    );
}

#[test]
fn after_play_errors() {
    let text = FILL_B5;
    let a = analyse(text, "4-2");
    let pos: Position = text.parse().expect("pos");
    // Movement-legal but it does not fill: refused.
    let no_fill = pos
        .parse_movement_play("4-2: B1-B5, B5-B7")
        .expect("movement-legal");
    assert!(matches!(
        a.after_play(&no_fill),
        Err(trictrac_core::scoring::ScoringError::Illegal { .. })
    ));
    let other = pos
        .parse_movement_play("3-1: B1-B4, B1-B2")
        .expect("movement-legal");
    assert!(matches!(
        a.after_play(&other),
        Err(trictrac_core::scoring::ScoringError::WrongThrow { .. })
    ));
}

#[test]
fn hit_a_faux_doublet_petit_jan_table() {
    // Black dame alone on B6 (White's 6), White on B2; double deux: only 4 tout d'une from
    // B2, resting on B4, Black's full point: à faux, 6 to Black.
    let a = analyse("B1:w13,B2:w2,B4:b2,B6:b1,N1:b12 w 5/5 0.0/0.0", "2-2");
    assert_eq!(only(&a), (JanKind::HitAFaux(Table::PetitJan), 1, 6));
    assert_eq!(before(&a), (0, 6));
}

#[test]
fn jans_de_depart_other_columns() {
    // Contre-jan de deux tables by a doublet: quines, Black holding his coin: 6 to Black.
    let a = analyse("B1:w13,B7:w1,B8:w1,N1:b13,N12:b2 w 1/1 0.0/0.0", "5-5");
    assert_eq!(only(&a), (JanKind::ContreJanDeDeuxTables, 1, 6));
    assert_eq!(before(&a), (0, 6));
    // Mézéas by beset: 6 to the player.
    let a = analyse("B1:w13,B12:w2,N1:b15 w 1/1 0.0/0.0", "1-1");
    assert_eq!(only(&a), (JanKind::Mezeas, 1, 6));
    assert_eq!(before(&a), (6, 0));
    // Contre-jan de mézéas by one ace: 4 to the opponent.
    let a = analyse("B1:w13,B12:w2,N1:b13,N12:b2 w 1/1 0.0/0.0", "5-1");
    assert_eq!(only(&a), (JanKind::ContreJanDeMezeas, 1, 4));
    assert_eq!(before(&a), (0, 4));
    // No ace, no mézéas; the two dames on the coin do not beat it either.
    let a = analyse("B1:w13,B12:w2,N1:b15 w 1/1 0.0/0.0", "5-2");
    assert_eq!(before(&a), (0, 0));
    // Six tables needs the third throw exactly.
    let a = analyse(
        "B1:w11,B3:w2,B5:w2,N1:b11,N2:b1,N3:b1,N5:b1,N6:b1 b 3/3 0.0/0.0",
        "6-3",
    );
    assert_eq!(before(&a), (0, 0));
}
