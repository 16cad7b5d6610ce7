//! The fausse case (glossary of the laws of trictrac, section FAUSSE CASE): a dame played
//! where the numbers cannot bring it, against the obligation to fill or keep, on a coin
//! against the laws, or touched and not played.
//!
//! [`judge`] compares what the player physically did (his [`PhysicalMove`]s and the dames he
//! touched) with the legal plays of the throw
//! ([`ThrowAnalysis::legal_plays`](crate::scoring::ThrowAnalysis::legal_plays), which apply
//! the laws of movement AND the obligation to fill or keep) and names the case with the
//! options of the opponent ([`Remedy`]), following RÉSOLUTION: the opponent may leave the
//! dames as they are (when that is a position the laws allow); he may impose a legal play,
//! but only one that moves dames the offender touched, and that keeps in place the dames
//! played correctly unless there is no other way; some cases (a coin, a jan the opponent
//! can still fill) send the dames back for the offender to play again freely.
//!
//! One function per glossary entry, named after it, in `entries` (DAME SEULE PLACÉE SUR UN
//! COIN, sub-case by sub-case, in `coin`), where [`judge`] asks them in order. What every
//! entry looks at ([`Judging`]) and RÉSOLUTION (what the opponent may impose,
//! [`Judging::imposable_by`]) are here.

mod coin;
mod entries;

pub use entries::judge;

use crate::board::PathCounts;
use crate::board::Position;
use crate::board::{Colour, Dest, Point, Setup};
use crate::movement::{LegalPlays, Play};
use crate::referee::{Entry, Remedy};
use crate::scoring::ThrowAnalysis;

/// One dame moved by hand: lifted from `from`, put down on `to` and let go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhysicalMove {
    /// Where the dame stood.
    pub from: Point,
    /// Where it was put down (or off the board).
    pub to: Dest,
}

/// A fausse case found by [`judge`]: the entry it falls under, a sentence, and the
/// opponent's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The glossary entry.
    pub entry: Entry,
    /// What happened, for people.
    pub text: String,
    /// The opponent's options.
    pub options: Vec<Remedy>,
    /// Numbers the physical play leaves unplayed beyond the impuissance of the throw: if
    /// the opponent leaves it, he marks 2 points for each (DAME PASSÉE AU RETOUR).
    pub numbers_short: u8,
}

/// One dame's journey in a physical play: where it started, where it ended, in how many
/// moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Unit {
    from: u8,
    to: u8,
    steps: u8,
}

fn units(mover: Colour, moves: &[PhysicalMove]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    for m in moves {
        let f = m.from.path(mover);
        let t = m.to.path(mover);
        if let Some(u) = out.iter_mut().rev().find(|u| u.to == f) {
            u.to = t;
            u.steps += 1;
        } else {
            out.push(Unit {
                from: f,
                to: t,
                steps: 1,
            });
        }
    }
    out
}

/// The mover's path counts after the physical moves, or `None` if a move starts where he
/// has no dame.
#[must_use]
pub fn counts_after(position: &Position, moves: &[PhysicalMove]) -> Option<[u8; 26]> {
    let mover = position.side_to_move();
    let mut c = *position.board().path_counts(mover);
    for m in moves {
        let f = m.from.path(mover) as usize;
        if c[f] == 0 {
            return None;
        }
        c[f] -= 1;
        c[m.to.path(mover) as usize] += 1;
    }
    Some(c)
}

/// The position after the physical moves if the laws allow it as a position (no point with
/// both colours, no single dame on a coin, nobody on the opponent's coin), the other side to
/// move and the mover's throw counted.
#[must_use]
pub fn position_after(position: &Position, moves: &[PhysicalMove]) -> Option<Position> {
    let mover = position.side_to_move();
    let counts = counts_after(position, moves)?;
    let mut setup: Setup = position.to_setup();
    for point in Point::ALL {
        setup.counts[mover][point.index()] = counts[point.path(mover) as usize];
    }
    setup.side_to_move = mover.other();
    setup.throws_since_releve[mover] = setup.throws_since_releve[mover].saturating_add(1);
    Position::from_setup(&setup).ok()
}

fn play_moves_from(play: &Play, mover: Colour) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::new();
    for (i, m) in play.moves().iter().enumerate() {
        // The second move of a tout d'une starts from the rest: not a dame of its own.
        if i == 1 && play.is_tout_d_une() {
            continue;
        }
        v.push(m.from.path(mover));
    }
    v
}

