//! The end of a partie à écrire: the paris and the queue des paris, the queue des jetons,
//! and the *décompte général* in fiches with the queue générale (glossary, "Paris et queue
//! des paris", "Décompte général", "Queue générale", QUEUE DES JETONS, QUEUE DES PARIS,
//! QUEUE GÉNÉRALE).

use boardgames_common::{ByPlayer, Player};

use super::rules::{EcrireRules, Remainder};
use super::{PARI, QUEUE_DES_PARIS, SettlementError};

/// The paris exchanged at the end of a partie (glossary, "Paris et queue des paris" and QUEUE
/// DES PARIS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Paris {
    /// The player who won more marqués than his contingent, if any.
    pub winner: Option<Player>,
    /// Paris won by him, each also a pari lost by the opponent: the difference of the
    /// marqués won (2 for 5 against 3).
    pub paris: u32,
    /// Whether the first double pari, the postillon, is among them.
    pub postillon: bool,
    /// Double paris after the postillon, 8 jetons each.
    pub later_double_paris: u32,
    /// A single pari left over (an odd difference, in a partie of an odd number of marqués).
    pub single_pari: bool,
    /// The queue des paris (20 jetons) to the winner; 0 when nobody passed his contingent.
    pub queue_des_paris: u64,
    /// The jetons the loser pays: 4 per pari and the queue des paris (28 for the postillon,
    /// 8 more per later double pari).
    pub jetons: u64,
}

/// The paris of a partie whose players won `won` marqués each.
///
/// Each marqué won beyond the contingent is a pari won, and the same marqué lost beyond the
/// opponent's contingent a pari lost, so the paris number the difference of the marqués won.
/// The first double pari is the postillon, 28 jetons of which 20 are the queue des paris;
/// each later double pari pays 8. In an odd partie the difference is odd and a single pari
/// (4) is left over; the queue des paris still goes to the player beyond his contingent (this
/// crate's reading of QUEUE DES PARIS, where the queue is given for passing the contingent).
#[must_use]
pub fn paris(won: ByPlayer<u32>) -> Paris {
    let (white, black) = (won[Player::First], won[Player::Second]);
    let (winner, diff) = match white.cmp(&black) {
        std::cmp::Ordering::Greater => (Some(Player::First), white - black),
        std::cmp::Ordering::Less => (Some(Player::Second), black - white),
        std::cmp::Ordering::Equal => (None, 0),
    };
    let doubles = diff / 2;
    let queue = if diff > 0 { QUEUE_DES_PARIS } else { 0 };
    Paris {
        winner,
        paris: diff,
        postillon: doubles >= 1,
        later_double_paris: doubles.saturating_sub(1),
        single_pari: diff % 2 == 1,
        queue_des_paris: queue,
        jetons: PARI * u64::from(diff) + queue,
    }
}

/// Converts `jetons` to fiches of `fiche` jetons, with `remainder` deciding what is left.
///
/// # Errors
/// [`SettlementError::FicheOfZero`] for a fiche of 0 jetons.
pub fn to_fiches(jetons: u64, fiche: u32, remainder: Remainder) -> Result<u64, SettlementError> {
    if fiche == 0 {
        return Err(SettlementError::FicheOfZero);
    }
    let fiche = u64::from(fiche);
    let (whole, left) = (jetons / fiche, jetons % fiche);
    let extra = match remainder {
        Remainder::HalfCounts => u64::from(left > 0 && left >= fiche - fiche / 2),
        Remainder::Nothing => 0,
    };
    Ok(whole + extra)
}

/// Who has the queue des jetons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum QueueHolder {
    /// One player won more jetons de mise from the marqués and takes it.
    Player(Player),
    /// Equal jetons: the queue is shared and changes nothing between the players.
    Shared,
    /// The players agreed to ignore the queue des jetons.
    Ignored,
}

