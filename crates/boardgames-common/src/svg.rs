//! A small writer of self-contained SVG pictures (feature `svg`), shared by the pictures of
//! the three games: shapes with classes, escaped text, dice with their pips, arrows, and a
//! histogram of counts (game lengths of a simulation, a self-play match or a tournament).
//!
//! The output is plain SVG 1.1 text with no external reference (no font file, no image, no
//! script), so that it can be written to a file, embedded in an HTML page or shown by any
//! viewer. Numbers are written with at most one decimal.
//!
//! ```
//! use boardgames_common::svg::{Svg, histogram};
//! let mut svg = Svg::new(100.0, 60.0, "Two dice");
//! svg.die(10.0, 10.0, 36.0, 6, "die");
//! svg.die(54.0, 10.0, 36.0, 5, "die");
//! let text = svg.finish();
//! assert!(text.starts_with("<svg "));
//! assert_eq!(text.matches("class=\"pip\"").count(), 11);
//!
//! let plot = histogram("Game lengths", "throws", &[0, 0, 3, 5, 2]);
//! assert_eq!(plot.matches("class=\"bar\"").count(), 3);
//! ```

use std::fmt::Write as _;

/// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and line breaks are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A number with at most one decimal (`12`, `12.5`); non-finite values are written `0`.
#[must_use]
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "0".to_string();
    }
    let text = format!("{x:.1}");
    match text.strip_suffix(".0") {
        Some("-0") => "0".to_string(),
        Some(whole) => whole.to_string(),
        None => text,
    }
}

/// An SVG document being written: shapes are appended in drawing order (later on top).
///
/// Every shape method takes `attrs`, extra attributes written verbatim (such as
/// `class="dame white" data-point="B1"`); they are the caller's and must be well-formed.
/// Text content is escaped.
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document of `width` × `height` user units (also its default size in pixels), with
    /// `title` as its accessible name, the shared styles (`.label`, `.caption`) and an
    /// arrowhead marker (`#arrowhead`) for [`Svg::arrow`].
    #[must_use]
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let (w, h) = (num(width), num(height));
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" \
             height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" \
             font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n<title>{}</title>\n",
            escape(title)
        );
        out.push_str(
            "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
             markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>\n",
        );
        Svg { out }
    }

    /// Appends raw SVG markup (the caller's responsibility to be well-formed).
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {attrs}/>",
            num(x),
            num(y),
            num(width.max(0.0)),
            num(height.max(0.0))
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>",
            num(cx),
            num(cy),
            num(r.max(0.0))
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        let list: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(self.out, "<polygon points=\"{}\" {attrs}/>", list.join(" "));
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {attrs}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    /// An arrow from `(x1, y1)` to `(x2, y2)` with the arrowhead at the end, bent by `bend`
    /// units to the left of its direction (0 for straight); `attrs` give its stroke.
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), bend: f64, attrs: &str) {
        let (x1, y1) = from;
        let (x2, y2) = to;
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (cx, cy) = (mx - dy / len * bend, my + dx / len * bend);
        let _ = writeln!(
            self.out,
            "<path d=\"M{},{} Q{},{} {},{}\" fill=\"none\" marker-end=\"url(#arrowhead)\" \
             {attrs}/>",
            num(x1),
            num(y1),
            num(cx),
            num(cy),
            num(x2),
            num(y2)
        );
    }

    /// Text at `(x, y)` (the baseline; `attrs` may set `text-anchor`, `font-size`, ...).
    pub fn text(&mut self, x: f64, y: f64, text: &str, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" {attrs}>{}</text>",
            num(x),
            num(y),
            escape(text)
        );
    }

    /// A die showing `value` (1 to 6; other values draw a blank die) with its top-left corner
    /// at `(x, y)` and side `size`. The die is a `<g>` with `attrs` and `data-value`; each
    /// pip is a circle of class `pip`.
    pub fn die(&mut self, x: f64, y: f64, size: f64, value: u8, attrs: &str) {
        let _ = writeln!(self.out, "<g {attrs} data-value=\"{value}\">");
        self.rect(
            x,
            y,
            size,
            size,
            &format!(
                "rx=\"{}\" fill=\"#fbfaf5\" stroke=\"#222\" stroke-width=\"1.5\"",
                num(size / 6.0)
            ),
        );
        let q = size / 4.0;
        let (l, c, r) = (x + q, x + 2.0 * q, x + 3.0 * q);
        let (t, m, b) = (y + q, y + 2.0 * q, y + 3.0 * q);
        let pips: &[(f64, f64)] = match value {
            1 => &[(c, m)],
            2 => &[(l, t), (r, b)],
            3 => &[(l, t), (c, m), (r, b)],
            4 => &[(l, t), (r, t), (l, b), (r, b)],
            5 => &[(l, t), (r, t), (c, m), (l, b), (r, b)],
            6 => &[(l, t), (r, t), (l, m), (r, m), (l, b), (r, b)],
            _ => &[],
        };
        for &(px, py) in pips {
            self.circle(px, py, size / 10.0, "class=\"pip\" fill=\"#222\"");
        }
        self.out.push_str("</g>\n");
    }

    /// Closes the document and returns its text.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Width of a [`histogram`] picture.
const PLOT_WIDTH: f64 = 640.0;
/// Height of a [`histogram`] picture.
const PLOT_HEIGHT: f64 = 360.0;

