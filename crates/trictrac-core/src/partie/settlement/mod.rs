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
//! One file per step: `rules` (what the players agree: [`EcrireRules`]), `reglement` (the
//! règlement of one marqué: [`settle_marque`]), `decompte` (the paris and the décompte
//! général: [`paris`], [`decompte`]).
//!
//! ```
//! use trictrac_core::partie::{Convention, MarqueOutcome, Quality, settle_marque};
//! // 9 trous in petite bredouille against 4, no refait: 2 × (9 + 2) − 4 = 18.
//! let won = MarqueOutcome::new(9, 4, Quality::PetiteBredouille);
//! assert_eq!(settle_marque(Convention::Base, &won).unwrap().payment, 18);
//! ```

mod decompte;
mod reglement;
mod rules;

pub use decompte::{Decompte, Paris, QueueHolder, decompte, paris, to_fiches};
pub use reglement::{MarqueOutcome, Settlement, consolation, settle_marque};
pub use rules::{Contingent, EcrireRules, Remainder};

use thiserror::Error;

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
