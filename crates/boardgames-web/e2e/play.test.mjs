// End-to-end: each game played to its end in Debian's chromium (headless) by clicks on the
// board against a bot; a reload in the middle; an illegal click and an illegal typed move
// refused with the message shown; the French page; a tafl game played with the keyboard
// alone; a record downloaded and replayed by `boardgames replay` to the same end; a broken
// record and an oversized upload refused on the replay page.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, startBrowser, openPage, startGame, idle, status, binary } from "./helpers.mjs";
import { clickKey, keysOf, targets, selectAny } from "./moves.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A seeded choice among a list (the tests' games are the same on every run). */
function chooser(seed) {
  let s = seed >>> 0;
  return (list) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return list[s % list.length];
  };
}

/** One decision of trictrac by clicks: tenir or s'en aller, nothing to play, or a play dame by dame. */
async function trictracTurn(page, colour, pick) {
  const question = page.locator("#question:not([hidden]) button");
  if (await question.count()) {
    await question.first().click();
    return;
  }
  const seq = (await status(page)).seq;
  for (let i = 0; i < 3 && (await status(page)).seq === seq; i++) {
    const mine = await keysOf(page, `circle.dame.${colour}`);
    const move = await selectAny(page, mine.filter((k) => k !== "off"), pick);
    assert.ok(move, "one of my dames has a destination");
    await clickKey(page, move.to);
    await idle(page);
  }
}

/** One decision of tafl by clicks. */
async function taflTurn(page, pieces, pick) {
  const mine = await keysOf(page, pieces);
  const move = await selectAny(page, mine, pick);
  assert.ok(move, "one of my pieces has a destination");
  await clickKey(page, move.to);
  await idle(page);
}

