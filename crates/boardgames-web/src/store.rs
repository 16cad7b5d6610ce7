//! The games the server holds, by id: [`Store`], bounded in number (the oldest idle game
//! gives way to a new one), each behind its own lock so that two games never wait for each
//! other.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::error::ApiError;

/// The most games held at once.
pub const MAX_GAMES: usize = 2000;

/// A game untouched for this long may give way to a new one when the store is full.
const IDLE: Duration = Duration::from_secs(30 * 60);

/// A shared handle on a held game.
pub(crate) type Handle<T> = Arc<Mutex<T>>;

struct Inner<T> {
    games: HashMap<String, (Handle<T>, Instant)>,
}

/// The games (or records replayed) of the server, each with when a request last touched
/// it.
pub(crate) struct Store<T> {
    inner: Mutex<Inner<T>>,
}

impl<T> Default for Store<T> {
    fn default() -> Store<T> {
        Store {
            inner: Mutex::new(Inner {
                games: HashMap::new(),
            }),
        }
    }
}

/// A lock's data even if a thread panicked holding it (a game is never left half-changed:
/// every change is checked before it is made).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T> Store<T> {
    /// Holds `table` under a new id.
    ///
    /// # Errors
    /// [`ApiError::Busy`] when [`MAX_GAMES`] games are held and none is idle.
    pub(crate) fn insert(&self, table: T) -> Result<(String, Handle<T>), ApiError> {
        let mut inner = lock(&self.inner);
        if inner.games.len() >= MAX_GAMES {
            let now = Instant::now();
            let oldest = inner
                .games
                .iter()
                .filter(|(_, (_, t))| now.duration_since(*t) > IDLE)
                .min_by_key(|(_, (_, t))| *t)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => {
                    inner.games.remove(&k);
                }
                None => return Err(ApiError::Busy(MAX_GAMES)),
            }
        }
        let mut id = new_id()?;
        while inner.games.contains_key(&id) {
            id = new_id()?;
        }
        let handle = Arc::new(Mutex::new(table));
        inner
            .games
            .insert(id.clone(), (Arc::clone(&handle), Instant::now()));
        Ok((id, handle))
    }

    /// The game `id`.
    ///
    /// # Errors
    /// [`ApiError::NotFound`].
    pub(crate) fn get(&self, id: &str) -> Result<Handle<T>, ApiError> {
        let mut inner = lock(&self.inner);
        let (handle, touched) = inner.games.get_mut(id).ok_or(ApiError::NotFound)?;
        *touched = Instant::now();
        Ok(Arc::clone(handle))
    }
}

/// A new game id: 128 bits from the operating system's cryptographic generator, as 32
/// hexadecimal digits. The id is the game's key (whoever holds it may act in the game, as the
/// page that started it does), so it must not be guessable from the clock or from other ids.
///
/// # Errors
/// [`ApiError::internal`] when the system has no random source to give.
fn new_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("no random source for a game id: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
