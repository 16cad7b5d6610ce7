//! Who plays whom at each marqué of a partie à écrire at three or four players: the draw by
//! dice that seats the first two players and gives the first primauté, then the schedule of
//! every later marqué from the winner of the first.
//!
//! Source: the French glossary of the laws of trictrac, PARTIE À QUATRE JOUEURS, PARTIE À LA
//! CHOUETTE and PARTIE À TOURNER.
//!
//! - **Teams** (four players, A and B against C and D): each player throws a die; the higher
//!   of each team starts (equal dice in a team are thrown again by both); the two starters'
//!   dice give the primauté of the first marqué (equal dice: both throw again). The winner
//!   of the first marqué retires for his partner; from then on each player retires after two
//!   marqués in a row, and the primauté belongs to the player who stays.
//! - **À la chouette** (three players, A the chouette against B and C allied): B and C throw
//!   for who starts; the chouette plays every marqué and has the primauté of the first; the
//!   allies follow the model of the teams (the first marqué's winner, if an ally, retires,
//!   then each ally plays two marqués in a row), and the primauté changes side at each
//!   change of opponent and only then.
//! - **À tourner** (three players, each for himself): A, B and C throw; the two higher play
//!   the first marqué and the higher has the primauté (players with equal dice that matter
//!   throw again); the loser of the first marqué retires for the third player; from then on
//!   each player retires after two marqués in a row (so the three pairs meet in turn, `A-B`,
//!   `B-C`, `C-A` in the glossary's example, and the marqués must be a multiple of 3), and
//!   the primauté belongs to the player who stays.
//!
//! This module's reading of the glossary: after the first marqué the schedule no longer
//! depends on who wins (its examples never say who won after the first), and in the
//! chouette the primauté is kept while the opponent stays.
//!
//! ```
//! use trictrac_core::ecrire::table::{Seat, TableForm, schedule};
//! const B: Seat = Seat::B;
//! const C: Seat = Seat::C;
//! // The glossary's example à tourner: A, B and C throw 6, 4 and ace; B wins the first.
//! let marques = schedule(TableForm::Tourner, 6, &[6, 4, 1], &[B, B, C, B, B, C]).unwrap();
//! let plays: Vec<String> = marques.iter().map(|m| m.pairing.to_string()).collect();
//! assert_eq!(plays, ["A-B", "B-C", "C-A", "A-B", "B-C", "C-A"]);
//! ```

use std::fmt;

use boardgames_common::{DiceSource, Die, ScriptedDice};

use super::{Seat, TableError, TableForm};

/// The most single dice a draw may throw before it is abandoned as undecided
/// ([`TableError::Undecided`]); a fair die makes it unreachable in practice.
pub const MAX_DRAW_THROWS: usize = 200;

/// One die thrown at the draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawThrow {
    /// Who threw.
    pub seat: Seat,
    /// The die's value, 1 to 6.
    pub value: u8,
}

/// The two players of one marqué: the one with the primauté first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pairing {
    /// The marqué's number, from 1 (a refait replays the same number with the same pairing).
    pub number: u32,
    /// The player with the primauté.
    pub primaute: Seat,
    /// His opponent.
    pub opponent: Seat,
    /// À tourner, the players vacant at this marqué (one at three, two at four), to each of
    /// whom the loser pays a consolation; none in the other forms.
    pub vacant: Vacant,
}

/// The players vacant at a marqué à tourner: one at three players, two at four (none in the
/// other forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vacant([Option<Seat>; 2]);

impl Vacant {
    /// No player vacant.
    pub const NONE: Vacant = Vacant([None, None]);

    /// The vacant seats, in the order they will come back to the tablier.
    pub fn iter(&self) -> impl Iterator<Item = Seat> + '_ {
        self.0.iter().flatten().copied()
    }

    /// The first vacant seat (the next to play), if any.
    #[must_use]
    pub const fn first(&self) -> Option<Seat> {
        self.0[0]
    }

    /// Whether `seat` is vacant.
    #[must_use]
    pub fn contains(&self, seat: Seat) -> bool {
        self.iter().any(|s| s == seat)
    }

    /// Whether no player is vacant.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }
}

