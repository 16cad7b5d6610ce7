//! The games the server hosts: what each game shows the page ([`WebGame`]: its picture,
//! its legal actions as the board needs them, what the board does not say, a hint's
//! analysis), a hosted game of any of them behind one interface ([`Table`]), and the
//! request that starts one ([`NewGame`]).

mod presentation;
mod request;
mod session;
mod sugoroku;
mod tafl;
mod trictrac;

use boardgames_common::{ByPlayer, Game, Player, Record, Seed, Turn};
use serde_json::{Value, json};

use crate::agents::{self, BotGame};
use crate::error::ApiError;
pub(crate) use presentation::WebGame;
pub(crate) use request::read_record;
pub use request::{MAX_RECORD_BYTES, NewGame};
pub(crate) use session::MAX_ACTIONS;
pub(crate) use session::MAX_ACTIONS_PER_REQUEST;

/// The longest an `advance` request (a game watched) plays before it answers with the steps
/// so far: one request of two strong bots must not hold a core for long while others wait
/// for theirs (each bot's decision is itself bounded by its node budget).
pub const ADVANCE_TIME: std::time::Duration = std::time::Duration::from_secs(2);
use session::{Applied, Bot, Next, Session};

/// A hosted game of any of the games, as the requests use it.
pub(crate) trait Table: Send {
    /// The game's key (`trictrac`, ...).
    fn key(&self) -> &'static str;
    /// The page's view of the game now.
    fn view(&self) -> Value;
    /// A person's action, then the bots' and the dice's until a person is to act again or
    /// the game is over: the steps applied.
    fn act(&mut self, text: &str) -> Result<Vec<Value>, ApiError>;
    /// At most `max` actions of the bots and the dice (a game watched): the steps applied.
    fn advance(&mut self, max: usize) -> Result<Vec<Value>, ApiError>;
    /// Takes back the last decision of a person and what followed it.
    fn undo(&mut self) -> Result<(), ApiError>;
    /// The person to act resigns (the person of the game when one side only is a person).
    fn resign(&mut self) -> Result<(), ApiError>;
    /// The bot's choice for the person to act, with the game's analysis.
    fn hint(&mut self) -> Result<Value, ApiError>;
    /// The record so far.
    fn record(&self) -> Record;
    /// The number of actions played.
    fn len(&self) -> usize;
}

/// A game of `G` hosted by the server.
struct Hosted<G: WebGame>
where
    G::Action: Send,
{
    session: Session<G>,
    players: [String; 2],
    seed: Seed,
}

