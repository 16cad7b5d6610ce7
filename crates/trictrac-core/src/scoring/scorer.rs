//! The scoring rules as a partie needs them: [`ThrowScorer`] (one analysis per throw, kept by
//! the game until the play), the simpler [`Scorer`] (points per throw and per play) and the
//! scorers of the crate: [`JanScorer`] (the jans), [`RaceScorer`] and [`MovementScorer`]
//! (stand-ins for tests).
//!
//! Sources: rules page, "Scoring: the jans (tariff)" and "Moving (laws)" (law 7, the
//! impuissance; the sortie of the last dame).

use std::fmt::{self, Write as _};

use boardgames_common::Throw;

use crate::board::Dest;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::movement::LegalPlays;
use crate::movement::Play;
use crate::scoring::{JanEvent, ScoringRules, ThrowAnalysis, points_for};

/// What a [`ThrowScorer`] computed for one throw: the legal plays and the points before and
/// after each play. The game keeps one value per throw and asks it at each step of the turn
/// (legal actions, marking before the play, the play, the points it adds), so the throw is
/// analysed once.
///
/// Texts are written only when a `text` buffer is given (a record or a comment is asked for):
/// the events separated by `"; "`, nothing when there are none (e.g.
/// `"White 4: battre à vrai …; Black 2: impuissance"`).
pub trait ThrowScore {
    /// The legal plays of the throw (laws of movement and the must fill / must keep
    /// obligation), with the impuissance.
    fn legal_plays(&self) -> &LegalPlays;
    /// Points each colour marks before the play (for the thrower's opponent: à faux,
    /// contre-jans, impuissance); the events' text appended to `text` if given.
    fn before_play(&self, text: Option<&mut String>) -> ByColour<u8>;
    /// Points each colour marks for the `index`-th legal play beyond
    /// [`ThrowScore::before_play`] (the sortie of the last dame, a fill or keep that not every
    /// play performs); the events' text appended to `text` if given. An index out of range
    /// scores nothing.
    fn after_play(&self, index: usize, text: Option<&mut String>) -> ByColour<u8>;
}

/// The scoring rules as a partie uses them: [`ThrowScorer::analyse`] once per throw, into a
/// value the game keeps ([`ThrowScorer::Analysis`]).
///
/// Every [`Scorer`] is a `ThrowScorer` (its analysis calls it once per throw and once per
/// play); [`JanScorer`], [`RaceScorer`] and [`MovementScorer`] implement it directly.
pub trait ThrowScorer {
    /// What one throw's analysis keeps.
    type Analysis: ThrowScore + Clone + fmt::Debug + Default;

    /// Analyses `throw` for the side to move of `position` into `out`, reusing its storage.
    /// `opening` is the first throw of the partie, marqué or relevé if exactly one throw has
    /// been made since (the jan de rencontre compares the second player's first throw with
    /// it), else `None`.
    fn analyse(
        &self,
        position: &Position,
        throw: Throw,
        opening: Option<Throw>,
        out: &mut Self::Analysis,
    );

    /// The points each colour marks before the play ([`ThrowScore::before_play`]) for each of
    /// the 21 distinct throws of the side to move of `position`, in the order of
    /// `boardgames_common::UNORDERED_OUTCOMES`, with no opening throw: what a player expects
    /// his opponent's next throw to score (the bot's reply estimate). `scratch` is reused
    /// storage. The default analyses each throw; [`JanScorer`] gives the same numbers without
    /// listing the legal plays where they cannot change them.
    fn points_before_each_throw(
        &self,
        position: &Position,
        scratch: &mut Self::Analysis,
    ) -> [ByColour<u8>; 21] {
        let mut out = [ByColour::default(); 21];
        for (o, &(t, _)) in out
            .iter_mut()
            .zip(boardgames_common::UNORDERED_OUTCOMES.iter())
        {
            self.analyse(position, t, None, scratch);
            *o = scratch.before_play(None);
        }
        out
    }
}

/// Points a throw scores, per colour, with a short description for records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scored {
    /// Points each colour marks from this throw (for the opponent of the thrower: à faux,
    /// contre-jans, impuissance).
    pub points: ByColour<u8>,
    /// The events, e.g. `"White: battre à vrai 4; Black: impuissance 2"`; empty if none.
    pub description: String,
}

