//! The declared-gesture state machine ([`Referee`]): the chronology of a coup (glossary of
//! the laws of trictrac, CHRONOLOGIE DÉTAILLÉE D'UN COUP) driven by what the players do.

use std::fmt;

use boardgames_common::Throw;
use thiserror::Error;

use crate::colour::{ByColour, Colour};
use crate::marking::{Marking, POINTS_PER_TROU};
use crate::point::{Dest, Point};
use crate::position::Position;
use crate::referee::dice::{Cast, Lie, ThrowRuling, rule_throw};
use crate::referee::ecole::{Assessment, Due, Shown, assess};
use crate::referee::fausse_case::{PhysicalMove, counts_after, judge, position_after};
use crate::referee::{Entry, Fault, Gesture, Remedy, Report, WhichJeton};
use crate::scoring::{JanKind, ScoringRules, ThrowAnalysis, points_for};
use crate::setup::Marks;

/// At most this many dame moves in one coup (bounded work; a coup has two numbers).
const MAX_MOVES: usize = 16;

/// Where the partie stands for the referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefereePhase {
    /// `thrower` marks what the opponent's coup gave him, may claim écoles, then throws.
    Throw {
        /// The player to throw.
        thrower: Colour,
    },
    /// `mover` marks his points and plays `throw`.
    Play {
        /// The player whose coup it is.
        mover: Colour,
        /// The throw.
        throw: Throw,
    },
    /// The partie is over.
    Over {
        /// The winner.
        winner: Colour,
    },
}

/// Why a gesture was refused. The referee is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RefereeError {
    /// Not this player's gesture now.
    #[error("{who} cannot {gesture} now: {why}")]
    NotNow {
        /// The player.
        who: Colour,
        /// The gesture.
        gesture: String,
        /// What the referee waits for.
        why: String,
    },
    /// A dame moved or touched from a point where the player has none.
    #[error("{who} has no dame on {point}")]
    NoDame {
        /// The player.
        who: Colour,
        /// The point.
        point: Point,
    },
    /// A dame moved backwards, or not moved: a dame let go cannot go back (FAUSSE CASE :
    /// CONSOMMATION; REPRENDRE UNE DAME).
    #[error("{who} cannot move a dame from {from} to {to}: dames only go forward, and a dame let go cannot go back (REPRENDRE UNE DAME)")]
    Backwards {
        /// The player.
        who: Colour,
        /// From.
        from: Point,
        /// To.
        to: Dest,
    },
    /// More dames than a player owns would be on the board, or too many moves.
    #[error("{0}")]
    Dames(String),
    /// A marking gesture that the jetons or the fichet cannot show.
    #[error("{0}")]
    Marking(String),
    /// An école claimed for a player who has not thrown.
    #[error("{offender} has not thrown: there is nothing he could have marked wrongly")]
    NotThrown {
        /// The player named.
        offender: Colour,
    },
    /// An école claimed before it is consummated (QUAND L'ÉCOLE EST CONSOMMÉE).
    #[error("{offender}'s école is not consummated yet: {when} (QUAND L'ÉCOLE EST CONSOMMÉE)")]
    NotConsummated {
        /// The player at fault.
        offender: Colour,
        /// When it will be.
        when: &'static str,
    },
    /// An école claimed too late (QUAND et COMMENT MARQUER L'ÉCOLE).
    #[error("too late: {0}")]
    EcoleLost(String),
    /// The claimant has lost the right to claim (RELEVER LES DÉS, ÉCOLE INTERDITE, ÉCOLE QUI
    /// EN PROVOQUE UNE AUTRE).
    #[error("{who} may not mark this école or correct this fault ({entry})")]
    Forbidden {
        /// The player.
        who: Colour,
        /// The entry.
        entry: Entry,
    },
    /// A choice out of range or with nothing to choose.
    #[error("{0}")]
    Choice(String),
    /// The partie is over.
    #[error("the partie is over")]
    Over,
}

/// One marking of a player for one gain (his own throw, or points the opponent's coup gave).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    colour: Colour,
    points: u8,
    own_throw: bool,
    before: Option<Marking>,
    shown: Shown,
    jeton_start: Option<u8>,
    new_jeton: Option<u8>,
    jeton_let_go: bool,
    advised: Option<u8>,
    impatient: bool,
    any: bool,
}

