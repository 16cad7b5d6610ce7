//! The école (glossary of the laws of trictrac, section ÉCOLE): points omitted or marked in
//! excess, judged from what the jetons and the fichet show.
//!
//! [`assess`] is the arithmetic of one marking: what the player should have marked
//! ([`Due`], from [`Marking::mark`](crate::marking::Marking::mark)) against what his gestures show ([`Shown`]). It
//! follows ÉCOLE DE TROU and ÉCOLE DE POINTS:
//!
//! - the jeton shows the points within the jeu: it should end on the reste (on the points
//!   before, if the gain is a trou *sans bouger*); each time the player put his own jeton
//!   back to the talon he showed one jeu crossed;
//! - `t` trous on the fichet show between ⌈t/2⌉ jeux (every trou double) and `t` jeux
//!   (every trou simple): a trou marked simple for double or double for simple is not an
//!   école (ÉCOLE DE TROU), it is rectified;
//! - jeux shown by neither are an école of 12 points each (par omission); jeux shown beyond
//!   those won are an école of 12 each (par excès), and take away the privilege of s'en
//!   aller; the jeton short of or beyond its place adds the difference.
//!
//! So the glossary's example (2 points marked without the bredouille, 38 won, he holds: 5
//! trous and 4 de reste) gives: nothing done 38; the jeton right and no trou 24; one trou
//! 24 (26 with the jeton not moved); two trous 12; three to six trous 0 (the fichet is
//! rectified); seven 12 par excès. A player who goes away renounces what he does not mark
//! (ÉCOLE SANS ÉCOLE): only an excess remains an école.

use crate::board::Colour;
use crate::marking::{Marking, POINTS_PER_TROU};

/// What a player was due to mark for a gain: computed from the marking before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Due {
    /// The points of the gain.
    pub points: u8,
    /// Points on the jeton before the gain.
    pub before: u8,
    /// Jeux completed by the gain.
    pub jeux: u8,
    /// Trous due (two for a jeu won en bredouille).
    pub trous: u8,
    /// Where the jeton should end if he holds: the reste, or where it stood (sans bouger).
    pub reste: u8,
}

impl Due {
    /// What `colour` is due to mark for `points` on `marking` (the marking is not changed).
    #[must_use]
    pub fn of(marking: &Marking, colour: Colour, points: u8) -> Due {
        let before = marking.points(colour);
        let mut m = *marking;
        let gain = m.mark(colour, points);
        Due {
            points,
            before,
            jeux: gain.jeux,
            trous: gain.trous,
            reste: gain.reste,
        }
    }
}

/// What a player's marking gestures show for one gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shown {
    /// Points on his jeton at the end (`0..=11`).
    pub jeton: u8,
    /// How many times he put his own jeton back to the talon (each shows a jeu crossed).
    pub wipes: u8,
    /// Trous he moved the fichet forward (net of any moved back).
    pub trous: u8,
    /// He went away (*s'en aller*) on this gain.
    pub s_en_aller: bool,
}

impl Shown {
    /// Nothing done: the jeton where it stood (`before`), no trou.
    #[must_use]
    pub fn nothing(before: u8) -> Shown {
        Shown {
            jeton: before,
            ..Shown::default()
        }
    }
}

/// The judgement of one marking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Assessment {
    /// École par omission (*par moins*): points won and not shown.
    pub omission: u8,
    /// École par excès (*par trop*): points shown and not won.
    pub excess: u8,
    /// Jeux shown beyond those won (ÉCOLE DE POINTS): the player loses the privilege of s'en
    /// aller if the opponent wishes.
    pub trous_in_excess: bool,
    /// The fichet shows other trous than due without an école (ÉCOLE DE TROU): the trous
    /// it should show for this gain, to rectify.
    pub rectify_fichet: Option<u8>,
}

impl Assessment {
    /// The points of école at stake (omission and excess together: the glossary adds the
    /// jeton's shortfall to an excess of trous).
    #[must_use]
    pub fn points(&self) -> u8 {
        self.omission.saturating_add(self.excess)
    }

