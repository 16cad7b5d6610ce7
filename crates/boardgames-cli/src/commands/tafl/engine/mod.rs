//! `boardgames tafl engine`: the tafl AI as an engine of OpenTafl, speaking the OpenTafl
//! Engine Protocol (OTEP) on standard input and output (docs/opentafl-engine.md).
//!
//! The host (OpenTafl) sends one command a line (`rules`, `position`, `side`, `clock`,
//! `play`, `opponent-move`, `move`, `error`, `analyze`, `finish`, `goodbye`, ...); the engine
//! answers `hello`, `move`, `analysis` and `error`. What the host is known to need is kept
//! here: every answer is one whole line written at once and flushed, with `\n` and never
//! `\r`; nothing is written to standard error (the host never reads it; `--log FILE` keeps a
//! log instead); position records list rank 1 first; unknown commands and malformed lines
//! are ignored, and lines are read with a bounded buffer, so no input can crash or stall the
//! engine. The host's input is read on its own thread while the engine thinks: `goodbye`,
//! `finish`, a new `rules` or `position` stop the search at once (its move or analysis is
//! then not sent).

use boardgames_common::Seed;
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use tafl_core::ai::{EvalWeights, Level, Searcher};
use tafl_core::{Move, Side, TaflGame};

use crate::args::{LevelArg, numbers, parse_seed, parse_weights};
use crate::io::error::CliError;
use crate::io::lines::read_bounded_line;
use clock::HostClock;

mod clock;
mod host;
mod think;

/// The longest command line kept, in bytes; longer lines are skipped whole (a rules string
/// for 11×11 is about 300 bytes).
const MAX_LINE: usize = 64 * 1024;

/// The arguments of `boardgames tafl engine`.
#[derive(Debug, clap::Args)]
pub(crate) struct EngineArgs {
    /// The AI level when the host sends no clock.
    #[arg(long, value_enum, default_value = "druid")]
    level: LevelArg,
    /// Nodes per move (deterministic with --seed), at least 1.
    #[arg(long, value_parser = numbers::at_least::<u64>("nodes", 1), allow_hyphen_values = true)]
    nodes: Option<u64>,
    /// Seconds per move when the host sends no clock; with a clock, the most a move takes.
    #[arg(long, value_parser = numbers::seconds, allow_hyphen_values = true)]
    think: Option<f64>,
    /// The seed of the AI's random choices (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Write a log of the session to this file (nothing goes to standard error).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Ask the host for full OpenTafl move notation (`simple-moves off`).
    #[arg(long)]
    full_moves: bool,
    /// The evaluation's weights on every board, `name=value` pairs replacing the hand-set
    /// defaults after a set's name if any (as `tafl selfplay --weights1` takes them):
    /// weights measured inside OpenTafl; without it, the level's own (the set tuned for the
    /// board where there is one).
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights: Option<Box<EvalWeights>>,
}

impl EngineArgs {
    /// Runs a session on standard input and output ([`run`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        run(EngineOptions {
            level: self.level.into(),
            nodes: self.nodes,
            think: self.think,
            seed: self.seed,
            log: self.log,
            full_moves: self.full_moves,
            weights: self.weights.map(|w| *w),
        })
    }
}

/// How the engine chooses its strength and logs (the command-line options).
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The AI level used when there is no clock and neither `nodes` nor `think` is given.
    pub level: Level,
    /// A node limit per move (deterministic with `seed`); with a clock it still caps the
    /// search, and an `analyze` spends at most this many nodes on its main line.
    pub nodes: Option<u64>,
    /// Seconds per move when there is no clock; with a clock, the most a move may take (the
    /// clock's share is used when it is less).
    pub think: Option<f64>,
    /// The seed of the searcher's random choices.
    pub seed: u64,
    /// Where to write a log of the session (nothing is logged without it).
    pub log: Option<PathBuf>,
    /// Ask the host for full OpenTafl move notation (`simple-moves off`).
    pub full_moves: bool,
    /// The evaluation's weights of every search, on every board; `None`: the level's own
    /// (the weights tuned for the board where there are some, else the hand-set
    /// [`EvalWeights::DEFAULT`]: `SearchConfig::weights_for`).
    pub weights: Option<EvalWeights>,
}

