//! A partie à écrire at a table of three or four ([`Partie`]): its marqués as played and
//! settled (the accounts are in `accounts`, the score sheet in `sheet`).
//!
//! Source: the French glossary of the laws of trictrac, PARTIE À TOURNER ("celui qui a perdu,
//! outre la consolation qu'il paye de droit à son adversaire, en paye une égale à celui qui
//! est vacant"), PARTIE À QUATRE JOUEURS and PARTIE À LA CHOUETTE (common interests: the two
//! sides settle as the two players of the partie à deux).
//!
//! ```
//! use trictrac_core::ecrire::table::{Draw, Seat, Partie, TableForm};
//! use trictrac_core::ecrire::Quality;
//! use trictrac_core::ecrire::settlement::{EcrireRules, MarqueOutcome};
//! let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
//! let names = ["A", "B", "C"].map(String::from).to_vec();
//! let mut table = Partie::new(names, EcrireRules::new(6).unwrap(), draw).unwrap();
//! // B wins the first marqué 7 trous to 3, simple: A pays B 6 and the vacant C 2.
//! let m = table.record_won(Seat::B, MarqueOutcome::new(7, 3, Quality::Simple)).unwrap();
//! assert_eq!(m.payment(), Some(6));
//! assert_eq!(m.vacant_consolations(), [(Seat::C, 2)]);
//! ```

use boardgames_common::{ByPlayer, DiceSource, Player};

use super::schedule::{Draw, Pairing, Vacant};
use super::{Seat, TableError, TableForm};
use crate::ecrire::Ledger;
use crate::ecrire::Quality;
use crate::ecrire::settlement::{
    EcrireRules, MarqueOutcome, Settlement, SettlementError, TROU_D_OBLIGATION, settle_marque_in,
};

/// How a marqué at the table ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TableResult {
    /// Won by `winner` from `loser`.
    Won {
        /// The winner.
        winner: Seat,
        /// The loser, who pays.
        loser: Seat,
        /// Simple, petite or grande bredouille.
        quality: Quality,
        /// Under the sans lever convention, whether it counted sans lever.
        sans_lever: bool,
        /// The loser's payment to the winner, term by term.
        settlement: Settlement,
        /// À tourner, the vacant players, to each of whom the loser pays a consolation
        /// equal to the winner's, refaits included.
        vacant: Vacant,
    },
    /// A refait: equal trous (6 or more each); the marqué is replayed by the same players.
    Refait,
}

/// One marqué played at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableMarque {
    /// Who played whom.
    pub pairing: Pairing,
    /// Trous of the player with the primauté, then of his opponent.
    pub trous: [u32; 2],
    /// Refaits played just before it on the same number.
    pub refaits: u32,
    /// How it ended.
    pub result: TableResult,
}

impl TableMarque {
    /// The loser's payment to the winner, `None` for a refait.
    #[must_use]
    pub const fn payment(&self) -> Option<u64> {
        match self.result {
            TableResult::Won { settlement, .. } => Some(settlement.payment),
            TableResult::Refait => None,
        }
    }

    /// À tourner, each vacant player and the consolation the loser paid him (empty in the
    /// other forms and for a refait).
    #[must_use]
    pub fn vacant_consolations(&self) -> Vec<(Seat, u64)> {
        match self.result {
            TableResult::Won {
                vacant, settlement, ..
            } => vacant.iter().map(|v| (v, settlement.consolation)).collect(),
            TableResult::Refait => Vec::new(),
        }
    }
}

/// A partie à écrire at a table of three or four players (see the module documentation):
/// the glossary's PARTIE À TOURNER, PARTIE À LA CHOUETTE or PARTIE À QUATRE JOUEURS. (Not
/// `Table`: a table is a half of the board, [`crate::scoring::Table`].)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partie {
    pub(super) names: Vec<String>,
    pub(super) rules: EcrireRules,
    pub(super) draw: Draw,
    pub(super) entries: Vec<TableMarque>,
    pub(super) decided: u32,
    pub(super) refaits: u32,
    pub(super) first_winner: Option<Seat>,
    pub(super) sides: Option<Ledger>,
}

impl Partie {
    /// A table of `names` (in seat order, A first) playing a partie of `rules` (its marqués,
    /// convention and settlement options) in the form of `draw`, starting as `draw` decided.
    ///
    /// # Errors
    /// [`TableError::Players`] unless 3 or 4 names, [`TableError::FormPlayers`] when they do
    /// not fit the form, [`TableError::NotDivisibleByThree`] à tourner.
    pub fn new(names: Vec<String>, rules: EcrireRules, draw: Draw) -> Result<Partie, TableError> {
        let form = draw.form();
        form.check_players(names.len())?;
        form.check_marques(rules.marques())?;
        let sides = (!form.is_tourner()).then(|| Ledger::new(rules));
        Ok(Partie {
            names,
            rules,
            draw,
            entries: Vec::new(),
            decided: 0,
            refaits: 0,
            first_winner: None,
            sides,
        })
    }

    /// A table of `names` for a partie `form` of `rules`, drawn with `dice`
    /// ([`Draw::new`]).
    ///
    /// # Errors
    /// Those of [`Draw::new`] and [`Partie::new`].
    pub fn seat(
        form: TableForm,
        names: Vec<String>,
        rules: EcrireRules,
        dice: &mut dyn DiceSource,
    ) -> Result<Partie, TableError> {
        form.check_players(names.len())?;
        form.check_marques(rules.marques())?;
        Partie::new(names, rules, Draw::new(form, dice)?)
    }

