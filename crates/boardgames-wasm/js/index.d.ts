// The declarations wasm-bindgen writes for the Node.js build (every class and function of
// the package, the types Turn, ChanceOutcome, TrictracOptions and EcrireOptions included).
export * from "./node/boardgames_wasm.js";
