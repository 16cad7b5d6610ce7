//! [`ThrowAnalysis`]: every scoring event of one throw in one position, split as the laws
//! mark them, with the legal plays under the fill/keep obligation.

use boardgames_common::{Throw, UNORDERED_OUTCOMES};
use thiserror::Error;

use crate::board::ByColour;
use crate::board::Colour;
use crate::board::Jan;
use crate::board::PathCounts;
use crate::board::Position;
use crate::board::{DAMES, count_masks};
use crate::board::{OFF, OPPONENT_COIN, OWN_COIN, TALON};
use crate::movement::Play;
use crate::movement::{Candidate, LegalPlays, Prepared};
use crate::movement::{full_mask_after, possibly_full_after};
use crate::scoring::ScoringRules;
use crate::scoring::depart::{jan_de_depart, rencontre};
use crate::scoring::event::{Events, JanEvent, points_for};
use crate::scoring::fill::{RecordWays, all_fill_ways, full, how_kept, ways_count};
use crate::scoring::hits::{HitMasks, coin_battu, push_hits};
use crate::scoring::kind::{HowKept, JanKind};

/// Error of [`ThrowAnalysis::after_play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScoringError {
    /// The play is of another throw than the one analysed.
    #[error("play {play} is not of the throw {expected} analysed")]
    WrongThrow {
        /// The throw analysed.
        expected: Throw,
        /// The play given.
        play: Play,
    },
    /// The play is not among the legal plays (movement laws and the fill/keep obligation).
    #[error("play {play} is not legal (laws of movement and the must fill / must keep obligation)")]
    Illegal {
        /// The play given.
        play: Play,
    },
}

/// Bit of [`ThrowAnalysis`]'s settled set for the sortie (bits 0..3 are the jans).
const SORTIE_BIT: u8 = 1 << 3;

/// Every scoring event of one throw for the side to move (rules page, "Scoring: the jans
/// (tariff)"), split as the laws mark them:
///
/// - [`ThrowAnalysis::before_play`]: what is known before the play — hits à vrai and à faux,
///   coin battu, jans de départ, jan de rencontre, impuissance, and every fill, keep or
///   sortie that ALL legal plays perform (the must fill / must keep obligation usually
///   makes it so; the fill's ways are counted from the throw, not from the play).
/// - [`ThrowAnalysis::after_play`]: what the chosen play adds beyond that (a fill, keep or
///   sortie that some legal plays do not perform). A keep that every legal play performs
///   but in different manners (inside, *en sortant*, *en outrepassant*) is marked before
///   the play as `Normally`; [`ThrowAnalysis::keep_manner`] gives the manner of a play.
///
/// So for any legal play the points of `before_play` plus those of `after_play(play)` are
/// everything the throw scores. No allocation: the events live in fixed-capacity lists and
/// the legal plays in [`LegalPlays`].
///
/// ```
/// use trictrac_core::Colour;
/// use trictrac_core::scoring::{JanKind, ScoringRules, Table, ThrowAnalysis};
/// // Glossary, BATTRE UNE DAME, EXEMPLE n° 1: the White dame on B8 is hit by the 5 from
/// // Black's coin and by the 6 from N11 (2 ways in the grand-jan table: 2 × 2).
/// let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0".parse().unwrap();
/// let a = ThrowAnalysis::new(&pos, "6-5".parse().unwrap(), &ScoringRules::default());
/// assert_eq!(a.before_play()[0].kind, JanKind::HitAVrai(Table::GrandJan));
/// assert_eq!(a.points_before(Colour::Black), 4);
/// assert_eq!(a.points_before(Colour::White), 0);
/// ```
#[derive(Debug, Clone)]
pub struct ThrowAnalysis {
    position: Position,
    mover: Colour,
    throw: Throw,
    counts: PathCounts,
    legal: LegalPlays,
    before: Events,
    fill_ways: [u8; 3],
    settled: u8,
}

impl Default for ThrowAnalysis {
    /// An empty analysis (no plays, no events), to be filled by [`ThrowAnalysis::analyse`].
    fn default() -> ThrowAnalysis {
        ThrowAnalysis {
            position: Position::start(),
            mover: Colour::White,
            throw: Throw::new(boardgames_common::Die::ACE, boardgames_common::Die::ACE),
            counts: [0; 26],
            legal: LegalPlays::new(),
            before: Events::new(),
            fill_ways: [0; 3],
            settled: 0,
        }
    }
}

