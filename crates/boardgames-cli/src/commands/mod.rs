//! Layer 4, one module per command: each depends only on the layers below (the arguments,
//! the shared I/O, the per-game adapters), never on another command.

pub mod ecrire;
pub mod opentafl_engine;
pub mod play;
pub mod play_trictrac;
pub mod referee;
pub(crate) mod replay;
pub(crate) mod selfplay;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod simulate_trictrac;
pub(crate) mod sugoroku;
pub(crate) mod table;
pub(crate) mod tafl;
pub(crate) mod tournament;
pub(crate) mod train;
pub(crate) mod trictrac;
pub(crate) mod view;

use crate::args::{
    Cli, ColourArg, Command, FormArg, LevelArg, PlayCommand, SideArg, SimulateCommand, TaflCommand,
    TrictracCommand,
};
use crate::io::error::CliError;

/// Runs the command of `cli`.
pub(crate) fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Trictrac(TrictracCommand::Analyze {
            position,
            throw,
            json,
            svg,
        }) => {
            trictrac::analyze(position.as_deref(), &throw, json)?;
            match svg {
                Some(file) => trictrac::analyze_svg(position.as_deref(), &throw, &file),
                None => Ok(()),
            }
        }
        Command::Trictrac(TrictracCommand::Referee {
            script,
            position,
            trous,
            trous_en_trop,
        }) => referee::referee(
            script.as_deref(),
            position.as_deref(),
            trous,
            &trous_en_trop,
        ),
        Command::Trictrac(TrictracCommand::Table(args)) => table::run(&args),
        Command::Trictrac(TrictracCommand::Train(args)) => train::run(&args),
        Command::Tafl(TaflCommand::Moves {
            position,
            rules,
            json,
            svg,
        }) => {
            tafl::moves(position.as_deref(), rules.as_deref(), json)?;
            match svg {
                Some(file) => tafl::moves_svg(position.as_deref(), rules.as_deref(), &file),
                None => Ok(()),
            }
        }
        Command::Tafl(TaflCommand::Perft {
            depth,
            divide,
            rules,
            position,
            json,
            quiet,
        }) => tafl::perft(
            depth,
            divide,
            rules.as_deref(),
            position.as_deref(),
            json,
            quiet,
        ),
        Command::Tafl(TaflCommand::Engine {
            level,
            nodes,
            think,
            seed,
            log,
            full_moves,
        }) => opentafl_engine::run(opentafl_engine::EngineOptions {
            level: match level {
                LevelArg::Bard => tafl_core::ai::Level::Bard,
                LevelArg::Ovate => tafl_core::ai::Level::Ovate,
                LevelArg::Druid => tafl_core::ai::Level::Druid,
            },
            nodes,
            think,
            seed,
            log,
            full_moves,
        }),
        Command::Replay {
            file,
            json,
            max_actions,
            svg,
            strict,
        } => replay::replay(&file, json, max_actions, svg.as_deref(), strict),
        Command::View { file, output } => view::view(&file, &output),
        #[cfg(feature = "serve")]
        Command::Serve { port, bind, open } => serve::serve(bind, port, open),
        Command::Tafl(TaflCommand::Selfplay(a)) => selfplay::selfplay(&selfplay::Request {
            levels: a.levels,
            nodes: a.nodes,
            rules: a.rules.as_deref(),
            games: a.games,
            seed: a.seed,
            max_plies: a.max_plies,
            threads: a.threads,
            quiet: a.quiet,
            json: a.json,
            svg: a.svg.as_deref(),
            weights: (a.weights1.map(|w| *w), a.weights2.map(|w| *w)),
            log: a.log.as_deref(),
        }),
        Command::Play(PlayCommand::Tafl {
            level,
            side,
            rules,
            seed,
        }) => play::tafl(play::TaflPlay {
            ruleset: crate::games::tafl::ruleset(rules.as_deref())?,
            level: match level {
                LevelArg::Bard => tafl_core::ai::Level::Bard,
                LevelArg::Ovate => tafl_core::ai::Level::Ovate,
                LevelArg::Druid => tafl_core::ai::Level::Druid,
            },
            nodes: None,
            human: match side {
                SideArg::Attackers => tafl_core::Side::Attackers,
                SideArg::Defenders => tafl_core::Side::Defenders,
            },
            seed,
        }),
        Command::Play(PlayCommand::Trictrac {
            seed,
            form: FormArg::Ordinaire,
            marques: None,
            convention: None,
            progression: None,
            settlement,
            side,
            trous,
            pavillon,
            bot,
        }) if settlement.first_given().is_none() => {
            play_trictrac::play(play_trictrac::TrictracPlay {
                seed,
                human: match side {
                    ColourArg::White => trictrac_core::Colour::White,
                    ColourArg::Black => trictrac_core::Colour::Black,
                },
                trous,
                pavillon,
                bot,
            })
        }
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ordinaire,
            settlement,
            ..
        }) => Err(CliError::input(
            "--form",
            match settlement.first_given() {
                Some(flag) => format!(
                    "{flag} is an option of the settlement of a partie à écrire: it needs --form ecrire"
                ),
                None => "--marques, --convention and --progression need --form ecrire".to_owned(),
            },
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            bot,
            ..
        }) if bot != "bot" => Err(CliError::input(
            "--bot",
            "the partie à écrire is played against the heuristic bot (the TD-trained network learned the partie ordinaire)",
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            pavillon: true,
            ..
        }) => Err(CliError::input(
            "--pavillon",
            "the pavillon option belongs to the partie ordinaire (a marqué always keeps its pavillon)",
        )),
        Command::Play(PlayCommand::Trictrac {
            form: FormArg::Ecrire,
            trous,
            ..
        }) if trous != 12 => Err(CliError::input(
            "--trous",
            "a marqué of a partie à écrire has no trous to win: use --marques",
        )),
        Command::Play(PlayCommand::Trictrac {
            seed,
            form: FormArg::Ecrire,
            marques,
            convention,
            progression,
            settlement,
            side,
            ..
        }) => ecrire::play(
            seed,
            crate::games::ecrire::rules(
                marques.unwrap_or(8),
                convention.as_deref().unwrap_or("base"),
                progression.as_deref(),
                &settlement,
            )?,
            match side {
                ColourArg::White => boardgames_common::Player::First,
                ColourArg::Black => boardgames_common::Player::Second,
            },
        ),
        Command::Simulate(SimulateCommand::Sugoroku {
            games,
            seed,
            rules,
            shard,
            single_thread,
            quiet,
            json,
            svg,
            output,
            checkpoint,
            checkpoint_every,
        }) => sugoroku::simulate(&sugoroku::SimulateArgs {
            games,
            seed,
            rules: rules.as_deref(),
            shard: shard.as_deref(),
            parallel: !single_thread,
            quiet,
            json,
            svg: svg.as_deref(),
            output: output.as_deref(),
            checkpoint: checkpoint.as_deref(),
            block: checkpoint_every,
        }),
        Command::Simulate(SimulateCommand::Trictrac {
            games,
            seed,
            agents,
            trous,
            threads,
            quiet,
        }) => simulate_trictrac::simulate_trictrac(games, seed, &agents, trous, threads, quiet),
        Command::Simulate(SimulateCommand::Merge {
            files,
            json,
            partial,
        }) => sugoroku::merge(&files, json, partial),
        Command::Tournament(args) => tournament::run(args),
    }
}
