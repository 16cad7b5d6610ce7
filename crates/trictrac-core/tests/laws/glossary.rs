//! The laws of movement against the French glossary of the laws of trictrac: sections LOIS,
//! COINS, RETOUR / JAN INTERDIT, SORTIE, IMPUISSANCE, CONSERVER PAR IMPUISSANCE. The
//! glossary's diagrams are lost: each position is built from the words of the example and a
//! comment says how.

use trictrac_core::{Colour, Die, Jan, Point, Position, SortieNumber, Throw};

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn throw(s: &str) -> Throw {
    s.parse().unwrap()
}

fn plays(p: &Position, t: &str) -> Vec<String> {
    p.movement_plays(throw(t))
        .iter()
        .map(|p| p.to_string())
        .collect()
}

fn unplayed(p: &Position, t: &str) -> Vec<u8> {
    p.movement_plays(throw(t))
        .unplayed()
        .iter()
        .map(|d| d.get())
        .collect()
}

fn die(n: u8) -> Die {
    Die::new(n).unwrap()
}

// ---------------------------------------------------------------- LOIS

/// LOIS: "pour 6 et as : le 6 permet d'avancer une dame de six cases et l'as une autre dame
/// d'une case ; ou bien une seule et même dame de sept cases … en se reposant
/// obligatoirement sur la première ou sur la sixième case". From the talon: two plays.
#[test]
fn lois_six_and_ace_from_the_talon() {
    let p = Position::start();
    assert_eq!(plays(&p, "6-1"), ["6-1: B1-B7, B1-B2", "6-1: B1-B7-B8"]);
    // The rest may be either intermediate point; parse both and the short form.
    let a = p.parse_movement_play("6-1: B1-B2-B8").unwrap();
    let b = p.parse_movement_play("6-1: B1-B7-B8").unwrap();
    let c = p.parse_movement_play("1-6: B1-B8").unwrap();
    assert_eq!(a, b);
    assert_eq!(b, c);
}

/// LOIS: the rest must be a point one may stand on ("on ne peut … faire se reposer [une
/// dame] pour jouer tout d'une, que sur une case vide ou déjà occupée par … ses propres
/// dames"). Built: White has passed most dames to his grand jan, so his petit jan can no
/// longer be filled and Black (in his jan de retour) holds B6; White's 5-1 tout d'une from
/// B1 to B7 must rest on B2. With B2 held as well, it cannot be played tout d'une.
#[test]
fn lois_rest_must_be_free() {
    let p = pos("B1:w5,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,B6:b2,N1:b13 w 9/9 0.0/0.0");
    assert!(!p.board().can_fill(Colour::White, Jan::PetitJan));
    assert!(p.parse_movement_play("5-1: B1-B2-B7").is_ok());
    assert_eq!(
        p.parse_movement_play("5-1: B1-B6-B7"),
        Err(trictrac_core::ParsePlayError::BadRest(
            "B6".parse().unwrap()
        ))
    );
    let q = pos("B1:w5,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,B6:b2,B2:b2,N1:b11 w 9/9 0.0/0.0");
    assert!(q.parse_movement_play("5-1: B1-B7").is_err());
    assert!(
        q.movement_plays(throw("5-1"))
            .iter()
            .all(|pl| !pl.is_tout_d_une() || pl.moves()[0].from.to_string() != "B1")
    );
}

/// LOIS: "Il n'est pas possible de jouer sur une case qu'occupe l'adversaire" — even a
/// single dame (hits are never real). Built: a lone Black dame on B5 (White's petit jan no
/// longer fillable), White 4-4: nothing lands or rests on B5, so the talon cannot play.
#[test]
fn lois_never_on_an_opponent_point() {
    let p = pos("B1:w3,B7:w2,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,B5:b1,N1:b14 w 9/9 0.0/0.0");
    let legal = p.movement_plays(throw("4-4"));
    assert!(!legal.is_empty());
    for pl in legal.iter() {
        assert!(
            pl.moves().iter().all(|m| m.from.to_string() != "B1"),
            "{pl}"
        );
    }
}

