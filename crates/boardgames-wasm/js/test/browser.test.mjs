// The package's web build loaded in a real browser (Debian's chromium, headless; CHROMIUM
// names another): a small page (js/browser/index.html) served by this test plays games of
// tests/expected.json and posts their records back. Without chromium the test fails, saying
// so: it is never skipped (scripts/test-all installs Debian's chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.BOARDGAMES_PKG ?? join(here, "..", "..", "pkg");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

test("the web build plays the native games in headless chromium", { timeout: 120_000 }, async () => {
  assert.ok(existsSync(chromium), `no chromium at ${chromium}: install Debian's chromium, or set CHROMIUM`);
  let resolveResult;
  const result = new Promise((r) => (resolveResult = r));
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/result") {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        res.end("ok");
        resolveResult(JSON.parse(body));
      });
      return;
    }
    let file;
    if (req.url === "/") file = join(here, "..", "browser", "index.html");
    else if (req.url === "/expected.json") file = join(here, "..", "..", "tests", "expected.json");
    else if (req.url.startsWith("/pkg/web/")) file = join(pkg, "web", normalize(req.url.slice("/pkg/web/".length)).replace(/^(\.\.[/\\])+/, ""));
    if (!file || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("content-type", types[file.slice(file.lastIndexOf("."))] ?? "application/octet-stream");
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const profile = mkdtempSync(join(tmpdir(), "boardgames-chromium-"));
  // Its own process group (detached), so that the renderers and helpers it starts are
  // stopped with it before its profile is removed.
  const browser = spawn(chromium, [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    `--user-data-dir=${profile}`,
    `http://127.0.0.1:${server.address().port}/`,
  ], { stdio: "ignore", detached: true });
  const crashed = new Promise((_, reject) => browser.once("error", reject));
  try {
    const got = await Promise.race([result, crashed]);
    assert.equal(got.failure, undefined, got.failure);
    assert.equal(got.results.length, 7);
    console.log(`chromium: ${got.results.length} games replayed`);
    for (const r of got.results) {
      assert.equal(r.record, r.expected);
      assert.match(r.error, /the game is over/);
      assert.equal(r.svg, 1);
    }
  } finally {
    const exited = new Promise((r) => browser.once("exit", r));
    try {
      process.kill(-browser.pid, "SIGTERM");
    } catch {
      browser.kill();
    }
    await exited;
    server.close();
    // A helper of chromium may still be closing a file of the profile: retried, and a
    // profile left in the system's temporary folder is no failure of the package.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      console.log(`# the profile ${profile} was not removed: ${e.message}`);
    }
  }
});
