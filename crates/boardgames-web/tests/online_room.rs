//! The room state machine of online play (docs/online.md): seats, turns, the refusals that
//! change nothing, dice from the committed seed, clocks, draws, resignations, a table of
//! three played to its settlement, and a room rebuilt from its log.

use boardgames_common::{Record, Seed};
use boardgames_web::online::protocol::ClientMessage;
use boardgames_web::online::room::{Event, Machine, Room, Status};
use boardgames_web::online::spec::{ClockSpec, RoomSpec, SeatSpec};
use serde_json::Value;

fn spec(game: &str, seats: &[&str]) -> RoomSpec {
    RoomSpec {
        game: game.into(),
        seats: seats
            .iter()
            .map(|s| SeatSpec::try_from((*s).to_owned()).unwrap())
            .collect(),
        trous: None,
        pavillon: None,
        marques: None,
        convention: None,
        rules: None,
        form: None,
        clock: None,
        absence_s: 120,
    }
}

/// A room with its log, applying each event as a server does after storing it.
struct Logged {
    room: Room,
    log: Vec<(Event, i64)>,
}

impl Logged {
    fn new(spec: RoomSpec, seed: u64) -> Logged {
        Logged {
            room: Room::new(spec, Seed(seed)).unwrap(),
            log: Vec::new(),
        }
    }

    fn apply(&mut self, event: Event, at: i64) {
        self.room.apply(&event, at).unwrap();
        self.log.push((event, at));
    }

    fn join(&mut self, seat: usize, name: &str) {
        let e = self.room.propose_join(seat, name, None).unwrap();
        self.apply(e, 0);
    }

    /// A seat's message: the events it logs, applied.
    fn send(&mut self, seat: Option<usize>, m: ClientMessage, at: i64) -> Result<(), String> {
        let events = self
            .room
            .propose(seat, &m, at)
            .map_err(|e| format!("{}: {e}", e.code()))?;
        for e in events {
            self.apply(e, at);
        }
        Ok(())
    }

    /// The dice and the bots until a person is to act or the game ends.
    fn drive(&mut self, at: i64) {
        while let Some(m) = self.room.machine() {
            let e = match m {
                Machine::Dice => self.room.throw().unwrap(),
                Machine::Bot { name, .. } => Event::Step {
                    a: self.room.think(&name).unwrap()().unwrap(),
                },
            };
            self.apply(e, at);
        }
    }

    fn view(&self, seat: Option<usize>) -> Value {
        self.room.view(seat, 0)
    }

    /// The first legal action of the seat to act, as the page would send it.
    fn first_legal(&self, seat: usize) -> String {
        let v = self.view(Some(seat));
        let legal = &v["view"]["legal"];
        let first = &legal[0];
        first["text"]
            .as_str()
            .or_else(|| first.as_str())
            .unwrap_or_else(|| panic!("no legal action text in {first}"))
            .to_owned()
    }

    /// The room rebuilt from its log: the same state.
    fn rebuilt(&self) -> Room {
        let mut room = Room::new(self.room.spec().clone(), Seed(self.seed())).unwrap();
        for (e, at) in &self.log {
            room.apply(e, *at).unwrap();
        }
        room
    }

    fn seed(&self) -> u64 {
        42
    }
}

fn act(seq: u64, action: &str) -> ClientMessage {
    ClientMessage::Act {
        seq,
        action: action.into(),
    }
}