/// The state of a session: the game as the engine knows it, the side it plays, the clock,
/// the move sent and not yet accepted. [`Engine::session`] runs it on a reader and a writer;
/// [`Engine::line`] feeds it one line (what the fuzz target of the protocol does).
pub struct Engine<W: Write> {
    out: W,
    log: Option<BufWriter<File>>,
    options: EngineOptions,
    searcher: Searcher,
    /// The game being played (`None` before a supported `rules`).
    game: Option<TaflGame>,
    /// The side the engine plays, once known.
    side: Option<Side>,
    clock: Option<HostClock>,
    /// The move sent and not yet accepted, with the hash of the position it was for.
    pending: Option<(Move, u64)>,
    /// Moves the host refused, with the hash of the position they were refused in.
    refused: HashSet<(Move, u64)>,
    /// Our last move the host accepted (the berserker, if the host says so with `error 4`).
    last_accepted: Option<Move>,
    simple_moves: bool,
    /// Raised while a command that stops the search (`goodbye`, `finish`, `rules`,
    /// `position`) has been read and not yet handled ([`Engine::session`]); every searcher
    /// of the engine stops when it is raised.
    stop: Arc<AtomicBool>,
    /// How many such commands have been read and not yet handled.
    stopping_pending: Arc<AtomicUsize>,
}

/// How many lines read and not yet handled the session holds ([`Engine::session`]).
const QUEUED_LINES: usize = 16;

/// Whether a line of the host is a command that stops a search in progress: `goodbye`,
/// `finish`, a new `rules` or `position` (the game the search is for is over or replaced).
fn stops_search(bytes: &[u8]) -> bool {
    let line = String::from_utf8_lossy(bytes);
    matches!(
        line.split_whitespace().next(),
        Some("goodbye" | "finish" | "rules" | "position")
    )
}

/// What the reader thread of [`Engine::session`] passes on: a line (without its `\n`, and
/// whether it was too long), or the end of the input, or a read error.
type ReadLine = std::io::Result<Option<(Vec<u8>, bool)>>;

/// Runs a session on standard input and output until `goodbye` or the end of the input.
fn run(options: EngineOptions) -> Result<(), CliError> {
    if let Some(t) = options.think
        && !(t.is_finite() && t > 0.0)
    {
        return Err(CliError::input(
            "--think",
            format!("{t} is not a positive number of seconds"),
        ));
    }
    let log = match &options.log {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
            CliError::Output(format!("cannot write {}: {e}", path.display()))
        })?)),
        None => None,
    };
    let input = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    let mut engine = Engine::new(stdout.lock(), log, options);
    // A closed output pipe means the host has gone: end quietly. Any other failure (a full
    // disk, an unreadable input) is an I/O error.
    match engine.session(input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::Output(e.to_string()))
        }
        _ => Ok(()),
    }
}

/// Reads one line into `buf` (without the `\n`), keeping at most [`MAX_LINE`] bytes; the
/// rest of a longer line is read and dropped. `Ok(None)` at the end of the input, else
/// whether the line was too long.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    Ok(read_bounded_line(input, MAX_LINE, buf)?.map(|line| line.overlong))
}

/// Replaces what is not printable ASCII, so that messages to the host stay on one line.
fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .take(200)
        .collect()
}

/// The longest analysis, in seconds (a year): the engine reads the host's input while it
/// thinks, so an analysis takes the time asked and the host stops it with its next
/// `goodbye`, `finish`, `rules` or `position`; the bound only keeps the deadline's
/// arithmetic from overflowing on an absurd or infinite request.
pub(crate) const MAX_ANALYSIS_SECS: f64 = 365.0 * 24.0 * 3600.0;

