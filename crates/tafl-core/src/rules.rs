//! [`Rules`]: every option of a tafl variant that move generation, captures and endings need
//! (a small `Copy` value held by the game and the searcher, and passed as `&Rules` to the
//! methods of [`Position`](crate::Position) that need it). The named variants with their start
//! positions are [`Ruleset`](crate::Ruleset)s.

use crate::bitboard::{Bitboard, geometry};
use crate::piece::{BySide, OfficerSet, Piece, PieceSet, Side};
use crate::rule_options::{BerserkMode, Forts, Jumps, SpeedLimits};
use crate::square::{DIRECTIONS, MAX_SIZE, MIN_SIZE, Square};

/// Whether the king takes part in captures of enemy soldiers (OpenTafl key `ka`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KingArmed {
    /// The king captures as the moving piece and as the piece on the far side (`y`).
    Yes,
    /// The king captures only as the moving piece (`h`, hammer).
    Hammer,
    /// The king captures only as the piece on the far side (`a`, anvil).
    Anvil,
    /// The king never captures (`n`).
    No,
}

impl KingArmed {
    /// Every value, in the order of declaration.
    pub const ALL: [KingArmed; 4] = [
        KingArmed::Yes,
        KingArmed::Hammer,
        KingArmed::Anvil,
        KingArmed::No,
    ];
    /// Number of values.
    pub const NUM: usize = 4;

    /// Whether the king captures when it is the piece that moved.
    #[must_use]
    pub const fn hammer(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::Hammer)
    }

    /// Whether the king counts as the far piece of a capture.
    #[must_use]
    pub const fn anvil(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::Anvil)
    }
}

/// How the king is captured (OpenTafl key `ks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KingStrength {
    /// Like a soldier, between two attackers or an attacker and a square hostile to the king
    /// (`w`).
    Weak,
    /// Only when all four neighbours are attackers or squares hostile to the king; a
    /// neighbour off the board counts only if the edge is hostile to the king (`s`).
    Strong,
    /// Four-sided ([`KingStrength::Strong`]) on the throne and next to it, two-sided
    /// ([`KingStrength::Weak`]) elsewhere (`c`, Brandubh).
    StrongNearThrone,
}

impl KingStrength {
    /// Every value, in the order of declaration.
    pub const ALL: [KingStrength; 3] = [
        KingStrength::Weak,
        KingStrength::Strong,
        KingStrength::StrongNearThrone,
    ];
    /// Number of values.
    pub const NUM: usize = 3;
}

/// How the defenders win by moving the king (OpenTafl key `esc`, and our key `kvc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Escape {
    /// The king reaches any corner (`esc:c`).
    Corner,
    /// The king reaches any edge square (`esc:e`).
    Edge,
    /// The king has visited all four corners, in any order (Fidchell, the Breton Fidchell page;
    /// `kvc:y`).
    FourCorners,
}

impl Escape {
    /// Every value, in the order of declaration.
    pub const ALL: [Escape; 3] = [Escape::Corner, Escape::Edge, Escape::FourCorners];
    /// Number of values.
    pub const NUM: usize = 3;
}

/// What a position repeated for the `count`-th time means (OpenTafl key `tfr`, our key
/// `tfn` for the count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RepetitionResult {
    /// Repetitions are ignored (`i`).
    Ignored,
    /// The game is drawn (`d`).
    Draw,
    /// The side whose move repeats the position loses, the side left to move wins
    /// (OpenTafl's `tfr:w`: its referee gives the win to the side to move after the
    /// repetition, "the player who moves into the threefold-repeated board state wins").
    RepeaterLoses,
    /// The side whose move repeats the position wins (OpenTafl's `tfr:l`, the reverse).
    RepeaterWins,
    /// The defenders lose whoever repeats (Copenhagen's perpetual repetition rule; our value
    /// `tfr:a`).
    DefendersLose,
}

impl RepetitionResult {
    /// Every value, in the order of declaration.
    pub const ALL: [RepetitionResult; 5] = [
        RepetitionResult::Ignored,
        RepetitionResult::Draw,
        RepetitionResult::RepeaterLoses,
        RepetitionResult::RepeaterWins,
        RepetitionResult::DefendersLose,
    ];
    /// Number of values.
    pub const NUM: usize = 5;
}

/// The repetition rule: the `count`-th occurrence of a position (board, side to move, corners
/// visited) ends the game with `result`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repetition {
    /// Which occurrence ends the game (3 = the third time the position appears).
    pub count: u8,
    /// What it means.
    pub result: RepetitionResult,
}

