//! OpenTafl rules strings for [`Ruleset`]: `dim:7 name:Brandubh atkf:y ks:c ... start:/.../`,
//! `Display` and `FromStr`, round-tripping.
//!
//! The OpenTafl keys and defaults are followed (`dim name esc surf atkf tfr ka ks cor cen
//! corp cors corh cenp cens cenh cenhe sw efe start`). Keys of our own, for rules OpenTafl
//! cannot express:
//!
//! - `kvc:y`: the king wins by visiting all four corners (Fidchell; requires `esc:c`);
//! - `edgeh:tT`: pieces captured against the board edge (default none);
//! - `tfn:3`: which occurrence of a position applies `tfr` (default 3);
//! - `tfr:a`: a value of ours: the defenders lose on repetition, whoever repeats;
//! - `ncl:200`: plies without capture that draw the game (default: no limit);
//! - `nml:n`: a side without a legal move does not lose, the game is drawn (default `y`).
//!
//! OpenTafl keys for pieces or squares this crate does not have (knights, commanders,
//! forts, berserk, speed limits, re-entry restrictions) are accepted only with values that
//! change nothing, and refused otherwise ([`RulesStringError::Unsupported`]).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::bitboard::{Bitboard, geometry};
use crate::piece::{PieceSet, Side};
use crate::position::PositionError;
use crate::rules::{Escape, KingArmed, KingStrength, RepetitionResult, Rules};
use crate::ruleset::Ruleset;
use crate::setup::{ParseSetupError, Setup};
use crate::square::Square;

