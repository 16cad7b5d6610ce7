//! Referee mode, the école: one test per entry of the section ÉCOLE of the French glossary
//! of the laws of trictrac, built from the entry's own words.

use super::support;
use support::*;

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
    // MARQUER LE TROU PAR ERREUR: "Un joueur, qui croyant avoir gagné un trou, le marque et
    // reconnaît son erreur avant d'avoir déplacé et abandonné ses jetons ou touché ses dames,
    // ne fait pas école et peut démarquer son trou si l'erreur s'est produite sur son coup".
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
    // MARQUER SES POINTS PAR ERREUR: "... mais efface par distraction les points de reste
    // qu'il avait acquis puis joue, fait école de tout ce qu'il a effacé."
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
fn declare_the_partie_won_missing_points_counted_twelve_a_trou() {
    // "il fait école des points qui lui manquent": 10 trous and 4 points marked, 12 to win:
    // two trous are missing, 2 x 12 - 4 = 20 points.
    let mut r = referee("B1:w15,N1:b15 w 0/0 10.4*/0.0");
    let rep = go(&mut r, White, "win");
    assert_eq!(
        (rep[0].entry, rep[0].points),
        (Entry::SEnAllerSurUneEcole, 20)
    );
    assert_eq!(rep[0].fault, Fault::EcoleParExces);
    // Black marks the 20 points d'école; with no point marked yet he marks them en
    // bredouille: the first 12 are a trou double, 8 remain. The partie goes on.
    let mut marked = r.clone();
    go(&mut marked, Black, "choose 2");
    assert_eq!(
        (
            marked.marking().trous(Black),
            marked.marking().points(Black)
        ),
        (2, 8)
    );
    assert_eq!(marked.phase(), RefereePhase::Throw { thrower: White });
    // "sauf si son adversaire a rompu son jeu ou acquiescé": Black breaking his game is the
    // acquiescence.
    go(&mut r, Black, "break");
    assert_eq!(r.phase(), RefereePhase::Over { winner: White });
    // A win declared rightly is no école.
    let mut r = Referee::from_position("B1:w15,N1:b15 w 0/0 3.0/0.0".parse().expect("pos"), 3)
        .expect("marks");
    assert!(go(&mut r, White, "win").is_empty());
    assert_eq!(r.phase(), RefereePhase::Over { winner: White });
}

#[test]
fn s_en_aller_sur_une_ecole_the_opponent_breaks_his_game() {
    // "dans le cas où un joueur croit avoir gagné le trou qu'il n'a effectivement pas, le
    // marque et avertit qu'il s'en va et que l'adversaire partageant son erreur rompt son
    // jeu, le trou est bien acquis".
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.2*";
    let mut r = referee(pos);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    go(&mut r, Black, "s'en aller");
    go(&mut r, White, "break");
    assert_eq!(r.marking().trous(Black), 1);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: Black });
}