impl Step {
    fn new(colour: Colour, points: u8, own_throw: bool) -> Step {
        Step {
            colour,
            points,
            own_throw,
            before: None,
            shown: Shown::default(),
            jeton_start: None,
            new_jeton: None,
            jeton_let_go: false,
            advised: None,
            impatient: false,
            any: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expiry {
    /// Until the claimant throws.
    ClaimantThrows,
    /// Until the offender marks his own points (ÉCOLE DES POINTS DONNÉS).
    OffenderMarksOwn,
    /// Must be answered now.
    Blocking,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Action {
    /// An école: the points, whether it is (partly) an excess, the offender's marks as due.
    Ecole {
        points: u8,
        truth: Marks,
        forbidden: Option<Entry>,
        excess: bool,
    },
    /// Oblige the claimant to mark the rest (ÉCOLE MARQUÉE PARTIELLEMENT).
    Partial { rest: u8 },
    /// Remove one of two jetons.
    DoubleMarque { old: u8, new: u8 },
    /// The fichet to rectify.
    Fichet { trous: u8, shown: u8 },
    /// A fausse case to resolve.
    FausseCase { short: u8 },
    /// A s'en aller or a declared win the points do not allow.
    SurUneEcole { missing: u8, truth: Marks, win: bool },
    /// The privilege of s'en aller may be taken away (ÉCOLE DE POINTS).
    Privilege,
    /// A throw kept or annulled.
    ThrowChoice { throw: Throw, for_next: bool },
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Open {
    report: Report,
    action: Action,
    expiry: Expiry,
}

#[derive(Debug, Clone)]
struct Turn {
    mover: Colour,
    analysis: ThrowAnalysis,
    moves: Vec<PhysicalMove>,
    touched: Vec<Point>,
    adoube: bool,
    own: Step,
    own_closed: bool,
    own_assessment: Assessment,
    after: Option<Step>,
    settling: Option<Lie>,
    lifted: ByColour<bool>,
    forbid_cover: Option<Point>,
    deny_leave: bool,
    leaving: bool,
}

/// The referee of a partie ordinaire between two people who mark and play by hand.
///
/// Feed it every [`Gesture`] with [`Referee::gesture`]; each call returns the [`Report`]s
/// the laws make decisive at that moment (most gestures return none). A refused gesture
/// returns a [`RefereeError`] and changes nothing.
///
/// The referee knows the true marks from the scoring of the jans ([`ThrowAnalysis`]) and the
/// marking arithmetic ([`Marking`]); the marks on the tablier are what the players marked
/// (an école not claimed stands, as the glossary says: "les points marqués éventuellement
/// en trop par l'adversaire lui sont acquis").
#[derive(Debug, Clone)]
pub struct Referee {
    rules: ScoringRules,
    trous_to_win: u8,
    position: Position,
    marking: Marking,
    phase: RefereePhase,
    turn: Option<Turn>,
    given: Option<Step>,
    open: Vec<Open>,
    lost: Vec<(Colour, String)>,
    has_thrown: ByColour<bool>,
    held_throw: Option<(Colour, Throw)>,
}

impl Default for Referee {
    fn default() -> Referee {
        Referee::new()
    }
}

fn not_now(who: Colour, g: &Gesture, why: impl Into<String>) -> RefereeError {
    RefereeError::NotNow {
        who,
        gesture: g.to_string(),
        why: why.into(),
    }
}

fn marks_of(m: &Marking, c: Colour) -> Marks {
    m.to_marks()[c]
}

/// `m` with `colour`'s marks replaced by `marks`, the jetons rebuilt consistently.
fn with_marks(m: &Marking, colour: Colour, marks: Marks) -> Marking {
    let mut all = m.to_marks();
    all[colour] = marks;
    let o = colour.other();
    if all[colour].points == 0 {
        all[colour].bredouille = false;
    }
    if all[o].points == 0 {
        all[o].bredouille = false;
    }
    if all[colour].points > 0 && all[o].points == 0 {
        all[colour].bredouille = true;
    }
    if all[o].points > 0 && all[colour].points == 0 {
        all[o].bredouille = true;
    }
    if all[colour].bredouille && all[o].bredouille {
        all[colour].bredouille = false;
    }
    Marking::from_marks(all, None).unwrap_or(*m)
}

impl Referee {
    /// A new partie from the start, White to throw first (the players settle the primauté
    /// before), 12 trous to win.
    #[must_use]
    pub fn new() -> Referee {
        Referee::from_position(Position::start(), 12)
    }

    /// A partie from `position` (its marks are the marks on the tablier), the side to move
    /// throwing first, `trous_to_win` trous to win (0 counts as 1).
    #[must_use]
    pub fn from_position(position: Position, trous_to_win: u8) -> Referee {
        let marks = ByColour::from_fn(|c| position.marks(c));
        let marking = Marking::from_marks(marks, None).unwrap_or_default();
        Referee {
            rules: ScoringRules::default(),
            trous_to_win: trous_to_win.max(1),
            position,
            marking,
            phase: RefereePhase::Throw {
                thrower: position.side_to_move(),
            },
            turn: None,
            given: None,
            open: Vec::new(),
            lost: Vec::new(),
            has_thrown: ByColour::default(),
            held_throw: None,
        }
    }

    /// The position at the start of the current coup (the dames as the laws left them).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The marks as agreed so far (open markings not included: see
    /// [`Referee::marks_on_tablier`]).
    #[must_use]
    pub fn marking(&self) -> &Marking {
        &self.marking
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> RefereePhase {
        self.phase
    }

    /// The reports still open (options not yet chosen), oldest first.
    pub fn open_reports(&self) -> impl Iterator<Item = &Report> + '_ {
        self.open.iter().map(|o| &o.report)
    }

    /// The dames of `colour` as they physically stand (during a coup, with the moves made).
    #[must_use]
    pub fn dames_on_tablier(&self) -> [u8; 24] {
        let mut setup = self.position.to_setup();
        if let Some(t) = &self.turn
            && let Some(c) = counts_after(&self.position, &t.moves)
        {
            for p in Point::ALL {
                setup.counts[t.mover][p.index()] = c[p.path(t.mover) as usize];
            }
        }
        let mut out = [0u8; 24];
        for p in Point::ALL {
            out[p.index()] = setup.counts[Colour::White][p.index()];
        }
        out
    }

    /// The marks on the tablier: the agreed marks with what open markings show (points on
    /// the jetons, trous on the fichets).
    #[must_use]
    pub fn marks_on_tablier(&self) -> ByColour<Marks> {
        let mut m = self.marking.to_marks();
        for s in self.open_steps() {
            let before = s.before.unwrap_or(self.marking);
            m[s.colour].points = if s.any { s.shown.jeton } else { before.points(s.colour) };
            m[s.colour].trous = before.trous(s.colour).saturating_add(s.shown.trous);
        }
        m
    }

    fn open_steps(&self) -> Vec<Step> {
        let mut v = Vec::new();
        if let Some(g) = self.given {
            v.push(g);
        }
        if let Some(t) = &self.turn {
            if !t.own_closed {
                v.push(t.own);
            }
            if let Some(a) = t.after {
                v.push(a);
            }
        }
        v
    }

    /// Applies `gesture` by `who` and returns the reports it makes decisive.
    ///
    /// # Errors
    /// [`RefereeError`] when the gesture is not possible (out of turn, a dame from an empty
    /// point, a dame moved backwards, more than 15 dames, a jeton beyond 11 points, an école
    /// claimed against a player who has not thrown, too early or too late, an option out of
    /// range); the referee is then unchanged.
    pub fn gesture(&mut self, who: Colour, gesture: Gesture) -> Result<Vec<Report>, RefereeError> {
        let mut next = self.clone();
        let reports = next.apply(who, gesture)?;
        *self = next;
        Ok(reports)
    }

    fn apply(&mut self, who: Colour, g: Gesture) -> Result<Vec<Report>, RefereeError> {
        if let RefereePhase::Over { .. } = self.phase {
            return Err(RefereeError::Over);
        }
        if let Gesture::Choose(i) = g {
            return self.choose(who, i);
        }
        if let Some(o) = self.open.iter().find(|o| o.expiry == Expiry::Blocking) {
            let chooser = o.report.chooser.unwrap_or(who);
            return Err(not_now(
                who,
                &g,
                format!("{chooser} must first choose for: {}", o.report),
            ));
        }
        match g {
            Gesture::Throw { throw, cast } => self.throw(who, throw, cast, &g),
            Gesture::Settle(lie) => self.settle(who, lie, &g),
            Gesture::MarkPoints(_)
            | Gesture::NewJeton(_)
            | Gesture::RemoveJeton(_)
            | Gesture::WipeOwn
            | Gesture::WipeOpponent
            | Gesture::MarkTrous(_)
            | Gesture::UnmarkTrous(_) => self.mark(who, g),
            Gesture::Tenir => {
                let t = self.turn_of(who, &g)?;
                let due = Due::of(&t.own.before.unwrap_or(self.marking), who, t.own.points);
                if due.jeux == 0 && t.own.shown.trous == 0 {
                    return Err(not_now(who, &g, "no trou was won: there is nothing to hold on"));
                }
                Ok(Vec::new())
            }
            Gesture::SenAller => self.s_en_aller(who, &g),
            Gesture::DeclareWin => self.declare_win(who, &g),
            Gesture::Ecole(n) => self.claim(who, n, &g),
            Gesture::Advise(n) => {
                let target = who.other();
                if let Some(t) = &mut self.turn
                    && t.mover == target
                    && !t.own_closed
                {
                    t.own.advised = Some(n);
                    return Ok(Vec::new());
                }
                Err(not_now(who, &g, format!("{target} is not marking his throw")))
            }
            Gesture::Adoube => {
                let t = self.turn_mut(who, &g)?;
                t.adoube = true;
                Ok(Vec::new())
            }
            Gesture::Touch(p) => self.touch(who, p, &g),
            Gesture::Move { from, to } => self.move_dame(who, from, to, &g),
            Gesture::LiftDice => {
                let t = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| not_now(who, &g, "no dice are on the tablier"))?;
                t.lifted[who] = true;
                Ok(Vec::new())
            }
            Gesture::BreakGame => {
                if self.turn.as_ref().is_some_and(|t| t.mover != who) {
                    // ROMPRE SON JEU PAR ERREUR: no consequence; only the throw decides.
                    Ok(Vec::new())
                } else {
                    Err(not_now(who, &g, "only the opponent of the player to play breaks his game"))
                }
            }
            Gesture::Done => self.done(who, &g),
            Gesture::Choose(_) => Ok(Vec::new()),
        }
    }

    fn turn_of(&self, who: Colour, g: &Gesture) -> Result<&Turn, RefereeError> {
        match &self.turn {
            Some(t) if t.mover == who => Ok(t),
            _ => Err(not_now(who, g, "it is not his coup")),
        }
    }

    fn turn_mut(&mut self, who: Colour, g: &Gesture) -> Result<&mut Turn, RefereeError> {
        match &mut self.turn {
            Some(t) if t.mover == who => Ok(t),
            _ => Err(not_now(who, g, "it is not his coup")),
        }
    }

    // ----- The throw -----

    fn throw(
        &mut self,
        who: Colour,
        throw: Throw,
        cast: Cast,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let thrower = match self.phase {
            RefereePhase::Throw { thrower } => thrower,
            RefereePhase::Play { mover, .. } if mover != who => {
                // Thrown before the opponent finished his coup (RELEVER LES DÉS).
                let report = Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: Entry::Relever,
                    offender: Some(who),
                    chooser: Some(mover),
                    points: 0,
                    options: vec![Remedy::AcceptThrow, Remedy::AnnulThrow],
                    text: format!("{who} threw {throw} before {mover} finished his coup"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::ThrowChoice {
                        throw,
                        for_next: true,
                    },
                    expiry: Expiry::Blocking,
                });
                return Ok(vec![report]);
            }
            _ => return Err(not_now(who, g, "it is not his throw")),
        };
        if thrower != who {
            return Err(not_now(who, g, format!("{thrower} throws")));
        }
        let ruling = rule_throw(&cast);
        match ruling {
            ThrowRuling::Rethrow(entry) => Ok(vec![Report {
                fault: Fault::MauvaisCoupDeDes,
                entry,
                offender: None,
                chooser: None,
                points: 0,
                options: Vec::new(),
                text: format!("the throw is {ruling}: {who} throws again"),
            }]),
            ThrowRuling::OpponentChooses(entry) | ThrowRuling::ThrowerChooses(entry) => {
                let chooser = if matches!(ruling, ThrowRuling::OpponentChooses(_)) {
                    who.other()
                } else {
                    who
                };
                let report = Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry,
                    offender: Some(who),
                    chooser: Some(chooser),
                    points: 0,
                    options: vec![Remedy::AcceptThrow, Remedy::AnnulThrow],
                    text: format!("the throw {throw} is {ruling}"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::ThrowChoice {
                        throw,
                        for_next: false,
                    },
                    expiry: Expiry::Blocking,
                });
                Ok(vec![report])
            }
            ThrowRuling::NotSettled(_) => {
                let other = if cast.lie[0] == Lie::Spinning {
                    cast.lie[1]
                } else {
                    cast.lie[0]
                };
                let mut reports = self.start_coup(who, throw)?;
                if let Some(t) = &mut self.turn {
                    t.settling = Some(other);
                }
                reports.push(Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: Entry::DePirouettant,
                    offender: None,
                    chooser: None,
                    points: 0,
                    options: Vec::new(),
                    text: "a die is spinning: nobody may stop it; wait until it rests".into(),
                });
                Ok(reports)
            }
            ThrowRuling::Good { warning } => {
                let mut reports = self.start_coup(who, throw)?;
                if let Some(e) = warning {
                    reports.push(Report {
                        fault: Fault::MauvaisCoupDeDes,
                        entry: e,
                        offender: Some(who),
                        chooser: None,
                        points: 0,
                        options: Vec::new(),
                        text: "dice badly cast: the throw is good, a warning suffices".into(),
                    });
                }
                Ok(reports)
            }
        }
    }

    fn settle(&mut self, who: Colour, lie: Lie, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        let Some(other) = t.settling else {
            return Err(not_now(who, g, "no die is spinning"));
        };
        let cast = Cast {
            lie: [lie, other],
            ..Cast::default()
        };
        match rule_throw(&cast) {
            ThrowRuling::Good { .. } => {
                let t = self.turn_mut(who, g)?;
                t.settling = None;
                if t.own.impatient {
                    // ÉCOLE PAR IMPATIENCE: no longer admitted to mark his points.
                    return self.close_own();
                }
                Ok(Vec::new())
            }
            ThrowRuling::NotSettled(_) => Ok(Vec::new()),
            r => {
                // Thrown again: the coup starts over.
                let t = self.turn.take().ok_or(RefereeError::Over)?;
                self.phase = RefereePhase::Throw { thrower: t.mover };
                Ok(vec![Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: match r {
                        ThrowRuling::Rethrow(e) => e,
                        _ => Entry::JeterLesDes,
                    },
                    offender: None,
                    chooser: None,
                    points: 0,
                    options: Vec::new(),
                    text: format!("the throw is {r}: {who} throws again"),
                }])
            }
        }
    }

