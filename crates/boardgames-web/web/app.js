// The page: the form that starts a game, the board and its panel while playing or
// watching, the replay of a record. The server owns the game; the page shows it, asks,
// and keeps the game in the browser (its id, its setup and its record) so that a reload
// goes on where it was, even after the server was started again.

import * as api from "./api.js";
import { t, translate, language, setLanguage, has } from "./i18n.js";
import { Board, animate } from "./board.js";
import { trictrac } from "./trictrac.js";
import { tafl } from "./tafl.js";
import { sugoroku } from "./sugoroku.js";
import { initReplay, openReplayText } from "./replay.js";
import { el, info, question, recordLog } from "./panel.js";
import { initRoom, openRoom, closeRoom, roomOfPath, relabelRoom } from "./online.js";
import { refreshOnlineForm, createRoom, showLobby } from "./lobby.js";
import { initAccount, account, showAccount, relabelAccount } from "./account.js";

const $ = (id) => document.getElementById(id);
const KEPT = "bg.current";

const state = {
  catalog: null,
  id: null,
  setup: null,
  view: null,
  busy: false,
  watching: false,
  paused: false,
  controller: null,
  board: null,
  pendingText: null,
};

/** Milliseconds of an animation step (0 in tests: `localStorage["bg.anim"] = "0"`). */
function animMs() {
  const kept = localStorage.getItem("bg.anim");
  if (kept !== null) return Math.max(0, Number(kept) || 0);
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 220;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- messages ----

export function message(text, error = false) {
  const m = $("message");
  m.textContent = text;
  m.hidden = !text;
  m.classList.toggle("error", !!error);
}

function announce(text) {
  $("announce").textContent = text;
}

function errorText(e) {
  if (e instanceof api.ApiError) {
    const key = `err_${e.code}`;
    return has(key) ? t(key, { message: e.message }) : e.message;
  }
  return String(e);
}

// ---- the form ----

function gameEntry(key) {
  return state.catalog.games.find((g) => g.key === key);
}

function sideKeys(game) {
  return game === "tafl" ? ["attackers", "defenders"] : ["white", "black"];
}

function fillSelect(select, values, label, selected) {
  select.replaceChildren(...values.map((v) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = label(v);
    if (v === selected) o.selected = true;
    return o;
  }));
}

function botLabel(name) {
  const names = { bard: "Bard (Barzh)", druid: "Druid (Drouiz)", ovate: "Ovate", tdsearchbot: "tdsearchbot" };
  return names[name] || name;
}

function describe(game, bot) {
  if (game === "sugoroku") return t("desc_sugoroku");
  return t(`desc_${bot}`);
}

function refreshForm() {
  const form = $("setup-form");
  const game = form.game.value;
  const watch = form.mode.value === "watch";
  const online = form.mode.value === "online";
  for (const g of ["trictrac", "ecrire", "tafl", "sugoroku"]) $(`opts-${g}`).hidden = g !== game;
  $("sides").hidden = online;
  const entry = gameEntry(game);
  const sides = sideKeys(game);
  const side = form.side.value && sides.includes(form.side.value) ? form.side.value : sides[0];
  fillSelect(form.side, sides, (s) => t(`side_${s}`), side);
  const b1 = entry.bots.includes(form.bot1.value) ? form.bot1.value : entry.default;
  const b2 = entry.bots.includes(form.bot2.value) ? form.bot2.value : entry.default;
  fillSelect(form.bot1, entry.bots, botLabel, b1);
  fillSelect(form.bot2, entry.bots, botLabel, b2);
  $("side-label").hidden = watch;
  $("bot2-label").hidden = !watch;
  $("bot2-desc").hidden = !watch;
  $("bot1-text").textContent = watch ? t("bot_first") : t("bot");
  $("bot1-desc").textContent = describe(game, form.bot1.value);
  $("bot2-desc").textContent = describe(game, form.bot2.value);
  $("setup-rules").href = `/rules/${game}`;
  if (!form.srules.value) form.srules.value = gameEntry("sugoroku").rules;
  refreshOnlineForm(form, state.catalog, account());
  $("setup-form").querySelector("button[type=submit]").textContent = online ? t("create_room") : t("start");
}

