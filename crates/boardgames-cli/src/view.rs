//! `boardgames view RECORD -o game.html`: the replay page of a record, and the `--svg FILE`
//! pictures the other subcommands write.

use std::path::Path;

use crate::html::{StepsError, page, replay_steps};
use boardgames_common::Record;

use crate::error::CliError;

/// Writes `text` to `path` (a picture or a page), whole or not at all
/// ([`crate::files::write_atomic`]).
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    crate::files::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::Output(format!("cannot write {}: {e}", path.display())))
}

/// Replays the record in `path` step by step and writes its page to `output`.
///
/// Exit codes as `replay`: 2 for a file that is not a record or names an unknown game, 1 for
/// a record that does not replay (an illegal action, a comment or result that disagrees),
/// with the number of the action and the reason; no page is written then.
pub(crate) fn view(path: &Path, output: &Path) -> Result<(), CliError> {
    let text = crate::replay::read(path, boardgames_common::RecordLimits::DEFAULT.max_bytes)?;
    let record: Record = text
        .parse()
        .map_err(|e| CliError::Record(format!("{}: {e}", path.display())))?;
    crate::replay::check_result_shape(&record)
        .map_err(|m| CliError::Record(format!("{}: {m}", path.display())))?;
    let replay = replay_steps(&record).map_err(|e| match e {
        StepsError::Record(_) => CliError::Record(format!("{}: {e}", path.display())),
        StepsError::Illegal(_) => CliError::Illegal(format!("{}: {e}", path.display())),
    })?;
    write_file(output, &page(&replay))?;
    outln!(
        "{}: {} steps written to {}",
        replay.game,
        replay.steps.len(),
        output.display()
    );
    Ok(())
}