test("a partie of trictrac to 1 trou, played by clicks against the bot to its end", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "trictrac", bot: "bot", options: { trous: 1 }, seed: 11 });
  const pick = chooser(11);
  for (let turns = 0; turns < 400; turns++) {
    const s = await status(page);
    if (s.over) break;
    assert.equal(s.turn, "person", s.text);
    await trictracTurn(page, "white", pick);
  }
  const s = await status(page);
  assert.ok(s.over, `the partie ended: ${s.text}`);
  assert.match(s.text, /You win!|You lose\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a game of tafl (Brandubh), played by clicks against the Bard to its end, then replayed by the CLI", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "tafl", bot: "bard", options: { rules: "brandubh" }, seed: 5 });
  const pick = chooser(5);
  for (let plies = 0; plies < 300; plies++) {
    const s = await status(page);
    if (s.over) break;
    await taflTurn(page, "circle.piece.attacker", pick);
  }
  const s = await status(page);
  assert.ok(s.over, `the game ended: ${s.text}`);
  // The record downloaded replays in the CLI to the same end.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const dir = mkdtempSync(join(tmpdir(), "boardgames-record-"));
  const file = join(dir, "game.txt");
  await download.saveAs(file);
  const replay = spawnSync(binary(), ["replay", file, "--json"], { encoding: "utf8" });
  assert.equal(replay.status, 0, replay.stderr);
  const json = JSON.parse(replay.stdout);
  assert.equal(json.legal, true);
  const result = readFileSync(file, "utf8").match(/\[Result "([^"]+)"\]/)[1];
  assert.equal(json.final_state, await page.evaluate(() => document.body.dataset.position));
  assert.match(json.result, result === "1-0" ? /^attackers win/ : result === "0-1" ? /^defenders win/ : /^draw/);
  const won = s.text === "You win!";
  // The person attacked: first player.
  assert.equal(result, won ? "1-0" : s.text === "Draw." ? "1/2-1/2" : "0-1");
  const seq = (await status(page)).seq;
  assert.equal(json.actions, seq, "as many actions as the page played");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a game of sugoroku, thrown by clicks to its end", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "sugoroku", seed: 2 });
  for (let throws = 0; throws < 3000; throws++) {
    const s = await status(page);
    if (s.over) break;
    await page.click("#throw");
    await idle(page);
  }
  const s = await status(page);
  assert.ok(s.over, s.text);
  const phases = await page.locator("#info").textContent();
  assert.match(phases, /phase 2: taking/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a reload in the middle of a game goes on where it was", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "tafl", bot: "bard", seed: 3 });
  const pick = chooser(3);
  await taflTurn(page, "circle.piece.attacker", pick);
  await taflTurn(page, "circle.piece.attacker", pick);
  const before = await status(page);
  const pieces = async () => [await keysOf(page, "circle.piece.attacker"), await keysOf(page, "circle.piece.defender"), await keysOf(page, "circle.piece.king")];
  const board = await pieces();
  const log = await page.locator("#log li").count();
  await page.reload();
  await page.waitForSelector("#play:not([hidden]) #board svg");
  await idle(page);
  const afterReload = await status(page);
  assert.equal(afterReload.seq, before.seq);
  assert.equal(afterReload.turn, "person");
  assert.deepEqual(await pieces(), board);
  assert.ok(log >= 4);
  // It goes on: one more move.
  await taflTurn(page, "circle.piece.attacker", pick);
  assert.ok((await status(page)).seq > before.seq);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an illegal click and an illegal typed move are refused with the message shown, nothing changed", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "tafl", bot: "bard", seed: 4 });
  const seq = (await status(page)).seq;
  // c1 is an attacker of Fidchell; d4 holds the king: not a destination.
  await clickKey(page, "c1");
  assert.ok((await targets(page)).length > 0);
  await clickKey(page, "d4");
  const m = page.locator("#message");
  await m.waitFor({ state: "visible" });
  assert.match(await m.textContent(), /d4: not a legal destination/);
  assert.equal((await status(page)).seq, seq);
  // A defender's square is not ours.
  await clickKey(page, "e5");
  await clickKey(page, "e5");
  assert.match(await m.textContent(), /e5 has no piece of yours|not a legal destination/);
  // Typed: refused by the rules crate, its reason shown.
  await page.fill("#move-input", "a1-a2");
  await page.click("#move-form button[type=submit]");
  await idle(page);
  await page.waitForFunction(() => /Illegal move/.test(document.getElementById("message").textContent));
  assert.equal((await status(page)).seq, seq);
  // A rules string the crate refuses.
  await page.click("#new");
  await page.check("input[name=game][value=tafl]");
  await page.fill("input[name=rules]", "dim:7 start:/nonsense/");
  await page.click("#setup-form button[type=submit]");
  await page.waitForFunction(() => /Refused: rules:/.test(document.getElementById("message").textContent));
  assert.ok(await page.locator("#setup").isVisible());
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the page in French for a browser that prefers French, switchable to English", async () => {
  const fr = await startBrowser();
  try {
    const page = await fr.context.newPage();
    await page.context().setExtraHTTPHeaders({ "accept-language": "fr-FR,fr" });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "languages", { get: () => ["fr-FR", "fr"] });
      localStorage.setItem("bg.anim", "0");
    });
    await page.goto(server.url);
    await page.waitForSelector("#setup-form select[name=bot1] option", { state: "attached" });
    assert.equal(await page.locator("h1").textContent(), "Jeux de tables : trictrac, tafl, sugoroku");
    assert.equal(await page.locator("html").getAttribute("lang"), "fr");
    await page.selectOption("select[name=bot1]", "tdsearchbot");
    assert.match(await page.locator("#bot1-desc").textContent(), /le plus fort/);
    await page.fill("input[name=trous]", "1");
    await page.fill("input[name=seed]", "7");
    await page.click("#setup-form button[type=submit]");
    await page.waitForSelector("#play:not([hidden]) #board svg");
    await idle(page);
    assert.equal(await page.locator("#status").textContent(), "À vous de jouer");
    assert.equal(await page.locator("#undo").textContent(), "Reprendre");
    await page.click("#lang");
    assert.equal(await page.locator("#status").textContent(), "Your move");
    assert.equal(await page.locator("html").getAttribute("lang"), "en");
  } finally {
    await fr.close();
  }
});

