//! [`Level`]: the Breton Fidchell page's three levels of play, Barzh (Bard), Ovate and Drouiz
//! (Druid), each a
//! documented [`SearchConfig`]; and the search limits.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::ai::weights::EvalWeights;

/// The deepest ply searched (quiescence included): a hard limit of every search, whatever
/// its [`SearchLimits`].
pub const MAX_PLY: usize = 64;

/// When a search stops: at the first limit reached, checked at every node (the first
/// iteration and the quiescence search included), so a search never visits more than a few
/// nodes beyond its budget. It plays the result of the last completed depth or, when even
/// depth 1 could not complete (a crowded board and a small budget), the best of the root
/// moves searched to the end, or else the first move of its ordering: it always has a move.
///
/// Node limits are deterministic: the same position, history, configuration and seed give
/// the same move on every machine. A time limit is not (it reads the clock), and is meant
/// for interactive play only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchLimits {
    /// The deepest iteration, in plies (1..=60).
    pub max_depth: u8,
    /// The most nodes (positions visited, quiescence included) per search.
    pub nodes: Option<u64>,
    /// The most time per search.
    pub time: Option<Duration>,
}

impl SearchLimits {
    /// A node limit alone (and the depth cap of 60 plies).
    #[must_use]
    pub const fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            max_depth: 60,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// A depth limit alone.
    #[must_use]
    pub const fn depth(max_depth: u8) -> SearchLimits {
        SearchLimits {
            max_depth,
            nodes: None,
            time: None,
        }
    }
}

/// A full configuration of the searcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchConfig {
    /// When to stop.
    pub limits: SearchLimits,
    /// The weaker levels play a move drawn uniformly (seeded ChaCha8) among the moves whose
    /// score is within this many centisoldiers (1/100 of a soldier) of the best; 0 plays
    /// the best move (the first found among equals). A winning move is never passed over.
    pub random_margin: i32,
    /// The transposition table holds `2^tt_bits` entries of 24 bytes (clamped to 10..=26).
    pub tt_bits: u8,
    /// The weights of the static evaluation ([`EvalWeights::DEFAULT`], the hand-set ones, at
    /// every level), unless `board_weights` replaces them.
    pub weights: EvalWeights,
    /// Whether a board that has weights tuned for it ([`EvalWeights::tuned_for`]: 11×11 and
    /// 7×7 with a corner escape, Fidchell's 7×7 with four corners) is searched with those
    /// instead of `weights`. True at every level; set it to false with weights of one's own
    /// (or to compare the hand-set ones there).
    pub board_weights: bool,
}

impl SearchConfig {
    /// The same configuration searching with `weights` on every board (`board_weights`
    /// false).
    #[must_use]
    pub const fn with_weights(mut self, weights: EvalWeights) -> SearchConfig {
        self.weights = weights;
        self.board_weights = false;
        self
    }
}

