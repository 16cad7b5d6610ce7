// The page of a room played online (`/online/{id}`, docs/online.md): one WebSocket to the
// server, which owns the game and sends the room whole (`state`) after every change; the
// board and the panel are a local game's (the same view, the same renderers); the page sends
// what a person does (`act` with the action texts of a local game, resign, draws) and shows
// what the server refused, in words. The seat's token is kept in the browser
// ({room -> token} in localStorage), so that a reload or a lost connection gets the seat
// back: the socket reconnects by itself with the same token.

import * as api from "./api.js";
import { t, has } from "./i18n.js";
import { Board } from "./board.js";
import { trictrac } from "./trictrac.js";
import { tafl } from "./tafl.js";
import { sugoroku } from "./sugoroku.js";
import { el, info, question, recordLog } from "./panel.js";
import { account } from "./account.js";

const $ = (id) => document.getElementById(id);
const TOKENS = "bg.seats";
/** At most this many rooms' tokens are kept (the oldest forgotten first). */
const MAX_TOKENS = 200;
const PING_MS = 20000;

// ---- the seats' tokens, kept in the browser ----

function tokens() {
  try {
    const kept = JSON.parse(localStorage.getItem(TOKENS) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch (_) {
    return {};
  }
}

/** The token of this browser's seat in `room`, or null (a spectator). */
export function tokenOf(room) {
  const kept = tokens()[room];
  return typeof kept === "string" ? kept : null;
}

/** Keeps the token of a seat taken in `room` (null forgets it). */
export function keepToken(room, token) {
  const kept = tokens();
  delete kept[room];
  if (token) kept[room] = token;
  const rooms = Object.keys(kept);
  for (const r of rooms.slice(0, Math.max(0, rooms.length - MAX_TOKENS))) delete kept[r];
  localStorage.setItem(TOKENS, JSON.stringify(kept));
}

// ---- the room ----

const room = {
  id: null,
  socket: null,
  state: null,
  board: null,
  controller: null,
  game: null,
  closing: false,
  retry: 0,
  retryTimer: null,
  pingTimer: null,
  clockTimer: null,
  receivedAt: 0,
  waiting: false,
  welcomed: false,
  pendingText: null,
  ui: null,
  logTimer: null,
};

/** The board of the room's page (made once: its listeners are on its container). */
let roomBoard = null;

const seatLetter = (i) => String.fromCharCode(65 + i);

/** The words of a seat: its side in a game of two (White, Attackers), its letter at a table. */
function seatLabel(i) {
  const s = room.state;
  const view = s && s.view;
  if (s && s.seats && s.seats.length === 2 && view && view.info && view.info.sides) {
    return t(view.info.sides[i === 0 ? "first" : "second"]);
  }
  if (s && s.seats && s.seats.length === 2 && view && Array.isArray(view.sides) && view.sides[i]) return view.sides[i];
  return t("seat_letter", { letter: seatLetter(i) });
}

function seatName(i) {
  const seat = room.state && room.state.seats && room.state.seats[i];
  const name = seat && seat.name ? seat.name : t("seat_open");
  return `${seatLabel(i)} (${name})`;
}

/** The seat to act (`view.next.seat`), else the side to act of a game of two, or null. */
function seatToAct() {
  const s = room.state;
  const next = s && s.view && s.view.next;
  if (!next) return null;
  if (Number.isInteger(next.seat)) return next.seat;
  if (!next.side || !s.seats || s.seats.length !== 2) return null;
  return next.side === "first" ? 0 : 1;
}

function seated() {
  return !!room.state && Number.isInteger(room.state.seat);
}

/** Whether this page is to act now: the server gives the legal actions to the seat to act only. */
function myTurn() {
  const s = room.state;
  if (!s || !seated() || s.status !== "playing" || room.waiting || !s.view) return false;
  if (s.view.legal && s.view.legal.length) return true;
  // A throw by hand (sugoroku): no legal list, the person throws.
  return !!s.view.next && s.view.next.kind === "person" && seatToAct() === s.seat;
}

function controllerFor(game) {
  const ctx = {
    legal: () => (room.state && room.state.view && room.state.view.legal) || [],
    myTurn,
    submit: (text) => act(text),
    message: (text, error) => room.ui.message(text, error),
    announce: (text) => { $("announce").textContent = text; },
    pending: (text) => {
      $("room-pending").hidden = !text;
      $("room-pending").textContent = text;
    },
    pendingPlay: (text) => { room.pendingText = text; },
    get board() { return room.board; },
  };
  if (game === "tafl") return tafl(ctx);
  if (game === "sugoroku") return sugoroku(ctx);
  return trictrac(ctx);
}

// ---- the socket ----

function setConnection(key) {
  $("room-connection").textContent = t(key);
  document.body.dataset.roomConnection = key;
}

/** Sends a message of the protocol; false when the socket is not open. */
export function send(message) {
  const ws = room.socket;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    room.ui.message(t("online_offline"), true);
    return false;
  }
  ws.send(JSON.stringify(message));
  return true;
}

function connect() {
  clearTimeout(room.retryTimer);
  const ws = new WebSocket(api.roomSocketUrl(room.id));
  room.socket = ws;
  room.welcomed = false;
  setConnection("online_connecting");
  ws.addEventListener("open", () => {
    if (room.socket !== ws) return;
    const token = tokenOf(room.id);
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    setConnection("online_connected");
    clearInterval(room.pingTimer);
    room.pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
  });
  ws.addEventListener("message", (e) => {
    if (room.socket !== ws) return;
    let m;
    try { m = JSON.parse(e.data); } catch (_) { return; }
    if (m && typeof m === "object") receive(m);
  });
  ws.addEventListener("close", () => {
    if (room.socket !== ws) return;
    room.socket = null;
    clearInterval(room.pingTimer);
    room.waiting = false;
    if (room.closing) return;
    if (!room.welcomed && room.retry >= 1) {
      // Never welcomed: is there such a room at all?
      const id = room.id;
      api.roomSummary(id).catch((e) => {
        if (!(e instanceof api.ApiError) || e.status !== 404 || room.id !== id) return;
        clearTimeout(room.retryTimer);
        room.closing = true;
        setConnection("online_no_room");
        $("room-status").textContent = t("online_no_room");
        // Nothing else of a room to show: no invitation, seats, record or moves.
        $("room").classList.add("missing");
      });
    }
    // Reconnects by itself, with the same token: 0.5 s, 1 s, 2 s... at most 10 s apart.
    setConnection("online_reconnecting");
    const delay = Math.min(10000, 500 * 2 ** Math.min(room.retry, 5));
    room.retry += 1;
    room.retryTimer = setTimeout(connect, delay);
  });
}

function disconnect() {
  room.closing = true;
  clearTimeout(room.retryTimer);
  clearInterval(room.pingTimer);
  clearInterval(room.clockTimer);
  clearTimeout(room.logTimer);
  room.logTimer = null;
  const ws = room.socket;
  room.socket = null;
  if (ws) ws.close();
}

function refusalText(m) {
  const key = `refused_${m.code}`;
  const reason = m.reason || m.message || "";
  return has(key) ? t(key, { reason }) : t("refused_any", { reason: reason || m.code || "" });
}

function receive(m) {
  if (m.type === "state") {
    room.welcomed = true;
    room.retry = 0;
    room.waiting = false;
    room.state = m;
    room.receivedAt = performance.now();
    render();
    if (m.steps) logSteps(m.steps);
    else refreshLog();
  } else if (m.type === "refused") {
    room.waiting = false;
    document.body.dataset.roomBusy = "no";
    document.body.dataset.roomRefusals = String(Number(document.body.dataset.roomRefusals || 0) + 1);
    room.ui.message(refusalText(m), true);
    if (!room.welcomed && m.code === "unauthorized" && tokenOf(room.id)) {
      // The token kept here holds no seat of the room (the server goes on with this
      // connection as a spectator's): forgotten.
      keepToken(room.id, null);
    }
    if (room.state) render();
  }
}

// ---- what a person does ----

function act(text) {
  if (!room.state) return;
  room.ui.message("");
  if (send({ type: "act", seq: room.state.seq, action: text })) {
    room.waiting = true;
    document.body.dataset.roomBusy = "yes";
    $("room-status").textContent = t("waiting");
  }
}

function simple(type) {
  return () => {
    if (!room.state) return;
    room.ui.message("");
    send({ type, seq: room.state.seq });
  };
}

/** The name a person takes a seat under: the account's, else the one typed, else "Guest". */
export function personName(typed) {
  const a = account();
  return a ? a.name : typed.trim() || t("guest_name");
}

async function join(seat) {
  const name = personName($("room-name").value);
  try {
    const answer = await api.joinRoom(room.id, seat, name);
    keepToken(room.id, answer.token);
    room.ui.message("");
    // The same connection cannot change its hello: a new one, with the token.
    const old = room.socket;
    room.socket = null;
    if (old) old.close();
    connect();
  } catch (e) {
    room.ui.message(room.ui.errorText(e), true);
  }
}

// ---- the room shown ----

/** Each seat's time left (`seats[k].clock_ms` at the state's sending) and whether it runs (`running`). */
function clockEntries(s) {
  if (!s.clock || !Array.isArray(s.seats)) return null;
  const running = Number.isInteger(s.running) ? s.running : null;
  return s.seats.map((seat, i) => ({
    ms: typeof seat.clock_ms === "number" ? seat.clock_ms : null,
    running: s.status === "playing" && i === running,
  }));
}

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), sec = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The clocks, the running one counted down here between two states. */
function renderClocks() {
  const s = room.state;
  const box = $("room-clocks");
  const entries = s && clockEntries(s);
  if (!entries) {
    box.hidden = true;
    return;
  }
  const spent = performance.now() - room.receivedAt;
  box.replaceChildren(...entries.map((e, i) => {
    const left = e.ms === null ? null : e.running ? e.ms - spent : e.ms;
    return el("p", { class: `clock${e.running ? " running" : ""}`, "data-seat": String(i) },
      `${seatLabel(i)}: `, el("b", {}, left === null ? "–" : clockText(left)));
  }));
  box.hidden = false;
}

