//! [`ExpectimaxBot`]: the heuristic [`Bot`]'s evaluation searched one ply deeper, an
//! expectimax over the opponent's 21 throws (Michie's expectiminimax, with the opponent's
//! reply chosen by the heuristic), valued with the marking.
//!
//! The value of a state for a player, in points (the unit of the marking; 12 to a trou):
//!
//! ```text
//! V = 12·(own trous − his) + own points·b(own) − his points·b(his) + positional(own) − positional(his)
//! ```
//!
//! where `b` is [`ExpectimaxBot::bredouille_weight`] for a player *en bredouille* (his jeu
//! would be won double: rules page, "Marking"; glossary, UTILISATION DES JETONS) and 1
//! otherwise, and `positional` the heuristic's [`Bot::evaluate`]. The points are marked with
//! [`Marking::mark`] in the order of the chronology of a throw, so that a play sees the trous
//! it wins, the bredouille it makes or breaks (*débredouiller*).
//!
//! The value of a play `P` of the throw: its after-play points are marked, then what the
//! throw gave the opponent; then, for each of the opponent's 21 throws `t` with its
//! probability, his before-play points, his best reply by the heuristic's own value
//! ([`Bot::value_of_play`]) and its points are marked as the game would, and `V` is taken on
//! the board after his reply; `v(P)` is the expectation. Only the
//! [`ExpectimaxBot::breadth`] best plays by the heuristic's static value are searched; the
//! best `v(P)` is played.
//!
//! Tenir ou s'en aller (rules page, "Tenir ou s'en aller"), on a trou won before the play:
//! holding is worth the best `v(P)` of the throw, the reste kept and the opponent's points
//! marked; leaving is worth the expectation, over the leaver's 21 throws from the relevé,
//! of his best `v(P)` with the points wiped (the best play by the static value searched for
//! each throw; computed once and kept, less the trous, which are the same either way). On a trou won by the sortie the dames are relevées
//! either way and only the marking differs: `V` after holding against `V` after leaving.

use boardgames_common::{Agent, UNORDERED_OUTCOMES};

use super::Bot;
use crate::board::Board;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::marking::Marking;
use crate::movement::Play;
use crate::scoring::{ThrowScore, ThrowScorer};
use crate::{Action, ChoiceStage, Phase, TrictracGame};

/// The searching trictrac player (module docs): deterministic, no clock, no generator.
///
/// ```
/// use boardgames_common::{ByPlayer, Game, Seed, play_game};
/// use trictrac_core::ai::{Bot, ExpectimaxBot};
/// use trictrac_core::{GameOptions, TrictracGame};
/// let game = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
/// let (mut searcher, mut bot) = (ExpectimaxBot::default(), Bot::default());
/// let played = play_game(game, Seed(3), ByPlayer::new(&mut searcher, &mut bot), 100_000).unwrap();
/// assert!(played.state.is_terminal());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectimaxBot {
    /// The positional evaluation and the opponent's model (its own lookahead is not used).
    pub heuristic: Bot,
    /// How many plays, the best by the heuristic's static value, are searched; at least 1
    /// is searched whatever the value. Default 8.
    pub breadth: usize,
    /// What a point is worth to a player en bredouille, against 1 otherwise. Default 1.5
    /// (his jeu would be won double, if he is not débredouillé first).
    pub bredouille_weight: f64,
    /// The value of throwing from the relevé (the same for both colours), less the trous,
    /// once computed.
    leave_value: ByColour<Option<f64>>,
}

impl Default for ExpectimaxBot {
    fn default() -> ExpectimaxBot {
        ExpectimaxBot::new(Bot::default(), 8)
    }
}

/// Where a play is chosen: the position and throw, the marking with the thrower's
/// before-play points marked, and the points the throw gives the opponent.
#[derive(Debug, Clone, Copy)]
struct Root<'a> {
    position: &'a Position,
    throw: boardgames_common::Throw,
    marking: Marking,
    pending: u8,
}

impl ExpectimaxBot {
    /// A searching bot on `heuristic`'s evaluation searching the `breadth` best plays.
    #[must_use]
    pub fn new(heuristic: Bot, breadth: usize) -> ExpectimaxBot {
        ExpectimaxBot {
            heuristic,
            breadth,
            bredouille_weight: 1.5,
            leave_value: ByColour::new(None, None),
        }
    }

