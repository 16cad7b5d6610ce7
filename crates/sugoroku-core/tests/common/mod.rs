//! Helpers shared by the integration tests: hand-built positions and throws.
#![allow(dead_code, unreachable_pub)]

use boardgames_common::{ByPlayer, Player, Throw};
use sugoroku_core::{Position, Setup};

/// A throw from its two dice.
pub fn t(a: u8, b: u8) -> Throw {
    Throw::from_values(a, b).expect("dice 1..=6")
}

/// A hand-built position: `(point, pawns)` for each camp, reserves, held (captured enemy
/// pawns each player holds), side to throw.
pub fn position(
    white: &[(usize, u8)],
    black: &[(usize, u8)],
    reserves: (u8, u8),
    held: (u8, u8),
    side: Player,
) -> Position {
    let mut camps = ByPlayer::new([0u8; 12], [0u8; 12]);
    for &(k, n) in white {
        camps.first[k - 1] = n;
    }
    for &(k, n) in black {
        camps.second[k - 1] = n;
    }
    Position::try_from(Setup {
        camps,
        reserves: ByPlayer::new(reserves.0, reserves.1),
        held: ByPlayer::new(held.0, held.1),
        // No pawn given back before the test starts.
        captured: ByPlayer::new(u32::from(held.0), u32::from(held.1)),
        side,
        throws: 40,
    })
    .expect("a legal test position")
}