impl fmt::Display for Vacant {
    /// `C`, or `C and D`; empty when none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, s) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Pairing {
    /// Whether `seat` plays this marqué.
    #[must_use]
    pub fn seats(&self, seat: Seat) -> bool {
        self.primaute == seat || self.opponent == seat
    }

    /// The other player of the marqué than `seat` (`None` when `seat` does not play it).
    #[must_use]
    pub fn other(&self, seat: Seat) -> Option<Seat> {
        if seat == self.primaute {
            Some(self.opponent)
        } else if seat == self.opponent {
            Some(self.primaute)
        } else {
            None
        }
    }
}

impl fmt::Display for Pairing {
    /// `A-B`: the player with the primauté, then his opponent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.primaute, self.opponent)
    }
}

/// The draw of a table: the dice thrown, the first marqué's players and primauté, and who
/// replaces whom afterwards ([`Draw::pairing`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Draw {
    form: TableForm,
    throws: Vec<DrawThrow>,
    /// The first marqué's player with the primauté and his partner (teams), or the chouette
    /// twice, or (à tourner) the player with the primauté and the vacant player.
    first_side: [Seat; 2],
    /// His opponent and the opponent's partner (teams, chouette), or the opponent and the
    /// vacant player (à tourner).
    second_side: [Seat; 2],
    /// À tourner, the players vacant at the first marqué, in the order the draw gave them
    /// (they come to the tablier in that order).
    waiting: Vacant,
}

/// Dice given as numbers (a real table's throws), checked to be 1 to 6.
///
/// # Errors
/// [`TableError::DieOutOfRange`] naming the first value outside 1..=6 and its place (from 1).
pub fn given_dice(values: &[u8]) -> Result<ScriptedDice, TableError> {
    let dice = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            Die::new(v).ok_or(TableError::DieOutOfRange {
                index: i + 1,
                value: v,
            })
        })
        .collect::<Result<Vec<Die>, TableError>>()?;
    Ok(ScriptedDice::from_dice(dice))
}

struct Thrower<'a> {
    dice: &'a mut dyn DiceSource,
    throws: Vec<DrawThrow>,
}

impl Thrower<'_> {
    fn throw(&mut self, seat: Seat) -> Result<u8, TableError> {
        if self.throws.len() >= MAX_DRAW_THROWS {
            return Err(TableError::Undecided(self.throws.len()));
        }
        let value = self
            .dice
            .die()
            .ok_or(TableError::DiceExhausted(self.throws.len()))?
            .get();
        self.throws.push(DrawThrow { seat, value });
        Ok(value)
    }

    /// The higher of `x` (with `dx`) and `y` (with `dy`), both throwing again while equal:
    /// the winner and his last die.
    fn higher(
        &mut self,
        (x, mut dx): (Seat, u8),
        (y, mut dy): (Seat, u8),
    ) -> Result<(Seat, Seat, u8), TableError> {
        while dx == dy {
            dx = self.throw(x)?;
            dy = self.throw(y)?;
        }
        Ok(if dx > dy { (x, y, dx) } else { (y, x, dy) })
    }

    /// The first `need` seats of `group` by their dice, higher first; players whose equal
    /// dice decide a place throw again (in seat order), the others keep their place.
    fn rank(&mut self, group: &[(Seat, u8)], need: usize) -> Result<Vec<Seat>, TableError> {
        let mut sorted = group.to_vec();
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut out = Vec::new();
        let mut i = 0;
        while i < sorted.len() && out.len() < need {
            let j = sorted[i..]
                .iter()
                .position(|s| s.1 != sorted[i].1)
                .map_or(sorted.len(), |k| i + k);
            if j - i == 1 {
                out.push(sorted[i].0);
            } else {
                let mut again = Vec::with_capacity(j - i);
                for &(seat, _) in &sorted[i..j] {
                    again.push((seat, self.throw(seat)?));
                }
                let left = need - out.len();
                out.extend(self.rank(&again, left)?);
            }
            i = j;
        }
        out.truncate(need);
        Ok(out)
    }
}

