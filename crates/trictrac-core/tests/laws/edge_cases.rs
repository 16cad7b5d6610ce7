//! An independent audit of the laws of movement (rules page "Moving (laws)", glossary seed
//! 002 LOIS, COINS, RETOUR, JAN INTERDIT, SORTIE, IMPUISSANCE): edge cases not pinned by
//! `laws/glossary.rs`, each expected set derived by hand from the source sentence quoted.
//!
//! Positions are White to move unless said otherwise. White's path: `B1..B12` = 1..12,
//! `N12..N1` = 13..24; Black's: `N1..N12` = 1..12, `B12..B1` = 13..24.

use trictrac_core::{Colour, Jan, Position, Throw};

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn throw(s: &str) -> Throw {
    s.parse().unwrap()
}

/// The boards (first field of the position notation) the legal plays leave, sorted.
fn boards(p: &Position, t: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .movement_plays(throw(t))
        .iter()
        .map(|play| {
            let after = p.play_movement_only(play).unwrap();
            after
                .to_string()
                .split(' ')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    v.sort();
    v
}

/// The boards `white` (each with `black` added), normalised through the notation, sorted.
fn expected(white: &[&str], black: &str) -> Vec<String> {
    let mut v: Vec<String> = white
        .iter()
        .map(|w| {
            let s = pos(&format!("{w},{black} w 9/9 0.0/0.0")).to_string();
            s.split(' ').next().unwrap_or_default().to_string()
        })
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| (*s).to_string()).collect();
    v.sort();
    v
}

/// Black has passed four dames beyond his coin (B9 is Black's p16): with 11 dames left
/// he can fill neither his petit nor his grand jan (JAN INTERDIT: "dès que le joueur a passé
/// quatre dames…"), so both are open to White. Black holds N11 (White's p14).
const OPEN_BLACK: &str = "N1:b9,N11:b2,B9:b4";

/// COINS: "Un coin vide peut cependant servir de passage à une dame quelconque pour s'y
/// reposer afin de jouer tout d'une." White's dame on B11 plays 3-2 tout d'une: by the 3 it
/// would rest on N11 (Black's), by the 2 it rests on Black's EMPTY coin N12 and goes on to N9.
/// It may never stop on N12 (the 2 alone is unplayable from B11). Expected plays: both
/// numbers from the talon (B4 + B3), the talon dame tout d'une to B6, and B11 to N9.
#[test]
fn tout_d_une_rests_on_the_opponents_empty_coin() {
    let p = pos(&format!("B1:w14,B11:w1,{OPEN_BLACK} w 9/9 0.0/0.0"));
    assert!(!p.board().can_fill(Colour::Black, Jan::GrandJan));
    assert_eq!(
        boards(&p, "3-2"),
        expected(
            &[
                "B1:w12,B3:w1,B4:w1,B11:w1",
                "B1:w13,B6:w1,B11:w1",
                "B1:w14,N9:w1"
            ],
            OPEN_BLACK
        )
    );
    // Once Black holds his coin, that rest is gone: B11 cannot play tout d'une.
    let q = pos("B1:w14,B11:w1,N1:b7,N11:b2,N12:b2,B9:b4 w 9/9 0.0/0.0");
    let bs = boards(&q, "3-2");
    assert_eq!(bs.len(), 2, "{bs:?}");
    assert!(bs.iter().all(|b| b.contains("B11:w1")), "{bs:?}");
}

/// COINS: an empty coin, the player's own included, may be the rest of a tout d'une; a dame
/// may not stay alone on it. White B11 with 3-1: by the ace it rests on his empty coin B12
/// and goes on to N10 by the 3 (by the 3 first it would rest on Black's N11). Playing the ace
/// B11-B12 with another dame playing the 3 leaves one dame on the coin: forbidden.
#[test]
fn tout_d_une_rests_on_the_own_empty_coin_but_never_stays_alone() {
    let p = pos(&format!("B1:w14,B11:w1,{OPEN_BLACK} w 9/9 0.0/0.0"));
    let expected = expected(
        &[
            "B1:w12,B2:w1,B4:w1,B11:w1",
            "B1:w13,B5:w1,B11:w1",
            "B1:w14,N10:w1",
        ],
        OPEN_BLACK,
    );
    assert_eq!(boards(&p, "3-1"), expected);
}

/// RETOUR: "en jouant tout d'une, il est toujours possible d'utiliser les cases vides du
/// grand jan adverse (y compris le coin), même s'il peut encore être rempli, afin de s'y
/// reposer pour passer une dame dans le jan de retour, dès lors que ce dernier n'est plus
/// interdit." Black (N1:b3, N7:b12) can still fill his grand jan (15 dames at his p ≤ 7) but
/// not his petit jan (3 dames at p ≤ 2 < 4). White's B11 plays 6-3 tout d'une to N5 (p20),
/// resting on N11 or N8 (interdit, empty). With Black able to fill both jans (all on N1) the
/// same tout d'une is forbidden: the jan de retour is interdit.
#[test]
fn rest_in_the_interdit_grand_jan_only_while_the_retour_is_open() {
    let open = pos("B1:w14,B11:w1,N1:b3,N7:b12 w 9/9 0.0/0.0");
    assert!(open.board().can_fill(Colour::Black, Jan::GrandJan));
    assert!(!open.board().can_fill(Colour::Black, Jan::PetitJan));
    let b = boards(&open, "6-3");
    assert_eq!(b.len(), 3, "{b:?}");
    assert!(b.iter().any(|s| s.contains("N5:w1")), "{b:?}");
    // No White dame ever stops in the interdit grand jan (N7..N12).
    for s in &b {
        for l in ["N7:w", "N8:w", "N9:w", "N10:w", "N11:w", "N12:w"] {
            assert!(!s.contains(l), "{s}");
        }
    }
    let closed = pos("B1:w14,B11:w1,N1:b15 w 9/9 0.0/0.0");
    let b = boards(&closed, "6-3");
    assert_eq!(b.len(), 2, "{b:?}");
    assert!(b.iter().all(|s| s.contains("B11:w1")), "{b:?}");
}

/// COINS: "On ne peut prendre son coin de repos que d'emblée … De même, on ne peut le quitter
/// que d'emblée … Il est interdit de placer ou de laisser une seule dame sur son coin"; the
/// rules page: "Dames beyond the second may join or leave singly." With three dames on B12 a
/// single dame may leave (two stay); with two it may not, only both together.
#[test]
fn coin_of_three_leaves_singly_coin_of_two_only_d_emblee() {
    let three = pos(&format!("B1:w12,B12:w3,{OPEN_BLACK} w 9/9 0.0/0.0"));
    let b = boards(&three, "4-3");
    // B1-B5 + B1-B4; B1-B8 tout d'une; B12-N10 + B1-B5; B12-N9 + B1-B4; B12-N6 tout d'une.
    // B12-N10 + B12-N9 would leave one dame on the coin.
    assert_eq!(b.len(), 5, "{b:?}");
    assert!(b.iter().all(|s| s.contains("B12:w")), "{b:?}");
    assert!(b.iter().any(|s| s.contains("N6:w1")), "{b:?}");
    let two = pos(&format!("B1:w13,B12:w2,{OPEN_BLACK} w 9/9 0.0/0.0"));
    let b = boards(&two, "4-3");
    // B1-B5 + B1-B4; B1-B8; B12-N10 + B12-N9 (d'emblée). Nothing leaves one dame on B12.
    assert_eq!(b.len(), 3, "{b:?}");
    assert!(b.iter().any(|s| !s.contains("B12:w")), "{b:?}");
    assert!(b.iter().all(|s| !s.contains("B12:w1")), "{b:?}");
}

/// COINS: "On peut prendre son coin … par puissance si celui de l'adversaire est vide";
/// rules page law 4: "when both coins are empty". White B7 + B8 with 6-5 could put two dames
/// d'emblée on N12 (p13): par puissance they take B12 instead, unless Black holds his coin.
/// And with White's own coin already held, there is nothing to take.
#[test]
fn par_puissance_needs_both_coins_empty() {
    let both_empty = pos("B1:w13,B7:w1,B8:w1,N1:b15 w 2/2 0.0/0.0");
    let l = both_empty.movement_plays(throw("6-5"));
    assert!(l.iter().any(|p| p.is_par_puissance()));
    let black_coin = pos("B1:w13,B7:w1,B8:w1,N1:b13,N12:b2 w 2/2 0.0/0.0");
    let l = black_coin.movement_plays(throw("6-5"));
    assert!(!l.iter().any(|p| p.is_par_puissance()));
    let own_coin = pos("B1:w11,B7:w1,B8:w1,B12:w2,N1:b15 w 2/2 0.0/0.0");
    let l = own_coin.movement_plays(throw("6-5"));
    assert!(!l.iter().any(|p| p.is_par_puissance()));
}

/// JAN INTERDIT, the material possibility ("avec les dames dont il dispose en arrière des
/// cases à faire pour ce plein"), rules page prefix formula, at its edges: twelve dames
/// behind the jan are not enough if the first point cannot get its two (one dame on N1 and
/// none behind it); twelve spread two by two are; eleven never are.
#[test]
fn jan_interdit_prefix_formula_edges() {
    let cases = [
        // Black's dames (N1..N6 = his p1..6); White elsewhere.
        ("N1:b2,N2:b2,N3:b2,N4:b2,N5:b2,N6:b2,N7:b3", true),
        ("N1:b12,N7:b3", true),
        ("N1:b1,N6:b11,N7:b3", false),
        ("N1:b3,N2:b1,N6:b8,N7:b3", false), // q = 3: 4 dames at p <= 3 < 6
        ("N1:b11,N7:b4", false),
        ("N1:b2,N2:b2,N3:b2,N4:b2,N5:b1,N6:b3,N7:b3", false), // q = 5: 9 < 10
    ];
    for (black, expected) in cases {
        let p = pos(&format!("B1:w15,{black} w 9/9 0.0/0.0"));
        let got = p.board().can_fill(Colour::Black, Jan::PetitJan);
        assert_eq!(got, expected, "{black}");
    }
    // The verdict drives the laws: White may stop on N5 only when Black's petit jan is open.
    let open = pos("B1:w14,B11:w1,N1:b1,N6:b11,N7:b3 w 9/9 0.0/0.0");
    assert!(
        boards(&open, "6-3").iter().any(|s| s.contains("N5:w1")),
        "open petit jan"
    );
    let closed = pos("B1:w14,B11:w1,N1:b12,N7:b3 w 9/9 0.0/0.0");
    assert!(
        !boards(&closed, "6-3").iter().any(|s| s.contains("N5:w1")),
        "interdit petit jan"
    );
}

/// SORTIE: "il faut jouer la totalité des nombres non sortants à l'intérieur du jan lorsque
/// cela est possible. Il n'est donc pas permis de jouer l'un des nombres de telle sorte que le
/// second ne puisse être joué autrement que comme nombre excédant." White's last two dames on
/// N5 (p20) and N1 (p24), 6-4: the 6 is excédant (from N5), the 4 défaillant (N5-N1 inside).
/// Playing the 6 first would make the 4 excédant for N1 although it could be played inside:
/// forbidden, even though it would finish the sortie. The only play: the 4 inside (N5-N1)
/// and the 6, now excédant for the farthest dame, from N1 — one dame left on N1. (Decision
/// recorded in
/// [trictrac.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac.md):
/// constraint (a) before (b).)
#[test]
fn sortie_excedant_cannot_be_forced_to_finish() {
    let p = pos("N5:w1,N1:w1,N7:b15 w 20/20 0.0/0.0");
    let l = p.movement_plays(throw("6-4"));
    assert_eq!(l.len(), 1);
    assert!(l.unplayed().is_empty());
    let after = p.play_movement_only(l.get(0).unwrap()).unwrap();
    assert_eq!(after.board().on_board(Colour::White), 1);
    assert_eq!(after.to_string().split(' ').next(), Some("N1:w1,N7:b15"));
}

/// SORTIE: an excédant number bears off only the farthest dame; a sortant one may instead be
/// played inside. White N6 (p19) and N2 (p23), 6-2: the 6 is sortant for N6; the 2 is
/// sortant for N2 and can be played inside (N6-N4). Both sortants off: finished, and the
/// last dames must go (SORTIE: "la sortie doit être effectivement réalisée s'il s'agit des
/// toutes dernières dames"). N6-N4 then the 6 excédant from N4 (now farthest) is the
/// forbidden shape ("jouer l'un des nombres de telle sorte que le second … excédant").
#[test]
fn sortie_last_two_dames_by_two_sortants() {
    let p = pos("N6:w1,N2:w1,N7:b15 w 20/20 0.0/0.0");
    let l = p.movement_plays(throw("6-2"));
    assert_eq!(
        l.len(),
        1,
        "{:?}",
        l.iter().map(|p| p.to_string()).collect::<Vec<_>>()
    );
    let after = p.play_movement_only(l.get(0).unwrap()).unwrap();
    assert!(after.has_borne_off_all(Colour::White));
}

/// IMPUISSANCE: "Il est obligatoire de jouer les deux nombres si cela est possible. Si on ne
/// peut en jouer qu'un seul et qu'on a le choix, on doit jouer le plus fort." White's last
/// dame outside is on N11 (p14); Black (11 dames behind his coin, so both his jans are open)
/// holds N7 (White's p18) and N5 (p20). 4-2: the 4 (p18) and the sum (p20) are blocked, the
/// 2 (N9) is not: one number played, the 4 unplayed. With N4 (p21) held instead of N5,
/// 5-2: the 5 (N6) or the 2 (N9) alone, never both (sum p21 held, and after either the
/// other lands on p21 or p18): the higher, 5, must be played and the 2 is unplayed.
#[test]
fn impuissance_one_number_only_plays_the_higher() {
    // White's other 14 dames on N3, where neither number can move them (N1 is
    // Black's and none may be borne off while N11 is out); written as borne off before, which
    // no partie reaches with a dame outside the jan de retour.
    let p = pos("N11:w1,N3:w14,N1:b7,N5:b2,N7:b2,B9:b4 w 20/20 0.0/0.0");
    let l = p.movement_plays(throw("4-2"));
    assert_eq!(l.dice_played(), 1);
    let texts: Vec<String> = l.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts, ["4-2: N11-N9"]);
    assert_eq!(
        l.unplayed().iter().map(|d| d.get()).collect::<Vec<_>>(),
        [4]
    );
    let q = pos("N11:w1,N3:w14,N1:b7,N4:b2,N7:b2,B9:b4 w 20/20 0.0/0.0");
    let l = q.movement_plays(throw("5-2"));
    assert_eq!(l.dice_played(), 1);
    let texts: Vec<String> = l.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts, ["5-2: N11-N6"]);
    assert_eq!(
        l.unplayed().iter().map(|d| d.get()).collect::<Vec<_>>(),
        [2]
    );
}

