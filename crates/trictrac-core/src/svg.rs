//! The trictrac board as an SVG picture (feature `svg`): the tablier with its 24 flèches in
//! two colours, the labels `B1..B12` / `N1..N12`, the dames on their points, the dames borne
//! off beside the bande, the jetons and the fichets of both players, the bredouille, the
//! pavillon, whose turn it is, the last throw as two dice and, optionally, arrows for a play.
//!
//! The layout follows the text [`diagram`](crate::diagram()) and the rules page ("Board,
//! labels, paths"): Black's row `N1..N12` on top, White's row `B1..B12` below, each point
//! facing its counterpart, the talons at the left, the coins de repos at the right, the bande
//! between the petit-jan table (points 1-6) and the grand-jan table (points 7-12). The marks
//! are drawn as on a real trictrac: each player's twelve holes (*trous*) run along his rim
//! of the frame with a fichet in each trou won, and his jeton stands on the rim by the flèche
//! numbered like his points (two jetons side by side when he marks with the double jeton,
//! *la bredouille*).
//!
//! Elements carry classes and data attributes so that a program (or a test) can read the
//! picture back: every dame is a `circle` of class `dame white` or `dame black` with
//! `data-point="B1"` (`data-point="off"` for a dame borne off, then a `rect`), every fichet
//! a `circle` of class `fichet white|black`, every jeton of class `jeton white|black`, the
//! pavillon a `g` of class `pavillon` with `data-holder`, the dice `g` elements of class
//! `die` with `data-value`, the arrows `path` elements of class `arrow` with `data-move`,
//! and the side to move a `circle` of class `turn` with `data-colour`.
//!
//! ```
//! use trictrac_core::Position;
//! use trictrac_core::svg::{SvgOptions, render};
//! let svg = render(&Position::start(), &SvgOptions::default());
//! assert_eq!(svg.matches("class=\"dame white\" data-point=\"B1\"").count(), 15);
//! assert_eq!(svg.matches("class=\"dame black\" data-point=\"N1\"").count(), 15);
//! ```

use boardgames_common::Throw;
use boardgames_common::svg::Svg;

use crate::board::Colour;
use crate::board::Position;
use crate::board::{Dest, Point, Row};
use crate::movement::Play;

/// What to draw besides the position itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgOptions<'a> {
    /// The last throw (of the side to move, before his play), drawn as two dice.
    pub throw: Option<Throw>,
    /// A play of the side to move from this position, drawn as one arrow per move.
    pub play: Option<&'a Play>,
    /// The holder of the pavillon (partie ordinaire with the pavillon; the position notation
    /// does not hold it).
    pub pavillon: Option<Colour>,
    /// A heading written above the board.
    pub title: Option<&'a str>,
}

/// Width of a flèche's base.
const POINT_W: f64 = 52.0;
/// Length of a flèche.
const POINT_H: f64 = 178.0;
/// Width of the bande between the two tables.
const BANDE_W: f64 = 36.0;
/// Left edge of the frame.
const FRAME_X: f64 = 16.0;
/// Width of the frame's rims left and right of the field.
const RIM_SIDE: f64 = 24.0;
/// Height of the frame's rims above and below the field (the holes and jetons).
const RIM: f64 = 42.0;
/// Height of the label row above the frame (and of the heading above it, when present).
const LABEL_ROW: f64 = 22.0;
/// Height of the field (both halves).
const FIELD_H: f64 = 420.0;
/// Radius of a dame.
const DAME_R: f64 = 23.0;
/// Width of the tray of the dames borne off.
const TRAY_W: f64 = 58.0;
/// Width of the whole picture.
const WIDTH: f64 = 900.0;

const FIELD_X: f64 = FRAME_X + RIM_SIDE;
const FIELD_W: f64 = 12.0 * POINT_W + BANDE_W;
const FRAME_W: f64 = FIELD_W + 2.0 * RIM_SIDE;
const TRAY_X: f64 = FRAME_X + FRAME_W + 12.0;

const WHITE_FILL: &str = "#f6f1e3";
const BLACK_FILL: &str = "#262321";

