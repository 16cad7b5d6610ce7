//! `boardgames tafl tune`: tuning of the tafl evaluation's weights
//! (`tafl_core::ai::EvalWeights`) by self-play: Texel's method on positions from self-play
//! games with their results (docs/tafl-ai.md, "Tuning by Texel's method", described below),
//! or SPSA on games (`--method spsa`, [`spsa`]; "Tuning by SPSA on games").
//!
//! The run: `--games` self-play games of one level against itself at `--nodes` nodes a move
//! with the starting weights ([`samples::play_game`]), their quiet positions labelled with
//! each game's result from the side to move's view; the scale `K` of the logistic curve
//! fitted for the starting weights ([`fit::fit_scale`]); then a local search on the weights
//! named by `--tune` minimising the mean squared error ([`fit::local_search`]). The tuned
//! weights are printed as one `name=value,...` line (what `--weights` accepts), progress
//! goes to standard error, and `--out FILE` records the run as JSON.
//!
//! Every game is a function of the seed and its number, the positions are kept in the
//! order of the games and the errors are summed over fixed parts of them in a fixed order:
//! the same arguments give the same weights whatever `--threads`.

pub mod fit;
pub mod samples;
pub mod spsa;

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use boardgames_common::Seed;
use rayon::prelude::*;
use serde_json::json;
use tafl_core::ai::{EvalWeights, Level, SearchConfig, WeightsError};
use tafl_core::{Rules, Ruleset};

use crate::args::{numbers, parse_seed, parse_weights};
use crate::io::error::CliError;
use fit::{Fitted, Pass, SearchBounds};
use samples::Sample;

/// Games a run plays at most.
pub const MAX_GAMES: u32 = 100_000;
/// Nodes a move at most.
pub const MAX_NODES: u64 = 10_000_000;
/// Passes of the local search at most.
pub const MAX_PASSES: u32 = 1_000;
/// Positions kept at most (about 60 MB); the games' positions beyond are left out, in the
/// order of the games.
pub const MAX_SAMPLES: usize = 1_000_000;
/// The weights `--tune` leaves alone unless named: `forced_escape` (15 000, a term that
/// saturates the evaluation where it fires, a claim of the next two moves rather than a
/// value to fit) and `officer` (no term outside Berserk's rules).
pub const NOT_TUNED_BY_DEFAULT: [&str; 2] = ["forced_escape", "officer"];
/// Positions per part of the error's sum.
const CHUNK: usize = 4096;
/// Games played between two progress lines and checks of [`MAX_SAMPLES`].
const BATCH: u32 = 32;

/// How `boardgames tafl tune` tunes (`--method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Method {
    /// Fit the evaluation to the results of self-play positions (Texel's method).
    Texel,
    /// SPSA on games between weights perturbed up and down.
    Spsa,
}

