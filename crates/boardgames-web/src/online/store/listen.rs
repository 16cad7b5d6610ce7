//! PostgreSQL's notifications between processes: every [`super::Db::append`] notifies the
//! channel `boardgames_room` with its room's id in its transaction; [`listen`] hears them,
//! from every process on the database.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::mpsc;

use super::DbError;

/// The channel of PostgreSQL's notifications that appends send.
pub const CHANNEL: &str = "boardgames_room";

/// The longest wait between two attempts to reconnect a lost listener.
pub const MAX_BACKOFF: Duration = Duration::from_secs(2);

/// The notifications held for a slow receiver; past them the listener waits.
const BUFFER: usize = 1024;

/// What [`listen`] yields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    /// Events were appended to this room (by any process, this one included).
    Room(String),
    /// The connection was lost and is back: notifications may have been missed in between,
    /// so every room held should be reloaded.
    All,
}

/// Listens to the appends of every process on the PostgreSQL database at `url` (LISTEN
/// `boardgames_room`): the receiver yields the id of each room appended to. When the
/// connection is lost the listener reconnects (waiting 50 ms, doubling up to
/// [`MAX_BACKOFF`]) and, once connected again, yields [`Changed::All`]. Dropping the
/// receiver ends the listener's task.
///
/// # Errors
/// [`DbError::Invalid`] for a URL that is not `postgres://...`; [`DbError::Unavailable`]
/// when the first connection fails.
pub async fn listen(url: &str) -> Result<mpsc::Receiver<Changed>, DbError> {
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        return Err(DbError::Invalid(
            "notifications between processes need PostgreSQL: a postgres://... URL".into(),
        ));
    }
    let first = connect(url).await?;
    let (tx, rx) = mpsc::channel(BUFFER);
    tokio::spawn(run(url.to_string(), first, tx));
    Ok(rx)
}

/// A listener on [`CHANNEL`].
async fn connect(url: &str) -> Result<PgListener, DbError> {
    let mut listener = PgListener::connect(url)
        .await
        .map_err(|e| DbError::from_sqlx("connecting the listener", &e))?;
    // A lost connection is handled by `run` (a new listener, then `Changed::All`), not by
    // sqlx's own reconnection inside `try_recv`.
    listener.eager_reconnect(false);
    listener
        .listen(CHANNEL)
        .await
        .map_err(|e| DbError::from_sqlx("listening to the rooms' channel", &e))?;
    Ok(listener)
}

/// The listener's task: forwards notifications, reconnects, ends when `tx` is closed.
async fn run(url: String, first: PgListener, tx: mpsc::Sender<Changed>) {
    let mut listener = Some(first);
    let mut backoff = Duration::from_millis(50);
    loop {
        let Some(current) = listener.as_mut() else {
            // Lost: try again after the backoff, until connected or the receiver is gone.
            tokio::select! {
                () = tx.closed() => return,
                () = tokio::time::sleep(backoff) => {}
            }
            match connect(&url).await {
                Ok(l) => {
                    listener = Some(l);
                    backoff = Duration::from_millis(50);
                    if tx.send(Changed::All).await.is_err() {
                        return;
                    }
                }
                Err(_) => backoff = (backoff * 2).min(MAX_BACKOFF),
            }
            continue;
        };
        let next = tokio::select! {
            () = tx.closed() => return,
            next = current.try_recv() => next,
        };
        match next {
            Ok(Some(notification)) => {
                let room = notification.payload().to_string();
                if tx.send(Changed::Room(room)).await.is_err() {
                    return;
                }
            }
            // `None`: the connection was lost; an error: it failed. Either way a new one.
            Ok(None) | Err(_) => listener = None,
        }
    }
}
