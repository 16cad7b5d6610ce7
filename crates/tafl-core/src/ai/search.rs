//! [`Searcher`]: iterative-deepening principal-variation search (negamax alpha-beta with
//! null windows) over any ruleset, with a transposition table keyed by the Zobrist hash,
//! move ordering (table move, winning king moves, captures, killer moves, history), late
//! move reductions, and a quiescence search of captures and winning king moves.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

use boardgames_common::{Agent, Seed, SeedRng};
use rand::RngExt;

use crate::ai::eval::evaluate_with;
use crate::ai::level::{Level, MAX_PLY, SearchConfig};
use crate::ai::ordering::{MoveKind, MoveKinds, Ordering};
use crate::ai::tt::{Bound, TranspositionTable};
use crate::ai::weights::EvalWeights;
use crate::game::TaflGame;
use crate::moves::{MAX_MOVES, Move, MoveList};
use crate::piece::Side;
use crate::position::{Position, Ruled};
use crate::rules::{RepetitionResult, Rules};
use crate::status::Status;

/// The score of a won game at the root, in centisoldiers; a win found `n` plies ahead
/// scores `WIN_SCORE - n`.
pub const WIN_SCORE: i32 = 30_000;
/// Scores above this (or below its negation) announce a forced win (loss).
pub const WIN_THRESHOLD: i32 = WIN_SCORE - MAX_PLY as i32 - 1;
const INF: i32 = WIN_SCORE + 1;
/// The deepest quiescence search, in plies beyond the main search's horizon.
const QUIESCENCE_PLIES: u8 = 3;

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen (a legal move of the position searched).
    pub best_move: Move,
    /// The score of the best move for the side to move, in centisoldiers; beyond
    /// ±[`WIN_THRESHOLD`] a forced win or loss (`WIN_SCORE - plies`).
    pub score: i32,
    /// The last completed depth, in plies (0 when there was a single legal move, or when
    /// the node budget ran out before depth 1 was complete: the move is then the best of the
    /// root moves searched, or the first of the move ordering).
    pub depth: u8,
    /// Nodes visited (positions, quiescence included).
    pub nodes: u64,
    /// The principal variation from the transposition table, starting with the best move
    /// found (which may differ from `best_move` when the level randomises).
    pub pv: Vec<Move>,
    /// How many moves were within the random margin of the best (1 for the strongest play).
    pub candidates: usize,
}

/// A tafl searcher: a configuration, a transposition table and the move-ordering tables,
/// kept between the moves of a game, and a seeded generator ([`Seed::rng`]) for the levels that
/// randomise.
///
/// ```
/// use boardgames_common::Seed;
/// use tafl_core::Ruleset;
/// use tafl_core::ai::{Level, Searcher};
/// let fidchell = Ruleset::fidchell();
/// let start = fidchell.start_position();
/// let mut bard = Searcher::for_level(Level::Bard, Seed(7));
/// let result = bard.search(&start, fidchell.rules(), &[]).unwrap();
/// assert!(start.is_legal(fidchell.rules(), result.best_move));
/// ```
#[derive(Debug, Clone)]
pub struct Searcher {
    config: SearchConfig,
    tt: TranspositionTable,
    ordering: Ordering,
    rng: SeedRng,
    stack: Vec<u64>,
    /// Nodes of every search since the searcher was made.
    nodes_searched: u64,
    /// A flag another thread may raise to stop the search at once ([`Searcher::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

/// The searcher as a player of the common game trait: it searches the game's position with
/// the game's history ([`TaflGame::search_history`]), so that self-play and tournaments go
/// through [`boardgames_common::play_game`] like every other agent. The move chosen is the
/// search's (always one of `legal` for a game that is not over); should it not be, the first
/// of `legal`.
///
/// ```
/// use boardgames_common::{ByPlayer, Seed, play_game};
/// use tafl_core::{Ruleset, TaflGame};
/// use tafl_core::ai::{Level, Searcher};
/// let mut attackers = Searcher::for_level(Level::Bard, Seed(1).derive(1));
/// let mut defenders = Searcher::for_level(Level::Bard, Seed(1).derive(2));
/// let played = play_game(
///     TaflGame::new(Ruleset::brandubh()),
///     Seed(1),
///     ByPlayer::new(&mut attackers, &mut defenders),
///     1_000,
/// )
/// .unwrap();
/// assert!(played.state.status().is_over());
/// assert!(attackers.nodes_searched() > 0 && defenders.nodes_searched() > 0);
/// ```
impl Agent<TaflGame> for Searcher {
    fn choose(&mut self, state: &TaflGame, legal: &[Move]) -> Move {
        match self.search(
            state.position(),
            state.ruleset().rules(),
            state.search_history(),
        ) {
            Some(found) if legal.contains(&found.best_move) => found.best_move,
            _ => legal[0],
        }
    }
}

/// The state of one search.
struct Context<'a> {
    tt: &'a mut TranspositionTable,
    ordering: &'a mut Ordering,
    /// Hashes of the game's positions since the last capture, then of the search path.
    stack: &'a mut Vec<u64>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: bool,
    /// The flag of [`Searcher::set_stop`], read with the clock.
    stop_flag: Option<&'a AtomicBool>,
    /// The evaluation's weights.
    weights: EvalWeights,
}

