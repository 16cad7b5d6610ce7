//! Logs of finished work that survive a kill: one line a finished item, appended whole (one
//! write of the line and its `\n`); a last line without its `\n` is the torn write of a run
//! that was killed and is cut off the file when it is opened again, so that it is never
//! counted.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::io::error::CliError;
use crate::io::lines::read_bounded_line;

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
    /// Opens (or creates) the log at `path`, given by the option `option` (`--log`): each
    /// of its whole lines is handed to `visit` with its number from 0 (without its `\n`;
    /// at most [`MAX_LOG_LINE`] bytes of it, bytes that are not UTF-8 replaced), none is
    /// kept, and the log is returned, its torn last line cut off.
    ///
    /// # Errors
    /// The first error of `visit` (the file is then left as it was); [`CliError::File`]
    /// when the file cannot be read, created or cut, naming the option, the file and which
    /// of the three failed (`--log out/games.jsonl: cannot create it or open it to append:
    /// No such file or directory`).
    pub(crate) fn open(
        option: &'static str,
        path: &Path,
        mut visit: impl FnMut(usize, &str) -> Result<(), CliError>,
    ) -> Result<Log, CliError> {
        let failed = |what: &str, e: std::io::Error| {
            CliError::File(format!("{option} {}: cannot {what}: {e}", path.display()))
        };
        let io = |e| failed("read it", e);
        let mut number = 0;
        let mut whole = 0u64;
        let mut len = 0u64;
        match std::fs::File::open(path) {
            Ok(file) => {
                let mut reader = std::io::BufReader::new(file);
                let mut buf = Vec::new();
                while let Some(line) =
                    read_bounded_line(&mut reader, MAX_LOG_LINE, &mut buf).map_err(io)?
                {
                    len += line.read;
                    if !line.ended {
                        break; // torn: no newline before the end of the file
                    }
                    whole = len;
                    visit(number, &String::from_utf8_lossy(&buf))?;
                    number += 1;
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
        Ok(Log {
            option,
            path: path.to_path_buf(),
            file,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_cut_and_the_next_append_starts_a_line() {
        let path = std::env::temp_dir().join(format!("boardgames-log-{}", std::process::id()));
        std::fs::write(&path, "one\ntwo\nthr").unwrap();
        let lines = |path| {
            let mut lines = Vec::new();
            let log = Log::open("--log", path, |n, l| {
                lines.push((n, l.to_owned()));
                Ok(())
            })
            .unwrap();
            (lines, log)
        };
        let (seen, mut log) = lines(&path);
        assert_eq!(seen, [(0, "one".to_owned()), (1, "two".to_owned())]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\ntwo\n");
        log.append("three").unwrap();
        drop(log);
        let (seen, _) = lines(&path);
        let texts: Vec<&str> = seen.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(texts, ["one", "two", "three"]);
        let _ = std::fs::remove_file(&path);
    }

    /// A log that cannot be created is reported with the option, the file and what failed
    /// (not a bare "cannot read").
    #[test]
    fn an_unusable_log_names_the_option_the_file_and_what_failed() {
        let missing = Path::new("/nonexistent-boardgames-dir/games.jsonl");
        let Err(e) = Log::open("--log", missing, |_, _| Ok(())) else {
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
        let Err(e) = Log::open("--log", &dir, |_, _| Ok(())) else {
            panic!("a folder opened as a log")
        };
        assert!(
            e.to_string()
                .starts_with(&format!("--log {}: cannot read it: ", dir.display())),
            "{e}"
        );
    }
}
