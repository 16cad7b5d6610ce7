//! The partie ordinaire as a state machine following the chronology of a turn, implementing
//! [`boardgames_common::Game`] ([`TrictracGame`]), with commented records that replay.
//!
//! Sources: rules page, "Marking" (chronology of a turn, primauté, tenir ou s'en aller) and
//! "Forms of game" (partie ordinaire, pavillon); glossary (seed 002) CHRONOLOGIE DÉTAILLÉE
//! D'UN COUP, SORTIE, DESCRIPTION of the partie ordinaire ("pour gagner il faut marquer douze
//! trous en premier, même si on ne peut pas s'en aller"); Breton article (seed 000) for the
//! pavillon.
//!
//! One turn of the side to move, as actions of the [`Game`] trait:
//!
//! 1. (The points the opponent's last throw gave him were marked at the end of that throw.)
//! 2. Chance: the throw ([`Action::Throw`]). The [`Scorer`] tells what it scores before the
//!    play; the thrower marks his own points at once.
//! 3. If these points won a trou: decision [`Action::Tenir`] or [`Action::SenAller`]. S'en
//!    aller keeps the trous, drops the reste and both jetons, cancels what the throw gave the
//!    opponent, relève the dames, and the same player throws again.
//! 4. Decision: the play ([`Action::Play`]). The points it adds (the sortie of the last dame)
//!    are marked; if they win a trou, decision tenir / s'en aller again.
//! 5. The opponent marks what the throw gave him (he may not s'en aller on them). After the
//!    last dame is borne off, the dames are relevées and the same player throws again.
//!
//! The partie ends as soon as a player reaches the trous to win (12), whoever's points they
//! are. At the start the primauté is decided by chance actions ([`Action::PrimauteDie`]).

use std::fmt;

use boardgames_common::{
    Agent, ByPlayer, Die, Game, PlayGameError, PlayedGame, Player, Record, Seed, Throw, Turn,
    UNORDERED_OUTCOMES, result_text, sample_chance,
};
use thiserror::Error;

use crate::colour::{ByColour, Colour};
use crate::marking::{Gain, Marking, MarkingError};
use crate::movegen::LegalPlays;
use crate::moves::Play;
use crate::notation::ParsePositionError;
use crate::play::ParsePlayError;
use crate::point::Dest;
use crate::position::Position;
use crate::scoring::{JanEvent, ScoringRules, ThrowAnalysis, points_for};

/// Points a throw scores, per colour, with a short description for records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scored {
    /// Points each colour marks from this throw (for the opponent of the thrower: à faux,
    /// contre-jans, impuissance).
    pub points: ByColour<u8>,
    /// The events, e.g. `"White: battre à vrai 4; Black: impuissance 2"`; empty if none.
    pub description: String,
}

/// The scoring rules as the game needs them: the legal plays of a throw (movement laws plus
/// the must fill / must keep obligation) and the points before and after the play.
///
/// The real scoring (the jans, rules page "Scoring") implements it; [`MovementScorer`] and
/// [`RaceScorer`] stand in for it.
pub trait Scorer {
    /// Legal plays of `throw` (movement laws plus the must fill / must keep filter) for the
    /// side to move of `position`.
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays;
    /// Points each colour scores from `throw` before the play (hits, coin, jans de départ,
    /// impuissance, obligatory fill/keep), with a short description for records.
    fn before_play(&self, position: &Position, throw: Throw) -> Scored;
    /// Points the chosen play adds (sortie of the last dame …); `position` is the position
    /// before the play.
    fn after_play(&self, position: &Position, throw: Throw, play: &Play) -> Scored;

    /// The after-play points of every play of `legal` (the legal plays of `throw` in
    /// `position`), in their order, written into `out` (cleared first). The default calls
    /// [`Scorer::after_play`] for each; a scorer that analyses a throw once (the scoring
    /// module's `ThrowAnalysis::after_play_index`) should override it. Used by the bot.
    fn after_play_points(
        &self,
        position: &Position,
        throw: Throw,
        legal: &LegalPlays,
        out: &mut Vec<ByColour<u8>>,
    ) {
        out.clear();
        out.extend(
            legal
                .iter()
                .map(|p| self.after_play(position, throw, p).points),
        );
    }
}

/// Movement laws only, no points at all: a partie with it never ends (nobody marks). For
/// tests of the state machine with controlled positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MovementScorer;

