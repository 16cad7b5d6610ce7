//! Referee mode: the école and the fausse case through the gesture machine, each test built
//! from the words of its entry in the French glossary of the laws of trictrac.

use boardgames_common::{Agent, ByPlayer, Game, RandomAgent, Seed, Turn, sample_chance};
use trictrac_core::Colour::{self, Black, White};
use trictrac_core::game::{Action, GameOptions, Primaute, TrictracGame};
use trictrac_core::referee::ecole::Due;
use trictrac_core::referee::{
    Entry, Fault, Gesture, Referee, RefereeError, RefereePhase, Remedy, Report,
};
use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
use trictrac_core::{Dest, Marking, Play, Position};

fn referee(pos: &str) -> Referee {
    Referee::from_position(pos.parse().expect("position"), 12).expect("marks")
}

fn go(r: &mut Referee, who: Colour, line: &str) -> Vec<Report> {
    let g: Gesture = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    r.gesture(who, g)
        .unwrap_or_else(|e| panic!("{who} {line}: {e}"))
}

fn script(r: &mut Referee, who: Colour, lines: &[&str]) -> Vec<Report> {
    let mut out = Vec::new();
    for l in lines {
        out.extend(go(r, who, l));
    }
    out
}

/// A refused gesture: the error, and the referee unchanged.
fn refused(r: &mut Referee, who: Colour, line: &str) -> RefereeError {
    let before = format!("{r:?}");
    let g: Gesture = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    let e = r.gesture(who, g).expect_err(line);
    assert_eq!(format!("{r:?}"), before, "{line} changed the referee");
    e
}

fn moves_of(play: &Play) -> Vec<String> {
    play.moves()
        .iter()
        .map(|m| format!("move {} {}", m.from, m.to))
        .collect()
}

/// The gestures that mark `points` correctly for `colour` on `marking`.
fn correct_marking(marking: &Marking, colour: Colour, points: u8, leaving: bool) -> Vec<String> {
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

fn lines(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Black hits the White dame on B8 by 6-5 (2 ways in the grand-jan table: 4 points).
const HIT: &str = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";

fn first_play(pos: &str, throw: &str) -> Vec<String> {
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, throw.parse().expect("throw"), &ScoringRules::default());
    moves_of(a.legal_plays().get(0).expect("a play"))
}

fn ecole_report(reports: &[Report]) -> &Report {
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

// ------------------------------------------------------------ ÉCOLE

#[test]
fn definition_ecole_par_omission_claimed() {
    // "en ne marquant pas des points auxquels il a droit ... son adversaire ... marque alors
    // autant de points que le joueur a omis d'en marquer"
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(HIT, "6-5");
    let reports = go(&mut r, Black, &play[0]);
    let e = ecole_report(&reports);
    assert_eq!(
        (e.fault, e.points, e.offender, e.chooser),
        (Fault::EcoleParOmission, 4, Some(Black), Some(White))
    );
    assert_eq!(
        e.options,
        vec![Remedy::MarkEcole(4), Remedy::Rectify, Remedy::Decline]
    );
    go(&mut r, Black, &play[1]);
    go(&mut r, Black, "done");
    go(&mut r, White, "ecole 4");
    assert_eq!(r.marking().points(White), 4);
    assert_eq!(r.marking().points(Black), 0);
}

#[test]
fn definition_ecole_par_exces() {
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "mark 6");
    let play = first_play(HIT, "6-5");
    let e = ecole_report(&go(&mut r, Black, &play[0])).clone();
    assert_eq!((e.fault, e.points), (Fault::EcoleParExces, 2));
    script(&mut r, Black, &[&play[1], "done"]);
    // White marks the 2 and Black's jeton is brought back to the 4 he won.
    go(&mut r, White, "ecole 2");
    assert_eq!(r.marking().points(White), 2);
    assert_eq!(r.marking().points(Black), 4);
}

#[test]
fn quand_l_ecole_est_consommee_own_points() {
    // Par omission: "consommée dès que celui qui l'a faite a touché ses dames, si les points
    // omis viennent de son propre coup": still correctable before, claimable after.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    assert!(matches!(
        refused(&mut r, White, "ecole 4"),
        RefereeError::NotConsummated { .. }
    ));
    // Black notices and marks his 4 before touching: no école.
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    let reports = script(&mut r, Black, &[&play[0], &play[1], "done"]);
    assert!(reports.is_empty(), "{reports:?}");
    // White claiming now marks a fausse école.
    let f = go(&mut r, White, "ecole 4");
    assert_eq!(f[0].entry, Entry::FausseEcole);
}

#[test]
fn quand_l_ecole_est_consommee_excess_once_let_go() {
    // "L'école par excès est irrévocablement consommée lorsque le jeton a été posé et
    // abandonné": no gesture takes a jeton back; the fichet alone may be moved back.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    go(&mut r, Black, "untrous 1");
    go(&mut r, Black, "mark 5");
    go(&mut r, Black, "trous 1");
    assert!(matches!(
        refused(&mut r, Black, "untrous 1"),
        RefereeError::Marking(_)
    ));
}

#[test]
fn quand_et_comment_marquer_before_the_next_throw() {
    // "L'école doit toujours être marquée avant de jeter les dés pour le coup suivant, sinon
    // on n'y est plus admis"
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    go(&mut r, White, "throw 2-1");
    assert!(matches!(
        refused(&mut r, White, "ecole 4"),
        RefereeError::EcoleLost(_)
    ));
    assert_eq!(r.marking().points(White), 0);
}

#[test]
fn ecole_des_points_donnes() {
    // The points Black's coup gives White (impuissance: White cannot play the 6) are marked
    // by White before he throws; if he forgets, Black marks the école "dès que le joueur a
    // jeté les dés ... et donc avant que le joueur ne marque éventuellement pour ce coup".
    let pos = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, "6-3".parse().expect("t"), &ScoringRules::default());
    let own = a.points_before(White);
    let given = a.points_before(Black);
    assert!(given >= 2);
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-3");
    let m = *r.marking();
    script(
        &mut r,
        White,
        &lines(&correct_marking(&m, White, own, false)),
    );
    let play = moves_of(a.legal_plays().get(0).expect("play"));
    let mut all = lines(&play);
    all.push("done");
    assert!(script(&mut r, White, &all).is_empty());
    // Black forgets his points and throws.
    let rep = go(&mut r, Black, "throw 2-1");
    let e = ecole_report(&rep);
    assert_eq!(
        (e.entry, e.points, e.chooser),
        (Entry::EcoleDesPointsDonnes, given, Some(White))
    );
    // White must mark it before Black marks for his own throw.
    let mut late = r.clone();
    let w0 = r.marking().points(White);
    go(&mut r, White, &format!("ecole {given}"));
    assert_eq!(r.marking().points(White), (w0 + given) % 12);
    // Had Black marked his own points first, it would be lost.
    let p2 = *late.position();
    let a2 = ThrowAnalysis::new(&p2, "2-1".parse().expect("t"), &ScoringRules::default());
    if a2.points_before(Black) > 0 {
        go(&mut late, Black, "mark 1");
        assert!(matches!(
            refused(&mut late, White, &format!("ecole {given}")),
            RefereeError::EcoleLost(_)
        ));
    }
}

