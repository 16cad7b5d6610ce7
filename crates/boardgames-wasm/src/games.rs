//! The four game classes of the package (`TaflGame`, `TrictracGame`, `EcrireGame`,
//! `SugorokuGame`): a game in progress with its record, each a [`Session`] of its game
//! with the same methods, written once by the macro `game_class!`.

use boardgames_common::Turn;
use sugoroku_core::SugorokuGame as Sugoroku;
use tafl_core::{Ruleset, TaflGame as Tafl};
use trictrac_core::ecrire::Convention;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{
    Action, EcrireGame as Ecrire, EcrireOptions, GameOptions, Primaute, TrictracGame as Trictrac,
    TurnPhase,
};
use wasm_bindgen::prelude::*;

use crate::bot::{Agent, Bot};
use crate::session::{Session, turn_name};
use crate::value;

/// The most actions `playOut` applies when not told (every game of the family ends well
/// before: tafl's front ends cut at 2 000 plies).
const DEFAULT_MAX_ACTIONS: u64 = 100_000;

/// The chance outcomes as an array of `{ action, probability }`.
fn outcomes_array(outcomes: Vec<(String, f64)>) -> js_sys::Array {
    outcomes
        .into_iter()
        .map(|(action, p)| {
            let o = js_sys::Object::new();
            // Setting a field of a fresh plain object cannot fail.
            let _ = js_sys::Reflect::set(&o, &"action".into(), &action.into());
            let _ = js_sys::Reflect::set(&o, &"probability".into(), &p.into());
            JsValue::from(o)
        })
        .collect()
}

