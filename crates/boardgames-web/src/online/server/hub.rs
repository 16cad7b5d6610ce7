//! The rooms a process holds ([`Hub`]): each loaded from its stored log, every change
//! stored before it is applied and broadcast to the room's connections, the dice thrown and
//! the bots' moves thought on blocking threads, clocks and absences watched, and the rooms
//! other processes changed replayed when the database says so.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use boardgames_common::Seed;
use tokio::sync::{Mutex, Semaphore, broadcast};

use crate::error::ApiError;
use crate::online::commitment::{commit, random_hex, token_hash};
use crate::online::protocol::ClientMessage;
use crate::online::room::{Event, Machine, Occupant, Room, Status};
use crate::online::spec::{NewRoom, RoomSpec};
use crate::online::store::{
    Backend, Changed, Db, DbError, EventRow, Finish, Rated, RoomRow, SeatRow, listen,
};

/// The most rooms a process holds in memory (rooms not being played give way first).
pub const MAX_LOADED_ROOMS: usize = 20_000;

/// How many times (a second apart) a room's dice and bots wait for a database that cannot
/// be read before they are left to the next message or reconnection.
const DRIVE_RETRIES: u32 = 120;

/// How often presence is written and absences are looked for.
pub(crate) const PRESENCE_EVERY: Duration = Duration::from_secs(5);

/// Milliseconds since 1970 now.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

pub(crate) fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Conflict(m) => ApiError::Refused(m),
        DbError::NotFound(_) => ApiError::NotFound,
        DbError::Invalid(m) => ApiError::BadRequest(m),
        DbError::Unavailable(m) => ApiError::Unavailable(m),
        DbError::Internal(m) => ApiError::internal(m),
    }
}

/// A room held in memory, with what the server adds to it.
pub(crate) struct Loaded {
    pub(crate) room: Room,
    pub(crate) commitment: String,
    pub(crate) salt: String,
    /// Connections open in this process, per seat.
    pub(crate) connections: Vec<usize>,
    /// When each seat was last seen by any process (ms), as last read (PostgreSQL).
    pub(crate) last_seen: Vec<Option<i64>>,
    /// Since when each seat has had no connection in this process (ms); `None` while it has.
    pub(crate) absent_since: Vec<Option<i64>>,
    /// Spectators' connections open in this process.
    pub(crate) watchers: usize,
    /// A bot of the room is thinking (one at a time).
    pub(crate) thinking: bool,
    /// The room in memory may hold events that were not stored (a store that failed and a
    /// log that could not be read again): it is rebuilt from the stored log before it is
    /// used or shown again.
    pub(crate) dirty: bool,
}

/// A room and its broadcast of changes (the sequence number after each).
pub(crate) struct Handle {
    pub(crate) id: String,
    pub(crate) loaded: Mutex<Loaded>,
    pub(crate) changes: broadcast::Sender<u64>,
}

/// The rooms of this process over the database.
pub struct Hub {
    pub(crate) db: Db,
    rooms: std::sync::Mutex<HashMap<String, Arc<Handle>>>,
    thinking: Arc<Semaphore>,
    /// The WebSocket connections open per address.
    addresses: Arc<std::sync::Mutex<HashMap<IpAddr, usize>>>,
}

/// A WebSocket connection counted against its address; uncounted when dropped.
#[derive(Debug)]
pub(crate) struct AddressSlot {
    addresses: Arc<std::sync::Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut addresses = crate::store::lock(&self.addresses);
        if let Some(n) = addresses.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                addresses.remove(&self.ip);
            }
        }
    }
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub").finish_non_exhaustive()
    }
}

/// A room created: its id and the creator's seat and token (none for a room of bots only,
/// which its creator watches).
#[derive(Debug, Clone)]
pub(crate) struct Created {
    pub(crate) room: String,
    pub(crate) seat: Option<usize>,
    pub(crate) token: Option<String>,
}

fn event_json(e: &Event) -> Result<String, ApiError> {
    serde_json::to_string(e).map_err(|e| ApiError::internal(e.to_string()))
}

