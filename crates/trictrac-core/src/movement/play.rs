//! Playing a throw: `is_legal` and `check_play`, the tiered `play` (by value, in place,
//! unchecked), their movement-only variants, and parsing the play notation against a
//! position.

use boardgames_common::{ParseThrowError, Throw};
use thiserror::Error;

use crate::board::PathCounts;
use crate::board::Position;
use crate::board::{Dest, OFF, Point};
use crate::movement::Laws;
use crate::movement::Play;
use crate::movement::{LegalPlays, MovementOnly, MustFillOrKeep, Obligations};

/// Why a play is not legal in its position (the law that refuses it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalPlayReason {
    /// A move starts from a point holding no dame of the side to move, or goes backwards
    /// along his path: the moves cannot be made at all.
    #[error("a move starts from a point without a dame of the side to move, or goes backwards")]
    Impossible,
    /// The moves can be made, but the laws of movement do not give this play to the throw
    /// (rules page, "Moving (laws)", laws 1-7; glossary LOIS, COINS, RETOUR, SORTIE,
    /// IMPUISSANCE).
    #[error("the laws of movement do not allow it (glossary LOIS)")]
    Movement,
    /// The laws of movement allow it, but the throw can fill or keep a jan and this play
    /// does neither: the must fill / must keep obligation (rules page, law 8; glossary
    /// REMPLIR et CONSERVER: a fausse case).
    #[error(
        "the throw can fill or keep a jan and this play does not: the must fill / must keep obligation (glossary REMPLIR et CONSERVER)"
    )]
    MustFillOrKeep,
}

impl IllegalPlayReason {
    /// Every `IllegalPlayReason`, in the order of its declaration.
    pub const ALL: [IllegalPlayReason; 3] = [
        IllegalPlayReason::Impossible,
        IllegalPlayReason::Movement,
        IllegalPlayReason::MustFillOrKeep,
    ];
    /// The number of `IllegalPlayReason`s.
    pub const NUM: usize = 3;
}

/// A play refused, and the law that refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error("illegal play {play}: {reason}")]
pub struct IllegalPlay {
    /// The play refused.
    pub play: Play,
    /// Why.
    pub reason: IllegalPlayReason,
}

/// Error of [`Position::play`]: the play refused and why, with the position handed back
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{error} (position {position})")]
pub struct PlayError {
    /// The play refused and why.
    pub error: IllegalPlay,
    /// The position, unchanged.
    pub position: Position,
}