#[test]
fn ecole_d_ecole_and_ecole_a_dessein() {
    // "on n'est jamais obligé de marquer une école": declining is an option, and "l'adversaire
    // a toujours l'option, ou d'obliger le joueur fautif à la marquer ou de s'en attribuer le
    // bénéfice".
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(HIT, "6-5");
    let rep = script(&mut r, Black, &[&play[0], &play[1], "done"]);
    let e = ecole_report(&rep);
    assert!(e.options.contains(&Remedy::Decline));
    assert!(e.options.contains(&Remedy::Rectify));
    // White obliges Black to mark his 4.
    go(&mut r, White, "choose 2");
    assert_eq!(r.marking().points(Black), 4);
    assert_eq!(r.marking().points(White), 0);
}

#[test]
fn ecole_marquee_partiellement() {
    // "Si un joueur marque partiellement une école, il est déchu du droit de ne pas la marquer
    // et son adversaire a l'option de l'obliger à la marquer correctement et intégralement."
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    let rep = go(&mut r, White, "ecole 2");
    assert_eq!(rep[0].entry, Entry::EcoleMarqueePartiellement);
    assert_eq!(rep[0].options, vec![Remedy::ForceWhole(2), Remedy::Decline]);
    go(&mut r, Black, "choose 1");
    assert_eq!(r.marking().points(White), 4);
    // "Mais si le joueur marque plus de points qu'il ne doit pour une école, il fait lui même
    // une école par excès"
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    let rep = go(&mut r, White, "ecole 6");
    assert_eq!(
        (rep[0].fault, rep[0].points, rep[0].chooser),
        (Fault::EcoleParExces, 2, Some(Black))
    );
    assert_eq!(r.marking().points(White), 6);
}

#[test]
fn ecole_interdite() {
    // "On ne peut profiter d'une erreur qu'on occasionne": White tells Black he won 2 and
    // Black marks 2; White cannot mark the école, the error may be rectified.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, White, "advise 2");
    go(&mut r, Black, "mark 2");
    let play = first_play(HIT, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    let e = ecole_report(&rep);
    assert_eq!(e.entry, Entry::EcoleInterdite);
    assert!(!e.options.iter().any(|o| matches!(o, Remedy::MarkEcole(_))));
    script(&mut r, Black, &[&play[1], "done"]);
    assert!(matches!(
        refused(&mut r, White, "ecole 2"),
        RefereeError::Forbidden {
            entry: Entry::EcoleInterdite,
            ..
        }
    ));
    go(&mut r, White, "choose 1"); // rectify
    assert_eq!(r.marking().points(Black), 4);
}

#[test]
fn double_marque() {
    // "un joueur utilise un jeton du talon sans prendre garde qu'il a déjà une marque avec un
    // autre jeton. ... l'adversaire démarque le jeton de son choix ; mais il ne peut marquer
    // l'école pour cela."
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.2*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "new-jeton 4");
    let play = first_play(pos, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    assert_eq!(rep[0].entry, Entry::DoubleMarque);
    assert_eq!(rep[0].points, 0);
    assert!(
        !rep[0]
            .options
            .iter()
            .any(|o| matches!(o, Remedy::MarkEcole(_)))
    );
    go(&mut r, White, "choose 2"); // remove the new jeton: the old mark of 2 stays
    assert_eq!(r.marking().points(Black), 2);
    // "Le joueur fautif est autorisé à rectifier sa marque tant qu'il n'a pas touché à ses
    // dames": removing the old jeton himself before touching leaves no report.
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "new-jeton 4");
    go(&mut r, Black, "remove-jeton new");
    go(&mut r, Black, "mark 4");
    assert!(script(&mut r, Black, &[&play[0], &play[1], "done"]).is_empty());
    assert_eq!(r.marking().points(Black), 6);
}

#[test]
fn marquer_le_trou_par_erreur() {
    // A trou marked by mistake and taken back before the jetons are let go and the dames
    // touched: no école.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    go(&mut r, Black, "untrous 1");
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    assert!(script(&mut r, Black, &[&play[0], &play[1], "done"]).is_empty());
}