/// A simple form of the scoring rules: the legal plays of a throw and the points before and
/// after the play, each computed from the position. Every `Scorer` is a [`ThrowScorer`]
/// through [`SimpleAnalysis`] (the before-play points are asked once per throw, the
/// after-play points once per play the game or a bot asks about). For scripted tests and
/// quick experiments; the crate's scorers implement [`ThrowScorer`] directly.
pub trait Scorer: Clone {
    /// Legal plays of `throw` (movement laws plus the must fill / must keep filter) for the
    /// side to move of `position`.
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays;
    /// Points each colour scores from `throw` before the play (hits, coin, jans de départ,
    /// impuissance, obligatory fill/keep), with a short description for records.
    fn before_play(&self, position: &Position, throw: Throw) -> Scored;
    /// Points the chosen play adds (sortie of the last dame …); `position` is the position
    /// before the play.
    fn after_play(&self, position: &Position, throw: Throw, play: &Play) -> Scored;
}

/// The analysis of a [`Scorer`]: the scorer, the position and throw, the legal plays and
/// the before-play points.
#[derive(Clone)]
pub struct SimpleAnalysis<S> {
    scorer: Option<S>,
    position: Position,
    legal: LegalPlays,
    before: Scored,
}

impl<S> Default for SimpleAnalysis<S> {
    fn default() -> SimpleAnalysis<S> {
        SimpleAnalysis {
            scorer: None,
            position: Position::start(),
            legal: LegalPlays::new(),
            before: Scored::default(),
        }
    }
}

impl<S> fmt::Debug for SimpleAnalysis<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SimpleAnalysis")
            .field("position", &self.position)
            .field("legal", &self.legal)
            .field("before", &self.before)
            .finish_non_exhaustive()
    }
}

impl<S: Scorer> ThrowScore for SimpleAnalysis<S> {
    fn legal_plays(&self) -> &LegalPlays {
        &self.legal
    }
    fn before_play(&self, text: Option<&mut String>) -> ByColour<u8> {
        if let Some(t) = text {
            t.push_str(&self.before.description);
        }
        self.before.points
    }
    fn after_play(&self, index: usize, text: Option<&mut String>) -> ByColour<u8> {
        let (Some(scorer), Some(play)) = (&self.scorer, self.legal.get(index)) else {
            return ByColour::default();
        };
        let s = scorer.after_play(&self.position, self.legal.throw(), play);
        if let Some(t) = text {
            t.push_str(&s.description);
        }
        s.points
    }
}

impl<S: Scorer> ThrowScorer for S {
    type Analysis = SimpleAnalysis<S>;
    fn analyse(
        &self,
        position: &Position,
        throw: Throw,
        _: Option<Throw>,
        out: &mut Self::Analysis,
    ) {
        out.scorer = Some(self.clone());
        out.position = *position;
        out.legal = self.legal_plays(position, throw);
        out.before = self.before_play(position, throw);
    }
}

/// The analysis of [`MovementScorer`] and [`RaceScorer`]: the plays under the laws of
/// movement, and (for the race) the impuissance and the sortie of the last dame.
#[derive(Debug, Clone)]
pub struct RaceAnalysis {
    legal: LegalPlays,
    mover: Colour,
    on_board: u8,
    race: bool,
}

impl Default for RaceAnalysis {
    fn default() -> RaceAnalysis {
        RaceAnalysis {
            legal: LegalPlays::new(),
            mover: Colour::White,
            on_board: 0,
            race: false,
        }
    }
}

impl RaceAnalysis {
    fn fill(&mut self, position: &Position, throw: Throw, race: bool) {
        position.movement_plays_into(throw, &mut self.legal);
        self.mover = position.side_to_move();
        self.on_board = position.board().on_board(self.mover);
        self.race = race;
    }
}