/// Where things are, given the height taken by the heading.
#[derive(Clone, Copy)]
struct Layout {
    frame_y: f64,
}

impl Layout {
    fn field_top(self) -> f64 {
        self.frame_y + RIM
    }
    fn field_bottom(self) -> f64 {
        self.field_top() + FIELD_H
    }
    fn frame_bottom(self) -> f64 {
        self.field_bottom() + RIM
    }
    fn mid(self) -> f64 {
        self.field_top() + FIELD_H / 2.0
    }
}

/// The horizontal centre of the flèches numbered `number` (1..=12) of either row.
fn column_x(number: u8) -> f64 {
    let k = f64::from(number.clamp(1, 12) - 1);
    let bande = if number >= 7 { BANDE_W } else { 0.0 };
    FIELD_X + k * POINT_W + POINT_W / 2.0 + bande
}

/// The spacing of a stack of `n` dames along a flèche: touching up to five, then squeezed
/// into the half of the field.
fn spacing(n: u8) -> f64 {
    let room = FIELD_H / 2.0 - 10.0 - 2.0 * DAME_R;
    if n <= 1 {
        2.0 * DAME_R
    } else {
        (room / f64::from(n - 1)).min(2.0 * DAME_R)
    }
}

/// The centre of the `i`-th dame (from 0, from the rim) of a stack of `n` on `point`.
fn dame_centre(layout: Layout, point: Point, i: u8, n: u8) -> (f64, f64) {
    let x = column_x(point.number());
    let d = DAME_R + 2.0 + f64::from(i) * spacing(n.max(i + 1));
    match point.row() {
        Row::N => (x, layout.field_top() + d),
        Row::B => (x, layout.field_bottom() - d),
    }
}

fn colour_class(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn fill_of(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::White => (WHITE_FILL, "#6d6356"),
        Colour::Black => (BLACK_FILL, "#9a948c"),
    }
}

/// The row where `colour` keeps his marks (his own row: White's `B`).
fn home_row(colour: Colour) -> Row {
    match colour {
        Colour::White => Row::B,
        Colour::Black => Row::N,
    }
}

/// Draws `position` as a self-contained SVG document (900 pixels wide), with what
/// `options` add. See the [module docs](self) for what is drawn and the classes.
///
/// The work is bounded: 30 dames, 24 holes a side, two moves.
#[must_use]
pub fn render(position: &Position, options: &SvgOptions<'_>) -> String {
    let heading = if options.title.is_some() { 28.0 } else { 0.0 };
    let layout = Layout {
        frame_y: heading + LABEL_ROW,
    };
    let height = layout.frame_bottom() + LABEL_ROW + 52.0;
    let title = options.title.unwrap_or("Trictrac position");
    let mut svg = Svg::new(WIDTH, height, title);
    svg.rect(0.0, 0.0, WIDTH, height, "fill=\"#f4efe4\"");
    if let Some(t) = options.title {
        svg.text(
            WIDTH / 2.0,
            20.0,
            t,
            "class=\"caption\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" \
             fill=\"#333\"",
        );
    }
    draw_tablier(&mut svg, layout);
    draw_labels(&mut svg, layout);
    for colour in Colour::ALL {
        draw_marks(&mut svg, layout, position, colour, options.pavillon);
    }
    draw_dames(&mut svg, layout, position);
    draw_tray(&mut svg, layout, position);
    draw_turn(&mut svg, layout, position.side_to_move(), options.throw);
    if let Some(play) = options.play {
        draw_play(&mut svg, layout, position, play);
    }
    draw_caption(&mut svg, layout, position, options);
    svg.finish()
}

