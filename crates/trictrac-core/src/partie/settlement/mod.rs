//! The settlement of a partie à écrire (*règlement des marqués* and *décompte général*): pure
//! arithmetic, usable on its own to score a partie played on a real board.
//!
//! Source: the French glossary of the laws of trictrac, LA PARTIE À DEUX JOUEURS ("Valeur
//! des marqués", "Valeur du Refait", "Queue des jetons", "Paris et queue des paris",
//! "Décompte général", "Queue générale"), and its entries JETONS DE CONSOLATION, JETONS DE
//! LA QUEUE, QUEUE DES JETONS, QUEUE DES PARIS, QUEUE GÉNÉRALE, RÈGLEMENT DES MARQUÉS.
//!
//! All amounts are *jetons de mise* (stake jetons) unless said otherwise.
//!
//! - A marqué pays, with `m` the multiplier of its quality ([`Convention::multiplier`]: 1
//!   simple, 2 petite bredouille, 4 grande bredouille in the base convention), `t` the
//!   winner's trous, `o` the loser's and `k` the refaits just before it:
//!   `m × t − o + 2 × m × (k + 1)`, the last term being the *consolation* (2, 4 or 8; 4, 8 or
//!   16 after one refait; tripled after two). The glossary's shortcut "add 2, multiply,
//!   subtract" is the same number: `m × (t + 2 × (k + 1)) − o` ([`settle_marque`]).
//! - The loser of each marqué puts out 1 or 2 *jetons de marqué*; together they make the
//!   *queue des jetons*, won at the end by the player who won more jetons de mise from the
//!   marqués (shared on a tie).
//! - The *contingent* of each player is half the marqués. Every marqué won beyond it is a
//!   pari won, and at the same time a pari lost by the opponent, so two players exchange as
//!   many paris as the difference of their marqués won; a pari is 4 jetons, a double pari 8,
//!   and the first double pari, the *postillon*, 28 of which 20 are the *queue des paris*
//!   ([`paris`]).
//! - The final account subtracts the loser's account from the winner's, converts it to
//!   *fiches* (10 jetons usually; 5 remaining jetons count one fiche or nothing, as agreed)
//!   and adds the *queue générale* (an agreed stake) to the winner ([`decompte`]).
//!
//! ```
//! use trictrac_core::partie::{Convention, MarqueOutcome, Quality, settle_marque};
//! // 9 trous in petite bredouille against 4, no refait: 2 × (9 + 2) − 4 = 18.
//! let won = MarqueOutcome::new(9, 4, Quality::PetiteBredouille);
//! assert_eq!(settle_marque(Convention::Base, &won).unwrap().payment, 18);
//! ```

use thiserror::Error;

use crate::partie::convention::{Convention, Quality};
use boardgames_common::{ByPlayer, Player};

/// Trous a player must hold for a marqué to end (*trou d'obligation*, glossary TROU
/// D'OBLIGATION: "le sixième trou").
pub const TROU_D_OBLIGATION: u32 = 6;

/// Consolation of a simple marqué, in jetons; a bredouille multiplies it (glossary, "Valeur
/// des marqués": 2, 4, 8).
pub const CONSOLATION: u64 = 2;

/// Jetons of one pari (glossary, "Paris et queue des paris": "Un pari vaut 4 jetons").
pub const PARI: u64 = 4;

/// Jetons of the queue des paris, paid with the first double pari (glossary: the postillon
/// "se paie 28 jetons dont 20 de queue"; QUEUE DES PARIS: "ce joueur gagne 20 jetons pour
/// cette queue").
pub const QUEUE_DES_PARIS: u64 = 20;

/// Jetons of the postillon, the first double pari: 2 paris and the queue des paris, 28.
pub const POSTILLON: u64 = 2 * PARI + QUEUE_DES_PARIS;

/// Jetons of a fiche unless agreed otherwise (glossary, "Queue générale": "La fiche vaut
/// généralement 10 jetons").
pub const FICHE: u32 = 10;

