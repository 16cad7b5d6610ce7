//! The jans de départ (*hasards*): six tables, deux tables, mézéas and their contre-jans,
//! and the optional jan de rencontre (rules page, "Jans de départ"; glossary JANS DE
//! DÉPART, JAN DE SIX TABLES, JAN DE DEUX TABLES, JAN DE MÉZÉAS, JAN DE RENCONTRE).
//!
//! "Only his first two dames abattues" is read from the board: 13 dames on the talon, none
//! borne off (dames never go back to the talon before a relevé).

use boardgames_common::Throw;

use crate::board::Position;
use crate::board::{OFF, OPPONENT_COIN, OWN_COIN, TALON};
use crate::scoring::kind::JanKind;

/// The jan de départ of `throw` for the side to move, if any.
pub(crate) fn jan_de_depart(pos: &Position, throw: Throw) -> Option<JanKind> {
    let colour = pos.side_to_move;
    let c = pos.board.path_counts(colour);
    if c[OFF as usize] != 0 {
        return None;
    }
    let (hi, lo) = (throw.high().get(), throw.low().get());
    let opponent_coin_held = pos.board.opponent_at(colour, OPPONENT_COIN) > 0;
    if c[TALON as usize] == 13 {
        if c[OWN_COIN as usize] == 2 {
            // Mézéas: both abattues dames hold the coin, and an ace beats the opponent's.
            if lo == 1 {
                return Some(if opponent_coin_held {
                    JanKind::ContreJanDeMezeas
                } else {
                    JanKind::Mezeas
                });
            }
            return None;
        }
        if c[OWN_COIN as usize] == 0 {
            // Deux tables: one of the two dames to the own coin, the other to the opponent's.
            let mut two = [0u8; 2];
            let mut k = 0;
            for p in 2..=24u8 {
                for _ in 0..c[p as usize] {
                    if let Some(slot) = two.get_mut(k) {
                        *slot = p;
                    }
                    k += 1;
                }
            }
            let [a, b] = two;
            let fits = |x: u8, y: u8| {
                (a + x == OWN_COIN && b + y == OPPONENT_COIN)
                    || (b + x == OWN_COIN && a + y == OPPONENT_COIN)
            };
            if k == 2 && (fits(hi, lo) || fits(lo, hi)) {
                return Some(if opponent_coin_held {
                    JanKind::ContreJanDeDeuxTables
                } else {
                    JanKind::DeuxTables
                });
            }
        }
        return None;
    }
    // Six tables: the third throw, four of p 2..7 covered by the first two, and two
    // different numbers that cover the other two from the talon.
    if pos.throws_since_releve(colour) == 2 && c[TALON as usize] == 11 && hi != lo {
        let covered = (2..=7u8).filter(|&p| c[p as usize] > 0).count();
        let on_them: u8 = c[2..=7].iter().sum();
        if covered == 4 && on_them == 4 && c[1 + hi as usize] == 0 && c[1 + lo as usize] == 0 {
            return Some(JanKind::SixTables);
        }
    }
    None
}

/// Whether the jan de rencontre applies: the side to move has not thrown since the relevé,
/// the opponent has thrown once, and that first throw (`opening`) equals `throw`.
pub(crate) fn rencontre(pos: &Position, throw: Throw, opening: Option<Throw>) -> bool {
    let colour = pos.side_to_move;
    pos.throws_since_releve(colour) == 0
        && pos.throws_since_releve(colour.other()) == 1
        && opening == Some(throw)
}