/// Error of [`Ruleset::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesStringError {
    /// A required key (`dim`, `start`) is missing.
    #[error("the rules string has no {0:?} key")]
    Missing(&'static str),
    /// A token is not `key:value`.
    #[error("token {0:?} is not key:value")]
    Token(String),
    /// A key given twice.
    #[error("key {0:?} given twice")]
    Duplicate(String),
    /// A key that neither OpenTafl nor this crate knows.
    #[error("unknown key {0:?}")]
    UnknownKey(String),
    /// A value that the key does not take.
    #[error("bad value {value:?} for key {key:?}")]
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// A valid OpenTafl setting this crate does not implement.
    #[error("unsupported OpenTafl setting {key}:{value}")]
    Unsupported {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// The `start` board cannot be read.
    #[error("start position: {0}")]
    Start(#[from] ParseSetupError),
    /// The rules or the start position are refused.
    #[error("{0}")]
    Position(#[from] PositionError),
}

/// OpenTafl's default for a key whose value is a set of pieces.
fn default_set(key: &str) -> PieceSet {
    match key {
        "corp" | "cors" | "cens" => PieceSet::KING,
        "cenh" => PieceSet::ATTACKERS,
        _ => PieceSet::ALL, // corh cenp cenhe
    }
}

fn yes_no(key: &str, v: &str) -> Result<bool, RulesStringError> {
    match v {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad(key, v)),
    }
}

fn bad(key: &str, v: &str) -> RulesStringError {
    RulesStringError::BadValue {
        key: key.to_string(),
        value: v.to_string(),
    }
}

fn unsupported(key: &str, v: &str) -> RulesStringError {
    RulesStringError::Unsupported {
        key: key.to_string(),
        value: v.to_string(),
    }
}

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
            RepetitionResult::RepeaterLoses => Some("l"),
            RepetitionResult::RepeaterWins => Some("w"),
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
        match r.king_strength {
            KingStrength::Strong => {}
            KingStrength::Weak => f.write_str(" ks:w")?,
            KingStrength::StrongNearThrone => f.write_str(" ks:c")?,
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
            f.write_str(" sw:s")?;
        }
        if r.edge_fort {
            f.write_str(" efe:y")?;
        }
        if r.escape == Escape::FourCorners {
            f.write_str(" kvc:y")?;
        }
        if r.edge_hostile != PieceSet::NONE {
            write!(f, " edgeh:{}", r.edge_hostile)?;
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

impl FromStr for Ruleset {
    type Err = RulesStringError;

    fn from_str(s: &str) -> Result<Ruleset, RulesStringError> {
        let mut map: BTreeMap<&str, &str> = BTreeMap::new();
        for (i, token) in s.split_whitespace().enumerate() {
            if i == 0 && token == "rules" {
                continue; // the OpenTafl engine protocol's command word
            }
            let (k, v) = token
                .split_once(':')
                .ok_or_else(|| RulesStringError::Token(token.to_string()))?;
            if map.insert(k, v).is_some() {
                return Err(RulesStringError::Duplicate(k.to_string()));
            }
        }
        let dim = map.remove("dim").ok_or(RulesStringError::Missing("dim"))?;
        let start = map
            .remove("start")
            .ok_or(RulesStringError::Missing("start"))?;
        let mut r = Rules::fidchell();
        // OpenTafl defaults first.
        r.size = dim.parse().map_err(|_| bad("dim", dim))?;
        r.first = Side::Attackers;
        r.king_armed = KingArmed::Yes;
        r.king_strength = KingStrength::Strong;
        r.escape = Escape::Corner;
        r.edge_fort = false;
        r.shieldwall = false;
        r.enclosure = true;
        r.has_corners = true;
        r.has_throne = true;
        r.corner.passable = default_set("corp");
        r.corner.stoppable = default_set("cors");
        r.corner.hostile = default_set("corh");
        r.throne.passable = default_set("cenp");
        r.throne.stoppable = default_set("cens");
        r.throne.hostile_occupied = default_set("cenh");
        r.throne.hostile_empty = default_set("cenhe");
        r.edge_hostile = PieceSet::NONE;
        r.repetition.count = 3;
        r.repetition.result = RepetitionResult::Draw;
        r.no_capture_limit = None;
        r.no_move_loses = true;
        let mut name = String::from("Unknown Tafl");
        let mut four_corners = false;
        for (&key, &v) in &map {
            match key {
                "name" => name = v.replace('_', " "),
                "esc" => {
                    r.escape = match v {
                        "c" => Escape::Corner,
                        "e" => Escape::Edge,
                        _ => return Err(bad(key, v)),
                    }
                }
                "surf" => r.enclosure = yes_no(key, v)?,
                "atkf" => {
                    r.first = if yes_no(key, v)? {
                        Side::Attackers
                    } else {
                        Side::Defenders
                    }
                }
                "tfr" => {
                    r.repetition.result = match v {
                        "i" => RepetitionResult::Ignored,
                        "d" => RepetitionResult::Draw,
                        "l" => RepetitionResult::RepeaterLoses,
                        "w" => RepetitionResult::RepeaterWins,
                        "a" => RepetitionResult::DefendersLose,
                        _ => return Err(bad(key, v)),
                    }
                }
                "ka" => {
                    r.king_armed = match v {
                        "y" => KingArmed::Yes,
                        "h" => KingArmed::Hammer,
                        "a" => KingArmed::Anvil,
                        "n" => KingArmed::No,
                        _ => return Err(bad(key, v)),
                    }
                }
                "ks" => {
                    r.king_strength = match v {
                        "s" | "y" => KingStrength::Strong,
                        "w" | "n" => KingStrength::Weak,
                        "c" => KingStrength::StrongNearThrone,
                        "m" => return Err(unsupported(key, v)),
                        _ => return Err(bad(key, v)),
                    }
                }
                "cor" if v.is_empty() => r.has_corners = false,
                "cen" if v.is_empty() => r.has_throne = false,
                "cor" | "cen" => {} // only the standard squares: checked below
                "corp" | "cors" | "corh" | "cenp" | "cens" | "cenh" | "cenhe" | "edgeh" => {
                    let set = PieceSet::from_letters(v).map_err(|_| bad(key, v))?;
                    match key {
                        "corp" => r.corner.passable = set,
                        "cors" => r.corner.stoppable = set,
                        "corh" => r.corner.hostile = set,
                        "cenp" => r.throne.passable = set,
                        "cens" => r.throne.stoppable = set,
                        "cenh" => r.throne.hostile_occupied = set,
                        "cenhe" => r.throne.hostile_empty = set,
                        _ => r.edge_hostile = set,
                    }
                }
                "sw" => {
                    r.shieldwall = match v {
                        "n" => false,
                        "s" => true,
                        "w" => return Err(unsupported(key, v)),
                        _ => return Err(bad(key, v)),
                    }
                }
                "swf" => {
                    if !yes_no(key, v)? {
                        return Err(unsupported(key, v));
                    }
                }
                "efe" => r.edge_fort = yes_no(key, v)?,
                "kvc" => four_corners = yes_no(key, v)?,
                "tfn" => r.repetition.count = v.parse().map_err(|_| bad(key, v))?,
                "ncl" => r.no_capture_limit = Some(v.parse().map_err(|_| bad(key, v))?),
                "nml" => r.no_move_loses = yes_no(key, v)?,
                "kj" | "ber" if v != "n" => return Err(unsupported(key, v)),
                "spd" if v != "-1" => return Err(unsupported(key, v)),
                "afor" | "dfor" if !v.is_empty() => return Err(unsupported(key, v)),
                "corre" | "cenre" => {
                    let set = PieceSet::from_letters(v).map_err(|_| bad(key, v))?;
                    if set != PieceSet::ALL {
                        return Err(unsupported(key, v));
                    }
                }
                // Knights, commanders, forts, berserk and speeds: absent pieces and squares.
                "kj" | "ber" | "spd" | "afor" | "dfor" | "nj" | "cj" | "aforp" | "afors"
                | "aforh" | "aforre" | "dforp" | "dfors" | "dforh" | "dforre" => {}
                _ => return Err(RulesStringError::UnknownKey(key.to_string())),
            }
        }
        for key in ["cor", "cen"] {
            if let Some(&v) = map.get(key)
                && !v.is_empty()
                && square_list(v) != Some(standard_squares(key, r.size))
            {
                return Err(unsupported(key, v));
            }
        }
        if four_corners {
            if r.escape != Escape::Corner {
                return Err(bad("kvc", "y"));
            }
            r.escape = Escape::FourCorners;
        }
        let setup = Setup::from_board_string(start)?;
        Ok(Ruleset::new(&name, r, &setup)?)
    }
}

/// The standard corner (`cor`) or centre (`cen`) squares of a board.
fn standard_squares(key: &str, size: u8) -> Bitboard {
    let g = geometry(size);
    if key == "cor" {
        Bitboard(g.corners)
    } else {
        Bitboard::from_square(g.throne)
    }
}

/// The squares of a comma-separated list (a trailing comma allowed, as OpenTafl writes).
fn square_list(text: &str) -> Option<Bitboard> {
    let mut set = Bitboard::EMPTY;
    for name in text.split(',').filter(|n| !n.is_empty()) {
        set.insert(name.parse::<Square>().ok()?);
    }
    Some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    #[test]
    fn presets_round_trip() {
        for r in Ruleset::presets() {
            let text = r.to_string();
            let back: Ruleset = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, r, "{text}");
            assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn fidchell_string() {
        assert_eq!(
            Ruleset::fidchell().to_string(),
            "dim:7 name:Fidchell surf:n atkf:y cenh: cenhe:tK kvc:y edgeh:tT ncl:200 \
             start:/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/"
        );
        // The first release's throne, hostile to all when empty, is OpenTafl's default.
        let old = Ruleset::new(
            "Fidchell",
            Rules::fidchell_throne_hostile_to_all(),
            &Ruleset::fidchell().start_position().to_setup(),
        )
        .unwrap();
        assert_eq!(
            old.to_string(),
            "dim:7 name:Fidchell surf:n atkf:y cenh: kvc:y edgeh:tT ncl:200 \
             start:/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/"
        );
        assert_eq!(old.to_string().parse::<Ruleset>(), Ok(old));
        assert_eq!(
            Ruleset::brandubh().to_string(),
            "dim:7 name:Brandubh atkf:y tfr:l ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        );
    }

    #[test]
    fn opentafl_strings_parse() {
        // OpenTafl's own Brandub: weak king, no hostile throne, no enclosure.
        let r: Ruleset = "rules dim:7 name:Brandub surf:n atkf:y ks:w nj:n cj:n cenh: cenhe: \
                          start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
            .parse()
            .unwrap();
        assert_eq!(r.name(), "Brandub");
        assert_eq!(r.rules().king_strength, KingStrength::Weak);
        assert!(!r.rules().enclosure);
        assert_eq!(r.rules().throne.hostile_empty, PieceSet::NONE);
        assert!(r.rules().throne.stoppable.contains(Piece::King));
        assert!(!r.rules().throne.stoppable.contains(Piece::Defender));
        let with_corners: Ruleset =
            "dim:7 cor:g7,a1,g1,a7, cen:d4 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
                .parse()
                .unwrap();
        assert!(with_corners.rules().has_corners);
    }

    #[test]
    fn bad_strings_are_refused() {
        use RulesStringError as E;
        let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        assert_eq!("name:x".parse::<Ruleset>(), Err(E::Missing("dim")));
        assert_eq!("dim:7".parse::<Ruleset>(), Err(E::Missing("start")));
        assert_eq!(
            format!("dim:7 ks:q {start}").parse::<Ruleset>(),
            Err(bad("ks", "q"))
        );
        assert_eq!(
            format!("dim:7 ber:y {start}").parse::<Ruleset>(),
            Err(unsupported("ber", "y"))
        );
        assert_eq!(
            format!("dim:7 zz:y {start}").parse::<Ruleset>(),
            Err(E::UnknownKey("zz".into()))
        );
        assert_eq!(
            format!("dim:7 dim:7 {start}").parse::<Ruleset>(),
            Err(E::Duplicate("dim".into()))
        );
        assert_eq!(
            format!("dim:7 cor:a1 {start}").parse::<Ruleset>(),
            Err(unsupported("cor", "a1"))
        );
        assert!(matches!(
            format!("dim:9 {start}").parse::<Ruleset>(),
            Err(E::Position(PositionError::Size { setup: 7, rules: 9 }))
        ));
        assert_eq!(
            format!("dim:7 esc:e kvc:y {start}").parse::<Ruleset>(),
            Err(bad("kvc", "y"))
        );
        assert!(matches!(
            "dim:7 start:/3t3/".parse::<Ruleset>(),
            Err(E::Start(_))
        ));
        assert_eq!(
            "dim:7 junk".parse::<Ruleset>(),
            Err(E::Token("junk".into()))
        );
    }
}
