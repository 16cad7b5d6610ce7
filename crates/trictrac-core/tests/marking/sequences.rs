//! The marking arithmetic against the sequences of the marking issue, the glossary's
//! ÉCOLE DE POINTS example (the French glossary of the laws of trictrac) and the rules page,
//! "Marking".

use proptest::prelude::*;
use trictrac_core::Colour::{self, Black, White};
use trictrac_core::marking::{Jeton, Marking, MarkingError};
use trictrac_core::{ByColour, Marks};

/// Marks `steps` in order, checking the marks (notation `trous.points[*]/…`) after each.
fn run(steps: &[(Colour, u8, &str)]) -> Marking {
    let mut m = Marking::new();
    for (i, &(c, p, expected)) in steps.iter().enumerate() {
        m.mark(c, p);
        assert_eq!(
            m.to_string(),
            expected,
            "after step {} ({c} marks {p})",
            i + 1
        );
    }
    m
}

#[test]
fn second_player_wins_two_trous_en_bredouille() {
    // A marks 4, then B marks 12: B wins 2 trous (bredouille of the second player).
    let mut m = Marking::new();
    let a = m.mark(White, 4);
    assert_eq!((a.trous, a.reste), (0, 4));
    assert_eq!(m.jeton(White), Jeton::Single);
    assert!(m.is_en_bredouille(White));
    assert_eq!(m.to_string(), "0.4*/0.0");
    let b = m.mark(Black, 12);
    assert_eq!((b.jeux, b.trous, b.bredouille_jeux), (1, 2, 1));
    assert_eq!(b.reste, 0);
    assert_eq!(m.to_string(), "0.0/2.0");
    // Both jetons back at the talon: the next jeu is fresh.
    assert_eq!((m.jeton(White), m.jeton(Black)), (Jeton::None, Jeton::None));
}

#[test]
fn debredouille_then_simple_trou() {
    // A 4, B 6, A 2, B 6: B wins 1 trou.
    let m = run(&[
        (White, 4, "0.4*/0.0"),
        (Black, 6, "0.4/0.6*"),
        (White, 2, "0.6/0.6"),
        (Black, 6, "0.0/1.0"),
    ]);
    assert_eq!(m.jeton(Black), Jeton::None);
}

#[test]
fn second_marks_with_the_double_jeton_and_the_first_debredouille_him() {
    let mut m = Marking::new();
    m.mark(White, 4);
    let g = m.mark(Black, 6);
    assert!(!g.debredouille);
    assert_eq!(m.jeton(Black), Jeton::Double);
    assert!(!m.is_en_bredouille(White));
    // Black marking again keeps the double jeton.
    m.mark(Black, 2);
    assert_eq!(m.jeton(Black), Jeton::Double);
    let g = m.mark(White, 2);
    assert!(g.debredouille);
    assert_eq!(m.jeton(Black), Jeton::Single);
    assert_eq!(m.to_string(), "0.6/0.8");
    // Both with one jeton: the jeu is necessarily simple, whoever wins it.
    let g = m.mark(White, 6);
    assert_eq!((g.trous, g.reste), (1, 0));
}

#[test]
fn exactly_twelve_is_a_trou_sans_bouger() {
    // From 0 with nothing on either side: 2 trous (bredouille), the jeton stays at the talon.
    let mut m = Marking::new();
    let g = m.mark(White, 12);
    assert_eq!((g.trous, g.reste, g.sans_bouger), (2, 0, true));
    assert_eq!(m.to_string(), "2.0/0.0");

    // From 4 points not en bredouille: one trou, the jeton stays on 4, the opponent's goes back
    // to the talon, and the 4 de reste now open the next jeu en bredouille.
    let mut m = run(&[(White, 4, "0.4*/0.0"), (Black, 2, "0.4/0.2*")]);
    let g = m.mark(White, 12);
    assert_eq!((g.jeux, g.trous, g.reste, g.sans_bouger), (1, 1, 4, true));
    assert!(g.debredouille);
    assert_eq!(m.to_string(), "1.4*/0.0");

    // With the double jeton: two trous sans bouger, the double jeton is taken off.
    let mut m = run(&[(White, 4, "0.4*/0.0"), (Black, 2, "0.4/0.2*")]);
    let g = m.mark(Black, 12);
    assert_eq!((g.trous, g.reste, g.sans_bouger), (2, 2, true));
    assert_eq!(m.jeton(Black), Jeton::Single);
    assert_eq!(m.to_string(), "0.0/2.2*");

    // 24 points sans bouger: three trous, four en bredouille (glossary, TROU SANS BOUGER).
    let mut m = run(&[
        (White, 4, "0.4*/0.0"),
        (Black, 2, "0.4/0.2*"),
        (White, 1, "0.5/0.2"),
    ]);
    let g = m.mark(White, 24);
    assert_eq!((g.trous, g.reste, g.sans_bouger), (3, 5, true));
    let mut m = run(&[(White, 4, "0.4*/0.0")]);
    let g = m.mark(White, 24);
    assert_eq!((g.trous, g.reste, g.sans_bouger), (4, 4, true));
}

