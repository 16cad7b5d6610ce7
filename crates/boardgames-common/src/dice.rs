//! Six-sided dice and two-dice throws.
//!
//! All three games of the family throw two ordinary six-sided dice. A [`Throw`] keeps the
//! higher die first, as trictrac writers do ("6-5", "six et cinq"); the order in which the
//! dice fell never matters to any of the rules.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The value shown by one six-sided die, `1..=6` (French: *dé*).
///
/// ```
/// use boardgames_common::Die;
/// let d = Die::new(6).unwrap();
/// assert_eq!(d.get(), 6);
/// assert_eq!(d.name(), "six");
/// assert!(Die::new(7).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "u8", try_from = "u8")
)]
pub struct Die(u8);

impl Die {
    /// Number of faces of a die.
    pub const NUM: usize = 6;
    /// The six faces, ace first.
    pub const ALL: [Die; 6] = [Die(1), Die(2), Die(3), Die(4), Die(5), Die(6)];
    /// The ace (1), French *as*.
    pub const ACE: Die = Die(1);
    /// The six.
    pub const SIX: Die = Die(6);

    /// A die showing `value`, or `None` unless `1 <= value <= 6`.
    #[must_use]
    pub const fn new(value: u8) -> Option<Die> {
        if value >= 1 && value <= 6 {
            Some(Die(value))
        } else {
            None
        }
    }

    /// The number shown, `1..=6`.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The French name of the face as trictrac players call it: `as`, `deux`, `trois`,
    /// `quatre`, `cinq`, `six` (the French glossary of the laws of trictrac).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self.0 {
            1 => "as",
            2 => "deux",
            3 => "trois",
            4 => "quatre",
            5 => "cinq",
            _ => "six",
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

impl TryFrom<u8> for Die {
    type Error = ParseDieError;
    fn try_from(v: u8) -> Result<Die, ParseDieError> {
        Die::new(v).ok_or(ParseDieError::OutOfRange(v.to_string()))
    }
}

/// Error of [`Die::from_str`] and `Die::try_from(u8)`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseDieError {
    /// The text is not a die value `1..=6`.
    #[error("invalid die {0:?}: expected a digit from 1 to 6")]
    OutOfRange(String),
}

impl FromStr for Die {
    type Err = ParseDieError;
    fn from_str(s: &str) -> Result<Die, ParseDieError> {
        let t = s.trim();
        t.parse::<u8>()
            .ok()
            .and_then(Die::new)
            .ok_or_else(|| ParseDieError::OutOfRange(s.to_string()))
    }
}

/// A throw of two dice, stored with the higher die first.
///
/// `Display` writes `"6-5"`; `FromStr` accepts `"6-5"`, `"5-6"` and `"65"` (spaces around
/// the numbers are allowed).
///
/// ```
/// use boardgames_common::Throw;
/// let t: Throw = "5-6".parse().unwrap();
/// assert_eq!(t.to_string(), "6-5");
/// assert_eq!(t.sum(), 11);
/// assert!(!t.is_doublet());
/// assert_eq!("44".parse::<Throw>().unwrap().name(), "carmes");
/// ```
///
/// `Debug` prints the throw as written: `Throw(6-5)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub struct Throw {
    high: Die,
    low: Die,
}

impl fmt::Debug for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Throw({self})")
    }
}

impl Throw {
    /// The throw made of dice `a` and `b`, in either order.
    #[must_use]
    pub const fn new(a: Die, b: Die) -> Throw {
        if a.0 >= b.0 {
            Throw { high: a, low: b }
        } else {
            Throw { high: b, low: a }
        }
    }

    /// The throw of two die values, or `None` if either is outside `1..=6`.
    ///
    /// ```
    /// use boardgames_common::Throw;
    /// assert_eq!(Throw::from_values(1, 6).unwrap().to_string(), "6-1");
    /// assert!(Throw::from_values(0, 6).is_none());
    /// ```
    #[must_use]
    pub const fn from_values(a: u8, b: u8) -> Option<Throw> {
        match (Die::new(a), Die::new(b)) {
            (Some(a), Some(b)) => Some(Throw::new(a, b)),
            _ => None,
        }
    }

    /// The higher die (either die on a doublet).
    #[must_use]
    pub const fn high(self) -> Die {
        self.high
    }

    /// The lower die (either die on a doublet).
    #[must_use]
    pub const fn low(self) -> Die {
        self.low
    }