impl Hub {
    /// A hub over `db`, its bots thinking on at most `cores` threads at once; the rooms left
    /// unfinished are loaded and go on (their dice, their bots, their clocks), and on
    /// PostgreSQL the changes of other processes are listened to.
    ///
    /// # Errors
    /// [`ApiError::Unavailable`] when the database cannot be read.
    pub async fn start(db: Db, url: &str, cores: usize) -> Result<Arc<Hub>, ApiError> {
        let hub = Arc::new(Hub {
            db,
            rooms: std::sync::Mutex::new(HashMap::new()),
            thinking: Arc::new(Semaphore::new(cores.max(1))),
            addresses: Arc::new(std::sync::Mutex::new(HashMap::new())),
        });
        // Listening first: what other processes store while the rooms load is heard.
        if url.starts_with("postgres") {
            let mut changes = listen(url).await.map_err(db_error)?;
            let weak = Arc::downgrade(&hub);
            tokio::spawn(async move {
                while let Some(change) = changes.recv().await {
                    let Some(hub) = weak.upgrade() else { break };
                    let ids: Vec<String> = match change {
                        Changed::Room(id) => vec![id],
                        Changed::All => hub.loaded_ids(),
                    };
                    for id in ids {
                        if let Some(handle) = hub.cached(&id) {
                            let _ = hub.sync(&handle).await;
                            hub.drive(&handle);
                        }
                    }
                }
            });
        }
        let unfinished = hub.db.unfinished_rooms().await.map_err(db_error)?;
        for id in unfinished {
            match hub.load(&id).await {
                Ok(handle) => hub.drive(&handle),
                Err(e) => eprintln!("boardgames serve: room {id} cannot be loaded: {e}"),
            }
        }
        let weak = Arc::downgrade(&hub);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            let mut presence = tokio::time::Instant::now();
            loop {
                tick.tick().await;
                let Some(hub) = weak.upgrade() else { break };
                hub.watch_clocks().await;
                if presence.elapsed() >= PRESENCE_EVERY {
                    presence = tokio::time::Instant::now();
                    hub.watch_presence().await;
                }
            }
        });
        Ok(hub)
    }

    /// Counts one more connection of `ip`, or refuses it past `max`.
    pub(crate) fn admit(&self, ip: IpAddr, max: usize) -> Result<AddressSlot, ApiError> {
        let mut addresses = crate::store::lock(&self.addresses);
        let n = addresses.entry(ip).or_insert(0);
        if *n >= max {
            return Err(ApiError::TooManyRequests(1));
        }
        *n += 1;
        Ok(AddressSlot {
            addresses: Arc::clone(&self.addresses),
            ip,
        })
    }

    fn loaded_ids(&self) -> Vec<String> {
        crate::store::lock(&self.rooms).keys().cloned().collect()
    }

    fn cached(&self, id: &str) -> Option<Arc<Handle>> {
        crate::store::lock(&self.rooms).get(id).cloned()
    }

    fn handles(&self) -> Vec<Arc<Handle>> {
        crate::store::lock(&self.rooms).values().cloned().collect()
    }

    /// The room `id`, from memory or from the database.
    ///
    /// # Errors
    /// [`ApiError::NotFound`], [`ApiError::Unavailable`].
    pub(crate) async fn load(&self, id: &str) -> Result<Arc<Handle>, ApiError> {
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::NotFound);
        }
        if let Some(h) = self.cached(id) {
            return Ok(h);
        }
        let (room, row) = self.build(id).await?;
        let seats = room.seats().len();
        let (changes, _) = broadcast::channel(64);
        let handle = Arc::new(Handle {
            id: id.to_owned(),
            loaded: Mutex::new(Loaded {
                room,
                commitment: row.commitment,
                salt: row.salt,
                connections: vec![0; seats],
                last_seen: vec![None; seats],
                absent_since: vec![Some(now_ms()); seats],
                watchers: 0,
                thinking: false,
                dirty: false,
            }),
            changes,
        });
        let mut rooms = crate::store::lock(&self.rooms);
        if rooms.len() >= MAX_LOADED_ROOMS {
            // Rooms not being played and without a connection give way (a room left is
            // loaded again from its log when asked for).
            let over: Vec<String> = rooms
                .iter()
                .filter(|(_, h)| {
                    h.loaded.try_lock().is_ok_and(|l| {
                        l.room.status() != Status::Playing
                            && l.connections.iter().all(|c| *c == 0)
                            && l.watchers == 0
                    })
                })
                .map(|(k, _)| k.clone())
                .take(rooms.len() / 10 + 1)
                .collect();
            for k in over {
                rooms.remove(&k);
            }
            if rooms.len() >= MAX_LOADED_ROOMS {
                return Err(ApiError::Busy(MAX_LOADED_ROOMS));
            }
        }
        Ok(Arc::clone(rooms.entry(id.to_owned()).or_insert(handle)))
    }

    /// The room `id` rebuilt from its stored log.
    async fn build(&self, id: &str) -> Result<(Room, RoomRow), ApiError> {
        let row = self
            .db
            .room(id)
            .await
            .map_err(db_error)?
            .ok_or(ApiError::NotFound)?;
        let spec: RoomSpec = serde_json::from_str(&row.spec)
            .map_err(|e| ApiError::internal(format!("room {id}: its specification: {e}")))?;
        let mut room = Room::new(spec, Seed(row.seed))?;
        let events = self.db.events(id, 0).await.map_err(db_error)?;
        for e in &events {
            let event: Event = serde_json::from_str(&e.event)
                .map_err(|x| ApiError::internal(format!("room {id} event {}: {x}", e.seq)))?;
            room.apply(&event, e.at_ms)
                .map_err(|x| ApiError::internal(format!("room {id} event {}: {x}", e.seq)))?;
        }
        Ok((room, row))
    }

    /// Applies the events other processes stored since the room's sequence number.
    pub(crate) async fn sync(&self, handle: &Arc<Handle>) -> Result<(), ApiError> {
        let mut loaded = handle.loaded.lock().await;
        self.sync_locked(handle, &mut loaded).await
    }

    async fn sync_locked(&self, handle: &Arc<Handle>, loaded: &mut Loaded) -> Result<(), ApiError> {
        if loaded.dirty {
            self.clean(handle, loaded).await?;
        }
        let from = loaded.room.seq();
        let events = self
            .db
            .events(&handle.id, i64::try_from(from).unwrap_or(i64::MAX))
            .await
            .map_err(db_error)?;
        if events.is_empty() {
            return Ok(());
        }
        for e in &events {
            let event: Event = serde_json::from_str(&e.event)
                .map_err(|x| ApiError::internal(format!("event {}: {x}", e.seq)))?;
            loaded.room.apply(&event, e.at_ms)?;
        }
        let _ = handle.changes.send(loaded.room.seq());
        Ok(())
    }

    /// Rebuilds a dirty room from its stored log, and tells its connections.
    ///
    /// # Errors
    /// [`ApiError::Unavailable`] while the database cannot be read (the room stays dirty).
    async fn clean(&self, handle: &Arc<Handle>, loaded: &mut Loaded) -> Result<(), ApiError> {
        if loaded.dirty {
            let (room, _) = self.build(&handle.id).await?;
            loaded.room = room;
            loaded.dirty = false;
            let _ = handle.changes.send(loaded.room.seq());
        }
        Ok(())
    }

    /// Stores `events` (made at `at`) after the room's last, then applies them and tells the
    /// room's connections; `seat_rows` are stored in the same transaction.
    async fn commit(
        &self,
        handle: &Arc<Handle>,
        loaded: &mut Loaded,
        events: &[Event],
        seat_rows: &[SeatRow],
        at: i64,
    ) -> Result<(), ApiError> {
        if events.is_empty() {
            return Ok(());
        }
        if loaded.dirty {
            // Events proposed on a room that may hold unstored ones: refused, the room
            // rebuilt (its connections then see it as stored).
            self.clean(handle, loaded).await?;
            return Err(ApiError::Stale(loaded.room.seq()));
        }
        // Applied first, stored then; when the store fails, the room is rebuilt from its
        // stored log (nothing unstored stays applied, nor is shown: while the log cannot be
        // read, the room is dirty, rebuilt before its next use).
        let start = loaded.room.seq();
        let before = loaded.room.status();
        let mut rows = Vec::with_capacity(events.len());
        let mut applied = Ok(());
        for (k, e) in events.iter().enumerate() {
            rows.push(EventRow {
                seq: i64::try_from(start + k as u64).unwrap_or(i64::MAX),
                event: event_json(e)?,
                at_ms: at,
            });
            if applied.is_ok() {
                applied = loaded.room.apply(e, at);
            }
        }
        let stored = match applied {
            Err(e) => Err(e),
            Ok(()) => {
                let after = &loaded.room;
                let status = (after.status() != before).then(|| after.status().key());
                let finish = match (after.status(), after.result()) {
                    (Status::Over, Some(result)) if before != Status::Over => Some(Finish {
                        result: serde_json::to_string(result)
                            .map_err(|e| ApiError::internal(e.to_string()))?,
                        finished_ms: at,
                        rated: after
                            .rated()
                            .into_iter()
                            .map(|(first, second, score_first)| Rated {
                                game: after.spec().game.clone(),
                                first,
                                second,
                                score_first,
                            })
                            .collect(),
                    }),
                    _ => None,
                };
                let status = if finish.is_some() { None } else { status };
                self.db
                    .append(&handle.id, &rows, seat_rows, status, finish.as_ref())
                    .await
                    .map_err(|e| match e {
                        DbError::Conflict(_) => ApiError::Stale(start),
                        e => db_error(e),
                    })
            }
        };
        if let Err(e) = stored {
            if loaded.room.seq() != start {
                match self.build(&handle.id).await {
                    Ok((room, _)) => loaded.room = room,
                    // Unreadable now: kept, but rebuilt before it is used or shown again
                    // (dropping it from memory would leave its connections on a copy that
                    // holds the unstored events and hears no change any more).
                    Err(_) => loaded.dirty = true,
                }
            }
            if !loaded.dirty {
                let _ = handle.changes.send(loaded.room.seq());
            }
            return Err(match e {
                ApiError::Stale(_) => ApiError::Stale(loaded.room.seq()),
                e => e,
            });
        }
        let _ = handle.changes.send(loaded.room.seq());
        Ok(())
    }

    /// Creates a room for `request`, its creator (a guest named `name`, or `account`)
    /// seated.
    pub(crate) async fn create(
        self: &Arc<Self>,
        request: &NewRoom,
        account: Option<(&str, &str)>,
    ) -> Result<Created, ApiError> {
        let spec = request.spec();
        let mut seed_bytes = [0u8; 8];
        getrandom::fill(&mut seed_bytes)
            .map_err(|e| ApiError::internal(format!("no random source: {e}")))?;
        let seed = u64::from_le_bytes(seed_bytes);
        let room = Room::new(spec.clone(), Seed(seed))?;
        let name = match account {
            Some((_, n)) => n.to_owned(),
            None => request.name.clone().unwrap_or_else(|| "guest".into()),
        };
        // A room of bots only is watched by its creator, who takes no seat.
        let bots_only = !room.seats().contains(&Occupant::Open);
        if bots_only && spec.clock.is_some() {
            // Its game starts before any event: no time to run the clocks from.
            return Err(ApiError::BadRequest(
                "a clock is for a room with a person's seat, not for bots only".into(),
            ));
        }
        let join = if bots_only {
            None
        } else {
            Some(room.propose_join(request.seat, &name, account.map(|a| a.0))?)
        };
        let rnd =
            |n| random_hex(n).map_err(|e| ApiError::internal(format!("no random source: {e}")));
        let id = rnd(16)?;
        let salt = rnd(16)?;
        let token = rnd(32)?;
        let now = now_ms();
        let row = RoomRow {
            id: id.clone(),
            game: spec.game.clone(),
            spec: serde_json::to_string(&spec).map_err(|e| ApiError::internal(e.to_string()))?,
            seed,
            salt: salt.clone(),
            commitment: commit(seed, &salt),
            public: request.public,
            status: room.status().key().into(),
            result: None,
            created_ms: now,
            finished_ms: None,
        };
        let seats: Vec<SeatRow> = room
            .seats()
            .iter()
            .enumerate()
            .map(|(k, o)| seat_row(k, o, None, None))
            .collect();
        self.db.create_room(&row, &seats).await.map_err(db_error)?;
        let handle = self.load(&id).await?;
        if let Some(join) = join {
            let mut loaded = handle.loaded.lock().await;
            let row = seat_row_of_join(&join, Some(token_hash(&token)), now);
            self.commit(&handle, &mut loaded, &[join], &[row], now)
                .await?;
        }
        self.drive(&handle);
        Ok(Created {
            room: id,
            seat: (!bots_only).then_some(request.seat),
            token: (!bots_only).then_some(token),
        })
    }

    /// A person takes `seat` of room `id`: the seat's token.
    pub(crate) async fn join(
        self: &Arc<Self>,
        id: &str,
        seat: usize,
        name: &str,
        account: Option<(&str, &str)>,
    ) -> Result<String, ApiError> {
        let handle = self.load(id).await?;
        let token =
            random_hex(32).map_err(|e| ApiError::internal(format!("no random source: {e}")))?;
        {
            let mut loaded = handle.loaded.lock().await;
            self.sync_locked(&handle, &mut loaded).await?;
            let name = account.map_or(name, |a| a.1);
            let join = loaded.room.propose_join(seat, name, account.map(|a| a.0))?;
            let now = now_ms();
            let row = seat_row_of_join(&join, Some(token_hash(&token)), now);
            self.commit(&handle, &mut loaded, &[join], &[row], now)
                .await?;
        }
        self.drive(&handle);
        Ok(token)
    }

    /// The seat whose token is `token` in room `id`.
    pub(crate) async fn seat_of_token(
        &self,
        id: &str,
        token: &str,
    ) -> Result<Option<usize>, ApiError> {
        if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        Ok(self
            .db
            .seat_by_token(id, &token_hash(token))
            .await
            .map_err(db_error)?
            .map(|s| s.seat as usize))
    }

    /// A message of a connection of `seat` (or a spectator's): stored and applied, or
    /// refused with nothing changed.
    pub(crate) async fn message(
        self: &Arc<Self>,
        handle: &Arc<Handle>,
        seat: Option<usize>,
        message: &ClientMessage,
    ) -> Result<(), ApiError> {
        {
            let mut loaded = handle.loaded.lock().await;
            self.clean(handle, &mut loaded).await?;
            let now = now_ms();
            let events = loaded.room.propose(seat, message, now)?;
            let rows: Vec<SeatRow> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Leave { seat } => Some(seat_row(*seat, &Occupant::Open, None, None)),
                    _ => None,
                })
                .collect();
            self.commit(handle, &mut loaded, &events, &rows, now)
                .await?;
        }
        self.drive(handle);
        Ok(())
    }

    /// Throws the room's dice and lets its bots play until a person is to act (on a task:
    /// the bots think on blocking threads, one room's bot at a time).
    pub(crate) fn drive(self: &Arc<Self>, handle: &Arc<Handle>) {
        let hub = Arc::clone(self);
        let handle = Arc::clone(handle);
        tokio::spawn(async move {
            // A failing database: a few tries, then the presence watch drives the room again.
            let mut failures = 0;
            let mut outage = 0u32;
            loop {
                if failures >= 5 {
                    return;
                }
                let mut loaded = handle.loaded.lock().await;
                if loaded.thinking {
                    return;
                }
                if hub.clean(&handle, &mut loaded).await.is_err() {
                    // The database cannot rebuild the room yet: tried again every second
                    // for a while, then left to the next message or the listener's
                    // reconnection.
                    drop(loaded);
                    outage += 1;
                    if outage > DRIVE_RETRIES {
                        return;
                    }
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
                match loaded.room.machine() {
                    None => return,
                    Some(Machine::Dice) => {
                        let now = now_ms();
                        let Ok(e) = loaded.room.throw() else { return };
                        if hub
                            .commit(&handle, &mut loaded, &[e], &[], now)
                            .await
                            .is_err()
                        {
                            drop(loaded);
                            failures += 1;
                            tokio::time::sleep(Duration::from_millis(500)).await;
                        }
                    }
                    Some(Machine::Bot { name, .. }) => {
                        let seq = loaded.room.seq();
                        let Ok(job) = loaded.room.think(&name) else {
                            return;
                        };
                        loaded.thinking = true;
                        drop(loaded);
                        let permit = Arc::clone(&hub.thinking).acquire_owned().await;
                        let choice = tokio::task::spawn_blocking(move || {
                            let _permit = permit;
                            job()
                        })
                        .await;
                        let mut loaded = handle.loaded.lock().await;
                        loaded.thinking = false;
                        let Ok(Ok(a)) = choice else { return };
                        if loaded.room.seq() == seq {
                            let now = now_ms();
                            if hub
                                .commit(&handle, &mut loaded, &[Event::Step { a }], &[], now)
                                .await
                                .is_err()
                            {
                                drop(loaded);
                                failures += 1;
                                tokio::time::sleep(Duration::from_millis(500)).await;
                            }
                        }
                    }
                }
            }
        });
    }

    /// Logs the flags of the clocks that fell.
    async fn watch_clocks(self: &Arc<Self>) {
        let now = now_ms();
        for handle in self.handles() {
            let Ok(mut loaded) = handle.loaded.try_lock() else {
                continue;
            };
            if loaded.dirty {
                continue;
            }
            if let Some(flag) = loaded.room.flag_due(now) {
                let _ = self.commit(&handle, &mut loaded, &[flag], &[], now).await;
            }
        }
    }

    /// Abandons the seats absent longer than their room allows, and goes on with the rooms
    /// whose dice or bots wait (after an outage of the database). A seat is absent when no
    /// connection of this process holds it and, on PostgreSQL (several processes), when no
    /// process has written its presence within the absence: the seats connected here are
    /// written every [`PRESENCE_EVERY`] (one transaction for every room). A room's lock is
    /// held a moment to read its connections and again to abandon a seat, never across the
    /// writes of the other rooms.
    async fn watch_presence(self: &Arc<Self>) {
        let now = now_ms();
        let shared = self.db.backend() == Backend::Postgres;
        let mut playing = Vec::new();
        for handle in self.handles() {
            let loaded = handle.loaded.lock().await;
            if loaded.dirty || loaded.room.status() != Status::Playing {
                continue;
            }
            let absence =
                i64::try_from(loaded.room.spec().absence_s).unwrap_or(i64::MAX / 2) * 1000;
            let gone: Vec<usize> = (0..loaded.connections.len())
                .filter(|&k| {
                    matches!(loaded.room.seats()[k], Occupant::Person { .. })
                        && loaded.connections[k] == 0
                        && loaded.absent_since[k].is_some_and(|t| now - t > absence)
                })
                .collect();
            let here: Vec<u32> = (0..loaded.connections.len())
                .filter(|&k| loaded.connections[k] > 0)
                .map(|k| k as u32)
                .collect();
            drop(loaded);
            playing.push((handle, here, gone, absence));
        }
        if shared {
            let touched: Vec<(String, Vec<u32>)> = playing
                .iter()
                .filter(|(_, here, _, _)| !here.is_empty())
                .map(|(h, here, _, _)| (h.id.clone(), here.clone()))
                .collect();
            let _ = self.db.touch_seats_of(&touched, now).await;
        }
        for (handle, _, mut gone, absence) in playing {
            if !gone.is_empty() && shared {
                // Another process may hold the seat: its presence is in the database.
                let Ok(rows) = self.db.seats(&handle.id).await else {
                    continue;
                };
                let mut loaded = handle.loaded.lock().await;
                for r in &rows {
                    if let Some(slot) = loaded.last_seen.get_mut(r.seat as usize) {
                        *slot = r.last_seen_ms;
                    }
                }
                gone.retain(|&k| loaded.last_seen[k].is_none_or(|t| now - t > absence));
            }
            if let Some(&seat) = gone.first() {
                let mut loaded = handle.loaded.lock().await;
                if let Some(e) = loaded.room.abandon(seat)
                    && loaded.connections.get(seat) == Some(&0)
                {
                    let _ = self.commit(&handle, &mut loaded, &[e], &[], now).await;
                }
            }
            self.drive(&handle);
        }
    }
}

/// The stored row of a seat.
fn seat_row(seat: usize, o: &Occupant, token_hash: Option<String>, seen: Option<i64>) -> SeatRow {
    let (kind, name, account) = match o {
        Occupant::Open => ("open", String::new(), None),
        Occupant::Person { name, account } => ("person", name.clone(), account.clone()),
        Occupant::Bot(b) => ("bot", b.clone(), None),
    };
    SeatRow {
        seat: seat as u32,
        kind: kind.into(),
        name,
        account_id: account,
        token_hash,
        last_seen_ms: seen,
    }
}

fn seat_row_of_join(join: &Event, token_hash: Option<String>, now: i64) -> SeatRow {
    match join {
        Event::Join {
            seat,
            name,
            account,
        } => seat_row(
            *seat,
            &Occupant::Person {
                name: name.clone(),
                account: account.clone(),
            },
            token_hash,
            Some(now),
        ),
        _ => seat_row(0, &Occupant::Open, None, None),
    }
}