macro_rules! game_class {
    ($class:ident, $game:ty, $variant:ident, $kind:literal) => {
        #[wasm_bindgen]
        impl $class {
            /// Whose turn it is: `"first"`, `"second"`, `"chance"` or `"terminal"`.
            #[wasm_bindgen(getter, unchecked_return_type = "Turn")]
            pub fn turn(&self) -> String {
                turn_name(self.0.turn()).to_owned()
            }

            /// Whether the game is over.
            #[wasm_bindgen(js_name = isTerminal)]
            pub fn is_terminal(&self) -> bool {
                self.0.turn() == Turn::Terminal
            }

            /// The legal actions of the player to move, in the game's notation (none at a
            /// chance node or at the end).
            #[wasm_bindgen(js_name = legalActions)]
            pub fn legal_actions(&mut self) -> Vec<String> {
                self.0.legal_actions()
            }

            /// The chance outcomes and their probabilities (none at a decision or at the
            /// end).
            #[wasm_bindgen(js_name = chanceOutcomes, unchecked_return_type = "ChanceOutcome[]")]
            pub fn chance_outcomes(&mut self) -> js_sys::Array {
                outcomes_array(self.0.chance_outcomes())
            }

            /// Applies the action written `action` (a decision or a chance outcome, in the
            /// game's notation) and records it. Throws an `Error` with the crate's message
            /// for an action that is not legal here; the game is then unchanged.
            pub fn apply(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] action: JsValue,
            ) -> Result<(), JsError> {
                let action = value::text("action", &action)?;
                self.0.apply(&action).map_err(value::error)
            }

            /// Draws the chance outcome from the game's seed, applies it and returns it.
            /// Throws an `Error` when the game has no seed or is not at a chance node.
            #[wasm_bindgen(js_name = applyChance)]
            pub fn apply_chance(&mut self) -> Result<String, JsError> {
                self.0.apply_chance().map_err(value::error)
            }

            /// The action `bot` chooses here (not applied). Throws an `Error` when it is
            /// not a player's decision or the bot plays another game.
            #[wasm_bindgen(js_name = botAction)]
            pub fn bot_action(&mut self, bot: &Bot) -> Result<String, JsError> {
                let mut agent = bot.agent.try_borrow_mut().map_err(|_| value::error("botAction: the bot is in use"))?;
                match &mut *agent {
                    Agent::$variant(a) => self.0.agent_action(&mut **a).map_err(value::error),
                    other => Err(value::error(format!(
                        "botAction: the bot {:?} plays {}, not {}",
                        bot.name(),
                        other.game(),
                        $kind
                    ))),
                }
            }

            /// Plays to the end, the first player's decisions by `first`, the second's by
            /// `second` (two bots, each with its own seed: not the same bot twice), chance
            /// from the seed, at most `maxActions` actions more (100 000 when absent);
            /// returns the number of actions applied. Throws an `Error` when the game needs
            /// chance and has no seed, a bot plays another game, or the game is not over after
            /// `maxActions` (the actions played stay played).
            #[wasm_bindgen(js_name = playOut)]
            pub fn play_out(
                &mut self,
                first: &Bot,
                second: &Bot,
                #[wasm_bindgen(js_name = maxActions, unchecked_param_type = "number | undefined")]
                max_actions: JsValue,
            ) -> Result<u32, JsError> {
                let max = value::count("maxActions", &max_actions, DEFAULT_MAX_ACTIONS, u64::from(u32::MAX))?;
                let max = usize::try_from(max).unwrap_or(usize::MAX);
                if std::ptr::eq(first, second) {
                    return Err(value::error(
                        "playOut: give two bots (one a side, each with its own seed), not the same bot twice",
                    ));
                }
                let in_use = || value::error("playOut: a bot is in use");
                let mut a = first.agent.try_borrow_mut().map_err(|_| in_use())?;
                let mut b = second.agent.try_borrow_mut().map_err(|_| in_use())?;
                let applied = match (&mut *a, &mut *b) {
                    (Agent::$variant(a), Agent::$variant(b)) => {
                        self.0.play_out(&mut **a, &mut **b, max).map_err(value::error)?
                    }
                    (Agent::$variant(_), other) | (other, _) => {
                        return Err(value::error(format!(
                            "playOut: a bot plays {}, not {}",
                            other.game(),
                            $kind
                        )));
                    }
                };
                Ok(u32::try_from(applied).unwrap_or(u32::MAX))
            }

            /// The returns of the two players, `[first, second]` (zeros before the end).
            #[wasm_bindgen(unchecked_return_type = "[number, number]")]
            pub fn returns(&self) -> js_sys::Array {
                self.0.returns().iter().map(|&x| JsValue::from(x)).collect()
            }

            /// The record's `Result` text: `"1-0"`, `"0-1"`, `"1/2-1/2"` (a scaled win keeps
            /// its scale), `"*"` while the game goes on.
            pub fn result(&self) -> String {
                self.0.result()
            }

            /// The record so far, as the crates write it: tags, every action with the
            /// game's comment, `Result`.
            pub fn record(&self) -> String {
                self.0.record_text()
            }

            /// The game a record describes, replayed with the crate's checks. Throws an
            /// `Error` with the crate's message for a record that cannot be read, of another
            /// game, or that the game contradicts. With a `Seed` tag, `applyChance` goes on
            /// drawing as the uninterrupted game would have.
            #[wasm_bindgen(js_name = fromRecord)]
            pub fn from_record(
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<$class, JsError> {
                let text = value::text("record", &text)?;
                Session::<$game>::from_record(&text).map($class).map_err(value::error)
            }

            /// The number of actions applied since the start (chance outcomes included).
            #[wasm_bindgen(getter)]
            pub fn length(&self) -> u32 {
                u32::try_from(self.0.actions()).unwrap_or(u32::MAX)
            }

            /// A copy of the game, to be played on separately.
            #[wasm_bindgen(js_name = clone)]
            pub fn copy(&self) -> $class {
                $class(self.0.clone())
            }
        }
    };
}

/// A tafl game in progress, with its record: the rules a preset's name (`fidchell`, the
/// default, `brandubh`, `copenhagen`, `tablut`, `ard_ri`, with options as `copenhagen
/// repetition:none`) or an OpenTafl rules string. Moves are written `d1-d3`; there is no
/// chance. Release it with `free()` (or let the garbage collector).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct TaflGame(Session<Tafl>);

