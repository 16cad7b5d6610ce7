//! Playing a throw: `is_legal`, the tiered `play`, and parsing the play notation against a
//! position.

use boardgames_common::{ParseThrowError, Throw};
use thiserror::Error;

use crate::board::PathCounts;
use crate::board::Position;
use crate::board::{Dest, OFF, Point};
use crate::movement::Laws;
use crate::movement::Play;
use crate::movement::{LegalPlays, MovementOnly, Obligations};

/// A play that is not legal in the position it was played in; holds the unchanged position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal play {play} in position {position}")]
pub struct PlayError {
    /// The position, unchanged.
    pub position: Position,
    /// The play refused.
    pub play: Play,
}

/// Error of [`Position::parse_play`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePlayError {
    /// The text does not start with a throw followed by `:`.
    #[error("play {0:?}: expected <throw>: <moves>, e.g. \"6-4: B5-B11, B5-B9\"")]
    Syntax(String),
    /// The throw is not valid.
    #[error("play throw: {0}")]
    Throw(#[from] ParseThrowError),
    /// A move names something other than a point or `off`.
    #[error("move {0:?}: expected <point>-<point or off>, e.g. B5-B11 or B1-B5-B11")]
    BadMove(String),
    /// A move starts from a point without a dame of the side to move.
    #[error("no dame of the side to move on {0}")]
    NoDame(Point),
    /// A move goes backwards along the mover's path.
    #[error("move {0} goes backwards")]
    Backwards(String),
    /// A rest given for a tout d'une is not a lawful rest.
    #[error("{0} is not a lawful rest for a dame playing tout d'une")]
    BadRest(Point),
    /// The moves are well formed but reach no legal play of this throw.
    #[error("{0:?} is not a legal play in this position")]
    Illegal(String),
}

impl Position {
    /// The mover's dames after `play`, applying its moves one by one (each from a point
    /// holding a mover's dame, forward), or `None` if a move is impossible.
    fn apply_moves(&self, play: &Play) -> Option<PathCounts> {
        let colour = self.side_to_move;
        let mut c = *self.board.path_counts(colour);
        for m in play.moves() {
            let f = m.from.path(colour);
            let t = m.to.path(colour);
            if c[f as usize] == 0 || t <= f {
                return None;
            }
            c[f as usize] -= 1;
            c[t as usize] += 1;
        }
        Some(c)
    }

    /// Whether `play` is lawful under the laws of movement (as [`Position::movement_plays`]):
    /// its moves must be possible and reach the board of such a play (two orders reaching the
    /// same board are the same play). The must fill / must keep obligation is NOT checked:
    /// use [`Position::is_legal_with`] with [`crate::MustFillOrKeep`] for the legal plays.
    #[must_use]
    pub fn is_legal(&self, play: &Play) -> bool {
        let mut legal = LegalPlays::new();
        self.legal_after(play, &MovementOnly, &mut legal).is_some()
    }

    /// Whether `play` is legal with the fill/keep `obligations` applied (see
    /// [`Position::legal_plays_with`]).
    #[must_use]
    pub fn is_legal_with(&self, play: &Play, obligations: &impl Obligations) -> bool {
        let mut legal = LegalPlays::new();
        self.legal_after(play, obligations, &mut legal).is_some()
    }

    /// The mover's dames after `play` if it is legal, using `legal` as the buffer.
    fn legal_after(
        &self,
        play: &Play,
        obligations: &impl Obligations,
        legal: &mut LegalPlays,
    ) -> Option<PathCounts> {
        let after = self.apply_moves(play)?;
        self.legal_plays_into(play.throw(), obligations, legal);
        legal.index_of_board(&after).map(|_| after)
    }

    /// [`Position::play`] with the fill/keep `obligations` applied: refuses a play that
    /// breaks them.
    ///
    /// # Errors
    /// [`PlayError`] (holding this position unchanged) if the play is not legal.
    pub fn play_with(
        self,
        play: &Play,
        obligations: &impl Obligations,
    ) -> Result<Position, PlayError> {
        let mut legal = LegalPlays::new();
        match self.legal_after(play, obligations, &mut legal) {
            Some(after) => {
                let mut p = self;
                p.finish_play(after);
                Ok(p)
            }
            None => Err(PlayError {
                position: self,
                play: *play,
            }),
        }
    }

    /// Plays `play`, returning the new position: the mover's dames moved, his throw counter
    /// increased, the other side to move. Checks the laws of movement only (as
    /// [`Position::is_legal`]); [`Position::play_with`] given [`crate::MustFillOrKeep`] also
    /// refuses a play that breaks the fill/keep obligation. After a play that bears off the mover's last dame
    /// the game layer scores and then calls [`Position::releve`].
    ///
    /// # Errors
    /// [`PlayError`] (holding this position unchanged) if the play is not legal.
    pub fn play(self, play: &Play) -> Result<Position, PlayError> {
        let mut p = self;
        match p.play_mut(play) {
            Ok(()) => Ok(p),
            Err(e) => Err(e),
        }
    }

