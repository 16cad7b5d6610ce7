//! The replay page: one self-contained HTML file (no network, no external script, style or
//! font) that steps through a record of any of the three games with the board as SVG.
//!
//! Buttons and the arrow keys go to the previous / next step (Home and End to the first and
//! last); the move list shows the current action highlighted and any entry can be clicked;
//! for trictrac each step lists the throw, its events and the marks. The page opens at the
//! step named in its URL fragment (`game.html#12` is the position after the twelfth action,
//! `#0` the start), and keeps the fragment up to date, so that a link points at a position.
//!
//! The pictures of consecutive steps share most of their lines (the board, the labels, the
//! pieces that did not move): the page stores each distinct line once and every step as a
//! list of line numbers, which keeps the page of a whole trictrac partie (about a thousand
//! actions) under a megabyte.

mod frames;

use std::collections::HashMap;
use std::fmt::Write as _;

use boardgames_common::Record;
use boardgames_common::svg::escape;
use serde_json::{Value, json};

pub use frames::{Frame, Frames, PageError, frames};

/// The replay page of `record` (see the [module docs](self)).
///
/// # Errors
/// [`PageError`] when the record does not replay (see [`frames()`]): no page is made for a
/// broken record.
pub fn replay_page(record: &Record) -> Result<String, PageError> {
    Ok(page(&frames(record)?))
}

/// The page of a record's frames (already replayed).
#[must_use]
pub fn page(replay: &Frames) -> String {
    let mut lines: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let steps: Vec<Value> = replay
        .frames
        .iter()
        .map(|step| {
            let ids: Vec<usize> = step
                .svg
                .lines()
                .map(|line| {
                    *index.entry(line).or_insert_with(|| {
                        lines.push(line);
                        lines.len() - 1
                    })
                })
                .collect();
            json!({
                "a": step.action,
                "who": step.actor,
                "d": step.details,
                "s": ids,
            })
        })
        .collect();
    let data = json!({
        "game": replay.game,
        "result": replay.result,
        "lines": lines,
        "steps": steps,
    });
    // `</` would end the script element early; `<\/` is the same JSON string.
    let data = data.to_string().replace("</", "<\\/");
    let title = page_title(replay);
    let mut tags = String::new();
    for (k, v) in &replay.tags {
        let _ = write!(
            tags,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(k),
            escape(v)
        );
    }
    TEMPLATE
        .replace("{{TITLE}}", &escape(&title))
        .replace("{{TAGS}}", &tags)
        .replace("{{RESULT}}", &escape(&replay.result))
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{DATA}}", &data)
}