    /// A good throw: the consummations it brings, then the coup of `who` begins.
    fn start_coup(&mut self, who: Colour, throw: Throw) -> Result<Vec<Report>, RefereeError> {
        let mut reports = Vec::new();
        // Fausses cases of the opponent not corrected are consummated: left as played.
        // Écoles `who` could claim are lost.
        let mut provoked = false;
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            if o.report.chooser == Some(who) && o.expiry == Expiry::ClaimantThrows {
                if let Action::Ecole { excess: true, .. } = o.action {
                    provoked = true;
                }
                self.lost.push((who, o.report.to_string()));
            } else {
                keep.push(o);
            }
        }
        self.open = keep;
        // `who`'s marking of the points the opponent's coup gave him is consummated.
        if let Some(step) = self.given.take() {
            let mut r = self.close_step(step, Expiry::OffenderMarksOwn);
            if provoked {
                for o in &mut self.open {
                    if o.report.offender == Some(step.colour)
                        && let Action::Ecole { forbidden, .. } = &mut o.action
                    {
                        *forbidden = Some(Entry::EcoleQuiEnProvoqueUneAutre);
                        o.report.entry = Entry::EcoleQuiEnProvoqueUneAutre;
                        o.report.options = vec![Remedy::Decline];
                        o.report.text.push_str(
                            "; the points he marked unduly for this were its cause and payment",
                        );
                    }
                }
                for rep in &mut r {
                    if rep.offender == Some(step.colour) && rep.points > 0 {
                        rep.entry = Entry::EcoleQuiEnProvoqueUneAutre;
                        rep.options = vec![Remedy::Decline];
                    }
                }
            }
            reports.extend(r);
        }
        if self.won().is_some() {
            return Ok(reports);
        }
        let analysis = ThrowAnalysis::new(&self.position, throw, &self.rules);
        let own = analysis.points_before(who);
        self.turn = Some(Turn {
            mover: who,
            analysis,
            moves: Vec::new(),
            touched: Vec::new(),
            adoube: false,
            own: Step::new(who, own, true),
            own_closed: false,
            own_assessment: Assessment::default(),
            after: None,
            settling: None,
            lifted: ByColour::default(),
            forbid_cover: None,
            deny_leave: false,
            leaving: false,
        });
        self.has_thrown[who] = true;
        self.phase = RefereePhase::Play { mover: who, throw };
        Ok(reports)
    }

    // ----- Marking -----

    /// The open step `who` marks in now.
    fn step_mut(&mut self, who: Colour) -> Option<&mut Step> {
        if let Some(t) = &mut self.turn
            && t.mover == who
        {
            if !t.own_closed {
                return Some(&mut t.own);
            }
            if t.after.is_none() {
                t.after = Some(Step::new(who, 0, true));
            }
            return t.after.as_mut();
        }
        if let Some(gv) = &mut self.given
            && gv.colour == who
        {
            return Some(gv);
        }
        None
    }

    fn mark(&mut self, who: Colour, g: Gesture) -> Result<Vec<Report>, RefereeError> {
        let marking = self.marking;
        // Marking one's own points ends the right to claim an école of the points given
        // (ÉCOLE DES POINTS DONNÉS PAR L'ADVERSAIRE).
        let own = self.turn.as_ref().is_some_and(|t| t.mover == who && !t.own_closed);
        if let Some(t) = &self.turn
            && t.mover == who
            && t.own.impatient
            && t.settling.is_none()
            && !t.own_closed
        {
            return Err(not_now(who, &g, "he played before the second die rested (ÉCOLE PAR IMPATIENCE)"));
        }
        let step = self
            .step_mut(who)
            .ok_or_else(|| not_now(who, &g, "he has nothing to mark now"))?;
        let before = *step.before.get_or_insert(marking);
        let start = *step.jeton_start.get_or_insert(before.points(who));
        if !step.any {
            step.shown.jeton = start;
        }
        step.any = true;
        match g {
            Gesture::MarkPoints(n) => {
                if n == 0 {
                    return Err(RefereeError::Marking("mark 0: nothing marked".into()));
                }
                let target = match step.new_jeton {
                    Some(j) => j,
                    None => step.shown.jeton,
                };
                let to = u16::from(target) + u16::from(n);
                if to >= u16::from(POINTS_PER_TROU) {
                    return Err(RefereeError::Marking(format!(
                        "a jeton on {target} cannot go {n} points further: it shows at most 11 (mark the trou and put the jeton back to the talon)"
                    )));
                }
                match &mut step.new_jeton {
                    Some(j) => *j = to as u8,
                    None => step.shown.jeton = to as u8,
                }
                step.jeton_let_go = true;
            }
            Gesture::NewJeton(n) => {
                if n == 0 || n >= POINTS_PER_TROU {
                    return Err(RefereeError::Marking(format!(
                        "a jeton shows 1 to 11 points, not {n}"
                    )));
                }
                if step.shown.jeton == 0 || step.new_jeton.is_some() {
                    return Err(RefereeError::Marking(
                        "no mark stands with another jeton: use mark".into(),
                    ));
                }
                step.new_jeton = Some(n);
                step.jeton_let_go = true;
            }
            Gesture::RemoveJeton(w) => {
                let Some(n) = step.new_jeton else {
                    return Err(RefereeError::Marking("he marks with one jeton".into()));
                };
                if w == WhichJeton::Old {
                    step.shown.jeton = n;
                }
                step.new_jeton = None;
            }
            Gesture::WipeOwn => {
                if step.shown.jeton == 0 {
                    return Err(RefereeError::Marking(format!(
                        "{who}'s jeton is already at the talon"
                    )));
                }
                step.shown.jeton = 0;
                step.shown.wipes = step.shown.wipes.saturating_add(1);
                step.jeton_let_go = true;
            }
            Gesture::WipeOpponent => {}
            Gesture::MarkTrous(n) => {
                if n == 0 {
                    return Err(RefereeError::Marking("trous 0: nothing marked".into()));
                }
                step.shown.trous = step.shown.trous.saturating_add(n);
            }
            Gesture::UnmarkTrous(n) => {
                if n > step.shown.trous {
                    return Err(RefereeError::Marking(format!(
                        "{who} moved his fichet {} trous in this marking, not {n}",
                        step.shown.trous
                    )));
                }
                if step.jeton_let_go {
                    return Err(RefereeError::Marking(
                        "the trou can be taken back only before the jetons are moved and let go (MARQUER LE TROU PAR ERREUR)".into(),
                    ));
                }
                step.shown.trous -= n;
            }
            _ => {}
        }
        if own {
            self.expire(|o| o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(who.other()));
        }
        Ok(Vec::new())
    }

    fn expire(&mut self, f: impl Fn(&Open) -> bool) {
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            if f(&o) {
                if let Some(c) = o.report.chooser {
                    self.lost.push((c, o.report.to_string()));
                }
            } else {
                keep.push(o);
            }
        }
        self.open = keep;
    }

    /// Consummates a marking: the école if any becomes claimable by the opponent until
    /// `expiry`; the marks on the tablier become the agreed marks.
    fn close_step(&mut self, step: Step, expiry: Expiry) -> Vec<Report> {
        let c = step.colour;
        let o = c.other();
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, c, step.points);
        let mut shown = step.shown;
        if !step.any {
            shown.jeton = before.points(c);
        }
        let a = assess(&due, &shown, step.own_throw);
        let mut truth = before;
        truth.mark(c, step.points);
        let truth_marks = marks_of(&truth, c);
        let mut reports = Vec::new();
        if !a.is_ecole() && a.rectify_fichet.is_none() && step.new_jeton.is_none() {
            self.marking = truth;
            if shown.s_en_aller {
                self.marking.s_en_aller();
            }
            return reports;
        }
        // The marks as shown; the opponent's jeton as the laws leave it (one cannot be sent
        // to the école for the opponent's jetons).
        let mut shown_marks = Marks {
            points: if shown.s_en_aller { 0 } else { shown.jeton },
            trous: before.trous(c).saturating_add(shown.trous),
            bredouille: false,
        };
        if let Some(n) = step.new_jeton {
            // DOUBLE MARQUE: the first mark is abandoned; the opponent removes one.
            shown_marks.points = n;
        }
        let mut m = with_marks(&before, c, shown_marks);
        m = with_marks(&m, o, marks_of(&truth, o));
        self.marking = m;
        if shown.s_en_aller {
            self.marking.s_en_aller();
        }
        if let Some(n) = step.new_jeton {
            let report = Report {
                fault: Fault::MarqueARectifier,
                entry: Entry::DoubleMarque,
                offender: Some(c),
                chooser: Some(o),
                points: 0,
                options: vec![
                    Remedy::RemoveJeton(WhichJeton::Old),
                    Remedy::RemoveJeton(WhichJeton::New),
                ],
                text: format!(
                    "{c} marked with a second jeton ({n}) while a mark stood ({}): no école; {o} removes the jeton of his choice",
                    shown.jeton
                ),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::DoubleMarque {
                    old: shown.jeton,
                    new: n,
                },
                expiry: Expiry::Blocking,
            });
            reports.push(report);
            return reports;
        }
        if let Some(trous) = a.rectify_fichet {
            let report = Report {
                fault: Fault::MarqueARectifier,
                entry: Entry::EcoleDeTrou,
                offender: Some(c),
                chooser: Some(o),
                points: 0,
                options: vec![Remedy::RectifyFichet(trous), Remedy::Decline],
                text: format!(
                    "{c} moved his fichet {} trous for {trous}: no école de trou, the fichet is rectified",
                    shown.trous
                ),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::Fichet {
                    trous,
                    shown: shown.trous,
                },
                expiry: Expiry::ClaimantThrows,
            });
            reports.push(report);
            return reports;
        }
        let fault = match (a.omission > 0, a.excess > 0) {
            (true, false) => Fault::EcoleParOmission,
            (false, true) => Fault::EcoleParExces,
            _ => Fault::EcoleMixte,
        };
        let entry = if step.impatient {
            Entry::EcoleParImpatience
        } else if step.advised.is_some() {
            Entry::EcoleInterdite
        } else if !step.own_throw && a.omission > 0 {
            Entry::EcoleDesPointsDonnes
        } else if a.trous_in_excess || (due.jeux > 0 && !step.any) || (due.jeux >= 2) {
            Entry::EcoleDePoints
        } else if due.jeux > 0 && shown.wipes > 0 && a.omission > 0 && due.reste == before.points(c) {
            Entry::MarquerSesPointsParErreur
        } else if due.jeux > 0 && shown.wipes == 0 && a.excess > 0 && shown.jeton > due.reste {
            Entry::OublierDeDemarquerSesPoints
        } else {
            Entry::EcoleDefinition
        };
        let forbidden = (entry == Entry::EcoleInterdite).then_some(Entry::EcoleInterdite);
        let options = if forbidden.is_some() {
            vec![Remedy::Rectify, Remedy::Decline]
        } else {
            vec![
                Remedy::MarkEcole(a.points()),
                Remedy::Rectify,
                Remedy::Decline,
            ]
        };
        let what = match fault {
            Fault::EcoleParOmission => format!("{c} marked {} points too few", a.omission),
            Fault::EcoleParExces => format!("{c} marked {} points too many", a.excess),
            _ => format!(
                "{c} marked {} points too few and {} too many",
                a.omission, a.excess
            ),
        };
        let report = Report {
            fault,
            entry,
            offender: Some(c),
            chooser: Some(o),
            points: a.points(),
            options,
            text: format!(
                "{what} (due {} points: {} trous, jeton on {})",
                step.points, due.trous, due.reste
            ),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::Ecole {
                points: a.points(),
                truth: truth_marks,
                forbidden,
                excess: a.excess > 0,
            },
            expiry,
        });
        reports.push(report);
        if a.trous_in_excess && step.own_throw {
            let report = Report {
                fault: Fault::EcoleParExces,
                entry: Entry::EcoleDePoints,
                offender: Some(c),
                chooser: Some(o),
                points: 0,
                options: vec![Remedy::DenySEnAller, Remedy::Decline],
                text: format!("{c} marked more trous than he won: he loses the privilege of s'en aller if {o} wishes"),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::Privilege,
                expiry: Expiry::ClaimantThrows,
            });
            reports.push(report);
        }
        reports
    }

    /// The mover's own marking is consummated (he touched his dames, went away, or
    /// finished).
    fn close_own(&mut self) -> Result<Vec<Report>, RefereeError> {
        let Some(t) = &mut self.turn else {
            return Ok(Vec::new());
        };
        if t.own_closed {
            return Ok(Vec::new());
        }
        t.own_closed = true;
        let mut step = t.own;
        if step.impatient {
            step.shown = Shown::nothing(step.before.unwrap_or(self.marking).points(step.colour));
            step.any = false;
        }
        let mover = t.mover;
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, mover, step.points);
        let mut shown = step.shown;
        if !step.any {
            shown.jeton = before.points(mover);
        }
        let a = assess(&due, &shown, true);
        if let Some(t) = &mut self.turn {
            t.own_assessment = a;
        }
        self.expire(|o| o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(mover.other()));
        Ok(self.close_step(step, Expiry::ClaimantThrows))
    }

    // ----- Claims and choices -----

    fn claim(&mut self, who: Colour, n: u8, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        if n == 0 {
            return Err(RefereeError::Marking("école 0: nothing claimed".into()));
        }
        let offender = who.other();
        if !self.has_thrown[offender] {
            return Err(RefereeError::NotThrown { offender });
        }
        if let Some(t) = &self.turn
            && t.lifted[who]
        {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::Relever,
            });
        }
        let idx = self.open.iter().position(|o| {
            o.report.chooser == Some(who) && matches!(o.action, Action::Ecole { .. })
        });
        let Some(i) = idx else {
            // Not yet consummated?
            if let Some(t) = &self.turn
                && t.mover == offender
                && !t.own_closed
            {
                let due = t.own.points;
                let marked = t.own.any;
                if due > 0 || marked {
                    return Err(RefereeError::NotConsummated {
                        offender,
                        when: if t.analysis.legal_plays().dice_played() == 0 {
                            "he can play nothing: wait until he says he has finished (ÉCOLE IMPOSSIBLE À MARQUER)"
                        } else {
                            "he has not touched his dames"
                        },
                    });
                }
            }
            if let Some(gv) = &self.given
                && gv.colour == offender
            {
                return Err(RefereeError::NotConsummated {
                    offender,
                    when: "the points of the opponent's coup are consummated when he throws",
                });
            }
            if let Some((_, what)) = self.lost.iter().rev().find(|(c, _)| *c == who) {
                let _ = what;
                return Err(RefereeError::EcoleLost(format!(
                    "{who} threw (or {offender} marked his own points) since: an école must be marked before the next throw (QUAND et COMMENT MARQUER L'ÉCOLE)"
                )));
            }
            // FAUSSE ÉCOLE: an école claimed that was not made is itself an école.
            return Ok(self.fausse_ecole(who, n));
        };
        let Action::Ecole {
            points,
            truth,
            forbidden,
            excess,
        } = self.open[i].action.clone()
        else {
            return Err(not_now(who, g, "no école"));
        };
        if let Some(entry) = forbidden {
            return Err(RefereeError::Forbidden { who, entry });
        }
        self.open.remove(i);
        if excess {
            self.marking = with_marks(&self.marking, offender, truth);
        }
        let mut reports = Vec::new();
        match n.cmp(&points) {
            std::cmp::Ordering::Equal => {
                self.marking.mark(who, n);
            }
            std::cmp::Ordering::Less => {
                self.marking.mark(who, n);
                let report = Report {
                    fault: Fault::EcoleParOmission,
                    entry: Entry::EcoleMarqueePartiellement,
                    offender: Some(who),
                    chooser: Some(offender),
                    points: points - n,
                    options: vec![Remedy::ForceWhole(points - n), Remedy::Decline],
                    text: format!("{who} marked {n} of {points} points d'école: {offender} may oblige him to mark the whole"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::Partial { rest: points - n },
                    expiry: Expiry::ClaimantThrows,
                });
                reports.push(report);
            }
            std::cmp::Ordering::Greater => {
                self.marking.mark(who, points);
                reports.extend(self.fausse_ecole(who, n - points));
                if let Some(r) = reports.last_mut() {
                    r.entry = Entry::EcoleMarqueePartiellement;
                    r.text = format!(
                        "{who} marked {n} points d'école for {points}: an école par excès of {}",
                        n - points
                    );
                }
                if let Some(o) = self.open.last_mut() {
                    o.report.entry = Entry::EcoleMarqueePartiellement;
                }
            }
        }
        reports.extend(self.check_win());
        Ok(reports)
    }

    /// `who` marks `n` points of école that were not made: an école par excès the opponent
    /// may mark in turn (FAUSSE ÉCOLE; repeated, AUGMENTATION D'ÉCOLE).
    fn fausse_ecole(&mut self, who: Colour, n: u8) -> Vec<Report> {
        let before = marks_of(&self.marking, who);
        self.marking.mark(who, n);
        let o = who.other();
        let report = Report {
            fault: Fault::EcoleParExces,
            entry: Entry::FausseEcole,
            offender: Some(who),
            chooser: Some(o),
            points: n,
            options: vec![Remedy::MarkEcole(n), Remedy::Decline],
            text: format!("{who} marked {n} points d'école for an école that was not made"),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::Ecole {
                points: n,
                truth: before,
                forbidden: None,
                excess: true,
            },
            expiry: Expiry::ClaimantThrows,
        });
        vec![report]
    }

    fn choose(&mut self, who: Colour, i: usize) -> Result<Vec<Report>, RefereeError> {
        let Some(k) = self
            .open
            .iter()
            .position(|o| o.report.chooser == Some(who) && o.expiry == Expiry::Blocking)
            .or_else(|| self.open.iter().position(|o| o.report.chooser == Some(who)))
        else {
            return Err(RefereeError::Choice(format!("{who} has nothing to choose")));
        };
        let open = self.open[k].clone();
        let Some(remedy) = i.checked_sub(1).and_then(|j| open.report.options.get(j)).copied()
        else {
            return Err(RefereeError::Choice(format!(
                "option {i}: {who} chooses from 1 to {}",
                open.report.options.len()
            )));
        };
        let lifted = self.turn.as_ref().is_some_and(|t| t.lifted[who]);
        if lifted && !matches!(remedy, Remedy::Decline | Remedy::Leave | Remedy::AcceptThrow | Remedy::AnnulThrow) {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::Relever,
            });
        }
        if let Remedy::MarkEcole(n) = remedy {
            return self.claim(who, n, &Gesture::Choose(i));
        }
        self.open.remove(k);
        let offender = open.report.offender.unwrap_or(who.other());
        let mut reports = Vec::new();
        match (open.action, remedy) {
            (_, Remedy::Decline) => {}
            (Action::Ecole { truth, .. }, Remedy::Rectify) => {
                self.marking = with_marks(&self.marking, offender, truth);
            }
            (Action::Partial { .. }, Remedy::ForceWhole(n)) => {
                self.marking.mark(offender, n);
            }
            (Action::DoubleMarque { old, new }, Remedy::RemoveJeton(w)) => {
                let mut m = marks_of(&self.marking, offender);
                m.points = if w == WhichJeton::Old { new } else { old };
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Fichet { trous, shown }, Remedy::RectifyFichet(_)) => {
                // The fichet shows the trous as due for that gain.
                let mut m = marks_of(&self.marking, offender);
                m.trous = m.trous.saturating_sub(shown).saturating_add(trous);
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Privilege, Remedy::DenySEnAller) => {
                if let Some(t) = &mut self.turn
                    && t.mover == offender
                {
                    t.deny_leave = true;
                }
            }
            (Action::FausseCase { short }, r) => {
                reports.extend(self.resolve_fausse_case(r, short)?);
            }
            (Action::SurUneEcole { missing, truth, win }, r) => match r {
                Remedy::Acquiesce => {
                    if win {
                        self.phase = RefereePhase::Over { winner: offender };
                    } else {
                        reports.extend(self.leave_now(offender));
                    }
                }
                Remedy::Rectify => {
                    self.marking = with_marks(&self.marking, offender, truth);
                    if let Some(t) = &mut self.turn {
                        t.leaving = false;
                    }
                }
                _ => {
                    let _ = missing;
                }
            },
            (Action::ThrowChoice { throw, for_next }, r) => {
                if r == Remedy::AcceptThrow {
                    let thrower = offender;
                    if for_next {
                        self.held_throw = Some((thrower, throw));
                    } else {
                        reports.extend(self.start_coup(thrower, throw)?);
                    }
                }
            }
            (_, r) => {
                return Err(RefereeError::Choice(format!("{r} does not apply here")));
            }
        }
        reports.extend(self.check_win());
        Ok(reports)
    }

    // ----- S'en aller, declaring the win -----

    fn s_en_aller(&mut self, who: Colour, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        if t.deny_leave {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::EcoleDePoints,
            });
        }
        if t.own_closed && t.after.is_none() {
            return Err(not_now(who, g, "he has touched his dames: he holds"));
        }
        let in_after = t.own_closed;
        let step = if in_after {
            t.after.unwrap_or(Step::new(who, 0, true))
        } else {
            t.own
        };
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, who, step.points);
        if due.jeux == 0 {
            // S'EN ALLER SUR UNE ÉCOLE: the points missing for the trou.
            let missing = POINTS_PER_TROU - before.points(who) - step.points.min(11);
            let mut truth = before;
            truth.mark(who, step.points);
            let report = Report {
                fault: Fault::EcoleParExces,
                entry: Entry::SEnAllerSurUneEcole,
                offender: Some(who),
                chooser: Some(who.other()),
                points: missing,
                options: vec![Remedy::MarkEcole(missing), Remedy::Acquiesce, Remedy::Decline],
                text: format!("{who} goes away without a trou: {missing} points are missing for it"),
            };
            // The école is consummated by the declaration.
            let mut s = step;
            s.shown.s_en_aller = false;
            if let Some(t) = &mut self.turn {
                t.leaving = true;
                if in_after {
                    t.after = None;
                } else {
                    t.own_closed = true;
                }
            }
            self.open.push(Open {
                report: report.clone(),
                action: Action::Ecole {
                    points: missing,
                    truth: marks_of(&truth, who),
                    forbidden: None,
                    excess: true,
                },
                expiry: Expiry::Blocking,
            });
            // The mark on the tablier stands as shown until the opponent chooses.
            let shown = Marks {
                points: if s.any { s.shown.jeton } else { before.points(who) },
                trous: before.trous(who).saturating_add(s.shown.trous),
                bredouille: false,
            };
            self.marking = with_marks(&before, who, shown);
            self.pending_sur_ecole(who, missing, marks_of(&truth, who), false);
            return Ok(vec![report]);
        }
        let mut step = step;
        step.shown.s_en_aller = true;
        if !step.any {
            step.shown.jeton = 0;
        }
        let mut reports = Vec::new();
        if let Some(t) = &mut self.turn {
            if in_after {
                t.after = None;
            } else {
                t.own_closed = true;
            }
        }
        self.expire(|o| o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(who.other()));
        reports.extend(self.close_step(step, Expiry::ClaimantThrows));
        reports.extend(self.leave_now(who));
        Ok(reports)
    }

    /// The blocking choice after a s'en aller or a declared win on an école: the école
    /// (already open) is turned into the opponent's three options.
    fn pending_sur_ecole(&mut self, who: Colour, missing: u8, truth: Marks, win: bool) {
        if let Some(o) = self.open.last_mut() {
            o.action = Action::SurUneEcole {
                missing,
                truth,
                win,
            };
            o.report.options = vec![Remedy::Acquiesce, Remedy::Rectify, Remedy::Decline];
            let _ = who;
        }
    }

    /// `who` goes away: both jetons back, the relevé, `who` throws again; what his throw gave
    /// the opponent is not marked.
    fn leave_now(&mut self, who: Colour) -> Vec<Report> {
        self.marking.s_en_aller();
        let mut reports = self.check_win();
        if !reports.is_empty() {
            return reports;
        }
        self.position.releve(who);
        self.sync_marks();
        self.turn = None;
        self.given = None;
        self.phase = RefereePhase::Throw { thrower: who };
        reports.clear();
        reports
    }

    fn declare_win(&mut self, who: Colour, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let shown = self.marks_on_tablier()[who];
        let _ = g;
        if self.marking.trous(who) >= self.trous_to_win {
            self.phase = RefereePhase::Over { winner: who };
            return Ok(Vec::new());
        }
        // Counting each trou missing as 12 points.
        let need = self.trous_to_win - self.marking.trous(who);
        let missing = (u16::from(need) * 12).saturating_sub(u16::from(self.marking.points(who)));
        let missing = missing.min(255) as u8;
        let report = Report {
            fault: Fault::EcoleParExces,
            entry: Entry::SEnAllerSurUneEcole,
            offender: Some(who),
            chooser: Some(who.other()),
            points: missing,
            options: vec![Remedy::Acquiesce, Remedy::Rectify, Remedy::Decline],
            text: format!(
                "{who} declares the partie won with {} trous marked: the partie goes on unless {} acquiesces",
                shown.trous,
                who.other()
            ),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::SurUneEcole {
                missing,
                truth: marks_of(&self.marking, who),
                win: true,
            },
            expiry: Expiry::Blocking,
        });
        Ok(vec![report])
    }

    // ----- The dames -----

    fn touch(&mut self, who: Colour, p: Point, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let board = self.dames_of(who);
        let t = self.turn_mut(who, g)?;
        if board[p.index()] == 0 {
            return Err(RefereeError::NoDame { who, point: p });
        }
        if t.adoube {
            t.adoube = false;
        } else if !t.touched.contains(&p) {
            t.touched.push(p);
        }
        self.close_own()
    }

    /// `who`'s dames as they physically stand.
    fn dames_of(&self, who: Colour) -> [u8; 24] {
        let mut setup = self.position.to_setup();
        if let Some(t) = &self.turn
            && t.mover == who
            && let Some(c) = counts_after(&self.position, &t.moves)
        {
            for p in Point::ALL {
                setup.counts[who][p.index()] = c[p.path(who) as usize];
            }
        }
        setup.counts[who]
    }

    fn move_dame(
        &mut self,
        who: Colour,
        from: Point,
        to: Dest,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let board = self.dames_of(who);
        let t = self.turn_mut(who, g)?;
        if board[from.index()] == 0 {
            return Err(RefereeError::NoDame { who, point: from });
        }
        if to.path(who) <= from.path(who) {
            return Err(RefereeError::Backwards { who, from, to });
        }
        if t.moves.len() >= MAX_MOVES {
            return Err(RefereeError::Dames(format!(
                "{MAX_MOVES} moves in one coup: finish it with done"
            )));
        }
        t.moves.push(PhysicalMove { from, to });
        t.adoube = false;
        if t.settling.is_some() {
            t.own.impatient = true;
            return Ok(Vec::new());
        }
        self.close_own()
    }

    fn done(&mut self, who: Colour, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        if t.settling.is_some() {
            return Err(not_now(who, g, "a die is still spinning"));
        }
        let impossible = !t.own_closed && t.analysis.legal_plays().dice_played() == 0;
        let mut reports = self.close_own()?;
        if impossible {
            for r in &mut reports {
                if r.offender == Some(who) && r.points > 0 {
                    r.entry = Entry::EcoleImpossibleAMarquer;
                }
            }
        }
        let t = self.turn.as_ref().ok_or(RefereeError::Over)?;
        let touched: Vec<Point> = t.touched.clone();
        if let Some(j) = judge(&t.analysis, &self.position, &t.moves, &touched) {
            // ÉCOLE RÉTROACTIVE / REMPLIR et CONSERVER: points marked for a jan not made.
            let counts = counts_after(&self.position, &t.moves);
            let mut unmade = 0u8;
            if let Some(c) = counts {
                for e in t.analysis.before_play() {
                    if e.beneficiary != who {
                        continue;
                    }
                    let jan = match e.kind {
                        JanKind::Remplir(jan) | JanKind::Conserver { jan, .. } => jan,
                        _ => continue,
                    };
                    if !jan.paths().all(|p| c[p as usize] >= 2) {
                        unmade = unmade.saturating_add(e.points);
                    }
                }
            }
            let marked = t.own_assessment.omission == 0;
            let report = Report {
                fault: Fault::FausseCase,
                entry: j.entry,
                offender: Some(who),
                chooser: Some(who.other()),
                points: 0,
                options: j.options.clone(),
                text: j.text.clone(),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::FausseCase {
                    short: j.numbers_short,
                },
                expiry: Expiry::Blocking,
            });
            reports.push(report);
            if unmade > 0 && marked {
                let before = self.marking;
                let mut truth_m = marks_of(&before, who);
                truth_m.points = truth_m.points.saturating_sub(unmade.min(truth_m.points));
                let report = Report {
                    fault: Fault::EcoleParExces,
                    entry: Entry::EcoleRetroactive,
                    offender: Some(who),
                    chooser: Some(who.other()),
                    points: unmade,
                    options: vec![Remedy::MarkEcole(unmade), Remedy::Decline],
                    text: format!("{who} marked {unmade} points for a jan he did not make"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::Ecole {
                        points: unmade,
                        truth: truth_m,
                        forbidden: None,
                        excess: true,
                    },
                    expiry: Expiry::ClaimantThrows,
                });
                reports.push(report);
            }
            return Ok(reports);
        }
        let counts = counts_after(&self.position, &t.moves).ok_or(RefereeError::Over)?;
        let i = t
            .analysis
            .legal_plays()
            .index_of_board(&counts)
            .ok_or(RefereeError::Over)?;
        let play = *t.analysis.legal_plays().get(i).ok_or(RefereeError::Over)?;
        if let Some(p) = t.forbid_cover
            && counts[p.path(who) as usize] >= 2
        {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::DameCouverteParFausseCase,
            });
        }
        reports.extend(self.finish_coup(Some(play), None, 0)?);
        Ok(reports)
    }

    fn resolve_fausse_case(&mut self, r: Remedy, short: u8) -> Result<Vec<Report>, RefereeError> {
        match r {
            Remedy::Leave => {
                let t = self.turn.as_ref().ok_or(RefereeError::Over)?;
                let next = position_after(&self.position, &t.moves).ok_or_else(|| {
                    RefereeError::Choice("the dames cannot be left so: the laws forbid that position".into())
                })?;
                self.finish_coup(None, Some(next), short)
            }
            Remedy::Impose(play) => self.finish_coup(Some(play), None, 0),
            Remedy::ReplayFreely | Remedy::ForbidCovering(_) => {
                let t = self.turn.as_mut().ok_or(RefereeError::Over)?;
                t.moves.clear();
                t.touched.clear();
                if let Remedy::ForbidCovering(p) = r {
                    t.forbid_cover = Some(p);
                }
                Ok(Vec::new())
            }
            other => Err(RefereeError::Choice(format!("{other} does not resolve a fausse case"))),
        }
    }

    /// The end of the mover's coup with `play` (legal or imposed) or the position the dames
    /// were left in; `short` numbers left unplayed give the opponent 2 points each.
    fn finish_coup(
        &mut self,
        play: Option<crate::moves::Play>,
        left: Option<Position>,
        short: u8,
    ) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn.take().ok_or(RefereeError::Over)?;
        let mover = t.mover;
        let opp = mover.other();
        let (next, after_mover, after_opp) = match (play, left) {
            (Some(p), _) => {
                let next = t
                    .analysis
                    .play(&p)
                    .map_err(|e| RefereeError::Choice(e.to_string()))?;
                let ev = t
                    .analysis
                    .after_play(&p)
                    .map_err(|e| RefereeError::Choice(e.to_string()))?;
                (next, points_for(&ev, mover), points_for(&ev, opp))
            }
            (None, Some(pos)) => (pos, 0, 0),
            (None, None) => return Err(RefereeError::Over),
        };
        let mut reports = Vec::new();
        // The mover's marking after the play (the sortie): consummated now.
        let mut after = t.after.unwrap_or(Step::new(mover, 0, true));
        after.points = after_mover;
        if after.any || after.points > 0 {
            reports.extend(self.close_step(after, Expiry::ClaimantThrows));
        }
        self.position = next;
        let given = t
            .analysis
            .points_before(opp)
            .saturating_add(after_opp)
            .saturating_add(short.saturating_mul(2));
        self.given = Some(Step::new(opp, given, false));
        let mut thrower = opp;
        if self.position.has_borne_off_all(mover) {
            self.position.releve(mover);
            thrower = mover;
        }
        self.sync_marks();
        self.phase = RefereePhase::Throw { thrower };
        reports.extend(self.check_win());
        if let Some((c, throw)) = self.held_throw.take()
            && matches!(self.phase, RefereePhase::Throw { thrower } if thrower == c)
        {
            reports.extend(self.throw(c, throw, Cast::default(), &Gesture::Done)?);
        }
        Ok(reports)
    }

    fn sync_marks(&mut self) {
        for c in Colour::ALL {
            let _ = self.position.set_marks(c, marks_of(&self.marking, c));
        }
    }

    fn won(&self) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.marking.trous(c) >= self.trous_to_win)
    }

    fn check_win(&mut self) -> Vec<Report> {
        if let Some(winner) = self.won() {
            self.phase = RefereePhase::Over { winner };
            self.turn = None;
        }
        self.sync_marks();
        Vec::new()
    }
}

impl fmt::Display for RefereePhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereePhase::Throw { thrower } => write!(f, "{thrower} to throw"),
            RefereePhase::Play { mover, throw } => write!(f, "{mover} plays {throw}"),
            RefereePhase::Over { winner } => write!(f, "{winner} has won"),
        }
    }
}