fn play_lands_steps(play: &Play, mover: Colour) -> Vec<(u8, u8, u8)> {
    if play.is_tout_d_une() {
        let m = play.moves();
        return vec![(m[0].from.path(mover), m[1].to.path(mover), 2)];
    }
    play.moves()
        .iter()
        .map(|m| (m.from.path(mover), m.to.path(mover), 1))
        .collect()
}

fn play_lands(play: &Play, mover: Colour) -> Vec<(u8, u8)> {
    if play.is_tout_d_une() {
        let m = play.moves();
        return vec![(m[0].from.path(mover), m[1].to.path(mover))];
    }
    play.moves()
        .iter()
        .map(|m| (m.from.path(mover), m.to.path(mover)))
        .collect()
}

/// What every entry looks at: the throw's analysis and legal plays, the physical play as
/// units (one per dame), the dames touched, and (once the play is known not to be legal) the
/// units played correctly.
struct Judging<'a> {
    analysis: &'a ThrowAnalysis,
    position: &'a Position,
    moves: &'a [PhysicalMove],
    mover: Colour,
    legal: &'a LegalPlays,
    /// The mover's dames after the physical play.
    counts: PathCounts,
    us: Vec<Unit>,
    /// Numbers played: the units' moves.
    numbers: u8,
    origins: Vec<u8>,
    /// The points touched (path positions), the origins of the moves included.
    touched_paths: Vec<u8>,
    /// Whether the dames, as played, stand in a position the laws allow.
    leave_ok: bool,
    /// The units played correctly (see [`Judging::played_correctly`]).
    well_placed: Vec<(u8, u8)>,
}

