//! A text diagram of the trictrac board for terminals.
//!
//! Black's row (`N1`..`N12`) is drawn on top, White's row (`B1`..`B12`) below, so that each
//! point faces its counterpart (`B1` faces `N1`, the talons at the left; the coins `B12` and
//! `N12` at the right), with the bande `|` between the petit-jan table (points 1-6) and the
//! grand-jan table (points 7-12), as on a real trictrac (rules page, "Board, labels, paths").

use std::fmt::Write as _;

use crate::board::Board;
use crate::board::Colour;
use crate::board::{Point, Position, Row};

/// One cell: `w3`, `b12`, or `.` for an empty point, right-aligned in 4 columns.
fn cell(board: &Board, point: Point, out: &mut String) {
    let text = match board.occupant(point) {
        Some((colour, n)) => format!("{}{n}", colour.letter()),
        None => ".".to_string(),
    };
    let _ = write!(out, "{text:>4}");
}

fn row(board: &Board, which: Row, out: &mut String, labels: bool) {
    for number in 1..=12u8 {
        if number == 7 {
            out.push_str("  |");
        }
        let Some(point) = Point::new(which, number) else {
            continue;
        };
        if labels {
            let _ = write!(out, "{:>4}", point.to_string());
        } else {
            cell(board, point, out);
        }
    }
    out.push('\n');
}

impl Position {
    /// The board as six lines of text: Black's labels, Black's row, a rule, White's row,
    /// White's labels, and the dames borne off. The games' `diagram()`
    /// ([`TrictracGame::diagram`](crate::TrictracGame::diagram),
    /// [`EcrireGame::diagram`](crate::EcrireGame::diagram)) add a line once the partie is
    /// over.
    ///
    /// ```
    /// use trictrac_core::Position;
    /// let start: Position = "B1:w15,N1:b15 w 0/0 0.0/0.0".parse().unwrap();
    /// let text = start.diagram();
    /// assert_eq!(text.lines().count(), 6);
    /// assert!(text.lines().nth(1).unwrap().trim_start().starts_with("b15"));
    /// assert!(text.lines().nth(3).unwrap().trim_start().starts_with("w15"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        diagram(self.board())
    }
}

/// The diagram of [`Position::diagram`], of a board alone.
#[must_use]
pub(crate) fn diagram(board: &Board) -> String {
    let mut out = String::with_capacity(400);
    row(board, Row::N, &mut out, true);
    row(board, Row::N, &mut out, false);
    out.push_str(&"-".repeat(51));
    out.push('\n');
    row(board, Row::B, &mut out, false);
    row(board, Row::B, &mut out, true);
    let _ = writeln!(
        out,
        "off: White {}, Black {}",
        board.off(Colour::White),
        board.off(Colour::Black)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_point_facing_its_counterpart() {
        let p: Position = "B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 0.4/1.0*".parse().unwrap();
        let text = p.diagram();
        assert_eq!(text, diagram(p.board()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(
            lines[0].split_whitespace().collect::<Vec<_>>(),
            [
                "N1", "N2", "N3", "N4", "N5", "N6", "|", "N7", "N8", "N9", "N10", "N11", "N12"
            ]
        );
        assert_eq!(
            lines[1].split_whitespace().collect::<Vec<_>>(),
            [
                "b12", ".", ".", ".", ".", ".", "|", ".", ".", ".", ".", ".", "b3"
            ]
        );
        assert_eq!(
            lines[3].split_whitespace().collect::<Vec<_>>(),
            [
                "w13", ".", "w2", ".", ".", ".", "|", ".", ".", ".", ".", ".", "."
            ]
        );
        assert_eq!(lines[5], "off: White 0, Black 0");
        // Columns line up: each cell sits under its label.
        assert_eq!(lines[0].find("N12").map(|i| i + 3), Some(lines[1].len()));
    }
}
