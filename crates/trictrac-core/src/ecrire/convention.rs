//! The conventions of the partie à écrire (*conventions concernant la valeur des marqués*):
//! base, annexe and sans lever, and the multiplier each gives a marqué.
//!
//! Source: the French glossary of the laws of trictrac, LA PARTIE À DEUX JOUEURS,
//! "1. CONVENTION DE BASE", "2. CONVENTION ANNEXE", "3. CONVENTION SANS LEVER".
//!
//! - Base (the default when nothing was agreed): a marqué is simple (×1), double in petite
//!   bredouille (×2) or quadruple in grande bredouille (×4), however many trous.
//! - Annexe: a grande bredouille of 18 trous counts ×6 or ×8, 24 trous ×8 or ×16, 30 trous
//!   ×10 or ×32, and so on every 6 trous, by an arithmetic or a geometric progression
//!   ([`Progression`]).
//! - Sans lever: a bredouille won without ever leaving (*sans lever*) is worth one step more
//!   than one won *avec relevé*: petite 2 / 3, grande 4 / 5.
//!
//! The consolation follows the same multiplier in every convention (see
//! [`crate::ecrire::settlement`]).
//!
//! ```
//! use trictrac_core::ecrire::{Convention, Progression, Quality};
//! let annexe = Convention::Annexe(Progression::Geometric);
//! assert_eq!(annexe.multiplier(Quality::GrandeBredouille, false, 24), Ok(16));
//! assert_eq!(Convention::SansLever.multiplier(Quality::PetiteBredouille, true, 7), Ok(3));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::ecrire::settlement::SettlementError;

/// Trous of a grande bredouille at the least: twelve in a row from the first (glossary,
/// CONVENTION DE BASE; CONVENTION ANNEXE: "un minimum de 12 trous").
pub const GRANDE_BREDOUILLE_TROUS: u32 = 12;

/// Trous of each further step of the annexe progression: 18, 24, 30, … (glossary,
/// CONVENTION ANNEXE).
pub const ANNEXE_STEP_TROUS: u32 = 6;

/// The quality of a won marqué (*marqué simple, double, quadruple*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Quality {
    /// Simple: the winner did not take his trous in a row from the first.
    Simple,
    /// Petite bredouille: every trou of the winner in a row from the first (the opponent,
    /// if he had trous, had them all before).
    PetiteBredouille,
    /// Grande bredouille: at least 12 trous in a row from the first without leaving from the
    /// sixth on.
    GrandeBredouille,
}

impl Quality {
    /// Every `Quality`, in the order of its declaration.
    pub const ALL: [Quality; 3] = [
        Quality::Simple,
        Quality::PetiteBredouille,
        Quality::GrandeBredouille,
    ];
    /// The number of `Quality`s.
    pub const NUM: usize = 3;
}

impl Quality {
    /// The French name as players write it: `simple`, `petite bredouille`,
    /// `grande bredouille`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Quality::Simple => "simple",
            Quality::PetiteBredouille => "petite bredouille",
            Quality::GrandeBredouille => "grande bredouille",
        }
    }
}

impl fmt::Display for Quality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Quality {
    type Err = SettlementError;

    /// Parses [`Quality::name`] (also `petite` and `grande`).
    ///
    /// # Errors
    /// [`SettlementError::UnknownQuality`] for anything else.
    fn from_str(s: &str) -> Result<Quality, SettlementError> {
        match s {
            "simple" => Ok(Quality::Simple),
            "petite bredouille" | "petite" => Ok(Quality::PetiteBredouille),
            "grande bredouille" | "grande" => Ok(Quality::GrandeBredouille),
            _ => Err(SettlementError::UnknownQuality(s.to_owned())),
        }
    }
}

/// The progression of the annexe convention beyond 12 trous in grande bredouille (glossary,
/// CONVENTION ANNEXE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Progression {
    /// 4, 6, 8, 10, … (sextuple at 18 trous, octuple at 24, décuple at 30).
    Arithmetic,
    /// 4, 8, 16, 32, … (octuple at 18 trous, 16 times at 24, 32 times at 30).
    Geometric,
}

impl Progression {
    /// Every `Progression`, in the order of its declaration.
    pub const ALL: [Progression; 2] = [Progression::Arithmetic, Progression::Geometric];
    /// The number of `Progression`s.
    pub const NUM: usize = 2;
}

/// The convention of value agreed at the start of a partie à écrire (glossary, LA PARTIE À
/// DEUX JOUEURS: "convention de base …, convention annexe et convention sans lever").
///
/// Notation ([`fmt::Display`] / [`FromStr`]): `base`, `annexe-arithmetic`,
/// `annexe-geometric`, `sans-lever`; `annexe` alone reads as the arithmetic progression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Convention {
    /// The convention de base: simple ×1, petite bredouille ×2, grande bredouille ×4.
    #[default]
    Base,
    /// The convention annexe: the grande bredouille grows every 6 trous from 12.
    Annexe(Progression),
    /// The convention sans lever: a bredouille won without lever counts one step more.
    SansLever,
}