fn page_title(replay: &Frames) -> String {
    let tag = |name: &str| {
        replay
            .tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let mut title = replay.game.to_string();
    if let Some(v) = tag("Variant") {
        title.push_str(&format!(" ({v})"));
    }
    if let Some(seed) = tag("Seed") {
        title.push_str(&format!(", seed {seed}"));
    }
    title
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>{{STYLE}}</style>
</head>
<body>
<header><h1>{{TITLE}}</h1><p class="result">Result: {{RESULT}}</p></header>
<main>
<section id="board" aria-live="polite"></section>
<aside>
<nav class="controls">
<button id="first" title="First (Home)">&laquo;</button>
<button id="prev" title="Previous (left arrow)">&#x25C0;</button>
<span id="counter"></span>
<button id="next" title="Next (right arrow)">&#x25B6;</button>
<button id="last" title="Last (End)">&raquo;</button>
</nav>
<div id="step"><p id="action"></p><ul id="details"></ul></div>
<ol id="moves"></ol>
<details><summary>Tags</summary><table class="tags">{{TAGS}}</table></details>
</aside>
</main>
<script type="application/json" id="data">{{DATA}}</script>
<script>{{SCRIPT}}</script>
</body>
</html>
"##;

const STYLE: &str = r##"
body { margin: 0; font-family: "DejaVu Sans", Verdana, Arial, sans-serif; background: #f4efe4; color: #222; }
header { padding: 8px 16px; border-bottom: 1px solid #d8cdb5; }
h1 { font-size: 20px; margin: 4px 0; }
.result { margin: 2px 0; color: #555; }
main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; }
#board { flex: 0 1 auto; min-width: 0; }
#board svg { max-width: 100%; height: auto; display: block; }
aside { flex: 1 1 300px; min-width: 260px; max-width: 420px; }
.controls { display: flex; align-items: center; gap: 6px; margin-bottom: 8px; }
.controls button { font-size: 18px; padding: 4px 10px; border: 1px solid #8b6b3d; border-radius: 4px; background: #fffaf0; cursor: pointer; }
.controls button:disabled { opacity: 0.4; cursor: default; }
#counter { min-width: 90px; text-align: center; font-variant-numeric: tabular-nums; }
#step { background: #fffaf0; border: 1px solid #d8cdb5; border-radius: 4px; padding: 6px 10px; min-height: 60px; }
#action { font-weight: bold; margin: 4px 0; }
#details { margin: 4px 0; padding-left: 18px; font-size: 14px; }
#moves { max-height: 420px; overflow-y: auto; font-size: 14px; border: 1px solid #d8cdb5; border-radius: 4px; background: #fff; margin: 10px 0; padding: 4px 4px 4px 48px; }
#moves li { cursor: pointer; padding: 1px 4px; border-radius: 3px; }
#moves li:hover { background: #f1e6cc; }
#moves li.current { background: #f5d547; font-weight: bold; }
#moves .who { color: #777; margin-right: 6px; }
.tags { font-size: 12px; border-collapse: collapse; }
.tags th { text-align: left; padding-right: 8px; vertical-align: top; }
.tags td { word-break: break-all; }
"##;

const SCRIPT: &str = r##"
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var steps = data.steps, last = steps.length - 1, current = -1;
  var board = document.getElementById("board");
  var moves = document.getElementById("moves");
  var items = [null];
  for (var i = 1; i <= last; i++) {
    var li = document.createElement("li");
    li.value = i;
    li.dataset.step = i;
    var who = document.createElement("span");
    who.className = "who";
    who.textContent = steps[i].who;
    li.appendChild(who);
    li.appendChild(document.createTextNode(steps[i].a));
    li.addEventListener("click", function (e) { show(+e.currentTarget.dataset.step); });
    moves.appendChild(li);
    items.push(li);
  }
  function fromHash() {
    var n = parseInt(location.hash.slice(1), 10);
    return isNaN(n) ? 0 : n;
  }
  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    var step = steps[n];
    board.innerHTML = step.s.map(function (j) { return data.lines[j]; }).join("\n");
    document.getElementById("counter").textContent = n + " / " + last;
    document.getElementById("action").textContent =
      n === 0 ? "Start" : n + ". " + step.who + ": " + step.a;
    var details = document.getElementById("details");
    details.textContent = "";
    step.d.forEach(function (t) {
      var li = document.createElement("li");
      li.textContent = t;
      details.appendChild(li);
    });
    if (items[current]) { items[current].classList.remove("current"); }
    if (items[n]) {
      items[n].classList.add("current");
      var top = items[n].offsetTop - moves.offsetTop;
      if (top < moves.scrollTop || top > moves.scrollTop + moves.clientHeight - 20) {
        moves.scrollTop = top - moves.clientHeight / 2;
      }
    }
    current = n;
    document.getElementById("first").disabled = document.getElementById("prev").disabled = n === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled = n === last;
    if (fromHash() !== n || location.hash === "") {
      try { history.replaceState(null, "", "#" + n); } catch (e) { /* a viewer without history */ }
    }
  }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  document.addEventListener("keydown", function (e) {
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last,
               PageUp: current - 10, PageDown: current + 10 }[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  show(fromHash());
})();
"##;
