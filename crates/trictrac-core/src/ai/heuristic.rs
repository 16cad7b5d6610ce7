//! A heuristic trictrac player ([`Bot`]): plays chosen by the points they bring and a
//! positional evaluation, and a documented tenir / s'en aller rule.
//!
//! The evaluation is in points (the unit of the marking), from the mover's side:
//!
//! - the points the play itself brings (the [`ThrowScorer`]'s after-play points: the sortie),
//!   mover's minus opponent's;
//! - **dames covered**: each own lone dame (*demi-case*, *dame découverte*) off the talon that
//!   an opponent dame could hit by a die or the sum costs its hit value (4 in the petit-jan
//!   table, 2 in the grand-jan table: rules page, "Scoring") times the chance that a throw
//!   brings the distance (capped at 1 per dame);
//! - **building toward fills**: each *case* made (two dames or more) in one's petit jan and
//!   grand jan earns a bonus, more in the grand jan; a full jan (*plein*) earns the most, as it
//!   scores at every throw it is kept;
//! - **holding the coin**: one's coin de repos held earns a bonus (it is the key to the grand
//!   jan and to battre le coin);
//! - a small bonus per pip advanced (the race to the sortie).
//!
//! With lookahead (the default, [`Bot::lookahead`]), the best plays by this static value are
//! compared again after subtracting the points the opponent's next throw is expected to
//! score against them, by the [`ThrowScorer`] itself (his hits and fills, our à faux and
//! impuissance, averaged over the 21 throws).
//!
//! Tenir ou s'en aller ([`Bot::holds`]): the bot holds when what it keeps by holding is worth
//! at least what it gives: `reste + ½·(own evaluation − opponent's evaluation) ≥ pending`,
//! where `reste` is its points de reste (lost by leaving), `pending` the points its throw gives
//! the opponent (cancelled by leaving), and the evaluations are the positional ones above
//! for the current board (leaving relève both games). After the play (a trou won by the
//! sortie) the dames are relevées either way, so it holds iff `reste ≥ pending`.
//!

use boardgames_common::{Agent, UNORDERED_OUTCOMES};

use crate::TurnPhase;
use crate::board::OWN_COIN;
use crate::board::Position;
use crate::board::{Board, count_masks};
use crate::board::{ByColour, Colour};
use crate::ecrire::Advice;
use crate::movement::Play;
use crate::scoring::{ThrowScore, ThrowScorer};
use crate::{Action, ChoiceStage, TrictracGame};
use crate::{Chronology, EcrireGame, Form};

/// Weights of the positional evaluation, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// Multiplies the expected hit value against each exposed lone dame.
    pub exposure: f64,
    /// Per case made (2+ dames) in one's petit jan (path 2..=6; the talon does not count).
    pub petit_jan_case: f64,
    /// Per case made in one's grand jan (path 7..=11; the coin is counted apart).
    pub grand_jan_case: f64,
    /// For a full jan (petit, grand or jan de retour).
    pub plein: f64,
    /// For holding one's coin de repos.
    pub coin: f64,
    /// Per pip of progress of one's dames (path positions summed).
    pub pip: f64,
    /// Per (opponent dame point, die) pair whose landing point we hold: his blocked numbers
    /// (what makes impuissance, 2 points a number).
    pub block: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            exposure: 1.0,
            petit_jan_case: 0.5,
            grand_jan_case: 1.0,
            plein: 6.0,
            coin: 3.0,
            pip: 0.05,
            block: 0.3,
        }
    }
}

