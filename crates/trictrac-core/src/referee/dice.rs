//! The dice as objects: how a physical throw is judged (glossary of the laws of trictrac,
//! JETER LES DÉS through DÉ TOUCHÉ, with RELEVER LES DÉS and DÉ ROMPU; NOMMER LES DÉS is in
//! `naming`).
//!
//! The players declare how each die came to rest ([`Lie`]) and the circumstances of the
//! throw ([`Cast`]); [`rule_throw`] says whether the throw is good, must be thrown again, or
//! is left to the opponent's choice, and which entry of the glossary says so.

use std::fmt;

use crate::referee::Entry;

/// What a die leans against when it is not flat (*dé incliné*, *dé cassé*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Support {
    /// A band (*bande*) of the tablier.
    Band,
    /// A dame.
    Dame,
    /// A jeton.
    Jeton,
}

impl Support {
    /// Every `Support`, in the order of its declaration.
    pub const ALL: [Support; 3] = [Support::Band, Support::Dame, Support::Jeton];
    /// The number of `Support`s.
    pub const NUM: usize = 3;
}

/// How one die came to rest, as the players see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lie {
    /// Flat on the floor of the tablier, on its cube (DÉ SUR SON CUBE): good.
    Flat,
    /// Flat on a dame, or astride two dames of the same height (DÉ SUR UNE DAME): good.
    OnDame,
    /// Flat on one or two jetons (DÉ SUR UN JETON): good.
    OnJeton,
    /// Niched flat between dames, or between dames and a band (DÉ NICHÉ): good.
    Niche,
    /// Not flat, leaning against something (DÉ INCLINÉ, DÉ CASSÉ): thrown again.
    Tilted(Support),
    /// On the other die (DÉ COUVERT): thrown again.
    OnOtherDie,
    /// On a band (DÉ SUR UNE BANDE): thrown again.
    OnBand,
    /// Seemingly on a pile of dames (a talon) and on a band at once: the dames are drawn
    /// gently; `came_with_dames` says whether the die came with them (DÉ SUR UNE BANDE, DÉ
    /// SUR UNE DAME): good if it did, thrown again if it fell or stayed on the band.
    PileAndBand {
        /// The die came with the dames when they were drawn.
        came_with_dames: bool,
    },
    /// On a dame and leaning against a band (DÉ EN L'AIR): the dame is drawn gently;
    /// thrown again if the die `fell`, good (a die on a dame) otherwise.
    InTheAir {
        /// The die fell when the dame was drawn.
        fell: bool,
    },
    /// Out of the tablier (DÉ HORS DU TABLIER): thrown again.
    OutOfTablier,
    /// It touched an object outside the tablier or the opponent's body and fell back into
    /// the tablier (DÉ HORS DU TABLIER): good, unless the opponent moved to push it back as
    /// if to break it (`pushed`), which is breaking it (DÉ ROMPU).
    BackIntoTablier {
        /// The opponent moved to push it back.
        pushed: bool,
    },
    /// Doubtfully flat: the old test covered it with the other die (DÉ SUR SON CUBE); `held`
    /// says whether the other die stayed on it: good if it held, thrown again if not.
    Doubtful {
        /// The covering die held.
        held: bool,
    },
    /// Still spinning (DÉ PIROUETTANT): nobody may stop it; no ruling until it rests.
    Spinning,
}

/// Contact of the dice with the opponent's hand (DÉ TOUCHÉ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandContact {
    /// No contact.
    #[default]
    None,
    /// A die touched the opponent's hand while he finished his coup: good, unless he
    /// `pushed` it back with that hand (which is breaking the dice).
    WhileFinishing {
        /// He pushed the die back.
        pushed: bool,
    },
    /// The opponent put his hand back into the tablier and the dice touched it: the thrower
    /// may throw again at his own convenience.
    HandPutBack,
}

/// Why the opponent stopped (broke, *rompit*) the dice before any number was known (DÉ
/// ROMPU).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rompu {
    /// To have a fault of placement or of marking rectified by the rule rather than marking
    /// an école: allowed.
    ForAFault,
    /// For any other reason (dice badly thrown, fear of a good throw): no longer allowed.
    WithoutCause,
}

