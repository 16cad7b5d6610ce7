//! Referee mode: DAME SEULE PLACÉE SUR UN COIN sub-case by sub-case, the exception of FAUSSE
//! CASE : CONSOMMATION (a dame to be passed into the jan de retour at the next coup), and a
//! dame touched that cannot be played (FAUSSE CASE : DÉFINITION), from the French glossary
//! of the laws of trictrac.

use super::support;
use support::*;
use trictrac_core::{Move, Point};

fn pt(s: &str) -> Point {
    s.parse().expect("point")
}

/// White's dames on B7 and B8, his coin B12 empty; Black's dames past both his jans (he can
/// fill none: White may stop anywhere on Black's side).
const LONE: &str = "B1:w13,B7:w1,B8:w1,B3:b5,B4:b5,B5:b5 w 1/1 0.0/0.0";

/// White holds his coin B12 with two dames; Black as in `LONE`.
const COIN: &str = "B1:w11,B6:w2,B12:w2,B3:b5,B4:b5,B5:b5 w 1/1 0.0/0.0";

fn fausse_case(rep: &[Report]) -> &Report {
    rep.iter()
        .find(|r| r.fault == Fault::FausseCase)
        .unwrap_or_else(|| panic!("no fausse case in {rep:?}"))
}

fn analysis(pos: &str, throw: &str) -> ThrowAnalysis {
    ThrowAnalysis::new(
        &pos.parse().expect("pos"),
        throw.parse().expect("throw"),
        &ScoringRules::default(),
    )
}

fn move_by(from: &str, to: &str, die: u8) -> Move {
    Move {
        from: pt(from),
        to: Dest::Point(pt(to)),
        die: boardgames_common::Die::new(die).expect("die"),
    }
}

#[test]
fn dame_seule_sur_un_coin_played_first_must_be_played_tout_d_une() {
    // "l'adversaire doit la faire jouer tout d'une si elle a été jouée en premier et si c'est
    // possible": 5-2, B7 alone onto the empty coin B12 by the 5, then B8-B10 by the 2.
    // B7-N11 tout d'une is legal: it is the only remedy.
    assert!(
        analysis(LONE, "5-2")
            .legal_plays()
            .iter()
            .any(|p| p.is_tout_d_une() && p.moves()[0].from == pt("B7"))
    );
    let mut r = referee(LONE);
    go(&mut r, White, "throw 5-2");
    let rep = script(&mut r, White, &["move B7 B12", "move B8 B10", "done"]);
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    assert!(!f.options.is_empty());
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(p.is_tout_d_une() && p.moves()[0].from == pt("B7"), "{p}");
    }
    go(&mut r, Black, "choose 1");
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
    assert_eq!(r.position().board().count(White, pt("B7")), 0);
    assert_eq!(r.position().board().count(White, pt("B12")), 0);
}

