//! [`Side`] (attackers, defenders), [`Piece`] (attacker, defender, king) and [`PieceSet`]
//! (which kinds of piece a square rule applies to).

use std::fmt;
use std::ops::{Index, IndexMut};

use boardgames_common::{ByPlayer, Player};

/// One of the two sides of a tafl game (rules page, "Fidchell, the game of the Breton Fidchell
/// page").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The attackers (black on the Breton Fidchell page): they try to capture the king.
    Attackers,
    /// The defenders (white) with their king.
    Defenders,
}

impl Side {
    /// Both sides, attackers first.
    pub const ALL: [Side; 2] = [Side::Attackers, Side::Defenders];
    /// Number of sides.
    pub const NUM: usize = 2;

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    /// The index of the side: attackers 0, defenders 1.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        })
    }
}

/// The side as a [`Player`] of the common `Game` trait: the attackers are always
/// [`Player::First`], the defenders [`Player::Second`], whoever moves first in the ruleset
/// (as [`TaflGame`](crate::TaflGame) plays them).
impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::Attackers => Player::First,
            Side::Defenders => Player::Second,
        }
    }
}

/// The side of a [`Player`]: [`Player::First`] the attackers, [`Player::Second`] the
/// defenders.
impl From<Player> for Side {
    fn from(player: Player) -> Side {
        match player {
            Player::First => Side::Attackers,
            Player::Second => Side::Defenders,
        }
    }
}

/// A value per [`Side`], indexed by the side: the shape of
/// [`ByPlayer`] (`new`, `from_fn`, `map`, `as_ref`, `as_mut`,
/// `into_array`, `iter`, `Index`/`IndexMut`, `Default`), and `From` both ways with
/// `ByPlayer` (the attackers are the first player) and with `[T; 2]`.
///
/// ```
/// use boardgames_common::{ByPlayer, Player};
/// use tafl_core::{BySide, Side};
/// let mut captures = BySide::new(0, 0);
/// captures[Side::Defenders] += 2;
/// let by_player = ByPlayer::from(captures);
/// assert_eq!(by_player[Player::Second], 2);
/// assert_eq!(BySide::from(by_player), captures);
/// assert_eq!(captures.map(|c| c * 10).into_array(), [0, 20]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// The attackers' value.
    pub attackers: T,
    /// The defenders' value.
    pub defenders: T,
}

impl<T> BySide<T> {
    /// Both values.
    pub const fn new(attackers: T, defenders: T) -> BySide<T> {
        BySide {
            attackers,
            defenders,
        }
    }

    /// A value per side computed by `f` (called for the attackers, then the defenders).
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            attackers: f(Side::Attackers),
            defenders: f(Side::Defenders),
        }
    }

    /// Each value through `f` (the attackers', then the defenders').
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            attackers: f(self.attackers),
            defenders: f(self.defenders),
        }
    }

    /// References to both values.
    pub const fn as_ref(&self) -> BySide<&T> {
        BySide {
            attackers: &self.attackers,
            defenders: &self.defenders,
        }
    }

    /// Mutable references to both values.
    pub fn as_mut(&mut self) -> BySide<&mut T> {
        BySide {
            attackers: &mut self.attackers,
            defenders: &mut self.defenders,
        }
    }

    /// The values as an array indexed by [`Side::index`].
    pub fn into_array(self) -> [T; 2] {
        [self.attackers, self.defenders]
    }

    /// The values, the attackers' first.
    pub fn iter(&self) -> std::array::IntoIter<&T, 2> {
        [&self.attackers, &self.defenders].into_iter()
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        match s {
            Side::Attackers => &self.attackers,
            Side::Defenders => &self.defenders,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        match s {
            Side::Attackers => &mut self.attackers,
            Side::Defenders => &mut self.defenders,
        }
    }
}

impl<T> From<BySide<T>> for ByPlayer<T> {
    /// The attackers' value as the first player's.
    fn from(v: BySide<T>) -> ByPlayer<T> {
        ByPlayer::new(v.attackers, v.defenders)
    }
}

impl<T> From<ByPlayer<T>> for BySide<T> {
    /// The first player's value as the attackers'.
    fn from(v: ByPlayer<T>) -> BySide<T> {
        BySide::new(v.first, v.second)
    }
}

impl<T> From<[T; 2]> for BySide<T> {
    /// `[attackers, defenders]`.
    fn from([attackers, defenders]: [T; 2]) -> BySide<T> {
        BySide::new(attackers, defenders)
    }
}

