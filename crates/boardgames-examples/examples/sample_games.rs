//! One seeded game of each of the three games, printed as their players would read them, with
//! the record of each game in the shared record format.
//!
//! ```text
//! cargo run --release --example sample_games -- [--seed N] [--game trictrac|tafl|sugoroku] [--verbose] [--out DIR]
//! ```
//!
//! By default each game is summarised: its result and length, the final board and what
//! happened (the best throws of the partie, the captures, when the placing ended); with
//! `--verbose` every throw and move is printed:
//!
//! - trictrac: a partie ordinaire between two bots (`trictrac_core::ai::Bot`), every throw with
//!   its traditional name, the jans and points, the marks, the play, and the board every ten
//!   throws;
//! - tafl: the seed's game (Fidchell) between two AI levels, Druid for the attackers and Ovate
//!   for the defenders, every move in notation and the board every ten plies;
//! - sugoroku: a game of Tric Trac Nippon throw by throw, with the camps every twenty throws.
//!
//! With `--verbose` the records are printed after each game; with `--out` they are written to
//! `DIR/trictrac.txt`, `DIR/tafl.txt` and `DIR/sugoroku.txt`, each with its replay page
//! (`DIR/trictrac.html`, ...: one self-contained HTML file stepping through the game, as
//! `boardgames view` writes it) and only where they went is printed. The same seed always
//! gives the same games.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardgames_examples::{Failure, emit, finish, level_name, parse_seed};
use clap::{Parser, ValueEnum};

use boardgames::common::{
    Agent, ByPlayer, Game, PlayGameError, PlayedGame, Player, Playout, Record, Replay,
    ReplayOptions, Seed,
};
use boardgames::sugoroku::{self, SugorokuGame};
use boardgames::tafl::ai::{Level, Searcher};
use boardgames::tafl::{BySide, MAX_GAME_PLIES, Ruleset, Side, TaflGame};
use boardgames::trictrac::ai::Bot;
use boardgames::trictrac::scoring::DefaultScorer;
use boardgames::trictrac::{Action, GameOptions, TrictracGame};

/// One seeded game of each of the three games: a short summary of each (result, length, the
/// final board, what happened), the whole narration with --verbose.
#[derive(Debug, Parser)]
#[command(name = "sample_games")]
struct Args {
    /// The seed of the games (decimal, or hexadecimal with 0x); the same seed always gives
    /// the same games.
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// Play only this game.
    #[arg(long, value_enum)]
    game: Option<Which>,
    /// Print every throw and move with the boards, and each game's record.
    #[arg(short, long)]
    verbose: bool,
    /// Write the records and their replay pages (.html) to this folder and print only where
    /// they went.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Which {
    /// French grand trictrac: a partie ordinaire between two bots.
    Trictrac,
    /// Fidchell, the seed's tafl game, between two AI levels.
    Tafl,
    /// The Tric Trac Nippon sugoroku.
    Sugoroku,
}

/// A game's narration, its summary and its record.
struct Played {
    file: &'static str,
    text: String,
    summary: String,
    record: Record,
}

fn trictrac(seed: Seed) -> Result<Played, String> {
    let mut out = String::new();
    let start = TrictracGame::new(GameOptions::default());
    let (mut white, mut black) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut white, &mut black);
    let title =
        format!("== Trictrac: a partie ordinaire to 12 trous between two bots (seed {seed})");
    let _ = writeln!(out, "{title}\n");
    let _ = write!(out, "{}", start.diagram());
    // The game is printed as it is played, step by step, each action with its record entry.
    let mut playout =
        Playout::recorded(start, seed, agents, 100_000).map_err(|e| format!("trictrac: {e}"))?;
    let mut throws = 0u32;
    // The throws that marked the most points: (points, throw number, what happened).
    let mut best: Vec<(u32, u32, String)> = Vec::new();
    loop {
        // What each action said, in parts: the state before it described again (the
        // record's comment is its `Display`); the marks are printed in words at the end.
        let mut said = playout.state().clone();
        let mover = said.position().side_to_move();
        let action = match playout.next() {
            None => break,
            Some(step) => step.map_err(|e| format!("trictrac: {e}"))?.action,
        };
        let said = said
            .apply_described(action)
            .map_err(|e| format!("trictrac: {e}"))?;
        let game = playout.state();
        let Some(entry) = playout.record().and_then(|r| r.entries().last()) else {
            return Err("trictrac: the playout kept no record".to_string());
        };
        let comment = said.events();
        match action {
            Action::Throw(t) => {
                throws += 1;
                // The first clause is the throw itself.
                let events = said.clauses().get(1..).unwrap_or_default().join("; ");
                let points = said.points(mover);
                if points > 0 {
                    best.push((points, throws, format!("{mover} throws {t}: {events}")));
                }
                let events = if events.is_empty() {
                    "nothing scores"
                } else {
                    &events
                };
                let _ = writeln!(
                    out,
                    "{throws:>4}. {mover:<5} throws {t} ({}): {events}",
                    t.name()
                );
            }
            Action::Play(_) => {
                let _ = writeln!(out, "      {mover} plays {}", entry.action);
                if throws > 0 && throws.is_multiple_of(10) {
                    let _ = write!(out, "{}", game.diagram());
                }
            }
            _ => {
                let _ = writeln!(out, "      {}: {comment}", entry.action);
            }
        }
    }
    let played = playout.into_played();
    let game = &played.state;
    let board = game.diagram();
    let _ = write!(out, "{board}");
    let result = match game.winner() {
        Some(w) => format!(
            "{w} wins the partie after {throws} throws; marks: {}",
            game.marks_in_words()
        ),
        None => "the partie did not end".to_string(),
    };
    let _ = writeln!(out, "Result: {result}\n");
    best.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut summary = format!("{title}\nResult: {result}\n{board}Best throws:\n");
    for (_, n, text) in best.iter().take(3) {
        let _ = writeln!(summary, "  throw {n}: {text}");
    }
    Ok(Played {
        file: "trictrac.txt",
        text: out,
        summary,
        record: played.record,
    })
}

