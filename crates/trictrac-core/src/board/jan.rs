//! The jans (quarters of a player's path) and the jan interdit test.
//!
//! Rules page, "Board, labels, paths": petit jan = own path 1..6, grand jan = own 7..12, the
//! opponent's grand jan = 13..18, jan de retour = 19..24 (= the opponent's petit jan).
//! "Moving (laws)" 5: a dame may not stop in the opponent's grand jan or petit jan while the
//! opponent can still materially fill it.

use std::ops::RangeInclusive;

/// One of a player's own jans, named from his side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Jan {
    /// Petit jan (*petit jan*, *janet*): own path positions 1..=6.
    PetitJan,
    /// Grand jan (*grand jan*): own path positions 7..=12 (the coin included).
    GrandJan,
    /// Jan de retour: own path positions 19..=24 (the opponent's petit jan).
    JanDeRetour,
}

impl Jan {
    /// The three jans a player can fill.
    pub const ALL: [Jan; 3] = [Jan::PetitJan, Jan::GrandJan, Jan::JanDeRetour];
    /// The number of jans.
    pub const NUM: usize = 3;

    /// First path position of the jan.
    #[must_use]
    pub const fn first(self) -> u8 {
        match self {
            Jan::PetitJan => 1,
            Jan::GrandJan => 7,
            Jan::JanDeRetour => 19,
        }
    }

    /// The jan's path positions (six of them), seen by its owner.
    #[must_use]
    pub const fn paths(self) -> RangeInclusive<u8> {
        self.first()..=self.first() + 5
    }

    /// The jan holding path position `p` of its owner, if `p` is in one of the three.
    #[must_use]
    pub const fn of_path(p: u8) -> Option<Jan> {
        match p {
            1..=6 => Some(Jan::PetitJan),
            7..=12 => Some(Jan::GrandJan),
            19..=24 => Some(Jan::JanDeRetour),
            _ => None,
        }
    }
}

/// The material-possibility test of the rules page (law 5): with `counts` the owner's dames
/// by his path position (`counts[q]` for `q` in `1..=24`), can he still fill the jan whose
/// path positions are `a..=a+5`? True iff for every `q` in `a..=a+5` the number of his dames
/// at path positions `<= q` is at least `2·(q − a + 1)`.
///
/// Glossary, JAN INTERDIT: "dès que le joueur a passé quatre dames dans son grand jan, son
/// petit jan n'est plus interdit … avec seulement onze dames".
#[must_use]
pub(crate) fn can_fill_from(counts: &[u8; 26], a: u8) -> bool {
    let mut behind: u32 = counts[1..a as usize].iter().map(|&c| u32::from(c)).sum();
    for (k, q) in (a..=a + 5).enumerate() {
        behind += u32::from(counts[q as usize]);
        if behind < 2 * (k as u32 + 1) {
            return false;
        }
    }
    true
}