function setupOf(form) {
  const game = form.game.value;
  const watch = form.mode.value === "watch";
  const setup = { game };
  if (watch) setup.players = [form.bot1.value, form.bot2.value];
  else setup.players = form.side.selectedIndex === 0 ? ["person", form.bot1.value] : [form.bot1.value, "person"];
  if (game === "trictrac") {
    setup.trous = Number(form.trous.value) || 12;
    setup.pavillon = form.pavillon.checked;
  } else if (game === "ecrire") {
    setup.marques = Number(form.marques.value) || 8;
    setup.convention = form.convention.value;
  } else if (game === "tafl") {
    setup.rules = form.rules.value;
  } else if (game === "sugoroku") {
    setup.rules = form.srules.value;
  }
  if (form.seed.value !== "") setup.seed = Number(form.seed.value);
  return setup;
}

// ---- the game ----

function controllerFor(game) {
  const ctx = {
    legal: () => (state.view ? state.view.legal : []),
    myTurn: () => !!state.view && state.view.next.kind === "person" && !state.busy,
    submit: (text, move) => play(text, move),
    message: (text, error) => message(text, error),
    announce,
    pending: (text) => {
      $("pending").hidden = !text;
      $("pending").textContent = text;
    },
    pendingPlay: (text) => { state.pendingText = text; },
    get board() { return state.board; },
  };
  if (game === "tafl") return tafl(ctx);
  if (game === "sugoroku") return sugoroku(ctx);
  return trictrac(ctx);
}

function mySide(view) {
  const i = view.players.indexOf("person");
  if (i < 0 || view.players.lastIndexOf("person") !== i) return null;
  return i === 0 ? "first" : "second";
}

function sideName(view, side) {
  return t(view.info.sides[side]);
}

function statusText(view) {
  if (view.over) {
    const me = mySide(view);
    if (view.over.resigned) return view.over.resigned === me ? t("resigned_you") : t("resigned_other", { side: sideName(view, view.over.resigned) });
    if (view.over.draw) return t("draw");
    if (me) return view.over.winner === me ? t("you_win") : t("you_lose");
    return t("wins", { side: sideName(view, view.over.winner) });
  }
  const n = view.next;
  if (n.kind === "person") return view.game === "sugoroku" ? t("your_throw") : t("your_move");
  if (n.kind === "bot") return state.watching ? t("to_move", { side: sideName(view, n.side) }) : t("bot_thinking");
  return t("waiting");
}

function renderQuestion(view) {
  const q = $("question");
  if (!view || view.next.kind !== "person") {
    q.replaceChildren();
    q.hidden = true;
    return;
  }
  question(q, view, (text) => play(text));
}

function render() {
  const view = state.view;
  if (!view) return;
  state.board.show(view.svg);
  state.controller.reset();
  state.pendingText = null;
  $("pending").hidden = true;
  $("status").textContent = statusText(view);
  const list = $("legal-list");
  list.replaceChildren(...view.legal.slice(0, 400).map((a) => el("option", { value: a.text })));
  renderQuestion(view);
  const mine = view.next.kind === "person";
  $("throw").hidden = !(view.game === "sugoroku" && mine);
  $("move-form").hidden = state.watching || view.game === "sugoroku" || !!view.over;
  $("undo").hidden = state.watching || !view.canUndo;
  $("hint").hidden = state.watching || view.game === "sugoroku";
  $("resign").hidden = state.watching || !!view.over;
  $("watch").hidden = !state.watching;
  $("hint").disabled = !mine;
  $("info").replaceChildren(info(view));
  $("download").href = api.recordUrl(state.id);
  $("download").setAttribute("download", `${view.game}-${view.seed}.txt`);
  $("rules-link").href = `/rules/${view.game}`;
  document.body.dataset.game = view.game;
  document.body.dataset.over = view.over ? "yes" : "no";
  document.body.dataset.turn = view.next.kind;
  document.body.dataset.seq = String(view.seq);
  document.body.dataset.position = view.info.position || "";
}