/// Error of [`Position::parse_play`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePlayError {
    /// The text does not start with a throw followed by `:`.
    #[error("play {0:?}: expected <throw>: <moves>, e.g. \"6-4: B5-B11, B5-B9\"")]
    Syntax(String),
    /// The throw is not valid.
    #[error("play throw: {0}")]
    Throw(ParseThrowError),
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
        play.counts_after(self.side_to_move, self.board.path_counts(self.side_to_move))
    }

    /// Whether `play` is legal: its moves can be made and reach the board of one of the
    /// [`Position::legal_plays`] of its throw (the laws of movement and the must fill / must
    /// keep obligation; two orders reaching the same board are the same play).
    ///
    /// ```
    /// use trictrac_core::Position;
    /// // White's petit jan is full; 2-1 can keep it (B7-B9, B7-B8).
    /// let pos: Position = "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w3,N1:b15 w 10/10 0.0/0.0"
    ///     .parse()
    ///     .unwrap();
    /// let keeps = pos.parse_play("2-1: B7-B9, B7-B8").unwrap();
    /// assert!(pos.is_legal(&keeps));
    /// // Breaking it is lawful by the laws of movement alone: a fausse case.
    /// let breaks = pos.parse_movement_play("2-1: B6-B8, B6-B7").unwrap();
    /// assert!(!pos.is_legal(&breaks));
    /// assert!(pos.is_movement_legal(&breaks));
    /// ```
    #[must_use]
    pub fn is_legal(&self, play: &Play) -> bool {
        self.is_legal_with(play, &MustFillOrKeep)
    }

    /// Whether `play` is lawful under the laws of movement alone (as
    /// [`Position::movement_plays`]), the must fill / must keep obligation left out: a
    /// fausse case that breaks only the obligation passes.
    #[must_use]
    pub fn is_movement_legal(&self, play: &Play) -> bool {
        self.is_legal_with(play, &MovementOnly)
    }

    /// Why `play` is not legal, or `Ok(())` if it is ([`Position::is_legal`]).
    ///
    /// # Errors
    ///
    /// [`IllegalPlay`] with the law that refuses it: the moves cannot be made, the laws of
    /// movement do not allow it, or it breaks the must fill / must keep obligation.
    pub fn check_play(&self, play: &Play) -> Result<(), IllegalPlay> {
        let mut legal = LegalPlays::new();
        match self.legal_after(play, &MustFillOrKeep, &mut legal) {
            Some(_) => Ok(()),
            None => Err(self.refusal(play, &mut legal)),
        }
    }

    /// Whether `play` is legal with the fill/keep `obligations` applied.
    pub(super) fn is_legal_with(&self, play: &Play, obligations: &impl Obligations) -> bool {
        let mut legal = LegalPlays::new();
        self.legal_after(play, obligations, &mut legal).is_some()
    }

    /// The mover's dames after `play` if it is legal, using `legal` as the buffer.
    pub(super) fn legal_after(
        &self,
        play: &Play,
        obligations: &impl Obligations,
        legal: &mut LegalPlays,
    ) -> Option<PathCounts> {
        let after = self.apply_moves(play)?;
        self.plays_into(play.throw(), obligations, legal);
        legal.index_of_board(&after).map(|_| after)
    }

    /// Why `play`, refused by a legal list, is refused: its moves cannot be made, the laws
    /// of movement refuse it, or (lawful by movement) the obligation does.
    fn refusal(&self, play: &Play, buf: &mut LegalPlays) -> IllegalPlay {
        let reason = match self.apply_moves(play) {
            None => IllegalPlayReason::Impossible,
            Some(after) => {
                self.movement_plays_into(play.throw(), buf);
                if buf.index_of_board(&after).is_some() {
                    IllegalPlayReason::MustFillOrKeep
                } else {
                    IllegalPlayReason::Movement
                }
            }
        };
        IllegalPlay {
            play: *play,
            reason,
        }
    }

    /// Plays `play`, returning the new position: the mover's dames moved, his throw counter
    /// increased, the other side to move. The play must be legal ([`Position::is_legal`]:
    /// the laws of movement and the must fill / must keep obligation). After a play that
    /// bears off the mover's last dame the game layer scores and then calls
    /// [`Position::releve`].
    ///
    /// ```
    /// use trictrac_core::{IllegalPlayReason, Position};
    /// let pos: Position = "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w3,N1:b15 w 10/10 0.0/0.0"
    ///     .parse()
    ///     .unwrap();
    /// let breaks = pos.parse_movement_play("2-1: B6-B8, B6-B7").unwrap();
    /// let refused = pos.play(&breaks).unwrap_err();
    /// assert_eq!(refused.error.reason, IllegalPlayReason::MustFillOrKeep);
    /// assert_eq!(refused.position, pos);
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlayError`] (the play, why it is refused, and this position unchanged) if the play
    /// is not legal.
    pub fn play(self, play: &Play) -> Result<Position, PlayError> {
        self.play_with(play, &MustFillOrKeep)
    }

    /// Plays `play` in place, as [`Position::play`].
    ///
    /// # Errors
    ///
    /// [`IllegalPlay`] if the play is not legal; `self` is then unchanged.
    pub fn play_mut(&mut self, play: &Play) -> Result<(), IllegalPlay> {
        let mut legal = LegalPlays::new();
        match self.legal_after(play, &MustFillOrKeep, &mut legal) {
            Some(after) => {
                self.finish_play(after);
                Ok(())
            }
            None => Err(self.refusal(play, &mut legal)),
        }
    }

    /// Plays `play` checked by the laws of movement alone (as
    /// [`Position::is_movement_legal`]): a fausse case that breaks only the must fill / must
    /// keep obligation is played.
    ///
    /// # Errors
    ///
    /// [`PlayError`] (this position unchanged) if the moves cannot be made or the laws of
    /// movement refuse the play.
    pub fn play_movement_only(self, play: &Play) -> Result<Position, PlayError> {
        self.play_with(play, &MovementOnly)
    }

    /// [`Position::play`] with the fill/keep `obligations` applied.
    pub(super) fn play_with(
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
                error: self.refusal(play, &mut legal),
                position: self,
            }),
        }
    }

    /// Plays `play` without checking it (for search over plays from
    /// [`Position::legal_plays`]). An illegal play leaves a position that may break the
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
    /// ([`Position::legal_plays`]) reaching the same board (as generated: its rest and move
    /// order may be the canonical ones).
    ///
    /// # Errors
    ///
    /// [`ParsePlayError`] saying which part is wrong, or that the play is not legal.
    pub fn parse_play(&self, text: &str) -> Result<Play, ParsePlayError> {
        let (throw, after) = self.play_text_board(text)?;
        let legal = self.legal_plays(throw);
        Self::find_play(&legal, &after, text)
    }

    /// As [`parse_play`](Self::parse_play) under the laws of movement alone
    /// ([`Position::movement_plays`]): a fausse case that breaks only the must fill / must
    /// keep obligation is read.
    ///
    /// # Errors
    ///
    /// As [`parse_play`](Self::parse_play).
    pub fn parse_movement_play(&self, text: &str) -> Result<Play, ParsePlayError> {
        let (throw, after) = self.play_text_board(text)?;
        let legal = self.movement_plays(throw);
        Self::find_play(&legal, &after, text)
    }

    /// As [`parse_play`](Self::parse_play), but the play must be one of `legal` (a list
    /// already generated for this position, such as a
    /// [`ThrowAnalysis`](crate::scoring::ThrowAnalysis)'s: no generation again).
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

// By hand rather than `#[from]`, which would also make the cause the `source()` of an error
// that already prints it.
impl From<ParseThrowError> for ParsePlayError {
    fn from(e: ParseThrowError) -> ParsePlayError {
        ParsePlayError::Throw(e)
    }
}
