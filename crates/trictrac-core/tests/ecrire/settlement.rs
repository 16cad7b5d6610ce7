//! The settlement of the partie à écrire against every number the French glossary of the laws
//! of trictrac states (LA PARTIE À DEUX JOUEURS: "Valeur des marqués", "Valeur du Refait",
//! "Paris et queue des paris", "Décompte général", "Queue générale"; CONVENTION ANNEXE;
//! CONVENTION SANS LEVER).

use boardgames_common::ByPlayer;
use boardgames_common::Player::{First as A, Second as B};
use trictrac_core::ecrire::settlement::{
    EcrireRules, MarqueOutcome, QueueHolder, Remainder, SettlementError, decompte, paris,
    settle_marque, to_fiches,
};
use trictrac_core::ecrire::{
    Convention, Ledger, Progression, Quality, SheetStyle, sans_lever_value,
};

const QUALITIES: [Quality; 3] = [
    Quality::Simple,
    Quality::PetiteBredouille,
    Quality::GrandeBredouille,
];

fn pay(convention: Convention, outcome: MarqueOutcome) -> u64 {
    settle_marque(convention, &outcome).unwrap().payment
}

#[test]
fn consolation_is_2_4_8_by_quality() {
    // "deux jetons en plus … quatre jetons de consolation … huit jetons de consolation";
    // JETONS DE CONSOLATION: "Jetons attribués pour la consolation".
    let got: Vec<u64> = QUALITIES
        .iter()
        .map(|&q| {
            settle_marque(Convention::Base, &MarqueOutcome::new(12, 0, q))
                .unwrap()
                .consolation
        })
        .collect();
    assert_eq!(got, [2, 4, 8]);
}

#[test]
fn consolation_after_refaits_doubles_then_triples_then_quadruples() {
    // "4, 8 ou 16 jetons de mise au lieu de 2, 4 ou 8"; "la consolation serait triplée";
    // "si un quatrième refait devait se jouer, la consolation serait quadruplée" (the marqué
    // after the third refait).
    let consolation = |q, k| {
        settle_marque(
            Convention::Base,
            &MarqueOutcome::new(12, 0, q).after_refaits(k),
        )
        .unwrap()
        .consolation
    };
    let after = |k| QUALITIES.map(|q| consolation(q, k));
    assert_eq!(after(1), [4, 8, 16]);
    assert_eq!(after(2), [6, 12, 24]);
    assert_eq!(after(3), [8, 16, 32]);
}

#[test]
fn consolation_after_refaits_the_two_readings() {
    use trictrac_core::ecrire::settlement::{RefaitProgression, settle_marque_in};
    // "S'il y avait un deuxième refait, la consolation serait triplée ; la même progression a
    // lieu pour les refaits suivants : si un quatrième refait devait se jouer, la consolation
    // serait quadruplée…" By default the factor is the refaits + 1 (the fourth refait's
    // "quadruplée" read as the fourth playing of the marqué); `by-refait` reads it literally:
    // doubled after one, then the refait's number.
    let simple = |p: RefaitProgression, k| {
        let rules = EcrireRules::new(8).unwrap().with_refait_progression(p);
        settle_marque_in(
            &rules,
            &MarqueOutcome::new(8, 3, Quality::Simple).after_refaits(k),
        )
        .unwrap()
    };
    let by = |p| {
        (0..=4)
            .map(|k| simple(p, k).consolation)
            .collect::<Vec<_>>()
    };
    assert_eq!(by(RefaitProgression::PlusOne), [2, 4, 6, 8, 10]);
    assert_eq!(by(RefaitProgression::ByRefait), [2, 4, 4, 6, 8]);
    // The shortcut follows: 8 − 3 + 8 after the fourth refait read literally.
    assert_eq!(simple(RefaitProgression::ByRefait, 4).payment, 13);
    assert_eq!(simple(RefaitProgression::PlusOne, 4).payment, 15);
    assert_eq!(RefaitProgression::default(), RefaitProgression::PlusOne);
    // Through the ledger: three refaits, then the marqué won, by either reading.
    for (p, payment) in [
        (RefaitProgression::PlusOne, 8 - 3 + 8),
        (RefaitProgression::ByRefait, 8 - 3 + 6),
    ] {
        let mut l = Ledger::new(EcrireRules::new(8).unwrap().with_refait_progression(p));
        for _ in 0..3 {
            l.record_refait(ByPlayer::new(6, 6)).unwrap();
        }
        let paid = l
            .record_won(A, ByPlayer::new(8, 3), Quality::Simple, false)
            .unwrap();
        assert_eq!(paid, payment, "{p}");
    }
    assert!(
        "quadruple"
            .parse::<RefaitProgression>()
            .unwrap_err()
            .to_string()
            .contains("expected plus-one")
    );
}