/** The keys to press to go from square `a` to square `b` on the board's grid. */
function path(a, b) {
  const keys = [];
  const df = b.charCodeAt(0) - a.charCodeAt(0);
  const dr = Number(b.slice(1)) - Number(a.slice(1));
  for (let i = 0; i < Math.abs(df); i++) keys.push(df > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(dr); i++) keys.push(dr > 0 ? "ArrowUp" : "ArrowDown");
  return keys;
}

async function focused(page) {
  return page.evaluate(() => document.activeElement?.dataset?.square || null);
}

test("a game of tafl played with the keyboard alone", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "tafl", bot: "bard", side: 1, options: { rules: "brandubh" }, seed: 9 });
  // Tab to the board: the focus lands on one of its squares.
  for (let i = 0; i < 30 && !(await focused(page)); i++) await page.keyboard.press("Tab");
  assert.ok(await focused(page), "the board takes the focus");
  const pick = chooser(9);
  for (let plies = 0; plies < 300; plies++) {
    const s = await status(page);
    if (s.over) break;
    const seq = s.seq;
    const mine = await keysOf(page, "circle.piece.defender, circle.piece.king");
    let moved = false;
    for (const from of mine) {
      for (const k of path(await focused(page), from)) await page.keyboard.press(k);
      assert.equal(await focused(page), from);
      await page.keyboard.press("Enter");
      const t = await targets(page);
      if (!t.length) continue;
      const to = pick(t);
      for (const k of path(from, to)) await page.keyboard.press(k);
      await page.keyboard.press("Enter");
      await idle(page);
      moved = true;
      break;
    }
    assert.ok(moved, "a move was found");
    assert.ok((await status(page)).seq > seq);
    // The focus stays on the board after the bot's answer.
    if (!(await focused(page))) {
      for (let i = 0; i < 30 && !(await focused(page)); i++) await page.keyboard.press("Tab");
    }
  }
  assert.ok((await status(page)).over);
  // Squares are labelled for screen readers.
  const label = await page.locator('#board .hit[data-square="d4"]').getAttribute("aria-label");
  assert.match(label, /^d4/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the replay page opens a record, and refuses a broken record and an oversized file", async () => {
  const page = await openPage(browser.context, server.url);
  await page.click("#nav-replay");
  const game = '[Game "Tafl"]\n[Rules "brandubh"]\n[Result "*"]\n\n1. d2-c2\n2. c4-c5\n3. b4-b5\n';
  await page.fill("#replay-text", game);
  await page.click("#replay-form button[type=submit]");
  await page.waitForSelector("#replay-view:not([hidden]) svg");
  assert.equal(await page.locator("#r-counter").textContent(), "0 / 3");
  await page.click("#r-next");
  await page.waitForFunction(() => document.getElementById("r-counter").dataset.k === "1");
  await page.click("#r-last");
  await page.waitForFunction(() => document.getElementById("r-counter").dataset.k === "3");
  // A broken record: the illegal action named.
  await page.fill("#replay-text", '[Game "Tafl"]\n[Rules "brandubh"]\n\n1. d2-c2\n2. a1-a2\n');
  await page.click("#replay-form button[type=submit]");
  await page.waitForFunction(() => /cannot be read: action 2 \(a1-a2\)/.test(document.getElementById("message").textContent));
  // An oversized file is refused before it is sent.
  const dir = mkdtempSync(join(tmpdir(), "boardgames-big-"));
  const big = join(dir, "big.txt");
  writeFileSync(big, "x".repeat(5 << 20));
  await page.setInputFiles("#replay-file", big);
  await page.click("#replay-form button[type=submit]");
  await page.waitForFunction(() => /larger than/.test(document.getElementById("message").textContent));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a second game of another kind in the same page answers each click once", async () => {
  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "sugoroku", seed: 2 });
  await page.click("#throw");
  await idle(page);
  await page.click("#new");
  await startGame(page, { game: "tafl", bot: "bard", seed: 3 });
  const seq = (await status(page)).seq;
  await taflTurn(page, "circle.piece.attacker", chooser(3));
  // The move and the Bard's answer, and no other game's action (a throw) sent with it.
  assert.equal((await status(page)).seq, seq + 2);
  assert.ok(await page.locator("#message").isHidden(), await page.locator("#message").textContent());
  assert.deepEqual(page.errors, []);
  await page.close();
});
