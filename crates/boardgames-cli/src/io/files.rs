//! Files that survive a crash: every result file is written whole or not at all (a
//! temporary file in the same directory, synced, then renamed over the target), and the
//! `save` / `load` of the play sessions go through [`Files`], so that a test or a fuzz
//! target can give them a store in memory instead of the disk.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// The largest file a play session loads, in bytes (a record's limit: 16 MiB).
pub const MAX_LOAD: usize = boardgames_common::RecordLimits::DEFAULT.max_bytes;

/// Writes `bytes` to `path` so that a crash at any moment leaves either the old file or the
/// new one, never a part: the bytes go to a temporary file beside it (`.NAME.tmp`, which a
/// killed writer may leave behind and the next write of the same file truncates and
/// reuses), which is synced to the disk and then renamed over `path` (a rename within a
/// directory is atomic on POSIX file systems); the directory is synced after, so that the
/// rename itself survives a power cut.
///
/// # Errors
/// The system's error when the temporary file cannot be created, written, synced or
/// renamed (the temporary file is then removed), or when `path` is a directory. A `path`
/// that exists and is no regular file (a device such as `/dev/null`, a pipe) is written in
/// place, never replaced.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // What is there already and is no regular file is written in place, never renamed over:
    // a device (`/dev/null`, `/dev/stdout`) or a pipe takes the bytes as they are; a
    // directory is refused.
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        if meta.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "a directory, not a file",
            ));
        }
        let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
        return file.write_all(bytes).and_then(|()| file.flush());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path names no file (it ends with `..` or `/`)",
        )
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // Best effort: some file systems cannot open or sync a directory.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Reads the text file `path`, refusing one of more than `max` bytes without reading more
/// than `max + 1` of them (bounded memory whatever the file).
///
/// # Errors
/// A message naming the file: it cannot be read, is larger than `max` bytes, or is not
/// UTF-8.
pub fn read_text(path: &Path, max: usize) -> Result<String, String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    std::fs::File::open(path)
        .and_then(|f| f.take(limit).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() > max {
        return Err(format!(
            "{}: more than {max} bytes (the limit)",
            path.display()
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))
}

/// Where the `save FILE` and `load FILE` commands of a play session write and read.
pub trait Files {
    /// Writes `text` as the file `name`, whole or not at all.
    ///
    /// # Errors
    /// Why it could not be written, for the person.
    fn save(&mut self, name: &str, text: &str) -> Result<(), String>;

    /// The text of the file `name` (at most [`MAX_LOAD`] bytes).
    ///
    /// # Errors
    /// Why it could not be read, for the person.
    fn load(&mut self, name: &str) -> Result<String, String>;
}

/// The file system, the files named as the person typed them ([`write_atomic`],
/// [`read_text`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl Files for Disk {
    fn save(&mut self, name: &str, text: &str) -> Result<(), String> {
        write_atomic(Path::new(name), text.as_bytes()).map_err(|e| e.to_string())
    }

    fn load(&mut self, name: &str) -> Result<String, String> {
        read_text(Path::new(name), MAX_LOAD)
    }
}

/// Files kept in memory, by name (tests and fuzz targets: no disk, any name harmless).
#[derive(Debug, Clone, Default)]
pub struct MemoryFiles {
    /// The files saved, by name.
    pub files: BTreeMap<String, String>,
}

impl Files for MemoryFiles {
    fn save(&mut self, name: &str, text: &str) -> Result<(), String> {
        self.files.insert(name.to_owned(), text.to_owned());
        Ok(())
    }

    fn load(&mut self, name: &str) -> Result<String, String> {
        self.files
            .get(name)
            .cloned()
            .ok_or_else(|| format!("no file {name}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("boardgames-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        write_atomic(&path, b"old").unwrap();
        write_atomic(&path, b"new text").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new text");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("out.json")]);
        // A file in a missing directory: an error, nothing left behind.
        assert!(write_atomic(&dir.join("no/such/file"), b"x").is_err());
        assert!(write_atomic(Path::new("/"), b"x").is_err());
        assert_eq!(read_text(&path, 8).unwrap(), "new text");
        assert!(
            read_text(&path, 7)
                .unwrap_err()
                .contains("more than 7 bytes")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `--output /dev/null` writes the device in place, never renames a regular file over
    /// it: a device (here through a link to `/dev/null`) stays a device, the link stays a
    /// link; a directory is refused and left alone.
    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place_and_a_directory_refused() {
        use std::os::unix::fs::FileTypeExt as _;
        let dir = std::env::temp_dir().join(format!("boardgames-device-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let link = dir.join("null");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        write_atomic(&link, b"into the device").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("null")]);
        let error = write_atomic(&dir, b"x").unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::IsADirectory);
        assert!(dir.is_dir());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
