//! The invariants of online play's room, written once: the fuzz target `online_room` calls
//! [`online_room`] with the fuzzer's bytes, and the test suite of boardgames-web calls it
//! from a proptest (`crates/boardgames-web/tests/online_fuzz.rs`) so that CI always checks
//! them. It panics (an assertion) when an invariant is broken and never otherwise.
//!
//! The bytes drive a room (`boardgames_web::online::room::Room`) as the server drives it:
//! a game chosen by the first byte (tafl Fidchell with a clock, trictrac ordinaire,
//! sugoroku, a table of three à tourner), its seats open or the bot `random`, then
//! operations: joins, texts decoded by `protocol::decode` and proposed from a seat or a
//! spectator, actions picked among the legal ones, the dice and the bots' steps, time
//! passing, flags, abandons, and forged events applied as a log would carry them.
//!
//! Invariants: a refused proposal (or a refused event) changes nothing (the sequence number
//! and the view are equal); applying what `propose`, `propose_join`, `throw`, a bot's
//! decision, `flag_due` or `abandon` returned never fails and advances the sequence number
//! by the events applied; a room rebuilt from its log (the specification, the seed, every
//! event at its time) equals the room (every seat's view); the work is bounded
//! ([`MAX_OPERATIONS`], [`MAX_TEXT`]).
#![allow(dead_code, unreachable_pub)]

use boardgames_common::Seed;
use boardgames_web::online::protocol::{ClientMessage, decode};
use boardgames_web::online::room::{Event, Machine, Room, Status};
use boardgames_web::online::spec::{ClockSpec, RoomSpec, SeatSpec};
use serde_json::Value;

/// The most operations one input drives.
pub const MAX_OPERATIONS: usize = 300;

/// The longest text one operation reads, in bytes.
pub const MAX_TEXT: usize = 600;

/// The first time of a room (ms since 1970).
const T0: i64 = 1_700_000_000_000;