/// What was wrong with a settlement, its rules or its marqués.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SettlementError {
    /// A partie à écrire is of at least one marqué.
    #[error("a partie à écrire needs at least 1 marqué, not 0")]
    ZeroMarques,
    /// A fiche is worth at least one jeton.
    #[error("a fiche must be worth at least 1 jeton, not 0")]
    FicheOfZero,
    /// The loser of a marqué puts out one or two jetons de marqué.
    #[error("the loser of a marqué puts out 1 or 2 jetons de marqué, not {0}")]
    JetonsDeMarque(u32),
    /// Not a convention.
    #[error(
        "unknown convention {0:?} (expected base, annexe, annexe-arithmetic, annexe-geometric or sans-lever)"
    )]
    UnknownConvention(String),
    /// Not a progression of the annexe convention.
    #[error("unknown progression {0:?} (expected arithmetic or geometric)")]
    UnknownProgression(String),
    /// Not a quality of marqué.
    #[error("unknown quality {0:?} (expected simple, petite bredouille or grande bredouille)")]
    UnknownQuality(String),
    /// Not a rule for the jetons left over a whole number of fiches.
    #[error("unknown rule for the remaining jetons {0:?} (expected half-counts or nothing)")]
    UnknownRemainder(String),
    /// The winner of a marqué holds at least the trou d'obligation.
    #[error("a marqué is won with at least 6 trous (the trou d'obligation), not {trous}")]
    BelowObligation {
        /// The winner's trous.
        trous: u32,
    },
    /// The winner of a marqué has more trous than the loser (equal trous are a refait).
    #[error(
        "the winner of a marqué has more trous than the loser: {winner} against {loser}{}",
        if winner == loser { " is a refait" } else { "" }
    )]
    NotAhead {
        /// The winner's trous.
        winner: u32,
        /// The loser's trous.
        loser: u32,
    },
    /// A grande bredouille is of at least 12 trous.
    #[error("a grande bredouille is of at least 12 trous, not {trous}")]
    GrandeBelowTwelve {
        /// The winner's trous.
        trous: u32,
    },
    /// A refait is a marqué ended with both players on the same trous, at least 6.
    #[error("a refait needs equal trous of at least 6 each, not {first} and {second}")]
    NotARefait {
        /// The first player's trous.
        first: u32,
        /// The second player's trous.
        second: u32,
    },
    /// More marqués were decided than the partie has.
    #[error("the partie has {marques} marqués and all of them are decided")]
    PartieOver {
        /// The marqués of the partie.
        marques: u32,
    },
    /// The décompte of a partie not yet played out.
    #[error("the décompte needs all {marques} marqués decided, only {decided} are")]
    PartieNotOver {
        /// The marqués of the partie.
        marques: u32,
        /// The marqués decided.
        decided: u32,
    },
    /// An amount beyond `u64` jetons.
    #[error("the amount is beyond 2^64 jetons")]
    Overflow,
}

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

/// What the players agree before a partie à écrire (glossary, CHRONOLOGIE DE LA PARTIE À
/// ÉCRIRE, 3 and 4): the number of marqués, the convention and the options of the settlement.
///
/// Built by [`EcrireRules::new`] and the `with_` methods, which refuse what the laws do
/// not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EcrireRules {
    marques: u32,
    convention: Convention,
    jetons_de_marque: u32,
    fiche: u32,
    remainder: Remainder,
    queue_generale: u64,
    queue_des_jetons: bool,
}

