//! Reading a ruleset: `FromStr` (a preset's name with its options, or a strict rules
//! string) and [`Ruleset::from_opentafl`] (a rules string as OpenTafl reads it).

use std::collections::BTreeMap;
use std::str::FromStr;

use crate::bitboard::{Bitboard, geometry};
use crate::piece::{BySide, Piece, PieceSet, Side};
use crate::rule_options::{BerserkMode, Forts, Jump, SpeedLimits};
use crate::rules::{Escape, KingArmed, KingStrength, RepetitionResult, Rules};
use crate::ruleset::Ruleset;
use crate::setup::{ParseSetupError, Setup};
use crate::square::{MAX_SIZE, MIN_SIZE, Square};

use super::{RulesStringError, bad, default_set, unsupported, yes_no};

impl FromStr for Ruleset {
    type Err = RulesStringError;

    /// Reads a ruleset: a preset's name followed by its options, as a record's `Rules` tag
    /// or a command line may give it (`fidchell`, `brandubh`, `copenhagen`, `tablut`,
    /// `ard_ri`; case and `-`/`_` ignored; the one option `repetition:none`,
    /// [`Ruleset::without_repetition`]), or an OpenTafl rules string (what `Display`
    /// writes), refusing keys neither OpenTafl nor this crate knows and keys given twice.
    /// A text whose first word is not a preset's name is read as a rules string when it
    /// holds a `:`.
    ///
    /// ```
    /// use tafl_core::{RepetitionResult, Ruleset, RulesStringError};
    /// let r: Ruleset = "copenhagen repetition:none".parse().unwrap();
    /// assert_eq!(r.rules().repetition.result, RepetitionResult::Ignored);
    /// // Display writes the rules string, which reads back.
    /// assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
    /// assert_eq!("Brandubh".parse::<Ruleset>(), Ok(Ruleset::brandubh()));
    /// assert!(matches!(
    ///     "copenhagen repetition:twice".parse::<Ruleset>(),
    ///     Err(RulesStringError::BadValue { .. })
    /// ));
    /// assert!(matches!("chess".parse::<Ruleset>(), Err(RulesStringError::Unknown(_))));
    /// ```
    ///
    /// # Errors
    ///
    /// [`RulesStringError::Unknown`] for a text that is neither a preset's name nor a rules
    /// string (its message lists the presets); after a preset's name,
    /// [`RulesStringError::UnknownKey`] for an option other than `repetition`,
    /// [`RulesStringError::BadValue`] for a value other than `none`,
    /// [`RulesStringError::Duplicate`] for an option given twice,
    /// [`RulesStringError::Token`] for a word without `:`; for a rules string, the
    /// [`RulesStringError`] of what is wrong in it.
    fn from_str(s: &str) -> Result<Ruleset, RulesStringError> {
        if let Some(preset) = preset_with_options(s) {
            return preset;
        }
        if !s.contains(':') {
            return Err(RulesStringError::Unknown(s.to_string()));
        }
        parse(s, true)
    }
}

impl Ruleset {
    /// Reads a rules string as OpenTafl does: keys it does not know are ignored, a key
    /// given twice keeps its last value, a token without `:` is a key with an empty value.
    /// The hostility lists of the special squares (`corh`, `cenh`, `cenhe`, `aforh`) are
    /// read as OpenTafl's referee applies them: a square is hostile to a side's pieces, the
    /// king included, exactly when the list holds that side's soldier letter (`t` for the
    /// attackers, `T` for the defenders); the other letters (`K`, `c`, `N`, …) change
    /// nothing, so Foteviken Tablut's `cenhe:K aforh:K` make the empty throne and the forts
    /// hostile to no one. Otherwise as [`Ruleset::from_str`], which reads every letter of a
    /// list as the piece it names (this crate's own rules, such as Fidchell's throne
    /// hostile to the attackers and the king but not to the defending soldiers, need that).
    ///
    /// ```
    /// use tafl_core::Ruleset;
    /// let r = Ruleset::from_opentafl(
    ///     "dim:7 name:Brandub future:1 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    /// )
    /// .unwrap();
    /// assert_eq!(r.name(), "Brandub");
    /// ```
    ///
    /// # Errors
    ///
    /// [`RulesStringError`] for a missing `dim` or start position, a bad or unsupported
    /// value, or rules and start refused by [`Ruleset::new`].
    pub fn from_opentafl(s: &str) -> Result<Ruleset, RulesStringError> {
        parse(s, false)
    }

    /// A preset's name followed by options (`copenhagen repetition:none`), or `None` when
    /// the first word is not a preset's name.
    ///
    /// # Errors
    ///
    /// Inside the `Some`: as [`Ruleset::from_str`] for a preset's options.
    #[deprecated(
        note = "use `str::parse::<Ruleset>()`, which reads a preset's name with its options or an OpenTafl rules string"
    )]
    #[must_use]
    pub fn preset_with_options(text: &str) -> Option<Result<Ruleset, RulesStringError>> {
        preset_with_options(text)
    }
}

