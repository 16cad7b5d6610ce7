//! Unvalidated positions ([`Setup`]) and the errors of their validation.

use thiserror::Error;

use crate::board::DAMES;
use crate::board::Point;
use crate::board::{ByColour, Colour};

/// One player's marks (*la marque*): points on his jetons and trous on the fichet.
///
/// Movement never reads or changes them; the marking ([`crate::marking`]) does. Rules page,
/// "Marking".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Marks {
    /// Points marked with the jeton(s), `0..=11` (12 make a trou).
    pub points: u8,
    /// Trous (*jeux*) won, marked with the fichet.
    pub trous: u8,
    /// Whether his current series of points is en bredouille (marked with the double jeton,
    /// or the single jeton while the opponent has marked nothing).
    pub bredouille: bool,
    /// Whether he holds the pavillon (Breton *bannielig*; the partie ordinaire's option): he
    /// was the second to win a trou and the first has not won one since, so he would win the
    /// partie double. Written `p` after his marks in the position notation. The marking
    /// follows the series whether or not the pavillon option of the partie is on; only the
    /// option makes it count.
    pub pavillon: bool,
}

/// A position that is not necessarily legal: public fields, checked by
/// [`crate::Position::from_setup`] (or `TryFrom`).
///
/// Dames not on the board are off (borne off): each colour has 15 dames in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Dames of each colour on each point, indexed by [`Point::index`].
    pub counts: ByColour<[u8; 24]>,
    /// The player to throw and play next.
    pub side_to_move: Colour,
    /// Throws each player has made since the start of the game, marqué or last relevé
    /// (the jans de départ look at it: rules page, "Scoring").
    pub throws_since_releve: ByColour<u8>,
    /// Both players' marks.
    pub marks: ByColour<Marks>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The starting position: 15 White dames on `B1`, 15 Black on `N1`, White to move, no
    /// throws made, no marks.
    #[must_use]
    pub fn start() -> Setup {
        let mut counts = ByColour::new([0u8; 24], [0u8; 24]);
        counts.white[Point::talon(Colour::White).index()] = DAMES;
        counts.black[Point::talon(Colour::Black).index()] = DAMES;
        Setup {
            counts,
            side_to_move: Colour::White,
            throws_since_releve: ByColour::default(),
            marks: ByColour::default(),
        }
    }

    /// An empty board (every dame off) with White to move: a starting point for building
    /// positions with [`Setup::put`]. Not valid until dames are placed.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            counts: ByColour::new([0u8; 24], [0u8; 24]),
            ..Setup::start()
        }
    }

    /// Adds `n` dames of `colour` on `point` (saturating) and returns the setup.
    #[must_use]
    pub fn put(mut self, colour: Colour, point: Point, n: u8) -> Setup {
        let c = &mut self.counts[colour][point.index()];
        *c = c.saturating_add(n);
        self
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// More than 15 dames of one colour on the board.
    #[error("{colour} has {count} dames on the board; at most 15")]
    TooManyDames {
        /// The colour.
        colour: Colour,
        /// Dames of that colour on the board.
        count: u32,
    },
    /// Dames are missing (borne off) while another stands outside the jan de retour: a dame
    /// is borne off only once all are in the jan de retour, and they never leave it (SORTIE);
    /// no partie reaches such a position. (A count of dames found wrong at a real tablier is
    /// DAMES EN TROP ou EN MOINS: the referee's `Referee::from_tablier`.)
    #[error(
        "{colour} has {off} dame(s) off the board but one on {point}, outside his jan de retour: dames are borne off only when all stand in the jan de retour (SORTIE), so no partie reaches this position; give all 15 dames"
    )]
    BorneOffTooEarly {
        /// The colour.
        colour: Colour,
        /// Dames missing from the board (taken as borne off).
        off: u8,
        /// A point outside his jan de retour where he has a dame.
        point: Point,
    },
    /// A point holds dames of both colours (law 2: never).
    #[error("{point} holds dames of both colours")]
    BothColours {
        /// The point.
        point: Point,
    },
    /// A coin de repos holds exactly one dame (law 3: never).
    #[error("{colour}'s coin {point} holds a single dame; a coin holds 0 or at least 2")]
    SingleDameOnCoin {
        /// Owner of the coin.
        colour: Colour,
        /// The coin.
        point: Point,
    },
    /// A dame stands on the opponent's coin (law 3: never).
    #[error("{colour} has dames on the opponent's coin {point}")]
    OnOpponentCoin {
        /// The trespassing colour.
        colour: Colour,
        /// The opponent's coin.
        point: Point,
    },
    /// Both colours have borne off every dame.
    #[error("both colours have borne off all their dames")]
    BothBorneOff,
    /// Marked points must be below 12 (12 make a trou).
    #[error("{colour} has {points} points marked; at most 11")]
    PointsOutOfRange {
        /// The colour.
        colour: Colour,
        /// The points.
        points: u8,
    },
    /// The pavillon is held by both players, or by a player while one of them has no trou
    /// (it belongs to the second player to win a trou).
    #[error("{0} cannot hold the pavillon: it is held by one player, when both have trous")]
    BadPavillon(Colour),
}
