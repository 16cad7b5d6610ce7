//! `boardgames trictrac referee`: a partie between two people at one keyboard who type
//! their marks and moves; the referee reports écoles and fausses cases as they happen.
//!
//! One line per gesture: the player (`white`, `black`, `w`, `b`) then the gesture in the
//! notation of `trictrac_core::referee::Gesture` (`w throw 6-5`, `b move N1 N7`, `w ecole 4`,
//! `b choose 2`); `show` prints the tablier, `help` the gestures; `#` starts a comment. With `--script FILE` the
//! lines come from the file (the transcript is replayed), otherwise from standard input.

use std::io::Read;
use std::path::Path;

use trictrac_core::referee::{Gesture, Referee, RefereePhase, Report};
use trictrac_core::{Colour, Position, diagram};

use crate::error::CliError;

/// The largest `--script` file read, in bytes (16 MiB: some hundred thousand gestures).
const MAX_SCRIPT: usize = 16 << 20;

/// What `help` prints: the line format and every gesture.
const HELP: &str = "\
  A line is the player (white, black, w, b) then a gesture; `show`, `help`, `quit`; # comments.
  The dice:   throw 6-5 [how they lay: flat on-dame on-jeton niche tilted-band tilted-dame
              tilted-jeton on-die on-band pile-band-came pile-band-fell air-held air-fell out
              back-in back-in-pushed doubtful-held doubtful-fell spinning; early badly-cast
              rompu rompu-fault hand hand-pushed hand-back]   settle flat   lift-dice
  Marking:    mark N   new-jeton N   remove-jeton old|new   wipe   wipe-opponent
              trous N   untrous N   tenir   s'en aller   win
  Claims:     ecole N   advise N   choose N (an option of the last report)
  The dames:  adoube   touch B6   move B1 B7   move N3 off   break   done";

/// At most this many characters of an offending line are echoed.
const ECHO: usize = 80;

fn colour(word: &str) -> Option<Colour> {
    match word.to_ascii_lowercase().as_str() {
        "w" | "white" | "blanc" => Some(Colour::White),
        "b" | "black" | "noir" => Some(Colour::Black),
        _ => None,
    }
}

fn print_report(r: &Report) -> Result<(), CliError> {
    outln!("  ! {r}");
    Ok(())
}

fn show(referee: &Referee) -> Result<(), CliError> {
    let setup = referee.dames_on_tablier();
    match Position::from_setup(&setup) {
        Ok(p) => outln!("{}", diagram(p.board())),
        Err(e) => outln!("  (the dames stand against the laws: {e})"),
    }
    outln!("  marks {}; {}", referee.marking(), referee.phase());
    for r in referee.open_reports() {
        outln!("  open: {r}");
    }
    Ok(())
}

/// Runs a refereed partie from `position` (default: the start) on the lines of `script` (a
/// file, `-` for standard input) or of standard input, to `trous` trous. Returns an error (exit 1) if a script had gestures the referee refused.
pub(crate) fn referee(
    script: Option<&Path>,
    position: Option<&str>,
    trous: u8,
) -> Result<(), CliError> {
    if trous == 0 {
        return Err(CliError::input(
            "--trous",
            "a partie is played to at least 1 trou",
        ));
    }
    let mut referee = match position {
        None => Referee::start(trous),
        Some(text) => {
            let p: Position = text.parse().map_err(|e| CliError::input("--position", e))?;
            Referee::from_position(p, trous).map_err(|e| CliError::input("--position", e))?
        }
    };
    let mut refused = 0usize;
    let mut handle = |n: usize, line: &str, referee: &mut Referee| -> Result<bool, CliError> {
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            return Ok(true);
        }
        if text.eq_ignore_ascii_case("show") {
            show(referee)?;
            return Ok(true);
        }
        if text.eq_ignore_ascii_case("help") {
            outln!("{HELP}");
            return Ok(true);
        }
        if text.eq_ignore_ascii_case("quit") {
            return Ok(false);
        }
        let shown: String = text.chars().take(ECHO).collect();
        let (who, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let Some(who) = colour(who) else {
            outln!("{n}: {shown}");
            outln!("  refused: a line starts with the player: white or black (w, b)");
            refused += 1;
            return Ok(true);
        };
        outln!(
            "{n}: {who} {}",
            rest.trim().chars().take(ECHO).collect::<String>()
        );
        let gesture: Gesture = match rest.parse() {
            Ok(g) => g,
            Err(e) => {
                outln!("  refused: {e}");
                refused += 1;
                return Ok(true);
            }
        };
        let before = referee.phase();
        match referee.gesture(who, gesture) {
            Ok(reports) => {
                for r in &reports {
                    print_report(r)?;
                }
                let after = referee.phase();
                if after != before {
                    outln!("  -- {after}; marks {}", referee.marking());
                }
                Ok(!matches!(after, RefereePhase::Over { .. }))
            }
            Err(e) => {
                outln!("  refused: {e}");
                refused += 1;
                Ok(true)
            }
        }
    };
    match script {
        Some(path) => {
            let io = |source| CliError::Io {
                path: path.to_path_buf(),
                source,
            };
            // A script is read whole, but at most MAX_SCRIPT bytes: bounded memory and work.
            let mut bytes = Vec::new();
            let limit = MAX_SCRIPT as u64 + 1;
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
            if bytes.len() > MAX_SCRIPT {
                return Err(CliError::input(
                    "--script",
                    format!(
                        "{}: more than {MAX_SCRIPT} bytes (the limit of a script)",
                        path.display()
                    ),
                ));
            }
            let text = String::from_utf8(bytes).map_err(|_| {
                CliError::input("--script", format!("{}: not UTF-8 text", path.display()))
            })?;
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            for (i, line) in text.lines().enumerate() {
                if !handle(i + 1, line, &mut referee)? {
                    break;
                }
            }
        }
        None => {
            outln!(
                "Trictrac referee: type `white throw 6-5`, `black move N1 N7`, `show`, `help`, `quit`."
            );
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut n = 0;
            // At most 4 KiB of a line is kept (crate::play::read_line): bounded memory.
            while let Some(line) = crate::play::read_line(&mut input)? {
                n += 1;
                if !handle(n, &line, &mut referee)? {
                    break;
                }
            }
        }
    }
    outln!("end: {}; marks {}", referee.phase(), referee.marking());
    if script.is_some() && refused > 0 {
        return Err(CliError::Illegal(format!(
            "{refused} gesture(s) of the script were refused"
        )));
    }
    Ok(())
}
