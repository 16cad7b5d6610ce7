//! `boardgames tournament`: every pair of agents plays `--games` rounds, each round twice
//! with the sides swapped and the same seed, on `--threads` threads; wins, draws and losses
//! with 95% Wilson intervals and Elo ratings with 95% intervals
//! (`boardgames_common::tournament`).
//!
//! Each game is a function of its seed and the agents' names only (every agent is built
//! afresh for it, seeded from it), so the results are the same whatever the thread count.
//! With `--log FILE` each finished game is a line of that file, and a run started again with
//! the same file and arguments plays only the games not yet there (nothing lost on a kill).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use boardgames_arena::tournament::{DecisionTimes, GameResult, Tournament};
use boardgames_common::ByPlayer;
use boardgames_common::tournament::{Fixture, Rating, ResultTable, elo_ratings};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::json;

use crate::args::{numbers, parse_seed};
use crate::io::error::{CliError, print_json};
use crate::io::log::Log;
use crate::io::write_file;

/// The games a tournament can be played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TournamentGameArg {
    /// A partie ordinaire of trictrac.
    Trictrac,
    /// Tafl (Fidchell unless `--rules`).
    Tafl,
}

impl From<TournamentGameArg> for boardgames_arena::tournament::TournamentGame {
    fn from(game: TournamentGameArg) -> boardgames_arena::tournament::TournamentGame {
        match game {
            TournamentGameArg::Trictrac => boardgames_arena::tournament::TournamentGame::Trictrac,
            TournamentGameArg::Tafl => boardgames_arena::tournament::TournamentGame::Tafl,
        }
    }
}

/// The arguments of `boardgames tournament`.
#[derive(Debug, clap::Args)]
pub(crate) struct TournamentArgs {
    /// The game.
    #[arg(long, value_enum)]
    game: TournamentGameArg,
    /// Comma-separated agents: random, mcts:N (N iterations), expecti:D (depth D); trictrac:
    /// bot (the heuristic), searchbot (its expectimax over the 21 throws; searchbot:B
    /// searches the B best plays, default 8), tdbot (the TD-trained network; tdbot:FILE
    /// with the weights of FILE), tdsearchbot (one ply of expectimax on it;
    /// tdsearchbot:FILE); tafl: bard, ovate, druid (druid:NODES with a node budget a move).
    #[arg(long, value_delimiter = ',', required = true)]
    agents: Vec<String>,
    /// Rounds per pair: each round is two games, the sides swapped.
    #[arg(long, default_value_t = 10, value_parser = numbers::count::<u32>("rounds", 1),
          allow_hyphen_values = true)]
    games: u32,
    /// The tournament's seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// Trictrac: trous to win the partie.
    #[arg(long, value_parser = numbers::count::<u8>("trous", 1), allow_hyphen_values = true)]
    trous: Option<u8>,
    /// Tafl: a preset name or an OpenTafl rules string; default fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print JSON (without the timings, which vary from run to run).
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of the games' lengths (in actions, dice throws included) as
    /// an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// Append one JSON line per finished game to this file as the games end (kept when the
    /// run is stopped or killed; a rerun with the same file and the same arguments plays
    /// only the games not yet there, and drops a torn last line; a log of other arguments
    /// is refused).
    #[arg(long, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
}

/// Plays the fixtures not in `done` (by index) on the current pool, appending each finished
/// game to `log`, and returns every fixture's outcome in the order of `fixtures`.
fn play_all(
    fixtures: &[Fixture],
    done: &HashMap<usize, GameResult>,
    log: &Option<Mutex<Log>>,
    bar: &ProgressBar,
    play: impl Fn(&Fixture) -> GameResult + Sync,
) -> Result<Vec<GameResult>, CliError> {
    fixtures
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            if let Some(o) = done.get(&i) {
                return Ok(o.clone());
            }
            let o = play(f);
            if let Some(log) = log {
                let mut log = log
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                log.append(&game_line(i, &o))?;
            }
            bar.inc(1);
            Ok(o)
        })
        .collect()
}

/// The arguments that make two tournaments' games the same games (the log's first line):
/// the game, the agents, the rounds, the seed and the game's options.
fn log_header(args: &TournamentArgs, names: &[String]) -> serde_json::Value {
    json!({
        "tournament": {
            "game": match args.game {
                TournamentGameArg::Trictrac => "trictrac",
                TournamentGameArg::Tafl => "tafl",
            },
            "agents": names,
            "games": args.games,
            "seed": args.seed,
            // The defaults written out, so that `--trous 12` and no `--trous` (or
            // `--rules fidchell` and no `--rules`) are the same tournament's log.
            "trous": match args.game {
                TournamentGameArg::Trictrac => Some(args.trous.unwrap_or(12)),
                TournamentGameArg::Tafl => args.trous,
            },
            "rules": match args.game {
                TournamentGameArg::Tafl => Some(args.rules.as_deref().unwrap_or("fidchell")),
                TournamentGameArg::Trictrac => args.rules.as_deref(),
            },
        }
    })
}