/// Movement and hostility of the corner squares (OpenTafl keys `corp`, `cors`, `corh`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CornerRules {
    /// Pieces that may pass over a corner (a corner ends every line, so this never changes
    /// the moves; kept for the rules string).
    pub passable: PieceSet,
    /// Pieces that may stop on a corner.
    pub stoppable: PieceSet,
    /// Pieces for which a corner is hostile (acts as a capturing piece against them).
    pub hostile: PieceSet,
}

/// Movement and hostility of the throne, the centre square (OpenTafl keys `cenp`, `cens`,
/// `cenh`, `cenhe`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThroneRules {
    /// Pieces that may pass over the empty throne.
    pub passable: PieceSet,
    /// Pieces that may stop on the throne.
    pub stoppable: PieceSet,
    /// Pieces for which the occupied throne is hostile (when its occupant is not their
    /// friend).
    pub hostile_occupied: PieceSet,
    /// Pieces for which the empty throne is hostile.
    pub hostile_empty: PieceSet,
}

/// Every option of a tafl variant except its name and start position.
///
/// The fields are public and unvalidated; [`Ruleset::new`](crate::Ruleset::new) checks them
/// ([`Rules::check`]) before a position can be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Board size `n` for an `n`×`n` board, 7..=11 (`dim`).
    pub size: u8,
    /// The side that moves first (`atkf`).
    pub first: Side,
    /// Whether the king captures (`ka`).
    pub king_armed: KingArmed,
    /// How the king is captured (`ks`).
    pub king_strength: KingStrength,
    /// How the king escapes (`esc`, `kvc`).
    pub escape: Escape,
    /// The defenders also win by an edge fort: the king on the edge, able to move, inside a
    /// ring of defenders that cannot be captured (`efe`, Copenhagen).
    pub edge_fort: bool,
    /// Shieldwall captures on the edge (`sw:s`, Copenhagen).
    pub shieldwall: bool,
    /// The attackers also win when they enclose every defender and the king (`surf`).
    pub enclosure: bool,
    /// Whether the board has corner squares (`cor:` empty means none).
    pub has_corners: bool,
    /// Whether the board has a throne (`cen:` empty means none).
    pub has_throne: bool,
    /// The corners' rules.
    pub corner: CornerRules,
    /// The throne's rules.
    pub throne: ThroneRules,
    /// Pieces captured against the board edge (our key `edgeh`; Fidchell: soldiers).
    pub edge_hostile: PieceSet,
    /// The repetition rule (`tfr`, our key `tfn`).
    pub repetition: Repetition,
    /// Plies without a capture after which the game is drawn (our key `ncl`; `None`: no
    /// limit).
    pub no_capture_limit: Option<u16>,
    /// Whether a side with no legal move on its turn loses (otherwise the game is drawn;
    /// our key `nml`).
    pub no_move_loses: bool,
    // OpenTafl's further options ("OpenTafl Notation", section 3).
    /// With [`Rules::shieldwall`]: a shieldwall is captured only by a move to the edge that
    /// closes one of its flanks (`swf:y`, OpenTafl's default); `false` (`swf:n`, relaxed):
    /// any move of the surrounding side captures every closed shieldwall on the board.
    pub shieldwall_flanking: bool,
    /// With [`Rules::shieldwall`]: an empty corner hostile to the enemies closes a
    /// shieldwall (`sw:s`, strong); `false`: only a piece closes it (`sw:w`, weak).
    pub shieldwall_corners: bool,
    /// Linnaean capture (`linc:y`, Tablut): with the king on the throne and attackers on
    /// three sides of it, a defender on the fourth side is captured by an attacker arriving
    /// beyond it, against the occupied throne.
    pub linnaean: bool,
    /// The attacker forts and their rules (`afor`, `aforp`, `afors`, `aforh`, `aforre`).
    pub forts: Forts,
    /// The most squares each kind of piece may move (`spd`).
    pub speeds: SpeedLimits,
    // OpenTafl's Berserk (`berserk.rs`).
    /// The kinds of officer of each side: commanders, knights, both or none, those its start
    /// position holds (OpenTafl reads a side's officers from its start: letters `c n` /
    /// `C N`).
    pub officers: BySide<OfficerSet>,
    /// The jumps of the king, the knights and the commanders (`kj`, `nj`, `cj`).
    pub jumps: Jumps,
    /// Berserk moves (`ber`).
    pub berserk: BerserkMode,
}

