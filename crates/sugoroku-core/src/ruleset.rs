//! The [`Ruleset`]: the readings of "Le Tric Trac Nippon" that the rules page
//! ([`rules_page`](crate::rules_page)) leaves open.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What a phase-2 doublet does when the thrower's point holds exactly one pawn and the
/// opposite point is empty (rules page, "Phase 2 — taking", fourth case; "Le Tric Trac
/// Nippon", "Déroulement du jeu" 3, fourth dash: "si le joueur obtient un double, et que la
/// somme des deux dès correspond à une case de son camp comprenant exactement 1 pion et que
/// la case en vis à vis est vide, le joueurs prend (si possible) un pion capturé précédemment
/// et le place sur la case vide de son adversaire").
///
/// The three readings differ only on the fate of the lone pawn:
///
/// | reading | a captured pawn to give back | nothing to give back |
/// |---|---|---|
/// | `replaces` | given back, the pawn stays | the pawn stays |
/// | `removes` | given back, the pawn stays | the pawn is removed |
/// | `adds` | given back, the pawn is removed | the pawn is removed |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SingleDoublet {
    /// Default: one captured pawn goes back to the opponent's point *instead of* the removal
    /// of the thrower's lone pawn, which stays on its point. Text `replaces`.
    #[default]
    Replaces,
    /// Option: the return replaces the removal only when a pawn is given back; with no
    /// captured pawn to give back, the lone pawn is removed as by the first dash. Text
    /// `removes`.
    Removes,
    /// Option: the thrower's lone pawn is removed *and* one captured pawn goes back to the
    /// opponent's point (every dash whose condition holds applies). Text `adds`.
    Adds,
}

impl SingleDoublet {
    /// The three readings, default first.
    pub const ALL: [SingleDoublet; 3] = [
        SingleDoublet::Replaces,
        SingleDoublet::Removes,
        SingleDoublet::Adds,
    ];
    /// Number of readings.
    pub const NUM: usize = 3;

    /// The text form: `replaces`, `removes` or `adds`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SingleDoublet::Replaces => "replaces",
            SingleDoublet::Removes => "removes",
            SingleDoublet::Adds => "adds",
        }
    }
}

/// Who wins (rules page, "End and result"; "Le Tric Trac Nippon", "Déroulement du jeu" 4:
/// "Le joueur qui à capturer le plus de pions adverses remporte la partie").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Winner {
    /// Default: the player who holds more captured enemy pawns at the end (captured minus
    /// given back: the pile of pawns in front of him). Text `held`.
    #[default]
    Held,
    /// Option: the player who captured more enemy pawns over the whole game, pawns given
    /// back included (a pawn captured twice counts twice). Text `captured`.
    Captured,
}

impl Winner {
    /// Both readings, default first.
    pub const ALL: [Winner; 2] = [Winner::Held, Winner::Captured];
    /// Number of readings.
    pub const NUM: usize = 2;

    /// The text form: `held` or `captured`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Winner::Held => "held",
            Winner::Captured => "captured",
        }
    }

    /// The other reading.
    #[must_use]
    pub const fn other(self) -> Winner {
        match self {
            Winner::Held => Winner::Captured,
            Winner::Captured => Winner::Held,
        }
    }
}