/// The points each colour marks before the play ([`ThrowAnalysis::points_before`] of both
/// colours) for each of the 21 distinct throws, in `UNORDERED_OUTCOMES` order, for the side to
/// move of `position` (no opening throw: the jan de rencontre is never scored). The same
/// numbers as 21 analyses, at a fraction of their cost: the laws of the position are computed
/// once, and the legal plays are not listed when they cannot change the points. Before the
/// play they count only through the impuissance (how many numbers can be played: the first
/// lawful play found decides it) and through the fills, keeps and sortie that every legal play
/// performs.
///
/// - No jan missing at most two dames, fewer than 13 dames off: no fill or keep is possible;
///   the number of dice playable is all the plays tell.
/// - One such jan, and at least two dames outside the jan de retour (no play can bear a dame
///   off, so the sortie constraints choose nothing): the obligation keeps the plays leaving
///   that jan full if there is one, so every legal play fills or keeps it iff one play among
///   those left by the laws of movement does (a generation that stops at the first). A jan
///   full before is then kept (one way, no list needed); a jan filled is analysed in full for
///   its ways.
/// - Otherwise (two jans or more that could be full, the sortie near): the throw is analysed
///   in full, in `scratch`.
pub(crate) fn points_before_each_throw(
    position: &Position,
    rules: &ScoringRules,
    scratch: &mut ThrowAnalysis,
) -> [ByColour<u8>; 21] {
    let mut out = [ByColour::default(); 21];
    let mover = position.side_to_move();
    let counts = position.board().path_counts(mover);
    let possible = possibly_full_after(counts);
    let outside_retour: u8 = counts[1..19].iter().sum();
    let one_jan = possible.count_ones() == 1 && outside_retour >= 2;
    if (possible != 0 && !one_jan) || counts[OFF as usize] + 2 >= DAMES {
        for (o, &(t, _)) in out.iter_mut().zip(UNORDERED_OUTCOMES.iter()) {
            scratch.analyse(position, t, rules, None);
            *o = ByColour::from_fn(|c| scratch.points_before(c));
        }
        return out;
    }
    // The one jan that may be full after the play, as a window of key nibbles, and whether
    // it is full already (then a play leaving it full keeps it).
    let jan = Jan::ALL[possible.trailing_zeros() as usize & 3];
    let window = JAN_WINDOWS[possible.trailing_zeros() as usize & 3];
    let full_before = one_jan && full(counts, jan);
    let prep = Prepared::new(position);
    // Quick proofs that both numbers are played: any two simple steps, or (a jan full before)
    // two simple steps leaving the jan's dames in place, so that it stays full.
    let steps = prep.simple_steps(0);
    let stay = if full_before {
        ((1u32 << 6) - 1) << jan.first()
    } else {
        0
    };
    let keeping_steps = prep.simple_steps(stay);
    // The jan's points short of two dames, and the points a dame can reach with a throw
    // (a number or the sum from a point the mover holds; the own coin always, for par
    // puissance): a jan is filled only if a dame reaches each of its short points.
    let (occupied, made) = count_masks(counts);
    let deficient = if one_jan && !full_before {
        (((1u32 << 6) - 1) << jan.first()) & !made
    } else {
        0
    };
    let landings = |throw: Throw| {
        let (hi, lo) = (u32::from(throw.high().get()), u32::from(throw.low().get()));
        let occ = u64::from(occupied);
        let m = (occ << hi) | (occ << lo) | (occ << (hi + lo)) | (1 << OWN_COIN);
        (m & 0xFFFF_FFFF) as u32
    };
    let hits = HitMasks::new(position);
    // What the position alone decides: the coin battu needs the own coin held (and the
    // opponent's empty), a jan de départ no dame off and 13 or 11 dames on the talon.
    let coin_possible =
        counts[OWN_COIN as usize] >= 2 && position.board().opponent_at(mover, OPPONENT_COIN) == 0;
    let depart_possible = counts[OFF as usize] == 0 && matches!(counts[TALON as usize], 11 | 13);
    let mut before = Events::new();
    for (o, &(throw, _)) in out.iter_mut().zip(UNORDERED_OUTCOMES.iter()) {
        let doublet = throw.is_doublet();
        let (dice, filled) = if full_before && keeping_steps.both(throw) {
            (2, true)
        } else if one_jan && !full_before && deficient & !landings(throw) != 0 {
            // A point of the jan short of dames that no number of the throw reaches: no
            // play fills the jan.
            let dice = if steps.both(throw) {
                2
            } else {
                prep.dice_playable(throw)
            };
            (dice, false)
        } else if one_jan {
            prep.some_play_fills(throw, window)
        } else if steps.both(throw) {
            (2, false)
        } else {
            (prep.dice_playable(throw), false)
        };
        if filled && !full_before {
            // A fill: its ways need the plays.
            scratch.analyse(position, throw, rules, None);
            *o = ByColour::from_fn(|c| scratch.points_before(c));
            continue;
        }
        before.clear();
        // The hits come first among the events (the order of the saturating sums).
        let mut points = ByColour::default();
        if !hits.is_empty() {
            hits.add_points(throw, mover, &mut points);
        }
        if coin_possible && coin_battu(position, throw) {
            let _ = before.try_push(JanEvent::new(JanKind::CoinBattu, 1, doublet, mover));
        }
        if let Some(k) = depart_possible
            .then(|| jan_de_depart(position, throw))
            .flatten()
        {
            let _ = before.try_push(JanEvent::new(k, 1, doublet, mover));
        }
        let unplayed = 2 - dice;
        if unplayed > 0 {
            let _ = before.try_push(JanEvent::new(
                JanKind::Impuissance,
                unplayed,
                doublet,
                mover,
            ));
        }
        if filled {
            // Kept by every legal play: one way, whatever the manner.
            let how = HowKept::Normally;
            let _ = before.try_push(JanEvent::new(
                JanKind::Conserver { jan, how },
                1,
                doublet,
                mover,
            ));
        }
        *o = ByColour::from_fn(|c| {
            before
                .iter()
                .filter(|e| e.beneficiary == c)
                .fold(points[c], |a, e| a.saturating_add(e.points))
        });
    }
    out
}

