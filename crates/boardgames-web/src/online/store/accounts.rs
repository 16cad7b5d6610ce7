//! Accounts (a name and an argon2id password hash) and their sessions (a cookie's token,
//! of which only the SHA-256 is stored, and its CSRF token).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};

use super::{Db, DbError, get, random_hex, sha256_hex};

/// The shortest account name, in characters.
pub const NAME_MIN: usize = 3;
/// The longest account name, in characters.
pub const NAME_MAX: usize = 24;
/// The shortest password, in characters.
pub const PASSWORD_MIN: usize = 8;
/// The longest password, in characters (bounds the hashing work).
pub const PASSWORD_MAX: usize = 128;
/// How long a session lives: 30 days, in milliseconds.
pub const SESSION_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// The one answer to a login whose name is unknown or whose password is wrong.
const WRONG_LOGIN: &str = "wrong name or password";

/// An account: its id (128 random bits, hex) and its name as registered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The account's id (32 hex digits), the key other tables refer to.
    pub id: String,
    /// The name as registered (letters, digits, `_`, `-`); unique ignoring case.
    pub name: String,
}

/// A session just opened: the cookie's token and the CSRF token its forms carry. Only the
/// SHA-256 of `token` is stored: this is the one time it is known.
#[derive(Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The session's token (256 random bits, 64 lower-case hex digits).
    pub token: String,
    /// The session's CSRF token (256 random bits, 64 lower-case hex digits).
    pub csrf: String,
}

impl std::fmt::Debug for NewSession {
    /// Shows neither token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewSession { .. }")
    }
}

/// The account a live session belongs to, and the session's CSRF token.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// The session's account.
    pub account: Account,
    /// The CSRF token the session's requests must carry.
    pub csrf: String,
}

impl std::fmt::Debug for SessionInfo {
    /// Shows the account, not the CSRF token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionInfo")
            .field("account", &self.account)
            .finish_non_exhaustive()
    }
}

/// Checks an account name: 3 to 24 of `A-Z a-z 0-9 _ -`.
fn check_name(name: &str) -> Result<(), DbError> {
    if name.len() < NAME_MIN || name.len() > NAME_MAX {
        return Err(DbError::Invalid(format!(
            "a name has {NAME_MIN} to {NAME_MAX} characters, not {}",
            name.chars().count()
        )));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(DbError::Invalid(format!(
            "a name holds only letters A-Z, digits, '_' and '-', not {c:?}"
        )));
    }
    Ok(())
}

/// Checks a password's length: 8 to 128 characters.
fn check_password_length(password: &str) -> Result<(), DbError> {
    // Counted in bytes first so that a huge input is not walked.
    let n = if password.len() > 4 * PASSWORD_MAX {
        PASSWORD_MAX + 1
    } else {
        password.chars().count()
    };
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&n) {
        return Err(DbError::Invalid(format!(
            "a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )));
    }
    Ok(())
}

/// The argon2id PHC string of `password` (argon2's default parameters: 19 MiB, 2 passes,
/// 1 lane), with a salt of 128 bits from the operating system, hashed on a blocking thread.
async fn hash_password(password: &str) -> Result<String, DbError> {
    let password = password.to_string();
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| {
        DbError::Internal(format!(
            "the operating system's random generator failed: {e}"
        ))
    })?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&salt)
            .map_err(|e| DbError::Internal(format!("encoding a salt: {e}")))?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| DbError::Internal(format!("hashing a password: {e}")))
    })
    .await
    .map_err(|e| DbError::Internal(format!("the hashing thread failed: {e}")))?
}

/// Whether `password` matches the PHC string `hash`, checked on a blocking thread.
async fn verify_password(password: &str, hash: String) -> Result<bool, DbError> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash)
            .map_err(|e| DbError::Internal(format!("a stored password hash is unreadable: {e}")))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(|e| DbError::Internal(format!("the hashing thread failed: {e}")))?
}

