//! [`TaflGame`]: a game in progress, with what a position alone does not know: the moves
//! played, the repetition history, the plies since the last capture, and undo; and its
//! [`boardgames_common::Game`] implementation (two players, attackers = first player, no
//! chance nodes). The AI's searcher, self-play and interactive play all use it.

use std::sync::Arc;

use boardgames_common::{
    ByPlayer, Game, Outcome, Record, Replay, ReplayError, ReplayOptions, Turn, result_tag,
};
use thiserror::Error;

use crate::moves::{Move, MoveText, ParseMoveError};
use crate::piece::Side;
use crate::play::{IllegalMove, MoveOutcome};
use crate::position::{Position, PositionError};
use crate::repetition::PositionCounts;
use crate::rules::{RepetitionResult, Rules};
use crate::rules_string::RulesStringError;
use crate::ruleset::Ruleset;
use crate::setup::{ParseSetupError, Setup};
use crate::status::{DrawReason, Status, WinReason};

/// The plies after which a front end cuts a tafl game that is still going (and counts it as
/// a draw): self-play, tournaments, learning environments. Games between the AI's levels
/// end in a few hundred plies at most; a game whose rules have a no-capture limit ends
/// within [`TaflGame::max_plies`] anyway, and a game without one (repetitions ignored,
/// no limit) may never end.
pub const MAX_GAME_PLIES: u32 = 2_000;

/// A tafl game: the ruleset, the start and current positions, the moves played with their
/// captures, the hashes of the positions since the last capture (a capture makes every
/// earlier position unreachable), and what [`TaflGame::undo`] needs to restore each earlier
/// state exactly.
///
/// The status adds to [`Position::status`] the draws and wins of the repetition rule and the
/// no-capture limit (rules page: "a position (board, side to move, corners visited) repeated
/// a third time is a draw, and so is a game with no capture for 200 plies").
///
/// ```
/// use boardgames_common::Game;
/// use tafl_core::{Ruleset, TaflGame};
/// let mut g = TaflGame::new(Ruleset::fidchell());
/// let m = g.parse_action("c1-c2").unwrap();
/// g.apply(m).unwrap();
/// assert_eq!(g.record_tags()[0], ("Variant".to_string(), "Fidchell".to_string()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaflGame {
    ruleset: Arc<Ruleset>,
    start: Position,
    position: Position,
    /// Hashes of every position since the start, the current one last.
    hashes: Vec<u64>,
    /// Index in `hashes` of the position after the last capture (0 if none yet).
    last_capture: usize,
    /// Occurrences of each hash of `hashes[last_capture..]`, updated move by move: the
    /// repetition rule costs O(1) amortised per move however long the game.
    counts: PositionCounts,
    /// The moves played, with their captures.
    moves: Vec<MoveText>,
    /// For each move played, the state it changed, to restore on undo (empty when the game
    /// keeps no undo history).
    undo: Vec<Undo>,
    /// Whether moves can be taken back ([`TaflGame::without_undo`] turns it off).
    undoable: bool,
    status: Status,
}

/// What [`TaflGame::play_mut`] changes besides the lists it pushes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Undo {
    position: Position,
    last_capture: usize,
    status: Status,
}

/// Why [`TaflGame::apply`] or [`TaflGame::parse_action`] refused an action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The captures written with the move are not those the move makes.
    #[error("{text}: the captures written are not those the move makes ({made})")]
    Captures {
        /// The text given.
        text: String,
        /// The move with the captures it makes.
        made: String,
    },
}

/// Why a record's own tafl tags cannot be read ([`Replay::from_tags`]; in a replay,
/// [`ReplayError::Tags`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TagError {
    /// The record has no `Rules` tag.
    #[error("the record has no Rules tag")]
    NoRules,
    /// The `Rules` tag cannot be read.
    #[error("Rules tag: {0}")]
    Rules(RulesStringError),
    /// The `Position` tag cannot be read.
    #[error("Position tag: {0}")]
    Setup(ParseSetupError),
    /// The `Position` tag is not legal under the rules.
    #[error("Position tag: {0}")]
    Position(PositionError),
}

