//! The rule of a throw on a [`Position`]: [`Position::play_mut`] and [`Position::play`]
//! (rules page, "Phase 1", "Phase 2", "End and result"), and the simulator's loop of whole
//! games without events ([`Position::play_out`]); both apply the one rule of the crate,
//! [`throw_rule`].

use boardgames_common::{ParseThrowError, Player, Throw};
use thiserror::Error;

use super::Position;
use crate::event::{Event, Events, GameEnd};
use crate::rule::{Side, Silent, Sink, TakeRule, place_either, take, throw_rule};
use crate::ruleset::Ruleset;

/// Why a throw could not be applied, or a throw's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ThrowError {
    /// The game is already over: no more throws.
    #[error("the game is over ({0}); no more throws")]
    GameOver(GameEnd),
    /// The text is not a throw such as `6-5`.
    #[error(transparent)]
    Parse(#[from] ParseThrowError),
}

impl Position {
    /// Applies one throw of the side to throw and returns what it did (rules page, "Phase 1",
    /// "Phase 2", "End and result"). The position does not allocate.
    ///
    /// # Errors
    ///
    /// [`ThrowError::GameOver`] if the game is already over under `rules`; the position is
    /// then unchanged.
    pub fn play_mut(&mut self, rules: &Ruleset, throw: Throw) -> Result<Events, ThrowError> {
        if let Some(end) = self.end(rules) {
            return Err(ThrowError::GameOver(end));
        }
        let mut events = Events::new();
        self.step(rules, throw.sum(), throw.is_doublet(), &mut events);
        Ok(events)
    }

    /// As [`play_mut`](Self::play_mut), by value: the new position and the throw's
    /// events, or the error with the position handed back in it.
    ///
    /// # Errors
    ///
    /// [`PlayError`] holding [`ThrowError::GameOver`] and `self` if the game is already over.
    pub fn play(mut self, rules: &Ruleset, throw: Throw) -> Result<(Position, Events), PlayError> {
        match self.play_mut(rules, throw) {
            Ok(events) => Ok((self, events)),
            Err(error) => Err(PlayError {
                error,
                position: self,
            }),
        }
    }

    /// The rule of one throw of sum `sum` (`2..=12`), `doublet` telling whether both dice
    /// match. Precondition: the game is not over under `rules` (checked by the callers).
    /// Returns the end of the game if this throw ended it.
    ///
    /// The rule itself is [`throw_rule`] ([`place`](crate::rule::place) and [`take`]), the only implementation
    /// of the rules: [`play_mut`](Self::play_mut) (through here) and the simulator
    /// ([`Position::play_out`]) both call it.
    #[inline(always)]
    pub(crate) fn step<S: Sink>(
        &mut self,
        rules: &Ruleset,
        sum: u8,
        doublet: bool,
        sink: &mut S,
    ) -> Option<GameEnd> {
        let p = self.side;
        let o = p.other();
        let mut me = Side::of(self, p);
        let mut them = Side::of(self, o);
        let extra = throw_rule(rules, &mut me, &mut them, p, sum, doublet, sink);
        me.store(self, p);
        them.store(self, o);
        self.throws += 1;
        let emptied = me.emptied() | them.emptied();
        if emptied | (self.throws >= rules.max_throws) {
            let end = GameEnd::new(self.held, self.captured, rules.winner, !emptied);
            sink.event(Event::GameOver(end));
            return Some(end);
        }
        if extra {
            sink.event(Event::ExtraThrow { player: p });
        }
        self.side = if extra { p } else { o };
        None
    }

