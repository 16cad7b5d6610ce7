//! The partie à écrire between two players as a [`boardgames_common::Game`]
//! ([`EcrireGame`]): marqués played on the turn machinery of the partie ordinaire, ended by
//! the trou d'obligation, settled into a [`Ledger`], with records that replay.
//!
//! Source: the French glossary of the laws of trictrac, CHRONOLOGIE DE LA PARTIE À ÉCRIRE,
//! DESCRIPTION, STRUCTURE DE LA PARTIE À ÉCRIRE, LA PARTIE À DEUX JOUEURS, TROU
//! D'OBLIGATION.
//!
//! - Each marqué is a [`Chronology`] (the chronology of a throw written once for every form
//!   of game: the marking, tenir ou s'en aller, the relevé) of the [`MarqueForm`], whose
//!   trous are not limited, watched by a [`Marque`]: only a s'en aller can end it, when a
//!   player holds at least 6 trous; the player with more trous wins it (a marqué volontaire
//!   when the other left), equal trous are a refait.
//! - The primauté of the first marqué is drawn as in the partie ordinaire; afterwards the
//!   primauté and (by default) the colours alternate at every marqué, except after a refait:
//!   the player who had the primauté keeps it and his colour.
//! - The actions are those of the partie ordinaire ([`Action`]): throws, plays, tenir and
//!   s'en aller, and the primauté dice of the first marqué.
//! - The returns are each player's balance in jetons after the décompte général
//!   ([`crate::partie::Decompte::balance`]).
//!
//! Players are persons, not colours ([`Player`]): the first player plays White in the first
//! marqué. The fichet of a marqué holds at most 255 trous; a player reaching them wins the
//! marqué as if he left (no partie comes near).
//!
//! ```
//! use boardgames_common::{ByPlayer, Game, Seed, play_game};
//! use trictrac_core::bot::Bot;
//! use trictrac_core::partie::{EcrireGame, EcrireOptions, EcrireRules};
//! let options = EcrireOptions::new(EcrireRules::new(2).unwrap());
//! let (mut a, mut b) = (Bot::default(), Bot::default());
//! let game = EcrireGame::standard(options);
//! let played = play_game(game, Seed(5), ByPlayer::new(&mut a, &mut b), 200_000).unwrap();
//! let ledger = played.state.ledger();
//! assert!(ledger.is_over());
//! assert!(played.record.tag("Ledger").is_some());
//! let replayed = EcrireGame::from_record(&played.record).unwrap();
//! assert_eq!(replayed.ledger(), ledger);
//! ```

use std::fmt::Write as _;

use boardgames_common::result_tag;
use boardgames_common::{
    Agent, ByPlayer, Game, PlayGameError, PlayedGame, Player, Record, Replay, ReplayOptions, Seed,
    Turn, play_game,
};
use thiserror::Error;

use crate::bot::Bot;
use crate::colour::{ByColour, Colour};
use crate::marking::{Gain, Marking};
use crate::partie::convention::Convention;
use crate::partie::ledger::{Ledger, MarqueResult, name};
use crate::partie::marque::{Advice, Ending, Marque};
use crate::partie::scorer::{DefaultScorer, ThrowScorer};
use crate::partie::settlement::{EcrireRules, Remainder, SettlementError, TROU_D_OBLIGATION};
use crate::partie::turn::{
    Action, Chronology, Form, GameError, Primaute, TurnPhase, action_text, colour_of,
};

/// Trous the fichet of a marqué can hold (the marking counts trous in a `u8`).
const TROUS_CAP: u8 = u8::MAX;

/// A marqué of the partie à écrire as a [`Form`] of the chronology of a throw: trous are not
/// limited (but for the fichet's 255); the marqué ends when a player s'en va while either
/// player holds the trou d'obligation (6 trous), never on points given by the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueForm {
    /// The convention (the sans lever one does not write the partie ordinaire's pavillon in
    /// the marks: its pavillon marks who has not left, see [`Marque::pavillon_sans_lever`]).
    pub convention: Convention,
}

