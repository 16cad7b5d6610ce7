//! The game of a room behind one interface ([`Match`]): two seats of any of the games
//! ([`Duel`]), or a table of three or four (`table`). A match knows the rules and the dice;
//! who sits where, the clocks and the log are the room's.

use boardgames_common::{Game, PlayedGame, Player, Record, Seed, SeedRng, Turn, sample_chance};
use serde_json::{Value, json};

use crate::agents;
use crate::error::ApiError;
use crate::games::{MAX_ACTIONS, WebGame};

/// Who acts next in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ToAct {
    /// The person or bot of this seat (a decision, or a throw by hand in a game of dice
    /// alone).
    Seat(usize),
    /// The dice fall (the server throws them from the room's seed).
    Dice,
    /// The rules ended the game.
    Over,
}

/// A bot's decision, to run on a blocking thread: the action's text.
pub(crate) type Thinking = Box<dyn FnOnce() -> Result<String, ApiError> + Send>;

/// The game of a room.
pub(crate) trait Match: Send {
    /// The number of seats.
    fn seats(&self) -> usize;
    /// Who acts next.
    fn to_act(&self) -> ToAct;
    /// The text of the action `text` of `seat` now, as the record writes it (a throw by
    /// hand: the throw the seed gives, whatever `text`); nothing changes.
    ///
    /// # Errors
    /// [`ApiError::NotYourTurn`], [`ApiError::Illegal`] with the rules' reason.
    fn check(&self, seat: usize, text: &str) -> Result<String, ApiError>;
    /// The next throw of the dice, as the record writes it (at a chance node).
    fn throw(&self) -> Result<String, ApiError>;
    /// Applies a logged action of whoever is to act (a replayed log is checked again).
    fn apply(&mut self, text: &str) -> Result<(), ApiError>;
    /// The decision of the bot `bot` for the seat to act, to think on another thread.
    fn think(&self, bot: &str) -> Result<Thinking, ApiError>;
    /// Whether the players may agree a draw (tafl).
    fn draws(&self) -> bool {
        false
    }
    /// The view of the game, the legal actions filled for `legal_for` when that seat is to
    /// decide.
    fn view(&self, legal_for: Option<usize>) -> Value;
    /// [`Match::view`] for `legal_for`, made from `nobody`, the view for `None` (its
    /// picture shared rather than drawn again). By default computed whole.
    fn view_from(&self, nobody: &Value, legal_for: Option<usize>) -> Value {
        let _ = nobody;
        self.view(legal_for)
    }
    /// Each seat's score once the rules ended the game (1 a win, ½ a draw, 0 a loss).
    fn scores(&self) -> Option<Vec<f64>>;
    /// The record so far, without the `Seed` tag (the room adds it at the end).
    fn record(&self) -> Record;
    /// The actions applied.
    fn len(&self) -> usize;
    /// The records of the game: one, or a table's marqués in order; with `reveal` (the game
    /// over) each carries the `Seed` tag of its dice.
    fn records(&self, reveal: bool) -> Vec<Record>;
    /// A table's sheet, `None` for a game of two seats.
    fn sheet(&self) -> Option<String> {
        None
    }
    /// Whether each seat sees a view of its own (a table, where partners share a side);
    /// between two seats every seat but the one to act sees what a spectator sees.
    fn views_per_seat(&self) -> bool {
        false
    }
}

/// The score of each side of an ended two-player game.
pub(crate) fn scores_of<G: Game>(game: &G) -> Option<[f64; 2]> {
    let outcome = game.outcome()?;
    Some(match outcome.winner() {
        Some(Player::First) => [1.0, 0.0],
        Some(Player::Second) => [0.0, 1.0],
        None => [0.5, 0.5],
    })
}

/// Two seats at a game of `G`: seat 0 is the first player, seat 1 the second.
pub(crate) struct Duel<G: WebGame>
where
    G::Action: Send,
{
    played: PlayedGame<G>,
    rng: SeedRng,
    seed: Seed,
    before_last: Option<G>,
    last: Option<G::Action>,
    by_hand: bool,
}

