//! The load benchmark of online play (issue 47, docs/online.md "Figures"): N games of tafl
//! (Fidchell) at once, each between two clients over WebSockets on loopback, against one
//! `boardgames serve` process started as a child (so that its memory is its own).
//!
//! ```text
//! cargo build --release -p boardgames-cli --bin boardgames
//! cargo run --release -p boardgames-web --example online_load -- \
//!     --server target/release/boardgames --games 10,100,500,1000 \
//!     --database sqlite:///tmp/load.sqlite   # or postgres://..., or --start-postgres
//! ```
//!
//! For each N: a fresh server on a free port; N rooms created over HTTP (`POST /api/rooms`,
//! Fidchell, two open seats, not public) and their second seats joined; 2N WebSockets, each
//! saying `hello` with its seat's token; then every seat to act plays its first legal move
//! after a think time (`--think-ms`, 1000 by default: a fast player; the games start spread
//! over one think time), for `--seconds` (60 by default) or until every game is over.
//! One *action* is timed from the `act` sent to the first `state` with a higher sequence
//! number received by the OTHER seat's connection (action → broadcast). Printed per N:
//! the median, 90th and 99th percentiles and maximum of that time (ms), the actions a
//! second, the server's VmRSS and VmHWM (`/proc/PID/status`) at the end, the CPU time of the
//! server and of this benchmark's clients per action (`/proc/PID/stat`: they share the
//! machine), and the load average. Progress goes
//! to stderr, the table to stdout. At the end every game still on is resigned (so that the
//! next server on the same database has no room to load), then the server is killed.
//!
//! The server's limits by address (`POST` rates, rooms made: `http::limits`) are met as any
//! client meets them: the clients spread over loopback addresses (127.0.0.2 and up, one for
//! every [`GAMES_PER_ADDRESS`] games), each within the limits of one address.
//!
//! `--start-postgres` starts a private PostgreSQL cluster (Debian's `initdb` and `pg_ctl`,
//! run as the `postgres` user when root, as the storage tests do), fsync on, in a temporary
//! directory removed at the end, and uses a fresh database in it for each N.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};
use tokio::process::{Child, Command};
use tokio_tungstenite::tungstenite::Message;

/// The games whose clients share one loopback address: 50 rooms made (the burst of rooms
/// an address may make is 100), 50 joins, 100 WebSockets.
const GAMES_PER_ADDRESS: usize = 50;

/// The rooms made (and seats joined) at once while setting up.
const SETUP_IN_FLIGHT: usize = 16;

/// The longest a request or a connection of the setup may take.
const SETUP_TIMEOUT: Duration = Duration::from_secs(30);

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The command line.
#[derive(Debug, Clone)]
struct Options {
    games: Vec<usize>,
    database: Option<String>,
    start_postgres: bool,
    server: PathBuf,
    think_ms: u64,
    seconds: u64,
}

fn usage() -> ! {
    eprintln!(
        "usage: online_load --server PATH_TO_boardgames (--database URL | --start-postgres) \
         [--games N[,N...]] [--think-ms MS] [--seconds S]\n\
         --games: the numbers of games at once, one run each (default 10,100,500,1000)\n\
         --database: sqlite://PATH (a file of its own for each N: PATH.N) or postgres://...\n\
         --start-postgres: a private PostgreSQL cluster, a database of its own for each N\n\
         --think-ms: the time a seat waits before its move (default 1000)\n\
         --seconds: how long each run plays (default 60)"
    );
    std::process::exit(2)
}

