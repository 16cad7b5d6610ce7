//! A partie à écrire at a table of three or four: its marqués as settled, one account per
//! pair of interests, the décompte and the score sheet.
//!
//! Source: the French glossary of the laws of trictrac, PARTIE À TOURNER ("celui qui a perdu,
//! outre la consolation qu'il paye de droit à son adversaire, en paye une égale à celui qui
//! est vacant"; "il est possible qu'un même joueur gagne deux postillons ou en perde deux, à
//! savoir : un par adversaire"; "la
//! queue appartient à celui qui, avant le paiement des paris, se trouve avoir obtenu plus de
//! jetons que les autres"), PARTIE À QUATRE JOUEURS and PARTIE À LA CHOUETTE (common
//! interests: the two sides settle as the two players of the partie à deux).
//!
//! ```
//! use trictrac_core::partie::table::{Draw, Seat, Partie, TableForm};
//! use trictrac_core::partie::{EcrireRules, MarqueOutcome, Quality};
//! let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
//! let names = ["A", "B", "C"].map(String::from).to_vec();
//! let mut table = Partie::new(names, EcrireRules::new(6).unwrap(), draw).unwrap();
//! // B wins the first marqué 7 trous to 3, simple: A pays B 6 and the vacant C 2.
//! let m = table.record_won(Seat::B, MarqueOutcome::new(7, 3, Quality::Simple)).unwrap();
//! assert_eq!(m.payment(), Some(6));
//! assert_eq!(m.vacant_consolation(), Some((Seat::C, 2)));
//! ```

use std::fmt::Write as _;

use boardgames_common::{ByPlayer, Player};

use super::schedule::{Draw, Pairing};
use super::{Seat, TableError, TableForm};
use crate::partie::convention::Quality;
use crate::partie::ledger::Ledger;
use crate::partie::settlement::{
    EcrireRules, MarqueOutcome, Paris, QueueHolder, Settlement, SettlementError, TROU_D_OBLIGATION,
    paris, settle_marque, to_fiches,
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
        /// À tourner, the vacant player and the consolation the loser pays him: equal to
        /// the winner's, refaits included.
        vacant: Option<(Seat, u64)>,
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

    /// À tourner, the vacant player and the consolation the loser paid him.
    #[must_use]
    pub const fn vacant_consolation(&self) -> Option<(Seat, u64)> {
        match self.result {
            TableResult::Won { vacant, .. } => vacant,
            TableResult::Refait => None,
        }
    }
}

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
    pub received: [u64; 3],
    /// Jetons de marqué each player put out at his own place (one or two per marqué lost).
    pub put_out: [u64; 3],
    /// Who takes the queue des jetons.
    pub queue: TourneurQueue,
    /// The accounts of the pairs A-B, A-C, B-C.
    pub pairs: [PairAccount; 3],
}

impl TourneurDecompte {
    /// `seat`'s balance over his two opponents, in jetons; the three balances sum to zero.
    #[must_use]
    pub fn balance(&self, seat: Seat) -> i128 {
        self.pairs.iter().map(|p| p.balance(seat)).sum()
    }
}

