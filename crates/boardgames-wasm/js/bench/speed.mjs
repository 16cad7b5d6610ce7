// The Node.js half of scripts/bench-wasm: the work of examples/speed.rs on the package,
// timed the same way (wall clock around the same loops), printed as JSON.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.BOARDGAMES_PKG ?? join(here, "..", "..", "pkg");
const { Bot, SugorokuGame, TaflGame, TrictracGame, deriveSeed } = await import(join(pkg, "index.mjs"));

const PARTIES = 20;
const SUGOROKU_GAMES = 10_000;
const now = () => performance.now() / 1000;

// Each section is run five times and timed the last time: V8 compiles WebAssembly first with
// its baseline compiler and optimises a hot function only after it has run for a while, so
// the first runs of a short section time the compilers (examples/speed.rs does the same).
const ROUNDS = 5;
let result;
for (let round = 0; round < ROUNDS; round++) result = run();
console.log(JSON.stringify(result));

function run() {
  let t = now();
  const perftNodes = new TaflGame("brandubh").perft(5);
  const perftS = now() - t;

  let decisions = 0;
  let tdS = 0;
  for (let s = 1; s <= PARTIES; s++) {
    const game = new TrictracGame(s, { trous: 1 });
    const random = new Bot("trictrac", "random", deriveSeed(s, 1));
    const td = new Bot("trictrac", "tdbot", 0);
    while (!game.isTerminal()) {
      if (game.turn === "chance") {
        game.applyChance();
      } else {
        t = now();
        game.botAction(td);
        tdS += now() - t;
        decisions++;
        game.apply(game.botAction(random));
      }
    }
    game.free();
    random.free();
    td.free();
  }

  t = now();
  let actions = 0;
  for (let s = 1; s <= PARTIES; s++) {
    const game = new TrictracGame(s);
    const a = new Bot("trictrac", "random", deriveSeed(s, 1));
    const b = new Bot("trictrac", "random", deriveSeed(s, 2));
    actions += game.playOut(a, b, 1_000_000);
    game.free();
    a.free();
    b.free();
  }
  const partieS = now() - t;

  t = now();
  let sugorokuThrows = 0;
  // Sugoroku has no decision: its bots are never asked, and one pair serves every game.
  const [r1, r2] = [new Bot("sugoroku", "random", 1), new Bot("sugoroku", "random", 2)];
  for (let s = 0; s < SUGOROKU_GAMES; s++) {
    const game = new SugorokuGame("", s);
    sugorokuThrows += game.playOut(r1, r2);
    game.free();
  }
  const sugorokuS = now() - t;

  return {
    perft_nodes: perftNodes,
    perft_s: perftS,
    td_decisions: decisions,
    td_s: tdS,
    partie_actions: actions,
    partie_s: partieS,
    sugoroku_games: SUGOROKU_GAMES,
    sugoroku_throws: sugorokuThrows,
    sugoroku_s: sugorokuS,
  };
}