#[test]
fn ecole_de_trou_rectified_without_ecole() {
    // White en bredouille at 10 hits for 4: one jeu double, 2 trous, 2 de reste. He marks one
    // trou and moves his jeton right: "Il n'y a pas école de trou ... On se contente alors de
    // rectifier"; the opponent may rectify until he throws.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.10*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    script(&mut r, Black, &["trous 1", "wipe", "mark 2"]);
    let play = first_play(pos, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    assert_eq!(
        (rep[0].entry, rep[0].fault, rep[0].points),
        (Entry::EcoleDeTrou, Fault::MarqueARectifier, 0)
    );
    script(&mut r, Black, &[&play[1], "done"]);
    assert_eq!(r.marking().trous(Black), 1);
    go(&mut r, White, "choose 1");
    assert_eq!(r.marking().trous(Black), 2);
    assert_eq!(r.marking().points(Black), 2);
}

#[test]
fn trou_won_and_nothing_marked() {
    // Black at 8 gains 4: a trou, the jeton back to the talon. He does nothing at all: "il
    // est à l'école" of the points won, an école de points (the jeton does not show them).
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.2/0.8";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(pos, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    let e = ecole_report(&rep);
    assert_eq!((e.entry, e.points), (Entry::EcoleDePoints, 4));
    // The trou marked, the jeton not put back: OUBLIER DE DÉMARQUER SES POINTS, an excess
    // of the 8 marked before (none was to remain).
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    let e = ecole_report(&go(&mut r, Black, &play[0])).clone();
    assert_eq!(
        (e.entry, e.fault, e.points),
        (Entry::OublierDeDemarquerSesPoints, Fault::EcoleParExces, 8)
    );
}

#[test]
fn marquer_ses_points_par_erreur_through_the_machine() {
    // A jeu won and the reste wiped by distraction: école of what was wiped. Black at 2 (not
    // en bredouille) gains 4 twice over... here: at 10 (White marked too) he gains 4: a trou
    // and 2 de reste; he marks the trou, wipes, forgets the 2.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.2/0.10";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    script(&mut r, Black, &["trous 1", "wipe-opponent", "wipe"]);
    let play = first_play(pos, "6-5");
    let e = ecole_report(&go(&mut r, Black, &play[0])).clone();
    assert_eq!((e.fault, e.points), (Fault::EcoleParOmission, 2));
}

#[test]
fn s_en_aller_sur_une_ecole() {
    // "Lorsqu'un joueur, croyant par erreur avoir gagné le trou, le marque et avertit qu'il
    // s'en va, il fait école des points qui lui font défaut": Black at 2 gains 4, 6 missing.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.2*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    let rep = go(&mut r, Black, "s'en aller");
    assert_eq!(
        (rep[0].entry, rep[0].points),
        (Entry::SEnAllerSurUneEcole, 6)
    );
    assert_eq!(
        rep[0].options,
        vec![
            Remedy::Acquiesce,
            Remedy::MarkEcole(6),
            Remedy::Rectify,
            Remedy::Decline
        ]
    );
    // Blocking: nothing else until White chooses.
    assert!(matches!(
        refused(&mut r, Black, "done"),
        RefereeError::NotNow { .. }
    ));
    // "l'adversaire partageant son erreur rompt son jeu, le trou est bien acquis"
    let mut acq = r.clone();
    go(&mut acq, White, "choose 1");
    assert_eq!(acq.marking().trous(Black), 1);
    assert_eq!(acq.phase(), RefereePhase::Throw { thrower: Black });
    // White marks the 6 points d'école: Black's marks are what he won, and he plays on.
    let mut marked = r.clone();
    go(&mut marked, White, "choose 2");
    assert_eq!(marked.marking().points(White), 6);
    assert_eq!(
        (
            marked.marking().trous(Black),
            marked.marking().points(Black)
        ),
        (0, 6)
    );
    // Rectified only.
    go(&mut r, White, "choose 3");
    assert_eq!(
        (r.marking().trous(Black), r.marking().points(Black)),
        (0, 6)
    );
    let play = first_play(pos, "6-5");
    assert!(script(&mut r, Black, &[&play[0], &play[1], "done"]).is_empty());
}

#[test]
fn declare_the_partie_won_by_mistake() {
    // "Il en est de même quand un joueur déclare par erreur avoir gagné la partie : il fait
    // école des points qui lui manquent et la partie continue sauf si son adversaire a rompu
    // son jeu ou acquiescé."
    let mut r = referee("B1:w15,N1:b15 w 0/0 11.0/0.0");
    let rep = go(&mut r, White, "win");
    assert_eq!(rep[0].entry, Entry::SEnAllerSurUneEcole);
    assert_eq!(rep[0].points, 12);
    let mut acq = r.clone();
    go(&mut acq, Black, "choose 1");
    assert_eq!(acq.phase(), RefereePhase::Over { winner: White });
    go(&mut r, Black, "choose 4");
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
}

#[test]
fn s_en_aller_rightly_and_ecole_sans_ecole() {
    // Black at 10 gains 4: a trou. He goes away, wipes his jeton and marks no trou: "il ne
    // peut être envoyé à l'école"; the dames are relevées and he throws again.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.10*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "wipe");
    let rep = go(&mut r, Black, "s'en aller");
    assert!(rep.is_empty(), "{rep:?}");
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
    assert_eq!(
        r.position().to_string().split(' ').next(),
        Some("B1:w15,N1:b15")
    );
    assert_eq!(r.marking().points(Black), 0);
}

#[test]
fn rompre_son_jeu_par_erreur() {
    // White lifts his dames thinking Black goes away; Black holds: White keeps his right to
    // the points of Black's coup (only the throw decides the école).
    let pos = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 b 9/9 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, White, "break");
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, "6-5".parse().expect("t"), &ScoringRules::default());
    let m = *r.marking();
    script(
        &mut r,
        Black,
        &lines(&correct_marking(&m, Black, a.points_before(Black), false)),
    );
    let mut all = moves_of(a.legal_plays().get(0).expect("play"));
    all.push("done".into());
    assert!(script(&mut r, Black, &lines(&all)).is_empty());
}

#[test]
fn relever_les_des_takes_away_the_right() {
    // "Celui qui a relevé les dés n'est plus autorisé à rectifier une faute commise par son
    // adversaire, ni à marquer une école."
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, White, "lift-dice");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    assert!(matches!(
        refused(&mut r, White, "ecole 4"),
        RefereeError::Forbidden {
            entry: Entry::Relever,
            ..
        }
    ));
}

#[test]
fn fausse_ecole_and_augmentation_d_ecole() {
    // "Si un joueur croit que son adversaire a fait une école, qu'il n'a pas réellement faite,
    // et la marque, ce joueur est lui-même soumis à l'école". Repeated, each marks the other:
    // the augmentation d'école, which only an explanation stops (école perpétuelle).
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    let rep = go(&mut r, White, "ecole 4");
    assert_eq!(
        (rep[0].entry, rep[0].points, rep[0].chooser),
        (Entry::FausseEcole, 4, Some(Black))
    );
    // Black marks it: White's 4 are taken away and Black marks 4 more.
    go(&mut r, Black, "ecole 4");
    assert_eq!(r.marking().points(White), 0);
    assert_eq!(r.marking().points(Black), 8);
}

#[test]
fn ecole_impossible_a_marquer() {
    // A player with points who can play nothing and does nothing: the école is not
    // consummated until he says he has finished.
    let pos = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    // Find a throw White cannot play at all and that scores for him.
    let throw = ["6-6", "5-5", "6-5", "4-4"]
        .into_iter()
        .find(|t| {
            let a = ThrowAnalysis::new(&p, t.parse().expect("t"), &ScoringRules::default());
            a.legal_plays().dice_played() == 0 && a.points_before(White) > 0
        })
        .expect("an unplayable throw that scores");
    let mut r = referee(pos);
    go(&mut r, White, &format!("throw {throw}"));
    assert!(matches!(
        refused(&mut r, Black, "ecole 4"),
        RefereeError::NotConsummated { .. }
    ));
    let rep = go(&mut r, White, "done");
    assert_eq!(ecole_report(&rep).entry, Entry::EcoleImpossibleAMarquer);
}

