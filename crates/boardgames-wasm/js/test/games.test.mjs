// The npm package under Node's own test runner: `node --test` over the built package
// (scripts/build-npm builds it into crates/boardgames-wasm/pkg; BOARDGAMES_PKG names another
// folder). Run by scripts/test-all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.BOARDGAMES_PKG ?? join(here, "..", "..", "pkg");
const bg = await import(join(pkg, "index.mjs"));
const { Bot, EcrireGame, SugorokuGame, TaflGame, TrictracGame, deriveSeed, taflPresets } = bg;

// The games the Rust test tests/expected.rs plays natively with play_game.
const expected = JSON.parse(readFileSync(join(here, "..", "..", "tests", "expected.json"), "utf8"));

function newGame(c) {
  switch (c.game) {
    case "tafl":
      return new TaflGame(c.setup, BigInt(c.seed));
    case "trictrac":
      return new TrictracGame(BigInt(c.seed), c.setup);
    case "ecrire":
      return new EcrireGame(BigInt(c.seed), c.setup);
    case "sugoroku":
      return new SugorokuGame(c.setup, c.seed);
  }
  throw new Error(`unknown game ${c.game}`);
}

function bots(c) {
  const seed = BigInt(c.seed);
  return [new Bot(c.game, c.agents[0], deriveSeed(seed, 1)), new Bot(c.game, c.agents[1], deriveSeed(seed, 2))];
}

/** Plays `game` to its end step by step: chance from its seed, decisions by the bots. */
function playStepByStep(game, [first, second]) {
  let steps = 0;
  while (!game.isTerminal()) {
    assert.ok(steps++ < 100_000, "the game does not end");
    if (game.turn === "chance") {
      const outcomes = game.chanceOutcomes().map((o) => o.action);
      const drawn = game.applyChance();
      assert.ok(outcomes.includes(drawn), `${drawn} is not among the outcomes`);
    } else {
      const legal = game.legalActions();
      const action = game.botAction(game.turn === "first" ? first : second);
      assert.ok(legal.includes(action), `${action} is not legal`);
      game.apply(action);
    }
  }
}

for (const c of expected) {
  const name = `${c.game} ${JSON.stringify(c.setup)} seed ${c.seed}: ${c.agents.join(" v ")}`;

  test(`${name}, step by step, is the native game`, () => {
    const game = newGame(c);
    playStepByStep(game, bots(c));
    assert.equal(game.record(), c.record);
    assert.deepEqual(game.returns(), c.returns);
    assert.equal(game.length, c.length);
  });

  test(`${name}, by playOut, is the native game; its record round-trips`, () => {
    const game = newGame(c);
    const [first, second] = bots(c);
    assert.equal(game.playOut(first, second), c.length);
    assert.equal(game.record(), c.record);
    const Class = game.constructor;
    const again = Class.fromRecord(game.record());
    assert.equal(again.record(), c.record);
    assert.equal(again.result(), game.result());
    assert.deepEqual(again.returns(), c.returns);
    first.free();
    second.free();
    game.free();
  });
}

test("every tafl preset and its OpenTafl rules string give the same game", () => {
  const presets = taflPresets();
  assert.deepEqual(presets, ["fidchell", "brandubh", "copenhagen", "tablut", "ard_ri"]);
  for (const preset of presets) {
    const game = new TaflGame(preset);
    const again = new TaflGame(game.rulesString());
    assert.ok(game.legalActions().length > 0);
    assert.deepEqual(again.legalActions(), game.legalActions());
    assert.equal(game.turn, "first");
    assert.match(game.svg(), /^<svg[\s\S]*<\/svg>\s*$/);
  }
  // Brandubh's attackers have 40 first moves (tafl-core's perft, depth 1).
  assert.equal(new TaflGame("brandubh").legalActions().length, 40);
  // perft: tafl-core's counts, and bounded work.
  // tafl-core/tests/perft.rs: Brandubh 40, 960, 39 512, 1 007 392.
  assert.deepEqual([1, 2, 3, 4].map((d) => new TaflGame("brandubh").perft(d)), [40, 960, 39512, 1_007_392]);
  assert.throws(() => new TaflGame("brandubh").perft(6), { message: "depth: expected an integer from 0 to 5, got the number 6" });
  assert.throws(() => new TaflGame("copenhagen").perft(5), { message: /from 0 to 4/ });
  // A preset with options.
  assert.ok(new TaflGame("copenhagen repetition:none").legalActions().length > 0);
});