#[test]
fn twenty_six_from_nothing_is_four_trous_and_two_de_reste() {
    let mut m = Marking::new();
    let g = m.mark(White, 26);
    assert_eq!((g.jeux, g.trous, g.bredouille_jeux, g.reste), (2, 4, 2, 2));
    assert!(!g.sans_bouger);
    assert_eq!(m.to_string(), "4.2*/0.0");
}

#[test]
fn debredouille_player_with_two_points_marks_twenty_six() {
    // Black takes the double jeton with 2 points and is débredouillé by White.
    let mut m = run(&[
        (White, 4, "0.4*/0.0"),
        (Black, 2, "0.4/0.2*"),
        (White, 2, "0.6/0.2"),
    ]);
    let g = m.mark(Black, 26);
    // 10 finish a simple trou, 12 more en bredouille make 2, and 4 remain: 1 + 2 = 3 trous.
    assert_eq!((g.jeux, g.trous, g.bredouille_jeux, g.reste), (2, 3, 1, 4));
    assert_eq!(m.to_string(), "0.0/3.4*");
}

#[test]
fn ecole_de_points_worked_example() {
    // Glossary, ÉCOLE DE POINTS: "un joueur qui a déjà marqué deux points sans la bredouille
    // en gagne trente-huit autres et ne s'en va pas. Il doit marquer cinq trous et quatre
    // points de reste (1 + 2 + 2)."
    let mut m = run(&[(White, 2, "0.2*/0.0"), (Black, 3, "0.2/0.3*")]);
    assert!(!m.is_en_bredouille(White));
    let g = m.mark(White, 38);
    assert_eq!((g.jeux, g.trous, g.bredouille_jeux, g.reste), (3, 5, 2, 4));
    assert_eq!(m.to_string(), "5.4*/0.0");
}

#[test]
fn s_en_aller_wipes_both_jetons() {
    let mut m = run(&[
        (White, 6, "0.6*/0.0"),
        (Black, 8, "0.6/0.8*"),
        (White, 10, "1.4*/0.0"),
    ]);
    m.s_en_aller();
    assert_eq!(m.to_string(), "1.0/0.0");
    assert_eq!((m.jeton(White), m.jeton(Black)), (Jeton::None, Jeton::None));
    // The next points open a fresh jeu: whoever marks first is en bredouille.
    m.mark(Black, 3);
    assert_eq!(m.to_string(), "1.0/0.3*");
}

#[test]
fn points_given_in_the_same_throw_start_with_one_or_two_jetons() {
    // The winner kept no reste: the opponent's points start with one jeton (en bredouille).
    let mut m = run(&[(White, 6, "0.6*/0.0"), (Black, 8, "0.6/0.8*")]);
    m.mark(White, 6);
    assert_eq!(m.to_string(), "1.0/0.0");
    m.mark(Black, 2);
    assert_eq!(m.jeton(Black), Jeton::Single);
    assert_eq!(m.to_string(), "1.0/0.2*");
    // The winner kept a reste: the opponent's points start with the double jeton.
    let mut m = run(&[(White, 6, "0.6*/0.0"), (Black, 8, "0.6/0.8*")]);
    m.mark(White, 8);
    assert_eq!(m.to_string(), "1.2*/0.0");
    m.mark(Black, 2);
    assert_eq!(m.jeton(Black), Jeton::Double);
    assert_eq!(m.to_string(), "1.2/0.2*");
}

