//! Tafl on the page: every preset (the seed's Fidchell first) and any OpenTafl rules
//! string, the picture with the last move and its captures, the legal moves by square, the
//! corners visited (Fidchell), the repetitions and the plies without a capture.

use boardgames_common::{Game, Player};
use serde_json::{Value, json};
use tafl_core::svg::{SvgOptions, render};
use tafl_core::{Escape, Move, Piece, Ruleset, Side, Square, TaflGame};

use super::presentation::WebGame;
use super::request::NewGame;
use crate::error::ApiError;

/// The presets the page offers, the seed's game first.
pub(super) const PRESETS: [&str; 5] = ["fidchell", "brandubh", "copenhagen", "tablut", "ard_ri"];

/// The longest rules text read (an OpenTafl rules string of an 11×11 board is under 400
/// bytes).
const MAX_RULES: usize = 4096;

/// The ruleset of `text`: a preset name (with its options, as `brandubh repetition:none`)
/// or an OpenTafl rules string.
///
/// # Errors
/// [`ApiError::BadRequest`] with the crate's reason.
pub(super) fn ruleset(text: &str) -> Result<Ruleset, ApiError> {
    let text = text.trim();
    if text.len() > MAX_RULES {
        return Err(ApiError::BadRequest(format!(
            "rules: longer than {MAX_RULES} bytes"
        )));
    }
    text.parse::<Ruleset>()
        .map_err(|e| ApiError::BadRequest(format!("rules: {e}")))
}

/// The game a request asks for.
pub(super) fn game(request: &NewGame) -> Result<TaflGame, ApiError> {
    if request.trous.is_some()
        || request.pavillon.is_some()
        || request.marques.is_some()
        || request.convention.is_some()
    {
        return Err(ApiError::BadRequest("tafl takes rules only".into()));
    }
    let ruleset = ruleset(request.rules.as_deref().unwrap_or("fidchell"))?;
    Ok(TaflGame::new(ruleset))
}

fn side_key(s: Side) -> &'static str {
    match s {
        Side::Attackers => "attackers",
        Side::Defenders => "defenders",
    }
}

impl WebGame for TaflGame {
    fn picture(&self, last: Option<(&Self, Move)>) -> String {
        let last_move = last.map(|(before, m)| before.move_text(m));
        render(
            self.position(),
            self.rules(),
            &SvgOptions {
                last_move,
                title: None,
            },
        )
    }

    fn frame(before: &Self, action: Move) -> Option<String> {
        let mut after = before.clone();
        after.apply(action).ok()?;
        Some(after.picture(Some((before, action))))
    }

    fn side_name(&self, player: Player) -> &'static str {
        side_key(Side::from(player))
    }

    fn legal_view(&self, legal: &[Move]) -> Vec<Value> {
        legal
            .iter()
            .map(|&m| {
                let text = self.move_text(m);
                json!({
                    "text": m.to_string(),
                    "full": text.to_string(),
                    "from": m.from.to_string(),
                    "to": m.to.to_string(),
                    "captures": text.captures.map(|s: Square| s.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect()
    }

    fn info(&self) -> Value {
        let pos = self.position();
        let rules = self.rules();
        let n = pos.size();
        let (mut attackers, mut defenders, mut king) = (0u32, 0u32, None);
        for rank in 0..n {
            for file in 0..n {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                match pos.piece_at(sq) {
                    Some(Piece::Attacker) => attackers += 1,
                    Some(Piece::Defender) => defenders += 1,
                    Some(Piece::King) => king = Some(sq.to_string()),
                    None => {}
                }
            }
        }
        let start = self.start();
        let (mut attackers0, mut defenders0) = (0u32, 0u32);
        for rank in 0..n {
            for file in 0..n {
                match Square::new(file, rank).and_then(|sq| start.piece_at(sq)) {
                    Some(Piece::Attacker) => attackers0 += 1,
                    Some(Piece::Defender) => defenders0 += 1,
                    _ => {}
                }
            }
        }
        let corners: Vec<String> = pos.corners_visited().map(|s| s.to_string()).collect();
        json!({
            "sides": {
                "first": side_key(Side::from(Player::First)),
                "second": side_key(Side::from(Player::Second)),
            },
            "ruleset": self.ruleset().name(),
            "position": pos.to_string(),
            "size": n,
            "toMove": side_key(pos.side_to_move()),
            "status": self.status().to_string(),
            "plies": self.plies(),
            "pliesSinceCapture": self.plies_since_capture(),
            "noCaptureLimit": rules.no_capture_limit,
            "repetitions": self.repetitions(),
            "repetitionLimit": rules.repetition.count,
            "fourCorners": rules.escape == Escape::FourCorners,
            "cornersVisited": corners,
            "king": king,
            "attackers": attackers,
            "defenders": defenders,
            "captured": { "attackers": attackers0 - attackers.min(attackers0),
                          "defenders": defenders0 - defenders.min(defenders0) },
        })
    }

    fn analysis(&self, _legal: &[Move], choice: Move) -> Value {
        json!({ "move": self.move_text(choice).to_string() })
    }
}
