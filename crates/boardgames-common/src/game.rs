//! The [`Game`] trait: any two-player game with chance nodes, in the OpenSpiel manner.
//!
//! A game state is at a decision node of one [`Player`], at a chance node (dice), or
//! terminal. Generic agents ([`RandomAgent`](crate::RandomAgent), the searches of
//! [`crate::agents`], or the caller's own) play every game of the family through this trait;
//! [`PlayedGame`] is a game with its [`Record`]. The loop that plays a game with agents and a
//! [`Seed`] is the [`Playout`](crate::Playout) ([`play_game`](crate::play_game) runs one to
//! its end).

use std::fmt;

use rand::{Rng, RngExt};
use thiserror::Error;

use crate::player::{ByPlayer, Player};
use crate::record::Record;
use crate::seed::Seed;

/// Who acts at a node of the game tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Turn {
    /// A player chooses among [`Game::legal_actions`].
    Player(Player),
    /// Chance picks one of [`Game::chance_outcomes`] (a throw of the dice).
    Chance,
    /// The game is over; [`Game::returns`] gives the result.
    Terminal,
}

/// How a finished game ended, in every game of the family: a winner, or a draw.
///
/// [`Game::outcome`] gives it for any game (from the signs of [`Game::returns`]); each game
/// type of the family has an inherent `outcome()` of the same name and meaning, beside its
/// own detail of the end (how the king was taken, a bredouille, the scores of a sugoroku).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// This player won.
    Winner(Player),
    /// Neither player won.
    Draw,
}