#[test]
fn s_en_aller_rightly_and_ecole_sans_ecole() {
    // ÉCOLE SANS ÉCOLE: "dans le cas où le joueur qui a gagné le jeu s'en va, démarque
    // correctement les jetons mais ne marque pas tous les trous qu'il a gagnés et même n'en
    // marque aucun, il ne peut être envoyé à l'école, car en s'en allant il renonce
    // ouvertement aux points qu'il pourrait avoir gagnés". Black at 10 gains 4: a trou; the
    // dames are relevées and he throws again.
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
    // ROMPRE SON JEU PAR ERREUR: "Lorsqu'un joueur, croyant que son adversaire va s'en aller,
    // lève quelques unes de ses dames pour rompre son jeu, il n'est pas privé du droit de
    // marquer les points provenant du jeu de son adversaire, si celui-ci se décide à rester
    // ... il n'y a que le jet des dés qui détermine l'école en pareil cas."
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
    // ÉCOLE RÉTROACTIVE: "après avoir marqué les points gagnés pour cela, il se trompe et
    // lève une dame autre que celle qui pouvait remplir ... il fait fausse case et école des
    // points qu'il avait marqués ... On lui supprime donc rétroactivement les points marqués
    // pour le remplissage ou la conservation." REMPLIR et CONSERVER: "Quand un joueur amène
    // des nombres qui permettent de remplir ou de conserver, qu'il ne le fait pas et joue
    // autrement, il fait école des points qu'il n'a pas marqués et fausse case. Son
    // adversaire peut marquer cette école et aussi obliger le joueur fautif à remplir ou à
    // conserver effectivement. White's petit jan, B5 a demi-case: 4-2 fills it two ways (8 points).
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

/// White leaves his 5 unplayed (the dame passée au retour left as played: 2 points
/// d'impuissance to Black) after marking 2 points he did not win (an école par excès of 2
/// for Black): Black, to throw, has 2 points of his own to mark and an école of 2 to claim.
fn given_and_ecole() -> Referee {
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    go(&mut r, White, "mark 2");
    let rep = script(&mut r, White, &["move B1 B7", "done"]);
    assert!(
        rep.iter().any(|x| x.fault == Fault::EcoleParExces),
        "{rep:?}"
    );
    let k = rep
        .iter()
        .find(|x| x.fault == Fault::FausseCase)
        .expect("fausse case")
        .options
        .iter()
        .position(|o| *o == Remedy::Leave)
        .expect("leave");
    go(&mut r, Black, &format!("choose {}", k + 1));
    r
}

#[test]
fn quand_et_comment_marquer_ecole_after_one_s_own_points() {
    // QUAND et COMMENT MARQUER L'ÉCOLE: "Les points d'école se marquent après les autres et le
    // joueur les annonce en disant : École !". Black marks the 2 points White's coup gave him,
    // then his 2 points d'école: both stand after his throw (the école was lost at the throw
    // before: the marking of his own points, consummated then, counted only them).
    let mut r = given_and_ecole();
    go(&mut r, Black, "mark 2");
    go(&mut r, Black, "ecole 2");
    assert_eq!(r.marks_on_tablier()[Black].points, 4);
    assert_eq!(r.marking().points(White), 0, "White's excess taken back");
    go(&mut r, Black, "throw 2-1");
    assert_eq!(r.marking().points(Black), 4);
    assert!(r.open_reports().next().is_none());
    // The other order ends the same: the école first, then his own points.
    let mut r = given_and_ecole();
    go(&mut r, Black, "ecole 2");
    go(&mut r, Black, "mark 2");
    assert_eq!(r.marks_on_tablier()[Black].points, 4);
    go(&mut r, Black, "throw 2-1");
    assert_eq!(r.marking().points(Black), 4);
    assert!(r.open_reports().next().is_none());
    // His "École !" ends the marking of his own points: a mistake in it is an école White
    // may claim once Black has thrown (ÉCOLE DES POINTS DONNÉS PAR L'ADVERSAIRE), as before.
    let mut r = given_and_ecole();
    go(&mut r, Black, "mark 1");
    go(&mut r, Black, "ecole 2");
    assert!(matches!(
        refused(&mut r, White, "ecole 1"),
        RefereeError::NotConsummated { .. }
    ));
    let rep = go(&mut r, Black, "throw 2-1");
    assert!(rep.is_empty(), "{rep:?}");
    let e: Vec<&Report> = r.open_reports().collect();
    assert_eq!(
        (e[0].entry, e[0].points, e[0].chooser),
        (Entry::EcoleDesPointsDonnes, 1, Some(White))
    );
    assert_eq!(r.marking().points(Black), 3);
}

#[test]
fn s_en_aller_sur_une_ecole_the_false_trou_stands_only_on_the_tablier() {
    // QUAND L'ÉCOLE EST CONSOMMÉE: "le déplacement du fichet pour marquer des trous qu'on n'a
    // pas gagnés ne fait pas école, celui-ci pouvant être reculé le cas échéant"; S'EN ALLER
    // SUR UNE ÉCOLE: only "l'adversaire partageant son erreur rompt son jeu, le trou est bien
    // acquis". In a partie to one trou, Black marks a trou he has not won and goes away.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.2*";
    let mut r = Referee::from_position(pos.parse().expect("pos"), 1).expect("marks");
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "trous 1");
    go(&mut r, Black, "s'en aller");
    // While White chooses, the fichet shows it on the tablier, but it is not agreed: the
    // partie is not won.
    assert_eq!(r.marks_on_tablier()[Black].trous, 1);
    assert_eq!(r.marking().trous(Black), 0);
    assert!(matches!(r.phase(), RefereePhase::Play { mover: Black, .. }));
    // White declines the école: the fichet goes back, the partie goes on.
    let mut declined = r.clone();
    go(&mut declined, White, "choose 4");
    assert_eq!(declined.marking().trous(Black), 0);
    assert!(matches!(
        declined.phase(),
        RefereePhase::Play { mover: Black, .. }
    ));
    // White acquiesces: the trou is acquired, and with it the partie.
    go(&mut r, White, "choose 1");
    assert_eq!(r.marking().trous(Black), 1);
    assert_eq!(r.phase(), RefereePhase::Over { winner: Black });
}