fn parse_options() -> Options {
    let mut o = Options {
        games: vec![10, 100, 500, 1000],
        database: None,
        start_postgres: false,
        server: PathBuf::new(),
        think_ms: 1000,
        seconds: 60,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--games" => {
                o.games = value()
                    .split(',')
                    .map(|n| n.trim().parse().unwrap_or_else(|_| usage()))
                    .collect();
            }
            "--database" => o.database = Some(value()),
            "--start-postgres" => o.start_postgres = true,
            "--server" => o.server = PathBuf::from(value()),
            "--think-ms" => o.think_ms = value().parse().unwrap_or_else(|_| usage()),
            "--seconds" => o.seconds = value().parse().unwrap_or_else(|_| usage()),
            _ => usage(),
        }
    }
    let bad_games = o.games.is_empty() || o.games.iter().any(|&n| n == 0 || n > 5000);
    if o.server.as_os_str().is_empty()
        || bad_games
        || o.database.is_some() == o.start_postgres
        || o.seconds == 0
        || o.seconds > 3600
    {
        usage();
    }
    o
}

/// The loopback address of game `game`'s clients.
fn client_address(game: usize) -> IpAddr {
    let k = 2 + game / GAMES_PER_ADDRESS;
    IpAddr::V4(Ipv4Addr::new(127, 0, (k / 250) as u8, (k % 250) as u8 + 1))
}

/// A TCP connection from `from` to the server.
async fn connect(from: IpAddr, server: SocketAddr) -> Result<TcpStream, Error> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    Ok(socket.connect(server).await?)
}

/// `POST path` with a JSON body from `from`: the answer's JSON, or an error with its
/// status and body.
async fn post(from: IpAddr, server: SocketAddr, path: &str, body: &Value) -> Result<Value, Error> {
    let stream = connect(from, server).await?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(connection);
    let request = hyper::Request::post(path)
        .header(hyper::header::HOST, server.to_string())
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body.to_string())))?;
    let response = sender.send_request(request).await?;
    let status = response.status();
    let bytes = response.into_body().collect().await?.to_bytes();
    if !status.is_success() {
        return Err(format!("POST {path}: {status}: {}", String::from_utf8_lossy(&bytes)).into());
    }
    Ok(serde_json::from_slice(&bytes)?)
}

/// A room of the run: its id and its two seats' tokens.
#[derive(Debug, Clone)]
struct Room {
    id: String,
    tokens: [String; 2],
}

/// Creates room `k` (Fidchell, two open seats, not public) and joins its second seat.
async fn make_room(k: usize, server: SocketAddr) -> Result<Room, Error> {
    let from = client_address(k);
    let made = post(
        from,
        server,
        "/api/rooms",
        &json!({
            "game": "tafl", "rules": "fidchell", "seats": ["open", "open"],
            "public": false, "name": format!("a{k}"),
        }),
    )
    .await?;
    let id = made["room"].as_str().ok_or("no room id")?.to_owned();
    let first = made["token"].as_str().ok_or("no token")?.to_owned();
    let joined = post(
        from,
        server,
        &format!("/api/rooms/{id}/join"),
        &json!({ "seat": 1, "name": format!("b{k}") }),
    )
    .await?;
    let second = joined["token"].as_str().ok_or("no token")?.to_owned();
    Ok(Room {
        id,
        tokens: [first, second],
    })
}

/// The last `act` of a game: its sequence number, the seat that sent it, when.
#[derive(Debug, Default)]
struct Pending {
    sent: Option<(u64, usize, Instant)>,
}

/// What the clients measure, shared.
#[derive(Debug, Default)]
struct Measures {
    /// Action → broadcast times (µs).
    latencies: Mutex<Vec<u64>>,
    refused: AtomicU64,
    over: AtomicU64,
    errors: AtomicU64,
}