    /// The form of the partie.
    #[must_use]
    pub const fn form(&self) -> TableForm {
        self.draw.form()
    }

    /// The players' names, in seat order.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The rules of the partie.
    #[must_use]
    pub const fn rules(&self) -> &EcrireRules {
        &self.rules
    }

    /// The draw.
    #[must_use]
    pub const fn draw(&self) -> &Draw {
        &self.draw
    }

    /// Every marqué played, refaits included.
    #[must_use]
    pub fn entries(&self) -> &[TableMarque] {
        &self.entries
    }

    /// Marqués decided.
    #[must_use]
    pub const fn decided(&self) -> u32 {
        self.decided
    }

    /// Whether every marqué is decided.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.decided >= self.rules.marques()
    }

    /// The marqué to play, `None` when the partie is over.
    #[must_use]
    pub fn current(&self) -> Option<Pairing> {
        if self.is_over() {
            return None;
        }
        self.draw.pairing(self.decided + 1, self.first_winner).ok()
    }

    /// The side of `seat` in the two-sided forms: `Player::First` for the chouette (A) or
    /// the team A-B, `Player::Second` for the allies B-C or the team C-D. À tourner there are
    /// no sides and every seat is `Player::First`.
    #[must_use]
    pub fn side(&self, seat: Seat) -> Player {
        self_side(self.form(), seat)
    }

    /// The two sides' ledger (teams and chouette; `None` à tourner), a partie à deux ledger
    /// whose `A` is the side A-B (teams) or the chouette A, and `B` the other side.
    #[must_use]
    pub const fn sides(&self) -> Option<&Ledger> {
        self.sides.as_ref()
    }

    fn open(&self) -> Result<Pairing, TableError> {
        self.current().ok_or(TableError::Over(self.rules.marques()))
    }

    /// Records the marqué in play as won by `winner` with `outcome`'s trous, quality and
    /// sans lever (its `refaits` are replaced by the refaits just played at the table), and
    /// settles it; à tourner the loser also pays the vacant player a consolation equal to
    /// the winner's.
    ///
    /// # Errors
    /// [`TableError::Over`], [`TableError::NotSeated`] when `winner` does not play the
    /// marqué, [`TableError::Settlement`] for an outcome the règlement refuses.
    pub fn record_won(
        &mut self,
        winner: Seat,
        outcome: MarqueOutcome,
    ) -> Result<&TableMarque, TableError> {
        let pairing = self.open()?;
        let loser = pairing.other(winner).ok_or(TableError::NotSeated {
            number: pairing.number,
            winner,
            primaute: pairing.primaute,
            opponent: pairing.opponent,
        })?;
        let outcome = outcome.after_refaits(self.refaits);
        let settlement = settle_marque_in(&self.rules, &outcome)?;
        if let Some(sides) = &mut self.sides {
            let mut trous = ByPlayer::new(0, 0);
            let side = self_side(self.draw.form(), winner);
            trous[side] = outcome.trous;
            trous[side.other()] = outcome.opponent_trous;
            sides.record_won(side, trous, outcome.quality, outcome.sans_lever)?;
        }
        let trous = if winner == pairing.primaute {
            [outcome.trous, outcome.opponent_trous]
        } else {
            [outcome.opponent_trous, outcome.trous]
        };
        self.entries.push(TableMarque {
            pairing,
            trous,
            refaits: self.refaits,
            result: TableResult::Won {
                winner,
                loser,
                quality: outcome.quality,
                sans_lever: outcome.sans_lever,
                settlement,
                vacant: pairing.vacant,
            },
        });
        if self.decided == 0 {
            self.first_winner = Some(winner);
        }
        self.decided += 1;
        self.refaits = 0;
        Ok(&self.entries[self.entries.len() - 1])
    }

    /// Records a refait of the marqué in play, both players on `trous` (6 or more).
    ///
    /// # Errors
    /// [`TableError::Over`], [`TableError::Settlement`] with
    /// [`SettlementError::NotARefait`] below 6 trous.
    pub fn record_refait(&mut self, trous: u32) -> Result<(), TableError> {
        let pairing = self.open()?;
        if trous < TROU_D_OBLIGATION {
            return Err(SettlementError::NotARefait {
                first: trous,
                second: trous,
            }
            .into());
        }
        if let Some(sides) = &mut self.sides {
            sides.record_refait(ByPlayer::new(trous, trous))?;
        }
        self.entries.push(TableMarque {
            pairing,
            trous: [trous, trous],
            refaits: self.refaits,
            result: TableResult::Refait,
        });
        self.refaits = self.refaits.saturating_add(1);
        Ok(())
    }

    pub(super) fn check_over(&self) -> Result<(), TableError> {
        if self.is_over() {
            Ok(())
        } else {
            Err(SettlementError::PartieNotOver {
                marques: self.rules.marques(),
                decided: self.decided,
            }
            .into())
        }
    }

    /// The name of a side: `A+B`, `C+D`, `A` (the chouette), `B+C`.
    #[must_use]
    pub fn side_name(&self, side: Player) -> String {
        let seats: Vec<String> = Seat::ALL[..self.names.len()]
            .iter()
            .filter(|s| self.side(**s) == side)
            .map(ToString::to_string)
            .collect();
        seats.join("+")
    }
}

fn self_side(form: TableForm, seat: Seat) -> Player {
    match form {
        TableForm::Teams if seat.index() >= 2 => Player::Second,
        TableForm::Chouette if seat != Seat::A => Player::Second,
        _ => Player::First,
    }
}
