//! The laws of movement (rules page, "Moving (laws)"; glossary LOIS, COINS, RETOUR, SORTIE,
//! IMPUISSANCE): where a dame may stop or rest ([`Laws`]), the moves and plays of a throw
//! ([`Move`], [`Play`]), what each number could reach ([`Reaches`]), the kinds of numbers of
//! the sortie ([`SortieNumber`]), the generation of the legal plays of a throw (the must
//! fill / must keep obligation of law 8 included: [`LegalPlays`]) and playing one.

mod laws;
mod movegen;
mod moves;
mod play;
mod reach;
mod sortie;

pub use laws::Laws;
pub(crate) use movegen::{
    Candidate, MovementOnly, MustFillOrKeep, Obligations, PlayList, Prepared, full_mask_after,
    possibly_full_after,
};
pub use movegen::{LegalPlays, LegalPlaysIter, MAX_PLAYS};
pub use moves::{Move, Play, TooManyMovesError};
pub use play::{IllegalPlay, IllegalPlayReason, ParsePlayError, PlayError};
pub use reach::{Number, Reach, Reaches};
pub use sortie::SortieNumber;