// ---------------------------------------------------------------- COINS

/// COINS, the lost diagram rebuilt from its words: Black takes his coin by quines
/// (two dames on N7), by 6-5 (N6 + N7, "et bat la dame en B7") and by sonnez par puissance
/// from N7 ("et bat les dames en B7 et B6"); White could take his by 6-5, 6-4, 5-4 and 4-4
/// (one dame on B6, one on B7, two on B8).
const COINS: &str = "B1:w11,B6:w1,B7:w1,B8:w2,N1:b12,N6:b1,N7:b2";

#[test]
fn coins_black_quines_six_five_and_sonnez_par_puissance() {
    let p = pos(&format!("{COINS} b 3/3 0.0/0.0"));
    assert_eq!(
        plays(&p, "5-5"),
        ["5-5: N1-N6, N1-N6", "5-5: N1-N6-N11", "5-5: N7-N12, N7-N12"]
    );
    // 6-5: N6-N12 + N7-N12 takes the coin; a lone dame on the coin is never allowed.
    assert_eq!(
        plays(&p, "6-5"),
        [
            "6-5: N1-N7, N1-N6",
            "6-5: N1-N7, N6-N11",
            "6-5: N6-N12, N7-N12"
        ]
    );
    // Sonnez: par effet needs two dames on N6 (there is one); par puissance from N7.
    assert_eq!(
        plays(&p, "6-6"),
        ["6-6: N1-N7, N1-N7", "6-6: N7-N12, N7-N12 (par puissance)"]
    );
    assert!(
        p.movement_plays(throw("6-6"))
            .get(1)
            .unwrap()
            .is_par_puissance()
    );
}

#[test]
fn coins_white_could_take_his_coin_by_six_five_six_four_five_four_carmes() {
    let p = pos(&format!("{COINS} w 3/3 0.0/0.0"));
    let coin = Point::coin(Colour::White);
    let mut by_effect = Vec::new();
    let mut by_power = Vec::new();
    for t in boardgames_common::UNORDERED_THROWS {
        let legal = p.movement_plays(t);
        for i in 0..legal.len() {
            if legal.board_after(i).unwrap().count(Colour::White, coin) >= 2 {
                if legal.get(i).unwrap().is_par_puissance() {
                    by_power.push(t.to_string());
                } else {
                    by_effect.push(t.to_string());
                }
            }
        }
    }
    by_effect.sort();
    assert_eq!(by_effect, ["4-4", "5-4", "6-4", "6-5"]);
    // Reconstruction note: two dames on B8 (needed for carmes) also allow quines par
    // puissance (B8 is 5 from Black's empty coin), which the glossary's sentence does not
    // list; 6-5 par puissance (B7 + B8) is excluded because 6-5 takes it par effet.
    assert_eq!(by_power, ["5-5"]);
    assert_eq!(
        plays(&p, "6-5")
            .into_iter()
            .filter(|s| s.contains("B12"))
            .collect::<Vec<_>>(),
        ["6-5: B6-B12, B7-B12"]
    );
}

/// COINS: "par sonnez, Noir a la possibilité de prendre son coin par effet (de N6) ou par
/// puissance (de N7) ; s'il désire le prendre, il doit le faire par effet". Rebuilt with two
/// dames on N6 and two on N7. Taking the coin is not compulsory: other plays remain.
#[test]
fn coins_par_effet_over_par_puissance() {
    let p = pos("B1:w11,B6:w1,B7:w1,B8:w2,N1:b11,N6:b2,N7:b2 b 3/3 0.0/0.0");
    assert_eq!(
        plays(&p, "6-6"),
        ["6-6: N1-N7, N1-N7", "6-6: N6-N12, N6-N12"]
    );
    assert!(
        p.movement_plays(throw("6-6"))
            .iter()
            .all(|pl| !pl.is_par_puissance())
    );
    // Without the dames on N6 the same throw takes it par puissance from N7.
    let q = pos("B1:w11,B6:w1,B7:w1,B8:w2,N1:b13,N7:b2 b 3/3 0.0/0.0");
    assert_eq!(
        plays(&q, "6-6"),
        ["6-6: N1-N7, N1-N7", "6-6: N7-N12, N7-N12 (par puissance)"]
    );
}

