//! Rooms, their seats and their event logs (docs/online.md, "The model: a room is a log").

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use super::ratings::Rated;
use super::ratings::apply_rated;
use super::{Backend, Db, DbError, get};

/// The most events [`Db::events`] gives in one call.
pub const MAX_EVENTS: i64 = 100_000;

/// The most rooms [`Db::lobby`] and the most games [`Db::account_games`] give in one call.
pub const MAX_LIST: u32 = 1_000;

/// The statuses of a room.
const STATUSES: [&str; 3] = ["open", "playing", "over"];

/// The kinds of a seat.
const KINDS: [&str; 3] = ["open", "person", "bot"];

/// A room as stored: its game and specification, the commitment to its dice, its status.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomRow {
    /// The room's id (the invitation link's key).
    pub id: String,
    /// The game's key (`trictrac`, `ecrire`, `table`, `tafl`, `sugoroku`).
    pub game: String,
    /// The room's specification (JSON: the options, the clocks, the absence).
    pub spec: String,
    /// The seed of the dice and the bots (stored as the BIGINT of the same 64 bits).
    pub seed: u64,
    /// The salt of the commitment (hex).
    pub salt: String,
    /// The commitment shown to the players (hex SHA-256).
    pub commitment: String,
    /// Listed in the lobby.
    pub public: bool,
    /// `open`, `playing` or `over`.
    pub status: String,
    /// The result (JSON) once over.
    pub result: Option<String>,
    /// When the room was created (ms since 1970).
    pub created_ms: i64,
    /// When the game ended (ms since 1970).
    pub finished_ms: Option<i64>,
}

/// A seat of a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// The seat's number, from 0.
    pub seat: u32,
    /// `open`, `person` or `bot`.
    pub kind: String,
    /// The name shown (a guest's, an account's, a bot's).
    pub name: String,
    /// The account holding the seat, if any.
    pub account_id: Option<String>,
    /// The SHA-256 (hex) of the seat's token, if a person holds it.
    pub token_hash: Option<String>,
    /// When a connection of the seat was last seen (ms since 1970).
    pub last_seen_ms: Option<i64>,
}

/// An event of a room's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    /// Its sequence number in the room (0, 1, ...).
    pub seq: i64,
    /// The event (JSON).
    pub event: String,
    /// The server's time of the event (ms since 1970).
    pub at_ms: i64,
}

/// The end of a game, given to [`Db::append`].
#[derive(Debug, Clone, PartialEq)]
pub struct Finish {
    /// The result (JSON).
    pub result: String,
    /// When the game ended (ms since 1970).
    pub finished_ms: i64,
    /// The games between two accounts to rate (none against bots or guests).
    pub rated: Vec<Rated>,
}

/// A room with its seats (the lobby's entries).
#[derive(Debug, Clone, PartialEq)]
pub struct RoomSummary {
    /// The room.
    pub room: RoomRow,
    /// Its seats, by number.
    pub seats: Vec<SeatRow>,
}

/// A finished game of an account.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedGame {
    /// The room's id.
    pub room: String,
    /// The game's key.
    pub game: String,
    /// The result (JSON).
    pub result: Option<String>,
    /// When the game ended (ms since 1970).
    pub finished_ms: i64,
    /// The account's seat in it.
    pub seat: u32,
}

const ROOM_COLUMNS: &str =
    "id, game, spec, seed, salt, commitment, public, status, result, created_ms, finished_ms";
const SEAT_COLUMNS: &str = "seat, kind, name, account_id, token_hash, last_seen_ms";

fn room_of(row: &AnyRow) -> Result<RoomRow, DbError> {
    let seed: i64 = get(row, "seed")?;
    let public: i64 = get(row, "public")?;
    Ok(RoomRow {
        id: get(row, "id")?,
        game: get(row, "game")?,
        spec: get(row, "spec")?,
        // The BIGINT holds the seed's 64 bits.
        seed: seed as u64,
        salt: get(row, "salt")?,
        commitment: get(row, "commitment")?,
        public: public != 0,
        status: get(row, "status")?,
        result: get(row, "result")?,
        created_ms: get(row, "created_ms")?,
        finished_ms: get(row, "finished_ms")?,
    })
}

fn seat_of(row: &AnyRow) -> Result<SeatRow, DbError> {
    let seat: i64 = get(row, "seat")?;
    Ok(SeatRow {
        seat: u32::try_from(seat)
            .map_err(|_| DbError::Internal(format!("a stored seat number is {seat}")))?,
        kind: get(row, "kind")?,
        name: get(row, "name")?,
        account_id: get(row, "account_id")?,
        token_hash: get(row, "token_hash")?,
        last_seen_ms: get(row, "last_seen_ms")?,
    })
}