impl Draw {
    /// Draws the first marqué of a partie `form` with `dice` (see the module documentation
    /// for who throws and when).
    ///
    /// # Errors
    /// [`TableError::DiceExhausted`] when `dice` give out before the draw is decided,
    /// [`TableError::Undecided`] after [`MAX_DRAW_THROWS`] dice.
    pub fn new(form: TableForm, dice: &mut dyn DiceSource) -> Result<Draw, TableError> {
        let mut t = Thrower {
            dice,
            throws: Vec::new(),
        };
        let mut waiting = Vacant::NONE;
        let (first_side, second_side) = match form {
            TableForm::Teams => {
                let mut d = [0u8; 4];
                for (k, seat) in Seat::ALL.iter().enumerate() {
                    d[k] = t.throw(*seat)?;
                }
                let (s1, p1, d1) = t.higher((Seat::A, d[0]), (Seat::B, d[1]))?;
                let (s2, p2, d2) = t.higher((Seat::C, d[2]), (Seat::D, d[3]))?;
                let (first, _, _) = t.higher((s1, d1), (s2, d2))?;
                if first == s1 {
                    ([s1, p1], [s2, p2])
                } else {
                    ([s2, p2], [s1, p1])
                }
            }
            TableForm::Chouette => {
                let db = t.throw(Seat::B)?;
                let dc = t.throw(Seat::C)?;
                let (ally, other, _) = t.higher((Seat::B, db), (Seat::C, dc))?;
                ([Seat::A, Seat::A], [ally, other])
            }
            TableForm::Tourner | TableForm::TournerAQuatre => {
                let n = form.players();
                let mut group = Vec::with_capacity(n);
                for seat in &Seat::ALL[..n] {
                    group.push((*seat, t.throw(*seat)?));
                }
                // At three, the two higher play and the third waits; at four the waiting two
                // come in the order of their dice too (equal dice there are thrown again).
                let need = if n == 4 { 4 } else { 2 };
                let top = t.rank(&group, need)?;
                let (first, second) = match top[..] {
                    [a, b, ..] => (a, b),
                    _ => return Err(TableError::Undecided(t.throws.len())),
                };
                let rest: Vec<Seat> = if n == 4 {
                    top[2..].to_vec()
                } else {
                    Seat::ALL[..3]
                        .iter()
                        .copied()
                        .filter(|s| *s != first && *s != second)
                        .collect()
                };
                waiting = Vacant([rest.first().copied(), rest.get(1).copied()]);
                let v = rest.first().copied().unwrap_or(Seat::C);
                ([first, v], [second, v])
            }
        };
        Ok(Draw {
            form,
            throws: t.throws,
            first_side,
            second_side,
            waiting,
        })
    }

    /// Draws from die results given as numbers (a real table's throws, in the order of the
    /// module documentation).
    ///
    /// # Errors
    /// [`TableError::DieOutOfRange`] for a value outside 1..=6, and those of [`Draw::new`].
    pub fn from_values(form: TableForm, values: &[u8]) -> Result<Draw, TableError> {
        Draw::new(form, &mut given_dice(values)?)
    }

    /// The form of the partie.
    #[must_use]
    pub const fn form(&self) -> TableForm {
        self.form
    }

    /// Every die thrown, in order.
    #[must_use]
    pub fn throws(&self) -> &[DrawThrow] {
        &self.throws
    }

    /// The first marqué.
    #[must_use]
    pub fn first(&self) -> Pairing {
        Pairing {
            number: 1,
            primaute: self.first_side[0],
            opponent: self.second_side[0],
            vacant: self.waiting,
        }
    }