/// The key nibbles (see `ge2_nibbles` of the move generator) of each jan's six path positions,
/// in `Jan::ALL` order (a fourth, empty entry keeps indexing total).
const JAN_WINDOWS: [u128; 4] = [0x11_1111, 0x11_1111 << 24, 0x11_1111 << 72, 0];

impl ThrowAnalysis {
    /// Analyses `throw` for the side to move of `position` under `rules`. The jan de
    /// rencontre needs the opponent's first throw: use [`ThrowAnalysis::with_opening`] for
    /// it (this constructor never scores it).
    #[must_use]
    pub fn new(position: &Position, throw: Throw, rules: &ScoringRules) -> ThrowAnalysis {
        ThrowAnalysis::with_opening(position, throw, rules, None)
    }

    /// As [`ThrowAnalysis::new`], knowing `opening`: the opponent's first throw since the
    /// start or the relevé, if he has made exactly one. With
    /// [`ScoringRules::jan_de_rencontre`] on, a second player's first throw equal to it
    /// scores the jan de rencontre (glossary JAN DE RENCONTRE).
    #[must_use]
    pub fn with_opening(
        position: &Position,
        throw: Throw,
        rules: &ScoringRules,
        opening: Option<Throw>,
    ) -> ThrowAnalysis {
        let mut a = ThrowAnalysis {
            position: *position,
            mover: position.side_to_move(),
            throw,
            counts: [0; 26],
            legal: LegalPlays::new(),
            before: Events::new(),
            fill_ways: [0; 3],
            settled: 0,
        };
        a.analyse(position, throw, rules, opening);
        a
    }

