//! `boardgames serve`: the web application of the `boardgames-web` crate, until Ctrl-C.

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
}

impl ServeArgs {
    /// Serves the page until Ctrl-C ([`serve`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        serve(self.bind, self.port, self.open)
    }
}

/// Serves the page on `bind:port` (printing its address), opening it in a browser when
/// `open`. An address that cannot be listened on is an input error (exit 2).
fn serve(bind: IpAddr, port: u16, open: bool) -> Result<(), CliError> {
    let options = boardgames_web::ServeOptions { bind, port, open };
    boardgames_web::run(&options).map_err(|e| match e {
        boardgames_web::WebError::Bind { .. } | boardgames_web::WebError::Address(_) => {
            CliError::input("--bind/--port", e)
        }
        other => CliError::Output(other.to_string()),
    })
}