    /// Plays `play` in place.
    ///
    /// # Errors
    /// [`PlayError`] if the play is not legal; `self` is then unchanged.
    pub fn play_mut(&mut self, play: &Play) -> Result<(), PlayError> {
        let mut legal = LegalPlays::new();
        match self.legal_after(play, &MovementOnly, &mut legal) {
            Some(after) => {
                self.finish_play(after);
                Ok(())
            }
            None => Err(PlayError {
                position: *self,
                play: *play,
            }),
        }
    }

    /// Plays `play` without checking it (for search over plays from
    /// [`Position::movement_plays`]). An illegal play leaves a position that may break the
    /// invariants; impossible moves (from an empty point, backwards) are skipped, so this
    /// never panics.
    pub fn play_unchecked(&mut self, play: &Play) {
        let colour = self.side_to_move;
        let mut c = *self.board.path_counts(colour);
        for m in play.moves() {
            let f = m.from.path(colour) as usize;
            let t = m.to.path(colour) as usize;
            if c[f] > 0 && t > f {
                c[f] -= 1;
                c[t] += 1;
            }
        }
        self.finish_play(c);
    }

    fn finish_play(&mut self, after: PathCounts) {
        let colour = self.side_to_move;
        self.board.paths[colour] = after;
        self.throws_since_releve[colour] = self.throws_since_releve[colour].saturating_add(1);
        self.side_to_move = colour.other();
    }

    /// Parses the play notation for this position: `6-4: B5-B11, B5-B9`, tout d'une
    /// `6-4: B1-B5-B11` or `6-4: B1-B11` (the rest is derived), bear-off `N3-off`, nothing
    /// playable `6-6: -`, optionally followed by ` (par puissance)`. Returns the legal play
    /// reaching the same board (as generated: its rest and move order may be the canonical
    /// ones).
    ///
    /// # Errors
    /// [`ParsePlayError`] saying which part is wrong, or that the play is not legal.
    pub fn parse_play(&self, text: &str) -> Result<Play, ParsePlayError> {
        let (throw, after) = self.play_text_board(text)?;
        let legal = self.movement_plays(throw);
        Self::find_play(&legal, &after, text)
    }

    /// As [`parse_play`](Self::parse_play), but the play must be one of `legal` (for
    /// example the plays left by the "must fill / must keep" filter of
    /// [`Position::legal_plays_with`], which refuses the fausses cases that the movement
    /// laws alone accept).
    ///
    /// # Errors
    ///
    /// As [`parse_play`](Self::parse_play); [`ParsePlayError::Illegal`] also when the
    /// text's throw is not `legal`'s.
    pub fn parse_play_among(&self, text: &str, legal: &LegalPlays) -> Result<Play, ParsePlayError> {
        let (throw, after) = self.play_text_board(text)?;
        if throw != legal.throw() {
            return Err(ParsePlayError::Illegal(text.to_string()));
        }
        Self::find_play(legal, &after, text)
    }

    fn find_play(
        legal: &LegalPlays,
        after: &PathCounts,
        text: &str,
    ) -> Result<Play, ParsePlayError> {
        legal
            .index_of_board(after)
            .and_then(|i| legal.get(i).copied())
            .ok_or_else(|| ParsePlayError::Illegal(text.to_string()))
    }

    /// The throw written in a play's text and the mover's path counts after its moves
    /// (checked for syntax, direction, rests and dames present, not for legality).
    fn play_text_board(&self, text: &str) -> Result<(Throw, PathCounts), ParsePlayError> {
        let colour = self.side_to_move;
        let (t, rest) = text
            .split_once(':')
            .ok_or_else(|| ParsePlayError::Syntax(text.to_string()))?;
        let throw: Throw = t.trim().parse()?;
        let mut body = rest.trim();
        if let Some(b) = body.strip_suffix("(par puissance)") {
            body = b.trim();
        }
        let laws = Laws::new(&self.board, colour);
        let start = *self.board.path_counts(colour);
        let mut c = start;
        if body != "-" && !body.is_empty() {
            for chain in body.split(',') {
                let parts: Vec<&str> = chain.trim().split('-').map(str::trim).collect();
                if parts.len() < 2 || parts.len() > 3 {
                    return Err(ParsePlayError::BadMove(chain.trim().to_string()));
                }
                let bad = || ParsePlayError::BadMove(chain.trim().to_string());
                let from: Point = parts[0].parse().map_err(|_| bad())?;
                let to: Dest = parts[parts.len() - 1].parse().map_err(|_| bad())?;
                let f = from.path(colour);
                let tp = to.path(colour);
                if parts.len() == 3 {
                    let r: Point = parts[1].parse().map_err(|_| bad())?;
                    let rp = r.path(colour);
                    if rp <= f || rp >= tp {
                        return Err(ParsePlayError::Backwards(chain.trim().to_string()));
                    }
                    if !laws.can_rest(rp, &start) {
                        return Err(ParsePlayError::BadRest(r));
                    }
                }
                if tp <= f || tp > OFF {
                    return Err(ParsePlayError::Backwards(chain.trim().to_string()));
                }
                if c[f as usize] == 0 {
                    return Err(ParsePlayError::NoDame(from));
                }
                c[f as usize] -= 1;
                c[tp as usize] += 1;
            }
        }
        Ok((throw, c))
    }
}
