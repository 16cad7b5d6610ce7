//! Trictrac on the page: the partie ordinaire and the partie à écrire, their pictures (the
//! dice of the throw, the arrows of a play), the plays of a throw as moves the board can
//! pick (two moves, tout d'une, par puissance), the marks with the jetons, fichets,
//! bredouille and pavillon, the question *tenir ou s'en aller*, the marqués of the partie à
//! écrire with its ledger, and a hint's scoring analysis of the throw.

use boardgames_common::Player;
use serde_json::{Value, json};
use trictrac_core::ecrire::Convention;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::scoring::{DefaultScorer, ThrowScore};
use trictrac_core::svg::{SvgOptions, render};
use trictrac_core::{Action, Colour, GameOptions, Play, TrictracGame, TurnPhase};
use trictrac_core::{Chronology, EcrireGame, EcrireOptions, Form};

use super::presentation::WebGame;
use super::request::NewGame;
use crate::error::ApiError;

/// The partie ordinaire a request asks for.
pub(super) fn ordinaire(request: &NewGame) -> Result<TrictracGame, ApiError> {
    if request.marques.is_some() || request.convention.is_some() || request.rules.is_some() {
        return Err(ApiError::BadRequest(
            "the partie ordinaire takes trous and pavillon only".into(),
        ));
    }
    let trous = request.trous.unwrap_or(12);
    if !(1..=12).contains(&trous) {
        return Err(ApiError::BadRequest(format!(
            "trous: {trous} is not a number of trous from 1 to 12"
        )));
    }
    let options = GameOptions::default()
        .with_trous_to_win(trous)
        .with_pavillon(request.pavillon.unwrap_or(false));
    Ok(TrictracGame::new(options))
}

/// The partie à écrire a request asks for.
pub(super) fn ecrire(request: &NewGame) -> Result<EcrireGame, ApiError> {
    if request.trous.is_some() || request.pavillon.is_some() || request.rules.is_some() {
        return Err(ApiError::BadRequest(
            "the partie à écrire takes marques and convention only (a marqué has no trous \
             to win, and always its pavillon)"
                .into(),
        ));
    }
    let marques = request.marques.unwrap_or(8);
    if !(1..=120).contains(&marques) {
        return Err(ApiError::BadRequest(format!(
            "marques: {marques} is not a number of marqués from 1 to 120"
        )));
    }
    let convention: Convention = match &request.convention {
        Some(c) => c
            .parse()
            .map_err(|e| ApiError::BadRequest(format!("convention: {e}")))?,
        None => Convention::default(),
    };
    let rules = EcrireRules::new(marques)
        .map_err(|e| ApiError::BadRequest(format!("marques: {e}")))?
        .with_convention(convention);
    Ok(EcrireGame::new(EcrireOptions::new(rules)))
}

/// The colour's key in the page's view.
fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// What both forms share on the page.
trait Partie {
    type Form: Form;
    fn turns(&self) -> &Chronology<DefaultScorer, Self::Form>;
    fn colour(&self, player: Player) -> Colour;
    /// Trous of each colour (the partie's, or the marqué's in play).
    fn trous(&self, colour: Colour) -> u32;
    fn pavillon(&self) -> Option<Colour>;
}

impl Partie for TrictracGame {
    type Form = trictrac_core::Ordinaire;
    fn turns(&self) -> &Chronology<DefaultScorer, Self::Form> {
        TrictracGame::turns(self)
    }
    fn colour(&self, player: Player) -> Colour {
        Colour::from(player)
    }
    fn trous(&self, colour: Colour) -> u32 {
        u32::from(self.marking().trous(colour))
    }
    fn pavillon(&self) -> Option<Colour> {
        if self.options().pavillon {
            self.marking().pavillon()
        } else {
            None
        }
    }
}

impl Partie for EcrireGame {
    type Form = trictrac_core::MarqueForm;
    fn turns(&self) -> &Chronology<DefaultScorer, Self::Form> {
        EcrireGame::turns(self)
    }
    fn colour(&self, player: Player) -> Colour {
        self.colour_of(player)
    }
    fn trous(&self, colour: Colour) -> u32 {
        self.marque().trous(colour)
    }
    fn pavillon(&self) -> Option<Colour> {
        self.marque().pavillon()
    }
}

/// The picture of a partie: the dice of the throw in play, the last play's arrows on the
/// position before it when `play` is given.
fn picture<G: Partie>(game: &G) -> String {
    let turns = game.turns();
    let throw = match turns.phase() {
        TurnPhase::Play { throw, .. } | TurnPhase::Choice { throw, .. } => Some(throw),
        _ => None,
    };
    render(
        turns.position(),
        &SvgOptions {
            throw,
            play: None,
            pavillon: game.pavillon(),
            title: None,
        },
    )
}

/// The picture of `play` about to be played in `game`: its arrows.
fn play_frame<G: Partie>(game: &G, play: &Play) -> String {
    render(
        game.turns().position(),
        &SvgOptions {
            throw: Some(play.throw()),
            play: Some(play),
            pavillon: game.pavillon(),
            title: None,
        },
    )
}

/// The legal actions of a decision: plays with their moves, tenir and s'en aller.
fn legal_view(legal: &[Action]) -> Vec<Value> {
    legal
        .iter()
        .map(|&a| match a {
            Action::Play(p) => json!({
                "kind": "play",
                "text": p.to_string(),
                "moves": p.moves().iter().map(|m| json!({
                    "from": m.from.to_string(),
                    "to": m.to.to_string(),
                    "die": m.die.get(),
                })).collect::<Vec<_>>(),
                "toutDUne": p.is_tout_d_une(),
                "parPuissance": p.is_par_puissance(),
            }),
            Action::Tenir => json!({ "kind": "tenir", "text": "tenir" }),
            Action::SenAller => json!({ "kind": "senaller", "text": "s'en aller" }),
            other => json!({ "kind": "other", "text": trictrac_core::action_text(other) }),
        })
        .collect()
}

