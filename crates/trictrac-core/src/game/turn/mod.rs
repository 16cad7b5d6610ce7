//! The chronology of a throw, written once for every form of game ([`Chronology`]): the
//! primauté, the throw, the marking of the thrower's points, tenir or s'en aller, the play,
//! the points it gives, the relevé. A form of game ([`Form`]: the partie ordinaire, a marqué
//! of the partie à écrire) decides when the game ends, who may leave and how marks are
//! written; the trous are unlimited here.
//!
//! Sources: rules page, "Marking" (chronology of a turn, primauté, tenir ou s'en aller);
//! the French glossary of the laws of trictrac, CHRONOLOGIE DÉTAILLÉE D'UN COUP ("la
//! chronologie s'interrompt dès qu'un joueur a gagné régulièrement et marqué le nombre de
//! trous qui lui font gagner la partie ou le marqué") and SORTIE (the relevé).
//!
//! One turn of the side to move, as [`Action`]s:
//!
//! 1. (The points the opponent's last throw gave him were marked at the end of that throw.)
//! 2. Chance: the throw ([`Action::Throw`]). The
//!    [`ThrowScorer`](crate::scoring::ThrowScorer) analyses it once; the analysis is kept
//!    until the play. The thrower marks his own points at once.
//! 3. If these points won a trou and the form lets him: decision [`Action::Tenir`] or
//!    [`Action::SenAller`]. S'en aller keeps the trous, drops the reste and both jetons,
//!    cancels what the throw gave the opponent, relève the dames, and the same player throws
//!    again (or the form ends the game: a marqué).
//! 4. Decision: the play ([`Action::Play`]). The points it adds (the sortie of the last dame)
//!    are marked; if they win a trou, decision tenir / s'en aller again.
//! 5. The opponent marks what the throw gave him (he may not s'en aller on them). After the
//!    last dame is borne off, the dames are relevées and the same player throws again.
//!
//! After every marking the form may end the game ([`Form::after_mark`]); after s'en aller
//! too ([`Form::after_leave`]).
//!
//! Comments (the text a record gives each action) are written only when asked for:
//! [`Chronology::apply`] takes an optional buffer, [`Chronology::apply_described`] gives
//! the comment in its parts.
//!
//! The files: `action` (the primauté and the [`Action`]s), `phase` (where a turn stands:
//! [`TurnPhase`]), `form` (what a form of game decides: [`Form`]), `chronology` (the state
//! and its steps: [`Chronology`]), `comment` (what an action said, in parts:
//! [`ActionComment`]).

mod action;
mod chronology;
mod comment;
mod form;
mod phase;

pub use action::{Action, ParsePrimauteError, Primaute, action_text};
pub use chronology::Chronology;
pub use comment::ActionComment;
pub use form::Form;
pub use phase::{ChoiceStage, TurnPhase};
