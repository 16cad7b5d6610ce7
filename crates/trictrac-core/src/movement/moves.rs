//! Checker moves ([`Move`]) and plays ([`Play`]: the moves of one throw) with the play
//! notation `6-4: B5-B11, B5-B9`.

use std::fmt;

use boardgames_common::{Die, Throw};

use crate::board::{Colour, Dest, PathCounts, Point};

/// One dame moved by one number: from a point to a point or off the board.
///
/// `die` is the number played. It equals the distance except for a dame taken to its coin
/// par puissance (distance `die - 1`, law 4) and for a nombre excédant bearing off (distance
/// shorter than `die`, law 6). Written `B5-B11`, `N3-off`; serde gives the three fields
/// (`{"from":"B5","to":"B11","die":6}`), the text not saying the number played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Where the dame stood.
    pub from: Point,
    /// Where it went.
    pub to: Dest,
    /// The number (die) played.
    pub die: Die,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Error of [`Play::new`]: a play has at most two moves (one per die).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a play has at most two moves (one per die), not {count}")]
pub struct TooManyMovesError {
    /// The number of moves given.
    pub count: usize,
}

/// The moves of a [`Play`] as the three cases the rules allow (none, one, two) rather
/// than an array and a length: a `Play` is in [`crate::Action`], which is `Copy`
/// (`boardgames_common::Game::Action`), and an `ArrayVec` is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Moves {
    /// Nothing playable.
    None,
    /// One number played.
    One(Move),
    /// Both numbers played, in the order played.
    Two([Move; 2]),
}

impl Moves {
    #[inline]
    fn as_slice(&self) -> &[Move] {
        match self {
            Moves::None => &[],
            Moves::One(m) => std::slice::from_ref(m),
            Moves::Two(m) => m,
        }
    }
}

/// The moves of one throw, in the order played: 0 moves (nothing playable), 1 (one number
/// played, the other unplayable: impuissance) or 2 (both numbers; a doublet is two numbers,
/// rules page). A dame playing both numbers *tout d'une* gives two moves where the second
/// starts where the first ended (the rest, *repos*).
///
/// Written `6-4: B5-B11, B5-B9`; tout d'une `6-4: B1-B5-B11` (rest shown); a play taking the
/// coin par puissance ends with ` (par puissance)`; nothing playable `6-6: -`. Parse a play
/// against its position with [`crate::Position::parse_play`], which also accepts the tout
/// d'une without its rest (`6-4: B1-B11`).
///
/// Serde gives its parts, `{"throw":"6-4","moves":[…],"par_puissance":false}` (each move as
/// [`Move`]'s), since the text needs the position to be read back; more than two moves are
/// refused ([`TooManyMovesError`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "PlayParts", try_from = "PlayParts")
)]
pub struct Play {
    throw: Throw,
    moves: Moves,
    par_puissance: bool,
}

impl Play {
    /// A play of `throw` made of `moves` (none, one or two: a throw of two dice plays at
    /// most two numbers), as given. Legality is not checked: see
    /// [`crate::Position::is_legal`].
    ///
    /// # Errors
    ///
    /// [`TooManyMovesError`] for more than two moves.
    pub fn new(throw: Throw, moves: &[Move]) -> Result<Play, TooManyMovesError> {
        if moves.len() > 2 {
            return Err(TooManyMovesError { count: moves.len() });
        }
        Ok(Play::of(throw, moves))
    }

    /// [`Play::new`] for at most two moves (the callers' lists are built so).
    #[inline]
    pub(crate) fn of(throw: Throw, moves: &[Move]) -> Play {
        let moves = match *moves {
            [] => Moves::None,
            [m] => Moves::One(m),
            [a, b, ..] => Moves::Two([a, b]),
        };
        Play {
            throw,
            moves,
            par_puissance: false,
        }
    }

    pub(crate) fn with_puissance(mut self) -> Play {
        self.par_puissance = true;
        self
    }

    /// The throw played.
    #[must_use]
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// The moves in the order played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.moves.as_slice()
    }

    /// Whether the play takes the coin par puissance (law 4): two dames that could have
    /// gone d'emblée to the opponent's empty coin go to one's own instead.
    #[must_use]
    pub fn is_par_puissance(&self) -> bool {
        self.par_puissance
    }

    /// The dames of `colour` (by path position, `before`) after this play's moves made one
    /// by one, each from a point holding one of his dames and forward; `None` if a move
    /// cannot be made.
    pub(crate) fn counts_after(&self, colour: Colour, before: &PathCounts) -> Option<PathCounts> {
        let mut c = *before;
        for m in self.moves() {
            let f = m.from.path(colour);
            let t = m.to.path(colour);
            if c[f as usize] == 0 || t <= f {
                return None;
            }
            c[f as usize] -= 1;
            c[t as usize] += 1;
        }
        Some(c)
    }

    /// Whether one dame plays both numbers tout d'une (the second move starts where the
    /// first ended); its rest is then `moves()[0].to`.
    #[must_use]
    pub fn is_tout_d_une(&self) -> bool {
        matches!(self.moves, Moves::Two([a, b]) if a.to == Dest::Point(b.from))
    }
}

/// The serde form of a [`Play`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct PlayParts {
    throw: Throw,
    moves: Vec<Move>,
    par_puissance: bool,
}

#[cfg(feature = "serde")]
impl From<Play> for PlayParts {
    fn from(p: Play) -> PlayParts {
        PlayParts {
            throw: p.throw,
            moves: p.moves().to_vec(),
            par_puissance: p.par_puissance,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PlayParts> for Play {
    type Error = TooManyMovesError;
    fn try_from(p: PlayParts) -> Result<Play, TooManyMovesError> {
        let play = Play::new(p.throw, &p.moves)?;
        Ok(if p.par_puissance {
            play.with_puissance()
        } else {
            play
        })
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.throw)?;
        match self.moves {
            Moves::None => f.write_str("-")?,
            Moves::One(m) => write!(f, "{m}")?,
            Moves::Two([a, b]) => {
                if self.is_tout_d_une() {
                    write!(f, "{a}-{}", b.to)?;
                } else {
                    write!(f, "{a}, {b}")?;
                }
            }
        }
        if self.par_puissance {
            f.write_str(" (par puissance)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(std::mem::size_of::<Move>(), 4);
        assert_eq!(std::mem::size_of::<Play>(), 11);
    }
}
