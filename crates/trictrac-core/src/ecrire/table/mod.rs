//! The partie à écrire at three or four players: à tourner (each for himself), à la chouette
//! (two allied against one) and in two teams of two, each marqué played between two players
//! as in the partie à deux and settled by the same règlement des marqués.
//!
//! Source: the French glossary of the laws of trictrac, PARTIE À QUATRE JOUEURS, PARTIE À LA
//! CHOUETTE and PARTIE À TOURNER.
//!
//! - The draw by dice ([`Draw`]) and who plays whom at each marqué ([`Pairing`], the pure
//!   function [`schedule()`]).
//! - [`Partie`], a partie at a table: its marqués as settled, one account per pair of
//!   interests, the décompte ([`TourneurDecompte`] à tourner, the partie à deux's
//!   [`Decompte`](crate::ecrire::settlement::Decompte) between the two sides otherwise) and the sheet.
//! - A table of bots playing every marqué through seeded dice ([`Partie::play_bots`], in
//!   the AI layer).
//!
//! Seats are letters, `A` to `D`: à la chouette `A` makes the chouette and `B`, `C` are
//! allied; in teams `A` and `B` play against `C` and `D`.
//!
//! The partie at three or four is named [`Partie`] (each form is a *partie* in the glossary:
//! PARTIE À TOURNER, PARTIE À LA CHOUETTE, PARTIE À QUATRE JOUEURS), not a table: in the laws
//! a *table* is a half of the board, the table du petit jan or du grand jan
//! ([`crate::scoring::Table`]); the seats and the players around the board keep the word in
//! its everyday sense ([`Seat`], [`TableForm`]).

mod accounts;
mod ledger;
mod schedule;
mod sheet;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::ecrire::settlement::SettlementError;

pub use accounts::{PairAccount, TourneurDecompte, TourneurQueue};
pub use ledger::{Partie, TableMarque, TableResult};
pub use schedule::{
    Draw, DrawThrow, MAX_DRAW_THROWS, Pairing, ScheduledMarque, Vacant, given_dice, schedule,
};

/// A place at the table, `A` to `D`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat(u8);

impl Seat {
    /// The first seat (the chouette à la chouette).
    pub const A: Seat = Seat(0);
    /// The second seat.
    pub const B: Seat = Seat(1);
    /// The third seat.
    pub const C: Seat = Seat(2);
    /// The fourth seat (teams only).
    pub const D: Seat = Seat(3);
    /// The four seats in order.
    pub const ALL: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

    /// The seat of index `index` (0 for `A`), `None` from 4 on.
    #[must_use]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < 4 {
            #[allow(clippy::cast_possible_truncation)]
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The index, 0 for `A`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(b'A' + self.0))
    }
}

impl FromStr for Seat {
    type Err = TableError;
    /// `A` to `D` (either case).
    fn from_str(s: &str) -> Result<Seat, TableError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "A" => Ok(Seat::A),
            "B" => Ok(Seat::B),
            "C" => Ok(Seat::C),
            "D" => Ok(Seat::D),
            _ => Err(TableError::UnknownSeat(s.to_owned())),
        }
    }
}

/// The three ways to play the partie à écrire at more than two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TableForm {
    /// Three players, each for himself, in turn against each other (PARTIE À TOURNER).
    Tourner,
    /// Three players, `A` (the chouette) against `B` and `C` allied (PARTIE À LA CHOUETTE).
    Chouette,
    /// Four players, `A` and `B` against `C` and `D` (PARTIE À QUATRE JOUEURS).
    Teams,
    /// Four players, each for himself, in turn (PARTIE À TOURNER: "Jadis, à quatre joueurs,
    /// on pouvait faire une partie à tourner plutôt qu'en équipe si on le souhaitait"): the
    /// rules of three extended to four, this crate's reading (the loser of the first marqué
    /// retires behind the two waiting, each player retires after two marqués in a row and
    /// the one who waited longest comes in; the loser pays each of the two vacant players a
    /// consolation equal to the winner's).
    TournerAQuatre,
}

impl TableForm {
    /// Every `TableForm`, in the order of its declaration.
    pub const ALL: [TableForm; 4] = [
        TableForm::Tourner,
        TableForm::Chouette,
        TableForm::Teams,
        TableForm::TournerAQuatre,
    ];
    /// The number of `TableForm`s.
    pub const NUM: usize = 4;
}

impl TableForm {
    /// The players it seats: 3, or 4 in teams.
    #[must_use]
    pub const fn players(self) -> usize {
        match self {
            TableForm::Tourner | TableForm::Chouette => 3,
            TableForm::Teams | TableForm::TournerAQuatre => 4,
        }
    }

    /// Whether each plays for himself (à tourner, at three or four): no sides, a vacant
    /// player's consolation, each pair's account.
    #[must_use]
    pub const fn is_tourner(self) -> bool {
        matches!(self, TableForm::Tourner | TableForm::TournerAQuatre)
    }