/// One seat's client: says hello, then plays the first legal move after `think` whenever
/// its state lists legal moves, and times the other seat's actions; on `stop`, seat 0
/// resigns a game still on.
#[allow(clippy::too_many_arguments)]
async fn seat_client(
    game: usize,
    seat: usize,
    room: Room,
    server: SocketAddr,
    pending: Arc<Mutex<Pending>>,
    measures: Arc<Measures>,
    think: Duration,
    start_after: Duration,
    stop: Arc<AtomicBool>,
    ready: Arc<tokio::sync::Barrier>,
) -> Result<(), Error> {
    let stream = connect(client_address(game), server).await?;
    let url = format!("ws://{server}/api/rooms/{}/ws", room.id);
    let (mut ws, _) = tokio::time::timeout(
        SETUP_TIMEOUT,
        tokio_tungstenite::client_async(url.as_str(), stream),
    )
    .await??;
    let hello = json!({ "type": "hello", "token": room.tokens[seat] }).to_string();
    ws.send(Message::Text(hello.into())).await?;
    // The first state, then every client ready before play starts.
    let first = tokio::time::timeout(SETUP_TIMEOUT, ws.next())
        .await?
        .ok_or("closed before the first state")??;
    let mut state: Value = serde_json::from_str(first.to_text()?)?;
    ready.wait().await;
    tokio::time::sleep(start_after).await;
    let mut next_move: Option<tokio::time::Instant> = None;
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        // Our move, when the state lists legal moves and none is sent for this seq.
        if next_move.is_none() && state["status"] == "playing" {
            let legal = state["view"]["legal"]
                .as_array()
                .is_some_and(|l| !l.is_empty());
            if legal {
                next_move = Some(tokio::time::Instant::now() + think);
            }
        }
        if state["status"] == "over" {
            measures.over.fetch_add(1, Ordering::Relaxed);
            // Stay connected (the other seat may still be reading) until stopped.
            while !stop.load(Ordering::Relaxed) {
                tokio::select! {
                    m = ws.next() => if m.is_none() { break },
                    () = tokio::time::sleep(Duration::from_millis(200)) => {}
                }
            }
            return Ok(());
        }
        let wake =
            next_move.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_millis(200));
        tokio::select! {
            message = ws.next() => {
                let Some(message) = message else { return Err("the server closed".into()) };
                let message = message?;
                let Ok(text) = message.to_text() else { continue };
                let v: Value = serde_json::from_str(text)?;
                match v["type"].as_str() {
                    Some("state") => {
                        let seq = v["seq"].as_u64().unwrap_or(0);
                        let mut p = pending.lock().unwrap_or_else(|e| e.into_inner());
                        if let Some((sent_seq, by, at)) = p.sent
                            && by != seat && seq > sent_seq
                        {
                            let us = u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX);
                            measures.latencies.lock().unwrap_or_else(|e| e.into_inner()).push(us);
                            p.sent = None;
                        }
                        drop(p);
                        if seq != state["seq"].as_u64().unwrap_or(0) {
                            next_move = None;
                        }
                        state = v;
                    }
                    Some("refused") => {
                        measures.refused.fetch_add(1, Ordering::Relaxed);
                        next_move = None;
                    }
                    _ => {}
                }
            }
            () = tokio::time::sleep_until(wake) => {
                if next_move.is_some_and(|t| t <= tokio::time::Instant::now()) {
                    let Some(action) = state["view"]["legal"][0]["text"].as_str() else {
                        next_move = None;
                        continue;
                    };
                    let seq = state["seq"].as_u64().unwrap_or(0);
                    let act = json!({ "type": "act", "seq": seq, "action": action }).to_string();
                    pending.lock().unwrap_or_else(|e| e.into_inner()).sent =
                        Some((seq, seat, Instant::now()));
                    ws.send(Message::Text(act.into())).await?;
                    // Wait for the state that follows before moving again.
                    next_move = Some(tokio::time::Instant::now() + Duration::from_secs(3600));
                }
            }
        }
    }
    if seat == 0 && state["status"] == "playing" {
        // Resign a game still on, at the last seq seen; a later state makes it stale: once
        // more with that.
        for _ in 0..3 {
            let seq = state["seq"].as_u64().unwrap_or(0);
            let resign = json!({ "type": "resign", "seq": seq }).to_string();
            ws.send(Message::Text(resign.into())).await?;
            let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(10), ws.next()).await
            else {
                break;
            };
            let v: Value = serde_json::from_str(m.to_text()?)?;
            if v["type"] == "state" {
                if v["status"] == "over" {
                    break;
                }
                state = v;
            }
        }
    }
    let _ = ws.close(None).await;
    Ok(())
}

