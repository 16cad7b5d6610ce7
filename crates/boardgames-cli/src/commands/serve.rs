//! `boardgames serve`: the web application of the `boardgames-web` crate, until Ctrl-C.

use std::net::IpAddr;

use crate::io::error::CliError;

/// Serves the page on `bind:port` (printing its address), opening it in a browser when
/// `open`. An address that cannot be listened on is an input error (exit 2).
pub(crate) fn serve(bind: IpAddr, port: u16, open: bool) -> Result<(), CliError> {
    let options = boardgames_web::ServeOptions { bind, port, open };
    boardgames_web::run(&options).map_err(|e| match e {
        boardgames_web::WebError::Bind { .. } | boardgames_web::WebError::Address(_) => {
            CliError::input("--bind/--port", e)
        }
        other => CliError::Output(other.to_string()),
    })
}