fn tafl(seed: Seed) -> Result<Played, String> {
    let mut out = String::new();
    let ruleset = Ruleset::fidchell();
    let (attackers, defenders) = (Level::Druid, Level::Ovate);
    // Each side's searcher draws from its own stream of the seed.
    let mut attacking = Searcher::for_level(attackers, seed.derive(1));
    let mut defending = Searcher::for_level(defenders, seed.derive(2));
    let title = format!(
        "== Tafl: {} (the seed's game), {} for the attackers, {} for the defenders (seed {seed})",
        ruleset.name(),
        level_name(attackers),
        level_name(defenders)
    );
    let _ = writeln!(out, "{title}\n");
    // The record names the levels; the game is printed as it is played, move by move.
    let tafl_error = |e: PlayGameError| format!("tafl: {e}");
    let mut played = PlayedGame::new(TaflGame::new(ruleset), Some(seed)).map_err(tafl_error)?;
    for (k, v) in [
        ("Attackers", attackers.name()),
        ("Defenders", defenders.name()),
    ] {
        played
            .record
            .set_tag(k, v)
            .map_err(|e| format!("tafl: {e}"))?;
    }
    let _ = write!(out, "{}", played.state.diagram());
    let mut captured = BySide {
        attackers: 0u32,
        defenders: 0u32,
    };
    let agents: ByPlayer<&mut dyn Agent<TaflGame>> = ByPlayer::new(&mut attacking, &mut defending);
    let mut playout = Playout::continuing(played, seed, agents, MAX_GAME_PLIES as usize);
    // The Druid searches about a fifth of a second a move, and a game of Fidchell may last
    // hundreds of plies: a spinner on standard error counts them (drawn only on a terminal).
    let progress = indicatif::ProgressBar::new_spinner();
    progress.set_message("tafl: Druid and Ovate playing, ply 0");
    loop {
        let side = playout.state().position().side_to_move();
        let Some(step) = playout.next() else { break };
        let i = step.map_err(tafl_error)?.index;
        let game = playout.state();
        let Some(mv) = game.moves().last() else {
            return Err("tafl: a move was played but not kept".to_string());
        };
        match side {
            Side::Attackers => captured.attackers += mv.captures.count(),
            Side::Defenders => captured.defenders += mv.captures.count(),
        }
        let _ = writeln!(out, "{:>4}. {side:<9} {mv}", i + 1);
        progress.set_message(format!("tafl: Druid and Ovate playing, ply {}", i + 1));
        progress.tick();
        // A board every ten plies, but not after the last (the final board follows).
        if (i + 1).is_multiple_of(10) && !game.is_terminal() {
            let _ = write!(out, "{}", game.diagram());
        }
    }
    progress.finish_and_clear();
    let PlayedGame {
        state: game,
        record,
    } = playout.into_played();
    let board = game.diagram();
    let _ = write!(out, "{board}");
    let result = format!("{} after {} plies", game.status(), game.moves().len());
    let _ = writeln!(out, "Result: {result}\n");
    let summary = format!(
        "{title}\nResult: {result}\n{board}Captures: the attackers took {} pieces, the defenders {}\n",
        captured.attackers, captured.defenders
    );
    Ok(Played {
        file: "tafl.txt",
        text: out,
        summary,
        record,
    })
}

