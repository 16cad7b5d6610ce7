//! [`Position`]: a validated state of the game, with the rule of a throw
//! ([`Position::play_mut`]) and a compact notation.

use std::fmt;
use std::str::FromStr;

use boardgames_common::{ByPlayer, ParseThrowError, Player, Throw};
use thiserror::Error;

use crate::event::{Event, Events, GameEnd, colour};
use crate::rule::{Side, Silent, Sink, TakeRule, place_either, take, throw_rule};
use crate::ruleset::Ruleset;
use crate::setup::{PAWNS, POINTS, Setup, SetupError};

/// A player's phase (rules page, "Phase 1 — placing" and "Phase 2 — taking").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Phase 1: the player still has pawns in reserve and places one per throw.
    Placing,
    /// Phase 2: the reserve is empty; throws remove, capture and give back pawns, and the game
    /// ends when this player's camp is empty.
    Taking,
}

impl Phase {
    /// Every value, in the order of declaration.
    pub const ALL: [Phase; 2] = [Phase::Placing, Phase::Taking];
    /// Number of values.
    pub const NUM: usize = 2;
}

/// Why a throw could not be applied, or a throw's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ThrowError {
    /// The game is already over: no more throws.
    #[error("the game is over ({0}); no more throws")]
    GameOver(GameEnd),
    /// The text is not a throw such as `6-5`.
    #[error(transparent)]
    Parse(#[from] ParseThrowError),
}

