//! What was wrong with a settlement, its rules or its marqués ([`SettlementError`]).

use thiserror::Error;

/// What was wrong with a settlement, its rules or its marqués.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SettlementError {
    /// A partie à écrire is of at least one marqué.
    #[error("a partie à écrire needs at least 1 marqué, not 0")]
    ZeroMarques,
    /// A fiche is worth at least one jeton.
    #[error("a fiche must be worth at least 1 jeton, not 0")]
    FicheOfZero,
    /// The loser of a marqué puts out one or two jetons de marqué.
    #[error("the loser of a marqué puts out 1 or 2 jetons de marqué, not {0}")]
    JetonsDeMarque(u32),
    /// Not a convention.
    #[error(
        "unknown convention {0:?} (expected base, annexe, annexe-arithmetic, annexe-geometric or sans-lever)"
    )]
    UnknownConvention(String),
    /// Not a progression of the annexe convention.
    #[error("unknown progression {0:?} (expected arithmetic or geometric)")]
    UnknownProgression(String),
    /// Not a quality of marqué.
    #[error("unknown quality {0:?} (expected simple, petite bredouille or grande bredouille)")]
    UnknownQuality(String),
    /// Not a rule for the jetons left over a whole number of fiches.
    #[error("unknown rule for the remaining jetons {0:?} (expected half-counts or nothing)")]
    UnknownRemainder(String),
    /// Not a reading of the consolation's progression after refaits.
    #[error(
        "unknown progression {0:?} of the consolation after refaits: expected plus-one (doubled, tripled, quadrupled…) or by-refait (a fourth refait quadrupled)"
    )]
    UnknownRefaitProgression(String),
    /// The winner of a marqué holds at least the trou d'obligation.
    #[error("a marqué is won with at least 6 trous (the trou d'obligation), not {trous}")]
    BelowObligation {
        /// The winner's trous.
        trous: u32,
    },
    /// The winner of a marqué has more trous than the loser (equal trous are a refait).
    #[error(
        "the winner of a marqué has more trous than the loser: {winner} against {loser}{}",
        if winner == loser { " is a refait" } else { "" }
    )]
    NotAhead {
        /// The winner's trous.
        winner: u32,
        /// The loser's trous.
        loser: u32,
    },
    /// A grande bredouille is of at least 12 trous.
    #[error("a grande bredouille is of at least 12 trous, not {trous}")]
    GrandeBelowTwelve {
        /// The winner's trous.
        trous: u32,
    },
    /// A refait is a marqué ended with both players on the same trous, at least 6.
    #[error("a refait needs equal trous of at least 6 each, not {first} and {second}")]
    NotARefait {
        /// The first player's trous.
        first: u32,
        /// The second player's trous.
        second: u32,
    },
    /// More marqués were decided than the partie has.
    #[error("the partie has {marques} marqués and all of them are decided")]
    PartieOver {
        /// The marqués of the partie.
        marques: u32,
    },
    /// The décompte of a partie not yet played out.
    #[error("the décompte needs all {marques} marqués decided, only {decided} are")]
    PartieNotOver {
        /// The marqués of the partie.
        marques: u32,
        /// The marqués decided.
        decided: u32,
    },
    /// An amount beyond `u64` jetons.
    #[error("the amount is beyond 2^64 jetons")]
    Overflow,
}
