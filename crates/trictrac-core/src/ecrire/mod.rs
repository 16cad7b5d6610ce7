//! The bookkeeping of the partie à écrire: the marqué in play, the conventions, the
//! settlement of the marqués and the décompte général, the ledger and its score sheet, and
//! the partie at three or four players. The game itself, played throw by throw, is
//! [`EcrireGame`](crate::EcrireGame) at the crate root (the layer above, which uses this one).
//!
//! Source: the French glossary of the laws of trictrac, STRUCTURE DE LA PARTIE À ÉCRIRE, LA
//! PARTIE À DEUX JOUEURS, PARTIE À QUATRE JOUEURS, PARTIE À LA CHOUETTE, PARTIE À TOURNER.
//!
//! - [`Marque`], one marqué in play: trous, pavillon, tenue, [`Ending`] (file `marque.rs`).
//! - [`Convention`] (base, annexe, sans lever), [`Progression`], [`Quality`],
//!   [`sans_lever_value`] (file `convention.rs`).
//! - [`settlement`]: the pure arithmetic of the *règlement des marqués* and the *décompte
//!   général* ([`settlement::settle_marque`], [`settlement::paris`],
//!   [`settlement::decompte()`], the agreed rules [`settlement::EcrireRules`]), usable on
//!   its own to score a partie played on a real board.
//! - [`Ledger`], the marqués as settled, the score sheet and the décompte (file
//!   `ledger.rs`).
//! - [`table`]: the partie à écrire at three or four players (à tourner, à la chouette, in
//!   teams): the draw, the schedule of the marqués, [`table::Partie`] and its accounts.
//!
//! ```
//! use trictrac_core::ecrire::settlement::{EcrireRules, MarqueOutcome, settle_marque};
//! use trictrac_core::ecrire::{Convention, Ledger, Quality};
//! // 9 trous in petite bredouille against 4, no refait: 2 × (9 + 2) − 4 = 18.
//! let won = MarqueOutcome::new(9, 4, Quality::PetiteBredouille);
//! assert_eq!(settle_marque(Convention::Base, &won).unwrap().payment, 18);
//! let ledger = Ledger::new(EcrireRules::new(2).unwrap());
//! assert!(!ledger.is_over());
//! ```

mod convention;
mod ledger;
mod marque;
pub mod settlement;
pub mod table;

pub use convention::{
    ANNEXE_STEP_TROUS, Convention, GRANDE_BREDOUILLE_TROUS, Progression, Quality, sans_lever_value,
};
pub use ledger::{Ledger, MarqueEntry, MarqueResult, SheetStyle, describe_decompte, sheet_name};
pub use marque::{Advice, Ending, HOLD_FOR_STEP, Marque};
