// Accounts (optional; docs/online.md): register, log in, log out, change the password, and
// the account's finished games (each with its record and its replay) and its rating per
// game. The session is an HttpOnly cookie the page never reads; what changes something
// carries the session's CSRF token (`GET /api/account`'s `csrf`) in `X-CSRF-Token`.

import * as api from "./api.js";
import { t } from "./i18n.js";
import { el } from "./panel.js";

const $ = (id) => document.getElementById(id);

let current = null;
let ui = null;

/** The account logged in (`GET /api/account`), or null. */
export function account() {
  return current;
}

/** Asks the server who is logged in (401: nobody), then redraws. */
export async function refreshAccount() {
  try {
    current = await api.account();
    api.setCsrf(current.csrf);
  } catch (e) {
    // 401: nobody is logged in; 404: a server without accounts.
    if (!(e instanceof api.ApiError) || (e.status !== 401 && e.status !== 404)) ui?.message(ui.errorText(e), true);
    current = null;
    api.setCsrf(null);
  }
  render();
  ui?.accountChanged(current);
  return current;
}

/** The ratings as a list of {game, rating, games}, whatever their shape (list, or by game). */
function ratingsOf(a) {
  const r = a.ratings;
  if (Array.isArray(r)) return r;
  if (!r || typeof r !== "object") return [];
  return Object.keys(r).sort().map((game) => {
    const v = r[game];
    return typeof v === "number" ? { game, rating: v } : { game, ...v };
  });
}

function gameWords(game) {
  const key = `g_${game}`;
  const words = t(key);
  return words === key ? game : words;
}

/** Won, lost or drawn, from the room's result (`{end, seat, scores}`, stored as JSON text) and the account's seat. */
function resultWords(g) {
  let r = g.result;
  if (typeof r === "string") {
    try { r = JSON.parse(r); } catch (_) { return r; }
  }
  if (!r || !Array.isArray(r.scores) || !Number.isInteger(g.seat)) return "";
  const score = r.scores[g.seat];
  return score === 1 ? t("account_won") : score === 0 ? t("account_lost") : score === 0.5 ? t("account_drawn") : "";
}

function renderGames(a) {
  const games = Array.isArray(a.games) ? a.games : [];
  $("account-no-games").hidden = games.length > 0;
  $("account-games").replaceChildren(...games.map((g) => {
    const id = g.room || g.id;
    const when = g.finished_ms ? new Date(g.finished_ms).toLocaleDateString(document.documentElement.lang) : "";
    const replay = el("button", { type: "button", "data-room": id }, t("open_replay"));
    replay.addEventListener("click", async () => {
      try {
        const response = await fetch(api.roomRecordUrl(id));
        if (!response.ok) throw new Error(`${response.status}`);
        ui.openReplay(await response.text());
      } catch (e) {
        ui.message(ui.errorText(e), true);
      }
    });
    const opponents = Array.isArray(g.opponents) ? g.opponents.join(", ") : g.opponent || "";
    return el("li", { "data-room": id },
      el("b", {}, gameWords(g.game)), when ? ` · ${when}` : "", opponents ? ` · ${t("account_against", { names: opponents })}` : "",
      resultWords(g) ? ` · ${resultWords(g)}` : "", " ",
      el("a", { href: api.roomRecordUrl(id), download: `${g.game}-${id}.txt`, class: "record" }, t("download")), " ",
      replay, " ",
      el("a", { href: `/online/${id}` }, t("account_room")));
  }));
}

function render() {
  const a = current;
  $("account-out").hidden = !!a;
  $("account-in").hidden = !a;
  $("nav-account").textContent = a ? a.name : t("nav_account");
  document.body.dataset.account = a ? a.name : "";
  if (!a) return;
  $("account-name").textContent = t("account_logged_in", { name: a.name });
  const ratings = ratingsOf(a);
  $("account-no-ratings").hidden = ratings.length > 0;
  $("account-ratings").hidden = !ratings.length;
  $("account-ratings-body").replaceChildren(...ratings.map((r) => el("tr", { "data-game": r.game },
    el("th", { scope: "row" }, gameWords(r.game)), el("td", {}, String(Math.round(r.rating))), el("td", {}, r.games === undefined ? "" : String(r.games)))));
  renderGames(a);
}

/** A form's submit: its fields to `send`, then the account again; `done` says so in words. */
function onSubmit(id, send, done) {
  const form = $(id);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    ui.message("");
    try {
      const answer = await send(form);
      if (answer && answer.csrf) api.setCsrf(answer.csrf);
      form.reset();
      await refreshAccount();
      ui.message(done);
    } catch (err) {
      ui.message(ui.errorText(err), true);
    }
  });
}

/** Wires the account's forms (once) and asks who is logged in. */
export function initAccount(shared) {
  ui = shared;
  onSubmit("register-form", (f) => api.register(f.username.value.trim(), f.password.value), t("account_registered"));
  onSubmit("login-form", (f) => api.login(f.username.value.trim(), f.password.value), t("account_logged_in_msg"));
  onSubmit("password-form", (f) => {
    if (f.new.value !== f.again.value) throw new api.ApiError("mismatch", t("account_mismatch"), 0);
    return api.changePassword(f.old.value, f.new.value);
  }, t("account_password_changed"));
  $("logout").addEventListener("click", async () => {
    try {
      await api.logout();
    } catch (e) {
      ui.message(ui.errorText(e), true);
      return;
    }
    api.setCsrf(null);
    await refreshAccount();
    ui.message(t("account_logged_out"));
  });
  return refreshAccount();
}

/** Shows the account's page, asked again (a game may have ended since). */
export async function showAccount() {
  ui.showSection("account");
  await refreshAccount();
}

/** Redraws in the language now chosen. */
export function relabelAccount() {
  render();
}