fn check_status(status: &str) -> Result<(), DbError> {
    if STATUSES.contains(&status) {
        Ok(())
    } else {
        Err(DbError::Invalid(format!(
            "a room's status is open, playing or over, not {status:?}"
        )))
    }
}

fn check_seat(seat: &SeatRow) -> Result<(), DbError> {
    if KINDS.contains(&seat.kind.as_str()) {
        Ok(())
    } else {
        Err(DbError::Invalid(format!(
            "seat {}: a seat's kind is open, person or bot, not {:?}",
            seat.seat, seat.kind
        )))
    }
}

/// Inserts or replaces the row of `seat` in `room_id`.
async fn put_seat(
    tx: &mut Transaction<'static, Any>,
    room_id: &str,
    seat: &SeatRow,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO seats (room_id, seat, kind, name, account_id, token_hash, last_seen_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (room_id, seat) DO UPDATE SET kind = excluded.kind, name = excluded.name, \
         account_id = excluded.account_id, token_hash = excluded.token_hash, \
         last_seen_ms = excluded.last_seen_ms",
    )
    .bind(room_id)
    .bind(i64::from(seat.seat))
    .bind(&seat.kind)
    .bind(&seat.name)
    .bind(seat.account_id.as_deref())
    .bind(seat.token_hash.as_deref())
    .bind(seat.last_seen_ms)
    .execute(&mut **tx)
    .await
    .map_err(|e| DbError::from_sqlx(&format!("room {room_id}: storing seat {}", seat.seat), &e))?;
    Ok(())
}

impl Db {
    /// Stores a new room and its seats, in one transaction.
    ///
    /// # Errors
    /// [`DbError::Conflict`] when the id is taken; [`DbError::Invalid`] for a status or a
    /// seat's kind not of the model; [`DbError::NotFound`] when a seat names an unknown
    /// account; [`DbError::Unavailable`] as every operation.
    pub async fn create_room(&self, room: &RoomRow, seats: &[SeatRow]) -> Result<(), DbError> {
        check_status(&room.status)?;
        for seat in seats {
            check_seat(seat)?;
        }
        let what = format!("creating room {}", room.id);
        let mut tx = self
            .pool()
            .begin()
            .await
            .map_err(|e| DbError::from_sqlx(&what, &e))?;
        sqlx::query(&format!(
            "INSERT INTO rooms ({ROOM_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
        ))
        .bind(&room.id)
        .bind(&room.game)
        .bind(&room.spec)
        // The seed's 64 bits as a BIGINT.
        .bind(room.seed as i64)
        .bind(&room.salt)
        .bind(&room.commitment)
        .bind(i64::from(room.public))
        .bind(&room.status)
        .bind(room.result.as_deref())
        .bind(room.created_ms)
        .bind(room.finished_ms)
        .execute(&mut *tx)
        .await
        .map_err(|e| match DbError::from_sqlx(&what, &e) {
            DbError::Conflict(_) => DbError::Conflict(format!("room {} exists", room.id)),
            other => other,
        })?;
        for seat in seats {
            put_seat(&mut tx, &room.id, seat).await?;
        }
        tx.commit().await.map_err(|e| DbError::from_sqlx(&what, &e))
    }