/// Why a [`Rules`] value is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The board size is outside 7..=11.
    #[error("board size {0} is not supported: use 7 to 11")]
    Size(u8),
    /// The throne of an even board has no centre square.
    #[error("a board of even size {0} has no centre square for a throne")]
    EvenThrone(u8),
    /// The four-corner escape needs corners.
    #[error("the four-corner escape needs corner squares")]
    FourCornersWithoutCorners,
    /// The corner escape needs corners the king may stop on.
    #[error("corner escape needs corner squares on which the king may stop")]
    CornerEscapeUnreachable,
    /// A repetition count below 2.
    #[error("repetition count {0} is too small: use 2 or more")]
    RepetitionCount(u8),
    /// A no-capture limit of zero plies.
    #[error("a no-capture limit of 0 plies would end every game at once")]
    NoCaptureLimit,
    /// A fort square beyond the board, or on a corner or the throne.
    #[error("attacker fort squares must lie on the board and not on a corner or the throne")]
    FortSquares,
}

impl Rules {
    /// Whether the king standing on `sq` is taken by two (between two attackers, or an
    /// attacker and a square hostile to him) rather than on four sides: always under
    /// [`KingStrength::Weak`], never under [`KingStrength::Strong`], and under
    /// [`KingStrength::StrongNearThrone`] away from the throne and its four neighbours (on a
    /// board without a throne, everywhere). Rules page, "The king"; OpenTafl's `ks`.
    pub(crate) fn king_taken_by_two_at(&self, sq: Square) -> bool {
        match self.king_strength {
            KingStrength::Weak => true,
            KingStrength::Strong => false,
            KingStrength::StrongNearThrone => {
                let t = geometry(self.size).throne;
                let near = sq == t
                    || DIRECTIONS
                        .iter()
                        .any(|&(a, b)| t.offset(a, b, self.size) == Some(sq));
                !(self.has_throne && near)
            }
        }
    }

    /// The rules of Fidchell, the Breton Fidchell page's game (rules page, "Fidchell"): 7×7,
    /// attackers first, armed king captured on four sides (corners and empty throne
    /// counting, not the edge), the king wins by visiting all four corners, corners and
    /// throne king-only, empty throne passable, corners and edge hostile to soldiers, the
    /// empty throne hostile to the attackers only (the Breton Fidchell page: "Enebius eo
    /// d'an arsailherien", it is hostile to the attackers; rules string `cenhe:tK`), third
    /// repetition draws, 200 plies without capture draw, no move loses.
    ///
    /// The first release's reading, the empty throne hostile to soldiers of both sides, is
    /// [`Rules::fidchell_throne_hostile_to_all`].
    #[must_use]
    pub const fn fidchell() -> Rules {
        Rules {
            size: 7,
            first: Side::Attackers,
            king_armed: KingArmed::Yes,
            king_strength: KingStrength::Strong,
            escape: Escape::FourCorners,
            edge_fort: false,
            shieldwall: false,
            enclosure: false,
            has_corners: true,
            has_throne: true,
            corner: CornerRules {
                passable: PieceSet::KING,
                stoppable: PieceSet::KING,
                hostile: PieceSet::ALL,
            },
            throne: ThroneRules {
                passable: PieceSet::ALL,
                stoppable: PieceSet::KING,
                hostile_occupied: PieceSet::NONE,
                hostile_empty: PieceSet::ATTACKERS.union(PieceSet::KING),
            },
            edge_hostile: PieceSet::SOLDIERS,
            repetition: Repetition {
                count: 3,
                result: RepetitionResult::Draw,
            },
            no_capture_limit: Some(200),
            no_move_loses: true,
            shieldwall_flanking: true,
            shieldwall_corners: true,
            linnaean: false,
            forts: Forts::NONE,
            speeds: SpeedLimits::NONE,
            officers: BySide {
                attackers: OfficerSet::NONE,
                defenders: OfficerSet::NONE,
            },
            jumps: Jumps::OPENTAFL,
            berserk: BerserkMode::None,
        }
    }

    /// Fidchell with the empty throne hostile to soldiers of both sides and to the king, the
    /// reading of the first release (rules page, "Fidchell": kept as an option). In
    /// a rules string it is OpenTafl's default `cenhe:tTK`, so the key is simply left out.
    #[must_use]
    pub const fn fidchell_throne_hostile_to_all() -> Rules {
        let mut r = Rules::fidchell();
        r.throne.hostile_empty = PieceSet::ALL;
        r
    }

