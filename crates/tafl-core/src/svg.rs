//! A tafl position as an SVG picture (feature `svg`): the board with its coordinates (files
//! `a..` from the left, ranks `1..` from the bottom, as in the rules page, "Coordinates"),
//! the throne and the corners marked, the attackers, the defenders and the king, the corners
//! the king has already visited (Fidchell's four-corner win, the Breton Fidchell page), and
//! the last move as an arrow with the squares of its captures crossed out.
//!
//! Elements carry classes and data attributes so that a program (or a test) can read the
//! picture back: every piece is a `circle` of class `piece attacker`, `piece defender` or
//! `piece king` with `data-square="d4"`; a commander or a knight of Berserk (OpenTafl's
//! officers) also carries a `text` of class `officer commander` (the letter C) or `officer
//! knight` (N) with its `data-square`; the throne a `rect` of class `throne`, each corner
//! one of class `corner`; a visited corner a `circle` of class `visited`; the last move a
//! `path` of class `last-move` with `data-move`; a captured square a `g` of class
//! `captured` with `data-square`; the side to move a `circle` of class `turn` with
//! `data-side`.
//!
//! ```
//! use tafl_core::Ruleset;
//! use tafl_core::svg::{SvgOptions, render};
//! let brandubh = Ruleset::brandubh();
//! let svg = render(&brandubh.start_position(), brandubh.rules(), &SvgOptions::default());
//! assert_eq!(svg.matches("class=\"piece attacker\"").count(), 8);
//! assert_eq!(svg.matches("class=\"piece defender\"").count(), 4);
//! assert_eq!(svg.matches("class=\"piece king\"").count(), 1);
//! ```

use boardgames_common::svg::Svg;

use crate::moves::MoveText;
use crate::piece::{Officer, Piece, Side};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::status::Status;

/// What to draw besides the position itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgOptions<'a> {
    /// The move that led to the position, with its captures: drawn as an arrow, its two
    /// squares tinted and the captured squares crossed out.
    pub last_move: Option<MoveText>,
    /// A heading written above the board.
    pub title: Option<&'a str>,
}

/// Space for the coordinates around the board.
const MARGIN: f64 = 30.0;
/// Height of the caption under the board (two lines).
const CAPTION: f64 = 58.0;
/// The narrowest picture: room for the heading and the caption around a 7×7 board.
const MIN_WIDTH: f64 = 600.0;

fn cell_size(size: u8) -> f64 {
    if size <= 9 { 60.0 } else { 50.0 }
}