#[test]
fn pavillon_follows_the_trous() {
    let mut m = Marking::new();
    m.mark(White, 12); // 2 trous, White first with trous
    assert!(m.is_partie_en_bredouille(White));
    assert_eq!(m.pavillon(), None);
    m.mark(Black, 12); // Black's first trous: he takes the pavillon
    assert!(!m.is_partie_en_bredouille(White));
    assert!(m.is_partie_en_bredouille(Black));
    assert_eq!(m.pavillon(), Some(Black));
    assert_eq!(m.to_string(), "2.0/2.0p");
    m.mark(Black, 12); // still his
    assert_eq!(m.pavillon(), Some(Black));
    m.mark(White, 12); // White wins a trou again: nobody can win the partie double
    assert_eq!(m.pavillon(), None);
    assert!(!m.is_partie_en_bredouille(White) && !m.is_partie_en_bredouille(Black));
}

#[test]
fn zero_points_change_nothing() {
    let mut m = run(&[(White, 4, "0.4*/0.0")]);
    let g = m.mark(Black, 0);
    assert_eq!((g.trous, g.reste), (0, 0));
    assert!(m.is_en_bredouille(White));
    assert_eq!(m.jeton(Black), Jeton::None);
}

#[test]
fn marks_round_trip_and_errors() {
    let mk = |points, trous, bredouille| Marks {
        pavillon: false,
        points,
        trous,
        bredouille,
    };
    let m =
        Marking::from_marks(ByColour::new(mk(4, 1, false), mk(6, 2, true)), Some(Black)).unwrap();
    assert_eq!(m.jeton(White), Jeton::Single);
    assert_eq!(m.jeton(Black), Jeton::Double);
    assert_eq!(m.to_string(), "1.4/2.6*p");
    assert_eq!(Marking::from_marks(m.to_marks(), m.pavillon()).unwrap(), m);
    assert_eq!(
        Marking::from_marks(ByColour::new(mk(12, 0, false), mk(0, 0, false)), None),
        Err(MarkingError::PointsOutOfRange {
            colour: White,
            points: 12
        })
    );
    assert_eq!(
        Marking::from_marks(ByColour::new(mk(0, 0, true), mk(0, 0, false)), None),
        Err(MarkingError::BredouilleWithoutPoints(White))
    );
    assert_eq!(
        Marking::from_marks(ByColour::new(mk(2, 0, true), mk(3, 0, true)), None),
        Err(MarkingError::BothEnBredouille)
    );
    assert_eq!(
        Marking::from_marks(ByColour::new(mk(0, 0, false), mk(3, 0, false)), None),
        Err(MarkingError::SoleMarkerNotEnBredouille(Black))
    );
    assert_eq!(
        Marking::from_marks(ByColour::new(mk(0, 3, false), mk(0, 0, false)), Some(White)),
        Err(MarkingError::BadPavillon(White))
    );
}

proptest! {
    /// Any sequence of markings keeps the invariants, the points add up, trous only grow, and
    /// the state is rebuilt exactly from its marks and pavillon.
    #[test]
    fn marking_invariants(steps in proptest::collection::vec((any::<bool>(), 0u8..40, any::<bool>()), 0..60)) {
        let mut m = Marking::new();
        for (white, points, leave) in steps {
            let c = if white { White } else { Black };
            let before = m;
            let g = m.mark(c, points);
            for x in Colour::ALL {
                prop_assert!(m.points(x) < 12);
                prop_assert_eq!(m.points(x) == 0, m.jeton(x) == Jeton::None);
                prop_assert!(m.trous(x) >= before.trous(x));
            }
            prop_assert_eq!(m.trous(c) - before.trous(c), g.trous);
            prop_assert_eq!(g.trous, g.jeux + g.bredouille_jeux);
            prop_assert_eq!(
                u32::from(before.points(c)) + u32::from(points),
                12 * u32::from(g.jeux) + u32::from(m.points(c))
            );
            prop_assert!(!(m.is_en_bredouille(White) && m.is_en_bredouille(Black)));
            prop_assert_eq!(Marking::from_marks(m.to_marks(), m.pavillon()), Ok(m));
            if leave && g.trous > 0 {
                m.s_en_aller();
                prop_assert_eq!((m.points(White), m.points(Black)), (0, 0));
            }
        }
    }
}
