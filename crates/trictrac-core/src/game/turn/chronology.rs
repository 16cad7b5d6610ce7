//! The state of a game between throws and within one ([`Chronology`]) and its steps: the
//! throw, the marking, tenir or s'en aller, the play, the relevé.

use std::fmt::{self, Write as _};

use boardgames_common::{Die, Throw, Turn, UNORDERED_OUTCOMES};

use super::{Action, ActionComment, ChoiceStage, Form, Primaute, TurnPhase, action_text};
use crate::ActionError;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::marking::{Gain, Marking, MarkingError};
use crate::movement::LegalPlays;
use crate::movement::ParsePlayError;
use crate::movement::Play;
use crate::scoring::{ThrowScore, ThrowScorer};

/// A comment being written, or nothing when none is asked for (then nothing is formatted).
struct Log<'a>(Option<&'a mut ActionComment>);

impl Log<'_> {
    /// Appends one clause written by `f`.
    #[inline]
    fn push(&mut self, f: impl FnOnce(&mut String)) {
        if let Some(c) = self.0.as_deref_mut() {
            let mut s = String::new();
            f(&mut s);
            c.clauses.push(s);
        }
    }

    /// Notes that `colour` marked `gain`.
    #[inline]
    fn marked(&mut self, colour: Colour, gain: Gain) {
        if let Some(c) = self.0.as_deref_mut() {
            c.marked.push((colour, gain));
        }
    }

    /// Whether text is being written.
    #[inline]
    fn on(&self) -> bool {
        self.0.is_some()
    }
}

/// The state of a game of trictrac between throws and within one: position, marking, phase,
/// the scorer's analysis of the pending throw, and the form of game.
///
/// Generic over the [`ThrowScorer`] `S` and the [`Form`] `F`; the partie ordinaire
/// ([`crate::TrictracGame`]) wraps one. The analysis of the pending throw is computed
/// once, at the throw, and reused by every step until the play (legal actions, parsing,
/// the play, the points it adds); it is not part of equality (it follows from the rest).
#[derive(Clone)]
pub struct Chronology<S: ThrowScorer, F: Form> {
    scorer: S,
    form: F,
    position: Position,
    marking: Marking,
    phase: TurnPhase<F::Outcome>,
    primaute: Primaute,
    opening: Option<Throw>,
    analysis: S::Analysis,
}

impl<S: ThrowScorer + PartialEq, F: Form> PartialEq for Chronology<S, F> {
    fn eq(&self, other: &Self) -> bool {
        self.scorer == other.scorer
            && self.form == other.form
            && self.position == other.position
            && self.marking == other.marking
            && self.phase == other.phase
            && self.primaute == other.primaute
            && self.opening == other.opening
    }
}

impl<S: ThrowScorer + Eq, F: Form> Eq for Chronology<S, F> {}

impl<S: ThrowScorer + fmt::Debug, F: Form> fmt::Debug for Chronology<S, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Chronology")
            .field("scorer", &self.scorer)
            .field("form", &self.form)
            .field("position", &self.position)
            .field("marking", &self.marking)
            .field("phase", &self.phase)
            .field("primaute", &self.primaute)
            .field("opening", &self.opening)
            .finish_non_exhaustive()
    }
}

impl<S: ThrowScorer, F: Form> Chronology<S, F> {
    /// A game from the start position: the primauté decides who throws first
    /// ([`Primaute::Fixed`] skips it).
    #[must_use]
    pub fn new(scorer: S, form: F, primaute: Primaute) -> Chronology<S, F> {
        let mut position = Position::start();
        let phase = match primaute {
            Primaute::Fixed(c) => {
                position.set_side_to_move(c);
                TurnPhase::Throw
            }
            _ => TurnPhase::Primaute { white: None },
        };
        Chronology {
            scorer,
            form,
            position,
            marking: Marking::new(),
            phase,
            primaute,
            opening: None,
            analysis: S::Analysis::default(),
        }
    }

    /// A game continued from `position`: its side to move throws next; its marks (the
    /// pavillon included) are the marking.
    ///
    /// # Errors
    /// [`MarkingError`] if the position's marks are inconsistent (see
    /// [`Marking::from_marks`]).
    pub fn from_position(
        scorer: S,
        form: F,
        position: Position,
    ) -> Result<Chronology<S, F>, MarkingError> {
        let marks = ByColour::from_fn(|c| position.marks(c));
        let marking = Marking::from_marks(marks, None)?;
        Ok(Chronology {
            scorer,
            form,
            position,
            marking,
            phase: TurnPhase::Throw,
            primaute: Primaute::Fixed(position.side_to_move()),
            opening: None,
            analysis: S::Analysis::default(),
        })
    }

