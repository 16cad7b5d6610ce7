//! `boardgames trictrac train`: learns the evaluation of trictrac-core's TD-trained bot by
//! self-play (TD(λ), `trictrac_core::ai::TdEpisode` and `TdNetwork::learn_episode`), with
//! checkpoints that resume, an evaluation against the heuristic bot every K parties written
//! to a log, and the learning curve as an SVG picture.
//!
//! Every self-play partie is a function of the seed and its number, and the network learns
//! from the parties in their order, `--threads` of them played at a time with the weights of
//! the last update: with the same settings (the thread count included) a run gives the same
//! weights on one machine, however often it was killed and resumed.

mod checkpoint;
mod curve;

use std::path::{Path, PathBuf};
use std::time::Instant;

use boardgames_common::tournament::wilson;
use boardgames_common::{ByPlayer, Game, Player, Playout, Seed};
use rayon::prelude::*;
use trictrac_core::ai::{Bot, TdBot, TdEpisode, TdLearning, TdNetwork};
use trictrac_core::{GameOptions, TrictracGame};

use crate::args::{numbers, parse_seed};
use crate::io::error::CliError;
use checkpoint::{Evaluation, Settings, State};

/// Actions after which a partie is abandoned (never reached in practice).
const MAX_ACTIONS: usize = 200_000;
/// The seed of the evaluation parties: the same parties at every evaluation of every run, so
/// that curves compare.
const EVAL_SEED: Seed = Seed(0x7d_e7a1);

/// The arguments of `boardgames trictrac train`.
#[derive(Debug, clap::Args)]
pub(crate) struct TrainArgs {
    /// The weights file to write at the end (trictrac-core's format; see docs/trictrac-bot.md).
    #[arg(long, value_name = "FILE")]
    output: PathBuf,
    /// The checkpoint, resumed when it exists (default: the output with `.checkpoint`).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Parties of self-play to train in all (a resumed run goes on to this number).
    #[arg(long, default_value_t = 100_000, value_parser = numbers::count::<u64>("parties", 1),
          allow_hyphen_values = true)]
    parties: u64,
    /// The seed of the initial weights and of every partie's dice (decimal, or hexadecimal
    /// with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// λ of TD(λ), from 0 to 1.
    #[arg(long, default_value_t = 0.7, allow_hyphen_values = true)]
    lambda: f32,
    /// The learning rate at the start.
    #[arg(long, default_value_t = 0.02, allow_hyphen_values = true)]
    rate: f32,
    /// The learning rate at the end of the run's parties, reached linearly (default: the
    /// starting rate).
    #[arg(long, allow_hyphen_values = true)]
    rate_final: Option<f32>,
    /// Hidden units of the network, 1 to 256.
    #[arg(long, default_value_t = 64, value_parser = numbers::count::<usize>("hidden units", 1),
          allow_hyphen_values = true)]
    hidden: usize,
    /// Threads: parties played at a time with the same weights (0: one per core). The weights
    /// depend on it.
    #[arg(long, default_value_t = 1, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// Trous that win the parties of self-play and of the evaluations.
    #[arg(long, default_value_t = 12, value_parser = numbers::count::<u8>("trous", 1),
          allow_hyphen_values = true)]
    trous: u8,
    /// The share of self-play parties played with the pavillon option, from 0 to 1.
    #[arg(long, default_value_t = 0.1, allow_hyphen_values = true)]
    pavillon_share: f32,
    /// Write a checkpoint every this many parties.
    #[arg(long, default_value_t = 1000, value_parser = numbers::count::<u64>("parties", 1),
          allow_hyphen_values = true)]
    checkpoint_every: u64,
    /// Evaluate against the heuristic bot every this many parties (0: never); also before
    /// the first partie and after the last.
    #[arg(long, default_value_t = 5000, value_parser = numbers::count::<u64>("parties", 0),
          allow_hyphen_values = true)]
    every: u64,
    /// Parties of each evaluation (sides alternated, the same seeds each time).
    #[arg(long, default_value_t = 200, value_parser = numbers::count::<u32>("parties", 1),
          allow_hyphen_values = true)]
    eval_parties: u32,
    /// The evaluations as JSON lines, rewritten at each one.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// The learning curve as an SVG picture, rewritten at each evaluation.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl TrainArgs {
    /// Runs `boardgames trictrac train` (module docs).
    pub(crate) fn run(&self) -> Result<(), CliError> {
        train(self)
    }

    fn settings(&self, threads: usize) -> Settings {
        Settings {
            seed: self.seed,
            lambda: self.lambda,
            rate: self.rate,
            rate_final: self.rate_final.unwrap_or(self.rate),
            hidden: self.hidden,
            threads,
            trous: self.trous,
            pavillon_share: self.pavillon_share,
            schedule: self.parties,
            every: self.every,
            eval_parties: self.eval_parties,
        }
    }

    fn check(&self) -> Result<(), CliError> {
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(CliError::input(
                "--lambda",
                format!("{} is not from 0 to 1", self.lambda),
            ));
        }
        for (what, r) in [
            ("--rate", Some(self.rate)),
            ("--rate-final", self.rate_final),
        ] {
            if let Some(r) = r
                && !(r.is_finite() && r > 0.0 && r <= 10.0)
            {
                return Err(CliError::input(
                    what,
                    format!("{r} is not a rate from above 0 to 10"),
                ));
            }
        }
        if !(0.0..=1.0).contains(&self.pavillon_share) {
            return Err(CliError::input(
                "--pavillon-share",
                format!("{} is not from 0 to 1", self.pavillon_share),
            ));
        }
        if self.hidden == 0 || self.hidden > trictrac_core::ai::MAX_HIDDEN {
            return Err(CliError::input(
                "--hidden",
                format!(
                    "{} hidden units: from 1 to {}",
                    self.hidden,
                    trictrac_core::ai::MAX_HIDDEN
                ),
            ));
        }
        if self.trous == 0 {
            return Err(CliError::input("--trous", "must be at least 1"));
        }
        if self.checkpoint_every == 0 {
            return Err(CliError::input("--checkpoint-every", "must be at least 1"));
        }
        if self.threads > 256 {
            return Err(CliError::input("--threads", "at most 256"));
        }
        Ok(())
    }
}

