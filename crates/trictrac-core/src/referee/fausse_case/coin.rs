//! DAME SEULE PLACÉE SUR UN COIN (glossary of the laws of trictrac, section FAUSSE CASE),
//! sub-case by sub-case: what the opponent may or must impose when a dame is put alone on a
//! coin de repos, two on the opponent's coin, or one left alone on one's own coin.

use super::{PhysicalMove, Unit, counts_after};
use crate::board::Colour;
use crate::board::Position;
use crate::board::{Dest, OPPONENT_COIN, OWN_COIN, Point};
use crate::movement::LegalPlays;
use crate::movement::Move;
use crate::referee::Remedy;
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

/// What the sub-cases look at: the throw, the legal plays, the units of the physical play,
/// the mover's dames before and after it.
struct CoinCase<'a> {
    analysis: &'a ThrowAnalysis,
    mover: Colour,
    legal: &'a LegalPlays,
    us: &'a [Unit],
    before: &'a [u8; 26],
    counts: [u8; 26],
    dice: [u8; 2],
}

impl CoinCase<'_> {
    fn point(&self, p: u8) -> Option<Point> {
        Point::from_path(self.mover, p)
    }

    /// The unit `u` sent back to its origin ([`Remedy::SendBack`]).
    fn send_back(&self, u: &Unit) -> Option<Remedy> {
        Some(Remedy::SendBack {
            from: self.point(u.from)?,
            to: Dest::from_path(self.mover, u.to)?,
        })
    }

    /// The legal plays moving the dame from path `from` tout d'une.
    fn whole_from(&self, from: u8) -> Vec<Remedy> {
        self.legal
            .iter()
            .filter(|p| p.is_tout_d_une() && p.moves()[0].from.path(self.mover) == from)
            .map(|p| Remedy::Impose(*p))
            .collect()
    }

    /// Each number played with the dame from path `from`, as a legal play makes it.
    fn each_number(&self, from: u8) -> Vec<Remedy> {
        let mut v: Vec<Remedy> = Vec::new();
        for d in self.dice {
            if let Some(m) = legal_move_by(self.analysis, self.mover, from, d)
                && !v.contains(&Remedy::ReplayWith(m))
            {
                v.push(Remedy::ReplayWith(m));
            }
        }
        v
    }

    /// The coin a dame was put on alone: the opponent's, or his own empty coin.
    fn placed_alone(&self) -> Option<u8> {
        if self.counts[OPPONENT_COIN as usize] == 1 {
            Some(OPPONENT_COIN)
        } else if self.before[OWN_COIN as usize] == 0 && self.counts[OWN_COIN as usize] == 1 {
            Some(OWN_COIN)
        } else {
            None
        }
    }

    /// Whether a dame of his coin left the other alone on it.
    fn left_alone(&self) -> bool {
        self.before[OWN_COIN as usize] == 2 && self.counts[OWN_COIN as usize] == 1
    }
}

/// DAME SEULE PLACÉE SUR UN COIN, sub-case by sub-case: both dames on the opponent's coin, a
/// single dame put on a coin (first, second or tout d'une), a dame left alone on one's own
/// coin (by the first dame, the second, or tout d'une). `None` if no coin is at fault.
pub(super) fn coin_fault(
    analysis: &ThrowAnalysis,
    position: &Position,
    us: &[Unit],
) -> Option<(String, Vec<Remedy>)> {
    let mover = position.side_to_move();
    let [a, b] = analysis.throw().dice();
    let cx = CoinCase {
        analysis,
        mover,
        legal: analysis.legal_plays(),
        us,
        before: position.board().path_counts(mover),
        counts: counts_after(position, &units_as_moves(mover, us))?,
        dice: [a.get(), b.get()],
    };
    if cx.counts[OPPONENT_COIN as usize] >= 2 {
        return Some(deux_dames_sur_le_coin_adverse(&cx));
    }
    if let Some(coin) = cx.placed_alone() {
        return dame_seule_placee_sur_un_coin(&cx, coin);
    }
    if cx.left_alone() {
        return dame_laissee_seule_sur_son_coin(&cx);
    }
    None
}

