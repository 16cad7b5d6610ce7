// What the end-to-end tests and the measurements share: a `boardgames serve` of its own on
// a free port (the system chooses it: `--port 0`, the address read from the server's first
// line), and Debian's chromium, headless, driven by playwright-core with a fresh profile.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, "..", "..", "..");

/** The `boardgames` binary: $BOARDGAMES_BIN, else the workspace's debug build. */
export function binary() {
  const bin = process.env.BOARDGAMES_BIN || join(repo, "target", "debug", "boardgames");
  if (!existsSync(bin)) throw new Error(`no boardgames binary at ${bin}: run cargo build -p boardgames-cli first`);
  return bin;
}

/**
 * Starts `boardgames serve --port 0` and `args`; resolves to { url, stop }. Without a
 * `--database` in `args`, online play's SQLite file is one of its own in a temporary
 * directory (not `boardgames.sqlite` where the tests run), removed by `stop`.
 */
export function startServer(args = []) {
  let dir = null;
  if (!args.includes("--database")) {
    dir = mkdtempSync(join(tmpdir(), "boardgames-db-"));
    args = [...args, "--database", `sqlite://${join(dir, "online.sqlite")}`];
  }
  const removeDir = () => { if (dir) rmSync(dir, { recursive: true, force: true }); };
  return new Promise((resolve, reject) => {
    const child = spawn(binary(), ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => { child.kill("SIGKILL"); reject(new Error(`the server did not start: ${out}${err}`)); }, 20000);
    child.stderr.on("data", (d) => { err += d; });
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        const url = m[1].replace(/\/$/, "");
        resolve({
          url,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null) { removeDir(); return done(); }
            child.once("exit", () => { removeDir(); done(); });
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 3000).unref();
          }),
        });
      }
    });
    child.once("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${err}`)); });
  });
}

/** Debian's chromium, headless, a fresh profile; resolves to { browser, close }. */
export async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "boardgames-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A fresh page of `url` with animations off (`bg.anim = 0`) and the language `lang`. */
export async function openPage(context, url, { lang = "en", anim = 0 } = {}) {
  const page = await context.newPage();
  await page.addInitScript(({ lang, anim }) => {
    if (!sessionStorage.getItem("bg.init")) {
      sessionStorage.setItem("bg.init", "1");
      localStorage.setItem("bg.lang", lang);
      localStorage.setItem("bg.anim", String(anim));
      localStorage.removeItem("bg.current");
    }
  }, { lang, anim });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.errors = errors;
  await page.goto(url);
  await page.waitForSelector("#setup-form select[name=bot1] option", { state: "attached" });
  return page;
}

/** Starts a game from the form. */
export async function startGame(page, { game, side = 0, bot, watch = false, bot2, seed, options = {} }) {
  await page.check(`input[name=game][value=${game}]`);
  await page.check(`input[name=mode][value=${watch ? "watch" : "play"}]`);
  if (!watch) await page.selectOption("select[name=side]", { index: side });
  if (bot) await page.selectOption("select[name=bot1]", bot);
  if (bot2) await page.selectOption("select[name=bot2]", bot2);
  for (const [name, value] of Object.entries(options)) {
    const el = page.locator(`[name=${name}]`);
    if ((await el.getAttribute("type")) === "checkbox") await (value ? el.check() : el.uncheck());
    else await el.fill(String(value));
  }
  if (seed !== undefined) await page.fill("input[name=seed]", String(seed));
  await page.click("#setup-form button[type=submit]");
  await page.waitForSelector("#play:not([hidden]) #board svg");
  await idle(page);
}

/** Waits until no request of the page is under way. */
export async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy !== "yes" && document.body.dataset.turn !== undefined);
}

/** The page's state: whose turn, whether over, the number of actions. */
export async function status(page) {
  return page.evaluate(() => ({ turn: document.body.dataset.turn, over: document.body.dataset.over === "yes", seq: Number(document.body.dataset.seq), text: document.getElementById("status").textContent }));
}

/** The texts of the page whose contrast with their background is under 4.5:1. */
export function lowContrast(page) {
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
