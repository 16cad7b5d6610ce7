//! What the requests share ([`AppState`]) and the largest body they read ([`MAX_BODY`]).

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::games::{MAX_RECORD_BYTES, Table};
use crate::replay::Replayer;
use crate::store::Store;

/// The largest request body read, in bytes: a record of [`MAX_RECORD_BYTES`] written as a
/// JSON string (escapes included), and a little more.
pub(crate) const MAX_BODY: usize = 2 * MAX_RECORD_BYTES + 64 * 1024;

/// What the requests share: the games and the records replayed, and the permits of the
/// bots' thinking.
pub(crate) struct AppState {
    pub(crate) games: Store<Box<dyn Table>>,
    pub(crate) replays: Store<Box<dyn Replayer>>,
    pub(crate) thinking: Arc<Semaphore>,
}