#[test]
fn ecole_par_impatience() {
    // "Le joueur impatient qui joue son premier nombre connu alors que le deuxième dé n'est
    // pas encore arrêté, n'est plus admis à marquer de points ... et fait école des points".
    let mut r = referee(HIT);
    let rep = go(&mut r, Black, "throw 6-5 spinning");
    assert_eq!(rep[0].entry, Entry::DePirouettant);
    let play = first_play(HIT, "6-5");
    go(&mut r, Black, &play[0]);
    let rep = go(&mut r, Black, "settle flat");
    let e = ecole_report(&rep);
    assert_eq!((e.entry, e.points), (Entry::EcoleParImpatience, 4));
    assert!(matches!(
        refused(&mut r, Black, "mark 4"),
        RefereeError::NotNow { .. }
    ));
}

#[test]
fn ecole_qui_en_provoque_une_autre() {
    // Black marks 4 as if for a hit à vrai that is not one; White does not see it and throws
    // without marking... his own points from it: Black cannot mark that école, his points
    // "sont la cause et le paiement de cette école".
    let pos = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, "6-3".parse().expect("t"), &ScoringRules::default());
    let own = a.points_before(White);
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-3");
    let m = *r.marking();
    let mut g = correct_marking(&m, White, own, false);
    // 2 too many.
    if let Some(last) = g.iter_mut().find(|l| l.starts_with("mark ")) {
        let n: u8 = last[5..].parse().expect("n");
        *last = format!("mark {}", n + 2);
    }
    script(&mut r, White, &lines(&g));
    let mut all = moves_of(a.legal_plays().get(0).expect("play"));
    all.push("done".into());
    let rep = script(&mut r, White, &lines(&all));
    assert_eq!(ecole_report(&rep).fault, Fault::EcoleParExces);
    // Black does not see it and does not mark his own (given) points: he throws.
    let rep = go(&mut r, Black, "throw 2-1");
    let e = ecole_report(&rep);
    assert_eq!(e.entry, Entry::EcoleQuiEnProvoqueUneAutre);
    assert_eq!(e.options, vec![Remedy::Decline]);
    assert!(matches!(
        refused(&mut r, White, &format!("ecole {}", e.points)),
        RefereeError::Forbidden { .. }
    ));
}

#[test]
fn ecole_retroactive_and_remplir_et_conserver() {
    // "après avoir marqué les points gagnés pour cela, il se trompe et lève une dame autre
    // que celle qui pouvait remplir ... il fait fausse case et école des points qu'il avait
    // marqués". White's petit jan, B5 a demi-case: 4-2 fills it two ways (8 points).
    let pos = "B1:w5,B2:w2,B3:w3,B4:w2,B5:w1,B6:w2,N1:b15 w 5/5 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 4-2");
    go(&mut r, White, "mark 8");
    // He plays 4-2 from the talon without filling: B1-B5? No: B1-B3 and B1-B5 fill;
    // B2-B6, B2-B4 does not.
    let rep = script(&mut r, White, &["move B2 B6", "move B2 B4", "done"]);
    let fc = rep
        .iter()
        .find(|x| x.fault == Fault::FausseCase)
        .expect("fausse case");
    assert_eq!(fc.entry, Entry::RemplirEtConserver);
    assert!(
        fc.options
            .iter()
            .all(|o| matches!(o, Remedy::Impose(_) | Remedy::Leave))
    );
    let ec = rep
        .iter()
        .find(|x| x.entry == Entry::EcoleRetroactive)
        .expect("école");
    assert_eq!(ec.points, 8);
    // Black forces the fill: the école remains.
    let k = fc
        .options
        .iter()
        .position(|o| matches!(o, Remedy::Impose(_)))
        .expect("impose");
    go(&mut r, Black, &format!("choose {}", k + 1));
    go(&mut r, Black, "ecole 8");
    assert_eq!(r.marking().points(Black), 8);
    // Not marked and not filled: école of the points not marked, and fausse case.
    let mut r = referee(pos);
    go(&mut r, White, "throw 4-2");
    let rep = go(&mut r, White, "move B2 B6");
    assert_eq!(ecole_report(&rep).points, 8);
    let rep = script(&mut r, White, &["move B2 B4", "done"]);
    assert_eq!(rep[0].entry, Entry::RemplirEtConserver);
}

#[test]
fn ecole_de_privilege() {
    // "Lorsqu'on a fait le plein du jan de retour et qu'on le rompt alors qu'on pourrait le
    // conserver en usant du privilège de la bande": 5-3 bears off from N5 and N3 (three
    // dames each) and keeps; White plays N6-N1 and N4-N1 instead, breaking it.
    let pos =
        "N1:w3,N2:w2,N3:w3,N4:w2,N5:w3,N6:w2,B1:b5,B2:b2,B3:b2,B4:b2,B5:b2,B6:b2 w 30/30 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, "5-3".parse().expect("t"), &ScoringRules::default());
    assert!(a.points_before(White) > 0, "{:?}", a.before_play());
    let mut r = referee(pos);
    go(&mut r, White, "throw 5-3");
    let rep = script(&mut r, White, &["move N6 N1", "move N4 N1", "done"]);
    let fc = rep
        .iter()
        .find(|x| x.fault == Fault::FausseCase)
        .expect("fausse case");
    assert_eq!(fc.entry, Entry::EcoleDePrivilege);
    // And the keep not marked is an école of its points.
    assert_eq!(ecole_report(&rep).points, a.points_before(White));
}

// ------------------------------------------------------------ FAUSSE CASE

#[test]
fn dame_mal_placee() {
    // "cette dame reste entièrement à la discrétion de l'adversaire qui peut la laisser à la
    // place où elle a été posée, ou la mettre à sa vraie place": White 6-5, the 6 played
    // right, the 5 put one point too far.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B1 B7", "move B1 B7", "done"]);
    assert_eq!(
        (rep[0].fault, rep[0].entry),
        (Fault::FausseCase, Entry::DameMalPlacee)
    );
    assert_eq!(rep[0].options[0], Remedy::Leave);
    // The dame played correctly stays: every imposed play keeps B1-B7.
    for o in &rep[0].options[1..] {
        let Remedy::Impose(p) = o else { panic!("{o}") };
        assert!(
            p.moves()
                .iter()
                .any(|m| m.to == Dest::Point("B7".parse().expect("pt"))),
            "{p}"
        );
    }
    let mut left = r.clone();
    go(&mut left, Black, "choose 1");
    assert_eq!(
        left.position().to_string().split(' ').next(),
        Some("B1:w13,B7:w2,N1:b15")
    );
    go(&mut r, Black, "choose 2");
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
}

