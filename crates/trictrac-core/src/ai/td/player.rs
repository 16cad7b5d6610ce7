//! The players of the TD-trained network: [`TdBot`] (the best afterstate by the network)
//! and [`TdExpectimaxBot`] (one ply of expectimax over the opponent's 21 throws on top).

use boardgames_common::{Agent, UNORDERED_OUTCOMES};

use super::afterstate::{After, PlayAfter, after_play, finish, leave, mark};
use super::features::{Inputs, ThrowerUnits, encode_common, encode_varying_with};
use super::network::{Hidden, TdNetwork};
use crate::Form;
use crate::Ordinaire;
use crate::board::Colour;
use crate::board::Position;
use crate::marking::Marking;
use crate::movement::MAX_PLAYS;
use crate::scoring::{ThrowScore, ThrowScorer};
use crate::{Action, ChoiceStage, Phase, TrictracGame};

/// The network and the form of the partie: the value of afterstates for a player.
#[derive(Clone, Copy)]
struct Judge<'a> {
    network: &'a TdNetwork,
    form: &'a Ordinaire,
}

impl Judge<'_> {
    /// The value for `me` of `after` by the network: the partie's return if it is over, else
    /// the equity of the player to throw, negated when he is the opponent.
    fn value(&self, after: &After, me: Colour) -> f32 {
        match after {
            After::Over(win) => {
                let v = if win.bredouille { 2.0 } else { 1.0 };
                if win.winner == me { v } else { -v }
            }
            After::Throw { position, .. } => {
                let e = self.network.evaluate(position, self.form).equity();
                if position.side_to_move() == me { e } else { -e }
            }
        }
    }

    /// The value of a play for `me`: the better of holding and leaving when it offers both.
    fn play_value(&self, after: &PlayAfter, me: Colour) -> f32 {
        let hold = self.value(&after.hold, me);
        match &after.leave {
            Some(l) => hold.max(self.value(l, me)),
            None => hold,
        }
    }

    /// The value for `me` (who played) of a play's afterstates, reusing in `scratch` the
    /// hidden layer's sums of the inputs the plays of one throw share (the board of the
    /// opponent, the marks, the partie) when the opponent throws next: the plays then differ
    /// only by the inputs of [`encode_varying_with`] (the board of the player who played and
    /// the hand-made units).
    fn play_value_shared(&self, after: &PlayAfter, me: Colour, scratch: &mut Scratch) -> f32 {
        let (After::Throw { position, marking }, None) = (&after.hold, &after.leave) else {
            return self.play_value(after, me);
        };
        if position.side_to_move() == me {
            return self.play_value(after, me);
        }
        let key = (
            *marking,
            position.throws_since_releve(Colour::White),
            position.throws_since_releve(Colour::Black),
            *position.board().path_counts(position.side_to_move()),
        );
        let Scratch { common, inputs } = scratch;
        if common.as_ref().is_none_or(|c| c.key != key) {
            inputs.clear();
            encode_common(position, self.form, inputs);
            let mut sums = self.network.start();
            self.network.accumulate(inputs, &mut sums);
            let thrower = ThrowerUnits::of(position);
            *common = Some(Common { key, sums, thrower });
        }
        let Some(base) = common.as_ref() else {
            return self.play_value(after, me);
        };
        inputs.clear();
        encode_varying_with(position, &base.thrower, inputs);
        -self.network.forward_from(&base.sums.0, inputs).equity()
    }

    /// The value of every legal play of `analysis` for the side to move of `position`
    /// (`marking` with his before-play points, `pending` given to the opponent) into
    /// `values`; returns the number of plays and the index of the best (the first of equal
    /// value), `None` when there is no play.
    fn play_values<A: ThrowScore>(
        &self,
        position: &Position,
        marking: &Marking,
        pending: u8,
        analysis: &A,
        values: &mut [f32; MAX_PLAYS],
        scratch: &mut Scratch,
    ) -> (usize, Option<usize>) {
        let me = position.side_to_move();
        let plays = analysis.legal_plays();
        let mut best: Option<usize> = None;
        let n = plays.len().min(MAX_PLAYS);
        for (i, play) in plays.iter().take(n).enumerate() {
            let points = analysis.after_play(i, None);
            let after = after_play(self.form, position, marking, pending, play, points);
            values[i] = self.play_value_shared(&after, me, scratch);
            if best.is_none_or(|b| values[i] > values[b]) {
                best = Some(i);
            }
        }
        (n, best)
    }

    /// The best value for the thrower of throwing `throw` from the state before a throw
    /// `position` (`marking` its marking): he marks his before-play points, holds or
    /// leaves, and plays, each choice the best afterstate by the network.
    // The search's buffers (the analysis, the values, the scratch) are passed down rather
    // than bundled: the values are read back by the callers while the scratch is lent.
    #[allow(clippy::too_many_arguments)]
    fn throw_value<S: ThrowScorer>(
        &self,
        scorer: &S,
        position: &Position,
        marking: &Marking,
        throw: boardgames_common::Throw,
        analysis: &mut S::Analysis,
        values: &mut [f32; MAX_PLAYS],
        scratch: &mut Scratch,
    ) -> f32 {
        let thrower = position.side_to_move();
        scorer.analyse(position, throw, None, analysis);
        let before = analysis.before_play(None);
        let mut m = *marking;
        let (gain, over) = mark(self.form, &mut m, thrower, before[thrower], true);
        if let Some(win) = over {
            return self.value(&After::Over(win), thrower);
        }
        let pending = before[thrower.other()];
        let (_, best) = self.play_values(position, &m, pending, analysis, values, scratch);
        let hold = best.map_or(f32::NEG_INFINITY, |b| values[b]);
        if self.form.may_leave(&m, thrower, &gain) {
            hold.max(self.value(&leave(self.form, *position, m, thrower), thrower))
        } else {
            hold
        }
    }

    /// The value for `me` of `after` searched one ply: the expectation over the 21 throws of
    /// the player to throw of his best choices by the network.
    fn searched_value<S: ThrowScorer>(
        &self,
        scorer: &S,
        after: &After,
        me: Colour,
        analysis: &mut S::Analysis,
        values: &mut [f32; MAX_PLAYS],
        scratch: &mut Scratch,
    ) -> f32 {
        let After::Throw { position, marking } = after else {
            return self.value(after, me);
        };
        let thrower = position.side_to_move();
        let mut total = 0.0;
        for &(throw, p) in &UNORDERED_OUTCOMES {
            let v = self.throw_value(scorer, position, marking, throw, analysis, values, scratch);
            total += p as f32 * v;
        }
        if thrower == me { total } else { -total }
    }
}

