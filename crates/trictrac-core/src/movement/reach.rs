//! What each number of a throw could reach, dame by dame: the raw material of the fictive
//! ("par puissance") events of the scoring rules (hits, coin battu, jans de départ).

use arrayvec::ArrayVec;
use boardgames_common::{Die, Throw};

use crate::board::Board;
use crate::board::Colour;
use crate::board::Position;
use crate::board::{OPPONENT_COIN, OWN_COIN, Point};

/// A number of a throw as the scoring rules count ways: one die, or both dice together
/// (*les deux nombres réunis*, tout d'une).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Number {
    /// One die (*nombre direct*).
    Die(Die),
    /// The sum of both dice played by one dame tout d'une (*nombre composé*).
    Sum,
}

/// What one number could do for the dames of one point of the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The point the dame starts from.
    pub from: Point,
    /// The number.
    pub number: Number,
    /// The path position reached (`from`'s path position plus the number): `1..=24` is a
    /// point, 25 is exactly the edge, more is beyond it.
    pub to: u8,
    /// For [`Number::Sum`], the intermediate path positions (after the higher die, after
    /// the lower; one for a doublet) that the opponent does not hold: the possible *repos
    /// pour battre*. Empty for a single die.
    pub rests: ArrayVec<u8, 2>,
}

impl Reach {
    /// The point reached, if `to` is on the board.
    #[must_use]
    pub fn to_point(&self, colour: Colour) -> Option<Point> {
        Point::from_path(colour, self.to)
    }
}

/// Every [`Reach`] of a throw: at most 15 occupied points × 3 numbers.
pub type Reaches = ArrayVec<Reach, 45>;

impl Position {
    /// For each point holding dames of the side to move and each number of `throw` (each
    /// die, then the sum; a doublet has one die and the sum), where a dame from there could
    /// go, ignoring the laws of landing (hits are fictive: rules page, "Scoring"), with the
    /// rests the opponent does not hold for the sum.
    #[must_use]
    pub fn reaches(&self, throw: Throw) -> Reaches {
        let colour = self.side_to_move;
        let c = self.board.path_counts(colour);
        let (hi, lo) = (throw.high(), throw.low());
        let mut out = Reaches::new();
        for p in 1..=24u8 {
            if c[p as usize] == 0 {
                continue;
            }
            let from = Point::from_path(colour, p).unwrap_or(Point::ALL[0]);
            let dice: &[Die] = if throw.is_doublet() { &[hi] } else { &[hi, lo] };
            for &d in dice {
                out.push(Reach {
                    from,
                    number: Number::Die(d),
                    to: p + d.get(),
                    rests: ArrayVec::new(),
                });
            }
            let mut rests = ArrayVec::new();
            for &d in dice {
                let r = p + d.get();
                if r <= 24 && !self.board.opponent_holds(colour, r) {
                    rests.push(r);
                }
            }
            out.push(Reach {
                from,
                number: Number::Sum,
                to: p + throw.sum(),
                rests,
            });
        }
        out
    }
}

impl Board {
    /// Whether `colour` could take the opponent's coin d'emblée with `throw` without using
    /// the two dames that hold his own coin (glossary BATTRE LE COIN): one dame at path
    /// `13 − d` for each die `d` (two for a doublet), counting on the own coin (path 12)
    /// only the dames beyond the second. The opponent's coin must be empty; whether
    /// `colour` holds his own coin is for the caller to check (coin battu needs it, par
    /// puissance needs it empty).
    #[must_use]
    pub fn could_take_opponent_coin(&self, colour: Colour, throw: Throw) -> bool {
        if self.opponent_holds(colour, OPPONENT_COIN) {
            return false;
        }
        let c = self.path_counts(colour);
        let avail = |p: u8| -> u8 {
            let n = c[p as usize];
            if p == OWN_COIN {
                n.saturating_sub(2)
            } else {
                n
            }
        };
        let (a, b) = (
            OPPONENT_COIN - throw.high().get(),
            OPPONENT_COIN - throw.low().get(),
        );
        if a == b {
            avail(a) >= 2
        } else {
            avail(a) >= 1 && avail(b) >= 1
        }
    }
}