/// How the chronology of a marqué ended: the colour whose s'en aller ended it (or who filled
/// the fichet). Who won, and how, is [`Marque::s_en_aller`]'s [`Ending`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueOver {
    /// The colour who left (or reached 255 trous).
    pub leaver: Colour,
}

impl Form for MarqueForm {
    type Outcome = MarqueOver;

    fn after_mark(
        &self,
        marking: &Marking,
        colour: Colour,
        _: &Gain,
        _: bool,
    ) -> Option<MarqueOver> {
        (marking.trous(colour) == TROUS_CAP).then_some(MarqueOver { leaver: colour })
    }

    fn after_leave(&self, marking: &Marking, colour: Colour) -> Option<MarqueOver> {
        let most = marking
            .trous(Colour::White)
            .max(marking.trous(Colour::Black));
        (u32::from(most) >= TROU_D_OBLIGATION).then_some(MarqueOver { leaver: colour })
    }

    fn write_marks(&self, marking: &Marking, out: &mut String) {
        let start = out.len();
        let _ = write!(out, "{marking}");
        if self.convention == Convention::SansLever {
            let tail: String = out[start..].chars().filter(|&c| c != 'p').collect();
            out.truncate(start);
            out.push_str(&tail);
        }
    }

    fn write_outcome(&self, o: &MarqueOver, out: &mut String) {
        let _ = write!(out, "{} ends the marqué", o.leaver);
    }

    fn returns(&self, _: &MarqueOver) -> ByPlayer<f64> {
        // A marqué's value is the ledger's; the partie's returns are the décompte's.
        ByPlayer::new(0.0, 0.0)
    }
}

/// Options of a partie à écrire: the settlement's rules, how the first primauté is drawn,
/// and whether the colours alternate with the primauté.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EcrireOptions {
    /// Marqués, convention and settlement options.
    pub rules: EcrireRules,
    /// The drawing of the primauté of the first marqué (as in the partie ordinaire).
    pub primaute: Primaute,
    /// Whether the colours alternate at each marqué with the primauté (the glossary:
    /// "la primauté et éventuellement la couleur des dames alternent"); default yes.
    pub alternate_colours: bool,
}

impl EcrireOptions {
    /// `rules` with the partie ordinaire's primauté and alternating colours.
    #[must_use]
    pub fn new(rules: EcrireRules) -> EcrireOptions {
        EcrireOptions {
            rules,
            primaute: Primaute::default(),
            alternate_colours: true,
        }
    }
}

/// Why an action was refused or a record of a partie à écrire could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EcrireError {
    /// The marqué in play refused the action.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The settlement refused the marqué (an inconsistency of the rules or the record).
    #[error("settlement: {0}")]
    Settlement(#[from] SettlementError),
    /// An action after the last marqué.
    #[error("{0} is not possible: the partie is over")]
    Over(String),
    /// A record of another game.
    #[error("record of game {0:?}, not {NAME}")]
    OtherGame(String),
    /// A record tag has a value the game does not know.
    #[error("record tag {tag} has the unknown value {value:?}: {reason}")]
    BadTag {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// Action `index` (from 1) of a record was refused or its comment disagrees.
    #[error("record action {index}: {source}")]
    Replay {
        /// The action's number in the record, from 1.
        index: usize,
        /// Why.
        source: Box<EcrireError>,
    },
    /// A record's comment is not what the rules give for its action.
    #[error("the record says {recorded:?} but the rules give {actual:?}")]
    Comment {
        /// The comment in the record.
        recorded: String,
        /// The comment the replay produces.
        actual: String,
    },
    /// A record's `Ledger` tag is not the ledger of its marqués.
    #[error("the record's ledger is {recorded:?} but its marqués give {actual:?}")]
    Ledger {
        /// The record's `Ledger` tag.
        recorded: String,
        /// The replayed ledger.
        actual: String,
    },
    /// A record's `Result` tag is not the result of the replayed partie.
    #[error("the record's result is {recorded:?} but the replayed partie gives {actual:?}")]
    Result {
        /// The record's `Result` tag.
        recorded: String,
        /// The replayed result (`*` while the partie is not over).
        actual: String,
    },
}

/// The game name of records: `Trictrac à écrire`.
pub const NAME: &str = "Trictrac à écrire";

/// A partie à écrire in play (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EcrireGame<S: ThrowScorer = DefaultScorer> {
    options: EcrireOptions,
    scorer: S,
    inner: Chronology<S, MarqueForm>,
    marque: Marque,
    ledger: Ledger,
    /// The person playing White in the marqué in play.
    white: Player,
    /// The person with the primauté of the marqué in play, once drawn.
    primaute: Option<Player>,
}

