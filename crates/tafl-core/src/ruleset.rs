//! [`Ruleset`]: a named tafl variant, its [`Rules`] and its start position; the presets
//! `fidchell` (the default, the game of the Breton Fidchell page), `brandubh`, `copenhagen`,
//! `tablut`, `ard_ri`.

use crate::piece::{Officer, Side};
use crate::position::{Position, PositionError};
use crate::rule_options::Jumps;
use crate::rules::{RepetitionResult, Rules};
use crate::setup::Setup;

/// A tafl variant: a name, the rules and the validated start position.
///
/// As in every game of the family, a `Ruleset` is the rules a game is played under: what
/// [`TaflGame::new`](crate::TaflGame::new) takes, what
/// [`TaflGame::ruleset`](crate::TaflGame::ruleset) gives back, and what a record's `Rules`
/// tag holds, as the OpenTafl rules string of its `Display`; its `FromStr` reads that string
/// or a preset's name (`brandubh`, `copenhagen repetition:none`).
///
/// ```
/// use tafl_core::{Ruleset, Side};
/// let r = Ruleset::default();
/// assert_eq!(r.name(), "Fidchell");
/// let start = r.start_position();
/// assert_eq!(start.side_to_move(), Side::Attackers);
/// assert_eq!(start.to_string(), "/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/ a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruleset {
    name: String,
    rules: Rules,
    start: Position,
}

/// Start of Fidchell (rules page: attackers on the edges, defenders around the king).
const FIDCHELL_START: &str = "/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/";
/// Start of Brandubh (rules page).
const BRANDUBH_START: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
/// Start of Copenhagen Hnefatafl.
const COPENHAGEN_START: &str =
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
/// Start of Tablut.
const TABLUT_START: &str = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
/// Start of Ard Ri.
const ARD_RI_START: &str = "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/";

impl Ruleset {
    /// A ruleset from its parts. The side to move of `start` is replaced by `rules.first`.
    ///
    /// Every ruleset survives its rules string (`Display` then `FromStr` gives it back), so
    /// what a rules string cannot carry is refused here.
    ///
    /// # Errors
    ///
    /// [`PositionError`] if the rules are refused or `start` is not a legal position under
    /// them; [`PositionError::VisitedCornersAtStart`] if `start` has visited corners other
    /// than the one the king stands on; [`PositionError::RulesetName`] if `name` holds `_`
    /// or whitespace other than spaces; [`PositionError::OfficersAtStart`] if
    /// [`Rules::officers`] are not the kinds of officer each side's start holds
    /// (the rules string carries them through the start only);
    /// [`PositionError::BerserkerAtStart`] if `start` has a berserker. The jumps of a kind of
    /// officer absent from the start change nothing and are set to OpenTafl's defaults, so
    /// that equal games compare equal.
    pub fn new(name: &str, rules: Rules, start: &Setup) -> Result<Ruleset, PositionError> {
        if name
            .chars()
            .any(|c| c == '_' || (c.is_whitespace() && c != ' '))
        {
            return Err(PositionError::RulesetName(name.to_string()));
        }
        if start.berserker.is_some() {
            return Err(PositionError::BerserkerAtStart);
        }
        let mut rules = rules;
        for side in Side::ALL {
            if rules.officers[side] != start.officer_kinds(side) {
                return Err(PositionError::OfficersAtStart);
            }
        }
        let has = |kind| Side::ALL.iter().any(|&s| rules.officers[s].contains(kind));
        if !has(Officer::Knight) {
            rules.jumps.knight = Jumps::OPENTAFL.knight;
        }
        if !has(Officer::Commander) {
            rules.jumps.commander = Jumps::OPENTAFL.commander;
        }
        let mut setup = *start;
        setup.side_to_move = rules.first;
        let position = Position::from_setup(&setup, &rules)?;
        // The board alone (the king's corner, if any, counts as visited) must give the same
        // start: the rules string writes the board only.
        setup.corners_visited = crate::bitboard::Bitboard::EMPTY;
        if Position::from_setup(&setup, &rules)? != position {
            return Err(PositionError::VisitedCornersAtStart);
        }
        Ok(Ruleset {
            name: name.to_string(),
            rules,
            start: position,
        })
    }

