//! The material of the game, before any law of movement: the two colours, the 24 points and
//! the paths, the jans, the tablier with its dames ([`Board`]), unvalidated and validated
//! positions ([`Setup`], [`Position`]), the position notation and the text diagram (rules
//! page, "Board, labels, paths" and "Notation").
//!
//! The laws that move the dames are the next layer up (`movement`); nothing here reads them.

mod colour;
mod diagram;
mod jan;
mod notation;
mod point;
mod position;
mod setup;
mod tablier;

pub use colour::{ByColour, Colour};
pub(crate) use diagram::diagram;
pub use jan::Jan;
pub(crate) use jan::can_fill_from;
pub use notation::ParsePositionError;
pub use point::{Dest, OFF, OPPONENT_COIN, OWN_COIN, ParsePointError, Point, Row, TALON};
pub use position::Position;
pub use setup::{Marks, PositionError, Setup};
pub use tablier::{Board, DAMES};
pub(crate) use tablier::{PathCounts, count_masks, key_of};