/// The arguments of `boardgames tafl tune`.
#[derive(Debug, clap::Args)]
pub(crate) struct TuneArgs {
    /// A preset name or an OpenTafl rules string; default: fidchell.
    #[arg(long)]
    rules: Option<String>,
    /// Self-play games to play (1 to 100000).
    #[arg(long, default_value_t = 100, value_parser = numbers::within::<u32>("games", 1, MAX_GAMES),
          allow_hyphen_values = true)]
    games: u32,
    /// Nodes a move of both sides' searches (1 to 10000000).
    #[arg(long, default_value_t = 2000, value_parser = numbers::within::<u64>("nodes", 1, MAX_NODES),
          allow_hyphen_values = true)]
    nodes: u64,
    /// The level playing both sides (its depth cap, random margin and table; the nodes are
    /// `--nodes`).
    #[arg(long, default_value = "druid", value_parser = parse_level)]
    level: Level,
    /// Game `i` is played from the seed `seed + i` (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// The starting weights (and those of the games), `name=value` pairs replacing the
    /// hand-set defaults.
    #[arg(long, value_name = "WEIGHTS", value_parser = parse_weights)]
    weights: Option<Box<EvalWeights>>,
    /// The weights to tune, by name, comma-separated (default: all but forced_escape and
    /// officer).
    #[arg(long, value_name = "NAMES")]
    tune: Option<String>,
    /// Give the model a side bias (centisoldiers added for the defenders to move, taken
    /// away for the attackers), fitted with the scale and searched with the weights: for
    /// rules where one side wins most games between equals.
    #[arg(long)]
    side_bias: bool,
    /// Passes of the local search at most (1 to 1000).
    #[arg(long, default_value_t = 20, value_parser = numbers::within::<u32>("passes", 1, MAX_PASSES),
          allow_hyphen_values = true)]
    passes: u32,
    /// Plies after which a game is cut off (a draw).
    #[arg(long, default_value_t = tafl_core::MAX_GAME_PLIES,
          value_parser = numbers::count::<u32>("plies", 1), allow_hyphen_values = true)]
    max_plies: u32,
    /// Write the record of the run (JSON) to this file.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Threads (0: one per core); the result does not depend on it.
    #[arg(long, default_value_t = 0, value_parser = numbers::count::<usize>("threads", 0),
          allow_hyphen_values = true)]
    threads: usize,
    /// No progress on standard error.
    #[arg(long)]
    quiet: bool,
    /// The method: `texel` (fit the evaluation to the results of self-play positions) or
    /// `spsa` (SPSA on games between perturbed weights; `--games` is then the games in all,
    /// two a pair, `--pairs` pairs a step).
    #[arg(long, value_enum, default_value_t = Method::Texel)]
    method: Method,
    /// SPSA: pairs of games a step (1 to 1000).
    #[arg(long, default_value_t = 4, value_parser = numbers::within::<u32>("pairs", 1, 1000),
          allow_hyphen_values = true)]
    pairs: u32,
    /// SPSA: the step's size, in perturbations for a pair won outright (above 0, at most 10).
    #[arg(long, default_value_t = 0.5, value_parser = parse_rate, allow_hyphen_values = true)]
    rate: f64,
}

/// `--rate`: a number above 0 and at most 10.
fn parse_rate(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(r) if r > 0.0 && r <= 10.0 => Ok(r),
        Ok(r) => Err(format!("{r} is not above 0 and at most 10")),
        Err(_) => Err(format!("{text:?} is not a number")),
    }
}

/// An AI level.
fn parse_level(text: &str) -> Result<Level, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// The names of `--tune`: each one of `EvalWeights::NAMES`, none twice; `None` gives every
/// name but [`NOT_TUNED_BY_DEFAULT`].
///
/// # Errors
/// [`CliError::Input`] naming `--tune` and the name refused.
pub fn tuned_names(text: Option<&str>) -> Result<Vec<&'static str>, CliError> {
    let Some(text) = text else {
        return Ok(EvalWeights::NAMES
            .into_iter()
            .filter(|n| !NOT_TUNED_BY_DEFAULT.contains(n))
            .collect());
    };
    let mut names = Vec::new();
    for given in text.split(',').map(str::trim) {
        let name = EvalWeights::NAMES
            .into_iter()
            .find(|n| *n == given)
            .ok_or_else(|| {
                CliError::input(
                    "--tune",
                    format!(
                        "unknown evaluation weight {given:?} (the weights: {})",
                        EvalWeights::NAMES.join(", ")
                    ),
                )
            })?;
        if names.contains(&name) {
            return Err(CliError::input("--tune", format!("{name} is named twice")));
        }
        names.push(name);
    }
    Ok(names)
}

/// The mean squared error of `samples` for `weights` on the curve of scale `k`
/// ([`fit::mean_squared_error`] of [`samples::evaluations`]), summed over parts of
/// 4 096 positions in parallel (on the current rayon pool) and in their order: the same
/// value whatever the threads.
#[must_use]
pub fn error_of(samples: &[Sample], rules: &Rules, weights: &EvalWeights, k: f64) -> f64 {
    error_with_side_bias(samples, rules, weights, k, 0)
}

