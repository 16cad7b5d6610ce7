//! The prompts and the bounded line reader of the interactive sessions (`play`, `referee`).

use std::io::{BufRead, Write};

use crate::io::error::CliError;
use crate::io::lines::read_bounded_line;

/// The longest line read from a player, in bytes: the rest of a longer line is skipped, so
/// that a line of any length costs bounded memory (the line is then simply not understood).
const MAX_LINE: usize = 4096;

/// Reads one trimmed line, or `None` at the end of the input. Bytes that are not UTF-8 are
/// replaced, and a line longer than 4 KiB is cut there (the line is then simply
/// not understood).
pub(crate) fn read_line(input: &mut impl BufRead) -> Result<Option<String>, CliError> {
    let error = |e: std::io::Error| CliError::Input {
        what: "standard input",
        message: e.to_string(),
    };
    let mut line = Vec::new();
    if read_bounded_line(input, MAX_LINE, &mut line)
        .map_err(error)?
        .is_none()
    {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&line).trim().to_string()))
}

/// Writes `text` without a newline and flushes it (a prompt).
pub(crate) fn prompt(out: &mut impl Write, text: &str) -> Result<(), CliError> {
    out!(to out; "{text}");
    out.flush().map_err(|e| CliError::Output(e.to_string()))
}

#[cfg(test)]
mod read_line_tests {
    use super::*;

    #[test]
    fn a_line_of_any_length_is_cut_and_the_next_one_read() {
        let mut text = "a".repeat(1_000_000);
        text.push_str("\nquit\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        let first = read_line(&mut input).unwrap().unwrap();
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("quit"));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn a_long_last_line_without_newline_ends_the_input() {
        let mut input = std::io::Cursor::new(vec![b'x'; 10_000]);
        assert_eq!(
            read_line(&mut input).unwrap().map(|l| l.len()),
            Some(MAX_LINE)
        );
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn short_lines_are_trimmed() {
        let mut input = std::io::Cursor::new(b"  d1-d3 \r\nhelp".to_vec());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("d1-d3"));
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("help"));
    }
}