impl Searcher {
    /// A searcher with `config`, its random choices drawn from `seed`'s pinned generator
    /// ([`Seed::rng`]): the same seed gives the same choices.
    #[must_use]
    pub fn new(config: SearchConfig, seed: Seed) -> Searcher {
        Searcher {
            config,
            tt: TranspositionTable::new(config.tt_bits),
            ordering: Ordering::new(),
            rng: seed.rng(),
            stack: Vec::with_capacity(1024),
            nodes_searched: 0,
            stop: None,
        }
    }

    /// A searcher playing at `level` ([`Level::config`]).
    #[must_use]
    pub fn for_level(level: Level, seed: Seed) -> Searcher {
        Searcher::new(level.config(), seed)
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Replaces the limits of the next searches (an engine's time per move changes with its
    /// clock); the tables and the random generator are kept.
    pub fn set_limits(&mut self, limits: crate::ai::SearchLimits) {
        self.config.limits = limits;
    }

    /// Gives the searcher a flag that stops its searches when raised (`true`), checked with
    /// the clock (every 1024 nodes): an engine that reads its host's input on another thread
    /// raises it when the host ends the game or changes the position. A stopped search
    /// returns what a search out of time returns (the best move of the deepest completed
    /// iteration). The searcher never lowers the flag; `None` removes it.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// The nodes of every search since the searcher was made ([`SearchResult::nodes`] summed;
    /// [`Searcher::clear`] does not reset it): the effort of a side in self-play, where the
    /// searcher plays as a [`boardgames_common::Agent`].
    #[must_use]
    pub const fn nodes_searched(&self) -> u64 {
        self.nodes_searched
    }

    /// Forgets the transposition table and the ordering tables (a new game). The random
    /// generator goes on.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// Searches `pos` and chooses a move, or `None` if the game is over on the board (no
    /// move to play).
    ///
    /// `history` holds the hashes ([`Position::hash`]) of the game's earlier positions
    /// since the last capture, oldest first, without `pos` itself (earlier ones cannot
    /// recur): the search scores a return to one of them, or to a position of its own
    /// path, by the ruleset's repetition rule, and counts its length towards the
    /// no-capture limit. Pass `&[]` to ignore the game's history. `rules` are the
    /// position's (its game's, [`TaflGame::ruleset`]): the searcher borrows them for the
    /// search.
    pub fn search(
        &mut self,
        pos: &Position,
        rules: &Rules,
        history: &[u64],
    ) -> Option<SearchResult> {
        let result = self.search_unaccounted(&Ruled::new(*pos, rules), history);
        if let Some(r) = &result {
            self.nodes_searched = self.nodes_searched.saturating_add(r.nodes);
        }
        result
    }

    fn search_unaccounted(&mut self, pos: &Ruled<'_>, history: &[u64]) -> Option<SearchResult> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let quiet = history.len().min(u16::MAX as usize) as u16;
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.stack.push(pos.hash());
        // The search path never grows the stack beyond this: no allocation per node.
        self.stack.reserve(MAX_PLY + 2);
        self.tt.new_search();
        self.ordering.new_search();

        let weights = self
            .config
            .weights_for(pos.rules)
            .for_search(pos.side, pos.rules);
        if moves.len() == 1 {
            return Some(SearchResult {
                best_move: moves[0],
                score: evaluate_with(pos, &weights),
                depth: 0,
                nodes: 1,
                pv: vec![moves[0]],
                candidates: 1,
            });
        }

        let limits = self.config.limits;
        let margin = self.config.random_margin.max(0);
        let mut ctx = Context {
            tt: &mut self.tt,
            ordering: &mut self.ordering,
            stack: &mut self.stack,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| Instant::now() + t),
            stop: false,
            stop_flag: self.stop.as_deref(),
            weights,
        };

        // Root moves in the order of the static ordering, then by the last iteration's
        // scores.
        let mut root: Vec<(Move, i32)> = moves.iter().map(|&m| (m, 0)).collect();
        let tt_move = ctx.tt.probe(pos.hash()).and_then(|e| e.best_move());
        let kinds = MoveKinds::new(pos);
        root.sort_by_key(|&(m, _)| -ctx.ordering.score(pos, &kinds, m, tt_move, 0));

        let mut completed: Option<(Vec<(Move, i32)>, u8)> = None;
        let max_depth = limits.max_depth.clamp(1, 60);
        for depth in 1..=max_depth {
            let (mut scores, complete) = ctx.root(pos, &root, i32::from(depth), margin, quiet);
            if !complete {
                // The budget ran out inside this iteration. Without a completed one (depth
                // 1 cut short on a crowded board), play the best of the root moves whose
                // search was finished; the later iterations' partial results are dropped.
                if completed.is_none() && !scores.is_empty() {
                    scores.sort_by_key(|&(_, s)| -s);
                    completed = Some((scores, 0));
                }
                break;
            }
            root = scores;
            // Stable: equal scores keep the previous order.
            root.sort_by_key(|&(_, s)| -s);
            completed = Some((root.clone(), depth));
            let best = root[0].1;
            if best > WIN_THRESHOLD || ctx.nodes >= ctx.node_limit {
                break;
            }
        }
        let nodes = ctx.nodes;
        // Not even one root move searched within the budget: the first move of the static
        // ordering (captures and winning king moves first).
        let (scored, depth) =
            completed.unwrap_or_else(|| (vec![(root[0].0, evaluate_with(pos, &ctx.weights))], 0));
        let best = scored[0].1;
        let floor = if best > WIN_THRESHOLD {
            best
        } else {
            best - margin
        };
        let candidates = scored
            .iter()
            .take_while(|&&(_, s)| s >= floor)
            .count()
            .max(1);
        let pick = if margin > 0 && candidates > 1 {
            self.rng.random_range(0..candidates)
        } else {
            0
        };
        let pv = self.principal_variation(pos, scored[0].0, depth);
        Some(SearchResult {
            best_move: scored[pick].0,
            score: scored[pick].1,
            depth,
            nodes,
            pv,
            candidates,
        })
    }

    /// The principal variation: `first`, then the table's best moves while they are legal.
    fn principal_variation(&self, pos: &Ruled<'_>, first: Move, depth: u8) -> Vec<Move> {
        let mut pv = vec![first];
        let mut p = *pos;
        let _ = p.play_unchecked(first);
        while pv.len() < usize::from(depth) {
            let Some(m) = self.tt.probe(p.hash()).and_then(|e| e.best_move()) else {
                break;
            };
            if !p.is_legal(m) {
                break;
            }
            let _ = p.play_unchecked(m);
            pv.push(m);
        }
        pv
    }
}

/// A stored score made relative to the node (wins counted from there).
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root.
#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a finished game for the side to move, `ply` plies from the root.
#[inline]
fn terminal_score(pos: &Ruled<'_>, ply: usize) -> Option<i32> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Draw { .. } => Some(0),
        Status::Win { side, .. } => Some(if side == pos.side_to_move() {
            WIN_SCORE - ply as i32
        } else {
            -(WIN_SCORE - ply as i32)
        }),
    }
}