/// The time an `analyze <n> <seconds>` spends: four fifths of what is asked (the rest is a
/// margin for the pipes and the extra lines), at least 0.04 s and at most four fifths of
/// [`MAX_ANALYSIS_SECS`]; an infinite request gets the most.
fn analysis_time(seconds: f64) -> Duration {
    let secs = if seconds.is_nan() { 0.05 } else { seconds };
    Duration::from_secs_f64(secs.clamp(0.05, MAX_ANALYSIS_SECS) * 0.8)
}

/// The side named in a command.
fn parse_side(text: Option<&&str>) -> Option<Side> {
    match text.copied() {
        Some("attackers") => Some(Side::Attackers),
        Some("defenders") => Some(Side::Defenders),
        _ => None,
    }
}

/// A score in centisoldiers as the host's decimal evaluation, in soldiers.
fn eval_text(score: i32) -> String {
    format!("{:.2}", f64::from(score) / 100.0)
}

impl<W: Write> std::fmt::Debug for Engine<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .field("game", &self.game)
            .field("side", &self.side)
            .field("clock", &self.clock)
            .field("pending", &self.pending)
            .finish_non_exhaustive()
    }
}

impl<W: Write> Engine<W> {
    /// An engine that writes its commands to `out` (and its log to `log`, if any), before
    /// any line: call [`Engine::start`] to send `hello`, then [`Engine::line`] per line.
    pub fn new(out: W, log: Option<BufWriter<File>>, options: EngineOptions) -> Engine<W> {
        let mut config = options.level.config();
        if let Some(w) = options.weights {
            config = config.with_weights(w);
        }
        let mut searcher = Searcher::new(config, Seed(options.seed));
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop(Some(Arc::clone(&stop)));
        Engine {
            out,
            log,
            options,
            searcher,
            game: None,
            side: None,
            clock: None,
            pending: None,
            refused: HashSet::new(),
            last_accepted: None,
            simple_moves: true,
            stop,
            stopping_pending: Arc::new(AtomicUsize::new(0)),
        }
    }

