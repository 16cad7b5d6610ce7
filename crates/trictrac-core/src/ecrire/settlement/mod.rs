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
//! - A marqué pays, with `m` the multiplier of its quality ([`Convention::multiplier`](crate::ecrire::Convention::multiplier): 1
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
//!   and adds the *queue générale* (an agreed stake) to the winner ([`decompte`](fn@decompte)).
//!
//! One file per step: `rules` (what the players agree: [`EcrireRules`]), `reglement` (the
//! règlement of one marqué: [`settle_marque`]), `decompte` (the paris and the décompte
//! général: [`paris`], [`decompte`](fn@decompte)).
//!
//! ```
//! use trictrac_core::ecrire::{Convention, Quality};
//! use trictrac_core::ecrire::settlement::{MarqueOutcome, settle_marque};
//! // 9 trous in petite bredouille against 4, no refait: 2 × (9 + 2) − 4 = 18.
//! let won = MarqueOutcome::new(9, 4, Quality::PetiteBredouille);
//! assert_eq!(settle_marque(Convention::Base, &won).unwrap().payment, 18);
//! ```

mod decompte;
mod error;
mod reglement;
mod rules;

pub use decompte::{Decompte, Paris, QueueHolder, decompte, paris, to_fiches};
pub use error::SettlementError;
pub use reglement::{
    MarqueOutcome, Settlement, consolation, consolation_with, settle_marque, settle_marque_in,
};
pub use rules::{Contingent, EcrireRules, RefaitProgression, Remainder};

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
