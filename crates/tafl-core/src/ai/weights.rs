//! [`EvalWeights`]: the weights of the static evaluation, a setting of the searcher
//! ([`SearchConfig::weights`](crate::ai::SearchConfig::weights)) so that two evaluations can
//! meet in self-play (the repository's tafl AI documentation gives the tuning matches
//! played with it).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The weights of the evaluation, in centisoldiers (1/100 of a soldier) unless a field says
/// otherwise; the terms follow the strategy tips of the Breton Fidchell page ("Kuzulioù
/// strategel": run the king to a corner, surround him step by step, block the roads to the
/// corners, take the escort) and the custodial capture of the rules. Every term is computed from the defenders' side and then signed for the side
/// to move; a weight of 0 switches its term off. The defaults are [`EvalWeights::DEFAULT`].
///
/// Read and written as `name=value` pairs separated by commas or spaces, starting from the
/// defaults (`"tempo=10,king_escort=8"`); [`fmt::Display`] writes every field in that form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EvalWeights {
    /// Material: an attacking soldier (default 100).
    pub attacker: i32,
    /// Material: a defending soldier, fewer and the king's escort (default 120).
    pub defender: i32,
    /// Four-corner escape: each corner the king has visited (default 220).
    pub corner_visited: i32,
    /// Four-corner escape: each corner still to visit that the king reaches in one move
    /// (default 70).
    pub road1: i32,
    /// Each goal corner the king reaches in two moves (default 30).
    pub road2: i32,
    /// Each goal corner the king reaches in three moves (default 10).
    pub road3: i32,
    /// Four-corner escape: the last corner in reach of the king with the attackers to move
    /// (one road they may still block; default 250).
    pub last_corner_threat: i32,
    /// Corner or edge escape: a goal in reach of the king with the attackers to move, one
    /// road (default 300).
    pub escape_threat: i32,
    /// Two roads to a goal with the attackers to move: they cannot block both (default
    /// 2000).
    pub double_threat: i32,
    /// Edge escape: each edge square (at most 8) the king reaches in two moves (default 8).
    pub edge_road2: i32,
    /// The king's mobility: each square he can move to (default 6).
    pub king_mobility: i32,
    /// Escape routes: each edge square the king reaches in one move, where a corner is the
    /// goal (default 0).
    pub king_edge_reach: i32,
    /// Escape forks (corner escape): each square the king reaches in one move from which he
    /// reaches a corner in one more, at most four counted (default 60: tuned by self-play
    /// on Brandubh; silent under Fidchell's four-corner rule and the edge escape).
    pub king_fork: i32,
    /// King safety: each defender standing beside the king (default 0).
    pub king_escort: i32,
    /// The cordon around a king taken on four sides: subtracted `held²` times, `held` the
    /// sides held against him (attackers, a hostile corner or empty throne, a hostile edge;
    /// default 15).
    pub cordon_strong: i32,
    /// The cordon around a king taken by two: subtracted per side held (default 60).
    pub cordon_weak: i32,
    /// The attackers can take the king with their next move (default 400).
    pub king_capture_threat: i32,
    /// Each attacker within two squares of the king (default 6).
    pub attacker_near_king: i32,
    /// Each attacker beside a corner (default 10).
    pub corner_guard: i32,
    /// The first soldier the side to move leaves hanging (the opponent can take it next
    /// move), in percent of that soldier's value (default 33).
    pub hanging_first_pct: i32,
    /// Each further soldier left hanging, in percent of its value (default 50).
    pub hanging_more_pct: i32,
    /// Each enemy soldier the side to move threatens to take (default 8).
    pub threat: i32,
    /// Edge-capture exposure: each soldier standing on an edge that is hostile to it (in
    /// Fidchell one enemy arriving beside it takes it), counted for both sides (default 0).
    pub edge_exposed: i32,
    /// The soldiers' mobility, in centisoldiers per ten squares a side can move to, the
    /// defenders' squares less the attackers' (default 5).
    pub soldier_mobility: i32,
    /// Tempo: a bonus for the side to move (default 0).
    pub tempo: i32,
    /// What a commander or knight of OpenTafl's Berserk is worth beyond a soldier of its
    /// side, per officer (default 60): it may jump (and a knight capture by jumping), cannot
    /// be jumped over, and only the attackers' officers take a strong king. No term where
    /// the rules have no officers.
    pub officer: i32,
    /// Four-corner escape (Fidchell): an attacking soldier as the attackers' own search
    /// values it, in place of [`EvalWeights::attacker`] (default 200; the defenders' search,
    /// and every search under the corner and edge escapes, keep `attacker`). Fidchell's
    /// attackers start on edges hostile to them, where one defender arriving beside a soldier
    /// takes it; an attack that spends soldiers loses, one that keeps them holds the corners
    /// still to visit and draws by the no-capture limit or traps the king. Tuned by
    /// self-play (the repository's tafl AI documentation, seventh session). Applied by
    /// [`EvalWeights::for_search`].
    pub attacker_self: i32,
    /// Corner or edge escape: a forced escape seen two moves deep, the attackers to move
    /// facing two roads to a goal or one road none of them can reach, or the defenders to
    /// move with the king one step from a square that opens two goals, the king out of
    /// reach of a capture in each case (default 15 000: more than any material lead, below
    /// the searcher's win scores; silent under Fidchell's four corners, whose last corner has
    /// its own terms, under Berserk and with a speed limit on the king). Copenhagen's
    /// attackers lost games to such escapes (the repository's tafl AI documentation, eighth
    /// session).
    pub forced_escape: i32,
    /// Corner escape, the attackers to move: each edge square (two at most) the king
    /// reaches in one move from which both corners of its edge are open, the step to a fork
    /// that one attacker move may not spoil twice (the king one step off the edge, on b8 or
    /// g2, that escaped a few moves later in Copenhagen games lost inside OpenTafl). Default
    /// 0: a term for `boardgames tafl tune` and the matches to weigh (the repository's tafl
    /// AI documentation).
    pub fork_step: i32,
    /// Corner escape where the side that repeats a position loses: the king on the line next
    /// to an edge whose line (corners aside) holds one attacker and nothing else, no other
    /// attacker able to reach it, the king free to move along his line. Each step of his
    /// along the line threatens a step onto the edge with a corner road the lone attacker
    /// must close by following him: a shuttle the follower loses by repetition. Also the
    /// same shuttle one line further in: the king on the second line from an edge with two
    /// squares of it (his own or in one move), on a corner's line or the line beside it,
    /// whose roads to the corner (or to the edge square beside it) one attacker alone closes
    /// along the line next to the edge. Default 0, as [`EvalWeights::fork_step`].
    pub shuttle: i32,
}

