//! DAME SEULE PLACÉE SUR UN COIN (glossary of the laws of trictrac, section FAUSSE CASE),
//! sub-case by sub-case: what the opponent may or must impose when a dame is put alone on a
//! coin de repos, two on the opponent's coin, or one left alone on one's own coin.

use crate::board::Colour;
use crate::board::Position;
use crate::board::{Dest, OPPONENT_COIN, OWN_COIN, Point};
use crate::movement::Move;
use crate::referee::Remedy;
use crate::referee::fausse_case::{PhysicalMove, Unit, counts_after};
use crate::scoring::ThrowAnalysis;

/// Whether the dame on path `from` is brought by each number alone only onto a coin where
/// the laws forbid it (the opponent's coin, or alone on one's own empty coin), with at
/// least one number bringing it there.
pub(super) fn only_to_a_coin(analysis: &ThrowAnalysis, position: &Position, from: u8) -> bool {
    let mover = position.side_to_move();
    let before = position.board().path_counts(mover);
    let [a, b] = analysis.throw().dice();
    let mut any = false;
    for d in [a.get(), b.get()] {
        let to = from.saturating_add(d);
        let fault = to == OPPONENT_COIN || (to == OWN_COIN && before[OWN_COIN as usize] == 0);
        if !fault {
            return false;
        }
        any = true;
    }
    any
}

/// The faulty unit's move by the number `die` from its origin, if a legal play makes it.
fn legal_move_by(analysis: &ThrowAnalysis, mover: Colour, from: u8, die: u8) -> Option<Move> {
    analysis.legal_plays().iter().find_map(|p| {
        p.moves()
            .iter()
            .find(|m| m.from.path(mover) == from && m.die.get() == die)
            .copied()
    })
}

