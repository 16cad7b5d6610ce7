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

impl WinReason {
    /// Every value, in the order of declaration.
    pub const ALL: [WinReason; 8] = [
        WinReason::KingCaptured,
        WinReason::KingEscaped,
        WinReason::CornersVisited,
        WinReason::EdgeFort,
        WinReason::Enclosure,
        WinReason::AllCaptured,
        WinReason::NoMoves,
        WinReason::Repetition,
    ];
    /// Number of values.
    pub const NUM: usize = 8;
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

impl DrawReason {
    /// Every value, in the order of declaration.
    pub const ALL: [DrawReason; 3] = [
        DrawReason::Repetition,
        DrawReason::NoCaptureLimit,
        DrawReason::NoMoves,
    ];
    /// Number of values.
    pub const NUM: usize = 3;
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

impl fmt::Display for WinReason {
    /// A phrase for players, e.g. `the king is captured`, `the king has visited the four
    /// corners`. The side that won is not named here ([`Status`]'s text names it); the rules
    /// page's sections on captures and endings are the source of each reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::KingCaptured => "the king is captured",
            WinReason::KingEscaped => "the king has escaped",
            WinReason::CornersVisited => "the king has visited the four corners",
            WinReason::EdgeFort => "the king is in an unbreakable fort on the edge",
            WinReason::Enclosure => "the attackers have enclosed every defender",
            WinReason::AllCaptured => "the losing side has no piece left",
            WinReason::NoMoves => "the losing side has no legal move",
            WinReason::Repetition => "the repetition rule",
        })
    }
}

impl fmt::Display for DrawReason {
    /// A phrase for players, e.g. `third repetition of the position`. The numbers are those
    /// of the presets (rules page, Fidchell: "a position ... repeated a third time is a draw,
    /// and so is a game with no capture for 200 plies"; every preset counts three
    /// repetitions, only Fidchell has a no-capture limit); a custom rules string with other
    /// numbers gets the same text, since the reason does not carry them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "third repetition of the position",
            DrawReason::NoCaptureLimit => "200 plies without capture",
            DrawReason::NoMoves => "the side to move has no legal move",
        })
    }
}

impl fmt::Display for Status {
    /// `ongoing`, `attackers win (the king is captured)`, `draw (third repetition of the
    /// position)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Win { side, reason } => write!(f, "{side} win ({reason})"),
            Status::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_text_gives_the_reason_in_words() {
        let win = |side, reason| Status::Win { side, reason }.to_string();
        assert_eq!(
            win(Side::Attackers, WinReason::KingCaptured),
            "attackers win (the king is captured)"
        );
        assert_eq!(
            win(Side::Defenders, WinReason::CornersVisited),
            "defenders win (the king has visited the four corners)"
        );
        assert_eq!(
            win(Side::Defenders, WinReason::NoMoves),
            "defenders win (the losing side has no legal move)"
        );
        let draw = |reason| Status::Draw { reason }.to_string();
        assert_eq!(
            draw(DrawReason::Repetition),
            "draw (third repetition of the position)"
        );
        assert_eq!(
            draw(DrawReason::NoCaptureLimit),
            "draw (200 plies without capture)"
        );
        assert_eq!(Status::Ongoing.to_string(), "ongoing");
    }
}