#[test]
fn dame_seule_sur_un_coin_played_first_without_tout_d_une() {
    // "sinon il peut la faire remettre à sa place d'origine et laisser rejouer le nombre
    // librement ; mais il peut aussi obliger le joueur à se servir de cette dame fautive
    // pour jouer, si possible, le deuxième nombre et laisser rejouer librement le premier":
    // 5-1, B7-B12 by the 5 first (tout d'une would end on Black's coin N12), then B1-B2.
    let mut r = referee(LONE);
    go(&mut r, White, "throw 5-1");
    let rep = script(&mut r, White, &["move B7 B12", "move B1 B2", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    assert_eq!(
        f.options,
        vec![
            Remedy::SendBack {
                from: pt("B7"),
                to: Dest::Point(pt("B12"))
            },
            Remedy::ReplayWith(move_by("B7", "B8", 1)),
        ]
    );
    // Sent back: B1-B2 stays, White plays his 5 again freely.
    let mut back = r.clone();
    go(&mut back, Black, "choose 1");
    assert_eq!(back.dames_on_tablier().counts[White][pt("B7").index()], 1);
    assert_eq!(back.dames_on_tablier().counts[White][pt("B2").index()], 1);
    assert!(script(&mut back, White, &["move B1 B6", "done"]).is_empty());
    assert_eq!(
        back.position().to_string().split(' ').next(),
        Some("B1:w11,B2:w1,B3:b5,B4:b5,B5:b5,B6:w1,B7:w1,B8:w1")
    );
    // The dame serves for the 1: every dame back; White plays B7-B8 and his 5 freely.
    go(&mut r, Black, "choose 2");
    assert_eq!(
        r.dames_on_tablier(),
        LONE.parse::<Position>().expect("pos").to_setup()
    );
    // Playing the 5 and the 1 with other dames is a fausse case again.
    let mut wrong = r.clone();
    let rep = script(&mut wrong, White, &["move B1 B6", "move B1 B2", "done"]);
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(
            p.moves()
                .iter()
                .any(|m| m.from == pt("B7") && m.die.get() == 1),
            "{p}"
        );
    }
    assert!(script(&mut r, White, &["move B7 B8", "move B1 B6", "done"]).is_empty());
}

#[test]
fn dame_seule_sur_un_coin_played_tout_d_une() {
    // "Si la dame fautive a été jouée tout d'une par le joueur, l'adversaire doit l'obliger à
    // jouer un des nombres avec cette dame et le laisser rejouer librement l'autre": 3-2,
    // B7-B10-B12.
    let mut r = referee(LONE);
    go(&mut r, White, "throw 3-2");
    let rep = script(&mut r, White, &["move B7 B10", "move B10 B12", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    assert_eq!(f.options.len(), 2, "{f}");
    assert!(
        f.options
            .contains(&Remedy::ReplayWith(move_by("B7", "B10", 3)))
    );
    assert!(
        f.options
            .contains(&Remedy::ReplayWith(move_by("B7", "B9", 2)))
    );
    let k = f
        .options
        .iter()
        .position(|o| *o == Remedy::ReplayWith(move_by("B7", "B9", 2)))
        .expect("k");
    go(&mut r, Black, &format!("choose {}", k + 1));
    assert!(script(&mut r, White, &["move B7 B9", "move B8 B11", "done"]).is_empty());
}

#[test]
fn dame_seule_sur_un_coin_played_second() {
    // "si la dame fautive a été jouée en second par le joueur, l'adversaire doit renvoyer la
    // dame à sa place d'origine et laisser rejouer librement le deuxième nombre".
    let mut r = referee(LONE);
    go(&mut r, White, "throw 5-1");
    let rep = script(&mut r, White, &["move B1 B2", "move B7 B12", "done"]);
    let f = fausse_case(&rep);
    assert_eq!(
        f.options,
        vec![Remedy::SendBack {
            from: pt("B7"),
            to: Dest::Point(pt("B12"))
        }]
    );
    go(&mut r, Black, "choose 1");
    assert!(script(&mut r, White, &["move B8 N12"]).is_empty());
    // Black's coin is no place either: the 5 by B8 onto N12 is a fausse case again.
    let rep = go(&mut r, White, "done");
    assert_eq!(fausse_case(&rep).entry, Entry::DameSeulePlaceeSurUnCoin);
}

#[test]
fn dame_seule_sur_un_coin_only_touched() {
    // "C'est le même cas si la dame fautive a seulement été touchée alors que, par les
    // nombres à jouer, elle ne pourrait être placée que sur le coin adverse ou seule sur son
    // propre coin": 6-5, B7 goes by the 5 alone to B12, by the 6 to Black's coin N12, and
    // Black holds N7 (no tout d'une), and B7 is the only dame that could reach N12 (no coin
    // par puissance). White touches it and plays B1-B7, B1-B6.
    let pos = "B1:w14,B7:w1,B3:b5,B4:b5,B5:b3,N7:b2 w 1/1 0.0/0.0";
    assert!(
        !analysis(pos, "6-5")
            .legal_plays()
            .iter()
            .any(|p| p.moves().iter().any(|m| m.from == pt("B7")))
    );
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(
        &mut r,
        White,
        &["touch B7", "move B1 B7", "move B1 B6", "done"],
    );
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    // It can be played by no number: the opponent can only leave the play.
    assert_eq!(f.options, vec![Remedy::Leave]);
    go(&mut r, Black, "choose 1");
    assert_eq!(
        r.position().to_string().split(' ').next(),
        Some("B1:w12,B3:b5,B4:b5,B5:b3,B6:w1,B7:w2,N7:b2")
    );
}

#[test]
fn two_dames_on_the_opponent_s_coin() {
    // "Si un joueur a placé ses deux dames sur le coin de l'adversaire, celui-ci peut faire
    // jouer une des dames tout d'une et remettre l'autre à sa place, ou bien faire rejouer
    // librement le coup": 6-5, B7-N12 and B8-N12.
    let mut r = referee(LONE);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B7 N12", "move B8 N12", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    assert_eq!(f.options.last(), Some(&Remedy::ReplayFreely));
    assert!(!f.options.contains(&Remedy::Leave));
    for o in &f.options[..f.options.len() - 1] {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(p.is_tout_d_une(), "{p}");
        assert!([pt("B7"), pt("B8")].contains(&p.moves()[0].from), "{p}");
    }
    go(&mut r, Black, &format!("choose {}", f.options.len()));
    assert_eq!(
        r.dames_on_tablier(),
        LONE.parse::<Position>().expect("pos").to_setup()
    );
}

#[test]
fn dame_left_alone_on_his_coin_by_the_first_dame() {
    // "si un joueur laisse une dame seule sur son coin en jouant sa première dame,
    // l'adversaire doit l'obliger à rejouer le deuxième nombre avec la dame restée seule sur
    // le coin si c'est possible": 3-2, B12-N10 then B6-B8.
    let mut r = referee(COIN);
    go(&mut r, White, "throw 3-2");
    let rep = script(&mut r, White, &["move B12 N10", "move B6 B8", "done"]);
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin);
    assert!(!f.options.is_empty());
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(p.moves().iter().all(|m| m.from == pt("B12")), "{p}");
        assert!(
            p.moves().iter().any(|m| m.to == Dest::Point(pt("N10"))),
            "{p}"
        );
    }
    go(&mut r, Black, "choose 1");
    assert_eq!(r.position().board().count(White, pt("B12")), 0);
    assert_eq!(r.position().board().count(White, pt("N11")), 1);
}

#[test]
fn dame_left_alone_on_his_coin_by_the_second_dame() {
    // "Si c'est en jouant sa deuxième dame que le joueur a commis la faute, l'adversaire doit
    // l'obliger à la remettre sur le coin et le joueur peut librement rejouer son deuxième
    // nombre."
    let mut r = referee(COIN);
    go(&mut r, White, "throw 3-2");
    let rep = script(&mut r, White, &["move B6 B9", "move B12 N11", "done"]);
    assert_eq!(
        fausse_case(&rep).options,
        vec![Remedy::SendBack {
            from: pt("B12"),
            to: Dest::Point(pt("N11"))
        }]
    );
    go(&mut r, Black, "choose 1");
    assert!(script(&mut r, White, &["move B6 B8", "done"]).is_empty());
    assert_eq!(r.position().board().count(White, pt("B12")), 2);
}

#[test]
fn dame_left_alone_on_his_coin_tout_d_une() {
    // "Si la dame fautive a été jouée tout d'une par le joueur, l'adversaire doit l'obliger à
    // jouer les deux dames du coin si c'est possible": B12-N11-N8.
    let mut r = referee(COIN);
    go(&mut r, White, "throw 3-2");
    let rep = script(&mut r, White, &["move B12 N11", "move N11 N8", "done"]);
    let f = fausse_case(&rep);
    assert!(!f.options.is_empty());
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(!p.is_tout_d_une(), "{p}");
        assert!(p.moves().iter().all(|m| m.from == pt("B12")), "{p}");
    }
}

