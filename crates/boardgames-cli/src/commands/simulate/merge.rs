//! `boardgames simulate merge`: the statistics of the union of the shards of one sugoroku
//! study (`simulate sugoroku --shard K/N --json`), exactly those one run over the study's
//! games prints. Every file carries the study's number of games (`study_games`), so a merge
//! that lacks a shard (the last one included) is refused unless `--partial` asks for a part
//! of the study.

use std::path::{Path, PathBuf};

use sugoroku_core::Statistics;

use crate::games::sugoroku::{adds_up, counts_add_up, report};
use crate::io::error::CliError;

/// The arguments of `boardgames simulate merge`.
#[derive(Debug, clap::Args)]
pub(crate) struct MergeArgs {
    /// The JSON files written by `simulate sugoroku --shard K/N --json`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Accept files that hold only a contiguous part of the study's games (by default
    /// every game must be there: a missing shard is refused).
    #[arg(long)]
    partial: bool,
}

impl MergeArgs {
    /// Merges the files and prints the statistics ([`merge`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        merge(&self.files, self.json, self.partial)
    }
}

/// The largest shard file `merge` reads, in bytes (a shard's JSON is a few KiB).
const MAX_SHARD_FILE: usize = 16 << 20;

/// One shard's result read back: its first game, the size of its study and its counts.
struct Part {
    path: PathBuf,
    first: u64,
    study_games: u64,
    stats: Statistics,
}

fn read_part(path: &Path) -> Result<Part, CliError> {
    // At most MAX_SHARD_FILE bytes are read: bounded memory whatever the file.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            use std::io::Read as _;
            f.take(MAX_SHARD_FILE as u64 + 1).read_to_end(&mut bytes)
        })
        .map_err(|error| CliError::Io {
            path: path.to_path_buf(),
            error,
        })?;
    if bytes.len() > MAX_SHARD_FILE {
        return Err(CliError::Record(format!(
            "{}: more than {MAX_SHARD_FILE} bytes: not the JSON of `simulate sugoroku --json`",
            path.display()
        )));
    }
    let bad = |why: String| {
        CliError::Record(format!(
            "{}: not the JSON of `simulate sugoroku --json`: {why}",
            path.display()
        ))
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| bad("the file is not UTF-8 text".into()))?;
    // Read into the fields needed only (the rest is skipped without being kept): memory
    // stays a small multiple of the file, unlike a `serde_json::Value` of it.
    #[derive(serde::Deserialize)]
    struct ShardFile {
        game: Option<String>,
        first_game: Option<u64>,
        study_games: Option<u64>,
        counts: Option<Statistics>,
    }
    let file: ShardFile = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if file.game.as_deref() != Some("sugoroku") {
        return Err(bad("no \"game\": \"sugoroku\"".into()));
    }
    let first = file
        .first_game
        .ok_or_else(|| bad("no whole number \"first_game\"".into()))?;
    let study_games = file.study_games.ok_or_else(|| {
        bad("no whole number \"study_games\" (the number of games of the whole study)".into())
    })?;
    let stats = file
        .counts
        .ok_or_else(|| bad("counts: missing (the \"counts\" of the shard)".into()))?;
    if !counts_add_up(&stats) {
        return Err(bad("counts do not add up to the number of games".into()));
    }
    if first
        .checked_add(stats.games)
        .is_none_or(|end| end > study_games)
    {
        return Err(bad(format!(
            "games {first} .. {first} + {} are not within the study's {study_games} games",
            stats.games
        )));
    }
    Ok(Part {
        path: path.to_path_buf(),
        first,
        study_games,
        stats,
    })
}

/// Reads shard results, checks that they are parts of one study (same rules, seed and number
/// of games, no game counted twice, no gap) and prints the statistics of their union. Unless
/// `partial`, the union must be the whole study: a missing shard, first or last, is refused.
fn merge(files: &[PathBuf], json: bool, partial: bool) -> Result<(), CliError> {
    let mut parts = files
        .iter()
        .map(|f| read_part(f))
        .collect::<Result<Vec<_>, _>>()?;
    // Empty shards play no games but still belong to the study: check them too.
    if let Some(head) = parts.first() {
        let (rules, seed, study) = (head.stats.rules, head.stats.seed, head.study_games);
        if let Some(other) = parts
            .iter()
            .find(|p| p.stats.rules != rules || p.stats.seed != seed || p.study_games != study)
        {
            return Err(CliError::Record(format!(
                "{}: rules {:?} seed {} of {} games differ from {:?} seed {} of {} games of {}",
                other.path.display(),
                other.stats.rules.to_string(),
                other.stats.seed,
                other.study_games,
                rules.to_string(),
                seed,
                study,
                head.path.display()
            )));
        }
    }
    parts.retain(|p| p.stats.games > 0);
    parts.sort_by_key(|p| p.first);
    let Some(head) = parts.first() else {
        return Err(CliError::input("merge", "no games in the files given"));
    };
    let (rules, seed, first, study) = (
        head.stats.rules,
        head.stats.seed,
        head.first,
        head.study_games,
    );
    let mut merged = Statistics::new(rules, seed);
    let mut next = first;
    for part in &parts {
        let name = part.path.display();
        if part.first != next {
            let what = if part.first < next {
                "overlap"
            } else {
                "leave a gap"
            };
            return Err(CliError::Record(format!(
                "{name}: games from {} {what} with the games before (next expected {next})",
                part.first
            )));
        }
        if !adds_up(&merged, &part.stats) {
            return Err(CliError::Record(format!(
                "{name}: not the JSON of `simulate sugoroku --json`: counts too large to add \
                 to those of the shards before (more than 2^64-1)"
            )));
        }
        merged.merge(&part.stats);
        next = part.first + part.stats.games;
    }
    if !partial && (first != 0 || next != study) {
        let mut missing = Vec::new();
        if first != 0 {
            missing.push(format!("games 0 to {}", first - 1));
        }
        if next != study {
            missing.push(format!("games {next} to {}", study - 1));
        }
        return Err(CliError::Record(format!(
            "the files hold games {first} to {} of a study of {study} games: {} are missing \
             (a shard not given?); --partial merges a part of the study",
            next - 1,
            missing.join(" and ")
        )));
    }
    report(&merged, first, study, json, &mut std::io::stdout().lock())
}