#[test]
fn dame_jouee_tout_d_une_beyond() {
    // "si elle est placée au delà, l'adversaire peut forcer le joueur fautif à placer
    // correctement cette dame en fonction d'un des nombres et jouer librement le second".
    let mut r = Referee::new();
    go(&mut r, White, "throw 4-2");
    let rep = script(&mut r, White, &["move B1 B5", "move B5 B8", "done"]);
    assert_eq!(rep[0].entry, Entry::DameJoueeToutDUne);
    assert!(
        rep[0]
            .options
            .iter()
            .any(|o| matches!(o, Remedy::Impose(_)))
    );
}

#[test]
fn dame_jouee_en_trop() {
    // "Si on joue un troisième nombre avec une dame, l'adversaire ne peut que rectifier le
    // placement de cette dernière dame si les deux nombres ont été précédemment joués".
    let mut r = Referee::new();
    go(&mut r, White, "throw 2-1");
    let rep = script(
        &mut r,
        White,
        &["move B1 B3", "move B1 B2", "move B1 B2", "done"],
    );
    assert_eq!(rep[0].entry, Entry::DameJoueeEnTrop);
    let imposed: Vec<_> = rep[0]
        .options
        .iter()
        .filter(|o| matches!(o, Remedy::Impose(_)))
        .collect();
    assert_eq!(imposed.len(), 1);
    let k = rep[0]
        .options
        .iter()
        .position(|o| matches!(o, Remedy::Impose(_)))
        .expect("i");
    go(&mut r, Black, &format!("choose {}", k + 1));
    assert_eq!(
        r.position().to_string().split(' ').next(),
        Some("B1:w13,B2:w1,B3:w1,N1:b15")
    );
}

#[test]
fn dame_seule_placee_sur_un_coin() {
    // A single dame on one's coin: the position cannot be left; the dame is played tout d'une
    // if possible, or sent back and the number replayed.
    let pos = "B1:w13,B7:w1,B8:w1,N1:b15 w 1/1 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 5-1");
    let rep = script(&mut r, White, &["move B7 B12", "move B1 B2", "done"]);
    assert_eq!(rep[0].entry, Entry::DameSeulePlaceeSurUnCoin);
    assert!(!rep[0].options.contains(&Remedy::Leave));
    assert!(rep[0].options.contains(&Remedy::ReplayFreely));
    // Replayed freely: the dames go back, White plays a legal play.
    let k = rep[0]
        .options
        .iter()
        .position(|o| *o == Remedy::ReplayFreely)
        .expect("replay");
    go(&mut r, Black, &format!("choose {}", k + 1));
    let play = first_play(pos, "5-1");
    let rep = script(&mut r, White, &lines(&play));
    assert!(rep.is_empty());
    assert!(go(&mut r, White, "done").is_empty());
}

#[test]
fn dame_couverte_par_fausse_case() {
    // White covers his lone dame on B6 with a dame the numbers cannot bring there.
    let pos = "B1:w13,B6:w1,B8:w1,N1:b15 w 1/1 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 3-2");
    let rep = script(&mut r, White, &["move B1 B6", "move B8 B10", "done"]);
    assert_eq!(rep[0].entry, Entry::DameCouverteParFausseCase);
    let p: trictrac_core::Point = "B6".parse().expect("pt");
    let k = rep[0]
        .options
        .iter()
        .position(|o| *o == Remedy::ForbidCovering(p))
        .expect("forbid");
    go(&mut r, Black, &format!("choose {}", k + 1));
    // Covering B6 is now refused... B1-B4, B4-B6 covers it: forbidden.
    go(&mut r, White, "move B1 B4");
    go(&mut r, White, "move B4 B6");
    assert!(matches!(
        refused(&mut r, White, "done"),
        RefereeError::Forbidden { .. }
    ));
}

#[test]
fn dame_passee_au_retour_into_a_jan_the_opponent_can_fill() {
    // "Si un joueur place une de ses dames dans le petit jan de l'adversaire alors que
    // celui-ci peut encore y faire le plein, il peut être contraint de replacer cette dame à
    // sa place et de rejouer".
    let pos = "B1:w11,B12:w2,N8:w2,N1:b15 w 5/5 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move N8 N2", "move B1 B6", "done"]);
    assert_eq!(rep[0].entry, Entry::DamePasseeAuRetour);
    assert!(rep[0].options.contains(&Remedy::ReplayFreely));
}

#[test]
fn reprendre_une_dame() {
    // "la dame posée pour jouer le premier nombre ne peut être déplacée de nouveau que pour
    // servir à jouer ... les deux nombres tout d'une": never back.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    go(&mut r, White, "move B1 B7");
    assert!(matches!(
        refused(&mut r, White, "move B7 B6"),
        RefereeError::Backwards { .. }
    ));
    // Tout d'une further is allowed (here onto his empty coin alone: another fausse case).
    go(&mut r, White, "move B7 B12");
    let rep = go(&mut r, White, "done");
    assert_eq!(rep[0].entry, Entry::DameSeulePlaceeSurUnCoin);
}

#[test]
fn dames_au_talon_and_dame_touchee() {
    // "même si on n'a pas dit : J'adoube ! et que l'on touche seulement ses dames du talon
    // sans en soulever aucune, on n'est pas tenu de jouer l'une d'elles".
    let pos = "B1:w13,B6:w1,B8:w1,N1:b15 w 1/1 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 3-2");
    go(&mut r, White, "touch B1");
    assert!(script(&mut r, White, &["move B6 B9", "move B8 B10", "done"]).is_empty());
    // DAME TOUCHÉE, DAME JOUÉE: a dame touched (not at the talon) must be played.
    let mut r = referee(pos);
    go(&mut r, White, "throw 3-2");
    go(&mut r, White, "touch B6");
    let rep = script(&mut r, White, &["move B1 B4", "move B8 B10", "done"]);
    assert_eq!(rep[0].entry, Entry::DameToucheeDameJouee);
    // Unless he said "J'adoube !" first.
    let mut r = referee(pos);
    go(&mut r, White, "throw 3-2");
    go(&mut r, White, "adoube");
    go(&mut r, White, "touch B6");
    assert!(script(&mut r, White, &["move B1 B4", "move B8 B10", "done"]).is_empty());
}