impl EvalWeights {
    /// The defaults (see each field): the hand-set weights, which every level searches on
    /// every board but those with tuned weights ([`EvalWeights::tuned_for`]: 11×11 and 7×7
    /// with a corner escape, [`EvalWeights::TUNED_11X11`] and [`EvalWeights::TUNED_7X7`];
    /// Fidchell's four corners, [`EvalWeights::TUNED_FIDCHELL`]).
    pub const DEFAULT: EvalWeights = EvalWeights {
        attacker: 100,
        defender: 120,
        corner_visited: 220,
        road1: 70,
        road2: 30,
        road3: 10,
        last_corner_threat: 250,
        escape_threat: 300,
        double_threat: 2000,
        edge_road2: 8,
        king_mobility: 6,
        king_edge_reach: 0,
        king_fork: 60,
        king_escort: 0,
        cordon_strong: 15,
        cordon_weak: 60,
        king_capture_threat: 400,
        attacker_near_king: 6,
        corner_guard: 10,
        hanging_first_pct: 33,
        hanging_more_pct: 50,
        threat: 8,
        edge_exposed: 0,
        soldier_mobility: 5,
        tempo: 0,
        officer: 60,
        attacker_self: 200,
        forced_escape: 15_000,
        fork_step: 0,
        shuttle: 0,
    };