#[wasm_bindgen]
impl TaflGame {
    /// A game under `rules` (a preset's name or an OpenTafl rules string; Fidchell when
    /// absent). `seed` is written in the record's `Seed` tag. Throws an `Error` with the
    /// crate's message for rules it cannot read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] rules: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<TaflGame, JsError> {
        let rules = value::text_or("rules", &rules, "fidchell")?;
        let seed = value::seed("seed", &seed)?;
        let ruleset: Ruleset = rules
            .parse()
            .map_err(|e| value::error(format!("rules {rules:?}: {e}")))?;
        Session::new(Tafl::new(ruleset), seed)
            .map(TaflGame)
            .map_err(value::error)
    }

    /// The SVG picture of the position, the last move marked.
    pub fn svg(&self) -> String {
        let game = self.0.state();
        tafl_core::svg::render(
            game.position(),
            game.rules(),
            &tafl_core::svg::SvgOptions {
                last_move: game.moves().last().copied(),
                ..Default::default()
            },
        )
    }

    /// The number of move sequences of `depth` plies from the position (tafl-core's perft,
    /// the count the move generation is tested against): Brandubh's start gives 40 at
    /// depth 1. Bounded work: at most depth 5 on boards up to 7×7 (Brandubh's depth 5 is 42
    /// million sequences) and depth 4 on larger ones; throws an `Error` beyond.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsError> {
        let game = self.0.state();
        let max = if game.rules().size <= 7 { 5 } else { 4 };
        let depth = value::count("depth", &depth, 1, max)?;
        let depth = u32::try_from(depth).unwrap_or(1);
        #[allow(clippy::cast_precision_loss)]
        Ok(tafl_core::perft(game.position(), game.rules(), depth) as f64)
    }

    /// The OpenTafl rules string of the game's rules.
    #[wasm_bindgen(js_name = rulesString)]
    pub fn rules_string(&self) -> String {
        self.0.state().ruleset().to_string()
    }
}

game_class!(TaflGame, Tafl, Tafl, "tafl");

/// The pending throw of a trictrac turn, for the picture.
fn pending_throw<O>(phase: TurnPhase<O>) -> Option<boardgames_common::Throw> {
    match phase {
        TurnPhase::Choice { throw, .. } | TurnPhase::Play { throw, .. } => Some(throw),
        _ => None,
    }
}

/// The play of the last action, for the picture.
fn last_play(last: Option<Action>) -> Option<trictrac_core::Play> {
    match last {
        Some(Action::Play(p)) => Some(p),
        _ => None,
    }
}

/// The primauté of the options object.
fn primaute(options: &JsValue) -> Result<Primaute, JsError> {
    let text = value::text_or(
        "options.primaute",
        &value::field(options, "primaute")?,
        "first throw",
    )?;
    text.parse()
        .map_err(|e| value::error(format!("options.primaute {text:?}: {e}")))
}

/// A partie ordinaire of trictrac in progress, with its record. Actions are written as the
/// crate's records write them (throws, plays, `tenir`, `s'en aller`, the dice of the
/// primauté). Release it with `free()` (or let the garbage collector).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct TrictracGame(Session<Trictrac>);

#[wasm_bindgen]
impl TrictracGame {
    /// A partie ordinaire with `options` (`{ trous = 12, pavillon = false, primaute = "first
    /// throw" }`), its dice drawn from `seed` when given. Throws an `Error` for options the
    /// crate refuses.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "TrictracOptions | undefined")] options: JsValue,
    ) -> Result<TrictracGame, JsError> {
        let seed = value::seed("seed", &seed)?;
        let trous = value::count("options.trous", &value::field(&options, "trous")?, 12, 255)?;
        if trous == 0 {
            return Err(value::error(
                "options.trous 0: a partie is won with 1 trou or more",
            ));
        }
        let pavillon = value::flag(
            "options.pavillon",
            &value::field(&options, "pavillon")?,
            false,
        )?;
        let game_options = GameOptions::default()
            .with_primaute(primaute(&options)?)
            .with_pavillon(pavillon)
            .with_trous_to_win(u8::try_from(trous).unwrap_or(u8::MAX));
        Session::new(Trictrac::new(game_options), seed)
            .map(TrictracGame)
            .map_err(value::error)
    }

    /// The SVG picture of the position: the pending throw, the last play, the pavillon.
    pub fn svg(&self) -> String {
        let game = self.0.state();
        let pavillon = if game.options().pavillon {
            game.marking().pavillon()
        } else {
            None
        };
        let play = last_play(self.0.last_action());
        trictrac_core::svg::render(
            game.position(),
            &trictrac_core::svg::SvgOptions {
                throw: pending_throw(game.phase()),
                play: play.as_ref(),
                pavillon,
                ..Default::default()
            },
        )
    }
}

