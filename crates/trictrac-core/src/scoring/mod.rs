//! Scoring every jan of a throw (rules page, "Scoring: the jans (tariff)"; glossary
//! BATTRE, CONSERVER, JANS DE DÉPART, REMPLIR, SORTIE, IMPUISSANCE).
//!
//! One file per concept: `kind` (the jans and the tariff: [`JanKind`], [`Table`],
//! [`HowKept`]), `event` (events with ways, points, beneficiary and hit details:
//! [`JanEvent`]), `hits` (battre une dame, à vrai / à faux, battre le coin), `depart` (six
//! tables, deux tables, mézéas, rencontre), `fill` (remplir, conserver, the ways of filling
//! counted under the must fill / must keep obligation of the laws of movement),
//! `analysis` ([`ThrowAnalysis`]) and `scorer`: the scoring as a game uses it, one analysis
//! per throw ([`ThrowScorer`] / [`ThrowScore`]; the full jans [`JanScorer`], alias
//! [`DefaultScorer`]; [`RaceScorer`] and [`MovementScorer`] for experiments; the simpler
//! [`Scorer`]).
//! Decisions where the sources are silent or disagree: the repository's
//! [trictrac-scoring.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-scoring.md).

mod analysis;
mod depart;
mod event;
mod fill;
mod hits;
mod kind;
mod scorer;

pub(crate) use analysis::points_before_each_throw;
pub use analysis::{ScoringError, ThrowAnalysis};
pub use event::{Events, Hit, HitWay, JanEvent, MAX_EVENTS, points_for};
pub use kind::{HowKept, JanKind, Table};
pub use scorer::{
    DefaultScorer, JanScorer, MovementScorer, RaceAnalysis, RaceScorer, Scored, Scorer,
    SimpleAnalysis, ThrowScore, ThrowScorer,
};

/// The scoring conventions of a ruleset (rules page: "Conventions as options of the
/// ruleset").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ScoringRules {
    /// Score the obsolete jan de rencontre (glossary JAN DE RENCONTRE): off by default.
    pub jan_de_rencontre: bool,
}

/// Setters by value, one per field, for building options from their default: the struct is
/// `#[non_exhaustive]` (fields may be added in a minor release), so code outside this crate
/// writes `ScoringRules::default().with_…(…)` (or assigns the public fields of a value) instead of a
/// struct expression.
impl ScoringRules {
    /// Returns `self` with [`ScoringRules::jan_de_rencontre`] set to `jan_de_rencontre`.
    #[must_use]
    pub const fn with_jan_de_rencontre(mut self, jan_de_rencontre: bool) -> ScoringRules {
        self.jan_de_rencontre = jan_de_rencontre;
        self
    }
}