    /// Re-analyses in place, reusing this value's storage: the same result as
    /// [`ThrowAnalysis::with_opening`] without moving the play list (the form for search and
    /// simulation loops).
    pub fn analyse(
        &mut self,
        position: &Position,
        throw: Throw,
        rules: &ScoringRules,
        opening: Option<Throw>,
    ) {
        let mover = position.side_to_move();
        let doublet = throw.is_doublet();
        self.position = *position;
        self.mover = mover;
        self.throw = throw;
        self.counts = *position.board().path_counts(mover);
        self.settled = 0;
        let before = &mut self.before;
        before.clear();
        push_hits(position, throw, before);
        if coin_battu(position, throw) {
            let _ = before.try_push(JanEvent::new(JanKind::CoinBattu, 1, doublet, mover));
        }
        if let Some(k) = jan_de_depart(position, throw) {
            let _ = before.try_push(JanEvent::new(k, 1, doublet, mover));
        }
        if rules.jan_de_rencontre && rencontre(position, throw, opening) {
            let _ = before.try_push(JanEvent::new(JanKind::JanDeRencontre, 1, doublet, mover));
        }
        let obligation = RecordWays::default();
        position.plays_into(throw, &obligation, &mut self.legal);
        let unplayed = self.legal.unplayed().len() as u8;
        if unplayed > 0 {
            let _ = before.try_push(JanEvent::new(
                JanKind::Impuissance,
                unplayed,
                doublet,
                mover,
            ));
        }
        // Only a jan missing at most two dames can be full after the play (a play brings at
        // most two dames into it): the common case skips everything below.
        let possible = possibly_full_after(&self.counts);
        self.fill_ways = match obligation.ways.get() {
            Some(w) => w,
            None if possible != 0 => all_fill_ways(&self.counts, self.legal.candidates(), throw),
            None => [0; 3],
        };
        // Fills, keeps and the sortie that every legal play performs are known before the
        // play.
        let cands = self.legal.candidates();
        if possible != 0 && !cands.is_empty() {
            let mut all = possible;
            for c in cands {
                all &= full_mask_after(c);
            }
            for (i, jan) in Jan::ALL.into_iter().enumerate() {
                if all & (1 << i) == 0 {
                    continue;
                }
                // Every legal play leaves the jan full: filled, or kept. A keep's manner may
                // differ between plays; its points do not, so it is marked before the play
                // with the common manner, or `Normally` when the plays differ
                // (`ThrowAnalysis::keep_manner` gives each play's).
                let mut kind = cands.first().and_then(|c| self.fill_or_keep(c, jan));
                if let Some(JanKind::Conserver { .. }) = kind
                    && cands.iter().any(|c| self.fill_or_keep(c, jan) != kind)
                {
                    kind = Some(JanKind::Conserver {
                        jan,
                        how: HowKept::Normally,
                    });
                }
                if let Some(kind) = kind {
                    let e = self.event(kind);
                    let _ = self.before.try_push(e);
                    self.settled |= 1 << i;
                }
            }
        }
        let cands = self.legal.candidates();
        if self.counts[OFF as usize] + 2 >= DAMES
            && !cands.is_empty()
            && cands.iter().all(Candidate::finishes_sortie)
        {
            let e = self.event(JanKind::Sortie);
            let _ = self.before.try_push(e);
            self.settled |= SORTIE_BIT;
        }
    }

    /// The fill or keep of `jan` that candidate `c` performs, if any.
    fn fill_or_keep(&self, c: &Candidate, jan: Jan) -> Option<JanKind> {
        if !jan.paths().all(|p| c.after_at(p) >= 2) {
            return None;
        }
        Some(if full(&self.counts, jan) {
            JanKind::Conserver {
                jan,
                how: how_kept(&self.counts, c, jan, !self.legal.unplayed().is_empty()),
            }
        } else {
            JanKind::Remplir(jan)
        })
    }

    /// The event of a fill / keep / sortie kind, with its ways.
    fn event(&self, kind: JanKind) -> JanEvent {
        let ways = match kind {
            JanKind::Remplir(jan) => {
                let i = Jan::ALL.iter().position(|&j| j == jan).unwrap_or(0);
                ways_count(self.fill_ways[i]).max(1)
            }
            _ => 1,
        };
        JanEvent::new(kind, ways, self.throw.is_doublet(), self.mover)
    }

    /// The player who threw.
    #[must_use]
    pub fn mover(&self) -> Colour {
        self.mover
    }

    /// The throw analysed.
    #[must_use]
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// Everything marked before the play: hits (à vrai and à faux), coin battu, jans de
    /// départ, jan de rencontre, impuissance, and the fills, keeps and sortie that every
    /// legal play performs. Hits come first, in the mover's path order of the hit dames.
    #[must_use]
    pub fn before_play(&self) -> &[JanEvent] {
        &self.before
    }

    /// Points `colour` marks from [`ThrowAnalysis::before_play`].
    #[must_use]
    pub fn points_before(&self, colour: Colour) -> u8 {
        points_for(&self.before, colour)
    }

    /// The legal plays ([`Position::legal_plays`]: the laws of movement with the must fill /
    /// must keep obligation in its place), and the impuissance.
    #[must_use]
    pub fn legal_plays(&self) -> &LegalPlays {
        &self.legal
    }

