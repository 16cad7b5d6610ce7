//! DAMES EN TROP ou EN MOINS (glossary of the laws of trictrac, the dames): a player found
//! with other than his 15 dames, rectified at the talon or the relevé annulled.
//!
//! "Règle simplifiée : si on s'aperçoit dans le courant de la partie qu'un des joueurs, ou
//! même les deux, n'ont pas le nombre de dames réglementaire, on peut rectifier l'erreur si on
//! n'en est encore qu'au début et que le talon litigieux fasse encore case pleine. La ou les
//! dames sont alors remises au talon ou enlevées de celui-ci ; mais dans ce cas, le talon doit
//! conserver après rectification, sa qualité de case pleine. Sinon le relevé, le marqué ou la
//! partie est annulé."

use crate::board::{ByColour, Colour, DAMES, Jan, Point, Setup};

/// The throws since the start or the relevé within which a partie is still "au début" for
/// DAMES EN TROP ou EN MOINS: three, as the glossary's JANS DE DÉPART, "qu'on ne peut réaliser
/// qu'au début de la partie, d'un marqué ou d'un relevé", count the start (the jan de six
/// tables: "lors des trois premiers coups").
pub const DEBUT_THROWS: u8 = 3;

/// Why a count of dames cannot be rectified (DAMES EN TROP ou EN MOINS): the relevé, the
/// marqué or the partie is void.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NotRectifiable {
    /// "si on n'en est encore qu'au début": a player has thrown more than
    /// [`DEBUT_THROWS`] times since the start or the relevé.
    PastTheStart {
        /// The most throws either player made since the relevé.
        throws: u8,
    },
    /// "que le talon litigieux fasse encore case pleine": the talon holds fewer than two
    /// dames.
    TalonNotFull {
        /// Dames on the talon.
        talon: u8,
    },
    /// "le talon doit conserver après rectification, sa qualité de case pleine": taking the
    /// dames in excess off the talon would leave it fewer than two.
    TalonWouldNotStayFull {
        /// Dames on the talon.
        talon: u8,
        /// Dames to take off it.
        excess: u16,
    },
}

impl std::fmt::Display for NotRectifiable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotRectifiable::PastTheStart { throws } => write!(
                f,
                "the partie is past its start ({throws} throws since the relevé, the start being the first {DEBUT_THROWS})"
            ),
            NotRectifiable::TalonNotFull { talon } => {
                write!(f, "his talon holds {talon} dame(s), not a full case")
            }
            NotRectifiable::TalonWouldNotStayFull { talon, excess } => write!(
                f,
                "his talon holds {talon} dames and would not stay a full case with {excess} taken off"
            ),
        }
    }
}

/// DAMES EN TROP ou EN MOINS, the talon: `colour`'s dames on each point (`counts`, by
/// [`Point::index`]) and `off`, those he bore off, brought back to 15 at his talon, which
/// must be a full case (two dames or more) before and after.
///
/// Returns the rectified counts (unchanged with 15 dames).
///
/// # Errors
/// [`NotRectifiable::TalonNotFull`] or [`NotRectifiable::TalonWouldNotStayFull`] (the relevé
/// is void). Whether the partie is still at its start is the caller's to check
/// ([`DEBUT_THROWS`]; `Referee::from_tablier` does).
pub fn rectify_dames(
    colour: Colour,
    counts: [u8; 24],
    off: u8,
) -> Result<[u8; 24], NotRectifiable> {
    let total: u16 = counts.iter().map(|&c| u16::from(c)).sum::<u16>() + u16::from(off);
    let want = u16::from(DAMES);
    let mut out = counts;
    let talon = &mut out[Point::talon(colour).index()];
    if total == want {
        return Ok(out);
    }
    if *talon < 2 {
        return Err(NotRectifiable::TalonNotFull { talon: *talon });
    }
    if total > want {
        let excess = total - want;
        if u16::from(*talon) < excess + 2 {
            return Err(NotRectifiable::TalonWouldNotStayFull {
                talon: *talon,
                excess,
            });
        }
        *talon -= excess as u8;
    } else {
        *talon += (want - total) as u8;
    }
    Ok(out)
}

/// The dames a [`Setup`] lacks that the laws let count as borne off: those missing from 15
/// when every other dame of that colour stands in his jan de retour (SORTIE); none
/// otherwise (they are missing: DAMES EN TROP ou EN MOINS).
#[must_use]
pub fn borne_off(setup: &Setup) -> ByColour<u8> {
    ByColour::from_fn(|c| {
        let on: u16 = setup.counts[c].iter().map(|&n| u16::from(n)).sum();
        let home = Point::ALL.into_iter().all(|p| {
            setup.counts[c][p.index()] == 0 || Jan::of_path(p.path(c)) == Some(Jan::JanDeRetour)
        });
        if home && on <= u16::from(DAMES) {
            DAMES - on as u8
        } else {
            0
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talon_counts(n: u8) -> [u8; 24] {
        let mut c = [0u8; 24];
        c[Point::talon(Colour::White).index()] = n;
        c
    }

    #[test]
    fn dames_en_trop_ou_en_moins() {
        // One dame too many at the start: taken off the talon.
        let c = rectify_dames(Colour::White, talon_counts(16), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // One too few: put back on the talon.
        let c = rectify_dames(Colour::White, talon_counts(14), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // Late in the relevé, the talon holding 2 with 16 dames: it would hold one, not a
        // full case: the relevé is void.
        let mut late = talon_counts(2);
        late[5] = 14;
        assert_eq!(
            rectify_dames(Colour::White, late, 0),
            Err(NotRectifiable::TalonWouldNotStayFull {
                talon: 2,
                excess: 1
            })
        );
        // With 3 on the talon it stays full (2): rectified.
        late[0] = 3;
        late[5] = 13;
        assert!(rectify_dames(Colour::White, late, 0).is_ok());
        // "que le talon litigieux fasse encore case pleine": one dame on the talon and 14 in
        // all; putting one back would make it full, but it is not full now.
        let mut one = talon_counts(1);
        one[5] = 13;
        assert_eq!(
            rectify_dames(Colour::White, one, 0),
            Err(NotRectifiable::TalonNotFull { talon: 1 })
        );
    }

    #[test]
    fn borne_off_only_from_the_jan_de_retour() {
        let mut s = Setup::empty();
        s.counts[Colour::White]["N1".parse::<Point>().unwrap().index()] = 13;
        s.counts[Colour::Black]["N1".parse::<Point>().unwrap().index()] = 0;
        s.counts[Colour::Black]["B2".parse::<Point>().unwrap().index()] = 14;
        s.counts[Colour::Black]["B9".parse::<Point>().unwrap().index()] = 0;
        assert_eq!(borne_off(&s), ByColour::new(2, 1));
        s.counts[Colour::White]["B1".parse::<Point>().unwrap().index()] = 1;
        assert_eq!(borne_off(&s), ByColour::new(0, 1));
    }
}