    /// Both dice, higher first.
    #[must_use]
    pub const fn dice(self) -> [Die; 2] {
        [self.high, self.low]
    }

    /// Whether both dice show the same number (French *doublet*, *double*).
    #[must_use]
    pub const fn is_doublet(self) -> bool {
        self.high.0 == self.low.0
    }

    /// The sum of the two dice, `2..=12`.
    #[must_use]
    pub const fn sum(self) -> u8 {
        self.high.0 + self.low.0
    }

    /// The traditional French name of the throw.
    ///
    /// Doublets have their own names (the French glossary of the laws of trictrac): 1-1 `beset`,
    /// 2-2 `double deux`, 3-3 `ternes`, 4-4 `carmes`, 5-5 `quines`, 6-6 `sonnez`. Other throws
    /// name both dice, higher first: `six et as`, `cinq et quatre`.
    #[must_use]
    pub fn name(self) -> String {
        if self.is_doublet() {
            match self.high.0 {
                1 => "beset",
                2 => "double deux",
                3 => "ternes",
                4 => "carmes",
                5 => "quines",
                _ => "sonnez",
            }
            .to_string()
        } else {
            format!("{} et {}", self.high.name(), self.low.name())
        }
    }

    /// The probability of this unordered throw: 1/36 for a doublet, 2/36 otherwise.
    #[must_use]
    pub const fn probability(self) -> f64 {
        if self.is_doublet() {
            1.0 / 36.0
        } else {
            2.0 / 36.0
        }
    }

    /// The index of this throw in [`UNORDERED_THROWS`], `0..21`.
    #[must_use]
    pub const fn index(self) -> usize {
        // Throws are listed by high die, then low die: high h starts at h(h-1)/2.
        let h = self.high.0 as usize;
        let l = self.low.0 as usize;
        h * (h - 1) / 2 + (l - 1)
    }
}

const fn d(v: u8) -> Die {
    Die(v)
}

/// The 36 equally likely ordered outcomes of two dice `(first, second)`, each of probability
/// [`ORDERED_PROBABILITY`].
pub const ORDERED_OUTCOMES: [(Die, Die); 36] = {
    let mut out = [(Die(1), Die(1)); 36];
    let mut i = 0;
    while i < 36 {
        out[i] = (d(i as u8 / 6 + 1), d(i as u8 % 6 + 1));
        i += 1;
    }
    out
};

/// The probability of each ordered outcome: 1/36.
pub const ORDERED_PROBABILITY: f64 = 1.0 / 36.0;

/// The 21 distinct unordered throws, ordered by higher die then lower die
/// (`1-1, 2-1, 2-2, 3-1, …, 6-6`), so that `UNORDERED_THROWS[t.index()] == t`.
pub const UNORDERED_THROWS: [Throw; 21] = {
    let mut out = [Throw {
        high: Die(1),
        low: Die(1),
    }; 21];
    let mut i = 0;
    let mut h = 1;
    while h <= 6 {
        let mut l = 1;
        while l <= h {
            out[i] = Throw {
                high: d(h),
                low: d(l),
            };
            i += 1;
            l += 1;
        }
        h += 1;
    }
    out
};

/// The 21 unordered throws with their probabilities (1/36 for the 6 doublets, 2/36 for the
/// 15 others); the probabilities sum to 1.
pub const UNORDERED_OUTCOMES: [(Throw, f64); 21] = {
    let mut out = [(UNORDERED_THROWS[0], 0.0); 21];
    let mut i = 0;
    while i < 21 {
        out[i] = (UNORDERED_THROWS[i], UNORDERED_THROWS[i].probability());
        i += 1;
    }
    out
};

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high.0, self.low.0)
    }
}

/// Error of [`Throw::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseThrowError {
    /// The text is not of the form `6-5`, `5-6` or `65`.
    #[error("invalid throw {0:?}: expected two dice such as \"6-5\", \"5-6\" or \"65\"")]
    Syntax(String),
    /// One of the dice is not `1..=6`.
    #[error("invalid throw {text:?}: die {die:?} is not a number from 1 to 6")]
    Die {
        /// The whole text.
        text: String,
        /// The offending die.
        die: String,
    },
}