/// The Breton Fidchell page's three levels ("Tri live diaezamant zo : Barzh, Ovate ha Drouiz"),
/// weakest first. Each is a [`SearchConfig`] with a node budget, so games between levels are
/// reproducible from their seeds:
///
/// | level | Breton | nodes per move | depth cap | random margin |
/// |---|---|---|---|---|
/// | [`Level::Bard`] | Barzh | 250 | 2 | 60 (0.6 soldier) |
/// | [`Level::Ovate`] | Ovate | 10 000 | 60 | 15 |
/// | [`Level::Druid`] | Drouiz | 400 000 | 60 | 3 |
///
/// Each budget is forty times the one below. Druid's was set as the most a move could take
/// in about a second on one core when a release build searched about 560 000 nodes per
/// second of CPU on 7×7; it now searches about 2 million on 7×7 and 1.6 million on 11×11,
/// so a Druid move takes about 0.2 s of CPU on 7×7 and 0.25 s on 11×11. Its small margin only
/// breaks near-ties, so that games between Druids from different seeds differ. The repository's
/// [tafl-ai.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/tafl-ai.md) gives the
/// speeds and the self-play results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// Barzh, the Bard: in practice one ply and its captures (the budget runs out before
    /// depth 2), often playing a merely good move.
    Bard,
    /// The Ovate: two or three plies more than the Bard, a little randomness.
    Ovate,
    /// Drouiz, the Druid: the full search, ties broken at random.
    Druid,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Bard, Level::Ovate, Level::Druid];
    /// Number of levels.
    pub const NUM: usize = 3;

    /// The level's configuration (see the table at [`Level`]).
    #[must_use]
    pub const fn config(self) -> SearchConfig {
        match self {
            Level::Bard => SearchConfig {
                limits: SearchLimits {
                    max_depth: 2,
                    nodes: Some(250),
                    time: None,
                },
                random_margin: 60,
                tt_bits: 12,
                weights: EvalWeights::DEFAULT,
                board_weights: true,
            },
            Level::Ovate => SearchConfig {
                limits: SearchLimits {
                    max_depth: 60,
                    nodes: Some(10_000),
                    time: None,
                },
                random_margin: 15,
                tt_bits: 16,
                weights: EvalWeights::DEFAULT,
                board_weights: true,
            },
            Level::Druid => SearchConfig {
                limits: SearchLimits {
                    max_depth: 60,
                    nodes: Some(400_000),
                    time: None,
                },
                random_margin: 3,
                tt_bits: 20,
                weights: EvalWeights::DEFAULT,
                board_weights: true,
            },
        }
    }

    /// The English name: `Bard`, `Ovate`, `Druid`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Bard => "Bard",
            Level::Ovate => "Ovate",
            Level::Druid => "Druid",
        }
    }

    /// The Breton Fidchell page's name: `Barzh`, `Ovate`, `Drouiz`.
    #[must_use]
    pub const fn breton_name(self) -> &'static str {
        match self {
            Level::Bard => "Barzh",
            Level::Ovate => "Ovate",
            Level::Druid => "Drouiz",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`Level::from_str`]: the name is none of the levels.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown level {0:?}: use bard (barzh), ovate or druid (drouiz)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads `bard`/`barzh`, `ovate`, `druid`/`drouiz`, in any case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bard" | "barzh" => Ok(Level::Bard),
            "ovate" => Ok(Level::Ovate),
            "druid" | "drouiz" => Ok(Level::Druid),
            _ => Err(ParseLevelError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn every_level_searches_a_board_with_its_tuned_weights_unless_told_otherwise() {
        let copenhagen = Ruleset::copenhagen();
        for level in Level::ALL {
            let own = level.config();
            assert!(own.board_weights, "{level}");
            assert_eq!(own.weights, EvalWeights::DEFAULT);
            assert_eq!(
                own.weights_for(copenhagen.rules()),
                EvalWeights::TUNED_11X11
            );
            assert_eq!(
                own.weights_for(Ruleset::brandubh().rules()),
                EvalWeights::TUNED_7X7
            );
            assert_eq!(
                own.weights_for(Ruleset::fidchell().rules()),
                EvalWeights::TUNED_FIDCHELL
            );
            assert_eq!(
                own.weights_for(Ruleset::tablut().rules()),
                EvalWeights::DEFAULT
            );
            // Weights given are searched on every board, the hand-set ones on 11×11 too.
            let hand_set = own.with_weights(EvalWeights::DEFAULT);
            assert!(!hand_set.board_weights);
            assert_eq!(
                hand_set.weights_for(copenhagen.rules()),
                EvalWeights::DEFAULT
            );
            let mine = EvalWeights {
                tempo: 7,
                ..EvalWeights::DEFAULT
            };
            assert_eq!(own.with_weights(mine).weights_for(copenhagen.rules()), mine);
            assert_eq!(own.with_weights(mine).limits, own.limits);
        }
    }

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.breton_name().parse::<Level>(), Ok(l));
        }
        assert!("sage".parse::<Level>().is_err());
    }

    #[test]
    fn budgets_grow_with_the_level() {
        let n = |l: Level| l.config().limits.nodes.unwrap_or(u64::MAX);
        assert!(n(Level::Bard) < n(Level::Ovate) && n(Level::Ovate) < n(Level::Druid));
        assert!(Level::Bard.config().random_margin > Level::Druid.config().random_margin);
    }
}