impl Rompu {
    /// Every `Rompu`, in the order of its declaration.
    pub const ALL: [Rompu; 2] = [Rompu::ForAFault, Rompu::WithoutCause];
    /// The number of `Rompu`s.
    pub const NUM: usize = 2;
}

/// The circumstances of one throw, as the players declare them (JETER LES DÉS, RELEVER LES
/// DÉS, DÉ TOUCHÉ, DÉ ROMPU). `Cast::default()` is a regular throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cast {
    /// How each die came to rest.
    pub lie: [Lie; 2],
    /// Both dice left the cornet together in one cast and touched a band, an edge of the
    /// tablier or the dames against it (JETER LES DÉS). If not, a warning suffices.
    pub well_cast: bool,
    /// Thrown before the opponent finished playing his coup (RELEVER LES DÉS).
    pub before_opponent_finished: bool,
    /// Contact with the opponent's hand (DÉ TOUCHÉ).
    pub hand: HandContact,
    /// The opponent stopped the dice before any number was known (DÉ ROMPU).
    pub rompu: Option<Rompu>,
}

impl Default for Cast {
    fn default() -> Cast {
        Cast {
            lie: [Lie::Flat, Lie::Flat],
            well_cast: true,
            before_opponent_finished: false,
            hand: HandContact::None,
            rompu: None,
        }
    }
}

/// The ruling on a throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ThrowRuling {
    /// The throw is good (with a warning when `warning` names an entry: dice badly cast).
    Good {
        /// The entry of a warning given, if any.
        warning: Option<Entry>,
    },
    /// Both dice are thrown again.
    Rethrow(Entry),
    /// The throw stands or is annulled, as the opponent decides (RELEVER LES DÉS: thrown
    /// before he finished his coup).
    OpponentChooses(Entry),
    /// The thrower may throw again at his own convenience, or keep the throw (DÉ TOUCHÉ).
    ThrowerChooses(Entry),
    /// No ruling yet: a die is still spinning (DÉ PIROUETTANT).
    NotSettled(Entry),
}

impl ThrowRuling {
    /// Whether the numbers stand as thrown without anyone's choice.
    #[must_use]
    pub fn is_good(&self) -> bool {
        matches!(self, ThrowRuling::Good { .. })
    }
}

impl fmt::Display for ThrowRuling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThrowRuling::Good { warning: None } => f.write_str("good"),
            ThrowRuling::Good { warning: Some(e) } => write!(f, "good, with a warning ({e})"),
            ThrowRuling::Rethrow(e) => write!(f, "to be thrown again ({e})"),
            ThrowRuling::OpponentChooses(e) => {
                write!(f, "good or annulled, as the opponent chooses ({e})")
            }
            ThrowRuling::ThrowerChooses(e) => {
                write!(f, "kept or thrown again, as the thrower chooses ({e})")
            }
            ThrowRuling::NotSettled(e) => write!(f, "not settled: wait for the die ({e})"),
        }
    }
}

/// The ruling on one die alone: `Ok(())` if good, `Err(entry)` if both dice must be thrown
/// again, `None` if it is still spinning.
fn rule_die(lie: Lie) -> Option<Result<(), Entry>> {
    Some(match lie {
        Lie::Flat => Ok(()),
        Lie::OnDame => Ok(()),
        Lie::OnJeton => Ok(()),
        Lie::Niche => Ok(()),
        Lie::Tilted(_) => Err(Entry::DeIncline),
        Lie::OnOtherDie => Err(Entry::DeCouvert),
        Lie::OnBand => Err(Entry::DeSurUneBande),
        Lie::PileAndBand { came_with_dames } => {
            if came_with_dames {
                Ok(())
            } else {
                Err(Entry::DeSurUneBande)
            }
        }
        Lie::InTheAir { fell } => {
            if fell {
                Err(Entry::DeEnLAir)
            } else {
                Ok(())
            }
        }
        Lie::OutOfTablier => Err(Entry::DeHorsDuTablier),
        Lie::BackIntoTablier { pushed } => {
            if pushed {
                Err(Entry::DeRompu)
            } else {
                Ok(())
            }
        }
        Lie::Doubtful { held } => {
            if held {
                Ok(())
            } else {
                Err(Entry::DeSurSonCube)
            }
        }
        Lie::Spinning => return None,
    })
}

