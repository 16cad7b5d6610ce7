//! A room: a game between seats, its log of events and what a message may do to it
//! ([`Room`]), synchronous and without I/O: the server stores each event before it applies
//! it, and rebuilds a room by applying its stored log again (docs/online.md, "a room is a
//! log").

use boardgames_common::{Record, Seed};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::matches::{Duel, Match, ToAct};
use super::protocol::ClientMessage;
use super::spec::{RoomSpec, SeatSpec};
use super::table::TableMatch;
use crate::error::ApiError;
use crate::games::{NewGame, Start, start_of};

/// The most events a room logs (a partie à écrire at a table of four is under 60 000).
pub const MAX_EVENTS: u64 = 250_000;

/// An event of a room's log, as stored (JSON, the kind in `k`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A person takes an open seat (a guest, or the account `account`).
    Join {
        /// The seat, from 0.
        seat: usize,
        /// The name shown.
        name: String,
        /// The account's id, for a logged-in person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
    /// A person gives back a seat before the game starts.
    Leave {
        /// The seat.
        seat: usize,
    },
    /// A person's action, as the record writes it.
    Act {
        /// The seat.
        seat: usize,
        /// The action.
        a: String,
    },
    /// The dice's throw, or a bot's action, as the record writes it.
    Step {
        /// The action.
        a: String,
    },
    /// A seat resigns.
    Resign {
        /// The seat.
        seat: usize,
    },
    /// A seat offers a draw.
    OfferDraw {
        /// The seat.
        seat: usize,
    },
    /// The other seat accepts it: the game is drawn.
    AcceptDraw {
        /// The seat.
        seat: usize,
    },
    /// The other seat declines it.
    DeclineDraw {
        /// The seat.
        seat: usize,
    },
    /// The clock of a seat fell: it loses.
    Flag {
        /// The seat.
        seat: usize,
    },
    /// A seat was absent longer than the room allows: it loses.
    Abandon {
        /// The seat.
        seat: usize,
    },
}

/// Who sits at a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody yet.
    Open,
    /// A person (with an account's id when logged in).
    Person {
        /// The name shown.
        name: String,
        /// The account, if any.
        account: Option<String>,
    },
    /// A bot of the family's registry.
    Bot(String),
}

/// The stage of a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for people to take the open seats.
    Open,
    /// Being played.
    Playing,
    /// Over: by the rules, a resignation, a draw agreed, a clock or an absence.
    Over,
}

impl Status {
    /// The key stored and shown (`open`, `playing`, `over`).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
}

/// How a room's game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoomResult {
    /// `rules` (the game's own end), `resigned`, `draw_agreed`, `flag`, `abandoned`.
    pub end: &'static str,
    /// The seat that resigned, flagged or abandoned.
    pub seat: Option<usize>,
    /// Each seat's score: 1 a win, ½ a draw, 0 a loss (at a table: the sign of its balance).
    pub scores: Vec<f64>,
}

/// What the server does for a room when no person is to act: throw the dice, or let a
/// bot think.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Machine {
    /// The dice fall.
    Dice,
    /// The bot `name` of `seat` decides.
    Bot {
        /// The seat.
        seat: usize,
        /// The bot's name.
        name: String,
    },
}

/// A room: its specification, its seats, its game and what its log did.
pub struct Room {
    spec: RoomSpec,
    seed: Seed,
    game: Box<dyn Match>,
    seats: Vec<Occupant>,
    seq: u64,
    status: Status,
    /// Each seat's time left (ms) when the room has a clock.
    clocks: Option<Vec<i64>>,
    /// When the seat to act got the move (ms since 1970).
    turn_since: i64,
    draw_offer: Option<usize>,
    result: Option<RoomResult>,
    /// The game's views since the last event applied, by viewer (see [`Room::view`]):
    /// computed once for all the connections a change is sent to, the picture being the
    /// costly part. Emptied by every [`Room::apply`], refused or not.
    game_views: std::sync::Mutex<Vec<(Option<usize>, Value)>>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("game", &self.spec.game)
            .field("seq", &self.seq)
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}

/// The bots of the menu of a room's game.
fn bot_menu(game: &str) -> &'static [&'static str] {
    match game {
        "trictrac" => crate::agents::names::<trictrac_core::TrictracGame>(),
        "ecrire" | "table" => crate::agents::names::<trictrac_core::EcrireGame>(),
        "tafl" => crate::agents::names::<tafl_core::TaflGame>(),
        "sugoroku" => crate::agents::names::<sugoroku_core::SugorokuGame>(),
        _ => &[],
    }
}