/// A session token's stored form, or `None` when `token` is not 64 lower-case hex digits.
fn token_key(token: &str) -> Option<String> {
    (token.len() == 64
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
    .then(|| sha256_hex(token))
}

impl Db {
    /// Registers an account.
    ///
    /// # Errors
    /// [`DbError::Invalid`] for a name that is not 3 to 24 of `A-Z a-z 0-9 _ -` or a
    /// password that is not 8 to 128 characters; [`DbError::Conflict`] when the name is
    /// taken, whatever its case; [`DbError::Unavailable`] as every operation.
    pub async fn create_account(
        &self,
        name: &str,
        password: &str,
        now_ms: i64,
    ) -> Result<Account, DbError> {
        check_name(name)?;
        check_password_length(password)?;
        let hash = hash_password(password).await?;
        let id = random_hex(16)?;
        sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&id)
        .bind(name)
        .bind(name.to_ascii_lowercase())
        .bind(&hash)
        .bind(now_ms)
        .execute(self.pool())
        .await
        .map_err(|e| match DbError::from_sqlx("creating an account", &e) {
            DbError::Conflict(_) => DbError::Conflict(format!("the name {name} is taken")),
            other => other,
        })?;
        Ok(Account {
            id,
            name: name.to_string(),
        })
    }

    /// The account named `name` (ignoring case), if any.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<Account>, DbError> {
        if check_name(name).is_err() {
            return Ok(None);
        }
        let row = sqlx::query("SELECT id, name FROM accounts WHERE name_key = $1")
            .bind(name.to_ascii_lowercase())
            .fetch_optional(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx("reading an account", &e))?;
        row.map(|row| {
            Ok(Account {
                id: get(&row, "id")?,
                name: get(&row, "name")?,
            })
        })
        .transpose()
    }

    /// The account whose name (ignoring case) and password these are: a login.
    ///
    /// An unknown name and a wrong password get the same error after the same work (a
    /// dummy hash is checked for an unknown name).
    ///
    /// # Errors
    /// [`DbError::NotFound`] ("wrong name or password") for an unknown name or a wrong
    /// password; [`DbError::Unavailable`] as every operation.
    pub async fn check_password(&self, name: &str, password: &str) -> Result<Account, DbError> {
        if check_password_length(password).is_err() {
            return Err(DbError::NotFound(WRONG_LOGIN.into()));
        }
        let row = if check_name(name).is_ok() {
            sqlx::query("SELECT id, name, password_hash FROM accounts WHERE name_key = $1")
                .bind(name.to_ascii_lowercase())
                .fetch_optional(self.pool())
                .await
                .map_err(|e| DbError::from_sqlx("reading an account", &e))?
        } else {
            None
        };
        match row {
            Some(row) => {
                let hash: String = get(&row, "password_hash")?;
                if verify_password(password, hash).await? {
                    Ok(Account {
                        id: get(&row, "id")?,
                        name: get(&row, "name")?,
                    })
                } else {
                    Err(DbError::NotFound(WRONG_LOGIN.into()))
                }
            }
            None => {
                let dummy = self.dummy_hash().await?;
                let _ = verify_password(password, dummy).await?;
                Err(DbError::NotFound(WRONG_LOGIN.into()))
            }
        }
    }

    /// The hash checked for an unknown name (made once per store).
    async fn dummy_hash(&self) -> Result<String, DbError> {
        if let Some(h) = self.dummy_hash.get() {
            return Ok(h.clone());
        }
        let h = hash_password(&random_hex(16)?).await?;
        Ok(self.dummy_hash.get_or_init(|| h).clone())
    }

    /// Changes an account's password after checking the current one, and ends every
    /// session of the account but `keep_token`'s (the one making the change).
    ///
    /// # Errors
    /// [`DbError::Invalid`] when `old` is not the current password or `new` is not 8 to 128
    /// characters; [`DbError::NotFound`] for an unknown account; [`DbError::Unavailable`]
    /// as every operation.
    pub async fn change_password(
        &self,
        account_id: &str,
        old: &str,
        new: &str,
        keep_token: &str,
    ) -> Result<(), DbError> {
        check_password_length(new)?;
        let row = sqlx::query("SELECT password_hash FROM accounts WHERE id = $1")
            .bind(account_id)
            .fetch_optional(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx("reading an account", &e))?
            .ok_or_else(|| DbError::NotFound(format!("no account {account_id}")))?;
        let hash: String = get(&row, "password_hash")?;
        if check_password_length(old).is_err() || !verify_password(old, hash).await? {
            return Err(DbError::Invalid("the current password is wrong".into()));
        }
        let new_hash = hash_password(new).await?;
        let keep = token_key(keep_token).unwrap_or_default();
        let what = "changing a password";
        let mut tx = self
            .pool()
            .begin()
            .await
            .map_err(|e| DbError::from_sqlx(what, &e))?;
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(&new_hash)
            .bind(account_id)
            .execute(&mut *tx)
            .await
            .map_err(|e| DbError::from_sqlx(what, &e))?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(account_id)
            .bind(&keep)
            .execute(&mut *tx)
            .await
            .map_err(|e| DbError::from_sqlx(what, &e))?;
        tx.commit().await.map_err(|e| DbError::from_sqlx(what, &e))
    }

    /// Opens a session of 30 days for an account (a login).
    ///
    /// # Errors
    /// [`DbError::NotFound`] for an unknown account; [`DbError::Unavailable`] as every
    /// operation.
    pub async fn create_session(
        &self,
        account_id: &str,
        now_ms: i64,
    ) -> Result<NewSession, DbError> {
        let token = random_hex(32)?;
        let csrf = random_hex(32)?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, csrf, created_ms, expires_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(sha256_hex(&token))
        .bind(account_id)
        .bind(&csrf)
        .bind(now_ms)
        .bind(now_ms.saturating_add(SESSION_MS))
        .execute(self.pool())
        .await
        .map_err(|e| match DbError::from_sqlx("opening a session", &e) {
            DbError::NotFound(_) => DbError::NotFound(format!("no account {account_id}")),
            other => other,
        })?;
        Ok(NewSession { token, csrf })
    }

    /// The live session of `token` at `now_ms`: `None` when the token is unknown, expired
    /// or not 64 lower-case hex digits.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn session(&self, token: &str, now_ms: i64) -> Result<Option<SessionInfo>, DbError> {
        let Some(key) = token_key(token) else {
            return Ok(None);
        };
        let row = sqlx::query(
            "SELECT a.id, a.name, s.csrf FROM sessions s JOIN accounts a ON a.id = s.account_id \
             WHERE s.token_hash = $1 AND s.expires_ms > $2",
        )
        .bind(&key)
        .bind(now_ms)
        .fetch_optional(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx("reading a session", &e))?;
        row.map(|row| {
            Ok(SessionInfo {
                account: Account {
                    id: get(&row, "id")?,
                    name: get(&row, "name")?,
                },
                csrf: get(&row, "csrf")?,
            })
        })
        .transpose()
    }

    /// Ends the session of `token` (a logout); nothing happens for an unknown token.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn end_session(&self, token: &str) -> Result<(), DbError> {
        let Some(key) = token_key(token) else {
            return Ok(());
        };
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(&key)
            .execute(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx("ending a session", &e))?;
        Ok(())
    }

    /// The stored password hash of an account (for the tests that check it is an
    /// argon2id PHC string and not the password).
    ///
    /// # Errors
    /// [`DbError::NotFound`] for an unknown account; [`DbError::Unavailable`] as every
    /// operation.
    #[doc(hidden)]
    pub async fn password_hash(&self, account_id: &str) -> Result<String, DbError> {
        let row = sqlx::query("SELECT password_hash FROM accounts WHERE id = $1")
            .bind(account_id)
            .fetch_optional(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx("reading an account", &e))?
            .ok_or_else(|| DbError::NotFound(format!("no account {account_id}")))?;
        get(&row, "password_hash")
    }
}