    /// The events `play` adds beyond [`ThrowAnalysis::before_play`]: a fill, keep or sortie
    /// that not every legal play performs (the obligation makes that rare: two jans that
    /// cannot both be filled or kept). Empty for most plays.
    ///
    /// # Errors
    /// [`ScoringError::WrongThrow`] if `play` is of another throw; [`ScoringError::Illegal`]
    /// if it reaches no legal play's board (two orders reaching the same board are the same
    /// play).
    pub fn after_play(&self, play: &Play) -> Result<Events, ScoringError> {
        let i = self.index_of(play)?;
        self.after_play_index(i)
            .ok_or(ScoringError::Illegal { play: *play })
    }

    /// The position after `play`, checked against [`ThrowAnalysis::legal_plays`] (the laws
    /// of movement AND the fill/keep obligation): the mover's dames moved, his throw counter
    /// increased, the other side to move. The same as [`Position::play`] without generating
    /// the plays again.
    ///
    /// # Errors
    /// As [`ThrowAnalysis::after_play`].
    pub fn play(&self, play: &Play) -> Result<Position, ScoringError> {
        let i = self.index_of(play)?;
        let legal = self
            .legal
            .get(i)
            .ok_or(ScoringError::Illegal { play: *play })?;
        let mut next = self.position;
        next.play_unchecked(legal);
        Ok(next)
    }

    /// The index among the legal plays of the play reaching the same board as `play`.
    fn index_of(&self, play: &Play) -> Result<usize, ScoringError> {
        if play.throw() != self.throw {
            return Err(ScoringError::WrongThrow {
                expected: self.throw,
                play: *play,
            });
        }
        let illegal = ScoringError::Illegal { play: *play };
        let mut c = self.counts;
        for m in play.moves() {
            let f = m.from.path(self.mover) as usize;
            let t = m.to.path(self.mover) as usize;
            if c[f] == 0 || t <= f {
                return Err(illegal);
            }
            c[f] -= 1;
            c[t] += 1;
        }
        self.legal.index_of_board(&c).ok_or(illegal)
    }

    /// How `play` keeps `jan`, if it keeps it (full before and after): the manner of that
    /// play, which [`ThrowAnalysis::before_play`] reports as `Normally` when the legal plays
    /// keep it in different manners.
    ///
    /// # Errors
    /// As [`ThrowAnalysis::after_play`].
    pub fn keep_manner(&self, play: &Play, jan: Jan) -> Result<Option<HowKept>, ScoringError> {
        let i = self.index_of(play)?;
        let c = self
            .legal
            .candidates()
            .get(i)
            .ok_or(ScoringError::Illegal { play: *play })?;
        Ok(match self.fill_or_keep(c, jan) {
            Some(JanKind::Conserver { how, .. }) => Some(how),
            _ => None,
        })
    }

    /// The events of [`ThrowAnalysis::after_play`] for the `i`-th legal play (in the order
    /// of [`LegalPlays::get`]), or `None` if there is no such play.
    #[must_use]
    pub fn after_play_index(&self, i: usize) -> Option<Events> {
        self.legal
            .candidates()
            .get(i)
            .map(|c| self.after_candidate(c))
    }

    /// Whether the `i`-th legal play scores nothing after the play: no jan left unsettled
    /// is full after it, and it does not finish an unsettled sortie (so
    /// [`ThrowAnalysis::after_play_index`] is empty). `false` when there is no such play.
    #[inline]
    pub(crate) fn nothing_after(&self, i: usize) -> bool {
        self.legal.candidates().get(i).is_some_and(|c| {
            full_mask_after(c) & !self.settled & 7 == 0
                && (self.settled & SORTIE_BIT != 0 || !c.finishes_sortie())
        })
    }

    fn after_candidate(&self, cand: &Candidate) -> Events {
        let mut out = Events::new();
        for (i, jan) in Jan::ALL.into_iter().enumerate() {
            if self.settled & (1 << i) == 0
                && let Some(kind) = self.fill_or_keep(cand, jan)
            {
                let _ = out.try_push(self.event(kind));
            }
        }
        if self.settled & SORTIE_BIT == 0 && cand.finishes_sortie() {
            let _ = out.try_push(self.event(JanKind::Sortie));
        }
        out
    }

    /// Total points `colour` marks for this throw if `play` is played: before plus after.
    ///
    /// # Errors
    /// As [`ThrowAnalysis::after_play`].
    pub fn points_with(&self, play: &Play, colour: Colour) -> Result<u8, ScoringError> {
        let after = self.after_play(play)?;
        Ok(self
            .points_before(colour)
            .saturating_add(points_for(&after, colour)))
    }
}
