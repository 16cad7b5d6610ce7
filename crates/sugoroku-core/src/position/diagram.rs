//! The text diagram of a [`Position`] for terminals: each camp's twelve points, its reserve
//! and the pawns it holds, who throws, and the end once the game is over.

use std::fmt::Write as _;

use boardgames_common::Player;

use crate::event::colour;
use crate::ruleset::Ruleset;
use crate::setup::POINTS;

use super::Position;

impl Position {
    /// A text diagram of the position under `ruleset` (which says when the game is over):
    /// a line of point numbers `1` to `12`, then black's camp and white's, each with its
    /// reserve, the enemy pawns it holds and `to throw` beside the player to throw; then the
    /// throws made and, once the game is over, its end ([`GameEnd`](crate::GameEnd)'s text
    /// after `over:`).
    ///
    /// ```
    /// use sugoroku_core::{Position, Ruleset};
    /// let d = Position::start().diagram(&Ruleset::default());
    /// assert_eq!(
    ///     d,
    ///     "point      1  2  3  4  5  6  7  8  9 10 11 12\n\
    ///      black      0  0  0  0  0  0  0  0  0  0  0  0   reserve 15  held  0\n\
    ///      white      0  0  0  0  0  0  0  0  0  0  0  0   reserve 15  held  0  to throw\n\
    ///      throws   0\n"
    /// );
    /// ```
    #[must_use]
    pub fn diagram(&self, ruleset: &Ruleset) -> String {
        let end = self.end(ruleset);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "point    {}",
            (1..=POINTS).map(|p| format!("{p:>3}")).collect::<String>()
        );
        for player in [Player::Second, Player::First] {
            let camp = self.camp(player);
            let _ = writeln!(
                s,
                "{:<8} {}   reserve {:>2}  held {:>2}{}",
                colour(player),
                camp.iter().map(|&n| format!("{n:>3}")).collect::<String>(),
                self.reserve(player),
                self.held(player),
                if self.side() == player && end.is_none() {
                    "  to throw"
                } else {
                    ""
                }
            );
        }
        let _ = write!(s, "throws   {}", self.throws());
        if let Some(end) = end {
            let _ = write!(s, "  over: {end}");
        }
        s.push('\n');
        s
    }
}
