//! The accounts of a partie at a table: à tourner, the queue des jetons and each pair's
//! account ([`TourneurDecompte`], glossary PARTIE À TOURNER: "il est possible qu'un même
//! joueur gagne deux postillons ou en perde deux, à savoir : un par adversaire"; "la queue
//! appartient à celui qui, avant le paiement des paris, se trouve avoir obtenu plus de jetons
//! que les autres"); in the other forms the two sides' décompte; and the balances.

use boardgames_common::{ByPlayer, Player};

use super::ledger::{Partie, TableResult};
use super::{Seat, TableError, TableForm};
use crate::ecrire::settlement::{Paris, SettlementError, paris, to_fiches};

/// The account between two players à tourner, each pair settling on its own (glossary,
/// PARTIE À TOURNER). Arrays are in the order of `seats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairAccount {
    /// The two players.
    pub seats: [Seat; 2],
    /// Jetons each received from the marqués he won against the other.
    pub marques: [u64; 2],
    /// Consolations each received from the other while vacant.
    pub consolations: [u64; 2],
    /// Marqués each won against the other.
    pub won: [u32; 2],
    /// The other's jetons de marqué each received as holder of the queue des jetons.
    pub queue: [u64; 2],
    /// The paris between the two (`Player::First` is `seats[0]`): the postillon and the
    /// double paris go by the marqués they won against each other.
    pub paris: Paris,
    /// Each one's account: marqués, consolations, queue and paris.
    pub accounts: [u64; 2],
    /// The player with the larger account, `None` on equal accounts.
    pub winner: Option<Seat>,
    /// The difference of the accounts, in jetons.
    pub difference: u64,
    /// The difference in fiches, with the queue générale if one was agreed.
    pub fiches: u64,
}

impl PairAccount {
    /// `seat`'s balance in jetons against the other player of the pair (0 when not in it);
    /// the two balances of a pair sum to zero.
    #[must_use]
    pub fn balance(&self, seat: Seat) -> i128 {
        match self.winner {
            Some(w) if w == seat => i128::from(self.difference),
            Some(_) if self.seats.contains(&seat) => -i128::from(self.difference),
            _ => 0,
        }
    }
}

/// Who takes the queue des jetons à tourner: every jeton de marqué put out at the three
/// places goes to the one player ahead in jetons before the paris; each other player pays
/// him what he put out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TourneurQueue {
    /// The one player with the most jetons received.
    Seat(Seat),
    /// Two or three equal at the top: the queue is shared, each takes back his own (this
    /// crate's reading; the glossary names no tie).
    Shared,
    /// The players agreed to ignore the queue des jetons.
    Ignored,
}

/// The décompte of a partie à tourner: the queue des jetons, then each pair's account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TourneurDecompte {
    /// Jetons each player (by seat index) received from the marqués, consolations as
    /// vacant included: the figure that decides the queue des jetons.
    pub received: Vec<u64>,
    /// Jetons de marqué each player put out at his own place (one or two per marqué lost).
    pub put_out: Vec<u64>,
    /// Who takes the queue des jetons.
    pub queue: TourneurQueue,
    /// The accounts of the pairs A-B, A-C, B-C (and at four A-D, B-D, C-D, in the order
    /// A-B, A-C, A-D, B-C, B-D, C-D; at four A-C and B-D never meet at the tablier and
    /// settle only the consolations paid while vacant).
    pub pairs: Vec<PairAccount>,
}

impl TourneurDecompte {
    /// `seat`'s balance over his two opponents, in jetons; the three balances sum to zero.
    #[must_use]
    pub fn balance(&self, seat: Seat) -> i128 {
        self.pairs.iter().map(|p| p.balance(seat)).sum()
    }
}