/// The options of the game: the readings of "Le Tric Trac Nippon" that the rules page
/// ([`rules_page`](crate::rules_page)) leaves open. `Ruleset::default()` is the rules page's
/// reading; each option is the other reading listed there, and the repository's
/// [sugoroku.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/sugoroku.md)
/// argues each default from the French text.
///
/// As in every game of the family, a `Ruleset` is the rules a game is played under: what
/// [`SugorokuGame::new`](crate::SugorokuGame::new) takes, what
/// [`SugorokuGame::ruleset`](crate::SugorokuGame::ruleset) gives back, and what a record's `Rules`
/// tag holds, as the text of its `Display` and `FromStr`. The game starts from the empty
/// board; a hand-built start is not part of the ruleset (a record's `Setup` tag holds it).
///
/// Text form: space-separated `key=value` pairs, in this order when written:
/// - `return=replaces|removes|adds`: [`single_doublet`](Self::single_doublet);
/// - `extra=no|yes`: [`taking_doublet_extra_throw`](Self::taking_doublet_extra_throw);
/// - `winner=held|captured`: [`winner`](Self::winner);
/// - `cap=N`: [`max_throws`](Self::max_throws), `N >= 1`.
///
/// `FromStr` accepts the keys in any order, each at most once; a missing key keeps its
/// default, and the word `default` alone (or an empty text) is the default ruleset.
///
/// ```
/// use sugoroku_core::{Ruleset, SingleDoublet};
/// let r: Ruleset = "extra=yes".parse().unwrap();
/// assert!(r.taking_doublet_extra_throw);
/// assert_eq!(r.single_doublet, SingleDoublet::Replaces);
/// assert_eq!(r.to_string(), "return=replaces extra=yes winner=held cap=10000");
/// assert_eq!(r.to_string().parse::<Ruleset>().unwrap(), r);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
#[non_exhaustive]
pub struct Ruleset {
    /// The doublet on a point holding exactly one pawn in phase 2: the return of a captured
    /// pawn replaces the removal (default), replaces it only when a pawn is given back, or
    /// adds to it (rules page, "Phase 2", fourth case).
    pub single_doublet: SingleDoublet,
    /// Whether a doublet thrown in phase 2 gives another throw, as it does in phase 1.
    /// Default `false` (rules page, "Phase 2", last line: the French text only grants the extra
    /// throw while placing).
    pub taking_doublet_extra_throw: bool,
    /// Who wins: more captured pawns held at the end (default) or more captures over the
    /// game (rules page, "End and result").
    pub winner: Winner,
    /// The number of throws after which the game is stopped and scored as if it had ended
    /// (see the repository's
    /// [sugoroku.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/sugoroku.md),
    /// "Length of a game": no bound exists, because captured pawns
    /// can be put back and a position can repeat). Default [`Ruleset::DEFAULT_MAX_THROWS`].
    pub max_throws: u32,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `Ruleset::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl Ruleset {
    /// Returns `self` with [`Ruleset::single_doublet`] set to `single_doublet`.
    #[must_use]
    pub const fn with_single_doublet(mut self, single_doublet: SingleDoublet) -> Ruleset {
        self.single_doublet = single_doublet;
        self
    }
    /// Returns `self` with [`Ruleset::taking_doublet_extra_throw`] set to `taking_doublet_extra_throw`.
    #[must_use]
    pub const fn with_taking_doublet_extra_throw(
        mut self,
        taking_doublet_extra_throw: bool,
    ) -> Ruleset {
        self.taking_doublet_extra_throw = taking_doublet_extra_throw;
        self
    }
    /// Returns `self` with [`Ruleset::winner`] set to `winner`.
    #[must_use]
    pub const fn with_winner(mut self, winner: Winner) -> Ruleset {
        self.winner = winner;
        self
    }
    /// Returns `self` with [`Ruleset::max_throws`] set to `max_throws`.
    #[must_use]
    pub const fn with_max_throws(mut self, max_throws: u32) -> Ruleset {
        self.max_throws = max_throws;
        self
    }
}

impl Ruleset {
    /// The default cap on the number of throws of a game, 10 000. In the default ruleset no
    /// game of the first million of [`Seed(0)`](boardgames_common::Seed) comes near it (the
    /// longest is in the repository's
    /// [sugoroku.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/sugoroku.md)).
    pub const DEFAULT_MAX_THROWS: u32 = 10_000;

    /// The rules page's ruleset: `return=replaces extra=no winner=held cap=10000`.
    pub const DEFAULT: Ruleset = Ruleset {
        single_doublet: SingleDoublet::Replaces,
        taking_doublet_extra_throw: false,
        winner: Winner::Held,
        max_throws: Ruleset::DEFAULT_MAX_THROWS,
    };
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::DEFAULT
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "return={} extra={} winner={} cap={}",
            self.single_doublet.as_str(),
            if self.taking_doublet_extra_throw {
                "yes"
            } else {
                "no"
            },
            self.winner.as_str(),
            self.max_throws
        )
    }
}

/// Error of [`Ruleset::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseRulesetError {
    /// A word is not of the form `key=value`.
    #[error("invalid ruleset item {0:?}: expected key=value (return=, extra=, winner=, cap=)")]
    Syntax(String),
    /// An unknown key.
    #[error("unknown ruleset key {0:?}: expected return, extra, winner or cap")]
    Key(String),
    /// The same key twice.
    #[error("ruleset key {0:?} given twice")]
    Duplicate(String),
    /// A value that the key does not take.
    #[error("invalid value {value:?} for ruleset key {key}: expected {expected}")]
    Value {
        /// The key.
        key: &'static str,
        /// The value found.
        value: String,
        /// What the key takes.
        expected: &'static str,
    },
}

impl FromStr for Ruleset {
    type Err = ParseRulesetError;
    fn from_str(s: &str) -> Result<Ruleset, ParseRulesetError> {
        let mut rules = Ruleset::DEFAULT;
        let t = s.trim();
        if t.is_empty() || t == "default" {
            return Ok(rules);
        }
        let mut seen = [false; 4];
        for word in t.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ParseRulesetError::Syntax(word.to_string()))?;
            let slot = match key {
                "return" => 0,
                "extra" => 1,
                "cap" => 2,
                "winner" => 3,
                _ => return Err(ParseRulesetError::Key(key.to_string())),
            };
            if seen[slot] {
                return Err(ParseRulesetError::Duplicate(key.to_string()));
            }
            seen[slot] = true;
            match slot {
                0 => {
                    rules.single_doublet = match value {
                        "replaces" => SingleDoublet::Replaces,
                        "removes" => SingleDoublet::Removes,
                        "adds" => SingleDoublet::Adds,
                        _ => {
                            return Err(ParseRulesetError::Value {
                                key: "return",
                                value: value.to_string(),
                                expected: "replaces, removes or adds",
                            });
                        }
                    }
                }
                1 => {
                    rules.taking_doublet_extra_throw = match value {
                        "yes" => true,
                        "no" => false,
                        _ => {
                            return Err(ParseRulesetError::Value {
                                key: "extra",
                                value: value.to_string(),
                                expected: "yes or no",
                            });
                        }
                    }
                }
                3 => {
                    rules.winner = match value {
                        "held" => Winner::Held,
                        "captured" => Winner::Captured,
                        _ => {
                            return Err(ParseRulesetError::Value {
                                key: "winner",
                                value: value.to_string(),
                                expected: "held or captured",
                            });
                        }
                    }
                }
                _ => {
                    rules.max_throws = value.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                        ParseRulesetError::Value {
                            key: "cap",
                            value: value.to_string(),
                            expected: "a whole number from 1 to 4294967295",
                        }
                    })?;
                }
            }
        }
        Ok(rules)
    }
}