    /// The weights tuned for 11×11 boards whose king escapes to a corner, Copenhagen's above
    /// all: SPSA on games (simultaneous perturbation stochastic approximation, Spall 1992),
    /// 1 500 steps of 4 pairs of games, 12 000 games of the Druid against itself at 5 000
    /// nodes a move under OpenTafl's Copenhagen rules, seed 4901 (the repository's
    /// `boardgames tafl tune --method spsa`; its tafl AI documentation gives the command and
    /// the record). Druid against Druid under those rules, these weights against
    /// [`EvalWeights::DEFAULT`] scored 99.0% at 5 000 nodes and 97.2% at 20 000 (200 games
    /// each, seeds 7001 to 7100, each side attacking in half). What moved most: a defending
    /// soldier is worth 5 instead of 120 and an attacking one 185 instead of 100, the
    /// soldiers' mobility 57 instead of 5. Where [`EvalWeights::tuned_for`] gives them, every
    /// level searches with them ([`SearchConfig::board_weights`](crate::ai::SearchConfig)).
    pub const TUNED_11X11: EvalWeights = EvalWeights {
        attacker: 185,
        defender: 5,
        corner_visited: 236,
        road1: 75,
        road2: 38,
        road3: 29,
        last_corner_threat: 223,
        escape_threat: 313,
        double_threat: 1826,
        edge_road2: 13,
        king_mobility: -1,
        king_edge_reach: -9,
        king_fork: 70,
        king_escort: -9,
        cordon_strong: 3,
        cordon_weak: 67,
        king_capture_threat: 414,
        attacker_near_king: 1,
        corner_guard: -8,
        hanging_first_pct: 37,
        hanging_more_pct: 33,
        threat: 1,
        edge_exposed: 1,
        soldier_mobility: 57,
        tempo: 16,
        officer: 60,
        attacker_self: 157,
        forced_escape: 15_000,
        fork_step: -13,
        shuttle: -9,
    };

    /// The weights tuned for 7×7 boards whose king escapes to a corner, Brandubh's above
    /// all: SPSA on games, 1 500 steps of 4 pairs of games, 12 000 games of the Druid
    /// against itself at 5 000 nodes a move under Brandubh's rules, seed 4902 (the
    /// repository's `boardgames tafl tune --method spsa`; its tafl AI documentation gives the
    /// command and the record). Druid against Druid under those rules, these weights against
    /// [`EvalWeights::DEFAULT`] scored 62.5% at 5 000 nodes (200 games, seeds 7001 to
    /// 7100, each side attacking in half), 51.5% at 20 000, and at the levels' own budgets
    /// 50.5% (Bard), 54.0% (Ovate) and 53.0% (Druid): no level weaker. What moved most: an
    /// attacking soldier is worth 133 instead of 100, the soldiers' mobility 17 instead of
    /// 5, the king's reach to the edge −10 instead of 0. Where [`EvalWeights::tuned_for`]
    /// gives them, every level searches with them.
    pub const TUNED_7X7: EvalWeights = EvalWeights {
        attacker: 133,
        defender: 107,
        corner_visited: 241,
        road1: 68,
        road2: 22,
        road3: 15,
        last_corner_threat: 229,
        escape_threat: 290,
        double_threat: 1922,
        edge_road2: 9,
        king_mobility: -3,
        king_edge_reach: -10,
        king_fork: 56,
        king_escort: -3,
        cordon_strong: 10,
        cordon_weak: 57,
        king_capture_threat: 438,
        attacker_near_king: 3,
        corner_guard: 3,
        hanging_first_pct: 37,
        hanging_more_pct: 53,
        threat: 12,
        edge_exposed: 0,
        soldier_mobility: 17,
        tempo: 7,
        officer: 60,
        attacker_self: 204,
        forced_escape: 15_000,
        fork_step: -3,
        shuttle: -12,
    };

    /// The weights tuned for Fidchell's four-corner escape on 7×7 (the seed's game): SPSA
    /// on games, 750 steps of 4 pairs of games, 6 000 games of the Druid against itself at
    /// 5 000 nodes a move under Fidchell's rules, seed 4904, thirteen weights tuned and the
    /// others left hand-set (the repository's `boardgames tafl tune --method spsa --tune
    /// ...`; its tafl AI documentation gives the command and the record). Druid against
    /// Druid under those rules, these weights against [`EvalWeights::DEFAULT`] scored 58.0%
    /// at 5 000 nodes (200 games, seeds 7001 to 7100, each side attacking in half) and
    /// 54.8% at 20 000; at the levels' own budgets 51.0% (Bard), 57.8% (Ovate) and 55.5%
    /// (Druid, 100 games): no level weaker. What moved most: an attacking
    /// soldier as the defenders' search values it ([`EvalWeights::attacker`]; Fidchell's
    /// attackers value their own at [`EvalWeights::attacker_self`]) is worth 140 instead
    /// of 100, a defending one 81 instead of 120, an attacker beside a corner 30 instead of
    /// 10: the defence takes soldiers and wins games the hand-set one let the attackers
    /// draw by the no-capture limit. Where [`EvalWeights::tuned_for`] gives them, every
    /// level searches with them.
    pub const TUNED_FIDCHELL: EvalWeights = EvalWeights {
        // The thirteen weights tuned; the others are the hand-set ones.
        attacker: 140,
        attacker_self: 197,
        defender: 81,
        corner_visited: 218,
        road1: 78,
        road2: 36,
        road3: 13,
        last_corner_threat: 277,
        corner_guard: 30,
        soldier_mobility: -2,
        king_mobility: -1,
        threat: 15,
        hanging_first_pct: 29,
        ..Self::DEFAULT
    };