impl Scorer for MovementScorer {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        position.movement_plays(throw)
    }
    fn before_play(&self, _: &Position, _: Throw) -> Scored {
        Scored::default()
    }
    fn after_play(&self, _: &Position, _: Throw, _: &Play) -> Scored {
        Scored::default()
    }
}

/// Movement laws and the two entries of the tariff that the laws of movement alone decide:
/// the impuissance (2 points to the opponent per unplayed number, rules page law 7) and the
/// sortie of the last dame (4, or 6 on a doublet). No jans. A stand-in for the real scoring
/// with which parties ordinaires end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RaceScorer;

impl Scorer for RaceScorer {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        position.movement_plays(throw)
    }
    fn before_play(&self, position: &Position, throw: Throw) -> Scored {
        let mover = position.side_to_move();
        let unplayed = position.movement_plays(throw).unplayed().len() as u8;
        let mut s = Scored::default();
        if unplayed > 0 {
            s.points[mover.other()] = 2 * unplayed;
            s.description = format!("{}: impuissance {}", mover.other(), 2 * unplayed);
        }
        s
    }
    fn after_play(&self, position: &Position, throw: Throw, play: &Play) -> Scored {
        let mover = position.side_to_move();
        let off = play.moves().iter().filter(|m| m.to == Dest::Off).count() as u8;
        let mut s = Scored::default();
        if off > 0 && off == position.board().on_board(mover) {
            let points = if throw.is_doublet() { 6 } else { 4 };
            s.points[mover] = points;
            s.description = format!("{mover}: sortie {points}");
        }
        s
    }
}

/// The full scoring of the jans ([`crate::scoring`]): the legal plays with the "must fill /
/// must keep" filter, the events marked before the play (hits, coin battu, jans de départ,
/// impuissance, the fill and keep every legal play performs) and after it (the sortie and
/// any fill or keep that depends on the play). Rules page, "Scoring: the jans (tariff)".
///
/// The jan de rencontre needs the opponent's first throw, which this interface does not
/// carry: the game scores it only through [`ScoringRules`] where the analysis can see it,
/// and the convention is off by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JanScorer {
    /// The scoring conventions.
    pub rules: ScoringRules,
}

fn describe(events: &[JanEvent]) -> String {
    let mut text = String::new();
    for (i, e) in events.iter().enumerate() {
        if i > 0 {
            text.push_str("; ");
        }
        text.push_str(&e.to_string());
    }
    text
}

fn scored(events: &[JanEvent]) -> Scored {
    Scored {
        points: ByColour::from_fn(|c| points_for(events, c)),
        description: describe(events),
    }
}

impl Scorer for JanScorer {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        ThrowAnalysis::new(position, throw, &self.rules)
            .legal_plays()
            .clone()
    }
    fn before_play(&self, position: &Position, throw: Throw) -> Scored {
        scored(ThrowAnalysis::new(position, throw, &self.rules).before_play())
    }
    fn after_play(&self, position: &Position, throw: Throw, play: &Play) -> Scored {
        match ThrowAnalysis::new(position, throw, &self.rules).after_play(play) {
            Ok(events) => scored(&events),
            // The game only asks for legal plays; an illegal one scores nothing.
            Err(_) => Scored::default(),
        }
    }
    fn after_play_points(
        &self,
        position: &Position,
        throw: Throw,
        legal: &LegalPlays,
        out: &mut Vec<ByColour<u8>>,
    ) {
        let analysis = ThrowAnalysis::new(position, throw, &self.rules);
        out.clear();
        for (i, play) in legal.iter().enumerate() {
            // `legal` is normally this analysis' own list; fall back to a lookup by play.
            let events = match analysis.legal_plays().get(i) {
                Some(p) if p == play => analysis.after_play_index(i),
                _ => analysis.after_play(play).ok(),
            };
            out.push(match events {
                Some(ev) => ByColour::from_fn(|c| points_for(&ev, c)),
                None => ByColour::default(),
            });
        }
    }
}

/// The scorer the crate's games and bots use by default: the full scoring of the jans.
pub type DefaultScorer = JanScorer;