/// The game of `spec` with its dice from `seed`.
fn build_match(spec: &RoomSpec, seed: Seed) -> Result<Box<dyn Match>, ApiError> {
    if spec.game == "table" {
        let form = spec.form()?;
        let names = (0..spec.seats.len())
            .map(|k| format!("{}", char::from(b'A' + k as u8)))
            .collect();
        return Ok(Box::new(TableMatch::new(
            form,
            names,
            spec.marques.unwrap_or(3),
            spec.convention()?,
            seed,
        )?));
    }
    if spec.seats.len() != 2 {
        return Err(ApiError::BadRequest(format!(
            "{} is played by two seats, not {}",
            spec.game,
            spec.seats.len()
        )));
    }
    let request = NewGame {
        game: spec.game.clone(),
        players: ["person".into(), "person".into()],
        trous: spec.trous,
        pavillon: spec.pavillon,
        marques: spec.marques,
        convention: spec.convention.clone(),
        rules: spec.rules.clone(),
        seed: None,
        record: None,
    };
    Ok(match start_of(&request)? {
        Start::Trictrac(g) => Box::new(Duel::new(g, seed)?),
        Start::Ecrire(g) => Box::new(Duel::new(g, seed)?),
        Start::Tafl(g) => Box::new(Duel::new(g, seed)?),
        Start::Sugoroku(g) => Box::new(Duel::new(g, seed)?),
    })
}

impl Room {
    /// A new room of `spec` whose dice come from `seed`: its bots seated, its other seats
    /// open.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for a specification the crates refuse (an unknown game,
    /// option or bot, a number of seats the game does not take).
    pub fn new(spec: RoomSpec, seed: Seed) -> Result<Room, ApiError> {
        spec.check()?;
        let game = build_match(&spec, seed)?;
        for s in &spec.seats {
            if let SeatSpec::Bot(name) = s
                && !bot_menu(&spec.game).contains(&name.as_str())
            {
                return Err(ApiError::BadRequest(format!(
                    "unknown bot {:?} for {}: expected `open` or one of {}",
                    name.chars().take(40).collect::<String>(),
                    spec.game,
                    bot_menu(&spec.game).join(", ")
                )));
            }
        }
        if game.seats() != spec.seats.len() {
            return Err(ApiError::BadRequest(format!(
                "this game has {} seats, not {}",
                game.seats(),
                spec.seats.len()
            )));
        }
        let seats: Vec<Occupant> = spec
            .seats
            .iter()
            .map(|s| match s {
                SeatSpec::Open => Occupant::Open,
                SeatSpec::Bot(name) => Occupant::Bot(name.clone()),
            })
            .collect();
        let clocks = spec
            .clock
            .map(|c| vec![i64::from(c.main_s) * 1000; seats.len()]);
        let mut room = Room {
            spec,
            seed,
            game,
            seats,
            seq: 0,
            status: Status::Open,
            clocks,
            turn_since: 0,
            draw_offer: None,
            result: None,
            game_views: std::sync::Mutex::new(Vec::new()),
        };
        room.start_if_full(0);
        Ok(room)
    }

    /// The specification.
    #[must_use]
    pub fn spec(&self) -> &RoomSpec {
        &self.spec
    }

    /// The number of events applied: the sequence number of the next.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The stage.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The seats.
    #[must_use]
    pub fn seats(&self) -> &[Occupant] {
        &self.seats
    }

    /// How the game ended.
    #[must_use]
    pub fn result(&self) -> Option<&RoomResult> {
        self.result.as_ref()
    }

