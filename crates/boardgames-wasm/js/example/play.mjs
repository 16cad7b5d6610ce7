// A tafl game, a trictrac partie and a sugoroku game played by the bots, in plain ES modules.
// Run from the package folder: node example/play.mjs
import { Bot, SugorokuGame, TaflGame, TrictracGame, deriveSeed } from "../index.mjs";

const seed = 7n;

// Brandubh: the druid (a node budget of 2 000 per move) against the bard.
const tafl = new TaflGame("brandubh", seed);
console.log("tafl presets: first moves", tafl.legalActions().slice(0, 4).join(" "));
const druid = new Bot("tafl", "druid:2000", deriveSeed(seed, 1));
const bard = new Bot("tafl", "bard", deriveSeed(seed, 2));
while (!tafl.isTerminal()) {
  tafl.apply(tafl.botAction(tafl.turn === "first" ? druid : bard));
}
console.log(`brandubh: ${tafl.result()} after ${tafl.length} moves`);

// A partie ordinaire to 2 trous: the TD-trained bot against the heuristic bot; the dice
// drawn from the seed.
const partie = new TrictracGame(seed, { trous: 2 });
const td = new Bot("trictrac", "tdbot", deriveSeed(seed, 1));
const heuristic = new Bot("trictrac", "bot", deriveSeed(seed, 2));
partie.playOut(td, heuristic);
console.log(`trictrac: ${partie.result()}, returns ${partie.returns().join(", ")}`);

// Sugoroku: chance only.
const sugoroku = new SugorokuGame("", seed);
while (!sugoroku.isTerminal()) sugoroku.applyChance();
console.log(`sugoroku: ${sugoroku.result()} after ${sugoroku.length} throws`);

// Errors carry the crate's message.
try {
  new TaflGame("brandubh").apply("a1-a9");
} catch (error) {
  console.log(`refused: ${error.message}`);
}

// The record replays; the picture is an SVG document.
const again = TaflGame.fromRecord(tafl.record());
console.log(`replayed: ${again.result()}, picture of ${again.svg().length} characters`);
