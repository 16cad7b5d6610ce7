//! The forms of game: the chronology of a throw shared by all of them ([`turn`]), the
//! scoring rules as a partie uses them ([`scorer`]), the partie ordinaire ([`ordinaire`]) and
//! the partie à écrire ([`ecrire`]) with its conventions, settlement and ledger.
//!
//! - [`turn`]: [`turn::Chronology`] (position, marking, phase, the analysis of the pending
//!   throw) over a [`turn::Form`] (when the game ends, who may leave), [`turn::Action`],
//!   [`turn::TurnPhase`], [`turn::Primaute`]; the errors [`ActionError`] (an action refused)
//!   and [`TagError`] (a record's own tags unreadable).
//! - [`scorer`]: [`scorer::ThrowScorer`] / [`scorer::ThrowScore`] (one analysis per throw),
//!   the simpler [`scorer::Scorer`], and [`scorer::JanScorer`], [`scorer::RaceScorer`],
//!   [`scorer::MovementScorer`].
//! - [`ordinaire`]: [`ordinaire::TrictracGame`], the partie ordinaire to N trous with the
//!   pavillon, as a [`boardgames_common::Game`]; also reachable as [`crate::game`].
//! - [`ecrire`]: [`EcrireGame`], the partie à écrire as a `Game`, with records that replay.
//! - [`marque`]: [`Marque`], one marqué in play: trous, pavillon, tenue, [`Ending`].
//! - [`convention`]: [`Convention`] (base, annexe, sans lever), [`Progression`],
//!   [`Quality`], [`sans_lever_value`].
//! - [`settlement`]: the pure arithmetic of the *règlement des marqués* and the *décompte
//!   général* ([`settle_marque`], [`paris`], [`decompte`], [`EcrireRules`]).
//! - [`ledger`]: [`Ledger`], the marqués as settled, the score sheet and the décompte.
//! - [`table`]: the partie à écrire at three or four players (à tourner, à la chouette, in
//!   teams): the draw, the schedule of the marqués, [`table::Table`] and its accounts.

pub mod convention;
pub mod ecrire;
mod error;
pub mod ledger;
pub mod marque;
pub mod ordinaire;
pub mod scorer;
pub mod settlement;
pub mod table;
pub mod turn;

pub use convention::{Convention, Progression, Quality, sans_lever_value};
pub use ecrire::{EcrireGame, EcrireOptions};
pub use error::{ActionError, TagError};
pub use ledger::{Ledger, MarqueEntry, MarqueResult, SheetStyle, describe_decompte};
pub use marque::{Advice, Ending, Marque};
pub use settlement::{
    Contingent, Decompte, EcrireRules, MarqueOutcome, Paris, QueueHolder, Remainder, Settlement,
    SettlementError, decompte, paris, settle_marque, to_fiches,
};
