//! One game in the server: [`Session`], the state of a game of any of the three games with
//! its record, the dice drawn from its seed, its bots and who plays by hand, what each
//! request may do to it (a person's action, a bot's or the dice's next action, undo,
//! resign), each refused with a reason and nothing changed.

use std::collections::VecDeque;

use boardgames_common::{
    ByPlayer, Game, PlayedGame, Player, Record, Replay, Seed, SeedRng, Turn, sample_chance,
};

use crate::error::ApiError;

/// A bot of a session: any agent of the game that can cross threads (the bot thinks on a
/// blocking thread of the server).
pub(crate) type Bot<G> = crate::agents::BoxedBot<G>;

/// The most actions one request plays by itself (the bots' and the dice's between two of a
/// person's decisions; in a game watched, one step at a time). A partie of trictrac to
/// 12 trous is about 1 500 actions, a sugoroku at most 10 000 throws.
pub(crate) const MAX_ACTIONS_PER_REQUEST: usize = 20_000;

/// The longest game a session holds (actions, dice throws included): more than any game of
/// the three reaches (tafl's bound on plies is lower, sugoroku's cap is 10 000 throws).
pub(crate) const MAX_ACTIONS: usize = 200_000;

/// One action applied by a session, for the page to show in order.
#[derive(Debug, Clone)]
pub(crate) struct Applied<A> {
    /// Its number in the game, from 0.
    pub(crate) index: usize,
    /// Who acted: a player, or chance (the dice).
    pub(crate) turn: Turn,
    /// The action.
    pub(crate) action: A,
    /// The action as the record writes it.
    pub(crate) text: String,
    /// The game's comment (trictrac's events and marks, sugoroku's events).
    pub(crate) comment: Option<String>,
}

/// A game of `G` played in the server: each side a person or a bot.
pub(crate) struct Session<G: Game> {
    /// The game's start (the record's tags come from it).
    start: G,
    /// The seed of the dice and the bots.
    seed: Seed,
    /// The game now and its record.
    played: PlayedGame<G>,
    /// Every action since the start, in order.
    actions: Vec<G::Action>,
    /// The generator of the dice, after the throws made so far.
    rng: SeedRng,
    /// Throws taken back by an undo, to fall again in the same order.
    again: VecDeque<G::Action>,
    /// The bot of each side that a person does not play.
    bots: ByPlayer<Option<Bot<G>>>,
    /// The side that resigned, if one did.
    resigned: Option<Player>,
    /// The game before the last action (for the picture of the last move).
    before_last: Option<G>,
    /// Whether a person throws the dice of his own turns (a game of dice alone): the dice of
    /// a side played by a person then wait for his request.
    throws_by_hand: bool,
}

impl<G: Game> std::fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &G::NAME)
            .field("seed", &self.seed)
            .field("actions", &self.actions.len())
            .finish_non_exhaustive()
    }
}

/// Who acts next in a session, as a request sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// A person decides (or throws, in a game of dice alone) for this side.
    Person(Player),
    /// A bot decides for this side.
    Bot(Player),
    /// The dice fall (the server throws them).
    Dice,
    /// The game is over, or a side resigned.
    Over,
}