    /// The largest magnitude a weight may have, the evaluation's own bound (no sum of terms
    /// can overflow; the evaluation is clamped to ±20 000, below the searcher's win scores).
    pub const MAX_WEIGHT: i32 = 20_000;

    /// The names of the fields, in the order [`fmt::Display`] writes them.
    pub const NAMES: [&'static str; 30] = [
        "attacker",
        "defender",
        "corner_visited",
        "road1",
        "road2",
        "road3",
        "last_corner_threat",
        "escape_threat",
        "double_threat",
        "edge_road2",
        "king_mobility",
        "king_edge_reach",
        "king_fork",
        "king_escort",
        "cordon_strong",
        "cordon_weak",
        "king_capture_threat",
        "attacker_near_king",
        "corner_guard",
        "hanging_first_pct",
        "hanging_more_pct",
        "threat",
        "edge_exposed",
        "soldier_mobility",
        "tempo",
        "officer",
        "attacker_self",
        "forced_escape",
        "fork_step",
        "shuttle",
    ];

    /// The weight called `name` (one of [`EvalWeights::NAMES`]).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut w = *self;
        w.field(name).map(|f| *f)
    }

    /// Sets the weight called `name` to `value`.
    ///
    /// # Errors
    ///
    /// [`WeightsError::UnknownName`] for a name not in [`EvalWeights::NAMES`],
    /// [`WeightsError::OutOfRange`] beyond ±[`EvalWeights::MAX_WEIGHT`].
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), WeightsError> {
        if value.abs() > Self::MAX_WEIGHT {
            return Err(WeightsError::OutOfRange {
                name: name.to_string(),
                value: i64::from(value),
            });
        }
        let f = self
            .field(name)
            .ok_or_else(|| WeightsError::UnknownName(name.to_string()))?;
        *f = value;
        Ok(())
    }

    fn field(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "attacker" => &mut self.attacker,
            "defender" => &mut self.defender,
            "corner_visited" => &mut self.corner_visited,
            "road1" => &mut self.road1,
            "road2" => &mut self.road2,
            "road3" => &mut self.road3,
            "last_corner_threat" => &mut self.last_corner_threat,
            "escape_threat" => &mut self.escape_threat,
            "double_threat" => &mut self.double_threat,
            "edge_road2" => &mut self.edge_road2,
            "king_mobility" => &mut self.king_mobility,
            "king_edge_reach" => &mut self.king_edge_reach,
            "king_fork" => &mut self.king_fork,
            "king_escort" => &mut self.king_escort,
            "cordon_strong" => &mut self.cordon_strong,
            "cordon_weak" => &mut self.cordon_weak,
            "king_capture_threat" => &mut self.king_capture_threat,
            "attacker_near_king" => &mut self.attacker_near_king,
            "corner_guard" => &mut self.corner_guard,
            "hanging_first_pct" => &mut self.hanging_first_pct,
            "hanging_more_pct" => &mut self.hanging_more_pct,
            "threat" => &mut self.threat,
            "edge_exposed" => &mut self.edge_exposed,
            "soldier_mobility" => &mut self.soldier_mobility,
            "tempo" => &mut self.tempo,
            "officer" => &mut self.officer,
            "attacker_self" => &mut self.attacker_self,
            "forced_escape" => &mut self.forced_escape,
            "fork_step" => &mut self.fork_step,
            "shuttle" => &mut self.shuttle,
            _ => return None,
        })
    }
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

impl fmt::Display for EvalWeights {
    /// Every weight as `name=value`, separated by commas, in the order of
    /// [`EvalWeights::NAMES`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in Self::NAMES.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}={}", self.get(name).unwrap_or(0))?;
        }
        Ok(())
    }
}

