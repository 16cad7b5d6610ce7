//! The turn engine and the games (a private module: its public items are at the crate
//! root).
//!
//! - `turn`: the chronology of a throw, written once for every form of game
//!   ([`Chronology`] over a [`Form`]): the [`Action`]s, the [`TurnPhase`], the
//!   [`Primaute`], [`action_text`], and what an action said ([`ActionComment`]).
//! - `ordinaire`: the partie ordinaire ([`TrictracGame`], [`GameOptions`], its form
//!   [`Ordinaire`], [`Win`]).
//! - `ecrire`: the partie à écrire between two players ([`EcrireGame`], [`EcrireOptions`],
//!   its form [`MarqueForm`]); its bookkeeping (marqué, conventions, settlement, ledger, the
//!   tables at three and four) is the public namespace [`crate::ecrire`], a layer below.
//! - `error`: [`ActionError`], [`TagError`].

mod ecrire;
mod error;
mod ordinaire;
mod turn;

pub use ecrire::{EcrireGame, EcrireOptions, MarqueForm, MarqueOver, NAME as ECRIRE_NAME};
pub use error::{ActionError, TagError};
pub use ordinaire::{GameOptions, Ordinaire, Phase, TrictracGame, Win};
pub use turn::{
    Action, ActionComment, ChoiceStage, Chronology, Form, ParsePrimauteError, Primaute, TurnPhase,
    action_text,
};
