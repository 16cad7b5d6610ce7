//! The validated position: board, side to move, throws since the relevé, marks.

use crate::board::{Board, DAMES};
use crate::board::{ByColour, Colour};
use crate::board::{Marks, PositionError, Setup};
use crate::board::{OFF, Point};

/// A legal trictrac position: the [`Board`], the side to move, the throws each player has
/// made since the last relevé, and both players' [`Marks`].
///
/// Legal by construction (see [`Position::from_setup`]): 15 dames a side (on the board or
/// borne off), no point with both colours, no coin with exactly one dame, nobody on the
/// opponent's coin.
///
/// ```
/// use trictrac_core::{Colour, Position};
/// let pos = Position::start();
/// assert_eq!(pos.side_to_move(), Colour::White);
/// assert_eq!(pos.to_string(), "B1:w15,N1:b15 w 0/0 0.0/0.0");
/// assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) side_to_move: Colour,
    pub(crate) throws_since_releve: ByColour<u8>,
    pub(crate) marks: ByColour<Marks>,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start of a game: both talons full, White to move, nothing marked.
    #[must_use]
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            side_to_move: Colour::White,
            throws_since_releve: ByColour { white: 0, black: 0 },
            marks: ByColour {
                white: Marks {
                    points: 0,
                    trous: 0,
                    bredouille: false,
                    pavillon: false,
                },
                black: Marks {
                    points: 0,
                    trous: 0,
                    bredouille: false,
                    pavillon: false,
                },
            },
        }
    }

    /// Validates a [`Setup`]: a position the laws can reach.
    ///
    /// It checks what a position alone shows: the dames of each colour (at most 15; those
    /// missing are borne off, which the laws allow only once all the others stand in the jan
    /// de retour, and they never leave it: SORTIE), the points (never both colours), the
    /// coins (never a single dame on one's own, never a dame on the opponent's), the marks
    /// (points below 12, the pavillon held by one player when both have trous). It cannot
    /// check what only the partie's history shows: that the throws since the relevé could
    /// have brought the dames where they stand (a position does not record its dice), nor
    /// that a dame in a jan the opponent could still fill got there by a fausse case the
    /// opponent left (FAUSSE CASE : CONSOMMATION).
    ///
    /// # Errors
    /// A [`PositionError`] naming the first defect found: too many dames, dames borne off
    /// while another stands outside the jan de retour, a point with both colours, a coin with
    /// a single dame, a dame on the opponent's coin, both sides borne off, marked points
    /// above 11, a pavillon held by both players or while one has no trou.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut board = Board {
            paths: ByColour::new([0u8; 26], [0u8; 26]),
        };
        for colour in Colour::ALL {
            let total: u32 = setup.counts[colour].iter().map(|&c| u32::from(c)).sum();
            if total > u32::from(DAMES) {
                return Err(PositionError::TooManyDames {
                    colour,
                    count: total,
                });
            }
            for point in Point::ALL {
                board.paths[colour][point.path(colour) as usize] =
                    setup.counts[colour][point.index()];
            }
            board.paths[colour][OFF as usize] = DAMES - total as u8;
            if total < u32::from(DAMES)
                && let Some(outside) = Point::ALL
                    .into_iter()
                    .filter(|p| setup.counts[colour][p.index()] > 0)
                    .find(|p| p.path(colour) < crate::board::Jan::JanDeRetour.first())
            {
                return Err(PositionError::BorneOffTooEarly {
                    colour,
                    off: DAMES - total as u8,
                    point: outside,
                });
            }
            let m = setup.marks[colour];
            if m.points >= 12 {
                return Err(PositionError::PointsOutOfRange {
                    colour,
                    points: m.points,
                });
            }
        }
        for point in Point::ALL {
            if board.count(Colour::White, point) > 0 && board.count(Colour::Black, point) > 0 {
                return Err(PositionError::BothColours { point });
            }
        }
        for colour in Colour::ALL {
            let coin = Point::coin(colour);
            if board.count(colour, coin) == 1 {
                return Err(PositionError::SingleDameOnCoin {
                    colour,
                    point: coin,
                });
            }
            let theirs = Point::coin(colour.other());
            if board.count(colour, theirs) > 0 {
                return Err(PositionError::OnOpponentCoin {
                    colour,
                    point: theirs,
                });
            }
        }
        if board.off(Colour::White) == DAMES && board.off(Colour::Black) == DAMES {
            return Err(PositionError::BothBorneOff);
        }
        for colour in Colour::ALL {
            let (m, o) = (setup.marks[colour], setup.marks[colour.other()]);
            if m.pavillon && (o.pavillon || m.trous == 0 || o.trous == 0) {
                return Err(PositionError::BadPavillon(colour));
            }
        }
        Ok(Position {
            board,
            side_to_move: setup.side_to_move,
            throws_since_releve: setup.throws_since_releve,
            marks: setup.marks,
        })
    }

    /// The unvalidated form of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut counts = ByColour::new([0u8; 24], [0u8; 24]);
        for colour in Colour::ALL {
            for point in Point::ALL {
                counts[colour][point.index()] = self.board.count(colour, point);
            }
        }
        Setup {
            counts,
            side_to_move: self.side_to_move,
            throws_since_releve: self.throws_since_releve,
            marks: self.marks,
        }
    }

    /// The board.
    #[must_use]
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to throw and play.
    #[must_use]
    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.side_to_move
    }

    /// Throws `colour` has made since the start or the last relevé (saturates at 255).
    #[must_use]
    pub fn throws_since_releve(&self, colour: Colour) -> u8 {
        self.throws_since_releve[colour]
    }

    /// The marks of `colour`.
    #[must_use]
    pub fn marks(&self, colour: Colour) -> Marks {
        self.marks[colour]
    }

    /// Replaces the marks of `colour` (for the marking layer; movement never reads them).
    ///
    /// # Errors
    /// [`PositionError::PointsOutOfRange`] if `marks.points > 11`,
    /// [`PositionError::BadPavillon`] if `marks.pavillon` while the opponent holds it; the
    /// position is unchanged.
    pub fn set_marks(&mut self, colour: Colour, marks: Marks) -> Result<(), PositionError> {
        if marks.points >= 12 {
            return Err(PositionError::PointsOutOfRange {
                colour,
                points: marks.points,
            });
        }
        if marks.pavillon && self.marks[colour.other()].pavillon {
            return Err(PositionError::BadPavillon(colour));
        }
        self.marks[colour] = marks;
        Ok(())
    }

    /// Sets the side to move (for the game layer: after a relevé the player who bore off
    /// last throws again; a trou with s'en aller likewise).
    pub fn set_side_to_move(&mut self, colour: Colour) {
        self.side_to_move = colour;
    }

    /// Whether `colour` has borne off all 15 dames (the relevé is then due).
    #[must_use]
    pub fn has_borne_off_all(&self, colour: Colour) -> bool {
        self.board.off(colour) == DAMES
    }

    /// The relevé (rules page, law 9; glossary SORTIE): all dames of both colours go back to
    /// their talons, the throw counters restart from 0, the marks are kept, and
    /// `next_to_throw` (the player who bore off his last dame, or who s'en va) moves next.
    pub fn releve(&mut self, next_to_throw: Colour) {
        self.board.releve();
        self.throws_since_releve = ByColour::new(0, 0);
        self.side_to_move = next_to_throw;
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(s: Setup) -> Result<Position, PositionError> {
        Position::from_setup(&s)
    }
}

impl TryFrom<&Setup> for Position {
    type Error = PositionError;
    fn try_from(s: &Setup) -> Result<Position, PositionError> {
        Position::from_setup(s)
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.to_setup()
    }
}