/// The key of a player in the page's view.
fn side_key(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

impl<G: WebGame> Hosted<G>
where
    G::Action: Send,
{
    fn step_view(&self, before: Option<&G>, applied: &Applied<G::Action>) -> Value {
        let actor = match applied.turn {
            Turn::Player(p) => side_key(p),
            _ => "dice",
        };
        let name = match (applied.turn, before) {
            (Turn::Player(p), Some(b)) => Some(b.side_name(p)),
            _ => None,
        };
        let frame = match (applied.turn, before) {
            (Turn::Player(_), Some(b)) => G::frame(b, applied.action),
            _ => None,
        };
        json!({
            "index": applied.index,
            "actor": actor,
            "name": name,
            "text": applied.text,
            "comment": applied.comment,
            "svg": frame,
        })
    }

    /// Plays the bots' and the dice's actions until a person is to act, the game ends, or
    /// `max` actions, gathering the steps.
    fn run(&mut self, max: usize) -> Result<Vec<Value>, ApiError> {
        self.run_within(max, None)
    }

    /// [`Hosted::run`], stopping also once `time` has passed (after one action at least), so
    /// that a request of a game watched holds a core for a bounded time whatever its `max`
    /// and its bots: the page asks again for the rest.
    fn run_within(
        &mut self,
        max: usize,
        time: Option<std::time::Duration>,
    ) -> Result<Vec<Value>, ApiError> {
        let start = std::time::Instant::now();
        let mut steps = Vec::new();
        for _ in 0..max {
            if !steps.is_empty() && time.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            let thrower = self.session.state().thrower();
            let before = self.session.state().clone();
            match self.session.step(thrower)? {
                Some(applied) => steps.push(self.step_view(Some(&before), &applied)),
                None => break,
            }
        }
        Ok(steps)
    }

    fn next(&self) -> Next {
        self.session.next(self.session.state().thrower())
    }
}

impl<G: WebGame> Table for Hosted<G>
where
    G::Action: Send,
{
    fn key(&self) -> &'static str {
        G::KEY
    }

    fn view(&self) -> Value {
        let state = self.session.state();
        let last = self.session.last();
        let next = self.next();
        let (kind, side) = match next {
            Next::Person(p) => ("person", Some(side_key(p))),
            Next::Bot(p) => ("bot", Some(side_key(p))),
            Next::Dice => ("dice", None),
            Next::Over => ("over", None),
        };
        let legal = match next {
            Next::Person(_) if state.turn() != Turn::Chance => {
                state.legal_view(&self.session.legal())
            }
            _ => Vec::new(),
        };
        let over = if let Some(p) = self.session.resigned() {
            json!({ "winner": side_key(p.other()), "draw": false, "resigned": side_key(p) })
        } else {
            match state.outcome() {
                Some(o) => json!({
                    "winner": o.winner().map(side_key),
                    "draw": o.winner().is_none(),
                    "resigned": null,
                    "returns": state.returns().into_array(),
                }),
                None => Value::Null,
            }
        };
        json!({
            "game": G::KEY,
            "seq": self.session.len(),
            "seed": self.seed.0,
            "players": self.players,
            "next": { "kind": kind, "side": side },
            "svg": state.picture(last),
            "legal": legal,
            "info": state.info(),
            "over": over,
            "canUndo": self.players.iter().any(|p| p == "person") && G::KEY != "sugoroku",
            "record": self.session.record().to_string(),
        })
    }

    fn act(&mut self, text: &str) -> Result<Vec<Value>, ApiError> {
        let thrower = self.session.state().thrower();
        let before = self.session.state().clone();
        let applied = self.session.act(text, thrower)?;
        let mut steps = vec![self.step_view(Some(&before), &applied)];
        steps.extend(self.run(MAX_ACTIONS_PER_REQUEST)?);
        Ok(steps)
    }

    fn advance(&mut self, max: usize) -> Result<Vec<Value>, ApiError> {
        self.run_within(max.clamp(1, MAX_ACTIONS_PER_REQUEST), Some(ADVANCE_TIME))
    }

    fn undo(&mut self) -> Result<(), ApiError> {
        if G::KEY == "sugoroku" {
            return Err(ApiError::Refused(
                "a game of dice alone has no decision to take back".into(),
            ));
        }
        self.session.undo()?;
        Ok(())
    }

    fn resign(&mut self) -> Result<(), ApiError> {
        let person = match self.next() {
            Next::Person(p) => p,
            _ => [Player::First, Player::Second]
                .into_iter()
                .find(|&p| self.session.is_person(p))
                .ok_or_else(|| ApiError::Refused("only a person resigns".into()))?,
        };
        self.session.resign(person)
    }

    fn hint(&mut self) -> Result<Value, ApiError> {
        let Next::Person(p) = self.next() else {
            return Err(ApiError::NotYourTurn);
        };
        let state = self.session.state();
        if state.turn() == Turn::Chance {
            return Err(ApiError::Refused(
                "nothing to choose: throw the dice".into(),
            ));
        }
        let legal = self.session.legal();
        // The opponent's bot advises (the strongest of the game when both sides are people).
        let name = match &self.players[p.other().index()] {
            n if n != "person" => n.clone(),
            _ => G::strongest().to_owned(),
        };
        let seed = self.seed.derive(1000 + self.session.len() as u64);
        let mut bot = agents::build::<G>(&name, seed)?;
        let choice = bot.choose(state, &legal);
        Ok(json!({
            "bot": name,
            "choice": state.action_text(choice),
            "analysis": state.analysis(&legal, choice),
        }))
    }

    fn record(&self) -> Record {
        self.session.record()
    }

    fn len(&self) -> usize {
        self.session.len()
    }
}

/// The bots of a request's players, `None` for a person's side.
fn bots<G: WebGame>(players: &[String; 2], seed: Seed) -> Result<ByPlayer<Option<Bot<G>>>, ApiError>
where
    G::Action: Send,
{
    let mut out = ByPlayer::new(None, None);
    for (i, p) in [Player::First, Player::Second].into_iter().enumerate() {
        let name = players[i].trim();
        if name != "person" {
            out[p] = Some(agents::build::<G>(name, seed.derive(i as u64 + 1))?);
        }
    }
    Ok(out)
}

/// Hosts `start` (or the game of `record`) for `request`, played until a person is to act.
fn host<G: WebGame>(
    start: Option<G>,
    request: &NewGame,
    seed: Seed,
    record: Option<&Record>,
) -> Result<(Box<dyn Table>, Vec<Value>), ApiError>
where
    G::Action: Send,
{
    let by_hand = start.as_ref().is_some_and(|g| g.thrower().is_some()) || G::KEY == "sugoroku";
    let (session, seed) = match record {
        Some(record) => {
            let seed = record.seed().ok().flatten().unwrap_or(seed);
            let bots = bots::<G>(&request.players, seed)?;
            (Session::resume(record, seed, bots, by_hand)?, seed)
        }
        None => {
            let start = start.ok_or_else(|| ApiError::internal("no start"))?;
            let bots = bots::<G>(&request.players, seed)?;
            (Session::new(start, seed, bots, by_hand)?, seed)
        }
    };
    let mut hosted = Hosted {
        session,
        players: request.players.clone(),
        seed,
    };
    // The game goes on to a person's turn unless every side is a bot (a game watched steps
    // one action at a time).
    let steps = if request.players.iter().any(|p| p == "person") {
        hosted.run(MAX_ACTIONS_PER_REQUEST)?
    } else {
        Vec::new()
    };
    Ok((Box::new(hosted), steps))
}

