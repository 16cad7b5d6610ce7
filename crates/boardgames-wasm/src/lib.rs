//! The games of boardgames-rs for JavaScript: trictrac (the partie ordinaire and the partie
//! à écrire), the tafl family and the sugoroku of the Tric Trac Nippon, with the arena's
//! bots, through wasm-bindgen. Built into the npm package `boardgames-rs` by
//! `scripts/build-npm`; described for JavaScript developers in `docs/javascript.md`.
//!
//! The classes (`TaflGame`, `TrictracGame`, `EcrireGame`, `SugorokuGame`, `Bot`) only
//! translate: strings in each game's notation, numbers and `BigInt` seeds, the crates'
//! messages as JavaScript `Error`s. The rules and the bots are the crates'.

mod bot;
mod games;
pub mod session;
mod value;

use boardgames_common::Seed;
use wasm_bindgen::prelude::*;

pub use bot::Bot;
pub use games::{EcrireGame, SugorokuGame, TaflGame, TrictracGame};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Whose turn it is. */
export type Turn = "first" | "second" | "chance" | "terminal";
/** A chance outcome (a throw, a die) and its probability. */
export interface ChanceOutcome { action: string; probability: number }
/** The options of a partie ordinaire. */
export interface TrictracOptions {
  /** Trous to win the partie (1 to 255; 12 by default). */
  trous?: number;
  /** Whether the pavillon is played (false by default). */
  pavillon?: boolean;
  /** "first throw" (default), "one die each", "White" or "Black". */
  primaute?: string;
}
/** The options of a partie à écrire. */
export interface EcrireOptions {
  /** Marqués in the partie (8 by default). */
  marques?: number;
  /** The convention of the settlement ("base" by default). */
  convention?: string;
  /** "first throw" (default), "one die each", "White" or "Black". */
  primaute?: string;
}
"#;

/// `Seed::derive`: the sub-seed `stream` of `seed` (a number or a BigInt), as a BigInt. The
/// arena's bots of a game seeded `s` are seeded `deriveSeed(s, 1)` (the first player's) and
/// `deriveSeed(s, 2)` (the second's). Throws an `Error` for a value that is no seed.
#[wasm_bindgen(js_name = deriveSeed)]
pub fn derive_seed(
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] stream: JsValue,
) -> Result<u64, JsError> {
    let seed = value::seed("seed", &seed)?
        .ok_or_else(|| value::error("seed: expected a seed, got nothing"))?;
    let stream = value::seed("stream", &stream)?
        .ok_or_else(|| value::error("stream: expected an integer, got nothing"))?;
    Ok(seed.derive(stream.0).0)
}

/// The names of tafl's presets as `TaflGame` reads them, the default first: `fidchell`,
/// `brandubh`, `copenhagen`, `tablut`, `ard_ri`.
#[wasm_bindgen(js_name = taflPresets)]
pub fn tafl_presets() -> Vec<String> {
    tafl_core::Ruleset::presets()
        .iter()
        .map(|r| r.name().to_lowercase().replace(' ', "_"))
        .collect()
}

/// The version of the package (the crates').
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A seed for the native tests.
#[doc(hidden)]
#[must_use]
pub const fn seed(n: u64) -> Seed {
    Seed(n)
}