#[test]
fn fidchell_between_two_people_refuses_what_is_not_theirs_and_plays_to_the_end() {
    let mut r = Logged::new(spec("tafl", &["open", "open"]), 42);
    assert_eq!(r.room.status(), Status::Open);
    r.join(0, "Ann");
    // The room waits for its second seat: nobody acts yet.
    let e = r.send(Some(0), act(1, "d1-d3"), 0).unwrap_err();
    assert!(e.starts_with("refused"), "{e}");
    r.join(1, "Bob");
    assert_eq!(r.room.status(), Status::Playing);
    assert_eq!(
        r.room.propose_join(1, "Eve", None).unwrap_err().code(),
        "refused"
    );
    // Fidchell: the attackers (first player, seat 0) move first.
    let v = r.view(Some(0));
    assert_eq!(v["view"]["next"]["seat"], 0);
    assert!(!v["view"]["legal"].as_array().unwrap().is_empty());
    // The other seat and a spectator see no legal move and may not act.
    assert!(
        r.view(Some(1))["view"]["legal"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(r.view(None)["view"]["legal"].as_array().unwrap().is_empty());
    let seq = r.room.seq();
    let good = r.first_legal(0);
    assert!(
        r.send(None, act(seq, &good), 0)
            .unwrap_err()
            .starts_with("forbidden")
    );
    assert!(
        r.send(Some(1), act(seq, &good), 0)
            .unwrap_err()
            .starts_with("not_your_turn")
    );
    assert!(
        r.send(Some(0), act(seq, "a1-a9"), 0)
            .unwrap_err()
            .starts_with("illegal")
    );
    assert!(
        r.send(Some(0), act(seq + 1, &good), 0)
            .unwrap_err()
            .starts_with("stale")
    );
    assert!(
        r.send(Some(5), act(seq, &good), 0)
            .unwrap_err()
            .starts_with("forbidden")
    );
    assert_eq!(r.room.seq(), seq, "refusals log nothing");
    // No draw by agreement is refused in tafl; resigning is a person's.
    let mut plies = 0;
    while r.room.status() == Status::Playing {
        let seat = r.view(None)["view"]["next"]["seat"].as_u64().unwrap() as usize;
        let a = r.first_legal(seat);
        let seq = r.room.seq();
        r.send(Some(seat), act(seq, &a), 1000 * plies).unwrap();
        // The same message again is stale: a replayed message changes nothing.
        assert!(
            r.send(Some(seat), act(seq, &a), 0)
                .unwrap_err()
                .starts_with("stale")
        );
        plies += 1;
        assert!(plies < 2000, "the game does not end");
    }
    let result = r.room.result().unwrap();
    assert_eq!(result.end, "rules");
    assert_eq!(result.scores.iter().sum::<f64>(), 1.0);
    // The record: every move, the seed revealed at the end; it replays with the crates.
    let record: Record = r.room.record_text().parse().unwrap();
    assert_eq!(record.seed(), Ok(Some(Seed(42))));
    assert_eq!(record.actions().count() as i64, plies);
    // Rebuilt from its log, the room is the same.
    let rebuilt = r.rebuilt();
    assert_eq!(rebuilt.view(Some(0), 0), r.room.view(Some(0), 0));
    assert_eq!(rebuilt.record_text(), r.room.record_text());
}

#[test]
fn dice_come_from_the_seed_and_the_seed_leaves_only_at_the_end() {
    let mut a = Logged::new(spec("trictrac", &["open", "random"]), 42);
    a.join(0, "Ann");
    a.drive(0);
    let mut b = Logged::new(spec("trictrac", &["open", "random"]), 42);
    b.join(0, "Ann");
    b.drive(0);
    // The same seed: the same throws.
    assert_eq!(a.log, b.log);
    assert!(
        a.log.iter().any(|(e, _)| matches!(e, Event::Step { .. })),
        "the dice fell"
    );
    let v = a.view(Some(0));
    assert_eq!(v["seed"], Value::Null);
    let record: Record = a.room.record_text().parse().unwrap();
    assert_eq!(record.seed(), Ok(None), "no Seed tag before the end");
    // A logged throw that is not the seed's is refused.
    let mut c = Logged::new(spec("trictrac", &["open", "random"]), 43);
    c.join(0, "Ann");
    if let Some(Event::Step { a: throw }) = a
        .log
        .iter()
        .map(|(e, _)| e.clone())
        .find(|e| matches!(e, Event::Step { .. }))
    {
        let other = c.room.throw().unwrap();
        if other != (Event::Step { a: throw.clone() }) {
            assert_eq!(
                c.room
                    .apply(&Event::Step { a: throw }, 0)
                    .unwrap_err()
                    .code(),
                "illegal"
            );
        }
    }
    // Ann resigns: the game is over, the bot's seat wins, the record says why.
    let seq = a.room.seq();
    a.send(Some(0), ClientMessage::Resign { seq }, 5).unwrap();
    assert_eq!(a.room.status(), Status::Over);
    assert_eq!(a.room.result().unwrap().scores, vec![0.0, 1.0]);
    let record: Record = a.room.record_text().parse().unwrap();
    assert_eq!(record.tag("Termination"), Some("seat 0 resigned"));
    assert_eq!(record.seed(), Ok(Some(Seed(42))));
    assert_eq!(a.view(None)["seed"], "42");
}

#[test]
fn a_tafl_clock_falls_and_a_draw_is_agreed_only_in_tafl() {
    let mut s = spec("tafl", &["open", "open"]);
    s.clock = Some(ClockSpec {
        main_s: 10,
        increment_s: 2,
    });
    let mut r = Logged::new(s.clone(), 42);
    r.join(0, "Ann");
    r.apply(r.room.propose_join(1, "Bob", None).unwrap(), 1_000);
    // Ann moves after 4 s: 10 - 4 + 2 = 8 s left; Bob's clock runs.
    let a = r.first_legal(0);
    r.send(Some(0), act(r.room.seq(), &a), 5_000).unwrap();
    assert_eq!(r.room.time_left(0, 5_000), Some(8_000));
    assert_eq!(r.room.time_left(1, 9_000), Some(6_000));
    assert_eq!(r.room.deadline(), Some((1, 15_000)));
    assert_eq!(r.room.flag_due(14_999), None);
    // A flag that has not fallen is refused; one that has is logged and ends the game.
    assert_eq!(
        r.room
            .apply(&Event::Flag { seat: 1 }, 14_000)
            .unwrap_err()
            .code(),
        "refused"
    );
    // Bob moves too late: his move logs his flag instead.
    let b = r.first_legal(1);
    r.send(Some(1), act(r.room.seq(), &b), 16_000).unwrap();
    assert_eq!(r.room.status(), Status::Over);
    let result = r.room.result().unwrap();
    assert_eq!((result.end, result.seat), ("flag", Some(1)));
    assert_eq!(result.scores, vec![1.0, 0.0]);

    // A draw: offered by one seat, accepted by the other.
    let mut d = Logged::new(spec("tafl", &["open", "open"]), 42);
    d.join(0, "Ann");
    d.join(1, "Bob");
    let seq = d.room.seq();
    d.send(Some(0), ClientMessage::OfferDraw { seq }, 0)
        .unwrap();
    assert!(
        d.send(Some(0), ClientMessage::AcceptDraw { seq: seq + 1 }, 0)
            .unwrap_err()
            .starts_with("refused")
    );
    d.send(Some(1), ClientMessage::DeclineDraw { seq: seq + 1 }, 0)
        .unwrap();
    d.send(Some(0), ClientMessage::OfferDraw { seq: seq + 2 }, 0)
        .unwrap();
    d.send(Some(1), ClientMessage::AcceptDraw { seq: seq + 3 }, 0)
        .unwrap();
    assert_eq!(d.room.result().unwrap().end, "draw_agreed");
    assert_eq!(d.room.result().unwrap().scores, vec![0.5, 0.5]);

    // Trictrac knows no draw by agreement; a clock is for tafl only.
    let mut t = Logged::new(spec("trictrac", &["open", "open"]), 42);
    t.join(0, "Ann");
    t.join(1, "Bob");
    t.drive(0);
    let seq = t.room.seq();
    assert!(
        t.send(Some(0), ClientMessage::OfferDraw { seq }, 0)
            .unwrap_err()
            .starts_with("refused")
    );
    let mut bad = spec("trictrac", &["open", "open"]);
    bad.clock = s.clock;
    assert_eq!(Room::new(bad, Seed(1)).unwrap_err().code(), "bad_request");
}

#[test]
fn bad_specifications_are_refused_with_why() {
    let cases = [
        (spec("chess", &["open", "open"]), "chess"),
        (spec("tafl", &["open", "open", "open"]), "two seats"),
        (spec("tafl", &["open", "stockfish"]), "stockfish"),
        (spec("table", &["open", "open"]), "2"),
        (spec("tafl", &["open"]), "2 to 4"),
    ];
    for (s, says) in cases {
        let e = Room::new(s, Seed(1)).unwrap_err();
        assert_eq!(e.code(), "bad_request");
        assert!(e.to_string().contains(says), "{e} should say {says}");
    }
    let mut s = spec("table", &["open", "open", "open"]);
    s.form = Some("teams".into());
    let e = Room::new(s, Seed(1)).unwrap_err();
    assert!(e.to_string().contains('4'), "{e}");
}

#[test]
fn sugoroku_is_thrown_by_hand_by_its_seats() {
    let mut r = Logged::new(spec("sugoroku", &["open", "open"]), 42);
    r.join(0, "Ann");
    r.join(1, "Bob");
    assert_eq!(r.room.machine(), None, "a person throws");
    let seat = r.view(None)["view"]["next"]["seat"].as_u64().unwrap() as usize;
    let seq = r.room.seq();
    r.send(Some(seat), act(seq, "throw"), 0).unwrap();
    let Event::Act { a, .. } = &r.log.last().unwrap().0 else {
        panic!("a throw by hand is the seat's act")
    };
    assert!(!a.is_empty());
}

#[test]
fn a_table_of_three_bots_plays_a_partie_a_tourner_to_its_settlement() {
    let mut s = spec("table", &["random", "random", "random"]);
    s.form = Some("tourner".into());
    s.marques = Some(3);
    let mut r = Logged::new(s, 42);
    assert_eq!(r.room.status(), Status::Playing);
    r.drive(0);
    assert_eq!(r.room.status(), Status::Over);
    let v = r.view(None);
    let balances = v["view"]["table"]["balances"].as_array().unwrap();
    assert_eq!(balances.len(), 3);
    let sum: i128 = balances
        .iter()
        .map(|b| b["jetons"].as_str().unwrap().parse::<i128>().unwrap())
        .sum();
    assert_eq!(sum, 0, "the balances of a table sum to zero");
    assert_eq!(r.room.result().unwrap().end, "rules");
    // Each marqué's record, its seed revealed, and the sheet.
    let text = r.room.record_text();
    assert!(text.matches("[Seed ").count() >= 3, "{text}");
    let rebuilt = r.rebuilt();
    assert_eq!(rebuilt.view(None, 0), v);
}

#[test]
fn a_name_with_a_hidden_direction_or_width_mark_is_refused() {
    // Issue 47's review: a guest named "Bob\u{202E}evil" turned the page's words after the
    // name backwards ("You win! (Black (Bobyb :(live (noitangiser").
    let r = Logged::new(spec("tafl", &["open", "open"]), 7);
    for name in [
        "Bob\u{202E}evil",
        "\u{2067}Ann",
        "Ann\u{200B}",
        "\u{FEFF}Ann",
        "A\u{200F}b",
    ] {
        let e = r.room.propose_join(0, name, None).unwrap_err();
        assert_eq!(e.code(), "bad_request", "{name:?}");
        assert!(
            e.to_string().contains("invisible direction or width mark"),
            "{e}"
        );
    }
    // A control character keeps its own message; ordinary unicode, an emoji sequence with its
    // zero-width joiner and a right-to-left script are names.
    assert!(
        r.room
            .propose_join(0, "a\u{7}b", None)
            .unwrap_err()
            .to_string()
            .contains("control character")
    );
    for name in [
        "Rémi",
        "👩\u{200D}👩\u{200D}👧",
        "مریم",
        "<img src=x onerror=alert(1)>",
    ] {
        match r.room.propose_join(0, name, None).unwrap() {
            Event::Join { name: n, .. } => assert_eq!(n, name),
            e => panic!("{e:?}"),
        }
    }
}