impl EcrireGame<DefaultScorer> {
    /// A partie à écrire with the [`DefaultScorer`].
    #[must_use]
    pub fn standard(options: EcrireOptions) -> EcrireGame<DefaultScorer> {
        EcrireGame::new(DefaultScorer::default(), options)
    }

    /// The partie a record describes, scored by the [`DefaultScorer`]
    /// ([`Replay::from_record`], without the trait or a type annotation).
    ///
    /// # Errors
    ///
    /// As [`EcrireGame::from_record_with_scorer`].
    pub fn from_record(record: &Record) -> Result<EcrireGame<DefaultScorer>, EcrireError> {
        <EcrireGame<DefaultScorer> as Replay>::from_record(record)
    }

    /// [`Replay::from_record_with`] with the [`DefaultScorer`], without the trait.
    ///
    /// # Errors
    ///
    /// As [`EcrireGame::from_record_with_scorer`].
    pub fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<EcrireGame<DefaultScorer>, EcrireError> {
        EcrireGame::from_record_with_scorer(record, DefaultScorer::default(), options)
    }
}

impl<S: ThrowScorer + Clone> EcrireGame<S> {
    /// A partie à écrire from its first marqué.
    #[must_use]
    pub fn new(scorer: S, options: EcrireOptions) -> EcrireGame<S> {
        let form = MarqueForm {
            convention: options.rules.convention(),
        };
        let inner = Chronology::new(scorer.clone(), form, options.primaute);
        let primaute = match options.primaute {
            Primaute::Fixed(c) => Some(person(Player::First, c)),
            _ => None,
        };
        EcrireGame {
            options,
            scorer,
            inner,
            marque: Marque::new(),
            ledger: Ledger::new(options.rules),
            white: Player::First,
            primaute,
        }
    }

    /// The options.
    #[must_use]
    pub const fn options(&self) -> &EcrireOptions {
        &self.options
    }

    /// The ledger: every marqué settled so far.
    #[must_use]
    pub const fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// The marqué in play (the trous, the pavillon, the tenue).
    #[must_use]
    pub const fn marque(&self) -> &Marque {
        &self.marque
    }

    /// The chronology of the marqué in play (position, marking, phase of the turn).
    #[must_use]
    pub const fn turns(&self) -> &Chronology<S, MarqueForm> {
        &self.inner
    }

    /// The marks of the marqué in play as comments write them (`6.0/2.4*`; in the base and
    /// annexe conventions the holder of the pavillon gets a `p`).
    #[must_use]
    pub fn marks_text(&self) -> String {
        let mut s = String::new();
        self.inner.form().write_marks(self.inner.marking(), &mut s);
        s
    }

    /// The person playing `colour` in the marqué in play.
    #[must_use]
    pub fn player_of(&self, colour: Colour) -> Player {
        person(self.white, colour)
    }