impl EcrireRules {
    /// A partie of `marques` marqués in the base convention, 2 jetons de marqué per marqué
    /// lost, fiches of 10 jetons with 5 remaining counting one, no queue générale.
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
    /// ([`crate::partie::sans_lever_value`]); the other conventions ignore it.
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
    CONSOLATION
        .checked_mul(multiplier)
        .and_then(|c| c.checked_mul(u64::from(refaits) + 1))
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
    let consolation = consolation(multiplier, refaits)?;
    let deduction = u64::from(opponent_trous);
    // The shortcut: (trous + 2 × (refaits + 1)) × multiplier − opponent's trous.
    let payment = (u64::from(refaits) + 1)
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

/// The paris exchanged at the end of a partie (glossary, "Paris et queue des paris" and QUEUE
/// DES PARIS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Paris {
    /// The player who won more marqués than his contingent, if any.
    pub winner: Option<Player>,
    /// Paris won by him, each also a pari lost by the opponent: the difference of the
    /// marqués won (2 for 5 against 3).
    pub paris: u32,
    /// Whether the first double pari, the postillon, is among them.
    pub postillon: bool,
    /// Double paris after the postillon, 8 jetons each.
    pub later_double_paris: u32,
    /// A single pari left over (an odd difference, in a partie of an odd number of marqués).
    pub single_pari: bool,
    /// The queue des paris (20 jetons) to the winner; 0 when nobody passed his contingent.
    pub queue_des_paris: u64,
    /// The jetons the loser pays: 4 per pari and the queue des paris (28 for the postillon,
    /// 8 more per later double pari).
    pub jetons: u64,
}

/// The paris of a partie whose players won `won` marqués each.
///
/// Each marqué won beyond the contingent is a pari won, and the same marqué lost beyond the
/// opponent's contingent a pari lost, so the paris number the difference of the marqués won.
/// The first double pari is the postillon, 28 jetons of which 20 are the queue des paris;
/// each later double pari pays 8. In an odd partie the difference is odd and a single pari
/// (4) is left over; the queue des paris still goes to the player beyond his contingent (this
/// crate's reading of QUEUE DES PARIS, where the queue is given for passing the contingent).
#[must_use]
pub fn paris(won: ByPlayer<u32>) -> Paris {
    let (white, black) = (won[Player::First], won[Player::Second]);
    let (winner, diff) = match white.cmp(&black) {
        std::cmp::Ordering::Greater => (Some(Player::First), white - black),
        std::cmp::Ordering::Less => (Some(Player::Second), black - white),
        std::cmp::Ordering::Equal => (None, 0),
    };
    let doubles = diff / 2;
    let queue = if diff > 0 { QUEUE_DES_PARIS } else { 0 };
    Paris {
        winner,
        paris: diff,
        postillon: doubles >= 1,
        later_double_paris: doubles.saturating_sub(1),
        single_pari: diff % 2 == 1,
        queue_des_paris: queue,
        jetons: PARI * u64::from(diff) + queue,
    }
}

/// Converts `jetons` to fiches of `fiche` jetons, with `remainder` deciding what is left.
///
/// # Errors
/// [`SettlementError::FicheOfZero`] for a fiche of 0 jetons.
pub fn to_fiches(jetons: u64, fiche: u32, remainder: Remainder) -> Result<u64, SettlementError> {
    if fiche == 0 {
        return Err(SettlementError::FicheOfZero);
    }
    let fiche = u64::from(fiche);
    let (whole, left) = (jetons / fiche, jetons % fiche);
    let extra = match remainder {
        Remainder::HalfCounts => u64::from(left > 0 && left >= fiche - fiche / 2),
        Remainder::Nothing => 0,
    };
    Ok(whole + extra)
}

/// Who has the queue des jetons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum QueueHolder {
    /// One player won more jetons de mise from the marqués and takes it.
    Player(Player),
    /// Equal jetons: the queue is shared and changes nothing between the players.
    Shared,
    /// The players agreed to ignore the queue des jetons.
    Ignored,
}

