//! `boardgames serve`: it listens on the port the system gives (`--port 0`), says where on
//! its first line and serves the page there; an address it cannot listen on is exit 2 with
//! the reason. (The web application itself is tested in crates/boardgames-web.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::Duration;

fn boardgames() -> Command {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
}

/// A database file of online play of the test's own (none is written in the checkout).
fn database(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("boardgames-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join(format!("{name}.sqlite")).display())
}

#[test]
fn serve_prints_its_address_and_serves_the_page_there() {
    let mut child = boardgames()
        .args(["serve", "--port", "0", "--database", &database("page")])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {line:?}"))
        .to_owned();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let mut stream = TcpStream::connect(&address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("<script type=\"module\" src=\"/assets/app.js\">"));
}

#[test]
fn serve_refuses_an_address_it_cannot_listen_on() {
    // A port already taken on this machine.
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let o = boardgames()
        .args(["serve", "--port", &port, "--database", &database("taken")])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!(
            "error: --bind/--port: cannot listen on 127.0.0.1:{port}: "
        )),
        "{err}"
    );
    // Not an IP address.
    let o = boardgames()
        .args(["serve", "--bind", "localhost:80"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--bind"));
    // A database of no known kind: exit 2 naming the option, and no password echoed.
    let o = boardgames()
        .args([
            "serve",
            "--port",
            "0",
            "--database",
            "mysql://me:hunter2@db/x",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("error: --database: "), "{err}");
    assert!(!err.contains("hunter2"), "{err}");
    // A database that cannot be opened: exit 2, and `listening on` never printed (a script
    // waiting for it must not take this server for one that serves).
    for url in ["mysql://x", "sqlite:///nonexistent/dir/x.sqlite"] {
        let o = boardgames()
            .args(["serve", "--port", "0", "--database", url])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{url}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(!out.contains("listening on"), "{url}: {out}");
    }
}
