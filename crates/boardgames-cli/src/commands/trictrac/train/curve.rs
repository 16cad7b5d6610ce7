//! The learning curve of `boardgames trictrac train` as an SVG picture in the style of the
//! repository's pictures (docs/pictures.md): the win rate of the network's bot against the
//! heuristic bot at each evaluation, with its 95% Wilson interval, over the parties trained.

use boardgames_common::svg::{Svg, num};

use super::checkpoint::Evaluation;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;

/// A round step for about `target` ticks over `span`.
fn tick_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(1e-9);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&t| t >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// The picture: `title` on top; one point per evaluation (class `point`, with
/// `data-parties`, `data-wins`, `data-games`), joined by a line, each with its interval as a
/// vertical bar (class `interval`); the 50% line dashed; "no data" when there is none.
pub(crate) fn learning_curve(title: &str, evaluations: &[Evaluation]) -> String {
    let mut svg = Svg::new(WIDTH, HEIGHT, title);
    svg.rect(0.0, 0.0, WIDTH, HEIGHT, "fill=\"#ffffff\"");
    svg.text(
        WIDTH / 2.0,
        24.0,
        title,
        "class=\"caption\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\"",
    );
    let (left, right, top, bottom) = (64.0, WIDTH - 20.0, 40.0, HEIGHT - 56.0);
    let axis = "stroke=\"#333\" stroke-width=\"1\"";
    svg.line(left, bottom, right, bottom, axis);
    svg.line(left, top, left, bottom, axis);
    let label = "text-anchor=\"end\" font-size=\"11\" fill=\"#333\"";
    let y_of = |rate: f64| bottom - rate.clamp(0.0, 1.0) * (bottom - top);
    for pct in [0u32, 25, 50, 75, 100] {
        let y = y_of(f64::from(pct) / 100.0);
        svg.line(left - 4.0, y, left, y, axis);
        svg.text(left - 7.0, y + 4.0, &format!("{pct}%"), label);
    }
    svg.line(
        left,
        y_of(0.5),
        right,
        y_of(0.5),
        "stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"5,4\"",
    );
    svg.text(
        (left + right) / 2.0,
        HEIGHT - 14.0,
        "parties of self-play trained",
        "text-anchor=\"middle\" font-size=\"13\" fill=\"#333\"",
    );
    svg.text(
        16.0,
        (top + bottom) / 2.0,
        "won against the heuristic bot",
        &format!(
            "text-anchor=\"middle\" font-size=\"13\" fill=\"#333\" transform=\"rotate(-90 16 {})\"",
            num((top + bottom) / 2.0)
        ),
    );
    if evaluations.is_empty() {
        svg.text(
            (left + right) / 2.0,
            (top + bottom) / 2.0,
            "no data",
            "text-anchor=\"middle\" font-size=\"14\" fill=\"#666\"",
        );
        return svg.finish();
    }
    let last = evaluations
        .iter()
        .map(|e| e.parties)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let x_of = |parties: u64| left + parties as f64 / last * (right - left);
    let step = tick_step(last, 6.0);
    let mut t = 0.0;
    while t <= last + 1e-9 {
        let x = left + t / last * (right - left);
        svg.line(x, bottom, x, bottom + 4.0, axis);
        svg.text(
            x,
            bottom + 17.0,
            &num(t),
            "text-anchor=\"middle\" font-size=\"11\" fill=\"#333\"",
        );
        t += step;
    }
    let points: Vec<String> = evaluations
        .iter()
        .map(|e| {
            let rate = if e.games == 0 {
                0.0
            } else {
                e.wins as f64 / e.games as f64
            };
            format!("{},{}", num(x_of(e.parties)), num(y_of(rate)))
        })
        .collect();
    svg.raw(&format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#4a7ab5\" stroke-width=\"2\"/>\n",
        points.join(" ")
    ));
    for e in evaluations {
        let x = x_of(e.parties);
        svg.line(
            x,
            y_of(e.low),
            x,
            y_of(e.high),
            "class=\"interval\" stroke=\"#4a7ab5\" stroke-opacity=\"0.5\" stroke-width=\"3\"",
        );
        let rate = if e.games == 0 {
            0.0
        } else {
            e.wins as f64 / e.games as f64
        };
        svg.circle(
            x,
            y_of(rate),
            3.5,
            &format!(
                "class=\"point\" data-parties=\"{}\" data-wins=\"{}\" data-games=\"{}\" fill=\"#c0392b\"",
                e.parties, e.wins, e.games
            ),
        );
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_point_per_evaluation() {
        let e = |parties, wins| Evaluation {
            parties,
            wins,
            games: 100,
            low: 0.1,
            high: 0.9,
            seconds: 0.0,
        };
        let svg = learning_curve("t", &[e(0, 20), e(1000, 55), e(2000, 70)]);
        assert_eq!(svg.matches("class=\"point\"").count(), 3);
        assert_eq!(svg.matches("class=\"interval\"").count(), 3);
        assert!(svg.contains("data-parties=\"2000\" data-wins=\"70\" data-games=\"100\""));
        assert!(learning_curve("t", &[]).contains("no data"));
    }
}
