//! The options of a partie à écrire ([`EcrireOptions`]) and how a record's tags give them
//! ([`EcrireOptions::from_tags`]).

use boardgames_common::Record;

use crate::Primaute;
use crate::TagError;
use crate::ecrire::settlement::{EcrireRules, Remainder};

/// Options of a partie à écrire: the settlement's rules, how the first primauté is drawn,
/// and whether the colours alternate with the primauté.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct EcrireOptions {
    /// Marqués, convention and settlement options.
    pub rules: EcrireRules,
    /// The drawing of the primauté of the first marqué (as in the partie ordinaire).
    pub primaute: Primaute,
    /// Whether the colours alternate at each marqué with the primauté (the glossary:
    /// "la primauté et éventuellement la couleur des dames alternent"); default yes.
    pub alternate_colours: bool,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `EcrireOptions::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl EcrireOptions {
    /// Returns `self` with [`EcrireOptions::rules`] set to `rules`.
    #[must_use]
    pub const fn with_rules(mut self, rules: EcrireRules) -> EcrireOptions {
        self.rules = rules;
        self
    }
    /// Returns `self` with [`EcrireOptions::primaute`] set to `primaute`.
    #[must_use]
    pub const fn with_primaute(mut self, primaute: Primaute) -> EcrireOptions {
        self.primaute = primaute;
        self
    }
    /// Returns `self` with [`EcrireOptions::alternate_colours`] set to `alternate_colours`.
    #[must_use]
    pub const fn with_alternate_colours(mut self, alternate_colours: bool) -> EcrireOptions {
        self.alternate_colours = alternate_colours;
        self
    }
}

impl EcrireOptions {
    /// `rules` with the partie ordinaire's primauté and alternating colours.
    #[must_use]
    pub fn new(rules: EcrireRules) -> EcrireOptions {
        EcrireOptions {
            rules,
            primaute: Primaute::default(),
            alternate_colours: true,
        }
    }
}

fn bad_tag(tag: &'static str, value: &str, reason: impl ToString) -> TagError {
    TagError::bad(tag, value, reason)
}

impl EcrireOptions {
    /// The options a record's tags give (`Marques`, `Convention`, `JetonsDeMarque`,
    /// `Fiche`, `Remainder`, `QueueDesJetons`, `QueueGenerale`, `Refaits`, `Primaute`,
    /// `Colours`); absent tags take the defaults.
    ///
    /// # Errors
    /// [`TagError::BadTag`] for a value the laws or this crate do not know.
    pub fn from_tags(record: &Record) -> Result<EcrireOptions, TagError> {
        options_from_tags(record)
    }
}

fn options_from_tags(record: &Record) -> Result<EcrireOptions, TagError> {
    // A whole number from 0 to `max`; the refusal says so (not the integer conversion's own
    // words).
    let number = |tag: &'static str, v: &str, max: u64| -> Result<u64, TagError> {
        v.parse::<u64>()
            .ok()
            .filter(|n| *n <= max)
            .ok_or_else(|| bad_tag(tag, v, format!("expected a whole number from 0 to {max}")))
    };
    let max32 = u64::from(u32::MAX);
    let marques = match record.tag("Marques") {
        Some(v) => u32::try_from(number("Marques", v, max32)?).unwrap_or(u32::MAX),
        None => 8,
    };
    let mut rules = EcrireRules::new(marques)
        .map_err(|e| bad_tag("Marques", record.tag("Marques").unwrap_or("0"), e))?;
    if let Some(v) = record.tag("Convention") {
        rules = rules.with_convention(v.parse().map_err(|e| bad_tag("Convention", v, e))?);
    }
    if let Some(v) = record.tag("JetonsDeMarque") {
        let n = u32::try_from(number("JetonsDeMarque", v, max32)?).unwrap_or(u32::MAX);
        rules = rules
            .with_jetons_de_marque(n)
            .map_err(|e| bad_tag("JetonsDeMarque", v, e))?;
    }
    let remainder = match record.tag("Remainder") {
        Some(v) => v
            .parse::<Remainder>()
            .map_err(|e| bad_tag("Remainder", v, e))?,
        None => rules.remainder(),
    };
    let fiche = match record.tag("Fiche") {
        Some(v) => u32::try_from(number("Fiche", v, max32)?).unwrap_or(u32::MAX),
        None => rules.fiche(),
    };
    rules = rules
        .with_fiche(fiche, remainder)
        .map_err(|e| bad_tag("Fiche", record.tag("Fiche").unwrap_or(""), e))?;
    if let Some(v) = record.tag("QueueDesJetons") {
        rules = rules.with_queue_des_jetons(match v {
            "counted" => true,
            "ignored" => false,
            _ => return Err(bad_tag("QueueDesJetons", v, "expected counted or ignored")),
        });
    }
    if let Some(v) = record.tag("QueueGenerale") {
        rules = rules.with_queue_generale(number("QueueGenerale", v, u64::MAX)?);
    }
    if let Some(v) = record.tag("Refaits") {
        rules = rules.with_refait_progression(v.parse().map_err(|e| bad_tag("Refaits", v, e))?);
    }
    let mut options = EcrireOptions::new(rules);
    if let Some(v) = record.tag("Primaute") {
        options.primaute = v.parse().map_err(|_| {
            bad_tag(
                "Primaute",
                v,
                "expected one die each, first throw, White or Black",
            )
        })?;
    }
    if let Some(v) = record.tag("Colours") {
        options.alternate_colours = match v {
            "alternate" => true,
            "kept" => false,
            _ => return Err(bad_tag("Colours", v, "expected alternate or kept")),
        };
    }
    Ok(options)
}