impl Convention {
    /// The multiplier of a marqué won with `quality` and `trous` (the winner's), in this
    /// convention. `sans_lever` says whether the bredouille counts as won without lever; only
    /// the sans lever convention reads it (for a petite bredouille won in second, see
    /// [`sans_lever_value`]).
    ///
    /// # Errors
    /// [`SettlementError::GrandeBelowTwelve`] for a grande bredouille of fewer than 12 trous;
    /// [`SettlementError::Overflow`] when the geometric progression leaves `u64`.
    pub fn multiplier(
        self,
        quality: Quality,
        sans_lever: bool,
        trous: u32,
    ) -> Result<u64, SettlementError> {
        if quality == Quality::GrandeBredouille && trous < GRANDE_BREDOUILLE_TROUS {
            return Err(SettlementError::GrandeBelowTwelve { trous });
        }
        Ok(match (self, quality) {
            (_, Quality::Simple) => 1,
            (Convention::SansLever, Quality::PetiteBredouille) => 2 + u64::from(sans_lever),
            (_, Quality::PetiteBredouille) => 2,
            (Convention::SansLever, Quality::GrandeBredouille) => 4 + u64::from(sans_lever),
            (Convention::Base, Quality::GrandeBredouille) => 4,
            (Convention::Annexe(progression), Quality::GrandeBredouille) => {
                let steps = (trous - GRANDE_BREDOUILLE_TROUS) / ANNEXE_STEP_TROUS;
                match progression {
                    Progression::Arithmetic => 4 + 2 * u64::from(steps),
                    Progression::Geometric => 1u64
                        .checked_shl(steps)
                        .filter(|p| p.leading_zeros() >= 3)
                        .map(|p| p * 4)
                        .ok_or(SettlementError::Overflow)?,
                }
            }
        })
    }

    /// The notation of the convention (`base`, `annexe-arithmetic`, `annexe-geometric`,
    /// `sans-lever`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Convention::Base => "base",
            Convention::Annexe(Progression::Arithmetic) => "annexe-arithmetic",
            Convention::Annexe(Progression::Geometric) => "annexe-geometric",
            Convention::SansLever => "sans-lever",
        }
    }
}

/// Whether a bredouille counts as won *sans lever* under the sans lever convention (glossary,
/// CONVENTION SANS LEVER, "Valeur des marqués").
///
/// A bredouille is sans lever when the winner never left before the end of the marqué
/// (`winner_held`). But a petite bredouille won in second (`en_second`: the opponent had
/// marked trous first, all of them in a row, so he had undertaken a petite bredouille in
/// first) is valued as that first one would have been: sans lever (triple) if the
/// opponent's trous were taken without lever (`first_held`), avec relevé (double) if not.
/// "Car il serait injuste que le premier joueur à marquer puisse perdre contre son
/// adversaire ce qu'il ne pouvait gagner lui-même."
///
/// ```
/// use trictrac_core::ecrire::{Convention, Quality, sans_lever_value};
/// // A petite bredouille in second after the first's trous were taken with a relevé:
/// let held = sans_lever_value(Quality::PetiteBredouille, true, true, false);
/// assert_eq!(Convention::SansLever.multiplier(Quality::PetiteBredouille, held, 8), Ok(2));
/// ```
#[must_use]
pub const fn sans_lever_value(
    quality: Quality,
    en_second: bool,
    winner_held: bool,
    first_held: bool,
) -> bool {
    match quality {
        Quality::Simple => false,
        Quality::PetiteBredouille if en_second => first_held,
        Quality::PetiteBredouille | Quality::GrandeBredouille => winner_held,
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Convention {
    type Err = SettlementError;

    /// Parses the notation of [`Convention::name`]; `annexe` alone is the arithmetic
    /// progression.
    ///
    /// # Errors
    /// [`SettlementError::UnknownConvention`] for anything else.
    fn from_str(s: &str) -> Result<Convention, SettlementError> {
        match s {
            "base" => Ok(Convention::Base),
            "annexe" | "annexe-arithmetic" => Ok(Convention::Annexe(Progression::Arithmetic)),
            "annexe-geometric" => Ok(Convention::Annexe(Progression::Geometric)),
            "sans-lever" => Ok(Convention::SansLever),
            _ => Err(SettlementError::UnknownConvention(s.to_owned())),
        }
    }
}

impl fmt::Display for Progression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Progression::Arithmetic => "arithmetic",
            Progression::Geometric => "geometric",
        })
    }
}

impl FromStr for Progression {
    type Err = SettlementError;

    /// Parses `arithmetic` or `geometric`.
    ///
    /// # Errors
    /// [`SettlementError::UnknownProgression`] for anything else.
    fn from_str(s: &str) -> Result<Progression, SettlementError> {
        match s {
            "arithmetic" => Ok(Progression::Arithmetic),
            "geometric" => Ok(Progression::Geometric),
            _ => Err(SettlementError::UnknownProgression(s.to_owned())),
        }
    }
}