/// Error of reading or setting [`EvalWeights`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// The name is none of [`EvalWeights::NAMES`].
    #[error("unknown evaluation weight {0:?} (the weights are listed in EvalWeights::NAMES)")]
    UnknownName(String),
    /// A pair is not `name=value` with an integer value.
    #[error("evaluation weight {0:?} is not name=value with an integer value")]
    Malformed(String),
    /// The value is beyond ±[`EvalWeights::MAX_WEIGHT`].
    #[error("evaluation weight {name}={value} is beyond ±20000")]
    OutOfRange {
        /// The weight's name.
        name: String,
        /// The value given.
        value: i64,
    },
}

impl FromStr for EvalWeights {
    type Err = WeightsError;

    /// Reads `name=value` pairs separated by commas or white space, each replacing that
    /// default; the empty string (or `default`) gives the defaults. A set's name among them
    /// sets every weight to that set's, and the pairs after it replace single ones:
    /// `hand-set` ([`EvalWeights::DEFAULT`]), `tuned-11x11` ([`EvalWeights::TUNED_11X11`]),
    /// `tuned-7x7` ([`EvalWeights::TUNED_7X7`]) or `tuned-fidchell`
    /// ([`EvalWeights::TUNED_FIDCHELL`]), as in `"tuned-11x11,shuttle=300"`.
    fn from_str(s: &str) -> Result<EvalWeights, WeightsError> {
        let mut w = EvalWeights::DEFAULT;
        for pair in s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
        {
            match pair {
                "default" => continue,
                "hand-set" => {
                    w = EvalWeights::DEFAULT;
                    continue;
                }
                "tuned-11x11" => {
                    w = EvalWeights::TUNED_11X11;
                    continue;
                }
                "tuned-7x7" => {
                    w = EvalWeights::TUNED_7X7;
                    continue;
                }
                "tuned-fidchell" => {
                    w = EvalWeights::TUNED_FIDCHELL;
                    continue;
                }
                _ => {}
            }
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| WeightsError::Malformed(pair.to_string()))?;
            let value: i64 = value
                .trim()
                .parse()
                .map_err(|_| WeightsError::Malformed(pair.to_string()))?;
            let name = name.trim();
            let value = i32::try_from(value)
                .ok()
                .filter(|v| v.abs() <= EvalWeights::MAX_WEIGHT)
                .ok_or_else(|| WeightsError::OutOfRange {
                    name: name.to_string(),
                    value,
                })?;
            w.set(name, value)?;
        }
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_start_the_pairs_after_them() {
        let tuned: EvalWeights = "tuned-11x11".parse().unwrap();
        assert_eq!(tuned, EvalWeights::TUNED_11X11);
        assert_eq!(tuned.defender, 5);
        let changed: EvalWeights = "tuned-11x11, shuttle=300".parse().unwrap();
        assert_eq!(
            changed,
            EvalWeights {
                shuttle: 300,
                ..EvalWeights::TUNED_11X11
            }
        );
        let seven: EvalWeights = "tuned-7x7,tempo=0".parse().unwrap();
        assert_eq!(
            seven,
            EvalWeights {
                tempo: 0,
                ..EvalWeights::TUNED_7X7
            }
        );
        assert_eq!(seven.attacker, 133);
        let fidchell: EvalWeights = "tuned-fidchell".parse().unwrap();
        assert_eq!(fidchell, EvalWeights::TUNED_FIDCHELL);
        assert_eq!((fidchell.attacker, fidchell.defender), (140, 81));
        // A name after a pair sets every weight again.
        let back: EvalWeights = "shuttle=300,hand-set".parse().unwrap();
        assert_eq!(back, EvalWeights::DEFAULT);
        assert!(matches!(
            "tuned-9x9".parse::<EvalWeights>(),
            Err(WeightsError::Malformed(p)) if p == "tuned-9x9"
        ));
    }