function statusText() {
  const s = room.state;
  if (s.status === "over") return resultText(s) || t("game_over");
  if (s.status === "open") {
    const open = (s.seats || []).filter((x) => x.kind === "open").length;
    return t("online_waiting_players", { n: open });
  }
  if (room.waiting) return t("waiting");
  if (myTurn()) return s.view.game === "sugoroku" ? t("your_throw") : t("your_move");
  const who = seatToAct();
  if (who !== null) return t("online_to_act", { seat: seatName(who) });
  const next = s.view && s.view.next;
  if (next && next.kind === "dice") return t("online_dice");
  if (next && next.side && s.view.info && s.view.info.sides) return t("to_move", { side: t(s.view.info.sides[next.side]) });
  return t("waiting");
}

function reasonText(reason) {
  if (!reason) return "";
  const key = `reason_${String(reason).replace(/[^a-z_]/gi, "_").toLowerCase()}`;
  return has(key) ? t(key) : String(reason);
}

/** The result in words: who won (the seats scoring 1), a draw (all ½), and how it ended. */
function resultText(s) {
  const r = s.result;
  if (!r || typeof r !== "object") return "";
  const scores = Array.isArray(r.scores) ? r.scores : [];
  const winners = scores.map((x, i) => [x, i]).filter(([x]) => x === 1).map(([, i]) => i);
  let text;
  if (scores.length && scores.every((x) => x === 0.5)) text = t("draw");
  else if (winners.length && winners.includes(s.seat)) text = t("you_win");
  else if (winners.length) {
    text = t("wins", { side: winners.map(seatName).join(", ") });
    if (seated()) text = `${t("you_lose")} ${text}`;
  } else text = t("game_over");
  const how = r.end && r.end !== "rules" ? reasonText(r.end) : "";
  const who = Number.isInteger(r.seat) ? `${seatName(r.seat)}: ` : "";
  return how ? `${text} ${t("online_reason", { reason: who + how })}` : text;
}

