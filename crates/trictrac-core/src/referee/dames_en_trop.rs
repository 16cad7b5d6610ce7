//! DAMES EN TROP ou EN MOINS (glossary of the laws of trictrac, the dames): a player found
//! with other than his 15 dames, rectified at the talon or the relevé annulled.

use crate::board::{Colour, DAMES, Point};

/// DAMES EN TROP ou EN MOINS: a player found with other than 15 dames. While the talon in
/// question is still a full case after the rectification (two dames or more), the dames
/// are put back on or taken off the talon; otherwise the relevé (or marqué, or partie) is
/// void.
///
/// `counts` are the dames of `colour` on each point (by [`Point::index`]); `off` those
/// borne off. Returns the rectified counts, or `None` when the relevé is annulled.
#[must_use]
pub fn rectify_dames(colour: Colour, counts: [u8; 24], off: u8) -> Option<[u8; 24]> {
    let total: u16 = counts.iter().map(|&c| u16::from(c)).sum::<u16>() + u16::from(off);
    let mut out = counts;
    let talon = &mut out[Point::talon(colour).index()];
    let want = u16::from(DAMES);
    let new = i32::from(*talon) + i32::from(want as u8) - i32::from(total.min(255) as u8);
    if total > 255 || !(2..=255).contains(&new) {
        return None;
    }
    *talon = new as u8;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talon_counts(n: u8) -> [u8; 24] {
        let mut c = [0u8; 24];
        c[Point::talon(Colour::White).index()] = n;
        c
    }

    #[test]
    fn dames_en_trop_ou_en_moins() {
        // One dame too many at the start: taken off the talon.
        let c = rectify_dames(Colour::White, talon_counts(16), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // One too few: put back on the talon.
        let c = rectify_dames(Colour::White, talon_counts(14), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // Late in the relevé, the talon holding 2 with 16 dames: it would hold one, not a
        // full case: the relevé is void.
        let mut late = talon_counts(2);
        late[5] = 14;
        assert_eq!(rectify_dames(Colour::White, late, 0), None);
        // With 3 on the talon it stays full (2): rectified.
        late[0] = 3;
        late[5] = 13;
        assert!(rectify_dames(Colour::White, late, 0).is_some());
    }
}