#[test]
fn ecole_de_trou_a_trou_marked_double_for_simple_does_not_win_until_it_stands() {
    // ÉCOLE DE TROU: "Il n'y a pas école de trou ou de jeu si un joueur qui a gagné un trou
    // simple le marque double ... On se contente alors de rectifier son erreur si on s'en rend
    // compte avant de jouer ; l'adversaire peut également le faire tant qu'il n'a pas jeté les
    // dés pour son coup." Black, at 10 trous and 10 points of a partie to 12, wins 4 points: a
    // trou simple, 11. He marks it double: 12 on his fichet, which wins nothing while White
    // may still rectify it ("la chronologie s'interrompt dès qu'un joueur a gagné
    // régulièrement").
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.2/10.10";
    let start = || {
        let mut r = referee(pos);
        go(&mut r, Black, "throw 6-5");
        script(
            &mut r,
            Black,
            &["trous 2", "wipe-opponent", "wipe", "mark 2"],
        );
        let play = first_play(pos, "6-5");
        let rep = script(&mut r, Black, &[&play[0], &play[1], "done"]);
        let f = rep
            .iter()
            .find(|x| x.entry == Entry::EcoleDeTrou)
            .expect("école de trou");
        assert_eq!(f.options, vec![Remedy::RectifyFichet(1), Remedy::Decline]);
        r
    };
    let mut r = start();
    assert_eq!(r.marking().trous(Black), 11);
    assert_eq!(r.marks_on_tablier()[Black].trous, 12);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    // Rectified: 11 trous, the partie goes on.
    let mut rectified = r.clone();
    go(&mut rectified, White, "choose 1");
    assert_eq!(rectified.marking().trous(Black), 11);
    assert_eq!(rectified.phase(), RefereePhase::Throw { thrower: White });
    // Let stand (White declines, or throws without rectifying): the fichet shows 12, and
    // Black has won.
    go(&mut r, White, "choose 2");
    assert_eq!(r.phase(), RefereePhase::Over { winner: Black });
    let mut r = start();
    go(&mut r, White, "throw 2-1");
    assert_eq!(r.phase(), RefereePhase::Over { winner: Black });
    assert_eq!(r.marking().trous(Black), 12);
}

