//! Online play (docs/online.md): rooms of any of the games between people and bots over
//! WebSockets, guests by link or accounts, spectators, clocks, ratings, every event stored
//! (SQLite, or PostgreSQL for several processes) before it is acknowledged.
//!
//! - [`protocol`]: the messages of a room's WebSocket.
//! - [`spec`]: what a room is made of, and the request that creates one.
//! - [`room`]: a room as a state machine over its log of events, without I/O.
//! - [`store`]: the database (accounts, sessions, rooms, their logs, ratings).
//! - [`commitment`]: the seed of a room's dice, committed at the start, revealed at the end.

pub mod commitment;
mod matches;
pub mod protocol;
pub mod room;
pub mod server;
pub mod spec;
pub mod store;
mod table;
