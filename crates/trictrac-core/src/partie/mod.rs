//! The forms of game of trictrac beyond a single trou series: today the partie à écrire's
//! conventions, settlement and ledger.
//!
//! - [`convention`]: [`Convention`] (base, annexe, sans lever), [`Progression`],
//!   [`Quality`], [`sans_lever_value`].
//! - [`settlement`]: the pure arithmetic of the *règlement des marqués* and the *décompte
//!   général* ([`settle_marque`], [`paris`], [`decompte`], [`EcrireRules`]).
//! - [`ecrire`]: [`EcrireGame`], the partie à écrire as a `Game`, with records that replay.
//! - [`marque`]: [`Marque`], one marqué in play: trous, pavillon, tenue, [`Ending`].
//! - [`ledger`]: [`Ledger`], the marqués as settled, the score sheet and the décompte.

pub mod convention;
pub mod ecrire;
pub mod ledger;
pub mod marque;
pub mod settlement;

pub use convention::{Convention, Progression, Quality, sans_lever_value};
pub use ecrire::{EcrireError, EcrireGame, EcrireOptions};
pub use ledger::{Ledger, MarqueEntry, MarqueResult, SheetStyle, describe_decompte};
pub use marque::{Advice, Ending, Marque};
pub use settlement::{
    Contingent, Decompte, EcrireRules, MarqueOutcome, Paris, QueueHolder, Remainder, Settlement,
    SettlementError, decompte, paris, settle_marque, to_fiches,
};
