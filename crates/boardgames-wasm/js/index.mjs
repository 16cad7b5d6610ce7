// The package for Node.js as an ES module: wasm-bindgen's Node.js build (CommonJS, which reads
// its .wasm synchronously) re-exported by name.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const wasm = require("./node/boardgames_wasm.js");

export const {
  TaflGame,
  TrictracGame,
  EcrireGame,
  SugorokuGame,
  Bot,
  deriveSeed,
  taflPresets,
  version,
} = wasm;
