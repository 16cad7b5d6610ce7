//! Online play against real `boardgames serve` processes (docs/online.md, "Fault model"):
//! two processes on one PostgreSQL playing one Fidchell game, a server killed with SIGKILL
//! and started again (SQLite and PostgreSQL), PostgreSQL restarted under play, the refusals
//! of the room's WebSocket, the accounts' HTTP routes and their ratings, and the secrets
//! that never reach the server's output.
//!
//! Each test starts its own `boardgames serve --port 0 --database URL` processes (a
//! [`Server`] kills its process when dropped) and talks to them as a browser does: HTTP/1.1
//! requests and the room's WebSocket. PostgreSQL is a private cluster the test starts
//! itself (Debian's `initdb`/`pg_ctl`; never skipped).

#[path = "../../boardgames-web/tests/support/postgres.rs"]
mod postgres;

use std::io::{BufRead as _, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use postgres::Postgres;
use serde_json::{Value, json};
use sha2::{Digest as _, Sha256};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest wait for one message of a room's WebSocket.
const WAIT: Duration = Duration::from_secs(30);

/// The most moves a test game may take before it is called endless (Fidchell's games by
/// first legal moves end far sooner; tafl-core's `MAX_GAME_PLIES` is 2 000).
const MAX_MOVES: usize = 2_000;

// ---------------------------------------------------------------------------------------
// The server processes.

/// Everything the servers of a test wrote on their standard output and error.
type Log = Arc<Mutex<String>>;

/// A `boardgames serve` process, killed (SIGKILL) when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
}

impl Server {
    /// Starts `boardgames serve --port 0 --database URL` and waits until it serves online
    /// play (its `online play:` line), appending its output to `log`.
    fn start(database: &str, log: &Log) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
            .args(["serve", "--port", "0", "--database", database])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting boardgames serve");
        let (tx, rx) = mpsc::channel::<String>();
        let stdout = child.stdout.take().expect("the server's stdout");
        let stderr = child.stderr.take().expect("the server's stderr");
        for (pipe, tx) in [
            (Box::new(stdout) as Box<dyn Read + Send>, Some(tx)),
            (Box::new(stderr) as Box<dyn Read + Send>, None),
        ] {
            let log = Arc::clone(log);
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines() {
                    let Ok(line) = line else { break };
                    {
                        let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
                        log.push_str(&line);
                        log.push('\n');
                    }
                    if let Some(tx) = &tx {
                        let _ = tx.send(line);
                    }
                }
            });
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut addr = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx.recv_timeout(left).unwrap_or_else(|_| {
                let _ = child.kill();
                panic!(
                    "boardgames serve --database {database} did not start within 60 s:\n{}",
                    log.lock().unwrap_or_else(|e| e.into_inner())
                )
            });
            if let Some(url) = line.strip_prefix("listening on ") {
                let a = url
                    .trim()
                    .trim_start_matches("http://")
                    .trim_end_matches('/')
                    .to_owned();
                addr = Some(a);
            }
            if line.starts_with("online play:") {
                break;
            }
        }
        Server {
            child,
            addr: addr.expect("a `listening on` line before `online play:`"),
        }
    }

    /// Kills the process at once (SIGKILL) and waits for its end.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A new log for the servers of a test.
fn new_log() -> Log {
    Arc::new(Mutex::new(String::new()))
}

/// A fresh temporary directory of this test process.
fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "boardgames-online-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("creating a temporary directory");
    dir
}

/// Asserts that none of `secrets` appears in the servers' output.
fn assert_no_secret(log: &Log, secrets: &[(&str, String)]) {
    let log = log.lock().unwrap_or_else(|e| e.into_inner());
    assert!(
        !log.is_empty(),
        "the servers wrote nothing: the log is not read"
    );
    for (what, secret) in secrets {
        assert!(
            secret.len() >= 8,
            "{what} is too short to look for: {secret:?}"
        );
        assert!(
            !log.contains(secret.as_str()),
            "the servers' output holds {what}:\n{log}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// HTTP.

/// An HTTP answer.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The JSON body of a 200, panicking with the answer otherwise.
    fn ok(&self) -> Value {
        assert_eq!(self.status, 200, "{}", self.body);
        self.json()
    }
}

/// An HTTP/1.1 request to `addr` (a connection of its own), with `headers` and a JSON
/// `body`.
async fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Answer {
    let mut stream = TcpStream::connect(addr)
        .await
        .unwrap_or_else(|e| panic!("connecting to {addr}: {e}"));
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream
        .write_all(request.as_bytes())
        .await
        .expect("sending a request");
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut raw))
        .await
        .expect("an answer within the wait")
        .expect("reading an answer");
    let raw = String::from_utf8(raw).expect("an answer in UTF-8");
    let (head, rest) = raw.split_once("\r\n\r\n").expect("an answer's head");
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        let mut body = String::new();
        let mut rest = rest;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).expect("a chunk's size");
            if n == 0 {
                break;
            }
            body.push_str(&after[..n]);
            rest = &after[n + 2..];
        }
        body
    } else {
        rest.to_owned()
    };
    Answer {
        status,
        headers,
        body,
    }
}

async fn get(addr: &str, path: &str) -> Answer {
    http(addr, "GET", path, &[], None).await
}

async fn post(addr: &str, path: &str, body: &Value) -> Answer {
    http(addr, "POST", path, &[], Some(body)).await
}

/// A room created on `addr`: (its id, the creator's token, the commitment).
async fn create_room(addr: &str, request: &Value) -> (String, Option<String>, String) {
    let v = post(addr, "/api/rooms", request).await.ok();
    (
        v["room"].as_str().expect("a room id").to_owned(),
        v["token"].as_str().map(str::to_owned),
        v["commitment"].as_str().expect("a commitment").to_owned(),
    )
}

/// A Fidchell room of two open seats, its seat 0 taken by Ann on `addr`: (id, Ann's token,
/// commitment).
async fn fidchell(addr: &str) -> (String, String, String) {
    let (room, token, commitment) = create_room(
        addr,
        &json!({"game": "tafl", "rules": "fidchell", "seats": ["open", "open"], "name": "Ann"}),
    )
    .await;
    (room, token.expect("the creator's token"), commitment)
}

/// Bob takes seat 1 of `room` through `addr`: his token.
async fn join(addr: &str, room: &str) -> String {
    let v = post(
        addr,
        &format!("/api/rooms/{room}/join"),
        &json!({"seat": 1, "name": "Bob"}),
    )
    .await
    .ok();
    assert_eq!(v["seat"], 1);
    v["token"].as_str().expect("a seat token").to_owned()
}

/// The room as a spectator sees it (`GET /api/rooms/{id}`).
async fn room_state(addr: &str, room: &str) -> Value {
    get(addr, &format!("/api/rooms/{room}")).await.ok()
}