/// How the primauté (who throws first) is decided (rules page, "Marking", primauté; seed
/// 000 describes both methods). The default is [`Primaute::FirstThrowFromDice`]: the
/// glossary (seed 002, JAN DE RENCONTRE) states that "une partie ne peut pas être commencée
/// par un doublet".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Primaute {
    /// Each player throws one die (White, then Black; equal dice are thrown again); the
    /// higher starts with a fresh throw of both dice, so he may start with a doublet.
    OneDieEach,
    /// Each player throws one die (equal dice are thrown again); the higher starts and plays
    /// the two dice as his first throw: no partie starts with a doublet (the default).
    #[default]
    FirstThrowFromDice,
    /// No primauté: this colour throws first (for tests and set positions).
    Fixed(Colour),
}

impl fmt::Display for Primaute {
    /// The `Primaute` tag of records: `one die each`, `first throw`, `White`, `Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Primaute::OneDieEach => f.write_str("one die each"),
            Primaute::FirstThrowFromDice => f.write_str("first throw"),
            Primaute::Fixed(c) => c.fmt(f),
        }
    }
}

impl std::str::FromStr for Primaute {
    type Err = GameError;
    fn from_str(s: &str) -> Result<Primaute, GameError> {
        match s {
            "one die each" => Ok(Primaute::OneDieEach),
            "first throw" => Ok(Primaute::FirstThrowFromDice),
            "White" => Ok(Primaute::Fixed(Colour::White)),
            "Black" => Ok(Primaute::Fixed(Colour::Black)),
            _ => Err(GameError::BadTag {
                tag: "Primaute",
                value: s.to_string(),
            }),
        }
    }
}

/// Options of a partie ordinaire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameOptions {
    /// How the primauté is decided.
    pub primaute: Primaute,
    /// The pavillon (Breton *bannielig*, seed 000): a partie won while the opponent has no
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

/// A decision of a player or an outcome of chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: one die for the primauté (White's, then Black's). Written `primauté 5`.
    PrimauteDie(Die),
    /// Chance: the throw of the side to move. Written `6-5`.
    Throw(Throw),
    /// Decision after a trou won with one's own points: hold and play on. Written `tenir`.
    Tenir,
    /// Decision after a trou won with one's own points: leave (*s'en aller*). Written
    /// `s'en aller`.
    SenAller,
    /// Decision: the play of the throw, in the play notation `6-5: B1-B7, B1-B6`. It must be
    /// one of the plays of [`Game::legal_actions`] as listed (two move orders reaching the
    /// same board are one play, listed once); [`Game::parse_action`] maps any writing of a
    /// legal play to the listed one.
    Play(Play),
}

/// When the tenir / s'en aller choice comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ChoiceStage {
    /// The trou was won by the points of the throw, before playing it.
    BeforePlay,
    /// The trou was won by the points of the play (the sortie of the last dame).
    AfterPlay,
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

