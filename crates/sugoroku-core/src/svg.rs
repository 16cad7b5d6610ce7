//! A Tric Trac Nippon position as an SVG picture (feature `svg`): both camps of twelve
//! points facing each other (a player's point `k` faces the opponent's point `k`, rules
//! page, "Material and board"), the pawns on them, each player's reserve still to place,
//! the enemy pawns he has captured and holds, the phase of each player and the last throw
//! as two dice with the points of its sum marked.
//!
//! Black's camp is drawn on top, White's below, points 1 to 12 from left to right. The
//! reserves lie in the tray at the left of each camp, the captured pawns (in the enemy's
//! colour) in the tray at the right.
//!
//! Elements carry classes and data attributes so that a program (or a test) can read the
//! picture back: every pawn on a point is a `circle` of class `pawn white` or `pawn black`
//! with `data-point="7"`; a pawn in reserve a `rect` of class `reserve white|black`; a
//! captured pawn a `rect` of class `held white|black` (held *by* that player); the phase of
//! each player a `text` of class `phase` with `data-player` and `data-phase` (1 or 2); the
//! dice `g` elements of class `die`; the points of the last sum `rect`s of class `target`.
//!
//! ```
//! use boardgames_common::Throw;
//! use sugoroku_core::{Position, Ruleset};
//! use sugoroku_core::svg::{SvgOptions, render};
//! let mut pos = Position::start();
//! let throw = Throw::from_values(2, 5).unwrap();
//! pos.play_mut(&Ruleset::default(), throw).unwrap();
//! let svg = render(&pos, &SvgOptions { last_throw: Some(throw), ..SvgOptions::default() });
//! assert_eq!(svg.matches("class=\"pawn white\" data-point=\"7\"").count(), 1);
//! assert_eq!(svg.matches("class=\"reserve white\"").count(), 14);
//! ```

use boardgames_common::svg::Svg;
use boardgames_common::{Player, Throw};

use crate::event::{GameEnd, colour};
use crate::position::{Phase, Position};
use crate::setup::POINTS;

/// What to draw besides the position itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgOptions<'a> {
    /// The throw that led to the position, drawn as two dice; the points of its sum are
    /// marked in both camps.
    pub last_throw: Option<Throw>,
    /// A heading written above the board.
    pub title: Option<&'a str>,
    /// A line written under the board (the events of the last throw, for example).
    pub note: Option<&'a str>,
    /// The end of the game, when it is over ([`Position::end`]): nobody is then to throw.
    pub end: Option<GameEnd>,
}

const POINT_W: f64 = 50.0;
const POINT_H: f64 = 170.0;
const BANDE_W: f64 = 28.0;
const RIM: f64 = 18.0;
const FIELD_H: f64 = 400.0;
const PAWN_R: f64 = 21.0;
const TRAY_W: f64 = 58.0;
const LABEL_ROW: f64 = 22.0;

const LEFT_TRAY_X: f64 = 16.0;
const FRAME_X: f64 = LEFT_TRAY_X + TRAY_W + 10.0;
const FIELD_X: f64 = FRAME_X + RIM;
const FIELD_W: f64 = 12.0 * POINT_W + BANDE_W;
const FRAME_W: f64 = FIELD_W + 2.0 * RIM;
const RIGHT_TRAY_X: f64 = FRAME_X + FRAME_W + 10.0;
const WIDTH: f64 = RIGHT_TRAY_X + TRAY_W + 110.0;

const WHITE: (&str, &str) = ("#f6f1e3", "#6d6356");
const BLACK: (&str, &str) = ("#262321", "#9a948c");

fn paint(player: Player) -> (&'static str, &'static str) {
    match player {
        Player::First => WHITE,
        Player::Second => BLACK,
    }
}

