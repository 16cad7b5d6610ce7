//! Logs of finished work that survive a kill: one line a finished item, appended whole (one
//! write of the line and its `\n`); a last line without its `\n` is the torn write of a run
//! that was killed and is cut off the file when it is opened again, so that it is never
//! counted.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::io::error::CliError;

/// The longest line of a log kept, in bytes; the rest of a longer line is dropped (such a
/// line is no line of ours).
pub(crate) const MAX_LOG_LINE: usize = 64 * 1024;

/// A log opened for appending, with the whole lines it held.
pub(crate) struct Log {
    option: &'static str,
    path: PathBuf,
    file: std::fs::File,
}

impl Log {
    /// Opens (or creates) the log at `path`, given by the option `option` (`--log`): its
    /// whole lines (without their `\n`; at most [`MAX_LOG_LINE`] bytes of each, not UTF-8
    /// replaced) and the log, its torn last line cut off.
    ///
    /// # Errors
    /// [`CliError::File`] when the file cannot be read, created or cut, naming the option,
    /// the file and which of the three failed (`--log out/games.jsonl: cannot create it: No
    /// such file or directory`).
    pub(crate) fn open(option: &'static str, path: &Path) -> Result<(Vec<String>, Log), CliError> {
        let failed = |what: &str, e: std::io::Error| {
            CliError::File(format!("{option} {}: cannot {what}: {e}", path.display()))
        };
        let io = |e| failed("read it", e);
        let mut lines = Vec::new();
        let mut whole = 0u64;
        let mut len = 0u64;
        match std::fs::File::open(path) {
            Ok(file) => {
                let mut reader = std::io::BufReader::new(file);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    let n = read_bounded_line(&mut reader, &mut buf).map_err(io)?;
                    if n == 0 {
                        break;
                    }
                    len += n;
                    if buf.last() != Some(&b'\n') {
                        break; // torn: no newline before the end of the file
                    }
                    whole = len;
                    buf.pop();
                    lines.push(String::from_utf8_lossy(&buf).into_owned());
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(e)),
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| failed("create it or open it to append", e))?;
        if whole < len {
            file.set_len(whole)
                .map_err(|e| failed("cut its torn last line", e))?;
        }
        Ok((
            lines,
            Log {
                option,
                path: path.to_path_buf(),
                file,
            },
        ))
    }

    /// Appends `line` and its `\n` in one write, synced to the disk.
    ///
    /// # Errors
    /// [`CliError::File`] when the file cannot be written, naming the option and the file.
    pub(crate) fn append(&mut self, line: &str) -> Result<(), CliError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .and_then(|()| self.file.sync_data())
            .map_err(|e| {
                CliError::File(format!(
                    "{} {}: cannot write to it: {e}",
                    self.option,
                    self.path.display()
                ))
            })
    }
}

/// Reads one line into `buf` (with its `\n`), keeping at most [`MAX_LOG_LINE`] bytes of it
/// (the rest is read and dropped, and the `\n` kept); returns the bytes read, 0 at the end.
fn read_bounded_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<u64> {
    let mut read = 0u64;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(read);
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let room = MAX_LOG_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        if done && buf.last() != Some(&b'\n') {
            buf.push(b'\n');
        }
        let used = part.len();
        read += used as u64;
        input.consume(used);
        if done {
            return Ok(read);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_cut_and_the_next_append_starts_a_line() {
        let path = std::env::temp_dir().join(format!("boardgames-log-{}", std::process::id()));
        std::fs::write(&path, "one\ntwo\nthr").unwrap();
        let (lines, mut log) = Log::open("--log", &path).unwrap();
        assert_eq!(lines, ["one", "two"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\ntwo\n");
        log.append("three").unwrap();
        drop(log);
        let (lines, _) = Log::open("--log", &path).unwrap();
        assert_eq!(lines, ["one", "two", "three"]);
        let _ = std::fs::remove_file(&path);
    }

    /// Found by a newcomer: a log that could not be created said "cannot read" without
    /// naming the option; now the message names the option, the file and what failed.
    #[test]
    fn an_unusable_log_names_the_option_the_file_and_what_failed() {
        let missing = Path::new("/nonexistent-boardgames-dir/games.jsonl");
        let Err(e) = Log::open("--log", missing) else {
            panic!("a log in a missing folder opened")
        };
        let text = e.to_string();
        assert!(
            text.starts_with(
                "--log /nonexistent-boardgames-dir/games.jsonl: cannot create it or open it to \
                 append: "
            ),
            "{text}"
        );
        assert_eq!(e.exit_code(), 3);
        let dir = std::env::temp_dir();
        let Err(e) = Log::open("--log", &dir) else {
            panic!("a folder opened as a log")
        };
        assert!(
            e.to_string()
                .starts_with(&format!("--log {}: cannot read it: ", dir.display())),
            "{e}"
        );
    }
}