/// The server's resident memory and its peak (kB), from `/proc/PID/status`.
fn memory_kb(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The CPU time the server has used (user and system, seconds), from `/proc/PID/stat`
/// (in clock ticks of 1/100 s, Linux's `USER_HZ` on every usual architecture).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name (in parentheses, which may hold spaces).
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th here.
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(11) + ticks(12)) as f64 / 100.0
}

/// Starts `boardgames serve --port 0 --database URL` and waits for it to be ready: its
/// address.
async fn start_server(binary: &Path, database: &str) -> Result<(Child, SocketAddr), Error> {
    let mut child = Command::new(binary)
        .args(["serve", "--port", "0", "--database", database])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("starting {}: {e}", binary.display()))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let mut address = None;
    let ready = async {
        while let Some(line) = lines.next_line().await? {
            if let Some(url) = line.strip_prefix("listening on http://") {
                address = Some(url.trim_end_matches('/').parse::<SocketAddr>()?);
            }
            if line.starts_with("online play:") {
                return Ok::<_, Error>(());
            }
        }
        Err("the server ended before it was ready".into())
    };
    tokio::time::timeout(Duration::from_secs(60), ready).await??;
    // The rest of its output is read and dropped.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok((child, address.ok_or("the server printed no address")?))
}

/// The figures of one run.
#[derive(Debug)]
struct Figures {
    games: usize,
    actions: usize,
    median_ms: f64,
    p90_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    per_second: f64,
    rss_kb: u64,
    hwm_kb: u64,
    /// The server's CPU time during play, per action measured (ms).
    cpu_ms_per_action: f64,
    /// This benchmark's own CPU time during play (its 2N clients), per action (ms).
    client_cpu_ms_per_action: f64,
    /// The machine's load average over the last minute at the end of play.
    load: f64,
    over: u64,
    refused: u64,
    errors: u64,
    setup_s: f64,
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let k = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[k.min(sorted.len() - 1)] as f64 / 1000.0
}

