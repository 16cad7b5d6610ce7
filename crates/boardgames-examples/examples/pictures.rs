//! The pictures of docs/pictures.md: a start position and a middle game of each of the three
//! games as SVG, and the histogram of the lengths of simulated sugoroku games.
//!
//! ```text
//! cargo run --release --example pictures -- [DIR]
//! ```
//!
//! Writes into `DIR` (default `docs/pictures`): `trictrac-start.svg`, `trictrac-middle.svg`,
//! `tafl-start.svg`, `tafl-middle.svg`, `sugoroku-start.svg`, `sugoroku-middle.svg` and
//! `sugoroku-lengths.svg`. The same code always draws the same pictures: the games come from
//! fixed seeds and a fixed opening.

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use boardgames::common::svg::histogram;
use boardgames::common::{Agent, ByPlayer, Game, Replay, ReplayOptions, Seed, play_game};
use boardgames::sugoroku::{self, SugorokuGame};
use boardgames::tafl::{Ruleset, TaflGame};
use boardgames::trictrac::ai::Bot;
use boardgames::trictrac::scoring::DefaultScorer;
use boardgames::trictrac::{self, Position};
use boardgames::trictrac::{Action, GameOptions, Phase, TrictracGame};

/// The first 42 plies of the Fidchell game of `sample_games` (seed 1, Druid attacking, Ovate
/// defending): the king has just reached a7, the third corner it has visited.
const TAFL_OPENING: &str = "d7-d6 d3-d2xd1 e1-d1 d2-c2xc1 d1-d3 c2-d2xd3 g4-f4 d2-b2 a5-b5 d4-d1 f4-f3 d1-a1 c7-c6 \
    b2-b4xa4 a3-a5 e5-f5xg5 d6-f6 a1-g1 g3-g2 d5-d2 g2-g5 e4-e5 f3-f2 f5-f3 g5-g3 g1-f1xf2 \
    e7-d7 d2-d6xd7 f6-e6xd6 f3-f2 g3-g2 e3-g3xg2 e6-d6 f2-f6 c6-c7 c5-c6xc7 b5-b6xc6 \
    b4-b5xa5 d6-d2 f1-a1 d2-b2 a1-a7";

/// The pictures of docs/pictures.md: a start and a middle game of each game as SVG, and the
/// histogram of the lengths of simulated sugoroku games.
#[derive(Debug, Parser)]
#[command(name = "pictures")]
struct Cli {
    /// The folder to write the pictures into.
    #[arg(default_value = "docs/pictures")]
    dir: PathBuf,
}

