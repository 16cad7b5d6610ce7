//! The jans that score (*jans*, *contre-jans*) and the tariff of the rules page ("Scoring: the
//! jans (tariff)").

use std::fmt;

use crate::board::Jan;

/// The table of a hit dame (rules page, "Board, labels, paths"): hit values depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Table {
    /// The petit-jan table, `B1..B6` and `N1..N6` (*table du petit jan*): 4 / 6 per way.
    PetitJan,
    /// The grand-jan table, `B7..B12` and `N7..N12` (*table du grand jan*): 2 / 4 per way.
    GrandJan,
}

impl Table {
    /// Every `Table`, in the order of its declaration.
    pub const ALL: [Table; 2] = [Table::PetitJan, Table::GrandJan];
    /// The number of `Table`s.
    pub const NUM: usize = 2;
}

/// How a full jan was kept (*conserver*; glossary CONSERVER *).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HowKept {
    /// Both numbers played and the plein still stands (*conserver*).
    Normally,
    /// A number could not be played and the plein stands (*conserver par impuissance*): the
    /// opponent also scores the impuissance.
    ParImpuissance,
    /// The jan de retour kept while bearing off surplus dames (*conserver en sortant*, *par
    /// privilège*).
    EnSortant,
    /// The grand jan kept by passing surplus dames beyond it, into the opponent's jans
    /// (*conserver en outrepassant*).
    EnOutrepassant,
}

impl HowKept {
    /// Every `HowKept`, in the order of its declaration.
    pub const ALL: [HowKept; 4] = [
        HowKept::Normally,
        HowKept::ParImpuissance,
        HowKept::EnSortant,
        HowKept::EnOutrepassant,
    ];
    /// The number of `HowKept`s.
    pub const NUM: usize = 4;
}

/// One kind of scoring event (rules page, "Scoring: the jans (tariff)"; glossary BATTRE,
/// JAN DE RÉCOMPENSE, JAN-QUI-NE-PEUT, REMPLIR, CONSERVER, JANS DE DÉPART, SORTIE,
/// IMPUISSANCE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum JanKind {
    /// An opponent's demi-case hit à vrai (*battre à vrai*, *jan de récompense*), scored by
    /// the player: 4 / 6 per way in the petit-jan table, 2 / 4 in the grand-jan table.
    HitAVrai(Table),
    /// A demi-case reachable only by the sum with no *repos pour battre* (*battre à faux*,
    /// *jan-qui-ne-peut*): same values, scored by the opponent.
    HitAFaux(Table),
    /// The opponent's empty coin beaten (*battre le coin*): 4 / 6, one way.
    CoinBattu,
    /// A jan filled by this throw (*remplir*: petit jan, grand jan or jan de retour): 4 / 6
    /// per way.
    Remplir(Jan),
    /// A full jan kept (*conserver*): 4 / 6, one way.
    Conserver {
        /// The jan kept.
        jan: Jan,
        /// How it was kept.
        how: HowKept,
    },
    /// Jan de six tables (*jan de trois coups*): 4, simple throws only.
    SixTables,
    /// Jan de deux tables (*jan de deux coins*): 4 / 6 to the player.
    DeuxTables,
    /// Contre-jan de deux tables (the opponent holds his coin): 4 / 6 to the opponent.
    ContreJanDeDeuxTables,
    /// Jan de mézéas (*les as du coin*): 4 by one ace, 6 by beset.
    Mezeas,
    /// Contre-jan de mézéas (the opponent holds his coin): 4 / 6 to the opponent.
    ContreJanDeMezeas,
    /// The last dame borne off (*sortie*): 4 / 6.
    Sortie,
    /// Numbers that cannot be played (*impuissance*, *jan-qui-ne-peut*): 2 per number, to
    /// the opponent.
    Impuissance,
    /// Jan de rencontre (obsolete convention, [`crate::scoring::ScoringRules`]): the second
    /// player's first throw equals the first player's: 4 / 6 to the second player.
    JanDeRencontre,
}

impl JanKind {
    /// The tariff value of one way (rules page table): `doublet` selects the doublet column.
    /// Six tables has no doublet value (it cannot happen by a doublet); 4 is returned.
    #[must_use]
    pub const fn points_per_way(self, doublet: bool) -> u8 {
        match self {
            JanKind::HitAVrai(Table::GrandJan) | JanKind::HitAFaux(Table::GrandJan) => {
                if doublet {
                    4
                } else {
                    2
                }
            }
            JanKind::Impuissance => 2,
            JanKind::SixTables => 4,
            _ => {
                if doublet {
                    6
                } else {
                    4
                }
            }
        }
    }

    /// Whether the points go to the opponent of the player who threw (à faux, contre-jans,
    /// impuissance).
    #[must_use]
    pub const fn for_opponent(self) -> bool {
        matches!(
            self,
            JanKind::HitAFaux(_)
                | JanKind::ContreJanDeDeuxTables
                | JanKind::ContreJanDeMezeas
                | JanKind::Impuissance
        )
    }
}

fn jan_fr(jan: Jan) -> &'static str {
    match jan {
        Jan::PetitJan => "petit jan",
        Jan::GrandJan => "grand jan",
        Jan::JanDeRetour => "jan de retour",
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Table::PetitJan => "table du petit jan (petit-jan table)",
            Table::GrandJan => "table du grand jan (grand-jan table)",
        })
    }
}

impl fmt::Display for HowKept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HowKept::Normally => "",
            HowKept::ParImpuissance => " par impuissance",
            HowKept::EnSortant => " en sortant",
            HowKept::EnOutrepassant => " en outrepassant",
        })
    }
}

impl fmt::Display for JanKind {
    /// French term first, English in parentheses: `battre à vrai, table du petit jan (hit,
    /// petit-jan table)`, `conserver le grand jan par impuissance (keep)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JanKind::HitAVrai(t) => write!(f, "battre à vrai (hit), {t}"),
            JanKind::HitAFaux(t) => write!(f, "battre à faux (hit à faux), {t}"),
            JanKind::CoinBattu => f.write_str("battre le coin (coin battu)"),
            JanKind::Remplir(j) => write!(f, "remplir le {} (fill)", jan_fr(*j)),
            JanKind::Conserver { jan, how } => {
                write!(f, "conserver le {}{how} (keep)", jan_fr(*jan))
            }
            JanKind::SixTables => f.write_str("jan de six tables"),
            JanKind::DeuxTables => f.write_str("jan de deux tables"),
            JanKind::ContreJanDeDeuxTables => f.write_str("contre-jan de deux tables"),
            JanKind::Mezeas => f.write_str("jan de mézéas"),
            JanKind::ContreJanDeMezeas => f.write_str("contre-jan de mézéas"),
            JanKind::Sortie => f.write_str("sortie (last dame borne off)"),
            JanKind::Impuissance => f.write_str("impuissance (unplayable number)"),
            JanKind::JanDeRencontre => f.write_str("jan de rencontre"),
        }
    }
}
