//! [`Referee`]: a game in progress for the AI's harnesses and interactive play: the moves,
//! the positions since the last capture (for the repetition rule and the search), the
//! ruleset's endings that need the history (rules page: "a position (board, side to move,
//! corners visited) repeated a third time is a draw, and so is a game with no capture for
//! 200 plies"; other presets per [`Repetition`](crate::Repetition)), and undo.

use crate::moves::{Move, MoveText};
use crate::piece::Side;
use crate::play::{IllegalMove, IllegalMoveReason};
use crate::position::Position;
use crate::rules::RepetitionResult;
use crate::status::{DrawReason, Status, WinReason};

/// A game from a start position: moves played, the current position and the status, with
/// the endings that depend on the history.
#[derive(Debug, Clone)]
pub struct Referee {
    start: Position,
    position: Position,
    moves: Vec<MoveText>,
    /// Hashes of every position since the start, the current one last.
    hashes: Vec<u64>,
    /// Index in `hashes` of the position after the last capture (0 if none yet).
    last_capture: usize,
    status: Status,
}

impl Referee {
    /// A game starting from `start` (its status is the position's).
    #[must_use]
    pub fn new(start: Position) -> Referee {
        Referee {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![start.hash()],
            last_capture: 0,
            status: start.status(),
        }
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The status, including draws and wins by repetition and the no-capture limit.
    #[must_use]
    pub const fn status(&self) -> Status {
        self.status
    }

    /// The moves played, with their captures.
    #[must_use]
    pub fn moves(&self) -> &[MoveText] {
        &self.moves
    }

    /// Plies since the last capture (or the start).
    #[must_use]
    pub fn plies_without_capture(&self) -> usize {
        self.hashes.len() - 1 - self.last_capture
    }

    /// The hashes of the positions since the last capture before the current one, oldest
    /// first: the `history` argument of [`Searcher::search`](crate::ai::Searcher::search).
    #[must_use]
    pub fn search_history(&self) -> &[u64] {
        &self.hashes[self.last_capture..self.hashes.len() - 1]
    }

    /// Plays `m` and returns it with its captures.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if the game is over (reason `GameOver`) or `m` is illegal in the
    /// current position; nothing changes then.
    pub fn play(&mut self, m: Move) -> Result<MoveText, IllegalMove> {
        if self.status.is_over() {
            return Err(IllegalMove {
                mv: m,
                reason: IllegalMoveReason::GameOver,
            });
        }
        let mover = self.position.side_to_move();
        let outcome = self.position.play_mut(m)?;
        self.hashes.push(self.position.hash());
        if outcome.captures.any() {
            self.last_capture = self.hashes.len() - 1;
        }
        let text = MoveText {
            mv: m,
            captures: outcome.captures,
        };
        self.moves.push(text);
        self.status = outcome.status;
        if !self.status.is_over() {
            self.status = self.history_status(mover);
        }
        Ok(text)
    }

    /// The ending by repetition or by the no-capture limit after `mover` moved, if any.
    fn history_status(&self, mover: Side) -> Status {
        let rules = self.position.rules();
        let rep = rules.repetition;
        let h = self.position.hash();
        let occurrences = self.hashes[self.last_capture..]
            .iter()
            .filter(|&&x| x == h)
            .count();
        if rep.result != RepetitionResult::Ignored && occurrences >= usize::from(rep.count) {
            let won = |side| Status::Win {
                side,
                reason: WinReason::Repetition,
            };
            return match rep.result {
                RepetitionResult::Ignored | RepetitionResult::Draw => Status::Draw {
                    reason: DrawReason::Repetition,
                },
                RepetitionResult::RepeaterLoses => won(mover.other()),
                RepetitionResult::RepeaterWins => won(mover),
                RepetitionResult::DefendersLose => won(Side::Attackers),
            };
        }
        if let Some(limit) = rules.no_capture_limit
            && self.plies_without_capture() >= usize::from(limit)
        {
            return Status::Draw {
                reason: DrawReason::NoCaptureLimit,
            };
        }
        Status::Ongoing
    }

    /// Takes back the last `n` moves (fewer if fewer were played); returns how many were
    /// taken back.
    pub fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.moves.len());
        if n == 0 {
            return 0;
        }
        let keep: Vec<Move> = self.moves[..self.moves.len() - n]
            .iter()
            .map(|t| t.mv)
            .collect();
        let mut fresh = Referee::new(self.start);
        for m in keep {
            // Each of these moves was legal when first played from the same start.
            if fresh.play(m).is_err() {
                break;
            }
        }
        *self = fresh;
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;

    #[test]
    fn third_repetition_draws_in_fidchell() {
        let mut r = Referee::new(Ruleset::fidchell().start_position());
        let shuffle: [Move; 4] = [
            "c1-b1".parse().unwrap(),
            "c3-c2".parse().unwrap(),
            "b1-c1".parse().unwrap(),
            "c2-c3".parse().unwrap(),
        ];
        for round in 0..2 {
            for (i, &m) in shuffle.iter().enumerate() {
                r.play(m).unwrap();
                let last = round == 1 && i == 3;
                assert_eq!(r.status().is_over(), last, "round {round} move {i}");
            }
        }
        assert_eq!(
            r.status(),
            Status::Draw {
                reason: DrawReason::Repetition
            }
        );
        assert_eq!(r.search_history().len(), 8);
        assert_eq!(r.undo(1), 1);
        assert_eq!(r.status(), Status::Ongoing);
        assert_eq!(r.moves().len(), 7);
    }
}