    /// The colour `player` plays in the marqué in play.
    #[must_use]
    pub fn colour_of(&self, player: Player) -> Colour {
        if player == self.white {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// The person with the primauté of the marqué in play, once drawn.
    #[must_use]
    pub const fn primaute(&self) -> Option<Player> {
        self.primaute
    }

    fn trous(&self) -> ByColour<u32> {
        ByColour::from_fn(|c| u32::from(self.inner.marking().trous(c)))
    }

    fn by_person(&self, trous: ByColour<u32>) -> ByPlayer<u32> {
        ByPlayer::from_fn(|p| trous[self.colour_of(p)])
    }

    /// The next marqué: after a decided one the primauté (and, by the option, the colours)
    /// alternate; after a refait nothing changes.
    fn next_marque(&mut self, refait: bool) {
        let holder = self.primaute.unwrap_or(Player::First);
        let holder = if refait { holder } else { holder.other() };
        if !refait && self.options.alternate_colours {
            self.white = self.white.other();
        }
        self.primaute = Some(holder);
        let first = self.colour_of(holder);
        self.inner = Chronology::new(
            self.scorer.clone(),
            *self.inner.form(),
            Primaute::Fixed(first),
        );
        self.marque = Marque::new();
    }

    fn end_marque(
        &mut self,
        mover: Colour,
        ending: Ending,
        log: &mut String,
    ) -> Result<(), EcrireError> {
        let number = self.ledger.decided() + 1;
        if ending != Ending::Continues {
            // The marqué is over: nobody throws again in it.
            *log = log.replace(&format!(", relevé, {mover} throws again"), "");
        }
        match ending {
            Ending::Continues => {
                log.push_str("; the marqué goes on (levé)");
            }
            Ending::Refait { trous } => {
                self.ledger.record_refait(ByPlayer::new(trous, trous))?;
                let holder = self.primaute.unwrap_or(Player::First);
                let _ = write!(
                    log,
                    "; refait of marqué {number} at {trous} trous each: replayed, {} keeps the primauté and his colour",
                    name(holder)
                );
                self.next_marque(true);
            }
            Ending::Won {
                winner,
                trous,
                quality,
                sans_lever,
            } => {
                let person = self.player_of(winner);
                let trous = self.by_person(trous);
                let payment = self.ledger.record_won(person, trous, quality, sans_lever)?;
                let _ = write!(
                    log,
                    "; {} wins marqué {number} {}-{} {}: {payment} jetons",
                    name(person),
                    trous[person],
                    trous[person.other()],
                    self.quality_text(quality, sans_lever),
                );
                if self.ledger.is_over() {
                    log.push_str("; the partie is over");
                } else {
                    self.next_marque(false);
                }
            }
        }
        Ok(())
    }

    fn quality_text(&self, quality: crate::partie::Quality, sans_lever: bool) -> String {
        if self.options.rules.convention() == Convention::SansLever
            && quality != crate::partie::Quality::Simple
        {
            format!(
                "{quality} {}",
                if sans_lever { "sans lever" } else { "relevé" }
            )
        } else {
            quality.to_string()
        }
    }

    /// Applies `action` and returns the comment a record gives it: the marqué's comment
    /// (events, points, marks) and, when the marqué ends, its settlement.
    ///
    /// # Errors
    /// [`EcrireError::Over`] after the last marqué; [`EcrireError::Game`] for an action the
    /// marqué refuses (the state is then unchanged).
    pub fn apply_commented(&mut self, action: Action) -> Result<String, EcrireError> {
        if self.ledger.is_over() {
            return Err(EcrireError::Over(action_text(action)));
        }
        let mover = self.inner.position().side_to_move();
        let leaving =
            matches!(self.inner.phase(), TurnPhase::Choice { .. }) && action == Action::SenAller;
        let before = self.trous();
        let mut log = String::new();
        self.inner.apply(action, Some(&mut log))?;
        let after = self.trous();
        // Within one action the mover's trous come first, then what his throw gave.
        for c in [mover, mover.other()] {
            self.marque.win_trous(c, after[c] - before[c]);
        }
        if self.primaute.is_none() && !matches!(self.inner.phase(), TurnPhase::Primaute { .. }) {
            self.primaute = Some(self.player_of(self.inner.position().side_to_move()));
        }
        if let TurnPhase::Over(MarqueOver { leaver }) = self.inner.phase() {
            // The form ended the marqué (or the fichet is full, which ends it as a leave).
            let ending = match self.marque.s_en_aller(leaver) {
                // The form and the marqué count the same trous; never stop in a dead end.
                Ending::Continues => self.marque.forced_end(leaver),
                ending => ending,
            };
            self.end_marque(leaver, ending, &mut log)?;
        } else if leaving {
            let ending = self.marque.s_en_aller(mover);
            self.end_marque(mover, ending, &mut log)?;
        }
        Ok(log)
    }

    /// The `Ledger` tag of records: each marqué's result, `A 7` (A won, 7 jetons) or
    /// `refait`, separated by commas.
    #[must_use]
    pub fn ledger_text(&self) -> String {
        let parts: Vec<String> = self
            .ledger
            .entries()
            .iter()
            .map(|e| match e.result {
                MarqueResult::Refait => "refait".to_owned(),
                MarqueResult::Won {
                    winner, settlement, ..
                } => format!("{} {}", name(winner), settlement.payment),
            })
            .collect();
        parts.join(", ")
    }

    /// Former form of [`boardgames_common::play_game`], which writes the same commented
    /// records (and the `Ledger` tag at the end, [`Game::final_record_tags`]).
    ///
    /// # Errors
    /// [`PlayGameError`]: not over after `max_actions`, or an inconsistency.
    #[deprecated(since = "0.2.0", note = "use `boardgames_common::play_game`")]
    pub fn play_recorded(
        self,
        seed: Seed,
        agents: ByPlayer<&mut dyn Agent<EcrireGame<S>>>,
        max_actions: usize,
    ) -> Result<PlayedGame<EcrireGame<S>>, PlayGameError> {
        play_game(self, seed, agents, max_actions)
    }

    /// Former form of [`EcrireGame::from_record_with_scorer`], strict on comments.
    ///
    /// # Errors
    /// As [`EcrireGame::from_record_with_scorer`].
    #[deprecated(
        since = "0.2.0",
        note = "use `EcrireGame::from_record` or `from_record_with_scorer`"
    )]
    pub fn replay(record: &Record, scorer: S) -> Result<EcrireGame<S>, EcrireError> {
        EcrireGame::from_record_with_scorer(record, scorer, &ReplayOptions::strict())
    }