fn write(dir: &Path, name: &str, svg: &str) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, svg).map_err(|e| format!("writing {}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}

fn trictrac_pictures(dir: &Path) -> Result<(), String> {
    let start = trictrac::svg::render(
        &Position::start(),
        &trictrac::svg::SvgOptions {
            title: Some("Trictrac: the start, fifteen dames on each talon"),
            ..trictrac::svg::SvgOptions::default()
        },
    );
    write(dir, "trictrac-start.svg", &start)?;
    // A partie ordinaire between two bots (the one of `sample_games`, seed 1), stopped at the
    // first throw after the middle of the game that both players have marked points in.
    let new = || TrictracGame::new(GameOptions::default());
    let (mut white, mut black) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut white, &mut black);
    let played =
        play_game(new(), Seed(1), agents, 100_000).map_err(|e| format!("trictrac: {e}"))?;
    let entries = played.record.entries().len();
    let replay_error = |e| format!("trictrac replay: {e}");
    let mut steps =
        TrictracGame::<DefaultScorer>::replay_steps(&played.record, &ReplayOptions::default())
            .map_err(replay_error)?;
    while let Some(step) = steps.step().map_err(replay_error)? {
        let game = steps.state();
        let pos = game.position();
        let both_marked = pos.marks(trictrac::Colour::White).points > 0
            && pos.marks(trictrac::Colour::Black).points > 0;
        let (Phase::Play { throw, .. }, true) = (game.phase(), both_marked) else {
            continue;
        };
        if step.index <= entries / 2 {
            continue;
        }
        let play = steps
            .next_text()
            .and_then(|next| match game.parse_action(next) {
                Ok(Action::Play(p)) => Some(p),
                _ => None,
            });
        let title = format!(
            "Trictrac: {} throws {throw} ({}) in the middle of a partie",
            pos.side_to_move(),
            throw.name()
        );
        let svg = trictrac::svg::render(
            pos,
            &trictrac::svg::SvgOptions {
                throw: Some(throw),
                play: play.as_ref(),
                pavillon: None,
                title: Some(&title),
            },
        );
        return write(dir, "trictrac-middle.svg", &svg);
    }
    Err("trictrac: no throw with both players marked after the middle".to_string())
}

fn tafl_pictures(dir: &Path) -> Result<(), String> {
    let mut game = TaflGame::new(Ruleset::fidchell());
    let start = boardgames::tafl::svg::render(
        game.position(),
        game.rules(),
        &boardgames::tafl::svg::SvgOptions {
            last_move: None,
            title: Some("Fidchell: the start"),
        },
    );
    write(dir, "tafl-start.svg", &start)?;
    for text in TAFL_OPENING.split_whitespace() {
        let m = game
            .parse_action(text)
            .map_err(|e| format!("tafl {text}: {e}"))?;
        let _ = game.play_mut(m).map_err(|e| format!("tafl {text}: {e}"))?;
    }
    let title = format!(
        "Fidchell after {} plies: the king has visited three corners",
        game.plies()
    );
    let middle = boardgames::tafl::svg::render(
        game.position(),
        game.rules(),
        &boardgames::tafl::svg::SvgOptions {
            last_move: game.moves().last().copied(),
            title: Some(&title),
        },
    );
    write(dir, "tafl-middle.svg", &middle)
}

fn sugoroku_pictures(dir: &Path) -> Result<(), String> {
    let rules = sugoroku::Ruleset::default();
    let start = sugoroku::svg::render(
        &sugoroku::Position::start(),
        &sugoroku::svg::SvgOptions {
            title: Some("Tric Trac Nippon: the start, fifteen pawns in each reserve"),
            ..sugoroku::svg::SvgOptions::default()
        },
    );
    write(dir, "sugoroku-start.svg", &start)?;
    // The game of `sample_games` (seed 1), after its 44th throw.
    let played = SugorokuGame::play_seeded(rules, Seed(1));
    // Replayed strictly: each comment is then the throw's events.
    let mut steps = SugorokuGame::replay_steps(&played.record, &ReplayOptions::strict())
        .map_err(|e| format!("sugoroku: {e}"))?;
    let mut last = None;
    for step in steps.by_ref().take(44) {
        let step = step.map_err(|e| format!("sugoroku: {e}"))?;
        last = Some((step.action, step.comment.unwrap_or_default().to_string()));
    }
    let game = steps.into_state();
    let (throw, events) = last.ok_or("sugoroku: the game is shorter than 44 throws")?;
    let middle = sugoroku::svg::render(
        game.position(),
        &sugoroku::svg::SvgOptions {
            last_throw: Some(throw),
            title: Some("Tric Trac Nippon after 44 throws"),
            note: Some(&events),
            end: game.end(),
        },
    );
    write(dir, "sugoroku-middle.svg", &middle)?;
    let games = 100_000;
    let stats = sugoroku::Simulation::new(rules, Seed(1), games)
        .run()
        .map_err(|e| format!("sugoroku simulation: {e}"))?;
    let plot = histogram(
        &format!("Tric Trac Nippon: lengths of {games} games (seed 1)"),
        "game length in throws",
        &stats.lengths,
    );
    write(dir, "sugoroku-lengths.svg", &plot)
}

fn main() -> ExitCode {
    let dir = Cli::parse().dir;
    let run = || -> Result<(), String> {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        trictrac_pictures(&dir)?;
        tafl_pictures(&dir)?;
        sugoroku_pictures(&dir)
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
