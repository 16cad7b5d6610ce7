//! The declared-gesture state machine ([`Referee`]): the chronology of a coup (glossary of
//! the laws of trictrac, CHRONOLOGIE DÉTAILLÉE D'UN COUP) driven by what the players do.

use std::fmt;

use boardgames_common::Throw;

use crate::board::DAMES;
use crate::board::Point;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::board::{Marks, Setup};
use crate::marking::Marking;
use crate::referee::dames_en_trop::{DEBUT_THROWS, NotRectifiable, rectify_dames};
use crate::referee::dice::{Cast, Lie, ThrowRuling, rule_throw};
use crate::referee::ecole::{Assessment, Due, Shown, TrousEnTrop};
use crate::referee::{Entry, Fault, Gesture, Remedy, Report};
use crate::referee::{PhysicalMove, counts_after};
use crate::scoring::{ScoringRules, ThrowAnalysis};

/// At most this many dame moves in one coup (bounded work; a coup has two numbers).
const MAX_MOVES: usize = 16;

/// The most one event of the tariff is worth, however it is read (a hit or a fill by three
/// ways at 4 points, or by two at 6): what a player who misreads a coup's event (à vrai for
/// à faux, a doublet's value, a way more) can believe it gives.
const MOST_PER_EVENT: u16 = 12;

/// The points at stake in `events` events of a coup, each read at its most
/// ([`MOST_PER_EVENT`]).
fn events_stake(events: usize) -> u16 {
    u16::try_from(events)
        .unwrap_or(u16::MAX)
        .saturating_mul(MOST_PER_EVENT)
}

mod claims;
mod dames;
mod error;
mod marks;
mod throw;

