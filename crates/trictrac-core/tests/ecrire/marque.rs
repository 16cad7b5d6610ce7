//! How a marqué of the partie à écrire ends, its bredouilles and its pavillon, by the French
//! glossary of the laws of trictrac (LA PARTIE À DEUX JOUEURS, TROU D'OBLIGATION, CONVENTION
//! SANS LEVER).

use trictrac_core::ByColour;
use trictrac_core::Colour::{Black, White};
use trictrac_core::ecrire::settlement::{MarqueOutcome, settle_marque};
use trictrac_core::ecrire::{Convention, Ending, Marque, Quality};

fn won(e: Ending) -> (trictrac_core::Colour, ByColour<u32>, Quality, bool) {
    match e {
        Ending::Won {
            winner,
            trous,
            quality,
            sans_lever,
        } => (winner, trous, quality, sans_lever),
        other => panic!("not won: {other:?}"),
    }
}

#[test]
fn leaving_before_anyone_holds_six_trous_goes_on_and_counts_as_a_lever() {
    let mut m = Marque::new();
    m.win_trous(White, 5);
    assert_eq!(m.s_en_aller(White), Ending::Continues);
    assert!(m.has_leve(White));
    m.win_trous(White, 1);
    let (winner, trous, quality, sans_lever) = won(m.s_en_aller(White));
    assert_eq!((winner, trous[White], trous[Black]), (White, 6, 0));
    assert_eq!((quality, sans_lever), (Quality::PetiteBredouille, false));
}

#[test]
fn equal_trous_from_six_is_a_refait() {
    let mut m = Marque::new();
    m.win_trous(White, 6);
    m.win_trous(Black, 6);
    assert_eq!(m.s_en_aller(Black), Ending::Refait { trous: 6 });
}

#[test]
fn marque_volontaire_the_player_behind_leaves_and_loses_simple() {
    // White has 8, Black reaches 6 in second and leaves: the marqué is over, White wins it
    // simple (Black had trous), and is paid 8 − 6 + 2 = 4.
    let mut m = Marque::new();
    m.win_trous(White, 8);
    m.win_trous(Black, 6);
    let (winner, trous, quality, _) = won(m.s_en_aller(Black));
    assert_eq!((winner, quality), (White, Quality::Simple));
    let pay = settle_marque(
        Convention::Base,
        &MarqueOutcome::new(trous[White], trous[Black], quality),
    )
    .unwrap();
    assert_eq!(pay.payment, 4);
    // Had Black held on to 9, he would have won in petite bredouille in second.
    let mut m = Marque::new();
    m.win_trous(White, 8);
    m.win_trous(Black, 9);
    let (winner, _, quality, _) = won(m.s_en_aller(Black));
    assert_eq!((winner, quality), (Black, Quality::PetiteBredouille));
}

#[test]
fn pavillon_taken_by_the_second_and_lost_when_the_first_wins_a_trou_again() {
    let mut m = Marque::new();
    m.win_trous(White, 3);
    assert_eq!(m.pavillon(), None);
    assert!(m.is_en_bredouille(White));
    m.win_trous(Black, 1);
    assert_eq!(m.pavillon(), Some(Black));
    assert!(!m.is_en_bredouille(White));
    assert!(m.is_en_bredouille(Black));
    m.win_trous(Black, 2);
    assert_eq!(m.pavillon(), Some(Black));
    m.win_trous(White, 1);
    assert_eq!(m.pavillon(), None);
    assert!(!m.is_en_bredouille(White) && !m.is_en_bredouille(Black));
    m.win_trous(Black, 9);
    let (winner, _, quality, _) = won(m.s_en_aller(Black));
    assert_eq!((winner, quality), (Black, Quality::Simple));
}

#[test]
fn grande_bredouille_lost_by_leaving_at_the_seventh_trou() {
    let mut m = Marque::new();
    m.win_trous(White, 7);
    assert_eq!(m.quality(White), Quality::PetiteBredouille);
    let (_, _, quality, _) = won(m.s_en_aller(White));
    assert_eq!(quality, Quality::PetiteBredouille);
    // Holding on to 12 makes it a grande bredouille, in second too.
    let mut m = Marque::new();
    m.win_trous(Black, 2);
    m.win_trous(White, 12);
    let (winner, _, quality, _) = won(m.s_en_aller(White));
    assert_eq!((winner, quality), (White, Quality::GrandeBredouille));
}

