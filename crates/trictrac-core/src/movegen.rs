//! Legal plays of a throw: every law of "Moving (laws)" on the rules page, deduplicated by
//! resulting board, with the filters in the rules page's order and a hook for the
//! "must fill / must keep" obligation of the scoring rules.

use arrayvec::ArrayVec;
use boardgames_common::{Die, Throw};

use crate::board::{Board, DAMES, PathCounts, key_of};
use crate::colour::Colour;
use crate::laws::Laws;
use crate::moves::{Move, Play};
use crate::point::{Dest, OFF, OWN_COIN, Point};
use crate::position::Position;

/// Capacity of a [`PlayList`]: the most distinct plays one throw can have, rounded up.
///
/// Proof of the bound. Plays are deduplicated by the mover's resulting board. With two
/// different numbers `x`, `y`, a two-number play moves one dame from a point `a` by `x` and
/// one from a point `b` by `y` (`a`, `b` among the at most 15 occupied points), or one dame
/// from `a` by `x + y` tout d'une (both orders give the same board): at most
/// `15 · 15 + 15 = 240` boards. With a doublet: unordered pairs `{a, b}` (`15 · 16 / 2 = 120`)
/// plus 15 tout d'une: 135. Par puissance adds one board. One-number plays exist only
/// when no two-number play does, at most `15 · 2 = 30`. Hence at most 241 < 256.
pub const MAX_PLAYS: usize = 256;

/// One candidate play with what the filters need to know about it.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    /// The play (its moves in the order played).
    pub play: Play,
    /// The mover's dames after the play, by path position (see [`PathCounts`]).
    pub after: PathCounts,
    key: u128,
    /// Number of dames borne off by a nombre excédant (law 6).
    pub excess: u8,
}

impl Candidate {
    /// Whether the play bears off the mover's last dame (the sortie is finished).
    #[must_use]
    pub fn finishes_sortie(&self) -> bool {
        self.after[OFF as usize] == DAMES
    }
}

/// A fixed-capacity list of candidate plays (no allocation), as given to an
/// [`Obligations`] filter and kept in [`LegalPlays`].
#[derive(Debug, Clone, Default)]
pub struct PlayList {
    items: ArrayVec<Candidate, MAX_PLAYS>,
}

impl PlayList {
    /// Number of plays.
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the list is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The candidates.
    #[must_use]
    pub fn as_slice(&self) -> &[Candidate] {
        &self.items
    }

    /// Keeps only the candidates for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Candidate) -> bool) {
        self.items.retain(|c| keep(c));
    }

    /// Keeps the candidates for which `keep` is true if at least one is; otherwise leaves
    /// the list unchanged (the shape of every "must … if possible" obligation). Returns
    /// whether any candidate satisfied `keep`.
    pub fn retain_if_any(&mut self, mut keep: impl FnMut(&Candidate) -> bool) -> bool {
        if self.items.iter().any(&mut keep) {
            self.items.retain(|c| keep(c));
            true
        } else {
            false
        }
    }

    /// Adds a candidate unless one with the same resulting board exists; on a duplicate keeps
    /// the one with fewer excédant bear-offs (the same board reached lawfully).
    fn push(&mut self, play: Play, after: PathCounts, excess: u8) {
        let key = key_of(&after);
        for c in &mut self.items {
            if c.key == key {
                if excess < c.excess {
                    c.play = play;
                    c.excess = excess;
                }
                return;
            }
        }
        // The capacity bound is proven at MAX_PLAYS; a full list would be a bug, and the
        // play is then dropped rather than panicking.
        let _ = self.items.try_push(Candidate {
            play,
            after,
            key,
            excess,
        });
    }

    fn position_of_key(&self, key: u128) -> Option<usize> {
        self.items.iter().position(|c| c.key == key)
    }
}

/// The "must fill / must keep" obligation (rules page, law 8; glossary REMPLIR et
/// CONSERVER, CONSERVER EN SORTANT): if the throw allows filling or keeping a jan, the player
/// must play so as to do it. It needs the scoring rules, so movement leaves it to an
/// implementation of this trait (the scoring module plugs one in).
///
/// It is applied third, after "maximum number of dice" and "the higher die", before "coin
/// par effet over par puissance" and the sortie constraints (rules page, "Filters apply in
/// this order"). Implementations should only remove plays, normally through
/// [`PlayList::retain_if_any`]; if one empties the list, the list before the filter is used.
pub trait Obligations {
    /// Removes from `plays` the plays that break the obligation for `position` and `throw`.
    fn apply(&self, position: &Position, throw: Throw, plays: &mut PlayList);
}

/// No obligation: movement laws only (until scoring provides the fill/keep filter).
#[derive(Debug, Clone, Copy, Default)]
pub struct MovementOnly;