/// A validated position: both camps, reserves, captured pawns held, the side to throw and the
/// number of throws made. Legal by construction (see [`SetupError`]).
///
/// # Notation
///
/// Four space-separated fields: white, black, the side to throw (`w` or `b`), the number of
/// throws made. A player's field is `camp/reserve/held`: twelve digits, one per point from 1
/// to 12, each the number of his pawns there in hexadecimal (`0`-`9`, `a`-`f` for 10-15),
/// then the pawns he has still to place, then the enemy pawns he has captured and holds,
/// and, only when he has given some back, `/` and the number of enemy pawns he captured over
/// the game (given-back pawns included; without it, that number is the held count).
///
/// ```text
/// 000000000000/15/0 000000000000/15/0 w 0      the start
/// 000120300100/0/2 000010000200/10/0 b 31      white in phase 2 holding 2 black pawns
/// 000120300100/0/2/5 000010000200/10/0 b 31    the same, white having captured 5 and given back 3
/// ```
///
/// `Display` writes this form and `FromStr` reads it back (uppercase hexadecimal digits are
/// accepted too); the two round-trip.
///
/// Copy-make: the position is 32 bytes and `Copy` (a test asserts the size).
///
/// ```
/// use boardgames_common::{Player, Throw};
/// use sugoroku_core::{Position, Ruleset};
/// let mut pos = Position::start();
/// let events = pos.play_mut(&Ruleset::default(), Throw::from_values(2, 5).unwrap()).unwrap();
/// assert_eq!(events.to_string(), "white places on 7");
/// assert_eq!(pos.pawns(Player::First, 7), 1);
/// assert_eq!(pos.side(), Player::Second);
/// assert_eq!(pos.to_string(), "000000100000/14/0 000000000000/15/0 b 1");
/// // Debug shows each camp's pawns by point, not the packed camps.
/// assert_eq!(
///     format!("{pos:?}"),
///     "Position { white: Camp { points: {7: 1}, reserve: 14, held: 0, captured: 0 }, \
///      black: Camp { points: {}, reserve: 15, held: 0, captured: 0 }, side: black, throws: 1 }"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub struct Position {
    /// Each camp packed in a `u64`: bits `4k..4k+4` hold the number of `p`'s pawns on his
    /// point `k` (`1..=12`; a point never holds more than the 15 pawns of its owner). The
    /// whole state fits in registers, and an empty camp is `0`.
    camps: ByPlayer<u64>,
    reserves: ByPlayer<u8>,
    held: ByPlayer<u8>,
    /// Enemy pawns captured over the game (saturating at `u32::MAX`), for [`Winner::Captured`](crate::Winner::Captured).
    captured: ByPlayer<u32>,
    side: Player,
    throws: u32,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start: empty board, 15 pawns in each reserve, white to throw ("Le Tric Trac Nippon",
    /// "Déroulement du jeu" 1: the board starts empty).
    #[must_use]
    pub const fn start() -> Position {
        Position {
            camps: ByPlayer::new(0, 0),
            reserves: ByPlayer::new(PAWNS, PAWNS),
            held: ByPlayer::new(0, 0),
            captured: ByPlayer::new(0, 0),
            side: Player::First,
            throws: 0,
        }
    }

    /// The number of `player`'s pawns on his point `point` (`1..=12`; 0 for any other number).
    #[must_use]
    pub fn pawns(&self, player: Player, point: u8) -> u8 {
        if (1..=POINTS as u8).contains(&point) {
            nibble(self.camps[player], point as usize)
        } else {
            0
        }
    }

    /// `player`'s camp: element `k - 1` is the number of his pawns on his point `k`.
    #[must_use]
    pub fn camp(&self, player: Player) -> [u8; POINTS] {
        let mut out = [0; POINTS];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = nibble(self.camps[player], k + 1);
        }
        out
    }

    /// The number of `player`'s pawns in his camp.
    #[must_use]
    pub fn on_board(&self, player: Player) -> u8 {
        (1..=POINTS).map(|k| nibble(self.camps[player], k)).sum()
    }

    /// The pawns `player` has still to place.
    #[must_use]
    pub fn reserve(&self, player: Player) -> u8 {
        self.reserves[player]
    }

    /// The enemy pawns `player` has captured and holds (his score).
    #[must_use]
    pub fn held(&self, player: Player) -> u8 {
        self.held[player]
    }

    /// The enemy pawns `player` captured over the game, pawns he gave back included (his
    /// score under [`Winner::Captured`](crate::Winner::Captured); at least [`held`](Self::held)).
    #[must_use]
    pub fn captured(&self, player: Player) -> u32 {
        self.captured[player]
    }

    /// `player`'s pawns removed from the board by himself in phase 2 (the pawns neither in
    /// his camp, nor in his reserve, nor held by the opponent).
    #[must_use]
    pub fn removed(&self, player: Player) -> u8 {
        PAWNS - self.on_board(player) - self.reserves[player] - self.held[player.other()]
    }

    /// `player`'s phase: [`Phase::Taking`] once his reserve is empty.
    #[must_use]
    pub fn phase(&self, player: Player) -> Phase {
        if self.reserves[player] == 0 {
            Phase::Taking
        } else {
            Phase::Placing
        }
    }

    /// Who throws next (after the end: who threw last).
    #[must_use]
    pub fn side(&self) -> Player {
        self.side
    }

    /// The number of throws made since the start.
    #[must_use]
    pub fn throws(&self) -> u32 {
        self.throws
    }

    /// The position as plain data.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            camps: ByPlayer::from_fn(|p| self.camp(p)),
            reserves: self.reserves,
            held: self.held,
            captured: self.captured,
            side: self.side,
            throws: self.throws,
        }
    }

    /// Whether `player` is in phase 2 with an empty camp: the end condition of the rules page
    /// ("End and result").
    #[inline(always)]
    fn camp_emptied(&self, player: Player) -> bool {
        (self.reserves[player] == 0) & (self.camps[player] == 0)
    }

    /// The end of the game if it is over under `rules`: a player in phase 2 has an empty
    /// camp, or [`Ruleset::max_throws`] throws have been made.
    #[must_use]
    pub fn end(&self, rules: &Ruleset) -> Option<GameEnd> {
        let emptied = self.camp_emptied(Player::First) || self.camp_emptied(Player::Second);
        if emptied || self.throws >= rules.max_throws {
            Some(GameEnd::new(
                self.held,
                self.captured,
                rules.winner,
                !emptied,
            ))
        } else {
            None
        }
    }

    /// Applies one throw of the side to throw and returns what it did (rules page, "Phase 1",
    /// "Phase 2", "End and result"). The position does not allocate.
    ///
    /// # Errors
    ///
    /// [`ThrowError::GameOver`] if the game is already over under `rules`; the position is
    /// then unchanged.
    pub fn play_mut(&mut self, rules: &Ruleset, throw: Throw) -> Result<Events, ThrowError> {
        if let Some(end) = self.end(rules) {
            return Err(ThrowError::GameOver(end));
        }
        let mut events = Events::new();
        self.step(rules, throw.sum(), throw.is_doublet(), &mut events);
        Ok(events)
    }

    /// As [`play_mut`](Self::play_mut), by value: the new position and the throw's
    /// events, or the error with the position handed back in it.
    ///
    /// # Errors
    ///
    /// [`PlayError`] holding [`ThrowError::GameOver`] and `self` if the game is already over.
    pub fn play(mut self, rules: &Ruleset, throw: Throw) -> Result<(Position, Events), PlayError> {
        match self.play_mut(rules, throw) {
            Ok(events) => Ok((self, events)),
            Err(error) => Err(PlayError {
                error,
                position: self,
            }),
        }
    }

    /// The rule of one throw of sum `sum` (`2..=12`), `doublet` telling whether both dice
    /// match. Precondition: the game is not over under `rules` (checked by the callers).
    /// Returns the end of the game if this throw ended it.
    ///
    /// The rule itself is [`throw_rule`] ([`place`] and [`take`]), the only implementation
    /// of the rules: [`play_mut`](Self::play_mut) (through here) and the simulator
    /// ([`Position::play_out`]) both call it.
    #[inline(always)]
    pub(crate) fn step<S: Sink>(
        &mut self,
        rules: &Ruleset,
        sum: u8,
        doublet: bool,
        sink: &mut S,
    ) -> Option<GameEnd> {
        let p = self.side;
        let o = p.other();
        let mut me = Side::of(self, p);
        let mut them = Side::of(self, o);
        let extra = throw_rule(rules, &mut me, &mut them, p, sum, doublet, sink);
        me.store(self, p);
        them.store(self, o);
        self.throws += 1;
        let emptied = me.emptied() | them.emptied();
        if emptied | (self.throws >= rules.max_throws) {
            let end = GameEnd::new(self.held, self.captured, rules.winner, !emptied);
            sink.event(Event::GameOver(end));
            return Some(end);
        }
        if extra {
            sink.event(Event::ExtraThrow { player: p });
        }
        self.side = if extra { p } else { o };
        None
    }

    /// Plays the game to its end with the throws `next()` gives (`(sum, doublet)`), no
    /// events: the simulator's loop. Precondition: the game is not over under `rules`.
    ///
    /// The same throws give the same position and end as [`step`](Self::step) throw by
    /// throw; the loop is cut into the three stretches of a game so that the side to throw
    /// is never a branch the dice decide:
    ///
    /// 1. while both players place, the two sides stay where they are (white's and black's
    ///    in fixed registers) and the throw's pawn is added to the thrower's camp through a
    ///    mask (the rule of [`place`], on both sides at once);
    /// 2. while one places and the other takes (a few throws), or throughout phase 2 when a
    ///    doublet gives another throw there, the sides live as the side to throw and its
    ///    opponent, swapped by a select when the turn passes, and each throw is
    ///    [`throw_rule`];
    /// 3. once both take and no phase-2 throw gives another, the players alternate: white's
    ///    throw and black's throw are written one after the other, each [`take`] on the
    ///    fixed sides, and no side is chosen at all.
    #[inline(always)]
    pub(crate) fn play_out(
        &mut self,
        rules: &Ruleset,
        mut next: impl FnMut() -> (u8, bool),
    ) -> GameEnd {
        let cap = rules.max_throws;
        let extra_on_taking = rules.taking_doublet_extra_throw;
        let rule = TakeRule::of(rules);
        let mut white = Side::of(self, Player::First);
        let mut black = Side::of(self, Player::Second);
        let mut throws = self.throws;

        // 1. Both place. `black_throws` is the side to throw as 0 (white) or 1 (black).
        let mut black_throws = u8::from(self.side == Player::Second);
        // Each throw places one pawn, so a reserve is empty within `pawns` throws: when the
        // cap cannot come first (always, unless it is tiny), the loop does not test it.
        let pawns = u32::from(white.reserve) + u32::from(black.reserve);
        if cap.saturating_sub(throws) >= pawns {
            while (white.reserve > 0) & (black.reserve > 0) {
                let (sum, doublet) = next();
                place_either(&mut white, &mut black, black_throws, sum);
                throws += 1;
                // A placing doublet throws again.
                black_throws ^= u8::from(!doublet);
            }
        } else {
            while (white.reserve > 0) & (black.reserve > 0) {
                let (sum, doublet) = next();
                place_either(&mut white, &mut black, black_throws, sum);
                throws += 1;
                if throws >= cap {
                    // No camp can be empty: both still had pawns to place before this throw.
                    let side = Player::ALL[usize::from(black_throws)];
                    return self.finish(rules, white, black, side, throws, false);
                }
                black_throws ^= u8::from(!doublet);
            }
        }
        let mut p = Player::ALL[usize::from(black_throws)];

        // 2. One places, the other takes (or phase 2 with extra throws): the general loop.
        if (white.reserve > 0) | (black.reserve > 0) | extra_on_taking {
            let (mut me, mut them) = if p == Player::First {
                (white, black)
            } else {
                (black, white)
            };
            loop {
                let (sum, doublet) = next();
                let extra = throw_rule(rules, &mut me, &mut them, p, sum, doublet, &mut Silent);
                throws += 1;
                let emptied = me.emptied() | them.emptied();
                if emptied | (throws >= cap) {
                    let (w, b) = Side::by_colour(p, me, them);
                    return self.finish(rules, w, b, p, throws, emptied);
                }
                // The turn passes unless the throw gives another: a select, not a branch
                // (the dice make it unpredictable).
                let (a, b) = if extra { (me, them) } else { (them, me) };
                me = a;
                them = b;
                p = if extra { p } else { p.other() };
                if (me.reserve == 0) & (them.reserve == 0) & !extra_on_taking {
                    (white, black) = Side::by_colour(p, me, them);
                    break;
                }
            }
        }

        // 3. Both take, turn by turn. Both reserves are empty: a camp is emptied when it is
        // 0. `left` counts the throws before the cap, tested once per pair of throws.
        if p == Player::Second {
            let (sum, doublet) = next();
            take(rule, &mut black, &mut white, p, sum, doublet, &mut Silent);
            throws += 1;
            let emptied = (white.camp == 0) | (black.camp == 0);
            if emptied | (throws >= cap) {
                return self.finish(rules, white, black, p, throws, emptied);
            }
        }
        let mut left = cap - throws;
        while left >= 2 {
            let (sum, doublet) = next();
            take(
                rule,
                &mut white,
                &mut black,
                Player::First,
                sum,
                doublet,
                &mut Silent,
            );
            if (white.camp == 0) | (black.camp == 0) {
                let throws = cap - left + 1;
                return self.finish(rules, white, black, Player::First, throws, true);
            }
            let (sum, doublet) = next();
            take(
                rule,
                &mut black,
                &mut white,
                Player::Second,
                sum,
                doublet,
                &mut Silent,
            );
            left -= 2;
            if (white.camp == 0) | (black.camp == 0) {
                return self.finish(rules, white, black, Player::Second, cap - left, true);
            }
        }
        // One throw (white's) or none before the cap.
        if left == 1 {
            let (sum, doublet) = next();
            take(
                rule,
                &mut white,
                &mut black,
                Player::First,
                sum,
                doublet,
                &mut Silent,
            );
            let emptied = (white.camp == 0) | (black.camp == 0);
            return self.finish(rules, white, black, Player::First, cap, emptied);
        }
        // The cap was reached by black's throw (`left` was even).
        self.finish(rules, white, black, Player::Second, cap, false)
    }

    /// Stores the sides of [`play_out`](Self::play_out) back into the position (`side` the
    /// player who threw last, `throws` the throws made) and returns the end of the game.
    #[inline(always)]
    fn finish(
        &mut self,
        rules: &Ruleset,
        white: Side,
        black: Side,
        side: Player,
        throws: u32,
        emptied: bool,
    ) -> GameEnd {
        white.store(self, Player::First);
        black.store(self, Player::Second);
        self.side = side;
        self.throws = throws;
        GameEnd::new(self.held, self.captured, rules.winner, !emptied)
    }
}