/// Rules page: "A doublet is played as TWO numbers (not four as in backgammon)." From the
/// start, carmes (4-4): two dames to B5, or one tout d'une to B9; never four moves.
#[test]
fn doublet_is_two_numbers() {
    let p = Position::start();
    let l = p.movement_plays(throw("4-4"));
    let texts: Vec<String> = l.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(l.iter().all(|p| p.moves().len() <= 2));
    let b = boards(&p, "4-4");
    assert_eq!(b, sorted(&["B1:w13,B5:w2,N1:b15", "B1:w14,B9:w1,N1:b15"]));
}

/// SORTIE: a nombre excédant "fait aboutir la dame la plus éloignée de la bande de sortie au
/// delà de celle-ci" — only the farthest. White N6 (p19) and two on N1 (p24), N3 free, ternes:
/// the 3 is défaillant for N6 (N6-N3) and may not take a dame off N1 by excess. The only play
/// is N6 tout d'une through N3 and off by the second 3 (sortant from N3); nothing leaves N1.
#[test]
fn sortie_excess_never_from_a_nearer_dame() {
    let p = pos("N6:w1,N1:w2,N7:b15 w 20/20 0.0/0.0");
    let l = p.movement_plays(throw("3-3"));
    let texts: Vec<String> = l.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(l.unplayed().is_empty());
    let after = p.play_movement_only(l.get(0).unwrap()).unwrap();
    assert_eq!(after.to_string().split(' ').next(), Some("N1:w2,N7:b15"));
}

/// SORTIE: "Il est possible de sortir une dame en la jouant tout d'une", and the sortie is
/// judged when the number is played (rules page law 6: "all of the player's dames on the
/// board are in his jan de retour"): White's last dame outside the jan, on N8 (p17), plays
/// 6-2 tout d'une into the jan and off (rest N6 or N2). The other dames (N1) cannot move: the
/// 2 or the 6 from N1 would be excédant for a nearer dame. One play; it bears off one dame.
#[test]
fn sortie_tout_d_une_by_the_last_dame_outside() {
    let p = pos("N8:w1,N1:w14,N7:b15 w 20/20 0.0/0.0");
    let l = p.movement_plays(throw("6-2"));
    assert_eq!(l.len(), 1);
    assert!(l.get(0).unwrap().is_tout_d_une());
    let after = p.play_movement_only(l.get(0).unwrap()).unwrap();
    assert_eq!(after.to_string().split(' ').next(), Some("N1:w14,N7:b15"));
}