impl Obligations for MovementOnly {
    fn apply(&self, _: &Position, _: Throw, _: &mut PlayList) {}
}

/// The legal plays of one throw in one position, with the impuissance.
#[derive(Debug, Clone)]
pub struct LegalPlays {
    throw: Throw,
    mover: Colour,
    board: Board,
    list: PlayList,
    dice_played: u8,
    unplayed: ArrayVec<Die, 2>,
}

impl LegalPlays {
    /// The throw.
    #[must_use]
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// Number of distinct legal plays (at least 1: a throw with nothing playable has the
    /// single empty play).
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Always false (there is at least the empty play); present for API symmetry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The `i`-th play.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<&Play> {
        self.list.items.get(i).map(|c| &c.play)
    }

    /// The plays.
    pub fn iter(&self) -> impl Iterator<Item = &Play> + '_ {
        self.list.items.iter().map(|c| &c.play)
    }

    /// The candidates (plays with their resulting dames).
    #[must_use]
    pub fn candidates(&self) -> &[Candidate] {
        self.list.as_slice()
    }

    /// The board after the `i`-th play.
    #[must_use]
    pub fn board_after(&self, i: usize) -> Option<Board> {
        let c = self.list.items.get(i)?;
        let mut b = self.board;
        b.paths[self.mover] = c.after;
        Some(b)
    }

    /// How many numbers every legal play plays (0, 1 or 2). Bearing off the last dame with
    /// one number counts as playing both (nothing is left to play the other with).
    #[must_use]
    pub fn dice_played(&self) -> u8 {
        self.dice_played
    }

    /// The numbers that cannot be played (impuissance, law 7): each gives the opponent 2
    /// points. Empty when both are played; a doublet unplayable twice lists its number twice.
    #[must_use]
    pub fn unplayed(&self) -> &[Die] {
        &self.unplayed
    }

    /// The index of the legal play reaching the same board as `play` would from the
    /// position these plays were generated for, if any.
    #[must_use]
    pub fn index_of_board(&self, after: &PathCounts) -> Option<usize> {
        self.list.position_of_key(key_of(after))
    }
}

#[inline]
fn shifted(c: &PathCounts, from: u8, to: u8) -> PathCounts {
    let mut n = *c;
    n[from as usize] -= 1;
    n[to as usize] += 1;
    n
}

#[inline]
fn mv(colour: Colour, from: u8, to: u8, die: u8) -> Move {
    Move {
        from: Point::from_path(colour, from).unwrap_or(Point::ALL[0]),
        to: Dest::from_path(colour, to).unwrap_or(Dest::Off),
        die: Die::new(die).unwrap_or(Die::ACE),
    }
}

/// Generates every lawful sequence (laws 1-3, 5, 6 and par puissance, law 4) and applies
/// "maximum number of dice" and "the higher die" (law 7). Returns the number of dice played.
fn generate(pos: &Position, throw: Throw, out: &mut PlayList) -> u8 {
    let colour = pos.side_to_move;
    let laws = Laws::new(&pos.board, colour);
    let cur = *pos.board.path_counts(colour);
    let hi = throw.high().get();
    let lo = throw.low().get();
    let orders: &[(u8, u8)] = if hi == lo {
        &[(hi, lo)]
    } else {
        &[(hi, lo), (lo, hi)]
    };
    for &(x, y) in orders {
        for a in 1..=24u8 {
            if cur[a as usize] == 0 {
                continue;
            }
            let t1 = a + x;
            let (to1, stop1, rest1, ex1) = if t1 >= OFF {
                if !laws.can_bear_off(a, x, &cur) {
                    continue;
                }
                (OFF, true, false, u8::from(t1 > OFF))
            } else {
                let rest = laws.can_rest(t1, &cur);
                if !rest {
                    continue;
                }
                (t1, laws.can_stop(t1), rest, 0)
            };
            let after1 = shifted(&cur, a, to1);
            let m1 = mv(colour, a, to1, x);
            if after1[OFF as usize] == DAMES {
                // The last dame is off: nothing is left to play the other number with.
                out.push(Play::new(throw, &[m1]), after1, ex1);
                continue;
            }
            for b in 1..=24u8 {
                if after1[b as usize] == 0 {
                    continue;
                }
                if b == to1 {
                    if !rest1 {
                        continue;
                    }
                } else if !stop1 {
                    continue;
                }
                let t2 = b + y;
                let (to2, ex2) = if t2 >= OFF {
                    if !laws.can_bear_off(b, y, &after1) {
                        continue;
                    }
                    (OFF, u8::from(t2 > OFF))
                } else {
                    if !laws.can_stop(t2) {
                        continue;
                    }
                    (t2, 0)
                };
                let fin = shifted(&after1, b, to2);
                if !Laws::coin_ok(&fin) {
                    continue;
                }
                out.push(
                    Play::new(throw, &[m1, mv(colour, b, to2, y)]),
                    fin,
                    ex1 + ex2,
                );
            }
        }
    }
    // Law 4, par puissance: both coins empty, and two dames could go d'emblée to the
    // opponent's coin (path 13): they take their own coin (path 12) instead.
    if cur[OWN_COIN as usize] == 0 && !laws.opponent_holds(OWN_COIN + 1) {
        let (a, b) = (13 - hi, 13 - lo);
        let enough = if a == b {
            cur[a as usize] >= 2
        } else {
            cur[a as usize] >= 1 && cur[b as usize] >= 1
        };
        if a < OWN_COIN && b < OWN_COIN && enough {
            let fin = shifted(&shifted(&cur, a, OWN_COIN), b, OWN_COIN);
            let play = Play::new(
                throw,
                &[mv(colour, a, OWN_COIN, hi), mv(colour, b, OWN_COIN, lo)],
            )
            .with_puissance();
            out.push(play, fin, 0);
        }
    }
    if !out.is_empty() {
        return 2;
    }
    // Law 7: only one number can be played; the higher if there is a choice.
    for d in [hi, lo] {
        for a in 1..=24u8 {
            if cur[a as usize] == 0 {
                continue;
            }
            let t = a + d;
            let (to, ex) = if t >= OFF {
                if !laws.can_bear_off(a, d, &cur) {
                    continue;
                }
                (OFF, u8::from(t > OFF))
            } else {
                if !laws.can_stop(t) {
                    continue;
                }
                (t, 0)
            };
            let fin = shifted(&cur, a, to);
            if !Laws::coin_ok(&fin) {
                continue;
            }
            out.push(Play::new(throw, &[mv(colour, a, to, d)]), fin, ex);
        }
        if !out.is_empty() || hi == lo {
            break;
        }
    }
    if out.is_empty() {
        out.push(Play::new(throw, &[]), cur, 0);
        0
    } else {
        1
    }
}