impl<T> From<BySide<T>> for [T; 2] {
    fn from(v: BySide<T>) -> [T; 2] {
        v.into_array()
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;
    /// The values, the attackers' first.
    fn into_iter(self) -> Self::IntoIter {
        self.into_array().into_iter()
    }
}

impl<'a, T> IntoIterator for &'a BySide<T> {
    type Item = &'a T;
    type IntoIter = std::array::IntoIter<&'a T, 2>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A kind of piece (OpenTafl letters `t`, `T`, `K`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Piece {
    /// An attacking soldier (`t`).
    Attacker,
    /// A defending soldier (`T`).
    Defender,
    /// The defenders' king (`K`).
    King,
}

impl Piece {
    /// The three kinds, in the order of their index.
    pub const ALL: [Piece; 3] = [Piece::Attacker, Piece::Defender, Piece::King];
    /// Number of kinds.
    pub const NUM: usize = 3;

    /// The side the piece plays for.
    #[inline]
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Piece::Attacker => Side::Attackers,
            Piece::Defender | Piece::King => Side::Defenders,
        }
    }

    /// The OpenTafl letter: `t`, `T` or `K`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Piece::Attacker => 't',
            Piece::Defender => 'T',
            Piece::King => 'K',
        }
    }

    /// The index of the kind (attacker 0, defender 1, king 2).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The rank of a soldier in OpenTafl's Berserk ("OpenTafl Notation", section 1): a
/// commander (`c`, `C`) or a knight (`n`, `N`). An officer moves and is captured as a
/// soldier of its side; it may jump (rules keys `cj`, `nj`), cannot be jumped over, and
/// takes part in capturing a strong king between two officers (or an officer and a hostile
/// corner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Officer {
    /// A commander (`c` attacking, `C` defending).
    Commander,
    /// A knight (`n` attacking, `N` defending).
    Knight,
}

impl Officer {
    /// Every value, in the order of declaration.
    pub const ALL: [Officer; 2] = [Officer::Commander, Officer::Knight];
    /// Number of values.
    pub const NUM: usize = 2;

    /// The OpenTafl letter for an officer of `side`: `c n` for the attackers, `C N` for the
    /// defenders.
    #[must_use]
    pub const fn char(self, side: Side) -> char {
        match (self, side) {
            (Officer::Commander, Side::Attackers) => 'c',
            (Officer::Knight, Side::Attackers) => 'n',
            (Officer::Commander, Side::Defenders) => 'C',
            (Officer::Knight, Side::Defenders) => 'N',
        }
    }
}

/// The kinds of officer a side has ([`Rules::officers`](crate::Rules::officers)): none,
/// commanders, knights, or both, read from the side's start ("OpenTafl Notation",
/// section 1: a side knows from its start whether it has commanders and whether it has
/// knights).
///
/// ```
/// use tafl_core::{Officer, OfficerSet};
/// let both = OfficerSet::NONE.with(Officer::Commander).with(Officer::Knight);
/// assert_eq!(both, OfficerSet::BOTH);
/// assert!(both.contains(Officer::Knight));
/// assert!(!OfficerSet::COMMANDERS.contains(Officer::Knight));
/// assert!(OfficerSet::NONE.is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OfficerSet(u8);

impl OfficerSet {
    /// No officer.
    pub const NONE: OfficerSet = OfficerSet(0);
    /// Commanders only.
    pub const COMMANDERS: OfficerSet = OfficerSet(1);
    /// Knights only.
    pub const KNIGHTS: OfficerSet = OfficerSet(2);
    /// Commanders and knights.
    pub const BOTH: OfficerSet = OfficerSet(3);

    /// The set of `officer` alone.
    #[must_use]
    pub const fn of(officer: Officer) -> OfficerSet {
        OfficerSet(1 << officer as u8)
    }

    /// Whether `officer` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, officer: Officer) -> bool {
        self.0 >> officer as u8 & 1 != 0
    }

    /// The set with `officer` added.
    #[must_use]
    pub const fn with(self, officer: Officer) -> OfficerSet {
        OfficerSet(self.0 | OfficerSet::of(officer).0)
    }

    /// Whether the set holds no kind.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 & OfficerSet::BOTH.0 == 0
    }

    /// The kinds in the set, commanders first.
    pub fn iter(self) -> impl Iterator<Item = Officer> {
        Officer::ALL.into_iter().filter(move |&o| self.contains(o))
    }
}

/// A set of piece kinds, as in the OpenTafl rules keys `corh:tTK` (the corners are hostile
/// to these pieces) or `cens:K` (only the king may stop on the throne).
///
/// OpenTafl also names commanders and knights (`c n C N`), mercenaries, guards and an
/// attacking king (`m g k M G`): those letters are accepted and ignored when parsing. This
/// crate's commanders and knights ([`Officer`]) follow the soldier of their side in every
/// set (`t` or `T`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceSet(u8);

