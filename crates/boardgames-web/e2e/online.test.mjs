// End-to-end, online play (docs/online.md) in Debian's chromium, each test with a
// `boardgames serve` of its own on a SQLite file of its own: two browser contexts play a
// whole Fidchell game through the server by clicks on the board while a third watches (every
// move shown, no legal move, its crafted action refused), and the seed revealed matches the
// commitment; a table of three (the last seat taken from the lobby) plays a partie à tourner
// to its settlement; accounts through the page (register, log out, log in, the password
// changed, the finished game listed, the Elo of both accounts); a page whose socket closes,
// or that reloads, gets its seat back.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startServer, openPage, binary, lowContrast } from "./helpers.mjs";
import { centre } from "./moves.mjs";

/** A server on a SQLite file of its own, and one chromium with `n` separate contexts (their own storage and cookies). */
async function setup(n) {
  const dir = mkdtempSync(join(tmpdir(), "boardgames-online-"));
  const server = await startServer(["--database", `sqlite://${join(dir, "online.sqlite")}`]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const contexts = [];
  for (let i = 0; i < n; i++) contexts.push(await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true }));
  return {
    server,
    contexts,
    close: async () => {
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A seeded choice among a list (the tests' games are the same on every run). */
function chooser(seed) {
  let s = seed >>> 0;
  return (list) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return list[(s >>> 8) % list.length];
  };
}

/** The room page's state: its data attributes and the state last received. */
function room(page) {
  return page.evaluate(() => {
    const d = document.body.dataset;
    const s = window.bgRoom && window.bgRoom.state();
    return {
      id: d.room, seq: Number(d.roomSeq), status: d.roomStatus, seat: d.roomSeat === "" || d.roomSeat === undefined ? null : Number(d.roomSeat),
      mine: d.roomMine === "yes", over: d.roomOver === "yes", position: d.roomPosition, refusals: Number(d.roomRefusals || 0),
      connection: d.roomConnection, legal: s && s.view ? s.view.legal : [], text: document.getElementById("room-status").textContent,
    };
  });
}

/** Waits until the room page satisfies `f(room)` (evaluated in the page on its data attributes). */
async function waitRoom(page, predicate, arg, timeout = 30000) {
  await page.waitForFunction(predicate, arg, { timeout, polling: 25 });
}

const seqAtLeast = (page, seq) => waitRoom(page, (n) => Number(document.body.dataset.roomSeq) >= n, seq);

/** Fills the form's mode "Play online" and creates the room; resolves to its id and invitation link. */
async function createRoom(page, { game, options = {}, table, seats, name, clock, isPublic = false }) {
  await page.check(`input[name=game][value=${game}]`);
  await page.check("input[name=mode][value=online]");
  for (const [field, value] of Object.entries(options)) await page.fill(`[name=${field}]`, String(value));
  if (table) await page.selectOption("select[name=tableForm]", table);
  for (const [i, choice] of seats.entries()) await page.selectOption(`select[name=seat${i}]`, choice);
  if (clock) {
    await page.check("input[name=clock]");
    await page.fill("input[name=clockMain]", String(clock.main));
    await page.fill("input[name=clockInc]", String(clock.increment));
  }
  if (isPublic) await page.check("input[name=public]");
  else await page.uncheck("input[name=public]");
  if (name && await page.locator("input[name=guestName]").isVisible()) await page.fill("input[name=guestName]", name);
  await page.click("#setup-form button[type=submit]");
  await page.waitForSelector("#room:not([hidden])");
  await waitRoom(page, () => document.body.dataset.roomStatus !== undefined && document.body.dataset.roomSeat !== undefined && document.body.dataset.roomSeat !== "");
  const id = await page.evaluate(() => document.body.dataset.room);
  assert.equal(new URL(page.url()).pathname, `/online/${id}`);
  const invite = await page.inputValue("#room-invite");
  assert.match(invite, new RegExp(`/online/${id}$`));
  return { id, invite };
}

/** Opens the invitation link and takes seat `seat` by the room page's own button. */
async function joinByLink(context, url, invite, seat, name) {
  const page = await openRoomPage(context, url, invite);
  if (name) await page.fill("#room-name", name);
  await page.click(`#room-join-buttons button[data-seat="${seat}"]`);
  await waitRoom(page, (s) => document.body.dataset.roomSeat === String(s), seat);
  return page;
}

/** A page of the room's link (animations off, English). */
async function openRoomPage(context, url, link) {
  const page = await openPage(context, url);
  await page.goto(link);
  await page.waitForSelector("#room:not([hidden])");
  await waitRoom(page, () => document.body.dataset.roomSeq !== undefined);
  return page;
}

/** Clicks square `from` then square `to` on the room's board. */
async function clickMove(page, from, to) {
  for (const key of [from, to]) {
    const c = await centre(page, key, "#room-board");
    await page.mouse.click(c.x, c.y);
  }
}

test("two contexts play a whole Fidchell game through the server by clicks, a third watches every move and cannot act", { timeout: 180000 }, async () => {
  const { server, contexts, close } = await setup(3);
  try {
    const alice = await openPage(contexts[0], server.url);
    const { id, invite } = await createRoom(alice, { game: "tafl", options: { rules: "fidchell" }, seats: ["me", "open"], name: "Alice" });
    const bob = await joinByLink(contexts[1], server.url, invite, 1, "Bob");
    const watcher = await openRoomPage(contexts[2], server.url, invite);
    assert.ok(await watcher.locator("#room-spectator").isVisible(), "the third page says it watches");
    await waitRoom(alice, () => document.body.dataset.roomStatus === "playing");
    const names = await watcher.locator("#room-seats li").allTextContents();
    assert.match(names[0], /Attackers: Alice/);
    assert.match(names[1], /Defenders: Bob/);
    const commitment = (await watcher.locator("#room-commitment-hash").textContent()).trim();
    assert.match(commitment, /^[0-9a-f]{64}$/, "the commitment is shown from the start");

    const pick = chooser(47);
    const players = [alice, bob];
    let refusedOnce = false;
    for (let ply = 0; ply < 400; ply++) {
      const [a, b] = [await room(alice), await room(bob)];
      if (a.over) break;
      const mover = a.mine ? alice : b.mine ? bob : null;
      assert.ok(mover, `one of the two players is to move at ${a.seq}: ${a.text} / ${b.text}`);
      const before = mover === alice ? a : b;
      const other = mover === alice ? bob : alice;
      assert.equal((await room(other)).legal.length, 0, "the other seat has no legal move");
      // A capture when there is one (the game ends in some tens of plies), else any move.
      const captures = before.legal.filter((m) => m.captures.length);
      const move = pick(captures.length ? captures : before.legal);
      if (!refusedOnce && ply === 3) {
        // The spectator's crafted action, on its page's own socket: refused, nothing changed.
        await watcher.evaluate((text) => window.bgRoom.send({ type: "act", seq: window.bgRoom.state().seq, action: text }), move.text);
        await waitRoom(watcher, () => Number(document.body.dataset.roomRefusals || 0) >= 1);
        assert.match(await watcher.locator("#message").textContent(), /Refused|spectator/i);
        assert.equal((await room(watcher)).seq, before.seq);
        assert.equal((await room(mover)).seq, before.seq);
        refusedOnce = true;
      }
      if (ply === 5) {
        // A draw offered by the mover's button, shown to the other, declined by its button.
        await mover.click("#room-offer-draw");
        await waitRoom(other, (n) => Number(document.body.dataset.roomSeq) === n + 1, before.seq);
        assert.match(await other.locator("#room-draw-offer").textContent(), /offers a draw/);
        assert.ok(await mover.locator("#room-offer-draw").isHidden(), "one offer at a time");
        await other.click("#room-decline-draw");
        for (const p of [...players, watcher]) await seqAtLeast(p, before.seq + 2);
        assert.ok(await other.locator("#room-draw-offer").isHidden());
        before.seq += 2;
      }
      await clickMove(mover, move.from, move.to);
      for (const p of [...players, watcher]) await seqAtLeast(p, before.seq + 1);
      // The spectator shows the move: the same position, no legal move, not its turn.
      const [m, w] = [await room(mover), await room(watcher)];
      assert.equal(w.seq, m.seq);
      assert.equal(w.position, m.position, `the spectator's board at ${w.seq}`);
      assert.equal(w.legal.length, 0);
      assert.equal(w.mine, false);
    }
    assert.ok(refusedOnce, "the spectator tried to act");
    for (const p of [alice, bob, watcher]) {
      await waitRoom(p, () => document.body.dataset.roomStatus === "over");
      const result = await p.locator("#room-result-text").textContent();
      assert.match(result, /win|Winner|Draw/, "a result on every page");
    }
    const [ra, rb] = [await alice.locator("#room-result-text").textContent(), await bob.locator("#room-result-text").textContent()];
    assert.ok(/You win!/.test(ra) !== /You win!/.test(rb) || (/Draw/.test(ra) && /Draw/.test(rb)), `${ra} / ${rb}`);

    // The seed revealed gives the commitment (computed here), and the page checked it too.
    await watcher.waitForSelector("#room-seed:not([hidden])");
    const seed = (await watcher.locator("#room-seed-value").textContent()).trim();
    const salt = (await watcher.locator("#room-salt-value").textContent()).trim();
    assert.equal(createHash("sha256").update(`boardgames-room-seed:${salt}:${seed}`).digest("hex"), commitment);
    await watcher.waitForSelector("#room-verified[data-verified=yes]");
    assert.deepEqual(await lowContrast(watcher), [], "the room's page at the end");
    assert.match(await watcher.locator("#room-check").textContent(), /boardgames replay/);

    // The record, with its Seed tag, replays in the CLI to the position on the pages.
    const record = await (await fetch(`${server.url}/api/rooms/${id}/record`)).text();
    assert.ok(record.includes(`[Seed "${seed}"]`), record.slice(0, 400));
    const dir = mkdtempSync(join(tmpdir(), "boardgames-room-record-"));
    const file = join(dir, "room.txt");
    writeFileSync(file, record);
    const replay = spawnSync(binary(), ["replay", file, "--json"], { encoding: "utf8" });
    rmSync(dir, { recursive: true, force: true });
    assert.equal(replay.status, 0, replay.stderr);
    const json = JSON.parse(replay.stdout);
    assert.equal(json.legal, true);
    assert.equal(json.final_state, (await room(watcher)).position);
    for (const p of [alice, bob, watcher]) assert.deepEqual(p.errors, []);
  } finally {
    await close();
  }
});

/** Makes the page act by itself whenever its seat is to act: a legal action, by the protocol's message on its own socket. */
function autoplay(page, seed) {
  return page.evaluate((seed) => {
    let s = seed >>> 0;
    let sent = -1;
    window.bgAutoplay = setInterval(() => {
      const st = window.bgRoom.state();
      if (!st || st.status !== "playing" || !st.view || !st.view.legal || !st.view.legal.length || sent === st.seq) return;
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const legal = st.view.legal;
      sent = st.seq;
      window.bgRoom.send({ type: "act", seq: st.seq, action: legal[(s >>> 8) % legal.length].text });
    }, 15);
  }, seed);
}

test("a table of three plays a partie à tourner of 3 marqués to its settlement, the balances shown", { timeout: 200000 }, async () => {
  const { server, contexts, close } = await setup(3);
  try {
    const a = await openPage(contexts[0], server.url);
    const { id, invite } = await createRoom(a, { game: "ecrire", options: { marques: 3 }, table: "tourner", seats: ["me", "open", "open"], name: "Anne", isPublic: true });
    assert.equal(await a.locator("#room-seats li").count(), 3);
    // An open seat is said once ("Seat B: open"), not "open · open" (issue 47's review).
    assert.deepEqual((await a.locator("#room-seats li").allTextContents()).slice(1), ["Seat B: open", "Seat C: open"]);
    const b = await joinByLink(contexts[1], server.url, invite, 1, "Basile");
    // The third takes the last seat from the lobby, where the public room is listed.
    const c = await openPage(contexts[2], server.url);
    await c.click("#nav-online");
    await c.fill("#lobby-name", "Claire");
    await c.waitForSelector(`#lobby-rooms li[data-room="${id}"]`);
    // The lobby says the room's options, not only its game (issue 47's review).
    assert.equal(await c.locator(`#lobby-rooms li[data-room="${id}"] .lobby-options`).textContent(), "Marqués: 3 · Convention: base");
    assert.deepEqual(await lowContrast(c), [], "the lobby");
    await c.click(`#lobby-rooms li[data-room="${id}"] button[data-seat="2"]`);
    await c.waitForSelector("#room:not([hidden])");
    await waitRoom(c, () => document.body.dataset.roomSeat === "2");
    await waitRoom(a, () => document.body.dataset.roomStatus === "playing");
    const pages = [a, b, c];
    for (const [i, p] of pages.entries()) await autoplay(p, 100 + i);
    for (const p of pages) await waitRoom(p, () => document.body.dataset.roomStatus === "over", undefined, 170000);
    // The settlement read from the page: a balance per seat, the same on the three pages,
    // summing to zero (what one pays another receives), not all zero after 3 marqués.
    const balances = (p) => p.evaluate(() => [...document.querySelectorAll("#room-balances td[data-balance]")].map((td) => Number(td.dataset.balance)));
    const shown = await balances(a);
    assert.equal(shown.length, 3, "three balances");
    assert.deepEqual(await balances(b), shown);
    assert.deepEqual(await balances(c), shown);
    assert.equal(shown.reduce((x, y) => x + y, 0), 0, `the balances ${shown} sum to zero`);
    assert.ok(shown.some((x) => x !== 0), "someone won something");
    const rows = await a.locator("#room-balances tr").allTextContents();
    assert.match(rows.join("\n"), /Anne[\s\S]*Basile[\s\S]*Claire/);
    for (const p of pages) assert.deepEqual(p.errors, []);
  } finally {
    await close();
  }
});

/** Submits one of the account page's forms with its fields. */
async function accountForm(page, form, fields) {
  for (const [name, value] of Object.entries(fields)) await page.fill(`#${form} [name=${name}]`, value);
  await page.click(`#${form} button[type=submit]`);
}

test("accounts through the page: register, log out, log in, change the password, the game listed and rated", { timeout: 120000 }, async () => {
  const { server, contexts, close } = await setup(2);
  try {
    const alice = await openPage(contexts[0], server.url);
    await alice.click("#nav-account");
    await accountForm(alice, "register-form", { username: "alice", password: "correct horse" });
    await alice.waitForSelector("#account-in:not([hidden])");
    assert.match(await alice.locator("#account-name").textContent(), /alice/);
    assert.equal(await alice.locator("#nav-account").textContent(), "alice");
    // Log out, then in again; a wrong password is refused in words.
    await alice.click("#logout");
    await alice.waitForSelector("#account-out:not([hidden])");
    await accountForm(alice, "login-form", { username: "alice", password: "wrong password" });
    await alice.waitForSelector("#message.error:not([hidden])");
    await accountForm(alice, "login-form", { username: "alice", password: "correct horse" });
    await alice.waitForSelector("#account-in:not([hidden])");
    // The password changed: the old one no longer logs in, the new one does.
    await accountForm(alice, "password-form", { old: "correct horse", new: "battery staple", again: "battery staple" });
    await alice.waitForFunction(() => /password is changed/.test(document.getElementById("message").textContent));
    await alice.click("#logout");
    await alice.waitForSelector("#account-out:not([hidden])");
    await accountForm(alice, "login-form", { username: "alice", password: "correct horse" });
    await alice.waitForSelector("#message.error:not([hidden])");
    await accountForm(alice, "login-form", { username: "alice", password: "battery staple" });
    await alice.waitForSelector("#account-in:not([hidden])");
    assert.equal(await alice.locator("#account-games li").count(), 0);

    const bob = await openPage(contexts[1], server.url);
    await bob.click("#nav-account");
    await accountForm(bob, "register-form", { username: "bob", password: "bob's password" });
    await bob.waitForSelector("#account-in:not([hidden])");

    // A game between the two accounts: Alice (attackers) moves, Bob resigns.
    await alice.click("#nav-play");
    const { id, invite } = await createRoom(alice, { game: "tafl", options: { rules: "fidchell" }, seats: ["me", "open"] });
    const bobRoom = await joinByLink(contexts[1], server.url, invite, 1);
    await waitRoom(alice, () => document.body.dataset.roomMine === "yes");
    const names = await alice.locator("#room-seats li").allTextContents();
    assert.match(names[0], /alice/);
    assert.match(names[1], /bob/);
    const first = (await room(alice)).legal[0];
    await clickMove(alice, first.from, first.to);
    await waitRoom(bobRoom, () => document.body.dataset.roomMine === "yes");
    await bobRoom.click("#room-resign");
    await waitRoom(alice, () => document.body.dataset.roomStatus === "over");
    assert.match(await alice.locator("#room-result-text").textContent(), /You win!/);

    // Listed in "my games" with its record and its replay; Elo K = 24 from 1500: ±12.
    await alice.click("#nav-account");
    await alice.waitForSelector(`#account-games li[data-room="${id}"]`);
    const link = await alice.locator(`#account-games li[data-room="${id}"] a.record`).getAttribute("href");
    assert.equal(link, `/api/rooms/${id}/record`);
    assert.equal(await alice.locator('#account-ratings-body tr[data-game="tafl"] td').first().textContent(), "1512");
    await alice.click(`#account-games li[data-room="${id}"] button`);
    await alice.waitForSelector("#replay-view:not([hidden]) svg");
    assert.match(await alice.locator("#r-counter").textContent(), /^0 \/ [1-9]/);
    await bob.click("#nav-account");
    await bob.waitForSelector(`#account-games li[data-room="${id}"]`);
    assert.deepEqual(await lowContrast(bob), [], "the account's page");
    assert.equal(await bob.locator('#account-ratings-body tr[data-game="tafl"] td').first().textContent(), "1488");
    for (const p of [alice, bob, bobRoom]) assert.deepEqual(p.errors, []);
  } finally {
    await close();
  }
});

test("a page whose socket closes, or that reloads, gets its seat back and plays on", { timeout: 120000 }, async () => {
  const { server, contexts, close } = await setup(1);
  try {
    const page = await openPage(contexts[0], server.url);
    const { id } = await createRoom(page, { game: "tafl", options: { rules: "brandubh" }, seats: ["me", "bard"], name: "Rémi" });
    await waitRoom(page, () => document.body.dataset.roomMine === "yes");
    const play = async () => {
      const r = await room(page);
      const move = r.legal[0];
      await clickMove(page, move.from, move.to);
      // The move, then the Bard's answer.
      await waitRoom(page, (n) => Number(document.body.dataset.roomSeq) >= n + 2 && document.body.dataset.roomMine === "yes", r.seq);
      return room(page);
    };
    // A move the rules refuse, typed: refused in words, nothing changed.
    const start = await room(page);
    await page.fill("#room-move-input", "a1-a2");
    await page.click("#room-move-form button[type=submit]");
    await page.waitForFunction(() => /Illegal move/.test(document.getElementById("message").textContent));
    await waitRoom(page, () => document.body.dataset.roomMine === "yes");
    assert.equal((await room(page)).seq, start.seq);
    const once = await play();
    // The socket closed under the page: it reconnects by itself with the same token.
    await page.evaluate(() => window.bgRoom.reconnect());
    await waitRoom(page, () => document.body.dataset.roomConnection === "online_reconnecting" || document.body.dataset.roomConnection === "online_connecting");
    await waitRoom(page, () => document.body.dataset.roomConnection === "online_connected" && document.body.dataset.roomSeat === "0");
    const back = await room(page);
    assert.equal(back.seq, once.seq);
    assert.equal(back.position, once.position);
    const twice = await play();
    // A reload: the page keeps {room -> token}, the seat comes back with the game as it is.
    await page.reload();
    await page.waitForSelector("#room:not([hidden])");
    await waitRoom(page, () => document.body.dataset.roomSeat === "0" && document.body.dataset.roomMine === "yes");
    const reloaded = await room(page);
    assert.equal(reloaded.id, id);
    assert.equal(reloaded.seq, twice.seq);
    assert.equal(reloaded.position, twice.position);
    assert.match(await page.locator('#room-seats li[data-seat="0"]').textContent(), /Rémi · present/);
    const thrice = await play();
    assert.ok(thrice.seq > reloaded.seq);
    // In French, and on a phone 360 pixels wide: nothing wider than the screen.
    await page.click("#lang");
    assert.equal(await page.locator("#room-status").textContent(), "À vous de jouer");
    assert.match(await page.locator('#room-seats li[data-seat="0"]').textContent(), /Rémi · présent/);
    await page.setViewportSize({ width: 360, height: 740 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, "the room's page fits a phone");
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});

test("a game of dice alone thrown by hand online, and a tafl clock counted down in the page", { timeout: 120000 }, async () => {
  const { server, contexts, close } = await setup(1);
  try {
    // Sugoroku against the dice's bot: the page's button throws for its seat.
    const page = await openPage(contexts[0], server.url);
    await createRoom(page, { game: "sugoroku", seats: ["me", "random"], name: "Sei" });
    for (let i = 0; i < 5; i++) {
      await waitRoom(page, () => document.body.dataset.roomMine === "yes");
      assert.equal(await page.locator("#room-status").textContent(), "Your throw: throw the dice");
      const seq = (await room(page)).seq;
      await page.click("#room-throw");
      await seqAtLeast(page, seq + 1);
    }
    assert.match(await page.locator("#room-info").textContent(), /White: phase/);
    // Brandubh with a clock of 5 minutes and 2 seconds a move against the Bard.
    await page.click("#nav-play");
    await createRoom(page, { game: "tafl", options: { rules: "brandubh" }, seats: ["me", "bard"], clock: { main: 5, increment: 2 } });
    await waitRoom(page, () => document.body.dataset.roomMine === "yes");
    const clock = (seat) => page.locator(`#room-clocks .clock[data-seat="${seat}"]`);
    assert.equal(await page.locator("#room-clocks .clock").count(), 2);
    assert.match(await clock(0).getAttribute("class"), /running/);
    assert.doesNotMatch(await clock(1).getAttribute("class"), /running/);
    const seconds = async (seat) => {
      const [m, s] = (await clock(seat).locator("b").textContent()).split(":").map(Number);
      return m * 60 + s;
    };
    const before = await seconds(0);
    assert.ok(before <= 300 && before >= 290, `5 minutes at the start: ${before} s`);
    await page.waitForTimeout(2200);
    const later = await seconds(0);
    assert.ok(later < before, `the running clock counts down: ${before} s then ${later} s`);
    assert.equal(await seconds(1), 300, "the other clock stands");
    const r = await room(page);
    await clickMove(page, r.legal[0].from, r.legal[0].to);
    await waitRoom(page, (n) => Number(document.body.dataset.roomSeq) >= n + 2 && document.body.dataset.roomMine === "yes", r.seq);
    // The move took the time spent and added 2 seconds; the Bard's clock ran, then got its 2.
    const after = await seconds(0);
    assert.ok(after <= later + 2 && after >= later - 10, `${later} s, then ${after} s after the move`);
    assert.ok(await seconds(1) <= 302);
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});

test("a link to a room the server does not have says so, and shows nothing of a room", { timeout: 60000 }, async () => {
  const { server, contexts, close } = await setup(1);
  try {
    const page = await openPage(contexts[0], server.url);
    await page.goto(`${server.url}/online/0123456789abcdef0123456789abcdef`);
    await page.waitForFunction(() => document.getElementById("room-status").textContent === "There is no such room on this server.", null, { timeout: 20000 });
    // Issue 47's review: the invitation box, "Seats", the record's link (a 404) and "Moves"
    // were shown under it, and the sentence twice.
    for (const id of ["room-connection", "room-invite-box", "room-seats", "room-download", "room-log", "room-fairness"]) {
      assert.equal(await page.locator(`#${id}`).isVisible(), false, id);
    }
    // Another room opened afterwards from the same page shows its panel again.
    await page.click("#nav-play");
    await createRoom(page, { game: "tafl", options: { rules: "brandubh" }, seats: ["me", "open"], name: "Ann" });
    for (const id of ["room-invite-box", "room-seats", "room-download"]) assert.ok(await page.locator(`#${id}`).isVisible(), id);
    assert.deepEqual(page.errors, []);
  } finally {
    await close();
  }
});
