//! One marqué of a partie à écrire in play: the trous of each colour, the bredouille of the
//! trous (in first, or in second with the pavillon), the players' tenue (*sans lever* or
//! *avec relevé*) and how a s'en aller ends it.
//!
//! Source: the French glossary of the laws of trictrac, LA PARTIE À DEUX JOUEURS ("Le
//! pavillon", "Terminer le marqué", "Refait", "Marqué volontaire"), TROU D'OBLIGATION,
//! CONVENTION SANS LEVER ("Le pavillon", "La cravate").
//!
//! - Trous are not limited. A marqué ends when, a player holding at least 6 trous (the
//!   *trou d'obligation*), either player s'en va; trous won on points the opponent gave end
//!   nothing, since nobody may s'en aller on them. The player with more trous wins it, even
//!   when the other left (*marqué volontaire*); equal trous make a *refait*.
//! - Bredouille of the trous: the first to win a trou wins in petite bredouille while the
//!   opponent has none; the second to win a trou takes the pavillon and wins in bredouille
//!   while the first wins no trou again; the first winning a trou again takes the pavillon
//!   off, and nobody can win in bredouille any more. Twelve trous or more in bredouille are
//!   a grande bredouille (leaving from the sixth on ends the marqué, so "sans jamais lever à
//!   partir du sixième" holds by itself).
//! - Tenue: a player who s'en va without ending the marqué (before any player's sixth trou)
//!   has *levé*; under the sans lever convention his bredouille then counts *avec relevé*.
//!   The relevé after a sortie is no lever.
//!
//! ```
//! use trictrac_core::Colour::{Black, White};
//! use trictrac_core::ecrire::{Ending, Marque, Quality};
//! let mut m = Marque::new();
//! m.win_trous(White, 2);
//! m.win_trous(Black, 7); // Black takes the pavillon
//! assert_eq!(m.pavillon(), Some(Black));
//! match m.s_en_aller(Black) {
//!     Ending::Won { winner, quality, .. } => assert_eq!((winner, quality), (Black, Quality::PetiteBredouille)),
//!     other => panic!("{other:?}"),
//! }
//! ```

use crate::board::{ByColour, Colour};
use crate::ecrire::settlement::TROU_D_OBLIGATION;
use crate::ecrire::{
    ANNEXE_STEP_TROUS, Convention, GRANDE_BREDOUILLE_TROUS, Quality, sans_lever_value,
};

/// The state of a marqué in play (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Marque {
    trous: ByColour<u32>,
    first: Option<Colour>,
    broken: bool,
    leve: ByColour<bool>,
}

/// The bot's advice on tenir or s'en aller in a partie à écrire ([`Marque::advice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Advice {
    /// Hold: leaving would lose what the marqué promises.
    Tenir,
    /// Leave: the marqué ends won.
    SenAller,
    /// The marqué does not decide: judge by the board, as in the partie ordinaire.
    Board,
}

impl Advice {
    /// Every `Advice`, in the order of its declaration.
    pub const ALL: [Advice; 3] = [Advice::Tenir, Advice::SenAller, Advice::Board];
    /// The number of `Advice`s.
    pub const NUM: usize = 3;
}

/// Trous short of the next step of value within which the bot holds for it.
pub const HOLD_FOR_STEP: u32 = 2;

/// What a s'en aller did to the marqué.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// Nobody holds 6 trous: the marqué goes on (the leaving player has levé).
    Continues,
    /// Equal trous, at least 6 each: the marqué is void and replayed.
    Refait {
        /// The trous of each (equal).
        trous: u32,
    },
    /// The marqué is won.
    Won {
        /// The colour with more trous.
        winner: Colour,
        /// Trous of each colour.
        trous: ByColour<u32>,
        /// Simple, petite or grande bredouille.
        quality: Quality,
        /// Whether the bredouille counts sans lever under that convention
        /// ([`sans_lever_value`]).
        sans_lever: bool,
    },
}

impl Marque {
    /// A new marqué: no trous.
    #[must_use]
    pub const fn new() -> Marque {
        Marque {
            trous: ByColour::new(0, 0),
            first: None,
            broken: false,
            leve: ByColour::new(false, false),
        }
    }

    /// Trous of `colour`.
    #[must_use]
    pub fn trous(&self, colour: Colour) -> u32 {
        self.trous[colour]
    }

    /// The colour that won the first trou of the marqué.
    #[must_use]
    pub const fn first(&self) -> Option<Colour> {
        self.first
    }

    /// Whether `colour` has left (s'en aller) without ending the marqué.
    #[must_use]
    pub fn has_leve(&self, colour: Colour) -> bool {
        self.leve[colour]
    }

    /// `colour` wins `trous` trous (from any points, his own or given). Saturates at
    /// `u32::MAX`.
    pub fn win_trous(&mut self, colour: Colour, trous: u32) {
        if trous == 0 {
            return;
        }
        match self.first {
            None => self.first = Some(colour),
            // The first wins a trou again after the second started: the pavillon is off.
            Some(f) if f == colour && self.trous[colour.other()] > 0 => self.broken = true,
            Some(_) => {}
        }
        self.trous[colour] = self.trous[colour].saturating_add(trous);
    }

    /// Whether `colour` would win the marqué in bredouille now (petite or grande).
    #[must_use]
    pub fn is_en_bredouille(&self, colour: Colour) -> bool {
        if self.broken || self.trous[colour] == 0 {
            return false;
        }
        // In first while the opponent has none, or in second (the first has not won again).
        self.first != Some(colour) || self.trous[colour.other()] == 0
    }