#[test]
fn fausse_case_avec_les_deux_dames() {
    let mut r = Referee::new();
    go(&mut r, White, "throw 3-1");
    let rep = script(&mut r, White, &["move B1 B3", "move B1 B6", "done"]);
    assert_eq!(rep[0].entry, Entry::FausseCaseAvecLesDeuxDames);
}

#[test]
fn fausse_sortie() {
    // During the sortie, a dame touched that the number plays inside must be played so.
    let pos = "N6:w1,N4:w1,N2:w1,N1:w2,B1:b15 w 20/20 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 5-3");
    go(&mut r, White, "touch N4");
    let rep = script(&mut r, White, &["move N6 N1", "move N2 off", "done"]);
    assert_eq!(rep[0].entry, Entry::FausseSortie, "{}", rep[0]);
}

#[test]
fn prendre_son_coin() {
    // Glossary COINS: the coin taken par puissance when par effet is possible.
    let pos = "B1:w11,B7:w2,B6:w2,N1:b15 w 3/3 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    let a = ThrowAnalysis::new(&p, "6-5".parse().expect("t"), &ScoringRules::default());
    assert!(a.legal_plays().iter().any(|pl| !pl.is_par_puissance()));
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    // Par effet is B6-B12 (6) and B7-B12 (5); par puissance would be B7-B12 and B8... here
    // he takes it from B7 twice (5 and 4, as if par puissance).
    let rep = script(&mut r, White, &["move B7 B12", "move B7 B12", "done"]);
    assert_eq!(rep[0].entry, Entry::PrendreSonCoin, "{}", rep[0]);
}

#[test]
fn fausse_case_ne_fait_pas_ecole() {
    // "Que la fausse case soit faite à dessein ou par mégarde, elle ne rapporte aucun point à
    // l'adversaire": a dame mal placée left as it is changes no marks.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B1 B7", "move B1 B7", "done"]);
    assert!(rep.iter().all(|x| x.points == 0));
    go(&mut r, Black, "choose 1");
    assert_eq!(r.marking(), &Marking::new());
}

#[test]
fn fausse_case_consommation_at_the_opponent_s_throw() {
    // "Quand l'adversaire ne s'aperçoit de la fausse case qu'après avoir jeté les dés ... il
    // ne peut plus la modifier": here the referee asks at once; a throw before choosing is
    // refused until the choice is made.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    script(&mut r, White, &["move B1 B7", "move B1 B7", "done"]);
    assert!(matches!(
        refused(&mut r, Black, "throw 2-1"),
        RefereeError::NotNow { .. }
    ));
}

// ------------------------------------------------------------ The dice in the machine

#[test]
fn bad_throws_are_thrown_again_and_change_nothing() {
    let mut r = Referee::new();
    let rep = go(&mut r, White, "throw 6-5 tilted-band flat");
    assert_eq!(rep[0].entry, Entry::DeIncline);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    let rep = go(&mut r, White, "throw 6-5 flat on-die");
    assert_eq!(rep[0].entry, Entry::DeCouvert);
    let rep = go(&mut r, White, "throw 6-5 early");
    assert_eq!(rep[0].chooser, Some(Black));
    go(&mut r, Black, "choose 2"); // annulled
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    let rep = go(&mut r, White, "throw 6-5 hand-back");
    assert_eq!(
        (rep[0].entry, rep[0].chooser),
        (Entry::DeTouche, Some(White))
    );
    go(&mut r, White, "choose 1"); // kept
    assert!(matches!(r.phase(), RefereePhase::Play { mover: White, .. }));
}

#[test]
fn thrown_before_the_opponent_finished() {
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    go(&mut r, White, "move B1 B7");
    let rep = go(&mut r, Black, "throw 3-1");
    assert_eq!(
        (rep[0].entry, rep[0].chooser),
        (Entry::Relever, Some(White))
    );
    go(&mut r, White, "choose 1"); // White keeps it: it is Black's throw once he finishes
    go(&mut r, White, "move B1 B6");
    go(&mut r, White, "done");
    assert_eq!(
        r.phase(),
        RefereePhase::Play {
            mover: Black,
            throw: "3-1".parse().expect("t")
        }
    );
}

// ------------------------------------------------------------ Bad input

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut r = Referee::new();
    // An école claimed for a player who has not thrown.
    assert!(matches!(
        refused(&mut r, White, "ecole 4"),
        RefereeError::NotThrown { offender: Black }
    ));
    // Out of turn.
    assert!(matches!(
        refused(&mut r, Black, "throw 6-5"),
        RefereeError::NotNow { .. }
    ));
    go(&mut r, White, "throw 6-5");
    // A dame moved from an empty point.
    assert!(matches!(
        refused(&mut r, White, "move B3 B9"),
        RefereeError::NoDame { .. }
    ));
    assert!(matches!(
        refused(&mut r, White, "touch N1"),
        RefereeError::NoDame { .. }
    ));
    // A jeton beyond 11 points, marking nothing.
    assert!(matches!(
        refused(&mut r, White, "mark 12"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, White, "mark 0"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, White, "wipe"),
        RefereeError::Marking(_)
    ));
    assert!(matches!(
        refused(&mut r, Black, "choose 1"),
        RefereeError::Choice(_)
    ));
    // Negative points do not even parse.
    let e = "mark -2".parse::<Gesture>().expect_err("negative");
    assert!(e.to_string().contains("expected a number"), "{e}");
    assert!("move B1 B13".parse::<Gesture>().is_err());
    assert!("throw 7-1".parse::<Gesture>().is_err());
    // More than 15 dames: no such position.
    assert!("B1:w16,N1:b15 w 0/0 0.0/0.0".parse::<Position>().is_err());
}

// ------------------------------------------------------------ A partie without mistakes