/// The record (`GET /api/rooms/{id}/record`).
async fn record(addr: &str, room: &str) -> String {
    let a = get(addr, &format!("/api/rooms/{room}/record")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

/// The value of the tag `name` of a record's text.
fn tag(record: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    record
        .lines()
        .find_map(|l| l.trim().strip_prefix(prefix.as_str()))
        .and_then(|rest| rest.strip_suffix("\"]"))
        .map(str::to_owned)
}

/// The moves of a record's text, in order (its numbered lines: `1. c1-b1`).
fn record_moves(record: &str) -> Vec<String> {
    record
        .lines()
        .filter_map(|l| {
            let (number, rest) = l.trim().split_once(". ")?;
            number.parse::<u32>().ok()?;
            Some(rest.trim().to_owned())
        })
        .collect()
}

/// `sha256("boardgames-room-seed:" + salt + ":" + seed)` in hexadecimal.
fn commitment_of(salt: &str, seed: &str) -> String {
    Sha256::digest(format!("boardgames-room-seed:{salt}:{seed}").as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks a finished room's seed: the record's `Seed` tag is the final state's seed, and
/// with the final state's salt it gives the commitment shown from the start.
fn assert_seed_committed(record: &str, last: &Value, commitment: &str) -> String {
    let seed = tag(record, "Seed").unwrap_or_else(|| panic!("no Seed tag at the end:\n{record}"));
    assert_eq!(
        last["seed"].as_str(),
        Some(seed.as_str()),
        "{}",
        brief(last)
    );
    let salt = last["salt"].as_str().expect("the salt revealed at the end");
    assert_eq!(salt.len(), 32, "a salt of 128 bits: {salt}");
    assert_eq!(commitment_of(salt, &seed), commitment);
    assert_eq!(last["commitment"].as_str(), Some(commitment));
    seed
}

// ---------------------------------------------------------------------------------------
// The room's WebSocket.

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a socket read.
#[derive(Debug)]
enum Read2 {
    Json(Value),
    Closed(String),
    Nothing,
}

/// A connection to a room: its last `state`, and the sequence numbers of every state it
/// received.
struct Ws {
    stream: Stream,
    state: Value,
    seen: Vec<u64>,
}

impl Ws {
    /// Connects to `room` on `addr` without saying hello.
    async fn open(addr: &str, room: &str) -> Stream {
        let (stream, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/rooms/{room}/ws"))
                .await
                .unwrap_or_else(|e| panic!("opening the WebSocket of {room} on {addr}: {e}"));
        stream
    }

    /// Opens the WebSocket of `room` on `addr` with more request headers: the stream, or
    /// the HTTP status of the refused handshake.
    async fn open_with(addr: &str, room: &str, headers: &[(&str, &str)]) -> Result<Stream, u16> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
        let mut request = format!("ws://{addr}/api/rooms/{room}/ws")
            .into_client_request()
            .expect("a WebSocket request");
        for (k, v) in headers {
            request.headers_mut().insert(
                HeaderName::from_bytes(k.as_bytes()).expect("a header name"),
                HeaderValue::from_str(v).expect("a header value"),
            );
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((stream, _)) => Ok(stream),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(e) => panic!("opening the WebSocket of {room}: {e}"),
        }
    }

    /// Connects to `room` on `addr` with `token` (or none: watching); the first state read.
    async fn connect(addr: &str, room: &str, token: Option<&str>) -> Ws {
        let mut ws = Ws {
            stream: Ws::open(addr, room).await,
            state: Value::Null,
            seen: Vec::new(),
        };
        let hello = match token {
            Some(t) => json!({"type": "hello", "token": t}),
            None => json!({"type": "hello"}),
        };
        ws.send(&hello).await;
        ws.next_state().await;
        ws
    }

    async fn send(&mut self, v: &Value) {
        self.send_text(v.to_string()).await;
    }

    async fn send_text(&mut self, text: String) {
        self.stream
            .send(Message::Text(text.into()))
            .await
            .expect("sending a message");
    }

    /// The next message (pings skipped), the close, or nothing within `wait`.
    async fn read(&mut self, wait: Duration) -> Read2 {
        loop {
            match tokio::time::timeout(wait, self.stream.next()).await {
                Err(_) => return Read2::Nothing,
                Ok(None) => return Read2::Closed("the stream ended".into()),
                Ok(Some(Err(e))) => return Read2::Closed(e.to_string()),
                Ok(Some(Ok(Message::Text(t)))) => {
                    let v: Value = serde_json::from_str(t.as_str()).expect("a JSON message");
                    if v["type"] == "state" {
                        self.seen.push(v["seq"].as_u64().expect("a state's seq"));
                        self.state = v.clone();
                    }
                    return Read2::Json(v);
                }
                Ok(Some(Ok(Message::Close(c)))) => {
                    return Read2::Closed(format!("closed: {c:?}"));
                }
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The next message, which must come.
    async fn next(&mut self) -> Value {
        match self.read(WAIT).await {
            Read2::Json(v) => v,
            other => panic!("expected a message, got {other:?}"),
        }
    }

    /// The next state (a refusal before it fails the test).
    async fn next_state(&mut self) -> Value {
        let v = self.next().await;
        assert_eq!(v["type"], "state", "expected a state: {}", brief(&v));
        v
    }

    /// Reads until a state after `seq`.
    async fn state_after(&mut self, seq: u64) -> Value {
        loop {
            let v = self.next_state().await;
            if v["seq"].as_u64() > Some(seq) {
                return v;
            }
        }
    }

    /// The next message, which must be a refusal of `code`: its reason.
    async fn refused(&mut self, code: &str) -> String {
        let v = self.next().await;
        assert_eq!(
            v["type"],
            "refused",
            "expected a refusal {code}: {}",
            brief(&v)
        );
        assert_eq!(v["code"], code, "{}", brief(&v));
        v["reason"].as_str().expect("a reason").to_owned()
    }

    fn seq(&self) -> u64 {
        self.state["seq"].as_u64().expect("a state's seq")
    }
}

/// The first legal action of a state whose seat is to act (its `text`, or the string), if
/// any.
fn first_legal(state: &Value) -> Option<String> {
    let first = state["view"]["legal"].as_array()?.first()?;
    first["text"]
        .as_str()
        .or_else(|| first.as_str())
        .map(str::to_owned)
}

/// A message without its picture, to be read in a failure.
fn brief(v: &Value) -> String {
    let mut v = v.clone();
    if let Some(view) = v.get_mut("view").and_then(Value::as_object_mut) {
        view.remove("svg");
    }
    v.to_string()
}

fn act(seq: u64, action: &str) -> Value {
    json!({"type": "act", "seq": seq, "action": action})
}

/// Plays `moves` moves (or to the end): each the first legal action of the seat to act,
/// sent by its socket and acknowledged when every socket has the next state. Returns the
/// number of moves played.
async fn play(players: &mut [&mut Ws], moves: usize) -> usize {
    for played in 0..moves {
        let seq = players[0].seq();
        for p in players.iter() {
            assert_eq!(p.seq(), seq, "every socket at the same state");
        }
        if players[0].state["status"] == "over" {
            return played;
        }
        let (k, action) = players
            .iter()
            .enumerate()
            .find_map(|(k, p)| first_legal(&p.state).map(|a| (k, a)))
            .unwrap_or_else(|| panic!("nobody has a legal action at {}", brief(&players[0].state)));
        players[k].send(&act(seq, &action)).await;
        for p in players.iter_mut() {
            let s = p.state_after(seq).await;
            assert_eq!(s["seq"], seq + 1, "one event a move: {}", brief(&s));
        }
    }
    moves
}

/// Asserts that a socket saw every state from `from` to its last, once each, in order.
fn assert_saw_every_state(ws: &Ws, from: u64) {
    let expected: Vec<u64> = (from..=ws.seq()).collect();
    assert_eq!(ws.seen, expected, "the states a socket received");
}

// ---------------------------------------------------------------------------------------
// 1. Two processes on one PostgreSQL.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_play_one_fidchell_game() {
    let pg = Postgres::shared();
    let url = pg.create_database("two_processes");
    let log = new_log();
    let one = Server::start(&url, &log);
    let two = Server::start(&url, &log);
    let (room, ann, commitment) = fidchell(&one.addr).await;
    let bob = join(&two.addr, &room).await;
    let mut a = Ws::connect(&one.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&two.addr, &room, Some(&bob)).await;
    assert_eq!(a.state["seat"], 0);
    assert_eq!(b.state["seat"], 1);
    // Two joins: the game starts at 2, the same on both processes.
    assert_eq!((a.seq(), b.seq()), (2, 2));
    assert_eq!(a.state["status"], "playing");
    assert_eq!(a.state["commitment"], commitment.as_str());
    assert_eq!(b.state["commitment"], commitment.as_str());
    assert!(a.state["seed"].is_null() && a.state["salt"].is_null());
    // Ann's first move sent to both processes at once (a second connection of her seat on
    // process 2): one commits it, the other is refused `stale`, the room moves by one.
    let mut a2 = Ws::connect(&two.addr, &room, Some(&ann)).await;
    assert_eq!(a2.state["seat"], 0);
    let first = act(2, &first_legal(&a.state).expect("Ann moves first"));
    tokio::join!(a.send(&first), a2.send(&first));
    let mut stale = 0;
    for ws in [&mut a, &mut a2] {
        // Everything each connection hears until it is quiet: the move, and the refusal.
        while let Read2::Json(v) = ws.read(Duration::from_millis(700)).await {
            if v["type"] == "refused" {
                assert_eq!(v["code"], "stale", "{}", brief(&v));
                stale += 1;
            }
        }
        assert_eq!(ws.seq(), 3, "{}", brief(&ws.state));
    }
    assert_eq!(
        stale, 1,
        "one process commits the move, the other refuses it"
    );
    assert_eq!(b.state_after(2).await["seq"], 3);
    drop(a2);
    let moves = 1 + play(&mut [&mut a, &mut b], MAX_MOVES).await;
    assert!(moves < MAX_MOVES, "the game did not end");
    assert_eq!(a.state["status"], "over");
    assert_eq!(b.state["status"], "over");
    assert_eq!(a.state["result"], b.state["result"]);
    assert_eq!(a.state["result"]["end"], "rules");
    let scores = a.state["result"]["scores"].as_array().expect("scores");
    assert_eq!(scores.iter().filter_map(Value::as_f64).sum::<f64>(), 1.0);
    assert_saw_every_state(&b, 2);
    // Ann's socket saw the state of its refusal again (`stale` sends the room as it is).
    a.seen.dedup();
    assert_saw_every_state(&a, 2);
    assert_eq!(a.seq(), 2 + moves as u64);
    // The record is the same from either process, every move in it, and its seed is the
    // one committed to at the start.
    let one_record = record(&one.addr, &room).await;
    let two_record = record(&two.addr, &room).await;
    assert_eq!(one_record, two_record);
    assert_seed_committed(&one_record, &a.state, &commitment);
    assert_seed_committed(&two_record, &b.state, &commitment);
    assert_eq!(a.state["seed"], b.state["seed"]);
    assert_eq!(tag(&one_record, "Variant").as_deref(), Some("Fidchell"));
    assert_eq!(record_moves(&one_record).len(), moves, "{one_record}");
    assert_no_secret(&log, &[("Ann's token", ann), ("Bob's token", bob)]);
}

// ---------------------------------------------------------------------------------------
// 2. SIGKILL and restart.

/// A room of two bots (tafl's `ovate` on Copenhagen's board: a game of some seconds):
/// (id, commitment).
async fn bots(addr: &str) -> (String, String) {
    let (room, token, commitment) = create_room(
        addr,
        &json!({"game": "tafl", "rules": "copenhagen", "seats": ["ovate", "ovate"]}),
    )
    .await;
    assert_eq!(token, None, "the creator of a room of bots takes no seat");
    (room, commitment)
}

/// Polls `room` until it is over: its last state.
async fn until_over(addr: &str, room: &str, within: Duration) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let s = room_state(addr, room).await;
        if s["status"] == "over" {
            return s;
        }
        assert!(
            Instant::now() < deadline,
            "the room is not over: {}",
            brief(&s)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Plays some moves, kills the server with SIGKILL, starts it again on the same database:
/// nothing acknowledged is lost, the players get their seats back, the game and a room of
/// bots go on to their ends. The output of both processes holds no secret.
async fn killed_and_started_again(database: &str) {
    let log = new_log();
    let mut first = Server::start(database, &log);
    let (room, ann, commitment) = fidchell(&first.addr).await;
    let bob = join(&first.addr, &room).await;
    let mut a = Ws::connect(&first.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&first.addr, &room, Some(&bob)).await;
    assert_eq!(play(&mut [&mut a, &mut b], 7).await, 7);
    let acknowledged = a.seq();
    assert_eq!(acknowledged, 9);
    let before = record(&first.addr, &room).await;
    assert_eq!(
        tag(&before, "Seed"),
        None,
        "no seed before the end: {before}"
    );
    assert!(a.state["seed"].is_null() && a.state["salt"].is_null());
    // A room of bots, killed a few plies into its game (a clock is refused there: its
    // game starts before any event).
    let clocked = post(
        &first.addr,
        "/api/rooms",
        &json!({"game": "tafl", "seats": ["bard", "bard"], "clock": {"main_s": 60}}),
    )
    .await;
    assert_eq!(refusal(&clocked).1, "bad_request", "{}", clocked.body);
    let (bot_room, bot_commitment) = bots(&first.addr).await;
    let bot_before = loop {
        let s = room_state(&first.addr, &bot_room).await;
        if s["seq"].as_u64() >= Some(3) || s["status"] == "over" {
            break s;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    first.kill();
    assert_eq!(
        bot_before["status"], "playing",
        "the bots' game must still be played when the server is killed"
    );
    drop((a, b));

    let second = Server::start(database, &log);
    let s = room_state(&second.addr, &room).await;
    assert_eq!(s["seq"], acknowledged, "every acknowledged move is kept");
    assert_eq!(record(&second.addr, &room).await, before);
    // The players come back with their tokens: their seats, the room as it was.
    let mut a = Ws::connect(&second.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&second.addr, &room, Some(&bob)).await;
    assert_eq!(
        (a.state["seat"].as_u64(), b.state["seat"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!((a.seq(), b.seq()), (acknowledged, acknowledged));
    let moves = play(&mut [&mut a, &mut b], MAX_MOVES).await;
    assert!(
        moves > 0 && moves < MAX_MOVES,
        "{moves} moves after the restart"
    );
    assert_eq!(a.state["status"], "over");
    let after = record(&second.addr, &room).await;
    // The record after goes on from the record before: the same moves first.
    let (old, new) = (record_moves(&before), record_moves(&after));
    assert_eq!(old.len(), 7, "{before}");
    assert_eq!(new.len(), 7 + moves, "{after}");
    assert_eq!(&new[..7], &old[..], "{before}\n{after}");
    let seed = assert_seed_committed(&after, &a.state, &commitment);
    // The bots' room went on by itself to its end.
    let bot_last = until_over(&second.addr, &bot_room, Duration::from_secs(90)).await;
    assert!(
        bot_last["seq"].as_u64() > bot_before["seq"].as_u64(),
        "{}\n{}",
        brief(&bot_before),
        brief(&bot_last)
    );
    let bot_record = record(&second.addr, &bot_room).await;
    let bot_seed = assert_seed_committed(&bot_record, &bot_last, &bot_commitment);
    drop(second);
    // 6. No seat token, and no seed (revealed in the room's messages at the end only),
    // in the output of either process.
    assert_no_secret(
        &log,
        &[
            ("Ann's token", ann),
            ("Bob's token", bob),
            ("the room's seed", seed),
            ("the bots' room's seed", bot_seed),
        ],
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_on_sqlite_loses_no_acknowledged_move() {
    let dir = temp_dir("sigkill");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    killed_and_started_again(&database).await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_on_postgres_loses_no_acknowledged_move() {
    let url = Postgres::shared().create_database("sigkill");
    killed_and_started_again(&url).await;
}

// ---------------------------------------------------------------------------------------
// 3. PostgreSQL restarted under play.

/// Sends `message` until the server accepts it (a state after `seq`), while it is refused
/// `unavailable`: the number of refusals.
async fn resend_until_accepted(ws: &mut Ws, message: &Value, seq: u64) -> usize {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut refusals = 0;
    loop {
        ws.send(message).await;
        let mut v = ws.next().await;
        // The room as it is, sent again when it was rebuilt from the log: nothing new.
        while v["type"] == "state" && v["seq"].as_u64() == Some(seq) {
            v = ws.next().await;
        }
        if v["type"] == "state" && v["seq"].as_u64() > Some(seq) {
            return refusals;
        }
        assert_eq!(v["type"], "refused", "{}", brief(&v));
        assert_eq!(v["code"], "unavailable", "{}", brief(&v));
        refusals += 1;
        assert!(
            Instant::now() < deadline,
            "still unavailable after a minute"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_under_play_loses_nothing_and_both_processes_go_on() {
    let pg = Postgres::start_new();
    let url = pg.create_database("restarted");
    let log = new_log();
    let one = Server::start(&url, &log);
    let two = Server::start(&url, &log);
    let (room, ann, commitment) = fidchell(&one.addr).await;
    let bob = join(&two.addr, &room).await;
    let mut a = Ws::connect(&one.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&two.addr, &room, Some(&bob)).await;
    assert_eq!(play(&mut [&mut a, &mut b], 4).await, 4);
    let seq = a.seq();
    assert_eq!(seq, 6);
    // Seat 0 moves at even sequence numbers (the attackers first, after two joins).
    let action = first_legal(&a.state).expect("Ann to move");
    let message = act(seq, &action);

    pg.stop();
    // While the database is down, the action is refused `unavailable` (nothing stored),
    // as often as it is sent; the room seen through HTTP is unavailable too.
    for _ in 0..2 {
        a.send(&message).await;
        let reason = a.refused("unavailable").await;
        assert!(reason.contains("nothing was stored"), "{reason}");
    }
    let down = get(&one.addr, &format!("/api/rooms/{room}")).await;
    assert_eq!(down.status, 503, "{}", down.body);
    assert_eq!(down.json()["error"], "unavailable");
    // No state came to either player: nothing changed.
    assert!(matches!(
        a.read(Duration::from_millis(300)).await,
        Read2::Nothing
    ));
    assert!(matches!(
        b.read(Duration::from_millis(300)).await,
        Read2::Nothing
    ));
    assert_eq!((a.seq(), b.seq()), (seq, seq));

    pg.start();
    // The same action is accepted once the server reconnects; the other process hears it
    // (its listener reconnected).
    resend_until_accepted(&mut a, &message, seq).await;
    assert_eq!(a.seq(), seq + 1);
    let s = b.state_after(seq).await;
    assert_eq!(s["seq"], seq + 1);
    // The other process's own actions go on too, and the game to its end.
    let moves = play(&mut [&mut a, &mut b], MAX_MOVES).await;
    assert!(moves > 0 && moves < MAX_MOVES);
    assert_eq!(a.state["status"], "over");
    assert_eq!(a.state["result"], b.state["result"]);
    // Nothing accepted is lost: a third process reads the same log.
    let three = Server::start(&url, &log);
    let final_record = record(&three.addr, &room).await;
    assert_eq!(final_record, record(&one.addr, &room).await);
    assert_eq!(final_record, record(&two.addr, &room).await);
    assert_eq!(room_state(&three.addr, &room).await["seq"], a.seq());
    assert_seed_committed(&final_record, &a.state, &commitment);
    assert_no_secret(&log, &[("Ann's token", ann), ("Bob's token", bob)]);
}

// ---------------------------------------------------------------------------------------
// 4. Refusals over the socket.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_refuses_with_a_reason_and_changes_nothing() {
    let dir = temp_dir("refusals");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    let log = new_log();
    let server = Server::start(&database, &log);
    let addr = server.addr.as_str();
    let (room, ann, _) = fidchell(addr).await;
    let bob = join(addr, &room).await;
    let mut a = Ws::connect(addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(addr, &room, Some(&bob)).await;
    let seq = a.seq();
    assert_eq!(seq, 2);
    let good = first_legal(&a.state).expect("the attackers (seat 0) move first");
    assert_eq!(first_legal(&b.state), None, "seat 1 has nothing to play");
    let unchanged = |s: Value, seq: u64| assert_eq!(s["seq"], seq, "{}", brief(&s));

    // A spectator may not act.
    let mut watcher = Ws::connect(addr, &room, None).await;
    assert!(watcher.state["seat"].is_null());
    assert_eq!(first_legal(&watcher.state), None);
    watcher.send(&act(seq, &good)).await;
    let reason = watcher.refused("forbidden").await;
    assert!(reason.contains("spectator"), "{reason}");

    // Another seat's token acting out of turn.
    b.send(&act(seq, &good)).await;
    b.refused("not_your_turn").await;

    // A forged token: told so, then watching, then forbidden to act.
    let forged = "0123456789abcdef".repeat(4);
    let mut forger = Ws {
        stream: Ws::open(addr, &room).await,
        state: Value::Null,
        seen: Vec::new(),
    };
    forger
        .send(&json!({"type": "hello", "token": forged}))
        .await;
    let reason = forger.refused("unauthorized").await;
    assert!(reason.contains("watching"), "{reason}");
    let s = forger.next_state().await;
    assert!(s["seat"].is_null(), "{}", brief(&s));
    forger.send(&act(seq, &good)).await;
    forger.refused("forbidden").await;

    // An illegal move, with the rules' reason.
    a.send(&act(seq, "a1-a2")).await;
    a.refused("illegal").await;
    unchanged(room_state(addr, &room).await, seq);

    // A move accepted, then the same message replayed: stale, and the room as it is.
    a.send(&act(seq, &good)).await;
    assert_eq!(a.state_after(seq).await["seq"], seq + 1);
    assert_eq!(b.state_after(seq).await["seq"], seq + 1);
    a.send(&act(seq, &good)).await;
    let reason = a.refused("stale").await;
    assert!(reason.contains(&format!("{}", seq + 1)), "{reason}");
    assert_eq!(a.next_state().await["seq"], seq + 1);
    let seq = seq + 1;

    // Malformed JSON, an unknown type, an unknown field, a second hello.
    for text in [
        "{not json".to_owned(),
        json!({"type": "teleport"}).to_string(),
        json!({"type": "act", "seq": seq, "action": "x", "seat": 0}).to_string(),
        json!({"type": "act", "seq": -1, "action": "x"}).to_string(),
    ] {
        b.send_text(text).await;
        b.refused("bad_request").await;
    }
    b.send(&json!({"type": "hello", "token": bob})).await;
    b.refused("refused").await;
    // An action longer than an action can be.
    b.send(&act(seq, &"d".repeat(600))).await;
    b.refused("too_large").await;
    // Binary frames: refused, the connection kept.
    b.stream
        .send(Message::Binary(vec![0u8, 1, 2, 3].into()))
        .await
        .expect("sending a binary frame");
    let reason = b.refused("bad_request").await;
    assert!(reason.contains("text"), "{reason}");
    b.send(&json!({"type": "ping"})).await;
    assert_eq!(b.next().await["type"], "pong");
    unchanged(room_state(addr, &room).await, seq);

    // A burst over the rate (40 at once, then 20 a second): the messages past it are
    // refused `too_many_requests`, the others answered.
    let mut burst = Ws::connect(addr, &room, None).await;
    let sent = 120;
    let start = Instant::now();
    for _ in 0..sent {
        burst
            .stream
            .feed(Message::Text(json!({"type": "ping"}).to_string().into()))
            .await
            .expect("queueing a ping");
    }
    burst.stream.flush().await.expect("sending the pings");
    let (mut pongs, mut refused) = (0u32, 0u32);
    for _ in 0..sent {
        let v = burst.next().await;
        match v["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("refused") => {
                assert_eq!(v["code"], "too_many_requests", "{}", brief(&v));
                refused += 1;
            }
            _ => panic!("{}", brief(&v)),
        }
    }
    // At most the burst and what 20 a second refilled while they were read.
    let refilled = (start.elapsed().as_secs_f64() * 20.0).ceil() as u32;
    assert!(
        (40..=40 + refilled).contains(&pongs),
        "{pongs} pongs, {refused} refused in {:?}",
        start.elapsed()
    );
    assert_eq!(pongs + refused, sent);

    // A message over 8 KiB: refused `too_large` with its reason, nothing changed, and the
    // connection goes on (issue 47's review: it used to be dropped without a word).
    let mut big = Ws::connect(addr, &room, Some(&bob)).await;
    big.send_text(format!(
        r#"{{"type":"act","seq":{seq},"action":"{}"}}"#,
        "x".repeat(9 * 1024)
    ))
    .await;
    let reason = big.refused("too_large").await;
    assert!(reason.contains("8192 bytes"), "{reason}");
    big.send(&json!({"type": "ping"})).await;
    assert_eq!(big.next().await["type"], "pong");
    unchanged(room_state(addr, &room).await, seq);
    // Over 64 KiB the WebSocket does not read it: the connection is closed with a close
    // frame, 1009 (message too big), and its reason.
    big.send_text(format!(
        r#"{{"type":"act","seq":{seq},"action":"{}"}}"#,
        "x".repeat(70 * 1024)
    ))
    .await;
    match big.read(WAIT).await {
        Read2::Closed(how) => {
            assert!(
                how.contains("Size") && how.contains("over 65536 bytes"),
                "{how}"
            );
        }
        other => panic!("a message over 64 KiB must close the socket, got {other:?}"),
    }
    unchanged(room_state(addr, &room).await, seq);
    // A connection that earns more than 200 refusals is closed with 1008 (policy) and why.
    let mut junk = Ws::connect(addr, &room, None).await;
    for _ in 0..=200 {
        junk.send_text("{}".to_owned()).await;
    }
    let mut refusals = 0;
    let how = loop {
        match junk.read(WAIT).await {
            Read2::Json(v) => {
                assert_eq!(v["type"], "refused", "{}", brief(&v));
                refusals += 1;
            }
            Read2::Closed(how) => break how,
            Read2::Nothing => panic!("after {refusals} refusals, neither a message nor a close"),
        }
    };
    assert_eq!(refusals, 201);
    assert!(
        how.contains("Policy") && how.contains("more than 200"),
        "{how}"
    );
    // A body of the wrong shape is refused as every refusal is, JSON with its code and the
    // field named (it used to be axum's text/plain 422).
    for (path, body, field) in [
        (
            "/api/rooms".to_owned(),
            json!({"game": "tafl", "seats": ["open", "open"], "colour": "red"}),
            "colour",
        ),
        (
            format!("/api/rooms/{room}/join"),
            json!({"seat": -1, "name": "Eve"}),
            "seat",
        ),
    ] {
        let a = post(addr, &path, &body).await;
        let (status, code, message) = refusal(&a);
        assert_eq!(
            (status, code.as_str()),
            (400, "bad_request"),
            "{path}: {message}"
        );
        assert!(message.contains(field), "{path}: {message}");
    }
    // The first message must be hello: anything else is refused and the socket closed.
    let mut rude = Ws {
        stream: Ws::open(addr, &room).await,
        state: Value::Null,
        seen: Vec::new(),
    };
    rude.send(&act(seq, &good)).await;
    rude.refused("bad_request").await;
    assert!(matches!(rude.read(WAIT).await, Read2::Closed(_)));

    // A seat has at most 8 connections at once: Ann's seventh more is refused.
    let mut more = Vec::new();
    for _ in 0..7 {
        more.push(Ws::connect(addr, &room, Some(&ann)).await);
    }
    let mut ninth = Ws {
        stream: Ws::open(addr, &room).await,
        state: Value::Null,
        seen: Vec::new(),
    };
    ninth.send(&json!({"type": "hello", "token": ann})).await;
    let reason = ninth.refused("refused").await;
    assert!(reason.contains("8 connections"), "{reason}");
    assert!(matches!(ninth.read(WAIT).await, Read2::Closed(_)));
    drop(more);

    // Nothing refused changed the room: one move in all.
    unchanged(room_state(addr, &room).await, seq);
    assert!(matches!(
        a.read(Duration::from_millis(300)).await,
        Read2::Nothing
    ));
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

// ---------------------------------------------------------------------------------------
// 5. Accounts over HTTP, 6. their secrets never in the output.

/// A logged-in session: its cookie's token and its CSRF token.
struct Session {
    token: String,
    csrf: String,
}

impl Session {
    /// Reads the session an answer opened, checking its cookie's attributes.
    fn of(answer: &Answer) -> Session {
        let v = answer.ok();
        let cookie = answer.header("set-cookie").expect("a session cookie");
        let attributes: Vec<&str> = cookie.split(';').map(str::trim).collect();
        let token = attributes[0]
            .strip_prefix("bg_session=")
            .unwrap_or_else(|| panic!("the session cookie: {cookie}"));
        assert_eq!(token.len(), 64, "{cookie}");
        for a in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
            assert!(attributes.contains(&a), "{a} missing from {cookie}");
        }
        assert!(
            !attributes.contains(&"Secure"),
            "no --secure-cookies: {cookie}"
        );
        Session {
            token: token.to_owned(),
            csrf: v["csrf"].as_str().expect("a CSRF token").to_owned(),
        }
    }

    fn cookie(&self) -> String {
        format!("bg_session={}", self.token)
    }

    /// A request under this session, with its CSRF token.
    async fn post(&self, addr: &str, path: &str, body: &Value) -> Answer {
        let cookie = self.cookie();
        let headers = [
            ("Cookie", cookie.as_str()),
            ("X-CSRF-Token", self.csrf.as_str()),
        ];
        http(addr, "POST", path, &headers, Some(body)).await
    }

    async fn account(&self, addr: &str) -> Answer {
        let cookie = self.cookie();
        http(
            addr,
            "GET",
            "/api/account",
            &[("Cookie", cookie.as_str())],
            None,
        )
        .await
    }
}

fn credentials(name: &str, password: &str) -> Value {
    json!({"name": name, "password": password})
}

/// The refusal of an answer: (status, code, message).
fn refusal(a: &Answer) -> (u16, String, String) {
    let v = a.json();
    (
        a.status,
        v["error"].as_str().expect("an error code").to_owned(),
        v["message"].as_str().expect("a message").to_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_sessions_csrf_origin_and_ratings_over_http() {
    let dir = temp_dir("accounts");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    let log = new_log();
    let server = Server::start(&database, &log);
    let addr = server.addr.as_str();
    let (alice_pw, bob_pw, alice_new_pw) = (
        "correct horse battery".to_owned(),
        "Tr0ub4dor&3-bob".to_owned(),
        "staple-gun-42-alice".to_owned(),
    );

    // Register: a session cookie, HttpOnly and SameSite=Strict, and the CSRF token.
    let alice = Session::of(
        &post(
            addr,
            "/api/account/register",
            &credentials("alice", &alice_pw),
        )
        .await,
    );
    let me = alice.account(addr).await.ok();
    assert_eq!(me["name"], "alice");
    assert_eq!(me["csrf"], alice.csrf.as_str());
    assert_eq!(me["ratings"], json!([]));
    let taken = post(
        addr,
        "/api/account/register",
        &credentials("ALICE", "another one!"),
    )
    .await;
    assert_eq!(
        refusal(&taken).1,
        "refused",
        "names are unique ignoring case"
    );
    assert_eq!(get(addr, "/api/account").await.status, 401);

    // A POST under a session without its CSRF token is refused; with another site's
    // Origin too, even with the token.
    let cookie = alice.cookie();
    let game = json!({"game": "tafl", "rules": "fidchell", "seats": ["open", "open"]});
    let no_csrf = http(
        addr,
        "POST",
        "/api/rooms",
        &[("Cookie", cookie.as_str())],
        Some(&game),
    )
    .await;
    let (status, code, message) = refusal(&no_csrf);
    assert_eq!((status, code.as_str()), (401, "unauthorized"));
    assert!(message.contains("X-CSRF-Token"), "{message}");
    let foreign = http(
        addr,
        "POST",
        "/api/rooms",
        &[
            ("Cookie", cookie.as_str()),
            ("X-CSRF-Token", alice.csrf.as_str()),
            ("Origin", "http://evil.example"),
        ],
        Some(&game),
    )
    .await;
    assert_eq!(refusal(&foreign).0, 403);
    let foreign_login = http(
        addr,
        "POST",
        "/api/account/login",
        &[("Origin", "https://evil.example")],
        Some(&credentials("alice", &alice_pw)),
    )
    .await;
    assert_eq!(refusal(&foreign_login).0, 403);
    // This server's own Origin is welcome.
    let origin = format!("http://{addr}");
    let own = http(
        addr,
        "POST",
        "/api/account/login",
        &[("Origin", origin.as_str())],
        Some(&credentials("alice", &alice_pw)),
    )
    .await;
    let alice2 = Session::of(&own);

    // A wrong password and an unknown name: the same 401, the same message.
    let wrong = refusal(
        &post(
            addr,
            "/api/account/login",
            &credentials("alice", "not her password"),
        )
        .await,
    );
    let unknown = refusal(
        &post(
            addr,
            "/api/account/login",
            &credentials("mallory", "whatever it is"),
        )
        .await,
    );
    assert_eq!(wrong.0, 401);
    assert_eq!(wrong, unknown);

    // SQL injection-looking names are names: refused by the name rules, or stored as they
    // are (a guest's name in a room), and the tables are still there.
    for name in ["x'; DROP TABLE accounts;--", "' OR '1'='1"] {
        let r = refusal(
            &post(
                addr,
                "/api/account/register",
                &credentials(name, "password123"),
            )
            .await,
        );
        assert_eq!((r.0, r.1.as_str()), (400, "bad_request"), "{name}: {r:?}");
        let r = refusal(
            &post(
                addr,
                "/api/account/login",
                &credentials(name, "password123"),
            )
            .await,
        );
        assert_eq!(r, unknown, "{name}");
    }
    assert_eq!(
        get(addr, "/api/players/%27%20OR%20%271%27%3D%271")
            .await
            .status,
        404
    );
    let guest = "Robert'); DROP TABLE rooms;--";
    let (room, _, _) = create_room(
        addr,
        &json!({"game": "tafl", "seats": ["open", "open"], "name": guest}),
    )
    .await;
    assert_eq!(room_state(addr, &room).await["seats"][0]["name"], guest);
    let lobby = get(addr, "/api/rooms").await.ok();
    assert!(
        lobby["rooms"]
            .as_array()
            .expect("the lobby")
            .iter()
            .any(|r| r["room"] == room.as_str()),
        "{lobby}"
    );

    // Ratings: Alice and Bob play, Bob resigns: 1512 and 1488 (Elo, K = 24, from 1500).
    let bob = Session::of(&post(addr, "/api/account/register", &credentials("bob", &bob_pw)).await);
    let created = alice.post(addr, "/api/rooms", &game).await.ok();
    let rated_room = created["room"].as_str().expect("a room").to_owned();
    let alice_token = created["token"].as_str().expect("a token").to_owned();
    let joined = bob
        .post(
            addr,
            &format!("/api/rooms/{rated_room}/join"),
            &json!({"seat": 1}),
        )
        .await
        .ok();
    let bob_token = joined["token"].as_str().expect("a token").to_owned();
    // The WebSocket from another site's page is refused at the handshake; Alice's session
    // cookie gives her seat without its token.
    let foreign = Ws::open_with(addr, &rated_room, &[("origin", "http://evil.example")]).await;
    assert_eq!(foreign.err(), Some(403));
    let mut by_cookie = Ws {
        stream: Ws::open_with(addr, &rated_room, &[("cookie", cookie.as_str())])
            .await
            .expect("the WebSocket with a session cookie"),
        state: Value::Null,
        seen: Vec::new(),
    };
    by_cookie.send(&json!({"type": "hello"})).await;
    assert_eq!(by_cookie.next_state().await["seat"], 0);
    drop(by_cookie);
    let mut a = Ws::connect(addr, &rated_room, Some(&alice_token)).await;
    let mut b = Ws::connect(addr, &rated_room, Some(&bob_token)).await;
    assert_eq!(a.state["seats"][0]["name"], "alice");
    assert_eq!(a.state["seats"][1]["name"], "bob");
    assert_eq!(play(&mut [&mut a, &mut b], 2).await, 2);
    let seq = b.seq();
    b.send(&json!({"type": "resign", "seq": seq})).await;
    let last = b.state_after(seq).await;
    assert_eq!(last["status"], "over");
    assert_eq!(last["result"]["end"], "resigned");
    assert_eq!(last["result"]["seat"], 1);
    assert_eq!(last["result"]["scores"], json!([1.0, 0.0]));
    let rating = |v: &Value| {
        (
            v["ratings"][0]["game"].clone(),
            v["ratings"][0]["rating"].as_f64(),
            v["ratings"][0]["games"].clone(),
        )
    };
    assert_eq!(
        rating(&alice.account(addr).await.ok()),
        (json!("tafl"), Some(1512.0), json!(1))
    );
    assert_eq!(
        rating(&bob.account(addr).await.ok()),
        (json!("tafl"), Some(1488.0), json!(1))
    );
    let public = get(addr, "/api/players/bob").await.ok();
    assert_eq!(rating(&public), (json!("tafl"), Some(1488.0), json!(1)));
    assert!(
        public.get("csrf").is_none(),
        "a player's page shows no session: {public}"
    );
    assert_eq!(public["games"][0]["room"], rated_room.as_str());

    // A password change ends every other session; the old password no longer opens one.
    let wrong_old = alice2
        .post(
            addr,
            "/api/account/password",
            &json!({"old": "not it at all", "new": alice_new_pw}),
        )
        .await;
    assert_eq!(refusal(&wrong_old).0, 409, "{}", wrong_old.body);
    alice2
        .post(
            addr,
            "/api/account/password",
            &json!({"old": alice_pw, "new": alice_new_pw}),
        )
        .await
        .ok();
    assert_eq!(
        alice.account(addr).await.status,
        401,
        "the other session is ended"
    );
    assert_eq!(
        alice2.account(addr).await.status,
        200,
        "the changing session goes on"
    );
    let old = refusal(&post(addr, "/api/account/login", &credentials("alice", &alice_pw)).await);
    assert_eq!(old, unknown);
    let alice3 = Session::of(
        &post(
            addr,
            "/api/account/login",
            &credentials("alice", &alice_new_pw),
        )
        .await,
    );

    // Logout: without the CSRF token refused, with it the cookie is cleared and the session
    // ended.
    let cookie3 = alice3.cookie();
    let no_csrf = http(
        addr,
        "POST",
        "/api/account/logout",
        &[("Cookie", cookie3.as_str())],
        Some(&json!({})),
    )
    .await;
    assert_eq!(refusal(&no_csrf).0, 401);
    let out = alice3.post(addr, "/api/account/logout", &json!({})).await;
    assert_eq!(out.status, 200, "{}", out.body);
    let cleared = out.header("set-cookie").expect("the cookie cleared");
    assert!(
        cleared.starts_with("bg_session=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
    assert_eq!(alice3.account(addr).await.status, 401);
    assert_eq!(
        alice2.account(addr).await.status,
        200,
        "one session ends, not the others"
    );

    // 6. None of the passwords, tokens and sessions in the server's output.
    drop(server);
    assert_no_secret(
        &log,
        &[
            ("Alice's password", alice_pw),
            ("Alice's new password", alice_new_pw),
            ("Bob's password", bob_pw),
            ("a session token", alice.token),
            ("a session token", alice2.token),
            ("a session token", alice3.token),
            ("a session token", bob.token),
            ("a CSRF token", alice.csrf),
            ("a seat token", alice_token),
            ("a seat token", bob_token),
        ],
    );
    let _ = std::fs::remove_dir_all(dir);
}

// ---------------------------------------------------------------------------------------
// 7. Connections bounded per room and per address.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_bounded_per_room_and_per_address() {
    let dir = temp_dir("connections");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    let log = new_log();
    let server = Server::start(&database, &log);
    let addr = server.addr.as_str();
    let mut rooms = Vec::new();
    for _ in 0..5 {
        rooms.push(fidchell(addr).await.0);
    }
    // 64 connections a room, spectators counted: the 65th is refused after its hello.
    let mut open = Vec::new();
    for _ in 0..64 {
        open.push(Ws::connect(addr, &rooms[0], None).await);
    }
    let mut extra = Ws {
        stream: Ws::open(addr, &rooms[0]).await,
        state: Value::Null,
        seen: Vec::new(),
    };
    extra.send(&json!({"type": "hello"})).await;
    let reason = extra.refused("refused").await;
    assert!(reason.contains("64 connections"), "{reason}");
    assert!(matches!(extra.read(WAIT).await, Read2::Closed(_)));
    // 256 connections an address, whatever the rooms: the 257th handshake is refused 429.
    for k in 64..256 {
        open.push(Ws::connect(addr, &rooms[1 + k / 64 % 4], None).await);
    }
    let refused = Ws::open_with(addr, &rooms[4], &[]).await;
    assert_eq!(refused.err(), Some(429));
    // One closed, one more welcome.
    drop(open.pop());
    let deadline = Instant::now() + WAIT;
    loop {
        match Ws::open_with(addr, &rooms[4], &[]).await {
            Ok(_) => break,
            Err(status) => assert_eq!(status, 429),
        }
        assert!(
            Instant::now() < deadline,
            "the closed connection is never uncounted"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(open);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

// ---------------------------------------------------------------------------------------
// 2b. A move in flight when the server is killed: sent again, it is played once.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_in_flight_at_the_kill_is_played_once_when_sent_again() {
    let dir = temp_dir("in-flight");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    let log = new_log();
    let mut first = Server::start(&database, &log);
    let (room, ann, _) = fidchell(&first.addr).await;
    let bob = join(&first.addr, &room).await;
    let mut a = Ws::connect(&first.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&first.addr, &room, Some(&bob)).await;
    assert_eq!(play(&mut [&mut a, &mut b], 2).await, 2);
    assert_eq!(a.seq(), 4);
    let message = act(4, &first_legal(&a.state).expect("Ann to move"));
    a.send(&message).await;
    first.kill();
    drop((a, b));

    let second = Server::start(&database, &log);
    let kept = room_state(&second.addr, &room).await["seq"].as_u64();
    assert!(matches!(kept, Some(4 | 5)), "{kept:?}");
    let mut a = Ws::connect(&second.addr, &room, Some(&ann)).await;
    a.send(&message).await;
    let v = a.next().await;
    if kept == Some(5) {
        // Stored before the kill: the resend is stale, and the room is shown as it is.
        assert_eq!(v["code"], "stale", "{}", brief(&v));
        assert_eq!(a.next_state().await["seq"], 5);
    } else {
        assert_eq!(v["seq"], 5, "{}", brief(&v));
    }
    assert_eq!(room_state(&second.addr, &room).await["seq"], 5);
    assert_eq!(record_moves(&record(&second.addr, &room).await).len(), 3);
    drop(second);
    let _ = std::fs::remove_dir_all(dir);
}

// ---------------------------------------------------------------------------------------
// 1b. One of two processes killed: its player goes on through the other.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_of_a_killed_process_goes_on_through_the_other() {
    let url = Postgres::shared().create_database("failover");
    let log = new_log();
    let mut one = Server::start(&url, &log);
    let two = Server::start(&url, &log);
    let (room, ann, commitment) = fidchell(&one.addr).await;
    let bob = join(&two.addr, &room).await;
    let mut a = Ws::connect(&one.addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&two.addr, &room, Some(&bob)).await;
    assert_eq!(play(&mut [&mut a, &mut b], 3).await, 3);
    assert_eq!(b.seq(), 5);
    one.kill();
    drop(a);
    // Ann comes back through process 2: her seat, the room as it was.
    let mut a = Ws::connect(&two.addr, &room, Some(&ann)).await;
    assert_eq!((a.state["seat"].as_u64(), a.seq()), (Some(0), 5));
    let moves = 3 + play(&mut [&mut a, &mut b], MAX_MOVES).await;
    assert_eq!(a.state["status"], "over");
    let last = record(&two.addr, &room).await;
    assert_eq!(record_moves(&last).len(), moves);
    assert_seed_committed(&last, &a.state, &commitment);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_absent_longer_than_the_room_allows_is_abandoned_and_loses() {
    let dir = temp_dir("absence");
    let database = format!("sqlite://{}", dir.join("rooms.sqlite").display());
    let log = new_log();
    let server = Server::start(&database, &log);
    let addr = server.addr.clone();
    // The shortest absence a room takes: 10 s.
    let (room, ann, _) = create_room(
        &addr,
        &json!({"game": "tafl", "rules": "fidchell", "seats": ["open", "open"],
                "name": "Ann", "absence_s": 10}),
    )
    .await;
    let ann = ann.expect("the creator's token");
    let bob = join(&addr, &room).await;
    let mut a = Ws::connect(&addr, &room, Some(&ann)).await;
    let mut b = Ws::connect(&addr, &room, Some(&bob)).await;
    assert_eq!(a.state["status"], "playing");
    // Ann plays once, then leaves; Bob stays.
    let seq = a.seq();
    let first = first_legal(&a.state).expect("a legal move for the attackers");
    a.send(&act(seq, &first)).await;
    b.state_after(seq).await;
    drop(a);
    // Within the absence the seat is hers: Bob sees her absent, the game goes on.
    let started = std::time::Instant::now();
    let over = loop {
        match b.read(Duration::from_secs(30)).await {
            Read2::Json(v) if v["type"] == "state" && v["status"] == "over" => break v,
            Read2::Json(_) => {}
            other => panic!("no end by absence: {other:?}"),
        }
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "no end by absence"
        );
    };
    // Not before 10 s, and within the 5 s sweep after them (and a little slack).
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(9),
        "abandoned after {waited:?}"
    );
    assert!(
        waited <= Duration::from_secs(30),
        "abandoned after {waited:?}"
    );
    assert_eq!(over["result"]["end"], "abandoned");
    assert_eq!(over["result"]["seat"], 0);
    assert_eq!(over["result"]["scores"], json!([0.0, 1.0]));
    assert_eq!(over["seats"][0]["present"], false);
    // The record says it, with the seed now revealed.
    let text = record(&addr, &room).await;
    assert_eq!(
        tag(&text, "Termination").as_deref(),
        Some("seat 0 abandoned")
    );
    assert!(tag(&text, "Seed").is_some());
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