/// The two camps, point 1 to 12, as two rows of counts.
fn camps(pos: &sugoroku::Position) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "         {}",
        (1..=12).map(|k| format!("{k:>3}")).collect::<String>()
    );
    for p in Player::ALL {
        let row: String = pos
            .camp(p)
            .iter()
            .map(|&n| {
                if n == 0 {
                    "  .".to_string()
                } else {
                    format!("{n:>3}")
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "{:<8} {row}   reserve {:>2}, captured {:>2}",
            sugoroku::colour(p),
            pos.reserve(p),
            pos.held(p)
        );
    }
    s
}

fn sugoroku(seed: Seed) -> Result<Played, String> {
    let mut out = String::new();
    let rules = sugoroku::Ruleset::default();
    let played = SugorokuGame::play_seeded(rules, seed);
    let title = format!(
        "== Sugoroku (Tric Trac Nippon): placing then capturing (seed {seed}, rules {rules})"
    );
    let _ = writeln!(out, "{title}\n");
    // The record replayed throw by throw, strictly: each comment is then the throw's events.
    let replay_error = |e| format!("sugoroku replay: {e}");
    let mut steps = SugorokuGame::replay_steps(&played.record, &ReplayOptions::strict())
        .map_err(replay_error)?;
    let mut placing = None;
    loop {
        let side = sugoroku::colour(steps.state().position().side());
        let Some(step) = steps.step().map_err(replay_error)? else {
            break;
        };
        let (i, throw, game) = (step.index, step.action, steps.state());
        let events = step.comment.unwrap_or_default();
        let _ = writeln!(out, "{i:>4}. {side:<5} throws {throw}: {events}");
        if placing.is_none() && Player::ALL.iter().all(|&p| game.position().reserve(p) == 0) {
            placing = Some(i);
        }
        if i.is_multiple_of(20) {
            let _ = write!(out, "{}", camps(game.position()));
        }
    }
    let game = steps.into_state();
    let board = camps(game.position());
    let _ = write!(out, "{board}");
    let result = match game.end() {
        Some(end) => end.to_string(),
        None => "unfinished".to_string(),
    };
    let throws = played.record.entries().len();
    let _ = writeln!(out, "Result: {result}\n");
    let mut summary = format!("{title}\nResult: {result} after {throws} throws\n{board}");
    if let Some(n) = placing {
        let _ = writeln!(
            summary,
            "Placing ended after throw {n}; capturing took the rest"
        );
    }
    Ok(Played {
        file: "sugoroku.txt",
        text: out,
        summary,
        record: played.record,
    })
}

fn run(args: &Args) -> Result<(), Failure> {
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Run(format!("--out {}: {e}", dir.display())))?;
    }
    let games = match args.game {
        Some(g) => vec![g],
        None => vec![Which::Trictrac, Which::Tafl, Which::Sugoroku],
    };
    for which in games {
        let played = match which {
            Which::Trictrac => trictrac(args.seed),
            Which::Tafl => tafl(args.seed),
            Which::Sugoroku => sugoroku(args.seed),
        }
        .map_err(Failure::Run)?;
        let mut text = match (args.verbose, &args.out) {
            (true, _) => played.text,
            (false, None) => played.summary + "\n",
            (false, Some(_)) => String::new(),
        };
        match &args.out {
            Some(dir) => {
                let path = dir.join(played.file);
                std::fs::write(&path, played.record.to_string())
                    .map_err(|e| Failure::Run(format!("writing {}: {e}", path.display())))?;
                // The replay page of the game, stepping through it with the board as SVG.
                let page = boardgames_arena::replay_page::replay_page(&played.record)
                    .map_err(|e| Failure::Run(format!("the page of {}: {e}", played.file)))?;
                let html = path.with_extension("html");
                std::fs::write(&html, page)
                    .map_err(|e| Failure::Run(format!("writing {}: {e}", html.display())))?;
                let _ = writeln!(
                    text,
                    "record {}, replay page {}",
                    path.display(),
                    html.display()
                );
            }
            None if args.verbose => {
                let _ = writeln!(text, "Record:\n{}", played.record);
            }
            None => {}
        }
        emit(&text)?;
    }
    if args.out.is_none() && !args.verbose {
        emit(
            "The whole games and their records: --verbose; the records and replay pages in a folder: --out DIR.\n",
        )?;
    }
    Ok(())
}

fn main() -> ExitCode {
    finish(run(&Args::parse()))
}