    fn preset(name: &str, rules: Rules, board: &str) -> Ruleset {
        // The presets are constants, all built by the test `presets_build`: this cannot fail
        // on any input, only through a bug in the constants of this file.
        match Setup::from_board_string(board)
            .ok()
            .and_then(|s| Ruleset::new(name, rules, &s).ok())
        {
            Some(r) => r,
            None => unreachable!("preset {name} is invalid"),
        }
    }

    /// Fidchell, the Breton Fidchell page's game and the default (rules page, "Fidchell").
    #[must_use]
    pub fn fidchell() -> Ruleset {
        Ruleset::preset("Fidchell", Rules::fidchell(), FIDCHELL_START)
    }

    /// Brandubh as in the real games (rules page, "Other presets").
    #[must_use]
    pub fn brandubh() -> Ruleset {
        Ruleset::preset("Brandubh", Rules::brandubh(), BRANDUBH_START)
    }

    /// Copenhagen Hnefatafl, 11×11.
    #[must_use]
    pub fn copenhagen() -> Ruleset {
        Ruleset::preset("Copenhagen", Rules::copenhagen(), COPENHAGEN_START)
    }

    /// Tablut, 9×9, edge escape.
    #[must_use]
    pub fn tablut() -> Ruleset {
        Ruleset::preset("Tablut", Rules::tablut(), TABLUT_START)
    }

    /// Ard Ri, 7×7.
    #[must_use]
    pub fn ard_ri() -> Ruleset {
        Ruleset::preset("Ard Ri", Rules::ard_ri(), ARD_RI_START)
    }

    /// Every preset, the default first.
    #[must_use]
    pub fn presets() -> Vec<Ruleset> {
        vec![
            Ruleset::fidchell(),
            Ruleset::brandubh(),
            Ruleset::copenhagen(),
            Ruleset::tablut(),
            Ruleset::ard_ri(),
        ]
    }

    /// The preset called `name` (`fidchell`, `brandubh`, `copenhagen`, `tablut`, `ard_ri`;
    /// case and `-`/`_`/space ignored).
    #[must_use]
    pub fn preset_named(name: &str) -> Option<Ruleset> {
        let key: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Some(match key.as_str() {
            "fidchell" => Ruleset::fidchell(),
            "brandubh" | "brandub" => Ruleset::brandubh(),
            "copenhagen" => Ruleset::copenhagen(),
            "tablut" => Ruleset::tablut(),
            "ardri" => Ruleset::ard_ri(),
            _ => return None,
        })
    }

    /// The variant's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start position (the side to move is [`Rules::first`]).
    #[must_use]
    pub fn start_position(&self) -> Position {
        self.start
    }

    /// A position of this variant from its [`Setup`].
    ///
    /// # Errors
    ///
    /// [`PositionError`] if `setup` is not legal under these rules.
    pub fn position(&self, setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, self.rules())
    }
}

/// Repetition "none": the presets with the repetition rule switched off, for records of
/// real games played without it (their players repeated positions freely).
impl Ruleset {
    /// This ruleset with repetitions ignored ([`RepetitionResult::Ignored`], rules string
    /// `tfr:i`): no position repeated any number of times ends the game. The name is kept.
    #[must_use]
    pub fn without_repetition(&self) -> Ruleset {
        let mut rules = *self.rules();
        rules.repetition.result = RepetitionResult::Ignored;
        let start = self.start.to_setup();
        match Ruleset::new(&self.name, rules, &start) {
            Ok(r) => r,
            // The repetition rule plays no part in validating a position.
            Err(_) => self.clone(),
        }
    }
}