fn draw_tablier(svg: &mut Svg, layout: Layout) {
    // The frame (wood), the field (cloth) and the bande.
    svg.rect(
        FRAME_X,
        layout.frame_y,
        FRAME_W,
        layout.frame_bottom() - layout.frame_y,
        "rx=\"8\" fill=\"#6b4226\" stroke=\"#3e2514\" stroke-width=\"2\"",
    );
    svg.rect(
        FIELD_X,
        layout.field_top(),
        FIELD_W,
        FIELD_H,
        "fill=\"#2f5e3c\" stroke=\"#3e2514\" stroke-width=\"1.5\"",
    );
    svg.rect(
        FIELD_X + 6.0 * POINT_W,
        layout.field_top(),
        BANDE_W,
        FIELD_H,
        "class=\"bande\" fill=\"#6b4226\" stroke=\"#3e2514\" stroke-width=\"1\"",
    );
    for row in [Row::N, Row::B] {
        for number in 1..=12u8 {
            let Some(point) = Point::new(row, number) else {
                continue;
            };
            let x = column_x(number);
            let (base, tip) = match row {
                Row::N => (layout.field_top(), layout.field_top() + POINT_H),
                Row::B => (layout.field_bottom(), layout.field_bottom() - POINT_H),
            };
            // Alternate colours along a row; facing flèches differ.
            let dark = (number + u8::from(row == Row::N)) % 2 == 0;
            let fill = if dark { "#8c2a1c" } else { "#e6d6ae" };
            svg.polygon(
                &[
                    (x - POINT_W / 2.0 + 1.0, base),
                    (x + POINT_W / 2.0 - 1.0, base),
                    (x, tip),
                ],
                &format!(
                    "class=\"fleche {}\" data-point=\"{point}\" fill=\"{fill}\" \
                     stroke=\"#1d2e20\" stroke-width=\"0.6\"",
                    if dark { "dark" } else { "light" }
                ),
            );
        }
    }
}

fn draw_labels(svg: &mut Svg, layout: Layout) {
    for number in 1..=12u8 {
        let x = column_x(number);
        for (row, y) in [
            (Row::N, layout.frame_y - 6.0),
            (Row::B, layout.frame_bottom() + 16.0),
        ] {
            if let Some(point) = Point::new(row, number) {
                svg.text(
                    x,
                    y,
                    &point.to_string(),
                    "class=\"label\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\"",
                );
            }
        }
    }
}

/// The holes with the fichets, the jetons and the pavillon on `colour`'s rim.
fn draw_marks(
    svg: &mut Svg,
    layout: Layout,
    position: &Position,
    colour: Colour,
    pavillon: Option<Colour>,
) {
    let marks = position.marks(colour);
    let other = position.marks(colour.other());
    let row = home_row(colour);
    let (hole_y, jeton_y) = match row {
        Row::N => (layout.frame_y + 11.0, layout.frame_y + 29.0),
        Row::B => (layout.frame_bottom() - 11.0, layout.frame_bottom() - 29.0),
    };
    let (fill, _) = fill_of(colour);
    let class = colour_class(colour);
    for hole in 1..=12u8 {
        let x = column_x(hole);
        if hole <= marks.trous {
            svg.circle(
                x,
                hole_y,
                5.5,
                &format!(
                    "class=\"fichet {class}\" data-trou=\"{hole}\" fill=\"{fill}\" \
                     stroke=\"#c9a227\" stroke-width=\"1.5\""
                ),
            );
        } else {
            svg.circle(x, hole_y, 3.5, "class=\"hole\" fill=\"#24140a\"");
        }
    }
    if marks.trous > 12 {
        svg.text(
            FRAME_X + FRAME_W - 6.0,
            hole_y + 4.0,
            &format!("{} trous", marks.trous),
            "text-anchor=\"end\" font-size=\"11\" fill=\"#fff\"",
        );
    }
    if marks.points > 0 {
        let x = column_x(marks.points.min(12));
        let double = marks.bredouille && other.points > 0;
        let offsets: &[f64] = if double { &[-8.0, 8.0] } else { &[0.0] };
        for dx in offsets {
            svg.circle(
                x + dx,
                jeton_y,
                8.0,
                &format!(
                    "class=\"jeton {class}\" data-points=\"{}\" fill=\"{fill}\" \
                     stroke=\"#c9a227\" stroke-width=\"2\"",
                    marks.points
                ),
            );
        }
    }
    if pavillon == Some(colour) {
        let x = FRAME_X + RIM_SIDE / 2.0 - 2.0;
        let (pole_top, pole_bottom) = (jeton_y - 14.0, jeton_y + 12.0);
        svg.raw(&format!(
            "<g class=\"pavillon\" data-holder=\"{class}\">\
             <line x1=\"{x}\" y1=\"{pole_top}\" x2=\"{x}\" y2=\"{pole_bottom}\" \
             stroke=\"#e8e0c8\" stroke-width=\"2\"/>\
             <polygon points=\"{x},{pole_top} {},{} {x},{}\" fill=\"#c0392b\"/></g>\n",
            x + 14.0,
            pole_top + 5.0,
            pole_top + 10.0
        ));
    }
}

