//! The storage of online play: accounts and their sessions, rooms with their seats and
//! event logs, ratings (docs/online.md, "Processes and storage").
//!
//! One interface over two databases: SQLite (one file, embedded: the default) and
//! PostgreSQL (any number of processes on one database), through sqlx's `Any` driver so
//! that one code path serves both, and one set of migrations
//! (`crates/boardgames-web/migrations`, embedded in the binary and run by [`Db::open`]).
//! Every statement is parameterised. No password, token or cookie is ever put in an error
//! message: a [`DbError`] can be logged as it is.
//!
//! The operations are in one file per concept: accounts and sessions (`accounts.rs`),
//! rooms, seats and events (`rooms.rs`), the Elo ratings (`ratings.rs`), and PostgreSQL's
//! notifications between processes ([`listen`], `listen.rs`).

mod accounts;
mod listen;
mod ratings;
mod rooms;

use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::pool::PoolOptions;
use sqlx::{Any, AnyPool, Executor as _};

pub use accounts::{
    Account, NAME_MAX, NAME_MIN, NewSession, PASSWORD_MAX, PASSWORD_MIN, SESSION_MS, SessionInfo,
};
pub use listen::{CHANNEL, Changed, MAX_BACKOFF, listen};
pub use ratings::{K_FACTOR, Rated, Rating, START_RATING, expected_score};
pub use rooms::{
    EventRow, Finish, FinishedGame, MAX_EVENTS, MAX_LIST, RoomRow, RoomSummary, SeatRow,
};

/// How long a request waits for a connection of the pool before it gives up
/// ([`DbError::Unavailable`]).
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// How long SQLite waits for another writer's lock before it answers busy (`busy_timeout`).
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The connections of a pool on a SQLite file: writes serialise in SQLite, so a few
/// connections (readers beside the one writer of WAL mode) are all it can use.
const SQLITE_POOL: u32 = 4;

/// The connections of a pool on PostgreSQL (sqlx's default).
const POSTGRES_POOL: u32 = 10;

/// The database behind a [`Db`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite: one file (or one in-memory database), one process.
    Sqlite,
    /// PostgreSQL: any number of processes on one database.
    Postgres,
}

/// Why an operation of the store failed. The message says what and where, and never holds
/// a password, a token or a cookie.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DbError {
    /// A unique key is taken: an event's sequence number in its room, an account's name, a
    /// room's id.
    #[error("conflict: {0}")]
    Conflict(String),
    /// What was asked for does not exist (or, for a login, the name or the password is
    /// wrong: the two are not told apart).
    #[error("not found: {0}")]
    NotFound(String),
    /// A value refused before it reached the database (a name, a password, a URL), with why.
    #[error("invalid: {0}")]
    Invalid(String),
    /// The database cannot be reached (connection refused or lost, the pool's wait timed
    /// out, the server shutting down): the operation did not happen and may be retried.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// Anything else: a bug, a corrupt row, a full disk.
    #[error("database error: {0}")]
    Internal(String),
}

impl DbError {
    /// The error of a sqlx call made while doing `what` (a short phrase naming the
    /// operation and its keys, never a secret).
    pub(crate) fn from_sqlx(what: &str, error: &sqlx::Error) -> DbError {
        use sqlx::error::ErrorKind;
        match error {
            sqlx::Error::Database(db) => {
                match db.kind() {
                    ErrorKind::UniqueViolation => {
                        return DbError::Conflict(format!("{what}: already stored"));
                    }
                    ErrorKind::ForeignKeyViolation => {
                        return DbError::NotFound(format!(
                            "{what}: a row it refers to does not exist"
                        ));
                    }
                    _ => {}
                }
                // PostgreSQL's classes 08 (connection exception) and 57P (operator
                // intervention: shutting down, starting up) are outages; SQLite's busy or
                // locked database (5, 6) after its busy timeout is one too.
                let code = db.code();
                let code = code.as_deref().unwrap_or("");
                if code.starts_with("08")
                    || code.starts_with("57P")
                    || matches!(code, "5" | "6" | "517" | "261" | "262")
                {
                    return DbError::Unavailable(format!("{what}: {}", db.message()));
                }
                DbError::Internal(format!("{what}: {}", db.message()))
            }
            sqlx::Error::Io(e) => DbError::Unavailable(format!("{what}: {e}")),
            sqlx::Error::PoolTimedOut => DbError::Unavailable(format!(
                "{what}: no connection to the database within {} s",
                ACQUIRE_TIMEOUT.as_secs()
            )),
            sqlx::Error::PoolClosed => {
                DbError::Unavailable(format!("{what}: the connection pool is closed"))
            }
            sqlx::Error::WorkerCrashed => {
                DbError::Unavailable(format!("{what}: the database connection's worker stopped"))
            }
            sqlx::Error::Protocol(m) => DbError::Unavailable(format!("{what}: protocol: {m}")),
            sqlx::Error::Tls(e) => DbError::Unavailable(format!("{what}: TLS: {e}")),
            sqlx::Error::RowNotFound => DbError::NotFound(what.to_string()),
            other => DbError::Internal(format!("{what}: {other}")),
        }
    }
}