impl From<Ruleset> for String {
    fn from(r: Ruleset) -> String {
        r.to_string()
    }
}

impl TryFrom<String> for Ruleset {
    type Error = ParseRulesetError;
    fn try_from(s: String) -> Result<Ruleset, ParseRulesetError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_text_and_round_trip() {
        assert_eq!(
            Ruleset::default().to_string(),
            "return=replaces extra=no winner=held cap=10000"
        );
        for single_doublet in SingleDoublet::ALL {
            for extra in [false, true] {
                for winner in Winner::ALL {
                    let r = Ruleset {
                        single_doublet,
                        taking_doublet_extra_throw: extra,
                        winner,
                        max_throws: 77,
                    };
                    assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
                }
            }
        }
        assert_eq!(
            "winner=captured return=removes"
                .parse::<Ruleset>()
                .map(|r| (r.winner, r.single_doublet)),
            Ok((Winner::Captured, SingleDoublet::Removes))
        );
        assert_eq!("default".parse::<Ruleset>(), Ok(Ruleset::DEFAULT));
        assert_eq!("".parse::<Ruleset>(), Ok(Ruleset::DEFAULT));
        assert_eq!(
            "cap=5 return=adds".parse::<Ruleset>(),
            Ok(Ruleset {
                single_doublet: SingleDoublet::Adds,
                taking_doublet_extra_throw: false,
                winner: Winner::Held,
                max_throws: 5
            })
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            "extra".parse::<Ruleset>(),
            Err(ParseRulesetError::Syntax("extra".into()))
        );
        assert_eq!(
            "bonus=yes".parse::<Ruleset>(),
            Err(ParseRulesetError::Key("bonus".into()))
        );
        assert_eq!(
            "extra=yes extra=no".parse::<Ruleset>(),
            Err(ParseRulesetError::Duplicate("extra".into()))
        );
        let e = "cap=0".parse::<Ruleset>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid value \"0\" for ruleset key cap: expected a whole number from 1 to 4294967295"
        );
        assert!("return=both".parse::<Ruleset>().is_err());
        assert!("extra=1".parse::<Ruleset>().is_err());
        assert_eq!(
            "winner=most".parse::<Ruleset>().unwrap_err().to_string(),
            "invalid value \"most\" for ruleset key winner: expected held or captured"
        );
        assert!("winner=held winner=held".parse::<Ruleset>().is_err());
    }
}