impl<'a> Judging<'a> {
    fn new(
        analysis: &'a ThrowAnalysis,
        position: &'a Position,
        moves: &'a [PhysicalMove],
        touched: &[Point],
    ) -> Option<Judging<'a>> {
        let mover = position.side_to_move();
        let legal = analysis.legal_plays();
        let counts = counts_after(position, moves)?;
        let us = units(mover, moves);
        let numbers: u8 = us.iter().map(|u| u.steps).sum();
        let origins: Vec<u8> = us.iter().map(|u| u.from).collect();
        // A point where he had no dame before the play holds no dame to be touched: a dame
        // he posed there during the play was played ("une dame abandonnée sur une case est
        // considérée comme jouée").
        let before = position.board().path_counts(mover);
        let mut touched_paths: Vec<u8> = touched
            .iter()
            .map(|p| p.path(mover))
            .filter(|&t| before[usize::from(t)] > 0)
            .collect();
        touched_paths.extend(origins.iter().copied());
        let leave_ok = position_after(position, moves).is_some();
        Some(Judging {
            analysis,
            position,
            moves,
            mover,
            legal,
            counts,
            us,
            numbers,
            origins,
            touched_paths,
            leave_ok,
            well_placed: Vec::new(),
        })
    }

    /// The judgement of `entry`: `Leave` first among the options whenever the dames stand
    /// in a position the laws allow (RÉSOLUTION: "Il peut aussi choisir de laisser en
    /// l'état"), and the numbers the play leaves short.
    fn judgement(&self, entry: Entry, text: String, options: Vec<Remedy>) -> Judgement {
        let mut options = options;
        if self.leave_ok && !options.contains(&Remedy::Leave) {
            options.insert(0, Remedy::Leave);
        }
        let short = self.legal.dice_played().saturating_sub(self.numbers.min(2));
        Judgement {
            entry,
            text,
            options,
            numbers_short: short,
        }
    }

    /// The label of path position `p` for the mover, or `off`.
    fn name(&self, p: u8) -> String {
        Point::from_path(self.mover, p).map_or("off".to_string(), |x| x.to_string())
    }

    /// RÉSOLUTION: "Mais il ne peut pas faire rejouer une dame qui a été bien placée sauf si
    /// c'est la seule manière de pouvoir jouer correctement les deux nombres." The units
    /// played correctly: those of the legal play matching the most of them (the same dame
    /// from the same point to the same point), among those preferably in as many moves.
    fn played_correctly(&self) -> Vec<(u8, u8)> {
        let mut best: ((usize, u32), Vec<(u8, u8)>) = ((0, 0), Vec::new());
        for p in self.legal.iter() {
            let mut lands = play_lands_steps(p, self.mover);
            let mut exact = 0;
            let mut matched = Vec::new();
            for u in &self.us {
                if let Some(k) = lands.iter().position(|l| (l.0, l.1) == (u.from, u.to)) {
                    exact += u32::from(lands[k].2 == u.steps);
                    matched.push((u.from, u.to));
                    lands.swap_remove(k);
                }
            }
            let score = (matched.len(), exact);
            if score > best.0 {
                best = (score, matched);
            }
        }
        best.1
    }

    /// Whether `play` keeps every dame played correctly where it was played.
    fn keeps_well_placed(&self, play: &Play) -> bool {
        let mut lands = play_lands(play, self.mover);
        self.well_placed
            .iter()
            .all(|w| match lands.iter().position(|l| l == w) {
                Some(k) => {
                    lands.swap_remove(k);
                    true
                }
                None => false,
            })
    }

    /// How many of the physical play's dames `play` leaves where they were played (each
    /// unit of the play matched once).
    fn kept(&self, play: &Play) -> usize {
        let mut lands = play_lands(play, self.mover);
        self.us
            .iter()
            .filter(|u| match lands.iter().position(|l| *l == (u.from, u.to)) {
                Some(k) => {
                    lands.swap_remove(k);
                    true
                }
                None => false,
            })
            .count()
    }

    /// RÉSOLUTION for a dame touched and not played, which must be played ("une dame
    /// touchée doit être jouée"): among `plays` (the legal plays that play it),
    /// those that move only dames he touched, keeping the most of the dames he played where
    /// he played them ("il ne peut pas faire rejouer une dame qui a été bien placée sauf si
    /// c'est la seule manière"). When every one of them moves a dame he did not touch, every
    /// dame goes back and he must play the touched dame by its number, the other number with
    /// the dame of his choice ([`Remedy::ReplayWith`]: "c'est ce dernier qui reste libre du
    /// choix de la dame à rejouer").
    ///
    /// `obliged` picks the touched dame's move in a play (its number, for FAUSSE SORTIE).
    fn touched_dame_plays(
        &self,
        plays: &[&Play],
        obliged: &dyn Fn(&crate::movement::Move) -> bool,
    ) -> Vec<Remedy> {
        let by_touch: Vec<&&Play> = plays
            .iter()
            .filter(|p| {
                play_moves_from(p, self.mover)
                    .iter()
                    .all(|f| self.touched_paths.contains(f))
            })
            .collect();
        if by_touch.is_empty() {
            let mut out = Vec::new();
            for p in plays {
                if let Some(m) = p.moves().iter().find(|m| obliged(m)) {
                    let r = Remedy::ReplayWith(*m);
                    if !out.contains(&r) {
                        out.push(r);
                    }
                }
            }
            return out;
        }
        let most = by_touch.iter().map(|p| self.kept(p)).max().unwrap_or(0);
        by_touch
            .into_iter()
            .filter(|p| self.kept(p) == most)
            .map(|p| Remedy::Impose(**p))
            .collect()
    }

    /// The numbers of the throw that the dames played correctly did not use.
    fn numbers_left(&self) -> Vec<u8> {
        let [a, b] = self.analysis.throw().dice();
        let mut left = vec![a.get(), b.get()];
        for w in &self.well_placed {
            let d = w.1.saturating_sub(w.0);
            if let Some(k) = left.iter().position(|&x| x == d) {
                left.remove(k);
            } else if left.iter().sum::<u8>() == d {
                left.clear();
            }
        }
        left
    }

    /// Why the dame from path `from` cannot stand on path `to`: the numbers left cannot
    /// bring it there, or one can but the point is the opponent's (a dame never stops on a
    /// point the opponent holds, nor on his coin), or the laws forbid it otherwise.
    fn why_misplaced(&self, from: u8, to: u8) -> String {
        let left = self.numbers_left();
        let d = to.saturating_sub(from);
        let reaches = left.contains(&d) || (left.len() == 2 && left[0] + left[1] == d);
        let opp = self.mover.other();
        let held = Point::from_path(self.mover, to)
            .is_some_and(|p| self.position.board().count(opp, p) > 0);
        if !reaches {
            "where the numbers cannot bring it".to_string()
        } else if held {
            format!(
                "which {opp} holds: the {d} brings it there, but a dame never stops on a point of the opponent"
            )
        } else {
            format!("where the laws do not let the {d} bring it")
        }
    }

    /// The units not played correctly (not among [`Judging::well_placed`]).
    fn misplaced(&self) -> Vec<&Unit> {
        let mut rest = self.well_placed.clone();
        self.us
            .iter()
            .filter(|u| match rest.iter().position(|w| *w == (u.from, u.to)) {
                Some(k) => {
                    rest.swap_remove(k);
                    false
                }
                None => true,
            })
            .collect()
    }

    /// RÉSOLUTION: "c'est à l'adversaire de décider selon son intérêt de la manière de jouer
    /// la ou les dames fautives ; mais il doit respecter les règles concernant le
    /// déplacement des dames ... Il ne peut pas choisir de faire jouer une dame que le joueur
    /// fautif n'aurait pas touchée ; dans ce cas c'est ce dernier qui reste libre du choix de
    /// la dame à rejouer." The legal plays passing `filter` that move only touched dames,
    /// keeping the dames played correctly where possible; when none moves only touched
    /// dames, the misplaced dames go back ([`Remedy::SendBack`]). `any_dame`: the entry lets
    /// the opponent oblige the play of a dame not touched (to fill or keep, to pass a dame
    /// au retour, not to take the coin).
    ///
    /// The dames played correctly are kept whenever some legal play passing `filter` keeps
    /// them, whatever dame it moves: a play that moves one of them again is imposed only
    /// when no legal play keeps them ("sauf si c'est la seule manière de pouvoir jouer
    /// correctement les deux nombres"); if the plays that keep them move a dame not touched,
    /// the misplaced dames go back and the offender chooses (until 2026-12 the plays of the
    /// touched dames were imposed then, moving again a dame played right).
    fn imposable_by(&self, filter: &dyn Fn(&Play) -> bool, any_dame: bool) -> Vec<Remedy> {
        let mover = self.mover;
        let some_keep = self
            .legal
            .iter()
            .any(|p| filter(p) && self.keeps_well_placed(p));
        let allowed = |p: &Play| filter(p) && (!some_keep || self.keeps_well_placed(p));
        let by_touch: Vec<&Play> = self
            .legal
            .iter()
            .filter(|p| {
                play_moves_from(p, mover)
                    .iter()
                    .all(|f| self.touched_paths.contains(f))
            })
            .filter(|p| allowed(p))
            .collect();
        if by_touch.is_empty() && any_dame {
            return self
                .legal
                .iter()
                .filter(|p| allowed(p))
                .map(|p| Remedy::Impose(*p))
                .collect();
        }
        if by_touch.is_empty() {
            // "Il ne peut pas choisir de faire jouer une dame que le joueur fautif n'aurait
            // pas touchée ; dans ce cas c'est ce dernier qui reste libre du choix de la dame
            // à rejouer": the misplaced dames go back, the offender replays freely.
            return self
                .misplaced()
                .into_iter()
                .filter_map(|u| {
                    Some(Remedy::SendBack {
                        from: Point::from_path(mover, u.from)?,
                        to: Dest::from_path(mover, u.to)?,
                    })
                })
                .collect();
        }
        by_touch.into_iter().map(|p| Remedy::Impose(*p)).collect()
    }

    /// [`Judging::imposable_by`] among the touched dames only.
    fn imposable(&self, filter: &dyn Fn(&Play) -> bool) -> Vec<Remedy> {
        self.imposable_by(filter, false)
    }

    /// [`Judging::imposable_by`] where the entry obliges any dame.
    fn obliged(&self, filter: &dyn Fn(&Play) -> bool) -> Vec<Remedy> {
        self.imposable_by(filter, true)
    }
}