/// The hidden layer's sums of the inputs shared by the plays of one throw, and what they
/// were computed for (the marking, both players' throws since the relevé and the board of
/// the player to throw); the hand-made units of the player to throw that the plays leave
/// alike.
#[derive(Clone, Copy)]
struct Common {
    key: (Marking, u8, u8, [u8; 26]),
    sums: Hidden,
    thrower: ThrowerUnits,
}

/// What the values of afterstates reuse from one to the next (made once per decision, so
/// that a decision allocates and clears nothing per play): the last [`Common`] (the
/// throws of a search from one afterstate share it whenever they leave the marks alike)
/// and the list of inputs.
struct Scratch {
    common: Option<Common>,
    inputs: Inputs,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            common: None,
            inputs: Inputs::new(),
        }
    }
}

/// The choice of a player between tenir and s'en aller, given the values of both.
fn hold_or_leave(hold: f32, leave: f32) -> Action {
    if hold >= leave {
        Action::Tenir
    } else {
        Action::SenAller
    }
}

/// The legal action of `legal` that plays the `index`-th play of the analysis.
fn play_action<A: ThrowScore>(analysis: &A, index: usize, legal: &[Action]) -> Option<Action> {
    let play = *analysis.legal_plays().get(index)?;
    let action = Action::Play(play);
    // The game lists its legal actions in the analysis' order.
    (legal.get(index) == Some(&action) || legal.contains(&action)).then_some(action)
}

/// The player of a TD-trained network ([`TdNetwork`]): at a play, the legal play whose
/// afterstate the network values best (the first of equal value); at tenir or s'en aller, the
/// better of the two afterstates (holding: the best play of the throw and the opponent
/// marking what it gives him; leaving: the relevé, the points wiped, and the leaver
/// throwing again), holding on a tie. Deterministic; allocates nothing per decision.
///
/// ```
/// use boardgames_common::{ByPlayer, Game, RandomAgent, Seed, play_game};
/// use trictrac_core::ai::TdBot;
/// use trictrac_core::{GameOptions, TrictracGame};
/// let game = TrictracGame::new(GameOptions::default().with_trous_to_win(2));
/// let (mut td, mut random) = (TdBot::default(), RandomAgent::new(Seed(2)));
/// let played = play_game(game, Seed(3), ByPlayer::new(&mut td, &mut random), 100_000).unwrap();
/// assert!(played.state.is_terminal());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TdBot<'a> {
    network: &'a TdNetwork,
}