/// Why an action was refused, could not be parsed, or a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The action does not belong to the current phase (e.g. a play at a chance node).
    #[error("{action} is not possible now ({phase})")]
    WrongPhase {
        /// The action's text.
        action: String,
        /// What the game waits for.
        phase: &'static str,
    },
    /// The play is not one of the legal plays of the throw.
    #[error("illegal play {0}")]
    IllegalPlay(String),
    /// The text is not an action of the current phase.
    #[error("cannot read {text:?} as {expected}")]
    Parse {
        /// The text.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A record tag has a value the game does not know.
    #[error("record tag {tag} has the unknown value {value:?}")]
    BadTag {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
    },
    /// A record is of another game.
    #[error("record of game {0:?}, not Trictrac")]
    OtherGame(String),
    /// A record's starting position does not parse.
    #[error("record position: {0}")]
    Position(#[from] ParsePositionError),
    /// A starting position's marks are inconsistent.
    #[error("marks of the starting position: {0}")]
    Marks(#[from] MarkingError),
    /// Action `index` (from 1) of a record was refused.
    #[error("record action {index}: {source}")]
    Replay {
        /// The action's number in the record, from 1.
        index: usize,
        /// Why it was refused.
        source: Box<GameError>,
    },
    /// A record's comment on an action is not what the rules give for it (the events,
    /// points and marks of [`TrictracGame::apply_commented`]).
    #[error("the record says {recorded:?} but the rules give {actual:?}")]
    Comment {
        /// The comment in the record.
        recorded: String,
        /// The comment the replay produces.
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

/// A partie ordinaire of trictrac: [`Position`], [`Marking`], the phase of the turn, the
/// options and the [`Scorer`].
///
/// White is [`Player::First`], Black [`Player::Second`] (the primauté decides who throws
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
pub struct TrictracGame<S = DefaultScorer> {
    scorer: S,
    options: GameOptions,
    start: Option<Position>,
    position: Position,
    marking: Marking,
    phase: Phase,
}

/// The [`Player`] of a colour: White first, Black second.
#[must_use]
pub const fn player_of(colour: Colour) -> Player {
    match colour {
        Colour::White => Player::First,
        Colour::Black => Player::Second,
    }
}

/// The colour of a [`Player`].
#[must_use]
pub const fn colour_of(player: Player) -> Colour {
    match player {
        Player::First => Colour::White,
        Player::Second => Colour::Black,
    }
}

impl TrictracGame<DefaultScorer> {
    /// A partie ordinaire from the start with the [`DefaultScorer`].
    #[must_use]
    pub fn standard(options: GameOptions) -> TrictracGame<DefaultScorer> {
        TrictracGame::new(DefaultScorer::default(), options)
    }
}

impl<S: Scorer + Clone> TrictracGame<S> {
    /// A partie from the start position with `scorer` and `options`.
    #[must_use]
    pub fn new(scorer: S, options: GameOptions) -> TrictracGame<S> {
        let mut position = Position::start();
        let phase = match options.primaute {
            Primaute::Fixed(c) => {
                position.set_side_to_move(c);
                Phase::Throw
            }
            _ => Phase::Primaute { white: None },
        };
        TrictracGame {
            scorer,
            options,
            start: None,
            position,
            marking: Marking::new(),
            phase,
        }
    }

    /// A partie continued from `position` (its side to move throws next, its marks are the
    /// marks, nobody holds the pavillon); the primauté option is ignored.
    ///
    /// # Errors
    /// [`GameError::Marks`] if the position's marks are inconsistent (see
    /// [`Marking::from_marks`]).
    pub fn from_position(
        scorer: S,
        options: GameOptions,
        position: Position,
    ) -> Result<TrictracGame<S>, GameError> {
        let marks = ByColour::from_fn(|c| position.marks(c));
        let marking = Marking::from_marks(marks, None)?;
        Ok(TrictracGame {
            scorer,
            options,
            start: Some(position),
            position,
            marking,
            phase: Phase::Throw,
        })
    }

    /// The position (its marks are kept equal to the marking's).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The full marking (points, trous, jetons, pavillon).
    #[must_use]
    pub fn marking(&self) -> &Marking {
        &self.marking
    }

    /// The phase of the turn.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The scorer.
    #[must_use]
    pub fn scorer(&self) -> &S {
        &self.scorer
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The winner once the partie is over.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        match self.phase {
            Phase::Over { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The legal plays when a play is due, else `None`.
    #[must_use]
    pub fn legal_plays(&self) -> Option<LegalPlays> {
        match self.phase {
            Phase::Play { throw, .. } => Some(self.scorer.legal_plays(&self.position, throw)),
            _ => None,
        }
    }

    /// The marks in the notation of [`Marking`]'s `Display` (`1.4*/0.2`), with the pavillon
    /// flag `p` only when the pavillon option is on.
    #[must_use]
    pub fn marks_text(&self) -> String {
        let text = self.marking.to_string();
        if self.options.pavillon {
            text
        } else {
            text.replace('p', "")
        }
    }

    fn sync_marks(&mut self) {
        for c in Colour::ALL {
            let marks = self.marking.to_marks()[c];
            // Marking keeps points below 12, which is all set_marks checks.
            let _ = self.position.set_marks(c, marks);
        }
    }

    /// Marks `points` for `colour`, describing it into `log`; returns the gain and whether
    /// the partie is now won.
    fn mark(&mut self, colour: Colour, points: u8, log: &mut Vec<String>) -> (Gain, bool) {
        let gain = self.marking.mark(colour, points);
        self.sync_marks();
        if points > 0 {
            let mut s = format!("{colour} marks {points}");
            if gain.debredouille {
                s.push_str(&format!(", débredouille {}", colour.other()));
            }
            if gain.trous > 0 {
                let plural = if gain.trous > 1 { "s" } else { "" };
                s.push_str(&format!(", {} trou{plural}", gain.trous));
                if gain.bredouille_jeux > 0 {
                    s.push_str(" (bredouille)");
                }
                if gain.sans_bouger {
                    s.push_str(" sans bouger");
                }
                if gain.reste > 0 {
                    s.push_str(&format!(", {} de reste", gain.reste));
                }
            }
            log.push(s);
        }
        let won = self.marking.trous(colour) >= self.options.trous_to_win.max(1);
        if won {
            let bredouille = self.options.pavillon && self.marking.is_partie_en_bredouille(colour);
            self.phase = Phase::Over {
                winner: colour,
                bredouille,
            };
            log.push(format!(
                "{colour} wins the partie{}",
                if bredouille { " bredouille" } else { "" }
            ));
        }
        (gain, won)
    }

    fn on_throw(&mut self, throw: Throw, log: &mut Vec<String>) {
        let mover = self.position.side_to_move();
        log.push(format!("{mover} throws {}", throw.name()));
        let scored = self.scorer.before_play(&self.position, throw);
        if !scored.description.is_empty() {
            log.push(scored.description.clone());
        }
        let pending = scored.points[mover.other()];
        let (gain, won) = self.mark(mover, scored.points[mover], log);
        if won {
            return;
        }
        self.phase = if gain.trous > 0 {
            Phase::Choice {
                mover,
                throw,
                stage: ChoiceStage::BeforePlay,
                pending,
            }
        } else {
            Phase::Play { throw, pending }
        };
    }

    fn on_play(
        &mut self,
        throw: Throw,
        pending: u8,
        play: &Play,
        log: &mut Vec<String>,
    ) -> Result<(), GameError> {
        let legal = self.scorer.legal_plays(&self.position, throw);
        if !legal.iter().any(|p| p == play) {
            return Err(GameError::IllegalPlay(play.to_string()));
        }
        let mover = self.position.side_to_move();
        let scored = self.scorer.after_play(&self.position, throw, play);
        self.position.play_unchecked(play);
        if !scored.description.is_empty() {
            log.push(scored.description.clone());
        }
        let pending = pending.saturating_add(scored.points[mover.other()]);
        let (gain, won) = self.mark(mover, scored.points[mover], log);
        if won {
            return Ok(());
        }
        if gain.trous > 0 {
            self.phase = Phase::Choice {
                mover,
                throw,
                stage: ChoiceStage::AfterPlay,
                pending,
            };
        } else {
            self.finish_turn(mover, pending, log);
        }
        Ok(())
    }

    /// The end of `mover`'s throw: the opponent marks what it gave him, then the relevé if
    /// `mover` has borne off his last dame.
    fn finish_turn(&mut self, mover: Colour, pending: u8, log: &mut Vec<String>) {
        let (_, won) = self.mark(mover.other(), pending, log);
        if won {
            return;
        }
        if self.position.has_borne_off_all(mover) {
            self.position.releve(mover);
            log.push(format!("relevé, {mover} throws again"));
        }
        self.phase = Phase::Throw;
    }

    fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::Primaute { .. } => "a primauté die",
            Phase::Throw => "a throw",
            Phase::Choice { .. } => "tenir or s'en aller",
            Phase::Play { .. } => "a play",
            Phase::Over { .. } => "nothing: the partie is over",
        }
    }

    /// Applies `action` and returns the comment a record gives it: the events and points,
    /// the decisions' consequences, and the marks after them (`marks 0.4*/0.0`).
    ///
    /// # Errors
    /// [`GameError::WrongPhase`] for an action of another phase, [`GameError::IllegalPlay`]
    /// for a play that is not legal; the state is then unchanged.
    pub fn apply_commented(&mut self, action: Action) -> Result<String, GameError> {
        let mut log = Vec::new();
        let wrong = |g: &Self| GameError::WrongPhase {
            action: g.action_text(action),
            phase: g.phase_name(),
        };
        match (self.phase, action) {
            (Phase::Primaute { white: None }, Action::PrimauteDie(d)) => {
                log.push(format!("White throws {} for the primauté", d.get()));
                self.phase = Phase::Primaute { white: Some(d) };
            }
            (Phase::Primaute { white: Some(w) }, Action::PrimauteDie(b)) => {
                log.push(format!("Black throws {}", b.get()));
                if w == b {
                    log.push("equal: thrown again".to_string());
                    self.phase = Phase::Primaute { white: None };
                } else {
                    let first = if w > b { Colour::White } else { Colour::Black };
                    log.push(format!("{first} has the primauté"));
                    self.position.set_side_to_move(first);
                    if self.options.primaute == Primaute::FirstThrowFromDice {
                        self.on_throw(Throw::new(w, b), &mut log);
                    } else {
                        self.phase = Phase::Throw;
                    }
                }
            }
            (Phase::Throw, Action::Throw(t)) => self.on_throw(t, &mut log),
            (
                Phase::Choice {
                    mover,
                    throw,
                    stage,
                    pending,
                },
                Action::Tenir,
            ) => {
                log.push(format!("{mover} holds"));
                match stage {
                    ChoiceStage::BeforePlay => self.phase = Phase::Play { throw, pending },
                    ChoiceStage::AfterPlay => self.finish_turn(mover, pending, &mut log),
                }
            }
            (Phase::Choice { mover, .. }, Action::SenAller) => {
                log.push(format!(
                    "{mover} s'en va: jetons wiped, relevé, {mover} throws again"
                ));
                self.marking.s_en_aller();
                self.sync_marks();
                self.position.releve(mover);
                self.phase = Phase::Throw;
            }
            (Phase::Play { throw, pending }, Action::Play(p)) => {
                self.on_play(throw, pending, &p, &mut log)?;
            }
            _ => return Err(wrong(self)),
        }
        log.push(format!("marks {}", self.marks_text()));
        Ok(log.join("; "))
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

impl<S: Scorer + Clone> Game for TrictracGame<S> {
    type Action = Action;
    type Error = GameError;
    const NAME: &'static str = "Trictrac";

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Primaute { .. } | Phase::Throw => Turn::Chance,
            Phase::Choice { mover, .. } => Turn::Player(player_of(mover)),
            Phase::Play { .. } => Turn::Player(player_of(self.position.side_to_move())),
            Phase::Over { .. } => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Choice { .. } => out.extend([Action::Tenir, Action::SenAller]),
            Phase::Play { throw, .. } => {
                let legal = self.scorer.legal_plays(&self.position, throw);
                out.extend(legal.iter().map(|&p| Action::Play(p)));
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match self.phase {
            Phase::Primaute { .. } => {
                out.extend(
                    Die::ALL
                        .iter()
                        .map(|&d| (Action::PrimauteDie(d), 1.0 / 6.0)),
                );
            }
            Phase::Throw => out.extend(
                UNORDERED_OUTCOMES
                    .iter()
                    .map(|&(t, p)| (Action::Throw(t), p)),
            ),
            _ => {}
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.apply_commented(action).map(|_| ())
    }

    fn returns(&self) -> ByPlayer<f64> {
        match self.phase {
            Phase::Over { winner, bredouille } => {
                let v = if bredouille { 2.0 } else { 1.0 };
                let mut r = ByPlayer::new(-v, -v);
                r[player_of(winner)] = v;
                r
            }
            _ => ByPlayer::new(0.0, 0.0),
        }
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::PrimauteDie(d) => format!("primauté {}", d.get()),
            Action::Throw(t) => t.to_string(),
            Action::Tenir => "tenir".to_string(),
            Action::SenAller => "s'en aller".to_string(),
            Action::Play(p) => p.to_string(),
        }
    }

    fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        let text = text.trim();
        let bad = |expected| GameError::Parse {
            text: text.to_string(),
            expected,
        };
        match self.phase {
            Phase::Primaute { .. } => {
                let d = text
                    .strip_prefix("primauté")
                    .and_then(|v| v.trim().parse::<u8>().ok())
                    .and_then(Die::new)
                    .ok_or_else(|| bad("a primauté die, e.g. \"primauté 5\""))?;
                Ok(Action::PrimauteDie(d))
            }
            Phase::Throw => text
                .parse::<Throw>()
                .map(Action::Throw)
                .map_err(|_| bad("a throw, e.g. \"6-5\"")),
            Phase::Choice { .. } => match text {
                "tenir" => Ok(Action::Tenir),
                "s'en aller" => Ok(Action::SenAller),
                _ => Err(bad("\"tenir\" or \"s'en aller\"")),
            },
            Phase::Play { throw, .. } => {
                // Matched against the scorer's legal plays (with the "must fill / must keep"
                // filter), which may hold a coin taken par puissance that the movement laws
                // alone refuse.
                let legal = self.scorer.legal_plays(&self.position, throw);
                match self.position.parse_play_among(text, &legal) {
                    Ok(play) => Ok(Action::Play(play)),
                    Err(ParsePlayError::Illegal(_)) => {
                        Err(GameError::IllegalPlay(text.to_string()))
                    }
                    Err(_) => Err(bad("a legal play, e.g. \"6-5: B1-B7, B1-B6\"")),
                }
            }
            Phase::Over { .. } => Err(bad("nothing: the partie is over")),
        }
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
        }
        tags
    }
}
