//! Writing a rules string: `Display` for [`Ruleset`].

use std::fmt;

use crate::piece::{Piece, PieceSet, Side};
use crate::rule_options::{BerserkMode, Jumps};
use crate::rules::{Escape, KingArmed, KingStrength, RepetitionResult, Rules};
use crate::ruleset::Ruleset;

use super::default_set;

impl fmt::Display for Ruleset {
    /// The rules string: `dim`, `name`, `atkf`, the keys whose values differ from the
    /// OpenTafl (or our) defaults, then `start`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules();
        write!(f, "dim:{} name:{}", r.size, self.name().replace(' ', "_"))?;
        if r.escape == Escape::Edge {
            f.write_str(" esc:e")?;
        }
        if !r.enclosure {
            f.write_str(" surf:n")?;
        }
        write!(
            f,
            " atkf:{}",
            if r.first == Side::Attackers { "y" } else { "n" }
        )?;
        let tfr = match r.repetition.result {
            RepetitionResult::Ignored => Some("i"),
            RepetitionResult::Draw => None,
            RepetitionResult::RepeaterLoses => Some("w"),
            RepetitionResult::RepeaterWins => Some("l"),
            RepetitionResult::DefendersLose => Some("a"),
        };
        if let Some(t) = tfr {
            write!(f, " tfr:{t}")?;
        }
        let ka = match r.king_armed {
            KingArmed::Yes => None,
            KingArmed::Hammer => Some("h"),
            KingArmed::Anvil => Some("a"),
            KingArmed::No => Some("n"),
        };
        if let Some(k) = ka {
            write!(f, " ka:{k}")?;
        }
        // OpenTafl's middleweight king (`ks:m`) is a strong king the edge counts against.
        let middleweight =
            r.king_strength == KingStrength::Strong && r.edge_hostile.contains(Piece::King);
        match r.king_strength {
            KingStrength::Strong if middleweight => f.write_str(" ks:m")?,
            KingStrength::Strong => {}
            KingStrength::Weak => f.write_str(" ks:w")?,
            KingStrength::StrongNearThrone => f.write_str(" ks:c")?,
        }
        for (key, jump, default) in [
            ("kj", r.jumps.king, Jumps::OPENTAFL.king),
            ("nj", r.jumps.knight, Jumps::OPENTAFL.knight),
            ("cj", r.jumps.commander, Jumps::OPENTAFL.commander),
        ] {
            if jump != default {
                write!(f, " {key}:{}", jump.letter())?;
            }
        }
        if !r.has_corners {
            f.write_str(" cor:")?;
        }
        if !r.has_throne {
            f.write_str(" cen:")?;
        }
        for (key, set) in [
            ("corp", r.corner.passable),
            ("cors", r.corner.stoppable),
            ("corh", r.corner.hostile),
            ("cenp", r.throne.passable),
            ("cens", r.throne.stoppable),
            ("cenh", r.throne.hostile_occupied),
            ("cenhe", r.throne.hostile_empty),
        ] {
            if set != default_set(key) {
                write!(f, " {key}:{set}")?;
            }
        }
        if r.shieldwall {
            f.write_str(if r.shieldwall_corners {
                " sw:s"
            } else {
                " sw:w"
            })?;
        }
        if r.edge_fort {
            f.write_str(" efe:y")?;
        }
        write_further_options(f, r)?;
        match r.berserk {
            BerserkMode::None => {}
            BerserkMode::Capture => f.write_str(" ber:c")?,
            BerserkMode::AnyMove => f.write_str(" ber:m")?,
        }
        if r.escape == Escape::FourCorners {
            f.write_str(" kvc:y")?;
        }
        let edge_hostile = if middleweight {
            PieceSet::from_letters(&r.edge_hostile.to_string().replace('K', ""))
                .unwrap_or(PieceSet::NONE)
        } else {
            r.edge_hostile
        };
        if edge_hostile != PieceSet::NONE {
            write!(f, " edgeh:{edge_hostile}")?;
        }
        if r.repetition.count != 3 {
            write!(f, " tfn:{}", r.repetition.count)?;
        }
        if let Some(n) = r.no_capture_limit {
            write!(f, " ncl:{n}")?;
        }
        if !r.no_move_loses {
            f.write_str(" nml:n")?;
        }
        write!(
            f,
            " start:{}",
            self.start_position().to_setup().board_string()
        )
    }
}

/// Writes the keys of OpenTafl's further options that differ from its defaults: `swf`,
/// `linc`, `spd`, the attacker forts.
fn write_further_options(f: &mut fmt::Formatter<'_>, r: &Rules) -> fmt::Result {
    if !r.shieldwall_flanking {
        f.write_str(" swf:n")?;
    }
    if r.linnaean {
        f.write_str(" linc:y")?;
    }
    if r.speeds.any() {
        // The twelve-number form, `tcnkmgTCNKMG`, as OpenTafl writes it.
        let v = |x: u8| {
            if x == 0 {
                "-1".to_string()
            } else {
                x.to_string()
            }
        };
        let s = r.speeds;
        let list = [
            v(s.attacker),
            v(s.commanders.attackers),
            v(s.knights.attackers),
            v(0),
            v(0),
            v(0),
            v(s.defender),
            v(s.commanders.defenders),
            v(s.knights.defenders),
            v(s.king),
            v(0),
            v(0),
        ];
        write!(f, " spd:")?;
        for item in list {
            write!(f, "{item},")?;
        }
    }
    if r.forts.squares.any() {
        f.write_str(" afor:")?;
        for sq in r.forts.squares {
            write!(f, "{sq},")?;
        }
    }
    for (key, set) in [
        ("aforp", r.forts.passable),
        ("afors", r.forts.stoppable),
        ("aforh", r.forts.hostile),
        ("aforre", r.forts.reenter),
    ] {
        if set != default_set(key) {
            write!(f, " {key}:{set}")?;
        }
    }
    Ok(())
}
