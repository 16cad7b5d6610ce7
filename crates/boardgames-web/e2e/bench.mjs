// The measurements of `boardgames serve` in headless chromium on this machine (run by
// scripts/web-bench with the release build; not a test: it asserts nothing but prints):
//
// - the page's first load: every byte the browser receives before the first game can be
//   started (the page, its scripts and style, the catalog), compressed as served;
// - from a click on a piece to its legal squares shown (painted): tafl and trictrac;
// - from a move to the bot's answer shown, per bot: the click on the destination to the
//   page waiting for the person's next move (the bot's thinking, the dice, the request,
//   the pictures drawn).
//
// Each figure is the median and the 95th percentile of its samples.

import { startServer, startBrowser, openPage, startGame, idle, status } from "./helpers.mjs";
import { clickKey, keysOf, targets, centre } from "./moves.mjs";

const MOVES = Number(process.env.BENCH_MOVES || 8);
const CLICKS = Number(process.env.BENCH_CLICKS || 60);

function quantiles(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, median: q(0.5), p95: q(0.95) };
}

const fmt = (q) => `median ${q.median.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms (n = ${q.n})`;

/** Bytes received for the first load, as the browser counts them (compressed bodies). */
async function firstLoad(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("#setup-form select[name=bot1] option", { state: "attached" });
  const entries = await page.evaluate(() => [
    ...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource"),
  ].map((e) => ({ name: e.name.replace(location.origin, ""), encoded: e.encodedBodySize, decoded: e.decodedBodySize, transfer: e.transferSize })));
  await page.close();
  return entries;
}

/** Times from a pointer press on the board to the destinations painted. */
async function clickToTargets(page, pieces) {
  await page.evaluate(() => {
    window.__bench = [];
    window.__observer?.disconnect();
    let t0 = 0;
    document.getElementById("board").addEventListener("pointerdown", () => { t0 = performance.now(); }, true);
    window.__observer = new MutationObserver((records) => {
      if (!t0) return;
      const added = records.some((r) => [...r.addedNodes].some((n) => n.classList && n.classList.contains("target-dot")));
      if (added) {
        const start = t0;
        t0 = 0;
        requestAnimationFrame(() => requestAnimationFrame(() => window.__bench.push(performance.now() - start)));
      }
    }).observe(document.getElementById("board"), { childList: true, subtree: true });
  });
  const keys = await keysOf(page, pieces);
  let done = 0;
  for (let i = 0; done < CLICKS && i < CLICKS * 4; i++) {
    const k = keys[i % keys.length];
    await clickKey(page, k);
    if ((await targets(page)).length) {
      done++;
      await clickKey(page, k); // unselect
    }
  }
  await page.waitForTimeout(100);
  return page.evaluate(() => window.__bench);
}

/** Times from the click on a destination to the page waiting for the person again (a
 * trictrac play is picked in two clicks: timed from the second). */
async function moveToAnswer(page, pieces, n) {
  const times = [];
  let s = 7;
  const waitAnswer = (seq) => page.waitForFunction((seq) => Number(document.body.dataset.seq) > seq && document.body.dataset.busy !== "yes"
    && (document.body.dataset.turn === "person" || document.body.dataset.over === "yes"), seq, { timeout: 120000 });
  for (let i = 0; i < n; i++) {
    const st = await status(page);
    if (st.over || st.turn !== "person") break;
    const seq = st.seq;
    const question = page.locator("#question:not([hidden]) button");
    if (await question.count()) {
      const t0 = Date.now();
      await question.first().click();
      await waitAnswer(seq);
      times.push(Date.now() - t0);
      continue;
    }
    for (let clicks = 0; clicks < 4; clicks++) {
      let move = null;
      for (const k of await keysOf(page, pieces)) {
        await clickKey(page, k);
        const t = await targets(page);
        if (t.length) { s = (s * 1103515245 + 12345) % 2147483648; move = t[s % t.length]; break; }
      }
      if (!move) break;
      const c = await centre(page, move);
      const t0 = Date.now();
      await page.mouse.click(c.x, c.y);
      const sent = await page.waitForFunction((seq) => document.body.dataset.busy === "yes" || Number(document.body.dataset.seq) > seq
        || !document.getElementById("pending").hidden, seq).then(() => page.evaluate(() => document.getElementById("pending").hidden));
      if (!sent) continue;
      await waitAnswer(seq);
      times.push(Date.now() - t0);
      break;
    }
  }
  return times;
}

const server = await startServer();
const browser = await startBrowser();
try {
  const load = await firstLoad(browser.context, server.url);
  const total = load.reduce((a, e) => a + e.encoded, 0);
  const raw = load.reduce((a, e) => a + e.decoded, 0);
  console.log(`first load: ${load.length} responses, ${total} bytes compressed (${raw} bytes uncompressed), goal <= 1 MB`);
  for (const e of load) console.log(`  ${e.name.padEnd(24)} ${String(e.encoded).padStart(7)} compressed ${String(e.decoded).padStart(7)} raw`);

  const page = await openPage(browser.context, server.url);
  await startGame(page, { game: "tafl", bot: "bard", seed: 1 });
  console.log(`click to legal squares, tafl (Fidchell): ${fmt(quantiles(await clickToTargets(page, "circle.piece.attacker")))}`);
  await page.close();
  const page2 = await openPage(browser.context, server.url);
  await startGame(page2, { game: "trictrac", bot: "bot", seed: 1 });
  console.log(`click to legal squares, trictrac: ${fmt(quantiles(await clickToTargets(page2, "circle.dame.white")))}`);
  await page2.close();

  const bots = [
    ["tafl", ["random", "mcts:1000", "expecti:2", "bard", "ovate", "druid"], "circle.piece.attacker", { rules: "fidchell" }],
    ["trictrac", ["random", "mcts:1000", "expecti:2", "bot", "searchbot", "tdbot", "tdsearchbot"], "circle.dame.white", {}],
  ];
  for (const [game, names, pieces, options] of bots) {
    for (const bot of names) {
      const p = await openPage(browser.context, server.url);
      await startGame(p, { game, bot, seed: 2, options });
      const times = await moveToAnswer(p, pieces, MOVES);
      console.log(`move to the bot's answer, ${game} ${bot}: ${fmt(quantiles(times))}`);
      await p.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