/// The evaluations of `samples` ([`samples::evaluations`]) with `side_bias` centisoldiers
/// added when the defenders are to move and taken away when the attackers are.
fn biased_evaluations(
    samples: &[Sample],
    rules: &Rules,
    weights: &EvalWeights,
    side_bias: i32,
) -> Vec<i32> {
    let mut evals = samples::evaluations(samples, rules, weights);
    if side_bias != 0 {
        for (e, s) in evals.iter_mut().zip(samples) {
            *e = match s.position.side_to_move() {
                tafl_core::Side::Defenders => e.saturating_add(side_bias),
                tafl_core::Side::Attackers => e.saturating_sub(side_bias),
            };
        }
    }
    evals
}

/// [`error_of`] with a side bias in the model (`--side-bias`): the expectation of a
/// position is [`fit::sigmoid`] of its evaluation plus `side_bias` centisoldiers when the
/// defenders are to move, minus it when the attackers are. The bias stands for what the
/// side alone predicts of the results (Brandubh's defenders win most games between equals),
/// so that the weights fit what differs between positions of one side.
#[must_use]
pub fn error_with_side_bias(
    samples: &[Sample],
    rules: &Rules,
    weights: &EvalWeights,
    k: f64,
    side_bias: i32,
) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|part| {
            let evals = biased_evaluations(part, rules, weights, side_bias);
            let results: Vec<f64> = part.iter().map(|s| s.result).collect();
            fit::squared_error_sum(k, &evals, &results)
        })
        .collect();
    parts.iter().sum::<f64>() / samples.len() as f64
}

/// The scale `K` fitted to `samples` for `weights` ([`fit::fit_scale`]).
#[must_use]
pub fn scale_of(samples: &[Sample], rules: &Rules, weights: &EvalWeights) -> f64 {
    let evals = samples::evaluations(samples, rules, weights);
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    fit::fit_scale(&evals, &results)
}

/// The largest side bias [`scale_and_side_bias_of`] tries, in centisoldiers.
pub const MAX_SIDE_BIAS: i32 = 3000;

/// The scale `K` and the side bias (see [`error_with_side_bias`]) fitted together to
/// `samples` for `weights`: every bias from −[`MAX_SIDE_BIAS`] to +[`MAX_SIDE_BIAS`] by
/// steps of 100, each with its [`fit::fit_scale`], the pair of least error kept (the
/// local search then refines the bias by steps down to 1).
#[must_use]
pub fn scale_and_side_bias_of(
    samples: &[Sample],
    rules: &Rules,
    weights: &EvalWeights,
) -> (f64, i32) {
    let evals = samples::evaluations(samples, rules, weights);
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let sides: Vec<i32> = samples
        .iter()
        .map(|s| match s.position.side_to_move() {
            tafl_core::Side::Defenders => 1,
            tafl_core::Side::Attackers => -1,
        })
        .collect();
    let biases: Vec<i32> = (-MAX_SIDE_BIAS / 100..=MAX_SIDE_BIAS / 100)
        .map(|b| b * 100)
        .collect();
    let fits: Vec<(f64, i32, f64)> = biases
        .par_iter()
        .map(|&b| {
            let shifted: Vec<i32> = evals
                .iter()
                .zip(&sides)
                .map(|(&e, &s)| e.saturating_add(s * b))
                .collect();
            let k = fit::fit_scale(&shifted, &results);
            (k, b, fit::mean_squared_error(k, &shifted, &results))
        })
        .collect();
    // The first of the least errors, in the order of the biases: the same whatever the threads.
    let mut best = (1.0, 0, f64::INFINITY);
    for f in fits {
        if f.2 < best.2 {
            best = f;
        }
    }
    (best.0, best.1)
}

/// The weights and the side bias found by [`fit_weights`], and the search's result.
#[derive(Debug, Clone, PartialEq)]
pub struct TunedWeights {
    /// The weights found (those not tuned are the starting ones).
    pub weights: EvalWeights,
    /// The side bias found, when the model has one.
    pub side_bias: Option<i32>,
    /// The local search's result (its parameters: the tuned weights in the order named, then
    /// the side bias).
    pub fitted: Fitted,
}

/// The model a fit starts from: the curve's scale and, when it has one, the side bias
/// ([`error_with_side_bias`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    /// The scale `K` of [`fit::sigmoid`].
    pub k: f64,
    /// The side bias's starting value, in centisoldiers; `None`: the model has none.
    pub side_bias: Option<i32>,
}

