//! The forms of game beyond the partie ordinaire's [`TrictracGame`](crate::TrictracGame):
//! the chronology of a throw shared by all of them ([`Chronology`] over a [`Form`]), the
//! scoring rules as a partie uses them (the scorers), and the partie à écrire with its
//! conventions, settlement and ledger.
//!
//! - The chronology: [`Chronology`] (position, marking, phase, the analysis of the pending
//!   throw) over a [`Form`] (when the game ends, who may leave), [`action_text`]. The partie
//!   ordinaire itself, its [`Action`](crate::Action)s, [`TurnPhase`](crate::TurnPhase),
//!   [`Primaute`](crate::Primaute) and errors are at the crate root.
//! - The scorers: [`ThrowScorer`] / [`ThrowScore`] (one analysis per throw), the simpler
//!   [`Scorer`], and [`JanScorer`] ([`DefaultScorer`]), [`RaceScorer`], [`MovementScorer`].
//! - [`EcrireGame`], the partie à écrire as a [`boardgames_common::Game`], with records
//!   that replay ([`EcrireOptions`], [`MarqueForm`]).
//! - [`Marque`], one marqué in play: trous, pavillon, tenue, [`Ending`].
//! - [`Convention`] (base, annexe, sans lever), [`Progression`], [`Quality`],
//!   [`sans_lever_value`].
//! - The pure arithmetic of the *règlement des marqués* and the *décompte général*
//!   ([`settle_marque`], [`paris`], [`decompte`], [`EcrireRules`]).
//! - [`Ledger`], the marqués as settled, the score sheet and the décompte.
//! - [`table`]: the partie à écrire at three or four players (à tourner, à la chouette, in
//!   teams): the draw, the schedule of the marqués, [`table::Partie`] and its accounts.

mod convention;
mod ecrire;
pub(crate) mod error;
mod ledger;
mod marque;
pub(crate) mod ordinaire;
mod scorer;
mod settlement;
pub mod table;
pub(crate) mod turn;

pub use convention::{
    ANNEXE_STEP_TROUS, Convention, GRANDE_BREDOUILLE_TROUS, Progression, Quality, sans_lever_value,
};
pub use ecrire::{
    EcrireGame, EcrireOptions, MarqueForm, MarqueOver, NAME as ECRIRE_NAME, options_from_tags,
};
pub use ledger::{Ledger, MarqueEntry, MarqueResult, SheetStyle, describe_decompte, sheet_name};
pub use marque::{Advice, Ending, HOLD_FOR_STEP, Marque};
pub use scorer::{
    DefaultScorer, JanScorer, MovementScorer, RaceAnalysis, RaceScorer, Scored, Scorer,
    SimpleAnalysis, ThrowScore, ThrowScorer,
};
pub use settlement::{
    CONSOLATION, Contingent, Decompte, EcrireRules, FICHE, MarqueOutcome, PARI, POSTILLON, Paris,
    QUEUE_DES_PARIS, QueueHolder, RefaitProgression, Remainder, Settlement, SettlementError,
    TROU_D_OBLIGATION, consolation, consolation_with, decompte, paris, settle_marque,
    settle_marque_in, to_fiches,
};
pub use turn::{Chronology, Form, action_text};

// `ChoiceStage`'s constants (the type is declared in `turn`).
impl turn::ChoiceStage {
    /// Every `ChoiceStage`, in the order of its declaration.
    pub const ALL: [turn::ChoiceStage; 2] =
        [turn::ChoiceStage::BeforePlay, turn::ChoiceStage::AfterPlay];
    /// The number of `ChoiceStage`s.
    pub const NUM: usize = 2;
}
