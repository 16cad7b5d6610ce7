// The screenshots of docs/web.md (docs/web/*.png), taken in headless chromium from a
// server of its own: `node crates/boardgames-web/e2e/screenshots.mjs` (after
// `cargo build -p boardgames-cli`). Seeded games: the same pictures on every run.

import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { startServer, startBrowser, openPage, startGame, idle, status, repo } from "./helpers.mjs";
import { clickKey, keysOf, targets } from "./moves.mjs";

const out = join(repo, "docs", "web");
mkdirSync(out, { recursive: true });

async function firstWithTargets(page, keys) {
  for (const k of keys) {
    await clickKey(page, k);
    if ((await targets(page)).length) return k;
  }
  return null;
}

const server = await startServer();
const browser = await startBrowser();
try {
  const page = await openPage(browser.context, server.url);
  await page.screenshot({ path: join(out, "setup.png") });

  // Trictrac against the strongest bot, a few plays in, a dame selected.
  await startGame(page, { game: "trictrac", bot: "tdsearchbot", seed: 12 });
  for (let i = 0; i < 5; i++) {
    const q = page.locator("#question:not([hidden]) button");
    if (await q.count()) { await q.first().click(); await idle(page); continue; }
    const from = await firstWithTargets(page, await keysOf(page, "circle.dame.white"));
    await clickKey(page, (await targets(page))[0]);
    await idle(page);
    if ((await status(page)).seq === 0 || !from) break;
  }
  await firstWithTargets(page, (await keysOf(page, "circle.dame.white")).reverse());
  await page.click("#hint");
  await page.waitForSelector("#hint-box:not([hidden])");
  await idle(page);
  await page.screenshot({ path: join(out, "trictrac.png"), fullPage: true });

  // Tafl: Fidchell against the Ovate, some moves in, a piece selected.
  await page.click("#new");
  await startGame(page, { game: "tafl", bot: "ovate", seed: 8 });
  let s = 3;
  for (let i = 0; i < 9; i++) {
    const keys = await keysOf(page, "circle.piece.attacker");
    await firstWithTargets(page, keys.slice(s % keys.length).concat(keys.slice(0, s % keys.length)));
    const t = await targets(page);
    await clickKey(page, t[s % t.length]);
    await idle(page);
    s = (s * 7 + 5) % 97;
    if ((await status(page)).over) break;
  }
  await firstWithTargets(page, await keysOf(page, "circle.piece.attacker"));
  await page.screenshot({ path: join(out, "tafl.png"), fullPage: true });

  // Sugoroku: into its second phase.
  await page.click("#new");
  await startGame(page, { game: "sugoroku", seed: 6 });
  for (let i = 0; i < 40; i++) {
    if ((await status(page)).over) break;
    await page.click("#throw");
    await idle(page);
  }
  await page.screenshot({ path: join(out, "sugoroku.png"), fullPage: true });

  // The partie à écrire watched between two bots, once its first marqué is settled.
  await page.click("#new");
  await startGame(page, { game: "ecrire", bot: "bot", watch: true, bot2: "bot", seed: 5, options: { marques: 4 } });
  await page.fill("#speed", "0");
  await page.waitForFunction(() => /Marqué 2 of 4/.test(document.getElementById("info").textContent), null, { timeout: 240000 });
  await page.click("#pause");
  await idle(page);
  await page.evaluate(() => { for (const d of document.querySelectorAll("#info details")) d.open = true; });
  await page.screenshot({ path: join(out, "ecrire.png"), fullPage: true });

  // The replay of a record.
  await page.click("#new");
  await startGame(page, { game: "tafl", bot: "bard", watch: true, bot2: "bard", seed: 4, options: { rules: "brandubh" } });
  await page.fill("#speed", "0");
  await page.waitForFunction(() => document.body.dataset.over === "yes", null, { timeout: 120000 });
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem("bg.current")).record);
  await page.screenshot({ path: join(out, "watch.png"), fullPage: true });
  await page.click("#nav-replay");
  await page.fill("#replay-text", record);
  await page.click("#replay-form button[type=submit]");
  await page.waitForSelector("#replay-view:not([hidden]) svg");
  for (let i = 0; i < 12; i++) await page.click("#r-next");
  await page.waitForFunction(() => document.getElementById("r-counter").dataset.k === "12");
  await page.screenshot({ path: join(out, "replay.png"), fullPage: true });
  await page.close();

  // A phone, 360 pixels wide, in French.
  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 360, height: 780 });
  await phone.addInitScript(() => { localStorage.setItem("bg.lang", "fr"); localStorage.setItem("bg.anim", "0"); localStorage.removeItem("bg.current"); });
  await phone.goto(server.url);
  await phone.waitForSelector("#setup-form select[name=bot1] option", { state: "attached" });
  await startGame(phone, { game: "tafl", bot: "bard", seed: 2 });
  await firstWithTargets(phone, await keysOf(phone, "circle.piece.attacker"));
  await phone.screenshot({ path: join(out, "phone-fr.png") });
  await phone.close();
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
