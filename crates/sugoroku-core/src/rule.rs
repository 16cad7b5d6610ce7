//! The rule of one throw on the two sides of a position: [`throw_rule`] (phase 1 [`place`],
//! phase 2 [`take`]), the only implementation of the rules, used by
//! [`Position::play_mut`](crate::Position::play_mut) (through `Position::step`, with the
//! events) and by the simulator's loop (`Position::play_out`, without).

use boardgames_common::Player;

use crate::event::{Event, Events};
use crate::ruleset::{Ruleset, SingleDoublet};

/// Receives the events of a throw: [`Events`] for the public API, [`Silent`] for the
/// simulator (which the compiler reduces to nothing).
pub(crate) trait Sink {
    fn event(&mut self, event: Event);

    /// The outcome of a phase-2 throw of `player` on `point`, zeros included: by default the
    /// `Removed`, `Captured`, `Returned` events of the non-zero counts, in that order. A
    /// counting sink overrides it to add the counts without branching on them.
    #[inline(always)]
    fn taking(&mut self, player: Player, point: u8, removed: u8, captured: u8, returned: u8) {
        if removed > 0 {
            self.event(Event::Removed {
                player,
                point,
                count: removed,
            });
        }
        if captured > 0 {
            self.event(Event::Captured {
                player,
                point,
                count: captured,
            });
        }
        if returned > 0 {
            self.event(Event::Returned {
                player,
                point,
                count: returned,
            });
        }
    }
}

impl Sink for Events {
    #[inline(always)]
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}

/// One side's part of a [`Position`](crate::Position): its packed camp, reserve, the enemy pawns it holds, and
/// the captured pawns it has given back.
///
/// The pawns captured over the game are the pawns held plus the pawns given back (a capture
/// adds to the holding, a return moves a pawn from the holding to the given back), so the
/// side keeps the given-back count, which changes only on the rare doublets that give pawns
/// back, instead of a second counter to add to on every capture.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side {
    pub(crate) camp: u64,
    pub(crate) reserve: u8,
    pub(crate) held: u8,
    /// `captured - held`, saturating at `u32::MAX` as the captured count does.
    pub(crate) given_back: u32,
}

impl Side {
    /// In phase 2 with an empty camp: the end condition of the rules page ("End and result").
    #[inline(always)]
    pub(crate) fn emptied(&self) -> bool {
        (self.reserve == 0) & (self.camp == 0)
    }

    /// White's and black's sides from the side to throw `p` and its opponent.
    #[inline(always)]
    pub(crate) fn by_colour(p: Player, me: Side, them: Side) -> (Side, Side) {
        if p == Player::First {
            (me, them)
        } else {
            (them, me)
        }
    }
}

/// Ignores the events (compiled away): the simulator's sink. The position counts the
/// captures, and the pawns given back are the captured ones no longer held.
pub(crate) struct Silent;

impl Sink for Silent {
    #[inline(always)]
    fn event(&mut self, _event: Event) {}

    #[inline(always)]
    fn taking(&mut self, _player: Player, _point: u8, _removed: u8, _captured: u8, _returned: u8) {}
}

/// The rule of one throw of sum `sum` (`2..=12`; `doublet` when both dice match) by `me`
/// (the player `p`) against `them` (rules page, "Phase 1", "Phase 2"): the sides updated, the
/// events given to `sink`, and whether the throw gives another throw. The end of the game is
/// the caller's. Phase 1 is [`place`], phase 2 [`take`]: with them, the only implementation
/// of the rules (the simulator's loop, `Position::play_out`, places through a mask on both
/// sides at once with [`place_either`], the same rule).
#[inline(always)]
pub(crate) fn throw_rule<S: Sink>(
    rules: &Ruleset,
    me: &mut Side,
    them: &mut Side,
    p: Player,
    sum: u8,
    doublet: bool,
    sink: &mut S,
) -> bool {
    if me.reserve > 0 {
        place(me, p, sum, sink);
        // A placing doublet throws again.
        doublet
    } else {
        take(TakeRule::of(rules), me, them, p, sum, doublet, sink)
    }
}

/// Phase 1 while both players place ([`place`] without events, on fixed sides): the player
/// `black_throws` (0 for white, 1 for black) places a pawn on his point `sum`, the camp and
/// reserve chosen by masks instead of a branch the dice decide.
#[inline(always)]
pub(crate) fn place_either(white: &mut Side, black: &mut Side, black_throws: u8, sum: u8) {
    let point = 1u64 << (4 * u32::from(sum & 0x0f));
    let to_black = 0u64.wrapping_sub(u64::from(black_throws));
    white.camp += point & !to_black;
    black.camp += point & to_black;
    white.reserve -= 1 - black_throws;
    black.reserve -= black_throws;
}