impl<G: Game> Session<G>
where
    G::Action: Send,
{
    /// A new game from `start`, the dice and the bots seeded from `seed` (the bots with
    /// `seed.derive(1)` for the first player and `seed.derive(2)` for the second, chosen by
    /// `make_bot`), `people` the sides a person plays.
    pub(crate) fn new(
        start: G,
        seed: Seed,
        bots: ByPlayer<Option<Bot<G>>>,
        throws_by_hand: bool,
    ) -> Result<Session<G>, ApiError> {
        let played = PlayedGame::new(start.clone(), Some(seed))
            .map_err(|e| ApiError::internal(format!("cannot start the record: {e}")))?;
        Ok(Session {
            start,
            seed,
            played,
            actions: Vec::new(),
            rng: seed.rng(),
            again: VecDeque::new(),
            bots,
            resigned: None,
            before_last: None,
            throws_by_hand,
        })
    }

    /// The game of `record` resumed: its start from its tags, its actions replayed, the dice
    /// that follow those of its seed after its throws (as if the game had gone on); a record
    /// without a `Seed` tag goes on with the dice of `seed`.
    ///
    /// # Errors
    /// [`ApiError::BadRecord`] naming what does not replay.
    pub(crate) fn resume(
        record: &Record,
        seed: Seed,
        bots: ByPlayer<Option<Bot<G>>>,
        throws_by_hand: bool,
    ) -> Result<Session<G>, ApiError>
    where
        G: Replay,
    {
        let start = G::from_tags(record).map_err(|e| ApiError::BadRecord(e.to_string()))?;
        // The record's seed when it has one (its dice go on as if the game had); else
        // `seed` (a tafl record has no dice, and another game's dice then come from it).
        let seed = record
            .seed()
            .map_err(|e| ApiError::BadRecord(e.to_string()))?
            .unwrap_or(seed);
        if record.entries().len() > MAX_ACTIONS {
            return Err(ApiError::BadRecord(format!(
                "the record has more than {MAX_ACTIONS} actions"
            )));
        }
        let mut session = Session::new(start, seed, bots, throws_by_hand)?;
        for (i, text) in record.actions().enumerate() {
            let action = session
                .played
                .state
                .parse_action(text)
                .map_err(|e| ApiError::BadRecord(format!("action {} ({text}): {e}", i + 1)))?;
            let chance = session.played.state.turn() == Turn::Chance;
            session.before_last = Some(session.played.state.clone());
            session
                .played
                .apply(action)
                .map_err(|e| ApiError::BadRecord(format!("action {} ({text}): {e}", i + 1)))?;
            if chance {
                // One draw of the generator a throw, as `sample_chance` makes.
                let _ = sample_chance(&[(action, 1.0)], &mut session.rng);
            }
            session.actions.push(action);
        }
        Ok(session)
    }

    /// The game now.
    pub(crate) fn state(&self) -> &G {
        &self.played.state
    }

    /// The number of actions played.
    pub(crate) fn len(&self) -> usize {
        self.actions.len()
    }

    /// The record so far (`Result` `*` until the end). A game a side resigned keeps `Result`
    /// `*` (the rules did not end it, and `boardgames replay` checks `Result` against the
    /// position the actions reach) and says the resignation in a `Termination` tag, e.g.
    /// `Termination "first player resigned"`.
    pub(crate) fn record(&self) -> Record {
        let mut record = self.played.to_record();
        if let Some(p) = self.resigned {
            // A tag of letters and a value of one line: `set_tag` refuses neither.
            let _ = record.set_tag("Termination", &format!("{p} resigned"));
        }
        record
    }

    /// The side that resigned.
    pub(crate) fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// Whether `player` is played by a person.
    pub(crate) fn is_person(&self, player: Player) -> bool {
        self.bots[player].is_none()
    }

    /// Who acts next; `thrower` is, in a game of dice alone, the side whose throw it is.
    pub(crate) fn next(&self, thrower: Option<Player>) -> Next {
        if self.resigned.is_some() {
            return Next::Over;
        }
        match self.played.state.turn() {
            Turn::Terminal => Next::Over,
            Turn::Chance => match thrower {
                Some(p) if self.throws_by_hand && self.is_person(p) => Next::Person(p),
                _ => Next::Dice,
            },
            Turn::Player(p) if self.is_person(p) => Next::Person(p),
            Turn::Player(p) => Next::Bot(p),
        }
    }

    /// The legal actions now (a person's or a bot's decision; empty at chance).
    pub(crate) fn legal(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        self.played.state.legal_actions(&mut legal);
        legal
    }

    /// Applies `action` and records it.
    fn apply(&mut self, action: G::Action) -> Result<Applied<G::Action>, ApiError> {
        if self.actions.len() >= MAX_ACTIONS {
            return Err(ApiError::Refused(format!(
                "the game has reached {MAX_ACTIONS} actions"
            )));
        }
        let index = self.actions.len();
        let turn = self.played.state.turn();
        let text = self.played.state.action_text(action);
        let before = self.played.state.clone();
        self.played
            .apply(action)
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        self.before_last = Some(before);
        self.actions.push(action);
        let comment = self
            .played
            .record
            .entries()
            .last()
            .and_then(|e| e.comment.clone());
        Ok(Applied {
            index,
            turn,
            action,
            text,
            comment,
        })
    }

    /// The dice fall: a throw taken back by an undo if one waits, or one drawn from the
    /// seed's generator.
    fn throw(&mut self) -> Result<Applied<G::Action>, ApiError> {
        let mut outcomes = Vec::new();
        self.played.state.chance_outcomes(&mut outcomes);
        let again = self
            .again
            .front()
            .copied()
            .filter(|a| outcomes.iter().any(|(o, _)| o == a));
        let action = match again {
            Some(a) => {
                self.again.pop_front();
                a
            }
            None => {
                self.again.clear();
                sample_chance(&outcomes, &mut self.rng)
                    .ok_or_else(|| ApiError::internal("no outcome of chance at a chance node"))?
            }
        };
        self.apply(action)
    }

    /// The next action of a bot or of the dice; `None` when a person is to act or the game
    /// is over.
    pub(crate) fn step(
        &mut self,
        thrower: Option<Player>,
    ) -> Result<Option<Applied<G::Action>>, ApiError> {
        match self.next(thrower) {
            Next::Over | Next::Person(_) => Ok(None),
            Next::Dice => self.throw().map(Some),
            Next::Bot(p) => {
                let legal = self.legal();
                if legal.is_empty() {
                    return Err(ApiError::internal("no legal action at a decision"));
                }
                let state = &self.played.state;
                let bot = self.bots[p]
                    .as_mut()
                    .ok_or_else(|| ApiError::internal("no bot for a side played by a bot"))?;
                let choice = bot.choose(state, &legal);
                self.apply(choice).map(Some)
            }
        }
    }

    /// A person's action `text` (in the game's notation) for the side to act; `thrower` as
    /// in [`Session::next`], and a throw by hand is asked with any text.
    ///
    /// # Errors
    /// [`ApiError::NotYourTurn`] when no person is to act, [`ApiError::Illegal`] for an
    /// action the rules refuse (nothing changes).
    pub(crate) fn act(
        &mut self,
        text: &str,
        thrower: Option<Player>,
    ) -> Result<Applied<G::Action>, ApiError> {
        match self.next(thrower) {
            Next::Person(_) => {}
            Next::Over => return Err(ApiError::Refused("the game is over".into())),
            Next::Bot(_) | Next::Dice => {
                return Err(ApiError::NotYourTurn);
            }
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
        self.apply(action)
    }

    /// Takes back the last decision of a person and everything after it (the bots' replies,
    /// the dice: the throws taken back fall again in the same order).
    ///
    /// # Errors
    /// [`ApiError::Refused`] when a person has made no decision yet, or a side resigned.
    pub(crate) fn undo(&mut self) -> Result<usize, ApiError> {
        // A resignation is final: the record says it, and nothing is taken back after it.
        if let Some(p) = self.resigned {
            return Err(ApiError::Refused(format!(
                "the {p} resigned: the game is over"
            )));
        }
        // The states before each action, replayed from the start: the last decision of a
        // side played by a person.
        let mut game = self.start.clone();
        let mut last = None;
        for (i, &a) in self.actions.iter().enumerate() {
            if let Turn::Player(p) = game.turn()
                && self.is_person(p)
            {
                last = Some(i);
            }
            game.apply(a)
                .map_err(|e| ApiError::internal(format!("replay of the game's own action: {e}")))?;
        }
        let Some(k) = last else {
            return Err(ApiError::Refused("nothing to undo yet".into()));
        };
        self.rebuild(k)?;
        Ok(k)
    }

    /// The game with its first `k` actions only; the throws after them wait to fall again.
    fn rebuild(&mut self, k: usize) -> Result<(), ApiError> {
        let mut played = PlayedGame::new(self.start.clone(), Some(self.seed))
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let mut again = VecDeque::new();
        let mut before_last = None;
        for &a in &self.actions[..k] {
            before_last = Some(played.state.clone());
            played
                .apply(a)
                .map_err(|e| ApiError::internal(e.to_string()))?;
        }
        let mut game = played.state.clone();
        for &a in &self.actions[k..] {
            if game.turn() == Turn::Chance {
                again.push_back(a);
            }
            game.apply(a)
                .map_err(|e| ApiError::internal(e.to_string()))?;
        }
        again.extend(self.again.drain(..));
        self.again = again;
        self.actions.truncate(k);
        self.played = played;
        self.before_last = before_last;
        self.resigned = None;
        Ok(())
    }

    /// `player` resigns: the game stops (its record keeps `Result` `*` and gains a
    /// `Termination` tag: [`Session::record`]).
    ///
    /// # Errors
    /// [`ApiError::Refused`] when the game is already over or the side is a bot's.
    pub(crate) fn resign(&mut self, player: Player) -> Result<(), ApiError> {
        if self.played.state.is_terminal() || self.resigned.is_some() {
            return Err(ApiError::Refused("the game is already over".into()));
        }
        if !self.is_person(player) {
            return Err(ApiError::Refused("a bot's side cannot resign".into()));
        }
        self.resigned = Some(player);
        Ok(())
    }

    /// The last action with the game before it, for the picture of the last move.
    pub(crate) fn last(&self) -> Option<(&G, G::Action)> {
        Some((self.before_last.as_ref()?, *self.actions.last()?))
    }
}