/** A table's settlement: each interest (a seat à tourner, a side otherwise) and its jetons. */
function balances(s) {
  const table = s.view && s.view.table;
  const list = table && Array.isArray(table.balances) ? table.balances : null;
  if (!list) return null;
  const seatsAreInterests = list.length === (s.seats || []).length;
  return list.map((b, i) => ({
    label: seatsAreInterests ? seatName(i) : String(b.interest),
    jetons: Number(b.jetons),
  }));
}

/** The panel of a table: the marqué in play and who plays it, then its game's panel, then the table's sheet. */
function tableInfo(view) {
  const tb = view.table;
  const box = info(view);
  // The marqué's own count (a game of one marqué) gives way to the table's.
  box.querySelector(".marque")?.remove();
  const form = typeof tb.form === "string" ? t(`table_${tb.form.replace("-", "")}`) : "";
  const head = el("p", { class: "marque" }, t("table_marque", { k: tb.marque, form }));
  if (Number.isInteger(tb.first) && Number.isInteger(tb.second)) head.append(" · ", t("table_pairing", { first: seatName(tb.first), second: seatName(tb.second) }));
  if (Array.isArray(tb.vacant) && tb.vacant.length) head.append(" · ", t("table_vacant", { list: tb.vacant.map(seatName).join(", ") }));
  box.prepend(head);
  if (tb.sheet) box.append(el("details", {}, el("summary", {}, t("table_sheet")), el("pre", {}, tb.sheet)));
  return box;
}