impl Default for TdBot<'static> {
    /// The bot of the shipped network ([`TdNetwork::shipped`]).
    fn default() -> TdBot<'static> {
        TdBot::new(TdNetwork::shipped())
    }
}

impl<'a> TdBot<'a> {
    /// The bot of `network`.
    #[must_use]
    pub fn new(network: &'a TdNetwork) -> TdBot<'a> {
        TdBot { network }
    }

    /// The network.
    #[must_use]
    pub fn network(&self) -> &'a TdNetwork {
        self.network
    }

    /// The value for the player to decide of each legal action of `game` (each play, or
    /// tenir and s'en aller), by the network, in equity of the partie (−2..=2); empty when
    /// no player is to decide. For hints: the bot chooses the first best of these.
    #[must_use]
    pub fn action_values<S: ThrowScorer + Clone>(
        &self,
        game: &TrictracGame<S>,
    ) -> Vec<(Action, f32)> {
        let judge = Judge {
            network: self.network,
            form: game.turns().form(),
        };
        let (position, marking) = (game.position(), game.marking());
        match game.phase() {
            Phase::Play { pending, .. } => {
                let Some(analysis) = game.analysis() else {
                    return Vec::new();
                };
                let mut values = [0.0; MAX_PLAYS];
                let (n, _) = judge.play_values(
                    position,
                    marking,
                    pending,
                    analysis,
                    &mut values,
                    &mut Scratch::new(),
                );
                analysis
                    .legal_plays()
                    .iter()
                    .take(n)
                    .zip(values)
                    .map(|(&p, v)| (Action::Play(p), v))
                    .collect()
            }
            Phase::Choice {
                mover,
                stage,
                pending,
                ..
            } => {
                let (hold, leave) = self.choice_values(&judge, game, mover, stage, pending);
                vec![(Action::Tenir, hold), (Action::SenAller, leave)]
            }
            _ => Vec::new(),
        }
    }

    /// The values of holding and of leaving for `mover` at a choice of `game`.
    fn choice_values<S: ThrowScorer + Clone>(
        &self,
        judge: &Judge<'_>,
        game: &TrictracGame<S>,
        mover: Colour,
        stage: ChoiceStage,
        pending: u8,
    ) -> (f32, f32) {
        let (position, marking) = (*game.position(), *game.marking());
        let leave = judge.value(&leave(judge.form, position, marking, mover), mover);
        let hold = match stage {
            ChoiceStage::AfterPlay => judge.value(
                &finish(judge.form, position, marking, mover, pending),
                mover,
            ),
            ChoiceStage::BeforePlay => match game.analysis() {
                Some(analysis) => {
                    let mut values = [0.0; MAX_PLAYS];
                    let (_, best) = judge.play_values(
                        &position,
                        &marking,
                        pending,
                        analysis,
                        &mut values,
                        &mut Scratch::new(),
                    );
                    best.map_or(f32::NEG_INFINITY, |b| values[b])
                }
                None => f32::NEG_INFINITY,
            },
        };
        (hold, leave)
    }
}

impl<S: ThrowScorer + Clone> Agent<TrictracGame<S>> for TdBot<'_> {
    fn choose(&mut self, state: &TrictracGame<S>, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Tenir;
        };
        let judge = Judge {
            network: self.network,
            form: state.turns().form(),
        };
        match state.phase() {
            Phase::Choice {
                mover,
                stage,
                pending,
                ..
            } => {
                let (hold, leave) = self.choice_values(&judge, state, mover, stage, pending);
                hold_or_leave(hold, leave)
            }
            Phase::Play { pending, .. } => {
                if legal.len() == 1 {
                    return first;
                }
                let Some(analysis) = state.analysis() else {
                    return first;
                };
                let mut values = [0.0; MAX_PLAYS];
                let (_, best) = judge.play_values(
                    state.position(),
                    state.marking(),
                    pending,
                    analysis,
                    &mut values,
                    &mut Scratch::new(),
                );
                best.and_then(|b| play_action(analysis, b, legal))
                    .unwrap_or(first)
            }
            _ => first,
        }
    }
}