/// One run: N games against a fresh server on `database`.
async fn run(o: &Options, games: usize, database: &str) -> Result<Figures, Error> {
    let (mut child, server) = start_server(&o.server, database).await?;
    let pid = child.id().ok_or("the server has no pid")?;
    eprintln!("[{games}] server {pid} on {server}; making {games} rooms");
    let setup = Instant::now();
    let rooms: Vec<Room> = futures_util::stream::iter(0..games)
        .map(|k| async move { tokio::time::timeout(SETUP_TIMEOUT, make_room(k, server)).await? })
        .buffered(SETUP_IN_FLIGHT)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_, Error>>()?;
    eprintln!(
        "[{games}] rooms made in {:.1} s; connecting {} WebSockets",
        setup.elapsed().as_secs_f64(),
        2 * games
    );
    let measures = Arc::new(Measures::default());
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(tokio::sync::Barrier::new(2 * games + 1));
    let think = Duration::from_millis(o.think_ms);
    let mut tasks = Vec::with_capacity(2 * games);
    for (k, room) in rooms.into_iter().enumerate() {
        let pending = Arc::new(Mutex::new(Pending::default()));
        // The games start spread over one think time.
        let start_after = think * u32::try_from(k).unwrap_or(0) / u32::try_from(games).unwrap_or(1);
        for seat in 0..2 {
            let (room, pending, measures, stop, ready) = (
                room.clone(),
                Arc::clone(&pending),
                Arc::clone(&measures),
                Arc::clone(&stop),
                Arc::clone(&ready),
            );
            tasks.push(tokio::spawn(async move {
                let r = seat_client(
                    k,
                    seat,
                    room,
                    server,
                    pending,
                    Arc::clone(&measures),
                    think,
                    start_after,
                    stop,
                    ready,
                )
                .await;
                if let Err(e) = &r
                    && measures.errors.fetch_add(1, Ordering::Relaxed) < 5
                {
                    eprintln!("game {k} seat {seat}: {e}");
                }
            }));
        }
        // Connections opened a few at a time, as the setup's requests.
        if k % SETUP_IN_FLIGHT == SETUP_IN_FLIGHT - 1 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    // Every client connected (or failed: a failed client never reaches the barrier, so the
    // wait is bounded).
    let connected = tokio::time::timeout(SETUP_TIMEOUT * 2, ready.wait())
        .await
        .is_ok();
    let setup_s = setup.elapsed().as_secs_f64();
    if !connected {
        stop.store(true, Ordering::Relaxed);
        let _ = child.kill().await;
        return Err(format!(
            "[{games}] not every client connected within {:?} ({} errors)",
            SETUP_TIMEOUT * 2,
            measures.errors.load(Ordering::Relaxed)
        )
        .into());
    }
    eprintln!(
        "[{games}] {} WebSockets open after {setup_s:.1} s; playing {} s",
        2 * games,
        o.seconds
    );
    let play = Instant::now();
    let cpu_before = cpu_seconds(pid);
    let client_before = cpu_seconds(std::process::id());
    let mut last_report = Instant::now();
    while play.elapsed() < Duration::from_secs(o.seconds)
        && measures.over.load(Ordering::Relaxed) < 2 * games as u64
    {
        tokio::time::sleep(Duration::from_millis(250)).await;
        if last_report.elapsed() >= Duration::from_secs(10) {
            last_report = Instant::now();
            let n = measures
                .latencies
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .len();
            let (rss, _) = memory_kb(pid);
            eprintln!(
                "[{games}] {:.0} s: {n} actions, {} seats over, server {} MiB",
                play.elapsed().as_secs_f64(),
                measures.over.load(Ordering::Relaxed),
                rss / 1024
            );
        }
    }
    let played_s = play.elapsed().as_secs_f64();
    let (rss_kb, hwm_kb) = memory_kb(pid);
    let cpu_played = cpu_seconds(pid) - cpu_before;
    let client_played = cpu_seconds(std::process::id()) - client_before;
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(f64::NAN);
    let mut latencies =
        std::mem::take(&mut *measures.latencies.lock().unwrap_or_else(|e| e.into_inner()));
    stop.store(true, Ordering::Relaxed);
    eprintln!("[{games}] stopping: the games still on resign");
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
    }
    let _ = child.kill().await;
    latencies.sort_unstable();
    Ok(Figures {
        games,
        actions: latencies.len(),
        median_ms: percentile(&latencies, 50.0),
        p90_ms: percentile(&latencies, 90.0),
        p99_ms: percentile(&latencies, 99.0),
        max_ms: latencies.last().map_or(f64::NAN, |&m| m as f64 / 1000.0),
        per_second: latencies.len() as f64 / played_s,
        rss_kb,
        hwm_kb,
        cpu_ms_per_action: cpu_played * 1000.0 / latencies.len().max(1) as f64,
        client_cpu_ms_per_action: client_played * 1000.0 / latencies.len().max(1) as f64,
        load,
        over: measures.over.load(Ordering::Relaxed) / 2,
        refused: measures.refused.load(Ordering::Relaxed),
        errors: measures.errors.load(Ordering::Relaxed),
        setup_s,
    })
}