/// The heuristic player. Deterministic: ties go to the first play in generation order.
///
/// ```
/// use boardgames_common::{ByPlayer, Game, RandomAgent, Seed, play_game};
/// use trictrac_core::ai::Bot;
/// use trictrac_core::{GameOptions, TrictracGame};
/// let game = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
/// let (mut bot, mut random) = (Bot::default(), RandomAgent::new(Seed(2)));
/// let played = play_game(game, Seed(3), ByPlayer::new(&mut bot, &mut random), 100_000).unwrap();
/// assert!(played.state.is_terminal());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bot {
    /// The evaluation weights.
    pub weights: Weights,
    /// Lookahead breadth: when `k > 0`, the `k` best plays by the static value are compared
    /// again after subtracting the points the opponent's next throw is expected to score
    /// against them ([`Bot::expected_reply`]: the scorer's before-play points over the 21
    /// throws). 0 plays by the static value alone. Default: 8.
    pub lookahead: usize,
}

impl Default for Bot {
    fn default() -> Bot {
        Bot::new(Weights::default())
    }
}

/// The ordered throws out of 36 that bring distance `d` (index 0..=12) by one die or by the
/// sum of both: the one count the heuristic's and the TD network's chance tables share.
pub(super) const REACH_THROWS: [u32; 13] = {
    let mut r = [0; 13];
    let mut d = 1;
    while d <= 12 {
        let mut a = 1;
        while a <= 6 {
            let mut b = 1;
            while b <= 6 {
                if a == d || b == d || a + b == d {
                    r[d] += 1;
                }
                b += 1;
            }
            a += 1;
        }
        d += 1;
    }
    r
};

/// Probability, by distance `d` (index, 0..=12), that a throw brings `d` by one die or by
/// the sum of both ([`REACH_THROWS`] out of 36).
const REACH: [f64; 13] = {
    let mut r = [0.0; 13];
    let mut d = 0;
    while d <= 12 {
        r[d] = REACH_THROWS[d] as f64 / 36.0;
        d += 1;
    }
    r
};

/// For each set of distances (bit `k` for distance `k + 1`, 1..=12), the sum of their
/// [`REACH`] chances, added in increasing distance from 0.0 (the order of the sum matters to
/// the last bit: the evaluation's value is the same as adding them one by one).
static CHANCE: [f64; 4096] = {
    let mut t = [0.0; 4096];
    let mut m = 0;
    while m < 4096 {
        let mut chance = 0.0;
        let mut k = 0;
        while k < 12 {
            if m & (1 << k) != 0 {
                chance += REACH[k + 1];
            }
            k += 1;
        }
        t[m] = chance;
        m += 1;
    }
    t
};

/// The number of bits set in each 6-bit value.
const POP6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

impl Bot {
    /// A bot with the given weights and the default lookahead (8).
    #[must_use]
    pub fn new(weights: Weights) -> Bot {
        Bot {
            weights,
            lookahead: 8,
        }
    }

    /// The points the opponent of the player who just played is expected to gain on his next
    /// throw in `after` (the position after the play, the opponent to move): the average
    /// over the 21 throws of his before-play points minus those of the player (à faux,
    /// impuissance …), per the `scorer`.
    #[must_use]
    pub fn expected_reply<S: ThrowScorer>(&self, scorer: &S, after: &Position) -> f64 {
        let mut analysis = S::Analysis::default();
        self.expected_reply_with(scorer, after, &mut analysis)
    }

    /// [`Bot::expected_reply`] with a reused analysis buffer.
    fn expected_reply_with<S: ThrowScorer>(
        &self,
        scorer: &S,
        after: &Position,
        analysis: &mut S::Analysis,
    ) -> f64 {
        let opponent = after.side_to_move();
        let points = scorer.points_before_each_throw(after, analysis);
        UNORDERED_OUTCOMES
            .iter()
            .zip(points.iter())
            .map(|(&(_, p), s)| p * (f64::from(s[opponent]) - f64::from(s[opponent.other()])))
            .sum()
    }