/// Draws `position` as a self-contained SVG document, with what `options` add. See the
/// [module docs](self) for what is drawn and the classes.
///
/// `rules` are the position's (they mark its corners and throne). The work is bounded by
/// the board's size (at most 11×11).
#[must_use]
pub fn render(position: &Position, rules: &Rules, options: &SvgOptions<'_>) -> String {
    let n = position.size();
    let s = cell_size(n);
    let heading = if options.title.is_some() { 30.0 } else { 0.0 };
    let board = f64::from(n) * s;
    let width = (board + 2.0 * MARGIN).max(MIN_WIDTH);
    let height = heading + board + 2.0 * MARGIN + CAPTION;
    let (x0, y0) = ((width - board) / 2.0, heading + MARGIN);
    // The top-left corner of a square's cell: rank 1 at the bottom.
    let cell = |sq: Square| {
        (
            x0 + f64::from(sq.file()) * s,
            y0 + f64::from(n - 1 - sq.rank()) * s,
        )
    };
    let centre = |sq: Square| {
        let (x, y) = cell(sq);
        (x + s / 2.0, y + s / 2.0)
    };
    let title = options.title.unwrap_or("Tafl position");
    let mut svg = Svg::new(width, height, title);
    svg.rect(0.0, 0.0, width, height, "fill=\"#f4efe4\"");
    if let Some(t) = options.title {
        svg.text(
            width / 2.0,
            21.0,
            t,
            "class=\"caption\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" \
             fill=\"#333\"",
        );
    }
    svg.rect(
        x0 - 6.0,
        y0 - 6.0,
        board + 12.0,
        board + 12.0,
        "rx=\"4\" fill=\"#7a4e2a\"",
    );
    let squares = (0..n).flat_map(|rank| (0..n).filter_map(move |file| Square::new(file, rank)));
    for sq in squares.clone() {
        let (x, y) = cell(sq);
        let shade = if (sq.file() + sq.rank()) % 2 == 0 {
            "#e9d2a0"
        } else {
            "#e2c78e"
        };
        svg.rect(
            x,
            y,
            s,
            s,
            &format!(
                "class=\"square\" data-square=\"{sq}\" fill=\"{shade}\" stroke=\"#8b6b3d\" \
                 stroke-width=\"1\""
            ),
        );
        let special = if position.is_corner(rules, sq) {
            Some("corner")
        } else if position.is_throne(rules, sq) {
            Some("throne")
        } else {
            None
        };
        if let Some(class) = special {
            svg.rect(
                x + 1.0,
                y + 1.0,
                s - 2.0,
                s - 2.0,
                &format!(
                    "class=\"{class}\" data-square=\"{sq}\" fill=\"#a8743f\" stroke=\"#5e3b1c\" \
                     stroke-width=\"1\""
                ),
            );
            let (a, b) = (s * 0.2, s * 0.8);
            for (x1, y1, x2, y2) in [(a, a, b, b), (a, b, b, a)] {
                svg.line(
                    x + x1,
                    y + y1,
                    x + x2,
                    y + y2,
                    "stroke=\"#5e3b1c\" stroke-width=\"2\"",
                );
            }
        }
    }
    for sq in position.corners_visited() {
        let (cx, cy) = centre(sq);
        svg.circle(
            cx,
            cy,
            s * 0.3,
            &format!(
                "class=\"visited\" data-square=\"{sq}\" fill=\"none\" stroke=\"#d4a017\" \
                 stroke-width=\"4\""
            ),
        );
    }
    // Coordinates on all four sides.
    for i in 0..n {
        let letter = char::from(b'a' + i).to_string();
        let x = x0 + (f64::from(i) + 0.5) * s;
        for y in [y0 - 12.0, y0 + board + 22.0] {
            svg.text(
                x,
                y,
                &letter,
                "class=\"label\" text-anchor=\"middle\" font-size=\"14\" fill=\"#444\"",
            );
        }
        let rank = (i + 1).to_string();
        let y = y0 + (f64::from(n - 1 - i) + 0.5) * s + 5.0;
        for (x, anchor) in [(x0 - 10.0, "end"), (x0 + board + 10.0, "start")] {
            svg.text(
                x,
                y,
                &rank,
                &format!("class=\"label\" text-anchor=\"{anchor}\" font-size=\"14\" fill=\"#444\""),
            );
        }
    }
    if let Some(last) = options.last_move {
        for (sq, class) in [(last.mv.from, "from"), (last.mv.to, "to")] {
            let (x, y) = cell(sq);
            svg.rect(
                x,
                y,
                s,
                s,
                &format!(
                    "class=\"{class}\" data-square=\"{sq}\" fill=\"#f5d547\" opacity=\"0.45\""
                ),
            );
        }
    }
    for sq in squares {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let (cx, cy) = centre(sq);
        draw_piece(&mut svg, piece, sq, cx, cy, s);
        if let Some(officer) = position.officer_at(sq) {
            draw_officer(&mut svg, officer, piece.side(), sq, cx, cy, s);
        }
    }
    if let Some(last) = options.last_move {
        for sq in last.captures {
            let (cx, cy) = centre(sq);
            let d = s * 0.28;
            svg.raw(&format!(
                "<g class=\"captured\" data-square=\"{sq}\" stroke=\"#c0392b\" \
                 stroke-width=\"5\" stroke-linecap=\"round\">\
                 <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\
                 <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/></g>\n",
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx - d,
                cy + d,
                cx + d,
                cy - d
            ));
        }
        let from = centre(last.mv.from);
        let to = centre(last.mv.to);
        // Stop the arrowhead at the edge of the piece that arrived.
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let back = s * 0.42;
        let end = (to.0 - dx / len * back, to.1 - dy / len * back);
        svg.arrow(
            from,
            end,
            0.0,
            &format!(
                "class=\"last-move\" data-move=\"{}\" stroke=\"#1f6fb2\" stroke-width=\"5\" \
                 stroke-linecap=\"round\" opacity=\"0.85\"",
                last.mv
            ),
        );
    }
    draw_caption(&mut svg, position, options, width, height);
    svg.finish()
}

