//! `boardgames trictrac referee`: a partie between two people at one keyboard who type
//! their marks and moves; the referee reports écoles and fausses cases as they happen.
//!
//! One line per gesture: the player (`white`, `black`, `w`, `b`) then the gesture in the
//! notation of `trictrac_core::referee::Gesture` (`w throw 6-5`, `b move N1 N7`, `w ecole 4`,
//! `b choose 2`); `show` prints the tablier, `help` the gestures; `#` starts a comment. With `--script FILE` the
//! lines come from the file (the transcript is replayed), otherwise from standard input.

use std::io::Write;
use std::path::Path;

use trictrac_core::referee::{Gesture, Referee, RefereePhase, Report, TrousEnTrop, borne_off};
use trictrac_core::{Colour, Position, Setup};

use crate::args::numbers;
use crate::io::error::CliError;

/// The arguments of `boardgames trictrac referee`.
#[derive(Debug, clap::Args)]
pub(crate) struct RefereeArgs {
    /// Replay a transcript: one gesture a line (docs/trictrac-referee.md).
    #[arg(long)]
    script: Option<std::path::PathBuf>,
    /// Start from the dames and marks counted on the tablier, in trictrac notation;
    /// dames missing count as borne off only when all the others stand in the jan de
    /// retour, and a count other than 15 is judged by DAMES EN TROP ou EN MOINS (rectified
    /// at the start with a full talon, otherwise the relevé is void); default: the start.
    #[arg(long)]
    position: Option<String>,
    /// Trous that win the partie.
    #[arg(long, default_value_t = 12, value_parser = numbers::at_least::<u8>("trous", 1),
          allow_hyphen_values = true)]
    trous: u8,
    /// How ÉCOLE DE POINTS counts trous marked in excess: jeux (12 points a jeu the trous
    /// show beyond those won) or trous (12 points a trou beyond two a jeu won).
    #[arg(long, default_value = "jeux")]
    trous_en_trop: String,
}

impl RefereeArgs {
    /// Runs the refereed partie ([`referee`]).
    pub(crate) fn run(self) -> Result<(), CliError> {
        referee(
            self.script.as_deref(),
            self.position.as_deref(),
            self.trous,
            &self.trous_en_trop,
        )
    }
}

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

/// What the referee made of one line of a transcript.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// A blank line or a comment: nothing to judge.
    Blank,
    /// `show` or `help`: printed, nothing judged.
    Shown,
    /// `quit`: the transcript ends here.
    Quit,
    /// A gesture the referee took, with the reports it made decisive (the referee's state
    /// has changed).
    Judged {
        /// Who made it.
        who: Colour,
        /// The reports (écoles, fausses cases, ...), possibly none.
        reports: Vec<Report>,
    },
    /// A line refused, the referee unchanged.
    Refused {
        /// Why, as printed after `refused: `.
        reason: String,
    },
}

fn show(referee: &Referee, out: &mut impl Write) -> Result<(), CliError> {
    let setup = referee.dames_on_tablier();
    match Position::from_setup(&setup) {
        Ok(p) => outln!(to out; "{}", p.diagram()),
        Err(e) => outln!(to out; "  (the dames stand against the laws: {e})"),
    }
    outln!(to out; "  marks {}; {}", referee.marking(), referee.phase());
    // The marks the jetons and fichets show, when an open marking differs from the agreed.
    let shown = referee.marks_on_tablier();
    if shown != referee.marking().to_marks() {
        outln!(to out;
            "  on the tablier {}.{}/{}.{} (not yet agreed)",
            shown.white.trous, shown.white.points, shown.black.trous, shown.black.points
        );
    }
    for r in referee.open_reports() {
        outln!(to out; "  open: {r}");
    }
    Ok(())
}