game_class!(TrictracGame, Trictrac, Trictrac, "trictrac");

/// A partie à écrire of trictrac in progress, with its record (its ledger in the record's
/// tags at the end). Release it with `free()` (or let the garbage collector).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct EcrireGame(Session<Ecrire>);

#[wasm_bindgen]
impl EcrireGame {
    /// A partie à écrire with `options` (`{ marques = 8, convention = "base", primaute =
    /// "first throw" }`), its dice drawn from `seed` when given. Throws an `Error` for
    /// options the crate refuses.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "EcrireOptions | undefined")] options: JsValue,
    ) -> Result<EcrireGame, JsError> {
        let seed = value::seed("seed", &seed)?;
        let marques = value::count(
            "options.marques",
            &value::field(&options, "marques")?,
            8,
            u64::from(u32::MAX),
        )?;
        let convention = value::text_or(
            "options.convention",
            &value::field(&options, "convention")?,
            "base",
        )?;
        let convention: Convention = convention
            .parse()
            .map_err(|e| value::error(format!("options.convention {convention:?}: {e}")))?;
        let rules = EcrireRules::new(u32::try_from(marques).unwrap_or(u32::MAX))
            .map_err(|e| value::error(format!("options.marques {marques}: {e}")))?
            .with_convention(convention);
        let mut ecrire_options = EcrireOptions::new(rules);
        ecrire_options.primaute = primaute(&options)?;
        Session::new(Ecrire::new(ecrire_options), seed)
            .map(EcrireGame)
            .map_err(value::error)
    }

    /// The SVG picture of the position: the pending throw, the last play, the pavillon.
    pub fn svg(&self) -> String {
        let game = self.0.state();
        let play = last_play(self.0.last_action());
        trictrac_core::svg::render(
            game.turns().position(),
            &trictrac_core::svg::SvgOptions {
                throw: pending_throw(game.turns().phase()),
                play: play.as_ref(),
                pavillon: game.marque().pavillon(),
                ..Default::default()
            },
        )
    }
}

game_class!(EcrireGame, Ecrire, Ecrire, "ecrire");

/// A game of sugoroku (Tric Trac Nippon) in progress, with its record: every node is
/// chance (the throws, written `6-5`). Release it with `free()` (or let the garbage
/// collector).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct SugorokuGame(Session<Sugoroku>);

#[wasm_bindgen]
impl SugorokuGame {
    /// A game under `rules` (the crate's text `return=… extra=… winner=… cap=…`; the
    /// defaults when absent or empty), its throws drawn from `seed` when given. Throws an
    /// `Error` with the crate's message for rules it cannot read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] rules: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint | undefined")] seed: JsValue,
    ) -> Result<SugorokuGame, JsError> {
        let rules = value::text_or("rules", &rules, "")?;
        let seed = value::seed("seed", &seed)?;
        let ruleset = if rules.trim().is_empty() {
            sugoroku_core::Ruleset::default()
        } else {
            rules
                .parse()
                .map_err(|e| value::error(format!("rules {rules:?}: {e}")))?
        };
        Session::new(Sugoroku::new(ruleset), seed)
            .map(SugorokuGame)
            .map_err(value::error)
    }

    /// The SVG picture of the position: the last throw, the end.
    pub fn svg(&self) -> String {
        let game = self.0.state();
        sugoroku_core::svg::render(
            game.position(),
            &sugoroku_core::svg::SvgOptions {
                last_throw: self.0.last_action(),
                end: game.end(),
                ..Default::default()
            },
        )
    }

    /// The rules text of the game (`return=… extra=… winner=… cap=…`).
    #[wasm_bindgen(js_name = rulesText)]
    pub fn rules_text(&self) -> String {
        self.0.state().ruleset().to_string()
    }
}

game_class!(SugorokuGame, Sugoroku, Sugoroku, "sugoroku");