    /// `V` of the module docs for `me`: the marking and the board.
    #[must_use]
    pub fn value(&self, marking: &Marking, board: &Board, me: Colour) -> f64 {
        let other = me.other();
        let points = |c: Colour| {
            let w = if marking.is_en_bredouille(c) {
                self.bredouille_weight
            } else {
                1.0
            };
            w * f64::from(marking.points(c))
        };
        12.0 * (f64::from(marking.trous(me)) - f64::from(marking.trous(other))) + points(me)
            - points(other)
            + self.heuristic.evaluate(board, me)
            - self.heuristic.evaluate(board, other)
    }

    /// The points `me`'s next throw in `position` (him to throw) is expected to bring him,
    /// less what it gives the opponent: the scorer's before-play points over the 21 throws.
    fn next_throw<S: ThrowScorer>(&self, scorer: &S, position: &Position, me: Colour) -> f64 {
        if position.side_to_move() != me {
            return 0.0;
        }
        let mut analysis = S::Analysis::default();
        UNORDERED_OUTCOMES
            .iter()
            .map(|&(t, p)| {
                scorer.analyse(position, t, None, &mut analysis);
                let s = analysis.before_play(None);
                p * (f64::from(s[me]) - f64::from(s[me.other()]))
            })
            .sum()
    }

    /// `v(P)` for the side to move of `root` (module docs): `points` are the play's
    /// after-play points.
    fn play_value<S: ThrowScorer>(
        &self,
        scorer: &S,
        root: &Root<'_>,
        play: &Play,
        points: ByColour<u8>,
        analysis: &mut S::Analysis,
    ) -> f64 {
        let me = root.position.side_to_move();
        let other = me.other();
        let mut marking = root.marking;
        marking.mark(me, points[me]);
        marking.mark(other, root.pending.saturating_add(points[other]));
        let mut after = *root.position;
        after.play_unchecked(play);
        if after.has_borne_off_all(me) {
            // The relevé: the same player throws again from the start.
            after.releve(me);
            return self.value(&marking, after.board(), me);
        }
        let mut total = 0.0;
        for &(t, p) in &UNORDERED_OUTCOMES {
            scorer.analyse(&after, t, None, analysis);
            let before = analysis.before_play(None);
            let mut m = marking;
            m.mark(other, before[other]);
            let replies = analysis.legal_plays();
            let mut best: Option<(f64, usize, ByColour<u8>)> = None;
            for (i, q) in replies.iter().enumerate() {
                let pts = analysis.after_play(i, None);
                let v = self.heuristic.value_with_points(&after, q, pts);
                if best.is_none_or(|(b, _, _)| v > b) {
                    best = Some((v, i, pts));
                }
            }
            let value = match best.and_then(|(_, i, pts)| Some((replies.get(i)?, pts))) {
                Some((q, pts)) => {
                    m.mark(other, pts[other]);
                    m.mark(me, before[me].saturating_add(pts[me]));
                    let mut reply = after;
                    reply.play_unchecked(q);
                    self.value(&m, reply.board(), me) + self.next_throw(scorer, &reply, me)
                }
                None => {
                    m.mark(me, before[me]);
                    self.value(&m, after.board(), me)
                }
            };
            total += p * value;
        }
        total
    }

    /// The plays of the root's throw with their values (plays outside the breadth get
    /// `f64::NEG_INFINITY`) and the index of the best (the first of equal value).
    fn values<S: ThrowScorer>(&self, scorer: &S, root: &Root<'_>) -> (Vec<Play>, Vec<f64>, usize) {
        let mut analysis = S::Analysis::default();
        scorer.analyse(root.position, root.throw, None, &mut analysis);
        let plays: Vec<Play> = analysis.legal_plays().iter().copied().collect();
        let points: Vec<ByColour<u8>> = (0..plays.len())
            .map(|i| analysis.after_play(i, None))
            .collect();
        let statics: Vec<f64> = plays
            .iter()
            .zip(&points)
            .map(|(p, &pts)| self.heuristic.value_with_points(root.position, p, pts))
            .collect();
        let mut order: Vec<usize> = (0..plays.len()).collect();
        // Stable: ties keep the generation order.
        order.sort_by(|&a, &b| statics[b].total_cmp(&statics[a]));
        let mut values = vec![f64::NEG_INFINITY; plays.len()];
        let mut best = 0;
        for &i in order.iter().take(self.breadth.max(1)) {
            values[i] = self.play_value(scorer, root, &plays[i], points[i], &mut analysis);
            if values[i] > values[best] || (values[i] == values[best] && i < best) {
                best = i;
            }
        }
        (plays, values, best)
    }