/// The décompte général of a partie à écrire, step by step (glossary, "Décompte général",
/// "Queue générale").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decompte {
    /// Jetons de mise each player won from the marqués (the payments he received).
    pub marques: ByPlayer<u64>,
    /// Marqués each player won.
    pub won: ByPlayer<u32>,
    /// The queue des jetons: every jeton de marqué put out (jetons de marqué × marqués
    /// decided).
    pub queue_des_jetons: u64,
    /// Its holder.
    pub queue_holder: QueueHolder,
    /// The paris and the queue des paris.
    pub paris: Paris,
    /// Each player's account (*compte*): his jetons from the marqués, the queue des jetons if
    /// he holds it, the paris if he won them. A shared queue would add the same half to both
    /// accounts and change no difference, so it is left out of both.
    pub accounts: ByPlayer<u64>,
    /// The winner of the partie (the larger account), `None` on equal accounts.
    pub winner: Option<Player>,
    /// The winner's account minus the loser's, in jetons.
    pub difference: u64,
    /// The difference in fiches.
    pub fiches: u64,
    /// The queue générale, in fiches, to the winner (0 when none was agreed or nobody won).
    pub queue_generale: u64,
    /// The final result in fiches: the difference in fiches and the queue générale.
    pub total_fiches: u64,
}

impl Decompte {
    /// `player`'s final balance in jetons (before fiches): the difference, positive for the
    /// winner, negative for the loser; the two balances sum to zero.
    #[must_use]
    pub fn balance(&self, player: Player) -> i128 {
        match self.winner {
            Some(w) if w == player => i128::from(self.difference),
            Some(_) => -i128::from(self.difference),
            None => 0,
        }
    }
}

/// The décompte général of a partie played under `rules` where the players received
/// `marques` jetons de mise from the marqués and won `won` marqués.
///
/// In order: the queue des jetons (jetons de marqué × marqués decided) to the player ahead
/// in jetons de mise, shared on a tie; the paris ([`paris`]); each player's account, the
/// difference of the two, its conversion to fiches, and the queue générale to the winner.
///
/// # Errors
/// [`SettlementError::PartieNotOver`] unless `won` adds up to the rules' marqués;
/// [`SettlementError::Overflow`].
pub fn decompte(
    rules: &EcrireRules,
    marques: ByPlayer<u64>,
    won: ByPlayer<u32>,
) -> Result<Decompte, SettlementError> {
    let decided = won[Player::First].saturating_add(won[Player::Second]);
    if decided != rules.marques() {
        return Err(SettlementError::PartieNotOver {
            marques: rules.marques(),
            decided,
        });
    }
    let queue_des_jetons = if rules.counts_queue_des_jetons() {
        u64::from(rules.jetons_de_marque()) * u64::from(decided)
    } else {
        0
    };
    let queue_holder = match marques[Player::First].cmp(&marques[Player::Second]) {
        _ if !rules.counts_queue_des_jetons() => QueueHolder::Ignored,
        std::cmp::Ordering::Greater => QueueHolder::Player(Player::First),
        std::cmp::Ordering::Less => QueueHolder::Player(Player::Second),
        std::cmp::Ordering::Equal => QueueHolder::Shared,
    };
    let paris = paris(won);
    let mut accounts = marques;
    if let QueueHolder::Player(c) = queue_holder {
        accounts[c] = accounts[c]
            .checked_add(queue_des_jetons)
            .ok_or(SettlementError::Overflow)?;
    }
    if let Some(c) = paris.winner {
        accounts[c] = accounts[c]
            .checked_add(paris.jetons)
            .ok_or(SettlementError::Overflow)?;
    }
    let (winner, difference) = match accounts[Player::First].cmp(&accounts[Player::Second]) {
        std::cmp::Ordering::Greater => (
            Some(Player::First),
            accounts[Player::First] - accounts[Player::Second],
        ),
        std::cmp::Ordering::Less => (
            Some(Player::Second),
            accounts[Player::Second] - accounts[Player::First],
        ),
        std::cmp::Ordering::Equal => (None, 0),
    };
    let fiches = to_fiches(difference, rules.fiche(), rules.remainder())?;
    let queue_generale = if winner.is_some() {
        rules.queue_generale()
    } else {
        0
    };
    Ok(Decompte {
        marques,
        won,
        queue_des_jetons,
        queue_holder,
        paris,
        accounts,
        winner,
        difference,
        fiches,
        queue_generale,
        total_fiches: fiches
            .checked_add(queue_generale)
            .ok_or(SettlementError::Overflow)?,
    })
}