/// The bytes of an input, read from the front; an exhausted input reads zeros.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, _| (acc << 8) | u64::from(self.byte()))
    }

    /// A text of at most `max` bytes (a length byte, then the bytes, lossily UTF-8).
    fn text(&mut self, max: usize) -> String {
        let n = (usize::from(self.byte()) * 4).min(max).min(self.0.len());
        let (t, rest) = self.0.split_at(n);
        self.0 = rest;
        String::from_utf8_lossy(t).into_owned()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The specification of the room chosen by `choice`, its seats open or bots by `bots`.
fn spec_of(choice: u8, bots: u8, clock: u8) -> RoomSpec {
    let (game, seats, rules) = match choice % 4 {
        0 => ("tafl", 2, Some("fidchell".to_owned())),
        1 => ("trictrac", 2, None),
        2 => ("sugoroku", 2, None),
        _ => ("table", 3, None),
    };
    let seats = (0..seats)
        .map(|k| {
            if bots & (1 << k) != 0 {
                SeatSpec::Bot("random".into())
            } else {
                SeatSpec::Open
            }
        })
        .collect();
    RoomSpec {
        game: game.into(),
        seats,
        trous: (game == "trictrac").then_some(1 + (clock & 1)),
        pavillon: None,
        marques: (game == "table").then_some(3),
        convention: None,
        rules,
        form: None,
        clock: (game == "tafl").then_some(ClockSpec {
            main_s: 1 + u32::from(clock % 30),
            increment_s: u32::from(clock / 30 % 3),
        }),
        absence_s: 120,
    }
}

/// A room and its log, each event applied as the server applies it after storing it.
struct Logged {
    spec: RoomSpec,
    seed: Seed,
    room: Room,
    log: Vec<(Event, i64)>,
}

impl Logged {
    /// Every seat's view and a spectator's at `now`, as JSON text.
    fn views(&self, now: i64) -> Vec<String> {
        let seats = self.room.seats().len();
        (0..=seats)
            .map(|k| self.room.view((k < seats).then_some(k), now).to_string())
            .collect()
    }

    /// Applies events that the room itself proposed: none may fail.
    fn apply_proposed(&mut self, events: Vec<Event>, at: i64, what: &str) {
        let before = self.room.seq();
        let n = events.len() as u64;
        for e in events {
            if let Err(x) = self.room.apply(&e, at) {
                panic!("{what}: the proposed {e:?} does not apply at {at}: {x}");
            }
            self.log.push((e, at));
        }
        assert_eq!(
            self.room.seq(),
            before + n,
            "{what}: seq grows by the events"
        );
    }

    /// A proposal refused: nothing changed.
    fn refused_changes_nothing(&self, seq: u64, view: &str, now: i64, what: &str) {
        assert_eq!(self.room.seq(), seq, "{what}: a refusal changed seq");
        assert_eq!(
            self.room.view(None, now).to_string(),
            view,
            "{what}: a refusal changed the room"
        );
    }

    /// A message of `from` at `now`: applied, or refused with nothing changed.
    fn send(&mut self, from: Option<usize>, message: &ClientMessage, now: i64) {
        let seq = self.room.seq();
        let view = self.room.view(None, now).to_string();
        match self.room.propose(from, message, now) {
            Ok(events) => self.apply_proposed(events, now, &format!("{message:?}")),
            Err(_) => self.refused_changes_nothing(seq, &view, now, &format!("{message:?}")),
        }
    }

    /// The room rebuilt from its log equals the room.
    fn check_rebuilt(&self, now: i64) {
        let mut rebuilt = Room::new(self.spec.clone(), self.seed).expect("the spec made a room");
        for (k, (e, at)) in self.log.iter().enumerate() {
            if let Err(x) = rebuilt.apply(e, *at) {
                panic!("event {k} of the log ({e:?} at {at}) does not replay: {x}");
            }
        }
        assert_eq!(rebuilt.seq(), self.room.seq());
        assert_eq!(rebuilt.status(), self.room.status());
        let views = self.views(now);
        let seats = self.room.seats().len();
        for (k, v) in views.iter().enumerate() {
            let seat = (k < seats).then_some(k);
            assert_eq!(
                &rebuilt.view(seat, now).to_string(),
                v,
                "the room rebuilt from its log differs (view of {seat:?})"
            );
        }
        assert_eq!(rebuilt.record_text(), self.room.record_text());
    }

    /// The text of a legal action of the seat to act, picked by `pick`, if the view of
    /// `seat` lists any.
    fn legal_pick(&self, seat: usize, pick: u8, now: i64) -> Option<String> {
        let view = self.room.view(Some(seat), now);
        let legal = view["view"]["legal"].as_array()?;
        if legal.is_empty() {
            return None;
        }
        legal[usize::from(pick) % legal.len()]["text"]
            .as_str()
            .map(str::to_owned)
    }

    /// The dice or a bot: one step, if the room has one to take.
    fn machine_step(&mut self, now: i64) {
        let event = match self.room.machine() {
            None => return,
            Some(Machine::Dice) => self.room.throw().expect("the dice fall where machine says"),
            Some(Machine::Bot { name, .. }) => {
                let job = self.room.think(&name).expect("a bot of the menu thinks");
                Event::Step {
                    a: job().expect("a bot decides"),
                }
            }
        };
        self.apply_proposed(vec![event], now, "machine");
    }
}

/// Drives a room from `data` and checks the invariants (module documentation).
pub fn online_room(data: &[u8]) {
    let mut input = Bytes(data);
    let choice = input.byte();
    let bots = input.byte();
    let clock = input.byte();
    let seed = Seed(input.u64());
    let spec = spec_of(choice, bots, clock);
    let room = Room::new(spec.clone(), seed).expect("the fuzz target's specifications are valid");
    let mut logged = Logged {
        spec,
        seed,
        room,
        log: Vec::new(),
    };
    let seats = logged.room.seats().len();
    let mut now = T0;
    let mut operations = 0;
    while !input.is_empty() && operations < MAX_OPERATIONS {
        operations += 1;
        let op = input.byte();
        // A seat (or a spectator: the value `seats`) chosen by the operation's high bits.
        let from = usize::from(op >> 4) % (seats + 1);
        let from = (from < seats).then_some(from);
        match op % 10 {
            0 => {
                // A join: any seat number, a name from the input.
                let seat = usize::from(input.byte()) % (seats + 2);
                let name = input.text(64);
                let seq = logged.room.seq();
                let view = logged.room.view(None, now).to_string();
                match logged.room.propose_join(seat, &name, None) {
                    Ok(e) => logged.apply_proposed(vec![e], now, "join"),
                    Err(_) => logged.refused_changes_nothing(seq, &view, now, "join"),
                }
            }
            1 | 2 => {
                // Arbitrary text, decoded as the WebSocket decodes it.
                let text = input.text(MAX_TEXT);
                if let Ok(message) = decode(&text) {
                    logged.send(from, &message, now);
                }
            }
            3 | 4 => {
                // A legal action of the seat to act (or any text where none is listed: a
                // throw by hand), at the room's seq or a wrong one.
                let pick = input.byte();
                let seat = from.unwrap_or(0);
                let action = logged
                    .legal_pick(seat, pick, now)
                    .unwrap_or_else(|| "throw".to_owned());
                let seq = if pick & 0x80 != 0 {
                    logged
                        .room
                        .seq()
                        .wrapping_add(u64::from(pick & 3))
                        .wrapping_sub(1)
                } else {
                    logged.room.seq()
                };
                logged.send(from, &ClientMessage::Act { seq, action }, now);
            }
            5 => {
                // Resign, draws and leave, at the room's seq.
                let seq = logged.room.seq();
                let message = match input.byte() % 5 {
                    0 => ClientMessage::Resign { seq },
                    1 => ClientMessage::OfferDraw { seq },
                    2 => ClientMessage::AcceptDraw { seq },
                    3 => ClientMessage::DeclineDraw { seq },
                    _ => ClientMessage::Leave,
                };
                logged.send(from, &message, now);
            }
            6 => {
                // The dice and the bots, up to a few steps.
                for _ in 0..=(input.byte() % 8) {
                    logged.machine_step(now);
                }
            }
            7 => {
                // Time passes (up to about 16 s), then the clocks are looked at.
                now += i64::from(input.byte()) * 64;
                if let Some(flag) = logged.room.flag_due(now) {
                    logged.apply_proposed(vec![flag], now, "flag");
                }
            }
            8 => {
                // A seat abandoned.
                let seat = usize::from(input.byte()) % (seats + 1);
                if let Some(e) = logged.room.abandon(seat) {
                    logged.apply_proposed(vec![e], now, "abandon");
                }
            }
            _ => {
                // A forged event, as a corrupt or foreign log would carry it: applied, or
                // refused with nothing changed.
                let text = input.text(MAX_TEXT);
                if let Ok(event) = serde_json::from_str::<Event>(&text) {
                    let seq = logged.room.seq();
                    let view = logged.room.view(None, now).to_string();
                    match logged.room.apply(&event, now) {
                        Ok(()) => {
                            assert_eq!(logged.room.seq(), seq + 1, "an event applied is one");
                            logged.log.push((event, now));
                        }
                        Err(_) => logged.refused_changes_nothing(seq, &view, now, "forged"),
                    }
                }
            }
        }
        if logged.room.status() == Status::Over {
            assert!(logged.room.result().is_some(), "a room over has its result");
        }
    }
    logged.check_rebuilt(now);
    let _: Value = logged.room.view(None, now);
}