    /// The quality `colour`'s marqué would have if it ended now with him the winner.
    #[must_use]
    pub fn quality(&self, colour: Colour) -> Quality {
        if !self.is_en_bredouille(colour) {
            Quality::Simple
        } else if self.trous[colour] >= GRANDE_BREDOUILLE_TROUS {
            Quality::GrandeBredouille
        } else {
            Quality::PetiteBredouille
        }
    }

    /// The holder of the pavillon in the base and annexe conventions: the second to win
    /// trous, while the first has not won one again.
    #[must_use]
    pub fn pavillon(&self) -> Option<Colour> {
        let second = self.first?.other();
        (!self.broken && self.trous[second] > 0).then_some(second)
    }

    /// The holder of the cravate in the sans lever convention: the player in bredouille in
    /// second (what the pavillon marks in the other conventions).
    #[must_use]
    pub fn cravate(&self) -> Option<Colour> {
        self.pavillon()
    }

    /// The holder of the pavillon in the sans lever convention: the player who can still win
    /// in bredouille and has not levé ("il le perd dès qu'il s'en va ou dès que son
    /// adversaire marque à son tour").
    #[must_use]
    pub fn pavillon_sans_lever(&self) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.is_en_bredouille(c) && !self.leve[c])
    }

    /// The next number of trous at which a marqué in bredouille of `trous` trous is worth
    /// more in `convention`: 12 (the grande bredouille) in every convention, then every 6
    /// trous in the annexe one; `None` when no more trous raise the multiplier.
    #[must_use]
    pub const fn next_step(convention: Convention, trous: u32) -> Option<u32> {
        if trous < GRANDE_BREDOUILLE_TROUS {
            return Some(GRANDE_BREDOUILLE_TROUS);
        }
        match convention {
            Convention::Annexe(_) => {
                let past = (trous - GRANDE_BREDOUILLE_TROUS) / ANNEXE_STEP_TROUS + 1;
                Some(GRANDE_BREDOUILLE_TROUS + past * ANNEXE_STEP_TROUS)
            }
            _ => None,
        }
    }

    /// The bot's rule for tenir or s'en aller after `mover` won a trou with his own points
    /// (the marqué state already counts it), in `convention`:
    ///
    /// 1. If leaving ends the marqué (a player holds 6 trous, the trou d'obligation):
    ///    - ahead: leave, except in bredouille within [`HOLD_FOR_STEP`] trous of the next
    ///      step of value ([`Marque::next_step`]: the grande bredouille's 12, or the annexe's
    ///      18, 24, …), where holding is worth the risk that one trou of the opponent makes
    ///      the marqué simple;
    ///    - equal (a refait) or behind (a marqué volontaire, a certain loss): hold.
    /// 2. Otherwise the marqué goes on either way: in the sans lever convention a player in
    ///    bredouille holds (leaving would make it *avec relevé*); else the board decides
    ///    ([`Advice::Board`]).
    ///
    /// A player who wins a trou never leaves the opponent in bredouille (his trou made him
    /// the first, or took the pavillon off), so no rule needs the opponent's bredouille.
    #[must_use]
    pub fn advice(&self, mover: Colour, convention: Convention) -> Advice {
        let (t, o) = (self.trous[mover], self.trous[mover.other()]);
        let bredouille = self.is_en_bredouille(mover);
        if t.max(o) >= TROU_D_OBLIGATION {
            if t <= o {
                return Advice::Tenir;
            }
            let near_step = Marque::next_step(convention, t)
                .is_some_and(|step| step.saturating_sub(t) <= HOLD_FOR_STEP);
            return if bredouille && near_step {
                Advice::Tenir
            } else {
                Advice::SenAller
            };
        }
        if bredouille && convention == Convention::SansLever && !self.leve[mover] {
            Advice::Tenir
        } else {
            Advice::Board
        }
    }

    /// The end of the marqué when the fichet of `colour` is full or the game must stop:
    /// as [`Marque::s_en_aller`] but never [`Ending::Continues`] (a refait on equal trous,
    /// else won by the colour with more; with no trous at all, a refait of 0).
    #[must_use]
    pub fn forced_end(&self, colour: Colour) -> Ending {
        let mut m = *self;
        m.trous[colour] = m.trous[colour].max(TROU_D_OBLIGATION);
        match m.s_en_aller(colour) {
            Ending::Won { .. } if self.trous[Colour::White] == self.trous[Colour::Black] => {
                Ending::Refait {
                    trous: self.trous[colour],
                }
            }
            Ending::Won {
                winner,
                quality,
                sans_lever,
                ..
            } => Ending::Won {
                winner,
                trous: self.trous,
                quality,
                sans_lever,
            },
            other => other,
        }
    }

    /// `colour` s'en va (after a trou won with his own points): the marqué ends if either
    /// colour holds 6 trous, as a refait on equal trous, else won by the colour with more;
    /// otherwise `colour` has levé and the marqué goes on.
    pub fn s_en_aller(&mut self, colour: Colour) -> Ending {
        let (w, b) = (self.trous[Colour::White], self.trous[Colour::Black]);
        if w.max(b) < TROU_D_OBLIGATION {
            self.leve[colour] = true;
            return Ending::Continues;
        }
        if w == b {
            return Ending::Refait { trous: w };
        }
        let winner = if w > b { Colour::White } else { Colour::Black };
        let quality = self.quality(winner);
        let en_second = self.first != Some(winner);
        let sans_lever = sans_lever_value(
            quality,
            en_second,
            !self.leve[winner],
            !self.leve[winner.other()],
        );
        Ending::Won {
            winner,
            trous: self.trous,
            quality,
            sans_lever,
        }
    }
}