/// White's dames can reach Black's grand jan, which Black can still fill (12 dames or more
/// behind it), but not his petit jan (10 behind it).
const GRAND: &str = "B1:w11,B8:w2,B12:w2,N1:b10,N7:b5 w 3/3 0.0/0.0";

#[test]
fn fausse_case_consommation_exception_pass_next_coup() {
    // "Exception est faite dans le cas où une dame a été placée par le joueur ... dans le
    // grand jan de l'adversaire alors que celui-ci peut encore y faire le plein :
    // l'adversaire a alors l'option d'exiger du joueur fautif d'avancer si possible sa dame
    // au coup suivant jusque dans son jan de retour" (and DAME PASSÉE AU RETOUR: "attendre le
    // coup suivant et exiger qu'elle soit passée si possible dans le jan de retour").
    let mut r = referee(GRAND);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B8 N11", "move B1 B6", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DamePasseeAuRetour);
    let k = f
        .options
        .iter()
        .position(|o| *o == Remedy::PassNextCoup(pt("N11")))
        .unwrap_or_else(|| panic!("{f}"));
    go(&mut r, Black, &format!("choose {}", k + 1));
    assert_eq!(r.position().board().count(White, pt("N11")), 1);
    // Black's coup, marked and played without fault.
    let after_black = *r.marking();
    let given = ThrowAnalysis::new(
        r.position(),
        "2-1".parse().expect("t"),
        &ScoringRules::default(),
    );
    go(&mut r, Black, "throw 2-1");
    script(
        &mut r,
        Black,
        &lines(&correct_marking(
            &after_black,
            Black,
            given.points_before(Black),
            false,
        )),
    );
    script(&mut r, Black, &["move N1 N3", "move N1 N2", "done"]);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    // White's next coup: 6-5 can pass N11 into his jan de retour (N6 or N5); he plays two
    // other dames: a fausse case, the passing plays imposed.
    let pos = *r.position();
    let a = ThrowAnalysis::new(&pos, "6-5".parse().expect("t"), &ScoringRules::default());
    let m = *r.marking();
    go(&mut r, White, "throw 6-5");
    script(
        &mut r,
        White,
        &lines(&correct_marking(&m, White, a.points_before(White), false)),
    );
    let rep = script(&mut r, White, &["move B1 B7", "move B1 B6", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::FausseCaseConsommation);
    assert!(!f.options.is_empty());
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(p.moves().iter().any(|m| m.from == pt("N11")), "{p}");
    }
    go(&mut r, Black, "choose 1");
    assert_eq!(r.position().board().count(White, pt("N11")), 0);
}

