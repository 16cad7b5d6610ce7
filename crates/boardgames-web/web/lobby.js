// Rooms before their game: the form's mode "Play online" (the game and its options as a
// local game has them; each seat open for a person, a bot, or the creator's; a table of the
// partie à écrire at three or four; a tafl clock; public or private), and the lobby of the
// public rooms with an open seat, where a guest takes one by a name (docs/online.md).

import * as api from "./api.js";
import { t } from "./i18n.js";
import { el } from "./panel.js";
import { keepToken, personName } from "./online.js";

const $ = (id) => document.getElementById(id);

/** The seats of a table form (trictrac-core's `TableForm::players`), 2 without one. */
const TABLE_SEATS = { "": 2, tourner: 3, chouette: 3, teams: 4, "tourner-4": 4 };

/** The sides of a game of two, in the order of its seats. */
function sideKeys(game) {
  return game === "tafl" ? ["attackers", "defenders"] : ["white", "black"];
}

function seatCount(form) {
  return form.game.value === "ecrire" ? TABLE_SEATS[form.tableForm.value] || 2 : 2;
}

function seatWords(form, i) {
  if (seatCount(form) > 2) {
    const letter = String.fromCharCode(65 + i);
    if (form.tableForm.value === "chouette") return t(i === 0 ? "seat_chouette" : "seat_allied", { letter });
    if (form.tableForm.value === "teams") return t("seat_team", { letter, team: i < 2 ? 1 : 2 });
    return t("seat_letter", { letter });
  }
  return t(`side_${sideKeys(form.game.value)[i]}`);
}