/// The settings that differ between a checkpoint and the command, as `--name value` words.
fn differences(saved: &Settings, asked: &Settings) -> Vec<String> {
    let mut out = Vec::new();
    let mut diff = |name: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{name} {a} (the command says {b})"));
        }
    };
    diff("--seed", saved.seed.to_string(), asked.seed.to_string());
    diff(
        "--lambda",
        saved.lambda.to_string(),
        asked.lambda.to_string(),
    );
    diff("--rate", saved.rate.to_string(), asked.rate.to_string());
    diff(
        "--rate-final",
        saved.rate_final.to_string(),
        asked.rate_final.to_string(),
    );
    diff(
        "--hidden",
        saved.hidden.to_string(),
        asked.hidden.to_string(),
    );
    diff(
        "--threads",
        saved.threads.to_string(),
        asked.threads.to_string(),
    );
    diff("--trous", saved.trous.to_string(), asked.trous.to_string());
    diff(
        "--pavillon-share",
        saved.pavillon_share.to_string(),
        asked.pavillon_share.to_string(),
    );
    diff("--every", saved.every.to_string(), asked.every.to_string());
    diff(
        "--eval-parties",
        saved.eval_parties.to_string(),
        asked.eval_parties.to_string(),
    );
    out
}

/// The start of self-play partie `index`: its dice seed and whether it has the pavillon.
fn partie(settings: &Settings, index: u64) -> (TrictracGame, Seed) {
    let seed = Seed(settings.seed).derive(index);
    let flag = seed.derive(1).0 >> 11;
    let pavillon = (flag as f64) < f64::from(settings.pavillon_share) * (1u64 << 53) as f64;
    let game = TrictracGame::new(
        GameOptions::default()
            .with_trous_to_win(settings.trous)
            .with_pavillon(pavillon),
    );
    (game, seed)
}