    /// Former form of [`EcrireGame::from_record_with_scorer`] with limits, strict on
    /// comments.
    ///
    /// # Errors
    /// As [`EcrireGame::from_record_with_scorer`].
    #[deprecated(since = "0.2.0", note = "use `EcrireGame::from_record_with_scorer`")]
    pub fn replay_with_limits(
        record: &Record,
        scorer: S,
        limits: &boardgames_common::RecordLimits,
    ) -> Result<EcrireGame<S>, EcrireError> {
        let options = ReplayOptions {
            limits: *limits,
            strict_comments: true,
        };
        EcrireGame::from_record_with_scorer(record, scorer, &options)
    }

    /// Replays `record` (as written by [`boardgames_common::play_game`]) with `scorer`, read
    /// with `replay` ([`Replay::from_record_with`]): the limits first, the `Game` tag; the
    /// tags give the rules; each action is parsed in its context and applied; with
    /// [`ReplayOptions::strict_comments`] comments must be the rules' own (otherwise they are
    /// free text); the `Ledger` and `Result` tags, where present, must be those of the
    /// replayed partie.
    ///
    /// # Errors
    /// [`EcrireError::Game`] with [`GameError::Limit`] for a record beyond the limits, with
    /// [`GameError::Seed`] for a `Seed` tag that is not a seed;
    /// [`EcrireError::OtherGame`], [`EcrireError::BadTag`] (0 marqués, a fiche of 0 jetons,
    /// an unknown convention or option), [`EcrireError::Replay`] naming the first action
    /// refused or commented otherwise, [`EcrireError::Ledger`], [`EcrireError::Result`].
    pub fn from_record_with_scorer(
        record: &Record,
        scorer: S,
        replay: &ReplayOptions,
    ) -> Result<EcrireGame<S>, EcrireError> {
        record
            .check_limits(&replay.limits)
            .map_err(GameError::from)?;
        if let Some(g) = record.tag("Game")
            && !boardgames_common::names_game(g, NAME)
        {
            return Err(EcrireError::OtherGame(g.to_owned()));
        }
        boardgames_common::check_seed_tag(record).map_err(GameError::from)?;
        let options = options_from_tags(record)?;
        let mut game = EcrireGame::new(scorer, options);
        for (i, entry) in record.entries().iter().enumerate() {
            let wrap = |e| EcrireError::Replay {
                index: i + 1,
                source: Box::new(e),
            };
            let action = game.parse_action(&entry.action).map_err(wrap)?;
            if replay.strict_comments {
                let actual = game.apply_commented(action).map_err(wrap)?;
                if entry.comment.as_ref().is_some_and(|c| *c != actual) {
                    return Err(wrap(EcrireError::Comment {
                        recorded: entry.comment.clone().unwrap_or_default(),
                        actual,
                    }));
                }
            } else {
                game.apply(action).map_err(wrap)?;
            }
        }
        if let Some(recorded) = record.tag("Ledger") {
            let actual = game.ledger_text();
            if recorded != actual {
                return Err(EcrireError::Ledger {
                    recorded: recorded.to_owned(),
                    actual,
                });
            }
        }
        if let Some(recorded) = record.tag("Result") {
            let actual = result_tag(&game);
            if recorded != actual {
                return Err(EcrireError::Result {
                    recorded: recorded.to_owned(),
                    actual,
                });
            }
        }
        Ok(game)
    }
}