    /// Whether there is any école.
    #[must_use]
    pub fn is_ecole(&self) -> bool {
        self.points() > 0
    }
}

/// How ÉCOLE DE POINTS counts the école of trous marked in excess: "S'il marque sept trous
/// ou plus, il est à l'école par excès d'autant de fois douze points qu'il aura marqué de
/// trous en trop" (the glossary's example of 38 points won, 5 trous due and 6 tolerated).
///
/// The two readings agree up to the first trou beyond those tolerated (7 trous there: 12
/// points) and part from the next (8 trous: 12 by jeux, 24 by trous). The repository's
/// [trictrac-referee.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-referee.md)
/// argues the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TrousEnTrop {
    /// By the jeux the trous show (the default): `t` trous show at least ⌈t/2⌉ jeux (every
    /// trou double), and each jeu shown beyond those won is 12 points, as the entry's first
    /// paragraph counts "trois ou quatre trous" for one jeu: "la représentation de
    /// vingt-quatre points ... le joueur fait donc école de douze points". 8 trous for 3 jeux
    /// are 12.
    #[default]
    ByJeux,
    /// The sentence read literally: each trou beyond the most the jeux won can show (two a
    /// jeu, every one double) is 12 points. 8 trous for 3 jeux are 24; but 4 trous for one
    /// jeu also 24, where the first paragraph says 12.
    ByTrous,
}

impl TrousEnTrop {
    /// Every `TrousEnTrop`, in the order of its declaration.
    pub const ALL: [TrousEnTrop; 2] = [TrousEnTrop::ByJeux, TrousEnTrop::ByTrous];
    /// The number of `TrousEnTrop`s.
    pub const NUM: usize = 2;
}

impl std::fmt::Display for TrousEnTrop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TrousEnTrop::ByJeux => "jeux",
            TrousEnTrop::ByTrous => "trous",
        })
    }
}

impl std::str::FromStr for TrousEnTrop {
    type Err = String;
    /// `jeux` or `trous`.
    fn from_str(s: &str) -> Result<TrousEnTrop, String> {
        match s {
            "jeux" => Ok(TrousEnTrop::ByJeux),
            "trous" => Ok(TrousEnTrop::ByTrous),
            _ => Err(format!(
                "unknown reading {s:?} of the trous en trop (ÉCOLE DE POINTS): expected jeux or trous"
            )),
        }
    }
}

/// Judges a marking (ÉCOLE DE TROU, ÉCOLE DE POINTS, ÉCOLE SANS ÉCOLE, TROU SANS BOUGER,
/// MARQUER SES POINTS PAR ERREUR, OUBLIER DE DÉMARQUER SES POINTS): see the module doc.
/// `own_throw` says whether the points come from the player's own throw (only then may he go
/// away and renounce the rest). The trous in excess are counted by jeux
/// ([`TrousEnTrop::ByJeux`]; [`assess_with`] takes the reading).
#[must_use]
pub fn assess(due: &Due, shown: &Shown, own_throw: bool) -> Assessment {
    assess_with(due, shown, own_throw, TrousEnTrop::ByJeux)
}