    #[test]
    fn the_tuned_weights_are_for_eleven_and_seven_square_boards_with_corner_escapes_and_fidchell() {
        use crate::{Escape, Ruleset};
        // Our preset and OpenTafl's rules string (its repetition rule, `tfr:w`).
        let opentafl: Ruleset = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
            start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
            .parse()
            .unwrap();
        for copenhagen in [Ruleset::copenhagen(), opentafl] {
            assert_eq!(
                EvalWeights::tuned_for(copenhagen.rules()),
                Some(EvalWeights::TUNED_11X11)
            );
        }
        // Brandubh's preset and OpenTafl's string for it; Ard Ri is Brandubh's board too.
        let brandubh: Ruleset = "dim:7 name:Brandubh atkf:y tfr:w ks:c \
            start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
            .parse()
            .unwrap();
        for seven in [Ruleset::brandubh(), brandubh, Ruleset::ard_ri()] {
            assert_eq!(
                EvalWeights::tuned_for(seven.rules()),
                Some(EvalWeights::TUNED_7X7),
                "{}",
                seven.name()
            );
        }
        // Fidchell's preset, and its four corners on 7×7 from a rules string (`kvc:y`).
        let four: Ruleset = "dim:7 name:Four surf:n atkf:y cenh: cenhe:tK kvc:y edgeh:tT \
            ncl:200 start:/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/"
            .parse()
            .unwrap();
        for fidchell in [Ruleset::fidchell(), four] {
            assert_eq!(fidchell.rules().escape, Escape::FourCorners);
            assert_eq!(
                EvalWeights::tuned_for(fidchell.rules()),
                Some(EvalWeights::TUNED_FIDCHELL)
            );
        }
        assert_eq!(EvalWeights::tuned_for(Ruleset::tablut().rules()), None);
        // The four corners on 11×11 keep the hand-set weights.
        let mut eleven = *Ruleset::copenhagen().rules();
        eleven.escape = Escape::FourCorners;
        assert_eq!(EvalWeights::tuned_for(&eleven), None);
        // An edge escape on 11×11 and on 7×7 keeps the hand-set weights.
        for size in [7, 11] {
            let mut edge = *Ruleset::copenhagen().rules();
            edge.size = size;
            edge.escape = Escape::Edge;
            assert_eq!(EvalWeights::tuned_for(&edge), None, "{size}");
        }
        // Every tuned weight within the bound, the two left out of the tuning as they were.
        for t in [
            EvalWeights::TUNED_11X11,
            EvalWeights::TUNED_7X7,
            EvalWeights::TUNED_FIDCHELL,
        ] {
            for name in EvalWeights::NAMES {
                assert!(
                    t.get(name).unwrap().abs() <= EvalWeights::MAX_WEIGHT,
                    "{name}"
                );
            }
            assert_eq!(
                (t.forced_escape, t.officer),
                (
                    EvalWeights::DEFAULT.forced_escape,
                    EvalWeights::DEFAULT.officer
                )
            );
        }
    }

    #[test]
    fn display_round_trips_and_names_are_complete() {
        let mut w = EvalWeights::DEFAULT;
        for (i, name) in EvalWeights::NAMES.iter().enumerate() {
            w.set(name, i as i32 + 1).unwrap();
        }
        // Every name reaches its own field: all values distinct.
        let text = w.to_string();
        assert_eq!(text.parse::<EvalWeights>(), Ok(w));
        for (i, name) in EvalWeights::NAMES.iter().enumerate() {
            assert_eq!(w.get(name), Some(i as i32 + 1), "{name}");
        }
        assert_eq!("".parse::<EvalWeights>(), Ok(EvalWeights::DEFAULT));
        assert_eq!("default".parse::<EvalWeights>(), Ok(EvalWeights::DEFAULT));
    }

    #[test]
    fn pairs_replace_the_defaults() {
        let w: EvalWeights = "tempo=12, king_escort=-4".parse().unwrap();
        assert_eq!(w.tempo, 12);
        assert_eq!(w.king_escort, -4);
        assert_eq!(w.attacker, 100);
    }

    #[test]
    fn bad_input_is_refused_with_the_pair() {
        assert_eq!(
            "tempo".parse::<EvalWeights>(),
            Err(WeightsError::Malformed("tempo".into()))
        );
        assert_eq!(
            "tempo=x".parse::<EvalWeights>(),
            Err(WeightsError::Malformed("tempo=x".into()))
        );
        assert_eq!(
            "speed=3".parse::<EvalWeights>(),
            Err(WeightsError::UnknownName("speed".into()))
        );
        assert!(matches!(
            "tempo=99999999999".parse::<EvalWeights>(),
            Err(WeightsError::OutOfRange { .. })
        ));
        assert!(matches!(
            "tempo=20001".parse::<EvalWeights>(),
            Err(WeightsError::OutOfRange { .. })
        ));
    }
}