function logSteps(steps) {
  const log = $("log");
  for (const s of steps) {
    const who = s.actor === "dice" ? t("dice") : s.name ? t(s.name) : sideName(state.view, s.actor);
    const li = el("li", { "data-index": String(s.index) }, el("b", {}, who), " ", s.text);
    if (s.comment) li.append(el("span", { class: "comment" }, ` — ${s.comment}`));
    log.append(li);
  }
  while (log.children.length > 300) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

/** The move list of a record (after a reload or an undo: the steps are not in the page). */
function logFromRecord(record) {
  recordLog($("log"), record);
}

function keep() {
  if (!state.view) return;
  localStorage.setItem(KEPT, JSON.stringify({ id: state.id, setup: state.setup, record: state.view.record, watching: state.watching }));
}

/** Shows the steps a request applied, then the game now. */
async function receive(answer, steps = answer.steps || [], shown = 0) {
  const ms = animMs();
  const game = answer.view.game;
  for (const s of steps.slice(shown)) {
    if (!s.svg) continue;
    if (game === "tafl" && s.actor !== "dice") {
      const [move, caps] = s.text.split("x");
      const [from, to] = move.split("-");
      await animate(state.board, from, to, caps ? caps.split("/") : [], ms);
    }
    state.board.show(s.svg);
    if (game !== "tafl") await sleep(ms * 2);
  }
  state.id = answer.id;
  state.view = answer.view;
  if (!$("log").children.length && answer.view.seq > steps.length) logFromRecord(answer.view.record);
  else logSteps(steps);
  render();
  keep();
}

async function guarded(f) {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "yes";
  try {
    await f();
  } catch (e) {
    message(errorText(e), true);
    if (e instanceof api.ApiError && e.code === "refused" && state.id) {
      try { await receive(await api.show(state.id), []); } catch (_) { /* shown above */ }
    }
  } finally {
    state.busy = false;
    document.body.dataset.busy = "no";
  }
}

async function play(text, move) {
  await guarded(async () => {
    message("");
    $("status").textContent = state.view.game === "sugoroku" ? t("waiting") : t("bot_thinking");
    if (move && state.view.game === "tafl") {
      const caps = move.captures || [];
      await animate(state.board, move.from, move.to, caps, animMs());
    }
    const answer = await api.act(state.id, { seq: state.view.seq, action: text });
    // The person's own move is already on the board.
    await receive(answer, answer.steps, move ? 1 : 0);
  });
}

async function start(setup) {
  await guarded(async () => {
    message("");
    const answer = await api.create(setup);
    state.setup = setup;
    state.watching = !setup.players.includes("person");
    state.paused = false;
    $("pause").textContent = t("pause");
    enterGame(setup.game);
    $("log").replaceChildren();
    await receive(answer);
    if (state.watching) watchLoop();
  });
}

function enterGame(game) {
  showSection("play");
  state.controller = controllerFor(game);
  // One board for the page: its listeners are on its container; a new game changes the
  // game it asks (a second Board on the same container would answer every click twice).
  if (!state.board) state.board = new Board($("board"), state.controller);
  state.board.game = state.controller;
  state.board.mark(null, []);
  $("board").setAttribute("aria-label", t("board_label"));
}

async function watchLoop() {
  while (state.watching && state.view && !state.view.over && !$("play").hidden) {
    if (state.paused) { await sleep(150); continue; }
    await guarded(async () => {
      const answer = await api.advance(state.id, { seq: state.view.seq, max: 1 });
      await receive(answer);
    });
    await sleep(Number($("speed").value));
  }
}

const SECTIONS = ["setup", "play", "replay", "lobby", "room", "account"];

function showSection(name) {
  // Leaving a room's page closes its socket (the seat's token stays kept).
  if (name !== "room") closeRoom();
  for (const s of SECTIONS) $(s).hidden = s !== name;
}

/** What the online modules need of the page. */
const ui = {
  message,
  errorText,
  showSection,
  openRoom: (id, options) => openRoom(id, ui, options),
  openReplay: (record) => {
    showSection("replay");
    $("replay-text").value = record;
    openReplayText(record, { message, errorText }).catch((e) => message(errorText(e), true));
  },
  accountChanged: () => { if (state.catalog) refreshForm(); },
};

/** The page of the address: a room's (`/online/{id}`), else the local game or the form. */
async function route() {
  const id = roomOfPath();
  if (id) {
    openRoom(id, ui);
    return true;
  }
  return false;
}

async function resume() {
  const kept = localStorage.getItem(KEPT);
  if (!kept) return false;
  let saved;
  try { saved = JSON.parse(kept); } catch (_) { return false; }
  if (!saved || !saved.id || !saved.setup) return false;
  state.setup = saved.setup;
  state.watching = !!saved.watching;
  enterGame(saved.setup.game);
  try {
    const answer = await api.show(saved.id);
    $("log").replaceChildren();
    await receive(answer);
  } catch (e) {
    if (!(e instanceof api.ApiError) || e.code !== "not_found" || !saved.record) throw e;
    // The server no longer has it: the game goes on from the record kept here.
    const answer = await api.create({ ...saved.setup, seed: undefined, record: saved.record });
    $("log").replaceChildren();
    await receive(answer);
  }
  announce(t("resumed"));
  if (state.watching) watchLoop();
  return true;
}

function wire() {
  const form = $("setup-form");
  form.addEventListener("change", refreshForm);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (form.mode.value === "online") {
      guarded(async () => {
        message("");
        await createRoom(form, ui);
      });
      return;
    }
    start(setupOf(form));
  });
  $("lang").addEventListener("click", () => {
    setLanguage(language() === "fr" ? "en" : "fr");
    translate();
    refreshForm();
    if (state.view) render();
    relabelRoom();
    relabelAccount();
  });
  $("nav-play").addEventListener("click", () => {
    if (state.view && !state.view.over) showSection("play");
    else showSection("setup");
  });
  $("nav-replay").addEventListener("click", () => showSection("replay"));
  $("nav-online").addEventListener("click", () => showLobby(ui));
  $("nav-account").addEventListener("click", () => showAccount().catch((e) => message(errorText(e), true)));
  $("lobby-refresh").addEventListener("click", () => showLobby(ui));
  $("lobby-create").addEventListener("click", () => {
    form.querySelector("input[name=mode][value=online]").checked = true;
    refreshForm();
    showSection("setup");
  });
  window.addEventListener("popstate", () => {
    if (!roomOfPath()) {
      showSection(state.view && !state.view.over ? "play" : "setup");
      return;
    }
    route();
  });
  initRoom(ui);
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    if (!text && state.pendingText) return play(state.pendingText);
    if (!text) return;
    const action = state.controller.understand(text) || text;
    $("move-input").value = "";
    play(action);
  });
  $("throw").addEventListener("click", () => play("throw"));
  $("undo").addEventListener("click", () => guarded(async () => {
    message("");
    const answer = await api.undo(state.id, { seq: state.view.seq });
    $("log").replaceChildren();
    await receive(answer);
  }));
  $("resign").addEventListener("click", () => guarded(async () => {
    const answer = await api.resign(state.id, { seq: state.view.seq });
    await receive(answer);
  }));
  $("hint").addEventListener("click", () => guarded(async () => {
    const answer = await api.hint(state.id, { seq: state.view.seq });
    showHint(answer.hint);
  }));
  $("new").addEventListener("click", () => {
    state.watching = false;
    state.view = null;
    localStorage.removeItem(KEPT);
    $("hint-box").hidden = true;
    showSection("setup");
  });
  $("pause").addEventListener("click", () => {
    state.paused = !state.paused;
    $("pause").textContent = state.paused ? t("resume") : t("pause");
  });
  $("step").addEventListener("click", () => guarded(async () => {
    const answer = await api.advance(state.id, { seq: state.view.seq, max: 1 });
    await receive(answer);
  }));
  initReplay({ message, errorText, showSection });
  $("to-replay").addEventListener("click", () => {
    if (!state.view) return;
    showSection("replay");
    $("replay-text").value = state.view.record;
    openReplayText(state.view.record, { message, errorText }).catch((e) => message(errorText(e), true));
  });
}

