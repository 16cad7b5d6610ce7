//! The partie ordinaire as a game: its state machine, properties of seeded parties, the API
//! shared with the other games.

mod api;
mod ordinaire;
mod properties;