/// [`assess`] with the reading of ÉCOLE DE POINTS's "trous en trop" given.
#[must_use]
pub fn assess_with(due: &Due, shown: &Shown, own_throw: bool, reading: TrousEnTrop) -> Assessment {
    let twelve = u16::from(POINTS_PER_TROU);
    let t = u16::from(shown.trous);
    let w = u16::from(shown.wipes);
    let jeux = u16::from(due.jeux);
    let most = w.max(t);
    let least = w.max(t.div_ceil(2));
    let leaving = shown.s_en_aller && own_throw;
    if !shown.s_en_aller && shown.wipes == 0 && shown.trous == 0 && shown.jeton == due.before {
        // Nothing done at all: "il est à l'école des N points" (the whole gain).
        return Assessment {
            omission: due.points,
            ..Assessment::default()
        };
    }
    let mut omission = 0u16;
    let mut excess = 0u16;
    if jeux > most && !leaving {
        omission += twelve * (jeux - most);
    }
    let in_excess = match reading {
        TrousEnTrop::ByJeux => least.saturating_sub(jeux),
        TrousEnTrop::ByTrous => t.saturating_sub(2 * jeux).max(w.saturating_sub(jeux)),
    };
    excess += twelve * in_excess;
    if !leaving {
        let (q, r) = (u16::from(shown.jeton), u16::from(due.reste));
        if q < r {
            omission += r - q;
        } else {
            excess += q - r;
        }
    }
    let rectify =
        (omission == 0 && excess == 0 && shown.trous != due.trous && !leaving).then_some(due.trous);
    Assessment {
        omission: omission.min(255) as u8,
        excess: excess.min(255) as u8,
        trous_in_excess: least > jeux,
        rectify_fichet: rectify,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Colour::{Black, White};

    /// ÉCOLE DE POINTS: "un joueur qui a déjà marqué deux points sans la bredouille en gagne
    /// trente-huit autres et ne s'en va pas. Il doit marquer cinq trous et quatre points de
    /// reste (1 + 2 + 2)."
    fn example() -> Due {
        let mut m = Marking::new();
        m.mark(White, 2);
        m.mark(Black, 3); // Black marks with the double jeton: White is not en bredouille
        assert!(!m.is_en_bredouille(White));
        let due = Due::of(&m, White, 38);
        assert_eq!((due.jeux, due.trous, due.reste), (3, 5, 4));
        due
    }

    fn shown(jeton: u8, wipes: u8, trous: u8) -> Shown {
        Shown {
            jeton,
            wipes,
            trous,
            s_en_aller: false,
        }
    }

    #[test]
    fn ecole_de_points_38_nothing_done() {
        let a = assess(&example(), &Shown::nothing(2), true);
        assert_eq!((a.omission, a.excess), (38, 0));
    }

    #[test]
    fn ecole_de_points_38_jeton_moved_no_trou() {
        let a = assess(&example(), &shown(4, 1, 0), true);
        assert_eq!((a.omission, a.excess), (24, 0));
    }

    #[test]
    fn ecole_de_points_38_one_trou() {
        assert_eq!(assess(&example(), &shown(4, 1, 1), true).omission, 24);
        // "et même de vingt-six s'il n'a pas avancé son jeton à la marque des quatre points"
        assert_eq!(assess(&example(), &shown(2, 0, 1), true).omission, 26);
    }

    #[test]
    fn ecole_de_points_38_two_trous() {
        let a = assess(&example(), &shown(4, 1, 2), true);
        assert_eq!(a.points(), 12);
        assert_eq!(a.omission, 12);
    }

    #[test]
    fn ecole_de_points_38_three_or_four_trous() {
        for t in [3, 4] {
            let a = assess(&example(), &shown(4, 1, t), true);
            assert!(!a.is_ecole(), "{t} trous");
            assert_eq!(a.rectify_fichet, Some(5), "the fichet is rectified to 5");
        }
    }

    #[test]
    fn ecole_de_points_38_five_or_six_trous() {
        assert_eq!(
            assess(&example(), &shown(4, 1, 5), true),
            Assessment::default()
        );
        let a = assess(&example(), &shown(4, 1, 6), true);
        assert!(!a.is_ecole());
        assert_eq!(a.rectify_fichet, Some(5));
    }

    #[test]
    fn ecole_de_points_38_seven_or_more_trous() {
        let a = assess(&example(), &shown(4, 1, 7), true);
        assert_eq!((a.omission, a.excess), (0, 12));
        assert!(a.trous_in_excess, "he loses the privilege of s'en aller");
        // "l'école est toujours augmentée de deux points si le jeton n'a pas été avancé"
        assert_eq!(assess(&example(), &shown(2, 0, 7), true).points(), 14);
        // Nine trous show at least five jeux: two too many.
        assert_eq!(assess(&example(), &shown(4, 1, 9), true).excess, 24);
    }

    #[test]
    fn ecole_de_points_38_eight_trous_by_jeux_or_by_trous() {
        // "S'il marque sept trous ou plus, il est à l'école par excès d'autant de fois douze
        // points qu'il aura marqué de trous en trop." Seven: 12 either way; eight: 12 by the
        // jeux the trous show (four, one too many), 24 by the trous beyond the six the three
        // jeux can show.
        for (t, jeux, trous) in [(7, 12, 12), (8, 12, 24), (9, 24, 36)] {
            let s = shown(4, 1, t);
            assert_eq!(assess(&example(), &s, true).excess, jeux, "{t} trous");
            assert_eq!(
                assess_with(&example(), &s, true, TrousEnTrop::ByTrous).excess,
                trous,
                "{t} trous"
            );
        }
        // Six trous are no école by either reading ("on peut aussi supposer qu'il a marqué
        // double son premier trou").
        assert!(!assess_with(&example(), &shown(4, 1, 6), true, TrousEnTrop::ByTrous).is_ecole());
        // Why the literal reading is not the default: the entry's first paragraph, "n'ayant
        // le droit d'en marquer qu'un ou deux, il en marque trois ou quatre, il fait école de
        // douze points", is 24 for four trous by it.
        let mut m = Marking::new();
        m.mark(Black, 5);
        let due = Due::of(&m, White, 12);
        assert_eq!(assess(&due, &shown(0, 0, 4), true).excess, 12);
        assert_eq!(
            assess_with(&due, &shown(0, 0, 4), true, TrousEnTrop::ByTrous).excess,
            24
        );
        assert_eq!("trous".parse(), Ok(TrousEnTrop::ByTrous));
        assert!(
            "douze"
                .parse::<TrousEnTrop>()
                .unwrap_err()
                .contains("expected jeux or trous")
        );
    }

    #[test]
    fn ecole_de_points_38_leaving() {
        // "si le joueur s'en va et ne marque aucun trou, il ne peut être envoyé à l'école"
        for t in 0..=6 {
            let s = Shown {
                jeton: 0,
                wipes: 1,
                trous: t,
                s_en_aller: true,
            };
            assert!(!assess(&example(), &s, true).is_ecole(), "{t} trous");
        }
        // "s'il s'en va en marquant plus de six trous, il est à l'école par excès"
        let s = Shown {
            jeton: 0,
            wipes: 1,
            trous: 7,
            s_en_aller: true,
        };
        assert_eq!(assess(&example(), &s, true).excess, 12);
    }

    #[test]
    fn ecole_de_points_36_sans_bouger() {
        // "le joueur gagnerait trente-six points (3 x 12) sans bouger, resterait et ne
        // marquerait aucun trou, il serait à l'école des trente-six points"
        let mut m = Marking::new();
        m.mark(White, 2);
        m.mark(Black, 3);
        let due = Due::of(&m, White, 36);
        assert_eq!(due.reste, 2);
        assert_eq!(assess(&due, &Shown::nothing(2), true).omission, 36);
    }

    #[test]
    fn ecole_de_points_three_trous_for_one() {
        // "n'ayant le droit d'en marquer qu'un ou deux, il en marque trois ou quatre, il fait
        // école de douze points"
        let mut m = Marking::new();
        m.mark(Black, 5);
        let due = Due::of(&m, White, 12); // White second, en bredouille: two trous
        assert_eq!(due.trous, 2);
        for t in [3, 4] {
            let a = assess(&due, &shown(0, 0, t), true);
            assert_eq!(a.excess, 12, "{t} trous");
            assert!(a.trous_in_excess);
        }
    }

    #[test]
    fn ecole_de_trou_simple_for_double() {
        // A trou won double marked simple, or simple marked double: no école, rectified.
        let mut m = Marking::new();
        m.mark(White, 6);
        let due = Due::of(&m, White, 8); // White alone: en bredouille, 2 trous, 2 de reste
        assert_eq!((due.trous, due.reste), (2, 2));
        let a = assess(&due, &shown(2, 1, 1), true);
        assert!(!a.is_ecole());
        assert_eq!(a.rectify_fichet, Some(2));
        // The jeton rightly moved and no trou: still no école (one jeu shown by the jeton).
        assert!(!assess(&due, &shown(2, 1, 0), true).is_ecole());
    }

    #[test]
    fn trou_sans_bouger_forgotten_is_an_ecole() {
        // TROU SANS BOUGER: exactly 12 won, jeton unmoved, no trou marked: école of 12.
        let mut m = Marking::new();
        m.mark(White, 4);
        m.mark(Black, 2);
        let due = Due::of(&m, White, 12);
        assert_eq!(due.reste, 4);
        assert_eq!(assess(&due, &Shown::nothing(4), true).omission, 12);
        assert!(!assess(&due, &shown(4, 0, 1), true).is_ecole());
    }

    #[test]
    fn marquer_ses_points_par_erreur() {
        // "Un joueur qui prend un trou sans bouger ... c'est-à-dire qui gagne douze points et
        // tient, mais efface par distraction les points de reste qu'il avait acquis puis joue,
        // fait école de tout ce qu'il a effacé."
        let mut m = Marking::new();
        m.mark(White, 5);
        m.mark(Black, 2);
        let due = Due::of(&m, White, 12);
        let a = assess(&due, &shown(0, 1, 1), true);
        assert_eq!((a.omission, a.excess), (5, 0));
    }

    #[test]
    fn oublier_de_demarquer_ses_points() {
        // "Lorsqu'un joueur, après avoir gagné un trou et l'avoir marqué, oublie de démarquer
        // les points qu'il avait auparavant, il fait école d'autant de points qu'il en a de
        // marqués, déduction faite de ceux qu'il pouvait et devait avoir de reste." 8 marked,
        // 6 won: one trou and 2 de reste; jeton left on 8: école of 8 less 2.
        let mut m = Marking::new();
        m.mark(White, 8);
        m.mark(Black, 2);
        let due = Due::of(&m, White, 6);
        assert_eq!(due.reste, 2);
        let a = assess(&due, &shown(8, 0, 1), true);
        assert_eq!((a.omission, a.excess), (0, 6));
    }

    #[test]
    fn ecole_sans_ecole() {
        // He wins the jeu, goes away, wipes the jetons rightly, marks no trou: no école.
        let mut m = Marking::new();
        m.mark(White, 10);
        m.mark(Black, 1);
        let due = Due::of(&m, White, 20);
        let s = Shown {
            jeton: 0,
            wipes: 1,
            trous: 0,
            s_en_aller: true,
        };
        assert!(!assess(&due, &s, true).is_ecole());
        // Points from the opponent's throw cannot be renounced by going away: one jeu (the
        // wipe shows one) and the 6 de reste are missing.
        assert_eq!((due.jeux, due.reste), (2, 6));
        assert_eq!(assess(&due, &s, false).omission, 18);
    }

    #[test]
    fn nothing_done_is_an_ecole_of_the_whole_gain() {
        // 8 marked, 4 won (a trou, the jeton back to the talon): nothing done is an école
        // of the 4 points won, not of the trou and the jeton separately.
        let mut m = Marking::new();
        m.mark(White, 8);
        m.mark(Black, 1);
        let due = Due::of(&m, White, 4);
        assert_eq!((due.jeux, due.reste), (1, 0));
        assert_eq!(assess(&due, &Shown::nothing(8), true).omission, 4);
    }

    #[test]
    fn simple_omission_and_excess_within_a_jeu() {
        let due = Due::of(&Marking::new(), White, 4);
        assert_eq!(assess(&due, &Shown::nothing(0), true).omission, 4);
        assert_eq!(assess(&due, &shown(6, 0, 0), true).excess, 2);
        assert!(!assess(&due, &shown(4, 0, 0), true).is_ecole());
    }
}