#[test]
fn simple_pays_trous_minus_opponents_plus_two() {
    // "autant de jetons de mise que l'on a de trous, déduction faite de ceux de l'adversaire,
    // et en y ajoutant deux jetons".
    assert_eq!(
        pay(Convention::Base, MarqueOutcome::new(8, 3, Quality::Simple)),
        7
    );
    assert_eq!(
        pay(Convention::Base, MarqueOutcome::new(6, 5, Quality::Simple)),
        3
    );
}

#[test]
fn double_and_quadruple_by_the_long_form() {
    // Petite: two jetons per trou, minus one per trou of the opponent, plus four.
    let s = settle_marque(
        Convention::Base,
        &MarqueOutcome::new(9, 4, Quality::PetiteBredouille),
    )
    .unwrap();
    assert_eq!(
        (s.multiplier, s.trous_value, s.deduction, s.consolation),
        (2, 18, 4, 4)
    );
    assert_eq!(s.payment, 18);
    // Grande: four per trou, minus the opponent's, plus eight.
    let s = settle_marque(
        Convention::Base,
        &MarqueOutcome::new(13, 2, Quality::GrandeBredouille),
    )
    .unwrap();
    assert_eq!(s.payment, 4 * 13 - 2 + 8);
}

#[test]
fn shortcut_add_two_multiply_subtract_equals_the_long_form() {
    // "ajouter d'abord à son nombre de trous gagnés deux pour la consolation, de multiplier
    // … et enfin de soustraire … le nombre de trous obtenus par l'adversaire".
    let conventions = [
        Convention::Base,
        Convention::Annexe(Progression::Arithmetic),
        Convention::Annexe(Progression::Geometric),
        Convention::SansLever,
    ];
    for convention in conventions {
        for q in QUALITIES {
            for held in [false, true] {
                for t in 12..40u32 {
                    for o in [0, 3, 11] {
                        for k in 0..4 {
                            let s = settle_marque(
                                convention,
                                &MarqueOutcome::new(t, o, q)
                                    .after_refaits(k)
                                    .sans_lever(held),
                            )
                            .unwrap();
                            let long = s.trous_value - s.deduction + s.consolation;
                            assert_eq!(s.payment, long, "{convention} {q} {t}-{o} k={k}");
                            let short = (u64::from(t) + 2 * (u64::from(k) + 1)) * s.multiplier
                                - u64::from(o);
                            assert_eq!(s.payment, short);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn annexe_progression_table_both_variants() {
    // "18 trous … sextuples ou octuples …; 24 trous … octuples ou 16 fois; 30 trous :
    // décuples ou 32 fois et ainsi de suite."
    let arith = Convention::Annexe(Progression::Arithmetic);
    let geo = Convention::Annexe(Progression::Geometric);
    let m = |c: Convention, t| c.multiplier(Quality::GrandeBredouille, false, t).unwrap();
    let table: Vec<(u32, u64, u64)> = [12, 17, 18, 23, 24, 30, 36]
        .iter()
        .map(|&t| (t, m(arith, t), m(geo, t)))
        .collect();
    assert_eq!(
        table,
        [
            (12, 4, 4),
            (17, 4, 4),
            (18, 6, 8),
            (23, 6, 8),
            (24, 8, 16),
            (30, 10, 32),
            (36, 12, 64)
        ]
    );
    // Base counts any number of trous quadruple, the consolation too.
    assert_eq!(m(Convention::Base, 30), 4);
    let s = settle_marque(geo, &MarqueOutcome::new(24, 0, Quality::GrandeBredouille)).unwrap();
    assert_eq!((s.consolation, s.payment), (32, 16 * 26));
    // The simple and petite bredouille are unchanged.
    assert_eq!(
        arith.multiplier(Quality::PetiteBredouille, false, 30),
        Ok(2)
    );
    assert_eq!(geo.multiplier(Quality::Simple, false, 30), Ok(1));
}

#[test]
fn sans_lever_two_three_four_five() {
    // "avec relevé vaut double; … sans lever vaut triple; grande … avec relevé vaut
    // quadruple; grande … sans lever vaut quintuple. La valeur de la consolation suit
    // toujours la même progression."
    let c = Convention::SansLever;
    let values: Vec<(u64, u64)> = [
        (Quality::PetiteBredouille, false),
        (Quality::PetiteBredouille, true),
        (Quality::GrandeBredouille, false),
        (Quality::GrandeBredouille, true),
    ]
    .iter()
    .map(|&(q, held)| {
        let s = settle_marque(c, &MarqueOutcome::new(12, 0, q).sans_lever(held)).unwrap();
        (s.multiplier, s.consolation)
    })
    .collect();
    assert_eq!(values, [(2, 4), (3, 6), (4, 8), (5, 10)]);
    // A simple marqué has no sans lever value.
    assert_eq!(c.multiplier(Quality::Simple, true, 9), Ok(1));
    // Base and annexe ignore the flag.
    assert_eq!(
        Convention::Base.multiplier(Quality::PetiteBredouille, true, 9),
        Ok(2)
    );
}

#[test]
fn sans_lever_petite_bredouille_won_last_after_a_failed_first() {
    // "Cette petite bredouille gagnée en dernier comptera double si les trous pris par
    // l'adversaire l'ont été avec relevé, elle comptera triple si ces trous ont été pris sans
    // lever."
    let c = Convention::SansLever;
    for winner_held in [false, true] {
        let relevé = sans_lever_value(Quality::PetiteBredouille, true, winner_held, false);
        let sans = sans_lever_value(Quality::PetiteBredouille, true, winner_held, true);
        assert_eq!(c.multiplier(Quality::PetiteBredouille, relevé, 8), Ok(2));
        assert_eq!(c.multiplier(Quality::PetiteBredouille, sans, 8), Ok(3));
    }
    // In first, the winner's own tenue decides.
    assert!(sans_lever_value(
        Quality::PetiteBredouille,
        false,
        true,
        false
    ));
    assert!(!sans_lever_value(
        Quality::PetiteBredouille,
        false,
        false,
        true
    ));
    // A grande bredouille in second is valued by the winner's tenue.
    assert!(sans_lever_value(
        Quality::GrandeBredouille,
        true,
        true,
        false
    ));
    // 8 trous against 3 in a petite bredouille in second, the first's taken with a relevé:
    // 2 × (8 + 2) − 3 = 17.
    let held = sans_lever_value(Quality::PetiteBredouille, true, true, false);
    assert_eq!(
        pay(
            c,
            MarqueOutcome::new(8, 3, Quality::PetiteBredouille).sans_lever(held)
        ),
        17
    );
}

#[test]
fn pari_4_postillon_28_of_which_20_queue_later_double_paris_8() {
    // "Paris et queue des paris": "Un pari vaut 4 jetons de mises. Le premier double pari
    // s'appelle le postillon et se paie 28 jetons dont 20 de queue ; chacun des (doubles)
    // paris suivants se paie 8 jetons." QUEUE DES PARIS: "la queue des paris est attribuée
    // au joueur qui se trouve avoir gagné un nombre de marqués supérieur à son contingent.
    // Outre le gain obtenu pour les postillons ou les paris gagnés, ce joueur gagne 20 jetons
    // pour cette queue." LES DEUX QUEUES: "Jouer les deux queues, c'est jouer seulement la
    // queue des jetons et celle des paris" (the default: no queue générale).
    assert_eq!(EcrireRules::new(8).unwrap().queue_generale(), 0);
    // 8 marqués, contingent 4: 5 against 3 is one pari won and one lost: the postillon.
    let p = paris(ByPlayer::new(5, 3));
    assert_eq!(p.winner, Some(A));
    assert_eq!(
        (p.paris, p.postillon, p.queue_des_paris, p.jetons),
        (2, true, 20, 28)
    );
    let p = paris(ByPlayer::new(2, 6));
    assert_eq!(p.winner, Some(B));
    assert_eq!((p.later_double_paris, p.jetons), (1, 28 + 8));
    assert_eq!(paris(ByPlayer::new(0, 8)).jetons, 28 + 3 * 8);
    assert_eq!(paris(ByPlayer::new(4, 4)).jetons, 0);
    assert_eq!(paris(ByPlayer::new(4, 4)).winner, None);
    // A partie of 7: 4 against 3 leaves one single pari of 4 and the queue des paris.
    let p = paris(ByPlayer::new(4, 3));
    assert_eq!(
        (p.single_pari, p.postillon, p.jetons),
        (true, false, 4 + 20)
    );
    assert_eq!(trictrac_core::ecrire::settlement::PARI, 4);
    assert_eq!(trictrac_core::ecrire::settlement::POSTILLON, 28);
}

#[test]
fn contingent_of_eight_is_four_and_five_leaves_three() {
    // "On appelle pari tout marqué, gagné ou perdu, qui excède le contingent de chaque
    // joueur. Par exemple si deux joueurs s'affrontent en huit marqués, le contingent de
    // chacun est de quatre ... si un joueur gagne cinq marqués, l'autre n'en peut gagner que
    // trois."
    let rules = EcrireRules::new(8).unwrap();
    let c = rules.contingent();
    assert_eq!((c.whole(), c.has_half()), (4, false));
    assert_eq!(c.others_at_most(5), 3);
    assert_eq!(c.to_string(), "4");
    assert_eq!(EcrireRules::new(7).unwrap().contingent().to_string(), "3½");
    assert_eq!(EcrireRules::new(12).unwrap().contingent().whole(), 6);
}

#[test]
fn fiches_of_ten_with_five_remaining_counting_one_or_nothing() {
    // "Quand on compte en jetons, on convertit alors le total en fiches. La fiche vaut
    // généralement 10 jetons et, selon la convention adoptée, 5 jetons restants comptent pour
    // une fiche ou ne comptent rien."
    assert_eq!(to_fiches(64, 10, Remainder::HalfCounts), Ok(6));
    assert_eq!(to_fiches(65, 10, Remainder::HalfCounts), Ok(7));
    assert_eq!(to_fiches(65, 10, Remainder::Nothing), Ok(6));
    assert_eq!(to_fiches(69, 10, Remainder::Nothing), Ok(6));
    assert_eq!(to_fiches(70, 10, Remainder::Nothing), Ok(7));
    assert_eq!(to_fiches(5, 10, Remainder::HalfCounts), Ok(1));
    assert_eq!(to_fiches(0, 10, Remainder::HalfCounts), Ok(0));
    assert_eq!(
        to_fiches(5, 0, Remainder::HalfCounts),
        Err(SettlementError::FicheOfZero)
    );
}

#[test]
fn decompte_in_order_queue_paris_difference_fiches_queue_generale() {
    // "Décompte général": "Tous les jetons de marqué placés hors du tablier, forment la queue
    // des jetons qui est attribuée, en fin de partie juste avant le décompte des paris, à celui
    // qui se trouve avoir gagné le plus de jetons de mise pour les marqués joués. En cas
    // d'égalité, la queue des jetons est partagée entre les joueurs." "Queue générale": "on
    // établit le compte définitif de la partie pour chaque joueur en soustrayant du compte du
    // vainqueur celui du vaincu ... On termine alors par le décompte final en ajoutant à la
    // différence ainsi obtenue, la queue générale". QUEUE GÉNÉRALE: "on peut attribuer une
    // queue générale au joueur qui se trouve avoir gagné le plus de jetons à l'issue du
    // règlement des paris. Cette queue vient s'ajouter aux jetons du vainqueur." QUEUE DES
    // JETONS: "Lorsqu'on marque avec un papier et un crayon, on peut choisir de compter cette
    // queue en points on de l'ignorer." "Queue des jetons": "deux jetons de marqué (on peut
    // convenir d'un seul jeton)"; JETONS DE LA QUEUE: "À chaque marqué, le perdant met de
    // côté un ou deux jetons pour compter le nombre de marqués joués et constituer un enjeu."
    // The QUEUE, DÉFINITION: "une sorte d'enjeu ou de prime attribué au meilleur joueur à
    // chaque différent niveau du jeu : nombre de points gagnés pour les marqués ; nombre de
    // marqués gagnés ; gain total de jetons": the queue des jetons to B (more jetons for the
    // marqués), the queue des paris to A (more marqués), the queue générale to the winner.
    let rules = EcrireRules::new(8)
        .unwrap()
        .with_queue_generale(3)
        .with_fiche(10, Remainder::Nothing)
        .unwrap();
    // A won 5 marqués for 40 jetons, B 3 for 45.
    let d = decompte(&rules, ByPlayer::new(40, 45), ByPlayer::new(5, 3)).unwrap();
    // The queue des jetons (2 × 8 = 16) goes to B, ahead in jetons de mise; the
    // postillon (28) to A.
    assert_eq!(d.queue_des_jetons, 16);
    assert_eq!(d.queue_holder, QueueHolder::Player(B));
    assert_eq!(d.accounts, ByPlayer::new(40 + 28, 45 + 16));
    assert_eq!((d.winner, d.difference), (Some(A), 7));
    assert_eq!((d.fiches, d.queue_generale, d.total_fiches), (0, 3, 3));
    assert_eq!(d.balance(A) + d.balance(B), 0);
    // Equal jetons share the queue: it changes nothing.
    let d = decompte(&rules, ByPlayer::new(30, 30), ByPlayer::new(4, 4)).unwrap();
    assert_eq!(d.queue_holder, QueueHolder::Shared);
    assert_eq!((d.winner, d.total_fiches), (None, 0));
    // One jeton de marqué per marqué.
    let one = rules.with_jetons_de_marque(1).unwrap();
    let d = decompte(&one, ByPlayer::new(50, 10), ByPlayer::new(6, 2)).unwrap();
    assert_eq!(d.queue_des_jetons, 8);
    assert_eq!(d.difference, 50 + 8 + 36 - 10);
    // Ignored, as players scoring on paper may agree: 50 + 36 − 10.
    let ignored = one.with_queue_des_jetons(false);
    let d = decompte(&ignored, ByPlayer::new(50, 10), ByPlayer::new(6, 2)).unwrap();
    assert_eq!(
        (d.queue_des_jetons, d.queue_holder),
        (0, QueueHolder::Ignored)
    );
    assert_eq!(d.difference, 50 + 36 - 10);
    // Not over yet.
    assert_eq!(
        decompte(&rules, ByPlayer::new(0, 0), ByPlayer::new(3, 3)),
        Err(SettlementError::PartieNotOver {
            marques: 8,
            decided: 6
        })
    );
}

#[test]
fn ledger_counts_refaits_into_the_next_consolation_and_balances_to_zero() {
    // RÈGLEMENT DES MARQUÉS: "Ce sont les paiements en jetons de mise, ou la marque des points
    // sur papier, effectués à la fin de chaque marqué"; "Traditionnellement, on ne tenait
    // qu'un compte négatif : celui des pertes subies par chaque joueur. Mais on peut aussi
    // inscrire les gains et les pertes de chaque joueur en utilisant le système des colonnes
    // positives et négatives (comme au tarot)" (the two sheets below).
    let mut ledger = Ledger::new(EcrireRules::new(4).unwrap());
    ledger.record_refait(ByPlayer::new(7, 7)).unwrap();
    ledger.record_refait(ByPlayer::new(6, 6)).unwrap();
    // After two refaits the consolation is tripled: petite 2 × (8 + 6) − 0 = 28.
    assert_eq!(
        ledger
            .record_won(A, ByPlayer::new(8, 0), Quality::PetiteBredouille, false)
            .unwrap(),
        28
    );
    assert_eq!(ledger.pending_refaits(), 0);
    assert_eq!(
        ledger
            .record_won(B, ByPlayer::new(3, 9), Quality::Simple, false)
            .unwrap(),
        8
    );
    ledger
        .record_won(B, ByPlayer::new(5, 6), Quality::Simple, false)
        .unwrap();
    ledger
        .record_won(B, ByPlayer::new(0, 12), Quality::GrandeBredouille, false)
        .unwrap();
    assert!(ledger.is_over());
    assert_eq!(ledger.won(), ByPlayer::new(1, 3));
    assert_eq!(ledger.received(), ByPlayer::new(28, 8 + 3 + 56));
    let d = ledger.decompte().unwrap();
    assert_eq!(d.balance(A) + d.balance(B), 0);
    assert_eq!(d.winner, Some(B));
    // 67 + 8 queue des jetons + 28 postillon − 28 = 75 jetons: 8 fiches (5 counts one).
    assert_eq!((d.difference, d.fiches), (75, 8));
    let sheet = ledger.sheet(SheetStyle::Losses);
    assert!(sheet.contains("refait"), "{sheet}");
    assert!(sheet.contains("A petite bredouille +2r"), "{sheet}");
    let gl = ledger.sheet(SheetStyle::GainsAndLosses);
    assert!(gl.contains("-39") && gl.contains("+39"), "{gl}");
    let text = ledger.to_string();
    assert!(
        text.contains("postillon 28") && text.contains("B wins 8 fiches"),
        "{text}"
    );
    assert_eq!(
        ledger.record_won(A, ByPlayer::new(9, 0), Quality::Simple, false),
        Err(SettlementError::PartieOver { marques: 4 })
    );
}

#[test]
fn bad_input_is_a_typed_error_with_a_clear_message() {
    assert_eq!(EcrireRules::new(0), Err(SettlementError::ZeroMarques));
    let rules = EcrireRules::new(8).unwrap();
    assert_eq!(
        rules.with_fiche(0, Remainder::Nothing),
        Err(SettlementError::FicheOfZero)
    );
    assert_eq!(
        rules.with_jetons_de_marque(3),
        Err(SettlementError::JetonsDeMarque(3))
    );
    let e = "annex".parse::<Convention>().unwrap_err();
    assert_eq!(e, SettlementError::UnknownConvention("annex".into()));
    assert!(e.to_string().contains("\"annex\""), "{e}");
    assert!("spiral".parse::<Progression>().is_err());
    assert!("some".parse::<Remainder>().is_err());
    assert!("triple".parse::<Quality>().is_err());
    for s in [
        "base",
        "annexe-arithmetic",
        "annexe-geometric",
        "sans-lever",
    ] {
        assert_eq!(s.parse::<Convention>().unwrap().to_string(), s);
    }
    let err = |o: MarqueOutcome| settle_marque(Convention::Base, &o).unwrap_err();
    assert_eq!(
        err(MarqueOutcome::new(5, 0, Quality::Simple)),
        SettlementError::BelowObligation { trous: 5 }
    );
    let e = err(MarqueOutcome::new(7, 7, Quality::Simple));
    assert!(e.to_string().contains("refait"), "{e}");
    assert_eq!(
        err(MarqueOutcome::new(11, 0, Quality::GrandeBredouille)),
        SettlementError::GrandeBelowTwelve { trous: 11 }
    );
    // Far beyond any partie: an error, not a wrap or a panic.
    assert_eq!(
        settle_marque(
            Convention::Annexe(Progression::Geometric),
            &MarqueOutcome::new(u32::MAX, 0, Quality::GrandeBredouille)
        ),
        Err(SettlementError::Overflow)
    );
    assert!(
        settle_marque(
            Convention::Base,
            &MarqueOutcome::new(u32::MAX, 0, Quality::Simple).after_refaits(u32::MAX)
        )
        .is_ok()
    );
    let mut ledger = Ledger::new(rules);
    assert_eq!(
        ledger.record_refait(ByPlayer::new(7, 6)),
        Err(SettlementError::NotARefait {
            first: 7,
            second: 6
        })
    );
    assert!(ledger.record_refait(ByPlayer::new(5, 5)).is_err());
    assert!(ledger.entries().is_empty());
}
