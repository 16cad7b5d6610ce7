//! What the players agree before a partie à écrire ([`EcrireRules`]): the marqués, the
//! convention, the jetons de marqué, the fiche and its remainder, the queues; and each
//! player's contingent of marqués.

use super::{FICHE, SettlementError};
use crate::ecrire::Convention;

/// How the jetons left over a whole number of fiches count (glossary, "Queue générale":
/// "5 jetons restants comptent pour une fiche ou ne comptent rien").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Remainder {
    /// Half a fiche or more (5 of 10) counts one fiche; less counts nothing (`half-counts`).
    #[default]
    HalfCounts,
    /// What is left counts nothing (`nothing`).
    Nothing,
}

impl Remainder {
    /// Every `Remainder`, in the order of its declaration.
    pub const ALL: [Remainder; 2] = [Remainder::HalfCounts, Remainder::Nothing];
    /// The number of `Remainder`s.
    pub const NUM: usize = 2;
}

impl std::fmt::Display for Remainder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Remainder::HalfCounts => "half-counts",
            Remainder::Nothing => "nothing",
        })
    }
}

impl std::str::FromStr for Remainder {
    type Err = SettlementError;

    /// Parses `half-counts` or `nothing`.
    ///
    /// # Errors
    /// [`SettlementError::UnknownRemainder`] otherwise.
    fn from_str(s: &str) -> Result<Remainder, SettlementError> {
        match s {
            "half-counts" => Ok(Remainder::HalfCounts),
            "nothing" => Ok(Remainder::Nothing),
            _ => Err(SettlementError::UnknownRemainder(s.to_owned())),
        }
    }
}

/// How the consolation grows with the refaits played on the same marqué (glossary, "Valeur
/// du Refait": "la consolation qui se paie doublement ... S'il y avait un deuxième refait,
/// la consolation serait triplée ; la même progression a lieu pour les refaits suivants : si
/// un quatrième refait devait se jouer, la consolation serait quadruplée…"). The two last
/// sentences cannot both hold of one progression by one a refait: the second refait
/// tripled makes the fourth quintupled. The repository's
/// [trictrac-a-ecrire.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-a-ecrire.md)
/// argues the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RefaitProgression {
    /// After `k` refaits the consolation is multiplied by `k + 1`: doubled after one,
    /// tripled after two, quadrupled after three, ... (`plus-one`, the default: the stated
    /// doubling and tripling, and "la même progression"; "un quatrième refait" read as the
    /// fourth playing of the marqué, after three refaits).
    #[default]
    PlusOne,
    /// Doubled after the first refait, then multiplied by the refait's number: ×2 after
    /// one or two, ×3 after three, ×4 after four (`by-refait`: "si un quatrième refait
    /// devait se jouer, la consolation serait quadruplée" read literally, "triplée" after
    /// the second not).
    ByRefait,
}

impl RefaitProgression {
    /// Every `RefaitProgression`, in the order of its declaration.
    pub const ALL: [RefaitProgression; 2] =
        [RefaitProgression::PlusOne, RefaitProgression::ByRefait];
    /// The number of `RefaitProgression`s.
    pub const NUM: usize = 2;
}

impl RefaitProgression {
    /// The factor of the consolation after `refaits` refaits (1 with none).
    #[must_use]
    pub const fn factor(self, refaits: u32) -> u64 {
        let k = refaits as u64;
        match self {
            RefaitProgression::PlusOne => k + 1,
            RefaitProgression::ByRefait if refaits == 0 => 1,
            RefaitProgression::ByRefait if refaits == 1 => 2,
            RefaitProgression::ByRefait => k,
        }
    }
}

impl std::fmt::Display for RefaitProgression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RefaitProgression::PlusOne => "plus-one",
            RefaitProgression::ByRefait => "by-refait",
        })
    }
}

impl std::str::FromStr for RefaitProgression {
    type Err = SettlementError;

    /// Parses `plus-one` or `by-refait`.
    ///
    /// # Errors
    /// [`SettlementError::UnknownRefaitProgression`] otherwise.
    fn from_str(s: &str) -> Result<RefaitProgression, SettlementError> {
        match s {
            "plus-one" => Ok(RefaitProgression::PlusOne),
            "by-refait" => Ok(RefaitProgression::ByRefait),
            _ => Err(SettlementError::UnknownRefaitProgression(s.to_owned())),
        }
    }
}

/// What the players agree before a partie à écrire (glossary, CHRONOLOGIE DE LA PARTIE À
/// ÉCRIRE, 3 and 4): the number of marqués, the convention and the options of the settlement.
///
/// Built by [`EcrireRules::new`] and the `with_` methods, which refuse what the laws do
/// not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct EcrireRules {
    marques: u32,
    convention: Convention,
    jetons_de_marque: u32,
    fiche: u32,
    remainder: Remainder,
    queue_generale: u64,
    queue_des_jetons: bool,
    refaits: RefaitProgression,
}

