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
//!   ([`crate::ecrire::settlement::Decompte::balance`]).
//!
//! Players are persons, not colours ([`Player`]): the first player plays White in the first
//! marqué. The fichet of a marqué holds at most 255 trous; a player reaching them wins the
//! marqué as if he left (no partie comes near).
//!
//! The files: `form` (a marqué as a [`Form`] of the chronology: [`MarqueForm`],
//! [`MarqueOver`]), `options` ([`EcrireOptions`] and the tags that give them,
//! [`EcrireOptions::from_tags`]); the game is here. Its bookkeeping (the marqué, the
//! conventions, the settlement, the ledger) is [`crate::ecrire`], a layer below; the bot's
//! play in a partie à écrire is the AI's (`trictrac_core::ai`), a layer above.
//!
//! ```
//! use boardgames_common::{ByPlayer, Game, Seed, play_game};
//! use trictrac_core::ai::Bot;
//! use trictrac_core::{EcrireGame, EcrireOptions};
//! use trictrac_core::ecrire::settlement::EcrireRules;
//! let options = EcrireOptions::new(EcrireRules::new(2).unwrap());
//! let (mut a, mut b) = (Bot::default(), Bot::default());
//! let game = EcrireGame::new(options);
//! let played = play_game(game, Seed(5), ByPlayer::new(&mut a, &mut b), 200_000).unwrap();
//! let ledger = played.state.ledger();
//! assert!(ledger.is_over());
//! assert!(played.record.tag("Ledger").is_some());
//! let replayed = EcrireGame::from_record(&played.record).unwrap();
//! assert_eq!(replayed.ledger(), ledger);
//! assert_eq!(played.state.outcome(), Game::outcome(&played.state));
//! assert!(played.state.diagram().lines().last().unwrap().starts_with("game over: "));
//! ```

use std::fmt::Write as _;

use boardgames_common::{
    ByPlayer, Game, Outcome, Player, Record, Replay, ReplayError, ReplayOptions, Turn,
    replay_record,
};

use crate::board::{ByColour, Colour, Position};
use crate::ecrire::settlement::RefaitProgression;
use crate::ecrire::{Convention, Quality};
use crate::ecrire::{Ending, Marque};
use crate::ecrire::{Ledger, MarqueResult, sheet_name as name};
use crate::game::error::{ActionError, TagError};
use crate::game::turn::{
    Action, ActionComment, Chronology, Form, Primaute, TurnPhase, action_text,
};
use crate::marking::MarksInWords;
use crate::scoring::{DefaultScorer, ThrowScorer};

mod form;
mod options;

pub use form::{MarqueForm, MarqueOver};
pub use options::EcrireOptions;

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
    /// A partie à écrire from its first marqué under `options`, scored by the
    /// [`DefaultScorer`] (the jans); with a scorer of one's own: [`EcrireGame::with_scorer`].
    #[must_use]
    pub fn new(options: EcrireOptions) -> EcrireGame<DefaultScorer> {
        EcrireGame::with_scorer(DefaultScorer::default(), options)
    }

    /// A partie à écrire with the [`DefaultScorer`]: the old name of [`EcrireGame::new`].
    #[deprecated(note = "renamed EcrireGame::new (a scorer of one's own: with_scorer)")]
    #[must_use]
    pub fn standard(options: EcrireOptions) -> EcrireGame<DefaultScorer> {
        EcrireGame::new(options)
    }

    /// The partie a record describes, scored by the [`DefaultScorer`]
    /// ([`Replay::from_record`], without the trait or a type annotation).
    ///
    /// # Errors
    ///
    /// As [`EcrireGame::from_record_with_scorer`].
    pub fn from_record(
        record: &Record,
    ) -> Result<EcrireGame<DefaultScorer>, ReplayError<TagError, ActionError>> {
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
    ) -> Result<EcrireGame<DefaultScorer>, ReplayError<TagError, ActionError>> {
        EcrireGame::from_record_with_scorer(record, DefaultScorer::default(), options)
    }
}