fn draw_dame(svg: &mut Svg, (x, y): (f64, f64), colour: Colour, point: &str) {
    let (fill, stroke) = fill_of(colour);
    svg.circle(
        x,
        y,
        DAME_R,
        &format!(
            "class=\"dame {}\" data-point=\"{point}\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\"",
            colour_class(colour)
        ),
    );
    svg.circle(
        x,
        y,
        DAME_R * 0.62,
        &format!("class=\"ring\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"1\""),
    );
}

fn draw_dames(svg: &mut Svg, layout: Layout, position: &Position) {
    let board = position.board();
    for point in Point::ALL {
        let Some((colour, n)) = board.occupant(point) else {
            continue;
        };
        let label = point.to_string();
        for i in 0..n {
            draw_dame(svg, dame_centre(layout, point, i, n), colour, &label);
        }
        if n > 5 {
            let (x, y) = dame_centre(layout, point, n - 1, n);
            let ink = match colour {
                Colour::White => "#222",
                Colour::Black => "#f4f4f4",
            };
            svg.text(
                x,
                y + 6.0,
                &n.to_string(),
                &format!(
                    "class=\"count\" data-point=\"{label}\" text-anchor=\"middle\" \
                     font-size=\"17\" font-weight=\"bold\" fill=\"{ink}\""
                ),
            );
        }
    }
}

fn draw_tray(svg: &mut Svg, layout: Layout, position: &Position) {
    svg.rect(
        TRAY_X,
        layout.field_top(),
        TRAY_W,
        FIELD_H,
        "class=\"tray\" rx=\"4\" fill=\"#6b4226\" stroke=\"#3e2514\" stroke-width=\"1.5\"",
    );
    svg.text(
        TRAY_X + TRAY_W / 2.0,
        layout.mid() + 4.0,
        "off",
        "class=\"label\" text-anchor=\"middle\" font-size=\"12\" fill=\"#e8e0c8\"",
    );
    for colour in Colour::ALL {
        let (fill, stroke) = fill_of(colour);
        let off = position.board().off(colour);
        for i in 0..off {
            let d = 6.0 + f64::from(i) * 12.0;
            // Each player's dames borne off lie on his own half of the tray.
            let y = match home_row(colour) {
                Row::B => layout.field_bottom() - d - 10.0,
                Row::N => layout.field_top() + d,
            };
            svg.rect(
                TRAY_X + 6.0,
                y,
                TRAY_W - 12.0,
                10.0,
                &format!(
                    "class=\"dame {}\" data-point=\"off\" rx=\"2\" fill=\"{fill}\" \
                     stroke=\"{stroke}\" stroke-width=\"1\"",
                    colour_class(colour)
                ),
            );
        }
    }
}

fn draw_turn(svg: &mut Svg, layout: Layout, mover: Colour, throw: Option<Throw>) {
    let x = TRAY_X + TRAY_W + 46.0;
    let y = match home_row(mover) {
        Row::N => layout.field_top() + FIELD_H / 4.0,
        Row::B => layout.field_bottom() - FIELD_H / 4.0,
    };
    let (fill, stroke) = fill_of(mover);
    svg.circle(
        x,
        y - 40.0,
        12.0,
        &format!(
            "class=\"turn\" data-colour=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\"",
            colour_class(mover)
        ),
    );
    svg.text(
        x,
        y - 18.0,
        "to move",
        "class=\"label\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\"",
    );
    if let Some(t) = throw {
        svg.die(x - 38.0, y - 4.0, 36.0, t.high().get(), "class=\"die\"");
        svg.die(x + 2.0, y - 4.0, 36.0, t.low().get(), "class=\"die\"");
    }
}