impl<S: ThrowScorer + Clone + Default> Replay for EcrireGame<S> {
    type ReplayError = EcrireError;

    /// [`EcrireGame::from_record_with_scorer`] with `S::default()`.
    fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<EcrireGame<S>, EcrireError> {
        EcrireGame::from_record_with_scorer(record, S::default(), options)
    }
}

/// The person playing `colour` when `white` plays White.
fn person(white: Player, colour: Colour) -> Player {
    match colour {
        Colour::White => white,
        Colour::Black => white.other(),
    }
}

fn bad_tag(tag: &'static str, value: &str, reason: impl ToString) -> EcrireError {
    EcrireError::BadTag {
        tag,
        value: value.to_owned(),
        reason: reason.to_string(),
    }
}

/// The options a record's tags give (`Marques`, `Convention`, `JetonsDeMarque`, `Fiche`,
/// `Remainder`, `QueueDesJetons`, `QueueGenerale`, `Primaute`, `Colours`); absent tags take the defaults.
///
/// # Errors
/// [`EcrireError::BadTag`] for a value the laws or this crate do not know.
pub fn options_from_tags(record: &Record) -> Result<EcrireOptions, EcrireError> {
    let number = |tag: &'static str, v: &str| -> Result<u64, EcrireError> {
        v.parse::<u64>().map_err(|e| bad_tag(tag, v, e))
    };
    let marques = match record.tag("Marques") {
        Some(v) => u32::try_from(number("Marques", v)?).map_err(|e| bad_tag("Marques", v, e))?,
        None => 8,
    };
    let mut rules = EcrireRules::new(marques)
        .map_err(|e| bad_tag("Marques", record.tag("Marques").unwrap_or("0"), e))?;
    if let Some(v) = record.tag("Convention") {
        rules = rules.with_convention(v.parse().map_err(|e| bad_tag("Convention", v, e))?);
    }
    if let Some(v) = record.tag("JetonsDeMarque") {
        let n = u32::try_from(number("JetonsDeMarque", v)?).unwrap_or(u32::MAX);
        rules = rules
            .with_jetons_de_marque(n)
            .map_err(|e| bad_tag("JetonsDeMarque", v, e))?;
    }
    let remainder = match record.tag("Remainder") {
        Some(v) => v
            .parse::<Remainder>()
            .map_err(|e| bad_tag("Remainder", v, e))?,
        None => rules.remainder(),
    };
    let fiche = match record.tag("Fiche") {
        Some(v) => u32::try_from(number("Fiche", v)?).map_err(|e| bad_tag("Fiche", v, e))?,
        None => rules.fiche(),
    };
    rules = rules
        .with_fiche(fiche, remainder)
        .map_err(|e| bad_tag("Fiche", record.tag("Fiche").unwrap_or(""), e))?;
    if let Some(v) = record.tag("QueueDesJetons") {
        rules = rules.with_queue_des_jetons(match v {
            "counted" => true,
            "ignored" => false,
            _ => return Err(bad_tag("QueueDesJetons", v, "expected counted or ignored")),
        });
    }
    if let Some(v) = record.tag("QueueGenerale") {
        rules = rules.with_queue_generale(number("QueueGenerale", v)?);
    }
    let mut options = EcrireOptions::new(rules);
    if let Some(v) = record.tag("Primaute") {
        options.primaute = v.parse().map_err(|_| {
            bad_tag(
                "Primaute",
                v,
                "expected one die each, first throw, White or Black",
            )
        })?;
    }
    if let Some(v) = record.tag("Colours") {
        options.alternate_colours = match v {
            "alternate" => true,
            "kept" => false,
            _ => return Err(bad_tag("Colours", v, "expected alternate or kept")),
        };
    }
    Ok(options)
}