/// "Si un joueur a placé ses deux dames sur le coin de l'adversaire, celui-ci peut faire
/// jouer une des dames tout d'une et remettre l'autre à sa place, ou bien faire rejouer
/// librement le coup."
fn deux_dames_sur_le_coin_adverse(cx: &CoinCase<'_>) -> (String, Vec<Remedy>) {
    let mut options: Vec<Remedy> = Vec::new();
    for u in cx.us.iter().filter(|u| u.to == OPPONENT_COIN) {
        for r in cx.whole_from(u.from) {
            if !options.contains(&r) {
                options.push(r);
            }
        }
    }
    options.push(Remedy::ReplayFreely);
    (
        format!("{} put two dames on the opponent's coin", cx.mover),
        options,
    )
}

/// "Si un joueur place une dame seule sur un des coins de repos, l'adversaire doit la faire
/// jouer tout d'une si elle a été jouée en premier et si c'est possible ; sinon il peut la
/// faire remettre à sa place d'origine et laisser rejouer le nombre librement ; mais il peut
/// aussi obliger le joueur à se servir de cette dame fautive pour jouer, si possible, le
/// deuxième nombre et laisser rejouer librement le premier. Si la dame fautive a été jouée
/// tout d'une par le joueur, l'adversaire doit l'obliger à jouer un des nombres avec cette
/// dame et le laisser rejouer librement l'autre. Mais si la dame fautive a été jouée en
/// second par le joueur, l'adversaire doit renvoyer la dame à sa place d'origine et laisser
/// rejouer librement le deuxième nombre." The dame put alone on `coin`.
fn dame_seule_placee_sur_un_coin(cx: &CoinCase<'_>, coin: u8) -> Option<(String, Vec<Remedy>)> {
    let mover = cx.mover;
    let dice = cx.dice;
    let k = cx.us.iter().position(|u| u.to == coin)?;
    let u = cx.us[k];
    let which = if coin == OWN_COIN {
        "alone on his coin"
    } else {
        "on the opponent's coin"
    };
    let at = cx.point(coin)?;
    let from = cx.point(u.from)?;
    if u.steps >= 2 {
        // "Si la dame fautive a été jouée tout d'une par le joueur, l'adversaire doit
        // l'obliger à jouer un des nombres avec cette dame et le laisser rejouer
        // librement l'autre."
        let mut options = cx.each_number(u.from);
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
        let whole = cx.whole_from(u.from);
        if !whole.is_empty() {
            return Some((
                format!(
                    "{mover} put the dame from {from} {which} ({at}) with his first number: it must be played tout d'une"
                ),
                whole,
            ));
        }
        let dist = u.to.saturating_sub(u.from);
        let mut options = vec![cx.send_back(&u)?];
        let second = if dice[0] == dist { dice[1] } else { dice[0] };
        if let Some(m) = legal_move_by(cx.analysis, mover, u.from, second) {
            options.push(Remedy::ReplayWith(m));
        }
        return Some((
            format!("{mover} put the dame from {from} {which} ({at}) with his first number"),
            options,
        ));
    }
    // Played second: "l'adversaire doit renvoyer la dame à sa place d'origine et laisser
    // rejouer librement le deuxième nombre."
    Some((
        format!("{mover} put the dame from {from} {which} ({at}) with his second number"),
        vec![cx.send_back(&u)?],
    ))
}

/// "De même, si un joueur laisse une dame seule sur son coin en jouant sa première dame,
/// l'adversaire doit l'obliger à rejouer le deuxième nombre avec la dame restée seule sur le
/// coin si c'est possible ; sinon la deuxième dame est replacée sur le coin et le joueur
/// peut librement rejouer son deuxième nombre. Si c'est en jouant sa deuxième dame que le
/// joueur a commis la faute, l'adversaire doit l'obliger à la remettre sur le coin et le
/// joueur peut librement rejouer son deuxième nombre. Si la dame fautive a été jouée tout
/// d'une par le joueur, l'adversaire doit l'obliger à jouer les deux dames du coin si c'est
/// possible ; sinon le joueur doit la remettre sur le coin et peut librement rejouer le
/// coup."
fn dame_laissee_seule_sur_son_coin(cx: &CoinCase<'_>) -> Option<(String, Vec<Remedy>)> {
    let mover = cx.mover;
    let dice = cx.dice;
    let legal = cx.legal;
    let k = cx.us.iter().position(|u| u.from == OWN_COIN)?;
    let u = cx.us[k];
    let coin = cx.point(OWN_COIN)?;
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
            format!("{mover} played a dame of his coin {coin} tout d'une and left the other alone"),
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
            vec![cx.send_back(&u)?]
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
    Some((
        format!("{mover} left a dame alone on his coin {coin} with his second number"),
        vec![cx.send_back(&u)?],
    ))
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
