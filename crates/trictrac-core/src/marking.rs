//! Marking (*la marque*): points on the jetons, trous on the fichet, the bredouille of the
//! jetons, tenir ou s'en aller, and the pavillon of the partie ordinaire.
//!
//! Sources: rules page, "Marking: points, trous, bredouille" and "Forms of game"; the French
//! glossary of the laws of trictrac, JEU ou TROU, UTILISATION DES JETONS, TROU SANS BOUGER, ÉCOLE
//! DE POINTS,
//! CHRONOLOGIE DÉTAILLÉE D'UN COUP; the Breton article "Trictrac", "Poentoù, toulloù ha gak",
//! "Perzh ar gak", "Perzh ar bannielig".
//!
//! The whole arithmetic is one transition, [`Marking::mark`], applied in the order of the
//! chronology of a turn (the points the opponent's last throw gave, then one's own jans, then
//! what one's play gives the opponent), and one choice, [`Marking::s_en_aller`].
//!
//! - 12 points make a trou (*jeu*); points beyond are *points de reste*, marked with the
//!   jeton. A gain of exactly 12 (or 24, …) leaves the jeton where it was: *trou sans bouger*.
//! - Bredouille of the jetons: the first player to mark in a jeu marks with one jeton and wins
//!   the jeu double while the opponent marks nothing; the second to mark takes the double jeton
//!   (*la bredouille*, Breton *gak*) and wins double unless the first marks again, which
//!   *débredouille* him. Which player can win double is thus a function of the two jetons
//!   ([`Jeton`]), and so is the `bredouille` flag of [`Marks`].
//! - On a trou: the trou(s) on the fichet, the opponent's jeton back to the talon, one's own
//!   back too unless points remain (the reste, which opens the next jeu en bredouille, since
//!   the opponent has then marked nothing). Several jeux in one gain are counted one after the
//!   other: the glossary's 2 + 38 points make 1 + 2 + 2 = 5 trous and 4 de reste.
//! - Points the same throw gives the opponent are marked after, by the same rule, so they
//!   start from 0 with one jeton if the winner kept no reste, with two if he did.
//! - The pavillon (Breton *bannielig*, option of the partie ordinaire): the same series one
//!   level up, on trous: the first to win a trou wins the partie double while the opponent has
//!   no trou; the second to win a trou takes the pavillon and wins double unless the first wins
//!   a trou again.
//!
//! ```
//! use trictrac_core::Colour::{Black, White};
//! use trictrac_core::marking::Marking;
//! let mut m = Marking::new();
//! m.mark(White, 4);
//! let gain = m.mark(Black, 12); // second to mark, en bredouille: 2 trous
//! assert_eq!(gain.trous, 2);
//! assert_eq!(m.to_string(), "0.0/2.0");
//! ```

use std::fmt;

use thiserror::Error;

use crate::board::Marks;
use crate::board::{ByColour, Colour};

/// Points in a trou (*jeu*): 12 (rules page, "Marking").
pub const POINTS_PER_TROU: u8 = 12;

/// A player's jeton(s) in the current series (glossary, JEU ou TROU).
///
/// For the points: `None` is the jeton at the talon (nothing marked in this jeu), `Single`
/// marking with one jeton, `Double` with the double jeton (*la bredouille*). The same three
/// states serve the trous of the partie with the pavillon, where `Double` is holding the
/// pavillon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Jeton {
    /// Nothing marked in this series.
    #[default]
    None,
    /// One jeton: the first to mark, or a second débredouillé.
    Single,
    /// The double jeton (*bredouille*, *gak*; for trous the pavillon): the second to mark
    /// while the first has not marked again.
    Double,
}

impl Jeton {
    /// Every `Jeton`, in the order of its declaration.
    pub const ALL: [Jeton; 3] = [Jeton::None, Jeton::Single, Jeton::Double];
    /// The number of `Jeton`s.
    pub const NUM: usize = 3;
}

/// The bredouille state of a series for both players: who marks with which jeton.
///
/// A player is en bredouille (wins the series double) when he marks with the double jeton,
/// or with one jeton while the opponent has marked nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Series {
    jetons: ByColour<Jeton>,
}

impl Series {
    /// The jeton state of `colour`.
    #[must_use]
    pub fn jeton(&self, colour: Colour) -> Jeton {
        self.jetons[colour]
    }

    /// Whether `colour` would win the series double now.
    #[must_use]
    pub fn is_en_bredouille(&self, colour: Colour) -> bool {
        match self.jetons[colour] {
            Jeton::None => false,
            Jeton::Single => self.jetons[colour.other()] == Jeton::None,
            Jeton::Double => true,
        }
    }