impl<G: WebGame> Duel<G>
where
    G::Action: Send,
{
    /// A game from `start`, its dice thrown from `seed`.
    pub(crate) fn new(start: G, seed: Seed) -> Result<Duel<G>, ApiError> {
        let by_hand = start.thrower().is_some() || G::KEY == "sugoroku";
        let played = PlayedGame::new(start, None)
            .map_err(|e| ApiError::internal(format!("cannot start the record: {e}")))?;
        Ok(Duel {
            played,
            rng: seed.rng(),
            seed,
            before_last: None,
            last: None,
            by_hand,
        })
    }

    /// The game now.
    pub(crate) fn state(&self) -> &G {
        &self.played.state
    }

    /// The dice's next throw at a chance node, as an action.
    fn next_throw(&self) -> Result<G::Action, ApiError> {
        let mut outcomes = Vec::new();
        self.played.state.chance_outcomes(&mut outcomes);
        sample_chance(&outcomes, &mut self.rng.clone())
            .ok_or_else(|| ApiError::internal("no outcome of chance at a chance node"))
    }

    fn legal(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.played.state.legal_actions(&mut legal);
        legal
    }

    /// The key of who is to act in the view (`first`, `second`), for the page's renderers.
    fn side_key(p: Player) -> &'static str {
        match p {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl<G: WebGame> Match for Duel<G>
where
    G::Action: Send,
{
    fn seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        match self.played.state.turn() {
            Turn::Terminal => ToAct::Over,
            Turn::Chance => match self.played.state.thrower() {
                Some(p) if self.by_hand => ToAct::Seat(p.index()),
                _ => ToAct::Dice,
            },
            Turn::Player(p) => ToAct::Seat(p.index()),
        }
    }

    fn check(&self, seat: usize, text: &str) -> Result<String, ApiError> {
        match self.to_act() {
            ToAct::Seat(s) if s == seat => {}
            ToAct::Over => return Err(ApiError::Refused("the game is over".into())),
            _ => return Err(ApiError::NotYourTurn),
        }
        if self.played.state.turn() == Turn::Chance {
            return self.throw();
        }
        let action = self
            .played
            .state
            .parse_action(text.trim())
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        if !self.legal().contains(&action) {
            return Err(ApiError::Illegal(format!(
                "{} is not legal now",
                text.trim()
            )));
        }
        Ok(self.played.state.action_text(action))
    }

    fn throw(&self) -> Result<String, ApiError> {
        if self.played.state.turn() != Turn::Chance {
            return Err(ApiError::internal("a throw asked where no dice fall"));
        }
        Ok(self.played.state.action_text(self.next_throw()?))
    }

    fn apply(&mut self, text: &str) -> Result<(), ApiError> {
        if self.played.record.entries().len() >= MAX_ACTIONS {
            return Err(ApiError::Refused(format!(
                "the game has reached {MAX_ACTIONS} actions"
            )));
        }
        let state = &self.played.state;
        let action = state
            .parse_action(text)
            .map_err(|e| ApiError::Illegal(format!("{text}: {e}")))?;
        let chance = state.turn() == Turn::Chance;
        if chance {
            // The dice of a room are the seed's: a logged throw is the one it gives.
            if self.next_throw()? != action {
                return Err(ApiError::Illegal(format!(
                    "{text} is not the throw of the room's dice"
                )));
            }
        } else if !self.legal().contains(&action) {
            return Err(ApiError::Illegal(format!("{text} is not legal now")));
        }
        let before = self.played.state.clone();
        self.played
            .apply(action)
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        if chance {
            // One draw of the generator a throw, as `sample_chance` makes.
            let _ = sample_chance(&[(action, 1.0)], &mut self.rng);
        }
        self.before_last = Some(before);
        self.last = Some(action);
        Ok(())
    }

    fn think(&self, bot: &str) -> Result<Thinking, ApiError> {
        if self.played.state.turn() == Turn::Chance {
            let text = self.throw()?;
            return Ok(Box::new(move || Ok(text)));
        }
        let seed = self.seed.derive(1_000_000 + self.len() as u64);
        let mut agent = agents::build::<G>(bot, seed)?;
        let state = self.played.state.clone();
        let legal = self.legal();
        if legal.is_empty() {
            return Err(ApiError::internal("no legal action at a decision"));
        }
        Ok(Box::new(move || {
            let choice = agent.choose(&state, &legal);
            Ok(state.action_text(choice))
        }))
    }

    fn draws(&self) -> bool {
        G::KEY == "tafl"
    }

    fn view(&self, legal_for: Option<usize>) -> Value {
        let state = &self.played.state;
        let to_act = self.to_act();
        let (kind, side, seat) = match to_act {
            ToAct::Seat(s) => {
                let p = if s == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                let kind = if legal_for == Some(s) {
                    "person"
                } else {
                    "other"
                };
                (kind, Some(Self::side_key(p)), Some(s))
            }
            ToAct::Dice => ("dice", None, None),
            ToAct::Over => ("over", None, None),
        };
        let legal = match to_act {
            ToAct::Seat(s) if legal_for == Some(s) && state.turn() != Turn::Chance => {
                state.legal_view(&self.legal())
            }
            _ => Vec::new(),
        };
        let last = match (&self.before_last, self.last) {
            (Some(b), Some(a)) => Some((b, a)),
            _ => None,
        };
        let over = match state.outcome() {
            Some(o) => json!({
                "winner": o.winner().map(Self::side_key),
                "draw": o.winner().is_none(),
                "resigned": null,
                "returns": state.returns().into_array(),
            }),
            None => Value::Null,
        };
        json!({
            "game": G::KEY,
            "seq": self.len(),
            "next": { "kind": kind, "side": side, "seat": seat },
            "svg": state.picture(last),
            "legal": legal,
            "info": state.info(),
            "over": over,
            "canUndo": false,
            "sides": [state.side_name(Player::First), state.side_name(Player::Second)],
        })
    }

    fn view_from(&self, nobody: &Value, legal_for: Option<usize>) -> Value {
        // The view for the seat to act differs from nobody's in the kind of the next to
        // act and the legal actions only (see `view`).
        let mut view = nobody.clone();
        if let (ToAct::Seat(s), Some(f)) = (self.to_act(), legal_for)
            && s == f
        {
            view["next"]["kind"] = json!("person");
            if self.played.state.turn() != Turn::Chance {
                view["legal"] = json!(self.played.state.legal_view(&self.legal()));
            }
        }
        view
    }

    fn scores(&self) -> Option<Vec<f64>> {
        scores_of(&self.played.state).map(|s| s.to_vec())
    }

    fn record(&self) -> Record {
        self.played.record.clone()
    }

    fn records(&self, reveal: bool) -> Vec<Record> {
        let mut record = self.record();
        if reveal {
            // A tag of letters and a value of digits: `set_tag` refuses neither.
            let _ = record.set_tag("Seed", &self.seed.to_string());
        }
        vec![record]
    }

    fn len(&self) -> usize {
        self.played.record.entries().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{NewGame, Start, start_of};

    fn duel(game: &str, rules: Option<&str>) -> Box<dyn Match> {
        let request = NewGame {
            game: game.into(),
            players: ["person".into(), "person".into()],
            trous: (game == "trictrac").then_some(1),
            pavillon: None,
            marques: None,
            convention: None,
            rules: rules.map(str::to_owned),
            seed: None,
            record: None,
        };
        let seed = Seed(11);
        match start_of(&request).unwrap() {
            Start::Trictrac(g) => Box::new(Duel::new(g, seed).unwrap()),
            Start::Ecrire(g) => Box::new(Duel::new(g, seed).unwrap()),
            Start::Tafl(g) => Box::new(Duel::new(g, seed).unwrap()),
            Start::Sugoroku(g) => Box::new(Duel::new(g, seed).unwrap()),
        }
    }

    /// The view a seat gets from nobody's (the picture shared) is the view computed whole,
    /// for every seat and spectator, at every step of a game played by its first legal
    /// actions (dice thrown by the seed, throws by hand).
    #[test]
    fn a_view_made_from_nobodys_is_the_view_computed_whole() {
        for (game, rules) in [
            ("tafl", Some("fidchell")),
            ("trictrac", None),
            ("sugoroku", None),
        ] {
            let mut m = duel(game, rules);
            let mut steps = 0;
            let mut legal_seen = 0;
            while steps < 40 {
                let nobody = m.view(None);
                for who in [None, Some(0), Some(1)] {
                    assert_eq!(
                        m.view_from(&nobody, who),
                        m.view(who),
                        "{game} step {steps}"
                    );
                }
                let next = match m.to_act() {
                    ToAct::Over => break,
                    ToAct::Dice => m.throw().unwrap(),
                    ToAct::Seat(s) => {
                        let view = m.view(Some(s));
                        match view["legal"][0]["text"].as_str() {
                            Some(t) => {
                                legal_seen += 1;
                                m.check(s, t).unwrap()
                            }
                            None => m.check(s, "throw").unwrap(),
                        }
                    }
                };
                m.apply(&next).unwrap();
                steps += 1;
            }
            // Sugoroku is the dice alone: throws by hand, no decision.
            let decisions = if game == "sugoroku" { 0 } else { 3 };
            assert!(legal_seen >= decisions, "{game}: {legal_seen} decisions");
            assert!(steps >= 10, "{game}: {steps} steps");
        }
    }
}
