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

use tafl_core::ai::{Level, SearchConfig, Searcher, WIN_SCORE, evaluate};
use tafl_core::{
    Move, MoveList, Piece, Position, Rules, Ruleset, Setup, Side, Square, Status, TaflGame,
};

use crate::io::error::CliError;
use crate::io::lines::read_bounded_line;
use clock::Clock;

mod clock;

/// The longest command line kept, in bytes; longer lines are skipped whole (a rules string
/// for 11×11 is about 300 bytes).
const MAX_LINE: usize = 64 * 1024;

/// How the engine chooses its strength and logs (the command-line options).
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The AI level used when there is no clock and neither `nodes` nor `think` is given.
    pub level: Level,
    /// A node limit per move (deterministic with `seed`); with a clock it still caps the
    /// search, and an `analyze` spends at most this many nodes on its main line.
    pub nodes: Option<u64>,
    /// Seconds per move when there is no clock.
    pub think: Option<f64>,
    /// The seed of the searcher's random choices.
    pub seed: u64,
    /// Where to write a log of the session (nothing is logged without it).
    pub log: Option<PathBuf>,
    /// Ask the host for full OpenTafl move notation (`simple-moves off`).
    pub full_moves: bool,
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
    clock: Option<Clock>,
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
pub(crate) fn run(options: EngineOptions) -> Result<(), CliError> {
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

/// Whether `m` jumps over a piece (two squares along a line, the square between occupied).
fn is_jump(pos: &Position, m: Move) -> bool {
    let (df, dr) = (
        i16::from(m.to.file()) - i16::from(m.from.file()),
        i16::from(m.to.rank()) - i16::from(m.from.rank()),
    );
    if !((df.abs() == 2 && dr == 0) || (dr.abs() == 2 && df == 0)) {
        return false;
    }
    m.from
        .offset((df / 2) as i8, (dr / 2) as i8, pos.size())
        .is_some_and(|mid| pos.piece_at(mid).is_some())
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
        let mut searcher = Searcher::new(options.level.config(), Seed(options.seed));
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
            "clock" => self.clock = Clock::parse(args),
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

    fn rules(&mut self, line: &str) -> std::io::Result<()> {
        let text = line.strip_prefix("rules").unwrap_or(line).trim();
        // As OpenTafl reads them: keys we do not know are ignored.
        match Ruleset::from_opentafl(text) {
            Ok(ruleset) => {
                self.game = Some(TaflGame::new(ruleset));
                self.searcher.clear();
                self.pending = None;
                self.refused.clear();
                Ok(())
            }
            Err(e) => {
                // A clean reset: the host's game is now one we cannot play, so nothing of
                // the previous game is kept (a later `play` is refused with `error -1`
                // until a supported `rules` line comes).
                self.game = None;
                self.side = None;
                self.clock = None;
                self.pending = None;
                self.refused.clear();
                self.searcher.clear();
                self.log("  (rules refused: the previous game is dropped)");
                self.send(&format!(
                    "error 0 unsupported rules: {}",
                    ascii(&e.to_string())
                ))
            }
        }
    }

    /// The host's board, with `side` to move, as a new game of the current ruleset (the
    /// history is lost), or `None` if it cannot be read.
    fn game_from_board(&self, board: &str, side: Side) -> Option<TaflGame> {
        let ruleset = self.game.as_ref()?.ruleset().clone();
        let mut setup = Setup::from_board_string(board).ok()?;
        setup.side_to_move = side;
        TaflGame::from_setup(ruleset, &setup).ok()
    }

    /// [`Engine::game_from_board`], keeping a berserk move in progress: when our game had
    /// `berserker` (its square and side) and the host's board, with that side to move, still
    /// holds a piece of that side there, that piece is still the berserker (OpenTafl's
    /// `position` records carry no berserker, "OpenTafl Engine Protocol", `position`).
    /// Without it, or if that position has no move, the board is taken as it is.
    fn game_from_board_keeping(
        &self,
        board: &str,
        side: Side,
        berserker: Option<(Square, Side)>,
    ) -> Option<TaflGame> {
        if let Some((b, owner)) = berserker
            && owner == side
            && let Some(game) = &self.game
            && let Ok(mut setup) = Setup::from_board_string(board)
            && setup.piece_at(b).is_some_and(|p| p.side() == side)
        {
            setup.side_to_move = side;
            setup.berserker = Some(b);
            if let Ok(g) = TaflGame::from_setup(game.ruleset().clone(), &setup)
                && g.position().count_legal_moves(g.rules()) > 0
            {
                return Some(g);
            }
        }
        self.game_from_board(board, side)
    }

    /// The berserker of our game with its side, if a berserk move is in progress.
    fn berserker(&self) -> Option<(Square, Side)> {
        let pos = self.game.as_ref()?.position();
        pos.berserker().map(|b| (b, pos.side_to_move()))
    }

    /// Whether our board is the host's.
    fn board_matches(&self, board: &str) -> bool {
        let Some(g) = &self.game else {
            return false;
        };
        Setup::from_board_string(board).is_ok_and(|s| {
            let ours = g.position().to_setup();
            s.attackers == ours.attackers
                && s.defenders == ours.defenders
                && s.king == ours.king
                && s.commanders == ours.commanders
                && s.knights == ours.knights
        })
    }

    fn position(&mut self, board: Option<&str>) {
        let Some(board) = board else {
            return;
        };
        if self.board_matches(board) {
            return;
        }
        let side = self
            .game
            .as_ref()
            .map_or(Side::Attackers, |g| g.position().side_to_move());
        let berserker = self.berserker();
        if let Some(g) = self.game_from_board_keeping(board, side, berserker) {
            if let Some(b) = g.position().berserker() {
                self.log(&format!(
                    "  (the host's board taken; the berserk move of the piece on {b} kept)"
                ));
            }
            self.game = Some(g);
        }
    }

    /// Makes `side` the side to move (a new game from the board if it is not).
    fn set_side_to_move(&mut self, side: Side) {
        let Some(g) = &self.game else {
            return;
        };
        if g.position().side_to_move() == side && !g.status().is_over() {
            return;
        }
        let board = g.position().to_setup().board_string();
        if let Some(g) = self.game_from_board(&board, side) {
            self.game = Some(g);
        }
    }

    /// `opponent-move <move>|<move>... [<position>]`: plays the moves (OpenTafl sends all
    /// the moves of a berserk turn in one list, oldest first); if the board then differs
    /// from the host's (a repeated notice, or a move we cannot play), the host's board is
    /// taken. A move that cannot be read or played is logged; when no readable position
    /// follows to recover from, the engine keeps its state as it was before the command and
    /// tells the host with a non-critical `error 0`.
    fn opponent_move(&mut self, args: &[&str]) -> std::io::Result<()> {
        self.pending = None;
        let Some(game) = &self.game else {
            return Ok(());
        };
        let Some(list) = args.first() else {
            self.log("  (opponent-move without a move, ignored)");
            return Ok(());
        };
        let before = game.clone();
        let mut next = game.clone();
        let mut mover = None;
        let mut fault = None;
        for text in list.split('|') {
            let Ok(m) = Move::from_otn(text) else {
                fault = Some(format!("cannot read the opponent's move {:?}", ascii(text)));
                break;
            };
            let side = next.position().side_to_move();
            match next.play_mut(m) {
                Ok(_) => mover = Some(side),
                Err(e) => {
                    fault = Some(format!("cannot play the opponent's move {m}: {e}"));
                    break;
                }
            }
        }
        if let Some(f) = &fault {
            self.log(&format!("  ({f})"));
        }
        let host_board = args
            .get(1)
            .copied()
            .filter(|b| Setup::from_board_string(b).is_ok());
        let Some(board) = host_board else {
            if let Some(f) = fault {
                // Nothing to recover from: our state stays as it was.
                return self.send(&format!("error 0 {}; position kept", ascii(&f)));
            }
            self.game = Some(next);
            return Ok(());
        };
        self.game = Some(next);
        if fault.is_none() && self.board_matches(board) {
            return Ok(());
        }
        self.game = Some(before);
        if self.board_matches(board) {
            return Ok(()); // already known
        }
        self.log("  (the host's board differs from ours: taken)");
        let side = match (mover, self.side) {
            (Some(s), _) if fault.is_none() => s.other(),
            (_, Some(ours)) => ours,
            _ => self
                .game
                .as_ref()
                .map_or(Side::Attackers, |g| g.position().side_to_move().other()),
        };
        if let Some(g) = self.game_from_board(board, side) {
            self.game = Some(g);
        }
        Ok(())
    }

    /// After `error 4`: the host says a piece of ours moves again (berserk) where our game
    /// does not; it can only be the piece of our last accepted move, which becomes the
    /// berserker (if the rules have berserk moves and it still stands there).
    fn host_berserker(&mut self) {
        let (Some(m), Some(side), Some(game)) = (self.last_accepted, self.side, &self.game) else {
            return;
        };
        if game.position().berserker().is_some() {
            return;
        }
        let mut setup = game.position().to_setup();
        setup.side_to_move = side;
        setup.berserker = Some(m.to);
        if let Ok(g) = TaflGame::from_setup(game.ruleset().clone(), &setup) {
            self.log(&format!(
                "  (the host has our piece on {} move again: taken)",
                m.to
            ));
            self.game = Some(g);
        }
    }

    /// `move <position>`: the host accepted our move.
    fn move_accepted(&mut self, board: Option<&str>) {
        let Some((m, hash)) = self.pending.take() else {
            return;
        };
        self.last_accepted = Some(m);
        let Some(game) = &mut self.game else {
            return;
        };
        if game.position().hash() == hash {
            let _ = game.play_mut(m);
        }
        if let Some(board) = board
            && !self.board_matches(board)
        {
            self.log("  (the host's board differs from ours: taken)");
            // Our move captured and gives a berserk move: still our side to move.
            let berserker = self.berserker().filter(|&(_, s)| Some(s) == self.side);
            let side = match berserker {
                Some((_, s)) => s,
                None => self.side.map_or(Side::Attackers, Side::other),
            };
            if let Some(g) = self.game_from_board_keeping(board, side, berserker) {
                self.game = Some(g);
            }
        }
    }

    /// The configuration of a search by `side` (clock, `--nodes`, `--think`, level).
    fn config(&self, side: Side) -> SearchConfig {
        let mut config = self.options.level.config();
        let budget = self.clock.and_then(|c| c.budget(side));
        match budget {
            Some(time) => {
                config.limits.time = Some(time);
                config.limits.nodes = self.options.nodes;
                config.limits.max_depth = config.limits.max_depth.max(60);
            }
            None => {
                if let Some(n) = self.options.nodes {
                    config.limits.nodes = Some(n);
                    config.limits.max_depth = 60;
                }
                if let Some(t) = self.options.think {
                    config.limits.time = Some(Duration::from_secs_f64(t.clamp(0.01, 3600.0)));
                    if self.options.nodes.is_none() {
                        config.limits.nodes = None;
                    }
                    config.limits.max_depth = 60;
                }
            }
        }
        config
    }

    fn play(&mut self, side: Side) -> std::io::Result<()> {
        if self.game.is_none() {
            return self.send("error -1 no supported ruleset: the engine cannot play");
        }
        self.set_side_to_move(side);
        let config = self.config(side);
        let Some(game) = &self.game else {
            return Ok(());
        };
        let pos = *game.position();
        let rules = *game.rules();
        let hash = pos.hash();
        self.searcher.set_limits(config.limits);
        let found = self.searcher.search(&pos, &rules, game.search_history());
        if self.stopped_by_host() {
            return Ok(());
        }
        let chosen = match &found {
            Some(r) if !self.refused.contains(&(r.best_move, hash)) => Some(r.best_move),
            _ => self.fallback(&pos, &rules, hash),
        };
        let Some(m) = chosen else {
            return self.send("error -1 no legal move left to play");
        };
        self.pending = Some((m, hash));
        let text = self.move_text(&pos, &rules, m);
        if let Some(r) = &found {
            let line = format!(
                "  searched: best {} score {} depth {} nodes {}",
                r.best_move, r.score, r.depth, r.nodes
            );
            self.log(&line);
        }
        self.send(&format!("move {text}"))
    }

    /// The best legal move by a one-ply look, among those the host has not refused.
    fn fallback(&self, pos: &Position, rules: &Rules, hash: u64) -> Option<Move> {
        let mut moves = MoveList::new();
        pos.legal_moves_into(rules, &mut moves);
        moves
            .iter()
            .copied()
            .filter(|&m| !self.refused.contains(&(m, hash)))
            .max_by_key(|&m| {
                let mut next = *pos;
                let outcome = next.play_unchecked(rules, m);
                match outcome.status {
                    Status::Win { side, .. } if side == pos.side_to_move() => WIN_SCORE,
                    Status::Win { .. } => -WIN_SCORE,
                    Status::Draw { .. } => 0,
                    // A berserk move: the same side moves again.
                    Status::Ongoing if next.side_to_move() == pos.side_to_move() => {
                        evaluate(&next, rules)
                    }
                    Status::Ongoing => -evaluate(&next, rules),
                }
            })
    }

    /// `m` in the notation the host asked for: simple (`e5-e8`, jumps too), or OpenTafl's
    /// full notation with the letters of the king, commanders and knights, `^` for a jump,
    /// `=` for a berserk move (`Ne6^=e8xe7/f8`).
    fn move_text(&self, pos: &Position, rules: &Rules, m: Move) -> String {
        if self.simple_moves {
            return m.to_string();
        }
        let letter = |sq: Square| -> Option<char> {
            let piece = pos.piece_at(sq)?;
            if piece == Piece::King {
                return Some(if piece.side() == Side::Attackers {
                    'k'
                } else {
                    'K'
                });
            }
            pos.officer_at(sq).map(|o| o.char(piece.side()))
        };
        let mut next = *pos;
        let outcome = next.play_unchecked(rules, m);
        let mut text = String::new();
        text.extend(letter(m.from));
        text.push_str(&m.from.to_string());
        let jump = pos.destinations(rules, m.from).contains(m.to) && is_jump(pos, m);
        if jump {
            text.push('^');
        }
        if pos.berserker().is_some() {
            text.push('=');
        } else if !jump {
            text.push('-');
        }
        text.push_str(&m.to.to_string());
        for (i, sq) in outcome.captures.enumerate() {
            text.push(if i == 0 { 'x' } else { '/' });
            text.extend(letter(sq));
            text.push_str(&sq.to_string());
        }
        text
    }

    /// `analyze <n> <seconds>`: the best line, then up to `n - 1` other moves each with its
    /// own line, as `analysis <k> <moves|...> <eval> ...` (evaluations in soldiers for the
    /// side to move).
    fn analyze(&mut self, n: usize, seconds: f64) -> std::io::Result<()> {
        let Some(game) = &self.game else {
            return self.send("error 0 no supported ruleset to analyze");
        };
        let pos = *game.position();
        let rules = *game.rules();
        let mut history = game.search_history().to_vec();
        let mut config = self.config(pos.side_to_move());
        config.random_margin = 0;
        let total = analysis_time(seconds);
        let share = if n > 1 { 0.6 } else { 1.0 };
        let mut main = config;
        main.limits.max_depth = 60;
        main.limits.time = Some(total.mul_f64(share));
        main.limits.nodes = self.options.nodes;
        let mut searcher = Searcher::new(main, Seed(self.options.seed));
        searcher.set_stop(Some(Arc::clone(&self.stop)));
        let found = searcher.search(&pos, &rules, &history);
        if self.stopped_by_host() {
            return Ok(());
        }
        let Some(best) = found else {
            return self.send("analysis 0");
        };
        let mut lines = vec![(best.pv.clone(), best.score)];
        if n > 1 {
            history.push(pos.hash());
            let mut moves = MoveList::new();
            pos.legal_moves_into(&rules, &mut moves);
            let mut others: Vec<Move> =
                moves.iter().copied().filter(|&m| m != best.pv[0]).collect();
            others.sort_by_key(|&m| {
                let mut next = pos;
                let _ = next.play_unchecked(&rules, m);
                evaluate(&next, &rules)
            });
            others.truncate(n - 1);
            let each = others.len().max(1) as f64;
            let mut child_config = main;
            child_config.limits.time = Some(total.mul_f64((1.0 - share) / each));
            child_config.limits.nodes = self.options.nodes.map(|x| (x / 4).max(1));
            for m in others {
                let mut next = pos;
                let outcome = next.play_unchecked(&rules, m);
                let mut line = vec![m];
                let score = match outcome.status {
                    Status::Win { side, .. } if side == pos.side_to_move() => WIN_SCORE - 1,
                    Status::Win { .. } => -(WIN_SCORE - 1),
                    Status::Draw { .. } => 0,
                    Status::Ongoing => {
                        // After a berserk move the same side moves again: no sign change.
                        let sign = if next.side_to_move() == pos.side_to_move() {
                            1
                        } else {
                            -1
                        };
                        let mut s = Searcher::new(child_config, Seed(self.options.seed));
                        s.set_stop(Some(Arc::clone(&self.stop)));
                        match s.search(&next, &rules, &history) {
                            Some(r) => {
                                line.extend(r.pv);
                                sign * r.score
                            }
                            None => sign * evaluate(&next, &rules),
                        }
                    }
                };
                lines.push((line, score));
            }
        }
        if self.stopped_by_host() {
            return Ok(());
        }
        let mut text = format!("analysis {}", lines.len());
        for (line, score) in &lines {
            let mut p = pos;
            let moves: Vec<String> = line
                .iter()
                .map(|&m| {
                    let t = self.move_text(&p, &rules, m);
                    let _ = p.play_unchecked(&rules, m);
                    t
                })
                .collect();
            text.push_str(&format!(" {} {}", moves.join("|"), eval_text(*score)));
        }
        self.send(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
