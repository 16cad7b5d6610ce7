//! [`Position`]: a validated state of the game, its rule of a throw, its notation and its
//! diagram, one file each: this file holds the position and its reading (the camps, the
//! phases, the end), `throw` the rule of a throw ([`Position::play_mut`], the simulator's
//! loop), `notation` the compact text form of a [`Setup`] and a position, and `diagram`
//! its text diagram for terminals ([`Position::diagram`]).

use std::fmt;

use boardgames_common::{ByPlayer, Player};

use crate::event::{GameEnd, colour};
use crate::ruleset::Ruleset;
use crate::setup::{PAWNS, POINTS, Setup, SetupError};

mod diagram;
mod notation;
mod throw;

pub use notation::ParsePositionError;
pub use throw::{PlayError, ThrowError};

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
