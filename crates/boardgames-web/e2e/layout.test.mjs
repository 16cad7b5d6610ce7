// End-to-end: the colours of every text of the page meet WCAG AA contrast (4.5:1), and the
// page works on a phone: 360 pixels wide, nothing wider than the screen, a move played by
// touch.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startServer, startBrowser, openPage, startGame, idle, status, lowContrast } from "./helpers.mjs";
import { keysOf, centre } from "./moves.mjs";

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

test("every text of the page meets WCAG AA contrast, in each view", async () => {
  const page = await openPage(browser.context, server.url);
  assert.deepEqual(await lowContrast(page), [], "the form");
  await startGame(page, { game: "trictrac", bot: "bot", seed: 1, options: { trous: 1 } });
  await page.click("#hint");
  await page.waitForSelector("#hint-box:not([hidden])");
  assert.deepEqual(await lowContrast(page), [], "a trictrac game with a hint");
  // An error message.
  await page.fill("#move-input", "B1-B2 B1-B3");
  await page.click("#move-form button[type=submit]");
  await page.waitForSelector("#message:not([hidden])");
  assert.deepEqual(await lowContrast(page), [], "an error shown");
  await page.click("#nav-replay");
  assert.deepEqual(await lowContrast(page), [], "the replay view");
  // The form's mode "Play online" (a table of three, its seats), and the account's forms.
  await page.click("#nav-play");
  await page.click("#new");
  await page.check("input[name=game][value=ecrire]");
  await page.check("input[name=mode][value=online]");
  await page.selectOption("select[name=tableForm]", "tourner");
  assert.equal(await page.locator("#online-seats select").count(), 3);
  assert.deepEqual(await lowContrast(page), [], "the online form");
  await page.click("#nav-account");
  await page.waitForSelector("#account:not([hidden])");
  assert.deepEqual(await lowContrast(page), [], "the account's forms");
  await page.close();
});

test("the form shows only the options of the chosen game and mode", async () => {
  const page = await openPage(browser.context, server.url);
  const shown = (id) => page.locator(`#${id}`).isVisible();
  // Trictrac against a bot, the form's start: its own options, no other game's, no room.
  await page.check("input[name=game][value=trictrac]");
  await page.check("input[name=mode][value=play]");
  assert.equal(await shown("opts-trictrac"), true);
  for (const id of ["opts-ecrire", "opts-tafl", "opts-sugoroku", "opts-online", "bot2-label"]) {
    assert.equal(await shown(id), false, id);
  }
  // Tafl: its rules only.
  await page.check("input[name=game][value=tafl]");
  assert.equal(await shown("opts-tafl"), true);
  for (const id of ["opts-trictrac", "opts-ecrire", "opts-sugoroku"]) {
    assert.equal(await shown(id), false, id);
  }
  // Watching two bots shows the second bot; playing online shows the room.
  await page.check("input[name=mode][value=watch]");
  assert.equal(await shown("bot2-label"), true);
  await page.check("input[name=mode][value=online]");
  assert.equal(await shown("opts-online"), true);
  await page.close();
});

test("on a phone 360 pixels wide nothing is wider than the screen, and a move is played by touch", async () => {
  const profile = mkdtempSync(join(tmpdir(), "boardgames-phone-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = await openPage(context, server.url);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await width()) <= 360, `the form is ${await width()} pixels wide`);
    await startGame(page, { game: "tafl", bot: "bard", seed: 3 });
    assert.ok((await width()) <= 360, `the game is ${await width()} pixels wide`);
    const seq = (await status(page)).seq;
    let played = false;
    for (const k of await keysOf(page, "circle.piece.attacker")) {
      const a = await centre(page, k);
      await page.touchscreen.tap(a.x, a.y);
      const t = await page.evaluate(() => [...document.querySelectorAll("#board .target-dot")].map((d) => d.dataset.target));
      if (!t.length) continue;
      const b = await centre(page, t[0]);
      await page.touchscreen.tap(b.x, b.y);
      await idle(page);
      played = true;
      break;
    }
    assert.ok(played);
    assert.ok((await status(page)).seq > seq, "the move and the bot's answer");
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