    /// Marqué `number` (from 1) when `first_winner` won the first; for the first marqué the
    /// winner is not needed and ignored.
    ///
    /// # Errors
    /// [`TableError::NotSeated`] when `first_winner` did not play the first marqué;
    /// [`TableError::WinnerNeeded`] for a later marqué without it.
    pub fn pairing(&self, number: u32, first_winner: Option<Seat>) -> Result<Pairing, TableError> {
        let first = self.first();
        if number <= 1 {
            return Ok(first);
        }
        let winner = first_winner.ok_or(TableError::WinnerNeeded(number))?;
        if !first.seats(winner) {
            return Err(TableError::NotSeated {
                number: 1,
                winner,
                primaute: first.primaute,
                opponent: first.opponent,
            });
        }
        Ok(match self.form {
            TableForm::Teams => {
                let first_won = winner == first.primaute;
                let a = lane(self.first_side, first_won, number);
                let b = lane(self.second_side, !first_won, number);
                // Exactly one lane keeps its player from the marqué before: he stays and has
                // the primauté.
                if a == lane(self.first_side, first_won, number - 1) {
                    pairing(number, a, b, Vacant::NONE)
                } else {
                    pairing(number, b, a, Vacant::NONE)
                }
            }
            TableForm::Chouette => {
                let chouette = self.first_side[0];
                let ally_won = winner != chouette;
                let ally = lane(self.second_side, ally_won, number);
                // The primauté changes side at each change of ally: as often as the ally's
                // block of marqués changed.
                if block(ally_won, number).is_multiple_of(2) {
                    pairing(number, chouette, ally, Vacant::NONE)
                } else {
                    pairing(number, ally, chouette, Vacant::NONE)
                }
            }
            TableForm::Tourner | TableForm::TournerAQuatre => {
                let loser = if winner == first.primaute {
                    first.opponent
                } else {
                    first.primaute
                };
                // The loser of the first retires behind the waiting players; from then on each
                // player retires after two marqués in a row and the one who waited longest
                // comes in.
                let mut turn = vec![winner];
                turn.extend(self.waiting.iter());
                turn.push(loser);
                let len = turn.len() as u32;
                let at = |k: u32| turn[(k % len) as usize];
                let vacant = if len == 4 {
                    Vacant([Some(at(number)), Some(at(number + 1))])
                } else {
                    Vacant([Some(at(number)), None])
                };
                pairing(number, at(number - 2), at(number - 1), vacant)
            }
        })
    }
}

impl fmt::Display for Draw {
    /// The dice in order and the first marqué: `A 6, B 4, C 1: A-B, A has the primauté`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, t) in self.throws.iter().enumerate() {
            let sep = if k == 0 { "" } else { ", " };
            write!(f, "{sep}{} {}", t.seat, t.value)?;
        }
        let first = self.first();
        write!(f, ": {first}, {} has the primauté", first.primaute)
    }
}

fn pairing(number: u32, primaute: Seat, opponent: Seat, vacant: Vacant) -> Pairing {
    Pairing {
        number,
        primaute,
        opponent,
        vacant,
    }
}

/// The block of two marqués `number` falls in for a side whose first player won the first
/// marqué (he then played one marqué alone) or lost it (he plays the first two).
const fn block(won_first: bool, number: u32) -> u32 {
    if won_first {
        number / 2
    } else {
        (number - 1) / 2
    }
}

/// The player of a side (starter, partner) at marqué `number`.
const fn lane(side: [Seat; 2], won_first: bool, number: u32) -> Seat {
    side[(block(won_first, number) % 2) as usize]
}

/// One marqué of a schedule: its players and, once known, its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScheduledMarque {
    /// Who plays whom.
    pub pairing: Pairing,
    /// The winner, when given.
    pub winner: Option<Seat>,
}

/// The schedule of a partie `form` of `marques` marqués from the die results of its draw
/// (`dice`, in the order of the module documentation) and the winners of the marqués played
/// (`winners`, in order; refaits are not listed, they replay the same pairing): one entry
/// per marqué won and, while the partie is not over, the next marqué to play.
///
/// # Errors
/// [`TableError::ZeroMarques`], [`TableError::NotDivisibleByThree`] (à tourner),
/// [`TableError::DieOutOfRange`], [`TableError::DiceExhausted`], [`TableError::Over`] for
/// more winners than marqués, [`TableError::NotSeated`] for a winner who did not play his
/// marqué.
pub fn schedule(
    form: TableForm,
    marques: u32,
    dice: &[u8],
    winners: &[Seat],
) -> Result<Vec<ScheduledMarque>, TableError> {
    form.check_marques(marques)?;
    if winners.len() > marques as usize {
        return Err(TableError::Over(marques));
    }
    let draw = Draw::from_values(form, dice)?;
    let mut out = Vec::with_capacity(winners.len() + 1);
    let mut number = 1u32;
    while number <= marques {
        let pairing = draw.pairing(number, winners.first().copied())?;
        let winner = winners.get(number as usize - 1).copied();
        if let Some(w) = winner
            && !pairing.seats(w)
        {
            return Err(TableError::NotSeated {
                number,
                winner: w,
                primaute: pairing.primaute,
                opponent: pairing.opponent,
            });
        }
        out.push(ScheduledMarque { pairing, winner });
        if winner.is_none() {
            break;
        }
        number += 1;
    }
    Ok(out)
}
