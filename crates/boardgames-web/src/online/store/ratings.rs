//! Elo ratings per account and per game (docs/online.md, "Ratings"): K = 24, from 1500,
//! updated in the transaction that ends a game between two accounts.

use sqlx::{Any, Transaction};

use super::{Backend, Db, DbError, get};

/// The Elo K-factor: the most a rating moves in one game.
pub const K_FACTOR: f64 = 24.0;

/// The rating of an account's first game of a kind.
pub const START_RATING: f64 = 1500.0;

/// A game between two accounts to rate, given with [`super::Finish`].
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    /// The game's key (`trictrac`, `ecrire`, `table`, `tafl`, `sugoroku`).
    pub game: String,
    /// The first account's id.
    pub first: String,
    /// The second account's id.
    pub second: String,
    /// The first account's score: 1 (a win), 0.5 (a draw) or 0 (a loss).
    pub score_first: f64,
}

impl Rated {
    /// Refuses a score outside 0..=1 and a game of an account against itself.
    pub(crate) fn check(&self) -> Result<(), DbError> {
        if !(0.0..=1.0).contains(&self.score_first) {
            return Err(DbError::Invalid(format!(
                "a rated game's score is 0, 0.5 or 1, not {}",
                self.score_first
            )));
        }
        if self.first == self.second {
            return Err(DbError::Invalid(format!(
                "account {} cannot be rated against itself",
                self.first
            )));
        }
        Ok(())
    }
}

/// An account's rating in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The game's key.
    pub game: String,
    /// The Elo rating.
    pub rating: f64,
    /// The rated games played.
    pub games: i64,
}

/// The expected score of a player rated `a` against one rated `b`:
/// `1 / (1 + 10^(-(a - b)/400))` (the Elo expectation; 0.5 between equals).
#[must_use]
pub fn expected_score(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(a - b) / 400.0))
}

/// Reads (creating at [`START_RATING`]) the rating of `account` in `game`, locked on
/// PostgreSQL until the transaction ends.
async fn rating_for_update(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    account: &str,
    game: &str,
) -> Result<(f64, i64), DbError> {
    let what = format!("reading the {game} rating of account {account}");
    sqlx::query(
        "INSERT INTO ratings (account_id, game, rating, games) VALUES ($1, $2, $3, 0) \
         ON CONFLICT (account_id, game) DO NOTHING",
    )
    .bind(account)
    .bind(game)
    .bind(START_RATING)
    .execute(&mut **tx)
    .await
    .map_err(|e| match DbError::from_sqlx(&what, &e) {
        DbError::NotFound(_) => DbError::NotFound(format!("no account {account}")),
        other => other,
    })?;
    // Two games of one account ending at once in two processes: PostgreSQL's row lock
    // makes the second read the first's result (SQLite has one writer at a time and no
    // `FOR UPDATE`).
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT rating, games FROM ratings WHERE account_id = $1 AND game = $2{lock}"
    ))
    .bind(account)
    .bind(game)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| DbError::from_sqlx(&what, &e))?;
    Ok((get(&row, "rating")?, get(&row, "games")?))
}

/// Applies the Elo update of one rated game inside `tx`.
pub(crate) async fn apply_rated(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    rated: &Rated,
) -> Result<(), DbError> {
    // Locked in the order of the ids, so that two games of the same two accounts ending
    // at once cannot wait for each other (a deadlock) on PostgreSQL.
    let ((ra, na), (rb, nb)) = if rated.first <= rated.second {
        let a = rating_for_update(tx, backend, &rated.first, &rated.game).await?;
        let b = rating_for_update(tx, backend, &rated.second, &rated.game).await?;
        (a, b)
    } else {
        let b = rating_for_update(tx, backend, &rated.second, &rated.game).await?;
        let a = rating_for_update(tx, backend, &rated.first, &rated.game).await?;
        (a, b)
    };
    let ea = expected_score(ra, rb);
    let delta = K_FACTOR * (rated.score_first - ea);
    for (account, rating, games) in [
        (&rated.first, ra + delta, na + 1),
        (&rated.second, rb - delta, nb + 1),
    ] {
        sqlx::query(
            "UPDATE ratings SET rating = $1, games = $2 WHERE account_id = $3 AND game = $4",
        )
        .bind(rating)
        .bind(games)
        .bind(account)
        .bind(&rated.game)
        .execute(&mut **tx)
        .await
        .map_err(|e| {
            DbError::from_sqlx(
                &format!("storing the {} rating of account {account}", rated.game),
                &e,
            )
        })?;
    }
    Ok(())
}

impl Db {
    /// An account's ratings, one per game it has played rated, by game key.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn ratings(&self, account_id: &str) -> Result<Vec<Rating>, DbError> {
        sqlx::query("SELECT game, rating, games FROM ratings WHERE account_id = $1 ORDER BY game")
            .bind(account_id)
            .fetch_all(self.pool())
            .await
            .map_err(|e| {
                DbError::from_sqlx(&format!("reading the ratings of account {account_id}"), &e)
            })?
            .iter()
            .map(|row| {
                Ok(Rating {
                    game: get(row, "game")?,
                    rating: get(row, "rating")?,
                    games: get(row, "games")?,
                })
            })
            .collect()
    }
}
