//! The storage of online play on both of its databases: every test runs on SQLite (a
//! temporary file) and on PostgreSQL (a private cluster started by the tests, one database
//! per test), none skipped. On PostgreSQL alone: the notifications between processes, and a
//! restart of the server under a pool and a listener.

mod support;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use boardgames_web::online::store::{
    Backend, Changed, Db, DbError, EventRow, Finish, Rated, RoomRow, SeatRow, listen, sha256_hex,
};
use support::postgres::Postgres;

/// Where a test's database is: its URL, and the temporary directory of a SQLite file
/// (removed at the end).
struct Target {
    url: String,
    backend: Backend,
    dir: Option<PathBuf>,
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A name no other test of this process uses.
fn unique(prefix: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "{prefix}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

impl Target {
    fn sqlite() -> Target {
        let dir = std::env::temp_dir().join(unique("boardgames-store"));
        std::fs::create_dir_all(&dir).unwrap();
        Target {
            url: format!("sqlite://{}", dir.join("online.sqlite").display()),
            backend: Backend::Sqlite,
            dir: Some(dir),
        }
    }

    fn postgres() -> Target {
        let url = Postgres::shared().create_database(&unique("store"));
        Target {
            url,
            backend: Backend::Postgres,
            dir: None,
        }
    }

    async fn open(&self) -> Db {
        let db = Db::open(&self.url).await.unwrap();
        assert_eq!(db.backend(), self.backend);
        db
    }
}

/// Each test function `name(&Target)` run on SQLite and on PostgreSQL.
macro_rules! both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name(&super::Target::sqlite()).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name(&super::Target::postgres()).await;
            }
        }
    )*};
}

both!(
    migrations_run_once,
    accounts_names_and_passwords,
    logins,
    password_change_ends_other_sessions,
    sessions_live_expire_and_end,
    rooms_and_seats,
    append_is_atomic,
    finish_rates_the_accounts,
    lobby_and_unfinished_rooms,
    touch_seats_sets_last_seen,
    racing_appends_commit_once,
    racing_finishes_rate_every_game,
);

const NOW: i64 = 1_700_000_000_000;

fn room(id: &str, status: &str, public: bool, created_ms: i64) -> RoomRow {
    RoomRow {
        id: id.into(),
        game: "tafl".into(),
        spec: r#"{"rules":"brandubh"}"#.into(),
        seed: 0xdead_beef_0000_0001,
        salt: "00112233445566778899aabbccddeeff".into(),
        commitment: "c0ffee".into(),
        public,
        status: status.into(),
        result: None,
        created_ms,
        finished_ms: None,
    }
}

fn seat(seat: u32, kind: &str, name: &str) -> SeatRow {
    SeatRow {
        seat,
        kind: kind.into(),
        name: name.into(),
        account_id: None,
        token_hash: None,
        last_seen_ms: None,
    }
}