/// The marks, phase and throw of a partie.
fn info<G: Partie>(game: &G) -> Value {
    let turns = game.turns();
    let marking = turns.marking();
    let marks = |c: Colour| {
        json!({
            "trous": game.trous(c),
            "points": marking.points(c),
            "bredouille": marking.is_en_bredouille(c),
        })
    };
    let (phase, throw, choice) = match turns.phase() {
        TurnPhase::Primaute { .. } => ("primaute", None, Value::Null),
        TurnPhase::Throw => ("throw", None, Value::Null),
        TurnPhase::Choice {
            mover,
            throw,
            stage,
            pending,
        } => (
            "choice",
            Some(throw),
            json!({
                "mover": colour_key(mover),
                "reste": marking.points(mover),
                "pending": pending,
                "afterPlay": matches!(stage, trictrac_core::ChoiceStage::AfterPlay),
            }),
        ),
        TurnPhase::Play { throw, .. } => ("play", Some(throw), Value::Null),
        TurnPhase::Over(_) => ("over", None, Value::Null),
    };
    json!({
        "sides": {
            "first": colour_key(game.colour(Player::First)),
            "second": colour_key(game.colour(Player::Second)),
        },
        "toMove": colour_key(turns.position().side_to_move()),
        "marks": { "white": marks(Colour::White), "black": marks(Colour::Black) },
        "pavillon": game.pavillon().map(colour_key),
        "phase": phase,
        "throw": throw.map(|t| t.to_string()),
        "throwName": throw.map(|t| t.name()),
        "choice": choice,
        "position": turns.position().to_string(),
    })
}

/// A hint's analysis of the throw in play: the events it scores before the play, and the
/// points each legal play marks (its own events too).
fn analysis<G: Partie>(game: &G, legal: &[Action], choice: Action) -> Value {
    let turns = game.turns();
    let Some(analysis) = turns.analysis() else {
        return Value::Null;
    };
    let mover = turns.position().side_to_move();
    let mut before = String::new();
    let points_before = ThrowScore::before_play(analysis, Some(&mut before));
    let plays = ThrowScore::legal_plays(analysis);
    let mut candidates: Vec<Value> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(p) => {
                let k = plays.iter().position(|q| q == p)?;
                let mut events = String::new();
                let after = ThrowScore::after_play(analysis, k, Some(&mut events));
                Some(json!({
                    "play": p.to_string(),
                    "points": after[mover],
                    "given": after[mover.other()],
                    "events": events.trim(),
                    "chosen": *a == choice,
                }))
            }
            _ => None,
        })
        .collect();
    candidates.sort_by_key(|c| {
        (
            !c["chosen"].as_bool().unwrap_or(false),
            -c["points"].as_i64().unwrap_or(0),
        )
    });
    candidates.truncate(12);
    json!({
        "events": before.trim(),
        "points": points_before[mover],
        "given": points_before[mover.other()],
        "candidates": candidates,
    })
}

impl WebGame for TrictracGame {
    fn picture(&self, _last: Option<(&Self, Action)>) -> String {
        picture(self)
    }

    fn frame(before: &Self, action: Action) -> Option<String> {
        match action {
            Action::Play(p) => Some(play_frame(before, &p)),
            _ => None,
        }
    }

    fn legal_view(&self, legal: &[Action]) -> Vec<Value> {
        legal_view(legal)
    }

    fn side_name(&self, player: Player) -> &'static str {
        colour_key(Partie::colour(self, player))
    }

    fn info(&self) -> Value {
        let mut v = info(self);
        v["form"] = json!("ordinaire");
        v["trousToWin"] = json!(self.options().trous_to_win.max(1));
        v["pavillonRule"] = json!(self.options().pavillon);
        v
    }

    fn analysis(&self, legal: &[Action], choice: Action) -> Value {
        analysis(self, legal, choice)
    }
}

impl WebGame for EcrireGame {
    fn picture(&self, _last: Option<(&Self, Action)>) -> String {
        picture(self)
    }

    fn frame(before: &Self, action: Action) -> Option<String> {
        match action {
            Action::Play(p) => Some(play_frame(before, &p)),
            _ => None,
        }
    }

    fn legal_view(&self, legal: &[Action]) -> Vec<Value> {
        legal_view(legal)
    }

    fn side_name(&self, player: Player) -> &'static str {
        colour_key(Partie::colour(self, player))
    }

    fn info(&self) -> Value {
        let mut v = info(self);
        let rules = self.options().rules;
        v["form"] = json!("ecrire");
        v["marques"] = json!(rules.marques());
        v["marque"] = json!(self.ledger().entries().len() + 1);
        v["convention"] = json!(rules.convention().to_string());
        v["ledger"] = json!(self.ledger_text());
        v["sheet"] = json!(
            self.ledger()
                .sheet(trictrac_core::ecrire::SheetStyle::default())
        );
        if let TurnPhase::Choice { mover, .. } = self.turns().phase() {
            let advice = self.marque().advice(mover, rules.convention());
            v["choice"]["advice"] = json!(format!("{advice:?}").to_lowercase());
        }
        v
    }

    fn analysis(&self, legal: &[Action], choice: Action) -> Value {
        analysis(self, legal, choice)
    }
}