/// Texel's local search on the weights `names` of `start` ([`fit::local_search`] over
/// [`error_with_side_bias`] at the scale of `model`), each within ±`EvalWeights::MAX_WEIGHT`,
/// for `max_passes` passes at most; with a side bias in `model` it starts there and is
/// searched as one more parameter. `on_pass` after each pass.
///
/// # Errors
/// [`WeightsError::UnknownName`] for a name not in `EvalWeights::NAMES`.
pub fn fit_weights(
    samples: &[Sample],
    rules: &Rules,
    start: &EvalWeights,
    names: &[&str],
    model: Model,
    max_passes: u32,
    on_pass: impl FnMut(&Pass),
) -> Result<TunedWeights, WeightsError> {
    let mut values = names
        .iter()
        .map(|n| {
            start
                .get(n)
                .ok_or_else(|| WeightsError::UnknownName((*n).to_string()))
        })
        .collect::<Result<Vec<i32>, _>>()?;
    let Model { k, side_bias } = model;
    values.extend(side_bias);
    let with = |params: &[i32]| {
        let mut w = *start;
        for (name, &v) in names.iter().zip(params) {
            // Names checked above, values kept within the bound by the search.
            let _ = w.set(name, v);
        }
        w
    };
    let bias_of = |params: &[i32]| side_bias.map(|_| params.get(names.len()).copied().unwrap_or(0));
    let fitted = fit::local_search(
        &values,
        &[],
        SearchBounds {
            max_passes,
            bound: EvalWeights::MAX_WEIGHT,
        },
        |params| {
            error_with_side_bias(
                samples,
                rules,
                &with(params),
                k,
                bias_of(params).unwrap_or(0),
            )
        },
        on_pass,
    );
    Ok(TunedWeights {
        weights: with(&fitted.params),
        side_bias: bias_of(&fitted.params),
        fitted,
    })
}

/// The positions of a run's games ([`collect`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Collected {
    /// The positions fitted, in the order of the games.
    pub samples: Vec<Sample>,
    /// The positions of the held-out games ([`is_held_out`]), in their order: not fitted,
    /// their error reported before and after.
    pub held_out: Vec<Sample>,
    /// Games won by the attackers, by the defenders, and drawn or cut off.
    pub results: [u32; 3],
    /// Games played.
    pub games: u32,
    /// Whether positions were left out at [`MAX_SAMPLES`].
    pub capped: bool,
}

/// Whether game `i` of a run of `games` games is held out of the fit: every fifth game
/// (numbers 4, 9, 14, …) when the run has at least 5.
#[must_use]
pub fn is_held_out(i: u32, games: u32) -> bool {
    games >= 5 && i % 5 == 4
}

/// The quiet positions of `games` self-play games of `ruleset` from `seed`, each side
/// searching with `config` ([`samples::play_game`], game `i` from the seed `seed + i`), in
/// the order of the games, split into the fitted and the held-out ones ([`is_held_out`]), at
/// most [`MAX_SAMPLES`] in all (the games after are not played); `progress` after each
/// batch of games with the games played and the positions kept. Games are played in
/// parallel on the current rayon pool.
pub fn collect(
    ruleset: &Ruleset,
    config: SearchConfig,
    games: u32,
    seed: u64,
    max_plies: u32,
    mut progress: impl FnMut(u32, usize),
) -> Collected {
    let mut out = Collected::default();
    let mut first = 0;
    while first < games {
        let end = first.saturating_add(BATCH).min(games);
        let batch: Vec<samples::LabelledGame> = (first..end)
            .into_par_iter()
            .map(|i| {
                samples::play_game(
                    ruleset,
                    config,
                    Seed(seed.wrapping_add(u64::from(i))),
                    max_plies,
                )
            })
            .collect();
        for (i, game) in (first..end).zip(batch) {
            let kept = out.samples.len() + out.held_out.len();
            let room = MAX_SAMPLES.saturating_sub(kept);
            if game.samples.len() > room {
                out.capped = true;
            }
            let into = if is_held_out(i, games) {
                &mut out.held_out
            } else {
                &mut out.samples
            };
            into.extend(game.samples.into_iter().take(room));
            out.results[match game.winner {
                Some(tafl_core::Side::Attackers) => 0,
                Some(tafl_core::Side::Defenders) => 1,
                None => 2,
            }] += 1;
            out.games += 1;
        }
        let kept = out.samples.len() + out.held_out.len();
        progress(end, kept);
        if kept >= MAX_SAMPLES {
            out.capped |= end < games;
            break;
        }
        first = end;
    }
    out
}