#[test]
fn sans_lever_pavillon_cravate_and_the_petite_bredouille_won_last() {
    // The first to mark takes the pavillon; he loses it by leaving, not the bredouille.
    let mut m = Marque::new();
    m.win_trous(White, 2);
    assert_eq!(m.pavillon_sans_lever(), Some(White));
    assert_eq!(m.s_en_aller(White), Ending::Continues);
    assert_eq!(m.pavillon_sans_lever(), None);
    assert!(m.is_en_bredouille(White));
    // Black marks: he takes the cravate and the pavillon (he has not levé).
    m.win_trous(Black, 1);
    assert_eq!(m.cravate(), Some(Black));
    assert_eq!(m.pavillon_sans_lever(), Some(Black));
    m.win_trous(Black, 7);
    let (winner, trous, quality, sans_lever) = won(m.s_en_aller(Black));
    assert_eq!((winner, quality), (Black, Quality::PetiteBredouille));
    // White's trous were taken with a relevé: Black's petite bredouille counts double.
    assert!(!sans_lever);
    let outcome = MarqueOutcome::new(trous[Black], trous[White], quality).sans_lever(sans_lever);
    let s = settle_marque(Convention::SansLever, &outcome).unwrap();
    assert_eq!((s.multiplier, s.payment), (2, 2 * (8 + 2) - 2));
    // Had White held, triple, whatever Black did.
    let mut m = Marque::new();
    m.win_trous(White, 2);
    m.win_trous(Black, 3);
    assert_eq!(m.s_en_aller(Black), Ending::Continues);
    m.win_trous(Black, 5);
    let (_, _, _, sans_lever) = won(m.s_en_aller(Black));
    assert!(sans_lever);
    // The interruption takes the cravate and the pavillon.
    let mut m = Marque::new();
    m.win_trous(White, 2);
    m.win_trous(Black, 1);
    m.win_trous(White, 1);
    assert_eq!((m.cravate(), m.pavillon_sans_lever()), (None, None));
}

#[test]
fn grande_bredouille_sans_lever_and_avec_releve() {
    let mut m = Marque::new();
    m.win_trous(White, 12);
    let (_, _, quality, sans_lever) = won(m.s_en_aller(White));
    assert_eq!((quality, sans_lever), (Quality::GrandeBredouille, true));
    let mut m = Marque::new();
    m.win_trous(White, 3);
    assert_eq!(m.s_en_aller(White), Ending::Continues);
    m.win_trous(White, 10);
    let (_, _, quality, sans_lever) = won(m.s_en_aller(White));
    assert_eq!((quality, sans_lever), (Quality::GrandeBredouille, false));
    let outcome = MarqueOutcome::new(13, 0, quality).sans_lever(sans_lever);
    assert_eq!(
        settle_marque(Convention::SansLever, &outcome)
            .unwrap()
            .multiplier,
        4
    );
}

#[test]
fn bot_rule_knows_the_trou_d_obligation_and_the_bredouilles() {
    use trictrac_core::ecrire::{Advice, Progression};
    let base = Convention::Base;
    // Below the trou d'obligation the board decides.
    let mut m = Marque::new();
    m.win_trous(White, 3);
    assert_eq!(m.advice(White, base), Advice::Board);
    // ... except under sans lever in bredouille: leaving would make it avec relevé.
    assert_eq!(m.advice(White, Convention::SansLever), Advice::Tenir);
    // Ahead at 6 in petite bredouille, far from 12: leave and win.
    m.win_trous(White, 3);
    assert_eq!(m.advice(White, base), Advice::SenAller);
    // Ten trous in bredouille: hold for the grande bredouille.
    m.win_trous(White, 4);
    assert_eq!(m.advice(White, base), Advice::Tenir);
    m.win_trous(White, 2);
    assert_eq!(m.advice(White, base), Advice::SenAller);
    // In the annexe convention, 16 trous hold for the 18.
    let annexe = Convention::Annexe(Progression::Geometric);
    assert_eq!(Marque::next_step(annexe, 12), Some(18));
    assert_eq!(Marque::next_step(annexe, 18), Some(24));
    assert_eq!(Marque::next_step(base, 12), None);
    m.win_trous(White, 4);
    assert_eq!(m.advice(White, annexe), Advice::Tenir);
    assert_eq!(m.advice(White, base), Advice::SenAller);
    // Behind or equal: never a marqué volontaire or a refait.
    let mut m = Marque::new();
    m.win_trous(White, 8);
    m.win_trous(Black, 6);
    assert_eq!(m.advice(Black, base), Advice::Tenir);
    m.win_trous(Black, 2);
    assert_eq!(m.advice(Black, base), Advice::Tenir);
    // Ahead but simple (the pavillon was taken off): leave.
    m.win_trous(White, 1);
    assert_eq!(m.advice(White, base), Advice::SenAller);
}