#[test]
fn ecole_de_points_trous_in_excess_win_nothing_until_they_stand() {
    // ÉCOLE DE POINTS: "si n'ayant le droit d'en marquer qu'un ou deux, il en marque trois ou
    // quatre, il fait école de douze points"; QUAND L'ÉCOLE EST CONSOMMÉE: "le déplacement du
    // fichet pour marquer des trous qu'on n'a pas gagnés ne fait pas école, celui-ci pouvant
    // être reculé". Black, at 10 trous and 10 points of a partie to 12, wins 4 points, one
    // trou simple, and marks four: 14 on his fichet, an école par excès of 12 (of 24 by the
    // literal reading of the trous en trop); the partie is not won by them while White may
    // claim it.
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.2/10.10";
    let start = |reading: TrousEnTrop| {
        let mut r = referee(pos).with_trous_en_trop(reading);
        go(&mut r, Black, "throw 6-5");
        script(
            &mut r,
            Black,
            &["trous 4", "wipe-opponent", "wipe", "mark 2"],
        );
        let play = first_play(pos, "6-5");
        let rep = script(&mut r, Black, &[&play[0], &play[1], "done"]);
        (r, ecole_report(&rep).clone())
    };
    let (mut r, e) = start(TrousEnTrop::ByJeux);
    assert_eq!(
        (e.fault, e.entry, e.points),
        (Fault::EcoleParExces, Entry::EcoleDePoints, 12)
    );
    assert_eq!(r.marking().trous(Black), 11);
    assert_eq!(r.marks_on_tablier()[Black].trous, 14);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    let mut claimed = r.clone();
    go(&mut claimed, White, "ecole 12");
    assert_eq!(claimed.marking().trous(Black), 11);
    assert!(!matches!(claimed.phase(), RefereePhase::Over { .. }));
    // Declined: they stand, and win.
    go(&mut r, White, "choose 3");
    assert_eq!(r.marking().trous(Black), 14);
    assert_eq!(r.phase(), RefereePhase::Over { winner: Black });
    // The literal reading: two trous beyond the two the jeu could show, 24 points.
    let (_, e) = start(TrousEnTrop::ByTrous);
    assert_eq!(e.points, 24);
}

#[test]
fn fausse_ecole_that_no_coup_could_produce_is_refused() {
    // The fuzzers' transcript (`w throw 6-5`, `b école 92`): White's first throw gives
    // nobody anything and White has marked nothing, so no école of his can exist, true or
    // believed ("autant de points que le joueur a omis d'en marquer, ou en a marqué de
    // trop": ÉCOLE : DÉFINITION; FAUSSE ÉCOLE). Until 2026-12 Black marked 92 points d'école,
    // 14 trous of a partie to 12, and the partie went on.
    let mut r = Referee::new();
    go(&mut r, White, "throw 6-5");
    assert_eq!(r.most_ecole(White), 0);
    assert_eq!(
        refused(&mut r, Black, "ecole 92"),
        RefereeError::EcoleBeyondTheCoups {
            claimant: Black,
            offender: White,
            claimed: 92,
            most: 0
        }
    );
    assert_eq!(
        refused(&mut r, Black, "ecole 92").to_string(),
        "92 points d'école: nothing White did since Black's last throw can make an école of more than 0 points (the points of the coups since then for either player, the points White marked and the écoles he claimed: ÉCOLE : DÉFINITION, FAUSSE ÉCOLE)"
    );
    // A coup with one event (Black's hit on B8) and 4 points marked: 12 + 4 at stake.
    let mut r = referee(HIT);
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    assert_eq!(r.most_ecole(Black), 16);
    assert!(matches!(
        refused(&mut r, White, "ecole 17"),
        RefereeError::EcoleBeyondTheCoups { most: 16, .. }
    ));
    let rep = go(&mut r, White, "ecole 16");
    assert_eq!((rep[0].entry, rep[0].points), (Entry::FausseEcole, 16));
}