fn class_of(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

fn column_x(point: u8) -> f64 {
    let k = f64::from(point.clamp(1, 12) - 1);
    let bande = if point >= 7 { BANDE_W } else { 0.0 };
    FIELD_X + k * POINT_W + POINT_W / 2.0 + bande
}

#[derive(Clone, Copy)]
struct Layout {
    field_top: f64,
}

impl Layout {
    fn field_bottom(self) -> f64 {
        self.field_top + FIELD_H
    }
    /// The edge of `player`'s camp, and the direction towards the middle (+1 down, -1 up).
    fn camp_edge(self, player: Player) -> (f64, f64) {
        match player {
            Player::Second => (self.field_top, 1.0),
            Player::First => (self.field_bottom(), -1.0),
        }
    }
}

/// Draws `position` as a self-contained SVG document, with what `options` add. See the
/// [module docs](self) for what is drawn and the classes.
///
/// The work is bounded: 30 pawns, 24 points.
#[must_use]
pub fn render(position: &Position, options: &SvgOptions<'_>) -> String {
    let heading = if options.title.is_some() { 30.0 } else { 0.0 };
    let frame_y = heading + LABEL_ROW;
    let layout = Layout {
        field_top: frame_y + RIM,
    };
    let frame_bottom = layout.field_bottom() + RIM;
    let height = frame_bottom + LABEL_ROW + 64.0;
    let mut svg = Svg::new(
        WIDTH,
        height,
        options.title.unwrap_or("Tric Trac Nippon position"),
    );
    svg.rect(0.0, 0.0, WIDTH, height, "fill=\"#f4efe4\"");
    if let Some(t) = options.title {
        svg.text(
            WIDTH / 2.0,
            21.0,
            t,
            "class=\"caption\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" \
             fill=\"#333\"",
        );
    }
    svg.rect(
        FRAME_X,
        frame_y,
        FRAME_W,
        frame_bottom - frame_y,
        "rx=\"8\" fill=\"#5b3a21\" stroke=\"#2e1d10\" stroke-width=\"2\"",
    );
    svg.rect(
        FIELD_X,
        layout.field_top,
        FIELD_W,
        FIELD_H,
        "fill=\"#b5533c\" stroke=\"#2e1d10\" stroke-width=\"1.5\"",
    );
    svg.rect(
        FIELD_X + 6.0 * POINT_W,
        layout.field_top,
        BANDE_W,
        FIELD_H,
        "fill=\"#5b3a21\"",
    );
    let target = options.last_throw.map(Throw::sum);
    for player in Player::ALL {
        draw_camp(&mut svg, layout, position, player, target);
    }
    // Point numbers outside the frame, above Black's camp and below White's.
    for k in 1..=POINTS as u8 {
        for y in [frame_y - 6.0, frame_bottom + 16.0] {
            svg.text(
                column_x(k),
                y,
                &k.to_string(),
                "class=\"label\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\"",
            );
        }
    }
    for player in Player::ALL {
        draw_trays(&mut svg, layout, position, player);
    }
    draw_side_panel(&mut svg, layout, position, options);
    draw_caption(&mut svg, frame_bottom + LABEL_ROW + 20.0, position, options);
    svg.finish()
}

fn draw_camp(
    svg: &mut Svg,
    layout: Layout,
    position: &Position,
    player: Player,
    target: Option<u8>,
) {
    let (edge, dir) = layout.camp_edge(player);
    let (fill, stroke) = paint(player);
    let class = class_of(player);
    for k in 1..=POINTS as u8 {
        let x = column_x(k);
        if target == Some(k) {
            let y = if dir > 0.0 {
                edge
            } else {
                edge - POINT_H - 14.0
            };
            svg.rect(
                x - POINT_W / 2.0,
                y,
                POINT_W,
                POINT_H + 14.0,
                &format!(
                    "class=\"target\" data-player=\"{class}\" data-point=\"{k}\" \
                     fill=\"#f5d547\" opacity=\"0.35\""
                ),
            );
        }
        let dark = (k + u8::from(player == Player::Second)) % 2 == 0;
        let shade = if dark { "#2d4a3e" } else { "#efe2c0" };
        svg.polygon(
            &[
                (x - POINT_W / 2.0 + 1.0, edge),
                (x + POINT_W / 2.0 - 1.0, edge),
                (x, edge + dir * POINT_H),
            ],
            &format!(
                "class=\"point\" data-player=\"{class}\" data-point=\"{k}\" fill=\"{shade}\" \
                 stroke=\"#2e1d10\" stroke-width=\"0.6\""
            ),
        );
        let n = position.pawns(player, k);
        let room = FIELD_H / 2.0 - 12.0 - 2.0 * PAWN_R;
        let step = if n <= 1 {
            0.0
        } else {
            (room / f64::from(n - 1)).min(2.0 * PAWN_R)
        };
        for i in 0..n {
            let y = edge + dir * (PAWN_R + 2.0 + f64::from(i) * step);
            svg.circle(
                x,
                y,
                PAWN_R,
                &format!(
                    "class=\"pawn {class}\" data-point=\"{k}\" fill=\"{fill}\" \
                     stroke=\"{stroke}\" stroke-width=\"1.5\""
                ),
            );
        }
        if n > 5 {
            let y = edge + dir * (PAWN_R + 2.0 + f64::from(n - 1) * step) + 6.0;
            let ink = if player == Player::First {
                "#222"
            } else {
                "#f4f4f4"
            };
            svg.text(
                x,
                y,
                &n.to_string(),
                &format!(
                    "class=\"count\" text-anchor=\"middle\" font-size=\"16\" \
                     font-weight=\"bold\" fill=\"{ink}\""
                ),
            );
        }
    }
}

/// The reserve (left) and the captured pawns held (right) of `player`, in his half.
fn draw_trays(svg: &mut Svg, layout: Layout, position: &Position, player: Player) {
    let (edge, dir) = layout.camp_edge(player);
    let half_top = if dir > 0.0 {
        edge
    } else {
        edge - FIELD_H / 2.0
    };
    for (x, label) in [(LEFT_TRAY_X, "reserve"), (RIGHT_TRAY_X, "captured")] {
        svg.rect(
            x,
            half_top + 4.0,
            TRAY_W,
            FIELD_H / 2.0 - 8.0,
            "class=\"tray\" rx=\"4\" fill=\"#5b3a21\" stroke=\"#2e1d10\" stroke-width=\"1.5\"",
        );
        let y = if dir > 0.0 {
            half_top + FIELD_H / 2.0 - 12.0
        } else {
            half_top + 20.0
        };
        svg.text(
            x + TRAY_W / 2.0,
            y,
            label,
            "class=\"label\" text-anchor=\"middle\" font-size=\"10\" fill=\"#e8e0c8\"",
        );
    }
    let class = class_of(player);
    let slot =
        |i: u8| edge + dir * (10.0 + f64::from(i) * 10.0) - if dir < 0.0 { 8.0 } else { 0.0 };
    let (fill, stroke) = paint(player);
    for i in 0..position.reserve(player) {
        svg.rect(
            LEFT_TRAY_X + 7.0,
            slot(i),
            TRAY_W - 14.0,
            8.0,
            &format!(
                "class=\"reserve {class}\" rx=\"2\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1\""
            ),
        );
    }
    let (fill, stroke) = paint(player.other());
    for i in 0..position.held(player) {
        svg.rect(
            RIGHT_TRAY_X + 7.0,
            slot(i),
            TRAY_W - 14.0,
            8.0,
            &format!(
                "class=\"held {class}\" rx=\"2\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1\""
            ),
        );
    }
}

fn phase_text(position: &Position, player: Player) -> (u8, String) {
    match position.phase(player) {
        Phase::Placing => (1, "phase 1, placing".to_string()),
        Phase::Taking => (2, "phase 2, taking".to_string()),
    }
}

/// The phases, the side to throw and the dice of the last throw, right of the trays.
fn draw_side_panel(svg: &mut Svg, layout: Layout, position: &Position, options: &SvgOptions<'_>) {
    let x = RIGHT_TRAY_X + TRAY_W + 55.0;
    for player in Player::ALL {
        let (edge, dir) = layout.camp_edge(player);
        let (number, text) = phase_text(position, player);
        let y = edge + dir * 30.0 + 5.0;
        svg.text(
            x,
            y,
            colour(player),
            "text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" fill=\"#333\"",
        );
        svg.text(
            x,
            y + 16.0,
            &text,
            &format!(
                "class=\"phase\" data-player=\"{}\" data-phase=\"{number}\" \
                 text-anchor=\"middle\" font-size=\"11\" fill=\"#333\"",
                class_of(player)
            ),
        );
    }
    let mid = layout.field_top + FIELD_H / 2.0;
    if let Some(t) = options.last_throw {
        svg.die(x - 38.0, mid - 18.0, 36.0, t.high().get(), "class=\"die\"");
        svg.die(x + 2.0, mid - 18.0, 36.0, t.low().get(), "class=\"die\"");
    }
    if options.end.is_some() {
        return;
    }
    let side = position.side();
    let (fill, stroke) = paint(side);
    let (edge, dir) = layout.camp_edge(side);
    let y = edge + dir * 100.0;
    svg.circle(
        x,
        y,
        11.0,
        &format!(
            "class=\"turn\" data-player=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"1.5\"",
            class_of(side)
        ),
    );
    svg.text(
        x,
        y + 26.0,
        "to throw",
        "class=\"label\" text-anchor=\"middle\" font-size=\"11\" fill=\"#444\"",
    );
}

fn draw_caption(svg: &mut Svg, y: f64, position: &Position, options: &SvgOptions<'_>) {
    let parts: Vec<String> = Player::ALL
        .into_iter()
        .map(|p| {
            format!(
                "{}: {} on the board, {} to place, {} captured",
                colour(p),
                position.on_board(p),
                position.reserve(p),
                position.held(p)
            )
        })
        .collect();
    let mut first = format!("throw {} · {}", position.throws(), parts.join(" · "));
    if let Some(t) = options.last_throw {
        first = format!("last throw {t} (sum {}) · {first}", t.sum());
    }
    if let Some(end) = options.end {
        first = format!("{end} · {first}");
    }
    svg.text(
        LEFT_TRAY_X,
        y,
        &first,
        "class=\"caption\" font-size=\"13\" fill=\"#222\"",
    );
    if let Some(note) = options.note {
        svg.text(
            LEFT_TRAY_X,
            y + 20.0,
            note,
            "class=\"caption note\" font-size=\"13\" fill=\"#333\"",
        );
    }
}