/// The sides of a position, read and written back by the rule of a throw.
impl Side {
    #[inline(always)]
    pub(crate) fn of(position: &Position, p: Player) -> Side {
        Side {
            camp: position.camps[p],
            reserve: position.reserves[p],
            held: position.held[p],
            // A position never has fewer captured pawns than held ones (SetupError::CapturedBelowHeld).
            given_back: position.captured[p].saturating_sub(u32::from(position.held[p])),
        }
    }

    #[inline(always)]
    pub(crate) fn store(self, position: &mut Position, p: Player) {
        position.camps[p] = self.camp;
        position.reserves[p] = self.reserve;
        position.held[p] = self.held;
        // min(held + given back, MAX): the captured count with its saturation (when the
        // given-back count saturated, so did the captured count).
        position.captured[p] = u32::from(self.held).saturating_add(self.given_back);
    }
}

/// The 4-bit count of point `k` in a packed camp.
#[inline(always)]
fn nibble(camp: u64, k: usize) -> u8 {
    ((camp >> (4 * k)) & 0x0f) as u8
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let mut camps = ByPlayer::new(0u64, 0u64);
        for p in Player::ALL {
            let camp = &setup.camps[p];
            if camp[0] > 0 {
                return Err(SetupError::PointOne(p));
            }
            let count = u32::from(setup.reserves[p])
                + u32::from(setup.held[p.other()])
                + camp.iter().map(|&c| u32::from(c)).sum::<u32>();
            if count > u32::from(PAWNS) {
                return Err(SetupError::TooManyPawns { player: p, count });
            }
            if setup.captured[p] < u32::from(setup.held[p]) {
                return Err(SetupError::CapturedBelowHeld {
                    player: p,
                    captured: setup.captured[p],
                    held: setup.held[p],
                });
            }
            if setup.reserves[p] > 0 {
                if setup.captured[p] > 0 {
                    return Err(SetupError::HeldWhilePlacing(p));
                }
                if count < u32::from(PAWNS) {
                    return Err(SetupError::RemovedWhilePlacing {
                        player: p,
                        removed: PAWNS - count as u8,
                    });
                }
            }
            // count <= 15 was checked, so each point fits in its 4 bits.
            for (k, &c) in camp.iter().enumerate() {
                camps[p] |= u64::from(c) << (4 * (k + 1));
            }
        }
        Ok(Position {
            camps,
            reserves: setup.reserves,
            held: setup.held,
            captured: setup.captured,
            side: setup.side,
            throws: setup.throws,
        })
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.setup()
    }
}

