//! A private PostgreSQL cluster for the tests, started by the test itself (no server is
//! assumed running): Debian's `initdb` and `pg_ctl` (under `/usr/lib/postgresql/*/bin`, or
//! on the PATH) in a temporary directory, on a free loopback port, trusting the local user
//! `boardgames`. As root (here and in CI) the cluster runs as the `postgres` user through
//! `runuser`: PostgreSQL refuses to run as root.
//!
//! ```ignore
//! mod support;
//! let pg = support::postgres::Postgres::start_new();
//! let url = pg.create_database("mytest"); // postgres://boardgames@127.0.0.1:PORT/mytest
//! pg.stop(); // a fast shutdown
//! pg.start(); // the same data, the same port
//! // dropped: stopped (immediate) and its directory removed
//! ```
//!
//! A missing `initdb` fails the test with what to install: these tests are never skipped.
#![allow(dead_code)] // each test file uses a part of it

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// The superuser of the test clusters.
pub(crate) const USER: &str = "boardgames";

/// A PostgreSQL cluster of the tests.
#[derive(Debug)]
pub(crate) struct Postgres {
    /// The directory of `initdb`, `pg_ctl` and `createdb`.
    bin: PathBuf,
    /// The temporary directory: `data/` (the cluster), the socket, `log`.
    dir: PathBuf,
    port: u16,
    /// Whether the commands run as the `postgres` user (the tests run as root).
    as_postgres: bool,
    /// Whether the cluster is running.
    running: Mutex<bool>,
}

/// The directory holding `initdb`: the newest `/usr/lib/postgresql/*/bin`, else the PATH's.
fn find_bin() -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file() && b.join("pg_ctl").is_file())
        .collect();
    // The newest version: its directory's name is its major version number.
    found.sort_by_key(|b| {
        b.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    if let Some(bin) = found.pop() {
        return bin;
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if dir.join("initdb").is_file() && dir.join("pg_ctl").is_file() {
                return dir;
            }
        }
    }
    panic!(
        "PostgreSQL's initdb and pg_ctl were found neither under /usr/lib/postgresql/*/bin nor \
         on the PATH: install Debian's postgresql package (apt-get install postgresql; .ci/run \
         does it) to run the storage tests against PostgreSQL"
    );
}

/// Whether this process runs as root.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A free loopback port (bound, read, released).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("binding a free loopback port");
    listener.local_addr().expect("the bound port").port()
}

/// A fresh temporary directory.
fn temp_dir() -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "boardgames-pg-{}-{}-{nanos}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("creating the cluster's temporary directory");
    dir
}

/// Runs `command`, panicking with its output when it fails.
fn run(what: &str, command: &mut Command) -> Output {
    let out = command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run {command:?}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

impl Postgres {
    /// Creates and starts a new cluster.
    ///
    /// # Panics
    /// When PostgreSQL is not installed (saying what to install) or the cluster cannot be
    /// created or started.
    #[must_use]
    pub(crate) fn start_new() -> Postgres {
        let bin = find_bin();
        let dir = temp_dir();
        let as_postgres = is_root();
        if as_postgres {
            run(
                "giving the cluster's directory to the postgres user",
                Command::new("chown").arg("-R").arg("postgres:").arg(&dir),
            );
        }
        let pg = Postgres {
            bin,
            dir,
            port: free_port(),
            as_postgres,
            running: Mutex::new(false),
        };
        run(
            "initdb",
            pg.command("initdb").arg("-D").arg(pg.data()).args([
                "-A",
                "trust",
                "-U",
                USER,
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]),
        );
        pg.start();
        pg
    }

    /// The command `name` of PostgreSQL's, run as the `postgres` user when we are root.
    fn command(&self, name: &str) -> Command {
        let program = self.bin.join(name);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        }
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// The cluster's port on 127.0.0.1.
    #[must_use]
    pub(crate) fn port(&self) -> u16 {
        self.port
    }

    /// The URL of the database `name` (made by [`Postgres::create_database`]).
    #[must_use]
    pub(crate) fn url_of(&self, name: &str) -> String {
        format!("postgres://{USER}@127.0.0.1:{}/{name}", self.port)
    }

    /// The URL of the cluster's own database, `postgres`.
    #[must_use]
    pub(crate) fn url(&self) -> String {
        self.url_of("postgres")
    }

    /// Creates the database `name` (letters, digits, `_`) and gives its URL.
    ///
    /// # Panics
    /// When `createdb` fails (the name is taken, the cluster is stopped).
    pub(crate) fn create_database(&self, name: &str) -> String {
        run(
            "createdb",
            Command::new(self.bin.join("createdb"))
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", USER])
                .arg(name),
        );
        self.url_of(name)
    }

    /// Starts the cluster (again: the same data, the same port), waiting until it accepts
    /// connections. Fsync is off: a test cluster is not kept across a crash of the
    /// machine, and it spares the disk of a shared machine.
    ///
    /// # Panics
    /// When `pg_ctl start` fails.
    pub(crate) fn start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.display()
        );
        run(
            "pg_ctl start",
            self.command("pg_ctl")
                .arg("start")
                .arg("-w")
                .arg("-D")
                .arg(self.data())
                .arg("-l")
                .arg(self.dir.join("log"))
                .arg("-o")
                .arg(options)
                // pg_ctl's server keeps standard output open: do not wait for its end.
                .stdout(Stdio::null())
                .stderr(Stdio::piped()),
        );
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) = true;
    }

    /// Stops the cluster (a fast shutdown: connections are closed, the data kept).
    ///
    /// # Panics
    /// When `pg_ctl stop` fails.
    pub(crate) fn stop(&self) {
        run(
            "pg_ctl stop",
            self.command("pg_ctl")
                .args(["stop", "-w", "-m", "fast", "-D"])
                .arg(self.data())
                .stdout(Stdio::null()),
        );
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) = false;
    }

    /// The directory of the cluster.
    #[must_use]
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// A cluster shared by the tests of one test binary, started on first use. A watcher
    /// process stops it and removes its directory when the test process ends (a `static`
    /// is never dropped).
    pub(crate) fn shared() -> &'static Postgres {
        static SHARED: OnceLock<Postgres> = OnceLock::new();
        SHARED.get_or_init(|| {
            let pg = Postgres::start_new();
            pg.watch_parent();
            pg
        })
    }

    /// Spawns a shell that waits for this process to end, then stops the cluster
    /// (immediate) and removes its directory.
    fn watch_parent(&self) {
        let pg_ctl = self.bin.join("pg_ctl");
        let runner = if self.as_postgres {
            "runuser -u postgres -- "
        } else {
            ""
        };
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; \
             {runner}'{pg_ctl}' stop -m immediate -D '{data}' >/dev/null 2>&1; rm -rf '{dir}'",
            pid = std::process::id(),
            pg_ctl = pg_ctl.display(),
            data = self.data().display(),
            dir = self.dir.display(),
        );
        // Never waited for: it outlives this process by design (it waits for its end).
        #[allow(clippy::zombie_processes)]
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting the cluster's watcher");
    }
}

impl Drop for Postgres {
    /// Stops the cluster at once (immediate) and removes its directory.
    fn drop(&mut self) {
        let running = *self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running {
            let _ = self
                .command("pg_ctl")
                .args(["stop", "-w", "-m", "immediate", "-D"])
                .arg(self.data())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