/// Every play (the filter of [`Judging::imposable_by`] that keeps them all).
fn all(_: &Play) -> bool {
    true
}

/// The path counts of the mover after `play` from `position`.
#[must_use]
pub(crate) fn counts_after_play(position: &Position, play: &Play) -> PathCounts {
    let mover = position.side_to_move();
    let mut c = *position.board().path_counts(mover);
    for m in play.moves() {
        let f = m.from.path(mover) as usize;
        c[f] = c[f].saturating_sub(1);
        c[m.to.path(mover) as usize] += 1;
    }
    c
}

/// Where the dames of `play` start and end (a tout d'une as one dame), as paths.
#[must_use]
pub(crate) fn lands_of(play: &Play, mover: Colour) -> Vec<(u8, u8)> {
    play_lands(play, mover)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_moves_do_not_panic() {
        // The referee refuses them; `judge` alone must still not panic on them.
        let pos = Position::start();
        let a = ThrowAnalysis::new(&pos, "6-5".parse().unwrap(), &Default::default());
        let b7: Point = "B7".parse().unwrap();
        let b1: Point = "B1".parse().unwrap();
        let moves = [
            PhysicalMove {
                from: b1,
                to: Dest::Point(b7),
            },
            PhysicalMove {
                from: b7,
                to: Dest::Point(b1),
            },
        ];
        let _ = judge(&a, &pos, &moves, &[]);
    }
}