/// The point where a dame moved to `dest` by `mover` is drawn (the top of its new stack).
fn target(layout: Layout, mover: Colour, dest: Dest, counts: &[u8; 24], off: u8) -> (f64, f64) {
    match dest {
        Dest::Point(p) => {
            let n = counts[p.index()];
            dame_centre(layout, p, n, n + 1)
        }
        Dest::Off => {
            let d = 6.0 + f64::from(off) * 12.0 + 5.0;
            let y = match mover {
                Colour::White => layout.field_bottom() - d - 10.0,
                Colour::Black => layout.field_top() + d,
            };
            (TRAY_X + TRAY_W / 2.0, y)
        }
    }
}

fn draw_play(svg: &mut Svg, layout: Layout, position: &Position, play: &Play) {
    let mover = position.side_to_move();
    let mut counts = [0u8; 24];
    for p in Point::ALL {
        counts[p.index()] = position.board().count(mover, p);
    }
    let mut off = position.board().off(mover);
    for m in play.moves() {
        let n = counts[m.from.index()];
        let from = dame_centre(layout, m.from, n.saturating_sub(1), n.max(1));
        counts[m.from.index()] = n.saturating_sub(1);
        let to = target(layout, mover, m.to, &counts, off);
        match m.to {
            Dest::Point(p) => counts[p.index()] = counts[p.index()].saturating_add(1),
            Dest::Off => off = off.saturating_add(1),
        }
        // Bend the arrow towards the middle of the board, away from the stacks.
        let mid = layout.mid();
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let bend = 40.0f64.min(len / 3.0);
        let control_y = (from.1 + to.1) / 2.0 + dx / len * bend;
        let toward_mid = (control_y - mid).abs() < ((from.1 + to.1) / 2.0 - mid).abs();
        svg.arrow(
            from,
            to,
            if toward_mid { bend } else { -bend },
            &format!(
                "class=\"arrow\" data-move=\"{m}\" stroke=\"#f39c12\" stroke-width=\"5\" \
                 stroke-linecap=\"round\" opacity=\"0.9\""
            ),
        );
    }
}

fn draw_caption(svg: &mut Svg, layout: Layout, position: &Position, options: &SvgOptions<'_>) {
    let y = layout.frame_bottom() + LABEL_ROW + 20.0;
    let mover = position.side_to_move();
    let mut first = format!("{mover} to move");
    if let Some(t) = options.throw {
        first.push_str(&format!(", throw {t} ({})", t.name()));
    }
    if let Some(play) = options.play {
        first.push_str(&format!(", play {play}"));
    }
    svg.text(
        FRAME_X,
        y,
        &first,
        "class=\"caption\" font-size=\"14\" fill=\"#222\"",
    );
    let marks: Vec<String> = Colour::ALL
        .into_iter()
        .map(|c| {
            let m = position.marks(c);
            let trous = if m.trous == 1 { "trou" } else { "trous" };
            let bredouille = if m.bredouille { " en bredouille" } else { "" };
            format!("{c}: {} points{bredouille}, {} {trous}", m.points, m.trous)
        })
        .collect();
    let mut second = marks.join(" · ");
    if let Some(holder) = options.pavillon {
        second.push_str(&format!(" · pavillon: {holder}"));
    }
    let off: Vec<String> = Colour::ALL
        .into_iter()
        .filter(|&c| position.board().off(c) > 0)
        .map(|c| format!("{c} {} off", position.board().off(c)))
        .collect();
    if !off.is_empty() {
        second.push_str(&format!(" · {}", off.join(", ")));
    }
    svg.text(
        FRAME_X,
        y + 20.0,
        &second,
        "class=\"caption\" font-size=\"13\" fill=\"#333\"",
    );
}