/// COINS: "si on a la possibilité de prendre son coin à la fois par effet et par puissance,
/// on doit le prendre par effet", without exception (FAUSSE CASE: "on fait donc fausse case
/// … lorsqu'on prend son coin par puissance alors qu'on pouvait le prendre par effet";
/// PRENDRE SON COIN), so before the must keep obligation. White's petit jan is full, 6-5:
/// B6 and B7 take the coin par effet (breaking the petit jan); B7 and B8 par puissance would
/// keep it. Par puissance is forbidden, the petit jan cannot be kept, nothing is scored for
/// keeping, and every other play stays legal.
#[test]
fn coins_par_effet_comes_before_the_keep_obligation() {
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    let p = pos("B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w2,B8:w1,N1:b15 w 10/10 0.0/0.0");
    let t = throw("6-5");
    let movement = plays(&p, "6-5");
    assert!(movement.contains(&"6-5: B6-B12, B7-B12".to_string()));
    assert!(movement.iter().all(|m| !m.contains("par puissance")));
    let legal: Vec<String> = p.legal_plays(t).iter().map(|p| p.to_string()).collect();
    assert_eq!(legal, movement);
    let a = ThrowAnalysis::new(&p, t, &ScoringRules::default());
    assert_eq!(a.legal_plays().len(), movement.len());
    assert_eq!(a.points_before(Colour::White), 0);
    for i in 0..a.legal_plays().len() {
        assert!(a.after_play_index(i).unwrap().is_empty());
    }
    assert!(
        p.parse_movement_play("6-5: B7-B12, B8-B12 (par puissance)")
            .is_err()
    );
}

/// The same law against a fill: the coin par puissance (B7, B9) would complete the grand
/// jan, the coin par effet (B6, B8) breaks B8. Par puissance is forbidden: no fill, the four
/// other plays. Without the dame on B6 (no coin par effet) the par puissance play is the
/// only legal one and fills (4 points).
#[test]
fn coins_par_effet_comes_before_the_fill_obligation() {
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    let p = pos("B1:w2,B6:w1,B7:w3,B8:w2,B9:w3,B10:w2,B11:w2,N1:b15 w 10/10 0.0/0.0");
    let a = ThrowAnalysis::new(&p, throw("6-4"), &ScoringRules::default());
    let legal: Vec<String> = a.legal_plays().iter().map(|p| p.to_string()).collect();
    assert_eq!(
        legal,
        [
            "6-4: B1-B7, B1-B5",
            "6-4: B1-B7, B6-B10",
            "6-4: B1-B7-B11",
            "6-4: B6-B12, B8-B12"
        ]
    );
    assert_eq!(a.points_before(Colour::White), 0);
    assert!(a.before_play().is_empty());

    let q = pos("B1:w2,B2:w1,B7:w3,B8:w2,B9:w3,B10:w2,B11:w2,N1:b15 w 10/10 0.0/0.0");
    let a = ThrowAnalysis::new(&q, throw("6-4"), &ScoringRules::default());
    let legal: Vec<String> = a.legal_plays().iter().map(|p| p.to_string()).collect();
    assert_eq!(legal, ["6-4: B7-B12, B9-B12 (par puissance)"]);
    assert_eq!(a.points_before(Colour::White), 4);
}

