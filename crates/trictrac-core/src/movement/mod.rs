//! The laws of movement (rules page, "Moving (laws)"; glossary LOIS, COINS, RETOUR, SORTIE,
//! IMPUISSANCE): where a dame may stop or rest ([`Laws`]), the moves and plays of a throw
//! ([`Move`], [`Play`]), what each number could reach ([`Reaches`]), the kinds of numbers of
//! the sortie ([`SortieNumber`]), the generation of the legal plays of a throw and playing
//! one.

mod laws;
mod movegen;
mod moves;
mod play;
mod reach;
mod sortie;

pub use laws::Laws;
pub use movegen::{Candidate, LegalPlays, MAX_PLAYS, MovementOnly, Obligations, PlayList};
pub(crate) use movegen::{Prepared, ge2_nibbles};
pub use moves::{Move, Play, TooManyMovesError};
pub use play::{ParsePlayError, PlayError};
pub use reach::{Number, Reach, Reaches};
pub use sortie::SortieNumber;