impl<S: ThrowScorer + Clone> EcrireGame<S> {
    /// A partie à écrire from its first marqué, scored by `scorer` under `options` (the
    /// default scorer: [`EcrireGame::new`]).
    #[must_use]
    pub fn with_scorer(scorer: S, options: EcrireOptions) -> EcrireGame<S> {
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

    /// The marks of the marqué in play in words (`White 2 trous 4 points en bredouille, Black
    /// 0 trous 10 points`; in the base and annexe conventions the holder of the pavillon
    /// `with the pavillon`).
    #[must_use]
    pub fn marks_in_words(&self) -> MarksInWords {
        self.inner
            .marking()
            .in_words(self.inner.form().shows_pavillon())
    }

    /// `None` while the partie goes on; once its last marqué is settled, who won the
    /// décompte général ([`Outcome::Winner`]) or a draw (equal balances): the answer of
    /// [`Game::outcome`], here without the trait. The amounts are the ledger's
    /// ([`Ledger::decompte`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    /// The text diagram of the marqué in play ([`crate::Position::diagram`]: the two rows,
    /// the dames borne off), followed once the partie is over by a line that says so and who
    /// won (`game over: A wins the partie`, or `game over: the partie is drawn`).
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut text = self.inner.position().diagram();
        match self.outcome() {
            Some(Outcome::Winner(p)) => {
                let _ = writeln!(text, "game over: {} wins the partie", name(p));
            }
            Some(Outcome::Draw) => text.push_str("game over: the partie is drawn\n"),
            None => {}
        }
        text
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
        said: &mut ActionComment,
    ) -> Result<(), ActionError> {
        let number = self.ledger.decided() + 1;
        if ending != Ending::Continues {
            // The marqué is over: nobody throws again in it.
            let again = format!(", relevé, {mover} throws again");
            for clause in &mut said.clauses {
                *clause = clause.replace(&again, "");
            }
        }
        let log = &mut said.after;
        match ending {
            Ending::Continues => {
                log.push("the marqué goes on (levé)".to_owned());
            }
            Ending::Refait { trous } => {
                self.ledger
                    .record_refait(ByPlayer::new(trous, trous))
                    .map_err(ActionError::Settlement)?;
                let holder = self.primaute.unwrap_or(Player::First);
                log.push(format!(
                    "refait of marqué {number} at {trous} trous each: replayed, {} keeps the primauté and his colour",
                    name(holder)
                ));
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
                let payment = self
                    .ledger
                    .record_won(person, trous, quality, sans_lever)
                    .map_err(ActionError::Settlement)?;
                log.push(format!(
                    "{} wins marqué {number} {}-{} {}: {payment} jetons",
                    name(person),
                    trous[person],
                    trous[person.other()],
                    self.quality_text(quality, sans_lever),
                ));
                if self.ledger.is_over() {
                    log.push("the partie is over".to_owned());
                } else {
                    self.next_marque(false);
                }
            }
        }
        Ok(())
    }

    fn quality_text(&self, quality: Quality, sans_lever: bool) -> String {
        if self.options.rules.convention() == Convention::SansLever && quality != Quality::Simple {
            format!(
                "{quality} {}",
                if sans_lever { "sans lever" } else { "relevé" }
            )
        } else {
            quality.to_string()
        }
    }

    /// The position of the marqué being played (after the last one, its final position).
    #[must_use]
    pub fn position(&self) -> &Position {
        self.inner.position()
    }

    /// Applies `action` in place (the game's [`Game::apply`] without the trait, as
    /// `TrictracGame::play_mut`): a die of the primauté, a throw, a play, or a decision
    /// (tenir or s'en aller), in the marqué being played.
    ///
    /// # Errors
    /// As [`EcrireGame::apply_commented`]; the state is then unchanged.
    pub fn play_mut(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_described(action).map(|_| ())
    }

    /// Applies `action` and returns the comment a record gives it: the marqué's comment
    /// (events, points, marks) and, when the marqué ends, its settlement.
    ///
    /// # Errors
    /// [`ActionError::PartieOver`] after the last marqué; the marqué's [`ActionError`] for
    /// an action it refuses (the state is then unchanged).
    pub fn apply_commented(&mut self, action: Action) -> Result<String, ActionError> {
        self.apply_described(action).map(|said| said.to_string())
    }

