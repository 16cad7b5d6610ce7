//! What a room is made of ([`RoomSpec`], stored with it) and the request that creates one
//! ([`NewRoom`]).

use serde::{Deserialize, Serialize};
use trictrac_core::ecrire::Convention;
use trictrac_core::ecrire::table::TableForm;

use crate::error::ApiError;

/// The longest absence allowed before a seat is abandoned, in seconds (a day).
pub const MAX_ABSENCE_S: u64 = 86_400;

/// The absence allowed by default, in seconds.
pub const DEFAULT_ABSENCE_S: u64 = 120;

/// A seat as a room is created: open for a person, or a bot's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum SeatSpec {
    /// Waiting for a person (`open`).
    Open,
    /// A bot of the game's menu (its name).
    Bot(String),
}

impl From<SeatSpec> for String {
    fn from(s: SeatSpec) -> String {
        match s {
            SeatSpec::Open => "open".into(),
            SeatSpec::Bot(b) => b,
        }
    }
}

impl TryFrom<String> for SeatSpec {
    type Error = String;
    fn try_from(s: String) -> Result<SeatSpec, String> {
        let t = s.trim();
        if t.is_empty() || t.len() > 40 {
            return Err(format!(
                "a seat is `open` or a bot's name, not {:?}",
                t.chars().take(40).collect::<String>()
            ));
        }
        Ok(if t == "open" || t == "person" {
            SeatSpec::Open
        } else {
            SeatSpec::Bot(t.to_owned())
        })
    }
}

/// A clock: main time and an increment a move (Fischer), in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// The main time of each seat, 1 s to 3 hours.
    pub main_s: u32,
    /// Added after each move, 0 to 10 minutes.
    #[serde(default)]
    pub increment_s: u32,
}

/// A room's game and seats, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomSpec {
    /// `trictrac` (the partie ordinaire), `ecrire` (the partie à écrire between two),
    /// `table` (the partie à écrire at three or four), `tafl`, `sugoroku`.
    pub game: String,
    /// Each seat, in order.
    pub seats: Vec<SeatSpec>,
    /// Trictrac: the trous that win (1 to 12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trous: Option<u8>,
    /// Trictrac: the pavillon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pavillon: Option<bool>,
    /// The partie à écrire: the marqués.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marques: Option<u32>,
    /// The partie à écrire: the convention.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convention: Option<String>,
    /// Tafl: a preset or an OpenTafl rules string; sugoroku: its ruleset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// A table: `tourner`, `chouette`, `teams`, `tourner-4`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// Tafl: the clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Seconds a seat may be absent while the game is played before it is abandoned.
    #[serde(default = "default_absence")]
    pub absence_s: u64,
}

fn default_absence() -> u64 {
    DEFAULT_ABSENCE_S
}

impl RoomSpec {
    /// Checks what the game does not check itself: the seats' count, the clock's bounds,
    /// the absence's.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] saying what is wrong.
    pub fn check(&self) -> Result<(), ApiError> {
        let bad = |m: String| Err(ApiError::BadRequest(m));
        if !(2..=4).contains(&self.seats.len()) {
            return bad(format!("a room has 2 to 4 seats, not {}", self.seats.len()));
        }
        if let Some(c) = self.clock {
            if self.game != "tafl" {
                return bad("a clock is for tafl only (the dice games have none)".into());
            }
            if !(1..=3 * 3600).contains(&c.main_s) || c.increment_s > 600 {
                return bad("clock: main time 1 s to 3 hours, increment 0 to 600 s".into());
            }
        }
        if !(10..=MAX_ABSENCE_S).contains(&self.absence_s) {
            return bad(format!(
                "absence_s: 10 to {MAX_ABSENCE_S} seconds, not {}",
                self.absence_s
            ));
        }
        if self.game != "table" && self.form.is_some() {
            return bad("form: for a table (game `table`) only".into());
        }
        Ok(())
    }

    /// A table's form.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for an unknown form.
    pub fn form(&self) -> Result<TableForm, ApiError> {
        let default = if self.seats.len() == 4 {
            "teams"
        } else {
            "tourner"
        };
        self.form
            .as_deref()
            .unwrap_or(default)
            .parse()
            .map_err(|e| ApiError::BadRequest(format!("form: {e}")))
    }

    /// The convention of the partie à écrire.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for an unknown convention.
    pub fn convention(&self) -> Result<Convention, ApiError> {
        match &self.convention {
            Some(c) => c
                .parse()
                .map_err(|e| ApiError::BadRequest(format!("convention: {e}"))),
            None => Ok(Convention::default()),
        }
    }
}

/// The request that creates a room: its game and seats (as [`RoomSpec`]), the creator's
/// seat and name, and whether the lobby lists it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRoom {
    /// As [`RoomSpec::game`].
    pub game: String,
    /// As [`RoomSpec::seats`].
    pub seats: Vec<SeatSpec>,
    /// As [`RoomSpec::trous`].
    #[serde(default)]
    pub trous: Option<u8>,
    /// As [`RoomSpec::pavillon`].
    #[serde(default)]
    pub pavillon: Option<bool>,
    /// As [`RoomSpec::marques`].
    #[serde(default)]
    pub marques: Option<u32>,
    /// As [`RoomSpec::convention`].
    #[serde(default)]
    pub convention: Option<String>,
    /// As [`RoomSpec::rules`].
    #[serde(default)]
    pub rules: Option<String>,
    /// As [`RoomSpec::form`].
    #[serde(default)]
    pub form: Option<String>,
    /// As [`RoomSpec::clock`].
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// As [`RoomSpec::absence_s`].
    #[serde(default = "default_absence")]
    pub absence_s: u64,
    /// The creator's seat (0 by default): it must be open.
    #[serde(default)]
    pub seat: usize,
    /// The creator's name as a guest (an account's name when logged in).
    #[serde(default)]
    pub name: Option<String>,
    /// Whether the lobby lists the room (true by default).
    #[serde(default = "yes")]
    pub public: bool,
}

fn yes() -> bool {
    true
}

impl NewRoom {
    /// The room's specification.
    #[must_use]
    pub fn spec(&self) -> RoomSpec {
        RoomSpec {
            game: self.game.clone(),
            seats: self.seats.clone(),
            trous: self.trous,
            pavillon: self.pavillon,
            marques: self.marques,
            convention: self.convention.clone(),
            rules: self.rules.clone(),
            form: self.form.clone(),
            clock: self.clock,
            absence_s: self.absence_s,
        }
    }
}