fn draw_piece(svg: &mut Svg, piece: Piece, sq: Square, cx: f64, cy: f64, s: f64) {
    let r = s * 0.38;
    let (class, fill, stroke) = match piece {
        Piece::Attacker => ("attacker", "#2a2624", "#0e0c0b"),
        Piece::Defender => ("defender", "#f8f4ea", "#6d6356"),
        Piece::King => ("king", "#f8f4ea", "#b8860b"),
    };
    svg.circle(
        cx,
        cy,
        r,
        &format!(
            "class=\"piece {class}\" data-square=\"{sq}\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"{}\"",
            if piece == Piece::King { 3.5 } else { 2.0 }
        ),
    );
    if piece == Piece::King {
        // A crown: three points on a band.
        let w = r * 0.95;
        let (l, t, b) = (cx - w / 2.0, cy - r * 0.42, cy + r * 0.32);
        svg.polygon(
            &[
                (l, b),
                (l, t),
                (l + w * 0.25, cy - r * 0.05),
                (cx, t - r * 0.12),
                (l + w * 0.75, cy - r * 0.05),
                (l + w, t),
                (l + w, b),
            ],
            "class=\"crown\" fill=\"#d4a017\" stroke=\"#8a6508\" stroke-width=\"1.2\"",
        );
    } else {
        let ring = if piece == Piece::Attacker {
            "#5a534e"
        } else {
            "#b9ae9c"
        };
        svg.circle(
            cx,
            cy,
            r * 0.6,
            &format!("class=\"ring\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"1.5\""),
        );
    }
}

/// The officer's letter (C for a commander, N for a knight) over its soldier's disc, in the
/// colour of the other side's pieces so that it reads on either.
fn draw_officer(svg: &mut Svg, officer: Officer, side: Side, sq: Square, cx: f64, cy: f64, s: f64) {
    let (class, letter) = match officer {
        Officer::Commander => ("commander", "C"),
        Officer::Knight => ("knight", "N"),
    };
    let fill = match side {
        Side::Attackers => "#f8f4ea",
        Side::Defenders => "#2a2624",
    };
    svg.text(
        cx,
        cy + s * 0.13,
        letter,
        &format!(
            "class=\"officer {class}\" data-square=\"{sq}\" text-anchor=\"middle\" \
             font-size=\"{:.1}\" font-weight=\"bold\" fill=\"{fill}\"",
            s * 0.38
        ),
    );
}

fn draw_caption(
    svg: &mut Svg,
    position: &Position,
    options: &SvgOptions<'_>,
    width: f64,
    height: f64,
) {
    let y = height - 36.0;
    let side = position.side_to_move();
    let mut first = match position.status() {
        Status::Ongoing => format!("{side} to move"),
        over => over.to_string(),
    };
    if let Some(last) = options.last_move {
        first.push_str(&format!(" · last move {last}"));
    }
    let (fill, stroke) = match side {
        Side::Attackers => ("#2a2624", "#0e0c0b"),
        Side::Defenders => ("#f8f4ea", "#6d6356"),
    };
    // The text is centred; the turn marker stands before it while the game goes on.
    let half = first.chars().count() as f64 * 4.1;
    if position.status() == Status::Ongoing {
        svg.circle(
            width / 2.0 - half - 14.0,
            y - 5.0,
            8.0,
            &format!(
                "class=\"turn\" data-side=\"{side}\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1.5\""
            ),
        );
    }
    svg.text(
        width / 2.0,
        y,
        &first,
        "class=\"caption\" text-anchor=\"middle\" font-size=\"14\" fill=\"#222\"",
    );
    let visited: Vec<String> = position
        .corners_visited()
        .map(|sq| sq.to_string())
        .collect();
    if !visited.is_empty() {
        svg.text(
            width / 2.0,
            y + 20.0,
            &format!("corners visited by the king: {}", visited.join(", ")),
            "class=\"caption\" text-anchor=\"middle\" font-size=\"14\" fill=\"#222\"",
        );
    }
}