/// The learning rate of partie `index`.
fn rate(settings: &Settings, index: u64) -> f32 {
    let t = (index as f64 / settings.schedule.max(1) as f64).min(1.0) as f32;
    settings.rate + (settings.rate_final - settings.rate) * t
}

/// The wins of `network`'s bot in `games` parties against the heuristic bot (sides
/// alternated, seeds from [`EVAL_SEED`]), played on the pool's threads.
fn evaluate(network: &TdNetwork, trous: u8, games: u32, pool: &rayon::ThreadPool) -> u64 {
    let start = TrictracGame::new(GameOptions::default().with_trous_to_win(trous));
    pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|j| {
                let mut td = TdBot::new(network);
                let mut bot = Bot::default();
                let td_side = if j % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                let agents = match td_side {
                    Player::First => ByPlayer::new(
                        &mut td as &mut dyn boardgames_common::Agent<TrictracGame>,
                        &mut bot as &mut dyn boardgames_common::Agent<TrictracGame>,
                    ),
                    Player::Second => ByPlayer::new(
                        &mut bot as &mut dyn boardgames_common::Agent<TrictracGame>,
                        &mut td as &mut dyn boardgames_common::Agent<TrictracGame>,
                    ),
                };
                let mut playout = Playout::new(
                    start.clone(),
                    EVAL_SEED.derive(u64::from(j)),
                    agents,
                    MAX_ACTIONS,
                );
                let _ = playout.run();
                u64::from(playout.state().returns()[td_side] > 0.0)
            })
            .sum()
    })
}

/// Rewrites the log and the learning curve from the evaluations.
fn write_reports(args: &TrainArgs, state: &State) -> Result<(), CliError> {
    if let Some(path) = &args.log {
        let mut text = String::new();
        for e in &state.evaluations {
            let line = serde_json::json!({
                "parties": e.parties, "wins": e.wins, "games": e.games,
                "win_rate": e.wins as f64 / e.games.max(1) as f64,
                "low": e.low, "high": e.high, "seconds": e.seconds,
            });
            text.push_str(&line.to_string());
            text.push('\n');
        }
        checkpoint::write_atomically(path, text.as_bytes())?;
    }
    if let Some(path) = &args.svg {
        let s = &state.settings;
        let title = format!(
            "TD(λ) self-play: {} hidden units, λ {}, seed {}",
            s.hidden, s.lambda, s.seed
        );
        checkpoint::write_atomically(
            path,
            curve::learning_curve(&title, &state.evaluations).as_bytes(),
        )?;
    }
    Ok(())
}

fn checkpoint_path(args: &TrainArgs) -> PathBuf {
    args.checkpoint.clone().unwrap_or_else(|| {
        let mut p = args.output.clone().into_os_string();
        p.push(".checkpoint");
        PathBuf::from(p)
    })
}

fn save(path: &Path, state: &State, network: &TdNetwork) -> Result<(), CliError> {
    checkpoint::write_atomically(path, &checkpoint::encode(state, network)?)
}

