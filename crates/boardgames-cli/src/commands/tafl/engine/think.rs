//! The [`Engine`]'s thinking: the search's configuration, the move it plays (with a
//! fallback) and its text, and the analysis of a position.

use boardgames_common::Seed;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use tafl_core::ai::{SearchConfig, Searcher, WIN_SCORE, evaluate};
use tafl_core::{Move, MoveList, Position, Rules, Side, Status};

use super::{Engine, analysis_time, eval_text};

/// The time per move of `--think S` (S seconds, kept within 10 ms and an hour).
fn think_time(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds.clamp(0.01, 3600.0))
}

impl<W: Write> Engine<W> {
    /// The configuration of a search by `side` (clock, `--nodes`, `--think`, level).
    pub(super) fn config(&self, side: Side) -> SearchConfig {
        let mut config = self.options.level.config();
        if let Some(w) = self.options.weights {
            config = config.with_weights(w);
        }
        let budget = self.clock.and_then(|c| c.budget(side));
        match budget {
            Some(time) => {
                // `--think` caps the clock's share too: a match at a fraction of the host's
                // time.
                let cap = self.options.think.map(think_time);
                config.limits.time = Some(cap.map_or(time, |c| c.min(time)));
                config.limits.nodes = self.options.nodes;
                config.limits.max_depth = config.limits.max_depth.max(60);
            }
            None => {
                if let Some(n) = self.options.nodes {
                    config.limits.nodes = Some(n);
                    config.limits.max_depth = 60;
                }
                if let Some(t) = self.options.think {
                    config.limits.time = Some(think_time(t));
                    if self.options.nodes.is_none() {
                        config.limits.nodes = None;
                    }
                    config.limits.max_depth = 60;
                }
            }
        }
        config
    }

    pub(super) fn play(&mut self, side: Side) -> std::io::Result<()> {
        if self.game.is_none() {
            return self.send("error -1 no supported ruleset: the engine cannot play");
        }
        self.set_side_to_move(side);
        let config = self.config(side);
        let Some(game) = &self.game else {
            return Ok(());
        };
        let pos = *game.position();
        let rules = *game.rules();
        let hash = pos.hash();
        self.searcher.set_limits(config.limits);
        let found = self.searcher.search(&pos, &rules, game.search_history());
        if self.stopped_by_host() {
            return Ok(());
        }
        let chosen = match &found {
            Some(r) if !self.refused.contains(&(r.best_move, hash)) => Some(r.best_move),
            _ => self.fallback(&pos, &rules, hash),
        };
        let Some(m) = chosen else {
            return self.send("error -1 no legal move left to play");
        };
        self.pending = Some((m, hash));
        let text = self.move_text(&pos, &rules, m);
        if let Some(r) = &found {
            let line = format!(
                "  searched: best {} score {} depth {} nodes {}",
                r.best_move, r.score, r.depth, r.nodes
            );
            self.log(&line);
        }
        self.send(&format!("move {text}"))
    }

    /// The best legal move by a one-ply look, among those the host has not refused.
    fn fallback(&self, pos: &Position, rules: &Rules, hash: u64) -> Option<Move> {
        let mut moves = MoveList::new();
        pos.legal_moves_into(rules, &mut moves);
        moves
            .iter()
            .copied()
            .filter(|&m| !self.refused.contains(&(m, hash)))
            .max_by_key(|&m| {
                let mut next = *pos;
                let outcome = next.play_unchecked(rules, m);
                match outcome.status {
                    Status::Win { side, .. } if side == pos.side_to_move() => WIN_SCORE,
                    Status::Win { .. } => -WIN_SCORE,
                    Status::Draw { .. } => 0,
                    // A berserk move: the same side moves again.
                    Status::Ongoing if next.side_to_move() == pos.side_to_move() => {
                        evaluate(&next, rules)
                    }
                    Status::Ongoing => -evaluate(&next, rules),
                }
            })
    }