function renderSeats() {
  const s = room.state;
  const list = $("room-seats");
  list.replaceChildren(...(s.seats || []).map((seat, i) => {
    const kind = seat.kind === "bot" ? t("seat_bot") : seat.kind === "open" ? t("seat_open") : seat.present ? t("seat_present") : t("seat_absent");
    const li = el("li", { "data-seat": String(i), "data-kind": seat.kind || "", "data-present": seat.present ? "yes" : "no" },
      el("b", {}, `${seatLabel(i)}: `), ...(seat.kind === "open" ? [t("seat_open")] : [seat.name || "", ` · ${kind}`]));
    if (i === s.seat) li.append(el("span", { class: "you" }, ` · ${t("you")}`));
    return li;
  }));
  // An open seat may be taken from here (the invitation link).
  const joinBox = $("room-join");
  const open = (s.seats || []).map((seat, i) => [seat, i]).filter(([seat]) => seat.kind === "open");
  joinBox.hidden = seated() || s.status !== "open" || !open.length;
  const buttons = $("room-join-buttons");
  buttons.replaceChildren(...open.map(([, i]) => {
    const b = el("button", { type: "button", class: "primary", "data-seat": String(i) }, t("online_take_seat", { seat: seatLabel(i) }));
    b.addEventListener("click", () => join(i));
    return b;
  }));
}

async function verify(s) {
  const check = $("room-verified");
  check.hidden = true;
  if (!globalThis.crypto || !crypto.subtle || s.seed === undefined || s.seed === null || !s.salt || !s.commitment) return;
  try {
    const bytes = new TextEncoder().encode(`boardgames-room-seed:${s.salt}:${s.seed}`);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    const ok = hex === String(s.commitment).toLowerCase();
    check.textContent = ok ? t("online_verified") : t("online_not_verified", { hash: hex });
    check.classList.toggle("error", !ok);
    check.dataset.verified = ok ? "yes" : "no";
    check.hidden = false;
  } catch (_) { /* not a secure context: the line above says how to check by hand */ }
}

function renderFairness() {
  const s = room.state;
  $("room-commitment").replaceChildren(t("online_commitment"), " ", el("code", { id: "room-commitment-hash" }, s.commitment || "–"));
  const revealed = s.seed !== undefined && s.seed !== null;
  $("room-seed").hidden = !revealed;
  $("room-check").hidden = !revealed;
  if (revealed) {
    $("room-seed").replaceChildren(t("online_seed"), " ", el("code", { id: "room-seed-value" }, String(s.seed)), " · ", t("online_salt"), " ", el("code", { id: "room-salt-value" }, String(s.salt)));
    $("room-check").textContent = t("online_check", { salt: s.salt, seed: s.seed });
    verify(s);
  } else {
    $("room-verified").hidden = true;
  }
}