    /// `colour` marks (a positive amount): the first to mark takes one jeton, the second the
    /// double jeton; the first marking again débredouille the second. Returns whether the
    /// opponent was débredouillé.
    fn marks(&mut self, colour: Colour) -> bool {
        let other = colour.other();
        match self.jetons[colour] {
            Jeton::None => {
                self.jetons[colour] = if self.jetons[other] == Jeton::None {
                    Jeton::Single
                } else {
                    Jeton::Double
                };
                false
            }
            Jeton::Single => {
                if self.jetons[other] == Jeton::Double {
                    self.jetons[other] = Jeton::Single;
                    true
                } else {
                    false
                }
            }
            Jeton::Double => false,
        }
    }
}

/// What one call of [`Marking::mark`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Gain {
    /// The points marked.
    pub points: u8,
    /// Jeux (12 points each) completed by these points.
    pub jeux: u8,
    /// Trous won: one per jeu, two per jeu won en bredouille.
    pub trous: u8,
    /// How many of the jeux were won en bredouille (double).
    pub bredouille_jeux: u8,
    /// Whether the trous were won *sans bouger*: at least one jeu and the jeton back where
    /// it stood (a gain of exactly 12, 24, …).
    pub sans_bouger: bool,
    /// Whether these points débredouillèrent the opponent (he loses the double jeton).
    pub debredouille: bool,
    /// The points on the jeton afterwards (the reste when trous were won).
    pub reste: u8,
}

/// The marks of both players (*la marque*): points, trous, the jetons' bredouille and the
/// pavillon. The full state of the marking; [`Marks`] (in [`crate::Position`]) holds all of
/// it, the pavillon included (see [`Marking::from_marks`]).
///
/// Invariants: points are `0..=11`; a player's jeton is [`Jeton::None`] exactly when his
/// points are 0; a fichet series state is [`Jeton::None`] exactly when his trous are 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Marking {
    points: ByColour<u8>,
    trous: ByColour<u8>,
    jetons: Series,
    fichets: Series,
}

/// Why marks cannot be turned into a [`Marking`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MarkingError {
    /// Points must be below 12.
    #[error("{colour} has {points} points marked; at most 11")]
    PointsOutOfRange {
        /// The colour.
        colour: Colour,
        /// The points.
        points: u8,
    },
    /// A player with no points cannot be en bredouille.
    #[error("{0} is marked en bredouille with no points")]
    BredouilleWithoutPoints(Colour),
    /// Both players marked en bredouille: at most one can be.
    #[error("both players are marked en bredouille")]
    BothEnBredouille,
    /// The only player with points is always en bredouille (the opponent marked nothing).
    #[error("{0} is the only player with points and must be en bredouille")]
    SoleMarkerNotEnBredouille(Colour),
    /// The pavillon needs both players to have trous (it is held by the second to win one).
    #[error(
        "{0} cannot hold the pavillon: one player holds it, the second to win a trou, while both have trous"
    )]
    BadPavillon(Colour),
}

impl Marking {
    /// Nothing marked: the start of a partie.
    #[must_use]
    pub const fn new() -> Marking {
        Marking {
            points: ByColour { white: 0, black: 0 },
            trous: ByColour { white: 0, black: 0 },
            jetons: Series {
                jetons: ByColour {
                    white: Jeton::None,
                    black: Jeton::None,
                },
            },
            fichets: Series {
                jetons: ByColour {
                    white: Jeton::None,
                    black: Jeton::None,
                },
            },
        }
    }

