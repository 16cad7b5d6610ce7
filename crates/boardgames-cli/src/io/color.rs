//! Colour and Unicode pieces for a person at a terminal (`--color auto|always|never`).
//!
//! `auto` (the default) follows anstream's reading of the environment: colour only when
//! standard output is a terminal that supports it, never when `NO_COLOR` is set (and always
//! with `CLICOLOR_FORCE`). Without colour every board stays the plain ASCII diagram of the
//! game crates, so pipes, files and tests read exactly what the notation documents.

use std::sync::OnceLock;

use anstyle::{AnsiColor, Style};

use crate::args::ColorWhen;

static ENABLED: OnceLock<bool> = OnceLock::new();

/// Decides once, at the start, whether boards are drawn in colour.
pub(crate) fn init(when: ColorWhen) {
    let on = match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => !matches!(
            anstream::AutoStream::choice(&std::io::stdout()),
            anstream::ColorChoice::Never
        ),
    };
    let _ = ENABLED.set(on);
}

fn enabled() -> bool {
    ENABLED.get().copied().unwrap_or(false)
}

fn paint(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// A tafl diagram (tafl-core's `Position::diagram`) with Unicode pieces in colour: attackers
/// ●, defenders ○, the king ♔, corners ▣, the throne ⊕, empty squares ·. Unchanged without
/// colour.
pub(crate) fn tafl(diagram: &str) -> String {
    if !enabled() {
        return diagram.to_string();
    }
    tafl_pretty(diagram)
}

fn tafl_pretty(diagram: &str) -> String {
    let attacker = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
    let defender = Style::new().fg_color(Some(AnsiColor::Cyan.into())).bold();
    let king = Style::new().fg_color(Some(AnsiColor::Yellow.into())).bold();
    let square = Style::new().dimmed();
    let mut out = String::with_capacity(diagram.len() * 2);
    for line in diagram.lines() {
        // Board rows start with their rank number; the file letters and the status line
        // are left as they are.
        let is_row = line.trim_start().starts_with(|c: char| c.is_ascii_digit());
        if !is_row {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let digits = line.len() - line.trim_start().len()
            + line
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .count();
        out.push_str(&line[..digits]);
        for c in line[digits..].chars() {
            match c {
                't' => out.push_str(&paint(attacker, "●")),
                'T' => out.push_str(&paint(defender, "○")),
                'K' => out.push_str(&paint(king, "♔")),
                '#' => out.push_str(&paint(square, "▣")),
                '+' => out.push_str(&paint(square, "⊕")),
                '.' => out.push_str(&paint(square, "·")),
                other => out.push(other),
            }
        }
        out.push('\n');
    }
    out
}

/// A trictrac diagram (trictrac-core's `Position::diagram`, or a game's `diagram()`) with the dames in colour on their
/// flèches: White's `w13` as ○13, Black's `b2` as ●2. Unchanged without colour.
pub(crate) fn trictrac(diagram: &str) -> String {
    if !enabled() {
        return diagram.to_string();
    }
    trictrac_pretty(diagram)
}

fn trictrac_pretty(diagram: &str) -> String {
    let white = Style::new()
        .fg_color(Some(AnsiColor::BrightWhite.into()))
        .bold();
    let black = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
    let mut out = String::with_capacity(diagram.len() * 2);
    let chars: Vec<char> = diagram.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next_is_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        let prev_is_space = i == 0 || chars[i - 1] == ' ';
        if (c == 'w' || c == 'b') && next_is_digit && prev_is_space {
            let count: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            let (style, piece) = if c == 'w' {
                (white, "○")
            } else {
                (black, "●")
            };
            out.push_str(&paint(style, &format!("{piece}{count}")));
            i += 1 + count.len();
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tafl_pieces_become_unicode_in_colour_and_keep_their_columns() {
        let fidchell = tafl_core::Ruleset::fidchell();
        let ascii = fidchell.start_position().diagram(fidchell.rules());
        let pretty = tafl_pretty(&ascii);
        let plain = anstream::adapter::strip_str(&pretty).to_string();
        assert!(plain.contains("♔"), "{plain}");
        assert!(plain.contains(" 7 ▣ · ● ● ● · ▣"), "{plain}");
        assert!(plain.contains("○"), "{plain}");
        assert!(pretty.contains("\u{1b}["), "colour codes");
        // Same lines, same widths in characters.
        for (a, p) in ascii.lines().zip(plain.lines()) {
            assert_eq!(a.chars().count(), p.chars().count(), "{a} / {p}");
        }
    }

    #[test]
    fn trictrac_dames_are_drawn_by_colour() {
        let ascii = trictrac_core::Position::start().diagram();
        let plain = anstream::adapter::strip_str(&trictrac_pretty(&ascii)).to_string();
        assert!(plain.contains("●15"), "{plain}");
        assert!(plain.contains("○15"), "{plain}");
        assert!(!plain.contains("b15") && !plain.contains("w15"), "{plain}");
        assert!(plain.contains("off: White 0, Black 0"), "{plain}");
    }

    #[test]
    fn without_colour_the_diagrams_are_untouched() {
        let ascii = trictrac_core::Position::start().diagram();
        assert_eq!(trictrac(&ascii), ascii);
    }
}