#[test]
fn a_fausse_ecole_wins_no_trou_until_it_stands() {
    // White at 1 trou and 10 points of a partie to 2. Black marks his hit rightly; White
    // claims 4 points d'école that were not made: his jeton crosses the 12th point, but that
    // trou stands only on the tablier while Black may take the école back ("le déplacement
    // du fichet pour marquer des trous qu'on n'a pas gagnés ne fait pas école, celui-ci
    // pouvant être reculé"; a partie is won "régulièrement").
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 1.10*/0.0";
    let start = Referee::from_position(pos.parse().expect("pos"), 2).expect("marks");
    let mut r = start.clone();
    go(&mut r, Black, "throw 6-5");
    go(&mut r, Black, "mark 4");
    let play = first_play(HIT, "6-5");
    script(&mut r, Black, &[&play[0], &play[1], "done"]);
    let rep = go(&mut r, White, "ecole 4");
    assert_eq!(
        (rep[0].entry, rep[0].options.clone()),
        (
            Entry::FausseEcole,
            vec![Remedy::MarkEcole(4), Remedy::Decline]
        )
    );
    assert_eq!(
        (r.marking().trous(White), r.marking().points(White)),
        (1, 2)
    );
    assert_eq!(r.marks_on_tablier()[White].trous, 2);
    assert_eq!(r.phase(), RefereePhase::Throw { thrower: White });
    // Black takes it back and marks it: White as before, Black 4 more.
    let mut marked = r.clone();
    go(&mut marked, Black, "choose 1");
    assert_eq!(
        (
            marked.marking().trous(White),
            marked.marking().points(White),
            marked.marking().points(Black)
        ),
        (1, 10, 8)
    );
    // Black declines: the trou stands and the partie ends at once, whatever is open.
    let mut declined = r.clone();
    go(&mut declined, Black, "choose 2");
    assert_eq!(declined.marking().trous(White), 2);
    assert_eq!(declined.phase(), RefereePhase::Over { winner: White });
    // Black lets it go: it stands at his throw, which ends the partie.
    go(&mut r, White, "throw 2-1");
    let play = first_play(&r.position().to_string(), "2-1");
    script(&mut r, White, &[&play[0], &play[1], "done"]);
    assert_eq!(r.marking().trous(White), 1);
    go(&mut r, Black, "throw 6-5");
    assert_eq!(r.marking().trous(White), 2);
    assert_eq!(r.phase(), RefereePhase::Over { winner: White });
}

#[test]
fn trous_in_excess_for_points_given_end_the_partie_when_they_stand() {
    // A partie to 2 trous. White leaves a number unplayed (2 points of impuissance for
    // Black); Black marks two trous for them (ÉCOLE DES POINTS DONNÉS: the trous stand only on
    // the tablier while White may claim). White lets it go: at Black's first dame touched the
    // école is lost, "les points marqués éventuellement en trop par l'adversaire lui sont
    // acquis", and Black holds the partie's two trous: "la chronologie s'interrompt dès qu'un
    // joueur a ... marqué le nombre de trous qui lui font gagner la partie". Until 2026-12
    // the partie went on with Black at 2 trous of 2 (found reading the invariant "no marking
    // past the partie's end without the end" against the referee).
    let mut r = Referee::start(2);
    go(&mut r, White, "throw 6-5");
    let rep = script(&mut r, White, &["move B1 B7", "done"]);
    let k = rep
        .iter()
        .find(|x| x.fault == Fault::FausseCase)
        .expect("fausse case")
        .options
        .iter()
        .position(|o| *o == Remedy::Leave)
        .expect("leave");
    go(&mut r, Black, &format!("choose {}", k + 1));
    go(&mut r, Black, "trous 2");
    let rep = go(&mut r, Black, "throw 6-5");
    assert_eq!(
        (ecole_report(&rep).entry, ecole_report(&rep).points),
        (Entry::EcoleDesPointsDonnes, 14)
    );
    assert_eq!(
        (r.marking().trous(Black), r.marks_on_tablier()[Black].trous),
        (0, 2)
    );
    let play = first_play(&r.position().to_string(), "6-5");
    go(&mut r, Black, &play[0]);
    assert_eq!(r.marking().trous(Black), 2);
    assert_eq!(r.phase(), RefereePhase::Over { winner: Black });
}