    /// The positional evaluation of `board` for `colour`, in points (see the module docs).
    #[must_use]
    pub fn evaluate(&self, board: &Board, colour: Colour) -> f64 {
        let w = &self.weights;
        let own = board.path_counts(colour);
        let theirs = board.path_counts(colour.other());
        // Bit sets over path positions 1..=24 (bit p): our occupied points and cases (2+),
        // our lone dames; the opponent's points, and seen on our path (his q is our 25 - q,
        // bit p to bit 25 - p by a reversal of the 32 bits), ours seen on his.
        let (occupied, made) = count_masks(own);
        let lone = occupied & !made;
        let his = count_masks(theirs).0;
        let his_on_ours = his.reverse_bits() >> 6;
        let ours_on_his = occupied.reverse_bits() >> 6;
        let progress: u32 = own.iter().zip(0u32..).map(|(&n, p)| u32::from(n) * p).sum();
        let mut v = 0.0;
        // Exposure of lone dames (off the talon): an opponent dame at our path x > p hits
        // the dame at p with the distance x - p (at most 12), by a die or the sum.
        let mut exposed = lone & !(1 << 1);
        while exposed != 0 {
            let p = exposed.trailing_zeros();
            exposed &= exposed - 1;
            let value = if p <= 6 || p >= 19 { 4.0 } else { 2.0 };
            // The chance that a throw brings one of the hitters' distances (bit k for
            // distance k + 1), from the table of those sums.
            let chance = CHANCE[((his_on_ours >> (p + 1)) & 0xFFF) as usize];
            v -= w.exposure * value * f64::min(chance, 1.0);
        }
        // Cases made in a span of at most six path positions (a table, not a population
        // count: the portable build has no popcount instruction).
        let span = |first: u32, last: u32| ((1u32 << (last + 1)) - 1) & !((1u32 << first) - 1);
        let count =
            |first: u32, last: u32| POP6[((made & span(first, last)) >> first) as usize & 63];
        v += w.petit_jan_case * f64::from(count(2, 6));
        v += w.grand_jan_case * f64::from(count(7, u32::from(OWN_COIN) - 1));
        if made & (1 << OWN_COIN) != 0 {
            v += w.coin;
        }
        for first in [1u32, 7, 19] {
            let s = span(first, first + 5);
            if made & s == s {
                v += w.plein;
            }
        }
        v += w.pip * f64::from(progress);
        // Blocking: for each point the opponent occupies (his path q, 1..=23), the numbers
        // 1..=6 that would land on a point we hold (his path q + d, at most 24).
        let mut blocked = 0u8;
        let mut from = his & !(1 << 24);
        while from != 0 {
            let q = from.trailing_zeros();
            from &= from - 1;
            blocked += POP6[((ours_on_his >> (q + 1)) & 0x3F) as usize];
        }
        v += w.block * f64::from(blocked);
        v
    }

    /// The value for the side to move of playing `play` in `position` (throw `play.throw()`):
    /// the after-play points of `scorer` plus the evaluation of the board after.
    #[must_use]
    pub fn value_of_play<S: ThrowScorer>(
        &self,
        scorer: &S,
        position: &Position,
        play: &Play,
    ) -> f64 {
        let mut analysis = S::Analysis::default();
        scorer.analyse(position, play.throw(), None, &mut analysis);
        let points = match analysis.legal_plays().iter().position(|p| p == play) {
            Some(i) => analysis.after_play(i, None),
            None => ByColour::default(),
        };
        self.value_with_points(position, play, points)
    }

    /// As [`Bot::value_of_play`] with the play's after-play points already known.
    pub(super) fn value_with_points(
        &self,
        position: &Position,
        play: &Play,
        points: ByColour<u8>,
    ) -> f64 {
        let mover = position.side_to_move();
        let mut after = *position;
        after.play_unchecked(play);
        f64::from(points[mover]) - f64::from(points[mover.other()])
            + self.evaluate(after.board(), mover)
            - self.evaluate(after.board(), mover.other())
    }