impl fmt::Debug for Position {
    /// Each camp as its occupied points (`point: pawns`, the player's own numbering 1 to 12),
    /// reserve, held and captured pawns, then the side to throw and the throws made.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// The occupied points of a camp, `point: pawns`.
        struct Points([u8; POINTS]);
        impl fmt::Debug for Points {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map()
                    .entries((1u8..).zip(self.0).filter(|&(_, n)| n > 0))
                    .finish()
            }
        }
        /// One player's camp and counts.
        struct Camp<'a>(&'a Position, Player);
        impl fmt::Debug for Camp<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let Camp(pos, p) = *self;
                f.debug_struct("Camp")
                    .field("points", &Points(pos.camp(p)))
                    .field("reserve", &pos.reserves[p])
                    .field("held", &pos.held[p])
                    .field("captured", &pos.captured[p])
                    .finish()
            }
        }
        f.debug_struct("Position")
            .field("white", &Camp(self, Player::First))
            .field("black", &Camp(self, Player::Second))
            .field("side", &format_args!("{}", colour(self.side)))
            .field("throws", &self.throws)
            .finish()
    }
}

impl fmt::Display for Position {
    /// The notation of [`Setup`]'s `Display` (`000000000000/15/0 000000000000/15/0 w 0` for
    /// the start).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

/// Error of [`Position::play`]: why the throw was refused, and the position handed back
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{error}")]
pub struct PlayError {
    /// Why the throw was refused (printed by `Display`, not a `source`).
    pub error: ThrowError,
    /// The position, unchanged.
    pub position: Position,
}

/// Error of [`Position::from_str`] and [`Setup::from_str`]: what was wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not four space-separated fields.
    #[error("expected 4 fields (white black side throws), found {0}")]
    Fields(usize),
    /// A player's field is not `camp/reserve/held` or `camp/reserve/held/captured`.
    #[error("{}'s field {text:?} is not camp/reserve/held (or camp/reserve/held/captured)", colour(*player))]
    PlayerField {
        /// Whose field.
        player: Player,
        /// The field.
        text: String,
    },
    /// A camp is not 12 hexadecimal digits.
    #[error("{}'s camp {text:?} is not 12 hexadecimal digits (points 1 to 12)", colour(*player))]
    Camp {
        /// Whose camp.
        player: Player,
        /// The camp text.
        text: String,
    },
    /// A reserve or held count is not a number from 0 to 15.
    #[error("{}'s {what} {text:?} is not a number from 0 to 15", colour(*player))]
    Count {
        /// Whose count.
        player: Player,
        /// `"reserve"` or `"held"`.
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A captured-over-the-game count is not a whole number (0 to 4294967295).
    #[error("{}'s captured count {text:?} is not a whole number", colour(*player))]
    Captured {
        /// Whose count.
        player: Player,
        /// The text.
        text: String,
    },
    /// The side is not `w` or `b`.
    #[error("side to throw {0:?} is not w or b")]
    Side(String),
    /// The throw count is not a number.
    #[error("throw count {0:?} is not a whole number")]
    Throws(String),
    /// The fields are well formed but the position is not legal.
    #[error("illegal position: {0}")]
    Setup(SetupError),
}

impl From<SetupError> for ParsePositionError {
    fn from(error: SetupError) -> ParsePositionError {
        ParsePositionError::Setup(error)
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [white, black, side, throws] = fields[..] else {
            return Err(ParsePositionError::Fields(fields.len()));
        };
        let mut setup = Setup::default();
        for (p, text) in [(Player::First, white), (Player::Second, black)] {
            let parts: Vec<&str> = text.split('/').collect();
            let (camp, reserve, held, captured) = match parts[..] {
                [camp, reserve, held] => (camp, reserve, held, None),
                [camp, reserve, held, captured] => (camp, reserve, held, Some(captured)),
                _ => {
                    return Err(ParsePositionError::PlayerField {
                        player: p,
                        text: text.to_string(),
                    });
                }
            };
            let camp_err = || ParsePositionError::Camp {
                player: p,
                text: camp.to_string(),
            };
            if camp.chars().count() != POINTS {
                return Err(camp_err());
            }
            for (slot, c) in setup.camps[p].iter_mut().zip(camp.chars()) {
                *slot = c.to_digit(16).ok_or_else(camp_err)? as u8;
            }
            let count = |what: &'static str, t: &str| {
                t.parse::<u8>()
                    .ok()
                    .filter(|&n| n <= PAWNS && t.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| ParsePositionError::Count {
                        player: p,
                        what,
                        text: t.to_string(),
                    })
            };
            setup.reserves[p] = count("reserve", reserve)?;
            setup.held[p] = count("held", held)?;
            setup.captured[p] = match captured {
                None => u32::from(setup.held[p]),
                Some(t) => t
                    .parse()
                    .ok()
                    .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| ParsePositionError::Captured {
                        player: p,
                        text: t.to_string(),
                    })?,
            };
        }
        setup.side = match side {
            "w" => Player::First,
            "b" => Player::Second,
            _ => return Err(ParsePositionError::Side(side.to_string())),
        };
        setup.throws = throws
            .parse()
            .ok()
            .filter(|_| throws.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| ParsePositionError::Throws(throws.to_string()))?;
        Ok(setup)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    /// The notation of [`Setup`], then the position's legality ([`ParsePositionError::Setup`]).
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::try_from(s.parse::<Setup>()?)?)
    }
}

impl From<Position> for String {
    fn from(p: Position) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Position {
    type Error = ParsePositionError;
    fn try_from(s: String) -> Result<Position, ParsePositionError> {
        s.parse()
    }
}