    /// The best `v(P)` of the root's throw (`NEG_INFINITY` if no play is listed).
    fn best_value<S: ThrowScorer>(&self, scorer: &S, root: &Root<'_>) -> f64 {
        let (_, values, best) = self.values(scorer, root);
        values.get(best).copied().unwrap_or(f64::NEG_INFINITY)
    }

    /// The value for `mover` of leaving (module docs): his 21 throws from the relevé of
    /// `position` with the points and jetons wiped from `marking`, the best play by the
    /// static value searched for each.
    #[must_use]
    pub fn leave_value<S: ThrowScorer>(
        &self,
        scorer: &S,
        position: &Position,
        marking: &Marking,
        mover: Colour,
    ) -> f64 {
        let mut start = *position;
        start.releve(mover);
        let mut wiped = *marking;
        wiped.s_en_aller();
        let mut analysis = S::Analysis::default();
        UNORDERED_OUTCOMES
            .iter()
            .map(|&(t, p)| {
                scorer.analyse(&start, t, None, &mut analysis);
                let before = analysis.before_play(None);
                let mut m = wiped;
                m.mark(mover, before[mover]);
                let root = Root {
                    position: &start,
                    throw: t,
                    marking: m,
                    pending: before[mover.other()],
                };
                // One play searched per throw (the best by the static value): from the
                // relevé most throws have one or two plays, and this keeps the decision
                // within a normal one's cost.
                let narrow = ExpectimaxBot {
                    breadth: 1,
                    ..self.clone()
                };
                let best = narrow.best_value(scorer, &root);
                p * if best.is_finite() {
                    best
                } else {
                    self.value(&m, start.board(), mover)
                }
            })
            .sum()
    }

    /// Whether `mover` holds (module docs) in `state`'s choice.
    fn holds<S: ThrowScorer + Clone>(
        &mut self,
        state: &TrictracGame<S>,
        mover: Colour,
        throw: boardgames_common::Throw,
        stage: ChoiceStage,
        pending: u8,
    ) -> bool {
        let marking = *state.marking();
        let position = state.position();
        let trous =
            12.0 * (f64::from(marking.trous(mover)) - f64::from(marking.trous(mover.other())));
        match stage {
            ChoiceStage::AfterPlay => {
                let mut hold = marking;
                hold.mark(mover.other(), pending);
                let mut leave = marking;
                leave.s_en_aller();
                self.value(&hold, position.board(), mover)
                    >= self.value(&leave, position.board(), mover)
            }
            ChoiceStage::BeforePlay => {
                let scorer = state.scorer();
                let leave = match self.leave_value[mover] {
                    Some(v) => v + trous,
                    None => {
                        let v = self.leave_value(scorer, position, &marking, mover);
                        // The relevé is the same for both colours, seen from the leaver.
                        self.leave_value = ByColour::new(Some(v - trous), Some(v - trous));
                        v
                    }
                };
                let root = Root {
                    position,
                    throw,
                    marking,
                    pending,
                };
                self.best_value(scorer, &root) >= leave
            }
        }
    }
}

impl<S: ThrowScorer + Clone> Agent<TrictracGame<S>> for ExpectimaxBot {
    fn choose(&mut self, state: &TrictracGame<S>, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Tenir;
        };
        match state.phase() {
            Phase::Choice {
                mover,
                throw,
                stage,
                pending,
            } => {
                if self.holds(state, mover, throw, stage, pending) {
                    Action::Tenir
                } else {
                    Action::SenAller
                }
            }
            Phase::Play { throw, pending } => {
                if legal.len() == 1 {
                    return first;
                }
                let root = Root {
                    position: state.position(),
                    throw,
                    marking: *state.marking(),
                    pending,
                };
                let (plays, _, best) = self.values(state.scorer(), &root);
                match plays.get(best) {
                    Some(&p) if legal.contains(&Action::Play(p)) => Action::Play(p),
                    _ => first,
                }
            }
            _ => first,
        }
    }
}