/// A fresh seed for a game started without one: the clock's nanoseconds mixed by
/// [`Seed::derive`] with a counter (two games of one instant differ).
fn fresh_seed() -> Seed {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    // Seeds the page shows and a person may type again: below 2^53, exact in JavaScript.
    Seed(Seed(nanos).derive(n).0 >> 11)
}

/// Starts the game `request` asks for.
///
/// # Errors
/// [`ApiError::BadRequest`] for an unknown game, option or bot, or rules the crates refuse;
/// [`ApiError::BadRecord`] for a record that does not replay.
pub(crate) fn start(request: &NewGame) -> Result<(Box<dyn Table>, Vec<Value>), ApiError> {
    for p in &request.players {
        if p.len() > 64 {
            return Err(ApiError::BadRequest("a player's name is too long".into()));
        }
    }
    let seed = request.seed.map_or_else(fresh_seed, Seed);
    let record = match &request.record {
        Some(text) => Some(read_record(text)?),
        None => None,
    };
    if let Some(r) = &record {
        let expected = match request.game.as_str() {
            "trictrac" => <trictrac_core::TrictracGame as Game>::NAME,
            "ecrire" => <trictrac_core::EcrireGame as Game>::NAME,
            "tafl" => <tafl_core::TaflGame as Game>::NAME,
            "sugoroku" => <sugoroku_core::SugorokuGame as Game>::NAME,
            other => return Err(unknown_game(other)),
        };
        if r.tag("Game") != Some(expected) {
            return Err(ApiError::BadRecord(format!(
                "the record is not of {expected}: its Game tag is {:?}",
                r.tag("Game").unwrap_or("")
            )));
        }
    }
    let record = record.as_ref();
    match request.game.as_str() {
        "trictrac" => {
            let start = match record {
                Some(_) => None,
                None => Some(trictrac::ordinaire(request)?),
            };
            host(start, request, seed, record)
        }
        "ecrire" => {
            let start = match record {
                Some(_) => None,
                None => Some(trictrac::ecrire(request)?),
            };
            host(start, request, seed, record)
        }
        "tafl" => {
            let start = match record {
                Some(_) => None,
                None => Some(tafl::game(request)?),
            };
            host(start, request, seed, record)
        }
        "sugoroku" => {
            let start = match record {
                Some(_) => None,
                None => Some(sugoroku::game(request)?),
            };
            host(start, request, seed, record)
        }
        other => Err(unknown_game(other)),
    }
}

/// The start of a game of any of the games, as a request asks for it (online rooms build
/// their games from it).
pub(crate) enum Start {
    /// The partie ordinaire.
    Trictrac(trictrac_core::TrictracGame),
    /// The partie à écrire between two.
    Ecrire(trictrac_core::EcrireGame),
    /// Tafl.
    Tafl(tafl_core::TaflGame),
    /// Sugoroku.
    Sugoroku(sugoroku_core::SugorokuGame),
}

/// The start of the game `request` asks for (its `players`, `seed` and `record` unread).
///
/// # Errors
/// [`ApiError::BadRequest`] for an unknown game or option, or rules the crates refuse.
pub(crate) fn start_of(request: &NewGame) -> Result<Start, ApiError> {
    Ok(match request.game.as_str() {
        "trictrac" => Start::Trictrac(trictrac::ordinaire(request)?),
        "ecrire" => Start::Ecrire(trictrac::ecrire(request)?),
        "tafl" => Start::Tafl(tafl::game(request)?),
        "sugoroku" => Start::Sugoroku(sugoroku::game(request)?),
        other => return Err(unknown_game(other)),
    })
}

fn unknown_game(name: &str) -> ApiError {
    ApiError::BadRequest(format!(
        "unknown game {:?}: expected trictrac, ecrire, tafl or sugoroku",
        name.chars().take(40).collect::<String>()
    ))
}

/// The catalog of the games: their options and bots, for the page's forms.
pub(crate) fn catalog() -> Value {
    json!({
        "games": [
            { "key": "trictrac", "bots": agents::names::<trictrac_core::TrictracGame>(),
              "default": <trictrac_core::TrictracGame as BotGame>::strongest() },
            { "key": "ecrire", "bots": agents::names::<trictrac_core::EcrireGame>(),
              "default": <trictrac_core::EcrireGame as BotGame>::strongest(),
              "conventions": ["base", "annexe", "annexe-geometric", "sans-lever"] },
            { "key": "tafl", "bots": agents::names::<tafl_core::TaflGame>(),
              "default": "ovate",
              "presets": tafl::PRESETS },
            { "key": "sugoroku", "bots": agents::names::<sugoroku_core::SugorokuGame>(),
              "default": "random",
              "rules": sugoroku_core::Ruleset::default().to_string() },
        ],
        "limits": { "recordBytes": MAX_RECORD_BYTES },
    })
}
