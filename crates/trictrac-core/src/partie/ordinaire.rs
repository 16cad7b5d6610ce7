//! The partie ordinaire (le tour): the first to reach the trous of the partie (12) wins,
//! with the pavillon option, as a [`boardgames_common::Game`] ([`TrictracGame`]) over the
//! shared chronology of a turn ([`crate::partie::turn`]), with commented records that replay.
//!
//! Sources: rules page, "Forms of game" (partie ordinaire, pavillon); the French glossary of
//! the laws of trictrac, DESCRIPTION of the partie ordinaire ("pour gagner il faut marquer
//! douze trous en premier, même si on ne peut pas s'en aller"); the Breton encyclopaedia
//! article on trictrac for the pavillon (*bannielig*).
//!
//! The partie ends as soon as a player reaches the trous to win, whoever's points they are.
//! At the start the primauté is decided by chance actions ([`Action::PrimauteDie`]).

use std::fmt::Write as _;

use boardgames_common::{
    Agent, ByPlayer, Die, Game, PlayGameError, PlayedGame, Record, Seed, Throw, Turn, result_text,
    sample_chance,
};

use crate::colour::Colour;
use crate::marking::{Gain, Marking};
use crate::movegen::LegalPlays;
use crate::partie::scorer::{DefaultScorer, ThrowScorer};
use crate::partie::turn::{
    Action, ChoiceStage, Chronology, Form, GameError, Primaute, TurnPhase, action_text, player_of,
};
use crate::position::Position;

/// Options of a partie ordinaire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameOptions {
    /// How the primauté is decided.
    pub primaute: Primaute,
    /// The pavillon (Breton *bannielig*, the Breton article on trictrac): a partie won while the opponent has no
    /// trou, or won by the holder of the pavillon, is won double (returns ±2).
    pub pavillon: bool,
    /// Trous that win the partie: 12 (the tour de trictrac); smaller values shorten tests
    /// (0 counts as 1).
    pub trous_to_win: u8,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            primaute: Primaute::FirstThrowFromDice,
            pavillon: false,
            trous_to_win: 12,
        }
    }
}

/// Where the partie stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance: a die for the primauté; `white` is White's die once thrown.
    Primaute {
        /// White's die, once thrown.
        white: Option<Die>,
    },
    /// Chance: the side to move throws.
    Throw,
    /// `mover` chooses tenir or s'en aller.
    Choice {
        /// The player who won the trou with his own points.
        mover: Colour,
        /// The throw.
        throw: Throw,
        /// Before or after the play.
        stage: ChoiceStage,
        /// Points the throw gives the opponent, marked after the play if `mover` holds.
        pending: u8,
    },
    /// The side to move chooses the play of `throw`.
    Play {
        /// The throw.
        throw: Throw,
        /// Points the throw gives the opponent, marked after the play.
        pending: u8,
    },
    /// The partie is over.
    Over {
        /// The winner.
        winner: Colour,
        /// Won double (the pavillon option).
        bredouille: bool,
    },
}

/// How a partie ordinaire ends: the winner, and whether he won double (the pavillon option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win {
    /// The winner.
    pub winner: Colour,
    /// Won double (the pavillon option: the opponent had no trou, or the winner held the
    /// pavillon).
    pub bredouille: bool,
}

/// The partie ordinaire as a [`Form`]: over when a player reaches `trous_to_win` trous,
/// whoever's points they are; won double with the pavillon option when the winner is en
/// bredouille on the trous.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ordinaire {
    /// Trous that win the partie (at least 1).
    pub trous_to_win: u8,
    /// The pavillon option.
    pub pavillon: bool,
}

impl Ordinaire {
    /// The form of `options`.
    #[must_use]
    pub fn of(options: &GameOptions) -> Ordinaire {
        Ordinaire {
            trous_to_win: options.trous_to_win.max(1),
            pavillon: options.pavillon,
        }
    }
}

impl Form for Ordinaire {
    type Outcome = Win;

    fn after_mark(&self, marking: &Marking, colour: Colour, _: &Gain, _: bool) -> Option<Win> {
        (marking.trous(colour) >= self.trous_to_win).then(|| Win {
            winner: colour,
            bredouille: self.pavillon && marking.is_partie_en_bredouille(colour),
        })
    }