#[test]
fn touching_a_dame_that_cannot_be_played() {
    // "On fait également fausse case en touchant une dame qui ne peut être jouée par les
    // nombres amenés ou selon les règles, à moins d'avoir prévenu en disant : J'adoube !":
    // 6-5, B11 can go neither to N9 nor to N8 (Black's), nor tout d'une.
    let pos = "B1:w13,B11:w2,N8:b2,N9:b2,B3:b5,B4:b6 w 1/1 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(
        &mut r,
        White,
        &["touch B11", "move B1 B7", "move B1 B6", "done"],
    );
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::FausseCaseDefinition);
    assert_eq!(f.options, vec![Remedy::Leave]);
    assert_eq!(f.points, 0);
    go(&mut r, Black, "choose 1");
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
    // With "J'adoube !" first, no fault.
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(
        &mut r,
        White,
        &["adoube", "touch B11", "move B1 B7", "move B1 B6", "done"],
    );
    assert!(rep.is_empty(), "{rep:?}");
}

#[test]
fn dame_passee_au_retour_next_coup_no_other_dame_in_the_grand_jan() {
    // DAME PASSÉE AU RETOUR: "attendre le coup suivant et exiger qu'elle soit passée si
    // possible dans le jan de retour ; mais si ce n'est pas possible il sera interdit au
    // joueur fautif de placer d'autres dames dans le grand jan adverse et donc de couvrir la
    // dame incriminée". Black has exactly 12 dames for his grand jan; White, once B8 has
    // gone, 11 for his (so Black may stop in it).
    let pos = "B1:w7,B2:w1,B8:w2,B12:w2,N3:w3,N1:b10,N8:b2,B6:b3 w 3/3 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B8 N11", "move B2 B7", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DamePasseeAuRetour, "{f}");
    let k = f
        .options
        .iter()
        .position(|o| *o == Remedy::PassNextCoup(pt("N11")))
        .unwrap_or_else(|| panic!("{f}"));
    go(&mut r, Black, &format!("choose {}", k + 1));
    // Black plays N8-B11 and N1-N2: he can no longer fill his grand jan.
    let m = *r.marking();
    let a = analysis(&r.position().to_string(), "6-1");
    go(&mut r, Black, "throw 6-1");
    script(
        &mut r,
        Black,
        &lines(&correct_marking(&m, Black, a.points_before(Black), false)),
    );
    let rep = script(&mut r, Black, &["move N8 B11", "move N1 N2", "done"]);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White }, "{rep:?}");
    // White's 2-2 cannot pass N11 into his jan de retour; covering it from his coin is
    // forbidden this coup, though the movement laws allow it now.
    let a = analysis(&r.position().to_string(), "2-2");
    let cover = a
        .legal_plays()
        .iter()
        .find(|p| p.moves().iter().all(|m| m.from == pt("B12")))
        .copied();
    assert!(cover.is_some(), "the laws of movement allow B12-N11 twice");
    let m = *r.marking();
    go(&mut r, White, "throw 2-2");
    script(
        &mut r,
        White,
        &lines(&correct_marking(&m, White, a.points_before(White), false)),
    );
    let rep = script(&mut r, White, &["move B12 N11", "move B12 N11", "done"]);
    let f = fausse_case(&rep).clone();
    assert_eq!(f.entry, Entry::DamePasseeAuRetour, "{f}");
    assert!(f.text.contains("no other dame"), "{f}");
    assert!(!f.options.is_empty());
    for o in &f.options {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(
            p.moves().iter().all(|m| {
                let to = m.to.path(White);
                !(13..=18).contains(&to) || (13..=18).contains(&m.from.path(White))
            }),
            "{p}"
        );
    }
    go(&mut r, Black, "choose 1");
    assert_eq!(r.position().board().count(White, pt("N11")), 1);
}

#[test]
fn dame_seule_sur_un_coin_only_touched_tout_d_une_possible() {
    // The same touched dame, now free to go tout d'une (N7 empty): "l'adversaire doit la
    // faire jouer tout d'une si ... c'est possible".
    let pos = "B1:w14,B7:w1,B3:b5,B4:b5,B5:b5 w 1/1 0.0/0.0";
    let whole: Vec<Play> = analysis(pos, "6-5")
        .legal_plays()
        .iter()
        .filter(|p| p.is_tout_d_une() && p.moves()[0].from == pt("B7"))
        .copied()
        .collect();
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(
        &mut r,
        White,
        &["touch B7", "move B1 B7", "move B1 B6", "done"],
    );
    let f = fausse_case(&rep);
    assert_eq!(f.entry, Entry::DameSeulePlaceeSurUnCoin, "{f}");
    // B7-N12-N7: Black's empty coin serves as the rest. It is the only remedy.
    assert!(!whole.is_empty());
    let imposed: Vec<Remedy> = whole.iter().map(|p| Remedy::Impose(*p)).collect();
    assert_eq!(f.options, imposed, "{f}");
    go(&mut r, Black, "choose 1");
    assert_eq!(r.position().board().count(White, pt("N7")), 1);
}