/// Judges a physical throw (glossary, JETER LES DÉS through DÉ TOUCHÉ, RELEVER LES DÉS, DÉ
/// ROMPU), in this order:
///
/// 1. Broken dice (DÉ ROMPU, or pushed back by the opponent's hand, DÉ TOUCHÉ): no number
///    is known, the dice are thrown again. Whether breaking them was allowed is not the
///    dice's to say: [`may_break`] with the reason the partie shows (the
///    [`Referee`](crate::referee::Referee) rectifies the fault it was broken for, or, with
///    none, lets the thrower keep his throw).
/// 2. Thrown before the opponent finished his coup: the opponent keeps or annuls it
///    (RELEVER LES DÉS).
/// 3. A spinning die: wait (DÉ PIROUETTANT).
/// 4. Each die as it lies (a die in each table is good: JETER LES DÉS); one bad die means
///    both are thrown again.
/// 5. The dice touched the opponent's hand put back into the tablier: the thrower chooses
///    (DÉ TOUCHÉ).
/// 6. Dice badly cast (not together, touching no band): good, with a warning (JETER LES
///    DÉS: "de nos jours un avertissement suffit").
#[must_use]
pub fn rule_throw(cast: &Cast) -> ThrowRuling {
    if cast.rompu.is_some() {
        return ThrowRuling::Rethrow(Entry::DeRompu);
    }
    if let HandContact::WhileFinishing { pushed: true } = cast.hand {
        return ThrowRuling::Rethrow(Entry::DeTouche);
    }
    if cast.before_opponent_finished {
        return ThrowRuling::OpponentChooses(Entry::Relever);
    }
    let mut bad = None;
    for lie in cast.lie {
        match rule_die(lie) {
            None => return ThrowRuling::NotSettled(Entry::DePirouettant),
            Some(Err(e)) => bad = bad.or(Some(e)),
            Some(Ok(())) => {}
        }
    }
    if let Some(e) = bad {
        return ThrowRuling::Rethrow(e);
    }
    if cast.hand == HandContact::HandPutBack {
        return ThrowRuling::ThrowerChooses(Entry::DeTouche);
    }
    ThrowRuling::Good {
        warning: (!cast.well_cast).then_some(Entry::JeterLesDes),
    }
}

