//! `boardgames serve`: the web application of the `boardgames-web` crate, until Ctrl-C:
//! games against the bots, and online play over its database (SQLite by default, PostgreSQL
//! by URL).

use std::net::IpAddr;

use crate::io::error::CliError;

/// The arguments of `boardgames serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct ServeArgs {
    /// The port (0: a free one, printed at start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
    /// The database of online play: sqlite://PATH (created when missing) or
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DB (several processes may share it).
    #[arg(long, default_value = boardgames_web::DEFAULT_DATABASE)]
    database: String,
    /// Mark the session cookie Secure (the server is reached over HTTPS, behind a proxy).
    #[arg(long)]
    secure_cookies: bool,
}

impl ServeArgs {
    /// Serves the page until Ctrl-C.
    ///
    /// An address that cannot be listened on or a database that cannot be opened is an
    /// input error (exit 2).
    pub(crate) fn run(self) -> Result<(), CliError> {
        let options = boardgames_web::ServeOptions {
            bind: self.bind,
            port: self.port,
            open: self.open,
            database: Some(self.database),
            secure_cookies: self.secure_cookies,
        };
        boardgames_web::run(&options).map_err(|e| match e {
            boardgames_web::WebError::Bind { .. } | boardgames_web::WebError::Address(_) => {
                CliError::input("--bind/--port", e)
            }
            boardgames_web::WebError::Database(_) => CliError::input("--database", e),
            other => CliError::Output(other.to_string()),
        })
    }
}