/// JAN DE DEUX TABLES: "Par quines Blanc réalise un jan de deux tables … On ne peut jamais
/// prendre son coin dans cette situation". Built from the words: White's first two dames on
/// B7 and B8 (one could reach each coin by a 5), the rest on the talon.
#[test]
fn coins_deux_tables_cannot_take_the_coin() {
    let p = pos("B1:w13,B7:w1,B8:w1,N1:b15 w 2/2 0.0/0.0");
    let legal = p.movement_plays(throw("5-5"));
    for i in 0..legal.len() {
        assert_eq!(
            legal
                .board_after(i)
                .unwrap()
                .count(Colour::White, Point::coin(Colour::White)),
            0
        );
    }
    assert!(
        p.parse_movement_play("5-5: B1-B6, B1-B6").is_ok(),
        "tout à bas en B6"
    );
}

/// JAN DE MÉZÉAS: "Blanc qui a déjà pris son coin obtient 5 et as … puis joue tout d'une
/// en B7". Built: two dames on the coin, 13 on the talon.
#[test]
fn coins_mezeas_then_tout_d_une_to_b7() {
    let p = pos("B1:w13,B12:w2,N1:b15 w 2/2 0.0/0.0");
    assert!(p.parse_movement_play("5-1: B1-B7").is_ok());
    // Leaving the coin singly is forbidden: no play moves exactly one dame off B12.
    for pl in p.movement_plays(throw("5-1")).iter() {
        let from_coin = pl
            .moves()
            .iter()
            .filter(|m| m.from == Point::coin(Colour::White))
            .count();
        assert_ne!(from_coin, 1, "{pl}");
    }
}

// ---------------------------------------------------------------- RETOUR / JAN INTERDIT

/// JAN INTERDIT: "dès que le joueur a passé quatre dames dans son grand jan, son petit jan
/// n'est plus interdit … avec seulement onze dames".
#[test]
fn jan_interdit_four_dames_passed() {
    let three = pos("B1:w12,B7:w3,N1:b15 b 3/3 0.0/0.0");
    let four = pos("B1:w11,B7:w4,N1:b15 b 3/3 0.0/0.0");
    assert!(three.board().can_fill(Colour::White, Jan::PetitJan));
    assert!(!four.board().can_fill(Colour::White, Jan::PetitJan));
    assert!(four.board().can_fill(Colour::White, Jan::GrandJan));
}

/// RETOUR: a dame may stop in the opponent's petit jan only once he cannot fill it, and may
/// rest tout d'une on an EMPTY point of his still-fillable grand jan (coin included) to pass
/// into the jan de retour. Built: Black has 10 dames behind his p 6 (petit jan no longer
/// fillable) and 15 behind his p 12 (grand jan fillable); White dame on B11, 6-3.
#[test]
fn retour_rest_in_the_interdit_grand_jan() {
    let p = pos(
        "B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b8,N2:b1,N3:b1,N7:b2,N8:b2,N9:b1 w 9/9 0.0/0.0",
    );
    assert!(p.board().can_fill(Colour::Black, Jan::GrandJan));
    assert!(!p.board().can_fill(Colour::Black, Jan::PetitJan));
    // B11-N5 rests on N11 (empty); N8 is Black's.
    assert!(p.parse_movement_play("6-3: B11-N11-N5").is_ok());
    assert!(p.parse_movement_play("6-3: B11-N8-N5").is_err());
    // No play stops in Black's grand jan (N7..N12).
    for pl in p.movement_plays(throw("6-3")).iter() {
        for m in pl.moves() {
            let n = m.to.path(Colour::White);
            let rest = pl.is_tout_d_une() && *m == pl.moves()[0];
            assert!(rest || !(13..=18).contains(&n), "{pl}");
        }
    }
    // With the petit jan still fillable (3 more Black dames on the talon), no passage.
    let q = pos("B7:w2,B8:w2,B9:w2,B10:w3,B11:w4,B12:w2,N1:b11,N2:b1,N3:b1,N7:b2 w 9/9 0.0/0.0");
    assert!(q.board().can_fill(Colour::Black, Jan::PetitJan));
    assert!(q.parse_movement_play("6-3: B11-N5").is_err());
}

// ---------------------------------------------------------------- SORTIE

