//! A marqué of the partie à écrire as a form of the chronology of a throw ([`MarqueForm`]):
//! when it ends (a s'en aller with the trou d'obligation held, or the fichet full) and how
//! its marks are written.

use std::fmt::Write as _;

use boardgames_common::ByPlayer;

use crate::Form;
use crate::board::Colour;
use crate::ecrire::Convention;
use crate::ecrire::settlement::TROU_D_OBLIGATION;
use crate::marking::{Gain, Marking};

/// Trous the fichet of a marqué can hold (the marking counts trous in a `u8`).
const TROUS_CAP: u8 = u8::MAX;

/// A marqué of the partie à écrire as a [`Form`] of the chronology of a throw: trous are not
/// limited (but for the fichet's 255); the marqué ends when a player s'en va while either
/// player holds the trou d'obligation (6 trous), never on points given by the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueForm {
    /// The convention (the sans lever one does not write the partie ordinaire's pavillon in
    /// the marks: its pavillon marks who has not left, see [`Marque::pavillon_sans_lever`](crate::ecrire::Marque::pavillon_sans_lever)).
    pub convention: Convention,
}

/// How the chronology of a marqué ended: the colour whose s'en aller ended it (or who filled
/// the fichet). Who won, and how, is [`Marque::s_en_aller`](crate::ecrire::Marque::s_en_aller)'s [`Ending`](crate::ecrire::Ending).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueOver {
    /// The colour who left (or reached 255 trous).
    pub leaver: Colour,
}

impl Form for MarqueForm {
    type Outcome = MarqueOver;

    fn after_mark(
        &self,
        marking: &Marking,
        colour: Colour,
        _: &Gain,
        _: bool,
    ) -> Option<MarqueOver> {
        (marking.trous(colour) == TROUS_CAP).then_some(MarqueOver { leaver: colour })
    }

    fn after_leave(&self, marking: &Marking, colour: Colour) -> Option<MarqueOver> {
        let most = marking
            .trous(Colour::White)
            .max(marking.trous(Colour::Black));
        (u32::from(most) >= TROU_D_OBLIGATION).then_some(MarqueOver { leaver: colour })
    }

    /// The sans lever convention does not write the pavillon's `p` (its pavillon marks who
    /// has not left).
    fn shows_pavillon(&self) -> bool {
        self.convention != Convention::SansLever
    }

    fn write_outcome(&self, o: &MarqueOver, out: &mut String) {
        let _ = write!(out, "{} ends the marqué", o.leaver);
    }

    fn returns(&self, _: &MarqueOver) -> ByPlayer<f64> {
        // A marqué's value is the ledger's; the partie's returns are the décompte's.
        ByPlayer::new(0.0, 0.0)
    }
}