    /// The tenir / s'en aller rule (module docs): whether `mover`, having won a trou with
    /// his own points, holds. `reste` are his points de reste, `pending` the points his throw
    /// gives the opponent.
    #[must_use]
    pub fn holds(
        &self,
        board: &Board,
        mover: Colour,
        reste: u8,
        pending: u8,
        stage: ChoiceStage,
    ) -> bool {
        let keep = f64::from(reste);
        let give = f64::from(pending);
        match stage {
            ChoiceStage::AfterPlay => keep >= give,
            ChoiceStage::BeforePlay => {
                let adv = self.evaluate(board, mover) - self.evaluate(board, mover.other());
                keep + 0.5 * adv >= give
            }
        }
    }
}

impl Bot {
    /// The bot's action in the chronology `turns` of any form of game (the partie ordinaire,
    /// a marqué of the partie à écrire) among `legal`: at a tenir / s'en aller choice the
    /// board rule ([`Bot::holds`]), at a play the best play by the evaluation (and the
    /// lookahead); otherwise the first legal action.
    pub fn choose_in<S: ThrowScorer, F: Form>(
        &self,
        turns: &Chronology<S, F>,
        legal: &[Action],
    ) -> Action {
        // The Agent contract gives a non-empty list; never panic if it is not.
        let Some(&first) = legal.first() else {
            return Action::Tenir;
        };
        match turns.phase() {
            TurnPhase::Choice {
                mover,
                stage,
                pending,
                ..
            } => {
                let reste = turns.marking().points(mover);
                if self.holds(turns.position().board(), mover, reste, pending, stage) {
                    Action::Tenir
                } else {
                    Action::SenAller
                }
            }
            TurnPhase::Play { .. } => {
                let scorer = turns.scorer();
                let position = turns.position();
                // The game's legal actions are the kept analysis' plays, in this order.
                let Some(analysis) = turns.analysis() else {
                    return first;
                };
                let mut valued: Vec<(f64, Play)> = analysis
                    .legal_plays()
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let pts = analysis.after_play(i, None);
                        (self.value_with_points(position, p, pts), *p)
                    })
                    .collect();
                if self.lookahead > 0 && valued.len() > 1 {
                    // Stable sort: ties keep the generation order.
                    valued.sort_by(|a, b| b.0.total_cmp(&a.0));
                    valued.truncate(self.lookahead);
                    let mut reply = S::Analysis::default();
                    for (v, p) in &mut valued {
                        let mut after = *position;
                        after.play_unchecked(p);
                        *v -= self.expected_reply_with(scorer, &after, &mut reply);
                    }
                }
                let mut best: Option<(f64, Play)> = None;
                for (v, p) in valued {
                    if best.is_none_or(|(bv, _)| v > bv) {
                        best = Some((v, p));
                    }
                }
                match best {
                    Some((_, p)) if legal.contains(&Action::Play(p)) => Action::Play(p),
                    _ => first,
                }
            }
            _ => first,
        }
    }
}

impl<S: ThrowScorer + Clone> Agent<TrictracGame<S>> for Bot {
    fn choose(&mut self, state: &TrictracGame<S>, legal: &[Action]) -> Action {
        self.choose_in(state.turns(), legal)
    }
}

/// The bot in a partie à écrire: plays as in the partie ordinaire; decides tenir or s'en
/// aller by [`Marque::advice`](crate::ecrire::Marque::advice) (the trou d'obligation, the
/// bredouilles at stake), and by its board rule ([`Bot::holds`]) when the marqué does not
/// decide.
impl<S: ThrowScorer + Clone> Agent<EcrireGame<S>> for Bot {
    fn choose(&mut self, state: &EcrireGame<S>, legal: &[Action]) -> Action {
        if let TurnPhase::Choice { mover, .. } = state.turns().phase() {
            match state
                .marque()
                .advice(mover, state.options().rules.convention())
            {
                Advice::Tenir if legal.contains(&Action::Tenir) => return Action::Tenir,
                Advice::SenAller if legal.contains(&Action::SenAller) => {
                    return Action::SenAller;
                }
                _ => {}
            }
        }
        self.choose_in(state.turns(), legal)
    }
}