/// A preset's name followed by options, as a record's `Rules` tag may give it:
/// `copenhagen`, `copenhagen repetition:none`. The only option is `repetition:none`
/// ([`Ruleset::without_repetition`]). `None` when the first word is not a preset's name
/// (the text may then be a rules string).
fn preset_with_options(text: &str) -> Option<Result<Ruleset, RulesStringError>> {
    let mut words = text.split_whitespace();
    let mut ruleset = Ruleset::preset_named(words.next()?)?;
    let mut seen = false;
    for word in words {
        let result = match word.split_once(':') {
            Some(("repetition", _)) if seen => {
                Err(RulesStringError::Duplicate("repetition".to_string()))
            }
            Some(("repetition", "none")) => {
                seen = true;
                ruleset = ruleset.without_repetition();
                Ok(())
            }
            Some(("repetition", value)) => Err(RulesStringError::BadValue {
                key: "repetition".to_string(),
                value: value.to_string(),
            }),
            Some((key, _)) => Err(RulesStringError::UnknownKey(key.to_string())),
            None => Err(RulesStringError::Token(word.to_string())),
        };
        if let Err(e) = result {
            return Some(Err(e));
        }
    }
    Some(Ok(ruleset))
}

/// The start position of `start:` (rank 1 first) or `starti:` (the ranks reversed).
fn start_setup(
    map: &mut BTreeMap<&str, &str>,
) -> Result<Result<Setup, ParseSetupError>, RulesStringError> {
    if let Some(start) = map.remove("start") {
        map.remove("starti");
        return Ok(Setup::from_board_string(start));
    }
    let inverted = map
        .remove("starti")
        .ok_or(RulesStringError::Missing("start"))?;
    let inner = inverted.trim_start_matches('/').trim_end_matches('/');
    let ranks: Vec<&str> = inner.split('/').rev().collect();
    Ok(Setup::from_board_string(&format!("/{}/", ranks.join("/"))))
}

/// Reads a rules string; `strict` refuses unknown keys, keys given twice and tokens without
/// `:`.
fn parse(s: &str, strict: bool) -> Result<Ruleset, RulesStringError> {
    let mut map: BTreeMap<&str, &str> = BTreeMap::new();
    for (i, token) in s.split_whitespace().enumerate() {
        if i == 0 && token == "rules" {
            continue; // the OpenTafl engine protocol's command word
        }
        let (k, v) = match token.split_once(':') {
            Some(kv) => kv,
            None if !strict => (token, ""),
            None => return Err(RulesStringError::Token(token.to_string())),
        };
        if map.insert(k, v).is_some() && strict {
            return Err(RulesStringError::Duplicate(k.to_string()));
        }
    }
    let dim = map.remove("dim").ok_or(RulesStringError::Missing("dim"))?;
    let start = start_setup(&mut map)?;
    let mut r = Rules::fidchell();
    // OpenTafl defaults first.
    r.size = dim
        .parse()
        .ok()
        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        .ok_or_else(|| RulesStringError::Size(dim.chars().take(20).collect()))?;
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
    r.shieldwall_flanking = true;
    r.shieldwall_corners = true;
    r.linnaean = false;
    r.forts = Forts::NONE;
    r.speeds = SpeedLimits::NONE;
    let mut name = String::from("Unknown Tafl");
    let mut four_corners = false;
    let mut middleweight = false;
    let mut throne_reentry = PieceSet::ALL;
    let mut corner_reentry = None;
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
                    // As OpenTafl referees them: under `w` the side that makes the
                    // repetition loses (the side to move after it wins), `l` the reverse.
                    "w" => RepetitionResult::RepeaterLoses,
                    "l" => RepetitionResult::RepeaterWins,
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
                    "m" => {
                        middleweight = true;
                        KingStrength::Strong
                    }
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
                (r.shieldwall, r.shieldwall_corners) = match v {
                    "n" => (false, true),
                    "s" => (true, true),
                    "w" => (true, false),
                    _ => return Err(bad(key, v)),
                }
            }
            "swf" => r.shieldwall_flanking = yes_no(key, v)?,
            "linc" => r.linnaean = yes_no(key, v)?,
            "spd" => r.speeds = speed_limits(v)?,
            "afor" => {
                r.forts.squares = square_list(v).ok_or_else(|| bad(key, v))?;
            }
            "aforp" | "afors" | "aforh" | "aforre" | "cenre" => {
                let set = PieceSet::from_letters(v).map_err(|_| bad(key, v))?;
                match key {
                    "aforp" => r.forts.passable = set,
                    "afors" => r.forts.stoppable = set,
                    "aforh" => r.forts.hostile = set,
                    "aforre" => r.forts.reenter = set,
                    _ => throne_reentry = set,
                }
            }
            "efe" => r.edge_fort = yes_no(key, v)?,
            "kvc" => four_corners = yes_no(key, v)?,
            "tfn" => r.repetition.count = v.parse().map_err(|_| bad(key, v))?,
            "ncl" => r.no_capture_limit = Some(v.parse().map_err(|_| bad(key, v))?),
            "nml" => r.no_move_loses = yes_no(key, v)?,
            "kj" | "nj" | "cj" => {
                let jump = Jump::from_letter(v).ok_or_else(|| bad(key, v))?;
                match key {
                    "kj" => r.jumps.king = jump,
                    "nj" => r.jumps.knight = jump,
                    _ => r.jumps.commander = jump,
                }
            }
            "ber" => {
                r.berserk = match v {
                    "n" => BerserkMode::None,
                    "c" => BerserkMode::Capture,
                    "m" => BerserkMode::AnyMove,
                    _ => return Err(bad(key, v)),
                }
            }
            "dfor" if !v.is_empty() => return Err(unsupported(key, v)),
            "corre" => {
                corner_reentry = Some((PieceSet::from_letters(v).map_err(|_| bad(key, v))?, v));
            }
            // Jumps of mercenaries and guards, and defender forts: absent pieces and squares.
            "dfor" | "mj" | "gj" | "dforp" | "dfors" | "dforh" | "dforre" => {}
            _ if !strict => {}
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
    // A piece that may not re-enter the corners could still reach one from another corner
    // along an edge, which `Rules` cannot say; without corners, or for pieces that may not
    // stop on a corner anyway, the key changes nothing. OpenTafl itself writes `corre:`
    // (empty) into the rules it sends whenever the string it loaded had `cenre:`
    // (Foteviken Tablut, which has no corners).
    if let Some((set, v)) = corner_reentry
        && r.has_corners
        && r.corner.stoppable.intersection(set) != r.corner.stoppable
    {
        return Err(unsupported("corre", v));
    }
    if middleweight {
        r.edge_hostile = r.edge_hostile.union(PieceSet::KING);
    }
    // Only the king ever starts on the throne, and never passes over it from there: a
    // piece that may not re-enter the throne may neither pass over nor stop on it.
    r.throne.passable = r.throne.passable.intersection(throne_reentry);
    r.throne.stoppable = r.throne.stoppable.intersection(throne_reentry);
    if !strict {
        r.corner.hostile = as_opentafl_hostility(r.corner.hostile);
        r.throne.hostile_occupied = as_opentafl_hostility(r.throne.hostile_occupied);
        r.throne.hostile_empty = as_opentafl_hostility(r.throne.hostile_empty);
        r.forts.hostile = as_opentafl_hostility(r.forts.hostile);
    }
    let setup = start?;
    // A side's kinds of officer are those its start holds (OpenTafl's sides know whether they
    // have commanders and whether they have knights from their start).
    for side in Side::ALL {
        r.officers[side] = setup.officer_kinds(side);
    }
    Ok(Ruleset::new(&name, r, &setup)?)
}