function showHint(hint) {
  const box = $("hint-box");
  box.replaceChildren(el("p", { class: "hint-choice" }, t("hint_choice", { bot: botLabel(hint.bot), choice: hint.choice })));
  const a = hint.analysis;
  if (a && a.candidates) {
    if (a.events) box.append(el("p", {}, t("hint_events", { events: a.events })));
    box.append(el("p", {}, t("hint_candidates")));
    const ul = el("ul", { class: "candidates" });
    for (const c of a.candidates) {
      ul.append(el("li", c.chosen ? { class: "chosen" } : {}, `${c.play}: `, t("hint_points", { points: c.points }), c.events ? ` (${c.events})` : ""));
    }
    box.append(ul);
  }
  box.hidden = false;
}

async function main() {
  translate();
  wire();
  try {
    state.catalog = await api.catalog();
  } catch (e) {
    message(errorText(e), true);
    return;
  }
  const form = $("setup-form");
  const ecrire = gameEntry("ecrire");
  fillSelect(form.convention, ecrire.conventions, (c) => t(`conv_${c}`), "base");
  $("presets").replaceChildren(...gameEntry("tafl").presets.map((p) => el("option", { value: p })));
  await initAccount(ui);
  refreshForm();
  if (await route()) return;
  try {
    if (await resume()) return;
  } catch (e) {
    message(errorText(e), true);
    localStorage.removeItem(KEPT);
  }
  showSection("setup");
}

main();