impl TaflGame {
    /// A game from the start position of `ruleset`.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> TaflGame {
        let start = ruleset.start_position();
        TaflGame::starting_at(ruleset, start)
    }

    /// A game of `ruleset` from `setup` (validated under the ruleset's rules, so that the
    /// record's `Rules` and `Position` tags replay it).
    ///
    /// # Errors
    ///
    /// [`PositionError`] if `setup` is not a legal position of the ruleset.
    pub fn from_setup(ruleset: Ruleset, setup: &Setup) -> Result<TaflGame, PositionError> {
        let start = ruleset.position(setup)?;
        Ok(TaflGame::starting_at(ruleset, start))
    }

    fn starting_at(ruleset: Ruleset, position: Position) -> TaflGame {
        TaflGame {
            ruleset: Arc::new(ruleset),
            start: position,
            position,
            hashes: vec![position.hash()],
            last_capture: 0,
            counts: PositionCounts::starting_with(position.hash()),
            moves: Vec::new(),
            undo: Vec::new(),
            undoable: true,
            status: position.status(),
        }
    }

    /// The same game, keeping no undo history from now on: [`TaflGame::undo`] then takes
    /// nothing back (it returns `None`), and a move stores nothing but its text and its
    /// position's hash (no copy of the position before it, about 150 bytes a ply), and a
    /// capture forgets the repetition counts of the stretch it ends. For programs that step
    /// many games and never take a move back (a vectorised environment, a self-play
    /// generator): the rules, the repetition counts, the moves and the record are exactly
    /// those of an undoable game. The history already kept is dropped.
    ///
    /// ```
    /// use tafl_core::{Move, Ruleset, Square, TaflGame};
    /// let mut game = TaflGame::new(Ruleset::fidchell()).without_undo();
    /// let m = Move::new("c1".parse::<Square>().unwrap(), "b1".parse().unwrap());
    /// game.play_mut(m).unwrap();
    /// assert_eq!(game.plies(), 1);
    /// assert!(game.undo().is_none());
    /// game.restart();
    /// assert_eq!(game.plies(), 0);
    /// ```
    #[must_use]
    pub fn without_undo(mut self) -> TaflGame {
        self.undoable = false;
        self.undo = Vec::new();
        self.counts.forget_closed();
        self
    }

    /// Whether [`TaflGame::undo`] can take moves back (true unless the game was made
    /// [`without_undo`](TaflGame::without_undo)).
    #[must_use]
    pub fn is_undoable(&self) -> bool {
        self.undoable
    }

    /// Takes the game back to its start (the position it was made with), keeping the memory
    /// of its lists for the moves to come and whether it is undoable: equal under `==` to a
    /// new game of the same ruleset and start made the same way.
    pub fn restart(&mut self) {
        self.position = self.start;
        self.hashes.clear();
        self.hashes.push(self.start.hash());
        self.last_capture = 0;
        self.counts.restart_with(self.start.hash());
        self.moves.clear();
        self.undo.clear();
        self.status = self.start.status();
    }

    /// The game a record describes ([`Replay::from_record`], here for callers that do not
    /// import the trait): tags `Rules`, an OpenTafl rules string or a preset's name such as
    /// `fidchell`, optionally followed by `repetition:none` (as [`Ruleset`]'s `FromStr` reads
    /// them); optional `Position`; then the moves.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the tag or action that could not be used.
    pub fn from_record(record: &Record) -> Result<TaflGame, ReplayError<TagError, ActionError>> {
        <TaflGame as Replay>::from_record(record)
    }

    /// The game a record describes, read with `options` ([`Replay::from_record_with`]:
    /// limits, strict comments), for callers that do not import the trait.
    ///
    /// # Errors
    ///
    /// As [`Replay::from_record_with`].
    pub fn from_record_with(
        record: &Record,
        options: &ReplayOptions,
    ) -> Result<TaflGame, ReplayError<TagError, ActionError>> {
        <TaflGame as Replay>::from_record_with(record, options)
    }

    /// The record of the game so far: `Game`, the [`Game::record_tags`] (`Variant`, `Rules`,
    /// and `Position` when the game did not start from the ruleset's start), `Result` (`*`
    /// while the game is not over), and the moves with their captures. It replays to this
    /// game with [`TaflGame::from_record`].
    #[must_use]
    pub fn to_record(&self) -> Record {
        let mut record = Record::new(Self::NAME);
        // Tags, results and move texts of this crate are valid record texts.
        for (k, v) in self.record_tags() {
            let _ = record.set_tag(&k, &v);
        }
        let _ = record.set_tag("Result", &result_tag(self));
        for m in &self.moves {
            let _ = record.push_action(m.to_string());
        }
        record
    }

    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The rules the game is played under (its ruleset's): what the position's methods
    /// and the searcher take, `game.position().legal_moves(game.rules())`.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.ruleset.rules()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The status, including the endings of the repetition rule and the no-capture limit.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves played from the start, with their captures, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[MoveText] {
        &self.moves
    }

    /// Plies played since the last capture (or the start).
    #[must_use]
    pub fn plies_since_capture(&self) -> u32 {
        u32::try_from(self.hashes.len() - 1 - self.last_capture).unwrap_or(u32::MAX)
    }

    /// Plies played in the game.
    #[must_use]
    pub fn plies(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// The most plies a game from this game's start can last under its rules, when they
    /// bound it: `(pieces + 1) × L` for a no-capture limit of `L` plies (each stretch
    /// without a capture is at most `L` plies, and there is at most one stretch more than
    /// the pieces of the start, each capture taking one). `None` without a no-capture
    /// limit: a front end then cuts the game at [`MAX_GAME_PLIES`].
    ///
    /// ```
    /// use tafl_core::{Ruleset, TaflGame};
    /// // Fidchell: 20 pieces and the king, a draw after 200 plies without capture.
    /// assert_eq!(TaflGame::new(Ruleset::fidchell()).max_plies(), Some(4_200));
    /// assert_eq!(TaflGame::new(Ruleset::brandubh()).max_plies(), None);
    /// ```
    #[must_use]
    pub fn max_plies(&self) -> Option<u32> {
        let limit = u32::from(self.rules().no_capture_limit?);
        let pieces = self.start.attackers().count() + self.start.defenders().count();
        Some((pieces + 1).saturating_mul(limit))
    }

    /// `None` while the game goes on; once it is over, the side that won (attackers are
    /// [`Player::First`](boardgames_common::Player::First)) or a draw: the same answer as
    /// [`Game::outcome`]. The detail of the end (how it was won or drawn) is
    /// [`TaflGame::status`].
    ///
    /// ```
    /// use boardgames_common::{Outcome, Player};
    /// use tafl_core::{Ruleset, Setup, Side, TaflGame};
    /// // Rank 1 first: the king on a6 steps onto the corner a7.
    /// let mut setup = Setup::from_board_string("/7/7/3t3/7/7/K6/7/").unwrap();
    /// setup.side_to_move = Side::Defenders;
    /// let mut game = TaflGame::from_setup(Ruleset::brandubh(), &setup).unwrap();
    /// assert_eq!(game.outcome(), None);
    /// game.play_mut("a6-a7".parse().unwrap()).unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Winner(Player::Second)));
    /// assert!(game.diagram().contains("\ngame over"));
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Ongoing => None,
            Status::Win { side, .. } => Some(Outcome::Winner(side.into())),
            Status::Draw { .. } => Some(Outcome::Draw),
        }
    }

    /// The text diagram of the position ([`Position::diagram`]: rank `n` at the top, then
    /// the side to move), whose last line says `game over` instead of the side to move once
    /// the game is over (by the position, the repetition rule or the no-capture limit).
    ///
    /// ```
    /// use tafl_core::{Ruleset, TaflGame};
    /// let game = TaflGame::new(Ruleset::brandubh());
    /// assert!(game.diagram().ends_with("attackers to move\n"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        let text = self.position.diagram(self.rules());
        if !self.status.is_over() {
            return text;
        }
        let side = self.position.side_to_move();
        text.replacen(&format!("{side} to move"), "game over", 1)
    }

    /// The hashes ([`Position::hash`]) of the positions the repetition rule counts: those
    /// since the last capture (or the start), oldest first, the current position last (so
    /// never empty).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        &self.hashes[self.last_capture..]
    }

    /// [`TaflGame::history`] without the current position: the `history` argument of
    /// [`Searcher::search`](crate::ai::Searcher::search).
    #[must_use]
    pub fn search_history(&self) -> &[u64] {
        &self.hashes[self.last_capture..self.hashes.len() - 1]
    }

    /// How many times the current position has occurred since the last capture (at least
    /// 1). Constant time: the counts are kept up to date by [`play_mut`](Self::play_mut) and
    /// [`undo`](Self::undo).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        (self.counts.get(self.position.hash()) as usize).max(1)
    }

    /// Plays `m`, then applies the repetition rule and the no-capture limit (rules page: "a
    /// position (board, side to move, corners visited) repeated a third time is a draw, and
    /// so is a game with no capture for 200 plies"; other presets per
    /// [`Repetition`](crate::Repetition)).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `m` is illegal or the game is over (repetition and no-capture
    /// endings included, reason [`GameOver`](crate::IllegalMoveReason::GameOver)); the game
    /// is then unchanged.
    pub fn play_mut(&mut self, m: Move) -> Result<MoveOutcome, IllegalMove> {
        if self.status.is_over() {
            return Err(IllegalMove {
                mv: m,
                reason: crate::play::IllegalMoveReason::GameOver,
            });
        }
        let before = self.undoable.then_some(Undo {
            position: self.position,
            last_capture: self.last_capture,
            status: self.status,
        });
        let mover = self.position.side_to_move();
        let outcome = self.position.play_mut(self.ruleset.rules(), m)?;
        if let Some(before) = before {
            self.undo.push(before);
        }
        self.moves.push(MoveText {
            mv: m,
            captures: outcome.captures,
        });
        let hash = self.position.hash();
        self.hashes.push(hash);
        let occurrences = if outcome.captures.any() {
            self.last_capture = self.hashes.len() - 1;
            if self.undoable {
                self.counts.capture(hash);
            } else {
                self.counts.capture_for_good(hash);
            }
            1
        } else {
            self.counts.add(hash)
        };
        let rules = *self.ruleset.rules();
        let mut status = outcome.status;
        // OpenTafl: "threefold repetition cannot occur as the result of a berserk move".
        if !status.is_over()
            && occurrences >= u32::from(rules.repetition.count)
            && self.position.berserker().is_none()
        {
            let win = |side| Status::Win {
                side,
                reason: WinReason::Repetition,
            };
            status = match rules.repetition.result {
                RepetitionResult::Ignored => Status::Ongoing,
                RepetitionResult::Draw => Status::Draw {
                    reason: DrawReason::Repetition,
                },
                RepetitionResult::RepeaterLoses => win(mover.other()),
                RepetitionResult::RepeaterWins => win(mover),
                RepetitionResult::DefendersLose => win(crate::piece::Side::Attackers),
            };
        }
        if !status.is_over()
            && rules
                .no_capture_limit
                .is_some_and(|n| self.plies_since_capture() >= u32::from(n))
        {
            status = Status::Draw {
                reason: DrawReason::NoCaptureLimit,
            };
        }
        self.status = status;
        Ok(MoveOutcome {
            captures: outcome.captures,
            status,
        })
    }

    /// Takes back the last move and returns it, or `None` at the start (and always `None` in a
    /// game made [`without_undo`](TaflGame::without_undo)). The game is then exactly as it
    /// was before that move (position, status, plies since the last capture, repetition
    /// history and moves), equal to it under `==`.
    pub fn undo(&mut self) -> Option<MoveText> {
        let before = self.undo.pop()?;
        let last = self.moves.pop();
        if let Some(hash) = self.hashes.pop() {
            if last.is_some_and(|m| m.captures.any()) {
                self.counts.undo_capture();
            } else {
                self.counts.remove(hash);
            }
        }
        self.position = before.position;
        self.last_capture = before.last_capture;
        self.status = before.status;
        last
    }

    /// Takes back the last `n` moves (fewer if fewer were played, [`TaflGame::undo`] each);
    /// returns how many were taken back.
    pub fn undo_plies(&mut self, n: usize) -> usize {
        let mut done = 0;
        while done < n && self.undo().is_some() {
            done += 1;
        }
        done
    }

    /// The move with the captures it would make here.
    #[must_use]
    pub fn move_text(&self, m: Move) -> MoveText {
        let mut next = self.position;
        let captures = if self.position.is_legal(self.ruleset.rules(), m) {
            next.play_unchecked(self.ruleset.rules(), m).captures
        } else {
            crate::bitboard::Bitboard::EMPTY
        };
        MoveText { mv: m, captures }
    }
}