impl Default for Ruleset {
    /// [`Ruleset::fidchell`], the Breton Fidchell page's game.
    fn default() -> Ruleset {
        Ruleset::fidchell()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;
    use crate::rules_string::RulesStringError;

    #[test]
    fn presets_build() {
        let counts: Vec<(String, u32, u32)> = Ruleset::presets()
            .iter()
            .map(|r| {
                let p = r.start_position();
                (
                    r.name().to_string(),
                    p.attackers().count(),
                    p.defenders().count(),
                )
            })
            .collect();
        assert_eq!(
            counts,
            [
                ("Fidchell".to_string(), 12, 8),
                ("Brandubh".to_string(), 8, 4),
                ("Copenhagen".to_string(), 24, 12),
                ("Tablut".to_string(), 16, 8),
                ("Ard Ri".to_string(), 16, 8),
            ]
        );
        for r in Ruleset::presets() {
            assert_eq!(r.start_position().side_to_move(), Side::Attackers);
            assert!(!r.start_position().status().is_over());
        }
        assert_eq!(Ruleset::preset_named("Ard-Ri").unwrap().name(), "Ard Ri");
        assert!(Ruleset::preset_named("chess").is_none());
    }

    #[test]
    fn what_a_rules_string_cannot_carry_is_refused_at_construction() {
        let fidchell = Ruleset::fidchell();
        let rules = *fidchell.rules();
        let mut setup = fidchell.start_position().to_setup();
        // A start with a corner already visited (the king elsewhere).
        setup.corners_visited.insert("a1".parse().unwrap());
        assert_eq!(
            Ruleset::new("Fidchell", rules, &setup),
            Err(PositionError::VisitedCornersAtStart)
        );
        // Names: '_' and tabs cannot be written; spaces can.
        let start = fidchell.start_position().to_setup();
        for bad in ["my_variant", "tab\there", "new\nline", "nbsp\u{a0}x"] {
            assert_eq!(
                Ruleset::new(bad, rules, &start),
                Err(PositionError::RulesetName(bad.to_string()))
            );
        }
        for good in ["My  variant ", "", "Ard Ri", "é:ü"] {
            let r = Ruleset::new(good, rules, &start).unwrap();
            assert_eq!(r.to_string().parse::<Ruleset>().unwrap(), r, "{good:?}");
        }
        // The king on a corner: that corner counts as visited and the board says so.
        let mut on_corner = Setup::from_board_string("/K6/7/7/7/t6/7/7/").unwrap();
        on_corner.corners_visited.insert("a1".parse().unwrap());
        let r = Ruleset::new("Corner", rules, &on_corner).unwrap();
        assert_eq!(r.to_string().parse::<Ruleset>().unwrap(), r);
    }

    #[test]
    fn repetition_none() {
        for r in Ruleset::presets() {
            let none = r.without_repetition();
            assert_eq!(none.name(), r.name());
            assert_eq!(none.rules().repetition.result, RepetitionResult::Ignored);
            assert_eq!(
                none.start_position().to_setup(),
                r.start_position().to_setup()
            );
            // Written as a rules string it reads back (`tfr:i`).
            assert_eq!(none.to_string().parse::<Ruleset>(), Ok(none.clone()));
            let text = format!("{} repetition:none", r.name().replace(' ', "_"));
            assert_eq!(text.parse::<Ruleset>(), Ok(none));
        }
        assert_eq!("brandubh".parse::<Ruleset>(), Ok(Ruleset::brandubh()));
        assert_eq!(
            "brandubh tfr:i".parse::<Ruleset>(),
            Err(RulesStringError::UnknownKey("tfr".into()))
        );
        assert_eq!(
            "brandubh repetition:none repetition:none".parse::<Ruleset>(),
            Err(RulesStringError::Duplicate("repetition".into()))
        );
        assert_eq!(
            "brandubh none".parse::<Ruleset>(),
            Err(RulesStringError::Token("none".into()))
        );
    }
}