/// A line of progress on standard error (ignored when standard error is closed).
fn progress_line(quiet: bool, text: std::fmt::Arguments<'_>) {
    if !quiet {
        let _ = writeln!(std::io::stderr(), "{text}");
    }
}

impl TuneArgs {
    /// Plays the games, fits the weights, prints them and writes the record.
    pub(crate) fn run(self) -> Result<(), CliError> {
        let started = Instant::now();
        // --games, --nodes and --passes are within their ranges: their parsers refuse the rest.
        if self.max_plies == 0 {
            return Err(CliError::input("--max-plies", "must be at least 1"));
        }
        let ruleset = match self.rules.as_deref() {
            Some(text) => text
                .parse::<Ruleset>()
                .map_err(|e| CliError::input("--rules", e))?,
            None => Ruleset::fidchell(),
        };
        let names = tuned_names(self.tune.as_deref())?;
        if self.method == Method::Spsa && self.side_bias {
            return Err(CliError::input(
                "--side-bias",
                "belongs to Texel's model; SPSA scores games, not positions",
            ));
        }
        if let Some(path) = &self.out {
            // Checked before the games, so that a long run does not end unable to write.
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            if folder.is_some_and(|f| !f.is_dir()) {
                return Err(CliError::File(format!(
                    "--out {}: its folder does not exist",
                    path.display()
                )));
            }
        }
        let start = self
            .weights
            .as_deref()
            .copied()
            .unwrap_or(EvalWeights::DEFAULT);
        let mut config = self.level.config();
        config.limits.nodes = Some(self.nodes);
        config = config.with_weights(start);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .map_err(|e| CliError::input("--threads", e))?;
        let quiet = self.quiet;
        if self.method == Method::Spsa {
            return self.run_spsa(&ruleset, config, &names, &pool, started);
        }
        let rules = ruleset.rules();
        progress_line(
            quiet,
            format_args!(
                "{}: {} games of {} against itself at {} nodes a move, seed {}",
                ruleset.name(),
                self.games,
                self.level.name(),
                self.nodes,
                self.seed
            ),
        );
        let collected = pool.install(|| {
            collect(
                &ruleset,
                config,
                self.games,
                self.seed,
                self.max_plies,
                |games, positions| {
                    progress_line(
                        quiet,
                        format_args!("games played {games}, positions {positions}"),
                    );
                },
            )
        });
        let samples = &collected.samples;
        let held_out = &collected.held_out;
        progress_line(
            quiet,
            format_args!(
                "results: attackers won {}, defenders {}, drawn or cut off {}",
                collected.results[0], collected.results[1], collected.results[2]
            ),
        );
        if samples.is_empty() {
            return Err(CliError::input(
                "--games",
                "the games gave no quiet position to fit: play more of them",
            ));
        }
        let (k, start_bias) = pool.install(|| {
            if self.side_bias {
                let (k, b) = scale_and_side_bias_of(samples, rules, &start);
                (k, Some(b))
            } else {
                (scale_of(samples, rules, &start), None)
            }
        });
        let model = Model {
            k,
            side_bias: start_bias,
        };
        let bias = start_bias.unwrap_or(0);
        let start_error = pool.install(|| error_with_side_bias(samples, rules, &start, k, bias));
        let bias_text = start_bias.map_or(String::new(), |b| format!(", side bias {b}"));
        progress_line(
            quiet,
            format_args!(
                "{} positions, scale K {k:.4}{bias_text}, error {start_error:.6}; \
                 tuning {} weights",
                samples.len(),
                names.len()
            ),
        );
        let on_pass = |p: &Pass| {
            progress_line(
                quiet,
                format_args!(
                    "pass {}: error {:.6}, {} weights moved, largest step {}",
                    p.number, p.error, p.moved, p.largest_step
                ),
            );
        };
        let result = pool
            .install(|| fit_weights(samples, rules, &start, &names, model, self.passes, on_pass))
            .map_err(|e| CliError::input("--tune", e))?;
        let (tuned, fitted) = (result.weights, &result.fitted);
        let tuned_bias = result.side_bias.unwrap_or(0);
        let (held_before, held_after) = pool.install(|| {
            (
                error_with_side_bias(held_out, rules, &start, k, bias),
                error_with_side_bias(held_out, rules, &tuned, k, tuned_bias),
            )
        });
        let wall = started.elapsed().as_secs_f64();
        progress_line(
            quiet,
            format_args!(
                "error {:.6} -> {:.6} in {} passes{}; held-out games' positions ({}): \
                 {:.6} -> {:.6}; {wall:.1} s",
                fitted.error_before,
                fitted.error_after,
                fitted.passes,
                if fitted.converged { " (converged)" } else { "" },
                held_out.len(),
                held_before,
                held_after
            ),
        );
        outln!("{tuned}");
        if let Some(path) = &self.out {
            let changed = changed_map(&start, &tuned);
            let held = |e: f64| {
                if held_out.is_empty() {
                    serde_json::Value::Null
                } else {
                    json!(e)
                }
            };
            let side_bias = start_bias.map(|b| json!({"start": b, "fitted": result.side_bias}));
            let record = self.record_of(
                &ruleset,
                "texel",
                json!({
                    "games": self.games,
                    "opening_plies": samples::OPENING_PLIES,
                    "positions": samples.len(),
                    "held_out_positions": held_out.len(),
                    "positions_capped": collected.capped,
                    "games_played": collected.games,
                    "results": {
                        "attackers": collected.results[0],
                        "defenders": collected.results[1],
                        "drawn_or_cut_off": collected.results[2],
                    },
                    "tuned": names,
                    "scale_k": k,
                    "side_bias": side_bias,
                    "error_before": fitted.error_before,
                    "error_after": fitted.error_after,
                    "held_out_error_before": held(held_before),
                    "held_out_error_after": held(held_after),
                    "passes": fitted.passes,
                    "max_passes": self.passes,
                    "converged": fitted.converged,
                    "start_weights": start.to_string(),
                    "weights": tuned.to_string(),
                    "changed": changed,
                    "threads": pool.current_num_threads(),
                    "wall_seconds": wall,
                }),
            );
            write_record(path, &record)?;
        }
        Ok(())
    }