/// A partie à écrire at a table of three or four players (see the module documentation):
/// the glossary's PARTIE À TOURNER, PARTIE À LA CHOUETTE or PARTIE À QUATRE JOUEURS. (Not
/// `Table`: a table is a half of the board, [`crate::scoring::Table`].)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partie {
    names: Vec<String>,
    rules: EcrireRules,
    draw: Draw,
    entries: Vec<TableMarque>,
    decided: u32,
    refaits: u32,
    first_winner: Option<Seat>,
    sides: Option<Ledger>,
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
        let sides = (form != TableForm::Tourner).then(|| Ledger::new(rules));
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
        let settlement = settle_marque(self.rules.convention(), &outcome)?;
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
                vacant: pairing.vacant.map(|v| (v, settlement.consolation)),
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

    fn check_over(&self) -> Result<(), TableError> {
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

    /// The décompte à tourner: the queue des jetons to the player ahead in jetons (marqués
    /// and consolations) before the paris, then each pair's marqués, consolations, queue
    /// and paris, and its difference in fiches.
    ///
    /// # Errors
    /// [`TableError::FormPlayers`] for another form (use [`Partie::sides`]),
    /// [`SettlementError::PartieNotOver`] before the end, [`SettlementError::Overflow`].
    pub fn tourner_decompte(&self) -> Result<TourneurDecompte, TableError> {
        if self.form() != TableForm::Tourner {
            return Err(TableError::FormPlayers {
                form: TableForm::Tourner,
                needs: 3,
                given: self.names.len(),
            });
        }
        self.check_over()?;
        let overflow = || TableError::Settlement(SettlementError::Overflow);
        let add = |a: &mut u64, b: u64| -> Result<(), TableError> {
            *a = a.checked_add(b).ok_or_else(overflow)?;
            Ok(())
        };
        let mut received = [0u64; 3];
        let mut put_out = [0u64; 3];
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
                if let Some((v, c)) = vacant {
                    add(&mut received[v.index()], c)?;
                }
                add(&mut put_out[loser.index()], jetons)?;
            }
        }
        let top = received.iter().copied().max().unwrap_or(0);
        let at_top: Vec<usize> = (0..3).filter(|&i| received[i] == top).collect();
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
                    if let Some((v, c)) = vacant
                        && v == me
                        && loser == other
                    {
                        add(&mut consolations[k], c)?;
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
        Ok(TourneurDecompte {
            received,
            put_out,
            queue,
            pairs: [
                pair(Seat::A, Seat::B)?,
                pair(Seat::A, Seat::C)?,
                pair(Seat::B, Seat::C)?,
            ],
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
                Ok(Seat::ALL[..3]
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

    /// The score sheet: who played whom at each marqué with its trous (the primauté's
    /// first), its quality and what the loser paid (`A→B 6`, and à tourner the vacant's
    /// consolation `A→C 2`); then, once the partie is over, the décompte and the balances.
    #[must_use]
    pub fn sheet(&self) -> String {
        let mut s = String::new();
        for (k, name) in self.names.iter().enumerate() {
            if let Some(seat) = Seat::new(k) {
                let _ = write!(s, "{seat} {name}  ");
            }
        }
        let _ = writeln!(s, "({}, {} marqués)", self.form(), self.rules.marques());
        let _ = writeln!(s, "marqué  plays  trous  won                       paid");
        for e in &self.entries {
            let _ = write!(
                s,
                "{:>6}  {:<5}  {:>5}  ",
                e.pairing.number,
                e.pairing.to_string(),
                format!("{}-{}", e.trous[0], e.trous[1])
            );
            match e.result {
                TableResult::Refait => {
                    let _ = writeln!(s, "refait");
                }
                TableResult::Won {
                    winner,
                    loser,
                    quality,
                    settlement,
                    vacant,
                    ..
                } => {
                    let won = format!("{winner} {quality}");
                    let _ = write!(s, "{won:<24}  {loser}→{winner} {}", settlement.payment);
                    if let Some((v, c)) = vacant {
                        let _ = write!(s, ", {loser}→{v} {c}");
                    }
                    let _ = writeln!(s);
                }
            }
        }
        if self.is_over() {
            self.write_decompte(&mut s);
        }
        s
    }

    fn write_decompte(&self, s: &mut String) {
        match &self.sides {
            Some(ledger) => {
                let Ok(d) = ledger.decompte() else { return };
                let (a, b) = (
                    self.side_name(Player::First),
                    self.side_name(Player::Second),
                );
                let _ = writeln!(
                    s,
                    "Décompte: marqués {a} {} won ({} jetons), {b} {} won ({} jetons)",
                    d.won[Player::First],
                    d.marques[Player::First],
                    d.won[Player::Second],
                    d.marques[Player::Second]
                );
                let queue = match d.queue_holder {
                    QueueHolder::Player(p) => {
                        format!("{} to {}", d.queue_des_jetons, self.side_name(p))
                    }
                    QueueHolder::Shared => "shared".to_owned(),
                    QueueHolder::Ignored => "ignored".to_owned(),
                };
                let _ = writeln!(s, "  queue des jetons: {queue}");
                if let Some(p) = d.paris.winner {
                    let _ = writeln!(
                        s,
                        "  paris: {} to {} = {} jetons",
                        d.paris.paris,
                        self.side_name(p),
                        d.paris.jetons
                    );
                }
                let _ = writeln!(
                    s,
                    "  accounts: {a} {}, {b} {}",
                    d.accounts[Player::First],
                    d.accounts[Player::Second]
                );
                match d.winner {
                    Some(p) => {
                        let _ = writeln!(
                            s,
                            "  {} wins {} jetons = {}",
                            self.side_name(p),
                            d.difference,
                            fiches(d.total_fiches)
                        );
                    }
                    None => {
                        let _ = writeln!(s, "  equal accounts");
                    }
                }
            }
            None => {
                let Ok(d) = self.tourner_decompte() else {
                    return;
                };
                let queue = match d.queue {
                    TourneurQueue::Seat(h) => format!(
                        "to {h}, ahead with {} jetons (put out: A {}, B {}, C {})",
                        d.received[h.index()],
                        d.put_out[0],
                        d.put_out[1],
                        d.put_out[2]
                    ),
                    TourneurQueue::Ignored => "ignored".to_owned(),
                    TourneurQueue::Shared => "shared: each takes back his own".to_owned(),
                };
                let _ = writeln!(s, "Décompte: queue des jetons {queue}");
                for p in &d.pairs {
                    let [x, y] = p.seats;
                    let _ = write!(
                        s,
                        "  {x}-{y}: marqués {x} {} ({}), {y} {} ({}); consolations {x} {}, {y} {}; queue {x} {}, {y} {}",
                        p.won[0],
                        p.marques[0],
                        p.won[1],
                        p.marques[1],
                        p.consolations[0],
                        p.consolations[1],
                        p.queue[0],
                        p.queue[1]
                    );
                    if let Some(w) = p.paris.winner {
                        let to = if w == Player::First { x } else { y };
                        let postillon = if p.paris.postillon {
                            " with the postillon"
                        } else {
                            ""
                        };
                        let _ = write!(
                            s,
                            "; paris {} to {to}{postillon} = {}",
                            p.paris.paris, p.paris.jetons
                        );
                    }
                    match p.winner {
                        Some(w) => {
                            let _ = writeln!(
                                s,
                                "; {w} wins {} jetons = {}",
                                p.difference,
                                fiches(p.fiches)
                            );
                        }
                        None => {
                            let _ = writeln!(s, "; equal");
                        }
                    }
                }
            }
        }
        if let Ok(b) = self.balances() {
            let parts: Vec<String> = b.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
            let _ = writeln!(s, "Balances: {}", parts.join(", "));
        }
    }
}

fn fiches(n: u64) -> String {
    format!("{n} fiche{}", if n == 1 { "" } else { "s" })
}

fn self_side(form: TableForm, seat: Seat) -> Player {
    match form {
        TableForm::Teams if seat.index() >= 2 => Player::Second,
        TableForm::Chouette if seat != Seat::A => Player::Second,
        _ => Player::First,
    }
}