    /// `m` in the notation the host asked for: simple (`e5-e8`, jumps too), or OpenTafl's
    /// full notation ([`Move::to_otn`]: the letters of the king, commanders and knights, `^`
    /// for a jump, `=` for a berserk move, the captures: `Ne6^=e8xe7/f8`).
    fn move_text(&self, pos: &Position, rules: &Rules, m: Move) -> String {
        if self.simple_moves {
            return m.to_string();
        }
        m.to_otn(pos, rules)
    }

    /// `analyze <n> <seconds>`: the best line, then up to `n - 1` other moves each with its
    /// own line, as `analysis <k> <moves|...> <eval> ...` (evaluations in soldiers for the
    /// side to move).
    pub(super) fn analyze(&mut self, n: usize, seconds: f64) -> std::io::Result<()> {
        let Some(game) = &self.game else {
            return self.send("error 0 no supported ruleset to analyze");
        };
        let pos = *game.position();
        let rules = *game.rules();
        let mut history = game.search_history().to_vec();
        let mut config = self.config(pos.side_to_move());
        config.random_margin = 0;
        let total = analysis_time(seconds);
        let share = if n > 1 { 0.6 } else { 1.0 };
        let mut main = config;
        main.limits.max_depth = 60;
        main.limits.time = Some(total.mul_f64(share));
        main.limits.nodes = self.options.nodes;
        let mut searcher = Searcher::new(main, Seed(self.options.seed));
        searcher.set_stop(Some(Arc::clone(&self.stop)));
        let found = searcher.search(&pos, &rules, &history);
        if self.stopped_by_host() {
            return Ok(());
        }
        let Some(best) = found else {
            return self.send("analysis 0");
        };
        let mut lines = vec![(best.pv.clone(), best.score)];
        if n > 1 {
            history.push(pos.hash());
            let mut moves = MoveList::new();
            pos.legal_moves_into(&rules, &mut moves);
            let mut others: Vec<Move> =
                moves.iter().copied().filter(|&m| m != best.pv[0]).collect();
            others.sort_by_key(|&m| {
                let mut next = pos;
                let _ = next.play_unchecked(&rules, m);
                evaluate(&next, &rules)
            });
            others.truncate(n - 1);
            let each = others.len().max(1) as f64;
            let mut child_config = main;
            child_config.limits.time = Some(total.mul_f64((1.0 - share) / each));
            child_config.limits.nodes = self.options.nodes.map(|x| (x / 4).max(1));
            for m in others {
                let mut next = pos;
                let outcome = next.play_unchecked(&rules, m);
                let mut line = vec![m];
                let score = match outcome.status {
                    Status::Win { side, .. } if side == pos.side_to_move() => WIN_SCORE - 1,
                    Status::Win { .. } => -(WIN_SCORE - 1),
                    Status::Draw { .. } => 0,
                    Status::Ongoing => {
                        // After a berserk move the same side moves again: no sign change.
                        let sign = if next.side_to_move() == pos.side_to_move() {
                            1
                        } else {
                            -1
                        };
                        let mut s = Searcher::new(child_config, Seed(self.options.seed));
                        s.set_stop(Some(Arc::clone(&self.stop)));
                        match s.search(&next, &rules, &history) {
                            Some(r) => {
                                line.extend(r.pv);
                                sign * r.score
                            }
                            None => sign * evaluate(&next, &rules),
                        }
                    }
                };
                lines.push((line, score));
            }
        }
        if self.stopped_by_host() {
            return Ok(());
        }
        let mut text = format!("analysis {}", lines.len());
        for (line, score) in &lines {
            let mut p = pos;
            let moves: Vec<String> = line
                .iter()
                .map(|&m| {
                    let t = self.move_text(&p, &rules, m);
                    let _ = p.play_unchecked(&rules, m);
                    t
                })
                .collect();
            text.push_str(&format!(" {} {}", moves.join("|"), eval_text(*score)));
        }
        self.send(&text)
    }
}