impl Game for TaflGame {
    type Action = Move;
    type Error = ActionError;
    const NAME: &'static str = "Tafl";

    fn turn(&self) -> Turn {
        if self.status.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.position.side_to_move().into())
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.status.is_over() {
            return;
        }
        out.extend_from_slice(&self.position.legal_moves(self.ruleset.rules()));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Move, f64)>) {
        out.clear();
    }

    fn apply(&mut self, action: Move) -> Result<(), ActionError> {
        let _ = self.play_mut(action)?;
        Ok(())
    }

    fn returns(&self) -> ByPlayer<f64> {
        match self.status.winner() {
            Some(side) => ByPlayer::from_fn(|p| if Side::from(p) == side { 1.0 } else { -1.0 }),
            None => ByPlayer::new(0.0, 0.0),
        }
    }

    /// `d1-d3`, with the captures: `d1-d3xc3/e3` (the king's square too when it is taken).
    fn action_text(&self, action: Move) -> String {
        self.move_text(action).to_string()
    }

    /// Reads `d1-d3`, `d1-d3xc3/e3` or `d1-d3xc3xe3`. Captures, when written, must be those
    /// the move makes (the king's capture may be left unwritten, as in real game records).
    fn parse_action(&self, text: &str) -> Result<Move, ActionError> {
        let written: MoveText = text.parse()?;
        let m = written.mv;
        self.position.check_move(self.ruleset.rules(), m)?;
        if self.status.is_over() {
            return Err(IllegalMove {
                mv: m,
                reason: crate::play::IllegalMoveReason::GameOver,
            }
            .into());
        }
        let made = self.move_text(m);
        let without_king = match self.position.king() {
            Some(k) => made.captures.without(k),
            None => made.captures,
        };
        if written.captures.any()
            && written.captures != made.captures
            && written.captures != without_king
        {
            return Err(ActionError::Captures {
                text: text.to_string(),
                made: made.to_string(),
            });
        }
        Ok(m)
    }

    /// `Variant` (the ruleset's name), `Rules` (its OpenTafl rules string) and, when the game
    /// did not start from the ruleset's start, `Position`.
    fn record_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("Variant".to_string(), self.ruleset.name().to_string()),
            ("Rules".to_string(), self.ruleset.to_string()),
        ];
        if self.start != self.ruleset.start_position() {
            tags.push(("Position".to_string(), self.start.to_string()));
        }
        tags
    }
}