/// Runs the training (module docs).
fn train(args: &TrainArgs) -> Result<(), CliError> {
    args.check()?;
    // Refused before hours of training rather than at the end: a file to write that is a
    // folder, or in a folder that does not exist.
    let cp = checkpoint_path(args);
    for (flag, path) in [
        ("--output", Some(args.output.as_path())),
        ("--checkpoint", Some(cp.as_path())),
        ("--log", args.log.as_deref()),
        ("--svg", args.svg.as_deref()),
    ] {
        let Some(path) = path else { continue };
        if path.is_dir() {
            return Err(CliError::input(
                flag,
                format!("{} is a folder, not a file", path.display()),
            ));
        }
        let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
        if folder.is_some_and(|d| !d.is_dir()) {
            return Err(CliError::input(
                flag,
                format!(
                    "{}: no folder {}",
                    path.display(),
                    folder.map_or(String::new(), |d| d.display().to_string())
                ),
            ));
        }
    }
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::input("--threads", e))?;
    let asked = args.settings(threads);
    let (mut state, mut network) = if cp.exists() {
        let (state, network) = checkpoint::read(&cp)?;
        let diff = differences(&state.settings, &asked);
        if !diff.is_empty() {
            return Err(CliError::input(
                "--checkpoint",
                format!(
                    "{} was made with {}; give the same settings to resume, or another --checkpoint",
                    cp.display(),
                    diff.join(", ")
                ),
            ));
        }
        (state, network)
    } else {
        let network = TdNetwork::new(args.hidden, Seed(args.seed))
            .map_err(|e| CliError::input("--hidden", e))?;
        let state = State {
            version: 1,
            settings: asked,
            parties: 0,
            seconds: 0.0,
            evaluations: Vec::new(),
        };
        (state, network)
    };
    let settings = state.settings;
    let started = Instant::now();
    let spent = state.seconds;
    let seconds = |started: &Instant| spent + started.elapsed().as_secs_f64();
    let bar = crate::io::progress::bar(args.parties, "parties", args.quiet);
    bar.set_position(state.parties.min(args.parties));
    let evaluate_now = |network: &TdNetwork, state: &mut State, started: &Instant| {
        let games = u64::from(settings.eval_parties);
        let wins = evaluate(network, settings.trous, settings.eval_parties, &pool);
        let i = wilson(wins, games);
        state.evaluations.push(Evaluation {
            parties: state.parties,
            wins,
            games,
            low: i.low,
            high: i.high,
            seconds: seconds(started),
        });
        i
    };
    if settings.every > 0 && state.evaluations.is_empty() {
        evaluate_now(&network, &mut state, &started);
        state.seconds = seconds(&started);
        save(&cp, &state, &network)?;
        write_reports(args, &state)?;
    }
    while state.parties < args.parties {
        let round = (threads as u64).min(args.parties - state.parties);
        let first = state.parties;
        let episodes: Vec<TdEpisode> = if round == 1 {
            let (game, seed) = partie(&settings, first);
            vec![TdEpisode::self_play(&network, &game, seed, MAX_ACTIONS)]
        } else {
            let net = &network;
            pool.install(|| {
                (first..first + round)
                    .into_par_iter()
                    .map(|i| {
                        let (game, seed) = partie(&settings, i);
                        TdEpisode::self_play(net, &game, seed, MAX_ACTIONS)
                    })
                    .collect()
            })
        };
        for (k, episode) in episodes.iter().enumerate() {
            let learning = TdLearning {
                lambda: settings.lambda,
                rate: rate(&settings, first + k as u64),
            };
            network.learn_episode(episode, &learning);
        }
        state.parties += round;
        bar.set_position(state.parties);
        let done = state.parties;
        let crossed = |every: u64| every > 0 && done / every > first / every;
        let evaluated = crossed(settings.every) || (settings.every > 0 && done == args.parties);
        if evaluated {
            let i = evaluate_now(&network, &mut state, &started);
            bar.set_message(format!("{:.1}%", 100.0 * i.estimate));
        }
        if evaluated || crossed(args.checkpoint_every) || done == args.parties {
            state.seconds = seconds(&started);
            save(&cp, &state, &network)?;
            if evaluated {
                write_reports(args, &state)?;
            }
        }
    }
    bar.finish_and_clear();
    checkpoint::write_atomically(&args.output, &network.to_bytes())?;
    write_reports(args, &state)?;
    let rate = state.parties as f64 / state.seconds.max(1e-9);
    outln!(
        "Trained {} parties of self-play ({} hidden units, λ {}, seed {}, {} thread{}) in {:.1} s of wall time ({rate:.1} parties/s); weights in {}",
        state.parties,
        settings.hidden,
        settings.lambda,
        settings.seed,
        settings.threads,
        if settings.threads == 1 { "" } else { "s" },
        state.seconds,
        args.output.display()
    );
    if let Some(e) = state.evaluations.last() {
        outln!(
            "Last evaluation, after {} parties: {} of {} parties won against the heuristic bot, {:.1}% [{:.1}–{:.1}]",
            e.parties,
            e.wins,
            e.games,
            100.0 * e.wins as f64 / e.games.max(1) as f64,
            100.0 * e.low,
            100.0 * e.high
        );
    }
    Ok(())
}