    fn write_marks(&self, marking: &Marking, out: &mut String) {
        // The pavillon flag `p` only when the option is on.
        let start = out.len();
        let _ = write!(out, "{marking}");
        if !self.pavillon {
            let tail: String = out[start..].chars().filter(|&c| c != 'p').collect();
            out.truncate(start);
            out.push_str(&tail);
        }
    }

    fn write_outcome(&self, o: &Win, out: &mut String) {
        let _ = write!(
            out,
            "{} wins the partie{}",
            o.winner,
            if o.bredouille { " bredouille" } else { "" }
        );
    }

    fn returns(&self, o: &Win) -> ByPlayer<f64> {
        let v = if o.bredouille { 2.0 } else { 1.0 };
        let mut r = ByPlayer::new(-v, -v);
        r[player_of(o.winner)] = v;
        r
    }
}

/// A partie ordinaire of trictrac: a [`Chronology`] of the [`Ordinaire`] form (position,
/// marking, phase, the analysis of the pending throw) with its options.
///
/// White is [`boardgames_common::Player::First`], Black [`boardgames_common::Player::Second`] (the primauté decides who throws
/// first).
///
/// ```
/// use boardgames_common::{ByPlayer, Game, RandomAgent, Seed};
/// use trictrac_core::game::{GameOptions, TrictracGame};
/// let game = TrictracGame::standard(GameOptions { trous_to_win: 1, ..GameOptions::default() });
/// let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
/// let played = game.play_recorded(Seed(7), ByPlayer::new(&mut a, &mut b), 100_000).unwrap();
/// assert!(played.state.is_terminal());
/// let replayed = TrictracGame::replay(&played.record, Default::default()).unwrap();
/// assert_eq!(replayed, played.state);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrictracGame<S: ThrowScorer = DefaultScorer> {
    turns: Chronology<S, Ordinaire>,
    options: GameOptions,
    start: Option<Position>,
}

impl TrictracGame<DefaultScorer> {
    /// A partie ordinaire from the start with the [`DefaultScorer`].
    #[must_use]
    pub fn standard(options: GameOptions) -> TrictracGame<DefaultScorer> {
        TrictracGame::new(DefaultScorer::default(), options)
    }
}

impl<S: ThrowScorer + Clone> TrictracGame<S> {
    /// A partie from the start position with `scorer` and `options`.
    #[must_use]
    pub fn new(scorer: S, options: GameOptions) -> TrictracGame<S> {
        TrictracGame {
            turns: Chronology::new(scorer, Ordinaire::of(&options), options.primaute),
            options,
            start: None,
        }
    }

    /// A partie continued from `position` (its side to move throws next, its marks are the
    /// marks, the pavillon included: `2.0/1.4*p` has Black holding it); the primauté option
    /// is ignored.
    ///
    /// # Errors
    /// [`GameError::Marks`] if the position's marks are inconsistent (see
    /// [`Marking::from_marks`]).
    pub fn from_position(
        scorer: S,
        options: GameOptions,
        position: Position,
    ) -> Result<TrictracGame<S>, GameError> {
        Ok(TrictracGame {
            turns: Chronology::from_position(scorer, Ordinaire::of(&options), position)?,
            options,
            start: Some(position),
        })
    }

    /// The same partie knowing the first throw since the start or relevé (`opening`, written
    /// in records as the `Opening` tag): for the jan de rencontre when the partie continues
    /// from a position after exactly one throw.
    #[must_use]
    pub fn with_opening(mut self, opening: Option<Throw>) -> TrictracGame<S> {
        self.turns.set_opening(opening);
        self
    }

    /// The chronology of the turns (position, marking, phase, kept analysis).
    #[must_use]
    pub fn turns(&self) -> &Chronology<S, Ordinaire> {
        &self.turns
    }

    /// The position (its marks are kept equal to the marking's).
    #[must_use]
    pub fn position(&self) -> &Position {
        self.turns.position()
    }

    /// The full marking (points, trous, jetons, pavillon).
    #[must_use]
    pub fn marking(&self) -> &Marking {
        self.turns.marking()
    }

    /// The phase of the turn.
    #[must_use]
    pub fn phase(&self) -> Phase {
        match self.turns.phase() {
            TurnPhase::Primaute { white } => Phase::Primaute { white },
            TurnPhase::Throw => Phase::Throw,
            TurnPhase::Choice {
                mover,
                throw,
                stage,
                pending,
            } => Phase::Choice {
                mover,
                throw,
                stage,
                pending,
            },
            TurnPhase::Play { throw, pending } => Phase::Play { throw, pending },
            TurnPhase::Over(Win { winner, bredouille }) => Phase::Over { winner, bredouille },
        }
    }

