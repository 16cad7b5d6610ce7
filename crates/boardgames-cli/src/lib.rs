//! The library side of the `boardgames` command: the replay page of a record, shared with
//! the examples that write pages of their own games.
//!
//! - [`html`]: [`html::replay_page`] turns a record of any of the three games into one
//!   self-contained HTML file stepping through it with the board as SVG.
#![deny(missing_docs)]

pub mod html;