test("chance: trictrac's primauté and throws, sugoroku's throws, with their probabilities", () => {
  const partie = new TrictracGame(1n);
  assert.equal(partie.turn, "chance");
  const outcomes = partie.chanceOutcomes();
  assert.equal(outcomes.length, 6);
  assert.ok(Math.abs(outcomes.reduce((s, o) => s + o.probability, 0) - 1) < 1e-12);
  const sugoroku = new SugorokuGame();
  const throws = sugoroku.chanceOutcomes();
  assert.equal(throws.length, 21);
  assert.ok(Math.abs(throws.reduce((s, o) => s + o.probability, 0) - 1) < 1e-12);
  // Without a seed the dice are the caller's.
  sugoroku.apply(throws[0].action);
  assert.equal(sugoroku.length, 1);
  assert.throws(() => sugoroku.applyChance(), { name: "Error", message: /no seed/ });
});

test("bad input throws an Error with the crate's message, and changes nothing", () => {
  const game = new TaflGame("brandubh");
  const before = game.record();
  assert.throws(() => game.apply("d1-d9"), (e) => e instanceof Error && /d1-d9/.test(e.message));
  assert.throws(() => game.apply("nonsense"), (e) => e instanceof Error && /nonsense/.test(e.message));
  assert.equal(game.record(), before);
  assert.throws(() => game.apply(42), { message: "action: expected a string, got the number 42" });
  assert.throws(() => game.apply(), { message: "action: expected a string, got undefined" });
  assert.throws(() => new TaflGame("no such rules"), { message: /^rules "no such rules": unknown ruleset/ });
  assert.throws(() => new TaflGame("dim:7 start:/x/"), Error);
  assert.throws(() => new TaflGame("brandubh", -1), { message: /seed: expected a seed/ });
  assert.throws(() => new TaflGame("brandubh", 1.5), { message: /seed: expected a seed/ });
  assert.throws(() => new TaflGame("brandubh", 2n ** 64n), { message: /seed: expected a seed/ });
  assert.throws(() => new SugorokuGame("return=sometimes"), { message: /return/ });
  assert.throws(() => new TrictracGame(1, { trous: 0 }), { message: /trous 0/ });
  assert.throws(() => new TrictracGame(1, { pavillon: "yes" }), { message: /options.pavillon: expected a boolean/ });
  assert.throws(() => new EcrireGame(1, { convention: "nope" }), { message: /options.convention "nope"/ });
  assert.throws(() => TaflGame.fromRecord("[Game \"Trictrac\"]\n\n1. 6-5\n"), Error);
  assert.throws(() => TaflGame.fromRecord("[Game \"Tafl\"\n"), Error);
  const record = expected[0].record.replace(/^1\. \S+/m, "1. d1-d9");
  assert.throws(() => TaflGame.fromRecord(record), { message: /d1-d9/ });
  assert.throws(() => TaflGame.fromRecord(expected[0].record.replace("[Result \"0-1\"]", "[Result \"1-0\"]")), Error);
  assert.throws(() => new Bot("trictrac", "druid"), { message: 'bot "druid": druid plays tafl only' });
  assert.throws(() => new Bot("tafl", "nobody"), { message: /^bot "nobody"/ });
  assert.throws(() => new Bot("chess", "random"), { message: /^game "chess"/ });
  assert.throws(() => new Bot("trictrac", "tdbot:weights.bin"), { message: /weights.bin/ });
  const tafl = new Bot("tafl", "random");
  assert.throws(() => new TrictracGame(1).botAction(new Bot("trictrac", "bot")), {
    message: "botAction: not a player's decision (the turn is chance)",
  });
  const partie = new TrictracGame(1);
  while (partie.turn === "chance") partie.applyChance();
  assert.throws(() => partie.botAction(tafl), { message: /plays tafl, not trictrac/ });
  assert.throws(() => partie.playOut(tafl, tafl), { message: /not the same bot twice/ });
});