    /// The seat an account holds, if any.
    #[must_use]
    pub fn seat_of_account(&self, account: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { account: Some(a), .. } if a == account))
    }

    fn start_if_full(&mut self, at_ms: i64) {
        if self.status == Status::Open && !self.seats.contains(&Occupant::Open) {
            self.status = Status::Playing;
            self.turn_since = at_ms;
            self.end_if_over();
        }
    }

    /// The seat to act now, if a seat is.
    fn seat_to_act(&self) -> Option<usize> {
        match self.game.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// What a message of `from` (a seat, or `None` for a spectator) would log at `now_ms`
    /// (ms since 1970); nothing changes. A move of a seat whose clock has run out logs its
    /// flag instead.
    ///
    /// # Errors
    /// [`ApiError::Stale`] for a message naming an older sequence number,
    /// [`ApiError::Forbidden`] for a spectator's action, [`ApiError::NotYourTurn`],
    /// [`ApiError::Illegal`] with the rules' reason, [`ApiError::Refused`] for what the room's
    /// stage does not allow.
    pub fn propose(
        &self,
        from: Option<usize>,
        message: &ClientMessage,
        now_ms: i64,
    ) -> Result<Vec<Event>, ApiError> {
        if let Some(seq) = message.seq()
            && seq != self.seq
        {
            return Err(ApiError::Stale(self.seq));
        }
        let changes = !matches!(message, ClientMessage::Hello { .. } | ClientMessage::Ping);
        if !changes {
            return Ok(Vec::new());
        }
        let Some(seat) = from else {
            return Err(ApiError::Forbidden(
                "a spectator watches: only the people seated act".into(),
            ));
        };
        if seat >= self.seats.len() || !matches!(self.seats[seat], Occupant::Person { .. }) {
            return Err(ApiError::Forbidden("that seat is not yours".into()));
        }
        if self.seq >= MAX_EVENTS {
            return Err(ApiError::Refused(format!(
                "the room has logged {MAX_EVENTS} events"
            )));
        }
        if let ClientMessage::Leave = message {
            return match self.status {
                Status::Open => Ok(vec![Event::Leave { seat }]),
                _ => Err(ApiError::Refused(
                    "the game has started: resign instead of leaving".into(),
                )),
            };
        }
        match self.status {
            Status::Open => {
                return Err(ApiError::Refused(
                    "the game starts once every seat is taken".into(),
                ));
            }
            Status::Over => return Err(ApiError::Refused("the game is over".into())),
            Status::Playing => {}
        }
        match message {
            ClientMessage::Act { action, .. } => {
                if self.seat_to_act() == Some(seat) && self.time_left(seat, now_ms) == Some(0) {
                    return Ok(vec![Event::Flag { seat }]);
                }
                let a = self.game.check(seat, action)?;
                Ok(vec![Event::Act { seat, a }])
            }
            ClientMessage::Resign { .. } => Ok(vec![Event::Resign { seat }]),
            ClientMessage::OfferDraw { .. } => {
                if !self.game.draws() {
                    return Err(ApiError::Refused(
                        "the rules of this game know no draw by agreement".into(),
                    ));
                }
                if self.draw_offer.is_some() {
                    return Err(ApiError::Refused("a draw is already offered".into()));
                }
                Ok(vec![Event::OfferDraw { seat }])
            }
            ClientMessage::AcceptDraw { .. } | ClientMessage::DeclineDraw { .. } => {
                match self.draw_offer {
                    Some(by) if by != seat => {}
                    Some(_) => {
                        return Err(ApiError::Refused(
                            "the other seat answers your offer".into(),
                        ));
                    }
                    None => return Err(ApiError::Refused("no draw is offered".into())),
                }
                Ok(vec![
                    if matches!(message, ClientMessage::AcceptDraw { .. }) {
                        Event::AcceptDraw { seat }
                    } else {
                        Event::DeclineDraw { seat }
                    },
                ])
            }
            ClientMessage::Hello { .. } | ClientMessage::Ping | ClientMessage::Leave => {
                Ok(Vec::new())
            }
        }
    }

    /// The event of a person taking `seat` under `name`.
    ///
    /// # Errors
    /// [`ApiError::Refused`] when the seat is not open or the room has started,
    /// [`ApiError::BadRequest`] for a seat that does not exist or a name that is empty, too
    /// long (32 characters), holds control characters or an invisible direction or width mark
    /// ([`is_hidden_format`]).
    pub fn propose_join(
        &self,
        seat: usize,
        name: &str,
        account: Option<&str>,
    ) -> Result<Event, ApiError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 32 || name.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(
                "a name is 1 to 32 characters, none a control character".into(),
            ));
        }
        if let Some(c) = name.chars().find(|&c| is_hidden_format(c)) {
            return Err(ApiError::BadRequest(format!(
                "a name holds no invisible direction or width mark (U+{:04X}): it would \
                 reorder or hide the text shown around it",
                u32::from(c)
            )));
        }
        if seat >= self.seats.len() {
            return Err(ApiError::BadRequest(format!(
                "seat {seat}: the room has seats 0 to {}",
                self.seats.len() - 1
            )));
        }
        if self.seats[seat] != Occupant::Open {
            return Err(ApiError::Refused(format!("seat {seat} is taken")));
        }
        if let Some(a) = account
            && self.seat_of_account(a).is_some()
        {
            return Err(ApiError::Refused(
                "your account already holds a seat of this room".into(),
            ));
        }
        Ok(Event::Join {
            seat,
            name: name.to_owned(),
            account: account.map(str::to_owned),
        })
    }

    /// What the server does now for the room when no person is to act.
    #[must_use]
    pub fn machine(&self) -> Option<Machine> {
        if self.status != Status::Playing {
            return None;
        }
        match self.game.to_act() {
            ToAct::Dice => Some(Machine::Dice),
            ToAct::Seat(s) => match &self.seats[s] {
                Occupant::Bot(name) => Some(Machine::Bot {
                    seat: s,
                    name: name.clone(),
                }),
                _ => None,
            },
            ToAct::Over => None,
        }
    }

    /// The dice's next throw, as a [`Event::Step`].
    ///
    /// # Errors
    /// [`ApiError::Internal`] where no dice fall.
    pub fn throw(&self) -> Result<Event, ApiError> {
        Ok(Event::Step {
            a: self.game.throw()?,
        })
    }

    /// The decision of the bot of the seat to act, to run on another thread: its action's
    /// text.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for a bot the game does not know (a room of a log of
    /// another version).
    pub fn think(&self, bot: &str) -> Result<super::matches::Thinking, ApiError> {
        self.game.think(bot)
    }

    /// The time left (ms) of `seat` at `now_ms`, when the room has a clock.
    #[must_use]
    pub fn time_left(&self, seat: usize, now_ms: i64) -> Option<i64> {
        let clocks = self.clocks.as_ref()?;
        let left = *clocks.get(seat)?;
        if self.status == Status::Playing && self.seat_to_act() == Some(seat) {
            Some((left - (now_ms - self.turn_since).max(0)).max(0))
        } else {
            Some(left.max(0))
        }
    }

    /// When (ms since 1970) the clock of the seat to act falls, if the room has a clock and
    /// is being played.
    #[must_use]
    pub fn deadline(&self) -> Option<(usize, i64)> {
        if self.status != Status::Playing {
            return None;
        }
        let seat = self.seat_to_act()?;
        let left = *self.clocks.as_ref()?.get(seat)?;
        Some((seat, self.turn_since + left))
    }

    /// A clock that fell by `now_ms`, as its event.
    #[must_use]
    pub fn flag_due(&self, now_ms: i64) -> Option<Event> {
        let (seat, at) = self.deadline()?;
        (now_ms >= at).then_some(Event::Flag { seat })
    }

    /// The event of `seat` abandoned (absent too long), if the room is being played and a
    /// person holds the seat.
    #[must_use]
    pub fn abandon(&self, seat: usize) -> Option<Event> {
        (self.status == Status::Playing
            && matches!(self.seats.get(seat), Some(Occupant::Person { .. })))
        .then_some(Event::Abandon { seat })
    }

    /// Applies a logged event made at `at_ms`: the next of the log.
    ///
    /// # Errors
    /// The refusals of [`Room::propose`] for an event that does not fit the room now (a log
    /// that does not replay); nothing changes then.
    pub fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), ApiError> {
        self.game_views
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clear();
        if self.seq >= MAX_EVENTS {
            return Err(ApiError::Refused(format!(
                "the room has logged {MAX_EVENTS} events"
            )));
        }
        let person = |room: &Room, seat: usize| -> Result<(), ApiError> {
            match room.seats.get(seat) {
                Some(Occupant::Person { .. }) => Ok(()),
                _ => Err(ApiError::Forbidden(format!(
                    "seat {seat} is not a person's"
                ))),
            }
        };
        let playing = |room: &Room| -> Result<(), ApiError> {
            if room.status == Status::Playing {
                Ok(())
            } else {
                Err(ApiError::Refused(format!(
                    "the room is {}, not being played",
                    room.status.key()
                )))
            }
        };
        match event {
            Event::Join {
                seat,
                name,
                account,
            } => {
                let checked = self.propose_join(*seat, name, account.as_deref())?;
                if self.status != Status::Open {
                    return Err(ApiError::Refused("the room has started".into()));
                }
                if let Event::Join { name, .. } = checked {
                    self.seats[*seat] = Occupant::Person {
                        name,
                        account: account.clone(),
                    };
                }
                self.start_if_full(at_ms);
            }
            Event::Leave { seat } => {
                person(self, *seat)?;
                if self.status != Status::Open {
                    return Err(ApiError::Refused("the game has started".into()));
                }
                self.seats[*seat] = Occupant::Open;
            }
            Event::Act { seat, a } => {
                playing(self)?;
                person(self, *seat)?;
                if self.seat_to_act() != Some(*seat) {
                    return Err(ApiError::NotYourTurn);
                }
                self.game.apply(a)?;
                self.charge_clock(*seat, at_ms);
            }
            Event::Step { a } => {
                playing(self)?;
                let mover = self.seat_to_act();
                if let Some(s) = mover
                    && matches!(self.seats[s], Occupant::Person { .. })
                {
                    return Err(ApiError::NotYourTurn);
                }
                self.game.apply(a)?;
                if let Some(s) = mover {
                    self.charge_clock(s, at_ms);
                }
            }
            Event::Resign { seat } | Event::Abandon { seat } => {
                playing(self)?;
                person(self, *seat)?;
                let end = if matches!(event, Event::Resign { .. }) {
                    "resigned"
                } else {
                    "abandoned"
                };
                self.end_by(end, *seat);
            }
            Event::Flag { seat } => {
                playing(self)?;
                if self.flag_due(at_ms) != Some(Event::Flag { seat: *seat }) {
                    return Err(ApiError::Refused(format!(
                        "the clock of seat {seat} has not fallen"
                    )));
                }
                if let Some(c) = self.clocks.as_mut() {
                    c[*seat] = 0;
                }
                self.end_by("flag", *seat);
            }
            Event::OfferDraw { seat } => {
                playing(self)?;
                person(self, *seat)?;
                if !self.game.draws() || self.draw_offer.is_some() {
                    return Err(ApiError::Refused("no draw can be offered now".into()));
                }
                self.draw_offer = Some(*seat);
            }
            Event::AcceptDraw { seat } | Event::DeclineDraw { seat } => {
                playing(self)?;
                person(self, *seat)?;
                match self.draw_offer {
                    Some(by) if by != *seat => {}
                    _ => return Err(ApiError::Refused("no draw offered to this seat".into())),
                }
                self.draw_offer = None;
                if matches!(event, Event::AcceptDraw { .. }) {
                    self.status = Status::Over;
                    self.result = Some(RoomResult {
                        end: "draw_agreed",
                        seat: None,
                        scores: vec![0.5; self.seats.len()],
                    });
                }
            }
        }
        self.seq += 1;
        self.end_if_over();
        Ok(())
    }

    /// The clock of `seat` after its move at `at_ms`: the time spent taken, the increment
    /// added; the next seat's time runs from `at_ms`. A move also withdraws a draw offer.
    fn charge_clock(&mut self, seat: usize, at_ms: i64) {
        let spent = (at_ms - self.turn_since).max(0);
        if let (Some(clocks), Some(c)) = (self.clocks.as_mut(), self.spec.clock)
            && let Some(left) = clocks.get_mut(seat)
        {
            *left = (*left - spent).max(0) + i64::from(c.increment_s) * 1000;
        }
        self.turn_since = at_ms;
        if self.draw_offer.is_some() && self.game.draws() {
            self.draw_offer = None;
        }
    }

    /// The game ended by `seat`: it loses, every other seat wins.
    fn end_by(&mut self, end: &'static str, seat: usize) {
        let scores = (0..self.seats.len())
            .map(|k| if k == seat { 0.0 } else { 1.0 })
            .collect();
        self.status = Status::Over;
        self.result = Some(RoomResult {
            end,
            seat: Some(seat),
            scores,
        });
    }

    fn end_if_over(&mut self) {
        if self.status == Status::Playing
            && self.game.to_act() == ToAct::Over
            && let Some(scores) = self.game.scores()
        {
            self.status = Status::Over;
            self.result = Some(RoomResult {
                end: "rules",
                seat: None,
                scores,
            });
        }
    }

    /// The games to rate once the room is over: (first account, second account, the
    /// first's score), for a game of two seats both held by accounts.
    #[must_use]
    pub fn rated(&self) -> Vec<(String, String, f64)> {
        let Some(result) = &self.result else {
            return Vec::new();
        };
        if self.spec.game == "table" || self.seats.len() != 2 {
            return Vec::new();
        }
        match (&self.seats[0], &self.seats[1]) {
            (
                Occupant::Person {
                    account: Some(a), ..
                },
                Occupant::Person {
                    account: Some(b), ..
                },
            ) if a != b => vec![(a.clone(), b.clone(), result.scores[0])],
            _ => Vec::new(),
        }
    }

    /// The records of the game (one, or a table's marqués in order): the `Seed` tag (and a
    /// table's marqués' seeds) only once the game is over, a `Termination` tag saying a
    /// resignation, a flag, an absence or a draw agreed.
    #[must_use]
    pub fn records(&self) -> Vec<Record> {
        let over = self.status == Status::Over;
        let mut records = self.game.records(over);
        if let (Some(result), Some(last)) = (&self.result, records.last_mut()) {
            let said = match (result.end, result.seat) {
                ("resigned", Some(s)) => Some(format!("seat {s} resigned")),
                ("flag", Some(s)) => Some(format!("seat {s} lost on time")),
                ("abandoned", Some(s)) => Some(format!("seat {s} abandoned")),
                ("draw_agreed", _) => Some("draw agreed".to_owned()),
                _ => None,
            };
            if let Some(said) = said {
                let _ = last.set_tag("Termination", &said);
            }
        }
        records
    }

    /// The record as text: the game's record; a table's marqués one after another, then
    /// its sheet.
    #[must_use]
    pub fn record_text(&self) -> String {
        let mut text = self
            .records()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n");
        if let Some(sheet) = self.game.sheet() {
            text.push('\n');
            text.push_str(&sheet);
        }
        text
    }

    /// The game's view for `legal_for`, computed once a change for each viewer, the
    /// picture drawn once for all (the costly part: each change is sent to every
    /// connection). Between two seats, every seat but the one to act sees what a spectator
    /// sees (no legal actions, the next to act "other"), so that they share one view; at a
    /// table (where partners share a side) each seat has its own.
    fn game_view(&self, legal_for: Option<usize>) -> Value {
        let table = self.game.views_per_seat();
        let key = if !table && legal_for != self.seat_to_act() {
            None
        } else {
            legal_for
        };
        let mut views = self
            .game_views
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, v)) = views.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let view = match key {
            Some(_) if table => self.game.view(key),
            Some(_) => {
                let nobody = match views.iter().find(|(k, _)| k.is_none()) {
                    Some((_, v)) => v.clone(),
                    None => {
                        let v = self.game.view(None);
                        views.push((None, v.clone()));
                        v
                    }
                };
                self.game.view_from(&nobody, key)
            }
            None => self.game.view(None),
        };
        // At most one a seat and one for spectators (four seats at most).
        if views.len() <= 4 {
            views.push((key, view.clone()));
        }
        view
    }

    /// The room as `seat` (or a spectator, `None`) sees it at `now_ms`: the `state` message
    /// without the room's id, commitment and presence, which the server adds.
    #[must_use]
    pub fn view(&self, seat: Option<usize>, now_ms: i64) -> Value {
        let legal_for = seat.filter(|_| self.status == Status::Playing);
        let seats: Vec<Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(k, o)| {
                let (kind, name) = match o {
                    Occupant::Open => ("open", None),
                    Occupant::Person { name, .. } => ("person", Some(name.clone())),
                    Occupant::Bot(b) => ("bot", Some(b.clone())),
                };
                json!({
                    "seat": k,
                    "kind": kind,
                    "name": name,
                    "clock_ms": self.time_left(k, now_ms),
                })
            })
            .collect();
        let mut view = self.game_view(legal_for);
        view["players"] = json!(
            self.seats
                .iter()
                .map(|o| match o {
                    Occupant::Open => "open".to_owned(),
                    Occupant::Person { name, .. } => name.clone(),
                    Occupant::Bot(b) => b.clone(),
                })
                .collect::<Vec<_>>()
        );
        json!({
            "type": "state",
            "game": self.spec.game,
            "seat": seat,
            "seq": self.seq,
            "status": self.status.key(),
            "seats": seats,
            "view": view,
            "clock": self.spec.clock,
            "running": self.deadline().map(|(s, _)| s),
            "draw_offer": self.draw_offer,
            "result": self.result,
            "seed": (self.status == Status::Over).then(|| self.seed.0.to_string()),
        })
    }
}

/// Whether `c` is an invisible mark that changes how the text around it is shown: the
/// bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069: a
/// name with U+202E, *right-to-left override*, shows the page's words after it backwards)
/// and the zero-width space, word joiner and byte-order mark (U+200B, U+2060, U+FEFF: two
/// names that look the same). The zero-width joiner and non-joiner (U+200C, U+200D) stay
/// allowed: emoji sequences and Persian words need them.
#[must_use]
pub fn is_hidden_format(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}