    /// Brandubh as played in the real games of hnefatafl-rs (rules page, "Other presets"):
    /// corner escape, king captured by two except on or next to the throne (four, the empty
    /// throne counting), occupied throne hostile to attackers only, enclosure wins for the
    /// attackers, the side repeating a position the third time loses.
    #[must_use]
    pub const fn brandubh() -> Rules {
        let mut r = Rules::fidchell();
        r.throne.hostile_empty = PieceSet::ALL;
        r.king_strength = KingStrength::StrongNearThrone;
        r.escape = Escape::Corner;
        r.enclosure = true;
        r.throne.hostile_occupied = PieceSet::ATTACKERS;
        r.edge_hostile = PieceSet::NONE;
        r.repetition.result = RepetitionResult::RepeaterLoses;
        r.no_capture_limit = None;
        r
    }

    /// Copenhagen Hnefatafl, 11×11: corner escape and edge fort, king captured on four sides
    /// or three and the empty throne, shieldwall, enclosure, perpetual repetition loses for
    /// the defenders.
    #[must_use]
    pub const fn copenhagen() -> Rules {
        let mut r = Rules::brandubh();
        r.size = 11;
        r.king_strength = KingStrength::Strong;
        r.edge_fort = true;
        r.shieldwall = true;
        r.repetition.result = RepetitionResult::DefendersLose;
        r
    }

    /// Tablut, 9×9 (Linnaeus as commonly reconstructed): edge escape, no corner squares,
    /// king captured on four sides on or next to the throne and by two elsewhere, third
    /// repetition draws.
    #[must_use]
    pub const fn tablut() -> Rules {
        let mut r = Rules::brandubh();
        r.size = 9;
        r.escape = Escape::Edge;
        r.has_corners = false;
        r.enclosure = false;
        r.repetition.result = RepetitionResult::Draw;
        r
    }

    /// Ard Ri, 7×7: corner escape, armed king captured by two like a soldier, throne and
    /// corners king-only and hostile, third repetition draws.
    #[must_use]
    pub const fn ard_ri() -> Rules {
        let mut r = Rules::brandubh();
        r.king_strength = KingStrength::Weak;
        r.enclosure = false;
        r.repetition.result = RepetitionResult::Draw;
        r
    }

    /// Checks the options that can make a ruleset meaningless.
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming the first problem found.
    pub fn check(&self) -> Result<(), RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(RulesError::Size(self.size));
        }
        if self.has_throne && self.size.is_multiple_of(2) {
            return Err(RulesError::EvenThrone(self.size));
        }
        if self.escape == Escape::FourCorners && !self.has_corners {
            return Err(RulesError::FourCornersWithoutCorners);
        }
        if matches!(self.escape, Escape::Corner | Escape::FourCorners)
            && (!self.has_corners || !self.corner.stoppable.contains(Piece::King))
        {
            return Err(RulesError::CornerEscapeUnreachable);
        }
        if self.repetition.count < 2 {
            return Err(RulesError::RepetitionCount(self.repetition.count));
        }
        if self.no_capture_limit == Some(0) {
            return Err(RulesError::NoCaptureLimit);
        }
        if self.forts.squares.any() {
            let g = geometry(self.size);
            let mut special = Bitboard(!g.board);
            if self.has_corners {
                special |= Bitboard(g.corners);
            }
            if self.has_throne {
                special.insert(g.throne);
            }
            if (self.forts.squares & special).any() {
                return Err(RulesError::FortSquares);
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    /// Fidchell, the Breton Fidchell page's game: [`Rules::fidchell`].
    fn default() -> Rules {
        Rules::fidchell()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid() {
        for r in [
            Rules::fidchell(),
            Rules::fidchell_throne_hostile_to_all(),
            Rules::brandubh(),
            Rules::copenhagen(),
            Rules::tablut(),
            Rules::ard_ri(),
        ] {
            assert_eq!(r.check(), Ok(()), "{r:?}");
        }
        assert_eq!(Rules::default(), Rules::fidchell());
    }

    #[test]
    fn bad_rules_are_refused() {
        let mut r = Rules::fidchell();
        r.size = 12;
        assert_eq!(r.check(), Err(RulesError::Size(12)));
        r.size = 8;
        assert_eq!(r.check(), Err(RulesError::EvenThrone(8)));
        r.has_throne = false;
        assert_eq!(r.check(), Ok(()));
        r.has_corners = false;
        assert_eq!(r.check(), Err(RulesError::FourCornersWithoutCorners));
    }
}
