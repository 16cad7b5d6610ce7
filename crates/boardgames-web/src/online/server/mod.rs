//! The server side of online play: the rooms of a process over the database ([`Hub`]), the
//! WebSocket of a room, and the HTTP routes of accounts and rooms (`routes`).

mod hub;
pub(crate) mod routes;
mod ws;

pub use hub::{Hub, MAX_LOADED_ROOMS};
pub use routes::Online;
pub use ws::{BURST, MAX_PER_ADDRESS, MAX_PER_ROOM, MAX_PER_SEAT, PER_SECOND};