    /// The notation name: `tourner`, `chouette`, `teams`, `tourner-4`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TableForm::Tourner => "tourner",
            TableForm::Chouette => "chouette",
            TableForm::Teams => "teams",
            TableForm::TournerAQuatre => "tourner-4",
        }
    }

    /// Checks that `players` players can play this form.
    ///
    /// # Errors
    /// [`TableError::Players`] for fewer than 3 or more than 4, [`TableError::FormPlayers`]
    /// for 3 in teams or 4 at a form of three.
    pub const fn check_players(self, players: usize) -> Result<(), TableError> {
        if players < 3 || players > 4 {
            Err(TableError::Players(players))
        } else if players != self.players() {
            Err(TableError::FormPlayers {
                form: self,
                needs: self.players(),
                given: players,
            })
        } else {
            Ok(())
        }
    }

    /// Checks that a partie of this form can have `marques` marqués: at least 1; à tourner a
    /// multiple of 3 (glossary: "le nombre des marqués doit être divisible par 3"); in teams
    /// and à la chouette a multiple of 4, the only counts where the closing rule holds
    /// whoever wins the first marqué (PARTIE À QUATRE JOUEURS: "chaque joueur se retire après
    /// avoir joué deux marqués de suite ; sauf le dernier coup où celui qui au début n'avait
    /// joué qu'un seul marqué termine alors la partie, ne jouant à nouveau qu'un seul
    /// marqué": one, then blocks of two, then one, the first and the last the same player's);
    /// à tourner at four a multiple of 4 (each of the four pairs that meet plays as often).
    ///
    /// # Errors
    /// [`TableError::ZeroMarques`], [`TableError::NotDivisibleByThree`],
    /// [`TableError::NotAMultipleOfFour`].
    pub const fn check_marques(self, marques: u32) -> Result<(), TableError> {
        if marques == 0 {
            Err(TableError::ZeroMarques)
        } else if matches!(self, TableForm::Tourner) && !marques.is_multiple_of(3) {
            Err(TableError::NotDivisibleByThree(marques))
        } else if !matches!(self, TableForm::Tourner) && !marques.is_multiple_of(4) {
            Err(TableError::NotAMultipleOfFour {
                form: self,
                marques,
            })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for TableForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TableForm {
    type Err = TableError;
    /// `tourner`, `chouette`, `teams`, `tourner-4`.
    fn from_str(s: &str) -> Result<TableForm, TableError> {
        match s.trim() {
            "tourner" => Ok(TableForm::Tourner),
            "chouette" => Ok(TableForm::Chouette),
            "teams" => Ok(TableForm::Teams),
            "tourner-4" => Ok(TableForm::TournerAQuatre),
            _ => Err(TableError::UnknownForm(s.to_owned())),
        }
    }
}

fn multiple_of_four(form: TableForm, marques: u32) -> String {
    match form {
        TableForm::TournerAQuatre => format!(
            "à tourner at four the number of marqués must be a multiple of 4 (4, 8, 12, 16 …), so that the four pairs that meet play as often, not {marques}"
        ),
        _ => format!(
            "{} the player who played one marqué alone at the start plays the last alone (PARTIE À QUATRE JOUEURS) only in a multiple of 4 marqués (4, 8, 12, 16 …), not {marques}",
            if form == TableForm::Chouette {
                "à la chouette"
            } else {
                "in teams"
            }
        ),
    }
}

/// What was wrong with a table, its draw, its schedule or a marqué recorded at it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The partie à écrire at a table is for 3 or 4 players (2 play the partie à deux).
    #[error("a partie à écrire at a table seats 3 or 4 players, not {0}")]
    Players(usize),
    /// The form needs another number of players.
    #[error("the partie {form} seats {needs} players, not {given}")]
    FormPlayers {
        /// The form.
        form: TableForm,
        /// The players it seats.
        needs: usize,
        /// The players given.
        given: usize,
    },
    /// A partie is of at least one marqué.
    #[error("a partie à écrire needs at least 1 marqué, not 0")]
    ZeroMarques,
    /// À tourner the marqués are a multiple of 3.
    #[error("à tourner the number of marqués must be divisible by 3 (6, 9, 12, 15 …), not {0}")]
    NotDivisibleByThree(u32),
    /// In teams, à la chouette and à tourner at four the marqués are a multiple of 4.
    #[error("{}", multiple_of_four(*form, *marques))]
    NotAMultipleOfFour {
        /// The form.
        form: TableForm,
        /// The marqués asked.
        marques: u32,
    },
    /// A die result outside 1 to 6.
    #[error("die result {value} (throw {index} of the draw) is not between 1 and 6")]
    DieOutOfRange {
        /// The place of the die among those given, from 1.
        index: usize,
        /// The value given.
        value: u8,
    },
    /// The dice given ran out before the draw was decided.
    #[error("the dice ran out after {0} throws, before the draw was decided")]
    DiceExhausted(usize),
    /// Still equal dice after [`MAX_DRAW_THROWS`] throws.
    #[error("the draw was still undecided after {0} throws")]
    Undecided(usize),
    /// The winner of a marqué did not play it.
    #[error("marqué {number} is played by {primaute} and {opponent}: {winner} was not seated")]
    NotSeated {
        /// The marqué, from 1.
        number: u32,
        /// The winner given.
        winner: Seat,
        /// The player with the primauté.
        primaute: Seat,
        /// His opponent.
        opponent: Seat,
    },
    /// A marqué after the first is scheduled from the first one's winner.
    #[error("marqué {0} is scheduled from the winner of the first marqué, not given")]
    WinnerNeeded(u32),
    /// More marqués than the partie has.
    #[error("the partie has {0} marqués and all of them are decided")]
    Over(u32),
    /// Not a seat.
    #[error("unknown seat {0:?} (expected A, B, C or D)")]
    UnknownSeat(String),
    /// Not a form.
    #[error("unknown form {0:?} (expected tourner, chouette, teams or tourner-4)")]
    UnknownForm(String),
    /// The settlement refused a marqué (too few trous, not ahead, an overflow…).
    #[error("settlement: {0}")]
    Settlement(SettlementError),
    /// A marqué between bots could not be played to its end.
    #[error("marqué {number} between bots: {reason}")]
    Play {
        /// The marqué, from 1.
        number: u32,
        /// What went wrong.
        reason: String,
    },
}

// By hand rather than `#[from]`, which would also make the cause the `source()` of an error
// that already prints it.
impl From<SettlementError> for TableError {
    fn from(e: SettlementError) -> TableError {
        TableError::Settlement(e)
    }
}