fn event(seq: i64, text: &str) -> EventRow {
    EventRow {
        seq,
        event: format!(r#"{{"type":"{text}"}}"#),
        at_ms: NOW + seq,
    }
}

async fn migrations_run_once(t: &Target) {
    let db = t.open().await;
    let alice = db
        .create_account("alice", "correct horse", NOW)
        .await
        .unwrap();
    drop(db);
    // Opened again: the migration is not run twice, and the data is there.
    let db = t.open().await;
    assert_eq!(db.account_by_name("alice").await.unwrap(), Some(alice));
    let again = Db::open(&t.url).await.unwrap();
    assert_eq!(again.account_by_name("nobody").await.unwrap(), None);
}

async fn accounts_names_and_passwords(t: &Target) {
    let db = t.open().await;
    let a = db
        .create_account("Alice_1", "password1", NOW)
        .await
        .unwrap();
    assert_eq!(a.name, "Alice_1");
    assert_eq!(a.id.len(), 32);
    match db.create_account("aLICE_1", "password2", NOW).await {
        Err(DbError::Conflict(m)) => assert!(m.contains("aLICE_1 is taken"), "{m}"),
        other => panic!("a name taken in another case: {other:?}"),
    }
    for bad in [
        "ab",
        "abcdefghijklmnopqrstuvwxy",
        "al ice",
        "élise",
        "bob!",
        "",
    ] {
        match db.create_account(bad, "password1", NOW).await {
            Err(DbError::Invalid(m)) => assert!(m.contains("name"), "{bad}: {m}"),
            other => panic!("name {bad:?}: {other:?}"),
        }
    }
    // 24 characters and every allowed kind: accepted.
    db.create_account("Zz09_-abcdefghijklmnopqr", "password1", NOW)
        .await
        .unwrap();
    for bad in ["short", "1234567", &"x".repeat(129)] {
        match db.create_account("bob", bad, NOW).await {
            Err(DbError::Invalid(m)) => {
                assert!(m.contains("8 to 128 characters"), "{m}");
                assert!(!m.contains(bad), "the message holds the password: {m}");
            }
            other => panic!("password of {} characters: {other:?}", bad.len()),
        }
    }
    // 8 characters, counted as characters (not bytes).
    let bob = db.create_account("bob", "éééééééé", NOW).await.unwrap();
    assert_eq!(db.account_by_name("BOB").await.unwrap(), Some(bob.clone()));
    assert_eq!(db.account_by_name("carol").await.unwrap(), None);
    assert_eq!(db.account_by_name("no such name!").await.unwrap(), None);
    let hash = db.password_hash(&bob.id).await.unwrap();
    assert!(
        hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{hash}"
    );
    assert!(!hash.contains("éééééééé"));
    // Two accounts with one password: two salts, two hashes.
    let c = db.create_account("carol", "password1", NOW).await.unwrap();
    assert_ne!(
        db.password_hash(&c.id).await.unwrap(),
        db.password_hash(&a.id).await.unwrap()
    );
}

async fn logins(t: &Target) {
    let db = t.open().await;
    let a = db
        .create_account("Alice", "s3cret-pass", NOW)
        .await
        .unwrap();
    assert_eq!(db.check_password("alice", "s3cret-pass").await.unwrap(), a);
    assert_eq!(db.check_password("ALICE", "s3cret-pass").await.unwrap(), a);
    let wrong = db.check_password("alice", "s3cret-pasS").await.unwrap_err();
    let unknown = db
        .check_password("mallory", "s3cret-pass")
        .await
        .unwrap_err();
    let bad_name = db.check_password("a b", "s3cret-pass").await.unwrap_err();
    let short = db.check_password("alice", "s3").await.unwrap_err();
    let expected = DbError::NotFound("wrong name or password".into());
    assert_eq!(wrong, expected);
    assert_eq!(unknown, expected);
    assert_eq!(bad_name, expected);
    assert_eq!(short, expected);
}

async fn password_change_ends_other_sessions(t: &Target) {
    let db = t.open().await;
    let a = db
        .create_account("alice", "old password", NOW)
        .await
        .unwrap();
    let kept = db.create_session(&a.id, NOW).await.unwrap();
    let other = db.create_session(&a.id, NOW).await.unwrap();
    let b = db.create_account("bob", "bob password", NOW).await.unwrap();
    let bobs = db.create_session(&b.id, NOW).await.unwrap();
    // The current password wrong: refused, nothing changed.
    assert_eq!(
        db.change_password(&a.id, "not the password", "new password", &kept.token)
            .await,
        Err(DbError::Invalid("the current password is wrong".into()))
    );
    assert!(db.session(&other.token, NOW).await.unwrap().is_some());
    assert!(matches!(
        db.change_password(&a.id, "old password", "short", &kept.token)
            .await,
        Err(DbError::Invalid(_))
    ));
    assert!(matches!(
        db.change_password("0000", "old password", "new password", &kept.token)
            .await,
        Err(DbError::NotFound(_))
    ));
    db.check_password("alice", "old password").await.unwrap();
    db.change_password(&a.id, "old password", "new password", &kept.token)
        .await
        .unwrap();
    assert_eq!(
        db.session(&kept.token, NOW)
            .await
            .unwrap()
            .map(|s| s.account),
        Some(a.clone())
    );
    assert_eq!(db.session(&other.token, NOW).await.unwrap(), None);
    // Another account's session is untouched.
    assert_eq!(
        db.session(&bobs.token, NOW)
            .await
            .unwrap()
            .map(|s| s.account),
        Some(b)
    );
    assert!(db.check_password("alice", "old password").await.is_err());
    assert_eq!(db.check_password("alice", "new password").await.unwrap(), a);
}

async fn sessions_live_expire_and_end(t: &Target) {
    let db = t.open().await;
    let a = db.create_account("alice", "password1", NOW).await.unwrap();
    let s = db.create_session(&a.id, NOW).await.unwrap();
    for token in [&s.token, &s.csrf] {
        assert_eq!(token.len(), 64);
        assert!(
            token
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
    }
    assert_ne!(s.token, s.csrf);
    let live = db.session(&s.token, NOW).await.unwrap().unwrap();
    assert_eq!(live.account, a);
    assert_eq!(live.csrf, s.csrf);
    // Thirty days: live at the last millisecond, expired at the end.
    let thirty_days = 30 * 24 * 3600 * 1000;
    assert!(
        db.session(&s.token, NOW + thirty_days - 1)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(db.session(&s.token, NOW + thirty_days).await.unwrap(), None);
    // Unknown, malformed, upper case, or the stored hash itself: none.
    let unknown = "0".repeat(64);
    let upper = s.token.to_ascii_uppercase();
    let hash = sha256_hex(&s.token);
    for token in [unknown.as_str(), "", "xyz", upper.as_str(), hash.as_str()] {
        if token != s.token {
            assert_eq!(db.session(token, NOW).await.unwrap(), None, "{token}");
        }
    }
    // A session of an unknown account cannot be made.
    assert!(matches!(
        db.create_session("no account", NOW).await,
        Err(DbError::NotFound(_))
    ));
    db.end_session(&s.token).await.unwrap();
    assert_eq!(db.session(&s.token, NOW).await.unwrap(), None);
    db.end_session(&s.token).await.unwrap();
    db.end_session("malformed").await.unwrap();
}

async fn rooms_and_seats(t: &Target) {
    let db = t.open().await;
    let a = db.create_account("alice", "password1", NOW).await.unwrap();
    let mut r = room("r1", "open", true, NOW);
    r.seed = u64::MAX - 5; // above i64::MAX: its 64 bits go through the BIGINT
    let token_hash = sha256_hex("seat token");
    let seats = vec![
        SeatRow {
            account_id: Some(a.id.clone()),
            token_hash: Some(token_hash.clone()),
            last_seen_ms: Some(NOW),
            ..seat(0, "person", "alice")
        },
        seat(1, "open", ""),
    ];
    db.create_room(&r, &seats).await.unwrap();
    assert_eq!(db.room("r1").await.unwrap(), Some(r.clone()));
    assert_eq!(db.room("r2").await.unwrap(), None);
    assert_eq!(db.seats("r1").await.unwrap(), seats);
    assert_eq!(db.seats("r2").await.unwrap(), vec![]);
    assert_eq!(
        db.seat_by_token("r1", &token_hash).await.unwrap(),
        Some(seats[0].clone())
    );
    assert_eq!(
        db.seat_by_token("r1", &sha256_hex("other")).await.unwrap(),
        None
    );
    assert_eq!(db.seat_by_token("r2", &token_hash).await.unwrap(), None);
    match db.create_room(&r, &seats).await {
        Err(DbError::Conflict(m)) => assert_eq!(m, "room r1 exists"),
        other => panic!("{other:?}"),
    }
    // Refused before the database: nothing stored.
    assert!(matches!(
        db.create_room(&room("r3", "started", true, NOW), &[]).await,
        Err(DbError::Invalid(_))
    ));
    assert!(matches!(
        db.create_room(&room("r3", "open", true, NOW), &[seat(0, "robot", "x")])
            .await,
        Err(DbError::Invalid(_))
    ));
    // A seat of an unknown account: nothing of the room is kept.
    let ghost = SeatRow {
        account_id: Some("ghost".into()),
        ..seat(0, "person", "ghost")
    };
    assert!(matches!(
        db.create_room(&room("r3", "open", true, NOW), &[ghost])
            .await,
        Err(DbError::NotFound(_))
    ));
    assert_eq!(db.room("r3").await.unwrap(), None);
}

async fn append_is_atomic(t: &Target) {
    let db = t.open().await;
    db.create_room(
        &room("r", "open", true, NOW),
        &[seat(0, "open", ""), seat(1, "bot", "random")],
    )
    .await
    .unwrap();
    db.append("r", &[event(0, "join"), event(1, "join")], &[], None, None)
        .await
        .unwrap();
    let joined = SeatRow {
        token_hash: Some(sha256_hex("t0")),
        ..seat(0, "person", "ann")
    };
    db.append(
        "r",
        &[event(2, "act")],
        std::slice::from_ref(&joined),
        Some("playing"),
        None,
    )
    .await
    .unwrap();
    assert_eq!(db.room("r").await.unwrap().unwrap().status, "playing");
    assert_eq!(db.seats("r").await.unwrap()[0], joined);
    // Event 3 is new but 2 is taken: the whole transaction is refused.
    let left = seat(0, "open", "");
    match db
        .append(
            "r",
            &[event(3, "act"), event(2, "act")],
            &[left],
            Some("open"),
            None,
        )
        .await
    {
        Err(DbError::Conflict(m)) => assert_eq!(m, "room r: event 2 is already stored"),
        other => panic!("{other:?}"),
    }
    let events = db.events("r", 0).await.unwrap();
    assert_eq!(
        events,
        vec![event(0, "join"), event(1, "join"), event(2, "act")]
    );
    assert_eq!(db.seats("r").await.unwrap()[0], joined);
    assert_eq!(db.room("r").await.unwrap().unwrap().status, "playing");
    // A finish behind a taken seq is not applied either.
    let finish = Finish {
        result: r#"{"winner":0}"#.into(),
        finished_ms: NOW + 9,
        rated: vec![],
    };
    assert!(matches!(
        db.append("r", &[event(0, "act")], &[], None, Some(&finish))
            .await,
        Err(DbError::Conflict(_))
    ));
    assert_eq!(db.room("r").await.unwrap().unwrap().result, None);
    // events(from): from a sequence number on, in order; none past the end.
    assert_eq!(
        db.events("r", 1).await.unwrap(),
        vec![event(1, "join"), event(2, "act")]
    );
    assert_eq!(db.events("r", 3).await.unwrap(), vec![]);
    assert_eq!(db.events("elsewhere", 0).await.unwrap(), vec![]);
    db.append("r", &[event(3, "act")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(db.events("r", 3).await.unwrap(), vec![event(3, "act")]);
    // Unknown room; a status not of the model.
    assert!(matches!(
        db.append("nowhere", &[event(0, "join")], &[], None, None)
            .await,
        Err(DbError::NotFound(_))
    ));
    assert!(matches!(
        db.append("nowhere", &[], &[], Some("playing"), None).await,
        Err(DbError::NotFound(_))
    ));
    assert!(matches!(
        db.append("r", &[event(4, "x")], &[], Some("paused"), None)
            .await,
        Err(DbError::Invalid(_))
    ));
    assert_eq!(db.events("r", 4).await.unwrap(), vec![]);
}

/// Two accounts seated in a new room `id` of `game`.
async fn seated(db: &Db, id: &str, game: &str, first: &str, second: &str) {
    let mut r = room(id, "playing", true, NOW);
    r.game = game.into();
    let seats = [
        SeatRow {
            account_id: Some(first.into()),
            ..seat(0, "person", "first")
        },
        SeatRow {
            account_id: Some(second.into()),
            ..seat(1, "person", "second")
        },
    ];
    db.create_room(&r, &seats).await.unwrap();
}

async fn finish_rates_the_accounts(t: &Target) {
    let db = t.open().await;
    let a = db.create_account("alice", "password1", NOW).await.unwrap();
    let b = db.create_account("bob", "password1", NOW).await.unwrap();
    let c = db.create_account("carol", "password1", NOW).await.unwrap();
    let d = db.create_account("dave", "password1", NOW).await.unwrap();
    seated(&db, "g1", "tafl", &a.id, &b.id).await;
    let won = Finish {
        result: r#"{"winner":0}"#.into(),
        finished_ms: NOW + 100,
        rated: vec![Rated {
            game: "tafl".into(),
            first: a.id.clone(),
            second: b.id.clone(),
            score_first: 1.0,
        }],
    };
    db.append("g1", &[event(0, "resign")], &[], None, Some(&won))
        .await
        .unwrap();
    let g1 = db.room("g1").await.unwrap().unwrap();
    assert_eq!(g1.status, "over");
    assert_eq!(g1.result.as_deref(), Some(r#"{"winner":0}"#));
    assert_eq!(g1.finished_ms, Some(NOW + 100));
    // 1500 against 1500, expected 0.5: K = 24 moves 12 points each way.
    let ra = db.ratings(&a.id).await.unwrap();
    let rb = db.ratings(&b.id).await.unwrap();
    assert_eq!(
        (ra[0].game.as_str(), ra[0].rating, ra[0].games),
        ("tafl", 1512.0, 1)
    );
    assert_eq!(
        (rb[0].game.as_str(), rb[0].rating, rb[0].games),
        ("tafl", 1488.0, 1)
    );
    // A draw between equals leaves them at 1500.
    seated(&db, "g2", "trictrac", &c.id, &d.id).await;
    let drawn = Finish {
        result: r#"{"draw":true}"#.into(),
        finished_ms: NOW + 200,
        rated: vec![Rated {
            game: "trictrac".into(),
            first: c.id.clone(),
            second: d.id.clone(),
            score_first: 0.5,
        }],
    };
    db.append("g2", &[event(0, "accept_draw")], &[], None, Some(&drawn))
        .await
        .unwrap();
    for id in [&c.id, &d.id] {
        let r = db.ratings(id).await.unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].game.as_str(), r[0].rating, r[0].games),
            ("trictrac", 1500.0, 1)
        );
    }
    // A draw of 1512 against 1488: the expected score of the stronger is
    // 1/(1 + 10^(-24/400)) = 0.53448..., so it loses 24 × 0.03448... = 0.8276 points.
    seated(&db, "g3", "tafl", &a.id, &b.id).await;
    let drawn = Finish {
        result: r#"{"draw":true}"#.into(),
        finished_ms: NOW + 300,
        rated: vec![Rated {
            game: "tafl".into(),
            first: a.id.clone(),
            second: b.id.clone(),
            score_first: 0.5,
        }],
    };
    db.append("g3", &[event(0, "accept_draw")], &[], None, Some(&drawn))
        .await
        .unwrap();
    let ra = &db.ratings(&a.id).await.unwrap()[0];
    let rb = &db.ratings(&b.id).await.unwrap()[0];
    assert!((ra.rating - 1511.1724).abs() < 1e-4, "{}", ra.rating);
    assert!((rb.rating - 1488.8276).abs() < 1e-4, "{}", rb.rating);
    assert_eq!((ra.games, rb.games), (2, 2));
    // Per game: alice has a tafl rating only.
    assert_eq!(db.ratings(&a.id).await.unwrap().len(), 1);
    // An account's finished games, the last finished first, with its seat.
    let games = db.account_games(&a.id, 10).await.unwrap();
    let summary: Vec<_> = games
        .iter()
        .map(|g| (g.room.as_str(), g.game.as_str(), g.seat, g.finished_ms))
        .collect();
    assert_eq!(
        summary,
        vec![("g3", "tafl", 0, NOW + 300), ("g1", "tafl", 0, NOW + 100)]
    );
    assert_eq!(games[1].result.as_deref(), Some(r#"{"winner":0}"#));
    assert_eq!(db.account_games(&b.id, 1).await.unwrap()[0].seat, 1);
    assert_eq!(db.account_games(&b.id, 1).await.unwrap().len(), 1);
    // A game not over is not listed.
    let e = db.create_account("erin", "password1", NOW).await.unwrap();
    seated(&db, "g4", "tafl", &e.id, &d.id).await;
    assert_eq!(db.account_games(&e.id, 10).await.unwrap(), vec![]);
    assert_eq!(db.ratings(&e.id).await.unwrap(), vec![]);
    // Refused: a score out of range, an account against itself, an unknown account; the
    // room stays as it was.
    for bad in [
        Rated {
            game: "tafl".into(),
            first: e.id.clone(),
            second: d.id.clone(),
            score_first: 2.0,
        },
        Rated {
            game: "tafl".into(),
            first: e.id.clone(),
            second: e.id.clone(),
            score_first: 1.0,
        },
    ] {
        let f = Finish {
            result: "{}".into(),
            finished_ms: NOW,
            rated: vec![bad],
        };
        assert!(matches!(
            db.append("g4", &[event(0, "x")], &[], None, Some(&f)).await,
            Err(DbError::Invalid(_))
        ));
    }
    let f = Finish {
        result: "{}".into(),
        finished_ms: NOW,
        rated: vec![Rated {
            game: "tafl".into(),
            first: e.id.clone(),
            second: "ghost".into(),
            score_first: 1.0,
        }],
    };
    assert!(matches!(
        db.append("g4", &[event(0, "x")], &[], None, Some(&f)).await,
        Err(DbError::NotFound(_))
    ));
    assert_eq!(db.room("g4").await.unwrap().unwrap().status, "playing");
    assert_eq!(db.events("g4", 0).await.unwrap(), vec![]);
    assert_eq!(db.ratings(&e.id).await.unwrap(), vec![]);
}

async fn lobby_and_unfinished_rooms(t: &Target) {
    let db = t.open().await;
    for (id, status, public, created) in [
        ("old", "open", true, NOW + 100),
        ("new", "open", true, NOW + 300),
        ("private", "open", false, NOW + 400),
        ("playing", "playing", true, NOW + 500),
        ("over", "over", true, NOW + 600),
        ("middle", "open", true, NOW + 200),
    ] {
        db.create_room(
            &room(id, status, public, created),
            &[seat(0, "open", ""), seat(1, "bot", "mcts")],
        )
        .await
        .unwrap();
    }
    let lobby = db.lobby(10).await.unwrap();
    let ids: Vec<_> = lobby.iter().map(|s| s.room.id.as_str()).collect();
    assert_eq!(ids, ["new", "middle", "old"]);
    assert_eq!(
        lobby[0].seats,
        vec![seat(0, "open", ""), seat(1, "bot", "mcts")]
    );
    let ids: Vec<_> = db
        .lobby(2)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.room.id)
        .collect();
    assert_eq!(ids, ["new", "middle"]);
    assert_eq!(db.lobby(0).await.unwrap(), vec![]);
    // A room that starts leaves the lobby.
    db.append("new", &[event(0, "join")], &[], Some("playing"), None)
        .await
        .unwrap();
    let ids: Vec<_> = db
        .lobby(10)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.room.id)
        .collect();
    assert_eq!(ids, ["middle", "old"]);
    // Every room not over, oldest first.
    assert_eq!(
        db.unfinished_rooms().await.unwrap(),
        ["old", "middle", "new", "private", "playing"]
    );
}

async fn touch_seats_sets_last_seen(t: &Target) {
    let db = t.open().await;
    let seats = [
        seat(0, "person", "ann"),
        seat(1, "person", "ben"),
        seat(2, "bot", "x"),
    ];
    db.create_room(&room("r", "playing", false, NOW), &seats)
        .await
        .unwrap();
    db.touch_seats("r", &[0, 2], NOW + 5_000).await.unwrap();
    let got: Vec<_> = db
        .seats("r")
        .await
        .unwrap()
        .iter()
        .map(|s| s.last_seen_ms)
        .collect();
    assert_eq!(got, [Some(NOW + 5_000), None, Some(NOW + 5_000)]);
    db.touch_seats("r", &[1], NOW + 10_000).await.unwrap();
    db.touch_seats("r", &[], NOW + 20_000).await.unwrap();
    db.touch_seats("r", &[7], NOW + 20_000).await.unwrap();
    let got: Vec<_> = db
        .seats("r")
        .await
        .unwrap()
        .iter()
        .map(|s| s.last_seen_ms)
        .collect();
    assert_eq!(
        got,
        [Some(NOW + 5_000), Some(NOW + 10_000), Some(NOW + 5_000)]
    );
}

/// Appends racing for one sequence number (two requests, or two processes through two
/// pools): exactly one commits, every other is a conflict (never a busy or locked error).
async fn racing_appends_commit_once(t: &Target) {
    let one = t.open().await;
    let two = t.open().await;
    one.create_room(
        &room("r", "playing", true, NOW),
        &[seat(0, "person", "ann")],
    )
    .await
    .unwrap();
    one.append("r", &[event(0, "join")], &[], None, None)
        .await
        .unwrap();
    for seq in 1..4 {
        let mut tasks = Vec::new();
        for i in 0..8 {
            let db = if i % 2 == 0 { one.clone() } else { two.clone() };
            tasks.push(tokio::spawn(async move {
                let mut e = event(seq, "act");
                e.event = format!(r#"{{"type":"act","by":{i}}}"#);
                let touched = SeatRow {
                    last_seen_ms: Some(i),
                    ..seat(0, "person", "ann")
                };
                db.append("r", &[e], &[touched], None, None).await
            }));
        }
        let mut won = Vec::new();
        for (i, task) in tasks.into_iter().enumerate() {
            match task.await.unwrap() {
                Ok(()) => won.push(i as i64),
                Err(DbError::Conflict(m)) => {
                    assert_eq!(m, format!("room r: event {seq} is already stored"));
                }
                Err(e) => panic!("append {i} at {seq}: {e}"),
            }
        }
        assert_eq!(won.len(), 1, "at {seq}: {won:?}");
        // The winner's seat row was stored with its event, and no loser's.
        let stored = one.events("r", seq).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(
            stored[0].event,
            format!(r#"{{"type":"act","by":{}}}"#, won[0])
        );
        assert_eq!(one.seats("r").await.unwrap()[0].last_seen_ms, Some(won[0]));
    }
}

/// Games of the same two accounts ending at once, in both seat orders: every game is
/// rated once (no update lost, no deadlock).
async fn racing_finishes_rate_every_game(t: &Target) {
    let db = t.open().await;
    let a = db.create_account("alice", "password1", NOW).await.unwrap();
    let b = db.create_account("bob", "password1", NOW).await.unwrap();
    let mut tasks = Vec::new();
    for i in 0..6 {
        let (first, second) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let id = format!("g{i}");
        seated(&db, &id, "tafl", &first.id, &second.id).await;
        let finish = Finish {
            result: "{}".into(),
            finished_ms: NOW + i,
            rated: vec![Rated {
                game: "tafl".into(),
                first: first.id.clone(),
                second: second.id.clone(),
                score_first: 0.5,
            }],
        };
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            db.append(&id, &[event(0, "accept_draw")], &[], None, Some(&finish))
                .await
        }));
    }
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let ra = &db.ratings(&a.id).await.unwrap()[0];
    let rb = &db.ratings(&b.id).await.unwrap()[0];
    assert_eq!((ra.games, rb.games), (6, 6));
    // Draws between equals: nobody moves.
    assert_eq!((ra.rating, rb.rating), (1500.0, 1500.0));
}

#[tokio::test]
async fn urls_of_other_schemes_are_refused() {
    for url in [
        "mysql://root@localhost/db",
        "boardgames.sqlite",
        "sqlite://",
        "http://x",
    ] {
        match Db::open(url).await {
            Err(DbError::Invalid(m)) => assert!(
                m.contains("sqlite://PATH"),
                "{url}: the message names the accepted schemes: {m}"
            ),
            other => panic!("{url}: {other:?}"),
        }
    }
    let m = Db::open("mysql://root:hunter2@localhost/db")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        !m.contains("hunter2"),
        "the message holds the password: {m}"
    );
    assert!(matches!(
        listen("sqlite://x.sqlite").await,
        Err(DbError::Invalid(_))
    ));
}

#[tokio::test]
async fn sqlite_in_memory() {
    let db = Db::open("sqlite::memory:").await.unwrap();
    assert_eq!(db.backend(), Backend::Sqlite);
    let a = db.create_account("alice", "password1", NOW).await.unwrap();
    // One connection: what one call stored, the next one reads.
    assert_eq!(db.account_by_name("alice").await.unwrap(), Some(a));
}

/// The next message of `rx`, failing after `secs` seconds.
async fn next(rx: &mut tokio::sync::mpsc::Receiver<Changed>, secs: u64) -> Changed {
    tokio::time::timeout(Duration::from_secs(secs), rx.recv())
        .await
        .unwrap_or_else(|_| panic!("nothing heard within {secs} s"))
        .expect("the listener ended")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_notifies_other_processes() {
    let t = Target::postgres();
    let one = t.open().await;
    // A second process: another pool on the same database.
    let two = t.open().await;
    let mut rx = listen(&t.url).await.unwrap();
    two.create_room(&room("r1", "open", true, NOW), &[seat(0, "open", "")])
        .await
        .unwrap();
    two.append("r1", &[event(0, "join")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(next(&mut rx, 10).await, Changed::Room("r1".into()));
    one.create_room(&room("r2", "open", true, NOW), &[])
        .await
        .unwrap();
    one.append("r2", &[event(0, "join")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(next(&mut rx, 10).await, Changed::Room("r2".into()));
    // A refused append notifies nobody: the next one heard is the next accepted.
    assert!(
        one.append("r2", &[event(0, "join")], &[], None, None)
            .await
            .is_err()
    );
    two.append("r1", &[event(1, "act")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(next(&mut rx, 10).await, Changed::Room("r1".into()));
    assert!(rx.try_recv().is_err());
    // Dropping the receiver ends the listener: its connection leaves the server.
    let admin = sqlx::PgPool::connect(&t.url).await.unwrap();
    let listeners = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND query LIKE 'LISTEN%'",
        )
        .fetch_one(&admin)
        .await
        .unwrap()
    };
    assert_eq!(listeners().await, 1);
    drop(rx);
    let mut left = false;
    for _ in 0..100 {
        if listeners().await == 0 {
            left = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        left,
        "the listener's connection is still open 5 s after its receiver was dropped"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_under_a_pool_and_a_listener() {
    // A cluster of its own: stopping the shared one would fail the other tests.
    let pg = Postgres::start_new();
    let url = pg.create_database("restart");
    let db = Db::open(&url).await.unwrap();
    let mut rx = listen(&url).await.unwrap();
    db.create_room(&room("r", "playing", true, NOW), &[])
        .await
        .unwrap();
    db.append("r", &[event(0, "join")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(next(&mut rx, 10).await, Changed::Room("r".into()));
    pg.stop();
    match db.append("r", &[event(1, "act")], &[], None, None).await {
        Err(DbError::Unavailable(_)) => {}
        other => panic!("an append while the database is down: {other:?}"),
    }
    pg.start();
    // The listener comes back and says that it may have missed something.
    assert_eq!(next(&mut rx, 20).await, Changed::All);
    // The pool reconnects: the same append (the one that failed) is now accepted.
    db.append("r", &[event(1, "act")], &[], None, None)
        .await
        .unwrap();
    assert_eq!(next(&mut rx, 10).await, Changed::Room("r".into()));
    assert_eq!(
        db.events("r", 0).await.unwrap(),
        vec![event(0, "join"), event(1, "act")]
    );
}