impl Context<'_> {
    /// Counts a node; sets `stop` when a limit is reached (at any depth, the first
    /// iteration and quiescence included: the budgets are hard limits).
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stop = true;
        }
        if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stop = true;
            }
            if let Some(flag) = self.stop_flag
                && flag.load(AtomicOrdering::Relaxed)
            {
                self.stop = true;
            }
        }
    }

    /// The score of the position on top of the stack by the ruleset's repetition rule,
    /// counting its occurrences (same side to move) within the last `quiet` plies, the
    /// game's history included. A drawn repetition scores 0 at its first return (the side
    /// that repeats once can repeat again). A repetition that decides the game scores as
    /// the game scores it, exactly: nothing before the rule's occurrence (`count`, the
    /// third in every preset), then the win or loss it decides `ply` plies from the root
    /// (`WIN_SCORE - ply`, as a king taken or escaped there). The side that would lose is
    /// thus free to leave the cycle at any earlier return, a repetition that loses is never
    /// preferred to a move that does not lose sooner, and a forced one is seen as the loss
    /// it is. Until December 2026 the first return scored 20 soldiers for the side the rule
    /// favours, which a material lead outweighed and which blamed the cycle on whoever came
    /// back first (a Copenhagen game lost by repetition inside OpenTafl, the repository's
    /// tafl AI documentation).
    #[inline]
    fn repetition(&self, pos: &Ruled<'_>, quiet: u16, ply: usize) -> Option<i32> {
        let rule = pos.rules.repetition;
        if rule.result == RepetitionResult::Ignored {
            return None;
        }
        let len = self.stack.len();
        let h = pos.hash();
        let mut occurrences = 1u8;
        let mut back = 2usize;
        while back <= usize::from(quiet) && back < len {
            if self.stack[len - 1 - back] == h {
                occurrences = occurrences.saturating_add(1);
                if rule.result == RepetitionResult::Draw {
                    return Some(0);
                }
            }
            back += 2;
        }
        if occurrences < rule.count.max(2) {
            return None;
        }
        let win = WIN_SCORE - ply as i32;
        let stm = pos.side_to_move();
        Some(match rule.result {
            RepetitionResult::Ignored | RepetitionResult::Draw => 0,
            // The side that moved into the repetition is the other side.
            RepetitionResult::RepeaterLoses => win,
            RepetitionResult::RepeaterWins => -win,
            RepetitionResult::DefendersLose => {
                if stm == Side::Defenders {
                    -win
                } else {
                    win
                }
            }
        })
    }

    /// Searches the root moves at `depth`; returns the root moves with their scores (exact
    /// for the moves within `margin` of the best, an upper bound below) and whether the
    /// iteration completed. When a limit stops it, the list holds only the moves searched
    /// to the end before the stop.
    fn root(
        &mut self,
        pos: &Ruled<'_>,
        root: &[(Move, i32)],
        depth: i32,
        margin: i32,
        quiet: u16,
    ) -> (Vec<(Move, i32)>, bool) {
        let mut out = Vec::with_capacity(root.len());
        let mut best = -INF;
        let mut best_move = root[0].0;
        for (i, &(m, _)) in root.iter().enumerate() {
            let mut child = *pos;
            let outcome = child.play_unchecked(m);
            let q = if outcome.captures.any() {
                0
            } else {
                quiet.saturating_add(1)
            };
            self.stack.push(child.hash());
            let again = child.side_to_move() == pos.side_to_move();
            let score = if i == 0 {
                self.child(&child, again, depth - 1, -INF, INF, 1, q)
            } else {
                let lo = if margin > 0 { best - margin - 1 } else { best };
                let s = self.child(&child, again, depth - 1, lo, lo + 1, 1, q);
                if s > lo && !self.stop {
                    self.child(&child, again, depth - 1, lo, INF, 1, q)
                } else {
                    s
                }
            };
            self.stack.pop();
            if self.stop {
                return (out, false);
            }
            if score > best {
                best = score;
                best_move = m;
            }
            out.push((m, score));
        }
        self.tt.store(
            pos.hash(),
            Some(best_move),
            to_tt(best, 0),
            depth as i16,
            Bound::Exact,
        );
        (out, true)
    }

    /// The score of `child` for the side that moved into it, searched in the window
    /// (`alpha`, `beta`) of that side: negated as usual, or as it stands when the same side
    /// moves again (`again`: a berserk move).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &Ruled<'_>,
        again: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiet: u16,
    ) -> i32 {
        if again {
            self.negamax(child, depth, alpha, beta, ply, quiet)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, quiet)
        }
    }

    /// Negamax with null windows below the first move.
    fn negamax(
        &mut self,
        pos: &Ruled<'_>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        quiet: u16,
    ) -> i32 {
        if let Some(s) = terminal_score(pos, ply) {
            self.count_node();
            return s;
        }
        if let Some(s) = self.repetition(pos, quiet, ply) {
            self.count_node();
            return s;
        }
        if pos
            .rules
            .no_capture_limit
            .is_some_and(|limit| quiet >= limit)
        {
            self.count_node();
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        self.count_node();
        if self.stop {
            return 0;
        }

        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best_move();
            if i32::from(e.depth) >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let moves = pos.legal_moves();
        let kinds = MoveKinds::new(pos);
        let mut keys = [0i32; MAX_MOVES];
        for (k, &m) in keys.iter_mut().zip(moves.iter()) {
            *k = self.ordering.score(pos, &kinds, m, tt_move, ply);
        }
        let n = moves.len();
        let mut order = [0u16; MAX_MOVES];
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = i as u16;
        }

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..n {
            // Selection sort: the best remaining move next.
            let mut bi = i;
            for j in i + 1..n {
                if keys[order[j] as usize] > keys[order[bi] as usize] {
                    bi = j;
                }
            }
            order.swap(i, bi);
            let idx = order[i] as usize;
            let m = moves[idx];
            let key_score = keys[idx];

            let mut child = *pos;
            let outcome = child.play_unchecked(m);
            let captured = outcome.captures.any();
            let q = if captured { 0 } else { quiet.saturating_add(1) };
            self.stack.push(child.hash());
            let again = child.side_to_move() == pos.side_to_move();
            let score = if i == 0 {
                self.child(&child, again, depth - 1, alpha, beta, ply + 1, q)
            } else {
                let quiet_move = !captured && key_score < Ordering::KILLER_SCORE;
                let r = if depth >= 3 && i >= 3 && quiet_move {
                    if i >= 10 && depth >= 4 { 2 } else { 1 }
                } else {
                    0
                };
                let mut s = self.child(&child, again, depth - 1 - r, alpha, alpha + 1, ply + 1, q);
                if s > alpha && r > 0 && !self.stop {
                    s = self.child(&child, again, depth - 1, alpha, alpha + 1, ply + 1, q);
                }
                if s > alpha && s < beta && !self.stop {
                    s = self.child(&child, again, depth - 1, alpha, beta, ply + 1, q);
                }
                s
            };
            self.stack.pop();
            if self.stop {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !captured {
                    self.ordering.cutoff(pos, m, ply, depth);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    /// Quiescence: the static evaluation ("stand pat") or better through captures and the
    /// king's moves to a corner or edge that wins or counts.
    ///
    /// At most [`QUIESCENCE_PLIES`] plies deep (`qply` counts them): on crowded boards
    /// chains of captures otherwise grow the tree without bound.
    fn quiescence(
        &mut self,
        pos: &Ruled<'_>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u8,
    ) -> i32 {
        self.count_node();
        if let Some(s) = terminal_score(pos, ply) {
            return s;
        }
        if self.stop {
            return 0;
        }
        let stand = evaluate_with(pos, &self.weights);
        if stand >= beta || ply >= MAX_PLY || qply >= QUIESCENCE_PLIES {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut best = stand;
        let kinds = MoveKinds::new(pos);
        // Only the moves that are not quiet, in the order of the legal moves.
        let moves = match kinds.loud_destinations() {
            Some((soldiers, king)) => {
                let mut loud = MoveList::new();
                pos.legal_moves_to_into(&mut loud, soldiers, king);
                loud
            }
            None => pos.legal_moves(),
        };
        // Winning king moves first, then captures.
        for pass in [MoveKind::KingGoal, MoveKind::Capture] {
            for &m in moves.iter() {
                if kinds.kind(pos, m) != pass {
                    continue;
                }
                let mut child = *pos;
                let outcome = child.play_unchecked(m);
                if pass == MoveKind::Capture
                    && outcome.captures.is_empty()
                    && !outcome.status.is_over()
                {
                    continue;
                }
                let score = if child.side_to_move() == pos.side_to_move() {
                    // A berserk move: the same side moves again.
                    self.quiescence(&child, alpha, beta, ply + 1, qply + 1)
                } else {
                    -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1)
                };
                if self.stop {
                    return 0;
                }
                if score > best {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    return best;
                }
            }
        }
        best
    }
}