/// Phase 1 (rules page, "Phase 1 — placing"): `me` (the player `p`, with pawns in reserve)
/// places one on his point `sum`.
#[inline(always)]
pub(crate) fn place<S: Sink>(me: &mut Side, p: Player, sum: u8, sink: &mut S) {
    me.reserve -= 1;
    me.camp += 1 << (4 * u32::from(sum & 0x0f));
    sink.event(Event::Placed {
        player: p,
        point: sum,
    });
    if me.reserve == 0 {
        sink.event(Event::PhaseChange { player: p });
    }
}

/// The readings of [`Ruleset`] that phase 2 depends on, as the flags [`take`] uses (read once
/// per game by the simulator instead of matching on the ruleset on every throw).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TakeRule {
    /// Whether the lone pawn of a single doublet stays when a captured pawn goes back.
    stays_after_return: bool,
    /// Whether it stays when there is no captured pawn to give back.
    stays_without_return: bool,
    /// Whether a phase-2 doublet throws again.
    extra: bool,
}

impl TakeRule {
    /// The flags of `rules` ([`SingleDoublet`]'s table, [`Ruleset::taking_doublet_extra_throw`]).
    #[inline(always)]
    pub(crate) fn of(rules: &Ruleset) -> TakeRule {
        let (stays_after_return, stays_without_return) = match rules.single_doublet {
            SingleDoublet::Replaces => (true, true),
            SingleDoublet::Removes => (true, false),
            SingleDoublet::Adds => (false, false),
        };
        TakeRule {
            stays_after_return,
            stays_without_return,
            extra: rules.taking_doublet_extra_throw,
        }
    }
}

/// Phase 2 (rules page, "Phase 2 — taking"): the throw of sum `sum` by `me` (the player `p`,
/// his reserve empty) against `them` under `rule`, and whether it gives another throw.
///
/// The point's nibble is kept in place (`mine`, `theirs` are the counts shifted to the
/// point), so a removal or a capture is one subtraction. The common case (no doublet, or a
/// doublet that does what any throw does) is a few masks and a select; the doublets that
/// can give pawns back (the enemy point empty, the thrower's point holding at most one
/// pawn: about one phase-2 throw in ten) take a branch of their own, which costs less
/// than computing their rule on every throw.
#[inline(always)]
pub(crate) fn take<S: Sink>(
    rule: TakeRule,
    me: &mut Side,
    them: &mut Side,
    p: Player,
    sum: u8,
    doublet: bool,
    sink: &mut S,
) -> bool {
    let shift = 4 * u32::from(sum & 0x0f);
    let point = 0x0f_u64 << shift;
    let mine = me.camp & point;
    let theirs = them.camp & point;
    // One test for the three conditions (a doublet, the enemy point empty, at most one own
    // pawn), so that the compiler makes one branch of them and not three.
    let not_doublet = u64::from(!doublet);
    if (not_doublet | theirs | (me.camp & (0x0e_u64 << shift))) == 0 {
        // A doublet, the enemy point empty: on an empty own point up to two captured pawns
        // go back; on a lone own pawn one goes back instead of (default) or as well as
        // (option) the removal of that pawn.
        let lone = mine != 0;
        let returned = me.held.min(2 - u8::from(lone));
        let stays = lone
            & if returned > 0 {
                rule.stays_after_return
            } else {
                rule.stays_without_return
            };
        let removed = if stays { 0 } else { mine };
        // No nibble overflows or borrows: removed <= mine, and the returned pawns go onto
        // the empty enemy point.
        me.camp -= removed;
        them.camp += u64::from(returned) << shift;
        me.held -= returned;
        me.given_back = me.given_back.saturating_add(u32::from(returned));
        sink.taking(p, sum, (removed >> shift) as u8, 0, returned);
    } else {
        // Own pawns on the point: all removed; own point empty: the enemy pawns opposite
        // are all captured.
        let captured = if mine == 0 { theirs } else { 0 };
        me.camp -= mine;
        them.camp -= captured;
        let captured = (captured >> shift) as u8;
        // The captured count grows with the holding (`given_back` unchanged).
        me.held += captured;
        sink.taking(p, sum, (mine >> shift) as u8, captured, 0);
    }
    doublet & rule.extra
}