    /// Applies `action` and returns what it said in its parts ([`ActionComment`]: the
    /// clauses, what each player marked, the marks of the marqué after it, in the notation
    /// and in words, and the end of the marqué with its settlement); its `Display` is the
    /// comment of [`EcrireGame::apply_commented`].
    ///
    /// # Errors
    /// As [`EcrireGame::apply_commented`]; the state is then unchanged.
    pub fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError> {
        if self.ledger.is_over() {
            return Err(ActionError::PartieOver(action_text(action)));
        }
        let mover = self.inner.position().side_to_move();
        let leaving =
            matches!(self.inner.phase(), TurnPhase::Choice { .. }) && action == Action::SenAller;
        let before = self.trous();
        let mut said = self.inner.apply_described(action)?;
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
            self.end_marque(leaver, ending, &mut said)?;
        } else if leaving {
            let ending = self.marque.s_en_aller(mover);
            self.end_marque(mover, ending, &mut said)?;
        }
        Ok(said)
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

    /// The start a record's tags describe, scored by `scorer`: the rules and options of
    /// [`EcrireOptions::from_tags`].
    ///
    /// # Errors
    /// [`TagError::BadTag`] as [`EcrireOptions::from_tags`].
    pub fn from_tags_with_scorer(record: &Record, scorer: S) -> Result<EcrireGame<S>, TagError> {
        Ok(EcrireGame::with_scorer(
            scorer,
            EcrireOptions::from_tags(record)?,
        ))
    }

    /// Replays `record` (as written by [`boardgames_common::play_game`]) with `scorer`: the
    /// family's one replay loop ([`replay_record`], the checks of
    /// [`Replay::from_record_with`]) from [`EcrireGame::from_tags_with_scorer`]. With
    /// [`ReplayOptions::strict_comments`] comments must be the rules' own (otherwise they are
    /// free text); the `Ledger` and `Result` tags, where present, must be those of the
    /// replayed partie.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first thing that was wrong: the limits, the `Game` or
    /// `Seed` tag, the rules' tags ([`TagError`]: 0 marqués, a fiche of 0 jetons, an unknown
    /// convention or option), an action ([`ActionError`]) or its comment, the `Ledger` or
    /// `Result` tag ([`ReplayError::Result`]).
    pub fn from_record_with_scorer(
        record: &Record,
        scorer: S,
        options: &ReplayOptions,
    ) -> Result<EcrireGame<S>, ReplayError<TagError, ActionError>> {
        replay_record(record, options, |r| {
            EcrireGame::from_tags_with_scorer(r, scorer)
        })
    }
}

impl<S: ThrowScorer + Clone + Default> Replay for EcrireGame<S> {
    type TagError = TagError;

    /// [`EcrireGame::from_tags_with_scorer`] with `S::default()`.
    fn from_tags(record: &Record) -> Result<EcrireGame<S>, TagError> {
        EcrireGame::from_tags_with_scorer(record, S::default())
    }
}

/// The person playing `colour` when `white` plays White.
fn person(white: Player, colour: Colour) -> Player {
    match colour {
        Colour::White => white,
        Colour::Black => white.other(),
    }
}

impl<S: ThrowScorer + Clone> Game for EcrireGame<S> {
    type Action = Action;
    type Error = ActionError;
    const NAME: &'static str = NAME;

    fn turn(&self) -> Turn {
        if self.ledger.is_over() {
            return Turn::Terminal;
        }
        match self.inner.turn() {
            Turn::Player(p) => Turn::Player(self.player_of(Colour::from(p))),
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

    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_commented(action).map(|_| ())
    }

    /// The comment of [`EcrireGame::apply_commented`].
    fn apply_with_comment(&mut self, action: Action) -> Result<Option<String>, ActionError> {
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

    fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        if self.ledger.is_over() {
            return Err(ActionError::PartieOver(text.trim().to_owned()));
        }
        self.inner.parse_action(text)
    }

    fn record_tags(&self) -> Vec<(String, String)> {
        let r = &self.options.rules;
        let mut tags = vec![
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
        ];
        // Written only when agreed otherwise, so that records of the default stay as they were.
        if r.refait_progression() != RefaitProgression::default() {
            tags.push(("Refaits".to_owned(), r.refait_progression().to_string()));
        }
        tags
    }
}
