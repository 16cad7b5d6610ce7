//! What a throw does: [`Event`]s in a fixed-capacity [`Events`] list, and the end of the game
//! ([`GameEnd`], its [`Outcome`] by the scores: [`outcome_from_scores`]).

use std::fmt;
use std::ops::Deref;

use arrayvec::ArrayVec;
use boardgames_common::{ByPlayer, Outcome, Player};

use crate::ruleset::Winner;

/// The colour name of a player: the first player is white, the second black (rules page,
/// "Material and board"; white throws first).
#[must_use]
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

/// The outcome for `held[p]`, the number of enemy pawns each player holds at the end (the
/// scores under [`Winner::Held`]): the higher wins, equal counts draw.
#[must_use]
pub fn outcome_from_held(held: ByPlayer<u8>) -> Outcome {
    outcome_from_scores(ByPlayer::new(u32::from(held.first), u32::from(held.second)))
}

/// The outcome for the scores `score[p]` (rules page, "End and result"): the higher wins,
/// equal scores draw.
#[must_use]
#[inline]
pub fn outcome_from_scores(score: ByPlayer<u32>) -> Outcome {
    use std::cmp::Ordering;
    match score.first.cmp(&score.second) {
        Ordering::Greater => Outcome::Winner(Player::First),
        Ordering::Less => Outcome::Winner(Player::Second),
        Ordering::Equal => Outcome::Draw,
    }
}

/// How and when a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameEnd {
    /// Who won (the higher score), or a draw (equal scores), by the ruleset's [`Winner`]
    /// reading.
    pub outcome: Outcome,
    /// The captured enemy pawns each player holds at the end (the score under
    /// [`Winner::Held`]).
    pub held: ByPlayer<u8>,
    /// The enemy pawns each player captured over the game, given-back pawns included (the
    /// score under [`Winner::Captured`]).
    pub captured: ByPlayer<u32>,
    /// The reading that decided [`outcome`](Self::outcome).
    pub winner: Winner,
    /// `true` when the game was stopped by [`Ruleset::max_throws`](crate::Ruleset::max_throws)
    /// rather than by an empty camp; it is scored the same way.
    pub capped: bool,
}

impl GameEnd {
    /// The end of a game whose players hold `held` and captured `captured`, decided by
    /// `winner`; `capped` when the throw cap stopped it.
    #[must_use]
    #[inline]
    pub fn new(
        held: ByPlayer<u8>,
        captured: ByPlayer<u32>,
        winner: Winner,
        capped: bool,
    ) -> GameEnd {
        GameEnd {
            outcome: outcome_from_scores(GameEnd::scores_by(held, captured, winner)),
            held,
            captured,
            winner,
            capped,
        }
    }

    #[inline(always)]
    fn scores_by(held: ByPlayer<u8>, captured: ByPlayer<u32>, winner: Winner) -> ByPlayer<u32> {
        match winner {
            Winner::Held => ByPlayer::new(u32::from(held.first), u32::from(held.second)),
            Winner::Captured => captured,
        }
    }

    /// Each player's score under the reading that decided the game.
    #[must_use]
    pub fn scores(&self) -> ByPlayer<u32> {
        GameEnd::scores_by(self.held, self.captured, self.winner)
    }

    /// The outcome the other [`Winner`] reading would give for the same game.
    #[must_use]
    #[inline]
    pub fn outcome_by(&self, winner: Winner) -> Outcome {
        outcome_from_scores(GameEnd::scores_by(self.held, self.captured, winner))
    }
}

impl fmt::Display for GameEnd {
    /// `game over: black wins 4-1` (the scores of the deciding reading, winner's first), or
    /// `game over: draw 2-2`; ` at the throw cap` after `over` when capped, and ` captured`
    /// after the scores under [`Winner::Captured`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cap = if self.capped { " at the throw cap" } else { "" };
        let how = match self.winner {
            Winner::Held => "",
            Winner::Captured => " captured",
        };
        let score = self.scores();
        match self.outcome {
            Outcome::Winner(p) => write!(
                f,
                "game over{cap}: {} wins {}-{}{how}",
                colour(p),
                score[p],
                score[p.other()]
            ),
            Outcome::Draw => write!(
                f,
                "game over{cap}: draw {}-{}{how}",
                score.first, score.second
            ),
        }
    }
}