    /// The room `id`, if it exists.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn room(&self, id: &str) -> Result<Option<RoomRow>, DbError> {
        sqlx::query(&format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx(&format!("reading room {id}"), &e))?
            .map(|row| room_of(&row))
            .transpose()
    }

    /// The seats of a room, by number (none for an unknown room).
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn seats(&self, room_id: &str) -> Result<Vec<SeatRow>, DbError> {
        sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM seats WHERE room_id = $1 ORDER BY seat"
        ))
        .bind(room_id)
        .fetch_all(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx(&format!("reading the seats of room {room_id}"), &e))?
        .iter()
        .map(seat_of)
        .collect()
    }

    /// The seat of `room_id` whose token has the SHA-256 `token_hash`, if any.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn seat_by_token(
        &self,
        room_id: &str,
        token_hash: &str,
    ) -> Result<Option<SeatRow>, DbError> {
        sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM seats WHERE room_id = $1 AND token_hash = $2"
        ))
        .bind(room_id)
        .bind(token_hash)
        .fetch_optional(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx(&format!("reading a seat of room {room_id}"), &e))?
        .map(|row| seat_of(&row))
        .transpose()
    }

    /// The events of a room from sequence number `from_seq` on, in order, at most
    /// [`MAX_EVENTS`].
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn events(&self, room_id: &str, from_seq: i64) -> Result<Vec<EventRow>, DbError> {
        let rows = sqlx::query(
            "SELECT seq, event, at_ms FROM events WHERE room_id = $1 AND seq >= $2 \
             ORDER BY seq LIMIT $3",
        )
        .bind(room_id)
        .bind(from_seq)
        .bind(MAX_EVENTS)
        .fetch_all(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx(&format!("reading the events of room {room_id}"), &e))?;
        rows.iter()
            .map(|row| {
                Ok(EventRow {
                    seq: get(row, "seq")?,
                    event: get(row, "event")?,
                    at_ms: get(row, "at_ms")?,
                })
            })
            .collect()
    }

    /// Appends to a room's log, in one transaction committed before this returns `Ok`:
    /// inserts `events`, replaces the rows of the `seats` given, sets `status` when given,
    /// and applies `finish` when given (status `over`, the result, the time, and the Elo
    /// updates of its rated games: [`super::K_FACTOR`], from [`super::START_RATING`]). On
    /// PostgreSQL the transaction also notifies the channel `boardgames_room` with the
    /// room's id (see [`super::listen`]). Nothing is kept when anything fails.
    ///
    /// # Errors
    /// [`DbError::Conflict`] naming the sequence number when an event at it is already
    /// stored (another request or process appended first: reload the room);
    /// [`DbError::NotFound`] for an unknown room or account; [`DbError::Invalid`] for a
    /// status, a seat's kind or a rated game not of the model; [`DbError::Unavailable`] as
    /// every operation (nothing was stored: the append may be made again).
    pub async fn append(
        &self,
        room_id: &str,
        events: &[EventRow],
        seats: &[SeatRow],
        status: Option<&str>,
        finish: Option<&Finish>,
    ) -> Result<(), DbError> {
        if let Some(status) = status {
            check_status(status)?;
        }
        for seat in seats {
            check_seat(seat)?;
        }
        if let Some(finish) = finish {
            for rated in &finish.rated {
                rated.check()?;
            }
        }
        let what = format!("appending to room {room_id}");
        let mut tx = self
            .pool()
            .begin()
            .await
            .map_err(|e| DbError::from_sqlx(&what, &e))?;
        // The events first: in SQLite the first write takes the database's write lock, so
        // that no read of this transaction has to be upgraded (which SQLite refuses when
        // another writer came in between).
        for event in events {
            sqlx::query("INSERT INTO events (room_id, seq, event, at_ms) VALUES ($1, $2, $3, $4)")
                .bind(room_id)
                .bind(event.seq)
                .bind(&event.event)
                .bind(event.at_ms)
                .execute(&mut *tx)
                .await
                .map_err(|e| match DbError::from_sqlx(&what, &e) {
                    DbError::Conflict(_) => DbError::Conflict(format!(
                        "room {room_id}: event {} is already stored",
                        event.seq
                    )),
                    DbError::NotFound(_) => DbError::NotFound(format!("no room {room_id}")),
                    other => other,
                })?;
        }
        for seat in seats {
            put_seat(&mut tx, room_id, seat).await?;
        }
        if let Some(status) = status {
            let done = sqlx::query("UPDATE rooms SET status = $1 WHERE id = $2")
                .bind(status)
                .bind(room_id)
                .execute(&mut *tx)
                .await
                .map_err(|e| DbError::from_sqlx(&what, &e))?;
            if done.rows_affected() == 0 {
                return Err(DbError::NotFound(format!("no room {room_id}")));
            }
        }
        if let Some(finish) = finish {
            let done = sqlx::query(
                "UPDATE rooms SET status = 'over', result = $1, finished_ms = $2 WHERE id = $3",
            )
            .bind(&finish.result)
            .bind(finish.finished_ms)
            .bind(room_id)
            .execute(&mut *tx)
            .await
            .map_err(|e| DbError::from_sqlx(&what, &e))?;
            if done.rows_affected() == 0 {
                return Err(DbError::NotFound(format!("no room {room_id}")));
            }
            for rated in &finish.rated {
                apply_rated(&mut tx, self.backend(), rated).await?;
            }
        }
        if self.backend() == Backend::Postgres {
            // `pg_notify` returns `void`, a type the `Any` driver cannot decode: the call
            // is wrapped in a query that returns a count.
            sqlx::query("SELECT COUNT(*) AS n FROM (SELECT pg_notify($1, $2)) AS notified")
                .bind(super::listen::CHANNEL)
                .bind(room_id)
                .fetch_one(&mut *tx)
                .await
                .map_err(|e| DbError::from_sqlx(&what, &e))?;
        }
        tx.commit().await.map_err(|e| DbError::from_sqlx(&what, &e))
    }

    /// Sets the time a connection of each of `seats` was last seen.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn touch_seats(
        &self,
        room_id: &str,
        seats: &[u32],
        now_ms: i64,
    ) -> Result<(), DbError> {
        if seats.is_empty() {
            return Ok(());
        }
        let what = format!("touching the seats of room {room_id}");
        let mut tx = self
            .pool()
            .begin()
            .await
            .map_err(|e| DbError::from_sqlx(&what, &e))?;
        for &seat in seats {
            sqlx::query("UPDATE seats SET last_seen_ms = $1 WHERE room_id = $2 AND seat = $3")
                .bind(now_ms)
                .bind(room_id)
                .bind(i64::from(seat))
                .execute(&mut *tx)
                .await
                .map_err(|e| DbError::from_sqlx(&what, &e))?;
        }
        tx.commit().await.map_err(|e| DbError::from_sqlx(&what, &e))
    }

    /// [`Db::touch_seats`] for many rooms in one transaction: `rooms` are (room id, its
    /// seats seen). A process writes the presence of all its connected seats so every few
    /// seconds: one commit, not one a room.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn touch_seats_of(
        &self,
        rooms: &[(String, Vec<u32>)],
        now_ms: i64,
    ) -> Result<(), DbError> {
        if rooms.iter().all(|(_, seats)| seats.is_empty()) {
            return Ok(());
        }
        let what = format!("touching the seats of {} rooms", rooms.len());
        let mut tx = self
            .pool()
            .begin()
            .await
            .map_err(|e| DbError::from_sqlx(&what, &e))?;
        for (room_id, seats) in rooms {
            for &seat in seats {
                sqlx::query("UPDATE seats SET last_seen_ms = $1 WHERE room_id = $2 AND seat = $3")
                    .bind(now_ms)
                    .bind(room_id)
                    .bind(i64::from(seat))
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| DbError::from_sqlx(&what, &e))?;
            }
        }
        tx.commit().await.map_err(|e| DbError::from_sqlx(&what, &e))
    }

    /// The lobby: the public rooms whose status is `open`, newest first, at most `limit`
    /// (and at most [`MAX_LIST`]), each with its seats.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn lobby(&self, limit: u32) -> Result<Vec<RoomSummary>, DbError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROOM_COLUMNS} FROM rooms WHERE status = 'open' AND public = 1 \
             ORDER BY created_ms DESC, id DESC LIMIT $1"
        ))
        .bind(i64::from(limit.min(MAX_LIST)))
        .fetch_all(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx("reading the lobby", &e))?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let room = room_of(row)?;
            let seats = self.seats(&room.id).await?;
            out.push(RoomSummary { room, seats });
        }
        Ok(out)
    }

    /// The ids of the rooms whose game is not over (to rebuild at start), oldest first.
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn unfinished_rooms(&self) -> Result<Vec<String>, DbError> {
        sqlx::query("SELECT id FROM rooms WHERE status <> 'over' ORDER BY created_ms, id")
            .fetch_all(self.pool())
            .await
            .map_err(|e| DbError::from_sqlx("reading the unfinished rooms", &e))?
            .iter()
            .map(|row| get(row, "id"))
            .collect()
    }

    /// The finished games of an account, the last finished first, at most `limit` (and at
    /// most [`MAX_LIST`]).
    ///
    /// # Errors
    /// [`DbError::Unavailable`] and [`DbError::Internal`] as every operation.
    pub async fn account_games(
        &self,
        account_id: &str,
        limit: u32,
    ) -> Result<Vec<FinishedGame>, DbError> {
        let rows = sqlx::query(
            "SELECT r.id, r.game, r.result, COALESCE(r.finished_ms, 0) AS finished_ms, s.seat \
             FROM seats s JOIN rooms r ON r.id = s.room_id \
             WHERE s.account_id = $1 AND r.status = 'over' \
             ORDER BY finished_ms DESC, r.id DESC, s.seat LIMIT $2",
        )
        .bind(account_id)
        .bind(i64::from(limit.min(MAX_LIST)))
        .fetch_all(self.pool())
        .await
        .map_err(|e| DbError::from_sqlx("reading an account's games", &e))?;
        rows.iter()
            .map(|row| {
                let seat: i64 = get(row, "seat")?;
                Ok(FinishedGame {
                    room: get(row, "id")?,
                    game: get(row, "game")?,
                    result: get(row, "result")?,
                    finished_ms: get(row, "finished_ms")?,
                    seat: u32::try_from(seat).map_err(|_| {
                        DbError::Internal(format!("a stored seat number is {seat}"))
                    })?,
                })
            })
            .collect()
    }
}