impl FromStr for Throw {
    type Err = ParseThrowError;
    fn from_str(s: &str) -> Result<Throw, ParseThrowError> {
        let t = s.trim();
        let (a, b) = if let Some((a, b)) = t.split_once('-') {
            (a.trim(), b.trim())
        } else if t.len() == 2 && t.is_char_boundary(1) {
            (&t[..1], &t[1..])
        } else {
            return Err(ParseThrowError::Syntax(s.to_string()));
        };
        if a.is_empty() || b.is_empty() || !(a.chars().chain(b.chars())).all(|c| c.is_ascii_digit())
        {
            return Err(ParseThrowError::Syntax(s.to_string()));
        }
        let die = |x: &str| {
            x.parse::<Die>().map_err(|_| ParseThrowError::Die {
                text: s.to_string(),
                die: x.to_string(),
            })
        };
        Ok(Throw::new(die(a)?, die(b)?))
    }
}

impl From<Throw> for String {
    fn from(t: Throw) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for Throw {
    type Error = ParseThrowError;
    fn try_from(s: String) -> Result<Throw, ParseThrowError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_doublets_and_simple_throws() {
        let names: Vec<String> = (1..=6)
            .map(|v| Throw::from_values(v, v).unwrap().name())
            .collect();
        assert_eq!(
            names,
            [
                "beset",
                "double deux",
                "ternes",
                "carmes",
                "quines",
                "sonnez"
            ]
        );
        assert_eq!(Throw::from_values(1, 6).unwrap().name(), "six et as");
        assert_eq!(Throw::from_values(4, 5).unwrap().name(), "cinq et quatre");
    }

    #[test]
    fn parses_both_orders_and_compact_form() {
        for text in ["6-5", "5-6", "65", "56", " 6 - 5 "] {
            let t: Throw = text.parse().unwrap();
            assert_eq!(t.high().get(), 6);
            assert_eq!(t.low().get(), 5);
            assert_eq!(t.to_string(), "6-5");
        }
        assert_eq!("3-3".parse::<Throw>().unwrap().to_string(), "3-3");
        assert!("3-3".parse::<Throw>().unwrap().is_doublet());
    }

    #[test]
    fn rejects_bad_throws_with_a_clear_message() {
        assert_eq!(
            "7-1".parse::<Throw>(),
            Err(ParseThrowError::Die {
                text: "7-1".into(),
                die: "7".into()
            })
        );
        assert!(matches!(
            "".parse::<Throw>(),
            Err(ParseThrowError::Syntax(_))
        ));
        assert!(matches!(
            "6-".parse::<Throw>(),
            Err(ParseThrowError::Syntax(_))
        ));
        assert!(matches!(
            "655".parse::<Throw>(),
            Err(ParseThrowError::Syntax(_))
        ));
        assert!(matches!(
            "a-b".parse::<Throw>(),
            Err(ParseThrowError::Syntax(_))
        ));
        assert!(matches!(
            "é".parse::<Throw>(),
            Err(ParseThrowError::Syntax(_))
        ));
        let msg = "0-3".parse::<Throw>().unwrap_err().to_string();
        assert!(msg.contains("\"0\""), "{msg}");
    }

    #[test]
    fn outcome_tables_sum_to_one() {
        let ordered: f64 = ORDERED_OUTCOMES.iter().map(|_| ORDERED_PROBABILITY).sum();
        assert!((ordered - 1.0).abs() < 1e-12);
        let unordered: f64 = UNORDERED_OUTCOMES.iter().map(|&(_, p)| p).sum();
        assert!((unordered - 1.0).abs() < 1e-12);
        assert_eq!(
            UNORDERED_OUTCOMES
                .iter()
                .filter(|(t, _)| t.is_doublet())
                .count(),
            6
        );
    }

    #[test]
    fn tables_are_complete_and_indexed() {
        let mut seen = std::collections::HashSet::new();
        for &(a, b) in &ORDERED_OUTCOMES {
            assert!(seen.insert((a, b)));
        }
        assert_eq!(seen.len(), 36);
        // Each unordered throw is hit by exactly as many ordered outcomes as its probability says.
        for (i, &(t, p)) in UNORDERED_OUTCOMES.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(UNORDERED_THROWS[i], t);
            let n = ORDERED_OUTCOMES
                .iter()
                .filter(|&&(a, b)| Throw::new(a, b) == t)
                .count();
            assert_eq!(n as f64 / 36.0, p);
        }
        assert_eq!(UNORDERED_THROWS[0].to_string(), "1-1");
        assert_eq!(UNORDERED_THROWS[20].to_string(), "6-6");
    }
}