test("every bot name of the registry plays its game", () => {
  const names = {
    tafl: ["random", "mcts:10", "bard", "ovate:500", "druid:500", "expecti:1"],
    trictrac: ["random", "mcts:10", "bot", "searchbot:2", "tdbot", "tdsearchbot", "expecti:1"],
    ecrire: ["random", "mcts:10", "bot"],
    sugoroku: ["random"],
  };
  for (const [game, list] of Object.entries(names)) {
    for (const name of list) {
      const bot = new Bot(game, name, 3);
      assert.equal(bot.name, name);
      assert.equal(bot.game, game);
      if (game === "sugoroku") continue;
      const state = game === "tafl" ? new TaflGame("brandubh") : game === "trictrac" ? new TrictracGame(5) : new EcrireGame(5);
      while (state.turn === "chance") state.applyChance();
      const action = state.botAction(bot);
      assert.ok(state.legalActions().includes(action), `${game} ${name}: ${action}`);
    }
  }
});

test("a state survives the end of the game", () => {
  const c = expected.find((x) => x.game === "tafl");
  const game = newGame(c);
  game.playOut(...bots(c));
  assert.ok(game.isTerminal());
  assert.equal(game.turn, "terminal");
  assert.deepEqual(game.legalActions(), []);
  assert.deepEqual(game.chanceOutcomes(), []);
  assert.throws(() => game.apply("d1-d2"), { message: /the game is over/ });
  assert.throws(() => game.applyChance(), { message: /not a chance node/ });
  assert.throws(() => game.botAction(new Bot("tafl", "random")), { message: /not a player's decision/ });
  assert.equal(game.record(), c.record);
  assert.match(game.svg(), /<svg/);
  const copy = game.clone();
  assert.equal(copy.record(), c.record);
});

test("the instance keeps working after 100 000 errors", () => {
  const game = new TaflGame("brandubh");
  let errors = 0;
  for (let i = 0; i < 100_000; i++) {
    try {
      game.apply(i % 2 ? "z9-z1" : i);
    } catch (e) {
      assert.ok(e instanceof Error);
      errors++;
    }
  }
  assert.equal(errors, 100_000);
  const c = expected.find((x) => x.game === "trictrac");
  const again = newGame(c);
  playStepByStep(again, bots(c));
  assert.equal(again.record(), c.record);
});

test("the TypeScript declarations cover the API", () => {
  const dts = readFileSync(join(pkg, "node", "boardgames_wasm.d.ts"), "utf8");
  for (const want of [
    "export class TaflGame",
    "export class TrictracGame",
    "export class EcrireGame",
    "export class SugorokuGame",
    "export class Bot",
    "export type Turn",
    "export interface ChanceOutcome",
    "export interface TrictracOptions",
    "apply(action: string): void",
    "botAction(bot: Bot): string",
    "chanceOutcomes(): ChanceOutcome[]",
    "returns(): [number, number]",
    "static fromRecord(text: string): TaflGame",
    "export function deriveSeed(seed: number | bigint, stream: number | bigint): bigint",
    "free(): void",
    "constructor(rules?: string, seed?: number | bigint);",
    "constructor(seed?: number | bigint, options?: TrictracOptions);",
    'constructor(game: "tafl" | "trictrac" | "ecrire" | "sugoroku", name: string, seed?: number | bigint);',
    "playOut(first: Bot, second: Bot, maxActions?: number): number;",
  ]) {
    assert.ok(dts.includes(want), `the declarations lack ${want}`);
  }
});