/// Plays an automatic partie (random players, seeded dice) and replays it through the
/// referee with correct gestures: no report, and the same marks and dames at the end.
fn mistake_free(seed: u64, trous: u8) {
    use rand_chacha::rand_core::SeedableRng;
    let options = GameOptions {
        primaute: Primaute::Fixed(White),
        pavillon: false,
        trous_to_win: trous,
    };
    let mut game = TrictracGame::standard(options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut agents = ByPlayer::new(
        RandomAgent::new(Seed(seed)),
        RandomAgent::new(Seed(seed + 1)),
    );
    let mut actions = Vec::new();
    let mut buf = Vec::new();
    let mut chance = Vec::new();
    while actions.len() < 20_000 {
        match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut chance);
                let a = sample_chance(&chance, &mut rng).expect("outcome");
                game.apply(a).expect("chance");
                actions.push(a);
            }
            Turn::Player(p) => {
                game.legal_actions(&mut buf);
                let a = agents[p].choose(&game, &buf);
                game.apply(a).expect("action");
                actions.push(a);
            }
        }
    }
    assert!(game.is_terminal());
    let mut r = Referee::start(trous);
    let rules = ScoringRules::default();
    let mut given: Option<(Colour, u8)> = None;
    let mut i = 0;
    let mut all_reports = Vec::new();
    let run = |r: &mut Referee, who: Colour, l: &str, all: &mut Vec<Report>| {
        let g: Gesture = l.parse().expect("gesture");
        match r.gesture(who, g) {
            Ok(rep) => all.extend(rep),
            Err(e) => panic!("seed {seed}: {who} {l} at {}: {e}", r.phase()),
        }
    };
    while i < actions.len() {
        let Action::Throw(throw) = actions[i] else {
            panic!("expected a throw at {i}: {:?}", actions[i]);
        };
        let RefereePhase::Throw { thrower } = r.phase() else {
            panic!("referee not at a throw: {:?}", r.phase())
        };
        if let Some((c, pts)) = given.take() {
            let m = *r.marking();
            for l in correct_marking(&m, c, pts, false) {
                run(&mut r, c, &l, &mut all_reports);
            }
        }
        let pos = *r.position();
        let a = ThrowAnalysis::new(&pos, throw, &rules);
        run(&mut r, thrower, &format!("throw {throw}"), &mut all_reports);
        i += 1;
        let own = a.points_before(thrower);
        let next = actions.get(i).copied();
        let leaving = next == Some(Action::SenAller);
        let m = *r.marking();
        for l in correct_marking(&m, thrower, own, leaving) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        if i >= actions.len() {
            run(&mut r, thrower, "win", &mut all_reports);
            break;
        }
        match actions[i] {
            Action::SenAller => {
                run(&mut r, thrower, "s'en aller", &mut all_reports);
                i += 1;
                continue;
            }
            Action::Tenir => {
                run(&mut r, thrower, "tenir", &mut all_reports);
                i += 1;
            }
            _ => {}
        }
        let Some(Action::Play(play)) = actions.get(i).copied() else {
            panic!("expected a play at {i}");
        };
        i += 1;
        for l in moves_of(&play) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        let ev = a.after_play(&play).expect("legal");
        let after_own = trictrac_core::scoring::points_for(&ev, thrower);
        let after_opp = trictrac_core::scoring::points_for(&ev, thrower.other());
        let m = *r.marking();
        let leaving = actions.get(i) == Some(&Action::SenAller);
        for l in correct_marking(&m, thrower, after_own, leaving) {
            run(&mut r, thrower, &l, &mut all_reports);
        }
        match actions.get(i) {
            Some(Action::SenAller) => {
                run(&mut r, thrower, "s'en aller", &mut all_reports);
                i += 1;
                continue;
            }
            Some(Action::Tenir) => {
                run(&mut r, thrower, "tenir", &mut all_reports);
                i += 1;
            }
            _ => {}
        }
        if matches!(r.phase(), RefereePhase::Over { .. }) {
            break;
        }
        run(&mut r, thrower, "done", &mut all_reports);
        let opp = thrower.other();
        given = Some((opp, a.points_before(opp).saturating_add(after_opp)));
        if i >= actions.len() {
            // The partie was won by the points the coup gave the opponent.
            let m = *r.marking();
            let (c, pts) = given.take().expect("given");
            for l in correct_marking(&m, c, pts, false) {
                run(&mut r, c, &l, &mut all_reports);
            }
            run(&mut r, c, "win", &mut all_reports);
        }
    }
    assert!(all_reports.is_empty(), "seed {seed}: {all_reports:#?}");
    assert_eq!(
        r.phase(),
        RefereePhase::Over {
            winner: game.winner().expect("winner")
        }
    );
    // The referee plays without the pavillon option: its flag is not compared.
    assert_eq!(
        r.marking().to_string().replace('p', ""),
        game.marks_text(),
        "seed {seed}"
    );
    assert_eq!(r.position().board(), game.position().board(), "seed {seed}");
}

#[test]
fn a_partie_without_mistakes_gives_no_report_and_the_game_s_marks() {
    for seed in 1..=4 {
        mistake_free(seed, 3);
    }
    mistake_free(11, 12);
}

// ------------------------------------------------------------ More of the entries

#[test]
fn ecole_de_points_loses_the_privilege_of_s_en_aller() {
    // "Lorsqu'un joueur, faisant une école de points, marque plus de trous que ceux qu'il a
    // réellement gagnés, il perd le privilège de pouvoir s'en aller si son adversaire le
    // souhaite". Black at 10 en bredouille wins one jeu double (2 trous); he marks 4.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.10*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    script(&mut r, Black, &["trous 4", "wipe"]);
    let rep = go(&mut r, Black, "s'en aller");
    assert_eq!(rep[0].entry, Entry::EcoleDePoints);
    assert_eq!(
        rep[0].options,
        vec![Remedy::Acquiesce, Remedy::DenySEnAller]
    );
    let mut let_go = r.clone();
    go(&mut let_go, White, "choose 1");
    assert_eq!(let_go.phase(), RefereePhase::Throw { thrower: Black });
    // Denied: he holds and plays; his école of 12 (4 trous show at least two jeux) is
    // claimable once he touches his dames.
    go(&mut r, White, "choose 2");
    assert!(matches!(
        refused(&mut r, Black, "s'en aller"),
        RefereeError::Forbidden { .. }
    ));
    go(&mut r, Black, "mark 2"); // holding, he marks his 2 de reste
    let play = first_play(pos, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    let e = ecole_report(&rep);
    assert_eq!((e.fault, e.points), (Fault::EcoleParExces, 12));
}

#[test]
fn ecole_impossible_a_marquer_by_the_opponent_s_initiative() {
    // "il peut aussi prendre l'initiative de marquer les 4 points d'impuissance et si le
    // joueur ne dit toujours rien et laisse faire ... l'école est alors réellement consommée"
    let pos = "B7:w3,B8:w3,B9:w3,B10:w2,B11:w2,B12:w2,N2:b3,N3:b2,N4:b2,N6:b1,N8:b1,N9:b2,N11:b2,N12:b2 w 9/9 0.0/0.0";
    let p: Position = pos.parse().expect("pos");
    let (throw, a) = ["6-6", "5-5", "6-5", "4-4"]
        .into_iter()
        .map(|t| {
            (
                t,
                ThrowAnalysis::new(&p, t.parse().expect("t"), &ScoringRules::default()),
            )
        })
        .find(|(_, a)| a.legal_plays().dice_played() == 0 && a.points_before(White) > 0)
        .expect("an unplayable throw that scores");
    let mut r = referee(pos);
    go(&mut r, White, &format!("throw {throw}"));
    let m = *r.marking();
    let mut reports = Vec::new();
    for l in correct_marking(&m, Black, a.points_before(Black), false) {
        reports.extend(go(&mut r, Black, &l));
    }
    assert_eq!(ecole_report(&reports).entry, Entry::EcoleImpossibleAMarquer);
    assert_eq!(ecole_report(&reports).points, a.points_before(White));
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
}

#[test]
fn oublier_de_demarquer_les_points_de_l_adversaire() {
    // "il est admis à rectifier cette marque ... sans que cela donne lieu à une école. En
    // effet, on ne peut être envoyé à l'école du fait des jetons de l'adversaire."
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.3/0.10";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    script(&mut r, Black, &["trous 1", "wipe", "mark 2"]); // White's 3 left on the tablier
    let play = first_play(pos, "6-5");
    assert!(script(&mut r, Black, &[&play[0], &play[1], "done"]).is_empty());
    assert_eq!(r.marking().points(White), 0);
    assert_eq!(r.marking().points(Black), 2);
}

#[test]
fn effacer_les_points_de_l_adversaire_par_erreur() {
    // "il ne ferait point école parce que ce n'est pas en déplaçant les pièces de
    // l'adversaire mais les siennes propres qu'on fait école": White wipes Black's 4
    // thinking them an excess, marks nothing for himself; no école, Black's 4 stand.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    go(&mut r, White, "wipe-opponent");
    assert!(go(&mut r, White, "throw 2-1").is_empty());
    assert_eq!(r.marking().points(Black), 4);
}

#[test]
fn ecole_interdite_nothing_to_mark() {
    // "soit qu'il n'a rien à marquer et qu'il procède ainsi"
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, White, "advise 0");
    let play = first_play(HIT, "6-5");
    let rep = go(&mut r, Black, &play[0]);
    assert_eq!(ecole_report(&rep).entry, Entry::EcoleInterdite);
}