impl<S: ThrowScorer + Clone> Game for EcrireGame<S> {
    type Action = Action;
    type Error = EcrireError;
    const NAME: &'static str = NAME;

    fn turn(&self) -> Turn {
        if self.ledger.is_over() {
            return Turn::Terminal;
        }
        match self.inner.turn() {
            Turn::Player(p) => Turn::Player(self.player_of(colour_of(p))),
            other => other,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.ledger.is_over() {
            out.clear();
        } else {
            self.inner.legal_actions(out);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        if self.ledger.is_over() {
            out.clear();
        } else {
            self.inner.chance_outcomes(out);
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), EcrireError> {
        self.apply_commented(action).map(|_| ())
    }

    /// The comment of [`EcrireGame::apply_commented`].
    fn apply_with_comment(&mut self, action: Action) -> Result<Option<String>, EcrireError> {
        self.apply_commented(action).map(Some)
    }

    /// The `Ledger` tag: the settlement of every marqué.
    fn final_record_tags(&self) -> Vec<(String, String)> {
        vec![("Ledger".to_owned(), self.ledger_text())]
    }

    fn returns(&self) -> ByPlayer<f64> {
        match self.ledger.decompte() {
            #[allow(clippy::cast_precision_loss)]
            Ok(d) => ByPlayer::from_fn(|p| d.balance(p) as f64),
            Err(_) => ByPlayer::new(0.0, 0.0),
        }
    }

    fn action_text(&self, action: Action) -> String {
        action_text(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, EcrireError> {
        if self.ledger.is_over() {
            return Err(EcrireError::Over(text.trim().to_owned()));
        }
        Ok(self.inner.parse_action(text)?)
    }

    fn record_tags(&self) -> Vec<(String, String)> {
        let r = &self.options.rules;
        vec![
            ("Marques".to_owned(), r.marques().to_string()),
            ("Convention".to_owned(), r.convention().to_string()),
            (
                "JetonsDeMarque".to_owned(),
                r.jetons_de_marque().to_string(),
            ),
            ("Fiche".to_owned(), r.fiche().to_string()),
            ("Remainder".to_owned(), r.remainder().to_string()),
            (
                "QueueDesJetons".to_owned(),
                if r.counts_queue_des_jetons() {
                    "counted"
                } else {
                    "ignored"
                }
                .to_owned(),
            ),
            ("QueueGenerale".to_owned(), r.queue_generale().to_string()),
            ("Primaute".to_owned(), self.options.primaute.to_string()),
            (
                "Colours".to_owned(),
                if self.options.alternate_colours {
                    "alternate"
                } else {
                    "kept"
                }
                .to_owned(),
            ),
        ]
    }
}

/// The bot in a partie à écrire: plays as in the partie ordinaire; decides tenir or s'en
/// aller by [`Marque::advice`] (the trou d'obligation, the bredouilles at stake), and by its
/// board rule ([`Bot::holds`]) when the marqué does not decide.
impl<S: ThrowScorer + Clone> Agent<EcrireGame<S>> for Bot {
    fn choose(&mut self, state: &EcrireGame<S>, legal: &[Action]) -> Action {
        if let TurnPhase::Choice { mover, .. } = state.inner.phase() {
            match state.marque.advice(mover, state.options.rules.convention()) {
                Advice::Tenir if legal.contains(&Action::Tenir) => return Action::Tenir,
                Advice::SenAller if legal.contains(&Action::SenAller) => {
                    return Action::SenAller;
                }
                _ => {}
            }
        }
        self.choose_in(&state.inner, legal)
    }
}
