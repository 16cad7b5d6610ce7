// End-to-end: the colours of every text of the page meet WCAG AA contrast (4.5:1), and the
// page works on a phone: 360 pixels wide, nothing wider than the screen, a move played by
// touch.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startServer, startBrowser, openPage, startGame, idle, status } from "./helpers.mjs";
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

/** The texts of the page whose contrast with their background is under 4.5:1. */
function lowContrast(page) {
  return page.evaluate(() => {
    const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const bad = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || el.closest("svg") || !el.checkClientRects?.() && el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[hidden]") || el.closest(".visually-hidden")) continue;
      const fg = rgb(style.color).slice(0, 3);
      const [a, b] = [lum(fg), lum(background(el))].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) bad.push(`${el.tagName}.${el.className} "${n.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
    }
    return bad;
  });
}

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
