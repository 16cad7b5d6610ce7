//! The request that starts a game ([`NewGame`]) and the records the server reads, within
//! its limits.

use boardgames_common::{Record, RecordLimits};
use serde::Deserialize;

use super::session::MAX_ACTIONS;
use crate::error::ApiError;

/// A request to start a game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `trictrac` (the partie ordinaire), `ecrire` (the partie à écrire), `tafl`,
    /// `sugoroku`.
    pub game: String,
    /// Each side, first then second: `person`, or a bot's name (`tdsearchbot`, `druid`,
    /// ...).
    pub players: [String; 2],
    /// Trictrac: the trous that win the partie ordinaire (1 to 12; 12 by default).
    #[serde(default)]
    pub trous: Option<u8>,
    /// Trictrac: the pavillon (the partie won double while the opponent has no trou).
    #[serde(default)]
    pub pavillon: Option<bool>,
    /// The partie à écrire: the marqués (1 to 120; 8 by default).
    #[serde(default)]
    pub marques: Option<u32>,
    /// The partie à écrire: the convention (`base`, `annexe`, `annexe-geometric`,
    /// `sans-lever`).
    #[serde(default)]
    pub convention: Option<String>,
    /// Tafl: a preset name or an OpenTafl rules string; sugoroku: its ruleset
    /// (`return=replaces extra=no winner=held`).
    #[serde(default)]
    pub rules: Option<String>,
    /// The seed of the dice and the bots (a fresh one when absent).
    #[serde(default)]
    pub seed: Option<u64>,
    /// A record to go on from (a game kept by the page, when the server no longer has
    /// it): its tags give the rules, its actions are replayed.
    #[serde(default)]
    pub record: Option<String>,
}

/// The longest record the server reads (pasted, uploaded or kept by the page), in bytes.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// The limits of a record read by the server.
pub(crate) fn record_limits() -> RecordLimits {
    RecordLimits::DEFAULT
        .with_max_bytes(MAX_RECORD_BYTES)
        .with_max_actions(MAX_ACTIONS)
}

/// A record of text, within the server's limits.
///
/// # Errors
/// [`ApiError::BadRecord`] with the parser's message.
pub(crate) fn read_record(text: &str) -> Result<Record, ApiError> {
    Record::parse_with_limits(text, &record_limits())
        .map_err(|e| ApiError::BadRecord(e.to_string()))
}
