//! Layer 2, the shared input and output of the commands: bounded reads, files written whole
//! or not at all, prompts and line reading, progress bars, colour, errors.

pub mod error;
pub mod files;

pub(crate) mod color;
pub(crate) mod lines;
pub(crate) mod log;
pub(crate) mod progress;
pub(crate) mod prompt;

use std::io::Read as _;
use std::path::Path;

use error::CliError;

/// The bytes of `path` (standard input for `-`), at most `max_bytes + 1` of them read: more
/// than `max_bytes` tells the caller the file is over its limit, with bounded memory and work.
///
/// # Errors
/// [`CliError::Io`] naming the path when it cannot be opened or read.
pub(crate) fn read_at_most(path: &Path, max_bytes: usize) -> Result<Vec<u8>, CliError> {
    let io = |error| CliError::Io {
        path: path.to_path_buf(),
        error,
    };
    let mut bytes = Vec::new();
    let limit = u64::try_from(max_bytes)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    if path.as_os_str() == "-" {
        std::io::stdin()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(io)?;
    } else {
        std::fs::File::open(path)
            .map_err(io)?
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(io)?;
    }
    Ok(bytes)
}

/// Reads at most `max_bytes` bytes of `path` (`-`: standard input); more is refused without
/// reading it.
pub(crate) fn read_record_text(path: &Path, max_bytes: usize) -> Result<String, CliError> {
    let bytes = read_at_most(path, max_bytes)?;
    if bytes.len() > max_bytes {
        return Err(CliError::Record(format!(
            "{}: record refused: more than {max_bytes} bytes (the limit)",
            path.display()
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        CliError::Record(format!(
            "{}: not a game record (the file is not UTF-8 text)",
            path.display()
        ))
    })?;
    // A byte-order mark written by some editors is not part of the record.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Writes `text` to `path` (a picture or a page), whole or not at all
/// ([`files::write_atomic`]).
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    files::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::Output(format!("cannot write {}: {e}", path.display())))
}

/// `counts[n]`: how many of `lengths` equal `n` (at most the longest game plus one entries).
pub(crate) fn length_counts(lengths: impl Iterator<Item = usize>) -> Vec<u64> {
    let mut counts = Vec::new();
    for n in lengths {
        if counts.len() <= n {
            counts.resize(n + 1, 0);
        }
        counts[n] += 1;
    }
    counts
}