    /// The first throw since the start, marqué or relevé, for the jan de rencontre: needed
    /// when a game is continued from a position after exactly one throw. Ignored unless
    /// exactly one throw has been made since.
    pub fn set_opening(&mut self, opening: Option<Throw>) {
        self.opening = opening;
    }

    /// The first throw since the start, marqué or relevé, if the game knows it.
    #[must_use]
    pub fn opening(&self) -> Option<Throw> {
        self.opening
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
    pub fn phase(&self) -> TurnPhase<F::Outcome> {
        self.phase
    }

    /// The scorer.
    #[must_use]
    pub fn scorer(&self) -> &S {
        &self.scorer
    }

    /// The form of game.
    #[must_use]
    pub fn form(&self) -> &F {
        &self.form
    }

    /// The outcome once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<F::Outcome> {
        match self.phase {
            TurnPhase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The analysis of the pending throw while a play or a tenir / s'en aller choice before
    /// the play is due, else `None`.
    #[must_use]
    pub fn analysis(&self) -> Option<&S::Analysis> {
        match self.phase {
            TurnPhase::Play { .. }
            | TurnPhase::Choice {
                stage: ChoiceStage::BeforePlay,
                ..
            } => Some(&self.analysis),
            _ => None,
        }
    }

    /// The legal plays when a play is due, else `None` (a view of the kept analysis).
    #[must_use]
    pub fn legal_plays(&self) -> Option<&LegalPlays> {
        match self.phase {
            TurnPhase::Play { .. } => Some(self.analysis.legal_plays()),
            _ => None,
        }
    }

    /// Who is to act: chance (primauté, throw), a player (choice, play), or nobody.
    #[must_use]
    pub fn turn(&self) -> Turn {
        match self.phase {
            TurnPhase::Primaute { .. } | TurnPhase::Throw => Turn::Chance,
            TurnPhase::Choice { mover, .. } => Turn::Player(mover.into()),
            TurnPhase::Play { .. } => Turn::Player(self.position.side_to_move().into()),
            TurnPhase::Over(_) => Turn::Terminal,
        }
    }

    /// The decisions of the player to act, into `out` (cleared first): tenir and s'en aller,
    /// or the legal plays in their listed order.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            TurnPhase::Choice { .. } => out.extend([Action::Tenir, Action::SenAller]),
            TurnPhase::Play { .. } => {
                out.extend(self.analysis.legal_plays().iter().map(|&p| Action::Play(p)));
            }
            _ => {}
        }
    }