/// Whether breaking the opponent's dice is allowed (DÉ ROMPU): only to have a fault of
/// placement or of marking rectified before any number is known.
#[must_use]
pub fn may_break(reason: Rompu) -> bool {
    reason == Rompu::ForAFault
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cast(a: Lie, b: Lie) -> Cast {
        Cast {
            lie: [a, b],
            ..Cast::default()
        }
    }

    fn good() -> ThrowRuling {
        ThrowRuling::Good { warning: None }
    }

    #[test]
    fn jeter_les_des() {
        // Flat, on a dame, astride two dames, on a jeton: good; one in each table is good
        // (the table is not part of the ruling at all).
        assert_eq!(rule_throw(&Cast::default()), good());
        assert_eq!(rule_throw(&cast(Lie::OnDame, Lie::OnJeton)), good());
        // Dice not cast together or touching no band: a warning suffices.
        let c = Cast {
            well_cast: false,
            ..Cast::default()
        };
        assert_eq!(
            rule_throw(&c),
            ThrowRuling::Good {
                warning: Some(Entry::JeterLesDes)
            }
        );
        // Tilted against any object, one on the other, or on a band: both thrown again.
        assert_eq!(
            rule_throw(&cast(Lie::Flat, Lie::Tilted(Support::Dame))),
            ThrowRuling::Rethrow(Entry::DeIncline)
        );
        assert_eq!(
            rule_throw(&cast(Lie::OnOtherDie, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeCouvert)
        );
        assert_eq!(
            rule_throw(&cast(Lie::OnBand, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeSurUneBande)
        );
    }

    #[test]
    fn relever_les_des_thrown_before_the_opponent_finished() {
        let c = Cast {
            before_opponent_finished: true,
            ..Cast::default()
        };
        assert_eq!(rule_throw(&c), ThrowRuling::OpponentChooses(Entry::Relever));
    }

    #[test]
    fn de_rompu() {
        for r in [Rompu::ForAFault, Rompu::WithoutCause] {
            let c = Cast {
                rompu: Some(r),
                ..Cast::default()
            };
            assert_eq!(rule_throw(&c), ThrowRuling::Rethrow(Entry::DeRompu));
        }
        assert!(may_break(Rompu::ForAFault));
        assert!(!may_break(Rompu::WithoutCause));
    }

    #[test]
    fn de_casse_and_de_incline() {
        // DÉ CASSÉ is today the same as DÉ INCLINÉ; against a band, a dame or a jeton (the
        // old exception for the flat jetons no longer holds): thrown again.
        for s in [Support::Band, Support::Dame, Support::Jeton] {
            assert_eq!(
                rule_throw(&cast(Lie::Tilted(s), Lie::Flat)),
                ThrowRuling::Rethrow(Entry::DeIncline)
            );
        }
    }

    #[test]
    fn de_couvert() {
        assert_eq!(
            rule_throw(&cast(Lie::Flat, Lie::OnOtherDie)),
            ThrowRuling::Rethrow(Entry::DeCouvert)
        );
    }

    #[test]
    fn de_en_l_air() {
        assert_eq!(
            rule_throw(&cast(Lie::InTheAir { fell: true }, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeEnLAir)
        );
        assert_eq!(
            rule_throw(&cast(Lie::InTheAir { fell: false }, Lie::Flat)),
            good()
        );
    }

    #[test]
    fn de_hors_du_tablier() {
        assert_eq!(
            rule_throw(&cast(Lie::OutOfTablier, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeHorsDuTablier)
        );
        assert_eq!(
            rule_throw(&cast(Lie::BackIntoTablier { pushed: false }, Lie::Flat)),
            good()
        );
        assert_eq!(
            rule_throw(&cast(Lie::BackIntoTablier { pushed: true }, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeRompu)
        );
    }

    #[test]
    fn de_niche() {
        assert_eq!(rule_throw(&cast(Lie::Niche, Lie::Niche)), good());
    }

    #[test]
    fn de_pirouettant() {
        assert_eq!(
            rule_throw(&cast(Lie::Spinning, Lie::Flat)),
            ThrowRuling::NotSettled(Entry::DePirouettant)
        );
    }

    #[test]
    fn de_sur_son_cube() {
        assert_eq!(
            rule_throw(&cast(Lie::Doubtful { held: true }, Lie::Flat)),
            good()
        );
        assert_eq!(
            rule_throw(&cast(Lie::Doubtful { held: false }, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeSurSonCube)
        );
    }

    #[test]
    fn de_sur_un_jeton() {
        assert_eq!(rule_throw(&cast(Lie::OnJeton, Lie::Flat)), good());
    }

    #[test]
    fn de_sur_une_bande() {
        assert_eq!(
            rule_throw(&cast(Lie::OnBand, Lie::Flat)),
            ThrowRuling::Rethrow(Entry::DeSurUneBande)
        );
        assert_eq!(
            rule_throw(&cast(
                Lie::PileAndBand {
                    came_with_dames: true
                },
                Lie::Flat
            )),
            good()
        );
        assert_eq!(
            rule_throw(&cast(
                Lie::PileAndBand {
                    came_with_dames: false
                },
                Lie::Flat
            )),
            ThrowRuling::Rethrow(Entry::DeSurUneBande)
        );
    }

    #[test]
    fn de_sur_une_dame() {
        // Flat on a dame or on two of the same height: good; a talon and a band: drawn.
        assert_eq!(rule_throw(&cast(Lie::OnDame, Lie::OnDame)), good());
        assert_eq!(
            rule_throw(&cast(
                Lie::Flat,
                Lie::PileAndBand {
                    came_with_dames: true
                }
            )),
            good()
        );
    }

    #[test]
    fn de_touche() {
        let c = |hand| Cast {
            hand,
            ..Cast::default()
        };
        assert_eq!(
            rule_throw(&c(HandContact::WhileFinishing { pushed: false })),
            good()
        );
        assert_eq!(
            rule_throw(&c(HandContact::WhileFinishing { pushed: true })),
            ThrowRuling::Rethrow(Entry::DeTouche)
        );
        assert_eq!(
            rule_throw(&c(HandContact::HandPutBack)),
            ThrowRuling::ThrowerChooses(Entry::DeTouche)
        );
    }
}