/// A hostility list as OpenTafl's referee applies it: to a side's pieces (the king with the
/// defenders) when it holds that side's soldier.
fn as_opentafl_hostility(set: PieceSet) -> PieceSet {
    let mut out = PieceSet::NONE;
    if set.contains(Piece::Attacker) {
        out = out.union(PieceSet::ATTACKERS);
    }
    if set.contains(Piece::Defender) {
        out = out.union(PieceSet::DEFENDERS).union(PieceSet::KING);
    }
    out
}

/// The speed limits of `spd`: one number for every piece, or one per kind of piece in
/// OpenTafl's order (12: `tcnkmgTCNKMG`; 10: `tcnkmTCNKM`; 8: `tcnkTCNK`), `-1` for no
/// limit, a trailing comma allowed; the commanders and knights of each side get their own
/// (the king's `k` of the attackers, mercenaries `m M` and guards `g G` are read and
/// ignored: no such pieces exist here). The two-number form (attackers, defenders) is refused
/// as unsupported: the notation specification gives it a meaning OpenTafl's code does not
/// apply (it sets no limit).
fn speed_limits(v: &str) -> Result<SpeedLimits, RulesStringError> {
    let list = v.strip_suffix(',').unwrap_or(v);
    let mut values = Vec::new();
    for item in list.split(',') {
        let n: i32 = item.trim().parse().map_err(|_| bad("spd", v))?;
        let limit = match n {
            -1 => 0,
            1..=255 => n as u8,
            _ => return Err(bad("spd", v)),
        };
        values.push(limit);
    }
    // The indices of `t T K c C n N` in each form.
    let at: [usize; 7] = match values.len() {
        1 => [0; 7],
        12 => [0, 6, 9, 1, 7, 2, 8],
        10 => [0, 5, 8, 1, 6, 2, 7],
        8 => [0, 4, 7, 1, 5, 2, 6],
        2 => return Err(unsupported("spd", v)),
        _ => return Err(bad("spd", v)),
    };
    let [t, d, k, c, cc, n, nn] = at.map(|i| values[i]);
    Ok(SpeedLimits {
        attacker: t,
        defender: d,
        king: k,
        commanders: BySide::new(c, cc),
        knights: BySide::new(n, nn),
    })
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