    /// Rebuilds the marking from both players' [`Marks`] and the holder of the pavillon.
    ///
    /// The jetons follow from the marks: a player with no points has his jeton at the talon;
    /// if only one player has points he marks with one jeton (and is en bredouille); if both
    /// have points, the one en bredouille has the double jeton and the other one jeton.
    /// The pavillon series likewise follows from the trous, except which player (if any)
    /// holds the pavillon when both have trous: `pavillon`, or if it is `None` the player
    /// whose [`Marks::pavillon`] is set.
    ///
    /// # Errors
    /// [`MarkingError`] when the marks are inconsistent: points above 11, bredouille with 0
    /// points, both en bredouille, a sole marker not en bredouille, a pavillon holder when one
    /// player has no trou, both marks holding the pavillon.
    pub fn from_marks(
        marks: ByColour<Marks>,
        pavillon: Option<Colour>,
    ) -> Result<Marking, MarkingError> {
        for colour in Colour::ALL {
            let m = marks[colour];
            if m.points >= POINTS_PER_TROU {
                return Err(MarkingError::PointsOutOfRange {
                    colour,
                    points: m.points,
                });
            }
            if m.points == 0 && m.bredouille {
                return Err(MarkingError::BredouilleWithoutPoints(colour));
            }
        }
        if marks.white.bredouille && marks.black.bredouille {
            return Err(MarkingError::BothEnBredouille);
        }
        let mut jetons = Series::default();
        for colour in Colour::ALL {
            let (m, o) = (marks[colour], marks[colour.other()]);
            jetons.jetons[colour] = if m.points == 0 {
                Jeton::None
            } else if o.points == 0 {
                if !m.bredouille {
                    return Err(MarkingError::SoleMarkerNotEnBredouille(colour));
                }
                Jeton::Single
            } else if m.bredouille {
                Jeton::Double
            } else {
                Jeton::Single
            };
        }
        if marks.white.pavillon && marks.black.pavillon {
            return Err(MarkingError::BadPavillon(Colour::White));
        }
        let pavillon = pavillon.or_else(|| Colour::ALL.into_iter().find(|&c| marks[c].pavillon));
        let mut fichets = Series::default();
        for colour in Colour::ALL {
            fichets.jetons[colour] = if marks[colour].trous == 0 {
                Jeton::None
            } else if pavillon == Some(colour) {
                Jeton::Double
            } else {
                Jeton::Single
            };
        }
        if let Some(c) = pavillon
            && (marks.white.trous == 0 || marks.black.trous == 0)
        {
            return Err(MarkingError::BadPavillon(c));
        }
        Ok(Marking {
            points: ByColour::new(marks.white.points, marks.black.points),
            trous: ByColour::new(marks.white.trous, marks.black.trous),
            jetons,
            fichets,
        })
    }

    /// Both players' [`Marks`] (points, trous, en bredouille), as a [`crate::Position`] holds
    /// them. The pavillon is not in [`Marks`]: see [`Marking::pavillon`].
    #[must_use]
    pub fn to_marks(&self) -> ByColour<Marks> {
        ByColour::from_fn(|c| Marks {
            points: self.points[c],
            trous: self.trous[c],
            bredouille: self.jetons.is_en_bredouille(c),
            pavillon: self.fichets.jeton(c) == Jeton::Double,
        })
    }

    /// The marks in words ([`MarksInWords`]); `pavillon`: whether the holder of the pavillon
    /// is named (the form of game counts it).
    #[must_use]
    pub fn in_words(&self, pavillon: bool) -> MarksInWords {
        MarksInWords {
            marks: self.to_marks(),
            pavillon,
        }
    }

    /// Points on `colour`'s jeton, `0..=11`.
    #[must_use]
    pub fn points(&self, colour: Colour) -> u8 {
        self.points[colour]
    }

    /// Trous on `colour`'s fichet.
    #[must_use]
    pub fn trous(&self, colour: Colour) -> u8 {
        self.trous[colour]
    }

    /// `colour`'s jeton state in the current jeu.
    #[must_use]
    pub fn jeton(&self, colour: Colour) -> Jeton {
        self.jetons.jeton(colour)
    }

    /// Whether `colour` would win the current jeu double (bredouille of the jetons).
    #[must_use]
    pub fn is_en_bredouille(&self, colour: Colour) -> bool {
        self.jetons.is_en_bredouille(colour)
    }

    /// Whether `colour` would win the partie double (the pavillon option, the Breton
    /// article "Trictrac", "Perzh ar bannielig"): he is the first to have won trous while the
    /// opponent has none, or he
    /// holds the pavillon.
    #[must_use]
    pub fn is_partie_en_bredouille(&self, colour: Colour) -> bool {
        self.fichets.is_en_bredouille(colour)
    }