    fn log(&mut self, line: &str) {
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "{line}");
            let _ = log.flush();
        }
    }

    /// Sends one command: the whole line in one write, then a flush.
    fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.log(&format!("> {line}"));
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.out.write_all(&bytes)?;
        self.out.flush()
    }

    /// The game as the engine knows it (`None` before a supported `rules`).
    pub const fn game(&self) -> Option<&TaflGame> {
        self.game.as_ref()
    }

    /// The move sent to the host and not yet accepted or refused.
    pub fn pending(&self) -> Option<Move> {
        self.pending.map(|(m, _)| m)
    }

    /// Whether moves are sent in simple notation (`e5-e8`) rather than OpenTafl's full one
    /// (the letters of the king, commanders and knights, jumps, berserk moves, captures).
    pub const fn simple_moves(&self) -> bool {
        self.simple_moves
    }

    /// Sends the greeting: `hello`, and `simple-moves off` when full notation was asked.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub fn start(&mut self) -> std::io::Result<()> {
        if let Some(w) = self.options.weights {
            let weights = format!("  weights: {w}");
            self.log(&weights);
        }
        self.send("hello")?;
        if self.options.full_moves {
            self.simple_moves = false;
            self.send("simple-moves off")?;
        }
        Ok(())
    }

    /// Handles one line of the host (without its `\n`; bytes that are not UTF-8 are
    /// replaced, blank lines ignored); `false` after `goodbye`.
    ///
    /// # Errors
    /// When `out` cannot be written.
    pub fn line(&mut self, bytes: &[u8]) -> std::io::Result<bool> {
        let line = String::from_utf8_lossy(bytes).into_owned();
        let line = line.trim();
        if line.is_empty() {
            return Ok(true);
        }
        self.log(&format!("< {line}"));
        self.command(line)
    }

    /// Runs a whole session: [`Engine::start`], then every line of `input` (at most
    /// 64 KiB of a line is kept; a longer one is skipped whole) until `goodbye` or the end
    /// of the input.
    ///
    /// `input` is read on a thread of its own, so that the host's `goodbye`, `finish`, a
    /// new `rules` or `position` stop a search in progress at once (the move or analysis
    /// it was for is then not sent; the command is handled next, like every line, in the
    /// order read). That thread ends at the end of the input, on a read error, or with the
    /// first line read after the session has ended (it may stay blocked in a read until
    /// then, or until the process exits).
    ///
    /// # Errors
    /// When `input` cannot be read or `out` written.
    pub fn session<R: BufRead + Send + 'static>(&mut self, input: R) -> std::io::Result<()> {
        self.start()?;
        // Bounded: the reader waits while the session is behind (at most `QUEUED_LINES`
        // lines of at most `MAX_LINE` bytes are held, 1 MiB), so that no input grows memory.
        let (tx, rx) = mpsc::sync_channel::<ReadLine>(QUEUED_LINES);
        let stop = Arc::clone(&self.stop);
        let pending = Arc::clone(&self.stopping_pending);
        std::thread::spawn(move || {
            let mut input = input;
            let mut buf = Vec::new();
            loop {
                let read = read_line(&mut input, &mut buf);
                let end = !matches!(read, Ok(Some(_)));
                if let Ok(Some(false)) = read
                    && stops_search(&buf)
                {
                    // Counted before it is raised, and both before the line is passed on:
                    // the session lowers the flag only when no such line is left to handle.
                    pending.fetch_add(1, Ordering::SeqCst);
                    stop.store(true, Ordering::SeqCst);
                }
                let message = read.map(|r| r.map(|overlong| (std::mem::take(&mut buf), overlong)));
                if tx.send(message).is_err() || end {
                    break;
                }
            }
        });
        // A reader thread that died without a word (it cannot panic) ends the input.
        while let Ok(Some((line, overlong))) = rx.recv().unwrap_or(Ok(None)) {
            if !overlong && stops_search(&line) {
                self.stopping_pending.fetch_sub(1, Ordering::SeqCst);
                self.stop.store(false, Ordering::SeqCst);
                if self.stopping_pending.load(Ordering::SeqCst) > 0 {
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            if overlong {
                self.log(&format!(
                    "< (a line of more than {MAX_LINE} bytes, ignored)"
                ));
                continue;
            }
            if !self.line(&line)? {
                break;
            }
        }
        Ok(())
    }

    /// Whether the host has sent a command that stops the search ([`Engine::session`]):
    /// the answer of the search just ended is then dropped.
    fn stopped_by_host(&mut self) -> bool {
        let stopped = self.stop.load(Ordering::SeqCst);
        if stopped {
            self.log("  (search stopped by the host's next command: no answer sent)");
        }
        stopped
    }

    /// Handles one command; `false` after `goodbye`.
    fn command(&mut self, line: &str) -> std::io::Result<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let args = &words[1..];
        match words[0] {
            "rules" => self.rules(line)?,
            "position" => self.position(args.first().copied()),
            "side" => {
                if let Some(side) = parse_side(args.first()) {
                    self.side = Some(side);
                    self.set_side_to_move(side);
                }
            }
            "start" => {
                if let Some(g) = &self.game
                    && g.plies() == 0
                {
                    self.game = Some(TaflGame::new(g.ruleset().clone()));
                }
            }
            "simple-moves" => self.simple_moves = args.first() != Some(&"off"),
            "clock" => self.clock = HostClock::parse(args),
            "play" => {
                if let Some(side) = parse_side(args.first()) {
                    self.side = Some(side);
                    self.play(side)?;
                }
            }
            "opponent-move" => self.opponent_move(args)?,
            "move" => self.move_accepted(args.first().copied()),
            "error" => {
                // 1: wrong side, 2: illegal move, 3: the other side moves again (berserk),
                // 4: only the berserker may move. Each means our board or turn differs
                // from the host's: the move is not sent again here, and the host's
                // `opponent-move` and `play` that follow set things right.
                match args.first().copied() {
                    Some("3") => self.log("  (refused: the other side is berserking)"),
                    Some("4") => self.log("  (refused: only the berserking piece may move)"),
                    _ => {}
                }
                if let Some((m, hash)) = self.pending.take() {
                    self.refused.insert((m, hash));
                }
                if args.first() == Some(&"4") {
                    self.host_berserker();
                }
            }
            "analyze" => {
                let n = args.first().and_then(|t| t.parse::<usize>().ok());
                let secs = args.get(1).and_then(|t| t.parse::<f64>().ok());
                match (n, secs) {
                    (Some(n), Some(secs)) if !secs.is_nan() => {
                        self.analyze(n.clamp(1, 20), secs)?;
                    }
                    _ => self.log("  (malformed analyze, ignored)"),
                }
            }
            "finish" => {
                self.pending = None;
                self.refused.clear();
            }
            "goodbye" => return Ok(false),
            _ => self.log("  (unknown command, ignored)"),
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(think: Option<f64>) -> Engine<Vec<u8>> {
        let options = EngineOptions {
            level: Level::Druid,
            nodes: None,
            think,
            seed: 1,
            log: None,
            full_moves: false,
            weights: None,
        };
        let mut e = Engine::new(Vec::new(), None, options);
        // 60 s each and three periods of 5 s: a fortieth of 60 s plus half a period, less
        // 0.1 s for the pipes, is 3.9 s a move.
        e.clock = HostClock::parse(&["60000", "60000", "5", "3", "3"]);
        e
    }

    #[test]
    fn think_caps_the_clocks_share() {
        let clocked = engine(None).config(Side::Attackers).limits.time;
        assert_eq!(clocked, Some(Duration::from_millis(3900)));
        let capped = engine(Some(0.25)).config(Side::Defenders).limits.time;
        assert_eq!(capped, Some(Duration::from_millis(250)));
        // A cap above the clock's share leaves it.
        let loose = engine(Some(10.0)).config(Side::Attackers).limits.time;
        assert_eq!(loose, Some(Duration::from_millis(3900)));
    }

    #[test]
    fn the_weights_given_are_those_of_every_search() {
        let mut e = engine(None);
        // None given: the level's own, the board's tuned ones where there are some.
        let own = e.config(Side::Attackers);
        assert_eq!(
            (own.weights, own.board_weights),
            (EvalWeights::DEFAULT, true)
        );
        let given: EvalWeights = "fork_step=150,shuttle=300".parse().expect("weights");
        e.options.weights = Some(given);
        for side in [Side::Attackers, Side::Defenders] {
            let config = e.config(side);
            assert_eq!(config.weights.fork_step, 150);
            assert_eq!(config.weights.shuttle, 300);
            assert_eq!(config.weights.attacker, EvalWeights::DEFAULT.attacker);
            // Searched on every board, 11×11 included.
            assert!(!config.board_weights);
            assert_eq!(
                config.weights_for(tafl_core::Ruleset::copenhagen().rules()),
                given
            );
        }
        e.clock = None;
        assert_eq!(e.config(Side::Defenders).weights, given);
    }

    #[test]
    fn analysis_time_is_bounded() {
        assert_eq!(analysis_time(1.0), Duration::from_millis(800));
        // The time asked, past the two minutes the engine once capped it at.
        assert_eq!(analysis_time(1000.0), Duration::from_secs(800));
        // A year at most (four fifths of it spent): the deadline cannot overflow.
        let year = Duration::from_secs(365 * 24 * 3600);
        assert_eq!(analysis_time(1e12), year.mul_f64(0.8));
        assert_eq!(analysis_time(f64::INFINITY), year.mul_f64(0.8));
        assert_eq!(analysis_time(-5.0), Duration::from_millis(40));
        assert_eq!(analysis_time(f64::NAN), Duration::from_millis(40));
    }
}