/// One thing that a throw did (rules page, "Phase 1" and "Phase 2"). Points are numbered
/// `1..=12` in the camp of the player named by the event unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// Phase 1: `player` placed a pawn from his reserve on his point `point` (the sum).
    Placed {
        /// Who placed.
        player: Player,
        /// His point, the sum of the dice.
        point: u8,
    },
    /// `player`'s reserve is now empty: from his next throw he is in phase 2, and the end
    /// condition applies to him.
    PhaseChange {
        /// Who changed phase.
        player: Player,
    },
    /// Phase 2: `player` took `count` of his own pawns off his point `point` (removed, not
    /// captured).
    Removed {
        /// Whose pawns.
        player: Player,
        /// His point.
        point: u8,
        /// How many, `1..=15`.
        count: u8,
    },
    /// Phase 2: `player` captured the `count` enemy pawns on the opponent's point `point`
    /// (his own point `point` being empty).
    Captured {
        /// Who captured.
        player: Player,
        /// The opponent's point (facing the capturer's point of the same number).
        point: u8,
        /// How many, `1..=15`.
        count: u8,
    },
    /// Phase 2 doublet: `player` put `count` of the pawns he had captured back on the
    /// opponent's point `point`.
    Returned {
        /// Who gave the pawns back.
        player: Player,
        /// The opponent's point where they were put.
        point: u8,
        /// How many, 1 or 2.
        count: u8,
    },
    /// `player` throws again (a doublet in phase 1, or in phase 2 under
    /// [`Ruleset::taking_doublet_extra_throw`](crate::Ruleset::taking_doublet_extra_throw)).
    ExtraThrow {
        /// Who throws again.
        player: Player,
    },
    /// The game is over.
    GameOver(GameEnd),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Placed { player, point } => {
                write!(f, "{} places on {point}", colour(player))
            }
            Event::PhaseChange { player } => write!(f, "{} enters phase 2", colour(player)),
            Event::Removed {
                player,
                point,
                count,
            } => write!(f, "{} removes {count} from {point}", colour(player)),
            Event::Captured {
                player,
                point,
                count,
            } => write!(f, "{} captures {count} on {point}", colour(player)),
            Event::Returned {
                player,
                point,
                count,
            } => write!(
                f,
                "{} returns {count} to {}'s {point}",
                colour(player),
                colour(player.other())
            ),
            Event::ExtraThrow { player } => write!(f, "{} throws again", colour(player)),
            Event::GameOver(end) => write!(f, "{end}"),
        }
    }
}

/// The events of one throw, in order: a fixed-capacity list that never allocates (an
/// [`ArrayVec`] inside).
///
/// Capacity [`Events::CAPACITY`] = 3. Proof that a throw never makes more: a phase-1 throw
/// makes `Placed`, perhaps `PhaseChange`, then at most one of `ExtraThrow` / `GameOver` (3);
/// a phase-2 throw makes one of `Removed`, `Captured`, `Returned`, or `Removed` + `Returned`
/// (option [`SingleDoublet::Adds`](crate::SingleDoublet::Adds)), then at most one of
/// `ExtraThrow` / `GameOver` (3). `ExtraThrow` is never made when the game is over. A push
/// beyond the capacity would panic, never drop an event silently.
///
/// Dereferences to `[Event]`; `Display` joins the events with `"; "`.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Events(ArrayVec<Event, { Events::CAPACITY }>);

impl Events {
    /// The most events one throw makes (see the type's docs for the proof).
    pub const CAPACITY: usize = 3;

    /// An empty list.
    #[must_use]
    pub const fn new() -> Events {
        Events(ArrayVec::new_const())
    }

    /// Appends `event` (the rules never make more than [`Events::CAPACITY`]).
    #[inline]
    pub(crate) fn push(&mut self, event: Event) {
        self.0.push(event);
    }

    /// The end of the game if this throw ended it.
    #[must_use]
    pub fn game_end(&self) -> Option<GameEnd> {
        self.iter().find_map(|e| match e {
            Event::GameOver(end) => Some(*end),
            _ => None,
        })
    }

    /// Whether the same player throws again.
    #[must_use]
    pub fn extra_throw(&self) -> bool {
        self.iter().any(|e| matches!(e, Event::ExtraThrow { .. }))
    }
}

impl Deref for Events {
    type Target = [Event];
    fn deref(&self) -> &[Event] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Events {
    type Item = &'a Event;
    type IntoIter = std::slice::Iter<'a, Event>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing happens");
        }
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_stay_small() {
        assert!(
            std::mem::size_of::<Event>() <= 20,
            "{}",
            std::mem::size_of::<Event>()
        );
        assert!(std::mem::size_of::<Events>() <= 64);
    }

    #[test]
    #[should_panic(expected = "capacity")]
    fn events_refuse_a_fourth_event_rather_than_drop_it() {
        let mut ev = Events::new();
        let placed = Event::PhaseChange {
            player: Player::First,
        };
        for _ in 0..Events::CAPACITY {
            ev.push(placed);
        }
        assert_eq!(ev.len(), Events::CAPACITY);
        ev.push(placed);
    }

    #[test]
    fn display_of_events() {
        let mut ev = Events::new();
        assert_eq!(ev.to_string(), "nothing happens");
        ev.push(Event::Captured {
            player: Player::Second,
            point: 7,
            count: 2,
        });
        ev.push(Event::GameOver(GameEnd::new(
            ByPlayer::new(1, 4),
            ByPlayer::new(6, 5),
            Winner::Held,
            false,
        )));
        assert_eq!(
            ev.to_string(),
            "black captures 2 on 7; game over: black wins 4-1"
        );
        assert_eq!(
            ev.game_end().map(|e| e.outcome),
            Some(Outcome::Winner(Player::Second))
        );
        assert!(!ev.extra_throw());
        // The same game under the other reading: white captured more.
        let end = ev.game_end().unwrap();
        assert_eq!(
            end.outcome_by(Winner::Captured),
            Outcome::Winner(Player::First)
        );
        let literal = GameEnd::new(end.held, end.captured, Winner::Captured, false);
        assert_eq!(literal.to_string(), "game over: white wins 6-5 captured");
    }

    #[test]
    fn outcome_from_held() {
        assert_eq!(
            super::outcome_from_held(ByPlayer::new(3, 2)),
            Outcome::Winner(Player::First)
        );
        assert_eq!(
            super::outcome_from_held(ByPlayer::new(0, 2)),
            Outcome::Winner(Player::Second)
        );
        assert_eq!(super::outcome_from_held(ByPlayer::new(5, 5)), Outcome::Draw);
    }
}