/// SORTIE: "pour une seule dame blanche en jeu en N5, le nombre 6 est excédant, le nombre 5
/// est sortant et les nombres 4, 3, 2, et as sont défaillants … Pour Noir, le 6 et le 5 sont
/// excédants ; le 4, le 3 et l'as sont sortants … le 2 est défaillant". Black's dames are
/// rebuilt on B4, B3 and B1 (his p 21, 22, 24), which is what those words imply.
#[test]
fn sortie_kinds_of_numbers() {
    let w = pos("N5:w1,B4:b5,B3:b5,B1:b5 w 20/20 0.0/0.0");
    let kinds: Vec<_> = (1..=6).map(|d| w.sortie_number(die(d))).collect();
    use SortieNumber::*;
    assert_eq!(
        kinds,
        [
            Some(Defaillant),
            Some(Defaillant),
            Some(Defaillant),
            Some(Defaillant),
            Some(Sortant),
            Some(Excedant)
        ]
    );
    let mut b = w;
    b.set_side_to_move(Colour::Black);
    let kinds: Vec<_> = (1..=6).map(|d| b.sortie_number(die(d))).collect();
    assert_eq!(
        kinds,
        [
            Some(Sortant),
            Some(Defaillant),
            Some(Sortant),
            Some(Sortant),
            Some(Excedant),
            Some(Excedant)
        ]
    );
    // "la dame peut sortir par le 6 et le 5, les autres nombres doivent être joués dans le
    // jan": 6-5 bears her off (by either number; one play), 2-1 keeps her inside.
    assert_eq!(plays(&w, "6-5"), ["6-5: N5-off"]);
    assert_eq!(plays(&w, "2-1"), ["2-1: N5-N3-N2"]);
    // "le 3 et l'as peuvent être joués dans le jan au gré du joueur" for Black.
    assert!(b.parse_movement_play("3-1: B4-B1, B3-B2").is_ok());
    assert!(b.parse_movement_play("3-1: B3-off, B1-off").is_ok());
}

