//! One seeded game of each of the three games, printed as their players would read them, with
//! the record of each game in the shared record format.
//!
//! ```text
//! cargo run --release --example sample_games -- [--seed N] [--game trictrac|tafl|sugoroku] [--out DIR]
//! ```
//!
//! - trictrac: a partie ordinaire between two bots (`trictrac_core::bot::Bot`), every throw with
//!   its traditional name, the jans and points, the marks, the play, and the board every ten
//!   throws;
//! - tafl: the seed's game (Fidchell) between two AI levels, Druid for the attackers and Ovate
//!   for the defenders, every move in notation and the board every ten plies;
//! - sugoroku: a game of Tric Trac Nippon throw by throw, with the camps every twenty throws.
//!
//! Without `--out` the records are printed after each game; with it they are written to
//! `DIR/trictrac.txt`, `DIR/tafl.txt` and `DIR/sugoroku.txt`, each with its replay page
//! (`DIR/trictrac.html`, ...: one self-contained HTML file stepping through the game, as
//! `boardgames view` writes it). The same seed always gives the same games.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use boardgames::common::{Agent, ByPlayer, Game, Player, Record, Seed, play_game};
use boardgames::sugoroku::{self, Sugoroku};
use boardgames::tafl::ai::{Level, play_game as play_tafl};
use boardgames::tafl::{BySide, Ruleset, TaflGame};
use boardgames::trictrac::bot::Bot;
use boardgames::trictrac::diagram;
use boardgames::trictrac::game::{Action, DefaultScorer, GameOptions, TrictracGame};

const USAGE: &str = "usage: sample_games [--seed N] [--game trictrac|tafl|sugoroku] [--out DIR]";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    Trictrac,
    Tafl,
    Sugoroku,
}

struct Args {
    seed: Seed,
    games: Vec<Which>,
    out: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seed: Seed(1),
        games: vec![Which::Trictrac, Which::Tafl, Which::Sugoroku],
        out: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match flag.as_str() {
            "--seed" => {
                let v = value("--seed")?;
                args.seed = v.parse().map_err(|e| format!("--seed: {e}"))?;
            }
            "--game" => {
                let v = value("--game")?;
                args.games = vec![match v.as_str() {
                    "trictrac" => Which::Trictrac,
                    "tafl" => Which::Tafl,
                    "sugoroku" => Which::Sugoroku,
                    other => {
                        return Err(format!(
                            "--game: unknown game {other:?}: expected trictrac, tafl or sugoroku"
                        ));
                    }
                }];
            }
            "--out" => args.out = Some(PathBuf::from(value("--out")?)),
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(args)
}

/// A game's printout and its record.
struct Played {
    file: &'static str,
    text: String,
    record: Record,
}

fn trictrac(seed: Seed) -> Result<Played, String> {
    let mut out = String::new();
    let start = TrictracGame::new(DefaultScorer::default(), GameOptions::default());
    let (mut white, mut black) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut white, &mut black);
    let played =
        play_game(start.clone(), seed, agents, 100_000).map_err(|e| format!("trictrac: {e}"))?;
    let _ = writeln!(
        out,
        "== Trictrac: a partie ordinaire to 12 trous between two bots (seed {seed})\n"
    );
    let _ = write!(out, "{}", diagram(start.position().board()));
    // Replay the record to print it with boards: this also checks it replays.
    let mut game = start;
    let mut throws = 0u32;
    for entry in played.record.entries() {
        let action = game
            .parse_action(&entry.action)
            .map_err(|e| format!("trictrac replay: {e}"))?;
        let mover = game.position().side_to_move();
        game.apply(action)
            .map_err(|e| format!("trictrac replay: {e}"))?;
        let comment = entry.comment.as_deref().unwrap_or("");
        match action {
            Action::Throw(t) => {
                throws += 1;
                let prefix = format!("{mover} throws {}; ", t.name());
                let events = comment.strip_prefix(&prefix).unwrap_or(comment);
                let _ = writeln!(
                    out,
                    "{throws:>4}. {mover:<5} throws {t} ({}): {events}",
                    t.name()
                );
            }
            Action::Play(_) => {
                let _ = writeln!(out, "      {mover} plays {}", entry.action);
                if throws > 0 && throws.is_multiple_of(10) {
                    let _ = write!(out, "{}", diagram(game.position().board()));
                }
            }
            _ => {
                let _ = writeln!(out, "      {}: {comment}", entry.action);
            }
        }
    }
    let _ = write!(out, "{}", diagram(game.position().board()));
    let result = match game.winner() {
        Some(w) => format!(
            "{w} wins the partie, marks {} (trous.points White/Black), after {throws} throws",
            game.marks_text()
        ),
        None => "the partie did not end".to_string(),
    };
    let _ = writeln!(out, "Result: {result}\n");
    Ok(Played {
        file: "trictrac.txt",
        text: out,
        record: played.record,
    })
}