function renderResult() {
  const s = room.state;
  const box = $("room-result");
  box.replaceChildren();
  if (s.status !== "over") {
    box.hidden = true;
    return;
  }
  box.append(el("p", { id: "room-result-text" }, resultText(s) || t("game_over")));
  const b = balances(s);
  if (b) {
    const table = el("table", { class: "marks", id: "room-balances" }, el("caption", {}, t("online_settlement")));
    b.forEach((v, i) => table.append(el("tr", { "data-interest": String(i) }, el("th", { scope: "row" }, v.label),
      el("td", { "data-balance": String(v.jetons) }, t("online_jetons", { n: v.jetons > 0 ? `+${v.jetons}` : String(v.jetons) })))));
    box.append(table);
  }
  box.hidden = false;
}

function renderDraw() {
  const s = room.state;
  const tafl = s.view && s.view.game === "tafl";
  const playing = s.status === "playing" && seated() && tafl;
  const offer = s.draw_offer && typeof s.draw_offer === "object" ? s.draw_offer.seat : s.draw_offer;
  const offered = offer !== null && offer !== undefined && offer !== false;
  $("room-offer-draw").hidden = !playing || offered;
  $("room-accept-draw").hidden = !playing || !offered || offer === s.seat;
  $("room-decline-draw").hidden = !playing || !offered || offer === s.seat;
  const text = $("room-draw-offer");
  text.hidden = !offered || s.status !== "playing";
  if (offered) text.textContent = offer === s.seat ? t("online_draw_yours") : Number.isInteger(offer) ? t("online_draw_offered", { seat: seatName(offer) }) : t("online_draw_offered", { seat: "" });
}

function render() {
  const s = room.state;
  const view = s.view;
  const body = document.body.dataset;
  body.room = s.room || room.id;
  body.roomSeq = String(s.seq);
  body.roomStatus = s.status || "";
  body.roomSeat = seated() ? String(s.seat) : "";
  body.roomBusy = room.waiting ? "yes" : "no";
  if (view) {
    if (view.game !== room.game || !room.board) {
      room.game = view.game;
      room.controller = controllerFor(view.game);
      // One board for the room's page, whatever the room: its listeners stay on the
      // container, only the game it asks changes.
      if (!roomBoard) roomBoard = new Board($("room-board"), room.controller);
      roomBoard.game = room.controller;
      roomBoard.mark(null, []);
      room.board = roomBoard;
      $("room-board").setAttribute("aria-label", t("board_label"));
    }
    room.board.show(view.svg);
    room.controller.reset();
    room.pendingText = null;
    $("room-pending").hidden = true;
    $("room-info").replaceChildren(view.table ? tableInfo(view) : info(view));
    body.roomPosition = (view.info && view.info.position) || "";
    $("room-legal").replaceChildren(...(view.legal || []).slice(0, 400).map((a) => el("option", { value: a.text })));
  }
  const mine = myTurn();
  body.roomMine = mine ? "yes" : "no";
  question($("room-question"), mine ? view : null, (text) => act(text));
  $("room-status").textContent = statusText();
  const playing = s.status === "playing";
  $("room-move-form").hidden = !seated() || !playing || !view || view.game === "sugoroku";
  $("room-throw").hidden = !(mine && view.game === "sugoroku");
  $("room-resign").hidden = !seated() || !playing;
  $("room-leave").hidden = !seated() || s.status !== "open";
  $("room-spectator").hidden = seated();
  renderSeats();
  renderDraw();
  renderClocks();
  renderResult();
  renderFairness();
  const over = s.status === "over";
  $("room-download").hidden = false;
  $("room-download").href = api.roomRecordUrl(room.id);
  $("room-download").setAttribute("download", `${(view && view.game) || s.game || "game"}-${room.id}.txt`);
  $("room-replay").hidden = !over;
  body.roomOver = over ? "yes" : "no";
}

/** The move list from the room's record, asked at most every half second (the states carry no history). */
function refreshLog() {
  if (room.logTimer) return;
  room.logTimer = setTimeout(async () => {
    room.logTimer = null;
    const id = room.id;
    try {
      const response = await fetch(api.roomRecordUrl(id));
      if (!response.ok || room.id !== id) return;
      const record = await response.text();
      if (room.id !== id) return;
      recordLog($("room-log"), record);
    } catch (_) { /* the next state asks again */ }
  }, 500);
}

