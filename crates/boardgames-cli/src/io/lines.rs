//! The one bounded line reader of the commands: a line of any length costs at most `max`
//! bytes of memory (the rest of it is read and dropped), so that no input from a stranger,
//! a log, a checkpoint, a player's session or an engine host's protocol, grows memory.

use std::io::BufRead;

/// What [`read_bounded_line`] read of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// Bytes consumed from the input, the dropped ones and the `\n` included.
    pub(crate) read: u64,
    /// Whether a `\n` ended the line (`false`: the input ended first, a torn last line).
    pub(crate) ended: bool,
    /// Whether the line was longer than `max` bytes (only the first `max` were kept).
    pub(crate) overlong: bool,
}

/// Reads one line of `input` into `buf` (cleared first; the `\n` not kept), keeping at most
/// `max` bytes of it: the rest of a longer line is read and dropped. `Ok(None)` at the end
/// of the input, before any byte.
///
/// # Errors
/// The input's read errors (an interrupted read is retried).
pub(crate) fn read_bounded_line(
    input: &mut impl BufRead,
    max: usize,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Line>> {
    buf.clear();
    let mut line = Line {
        read: 0,
        ended: false,
        overlong: false,
    };
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((line.read > 0).then_some(line));
        }
        let (part, used) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                line.ended = true;
                (&chunk[..i], i + 1)
            }
            None => (chunk, chunk.len()),
        };
        let room = max.saturating_sub(buf.len());
        line.overlong |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        line.read += used as u64;
        input.consume(used);
        if line.ended {
            return Ok(Some(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_at_max_and_the_rest_dropped() {
        let mut text = "a".repeat(100_000);
        text.push_str("\nshort\nlast");
        let mut input = std::io::BufReader::with_capacity(64, std::io::Cursor::new(text));
        let mut buf = Vec::new();
        let first = read_bounded_line(&mut input, 10, &mut buf)
            .unwrap()
            .unwrap();
        assert_eq!(
            first,
            Line {
                read: 100_001,
                ended: true,
                overlong: true
            }
        );
        assert_eq!(buf, b"aaaaaaaaaa");
        let second = read_bounded_line(&mut input, 10, &mut buf)
            .unwrap()
            .unwrap();
        assert_eq!(
            (second.read, second.ended, second.overlong),
            (6, true, false)
        );
        assert_eq!(buf, b"short");
        let torn = read_bounded_line(&mut input, 10, &mut buf)
            .unwrap()
            .unwrap();
        assert_eq!((torn.read, torn.ended, torn.overlong), (4, false, false));
        assert_eq!(buf, b"last");
        assert_eq!(read_bounded_line(&mut input, 10, &mut buf).unwrap(), None);
        assert!(buf.is_empty());
    }

    #[test]
    fn an_empty_line_is_a_line() {
        let mut input = std::io::Cursor::new(b"\n\n".to_vec());
        let mut buf = vec![1, 2];
        let line = read_bounded_line(&mut input, 4, &mut buf).unwrap().unwrap();
        assert_eq!((line.read, line.ended, buf.len()), (1, true, 0));
        assert!(
            read_bounded_line(&mut input, 4, &mut buf)
                .unwrap()
                .is_some()
        );
        assert_eq!(read_bounded_line(&mut input, 4, &mut buf).unwrap(), None);
    }
}