impl ThrowScore for RaceAnalysis {
    fn legal_plays(&self) -> &LegalPlays {
        &self.legal
    }
    fn before_play(&self, text: Option<&mut String>) -> ByColour<u8> {
        let mut points = ByColour::default();
        let unplayed = self.legal.unplayed().len() as u8;
        if self.race && unplayed > 0 {
            let other = self.mover.other();
            points[other] = 2 * unplayed;
            if let Some(t) = text {
                let _ = write!(t, "{other}: impuissance {}", 2 * unplayed);
            }
        }
        points
    }
    fn after_play(&self, index: usize, text: Option<&mut String>) -> ByColour<u8> {
        let mut points = ByColour::default();
        let Some(play) = self.legal.get(index) else {
            return points;
        };
        let off = play.moves().iter().filter(|m| m.to == Dest::Off).count() as u8;
        if self.race && off > 0 && off == self.on_board {
            let p = if self.legal.throw().is_doublet() {
                6
            } else {
                4
            };
            points[self.mover] = p;
            if let Some(t) = text {
                let _ = write!(t, "{}: sortie {p}", self.mover);
            }
        }
        points
    }
}

/// Movement laws only, no points at all: a partie with it never ends (nobody marks). For
/// tests of the state machine with controlled positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MovementScorer;

impl ThrowScorer for MovementScorer {
    type Analysis = RaceAnalysis;
    fn analyse(&self, position: &Position, throw: Throw, _: Option<Throw>, out: &mut RaceAnalysis) {
        out.fill(position, throw, false);
    }
}

/// Movement laws and the two entries of the tariff that the laws of movement alone decide:
/// the impuissance (2 points to the opponent per unplayed number, rules page law 7) and the
/// sortie of the last dame (4, or 6 on a doublet). No jans. A stand-in for the real scoring
/// with which parties ordinaires end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RaceScorer;

impl ThrowScorer for RaceScorer {
    type Analysis = RaceAnalysis;
    fn analyse(&self, position: &Position, throw: Throw, _: Option<Throw>, out: &mut RaceAnalysis) {
        out.fill(position, throw, true);
    }
}

/// The full scoring of the jans ([`crate::scoring`]): the legal plays with the "must fill /
/// must keep" filter, the events marked before the play (hits, coin battu, jans de départ,
/// jan de rencontre, impuissance, the fill and keep every legal play performs) and after it
/// (the sortie and any fill or keep that depends on the play). Rules page, "Scoring: the
/// jans (tariff)". Its analysis is the [`ThrowAnalysis`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JanScorer {
    /// The scoring conventions (the jan de rencontre is off by default).
    pub rules: ScoringRules,
}

fn describe(events: &[JanEvent], text: &mut String) {
    for (i, e) in events.iter().enumerate() {
        if i > 0 {
            text.push_str("; ");
        }
        let _ = write!(text, "{e}");
    }
}

impl ThrowScore for ThrowAnalysis {
    fn legal_plays(&self) -> &LegalPlays {
        ThrowAnalysis::legal_plays(self)
    }
    fn before_play(&self, text: Option<&mut String>) -> ByColour<u8> {
        let events = ThrowAnalysis::before_play(self);
        if let Some(t) = text {
            describe(events, t);
        }
        ByColour::from_fn(|c| points_for(events, c))
    }
    fn after_play(&self, index: usize, text: Option<&mut String>) -> ByColour<u8> {
        if self.nothing_after(index) {
            return ByColour::default();
        }
        let Some(events) = self.after_play_index(index) else {
            return ByColour::default();
        };
        if let Some(t) = text {
            describe(&events, t);
        }
        ByColour::from_fn(|c| points_for(&events, c))
    }
}

impl ThrowScorer for JanScorer {
    type Analysis = ThrowAnalysis;
    fn analyse(
        &self,
        position: &Position,
        throw: Throw,
        opening: Option<Throw>,
        out: &mut ThrowAnalysis,
    ) {
        out.analyse(position, throw, &self.rules, opening);
    }

    fn points_before_each_throw(
        &self,
        position: &Position,
        scratch: &mut ThrowAnalysis,
    ) -> [ByColour<u8>; 21] {
        crate::scoring::points_before_each_throw(position, &self.rules, scratch)
    }
}

/// The scorer the crate's games and bots use by default: the full scoring of the jans.
pub type DefaultScorer = JanScorer;