impl PieceSet {
    /// No piece.
    pub const NONE: PieceSet = PieceSet(0);
    /// Attacking soldiers only.
    pub const ATTACKERS: PieceSet = PieceSet(1);
    /// Defending soldiers only.
    pub const DEFENDERS: PieceSet = PieceSet(2);
    /// The king only.
    pub const KING: PieceSet = PieceSet(4);
    /// Soldiers of both sides, not the king.
    pub const SOLDIERS: PieceSet = PieceSet(3);
    /// Every piece.
    pub const ALL: PieceSet = PieceSet(7);

    /// Whether `piece` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, piece: Piece) -> bool {
        self.0 >> piece.index() & 1 != 0
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 | other.0)
    }

    /// The pieces in both sets.
    #[must_use]
    pub const fn intersection(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 & other.0)
    }

    /// The set of the letters in `text` (`t`, `T`, `K`; the letters of commanders,
    /// knights, mercenaries, guards and an attacking king, `c n m g k C N M G`, ignored).
    ///
    /// # Errors
    ///
    /// [`ParsePieceSetError`] holding the first character that is not one of
    /// `tcnkmgTCNKMG`.
    pub fn from_letters(text: &str) -> Result<PieceSet, ParsePieceSetError> {
        let mut set = PieceSet::NONE;
        for c in text.chars() {
            match c {
                't' => set.0 |= 1,
                'T' => set.0 |= 2,
                'K' => set.0 |= 4,
                'c' | 'n' | 'k' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {}
                other => return Err(ParsePieceSetError(other)),
            }
        }
        Ok(set)
    }
}

/// Error of [`PieceSet::from_letters`]: the first character that is not an OpenTafl piece
/// letter (`tcnkmgTCNKMG`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an OpenTafl piece letter (t c n k m g T C N K M G)")]
pub struct ParsePieceSetError(pub char);

impl fmt::Display for PieceSet {
    /// The OpenTafl letters, attackers first: `tTK`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in Piece::ALL {
            if self.contains(p) {
                write!(f, "{}", p.char())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_sets_read_opentafl_letters() {
        assert_eq!(PieceSet::from_letters("tcnkTCNK"), Ok(PieceSet::ALL));
        assert_eq!(PieceSet::from_letters("K"), Ok(PieceSet::KING));
        assert_eq!(PieceSet::from_letters(""), Ok(PieceSet::NONE));
        assert_eq!(PieceSet::from_letters("tx"), Err(ParsePieceSetError('x')));
        assert_eq!(
            ParsePieceSetError('x').to_string(),
            "'x' is not an OpenTafl piece letter (t c n k m g T C N K M G)"
        );
        assert_eq!(PieceSet::ALL.to_string(), "tTK");
        assert!(PieceSet::SOLDIERS.contains(Piece::Defender));
        assert!(!PieceSet::SOLDIERS.contains(Piece::King));
    }

    #[test]
    fn sides_map_to_players() {
        for s in Side::ALL {
            assert_eq!(Side::from(Player::from(s)), s);
            assert_eq!(s.other().other(), s);
        }
        assert_eq!(Player::from(Side::Attackers), Player::First);
        assert_eq!(Side::from(Player::Second), Side::Defenders);
        let mut v = BySide::<u8>::default();
        v[Side::Defenders] = 3;
        assert_eq!(v.defenders, 3);
    }

    #[test]
    fn by_side_has_the_shape_of_by_player() {
        let v = BySide::new(3, 4);
        assert_eq!(BySide::from_fn(|s| s.index() + 3), v.map(|x| x as usize));
        assert_eq!(v.as_ref().map(|x| *x + 1), BySide::new(4, 5));
        assert_eq!(v.iter().copied().collect::<Vec<_>>(), [3, 4]);
        assert_eq!((&v).into_iter().count(), 2);
        assert_eq!(v.into_iter().collect::<Vec<_>>(), [3, 4]);
        assert_eq!(BySide::from([5, 6]), BySide::new(5, 6));
        assert_eq!(<[i32; 2]>::from(v), [3, 4]);
        let p = ByPlayer::from(v);
        assert_eq!((p[Player::First], p[Player::Second]), (3, 4));
        assert_eq!(BySide::from(p), v);
        for s in Side::ALL {
            assert_eq!(p[Player::from(s)], v[s]);
        }
        let mut w = v;
        *w.as_mut().attackers = 9;
        assert_eq!(w.attackers, 9);
    }
}
