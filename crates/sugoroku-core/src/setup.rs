//! [`Setup`]: an unvalidated description of a position, turned into a
//! [`Position`](crate::Position) by `Position::try_from(setup)`. Its text form is the
//! position's notation (in the position's `notation` file).

use boardgames_common::{ByPlayer, Player};
use thiserror::Error;

use crate::event::colour;

/// The number of pawns of each player (rules page, "Material and board"; "Le Tric Trac Nippon",
/// "Matériel": 30 pawns, 15 white and 15 black).
pub const PAWNS: u8 = 15;

/// The number of points of a camp, numbered `1..=12` (rules page, "Material and board").
pub const POINTS: usize = 12;

/// A position as plain data, not necessarily legal. Validate it with
/// `Position::try_from(setup)` ([`SetupError`] says what is wrong).
///
/// Pawns that are in none of the fields below have been *removed* by their owner in phase 2:
/// `removed(p) = 15 - on camp(p) - reserves[p] - held[p.other()]`.
///
/// ```
/// use boardgames_common::Player;
/// use sugoroku_core::{Position, Setup};
/// let mut setup = Setup::default(); // the empty board, white to throw
/// setup.camps[Player::First][7 - 1] = 1; // a white pawn on point 7
/// setup.reserves[Player::First] = 14;
/// setup.side = Player::Second;
/// setup.throws = 1;
/// let position = Position::try_from(setup).unwrap();
/// assert_eq!(position.pawns(Player::First, 7), 1);
/// // The text form, shared with `Position` (not validated here):
/// assert_eq!(setup.to_string(), "000000100000/14/0 000000000000/15/0 b 1");
/// assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
/// ```
///
/// The text form (`Display` and `FromStr`, and serde through it with the feature `serde`) is
/// the notation of [`Position`](crate::Position): for each player his camp as 12 hexadecimal
/// digits (points 1 to 12), his reserve, the pawns he holds and, when it differs from them,
/// the pawns he captured over the game (`camp/reserve/held[/captured]`); then the side to
/// throw (`w` or `b`) and the throws made. It round-trips for every setup whose counts on a
/// point and in a reserve or hand are at most 15 (every setup the notation can hold).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub struct Setup {
    /// Each player's camp: `camps[p][k - 1]` is the number of `p`'s pawns on his point `k`.
    pub camps: ByPlayer<[u8; POINTS]>,
    /// The pawns each player has still to place (phase 1 while it is not zero).
    pub reserves: ByPlayer<u8>,
    /// The enemy pawns each player has captured and holds: `held[p]` are pawns of
    /// `p.other()`.
    pub held: ByPlayer<u8>,
    /// The enemy pawns each player captured over the game, given-back pawns included: at
    /// least `held[p]` (the score under [`Winner::Captured`](crate::Winner::Captured)).
    pub captured: ByPlayer<u32>,
    /// Who throws next.
    pub side: Player,
    /// How many throws have been made since the start (checked against
    /// [`Ruleset::max_throws`](crate::Ruleset::max_throws)).
    pub throws: u32,
}

impl Default for Setup {
    /// The start of the game: empty board, 15 pawns in each reserve, white to throw.
    fn default() -> Setup {
        Setup {
            camps: ByPlayer::new([0; POINTS], [0; POINTS]),
            reserves: ByPlayer::new(PAWNS, PAWNS),
            held: ByPlayer::new(0, 0),
            captured: ByPlayer::new(0, 0),
            side: Player::First,
            throws: 0,
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A pawn on point 1, which no throw of two dice reaches (the sum is at least 2).
    #[error("{} has pawns on point 1, which no throw reaches", colour(*.0))]
    PointOne(Player),
    /// More than 15 pawns of a player on his camp, in his reserve and in the opponent's hand.
    #[error("{} has {count} pawns on board, in reserve and captured; at most 15", colour(*player))]
    TooManyPawns {
        /// Whose pawns.
        player: Player,
        /// How many were counted.
        count: u32,
    },
    /// A player still placing (reserve not empty) who holds or has captured pawns: only a
    /// player in phase 2 captures.
    #[error("{} has captured pawns but is still placing (reserve not empty)", colour(*.0))]
    HeldWhilePlacing(Player),
    /// A player holding more captured pawns than he captured over the game.
    #[error("{} holds {held} captured pawns but captured only {captured} over the game", colour(*player))]
    CapturedBelowHeld {
        /// Whose counts.
        player: Player,
        /// Captured over the game.
        captured: u32,
        /// Held now.
        held: u8,
    },
    /// A player still placing with pawns removed: only a player in phase 2 removes his
    /// own pawns.
    #[error("{} has {removed} pawns removed but is still placing (reserve not empty)", colour(*player))]
    RemovedWhilePlacing {
        /// Whose pawns.
        player: Player,
        /// How many are missing from the count.
        removed: u8,
    },
}