    /// The record of a run (`--out`): the fields of both methods (command, method, version,
    /// rules, level, nodes, seed, ply limit), then the method's own `fields`.
    fn record_of(
        &self,
        ruleset: &Ruleset,
        method: &str,
        fields: serde_json::Value,
    ) -> serde_json::Value {
        let mut record = json!({
            "command": "tafl tune",
            "method": method,
            "version": env!("CARGO_PKG_VERSION"),
            "rules": ruleset.to_string(),
            "ruleset": ruleset.name(),
            "level": self.level.name(),
            "nodes": self.nodes,
            "seed": self.seed,
            "max_plies": self.max_plies,
        });
        if let (Some(all), serde_json::Value::Object(own)) = (record.as_object_mut(), fields) {
            all.extend(own);
        }
        record
    }

    /// `--method spsa`: the steps ([`spsa::run`]), the weights printed, the record written.
    fn run_spsa(
        &self,
        ruleset: &Ruleset,
        config: SearchConfig,
        names: &[&'static str],
        pool: &rayon::ThreadPool,
        started: Instant,
    ) -> Result<(), CliError> {
        let per_step = 2 * u64::from(self.pairs);
        let steps = u64::from(self.games) / per_step;
        let Ok(steps @ 1..) = u32::try_from(steps) else {
            return Err(CliError::input(
                "--games",
                format!(
                    "SPSA plays {per_step} games a step (--pairs {} pairs of two): \
                     give at least {per_step}",
                    self.pairs
                ),
            ));
        };
        let quiet = self.quiet;
        let setup = spsa::SpsaSetup {
            ruleset,
            config,
            start: config.weights,
            names: names.to_vec(),
            steps,
            pairs: self.pairs,
            rate: self.rate,
            seed: self.seed,
            max_plies: self.max_plies,
        };
        progress_line(
            quiet,
            format_args!(
                "{}: SPSA on {} weights, {steps} steps of {} pairs of games ({} in all), {} \
                 against itself at {} nodes a move, seed {}",
                ruleset.name(),
                names.len(),
                self.pairs,
                u64::from(steps) * per_step,
                self.level.name(),
                self.nodes,
                self.seed
            ),
        );
        let every = (steps / 20).max(1);
        let mut recent = 0.0;
        let mut trail = Vec::new();
        let state = pool
            .install(|| {
                spsa::run(&setup, |r, s| {
                    recent += r.score;
                    if r.number % every == 0 || r.number == steps {
                        let w = s.weights(&setup.start, &setup.names);
                        progress_line(
                            quiet,
                            format_args!(
                                "step {}/{steps}: games {}, mean f of the last {} steps \
                                 {:+.3}; {}",
                                r.number,
                                r.games,
                                every,
                                recent / f64::from(every),
                                changed_text(&setup.start, &w)
                            ),
                        );
                        trail.push(json!({"step": r.number, "weights": w.to_string()}));
                        recent = 0.0;
                    }
                })
            })
            .map_err(|e| CliError::input("--tune", e))?;
        let tuned = state.weights(&setup.start, &setup.names);
        let wall = started.elapsed().as_secs_f64();
        progress_line(
            quiet,
            format_args!(
                "results: attackers won {}, defenders {}, drawn or cut off {}; {wall:.1} s",
                state.results[0], state.results[1], state.results[2]
            ),
        );
        outln!("{tuned}");
        if let Some(path) = &self.out {
            let record = self.record_of(
                ruleset,
                "spsa",
                json!({
                    "games": u64::from(steps) * per_step,
                    "steps": steps,
                    "pairs": self.pairs,
                    "rate": self.rate,
                    "alpha": spsa::ALPHA,
                    "gamma": spsa::GAMMA,
                    "results": {
                        "attackers": state.results[0],
                        "defenders": state.results[1],
                        "drawn_or_cut_off": state.results[2],
                    },
                    "mean_f": state.score_sum / f64::from(steps),
                    "tuned": names,
                    "start_weights": setup.start.to_string(),
                    "weights": tuned.to_string(),
                    "changed": changed_map(&setup.start, &tuned),
                    "trail": trail,
                    "threads": pool.current_num_threads(),
                    "wall_seconds": wall,
                }),
            );
            write_record(path, &record)?;
        }
        Ok(())
    }
}

/// The weights of `tuned` that differ from `start`, as `name start→tuned` (or "no change").
fn changed_text(start: &EvalWeights, tuned: &EvalWeights) -> String {
    let moved: Vec<String> = EvalWeights::NAMES
        .iter()
        .filter_map(|n| {
            let (a, b) = (start.get(n)?, tuned.get(n)?);
            (a != b).then(|| format!("{n} {a}→{b}"))
        })
        .collect();
    if moved.is_empty() {
        "no change".to_string()
    } else {
        moved.join(", ")
    }
}

/// The weights of `tuned` that differ from `start`, by name: `[start, tuned]`.
fn changed_map(
    start: &EvalWeights,
    tuned: &EvalWeights,
) -> serde_json::Map<String, serde_json::Value> {
    EvalWeights::NAMES
        .iter()
        .filter(|n| tuned.get(n) != start.get(n))
        .map(|n| {
            (
                (*n).to_string(),
                json!([start.get(n).unwrap_or(0), tuned.get(n).unwrap_or(0)]),
            )
        })
        .collect()
}

/// Writes a run's `record` (pretty JSON) to `path`; errors name `--out`.
fn write_record(path: &std::path::Path, record: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(record).map_err(|e| CliError::Output(e.to_string()))?;
    crate::io::write_file(path, &format!("{text}\n")).map_err(|e| match e {
        CliError::Output(m) => CliError::File(format!("--out: {m}")),
        other => other,
    })
}