/// Judges line `n` (from 1) of a transcript: `PLAYER GESTURE`, `show`, `help`, `quit`, a
/// blank line or a `#` comment; echoes it with its number on `out`, then the reports
/// (`  ! ...`), a refusal and its reason (`  refused: ...`) or the new phase (`  -- ...`).
///
/// # Errors
/// [`CliError::Output`] when `out` cannot be written.
pub fn judge_line(
    referee: &mut Referee,
    n: usize,
    line: &str,
    out: &mut impl Write,
) -> Result<Verdict, CliError> {
    let text = line.split('#').next().unwrap_or("").trim();
    if text.is_empty() {
        return Ok(Verdict::Blank);
    }
    if text.eq_ignore_ascii_case("show") {
        show(referee, out)?;
        return Ok(Verdict::Shown);
    }
    if text.eq_ignore_ascii_case("help") {
        outln!(to out; "{HELP}");
        return Ok(Verdict::Shown);
    }
    if text.eq_ignore_ascii_case("quit") {
        return Ok(Verdict::Quit);
    }
    let shown: String = text.chars().take(ECHO).collect();
    let (who, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let refuse = |reason: String, out: &mut dyn Write| -> Result<Verdict, CliError> {
        outln!(to out; "  refused: {reason}");
        Ok(Verdict::Refused { reason })
    };
    let Some(who) = colour(who) else {
        outln!(to out; "{n}: {shown}");
        return refuse(
            "a line starts with the player: white or black (w, b)".to_owned(),
            out,
        );
    };
    outln!(to out;
        "{n}: {who} {}",
        rest.trim().chars().take(ECHO).collect::<String>()
    );
    let gesture: Gesture = match rest.parse() {
        Ok(g) => g,
        Err(e) => return refuse(e.to_string(), out),
    };
    let before = referee.phase();
    match referee.gesture(who, gesture) {
        Ok(reports) => {
            for r in &reports {
                outln!(to out; "  ! {r}");
            }
            let after = referee.phase();
            if after != before {
                outln!(to out; "  -- {after}; marks {}", referee.marking());
            }
            Ok(Verdict::Judged { who, reports })
        }
        Err(e) => refuse(e.to_string(), out),
    }
}

/// Judges every line of `text` (a transcript already read) until `quit` or the end of the
/// partie; returns how many lines were refused.
///
/// # Errors
/// [`CliError::Output`] when `out` cannot be written.
pub fn judge_transcript(
    referee: &mut Referee,
    text: &str,
    out: &mut impl Write,
) -> Result<usize, CliError> {
    let mut refused = 0;
    for (i, line) in text.lines().enumerate() {
        match judge_line(referee, i + 1, line, out)? {
            Verdict::Quit => break,
            Verdict::Refused { .. } => refused += 1,
            Verdict::Judged { .. } if matches!(referee.phase(), RefereePhase::Over { .. }) => {
                break;
            }
            _ => {}
        }
    }
    Ok(refused)
}

/// The referee of a partie starting from the dames and marks counted on the tablier (`text`,
/// a position in trictrac notation, to `trous` trous): a count other than 15 dames is
/// judged by DAMES EN TROP ou EN MOINS (the dames missing count as borne off only when the
/// others all stand in the jan de retour); the reports of the rectification.
///
/// # Errors
/// [`CliError::Input`] naming `--position` when the text is not a position, the count
/// cannot be rectified (the relevé is void) or the position is against the laws.
pub fn tablier(text: &str, trous: u8) -> Result<(Referee, Vec<Report>), CliError> {
    let setup: Setup = text.parse().map_err(|e| CliError::input("--position", e))?;
    Referee::from_tablier(&setup, borne_off(&setup), trous)
        .map_err(|e| CliError::input("--position", e))
}

/// Runs a refereed partie from `position` (default: the start) on the lines of `script` (a
/// file, `-` for standard input) or of standard input, to `trous` trous. Returns an error (exit 1) if a script had gestures the referee refused.
fn referee(
    script: Option<&Path>,
    position: Option<&str>,
    trous: u8,
    trous_en_trop: &str,
) -> Result<(), CliError> {
    if trous == 0 {
        return Err(CliError::input(
            "--trous",
            "a partie is played to at least 1 trou",
        ));
    }
    let reading: TrousEnTrop = trous_en_trop
        .parse()
        .map_err(|e| CliError::input("--trous-en-trop", e))?;
    let (referee, reports) = match position {
        None => (Referee::start(trous), Vec::new()),
        Some(text) => tablier(text, trous)?,
    };
    let mut referee = referee.with_trous_en_trop(reading);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if script.is_none() {
        outln!(to out;
            "Trictrac referee: type `white throw 6-5`, `black move N1 N7`, `show`, `help`, `quit`."
        );
    }
    for r in &reports {
        outln!(to out; "  ! {r}");
    }
    let mut refused = 0usize;
    match script {
        Some(path) => {
            // A script is read whole, but at most MAX_SCRIPT bytes: bounded memory and work.
            let bytes = crate::io::read_at_most(path, MAX_SCRIPT)?;
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
            refused = judge_transcript(&mut referee, text, &mut out)?;
        }
        None => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut n = 0;
            // At most 4 KiB of a line is kept (crate::io::prompt::read_line): bounded memory.
            while let Some(line) = crate::io::prompt::read_line(&mut input)? {
                n += 1;
                match judge_line(&mut referee, n, &line, &mut out)? {
                    Verdict::Quit => break,
                    Verdict::Judged { .. }
                        if matches!(referee.phase(), RefereePhase::Over { .. }) =>
                    {
                        break;
                    }
                    _ => {}
                }
            }
        }
    }
    outln!(to out; "end: {}; marks {}", referee.phase(), referee.marking());
    if script.is_some() && refused > 0 {
        return Err(CliError::Illegal(format!(
            "{refused} gesture(s) of the script were refused"
        )));
    }
    Ok(())
}