/// The décompte général of a partie à écrire, step by step (glossary, "Décompte général",
/// "Queue générale").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decompte {
    /// Jetons de mise each player won from the marqués (the payments he received).
    pub marques: ByPlayer<u64>,
    /// Marqués each player won.
    pub won: ByPlayer<u32>,
    /// The queue des jetons: every jeton de marqué put out (jetons de marqué × marqués
    /// decided).
    pub queue_des_jetons: u64,
    /// Its holder.
    pub queue_holder: QueueHolder,
    /// The paris and the queue des paris.
    pub paris: Paris,
    /// Each player's account (*compte*): his jetons from the marqués, the queue des jetons if
    /// he holds it, the paris if he won them. A shared queue would add the same half to both
    /// accounts and change no difference, so it is left out of both.
    pub accounts: ByPlayer<u64>,
    /// The winner of the partie (the larger account), `None` on equal accounts.
    pub winner: Option<Player>,
    /// The winner's account minus the loser's, in jetons.
    pub difference: u64,
    /// The difference in fiches.
    pub fiches: u64,
    /// The queue générale, in fiches, to the winner (0 when none was agreed or nobody won).
    pub queue_generale: u64,
    /// The final result in fiches: the difference in fiches and the queue générale.
    pub total_fiches: u64,
}

impl Decompte {
    /// `player`'s final balance in jetons (before fiches): the difference, positive for the
    /// winner, negative for the loser; the two balances sum to zero.
    #[must_use]
    pub fn balance(&self, player: Player) -> i128 {
        match self.winner {
            Some(w) if w == player => i128::from(self.difference),
            Some(_) => -i128::from(self.difference),
            None => 0,
        }
    }
}

/// The décompte général of a partie played under `rules` where the players received
/// `marques` jetons de mise from the marqués and won `won` marqués.
///
/// In order: the queue des jetons (jetons de marqué × marqués decided) to the player ahead
/// in jetons de mise, shared on a tie; the paris ([`paris`]); each player's account, the
/// difference of the two, its conversion to fiches, and the queue générale to the winner.
///
/// # Errors
/// [`SettlementError::PartieNotOver`] unless `won` adds up to the rules' marqués;
/// [`SettlementError::Overflow`].
pub fn decompte(
    rules: &EcrireRules,
    marques: ByPlayer<u64>,
    won: ByPlayer<u32>,
) -> Result<Decompte, SettlementError> {
    let decided = won[Player::First].saturating_add(won[Player::Second]);
    if decided != rules.marques() {
        return Err(SettlementError::PartieNotOver {
            marques: rules.marques(),
            decided,
        });
    }
    let queue_des_jetons = if rules.counts_queue_des_jetons() {
        u64::from(rules.jetons_de_marque()) * u64::from(decided)
    } else {
        0
    };
    let queue_holder = match marques[Player::First].cmp(&marques[Player::Second]) {
        _ if !rules.counts_queue_des_jetons() => QueueHolder::Ignored,
        std::cmp::Ordering::Greater => QueueHolder::Player(Player::First),
        std::cmp::Ordering::Less => QueueHolder::Player(Player::Second),
        std::cmp::Ordering::Equal => QueueHolder::Shared,
    };
    let paris = paris(won);
    let mut accounts = marques;
    if let QueueHolder::Player(c) = queue_holder {
        accounts[c] = accounts[c]
            .checked_add(queue_des_jetons)
            .ok_or(SettlementError::Overflow)?;
    }
    if let Some(c) = paris.winner {
        accounts[c] = accounts[c]
            .checked_add(paris.jetons)
            .ok_or(SettlementError::Overflow)?;
    }
    let (winner, difference) = match accounts[Player::First].cmp(&accounts[Player::Second]) {
        std::cmp::Ordering::Greater => (
            Some(Player::First),
            accounts[Player::First] - accounts[Player::Second],
        ),
        std::cmp::Ordering::Less => (
            Some(Player::Second),
            accounts[Player::Second] - accounts[Player::First],
        ),
        std::cmp::Ordering::Equal => (None, 0),
    };
    let fiches = to_fiches(difference, rules.fiche(), rules.remainder())?;
    let queue_generale = if winner.is_some() {
        rules.queue_generale()
    } else {
        0
    };
    Ok(Decompte {
        marques,
        won,
        queue_des_jetons,
        queue_holder,
        paris,
        accounts,
        winner,
        difference,
        fiches,
        queue_generale,
        total_fiches: fiches
            .checked_add(queue_generale)
            .ok_or(SettlementError::Overflow)?,
    })
}