pub use error::RefereeError;

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
        /// Trous the offender marked beyond those won: on the tablier only until the école
        /// is claimed (they go), declined or lost (they stand), so that no partie is won by
        /// them meanwhile ("le déplacement du fichet pour marquer des trous qu'on n'a pas
        /// gagnés ne fait pas école, celui-ci pouvant être reculé").
        extra_trous: u8,
    },
    /// Oblige the claimant to mark the rest (ÉCOLE MARQUÉE PARTIELLEMENT).
    Partial { rest: u8 },
    /// Remove one of two jetons.
    DoubleMarque { old: u8, new: u8 },
    /// The fichet to rectify.
    Fichet { trous: u8, shown: u8 },
    /// A fausse case to resolve.
    FausseCase { short: u8 },
    /// A s'en aller or a declared win the points do not allow: the offender's marks as they
    /// should stand (`truth`), and for a s'en aller the marks his gestures show (`shown`),
    /// which stand only on the tablier until the opponent chooses: the trou he marked is
    /// acquired only if the opponent acquiesces ("le trou est bien acquis"); otherwise the
    /// fichet goes back ("le déplacement du fichet pour marquer des trous qu'on n'a pas
    /// gagnés ne fait pas école, celui-ci pouvant être reculé": QUAND L'ÉCOLE EST CONSOMMÉE).
    SurUneEcole {
        truth: Marks,
        win: bool,
        shown: Option<Marks>,
    },
    /// The privilege of s'en aller may be taken away (ÉCOLE DE POINTS).
    Privilege,
    /// A throw kept or annulled.
    ThrowChoice {
        thrower: Colour,
        throw: Throw,
        for_next: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Open {
    report: Report,
    action: Action,
    expiry: Expiry,
}

/// A constraint the opponent's choice put on the mover's play (checked at `done`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Must {
    /// Not cover this dame (DAME COUVERTE PAR FAUSSE CASE).
    NotCover(Point),
    /// Play this number with this dame (DAME SEULE PLACÉE SUR UN COIN).
    Include(crate::movement::Move),
    /// Pass the dame on this point into the jan de retour (FAUSSE CASE : CONSOMMATION).
    PassFrom(Point),
    /// Put no further dame into the opponent's grand jan (DAME PASSÉE AU RETOUR).
    NoGrandJan,
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
    must: Vec<Must>,
    deny_leave: bool,
    privilege_asked: bool,
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
    trous_en_trop: TrousEnTrop,
    trous_to_win: u8,
    position: Position,
    marking: Marking,
    phase: RefereePhase,
    turn: Option<Turn>,
    given: Option<Step>,
    open: Vec<Open>,
    lost: Vec<(Colour, String)>,
    has_acted: ByColour<bool>,
    lifted: ByColour<bool>,
    held_throw: Option<(Colour, Throw)>,
    /// A dame its player must pass into his jan de retour at his next coup.
    pass_next: Option<(Colour, Point)>,
    /// For each player, the most an école of his could be for the opponent to claim now
    /// ([`Referee::most_ecole`]): the events of the coups since the opponent's last throw,
    /// each at its most, the points he marked and the écoles he claimed.
    stake: ByColour<u16>,
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
        Referee::start(12)
    }

    /// A new partie to `trous_to_win` trous (0 counts as 1), White to throw first.
    #[must_use]
    pub fn start(trous_to_win: u8) -> Referee {
        Referee::build(Position::start(), Marking::new(), trous_to_win)
    }

    /// A partie from `position` (its marks are the marks on the tablier), the side to move
    /// throwing first, `trous_to_win` trous to win (0 counts as 1).
    ///
    /// # Errors
    /// [`RefereeError::Marks`] when the position's marks are inconsistent (e.g. a sole
    /// player with points not marked en bredouille).
    pub fn from_position(position: Position, trous_to_win: u8) -> Result<Referee, RefereeError> {
        let marks = ByColour::from_fn(|c| position.marks(c));
        let marking = Marking::from_marks(marks, None)?;
        Ok(Referee::build(position, marking, trous_to_win))
    }

    /// A partie from dames counted on the tablier: `setup` (its marks are the marks on the
    /// tablier) and `off`, the dames each player has borne off ([`crate::referee::borne_off`]
    /// gives those the laws allow). A player found with other than 15 dames is rectified by
    /// DAMES EN TROP ou EN MOINS, "si on n'en est encore qu'au début et que le talon litigieux
    /// fasse encore case pleine": while neither player has thrown more than
    /// [`crate::referee::DEBUT_THROWS`] times since the relevé (`setup`'s throws) and his
    /// talon holds two dames or more before and after, the dames are put back on or taken off
    /// it (a report says so); otherwise "le relevé, le marqué ou la partie est annulé".
    ///
    /// # Errors
    /// [`RefereeError::DamesVoid`] when the count cannot be rectified (the relevé, the marqué
    /// or the partie is void); [`RefereeError::Position`] for any other illegal position
    /// (both colours on a point, a single dame on a coin, dames declared borne off while
    /// others stand outside the jan de retour, ...); [`RefereeError::Marks`] for inconsistent
    /// marks.
    pub fn from_tablier(
        setup: &Setup,
        off: ByColour<u8>,
        trous_to_win: u8,
    ) -> Result<(Referee, Vec<Report>), RefereeError> {
        let mut setup = *setup;
        let mut reports = Vec::new();
        let throws = setup
            .throws_since_releve
            .white
            .max(setup.throws_since_releve.black);
        for c in Colour::ALL {
            let on: u16 = setup.counts[c].iter().map(|&n| u16::from(n)).sum();
            let total = on + u16::from(off[c]);
            if total == u16::from(DAMES) {
                continue;
            }
            let void = |reason| RefereeError::DamesVoid {
                colour: c,
                dames: total,
                reason,
            };
            if throws > DEBUT_THROWS {
                return Err(void(NotRectifiable::PastTheStart { throws }));
            }
            setup.counts[c] = rectify_dames(c, setup.counts[c], off[c]).map_err(void)?;
            let talon = Point::talon(c);
            reports.push(Report {
                fault: Fault::DamesEnTropOuEnMoins,
                entry: Entry::DamesEnTropOuEnMoins,
                offender: Some(c),
                chooser: None,
                points: 0,
                options: Vec::new(),
                text: format!(
                    "{c} had {total} dames: {} at his talon {talon}, which stays a full case ({} dames)",
                    if total > u16::from(DAMES) {
                        format!("{} taken off", total - u16::from(DAMES))
                    } else {
                        format!("{} put back", u16::from(DAMES) - total)
                    },
                    setup.counts[c][talon.index()]
                ),
            });
        }
        // With 15 dames each (the declared borne off off the board), the position's own
        // validation says whether they could be off (SORTIE).
        let position = Position::from_setup(&setup)?;
        Ok((Referee::from_position(position, trous_to_win)?, reports))
    }

    fn build(position: Position, marking: Marking, trous_to_win: u8) -> Referee {
        Referee {
            rules: ScoringRules::default(),
            trous_en_trop: TrousEnTrop::default(),
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
            has_acted: ByColour::default(),
            lifted: ByColour::default(),
            held_throw: None,
            pass_next: None,
            stake: ByColour::default(),
        }
    }

    /// The same referee counting the trous marked in excess by `reading` (ÉCOLE DE POINTS;
    /// by jeux unless told).
    #[must_use]
    pub fn with_trous_en_trop(mut self, reading: TrousEnTrop) -> Referee {
        self.trous_en_trop = reading;
        self
    }

    /// How the trous marked in excess are counted (ÉCOLE DE POINTS).
    #[must_use]
    pub fn trous_en_trop(&self) -> TrousEnTrop {
        self.trous_en_trop
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

    /// The dames as they physically stand (during a coup, with the moves made, which may be
    /// against the laws: hence a [`Setup`], not a [`Position`]).
    #[must_use]
    pub fn dames_on_tablier(&self) -> Setup {
        let mut setup = self.position.to_setup();
        if let Some(t) = &self.turn
            && let Some(c) = counts_after(&self.position, &t.moves)
        {
            for p in Point::ALL {
                setup.counts[t.mover][p.index()] = c[p.path(t.mover) as usize];
            }
        }
        setup
    }

    /// The marks on the tablier: the agreed marks with what open markings show (points on
    /// the jetons, trous on the fichets).
    #[must_use]
    pub fn marks_on_tablier(&self) -> ByColour<Marks> {
        let mut m = self.marking.to_marks();
        for s in self.open_steps() {
            let before = s.before.unwrap_or(self.marking);
            m[s.colour].points = if s.any {
                s.shown.jeton
            } else {
                before.points(s.colour)
            };
            m[s.colour].trous = before.trous(s.colour).saturating_add(s.shown.trous);
        }
        for o in &self.open {
            if let Action::Fichet { trous, shown } = o.action
                && shown > trous
                && let Some(c) = o.report.offender
            {
                m[c].trous = m[c].trous.saturating_add(shown - trous);
            }
            if let Action::Ecole { extra_trous, .. } = o.action
                && let Some(c) = o.report.offender
            {
                m[c].trous = m[c].trous.saturating_add(extra_trous);
            }
            if let Action::SurUneEcole {
                shown: Some(shown), ..
            } = o.action
                && let Some(c) = o.report.offender
            {
                m[c].points = shown.points;
                m[c].trous = shown.trous;
            }
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
        let mut reports = next.apply(who, gesture)?;
        // "la chronologie s'interrompt dès qu'un joueur a gagné régulièrement et marqué le
        // nombre de trous qui lui font gagner la partie" (CHRONOLOGIE DÉTAILLÉE D'UN COUP):
        // whatever made the agreed marks reach them (an école let go whose trous now stand,
        // at a gesture of the other player), the partie ends with that gesture.
        if !matches!(next.phase, RefereePhase::Over { .. }) && next.won().is_some() {
            reports.extend(next.check_win());
        }
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
        // S'EN ALLER SUR UNE ÉCOLE: "l'adversaire partageant son erreur rompt son jeu, le
        // trou est bien acquis": breaking one's game is the formal acquiescence.
        if g == Gesture::BreakGame
            && let Some(o) = self.open.iter().find(|o| {
                o.expiry == Expiry::Blocking
                    && o.report.chooser == Some(who)
                    && matches!(o.action, Action::SurUneEcole { .. })
            })
            && let Some(k) = o
                .report
                .options
                .iter()
                .position(|r| *r == Remedy::Acquiesce)
        {
            return self.choose(who, k + 1);
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
                    return Err(not_now(
                        who,
                        &g,
                        "no trou was won: there is nothing to hold on",
                    ));
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
                Err(not_now(
                    who,
                    &g,
                    format!("{target} is not marking his throw"),
                ))
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
                let _ = t;
                self.lifted[who] = true;
                Ok(Vec::new())
            }
            Gesture::BreakGame => {
                if self.turn.as_ref().is_some_and(|t| t.mover != who) {
                    // ROMPRE SON JEU PAR ERREUR: no consequence; only the throw decides.
                    Ok(Vec::new())
                } else {
                    Err(not_now(
                        who,
                        &g,
                        "only the opponent of the player to play breaks his game",
                    ))
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

    /// ÉCOLE DE TROU: the fichet of `c` stands as he marked it (`shown` trous for the `trous`
    /// of the gain), not rectified: "On se contente alors de rectifier son erreur si on s'en
    /// rend compte avant de jouer ; l'adversaire peut également le faire tant qu'il n'a pas
    /// jeté les dés pour son coup."
    fn fichet_stands(&mut self, c: Colour, trous: u8, shown: u8) {
        if shown > trous {
            let mut m = marks_of(&self.marking, c);
            m.trous = m.trous.saturating_add(shown - trous);
            self.marking = with_marks(&self.marking, c, m);
        }
    }

    /// A report dropped unanswered (its time is past): a fichet not rectified stands.
    fn drop_unanswered(&mut self, o: &Open) {
        match (&o.action, o.report.offender) {
            (Action::Fichet { trous, shown }, Some(c)) => self.fichet_stands(c, *trous, *shown),
            (Action::Ecole { extra_trous, .. }, Some(c)) => self.fichet_stands(c, 0, *extra_trous),
            _ => {}
        }
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