/// A bar chart of `counts`, where `counts[v]` is how often the value `v` occurred (a game
/// length in throws or plies, a score), between the smallest and largest value that
/// occurred: one bar per value, or per bin of consecutive values when there are more than
/// 100 (class `bar`, with `data-value` the first value of the bin, `data-width` the number
/// of values in it and `data-count`; empty bins draw no bar), with axes, ticks, the mean
/// and `x_label` under the horizontal axis. Counts of zero everywhere give an empty frame
/// with the words "no data".
///
/// The work is bounded by the length of `counts`; the picture by 100 bars.
#[must_use]
pub fn histogram(title: &str, x_label: &str, counts: &[u64]) -> String {
    let mut svg = Svg::new(PLOT_WIDTH, PLOT_HEIGHT, title);
    svg.rect(0.0, 0.0, PLOT_WIDTH, PLOT_HEIGHT, "fill=\"#ffffff\"");
    svg.text(
        PLOT_WIDTH / 2.0,
        24.0,
        title,
        "class=\"caption\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\"",
    );
    let (left, right, top, bottom) = (64.0, PLOT_WIDTH - 20.0, 40.0, PLOT_HEIGHT - 56.0);
    let axis = "stroke=\"#333\" stroke-width=\"1\"";
    svg.line(left, bottom, right, bottom, axis);
    svg.line(left, top, left, bottom, axis);
    let first = counts.iter().position(|&c| c > 0);
    let last = counts.iter().rposition(|&c| c > 0);
    let (Some(first), Some(last)) = (first, last) else {
        svg.text(
            (left + right) / 2.0,
            (top + bottom) / 2.0,
            "no data",
            "text-anchor=\"middle\" font-size=\"14\" fill=\"#666\"",
        );
        return svg.finish();
    };
    let total: u64 = counts.iter().sum();
    let weighted: f64 = counts
        .iter()
        .enumerate()
        .map(|(v, &c)| v as f64 * c as f64)
        .sum();
    let mean = weighted / total.max(1) as f64;
    // At most 100 bars: consecutive values are grouped into bins of `bin` values.
    let bin = (last - first) / 100 + 1;
    let bins: Vec<(usize, u64)> = (first..=last)
        .step_by(bin)
        .map(|v| (v, counts[v..(v + bin).min(last + 1)].iter().sum()))
        .collect();
    let max = bins.iter().map(|&(_, c)| c).max().unwrap_or(1).max(1);
    let span = (bins.len() * bin) as f64;
    let step = (right - left) / span;
    let x_of = |v: f64| left + (v - first as f64) * step;
    let y_of = |c: f64| bottom - c / max as f64 * (bottom - top);
    for &(v, c) in &bins {
        if c == 0 {
            continue;
        }
        let y = y_of(c as f64);
        let width = step * bin as f64;
        svg.rect(
            x_of(v as f64) + width * 0.06,
            y,
            width * 0.88,
            bottom - y,
            &format!(
                "class=\"bar\" data-value=\"{v}\" data-width=\"{bin}\" data-count=\"{c}\" \
                 fill=\"#4a7ab5\""
            ),
        );
    }
    // Vertical ticks: 0, half and the maximum count.
    for c in [0, max / 2, max] {
        let y = y_of(c as f64);
        svg.line(left - 4.0, y, left, y, axis);
        svg.text(
            left - 7.0,
            y + 4.0,
            &c.to_string(),
            "text-anchor=\"end\" font-size=\"11\" fill=\"#333\"",
        );
    }
    // Horizontal ticks: about eight round values.
    let raw = span / 8.0;
    let magnitude = 10f64.powf(raw.max(1.0).log10().floor());
    let tick = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&t| t >= raw)
        .unwrap_or(10.0 * magnitude)
        .max(1.0);
    let mut v = (first as f64 / tick).ceil() * tick;
    while v <= last as f64 {
        let x = x_of(v) + step / 2.0;
        svg.line(x, bottom, x, bottom + 4.0, axis);
        svg.text(
            x,
            bottom + 17.0,
            &num(v),
            "text-anchor=\"middle\" font-size=\"11\" fill=\"#333\"",
        );
        v += tick;
    }
    let mx = x_of(mean) + step / 2.0;
    svg.line(
        mx,
        top,
        mx,
        bottom,
        "class=\"mean\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"5,4\"",
    );
    svg.text(
        mx + 5.0,
        top + 12.0,
        &format!("mean {}", num(mean)),
        "font-size=\"12\" fill=\"#c0392b\"",
    );
    svg.text(
        (left + right) / 2.0,
        PLOT_HEIGHT - 14.0,
        &format!("{x_label} ({total} games)"),
        "text-anchor=\"middle\" font-size=\"13\" fill=\"#333\"",
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_one_decimal() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.25), "12.2");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot; ");
    }

    #[test]
    fn histogram_draws_one_bar_per_value_that_occurred() {
        let plot = histogram("t", "throws", &[0, 4, 0, 2, 1]);
        assert_eq!(plot.matches("class=\"bar\"").count(), 3);
        assert!(plot.contains("data-value=\"3\" data-width=\"1\" data-count=\"2\""));
        assert!(plot.contains("(7 games)"));
        assert!(histogram("t", "x", &[0, 0]).contains("no data"));
        // 1000 values in bins of 10: 100 bars that still count every game.
        let wide: Vec<u64> = (0..1000).map(|v| v % 3).collect();
        let plot = histogram("t", "throws", &wide);
        assert_eq!(plot.matches("class=\"bar\"").count(), 100);
        assert!(plot.contains("data-value=\"1\" data-width=\"10\" data-count=\"10\""));
    }
}