impl Replay for TaflGame {
    type TagError = TagError;

    /// The start a record's tags describe: `Rules` (an OpenTafl rules string, or a preset's
    /// name such as `fidchell`, optionally followed by `repetition:none`, as [`Ruleset`]'s
    /// `FromStr` reads them) and the optional `Position`. The replay then costs
    /// O(1) amortised per move, so its work is bounded by the record's limits; tafl writes
    /// no comments, so a strict replay refuses any.
    ///
    /// # Errors
    ///
    /// [`TagError`] naming the tag that could not be used.
    fn from_tags(record: &Record) -> Result<TaflGame, TagError> {
        let rules = record.tag("Rules").ok_or(TagError::NoRules)?;
        // A preset's name (`fidchell`, `brandubh`, ...) stands for its rules string.
        let ruleset: Ruleset = rules.parse().map_err(TagError::Rules)?;
        match record.tag("Position") {
            Some(text) => {
                let setup = text.parse::<Setup>().map_err(TagError::Setup)?;
                TaflGame::from_setup(ruleset, &setup).map_err(TagError::Position)
            }
            None => Ok(TaflGame::new(ruleset)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brandubh with repetitions ignored, so that a shuffle can go on without end.
    fn shuffling_game() -> TaflGame {
        let mut rules = Rules::brandubh();
        rules.repetition.result = RepetitionResult::Ignored;
        let start = Setup::from_board_string("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .expect("Brandubh's board");
        TaflGame::from_setup(
            Ruleset::new("Shuffle", rules, &start).expect("a ruleset"),
            &start,
        )
        .expect("the start")
    }

    #[test]
    fn the_repetition_bookkeeping_does_one_map_operation_per_move() {
        // Whatever the length of the stretch without capture (here 20 000 plies, the same
        // four positions over and over), a move costs one map operation, and so does its undo:
        // the old scan of the history cost one comparison per earlier position.
        let mut game = shuffling_game();
        let shuffle: Vec<Move> = ["a4-a3", "d5-c5", "a3-a4", "c5-d5"]
            .iter()
            .map(|t| t.parse::<MoveText>().expect("a move").mv)
            .collect();
        let mut per_move = Vec::new();
        for ply in 0..20_000 {
            let before = game.counts.operations;
            let outcome = game.play_mut(shuffle[ply % 4]).expect("legal");
            assert!(!outcome.captures.any());
            per_move.push(game.counts.operations - before);
        }
        assert!(per_move.iter().all(|&n| n == 1), "{:?}", &per_move[..8]);
        assert_eq!(game.plies_since_capture(), 20_000);
        assert_eq!(game.repetitions(), 5_001);
        for _ in 0..1_000 {
            let before = game.counts.operations;
            game.undo().expect("a move");
            assert_eq!(game.counts.operations - before, 1);
        }
        assert_eq!(game.repetitions(), 4_751);
    }

    #[test]
    fn a_capture_and_its_undo_cost_a_bounded_number_of_operations() {
        // Fidchell: a capture closes the stretch (two operations), its undo reopens it (one).
        let mut game = TaflGame::new(Ruleset::fidchell());
        let mut captures = 0;
        for _ in 0..400 {
            if game.status().is_over() {
                break;
            }
            let list = game.position().legal_moves(game.rules());
            // The first capturing move if any, else the first move.
            let m = list
                .iter()
                .copied()
                .find(|&m| game.move_text(m).captures.any())
                .unwrap_or(list[0]);
            let before = game.counts.operations;
            let outcome = game.play_mut(m).expect("legal");
            let cost = game.counts.operations - before;
            assert!(cost <= 2, "{cost} operations");
            captures += usize::from(outcome.captures.any());
        }
        assert!(captures > 3, "{captures} captures");
        while game.moves().last().is_some() {
            let before = game.counts.operations;
            game.undo();
            assert_eq!(game.counts.operations - before, 1);
        }
        assert_eq!(game, TaflGame::new(Ruleset::fidchell()));
    }
}