impl Partie {
    /// The décompte à tourner: the queue des jetons to the player ahead in jetons (marqués
    /// and consolations) before the paris, then each pair's marqués, consolations, queue
    /// and paris, and its difference in fiches.
    ///
    /// # Errors
    /// [`TableError::FormPlayers`] for another form (use [`Partie::sides`]),
    /// [`SettlementError::PartieNotOver`] before the end, [`SettlementError::Overflow`].
    pub fn tourner_decompte(&self) -> Result<TourneurDecompte, TableError> {
        if !self.form().is_tourner() {
            return Err(TableError::FormPlayers {
                form: TableForm::Tourner,
                needs: 3,
                given: self.names.len(),
            });
        }
        let n = self.names.len();
        self.check_over()?;
        let overflow = || TableError::Settlement(SettlementError::Overflow);
        let add = |a: &mut u64, b: u64| -> Result<(), TableError> {
            *a = a.checked_add(b).ok_or_else(overflow)?;
            Ok(())
        };
        let mut received = vec![0u64; n];
        let mut put_out = vec![0u64; n];
        let jetons = u64::from(self.rules.jetons_de_marque());
        for entry in &self.entries {
            if let TableResult::Won {
                winner,
                loser,
                settlement,
                vacant,
                ..
            } = entry.result
            {
                add(&mut received[winner.index()], settlement.payment)?;
                for v in vacant.iter() {
                    add(&mut received[v.index()], settlement.consolation)?;
                }
                add(&mut put_out[loser.index()], jetons)?;
            }
        }
        let top = received.iter().copied().max().unwrap_or(0);
        let at_top: Vec<usize> = (0..n).filter(|&i| received[i] == top).collect();
        let queue = if !self.rules.counts_queue_des_jetons() {
            TourneurQueue::Ignored
        } else if let [one] = at_top[..]
            && let Some(seat) = Seat::new(one)
        {
            TourneurQueue::Seat(seat)
        } else {
            TourneurQueue::Shared
        };
        let holder = match queue {
            TourneurQueue::Seat(seat) => Some(seat),
            _ => None,
        };
        let pair = |x: Seat, y: Seat| -> Result<PairAccount, TableError> {
            let (mut marques, mut consolations, mut won) = ([0u64; 2], [0u64; 2], [0u32; 2]);
            for entry in &self.entries {
                let TableResult::Won {
                    winner,
                    loser,
                    settlement,
                    vacant,
                    ..
                } = entry.result
                else {
                    continue;
                };
                for (k, (me, other)) in [(x, y), (y, x)].into_iter().enumerate() {
                    if winner == me && loser == other {
                        add(&mut marques[k], settlement.payment)?;
                        won[k] += 1;
                    }
                    if vacant.contains(me) && loser == other {
                        add(&mut consolations[k], settlement.consolation)?;
                    }
                }
            }
            let queue = [
                if holder == Some(x) {
                    put_out[y.index()]
                } else {
                    0
                },
                if holder == Some(y) {
                    put_out[x.index()]
                } else {
                    0
                },
            ];
            let paris = paris(ByPlayer::new(won[0], won[1]));
            let mut accounts = [0u64; 2];
            for k in 0..2 {
                add(&mut accounts[k], marques[k])?;
                add(&mut accounts[k], consolations[k])?;
                add(&mut accounts[k], queue[k])?;
            }
            match paris.winner {
                Some(Player::First) => add(&mut accounts[0], paris.jetons)?,
                Some(Player::Second) => add(&mut accounts[1], paris.jetons)?,
                None => {}
            }
            let (winner, difference) = match accounts[0].cmp(&accounts[1]) {
                std::cmp::Ordering::Greater => (Some(x), accounts[0] - accounts[1]),
                std::cmp::Ordering::Less => (Some(y), accounts[1] - accounts[0]),
                std::cmp::Ordering::Equal => (None, 0),
            };
            let mut fiches = to_fiches(difference, self.rules.fiche(), self.rules.remainder())?;
            if winner.is_some() {
                add(&mut fiches, self.rules.queue_generale())?;
            }
            Ok(PairAccount {
                seats: [x, y],
                marques,
                consolations,
                won,
                queue,
                paris,
                accounts,
                winner,
                difference,
                fiches,
            })
        };
        let mut pairs = Vec::with_capacity(n * (n - 1) / 2);
        for (i, &x) in Seat::ALL[..n].iter().enumerate() {
            for &y in &Seat::ALL[i + 1..n] {
                pairs.push(pair(x, y)?);
            }
        }
        Ok(TourneurDecompte {
            received,
            put_out,
            queue,
            pairs,
        })
    }

    /// The interests of the table and their final balances in jetons: each player à
    /// tourner (`A`, `B`, `C`), the two sides otherwise (`A+B` and `C+D`, or `A` and
    /// `B+C`). The balances sum to zero.
    ///
    /// # Errors
    /// [`SettlementError::PartieNotOver`] before the end, [`SettlementError::Overflow`].
    pub fn balances(&self) -> Result<Vec<(String, i128)>, TableError> {
        match &self.sides {
            None => {
                let d = self.tourner_decompte()?;
                Ok(Seat::ALL[..self.names.len()]
                    .iter()
                    .map(|s| (s.to_string(), d.balance(*s)))
                    .collect())
            }
            Some(ledger) => {
                let d = ledger.decompte()?;
                Ok([Player::First, Player::Second]
                    .into_iter()
                    .map(|p| (self.side_name(p), d.balance(p)))
                    .collect())
            }
        }
    }
}