impl Position {
    /// The legal plays of `throw` for the side to move under the laws of movement only,
    /// without the fill/keep obligation (use [`Position::legal_plays_with`] for that).
    ///
    /// Laws (rules page, "Moving (laws)"; glossary LOIS, COINS, RETOUR, SORTIE,
    /// IMPUISSANCE): both numbers or, failing that, the higher; tout d'une with a lawful
    /// rest; never on a point the opponent holds; coins taken and left d'emblée; never on the
    /// opponent's coin; par puissance unless par effet is possible; jan interdit; sortie with
    /// its constraints. Two orders reaching the same board are one play.
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
    pub fn legal_plays(&self, throw: Throw) -> LegalPlays {
        self.legal_plays_with(throw, &MovementOnly)
    }

    /// The legal plays of `throw` with the fill/keep `obligations` applied in their place in
    /// the filter order (see [`Obligations`]).
    #[must_use]
    pub fn legal_plays_with(&self, throw: Throw, obligations: &impl Obligations) -> LegalPlays {
        let mover = self.side_to_move;
        let mut list = PlayList::default();
        let dice_played = generate(self, throw, &mut list);
        // Fill / keep obligations (law 8), supplied by the scoring rules.
        if list.len() > 1 {
            let before = list.clone();
            obligations.apply(self, throw, &mut list);
            if list.is_empty() {
                list = before;
            }
        }
        // Coin par effet over par puissance (law 4).
        let coin_before = self.board.path_counts(mover)[OWN_COIN as usize];
        if list.items.iter().any(|c| c.play.is_par_puissance())
            && list.items.iter().any(|c| {
                !c.play.is_par_puissance() && coin_before == 0 && c.after[OWN_COIN as usize] >= 2
            })
        {
            list.retain(|c| !c.play.is_par_puissance());
        }
        // Sortie constraints (law 6): no number played so that another becomes excédant when
        // it could have been played inside (fewest excédant bear-offs), and the last dames
        // must be borne off when they can be (glossary SORTIE: the last sortie scores and
        // is therefore compulsory).
        if let Some(min) = list.items.iter().map(|c| c.excess).min() {
            list.retain(|c| c.excess == min);
        }
        list.retain_if_any(Candidate::finishes_sortie);
        let mut unplayed = ArrayVec::new();
        match dice_played {
            0 => {
                unplayed.push(throw.high());
                unplayed.push(throw.low());
            }
            1 => {
                let played = list
                    .items
                    .first()
                    .and_then(|c| c.play.moves().first())
                    .map(|m| m.die);
                unplayed.push(if played == Some(throw.high()) {
                    throw.low()
                } else {
                    throw.high()
                });
            }
            _ => {}
        }
        LegalPlays {
            throw,
            mover,
            board: self.board,
            list,
            dice_played,
            unplayed,
        }
    }
}