/// SORTIE: "avec une dame en … N6 et une autre en … N4 (et quelques autres sur les
/// dernières cases), les dés amènent 5 et 3 : il faut jouer le 5 à l'intérieur du jan avec la
/// dame située en N6 et le 3 avec l'autre et non le 3 avec la dame située en N6 puis sortir
/// celle située en N4 par le 5 devenu alors excédant". The others: one on N2, two on N1.
#[test]
fn sortie_no_number_made_excedant() {
    let p = pos("N6:w1,N4:w1,N2:w1,N1:w2,B1:b15 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "5-3"), ["5-3: N6-N1, N4-N1"]);
    assert!(
        !p.is_movement_legal(
            &trictrac_core::Play::new(
                throw("5-3"),
                &[
                    trictrac_core::Move {
                        from: "N6".parse().unwrap(),
                        to: "N3".parse().unwrap(),
                        die: die(3)
                    },
                    trictrac_core::Move {
                        from: "N4".parse().unwrap(),
                        to: trictrac_core::Dest::Off,
                        die: die(5)
                    },
                ]
            )
            .unwrap()
        )
    );
}

/// SORTIE: "il faut jouer la totalité des nombres non sortants à l'intérieur du jan lorsque
/// cela est possible. Il n'est donc pas permis de jouer l'un des nombres de telle sorte que
/// le second ne puisse être joué autrement que comme nombre excédant." With the last two
/// dames, bearing off with the sortant number first would leave the défaillant one to bear
/// off the other dame as an excédant: illegal, the défaillant number is played inside and
/// one dame stays (even though bearing both off would score the sortie).
#[test]
fn sortie_every_non_sortant_number_inside() {
    // N6 and N1, 6-5: the 6 is sortant, the 5 défaillant (N6-N1).
    let p = pos("N6:w1,N1:w1,B1:b15 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "6-5"), ["6-5: N6-N1-off"]);
    assert!(p.parse_movement_play("6-5: N6-off, N1-off").is_err());
    // N5 and N2: 5-4 (the 4 défaillant) and 5-3 (the 3 défaillant).
    let p = pos("N5:w1,N2:w1,B1:b15 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "5-4"), ["5-4: N5-N1, N2-off"]);
    assert_eq!(plays(&p, "5-3"), ["5-3: N5-N2-off"]);
    // N6 and N3, 6-4: the 4 défaillant.
    let p = pos("N6:w1,N3:w1,B1:b15 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "6-4"), ["6-4: N6-N2, N3-off"]);
    // The rule is about non-sortant numbers only: with N6 and N5 both 6 and 5 are sortant;
    // the 5 may be played inside (N6-N1, "il est permis de ne pas sortir une dame par un
    // nombre sortant") and the 6, excédant after it, bears off N5.
    let p = pos("N6:w1,N5:w1,N1:w2,B1:b15 w 20/20 0.0/0.0");
    assert_eq!(
        plays(&p, "6-5"),
        ["6-5: N6-off, N5-off", "6-5: N6-N1, N5-off"]
    );
}

/// The sortie with the scoring: N6 and N1, 6-5 scores no sortie (one dame stays); N6 and
/// N5, 6-5 scores it only for the play that bears both off.
#[test]
fn sortie_non_sortant_inside_scores_no_sortie() {
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    let rules = ScoringRules::default();
    let p = pos("N6:w1,N1:w1,B1:b15 w 20/20 0.0/0.0");
    let a = ThrowAnalysis::new(&p, throw("6-5"), &rules);
    assert_eq!(a.legal_plays().len(), 1);
    assert_eq!(a.points_before(Colour::White), 0);
    assert!(a.after_play_index(0).unwrap().is_empty());
    // The two last dames on N6 and N5: bearing both off is compulsory (the last sortie
    // scores, glossary SORTIE), so the only play is N6-off, N5-off, scoring 4.
    let p = pos("N6:w1,N5:w1,B1:b15 w 20/20 0.0/0.0");
    let a = ThrowAnalysis::new(&p, throw("6-5"), &rules);
    let legal: Vec<String> = a.legal_plays().iter().map(|p| p.to_string()).collect();
    assert_eq!(legal, ["6-5: N6-off, N5-off"]);
    assert_eq!(a.points_before(Colour::White), 4);
}

/// SORTIE: "avec une dame en … N6 et deux en … N1, l'adversaire ayant gardé la troisième
/// case (N3), les dés amènent ternes : … il n'est alors pas permis de sortir les deux dames
/// en la première case … il y a donc impuissance de jouer les deux nombres".
#[test]
fn sortie_ternes_blocked_is_impuissance() {
    let p = pos("N6:w1,N1:w2,N3:b2,B1:b13 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "3-3"), ["3-3: -"]);
    assert_eq!(unplayed(&p, "3-3"), [3, 3]);
    assert_eq!(p.sortie_number(die(3)), None);
}

/// SORTIE: the sortie may be made tout d'une, and the very last dames must go off when they
/// can ("la sortie doit être effectivement réalisée s'il s'agit des toutes dernières
/// dames"). A lone dame on N5 with 4-2: 4 then 2 (excédant) bears it off; it cannot stay.
#[test]
fn sortie_last_dame_goes_off() {
    let p = pos("N5:w1,B4:b5,B3:b5,B1:b5 w 20/20 0.0/0.0");
    assert_eq!(plays(&p, "4-2"), ["4-2: N5-N1-off"]);
    let after = p
        .play_movement_only(&p.parse_movement_play("4-2: N5-N1-off").unwrap())
        .unwrap();
    assert!(after.has_borne_off_all(Colour::White));
    let mut r = after;
    r.releve(Colour::White);
    assert_eq!(r.to_string(), "B1:w15,N1:b15 w 0/0 0.0/0.0");
}

// ---------------------------------------------------------------- IMPUISSANCE

/// IMPUISSANCE: "Si on ne peut en jouer qu'un seul et qu'on a le choix, on doit jouer le
/// plus fort." Built: White's talon is shut in by Black on B2..B7; three dames on his coin,
/// so one may leave singly; Black holds N5, so 5-3 cannot be played tout d'une from the
/// coin, and two dames leaving would leave one. Either number alone is playable: the 5.
#[test]
fn impuissance_play_the_higher() {
    let p = pos("B1:w12,B12:w3,B2:b2,B3:b2,B4:b2,B5:b2,B6:b2,B7:b2,N5:b2,N1:b1 w 9/9 0.0/0.0");
    assert_eq!(plays(&p, "5-3"), ["5-3: B12-N8"]);
    assert_eq!(unplayed(&p, "5-3"), [3]);
}

/// CONSERVER PAR IMPUISSANCE: "Blanc a obtenu 6 et 3 mais ne peut jouer le 6 d'aucune
/// manière. Il conserve le plein de son grand jan en ne jouant que le 3 … (points de
/// batterie pour la dame en N8) … Noir marque 2 points d'impuissance pour le 6 … (batterie à
/// faux pour la dame en N6)". Rebuilt: White's 15 dames fill B7..B12; Black holds his coin
/// N12 and N11, N9 (so no repos pour battre N6 from B10: à faux), single dames on N8 and N6;
/// Black's grand jan is still fillable (interdit), his petit jan is not.
#[test]
fn conserver_par_impuissance() {
    let p = pos(
        "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b7,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0",
    );
    assert_eq!(
        plays(&p, "6-3"),
        ["6-3: B7-B10", "6-3: B8-B11", "6-3: B9-B12"]
    );
    assert_eq!(unplayed(&p, "6-3"), [6]);
    // Every play keeps the plein of the grand jan.
    let legal = p.movement_plays(throw("6-3"));
    for i in 0..legal.len() {
        assert!(
            legal
                .board_after(i)
                .unwrap()
                .is_full(Colour::White, Jan::GrandJan)
        );
    }
    // "reculons-la de deux cases en N6": N8 empties; White must pass B11 to N5 resting on N8
    // (empty point of the interdit grand jan, the jan de retour being open), breaking his
    // plein.
    let q =
        pos("B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N1:b7,N6:b2,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0");
    assert_eq!(plays(&q, "6-3"), ["6-3: B11-N8-N5"]);
    assert_eq!(unplayed(&q, "6-3"), Vec::<u8>::new());
    let after = q
        .play_movement_only(&q.parse_movement_play("6-3: B11-N5").unwrap())
        .unwrap();
    assert!(!after.board().is_full(Colour::White, Jan::GrandJan));
}

// ---------------------------------------------------------------- REMPLIR EN PASSANT (the laws)

/// REMPLIR EN PASSANT, first diagram, rebuilt from its words: White's jan de retour lacks
/// only N6 (one dame there), a dame on N9 "semble remplir par le 3 mais pour jouer le 6 il
/// faut la sortir"; "il peut aussi jouer le 6 de N9 en N3 et le 3 de N6, de N5 ou de N4 (ou
/// encore de N3, ce qui revient au même que de sortir la dame en la jouant tout d'une de N9
/// en passant par N6)". Exactly those four plays.
#[test]
fn remplir_en_passant_first_diagram_plays() {
    let p = pos(
        "N9:w1,N6:w1,N5:w3,N4:w3,N3:w3,N2:w2,N1:w2,B6:b3,B5:b3,B4:b3,B3:b2,B2:b2,B1:b2 w 20/20 0.0/0.0",
    );
    let mut got = plays(&p, "6-3");
    got.sort();
    assert_eq!(
        got,
        [
            "6-3: N9-N3, N4-N1",
            "6-3: N9-N3, N5-N2",
            "6-3: N9-N3, N6-N3",
            "6-3: N9-N3-off",
        ]
    );
}

/// REMPLIR EN PASSANT, second diagram, rebuilt: White holds his coin with two dames, one
/// dame on N6 and the rest of his jan de retour full. By 6 and as "une dame du coin semble
/// bien pouvoir remplir par les deux nombres réunis, cela n'est pas possible … car cela
/// laisserait une seule dame dans le coin"; "Blanc est dans l'impuissance de jouer le 6 : il
/// ne peut quitter son coin d'emblée en mettant une dame sur le coin de l'adversaire et
/// l'autre en N7 ; il ne peut sortir la dame de la case N6 … car toutes n'y sont pas encore
/// rentrées". Only the ace is played; the 6 is unplayable.
#[test]
fn remplir_en_passant_second_diagram_impuissance() {
    let p = pos(
        "B12:w2,N6:w1,N5:w3,N4:w3,N3:w2,N2:w2,N1:w2,B6:b3,B5:b3,B4:b3,B3:b2,B2:b2,B1:b2 w 20/20 0.0/0.0",
    );
    assert_eq!(
        plays(&p, "6-1"),
        [
            "6-1: N6-N5",
            "6-1: N5-N4",
            "6-1: N4-N3",
            "6-1: N3-N2",
            "6-1: N2-N1"
        ]
    );
    assert_eq!(unplayed(&p, "6-1"), [6]);
}

// ------------------------------------------- the movement side of other glossary situations

/// CONSERVER EN OUTREPASSANT: "Blanc joue une dame tout d'une de B7 en N8" once Black's
/// jans are no longer interdit. Rebuilt: White's grand jan full with a surplus dame on B7,
/// Black's dames all in his jan de retour (B side).
#[test]
fn outrepasser_tout_d_une_b7_to_n8() {
    let p = pos(
        "B7:w3,B8:w2,B9:w2,B10:w2,B11:w2,B12:w4,B6:b3,B5:b3,B4:b3,B3:b2,B2:b2,B1:b2 w 9/9 0.0/0.0",
    );
    assert!(!p.board().can_fill(Colour::Black, Jan::GrandJan));
    let play = p.parse_movement_play("6-4: B7-N8").unwrap();
    assert!(play.is_tout_d_une());
    let after = p.play_movement_only(&play).unwrap();
    assert!(after.board().is_full(Colour::White, Jan::GrandJan));
}

/// CONSERVER EN SORTANT: "Noir peut conserver le plein de son jan en sortant par le 6 une
/// dame en B6 et par le 4 une dame en B4 (il pourrait aussi jouer le 4 à l'intérieur du jan
/// de B6 à B2)." Rebuilt: Black's jan de retour full with surplus dames on B6 and B4.
#[test]
fn conserver_en_sortant_plays_exist() {
    let p =
        pos("B6:b3,B5:b2,B4:b3,B3:b2,B2:b2,B1:b3,N1:w3,N2:w3,N3:w3,N4:w3,N5:w3 b 30/30 0.0/0.0");
    assert!(p.board().all_in_jan_de_retour(Colour::Black));
    assert!(p.parse_movement_play("6-4: B6-off, B4-off").is_ok());
    assert!(p.parse_movement_play("6-4: B6-off, B6-B2").is_ok());
}

/// REMPLIR EN SORTANT: "Blanc remplit par le 3 de N9 et sort une dame de N5." Rebuilt:
/// White's jan de retour lacks one dame on N6, a dame on N9, surplus on N5; 5-3: the 3
/// brings the N9 dame in, after which the 5 bears off from N5 (sortant).
#[test]
fn remplir_en_sortant_play_exists() {
    let p = pos(
        // 15 White dames: with N9 still out none can be borne off yet (13 were written).
        "N9:w1,N6:w1,N5:w3,N4:w2,N3:w2,N2:w2,N1:w4,B6:b3,B5:b3,B4:b3,B3:b2,B2:b2,B1:b2 w 30/30 0.0/0.0",
    );
    let play = p.parse_movement_play("5-3: N9-N6, N5-off").unwrap();
    let after = p.play_movement_only(&play).unwrap();
    assert!(after.board().is_full(Colour::White, Jan::JanDeRetour));
}