    /// The chance outcomes with their probabilities, into `out` (cleared first): the six
    /// primauté dice, or the 21 throws.
    pub fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match self.phase {
            TurnPhase::Primaute { .. } => {
                out.extend(
                    Die::ALL
                        .iter()
                        .map(|&d| (Action::PrimauteDie(d), 1.0 / 6.0)),
                );
            }
            TurnPhase::Throw => out.extend(
                UNORDERED_OUTCOMES
                    .iter()
                    .map(|&(t, p)| (Action::Throw(t), p)),
            ),
            _ => {}
        }
    }

    /// What the game waits for, for error messages.
    #[must_use]
    pub fn phase_name(&self) -> &'static str {
        match self.phase {
            TurnPhase::Primaute { .. } => "a primauté die",
            TurnPhase::Throw => "a throw",
            TurnPhase::Choice { .. } => "tenir or s'en aller",
            TurnPhase::Play { .. } => "a play",
            TurnPhase::Over(_) => "nothing: the game is over",
        }
    }

    /// Reads `text` as an action of the current phase: `primauté 5`, a throw `6-5`,
    /// `tenir`, `s'en aller`, or any writing of a legal play (mapped to the listed play).
    ///
    /// # Errors
    /// [`ActionError::Parse`] for a text that is not an action of this phase,
    /// [`ActionError::IllegalPlay`] for a well-formed play that is not legal.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let text = text.trim();
        let bad = |expected| ActionError::Parse {
            text: text.to_string(),
            expected,
        };
        match self.phase {
            TurnPhase::Primaute { .. } => {
                let d = text
                    .strip_prefix("primauté")
                    .and_then(|v| v.trim().parse::<u8>().ok())
                    .and_then(Die::new)
                    .ok_or_else(|| bad("a primauté die, e.g. \"primauté 5\""))?;
                Ok(Action::PrimauteDie(d))
            }
            TurnPhase::Throw => text
                .parse::<Throw>()
                .map(Action::Throw)
                .map_err(|_| bad("a throw, e.g. \"6-5\"")),
            TurnPhase::Choice { .. } => match text {
                "tenir" => Ok(Action::Tenir),
                "s'en aller" => Ok(Action::SenAller),
                _ => Err(bad("\"tenir\" or \"s'en aller\"")),
            },
            TurnPhase::Play { .. } => {
                // Matched against the scorer's legal plays (with the "must fill / must keep"
                // filter), which refuse the fausses cases the movement laws alone accept.
                let legal = self.analysis.legal_plays();
                match self.position.parse_play_among(text, legal) {
                    Ok(play) => Ok(Action::Play(play)),
                    Err(ParsePlayError::Illegal(_)) => {
                        Err(ActionError::IllegalPlay(text.to_string()))
                    }
                    Err(_) => Err(bad("a legal play, e.g. \"6-5: B1-B7, B1-B6\"")),
                }
            }
            TurnPhase::Over(_) => Err(bad("nothing: the game is over")),
        }
    }

    fn sync_marks(&mut self) {
        let marks = self.marking.to_marks();
        for c in Colour::ALL {
            // Marking keeps points below 12 and one pavillon, which is all set_marks checks.
            let _ = self.position.set_marks(c, marks[c]);
        }
    }

    /// Marks `points` for `colour` (`own`: from his own throw), writing it into `log`;
    /// returns the gain and whether the game is now over.
    fn mark(&mut self, colour: Colour, points: u8, own: bool, log: &mut Log<'_>) -> (Gain, bool) {
        let gain = self.marking.mark(colour, points);
        if points == 0 {
            return (gain, false);
        }
        self.sync_marks();
        log.marked(colour, gain);
        log.push(|s| {
            let _ = write!(s, "{colour} marks {points}");
            if gain.debredouille {
                let _ = write!(s, ", débredouille {}", colour.other());
            }
            if gain.trous > 0 {
                let plural = if gain.trous > 1 { "s" } else { "" };
                let _ = write!(s, ", {} trou{plural}", gain.trous);
                if gain.bredouille_jeux > 0 {
                    s.push_str(" (bredouille)");
                }
                if gain.sans_bouger {
                    s.push_str(" sans bouger");
                }
                if gain.reste > 0 {
                    let _ = write!(s, ", {} de reste", gain.reste);
                }
            }
        });
        match self.form.after_mark(&self.marking, colour, &gain, own) {
            Some(outcome) => {
                self.end(outcome, log);
                (gain, true)
            }
            None => (gain, false),
        }
    }

    fn end(&mut self, outcome: F::Outcome, log: &mut Log<'_>) {
        self.phase = TurnPhase::Over(outcome);
        let form = &self.form;
        log.push(|s| form.write_outcome(&outcome, s));
    }

    fn on_throw(&mut self, throw: Throw, log: &mut Log<'_>) {
        let mover = self.position.side_to_move();
        log.push(|s| {
            let _ = write!(s, "{mover} throws {}", throw.name());
        });
        let before = self.position.throws_since_releve(mover)
            + self.position.throws_since_releve(mover.other());
        if before == 0 {
            self.opening = Some(throw);
        }
        let opening = if before == 1 { self.opening } else { None };
        self.scorer
            .analyse(&self.position, throw, opening, &mut self.analysis);
        let points = if log.on() {
            let mut text = String::new();
            let p = self.analysis.before_play(Some(&mut text));
            if !text.is_empty() {
                log.push(|s| s.push_str(&text));
            }
            p
        } else {
            self.analysis.before_play(None)
        };
        let pending = points[mover.other()];
        let (gain, over) = self.mark(mover, points[mover], true, log);
        if over {
            return;
        }
        self.phase = if self.form.may_leave(&self.marking, mover, &gain) {
            TurnPhase::Choice {
                mover,
                throw,
                stage: ChoiceStage::BeforePlay,
                pending,
            }
        } else {
            TurnPhase::Play { throw, pending }
        };
    }

    fn on_play(&mut self, pending: u8, play: &Play, log: &mut Log<'_>) -> Result<(), ActionError> {
        let legal = self.analysis.legal_plays();
        let Some(index) = legal.iter().position(|p| p == play) else {
            return Err(ActionError::IllegalPlay(play.to_string()));
        };
        let throw = legal.throw();
        let mover = self.position.side_to_move();
        let points = if log.on() {
            let mut text = String::new();
            let p = self.analysis.after_play(index, Some(&mut text));
            if !text.is_empty() {
                log.push(|s| s.push_str(&text));
            }
            p
        } else {
            self.analysis.after_play(index, None)
        };
        self.position.play_unchecked(play);
        let pending = pending.saturating_add(points[mover.other()]);
        let (gain, over) = self.mark(mover, points[mover], true, log);
        if over {
            return Ok(());
        }
        if self.form.may_leave(&self.marking, mover, &gain) {
            self.phase = TurnPhase::Choice {
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
    fn finish_turn(&mut self, mover: Colour, pending: u8, log: &mut Log<'_>) {
        let (_, over) = self.mark(mover.other(), pending, false, log);
        if over {
            return;
        }
        if self.position.has_borne_off_all(mover) {
            self.position.releve(mover);
            log.push(|s| {
                let _ = write!(s, "relevé, {mover} throws again");
            });
        }
        self.phase = TurnPhase::Throw;
    }

    /// Applies `action`; if `comment` is given, appends to it the comment a record gives the
    /// action (after `"; "` if it is not empty): the events and points, the decisions'
    /// consequences, and the marks after them (`marks 0.4*/0.0`). Without it nothing is
    /// formatted. [`Chronology::apply_described`] gives the same comment in its parts.
    ///
    /// # Errors
    /// [`ActionError::WrongPhase`] for an action of another phase, [`ActionError::IllegalPlay`]
    /// for a play that is not legal; the state is then unchanged.
    pub fn apply(
        &mut self,
        action: Action,
        comment: Option<&mut String>,
    ) -> Result<(), ActionError> {
        match comment {
            None => self.step(action, &mut Log(None)),
            Some(text) => {
                let said = self.apply_described(action)?;
                if !text.is_empty() {
                    text.push_str("; ");
                }
                let _ = write!(text, "{said}");
                Ok(())
            }
        }
    }

    /// Applies `action` and returns what it said ([`ActionComment`]: the comment a record
    /// gives it, in its parts).
    ///
    /// # Errors
    /// As [`Chronology::apply`]; the state is then unchanged.
    pub fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError> {
        let mut said = ActionComment::new();
        self.step(action, &mut Log(Some(&mut said)))?;
        self.form.write_marks(&self.marking, &mut said.marks);
        said.marking = self.marking;
        said.pavillon = self.form.shows_pavillon();
        Ok(said)
    }

    /// Applies `action`, writing what it says into `log` (the clauses before the marks).
    fn step(&mut self, action: Action, log: &mut Log<'_>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (TurnPhase::Primaute { white: None }, Action::PrimauteDie(d)) => {
                log.push(|s| {
                    let _ = write!(s, "White throws {} for the primauté", d.get());
                });
                self.phase = TurnPhase::Primaute { white: Some(d) };
            }
            (TurnPhase::Primaute { white: Some(w) }, Action::PrimauteDie(b)) => {
                log.push(|s| {
                    let _ = write!(s, "Black throws {}", b.get());
                });
                if w == b {
                    log.push(|s| s.push_str("equal: thrown again"));
                    self.phase = TurnPhase::Primaute { white: None };
                } else {
                    let first = if w > b { Colour::White } else { Colour::Black };
                    log.push(|s| {
                        let _ = write!(s, "{first} has the primauté");
                    });
                    self.position.set_side_to_move(first);
                    if self.primaute == Primaute::FirstThrowFromDice {
                        self.on_throw(Throw::new(w, b), log);
                    } else {
                        self.phase = TurnPhase::Throw;
                    }
                }
            }
            (TurnPhase::Throw, Action::Throw(t)) => self.on_throw(t, log),
            (
                TurnPhase::Choice {
                    mover,
                    throw,
                    stage,
                    pending,
                },
                Action::Tenir,
            ) => {
                log.push(|s| {
                    let _ = write!(s, "{mover} holds");
                });
                match stage {
                    ChoiceStage::BeforePlay => self.phase = TurnPhase::Play { throw, pending },
                    ChoiceStage::AfterPlay => self.finish_turn(mover, pending, log),
                }
            }
            (TurnPhase::Choice { mover, .. }, Action::SenAller) => {
                log.push(|s| {
                    let _ = write!(
                        s,
                        "{mover} s'en va: jetons wiped, relevé, {mover} throws again"
                    );
                });
                self.marking.s_en_aller();
                self.sync_marks();
                self.position.releve(mover);
                self.phase = TurnPhase::Throw;
                if let Some(outcome) = self.form.after_leave(&self.marking, mover) {
                    self.end(outcome, log);
                }
            }
            (TurnPhase::Play { pending, .. }, Action::Play(p)) => {
                self.on_play(pending, &p, log)?;
            }
            _ => {
                return Err(ActionError::WrongPhase {
                    action: action_text(action),
                    phase: self.phase_name(),
                });
            }
        }
        Ok(())
    }
}
