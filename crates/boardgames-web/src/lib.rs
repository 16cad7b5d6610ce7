//! The web application of `boardgames serve`: trictrac (the partie ordinaire and the
//! partie à écrire), tafl (every preset and any OpenTafl rules string) and sugoroku, played
//! in a browser against every bot of the family, watched between two bots, or replayed
//! from a record.
//!
//! The server is the authority: the page shows the game and asks; every action is checked
//! by the rules crates in the server, which throws the dice from the game's seed and makes
//! the bots think ([`router`]). The page's files (plain ES modules, a style sheet and the
//! crates' SVG pictures made interactive) are embedded in the binary: nothing is fetched
//! from elsewhere, nothing needs to be installed to run it.
//!
//! ```no_run
//! use boardgames_web::{ServeOptions, run};
//! run(&ServeOptions::default()).unwrap(); // http://127.0.0.1:8080/ until Ctrl-C
//! ```
//!
//! The requests (JSON) are listed in the repository's web page documentation; each
//! refusal is an [`ApiError`] with a code and a message, and changes nothing.
#![deny(missing_docs)]

mod agents;
mod error;
mod games;
mod http;
pub mod online;
mod replay;
mod store;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

pub use error::{ApiError, WebError};
pub use games::{ADVANCE_TIME, MAX_RECORD_BYTES, NewGame};
pub use http::{limits, router, router_with};
pub use store::MAX_GAMES;

/// How `boardgames serve` listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// The address to listen on (127.0.0.1 by default: this machine only).
    pub bind: IpAddr,
    /// The port (8080 by default; 0 lets the system choose a free one, printed at start).
    pub port: u16,
    /// Whether to open the page in the system's browser once listening.
    pub open: bool,
    /// The database of online play: `sqlite://PATH` (the file is created) or
    /// `postgres://USER@HOST/DB`; `None` for `sqlite://boardgames.sqlite` in the working
    /// directory.
    pub database: Option<String>,
    /// Whether the session cookie is marked `Secure` (behind HTTPS).
    pub secure_cookies: bool,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            open: false,
            database: None,
            secure_cookies: false,
        }
    }
}

/// Serves the application until Ctrl-C (or SIGTERM), printing `listening on URL` on
/// standard output once it listens and its database is open (nothing when either fails).
///
/// # Errors
/// [`WebError::Bind`] when the address cannot be listened on, [`WebError::Io`] when the
/// runtime cannot start or the listener fails.
pub fn run(options: &ServeOptions) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(options))
}

/// [`run`] inside a Tokio runtime.
///
/// # Errors
/// As [`run`].
pub async fn serve(options: &ServeOptions) -> Result<(), WebError> {
    let address = SocketAddr::new(options.bind, options.port);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|source| WebError::Bind {
            address: address.to_string(),
            source,
        })?;
    let local = listener.local_addr()?;
    let url = match local.ip() {
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
        IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
    };
    // The database is opened before `listening on` is printed: a script that waits for that
    // line must not take a server whose database failed for one that serves.
    let database = options
        .database
        .clone()
        .unwrap_or_else(|| DEFAULT_DATABASE.to_owned());
    let db = online::store::Db::open(&database)
        .await
        .map_err(|e| WebError::Database(e.to_string()))?;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let hub = online::server::Hub::start(db, &database, cores)
        .await
        .map_err(|e| WebError::Database(e.to_string()))?;
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on {url}");
        let _ = writeln!(out, "online play: {}", redact(&database));
        let _ = out.flush();
    }
    if options.open {
        open_browser(&url);
    }
    let online = online::server::Online {
        hub,
        secure_cookies: options.secure_cookies,
    };
    let app = router_with(Some(online)).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown())
        .await?;
    Ok(())
}

/// The database of online play when none is given.
pub const DEFAULT_DATABASE: &str = "sqlite://boardgames.sqlite";

/// A database URL without its password (`postgres://user:secret@host` is printed
/// `postgres://user:***@host`).
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Opens `url` in the system's browser (`xdg-open`, `open` on macOS, `start` on Windows);
/// a failure is said on standard error and the server goes on.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    if let Err(e) = command
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        let _ = writeln!(
            std::io::stderr(),
            "boardgames serve: cannot open a browser ({e}); open {url} yourself"
        );
    }
}
