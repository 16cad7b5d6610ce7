//! [`Status`]: whether a game is going on, won (by whom and how) or drawn (and why).

use std::fmt;

use crate::piece::Side;

/// How a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The attackers captured the king.
    KingCaptured,
    /// The king reached an escape square (a corner or the edge, per the ruleset).
    KingEscaped,
    /// The king has visited all four corners (Fidchell).
    CornersVisited,
    /// The king is on the edge inside an unbreakable fort (Copenhagen).
    EdgeFort,
    /// The attackers enclosed every defender.
    Enclosure,
    /// The other side has no piece left.
    AllCaptured,
    /// The other side has pieces but no legal move on its turn.
    NoMoves,
    /// The repetition rule decided (see [`RepetitionResult`](crate::RepetitionResult)).
    Repetition,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// A position occurred the ruleset's number of times.
    Repetition,
    /// The ruleset's number of plies passed without a capture.
    NoCaptureLimit,
    /// The side to move has no legal move and the ruleset does not make that a loss.
    NoMoves,
}

/// The state of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The game goes on.
    #[default]
    Ongoing,
    /// `side` won.
    Win {
        /// The winner.
        side: Side,
        /// How.
        reason: WinReason,
    },
    /// The game is drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Status {
    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Status::Win { side, .. } => Some(side),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Win { side, reason } => write!(f, "{side} win ({reason:?})"),
            Status::Draw { reason } => write!(f, "draw ({reason:?})"),
        }
    }
}