/** Redraws the online part of the form: the seats (keeping the choices made), the clock. */
export function refreshOnlineForm(form, catalog, account) {
  const online = form.mode.value === "online";
  $("opts-online").hidden = !online;
  $("seed-label").hidden = online;
  if (!online) {
    form.marques.step = "1";
    form.marques.min = "1";
    return;
  }
  const game = form.game.value;
  $("table-label").hidden = game !== "ecrire";
  $("clock-box").hidden = game !== "tafl";
  $("online-name-label").hidden = !!account;
  const entry = catalog.games.find((g) => g.key === game);
  const n = seatCount(form);
  // A table's marqués: a multiple of 3 à tourner, of 4 otherwise (trictrac-core's
  // `TableForm::check_marques`); the field steps by them and keeps a count that is one.
  const step = game === "ecrire" && n > 2 ? (form.tableForm.value === "tourner" ? 3 : 4) : 1;
  const marques = form.marques;
  marques.step = String(step);
  marques.min = String(step);
  const m = Number(marques.value) || step;
  if (m % step) marques.value = String(Math.max(step, Math.round(m / step) * step));
  const box = $("online-seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  const choices = ["me", "open", ...entry.bots];
  box.replaceChildren(...Array.from({ length: n }, (_, i) => {
    const select = el("select", { name: `seat${i}`, "data-seat": String(i) });
    const kept = before[i] && choices.includes(before[i]) ? before[i] : i === 0 ? "me" : "open";
    select.replaceChildren(...choices.map((c) => {
      const o = el("option", { value: c }, c === "me" ? t("seat_me") : c === "open" ? t("seat_open_person") : t("seat_bot_named", { bot: c }));
      if (c === kept) o.selected = true;
      return o;
    }));
    select.addEventListener("change", () => {
      // One seat is the creator's: choosing it here gives the other back to a person.
      if (select.value !== "me") return;
      for (const other of box.querySelectorAll("select")) if (other !== select && other.value === "me") other.value = "open";
    });
    return el("label", {}, el("span", {}, seatWords(form, i)), select);
  }));
  if (![...box.querySelectorAll("select")].some((s) => s.value === "me")) box.querySelector("select").value = "me";
}

/** The request `POST /api/rooms` of the form (the server's `NewRoom`, docs/online.md). */
export function roomSpecOf(form) {
  const game = form.game.value;
  const seats = [...$("online-seats").querySelectorAll("select")].map((s) => s.value);
  const spec = {};
  if (game === "ecrire" && seatCount(form) > 2) {
    spec.game = "table";
    spec.form = form.tableForm.value;
    spec.marques = Number(form.marques.value) || 3;
    spec.convention = form.convention.value;
  } else {
    spec.game = game;
    if (game === "trictrac") {
      spec.trous = Number(form.trous.value) || 12;
      spec.pavillon = form.pavillon.checked;
    } else if (game === "ecrire") {
      spec.marques = Number(form.marques.value) || 8;
      spec.convention = form.convention.value;
    } else if (game === "tafl") {
      spec.rules = form.rules.value;
      if (form.clock.checked) {
        spec.clock = { main_s: Math.round((Number(form.clockMain.value) || 0) * 60), increment_s: Math.round(Number(form.clockInc.value) || 0) };
      }
    } else if (game === "sugoroku") {
      spec.rules = form.srules.value;
    }
  }
  // The server's field is `seats` (docs/online.md wrote `players`): `open` or a bot's name,
  // the creator's own seat open (it takes it).
  spec.seats = seats.map((s) => (s === "me" ? "open" : s));
  spec.seat = Math.max(0, seats.indexOf("me"));
  spec.name = personName(form.guestName.value);
  spec.public = form.public.checked;
  return spec;
}

/** Creates the room of the form and opens its page; the creator's token is kept. */
export async function createRoom(form, ui) {
  const answer = await api.createRoom(roomSpecOf(form));
  keepToken(answer.room, answer.token);
  ui.openRoom(answer.room, { invite: answer.invite ? new URL(answer.invite, location.origin).href : undefined });
}

// ---- the lobby ----

function roomsOf(answer) {
  if (Array.isArray(answer)) return answer;
  if (answer && Array.isArray(answer.rooms)) return answer.rooms;
  return [];
}

/** A room of the lobby as {id, game, form, seats, rules, clock, marques, convention}: the summary's fields, or its stored row's. */
function entryOf(r) {
  const row = r.room && typeof r.room === "object" ? r.room : r;
  let spec = row.spec || r.spec || {};
  if (typeof spec === "string") {
    try { spec = JSON.parse(spec); } catch (_) { spec = {}; }
  }
  const pick = (k) => (r[k] !== undefined && r[k] !== null ? r[k] : spec[k]);
  return {
    id: row.id || r.room || r.id, game: row.game || r.game, form: r.form || spec.form, seats: r.seats || [],
    rules: pick("rules"), clock: pick("clock"), marques: pick("marques"), convention: pick("convention"),
  };
}

/** The longest rules string the lobby shows whole (an OpenTafl string is cut, its room's page has it all). */
const RULES_SHOWN = 40;

function gameWords(r) {
  const key = r.game === "table" ? "g_table" : `g_${r.game}`;
  return r.form ? `${t(key)} (${t(`table_${r.form.replace("-", "")}`)})` : t(key);
}

/** What a newcomer needs to choose a room besides its game: the rules, the marqués, the clock (main minutes + increment seconds). */
function optionWords(r) {
  const words = [];
  if (typeof r.rules === "string" && r.rules) words.push(r.rules.length > RULES_SHOWN ? `${r.rules.slice(0, RULES_SHOWN)}…` : r.rules);
  if (Number.isInteger(r.marques)) words.push(`${t("marques")}: ${r.marques}`);
  if (typeof r.convention === "string" && r.convention) words.push(`${t("convention")}: ${t(`conv_${r.convention}`)}`);
  if (r.clock && Number.isFinite(r.clock.main_s)) words.push(`${Math.round(r.clock.main_s / 60 * 10) / 10} min + ${r.clock.increment_s || 0} s`);
  return words.join(" · ");
}

/** The lobby's refresh while it is shown (every 15 s). */
let lobbyTimer = null;
const LOBBY_REFRESH_MS = 15000;

/** Lists the public rooms with an open seat, each open seat a button that takes it; asks again every 15 s while shown. */
export async function showLobby(ui) {
  ui.showSection("lobby");
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(() => {
    if ($("lobby").hidden) clearInterval(lobbyTimer);
    else listRooms(ui);
  }, LOBBY_REFRESH_MS);
  await listRooms(ui);
}

async function listRooms(ui) {
  const list = $("lobby-rooms");
  let rooms;
  try {
    rooms = roomsOf(await api.lobby());
  } catch (e) {
    ui.message(ui.errorText(e), true);
    return;
  }
  $("lobby-empty").hidden = rooms.length > 0;
  list.replaceChildren(...rooms.map(entryOf).map((r) => {
    const id = r.id;
    const seats = r.seats.map((s, k) => {
      const i = Number.isInteger(s.seat) ? s.seat : k;
      if (s.kind !== "open") return el("li", {}, `${String.fromCharCode(65 + i)}: ${s.name || ""}${s.kind === "bot" ? ` (${t("seat_bot")})` : ""}`);
      const b = el("button", { type: "button", class: "primary", "data-room": id, "data-seat": String(i) }, t("online_join_seat", { letter: String.fromCharCode(65 + i) }));
      b.addEventListener("click", () => joinFromLobby(id, i, ui));
      return el("li", {}, b);
    });
    return el("li", { class: "lobby-room", "data-room": id },
      el("b", {}, gameWords(r)), " ",
      ...(optionWords(r) ? [el("span", { class: "lobby-options" }, optionWords(r)), " "] : []),
      el("a", { href: `/online/${id}`, "data-watch": id }, t("online_watch")),
      el("ul", { class: "lobby-seats" }, ...seats));
  }));
}

async function joinFromLobby(id, seat, ui) {
  try {
    const answer = await api.joinRoom(id, seat, personName($("lobby-name").value));
    keepToken(id, answer.token);
    ui.openRoom(id);
  } catch (e) {
    ui.message(ui.errorText(e), true);
  }
}