/// [`TdBot`] searched one ply deeper: the plays the network values within
/// [`TdExpectimaxBot::margin`] of the best (at most [`TdExpectimaxBot::breadth`] of them,
/// the best first) are valued by the expectation, over the 21 throws of the player to throw
/// next, of his best choices by the network (Michie's expectiminimax to one chance ply; the
/// reply chosen as [`TdBot`] chooses it); the best is played. Tenir or s'en aller compares
/// the two afterstates searched the same way. Deterministic; allocates nothing per decision.
#[derive(Debug, Clone, Copy)]
pub struct TdExpectimaxBot<'a> {
    network: &'a TdNetwork,
    /// At most this many plays are searched (at least 1). Default 2.
    pub breadth: usize,
    /// Only plays the network values within this much equity of the best are searched.
    /// Default 0.05.
    pub margin: f32,
}

impl Default for TdExpectimaxBot<'static> {
    /// The searching bot of the shipped network, breadth 2, margin 0.05.
    fn default() -> TdExpectimaxBot<'static> {
        TdExpectimaxBot::new(TdNetwork::shipped())
    }
}

impl<'a> TdExpectimaxBot<'a> {
    /// The searching bot of `network` with the default breadth and margin.
    #[must_use]
    pub fn new(network: &'a TdNetwork) -> TdExpectimaxBot<'a> {
        TdExpectimaxBot {
            network,
            breadth: 2,
            margin: 0.05,
        }
    }

    /// The network.
    #[must_use]
    pub fn network(&self) -> &'a TdNetwork {
        self.network
    }

    /// The index of the best play of `state`'s pending throw by the search, and its value
    /// (`searched`: by the search even when the network leaves a single candidate; otherwise
    /// that candidate is played unsearched, with the network's value).
    fn best_play<S: ThrowScorer + Clone>(
        &self,
        judge: &Judge<'_>,
        state: &TrictracGame<S>,
        pending: u8,
        scratch: &mut S::Analysis,
        reuse: &mut Scratch,
        searched: bool,
    ) -> Option<(usize, f32)> {
        let analysis = state.analysis()?;
        let (position, marking) = (state.position(), state.marking());
        let me = position.side_to_move();
        let mut values = [0.0; MAX_PLAYS];
        let (n, best) = judge.play_values(position, marking, pending, analysis, &mut values, reuse);
        let best = best?;
        if n == 1 {
            return Some((best, values[best]));
        }
        // The candidates: the best by the network, within the margin, best first (ties in
        // the order of the list).
        let mut order = [0u16; MAX_PLAYS];
        let mut count = 0;
        for (i, &v) in values[..n].iter().enumerate() {
            if v >= values[best] - self.margin {
                order[count] = i as u16;
                count += 1;
            }
        }
        // An unstable sort (no allocation) with the index as the tie-break: deterministic.
        if count == 1 && !searched {
            return Some((best, values[best]));
        }
        order[..count].sort_unstable_by(|&a, &b| {
            values[usize::from(b)]
                .total_cmp(&values[usize::from(a)])
                .then(a.cmp(&b))
        });
        let mut replies = [0.0; MAX_PLAYS];
        let mut chosen: Option<(usize, f32)> = None;
        for &i in order[..count].iter().take(self.breadth.max(1)) {
            let i = usize::from(i);
            let Some(play) = analysis.legal_plays().get(i) else {
                continue;
            };
            let points = analysis.after_play(i, None);
            let after = after_play(judge.form, position, marking, pending, play, points);
            let scorer = state.scorer();
            let mut v = judge.searched_value(scorer, &after.hold, me, scratch, &mut replies, reuse);
            if let Some(l) = &after.leave {
                v = v.max(judge.searched_value(scorer, l, me, scratch, &mut replies, reuse));
            }
            if chosen.is_none_or(|(_, b)| v > b) {
                chosen = Some((i, v));
            }
        }
        chosen
    }
}