/// One finished game as a line: the fixture's index, the returns (also as the bits of the
/// two `f64`, so that they read back exactly), the length and the decision times.
fn game_line(index: usize, o: &GameResult) -> String {
    json!({
        "fixture": index,
        "returns": [o.returns.first, o.returns.second],
        "returns_bits": [o.returns.first.to_bits(), o.returns.second.to_bits()],
        "length": o.length,
        "time": [o.time.first.to_json(), o.time.second.to_json()],
    })
    .to_string()
}

/// A game read back from its line, with its fixture's index.
fn parse_game_line(line: &str) -> Option<(usize, GameResult)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let index = usize::try_from(v.get("fixture")?.as_u64()?).ok()?;
    let bits = v.get("returns_bits")?.as_array()?;
    let returns = ByPlayer::new(
        f64::from_bits(bits.first()?.as_u64()?),
        f64::from_bits(bits.get(1)?.as_u64()?),
    );
    // A game's returns are finite, at most a partie's worth (a double win), and the bits
    // say what the readable `returns` say: anything else is no line of ours.
    let readable = v.get("returns")?.as_array()?;
    for (value, shown) in [returns.first, returns.second].into_iter().zip(readable) {
        if !value.is_finite() || value.abs() > 4.0 || shown.as_f64()? != value {
            return None;
        }
    }
    let time = |x: &serde_json::Value| -> Option<DecisionTimes> {
        let a = x.as_array()?;
        Some(DecisionTimes {
            nanos: a.first()?.as_u64()?,
            decisions: a.get(1)?.as_u64()?,
            longest: a.get(2)?.as_u64()?,
        })
    };
    let times = v.get("time")?.as_array()?;
    Some((
        index,
        GameResult {
            returns,
            length: usize::try_from(v.get("length")?.as_u64()?).ok()?,
            record: None,
            time: ByPlayer::new(time(times.first()?)?, time(times.get(1)?)?),
        },
    ))
}

/// Opens the `--log` file: the games already there (by fixture index), the file ready for
/// appending (its header written when it is new).
///
/// # Errors
/// [`CliError::Input`] (`--log`) for a file whose first line is not a tournament's header,
/// one written by other arguments (naming those that differ, with both values), or a line
/// that is no game of this tournament; [`CliError::File`] when it cannot be read or written (naming `--log`).
fn open_log(
    path: &std::path::Path,
    args: &TournamentArgs,
    names: &[String],
    fixtures: usize,
) -> Result<(HashMap<usize, GameResult>, Log), CliError> {
    let header = log_header(args, names);
    let bad = |message: String| CliError::input("--log", format!("{}: {message}", path.display()));
    let mut done = HashMap::new();
    let mut any = false;
    // Each line is checked as it is read (none is kept): memory stays bounded whatever the
    // file.
    let mut log = Log::open("--log", path, |n, line| {
        any = true;
        if n == 0 {
            return check_header(line, &header).map_err(bad);
        }
        match parse_game_line(line) {
            Some((i, o)) if i < fixtures => {
                done.entry(i).or_insert(o);
                Ok(())
            }
            _ => Err(bad(format!(
                "line {} is no game of this tournament (expected {{\"fixture\": 0 to {}, ...}})",
                n + 1,
                fixtures - 1
            ))),
        }
    })?;
    if !any {
        log.append(&header.to_string())?;
    }
    Ok((done, log))
}

/// Checks the first line of a tournament's log against the `header` of this one; the
/// message says what differs (the arguments, with both values).
fn check_header(first: &str, header: &serde_json::Value) -> Result<(), String> {
    let theirs: serde_json::Value = serde_json::from_str(first)
        .ok()
        .filter(|v: &serde_json::Value| v.get("tournament").is_some_and(|t| t.is_object()))
        .ok_or_else(|| {
            "not a tournament's log (its first line is not the header of one)".to_owned()
        })?;
    let (ours, theirs) = (&header["tournament"], &theirs["tournament"]);
    let flag = |key: &str| match key {
        "game" => "--game",
        "agents" => "--agents",
        "games" => "--games",
        "seed" => "--seed",
        "trous" => "--trous",
        _ => "--rules",
    };
    let differ: Vec<String> = ["game", "agents", "games", "seed", "trous", "rules"]
        .into_iter()
        .filter(|k| ours.get(*k) != theirs.get(*k))
        .map(|k| {
            let shown = |v: Option<&serde_json::Value>| match v {
                None | Some(serde_json::Value::Null) => "not given".to_owned(),
                Some(v) => v.to_string(),
            };
            format!(
                "{} {} in the log, {} here",
                flag(k),
                shown(theirs.get(k)),
                shown(ours.get(k))
            )
        })
        .collect();
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "written by a tournament of other arguments ({}): give another file, or the same arguments",
            differ.join("; ")
        ))
    }
}

impl TournamentArgs {
    /// Runs the tournament and prints it ([`tournament`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        tournament(self)
    }
}

