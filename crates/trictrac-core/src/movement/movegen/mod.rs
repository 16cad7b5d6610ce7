//! Legal plays of a throw: every law of "Moving (laws)" on the rules page, the must fill /
//! must keep obligation included, deduplicated by resulting board, with the filters in the
//! rules page's order.
//!
//! One file per concept: `list` (the candidates and the lists), `obligations` (the must
//! fill / must keep obligation and the hook that applies it), `generate` (the generator and
//! its early-exit searches); the filter order is here.

mod generate;
mod list;
mod obligations;

pub(crate) use generate::Prepared;
pub(crate) use list::{Candidate, PlayList};
pub use list::{LegalPlays, LegalPlaysIter, MAX_PLAYS};
pub(crate) use obligations::{
    MovementOnly, MustFillOrKeep, Obligations, full_mask_after, possibly_full_after,
};

use boardgames_common::Throw;

use crate::board::{OWN_COIN, Position};
use generate::generate;

/// Coin par effet over par puissance (law 4), applied before the obligations and without
/// exception (glossary COINS: "si on a la possibilité de prendre son coin à la fois par effet
/// et par puissance, on doit le prendre par effet"; PRENDRE SON COIN): when the throw takes
/// the coin par effet, no par puissance play is legal, even one that alone would fill or
/// keep a jan.
fn coin_par_effet(pos: &Position, list: &mut PlayList) {
    let mover = pos.side_to_move;
    if pos.board.path_counts(mover)[OWN_COIN as usize] == 0
        && list.items.iter().any(|c| c.play.is_par_puissance())
        && list
            .items
            .iter()
            .any(|c| !c.play.is_par_puissance() && c.after_at(OWN_COIN) >= 2)
    {
        list.retain(|c| !c.play.is_par_puissance());
    }
}

impl Position {
    /// The legal plays of `throw` for the side to move: the laws of movement AND the must
    /// fill / must keep obligation (rules page, "Moving (laws)", law 8; glossary LOIS,
    /// COINS, RETOUR, SORTIE, IMPUISSANCE, REMPLIR et CONSERVER).
    ///
    /// Laws: both numbers or, failing that, the higher; tout d'une with a lawful rest; never
    /// on a point the opponent holds; coins taken and left d'emblée; never on the opponent's
    /// coin; par puissance unless par effet is possible; jan interdit; when the throw can
    /// fill or keep a jan, the plays that do (a play that does neither is a fausse case,
    /// glossary FAUSSE CASE); the sortie with its constraints. Two orders reaching the same
    /// board are one play. [`crate::scoring::ThrowAnalysis::legal_plays`] gives the same
    /// plays with what they score; [`Position::movement_plays`] leaves the obligation out.
    ///
    /// A side with every dame borne off (before the relevé) has only the empty play, with
    /// both numbers reported unplayed: call [`Position::releve`] first.
    ///
    /// ```
    /// use trictrac_core::Position;
    /// let pos = Position::start();
    /// let plays = pos.legal_plays("6-5".parse().unwrap());
    /// let texts: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
    /// // Tout d'une to B12 would leave a single dame on the coin: forbidden (law 3).
    /// assert_eq!(texts, ["6-5: B1-B7, B1-B6"]);
    /// ```
    #[must_use]
    #[inline]
    pub fn legal_plays(&self, throw: Throw) -> LegalPlays {
        let mut out = LegalPlays::new();
        self.plays_into(throw, &MustFillOrKeep, &mut out);
        out
    }

    /// [`Position::legal_plays`] into a reused `out` (no large copies: the form for search
    /// and simulation loops).
    #[inline]
    pub fn legal_plays_into(&self, throw: Throw, out: &mut LegalPlays) {
        self.plays_into(throw, &MustFillOrKeep, out);
    }

    /// The plays of `throw` for the side to move under the laws of movement only, WITHOUT
    /// the must fill / must keep obligation (rules page, law 8): every play of
    /// [`Position::legal_plays`] and, when the throw can fill or keep a jan, also the plays
    /// that do neither (fausses cases, glossary FAUSSE CASE). For tools that look at what
    /// the laws of movement alone allow (the referee names a fausse case by them).
    ///
    /// The laws of movement without the fill/keep obligation: White's petit jan is full and
    /// 2-1 can keep it, but movement alone also lets him break it.
    ///
    /// ```
    /// use trictrac_core::Position;
    /// let pos: Position = "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w3,N1:b15 w 10/10 0.0/0.0"
    ///     .parse()
    ///     .unwrap();
    /// let throw = "2-1".parse().unwrap();
    /// assert_eq!(pos.legal_plays(throw).len(), 2);
    /// assert_eq!(pos.movement_plays(throw).len(), 45);
    /// ```
    #[must_use]
    #[inline]
    pub fn movement_plays(&self, throw: Throw) -> LegalPlays {
        let mut out = LegalPlays::new();
        self.plays_into(throw, &MovementOnly, &mut out);
        out
    }

    /// [`Position::movement_plays`] into a reused `out`.
    #[inline]
    pub fn movement_plays_into(&self, throw: Throw, out: &mut LegalPlays) {
        self.plays_into(throw, &MovementOnly, out);
    }

    /// The plays of `throw` with `obligations` applied in their place in the filter order
    /// (see [`Obligations`]), into `out`.
    pub(crate) fn plays_into(
        &self,
        throw: Throw,
        obligations: &impl Obligations,
        out: &mut LegalPlays,
    ) {
        let mover = self.side_to_move;
        out.throw = throw;
        out.mover = mover;
        out.board = self.board;
        out.unplayed.clear();
        let list = &mut out.list;
        list.clear();
        let prep = Prepared::new(self);
        let dice_played = generate(&prep, throw, list);
        coin_par_effet(self, list);
        // Fill / keep obligations (law 8). A filter that removes every play is ignored
        // (obligations only choose among legal plays).
        if list.len() > 1 {
            obligations.apply(self, throw, list);
            if list.is_empty() {
                generate(&prep, throw, list);
                coin_par_effet(self, list);
            }
        }
        // Sortie constraints (law 6): every number that was not sortant is played inside
        // when some play does so (the fewest non-sortant numbers borne off as excédants:
        // no number played so that a défaillant one can only be played as an excédant), and
        // the last dames must be borne off when they can be (glossary SORTIE: the last
        // sortie scores and is therefore compulsory).
        if list.items.iter().any(|c| c.excess > 0)
            && let Some(min) = list.items.iter().map(|c| c.excess).min()
        {
            list.retain(|c| c.excess == min);
        }
        if self.board.on_board(mover) <= 2 {
            list.retain_if_any(Candidate::finishes_sortie);
        }
        match dice_played {
            0 => {
                out.unplayed.push(throw.high());
                out.unplayed.push(throw.low());
            }
            1 => {
                let played = list
                    .items
                    .first()
                    .and_then(|c| c.play.moves().first())
                    .map(|m| m.die);
                out.unplayed.push(if played == Some(throw.high()) {
                    throw.low()
                } else {
                    throw.high()
                });
            }
            _ => {}
        }
        out.dice_played = dice_played;
    }
}

#[cfg(test)]
mod tests;
