// What a game's view shows beside the board, shared by a local game (app.js) and a room
// played online (online.js): the panel of each game (marks, ledger, plies, phases), the
// question of a trou won (tenir or s'en aller) and the button of a throw with nothing to
// play. The view is the server's (`GET /api/games/{id}`, or a room's `state.view`).

import { t } from "./i18n.js";

/** An element with attributes (`class` as its class name) and children. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function infoTrictrac(view) {
  const i = view.info;
  const box = document.createDocumentFragment();
  if (i.form === "ecrire") {
    box.append(el("p", { class: "marque" }, t("marque", { k: i.marque, n: i.marques }), " · ", t("convention_h", { c: i.convention })));
  }
  const table = el("table", { class: "marks" },
    el("caption", {}, t("marks")),
    el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, t("trous_h")), el("th", { scope: "col" }, t("points_h")), el("th", { scope: "col" }, "")));
  for (const c of ["white", "black"]) {
    const m = i.marks[c];
    const notes = [];
    if (m.bredouille) notes.push(t("bredouille"));
    if (i.pavillon === c) notes.push(t("pavillon_h"));
    table.append(el("tr", { "data-colour": c }, el("th", { scope: "row" }, t(c)), el("td", {}, String(m.trous)), el("td", {}, String(m.points)), el("td", {}, notes.join(", "))));
  }
  box.append(table);
  if (i.throw) box.append(el("p", { class: "throw" }, t("throw_now", { throw: i.throw, name: i.throwName })));
  if (i.form === "ecrire" && i.ledger) {
    box.append(el("details", {}, el("summary", {}, t("ledger")), el("pre", {}, i.ledger)));
    if (i.sheet) box.append(el("details", {}, el("summary", {}, t("sheet")), el("pre", {}, i.sheet)));
  }
  return box;
}

function infoTafl(view) {
  const i = view.info;
  const box = document.createDocumentFragment();
  box.append(el("p", {}, `${i.ruleset} · `, t("to_move", { side: t(i.toMove) })));
  box.append(el("p", {}, t("plies", { n: i.plies })));
  box.append(el("p", { class: "no-capture" }, t("since_capture", { n: i.pliesSinceCapture }) + (i.noCaptureLimit ? t("limit", { n: i.noCaptureLimit }) : "")));
  box.append(el("p", { class: "repetitions" }, t("repetitions", { n: i.repetitions }) + (i.repetitionLimit ? t("limit", { n: i.repetitionLimit }) : "")));
  box.append(el("p", { class: "captured" }, t("captured", { a: i.captured.attackers, d: i.captured.defenders })));
  if (i.fourCorners) box.append(el("p", { class: "corners" }, t("corners", { list: i.cornersVisited.length ? i.cornersVisited.join(", ") : t("corners_none") })));
  return box;
}

function infoSugoroku(view) {
  const i = view.info;
  const box = document.createDocumentFragment();
  for (const c of ["white", "black"]) {
    const p = i[c];
    box.append(el("p", { class: `sg-${c}` }, t("sg_player", { side: t(c), phase: t(`phase${p.phase}`), reserve: p.reserve, board: p.onBoard, held: p.held, captured: p.captured })));
  }
  return box;
}

/** The panel of a view: the marks of trictrac, the counts of tafl, the phases of sugoroku. */
export function info(view) {
  if (view.game === "tafl") return infoTafl(view);
  if (view.game === "sugoroku") return infoSugoroku(view);
  return infoTrictrac(view);
}

/**
 * Fills `box` with the question of the view's legal actions when they need words rather
 * than the board: tenir or s'en aller after a trou won, or the one play of nothing. Each
 * button calls `play(text)` with the action's text. Hides `box` when there is none.
 */
export function question(box, view, play) {
  box.replaceChildren();
  box.hidden = true;
  if (!view || !view.legal || !view.legal.length) return;
  const kinds = view.legal.map((a) => a.kind);
  if (kinds.includes("tenir") || kinds.includes("senaller")) {
    const c = view.info.choice || {};
    box.append(el("p", {}, t("tenir_q", { reste: c.reste ?? 0 })));
    if (c.advice) box.append(el("p", { class: "advice" }, t(`advice_${c.advice}`)));
    for (const a of view.legal) {
      const b = el("button", { type: "button", class: "primary", "data-action": a.text }, a.kind === "tenir" ? t("tenir") : t("senaller"));
      b.addEventListener("click", () => play(a.text));
      box.append(b);
    }
    box.hidden = false;
  } else if (view.legal.length === 1 && view.legal[0].kind === "play" && view.legal[0].moves.length === 0) {
    const b = el("button", { type: "button", class: "primary", "data-action": view.legal[0].text }, t("pass"));
    b.addEventListener("click", () => play(view.legal[0].text));
    box.append(b);
    box.hidden = false;
  }
}

/** Fills the move list `log` with the actions of a record (its last 300), each with its comment. */
export function recordLog(log, record) {
  log.replaceChildren();
  const lines = record.split("\n").filter((l) => /^\d+\. /.test(l));
  for (const line of lines.slice(-300)) {
    const m = line.match(/^(\d+)\. (.*?)(?: \{(.*)\})?$/);
    if (!m) continue;
    const li = el("li", { "data-index": String(Number(m[1]) - 1) }, m[2]);
    if (m[3]) li.append(el("span", { class: "comment" }, ` — ${m[3]}`));
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}