/// `Druid (Drouiz)`; `Ovate` alone where the Breton name is the same.
fn level_name(level: Level) -> String {
    if level.name() == level.breton_name() {
        level.name().to_string()
    } else {
        format!("{} ({})", level.name(), level.breton_name())
    }
}

fn tafl(seed: Seed) -> Result<Played, String> {
    let mut out = String::new();
    let ruleset = Ruleset::fidchell();
    let (attackers, defenders) = (Level::Druid, Level::Ovate);
    let played = play_tafl(
        &TaflGame::new(ruleset.clone()),
        BySide {
            attackers: attackers.config(),
            defenders: defenders.config(),
        },
        seed.0,
        1_000,
    );
    let _ = writeln!(
        out,
        "== Tafl: {} (the seed's game), {} for the attackers, {} for the defenders (seed {seed})\n",
        ruleset.name(),
        level_name(attackers),
        level_name(defenders)
    );
    let mut game = TaflGame::new(ruleset);
    let mut record = Record::new(TaflGame::NAME);
    let tag = |r: &mut Record, k: &str, v: &str| r.set_tag(k, v).map_err(|e| format!("tafl: {e}"));
    tag(&mut record, "Seed", &seed.to_string())?;
    for (k, v) in game.record_tags() {
        tag(&mut record, &k, &v)?;
    }
    tag(&mut record, "Attackers", attackers.name())?;
    tag(&mut record, "Defenders", defenders.name())?;
    let _ = write!(out, "{}", game.position().diagram());
    for (i, mv) in played.moves.iter().enumerate() {
        let text = mv.to_string();
        let action = game
            .parse_action(&text)
            .map_err(|e| format!("tafl replay of {text}: {e}"))?;
        let side = game.position().side_to_move();
        game.apply(action)
            .map_err(|e| format!("tafl replay of {text}: {e}"))?;
        record
            .push_action(text.clone())
            .map_err(|e| format!("tafl: {e}"))?;
        let _ = writeln!(out, "{:>4}. {side:<9} {text}", i + 1);
        if (i + 1).is_multiple_of(10) {
            let _ = write!(out, "{}", game.position().diagram());
        }
    }
    if !played.moves.len().is_multiple_of(10) {
        let _ = write!(out, "{}", game.position().diagram());
    }
    tag(
        &mut record,
        "Result",
        &boardgames::common::result_text(game.returns()),
    )?;
    let _ = writeln!(
        out,
        "Result: {} after {} plies\n",
        game.status(),
        played.moves.len()
    );
    Ok(Played {
        file: "tafl.txt",
        text: out,
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
    let played = Sugoroku::play_seeded(rules, seed);
    let _ = writeln!(
        out,
        "== Sugoroku (Tric Trac Nippon): placing then capturing (seed {seed}, rules {rules})\n"
    );
    let mut game = Sugoroku::new(rules);
    for (i, entry) in played.record.entries().iter().enumerate() {
        let throw = entry
            .action
            .parse()
            .map_err(|e| format!("sugoroku replay: {e}"))?;
        let side = sugoroku::colour(game.position().side());
        let events = game
            .apply_throw(throw)
            .map_err(|e| format!("sugoroku replay: {e}"))?;
        let _ = writeln!(out, "{:>4}. {side:<5} throws {throw}: {events}", i + 1);
        if (i + 1).is_multiple_of(20) {
            let _ = write!(out, "{}", camps(game.position()));
        }
    }
    let _ = write!(out, "{}", camps(game.position()));
    let result = match game.end() {
        Some(end) => end.to_string(),
        None => "unfinished".to_string(),
    };
    let _ = writeln!(out, "Result: {result}\n");
    Ok(Played {
        file: "sugoroku.txt",
        text: out,
        record: played.record,
    })
}

fn run(args: &Args) -> Result<(), String> {
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    for which in &args.games {
        let played = match which {
            Which::Trictrac => trictrac(args.seed)?,
            Which::Tafl => tafl(args.seed)?,
            Which::Sugoroku => sugoroku(args.seed)?,
        };
        let mut text = played.text;
        match &args.out {
            Some(dir) => {
                let path = dir.join(played.file);
                std::fs::write(&path, played.record.to_string())
                    .map_err(|e| format!("writing {}: {e}", path.display()))?;
                let _ = writeln!(text, "Record written to {}", path.display());
                // The replay page of the game, stepping through it with the board as SVG.
                let page = boardgames_cli::html::replay_page(&played.record)
                    .map_err(|e| format!("the page of {}: {e}", played.file))?;
                let html = path.with_extension("html");
                std::fs::write(&html, page)
                    .map_err(|e| format!("writing {}: {e}", html.display()))?;
                let _ = writeln!(text, "Replay page written to {}\n", html.display());
            }
            None => {
                let _ = writeln!(text, "Record:\n{}", played.record);
            }
        }
        // A closed pipe (`| head`) ends the output quietly; any other failure is an error.
        match stdout.write_all(text.as_bytes()) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(format!("writing the output: {e}")),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
