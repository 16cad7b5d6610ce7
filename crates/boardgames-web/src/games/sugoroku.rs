//! Sugoroku (Tric Trac Nippon) on the page: a game of dice alone, each person throwing his
//! own dice; the picture with the last throw, and each player's phase (placing, then
//! taking), reserve, pawns held and captures.

use boardgames_common::{Player, Throw};
use serde_json::{Value, json};
use sugoroku_core::svg::{SvgOptions, render};
use sugoroku_core::{Phase, Ruleset, SugorokuGame};

use super::presentation::WebGame;
use super::request::NewGame;
use crate::error::ApiError;

/// The game a request asks for: its ruleset (`return=replaces extra=no winner=held
/// cap=10000`, any key left out keeps its default).
pub(super) fn game(request: &NewGame) -> Result<SugorokuGame, ApiError> {
    if request.trous.is_some()
        || request.pavillon.is_some()
        || request.marques.is_some()
        || request.convention.is_some()
    {
        return Err(ApiError::BadRequest("sugoroku takes rules only".into()));
    }
    let rules = match request.rules.as_deref().map(str::trim) {
        None | Some("") => Ruleset::default(),
        Some(text) if text.len() > 256 => {
            return Err(ApiError::BadRequest("rules: longer than 256 bytes".into()));
        }
        Some(text) => text
            .parse()
            .map_err(|e| ApiError::BadRequest(format!("rules: {e}")))?,
    };
    Ok(SugorokuGame::new(rules))
}

fn phase_key(p: Phase) -> u8 {
    match p {
        Phase::Placing => 1,
        Phase::Taking => 2,
    }
}

impl WebGame for SugorokuGame {
    fn picture(&self, last: Option<(&Self, Throw)>) -> String {
        render(
            self.position(),
            &SvgOptions {
                last_throw: last.map(|(_, t)| t),
                title: None,
                note: None,
                end: self.end(),
            },
        )
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "white",
            Player::Second => "black",
        }
    }

    fn legal_view(&self, _legal: &[Throw]) -> Vec<Value> {
        Vec::new()
    }

    fn info(&self) -> Value {
        let pos = self.position();
        let player = |p: Player| {
            json!({
                "phase": phase_key(pos.phase(p)),
                "reserve": pos.reserve(p),
                "onBoard": pos.on_board(p),
                "held": pos.held(p),
                "captured": pos.captured(p),
                "removed": pos.removed(p),
            })
        };
        json!({
            "sides": { "first": "white", "second": "black" },
            "toMove": if pos.side() == Player::First { "white" } else { "black" },
            "throws": pos.throws(),
            "position": pos.to_string(),
            "rules": self.ruleset().to_string(),
            "white": player(Player::First),
            "black": player(Player::Second),
        })
    }

    fn thrower(&self) -> Option<Player> {
        Some(self.position().side())
    }
}