impl<S: ThrowScorer + Clone> Agent<TrictracGame<S>> for TdExpectimaxBot<'_> {
    fn choose(&mut self, state: &TrictracGame<S>, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Tenir;
        };
        let judge = Judge {
            network: self.network,
            form: state.turns().form(),
        };
        let mut scratch = S::Analysis::default();
        let mut reuse = Scratch::new();
        let mut replies = [0.0; MAX_PLAYS];
        let scorer = state.scorer();
        match state.phase() {
            Phase::Choice {
                mover,
                stage,
                pending,
                ..
            } => {
                let (position, marking) = (*state.position(), *state.marking());
                let gone = leave(judge.form, position, marking, mover);
                let leave = judge.searched_value(
                    scorer,
                    &gone,
                    mover,
                    &mut scratch,
                    &mut replies,
                    &mut reuse,
                );
                let hold = match stage {
                    ChoiceStage::AfterPlay => {
                        let held = finish(judge.form, position, marking, mover, pending);
                        judge.searched_value(
                            scorer,
                            &held,
                            mover,
                            &mut scratch,
                            &mut replies,
                            &mut reuse,
                        )
                    }
                    ChoiceStage::BeforePlay => self
                        .best_play(&judge, state, pending, &mut scratch, &mut reuse, true)
                        .map_or(f32::NEG_INFINITY, |(_, v)| v),
                };
                hold_or_leave(hold, leave)
            }
            Phase::Play { pending, .. } => {
                if legal.len() == 1 {
                    return first;
                }
                let Some(analysis) = state.analysis() else {
                    return first;
                };
                self.best_play(&judge, state, pending, &mut scratch, &mut reuse, false)
                    .and_then(|(b, _)| play_action(analysis, b, legal))
                    .unwrap_or(first)
            }
            _ => first,
        }
    }
}

#[cfg(test)]
mod tests {
    use boardgames_common::{Game, Seed, Turn};

    use super::*;
    use crate::GameOptions;

    /// The shared sums of the plays of one throw give the very values of the full
    /// evaluation of each afterstate (the same sums in the same order), with the sums kept
    /// from one decision to the next.
    #[test]
    fn shared_sums_give_the_full_evaluation() {
        let network = TdNetwork::new(16, Seed(9)).unwrap();
        let (mut compared, mut searched) = (0, 0);
        for g in 0..20u64 {
            let mut game = TrictracGame::new(GameOptions {
                trous_to_win: 2,
                pavillon: g % 2 == 0,
                ..GameOptions::default()
            });
            let judge_form = *game.turns().form();
            let mut rng = Seed(g).rng();
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            // One scratch for the whole partie: what it keeps from a decision must never
            // serve another position.
            let mut reuse = Scratch::new();
            let mut search = Scratch::new();
            while game.turn() != Turn::Terminal {
                if let (Phase::Play { pending, .. }, Some(analysis)) =
                    (game.phase(), game.analysis())
                {
                    let judge = Judge {
                        network: &network,
                        form: &judge_form,
                    };
                    let mut values = [0.0; MAX_PLAYS];
                    let (n, _) = judge.play_values(
                        game.position(),
                        game.marking(),
                        pending,
                        analysis,
                        &mut values,
                        &mut reuse,
                    );
                    let me = game.position().side_to_move();
                    for (i, play) in analysis.legal_plays().iter().enumerate().take(n) {
                        let points = ThrowScore::after_play(analysis, i, None);
                        let after = after_play(
                            &judge_form,
                            game.position(),
                            game.marking(),
                            pending,
                            play,
                            points,
                        );
                        assert_eq!(values[i], judge.play_value(&after, me));
                        compared += 1;
                        // The search from each afterstate in turn, the scratch kept across
                        // them (in the first parties: a search is 21 throws).
                        if g < 3 {
                            let scorer = game.scorer();
                            let mut analysis = Default::default();
                            let mut replies = [0.0; MAX_PLAYS];
                            let kept = judge.searched_value(
                                scorer,
                                &after.hold,
                                me,
                                &mut analysis,
                                &mut replies,
                                &mut search,
                            );
                            let fresh = judge.searched_value(
                                scorer,
                                &after.hold,
                                me,
                                &mut analysis,
                                &mut replies,
                                &mut Scratch::new(),
                            );
                            assert_eq!(kept, fresh);
                            searched += 1;
                        }
                    }
                }
                super::super::random_step(&mut game, &mut rng, &mut legal, &mut outcomes);
            }
        }
        assert!(compared > 1000, "{compared}");
        assert!(searched > 100, "{searched}");
    }
}