    /// The player holding the pavillon: the second to win trous, while the first has not won
    /// a trou again.
    #[must_use]
    pub fn pavillon(&self) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.fichets.jeton(c) == Jeton::Double)
    }

    /// `colour` marks `points` (glossary, JEU ou TROU and TROU SANS BOUGER).
    ///
    /// Zero points change nothing. Otherwise the jetons move first (the first to mark in a jeu
    /// takes one jeton, the second the double jeton; the first marking again débredouille the
    /// second); then each completed jeu gives one trou, two if `colour` was en bredouille,
    /// resets the opponent's jeton and points, and the points left over open the next jeu
    /// with one jeton while the opponent has nothing (so en bredouille). The points left at
    /// the end are the reste, kept if the player holds (see [`Marking::s_en_aller`]).
    ///
    /// Trous saturate at 255.
    pub fn mark(&mut self, colour: Colour, points: u8) -> Gain {
        let mut gain = Gain {
            points,
            reste: self.points[colour],
            ..Gain::default()
        };
        if points == 0 {
            return gain;
        }
        let before = self.points[colour];
        gain.debredouille = self.jetons.marks(colour);
        let other = colour.other();
        let mut left = u16::from(points);
        loop {
            let need = u16::from(POINTS_PER_TROU - self.points[colour]);
            if left < need {
                self.points[colour] += left as u8;
                break;
            }
            left -= need;
            let double = self.jetons.is_en_bredouille(colour);
            gain.jeux += 1;
            gain.trous = gain.trous.saturating_add(if double { 2 } else { 1 });
            gain.bredouille_jeux += u8::from(double);
            self.points[other] = 0;
            self.jetons.jetons[other] = Jeton::None;
            self.points[colour] = 0;
            self.jetons.jetons[colour] = if left > 0 { Jeton::Single } else { Jeton::None };
        }
        gain.reste = self.points[colour];
        if gain.jeux > 0 {
            gain.sans_bouger = self.points[colour] == before;
            self.trous[colour] = self.trous[colour].saturating_add(gain.trous);
            self.fichets.marks(colour);
        }
        gain
    }

    /// S'en aller (rules page, "Tenir ou s'en aller"; glossary CHRONOLOGIE, 5 b): after a
    /// trou won with points of one's own throw, the player leaves: the trous stay on the
    /// fichet, no reste is marked and both jetons go back to the talon. (The game layer makes
    /// the opponent mark nothing from that throw and relève the dames.)
    ///
    /// The glossary (ÉCOLE DE POINTS) lets the leaving player keep every trou his points
    /// made and renounce only the points beyond; that is what this does.
    pub fn s_en_aller(&mut self) {
        self.points = ByColour::new(0, 0);
        self.jetons = Series::default();
    }
}

/// The marks of both players in words, for people (the notation's `2.4*/0.10` reads like
/// decimals): `White 2 trous 4 points en bredouille, Black 0 trous 10 points`; the holder of
/// the pavillon gets `with the pavillon` when the form of game counts it (the partie
/// ordinaire's option, the base and annexe conventions of the partie à écrire). Built by
/// [`Marking::in_words`]; the games give theirs (`marks_in_words()`).
///
/// ```
/// use trictrac_core::Colour;
/// use trictrac_core::marking::Marking;
/// let mut marking = Marking::new();
/// // White marks 16 en bredouille: a jeu won double and 4 de reste; then Black marks 1,
/// // with the double jeton.
/// marking.mark(Colour::White, 16);
/// marking.mark(Colour::Black, 1);
/// let words = marking.in_words(false);
/// assert_eq!(words.to_string(), "White 2 trous 4 points, Black 0 trous 1 point en bredouille");
/// assert_eq!(words.of(Colour::Black).to_string(), "0 trous 1 point en bredouille");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MarksInWords {
    marks: ByColour<Marks>,
    pavillon: bool,
}

impl MarksInWords {
    /// One player's marks in words, without his colour: `2 trous 4 points en bredouille`.
    #[must_use]
    pub fn of(&self, colour: Colour) -> OneMarksInWords {
        OneMarksInWords {
            marks: self.marks[colour],
            pavillon: self.pavillon,
        }
    }
}

impl fmt::Display for MarksInWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in Colour::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c} {}", self.of(c))?;
        }
        Ok(())
    }
}

/// One player's marks in words ([`MarksInWords::of`]): `1 trou 0 points en bredouille with
/// the pavillon`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OneMarksInWords {
    marks: Marks,
    pavillon: bool,
}

impl fmt::Display for OneMarksInWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Marks {
            points,
            trous,
            bredouille,
            pavillon,
        } = self.marks;
        let s = |n: u8| if n == 1 { "" } else { "s" };
        write!(f, "{trous} trou{} {points} point{}", s(trous), s(points))?;
        if bredouille {
            f.write_str(" en bredouille")?;
        }
        if pavillon && self.pavillon {
            f.write_str(" with the pavillon")?;
        }
        Ok(())
    }
}

impl fmt::Display for Marking {
    /// The marks field of the position notation, `trous.points` with `*` when en bredouille,
    /// White's then Black's: `0.4*/1.0`; the holder of the pavillon gets a `p` after
    /// (`3.0/1.6*p`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in Colour::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{}.{}", self.trous[c], self.points[c])?;
            if self.jetons.is_en_bredouille(c) {
                f.write_str("*")?;
            }
            if self.fichets.jeton(c) == Jeton::Double {
                f.write_str("p")?;
            }
        }
        Ok(())
    }
}
