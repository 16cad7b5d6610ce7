//! Further options of OpenTafl's rules strings ("OpenTafl Notation", section 3, "Rules
//! Records"): attacker forts ([`Forts`], keys `afor`, `aforp`, `afors`, `aforh`, `aforre`)
//! speed limits per kind of piece ([`SpeedLimits`], key `spd`), and Berserk's jumps
//! ([`Jump`], [`Jumps`], keys `kj`, `nj`, `cj`) and berserk moves ([`BerserkMode`], key `ber`),
//! whose moves are generated and played in `berserk.rs`.

use crate::bitboard::Bitboard;
use crate::piece::{BySide, Officer, Piece, PieceSet, Side};

/// The attacker forts (OpenTafl key `afor`, Foteviken Tablut): squares with their own
/// rules of passage, stopping, hostility and re-entry.
///
/// A piece may slide over a fort only if it is in `passable`, stop on one only if it is in
/// `stoppable`; a piece that starts its move outside the forts may neither pass over nor
/// stop on a fort unless it is in `reenter` ("can re-enter: enter the fort from outside").
/// An empty fort square acts as a capturing piece against the pieces in `hostile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Forts {
    /// The fort squares (empty: no forts).
    pub squares: Bitboard,
    /// Pieces that may pass over a fort (`aforp`, OpenTafl's default: all).
    pub passable: PieceSet,
    /// Pieces that may stop on a fort (`afors`, default: all).
    pub stoppable: PieceSet,
    /// Pieces for which an empty fort is hostile (`aforh`, default: the defenders and the
    /// king).
    pub hostile: PieceSet,
    /// Pieces that may enter a fort from a square outside the forts (`aforre`, default:
    /// all).
    pub reenter: PieceSet,
}

impl Forts {
    /// No forts, and OpenTafl's defaults for their rules.
    pub const NONE: Forts = Forts {
        squares: Bitboard::EMPTY,
        passable: PieceSet::ALL,
        stoppable: PieceSet::ALL,
        hostile: PieceSet::DEFENDERS.union(PieceSet::KING),
        reenter: PieceSet::ALL,
    };

    /// The fort squares `piece` may not slide over when it starts on `from_fort` (a fort
    /// square or not).
    #[inline]
    pub(crate) fn blocks(&self, piece: Piece, from_fort: bool) -> u128 {
        if !self.passable.contains(piece) || (!from_fort && !self.reenter.contains(piece)) {
            self.squares.0
        } else {
            0
        }
    }

    /// The fort squares `piece` may not stop on when it starts on `from_fort`.
    #[inline]
    pub(crate) fn forbids(&self, piece: Piece, from_fort: bool) -> u128 {
        if !self.stoppable.contains(piece) || (!from_fort && !self.reenter.contains(piece)) {
            self.squares.0
        } else {
            0
        }
    }
}

impl Default for Forts {
    fn default() -> Forts {
        Forts::NONE
    }
}

/// How many squares each kind of piece may move at most (OpenTafl key `spd`; Magpie: the
/// king one square). `0` means no limit.
///
/// OpenTafl gives each of its piece types its own limit ("OpenTafl Notation", section 3,
/// key `spd`, in the order `t c n k m g T C N K M G`): the commanders and knights of
/// Berserk ([`Officer`]) have theirs, apart from the soldiers of their side. (Mercenaries,
/// guards and an attacking king are not pieces of this crate.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpeedLimits {
    /// Attacking soldiers.
    pub attacker: u8,
    /// Defending soldiers.
    pub defender: u8,
    /// The king.
    pub king: u8,
    /// The commanders of each side (`c`, `C`).
    pub commanders: BySide<u8>,
    /// The knights of each side (`n`, `N`).
    pub knights: BySide<u8>,
}

impl SpeedLimits {
    /// No limit for any piece.
    pub const NONE: SpeedLimits = SpeedLimits {
        attacker: 0,
        defender: 0,
        king: 0,
        commanders: BySide::new(0, 0),
        knights: BySide::new(0, 0),
    };

    /// The same limit `speed` for every piece (`0`: none), as the one-number form of `spd`.
    #[must_use]
    pub const fn all(speed: u8) -> SpeedLimits {
        SpeedLimits {
            attacker: speed,
            defender: speed,
            king: speed,
            commanders: BySide::new(speed, speed),
            knights: BySide::new(speed, speed),
        }
    }

    /// The limit of `piece` (`0`: none).
    #[inline]
    #[must_use]
    pub const fn of(self, piece: Piece) -> u8 {
        match piece {
            Piece::Attacker => self.attacker,
            Piece::Defender => self.defender,
            Piece::King => self.king,
        }
    }

    /// The limit of an officer of `side` (`0`: none).
    #[inline]
    #[must_use]
    pub const fn of_officer(self, officer: Officer, side: Side) -> u8 {
        let by_side = match officer {
            Officer::Commander => self.commanders,
            Officer::Knight => self.knights,
        };
        match side {
            Side::Attackers => by_side.attackers,
            Side::Defenders => by_side.defenders,
        }
    }

