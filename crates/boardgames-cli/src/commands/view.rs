//! `boardgames view RECORD -o game.html`: the replay page of a record.

use std::path::Path;

use boardgames_arena::replay_page::{frames, page};
use boardgames_common::Record;

use crate::games::check_result_shape;
use crate::io::error::CliError;
use crate::io::{read_record_text, write_file};

/// The arguments of `boardgames view`.
#[derive(Debug, clap::Args)]
pub(crate) struct ViewArgs {
    /// The record file (`-` for standard input).
    file: std::path::PathBuf,
    /// The HTML file to write.
    #[arg(short, long, value_name = "FILE")]
    output: std::path::PathBuf,
}

impl ViewArgs {
    /// Writes the record's replay page ([`view`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        view(&self.file, &self.output)
    }
}

/// Replays the record in `path` step by step and writes its page to `output`.
///
/// Exit codes as `replay`: 2 for a file that is not a record or names an unknown game, 1 for
/// a record that does not replay (an illegal action, a comment or result that disagrees),
/// with the number of the action and the reason; no page is written then.
fn view(path: &Path, output: &Path) -> Result<(), CliError> {
    let text = read_record_text(path, boardgames_common::RecordLimits::DEFAULT.max_bytes)?;
    let record: Record = text
        .parse()
        .map_err(|e| CliError::Record(format!("{}: {e}", path.display())))?;
    check_result_shape(&record)
        .map_err(|m| CliError::Record(format!("{}: {m}", path.display())))?;
    let replay =
        frames(&record).map_err(|e| CliError::from(e).prefixed(&path.display().to_string()))?;
    write_file(output, &page(&replay))?;
    outln!(
        "{}: {} steps written to {}",
        replay.game,
        replay.frames.len(),
        output.display()
    );
    Ok(())
}