    /// Plays the game to its end with the throws `next()` gives (`(sum, doublet)`), no
    /// events: the simulator's loop. Precondition: the game is not over under `rules`.
    ///
    /// The same throws give the same position and end as [`step`](Self::step) throw by
    /// throw; the loop is cut into the three stretches of a game so that the side to throw
    /// is never a branch the dice decide:
    ///
    /// 1. while both players place, the two sides stay where they are (white's and black's
    ///    in fixed registers) and the throw's pawn is added to the thrower's camp through a
    ///    mask (the rule of [`place`](crate::rule::place), on both sides at once);
    /// 2. while one places and the other takes (a few throws), or throughout phase 2 when a
    ///    doublet gives another throw there, the sides live as the side to throw and its
    ///    opponent, swapped by a select when the turn passes, and each throw is
    ///    [`throw_rule`];
    /// 3. once both take and no phase-2 throw gives another, the players alternate: white's
    ///    throw and black's throw are written one after the other, each [`take`] on the
    ///    fixed sides, and no side is chosen at all.
    #[inline(always)]
    pub(crate) fn play_out(
        &mut self,
        rules: &Ruleset,
        mut next: impl FnMut() -> (u8, bool),
    ) -> GameEnd {
        let cap = rules.max_throws;
        let extra_on_taking = rules.taking_doublet_extra_throw;
        let rule = TakeRule::of(rules);
        let mut white = Side::of(self, Player::First);
        let mut black = Side::of(self, Player::Second);
        let mut throws = self.throws;

        // 1. Both place. `black_throws` is the side to throw as 0 (white) or 1 (black).
        let mut black_throws = u8::from(self.side == Player::Second);
        // Each throw places one pawn, so a reserve is empty within `pawns` throws: when the
        // cap cannot come first (always, unless it is tiny), the loop does not test it.
        let pawns = u32::from(white.reserve) + u32::from(black.reserve);
        if cap.saturating_sub(throws) >= pawns {
            while (white.reserve > 0) & (black.reserve > 0) {
                let (sum, doublet) = next();
                place_either(&mut white, &mut black, black_throws, sum);
                throws += 1;
                // A placing doublet throws again.
                black_throws ^= u8::from(!doublet);
            }
        } else {
            while (white.reserve > 0) & (black.reserve > 0) {
                let (sum, doublet) = next();
                place_either(&mut white, &mut black, black_throws, sum);
                throws += 1;
                if throws >= cap {
                    // No camp can be empty: both still had pawns to place before this throw.
                    let side = Player::ALL[usize::from(black_throws)];
                    return self.finish(rules, white, black, side, throws, false);
                }
                black_throws ^= u8::from(!doublet);
            }
        }
        let mut p = Player::ALL[usize::from(black_throws)];

        // 2. One places, the other takes (or phase 2 with extra throws): the general loop.
        if (white.reserve > 0) | (black.reserve > 0) | extra_on_taking {
            let (mut me, mut them) = if p == Player::First {
                (white, black)
            } else {
                (black, white)
            };
            loop {
                let (sum, doublet) = next();
                let extra = throw_rule(rules, &mut me, &mut them, p, sum, doublet, &mut Silent);
                throws += 1;
                let emptied = me.emptied() | them.emptied();
                if emptied | (throws >= cap) {
                    let (w, b) = Side::by_colour(p, me, them);
                    return self.finish(rules, w, b, p, throws, emptied);
                }
                // The turn passes unless the throw gives another: a select, not a branch
                // (the dice make it unpredictable).
                let (a, b) = if extra { (me, them) } else { (them, me) };
                me = a;
                them = b;
                p = if extra { p } else { p.other() };
                if (me.reserve == 0) & (them.reserve == 0) & !extra_on_taking {
                    (white, black) = Side::by_colour(p, me, them);
                    break;
                }
            }
        }

        // 3. Both take, turn by turn. Both reserves are empty: a camp is emptied when it is
        // 0. `left` counts the throws before the cap, tested once per pair of throws.
        if p == Player::Second {
            let (sum, doublet) = next();
            take(rule, &mut black, &mut white, p, sum, doublet, &mut Silent);
            throws += 1;
            let emptied = (white.camp == 0) | (black.camp == 0);
            if emptied | (throws >= cap) {
                return self.finish(rules, white, black, p, throws, emptied);
            }
        }
        let mut left = cap - throws;
        while left >= 2 {
            let (sum, doublet) = next();
            take(
                rule,
                &mut white,
                &mut black,
                Player::First,
                sum,
                doublet,
                &mut Silent,
            );
            if (white.camp == 0) | (black.camp == 0) {
                let throws = cap - left + 1;
                return self.finish(rules, white, black, Player::First, throws, true);
            }
            let (sum, doublet) = next();
            take(
                rule,
                &mut black,
                &mut white,
                Player::Second,
                sum,
                doublet,
                &mut Silent,
            );
            left -= 2;
            if (white.camp == 0) | (black.camp == 0) {
                return self.finish(rules, white, black, Player::Second, cap - left, true);
            }
        }
        // One throw (white's) or none before the cap.
        if left == 1 {
            let (sum, doublet) = next();
            take(
                rule,
                &mut white,
                &mut black,
                Player::First,
                sum,
                doublet,
                &mut Silent,
            );
            let emptied = (white.camp == 0) | (black.camp == 0);
            return self.finish(rules, white, black, Player::First, cap, emptied);
        }
        // The cap was reached by black's throw (`left` was even).
        self.finish(rules, white, black, Player::Second, cap, false)
    }

    /// Stores the sides of [`play_out`](Self::play_out) back into the position (`side` the
    /// player who threw last, `throws` the throws made) and returns the end of the game.
    #[inline(always)]
    fn finish(
        &mut self,
        rules: &Ruleset,
        white: Side,
        black: Side,
        side: Player,
        throws: u32,
        emptied: bool,
    ) -> GameEnd {
        white.store(self, Player::First);
        black.store(self, Player::Second);
        self.side = side;
        self.throws = throws;
        GameEnd::new(self.held, self.captured, rules.winner, !emptied)
    }
}

/// The sides of a position, read and written back by the rule of a throw.
impl Side {
    #[inline(always)]
    pub(crate) fn of(position: &Position, p: Player) -> Side {
        Side {
            camp: position.camps[p],
            reserve: position.reserves[p],
            held: position.held[p],
            // A position never has fewer captured pawns than held ones (SetupError::CapturedBelowHeld).
            given_back: position.captured[p].saturating_sub(u32::from(position.held[p])),
        }
    }

    #[inline(always)]
    pub(crate) fn store(self, position: &mut Position, p: Player) {
        position.camps[p] = self.camp;
        position.reserves[p] = self.reserve;
        position.held[p] = self.held;
        // min(held + given back, MAX): the captured count with its saturation (when the
        // given-back count saturated, so did the captured count).
        position.captured[p] = u32::from(self.held).saturating_add(self.given_back);
    }
}

/// Error of [`Position::play`]: why the throw was refused, and the position handed back
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{error}")]
pub struct PlayError {
    /// Why the throw was refused (printed by `Display`, not a `source`).
    pub error: ThrowError,
    /// The position, unchanged.
    pub position: Position,
}