#[test]
fn dame_jouee_tout_d_une_short_and_without_a_rest() {
    // "Une dame jouée tout d'une et placée en deçà de sa place normale peut être avancée."
    let mut r = Referee::new();
    go(&mut r, White, "throw 4-2");
    let rep = script(&mut r, White, &["move B1 B3", "move B3 B6", "done"]);
    assert_eq!(rep[0].entry, Entry::DameJoueeToutDUne);
    assert!(rep[0].text.contains("short"), "{}", rep[0]);
    // "Une dame jouée tout d'une sans repos pour passer peut être remise à sa place
    // d'origine et alors le joueur fautif doit rejouer": Black holds N12's neighbours... a
    // rest held by the opponent: White on B1 with 6-5, Black on B6 and B7.
    let pos = "B1:w15,B6:b2,B7:b2,N1:b11 w 3/3 0.0/0.0";
    let mut r = referee(pos);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B1 B12", "done"]);
    assert!(
        matches!(
            rep[0].entry,
            Entry::DameJoueeToutDUne | Entry::DameSeulePlaceeSurUnCoin
        ),
        "{}",
        rep[0]
    );
}

#[test]
fn a_number_left_unplayed_and_left_as_is_gives_the_impuissance() {
    // DAME PASSÉE AU RETOUR: "l'adversaire a aussi la faculté de laisser le coup tel qu'il a
    // été joué et il doit alors marquer 2 points d'impuissance sous peine d'école".
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B1 B7", "done"]);
    assert_eq!(rep[0].options[0], Remedy::Leave);
    go(&mut r, Black, "choose 1");
    // Black must now mark the 2 points, or it is an école.
    let rep = go(&mut r, Black, "throw 2-1");
    let e = ecole_report(&rep);
    assert_eq!((e.points, e.offender), (2, Some(Black)));
}

#[test]
fn ecole_perpetuelle_by_augmentation() {
    // Each believes the other wrong and marks the other's école: the cycle goes on until
    // they explain themselves (ÉCOLE PERPÉTUELLE, AUGMENTATION D'ÉCOLE).
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    go(&mut r, White, "ecole 4"); // right: Black omitted 4
    let rep = go(&mut r, Black, "ecole 4"); // Black thinks it false: a fausse école
    assert_eq!(
        (rep[0].entry, rep[0].chooser),
        (Entry::FausseEcole, Some(White))
    );
    let rep = go(&mut r, White, "ecole 4"); // White marks that one: the augmentation
    assert!(rep.is_empty());
    assert_eq!(
        (r.marking().points(White), r.marking().points(Black)),
        (8, 0)
    );
}

#[test]
fn dames_en_trop_ou_en_moins_at_the_tablier() {
    use trictrac_core::{ByColour, Point, Setup};
    // "on peut rectifier l'erreur si on n'en est encore qu'au début et que le talon litigieux
    // fasse encore case pleine"
    let b1: Point = "B1".parse().expect("pt");
    let mut s = Setup::start();
    s.counts[White][b1.index()] = 16;
    let (r, rep) = Referee::from_tablier(&s, ByColour::new(0, 0), 12).expect("rectified");
    assert_eq!(rep[0].entry, Entry::DamesEnTropOuEnMoins);
    assert_eq!(r.position().to_string(), "B1:w15,N1:b15 w 0/0 0.0/0.0");
    s.counts[White][b1.index()] = 14;
    let (r, _) = Referee::from_tablier(&s, ByColour::new(0, 0), 12).expect("rectified");
    assert_eq!(r.position().board().count(White, b1), 15);
    // "Sinon le relevé, le marqué ou la partie est annulé": 16 dames, two on the talon.
    let mut late = Setup::empty();
    late.counts[White][b1.index()] = 2;
    late.counts[White]["B6".parse::<Point>().expect("pt").index()] = 14;
    late.counts[Black]["N1".parse::<Point>().expect("pt").index()] = 15;
    let e = Referee::from_tablier(&late, ByColour::new(0, 0), 12).expect_err("void");
    assert!(e.to_string().contains("relevé is void"), "{e}");
    // Declared borne off: 13 on the board and 2 off is right.
    let mut s = Setup::start();
    s.counts[White][b1.index()] = 13;
    let (_, rep) = Referee::from_tablier(&s, ByColour::new(2, 0), 12).expect("ok");
    assert!(rep.is_empty());
}