    /// The scorer.
    #[must_use]
    pub fn scorer(&self) -> &S {
        self.turns.scorer()
    }

    /// The analysis of the pending throw (see [`Chronology::analysis`]).
    #[must_use]
    pub fn analysis(&self) -> Option<&S::Analysis> {
        self.turns.analysis()
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The winner once the partie is over.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        self.turns.outcome().map(|w| w.winner)
    }

    /// The legal plays when a play is due, else `None` (a view of the kept analysis).
    #[must_use]
    pub fn legal_plays(&self) -> Option<&LegalPlays> {
        self.turns.legal_plays()
    }

    /// The marks in the notation of [`Marking`]'s `Display` (`1.4*/0.2`), with the pavillon
    /// flag `p` only when the pavillon option is on.
    #[must_use]
    pub fn marks_text(&self) -> String {
        let mut s = String::new();
        self.turns.form().write_marks(self.turns.marking(), &mut s);
        s
    }

    /// Applies `action` and returns the comment a record gives it: the events and points,
    /// the decisions' consequences, and the marks after them (`marks 0.4*/0.0`).
    ///
    /// # Errors
    /// [`GameError::WrongPhase`] for an action of another phase, [`GameError::IllegalPlay`]
    /// for a play that is not legal; the state is then unchanged.
    pub fn apply_commented(&mut self, action: Action) -> Result<String, GameError> {
        let mut text = String::new();
        self.turns.apply(action, Some(&mut text))?;
        Ok(text)
    }