function logSteps(steps) {
  const log = $("room-log");
  for (const step of steps) {
    if (!step || typeof step.text !== "string") continue;
    const who = step.actor === "dice" ? t("dice") : Number.isInteger(step.seat) ? seatLabel(step.seat) : step.name ? t(step.name) : "";
    const li = el("li", {}, el("b", {}, who), " ", step.text);
    if (step.comment) li.append(el("span", { class: "comment" }, ` — ${step.comment}`));
    log.append(li);
  }
  while (log.children.length > 300) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// ---- entering and leaving the page of a room ----

/** The room of this page's address (`/online/{id}`), or null. */
export function roomOfPath(path = location.pathname) {
  const m = path.match(/^\/online\/([A-Za-z0-9_-]{1,64})\/?$/);
  return m ? m[1] : null;
}

/** Forgets the room's data attributes (what the tests and the style read of the room shown). */
function clearDataset() {
  for (const k of ["room", "roomSeq", "roomStatus", "roomSeat", "roomMine", "roomOver", "roomBusy", "roomPosition", "roomConnection", "roomRefusals"]) delete document.body.dataset[k];
}

/** Opens the page of room `id`: its invitation link, then the socket. */
export function openRoom(id, ui, { invite } = {}) {
  // The socket of the room shown before (this one's too: a new hello) is closed first.
  if (room.id) disconnect();
  clearDataset();
  room.ui = ui;
  room.id = id;
  room.state = null;
  room.closing = false;
  room.retry = 0;
  room.board = null;
  room.game = null;
  $("room-board").replaceChildren();
  $("room-log").replaceChildren();
  $("room-seats").replaceChildren();
  $("room-result").hidden = true;
  $("room").classList.remove("missing");
  $("room-status").textContent = t("online_connecting");
  if (location.pathname !== `/online/${id}`) history.pushState({ room: id }, "", `/online/${id}`);
  $("room-invite").value = invite || `${location.origin}/online/${id}`;
  ui.showSection("room");
  connect();
  clearInterval(room.clockTimer);
  room.clockTimer = setInterval(() => { if (room.state && room.state.status === "playing") renderClocks(); }, 250);
}

/** Closes the socket of the room shown (the page goes elsewhere). */
export function closeRoom() {
  if (!room.id) return;
  disconnect();
  room.id = null;
  room.state = null;
  clearDataset();
  if (roomOfPath()) history.pushState({}, "", "/");
}

async function copyInvite() {
  const input = $("room-invite");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (_) {
    // Without the clipboard's permission (a page not served over https): the old way.
    input.select();
    document.execCommand("copy");
  }
  room.ui.message(t("online_copied"));
}

/** Wires the room page's buttons and forms (once). */
export function initRoom(ui) {
  room.ui = ui;
  $("room-copy").addEventListener("click", () => copyInvite());
  $("room-resign").addEventListener("click", simple("resign"));
  $("room-offer-draw").addEventListener("click", simple("offer_draw"));
  $("room-accept-draw").addEventListener("click", simple("accept_draw"));
  $("room-decline-draw").addEventListener("click", simple("decline_draw"));
  $("room-throw").addEventListener("click", () => act("throw"));
  $("room-leave").addEventListener("click", () => {
    if (send({ type: "leave" })) keepToken(room.id, null);
  });
  $("room-move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("room-move-input").value.trim();
    if (!text && room.pendingText) return act(room.pendingText);
    if (!text || !room.controller) return;
    $("room-move-input").value = "";
    act(room.controller.understand(text) || text);
  });
  $("room-replay").addEventListener("click", async () => {
    try {
      const response = await fetch(api.roomRecordUrl(room.id));
      if (!response.ok) throw new Error(`${response.status}`);
      const record = await response.text();
      ui.openReplay(record);
    } catch (e) {
      ui.message(ui.errorText(e), true);
    }
  });
  // The page's interface in the console (and for the browser tests): the room as last
  // received, and a message of the protocol sent on this page's own socket.
  window.bgRoom = {
    state: () => room.state,
    send: (message) => send(message),
    reconnect: () => room.socket && room.socket.close(),
  };
}

/** Redraws the room in the language now chosen. */
export function relabelRoom() {
  if (room.state) render();
}
