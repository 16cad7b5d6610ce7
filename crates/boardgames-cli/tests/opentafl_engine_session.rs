//! The OpenTafl engine's session driven over in-memory pipes: the host's input is read
//! while the engine thinks, so `goodbye`, `finish`, a new `rules` or `position` stop a long
//! search at once (its answer is not sent), and the session goes on with the next command.

use std::io::{BufReader, PipeWriter, Write};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use boardgames_cli::opentafl_engine::{Engine, EngineOptions};

/// The OpenTafl rules string of Brandub, as OpenTafl sends it.
const BRANDUB: &str = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: \
                       start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// The longest wait for the session to end once it is told to (generous: the machine may
/// be loaded; the searches asked for take ten minutes).
const WAIT: Duration = Duration::from_secs(60);

/// What the engine wrote, shared with the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

/// A session thinking ten minutes a move, on a pipe the test writes to; the receiver gets
/// the session's result when it ends.
fn start() -> (PipeWriter, Shared, Receiver<std::io::Result<()>>) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let out = Shared::default();
    let options = EngineOptions {
        level: tafl_core::ai::Level::Druid,
        nodes: None,
        think: Some(600.0),
        seed: 1,
        log: None,
        full_moves: false,
        weights: None,
    };
    let mut engine = Engine::new(out.clone(), None, options);
    let (tx, done) = channel();
    std::thread::spawn(move || {
        let _ = tx.send(engine.session(BufReader::new(reader)));
    });
    (writer, out, done)
}

fn send(w: &mut PipeWriter, line: &str) {
    w.write_all(format!("{line}\n").as_bytes()).unwrap();
}

/// Waits until the engine is searching (it has read everything sent before).
fn let_it_think() {
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn goodbye_stops_a_long_search_and_ends_the_session() {
    let (mut w, out, done) = start();
    send(&mut w, &format!("rules {BRANDUB}"));
    send(&mut w, "play attackers");
    let_it_think();
    send(&mut w, "goodbye");
    done.recv_timeout(WAIT)
        .expect("the session ends at goodbye, not after the search")
        .expect("memory I/O");
    // The move of the stopped search is not sent.
    assert_eq!(out.lines(), ["hello"]);
}

#[test]
fn goodbye_stops_a_long_analysis() {
    let (mut w, out, done) = start();
    send(&mut w, &format!("rules {BRANDUB}"));
    send(&mut w, "analyze 3 600");
    let_it_think();
    send(&mut w, "goodbye");
    done.recv_timeout(WAIT)
        .expect("the session ends at goodbye, not after ten minutes")
        .expect("memory I/O");
    assert_eq!(out.lines(), ["hello"]);
}

#[test]
fn finish_position_and_rules_stop_the_search_and_the_session_goes_on() {
    let (mut w, out, done) = start();
    send(&mut w, &format!("rules {BRANDUB}"));
    for stop in [
        "finish 0".to_owned(),
        "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".to_owned(),
        format!("rules {BRANDUB}"),
    ] {
        send(&mut w, "play attackers");
        let_it_think();
        send(&mut w, &stop);
    }
    // The session still answers: an analysis of the start in a tenth of a second (awaited
    // before `goodbye`, which would stop it too).
    send(&mut w, "analyze 1 0.1");
    let asked = std::time::Instant::now();
    while out.lines().len() < 2 && asked.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(20));
    }
    send(&mut w, "goodbye");
    done.recv_timeout(WAIT)
        .expect("every search was stopped")
        .expect("memory I/O");
    let lines = out.lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], "hello");
    assert!(lines[1].starts_with("analysis 1 "), "{lines:?}");
}

#[test]
fn the_end_of_the_input_ends_the_session() {
    let (mut w, out, done) = start();
    send(&mut w, &format!("rules {BRANDUB}"));
    drop(w);
    done.recv_timeout(WAIT)
        .expect("the session ends with its input")
        .expect("memory I/O");
    assert_eq!(out.lines(), ["hello"]);
}