impl Outcome {
    /// The outcome of a finished game's `returns`: the player with the larger return wins,
    /// equal returns draw.
    #[must_use]
    pub fn from_returns(returns: ByPlayer<f64>) -> Outcome {
        if returns.first > returns.second {
            Outcome::Winner(Player::First)
        } else if returns.second > returns.first {
            Outcome::Winner(Player::Second)
        } else {
            Outcome::Draw
        }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Winner(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `first player wins`, `second player wins`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(Player::First) => f.write_str("first player wins"),
            Outcome::Winner(Player::Second) => f.write_str("second player wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A two-player game with chance nodes, in the manner of OpenSpiel.
///
/// Actions are plain values (`Copy`): a player's decision and a chance outcome are both
/// actions, told apart by [`Game::turn`]. Every action has a text form ([`Game::action_text`],
/// [`Game::parse_action`]) in the game's own notation, which is what records store.
pub trait Game: Clone {
    /// A decision of a player or an outcome of chance.
    type Action: Copy + Eq + fmt::Debug;
    /// Why an action was refused by [`Game::apply`] or could not be parsed.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The name written in a record's `Game` tag (`"Trictrac"`, `"Tafl"`, `"Sugoroku"`).
    const NAME: &'static str;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// The legal actions of the player to act, written into `out` (which is cleared first).
    /// Empty at chance and terminal nodes.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// The outcomes of chance with their probabilities (summing to 1), written into `out`
    /// (cleared first). Empty unless [`Game::turn`] is [`Turn::Chance`].
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>);

    /// Applies an action of the player to act or of chance.
    ///
    /// # Errors
    ///
    /// The game's error when the action is not legal here; the state is then unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Applies `action` as [`Game::apply`] does and returns the comment a record gives it
    /// (trictrac: the events, points and marks; sugoroku: the events), or `None` for a game
    /// that writes no comments. [`play_game`](crate::play_game) and [`PlayedGame::apply`]
    /// record this comment, and a strict replay ([`crate::ReplayOptions::strict_comments`]) compares it with the
    /// record's. The default applies the action and writes no comment.
    ///
    /// # Errors
    ///
    /// As [`Game::apply`]; the state is then unchanged.
    fn apply_with_comment(&mut self, action: Self::Action) -> Result<Option<String>, Self::Error> {
        self.apply(action).map(|()| None)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// The result for each player: `1.0` win, `-1.0` loss, `0.0` draw or unfinished game
    /// (a game may scale wins, e.g. a trictrac game won bredouille).
    fn returns(&self) -> ByPlayer<f64>;

    /// `None` while the game goes on; once it is over, who won or a draw
    /// ([`Outcome::from_returns`] of [`Game::returns`]).
    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal()
            .then(|| Outcome::from_returns(self.returns()))
    }

    /// The action in the game's notation, as it would be written in a record at this state.
    fn action_text(&self, action: Self::Action) -> String;

    /// Parses an action written in the game's notation, in the context of this state.
    ///
    /// # Errors
    ///
    /// The game's error when the text is not a legal action here.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Error>;

    /// Tag pairs that a record of this game needs to replay it from its start (variant,
    /// ruleset, setup), beyond `Game`, `Seed` and `Result`. Default: none.
    fn record_tags(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Tag pairs that a record of this game holds once it is over, beyond `Result` (the
    /// trictrac partie à écrire's `Ledger`): written by [`PlayedGame::apply`] when the game
    /// ends. Default: none.
    fn final_record_tags(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// A player of any [`Game`]: chooses one of the legal actions.
pub trait Agent<G: Game> {
    /// Chooses one of `legal` (never empty) at `state`.
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action;
}

/// Samples one chance outcome from `outcomes` with `rng` (any generator: [`Seed::rng`] for
/// the family's reproducible games): a uniform draw in `[0, 1)` is compared with the running
/// sum of the probabilities (the last outcome absorbs rounding).
///
/// Returns `None` when `outcomes` is empty.
pub fn sample_chance<A: Copy>(outcomes: &[(A, f64)], rng: &mut (impl Rng + ?Sized)) -> Option<A> {
    let last = outcomes.last()?.0;
    let x: f64 = rng.random();
    let mut acc = 0.0;
    for &(a, p) in outcomes {
        acc += p;
        if x < acc {
            return Some(a);
        }
    }
    Some(last)
}

/// Why [`play_game`](crate::play_game) or a [`Playout`](crate::Playout) stopped before the
/// end, or why a [`PlayedGame`] refused an action.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayGameError {
    /// The game was not over after the given number of actions.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// A player to act had no legal action and the game was not terminal (a bug of the game).
    #[error("no legal action at action {index} although the game is not over")]
    NoLegalAction {
        /// Index of the action in the game, from 0.
        index: usize,
    },
    /// The outcomes of chance given to a playout
    /// ([`Playout::with_chance`](crate::Playout::with_chance): dice, a script) ran out before
    /// the end of the game.
    #[error("no outcome of chance was given for action {index}, before the end of the game")]
    ChanceExhausted {
        /// Index of the action in the game, from 0.
        index: usize,
    },
    /// The game refused an action (one it listed as legal, in a playout: a bug of the game).
    #[error("action {index} ({text}) was refused: {error}")]
    Refused {
        /// Index of the action in the game, from 0.
        index: usize,
        /// The action's text.
        text: String,
        /// The game's reason (printed by this error's `Display`).
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The game wrote an action or tag that the record format cannot hold (a bug of the game).
    #[error("action {index}: {error}")]
    BadText {
        /// Index of the action in the game, from 0.
        index: usize,
        /// What was wrong with the text.
        error: crate::record::RecordTextError,
    },
}

/// A game with its record: the state, and the [`Record`] of every action applied to it
/// since its start, each with the comment the game gives it ([`Game::apply_with_comment`]).
/// [`play_game`](crate::play_game) returns one for a game played to its end; [`PlayedGame::new`] and
/// [`PlayedGame::apply`] keep one for a game played move by move (a server, an interactive
/// game), and [`PlayedGame::to_record`] writes it out.
///
/// ```
/// use boardgames_common::{PlayedGame, Seed};
/// # use boardgames_common::{ByPlayer, Game, Turn};
/// # #[derive(Clone, Debug)]
/// # struct Count(u8);
/// # #[derive(Debug, thiserror::Error)]
/// # #[error("not a step")]
/// # struct NotAStep;
/// # impl Game for Count {
/// #     type Action = u8;
/// #     type Error = NotAStep;
/// #     const NAME: &'static str = "Count";
/// #     fn turn(&self) -> Turn { if self.0 >= 2 { Turn::Terminal } else { Turn::Player(boardgames_common::Player::First) } }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.clear(); out.push(1); }
/// #     fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) { out.clear(); }
/// #     fn apply(&mut self, a: u8) -> Result<(), NotAStep> { if a == 1 && self.0 < 2 { self.0 += 1; Ok(()) } else { Err(NotAStep) } }
/// #     fn returns(&self) -> ByPlayer<f64> { ByPlayer::new(1.0, -1.0) }
/// #     fn action_text(&self, a: u8) -> String { a.to_string() }
/// #     fn parse_action(&self, t: &str) -> Result<u8, NotAStep> { t.parse().map_err(|_| NotAStep) }
/// # }
/// let mut game = PlayedGame::new(Count(0), Some(Seed(7))).unwrap();
/// game.apply(1).unwrap();
/// assert_eq!(game.to_record().tag("Result"), Some("*"));
/// game.apply(1).unwrap();
/// assert!(game.apply(1).is_err());
/// let record = game.to_record();
/// assert_eq!(record.to_string(), "[Game \"Count\"]\n[Seed \"7\"]\n[Result \"1-0\"]\n\n1. 1\n2. 1\n");
/// ```
#[derive(Debug, Clone)]
pub struct PlayedGame<G: Game> {
    /// The current state (terminal for a game returned by [`play_game`](crate::play_game)).
    pub state: G,
    /// The record: `Game`, `Seed` (when known), the game's own tags, `Result` (once the game
    /// is over), and every action.
    pub record: Record,
}

impl<G: Game> PlayedGame<G> {
    /// A game starting at `start`, its record holding the `Game` tag, the `Seed` tag when
    /// `seed` is given, and the game's own [`Game::record_tags`].
    ///
    /// # Errors
    ///
    /// [`PlayGameError::BadText`] if the game wrote a tag that a record cannot hold (a bug
    /// of the game).
    pub fn new(start: G, seed: Option<Seed>) -> Result<PlayedGame<G>, PlayGameError> {
        let mut record = Record::new(G::NAME);
        let bad_text = |error| PlayGameError::BadText { index: 0, error };
        if let Some(seed) = seed {
            record
                .set_tag("Seed", &seed.to_string())
                .map_err(bad_text)?;
        }
        for (k, v) in start.record_tags() {
            record.set_tag(&k, &v).map_err(bad_text)?;
        }
        let mut played = PlayedGame {
            state: start,
            record,
        };
        played.set_result().map_err(bad_text)?;
        Ok(played)
    }

    /// Applies `action` to the state and appends it to the record with the game's comment;
    /// once the game is over the record's `Result` tag is set.
    ///
    /// # Errors
    ///
    /// [`PlayGameError::Refused`] if the game refuses the action (the state and the record
    /// are then unchanged); [`PlayGameError::BadText`] if the game wrote a text that a
    /// record cannot hold (a bug of the game).
    pub fn apply(&mut self, action: G::Action) -> Result<(), PlayGameError> {
        let index = self.record.entries().len();
        let text = self.state.action_text(action);
        let comment =
            self.state
                .apply_with_comment(action)
                .map_err(|e| PlayGameError::Refused {
                    index,
                    text: text.clone(),
                    error: Box::new(e),
                })?;
        let bad_text = |error| PlayGameError::BadText { index, error };
        match comment {
            Some(c) => self.record.push_commented(text, c),
            None => self.record.push_action(text),
        }
        .map_err(bad_text)?;
        self.set_result().map_err(bad_text)
    }

    /// The state with a record holding only the `Game` tag: the state of a playout that
    /// keeps no record.
    pub(crate) fn unrecorded(start: G) -> PlayedGame<G> {
        PlayedGame {
            state: start,
            record: Record::new(G::NAME),
        }
    }

    fn set_result(&mut self) -> Result<(), crate::record::RecordTextError> {
        if self.state.is_terminal() {
            for (k, v) in self.state.final_record_tags() {
                self.record.set_tag(&k, &v)?;
            }
            self.record
                .set_tag("Result", &result_text(self.state.returns()))?;
        }
        Ok(())
    }

    /// The record so far, with a `Result` tag always: the result once the game is over, `*`
    /// before.
    #[must_use]
    pub fn to_record(&self) -> Record {
        let mut record = self.record.clone();
        if !self.state.is_terminal() {
            // "*" is a valid tag value.
            let _ = record.set_tag("Result", "*");
        }
        record
    }
}

/// The `Result` tag for per-player returns: `"1-0"`, `"0-1"`, `"1/2-1/2"`; a scaled win keeps
/// its scale (`"2-0"`).
#[must_use]
pub fn result_text(returns: ByPlayer<f64>) -> String {
    let (a, b) = (returns.first, returns.second);
    if a > b {
        format!("{}-0", fmt_num(a))
    } else if b > a {
        format!("0-{}", fmt_num(b))
    } else {
        "1/2-1/2".to_string()
    }
}

fn fmt_num(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::dice::{Throw, UNORDERED_OUTCOMES};
    use crate::{RandomAgent, play_game};

    /// A toy race for tests of the trait: each player throws in turn (chance), then decides
    /// to advance by the high die or by the low die; the first to reach 20 wins.
    #[derive(Debug, Clone, PartialEq)]
    pub(crate) struct Race {
        pub(crate) pos: [u8; 2],
        pub(crate) to_move: Player,
        pub(crate) pending: Option<Throw>,
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum RaceAction {
        Throw(Throw),
        Advance(u8),
    }

    #[derive(Debug, Error)]
    #[error("illegal action {0}")]
    pub(crate) struct RaceError(String);

    impl Race {
        pub(crate) fn new() -> Race {
            Race {
                pos: [0, 0],
                to_move: Player::First,
                pending: None,
            }
        }
    }

    impl Game for Race {
        type Action = RaceAction;
        type Error = RaceError;
        const NAME: &'static str = "Race";
        fn turn(&self) -> Turn {
            if self.pos.iter().any(|&p| p >= 20) {
                Turn::Terminal
            } else if self.pending.is_none() {
                Turn::Chance
            } else {
                Turn::Player(self.to_move)
            }
        }
        fn legal_actions(&self, out: &mut Vec<RaceAction>) {
            out.clear();
            if let (Some(t), Turn::Player(_)) = (self.pending, self.turn()) {
                out.push(RaceAction::Advance(t.high().get()));
                if !t.is_doublet() {
                    out.push(RaceAction::Advance(t.low().get()));
                }
            }
        }
        fn chance_outcomes(&self, out: &mut Vec<(RaceAction, f64)>) {
            out.clear();
            if self.turn() == Turn::Chance {
                out.extend(
                    UNORDERED_OUTCOMES
                        .iter()
                        .map(|&(t, p)| (RaceAction::Throw(t), p)),
                );
            }
        }
        fn apply(&mut self, a: RaceAction) -> Result<(), RaceError> {
            match (self.turn(), a) {
                (Turn::Chance, RaceAction::Throw(t)) => self.pending = Some(t),
                (Turn::Player(p), RaceAction::Advance(n)) => {
                    let mut legal = Vec::new();
                    self.legal_actions(&mut legal);
                    if !legal.contains(&a) {
                        return Err(RaceError(format!("{a:?}")));
                    }
                    self.pos[p.index()] += n;
                    self.pending = None;
                    self.to_move = p.other();
                }
                _ => return Err(RaceError(format!("{a:?}"))),
            }
            Ok(())
        }
        fn returns(&self) -> ByPlayer<f64> {
            match (self.pos[0] >= 20, self.pos[1] >= 20) {
                (true, _) => ByPlayer::new(1.0, -1.0),
                (_, true) => ByPlayer::new(-1.0, 1.0),
                _ => ByPlayer::new(0.0, 0.0),
            }
        }
        fn action_text(&self, a: RaceAction) -> String {
            match a {
                RaceAction::Throw(t) => t.to_string(),
                RaceAction::Advance(n) => format!("+{n}"),
            }
        }
        fn parse_action(&self, text: &str) -> Result<RaceAction, RaceError> {
            if let Some(n) = text.strip_prefix('+') {
                n.parse()
                    .map(RaceAction::Advance)
                    .map_err(|_| RaceError(text.into()))
            } else {
                text.parse()
                    .map(RaceAction::Throw)
                    .map_err(|_| RaceError(text.into()))
            }
        }
    }

    #[test]
    fn play_game_reaches_the_end_and_replays() {
        let mut a = RandomAgent::new(Seed(1));
        let mut b = RandomAgent::new(Seed(2));
        let played = play_game(Race::new(), Seed(9), ByPlayer::new(&mut a, &mut b), 1000).unwrap();
        assert!(played.state.is_terminal());
        let result = played.record.tag("Result").unwrap();
        assert!(result == "1-0" || result == "0-1", "{result}");
        assert_eq!(played.record.tag("Seed"), Some("9"));
        // Replaying the record's actions reaches the same state.
        let mut replay = Race::new();
        for text in played.record.actions() {
            let a = replay.parse_action(text).unwrap();
            replay.apply(a).unwrap();
        }
        assert_eq!(replay, played.state);
        // The same seeds give the same game.
        let mut a = RandomAgent::new(Seed(1));
        let mut b = RandomAgent::new(Seed(2));
        let again = play_game(Race::new(), Seed(9), ByPlayer::new(&mut a, &mut b), 1000).unwrap();
        assert_eq!(again.record, played.record);
    }

    #[test]
    fn play_game_stops_at_the_limit() {
        let mut a = RandomAgent::new(Seed(1));
        let mut b = RandomAgent::new(Seed(2));
        let err = play_game(Race::new(), Seed(9), ByPlayer::new(&mut a, &mut b), 3).unwrap_err();
        assert!(matches!(err, PlayGameError::TooLong(3)));
        assert_eq!(err.to_string(), "the game did not end within 3 actions");
    }

    #[test]
    fn illegal_actions_are_refused_without_change() {
        let mut g = Race::new();
        let before = g.clone();
        assert!(g.apply(RaceAction::Advance(3)).is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn sample_chance_follows_probabilities() {
        let outcomes = [(0u8, 0.25), (1u8, 0.75)];
        let mut rng = Seed(4).rng();
        let ones = (0..40_000)
            .filter(|_| sample_chance(&outcomes, &mut rng) == Some(1))
            .count();
        assert!((29_000..31_000).contains(&ones), "{ones}");
        assert_eq!(sample_chance::<u8>(&[], &mut rng), None);
    }

    #[test]
    fn outcomes_follow_the_returns() {
        use super::Outcome;
        assert_eq!(
            Outcome::from_returns(ByPlayer::new(2.0, -2.0)),
            Outcome::Winner(Player::First)
        );
        assert_eq!(
            Outcome::from_returns(ByPlayer::new(-1.0, 1.0)),
            Outcome::Winner(Player::Second)
        );
        assert_eq!(
            Outcome::from_returns(ByPlayer::new(0.0, 0.0)),
            Outcome::Draw
        );
        let mut race = Race::new();
        assert_eq!(race.outcome(), None);
        let mut rng = Seed(5).rng();
        while !race.is_terminal() {
            let mut legal = Vec::new();
            let mut chance = Vec::new();
            race.legal_actions(&mut legal);
            race.chance_outcomes(&mut chance);
            let a = if legal.is_empty() {
                sample_chance(&chance, &mut rng).unwrap()
            } else {
                legal[0]
            };
            race.apply(a).unwrap();
        }
        assert_eq!(race.outcome(), Some(Outcome::from_returns(race.returns())));
        assert_ne!(race.outcome(), Some(Outcome::Draw));
        assert_eq!(
            Outcome::Winner(Player::Second).winner(),
            Some(Player::Second)
        );
        assert_eq!(Outcome::Draw.to_string(), "draw");
    }

    #[test]
    fn result_texts() {
        assert_eq!(result_text(ByPlayer::new(1.0, -1.0)), "1-0");
        assert_eq!(result_text(ByPlayer::new(-2.0, 2.0)), "0-2");
        assert_eq!(result_text(ByPlayer::new(0.0, 0.0)), "1/2-1/2");
    }

    #[test]
    fn by_player_indexing() {
        let mut v = ByPlayer::from_fn(|p| p.index() * 10);
        v[Player::First] += 1;
        assert_eq!(v.into_array(), [1, 10]);
        assert_eq!(Player::First.other(), Player::Second);
    }
}