/// DAME SEULE PLACÉE SUR UN COIN, sub-case by sub-case: a single dame put on a coin (first,
/// second or tout d'une), both dames on the opponent's coin, a dame left alone on one's own
/// coin (by the first dame, the second, or tout d'une). `None` if no coin is at fault.
pub(super) fn coin_fault(
    analysis: &ThrowAnalysis,
    position: &Position,
    us: &[Unit],
) -> Option<(String, Vec<Remedy>)> {
    let mover = position.side_to_move();
    let legal = analysis.legal_plays();
    let before = position.board().path_counts(mover);
    let counts = counts_after(position, &units_as_moves(mover, us))?;
    let [a, b] = analysis.throw().dice();
    let dice = [a.get(), b.get()];
    let point = |p: u8| Point::from_path(mover, p);
    let dest = |p: u8| Dest::from_path(mover, p);
    let send_back = |u: &Unit| -> Option<Remedy> {
        Some(Remedy::SendBack {
            from: point(u.from)?,
            to: dest(u.to)?,
        })
    };
    let whole_from = |from: u8| -> Vec<Remedy> {
        legal
            .iter()
            .filter(|p| p.is_tout_d_une() && p.moves()[0].from.path(mover) == from)
            .map(|p| Remedy::Impose(*p))
            .collect()
    };
    let each_number = |from: u8| -> Vec<Remedy> {
        let mut v: Vec<Remedy> = Vec::new();
        for d in dice {
            if let Some(m) = legal_move_by(analysis, mover, from, d)
                && !v.contains(&Remedy::ReplayWith(m))
            {
                v.push(Remedy::ReplayWith(m));
            }
        }
        v
    };
    // "Si un joueur a placé ses deux dames sur le coin de l'adversaire, celui-ci peut faire
    // jouer une des dames tout d'une et remettre l'autre à sa place, ou bien faire rejouer
    // librement le coup."
    if counts[OPPONENT_COIN as usize] >= 2 {
        let mut options: Vec<Remedy> = Vec::new();
        for u in us.iter().filter(|u| u.to == OPPONENT_COIN) {
            for r in whole_from(u.from) {
                if !options.contains(&r) {
                    options.push(r);
                }
            }
        }
        options.push(Remedy::ReplayFreely);
        return Some((
            format!("{mover} put two dames on the opponent's coin"),
            options,
        ));
    }
    // A dame seule placed on a coin: the opponent's, or his own empty coin.
    let placed = if counts[OPPONENT_COIN as usize] == 1 {
        Some(OPPONENT_COIN)
    } else if before[OWN_COIN as usize] == 0 && counts[OWN_COIN as usize] == 1 {
        Some(OWN_COIN)
    } else {
        None
    };
    if let Some(coin) = placed {
        let k = us.iter().position(|u| u.to == coin)?;
        let u = us[k];
        let which = if coin == OWN_COIN {
            "alone on his coin"
        } else {
            "on the opponent's coin"
        };
        let at = point(coin)?;
        let from = point(u.from)?;
        if u.steps >= 2 {
            // "Si la dame fautive a été jouée tout d'une par le joueur, l'adversaire doit
            // l'obliger à jouer un des nombres avec cette dame et le laisser rejouer
            // librement l'autre."
            let mut options = each_number(u.from);
            if options.is_empty() {
                options.push(Remedy::ReplayFreely);
            }
            return Some((
                format!("{mover} played the dame from {from} tout d'une {which} ({at})"),
                options,
            ));
        }
        if k == 0 {
            // Played first: "l'adversaire doit la faire jouer tout d'une ... si c'est
            // possible ; sinon il peut la faire remettre à sa place d'origine et laisser
            // rejouer le nombre librement ; mais il peut aussi obliger le joueur à se servir
            // de cette dame fautive pour jouer, si possible, le deuxième nombre".
            let whole = whole_from(u.from);
            if !whole.is_empty() {
                return Some((
                    format!(
                        "{mover} put the dame from {from} {which} ({at}) with his first number: it must be played tout d'une"
                    ),
                    whole,
                ));
            }
            let dist = u.to.saturating_sub(u.from);
            let mut options = vec![send_back(&u)?];
            let second = if dice[0] == dist { dice[1] } else { dice[0] };
            if let Some(m) = legal_move_by(analysis, mover, u.from, second) {
                options.push(Remedy::ReplayWith(m));
            }
            return Some((
                format!("{mover} put the dame from {from} {which} ({at}) with his first number"),
                options,
            ));
        }
        // Played second: "l'adversaire doit renvoyer la dame à sa place d'origine et laisser
        // rejouer librement le deuxième nombre."
        return Some((
            format!("{mover} put the dame from {from} {which} ({at}) with his second number"),
            vec![send_back(&u)?],
        ));
    }
    // A dame left alone on his own coin.
    if before[OWN_COIN as usize] == 2 && counts[OWN_COIN as usize] == 1 {
        let k = us.iter().position(|u| u.from == OWN_COIN)?;
        let u = us[k];
        let coin = point(OWN_COIN)?;
        if u.steps >= 2 {
            // "l'adversaire doit l'obliger à jouer les deux dames du coin si c'est possible ;
            // sinon le joueur doit la remettre sur le coin et peut librement rejouer le coup."
            let both: Vec<Remedy> = legal
                .iter()
                .filter(|p| {
                    !p.is_tout_d_une()
                        && p.moves()
                            .iter()
                            .filter(|m| m.from.path(mover) == OWN_COIN)
                            .count()
                            == 2
                })
                .map(|p| Remedy::Impose(*p))
                .collect();
            let options = if both.is_empty() {
                vec![Remedy::ReplayFreely]
            } else {
                both
            };
            return Some((
                format!(
                    "{mover} played a dame of his coin {coin} tout d'une and left the other alone"
                ),
                options,
            ));
        }
        if k == 0 {
            // "l'adversaire doit l'obliger à rejouer le deuxième nombre avec la dame restée
            // seule sur le coin si c'est possible ; sinon la deuxième dame est replacée sur
            // le coin et le joueur peut librement rejouer son deuxième nombre."
            let dist = u.to.saturating_sub(u.from);
            let second = if dice[0] == dist { dice[1] } else { dice[0] };
            let keep: Vec<Remedy> = legal
                .iter()
                .filter(|p| {
                    let m = p.moves();
                    !p.is_tout_d_une()
                        && m.iter()
                            .any(|x| x.from.path(mover) == OWN_COIN && x.to.path(mover) == u.to)
                        && m.iter()
                            .any(|x| x.from.path(mover) == OWN_COIN && x.die.get() == second)
                })
                .map(|p| Remedy::Impose(*p))
                .collect();
            let options = if keep.is_empty() {
                vec![send_back(&u)?]
            } else {
                keep
            };
            return Some((
                format!("{mover} left a dame alone on his coin {coin} with his first number"),
                options,
            ));
        }
        // "Si c'est en jouant sa deuxième dame que le joueur a commis la faute, l'adversaire
        // doit l'obliger à la remettre sur le coin et le joueur peut librement rejouer son
        // deuxième nombre."
        return Some((
            format!("{mover} left a dame alone on his coin {coin} with his second number"),
            vec![send_back(&u)?],
        ));
    }
    None
}

/// The units as one move each (origin to end), for counting where the dames stand.
fn units_as_moves(mover: Colour, us: &[Unit]) -> Vec<PhysicalMove> {
    us.iter()
        .filter_map(|u| {
            Some(PhysicalMove {
                from: Point::from_path(mover, u.from)?,
                to: Dest::from_path(mover, u.to)?,
            })
        })
        .collect()
}
