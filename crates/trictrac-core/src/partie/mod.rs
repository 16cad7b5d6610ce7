//! The forms of game: the chronology of a throw shared by all of them ([`turn`]), the
//! scoring rules as a partie uses them ([`scorer`]) and the partie ordinaire
//! ([`ordinaire`]).
//!
//! - [`turn`]: [`turn::Chronology`] (position, marking, phase, the analysis of the pending
//!   throw) over a [`turn::Form`] (when the game ends, who may leave), [`turn::Action`],
//!   [`turn::TurnPhase`], [`turn::Primaute`], [`turn::GameError`].
//! - [`scorer`]: [`scorer::ThrowScorer`] / [`scorer::ThrowScore`] (one analysis per throw),
//!   the simpler [`scorer::Scorer`], and [`scorer::JanScorer`], [`scorer::RaceScorer`],
//!   [`scorer::MovementScorer`].
//! - [`ordinaire`]: [`ordinaire::TrictracGame`], the partie ordinaire to N trous with the
//!   pavillon, as a [`boardgames_common::Game`]; also reachable as [`crate::game`].

pub mod ordinaire;
pub mod scorer;
pub mod turn;
