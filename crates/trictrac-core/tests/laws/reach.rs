//! The reach queries the scoring rules build on, against the glossary's BATTRE and BATTRE LE
//! COIN situations (diagrams lost: positions rebuilt from the words; the points are scored
//! by the scoring module, only the reaches are checked here).

use trictrac_core::{Colour, Number, Position, Throw};

fn pos(s: &str) -> Position {
    s.parse().unwrap()
}

fn reaches_to(p: &Position, t: &str, target: u8) -> Vec<(String, Number, Vec<u8>)> {
    let throw: Throw = t.parse().unwrap();
    p.reaches(throw)
        .into_iter()
        .filter(|r| r.to == target)
        .map(|r| (r.from.to_string(), r.number, r.rests.to_vec()))
        .collect()
}

/// BATTRE UNE DAME, EXEMPLE n° 1: "La dame blanche en B8 est battue par le 5 avec une dame
/// noire du coin N12 et par le 6 avec la dame noire en N11."
#[test]
fn exemple_1_both_direct_numbers() {
    let p = pos("B1:w12,B8:w1,B12:w2,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0");
    let b8 = "B8"
        .parse::<trictrac_core::Point>()
        .unwrap()
        .path(Colour::Black);
    let six = trictrac_core::Die::new(6).unwrap();
    let five = trictrac_core::Die::new(5).unwrap();
    let got = reaches_to(&p, "6-5", b8);
    assert!(got.contains(&("N12".into(), Number::Die(five), vec![])));
    assert!(got.contains(&("N11".into(), Number::Die(six), vec![])));
}

/// EXEMPLE n° 2 and n° 3: "Par as puis 6, une dame noire du coin N12 bat la dame blanche
/// découverte en B6 (repos pour battre en B12)"; once White holds B12 (and B7), no rest.
#[test]
fn exemples_2_and_3_repos_pour_battre() {
    let p = pos("B1:w10,B6:w1,B7:w4,N1:b13,N12:b2 b 5/5 0.0/0.0");
    let b6 = "B6"
        .parse::<trictrac_core::Point>()
        .unwrap()
        .path(Colour::Black);
    assert_eq!(
        reaches_to(&p, "6-1", b6),
        [("N12".into(), Number::Sum, vec![13])]
    );
    let q = pos("B1:w8,B6:w1,B7:w4,B12:w2,N1:b13,N12:b2 b 5/5 0.0/0.0");
    assert_eq!(
        reaches_to(&q, "6-1", b6),
        [("N12".into(), Number::Sum, vec![])]
    );
}

/// BATTRE LE COIN: "Blanc bat le coin adverse par 6 et 4 car il pourrait y faire case pleine
/// avec une dame en B7 et une autre en B9. On peut battre le coin adverse par un as si on a
/// au moins une troisième dame sur son propre coin (et par beset si on en a une
/// quatrième)."
#[test]
fn battre_le_coin_d_emblee() {
    let t = |s: &str| s.parse::<Throw>().unwrap();
    let p = pos("B1:w11,B7:w1,B9:w1,B12:w2,N1:b15 w 5/5 0.0/0.0");
    assert!(p.board().holds_coin(Colour::White));
    assert!(p.board().could_take_opponent_coin(Colour::White, t("6-4")));
    assert!(!p.board().could_take_opponent_coin(Colour::White, t("6-6")));
    assert!(!p.board().could_take_opponent_coin(Colour::White, t("4-1")));
    // 15 dames (14 were written: one taken as borne off, which no partie reaches with dames
    // outside the jan de retour).
    let three = pos("B1:w11,B9:w1,B12:w3,N1:b15 w 5/5 0.0/0.0");
    assert!(
        three
            .board()
            .could_take_opponent_coin(Colour::White, t("4-1"))
    );
    assert!(
        !three
            .board()
            .could_take_opponent_coin(Colour::White, t("1-1"))
    );
    let four = pos("B1:w11,B12:w4,N1:b15 w 5/5 0.0/0.0");
    assert!(
        four.board()
            .could_take_opponent_coin(Colour::White, t("1-1"))
    );
    // Not when the opponent holds his coin.
    let held = pos("B1:w11,B7:w1,B9:w1,B12:w2,N1:b13,N12:b2 w 5/5 0.0/0.0");
    assert!(
        !held
            .board()
            .could_take_opponent_coin(Colour::White, t("6-4"))
    );
}