    /// Whether some piece is limited.
    #[must_use]
    pub const fn any(self) -> bool {
        self.attacker
            | self.defender
            | self.king
            | self.commanders.attackers
            | self.commanders.defenders
            | self.knights.attackers
            | self.knights.defenders
            != 0
    }
}

/// The cells of a line within `speed` of `at` (all cells when `speed` is 0), as a mask over
/// the 11 cells of a rank or file.
#[inline]
pub(crate) const fn reach_mask(at: u8, speed: u8) -> u16 {
    if speed == 0 {
        return u16::MAX;
    }
    let lo = at.saturating_sub(speed);
    let hi = if (at as u16 + speed as u16) > 10 {
        10
    } else {
        at + speed
    };
    let width = hi - lo + 1;
    (((1u32 << width) - 1) << lo) as u16
}

/// Whether and how a kind of piece jumps (OpenTafl keys `kj`, `nj`, `cj`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Jump {
    /// No jumps (`n`).
    None,
    /// Jumps that start or end on the throne, a corner or a fort, capturing nothing by the
    /// jump itself (`r`).
    Restricted,
    /// Jumps over an enemy soldier, capturing nothing by the jump itself (`j`).
    Standard,
    /// Jumps that capture the soldier jumped over (`c`).
    Capture,
}

impl Jump {
    /// Every value, in the order of declaration.
    pub const ALL: [Jump; 4] = [Jump::None, Jump::Restricted, Jump::Standard, Jump::Capture];
    /// Number of values.
    pub const NUM: usize = 4;

    /// The OpenTafl letter: `n`, `r`, `j` or `c`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Jump::None => 'n',
            Jump::Restricted => 'r',
            Jump::Standard => 'j',
            Jump::Capture => 'c',
        }
    }

    /// The jump of an OpenTafl letter.
    #[must_use]
    pub fn from_letter(text: &str) -> Option<Jump> {
        match text {
            "n" => Some(Jump::None),
            "r" => Some(Jump::Restricted),
            "j" => Some(Jump::Standard),
            "c" => Some(Jump::Capture),
            _ => None,
        }
    }
}

/// The jumps of the king, the knights and the commanders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Jumps {
    /// The king's (`kj`, OpenTafl's default `n`).
    pub king: Jump,
    /// The knights' (`nj`, default `c`).
    pub knight: Jump,
    /// The commanders' (`cj`, default `j`).
    pub commander: Jump,
}

impl Jumps {
    /// OpenTafl's defaults: the king does not jump, knights jump and capture, commanders
    /// jump without capturing.
    pub const OPENTAFL: Jumps = Jumps {
        king: Jump::None,
        knight: Jump::Capture,
        commander: Jump::Standard,
    };
}

/// Berserk moves (OpenTafl key `ber`, "OpenTafl Notation", section 3, as OpenTafl's referee
/// applies it): after a move that captures, the piece that moved (the berserker,
/// [`Position::berserker`](crate::Position::berserker)) moves again before the other side, then only it may move (any of
/// its moves), and a move of it that captures nothing ends the turn. The repetition rule is
/// not applied to a position with a berserker to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BerserkMode {
    /// None (`n`, the default).
    None,
    /// After a capture the piece moves again if it has a capturing move (`c`).
    Capture,
    /// After a capture the piece moves again if it has any move (`m`).
    AnyMove,
}

impl BerserkMode {
    /// Every value, in the order of declaration.
    pub const ALL: [BerserkMode; 3] = [
        BerserkMode::None,
        BerserkMode::Capture,
        BerserkMode::AnyMove,
    ];
    /// Number of values.
    pub const NUM: usize = 3;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_masks_cover_the_squares_within_the_limit() {
        assert_eq!(reach_mask(3, 1), 0b1_1100);
        assert_eq!(reach_mask(0, 2), 0b111);
        assert_eq!(reach_mask(10, 1), 0b110_0000_0000);
        assert_eq!(reach_mask(5, 0), u16::MAX);
        assert_eq!(reach_mask(5, 20), 0b111_1111_1111);
    }

    #[test]
    fn forts_block_outsiders_that_may_not_reenter() {
        let mut f = Forts::NONE;
        f.squares = Bitboard(0b1010);
        assert_eq!(f.blocks(Piece::Attacker, false), 0);
        f.reenter = PieceSet::NONE;
        assert_eq!(f.blocks(Piece::Attacker, false), 0b1010);
        assert_eq!(f.blocks(Piece::Attacker, true), 0);
        assert_eq!(f.forbids(Piece::King, false), 0b1010);
        f.stoppable = PieceSet::ATTACKERS;
        assert_eq!(f.forbids(Piece::Defender, true), 0b1010);
        assert_eq!(f.forbids(Piece::Attacker, true), 0);
    }
}