    /// Plays the partie to its end like [`boardgames_common::play_game`] (same dice for the
    /// same seed), recording each action with its comment from
    /// [`TrictracGame::apply_commented`].
    ///
    /// # Errors
    /// [`PlayGameError`] as `play_game`: not over after `max_actions`, or an inconsistency.
    pub fn play_recorded(
        self,
        seed: Seed,
        agents: ByPlayer<&mut dyn Agent<TrictracGame<S>>>,
        max_actions: usize,
    ) -> Result<PlayedGame<TrictracGame<S>>, PlayGameError> {
        let mut agents = agents;
        let mut rng = seed.rng();
        let mut state = self;
        let mut record = Record::new(<Self as Game>::NAME);
        let bad = |index, source| PlayGameError::BadText { index, source };
        record
            .set_tag("Seed", &seed.to_string())
            .map_err(|e| bad(0, e))?;
        for (k, v) in state.record_tags() {
            record.set_tag(&k, &v).map_err(|e| bad(0, e))?;
        }
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        for index in 0..=max_actions {
            let action = match state.turn() {
                Turn::Terminal => {
                    record
                        .set_tag("Result", &result_text(state.returns()))
                        .map_err(|e| bad(index, e))?;
                    return Ok(PlayedGame { state, record });
                }
                _ if index == max_actions => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    sample_chance(&outcomes, &mut rng)
                        .ok_or(PlayGameError::NoLegalAction { index })?
                }
                Turn::Player(p) => {
                    state.legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(PlayGameError::NoLegalAction { index });
                    }
                    agents[p].choose(&state, &legal)
                }
            };
            let text = state.action_text(action);
            let comment = state
                .apply_commented(action)
                .map_err(|e| PlayGameError::Refused {
                    index,
                    text: text.clone(),
                    source: Box::new(e),
                })?;
            record
                .push_commented(text, comment)
                .map_err(|e| bad(index, e))?;
        }
        Err(PlayGameError::TooLong(max_actions))
    }

    /// Replays `record` (as written by [`TrictracGame::play_recorded`]) with `scorer`: the
    /// tags give the options (and a `Position` tag the starting position), each action is
    /// parsed in its context and applied. A comment, where present, must be the one the
    /// rules give for its action (events, points, marks), and a `Result` tag must be the
    /// result of the replayed partie (`*` while it is not over).
    ///
    /// # Errors
    /// [`GameError::OtherGame`], [`GameError::BadTag`] (a `Trous` of 0 too),
    /// [`GameError::Position`] for bad tags; [`GameError::Replay`] naming the first action
    /// refused or whose comment disagrees ([`GameError::Comment`]); [`GameError::Result`].
    pub fn replay(record: &Record, scorer: S) -> Result<TrictracGame<S>, GameError> {
        TrictracGame::replay_with_limits(record, scorer, &boardgames_common::RecordLimits::NONE)
    }

    /// As [`replay`](Self::replay), refusing first, before any work, a record beyond
    /// `limits` ([`Record::check_limits`]: actions, bytes, line length): what a server does
    /// with records it receives. Each action costs a bounded amount of work (one analysis of
    /// its throw), so the replay is bounded by the limits.
    ///
    /// # Errors
    /// [`GameError::Limit`] for a record beyond `limits`, else as [`replay`](Self::replay).
    pub fn replay_with_limits(
        record: &Record,
        scorer: S,
        limits: &boardgames_common::RecordLimits,
    ) -> Result<TrictracGame<S>, GameError> {
        record.check_limits(limits)?;
        if let Some(g) = record.tag("Game")
            && g != <Self as Game>::NAME
        {
            return Err(GameError::OtherGame(g.to_string()));
        }
        let mut options = GameOptions::default();
        if let Some(v) = record.tag("Primaute") {
            options.primaute = v.parse()?;
        }
        if let Some(v) = record.tag("Pavillon") {
            options.pavillon = match v {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(GameError::BadTag {
                        tag: "Pavillon",
                        value: v.to_string(),
                    });
                }
            };
        }
        if let Some(v) = record.tag("Trous") {
            options.trous_to_win =
                v.parse()
                    .ok()
                    .filter(|&t: &u8| t > 0)
                    .ok_or_else(|| GameError::BadTag {
                        tag: "Trous",
                        value: v.to_string(),
                    })?;
        }
        let mut game = match record.tag("Position") {
            Some(p) => TrictracGame::from_position(scorer, options, p.parse()?)?,
            None => TrictracGame::new(scorer, options),
        };
        if let Some(v) = record.tag("Opening") {
            let opening = v.parse::<Throw>().map_err(|_| GameError::BadTag {
                tag: "Opening",
                value: v.to_string(),
            })?;
            game = game.with_opening(Some(opening));
        }
        for (i, entry) in record.entries().iter().enumerate() {
            let wrap = |e| GameError::Replay {
                index: i + 1,
                source: Box::new(e),
            };
            let action = game.parse_action(&entry.action).map_err(wrap)?;
            let actual = game.apply_commented(action).map_err(wrap)?;
            if let Some(recorded) = &entry.comment
                && *recorded != actual
            {
                return Err(wrap(GameError::Comment {
                    recorded: recorded.clone(),
                    actual,
                }));
            }
        }
        if let Some(recorded) = record.tag("Result") {
            let actual = if game.is_terminal() {
                result_text(game.returns())
            } else {
                "*".to_string()
            };
            if recorded != actual {
                return Err(GameError::Result {
                    recorded: recorded.to_string(),
                    actual,
                });
            }
        }
        Ok(game)
    }
}

impl<S: ThrowScorer + Clone> Game for TrictracGame<S> {
    type Action = Action;
    type Error = GameError;
    const NAME: &'static str = "Trictrac";

    fn turn(&self) -> Turn {
        self.turns.turn()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.turns.legal_actions(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        self.turns.chance_outcomes(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.turns.apply(action, None)
    }

    fn returns(&self) -> ByPlayer<f64> {
        match self.turns.outcome() {
            Some(w) => self.turns.form().returns(&w),
            None => ByPlayer::new(0.0, 0.0),
        }
    }

    fn action_text(&self, action: Action) -> String {
        action_text(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        self.turns.parse_action(text)
    }

    fn record_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("Primaute".to_string(), self.options.primaute.to_string()),
            (
                "Pavillon".to_string(),
                if self.options.pavillon { "yes" } else { "no" }.to_string(),
            ),
            ("Trous".to_string(), self.options.trous_to_win.to_string()),
        ];
        if let Some(p) = self.start {
            tags.push(("Position".to_string(), p.to_string()));
            let made = p.throws_since_releve(Colour::White) + p.throws_since_releve(Colour::Black);
            if let (1, Some(o)) = (made, self.turns.opening()) {
                tags.push(("Opening".to_string(), o.to_string()));
            }
        }
        tags
    }
}
