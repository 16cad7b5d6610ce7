//! The *règlement des marqués*: what the loser of one marqué pays (glossary, "Valeur des
//! marqués", "Valeur du Refait", JETONS DE CONSOLATION, RÈGLEMENT DES MARQUÉS).

use super::rules::{EcrireRules, RefaitProgression};
use super::{CONSOLATION, SettlementError, TROU_D_OBLIGATION};
use crate::ecrire::{Convention, Quality};

/// How a marqué was won, as the settlement reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueOutcome {
    /// The winner's trous (at least 6).
    pub trous: u32,
    /// The loser's trous (fewer than the winner's).
    pub opponent_trous: u32,
    /// Simple, petite or grande bredouille.
    pub quality: Quality,
    /// Under the sans lever convention: whether the bredouille counts as won without lever
    /// ([`crate::ecrire::sans_lever_value`]); the other conventions ignore it.
    pub sans_lever: bool,
    /// Refaits played just before this marqué (0 for a marqué after a decided one).
    pub refaits: u32,
}

impl MarqueOutcome {
    /// A marqué won with `trous` against `opponent_trous` in `quality`, no refait before, not
    /// sans lever.
    #[must_use]
    pub const fn new(trous: u32, opponent_trous: u32, quality: Quality) -> MarqueOutcome {
        MarqueOutcome {
            trous,
            opponent_trous,
            quality,
            sans_lever: false,
            refaits: 0,
        }
    }

    /// The same outcome after `refaits` refaits.
    #[must_use]
    pub const fn after_refaits(mut self, refaits: u32) -> MarqueOutcome {
        self.refaits = refaits;
        self
    }

    /// The same outcome won (or valued) sans lever.
    #[must_use]
    pub const fn sans_lever(mut self, sans_lever: bool) -> MarqueOutcome {
        self.sans_lever = sans_lever;
        self
    }
}

/// The payment of one marqué, term by term (glossary, "Valeur des marqués").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// The multiplier of the quality in the convention (1, 2, 4; annexe and sans lever more).
    pub multiplier: u64,
    /// The winner's trous times the multiplier.
    pub trous_value: u64,
    /// One jeton per trou of the loser, deducted.
    pub deduction: u64,
    /// The consolation: 2 × multiplier × (refaits + 1) (*jetons de consolation*).
    pub consolation: u64,
    /// What the loser pays: `trous_value − deduction + consolation`.
    pub payment: u64,
}

/// The consolation of a marqué of multiplier `multiplier` after `refaits` refaits: 2 × the
/// multiplier, times (refaits + 1) (glossary, "Valeur du Refait": "4, 8 ou 16 jetons de mise
/// au lieu de 2, 4 ou 8"; "la consolation serait triplée" after a second refait).
///
/// # Errors
/// [`SettlementError::Overflow`] beyond `u64`.
pub fn consolation(multiplier: u64, refaits: u32) -> Result<u64, SettlementError> {
    consolation_with(multiplier, refaits, RefaitProgression::PlusOne)
}

/// [`consolation`] with the progression after refaits given: 2 × the multiplier × its
/// [`RefaitProgression::factor`].
///
/// # Errors
/// [`SettlementError::Overflow`] beyond `u64`.
pub fn consolation_with(
    multiplier: u64,
    refaits: u32,
    progression: RefaitProgression,
) -> Result<u64, SettlementError> {
    CONSOLATION
        .checked_mul(multiplier)
        .and_then(|c| c.checked_mul(progression.factor(refaits)))
        .ok_or(SettlementError::Overflow)
}

/// The payment of a marqué won as `outcome` says, in `convention` (*règlement des marqués*).
///
/// The payment is computed by the glossary's shortcut, "ajouter d'abord à son nombre de
/// trous gagnés deux pour la consolation, multiplier … et enfin soustraire … les trous
/// obtenus par l'adversaire", with the consolation's refait factor; the terms of the long
/// form (trous × multiplier − the opponent's trous + consolation) are given alongside and
/// always add up to it.
///
/// # Errors
/// [`SettlementError::BelowObligation`] when the winner has fewer than 6 trous,
/// [`SettlementError::NotAhead`] when he does not have more than the loser,
/// [`SettlementError::GrandeBelowTwelve`], [`SettlementError::Overflow`].
pub fn settle_marque(
    convention: Convention,
    outcome: &MarqueOutcome,
) -> Result<Settlement, SettlementError> {
    settle_marque_with(convention, RefaitProgression::PlusOne, outcome)
}

/// [`settle_marque`] under the partie's `rules`: its convention and its progression of the
/// consolation after refaits ([`EcrireRules::refait_progression`]).
///
/// # Errors
/// Those of [`settle_marque`].
pub fn settle_marque_in(
    rules: &EcrireRules,
    outcome: &MarqueOutcome,
) -> Result<Settlement, SettlementError> {
    settle_marque_with(rules.convention(), rules.refait_progression(), outcome)
}

fn settle_marque_with(
    convention: Convention,
    progression: RefaitProgression,
    outcome: &MarqueOutcome,
) -> Result<Settlement, SettlementError> {
    let MarqueOutcome {
        trous,
        opponent_trous,
        quality,
        sans_lever,
        refaits,
    } = *outcome;
    if trous < TROU_D_OBLIGATION {
        return Err(SettlementError::BelowObligation { trous });
    }
    if trous <= opponent_trous {
        return Err(SettlementError::NotAhead {
            winner: trous,
            loser: opponent_trous,
        });
    }
    let multiplier = convention.multiplier(quality, sans_lever, trous)?;
    let trous_value = multiplier
        .checked_mul(u64::from(trous))
        .ok_or(SettlementError::Overflow)?;
    let consolation = consolation_with(multiplier, refaits, progression)?;
    let deduction = u64::from(opponent_trous);
    // The shortcut: (trous + 2 × factor) × multiplier − opponent's trous, the factor
    // refaits + 1 by default.
    let payment = progression
        .factor(refaits)
        .checked_mul(CONSOLATION)
        .and_then(|c| c.checked_add(u64::from(trous)))
        .and_then(|t| t.checked_mul(multiplier))
        .and_then(|v| v.checked_sub(deduction))
        .ok_or(SettlementError::Overflow)?;
    Ok(Settlement {
        multiplier,
        trous_value,
        deduction,
        consolation,
        payment,
    })
}