/// Runs the tournament and prints it.
fn tournament(args: TournamentArgs) -> Result<(), CliError> {
    let tournament = Tournament::new(
        args.game.into(),
        &args.agents,
        args.games,
        args.seed,
        args.trous,
        args.rules.as_deref(),
    )?;
    let fixtures = tournament.fixtures();
    // More threads than games would only be started to idle (100 000 of them took minutes):
    // the results do not depend on the number of threads.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.min(fixtures.len()))
        .build()
        .map_err(|e| CliError::input("--threads", e))?;
    let bar = crate::io::progress::bar(fixtures.len() as u64, "games", args.quiet || args.json);
    let (done, log) = match &args.log {
        Some(path) => {
            let (done, log) = open_log(path, &args, tournament.names(), fixtures.len())?;
            (done, Some(Mutex::new(log)))
        }
        None => (HashMap::new(), None),
    };
    bar.inc(done.len() as u64);
    let started = Instant::now();
    let outcomes: Vec<GameResult> = pool.install(|| {
        play_all(fixtures, &done, &log, &bar, |f| {
            tournament.play(f, false, &started)
        })
    })?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let agents = tournament.names().len();
    let mut table = ResultTable::new(agents);
    let mut time = vec![DecisionTimes::default(); agents];
    let mut lengths = Vec::new();
    tournament.tally(0, &outcomes, &mut table, &mut time, &mut lengths);
    let game_name = tournament.game().name();
    if args.json {
        print_json(&tournament.to_json(&table)?)?;
    } else {
        let elo = elo_ratings(&table, 1.0).map_err(|e| CliError::Output(e.to_string()))?;
        print_text(
            game_name,
            &args,
            tournament.names(),
            &table,
            &elo,
            &time,
            elapsed,
        )?;
    }
    match &args.svg {
        Some(file) => {
            let title = format!(
                "{game_name} tournament: lengths of {} games (seed {})",
                outcomes.len(),
                args.seed
            );
            let plot =
                boardgames_common::svg::histogram(&title, "game length in actions", &lengths);
            write_file(file, &plot)
        }
        None => Ok(()),
    }
}

fn pct(i: boardgames_common::tournament::Interval) -> String {
    format!(
        "{:.1}% [{:.1}–{:.1}]",
        100.0 * i.estimate,
        100.0 * i.low,
        100.0 * i.high
    )
}

fn print_text(
    game: &str,
    args: &TournamentArgs,
    names: &[String],
    table: &ResultTable,
    elo: &[Rating],
    time: &[DecisionTimes],
    elapsed: f64,
) -> Result<(), CliError> {
    let games: u64 = (0..names.len())
        .map(|i| table.total(i).games())
        .sum::<u64>()
        / 2;
    outln!(
        "Tournament of {game}: {} agents, {} rounds per pair (each two games, sides swapped), {games} games, seed {}",
        names.len(),
        args.games,
        args.seed
    );
    outln!();
    let w = names.iter().map(|n| n.len()).max().unwrap_or(5).max(5);
    outln!(
        "| {:w$} | {:w$} | games | W-D-L | wins | draws | losses |",
        "agent",
        "opponent"
    );
    outln!(
        "|{}|{}|---|---|---|---|---|",
        "-".repeat(w + 2),
        "-".repeat(w + 2)
    );
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            let c = table.get(i, j);
            outln!(
                "| {:w$} | {:w$} | {} | {}-{}-{} | {} | {} | {} |",
                names[i],
                names[j],
                c.games(),
                c.wins,
                c.draws,
                c.losses,
                pct(c.win_rate()),
                pct(c.draw_rate()),
                pct(c.loss_rate())
            );
        }
    }
    outln!();
    outln!("Elo (mean 0, 95% interval; one virtual draw per pair):");
    outln!();
    outln!(
        "| rank | {:w$} | Elo | 95% interval | score | W-D-L | ms/decision | longest ms |",
        "agent"
    );
    outln!("|---|{}|---|---|---|---|---|---|", "-".repeat(w + 2));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| elo[b].elo.total_cmp(&elo[a].elo));
    for (rank, &i) in order.iter().enumerate() {
        let t = table.total(i);
        let DecisionTimes {
            nanos,
            decisions,
            longest,
        } = time[i];
        let (ms, longest) = if decisions == 0 {
            ("-".to_string(), "-".to_string())
        } else {
            (
                format!("{:.3}", nanos as f64 / decisions as f64 / 1e6),
                format!("{:.1}", longest as f64 / 1e6),
            )
        };
        outln!(
            "| {} | {:w$} | {:+.0} | [{:+.0}, {:+.0}] | {:.1}% | {}-{}-{} | {} | {} |",
            rank + 1,
            names[i],
            elo[i].elo,
            elo[i].low,
            elo[i].high,
            100.0 * t.score(),
            t.wins,
            t.draws,
            t.losses,
            ms,
            longest
        );
    }
    outln!();
    outln!("{elapsed:.1} s of wall time");
    Ok(())
}