/// A private PostgreSQL cluster (as crates/boardgames-web/tests/support/postgres.rs).
struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Postgres {
    fn command(&self, name: &str) -> std::process::Command {
        let program = self.bin.join(name);
        if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            std::process::Command::new(program)
        }
    }

    fn start() -> Result<Postgres, Error> {
        let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")?
            .flatten()
            .map(|e| e.path().join("bin"))
            .filter(|b| b.join("initdb").is_file())
            .collect();
        found.sort_by_key(|b| {
            b.parent()
                .and_then(|v| v.file_name())
                .and_then(|v| v.to_str())
                .and_then(|v| v.parse::<u32>().ok())
                .unwrap_or(0)
        });
        let bin = found
            .pop()
            .ok_or("no /usr/lib/postgresql/*/bin/initdb: install postgresql")?;
        let dir = std::env::temp_dir().join(format!("online-load-pg-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let as_postgres = std::process::Command::new("id")
            .arg("-u")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
            .unwrap_or(false);
        if as_postgres {
            check(
                "chown",
                std::process::Command::new("chown")
                    .arg("-R")
                    .arg("postgres:")
                    .arg(&dir),
            )?;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let pg = Postgres {
            bin,
            dir,
            port,
            as_postgres,
        };
        let data = pg.dir.join("data");
        check(
            "initdb",
            pg.command("initdb").arg("-D").arg(&data).args([
                "-A",
                "trust",
                "-U",
                "boardgames",
                "-E",
                "UTF8",
                "--locale=C",
            ]),
        )?;
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1",
            pg.dir.display()
        );
        check(
            "pg_ctl start",
            pg.command("pg_ctl")
                .args(["start", "-w", "-D"])
                .arg(&data)
                .arg("-l")
                .arg(pg.dir.join("log"))
                .arg("-o")
                .arg(options)
                .stdout(Stdio::null()),
        )?;
        Ok(pg)
    }

    fn create_database(&self, name: &str) -> Result<String, Error> {
        check(
            "createdb",
            std::process::Command::new(self.bin.join("createdb")).args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "boardgames",
                name,
            ]),
        )?;
        Ok(format!(
            "postgres://boardgames@127.0.0.1:{}/{name}",
            self.port
        ))
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["stop", "-w", "-m", "fast", "-D"])
            .arg(self.dir.join("data"))
            .stdout(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn check(what: &str, command: &mut std::process::Command) -> Result<(), Error> {
    let out = command.stdin(Stdio::null()).output()?;
    if !out.status.success() {
        return Err(format!("{what} failed: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    Ok(())
}

/// The database of the run of N games: a file or a database of its own.
fn database_for(o: &Options, pg: Option<&Postgres>, games: usize) -> Result<String, Error> {
    if let Some(pg) = pg {
        return pg.create_database(&format!("load{games}"));
    }
    let url = o.database.clone().ok_or("no database")?;
    Ok(match url.strip_prefix("sqlite://") {
        Some(path) => format!("sqlite://{path}.{games}"),
        None => url,
    })
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let o = parse_options();
    let pg = if o.start_postgres {
        eprintln!("starting a private PostgreSQL cluster");
        Some(Postgres::start()?)
    } else {
        None
    };
    let mut all: HashMap<usize, Figures> = HashMap::new();
    for &games in &o.games {
        let database = database_for(&o, pg.as_ref(), games)?;
        match run(&o, games, &database).await {
            Ok(f) => {
                eprintln!("[{games}] {f:?}");
                all.insert(games, f);
            }
            Err(e) => eprintln!("[{games}] failed: {e}"),
        }
    }
    let backend = if pg.is_some()
        || o.database
            .as_deref()
            .is_some_and(|d| d.starts_with("postgres"))
    {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    println!(
        "| database | games | actions | median ms | p90 ms | p99 ms | max ms | actions/s | VmRSS MiB | VmHWM MiB | server CPU ms/action | clients' CPU ms/action | load average | games over | refused | errors | setup s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for &games in &o.games {
        if let Some(f) = all.get(&games) {
            println!(
                "| {backend} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} | {:.1} | {} | {} | {} | {:.1} |",
                f.games,
                f.actions,
                f.median_ms,
                f.p90_ms,
                f.p99_ms,
                f.max_ms,
                f.per_second,
                f.rss_kb as f64 / 1024.0,
                f.hwm_kb as f64 / 1024.0,
                f.cpu_ms_per_action,
                f.client_cpu_ms_per_action,
                f.load,
                f.over,
                f.refused,
                f.errors,
                f.setup_s,
            );
        }
    }
    Ok(())
}
