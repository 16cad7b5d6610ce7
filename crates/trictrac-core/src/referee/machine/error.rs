//! Why the referee refuses a gesture ([`RefereeError`]).

use thiserror::Error;

use crate::board::{Colour, Dest, Point};
use crate::referee::Entry;

/// Why a gesture was refused. The referee is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RefereeError {
    /// Not this player's gesture now.
    #[error("`{gesture}` by {who} is not possible now: {why}")]
    NotNow {
        /// The player.
        who: Colour,
        /// The gesture.
        gesture: String,
        /// What the referee waits for.
        why: String,
    },
    /// A dame moved or touched from a point where the player has none.
    #[error("{who} has no dame on {point}")]
    NoDame {
        /// The player.
        who: Colour,
        /// The point.
        point: Point,
    },
    /// A dame moved backwards: dames only go forward (LOIS: "sans jamais rétrograder"), and a
    /// dame let go cannot go back (FAUSSE CASE : CONSOMMATION; REPRENDRE UNE DAME).
    #[error(
        "{who} cannot move a dame from {from} to {to}, backwards: dames only go forward (LOIS: \"sans jamais rétrograder\"), and a dame let go cannot go back (REPRENDRE UNE DAME)"
    )]
    Backwards {
        /// The player.
        who: Colour,
        /// From.
        from: Point,
        /// To.
        to: Dest,
    },
    /// A dame "moved" from a point to the same point: nothing is played. A dame lifted and
    /// put back is a dame touched (DAME TOUCHÉE, DAME JOUÉE): the gesture `touch`.
    #[error(
        "{who} moved a dame from {point} to {point}: a move puts the dame on another point (or off); a dame lifted and put back is only touched (`touch {point}`: DAME TOUCHÉE, DAME JOUÉE)"
    )]
    NotMoved {
        /// The player.
        who: Colour,
        /// The point.
        point: Point,
    },
    /// More dames than a player owns would be on the board, or too many moves.
    #[error("{0}")]
    Dames(String),
    /// A marking gesture that the jetons or the fichet cannot show.
    #[error("{0}")]
    Marking(String),
    /// An école claimed for a player who has not thrown (nor marked anything).
    #[error("{offender} has not thrown nor marked: there is nothing he could have marked wrongly")]
    NotThrown {
        /// The player named.
        offender: Colour,
    },
    /// An école claimed before it is consummated (QUAND L'ÉCOLE EST CONSOMMÉE).
    #[error("{offender}'s école is not consummated yet: {when} (QUAND L'ÉCOLE EST CONSOMMÉE)")]
    NotConsummated {
        /// The player at fault.
        offender: Colour,
        /// When it will be.
        when: &'static str,
    },
    /// An école claimed of more points than anything the opponent did since the claimant's
    /// last throw could make: an école is the points a player omitted or marked in excess
    /// (ÉCOLE : DÉFINITION), so it is at most the points of the coups since then (for either
    /// player, a hit à vrai read as à faux included), the points he marked and the écoles he
    /// claimed; a fausse école is an école the claimant believes made, so it is bounded the
    /// same way (FAUSSE ÉCOLE).
    #[error(
        "{claimed} points d'école: nothing {offender} did since {claimant}'s last throw can make an école of more than {most} points (the points of the coups since then for either player, the points {offender} marked and the écoles he claimed: ÉCOLE : DÉFINITION, FAUSSE ÉCOLE)"
    )]
    EcoleBeyondTheCoups {
        /// The player who claimed.
        claimant: Colour,
        /// The player named.
        offender: Colour,
        /// The points claimed.
        claimed: u8,
        /// The most an école of `offender` could be now.
        most: u16,
    },
    /// An école claimed too late (QUAND et COMMENT MARQUER L'ÉCOLE).
    #[error("too late: {0}")]
    EcoleLost(String),
    /// The claimant has lost the right to claim (RELEVER LES DÉS, ÉCOLE INTERDITE, ÉCOLE QUI
    /// EN PROVOQUE UNE AUTRE).
    #[error("{who} may not mark this école or correct this fault ({entry})")]
    Forbidden {
        /// The player.
        who: Colour,
        /// The entry.
        entry: Entry,
    },
    /// DAMES EN TROP ou EN MOINS: a player found with other than 15 dames where the count
    /// cannot be rectified: "Sinon le relevé, le marqué ou la partie est annulé".
    #[error(
        "{colour} has {dames} dames, not 15, and they cannot be rectified: {reason}; the relevé is void, or the marqué, or the partie (DAMES EN TROP ou EN MOINS: \"si on n'en est encore qu'au début et que le talon litigieux fasse encore case pleine\")"
    )]
    DamesVoid {
        /// The player.
        colour: Colour,
        /// The dames he was found with (on the board and borne off).
        dames: u16,
        /// Why they cannot be rectified.
        reason: crate::referee::NotRectifiable,
    },
    /// A choice out of range or with nothing to choose.
    #[error("{0}")]
    Choice(String),
    /// The partie is over.
    #[error("the partie is over")]
    Over,
    /// The dames counted on the tablier are not a legal position.
    #[error(transparent)]
    Position(#[from] crate::board::PositionError),
    /// The marks of a starting position are inconsistent.
    #[error("marks of the starting position: {0}")]
    Marks(crate::marking::MarkingError),
}

// By hand rather than `#[from]`, which would also make the cause the `source()` of an error
// that already prints it.
impl From<crate::marking::MarkingError> for RefereeError {
    fn from(e: crate::marking::MarkingError) -> RefereeError {
        RefereeError::Marks(e)
    }
}