/// The store: a pool of connections to one database. Cloning it is cheap (the pool is
/// shared).
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// The dummy hash checked for an unknown name, so that a login takes as long whether
    /// the name exists or not.
    dummy_hash: Arc<std::sync::OnceLock<String>>,
}

impl Db {
    /// Opens the database at `url` and runs the migrations not yet applied.
    ///
    /// `url` is `sqlite://PATH` (the file is created when missing; WAL journal, busy timeout
    /// of 5 s, foreign keys on), `sqlite::memory:` (a private in-memory database: one
    /// connection), or `postgres://USER@HOST:PORT/DATABASE` (also `postgresql://`).
    ///
    /// # Errors
    /// [`DbError::Invalid`] for a URL of another scheme (naming the accepted ones) or one
    /// that cannot be parsed, [`DbError::Unavailable`] when the database cannot be
    /// reached, [`DbError::Internal`] when a migration fails.
    pub async fn open(url: &str) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if url == "sqlite::memory:" || url == "sqlite://:memory:" {
            (Backend::Sqlite, "sqlite::memory:".to_string())
        } else if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(DbError::Invalid(
                    "a sqlite:// URL names a file: sqlite://PATH".into(),
                ));
            }
            // `mode=rwc`: the file is created when missing.
            let url = if path.contains('?') {
                url.to_string()
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(DbError::Invalid(format!(
                "unknown database URL scheme in {:?}: the accepted ones are sqlite://PATH, \
                 sqlite::memory: and postgres://...",
                scheme_of(url)
            )));
        };
        let memory = url == "sqlite::memory:";
        let options: PoolOptions<Any> = AnyPoolOptions::new().acquire_timeout(ACQUIRE_TIMEOUT);
        let options = match backend {
            // Every connection to `sqlite::memory:` is a database of its own: one
            // connection, kept for the life of the pool.
            Backend::Sqlite if memory => options
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None),
            Backend::Sqlite => options.max_connections(SQLITE_POOL),
            Backend::Postgres => options.max_connections(POSTGRES_POOL),
        };
        let options = if backend == Backend::Sqlite {
            // Through the `Any` driver the SQLite pragmas cannot be given as options: they
            // are set on each new connection (sqlx's SQLite already turns foreign keys on;
            // said again here so that it does not depend on that default).
            options.after_connect(move |conn, _meta| {
                Box::pin(async move {
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    conn.execute(
                        format!("PRAGMA busy_timeout = {}", SQLITE_BUSY_TIMEOUT.as_millis())
                            .as_str(),
                    )
                    .await?;
                    if !memory {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                    }
                    Ok(())
                })
            })
        } else {
            options
        };
        let pool = options.connect(&url).await.map_err(|e| match e {
            sqlx::Error::Configuration(c) => {
                DbError::Invalid(format!("the database URL cannot be used: {c}"))
            }
            e => DbError::from_sqlx("opening the database", &e),
        })?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| match e {
                sqlx::migrate::MigrateError::Execute(e) => {
                    DbError::from_sqlx("running the migrations", &e)
                }
                e => DbError::Internal(format!("running the migrations: {e}")),
            })?;
        Ok(Db {
            pool,
            backend,
            dummy_hash: Arc::new(std::sync::OnceLock::new()),
        })
    }

    /// The database behind this store.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool, for the operations' files.
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// The scheme of a URL, for an error message (never the whole URL: it may hold a password).
fn scheme_of(url: &str) -> &str {
    match url.find(':') {
        Some(i) => &url[..i],
        None => "",
    }
}

/// Reads column `name` of `row` as `T`, an error naming the column when it cannot.
pub(crate) fn get<'r, T>(row: &'r AnyRow, name: &str) -> Result<T, DbError>
where
    T: sqlx::Decode<'r, Any> + sqlx::Type<Any>,
{
    use sqlx::Row as _;
    row.try_get::<T, _>(name)
        .map_err(|e| DbError::Internal(format!("reading column {name}: {e}")))
}

/// `n` random bytes from the operating system's generator, as lower-case hex.
pub(crate) fn random_hex(n: usize) -> Result<String, DbError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| {
        DbError::Internal(format!(
            "the operating system's random generator failed: {e}"
        ))
    })?;
    Ok(hex(&bytes))
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The SHA-256 of `text`, as lower-case hex (how tokens are stored).
#[must_use]
pub fn sha256_hex(text: &str) -> String {
    use sha2::Digest as _;
    hex(&sha2::Sha256::digest(text.as_bytes()))
}