impl EcrireRules {
    /// A partie of `marques` marqués in the base convention, 2 jetons de marqué per marqué
    /// lost, fiches of 10 jetons with 5 remaining counting one, no queue générale, the queue
    /// des jetons counted, the consolation after `k` refaits multiplied by `k + 1`.
    ///
    /// # Errors
    /// [`SettlementError::ZeroMarques`] for 0.
    pub const fn new(marques: u32) -> Result<EcrireRules, SettlementError> {
        if marques == 0 {
            return Err(SettlementError::ZeroMarques);
        }
        Ok(EcrireRules {
            marques,
            convention: Convention::Base,
            jetons_de_marque: 2,
            fiche: FICHE,
            remainder: Remainder::HalfCounts,
            queue_generale: 0,
            queue_des_jetons: true,
            refaits: RefaitProgression::PlusOne,
        })
    }

    /// The same rules in `convention`.
    #[must_use]
    pub const fn with_convention(mut self, convention: Convention) -> EcrireRules {
        self.convention = convention;
        self
    }

    /// The same rules with `jetons` jetons de marqué put out by each loser (glossary: "deux
    /// jetons de marqué (on peut convenir d'un seul jeton)").
    ///
    /// # Errors
    /// [`SettlementError::JetonsDeMarque`] unless 1 or 2.
    pub const fn with_jetons_de_marque(
        mut self,
        jetons: u32,
    ) -> Result<EcrireRules, SettlementError> {
        if jetons != 1 && jetons != 2 {
            return Err(SettlementError::JetonsDeMarque(jetons));
        }
        self.jetons_de_marque = jetons;
        Ok(self)
    }

    /// The same rules with fiches of `jetons` jetons and `remainder` for what is left.
    ///
    /// # Errors
    /// [`SettlementError::FicheOfZero`] for 0.
    pub const fn with_fiche(
        mut self,
        jetons: u32,
        remainder: Remainder,
    ) -> Result<EcrireRules, SettlementError> {
        if jetons == 0 {
            return Err(SettlementError::FicheOfZero);
        }
        self.fiche = jetons;
        self.remainder = remainder;
        Ok(self)
    }

    /// The same rules with a queue générale of `fiches` fiches to the winner of the partie
    /// (0: none; glossary QUEUE GÉNÉRALE).
    #[must_use]
    pub const fn with_queue_generale(mut self, fiches: u64) -> EcrireRules {
        self.queue_generale = fiches;
        self
    }

    /// The same rules with the queue des jetons counted (the default) or ignored, as players
    /// who score on paper may choose (glossary, QUEUE DES JETONS: "on peut choisir de compter
    /// cette queue en points ou de l'ignorer").
    #[must_use]
    pub const fn with_queue_des_jetons(mut self, counted: bool) -> EcrireRules {
        self.queue_des_jetons = counted;
        self
    }

    /// The same rules with the consolation after refaits growing by `progression`
    /// ([`RefaitProgression::PlusOne`] unless agreed).
    #[must_use]
    pub const fn with_refait_progression(mut self, progression: RefaitProgression) -> EcrireRules {
        self.refaits = progression;
        self
    }

    /// How the consolation grows after refaits.
    #[must_use]
    pub const fn refait_progression(&self) -> RefaitProgression {
        self.refaits
    }

    /// Whether the queue des jetons is counted in the décompte.
    #[must_use]
    pub const fn counts_queue_des_jetons(&self) -> bool {
        self.queue_des_jetons
    }

    /// The marqués of the partie.
    #[must_use]
    pub const fn marques(&self) -> u32 {
        self.marques
    }

    /// The convention of value.
    #[must_use]
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// Jetons de marqué put out by the loser of a marqué (1 or 2).
    #[must_use]
    pub const fn jetons_de_marque(&self) -> u32 {
        self.jetons_de_marque
    }

    /// Jetons of a fiche (at least 1).
    #[must_use]
    pub const fn fiche(&self) -> u32 {
        self.fiche
    }

    /// How the jetons left over whole fiches count.
    #[must_use]
    pub const fn remainder(&self) -> Remainder {
        self.remainder
    }

    /// The queue générale in fiches (0: none).
    #[must_use]
    pub const fn queue_generale(&self) -> u64 {
        self.queue_generale
    }

    /// Each player's contingent: half the marqués (glossary: "en huit marqués, le contingent
    /// de chacun est de quatre").
    #[must_use]
    pub const fn contingent(&self) -> Contingent {
        Contingent {
            halves: self.marques,
        }
    }
}

/// A player's contingent of marqués: half the marqués of the partie, so possibly a half
/// (`3½` of 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contingent {
    halves: u32,
}

impl Contingent {
    /// The whole marqués of the contingent (4 of 8, 3 of 7).
    #[must_use]
    pub const fn whole(self) -> u32 {
        self.halves / 2
    }

    /// Whether the contingent has a half marqué (an odd partie).
    #[must_use]
    pub const fn has_half(self) -> bool {
        self.halves % 2 == 1
    }

    /// The most marqués the opponent can still win when one player has won `won` of the
    /// partie's marqués: the rest ("si un joueur gagne cinq marqués, l'autre n'en peut gagner
    /// que trois").
    #[must_use]
    pub const fn others_at_most(self, won: u32) -> u32 {
        self.halves.saturating_sub(won)
    }
}

impl std::fmt::Display for Contingent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.whole())?;
        if self.has_half() {
            f.write_str("½")?;
        }
        Ok(())
    }
}
