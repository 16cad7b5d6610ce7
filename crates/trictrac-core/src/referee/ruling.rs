//! What a ruling says, the vocabulary shared by every part of the referee: the glossary
//! [`Entry`] it comes from, the [`Fault`], the [`Remedy`] options the chooser picks from,
//! and the [`Report`] that carries them.

use std::fmt;

use crate::board::Colour;
use crate::board::{Dest, Point};
use crate::movement::{Move, Play};

/// An entry of the French glossary of the laws of trictrac that a ruling comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)]
pub enum Entry {
    // ÉCOLE
    EcoleDefinition,
    EcoleConsommee,
    EcoleParImpatience,
    QuandEtCommentMarquerLEcole,
    EcoleDEcole,
    EcoleMarqueePartiellement,
    EcoleADessein,
    EcoleInterdite,
    DoubleMarque,
    MarquerSesPointsParErreur,
    OublierDeDemarquerSesPoints,
    OublierDeDemarquerLesPointsDeLAdversaire,
    EffacerLesPointsDeLAdversaireParErreur,
    MarquerLeTrouParErreur,
    EcoleDeTrou,
    EcoleDePoints,
    EcoleSansEcole,
    EcoleQuiEnProvoqueUneAutre,
    EcoleDesPointsDonnes,
    SEnAllerSurUneEcole,
    RompreSonJeuParErreur,
    EcoleRetroactive,
    EcoleDePrivilege,
    FausseEcole,
    AugmentationDEcole,
    EcoleImpossibleAMarquer,
    EcolePerpetuelle,
    // FAUSSE CASE
    FausseCaseDefinition,
    FausseCaseConsommation,
    FausseCaseResolution,
    DameMalPlacee,
    DameJoueeToutDUne,
    DameSeulePlaceeSurUnCoin,
    DameJoueeEnTrop,
    DameCouverteParFausseCase,
    DamePasseeAuRetour,
    FausseSortie,
    ReprendreUneDame,
    DamesAuTalon,
    FausseCaseAvecLesDeuxDames,
    RemplirEtConserver,
    PrendreSonCoin,
    FausseCaseNeFaitPasEcole,
    DameToucheeDameJouee,
    // The dice
    JeterLesDes,
    NommerLesDes,
    Relever,
    DeRompu,
    DeCasse,
    DeCouvert,
    DeEnLAir,
    DeHorsDuTablier,
    DeIncline,
    DeNiche,
    DePirouettant,
    DeSurSonCube,
    DeSurUnJeton,
    DeSurUneBande,
    DeSurUneDame,
    DeTouche,
    // The dames
    DamesEnTropOuEnMoins,
}

impl Entry {
    /// Every `Entry`, in the order of its declaration.
    pub const ALL: [Entry; 61] = [
        Entry::EcoleDefinition,
        Entry::EcoleConsommee,
        Entry::EcoleParImpatience,
        Entry::QuandEtCommentMarquerLEcole,
        Entry::EcoleDEcole,
        Entry::EcoleMarqueePartiellement,
        Entry::EcoleADessein,
        Entry::EcoleInterdite,
        Entry::DoubleMarque,
        Entry::MarquerSesPointsParErreur,
        Entry::OublierDeDemarquerSesPoints,
        Entry::OublierDeDemarquerLesPointsDeLAdversaire,
        Entry::EffacerLesPointsDeLAdversaireParErreur,
        Entry::MarquerLeTrouParErreur,
        Entry::EcoleDeTrou,
        Entry::EcoleDePoints,
        Entry::EcoleSansEcole,
        Entry::EcoleQuiEnProvoqueUneAutre,
        Entry::EcoleDesPointsDonnes,
        Entry::SEnAllerSurUneEcole,
        Entry::RompreSonJeuParErreur,
        Entry::EcoleRetroactive,
        Entry::EcoleDePrivilege,
        Entry::FausseEcole,
        Entry::AugmentationDEcole,
        Entry::EcoleImpossibleAMarquer,
        Entry::EcolePerpetuelle,
        Entry::FausseCaseDefinition,
        Entry::FausseCaseConsommation,
        Entry::FausseCaseResolution,
        Entry::DameMalPlacee,
        Entry::DameJoueeToutDUne,
        Entry::DameSeulePlaceeSurUnCoin,
        Entry::DameJoueeEnTrop,
        Entry::DameCouverteParFausseCase,
        Entry::DamePasseeAuRetour,
        Entry::FausseSortie,
        Entry::ReprendreUneDame,
        Entry::DamesAuTalon,
        Entry::FausseCaseAvecLesDeuxDames,
        Entry::RemplirEtConserver,
        Entry::PrendreSonCoin,
        Entry::FausseCaseNeFaitPasEcole,
        Entry::DameToucheeDameJouee,
        Entry::JeterLesDes,
        Entry::NommerLesDes,
        Entry::Relever,
        Entry::DeRompu,
        Entry::DeCasse,
        Entry::DeCouvert,
        Entry::DeEnLAir,
        Entry::DeHorsDuTablier,
        Entry::DeIncline,
        Entry::DeNiche,
        Entry::DePirouettant,
        Entry::DeSurSonCube,
        Entry::DeSurUnJeton,
        Entry::DeSurUneBande,
        Entry::DeSurUneDame,
        Entry::DeTouche,
        Entry::DamesEnTropOuEnMoins,
    ];
    /// The number of `Entry`s.
    pub const NUM: usize = 61;
}

impl Entry {
    /// The entry's title in the glossary.
    #[must_use]
    pub const fn title(self) -> &'static str {
        use Entry::*;
        match self {
            EcoleDefinition => "ÉCOLE : DÉFINITION",
            EcoleConsommee => "QUAND L'ÉCOLE EST CONSOMMÉE",
            EcoleParImpatience => "ÉCOLE PAR IMPATIENCE",
            QuandEtCommentMarquerLEcole => "QUAND et COMMENT MARQUER L'ÉCOLE",
            EcoleDEcole => "ÉCOLE D'ÉCOLE",
            EcoleMarqueePartiellement => "ÉCOLE MARQUÉE PARTIELLEMENT",
            EcoleADessein => "ÉCOLE À DESSEIN",
            EcoleInterdite => "ÉCOLE INTERDITE",
            DoubleMarque => "DOUBLE MARQUE ou ÉCOLE DE DEUX JETONS",
            MarquerSesPointsParErreur => "MARQUER SES POINTS PAR ERREUR",
            OublierDeDemarquerSesPoints => "OUBLIER DE DÉMARQUER SES POINTS",
            OublierDeDemarquerLesPointsDeLAdversaire => {
                "OUBLIER DE DÉMARQUER LES POINTS DE L'ADVERSAIRE"
            }
            EffacerLesPointsDeLAdversaireParErreur => {
                "EFFACER LES POINTS DE L'ADVERSAIRE PAR ERREUR"
            }
            MarquerLeTrouParErreur => "MARQUER LE TROU PAR ERREUR",
            EcoleDeTrou => "ÉCOLE DE TROU",
            EcoleDePoints => "ÉCOLE DE POINTS",
            EcoleSansEcole => "ÉCOLE SANS ÉCOLE",
            EcoleQuiEnProvoqueUneAutre => "ÉCOLE QUI EN PROVOQUE UNE AUTRE",
            EcoleDesPointsDonnes => "ÉCOLE DES POINTS DONNÉS PAR L'ADVERSAIRE",
            SEnAllerSurUneEcole => "S'EN ALLER SUR UNE ÉCOLE",
            RompreSonJeuParErreur => "ROMPRE SON JEU PAR ERREUR",
            EcoleRetroactive => "ÉCOLE RÉTROACTIVE POUR NON REMPLISSAGE ou NON CONSERVATION",
            EcoleDePrivilege => "ÉCOLE DE PRIVILÈGE",
            FausseEcole => "FAUSSE ÉCOLE",
            AugmentationDEcole => "AUGMENTATION D'ÉCOLE",
            EcoleImpossibleAMarquer => "ÉCOLE IMPOSSIBLE À MARQUER",
            EcolePerpetuelle => "ÉCOLE PERPÉTUELLE",
            FausseCaseDefinition => "FAUSSE CASE : DÉFINITION",
            FausseCaseConsommation => "FAUSSE CASE : CONSOMMATION",
            FausseCaseResolution => "FAUSSE CASE : RÉSOLUTION",
            DameMalPlacee => "DAME MAL PLACÉE",
            DameJoueeToutDUne => "DAME JOUÉE TOUT D'UNE",
            DameSeulePlaceeSurUnCoin => "DAME SEULE PLACÉE SUR UN COIN",
            DameJoueeEnTrop => "DAME JOUÉE EN TROP",
            DameCouverteParFausseCase => "DAME COUVERTE PAR FAUSSE CASE",
            DamePasseeAuRetour => "DAME PASSÉE AU RETOUR",
            FausseSortie => "FAUSSE SORTIE",
            ReprendreUneDame => "REPRENDRE UNE DAME",
            DamesAuTalon => "DAMES AU TALON",
            FausseCaseAvecLesDeuxDames => "FAUSSE CASE AVEC LES DEUX DAMES",
            RemplirEtConserver => "REMPLIR et CONSERVER",
            PrendreSonCoin => "PRENDRE SON COIN",
            FausseCaseNeFaitPasEcole => "FAUSSE CASE NE FAIT PAS ÉCOLE",
            DameToucheeDameJouee => "DAME TOUCHÉE, DAME JOUÉE",
            JeterLesDes => "JETER LES DÉS",
            NommerLesDes => "NOMMER LES DÉS",
            Relever => "RELEVER LES DÉS",
            DeRompu => "DÉ ROMPU",
            DeCasse => "DÉ CASSÉ",
            DeCouvert => "DÉ COUVERT",
            DeEnLAir => "DÉ EN L'AIR",
            DeHorsDuTablier => "DÉ HORS DU TABLIER",
            DeIncline => "DÉ INCLINÉ",
            DeNiche => "DÉ NICHÉ",
            DePirouettant => "DÉ PIROUETTANT",
            DeSurSonCube => "DÉ SUR SON CUBE",
            DeSurUnJeton => "DÉ SUR UN JETON",
            DeSurUneBande => "DÉ SUR UNE BANDE",
            DeSurUneDame => "DÉ SUR UNE DAME",
            DeTouche => "DÉ TOUCHÉ",
            DamesEnTropOuEnMoins => "DAMES EN TROP ou EN MOINS",
        }
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// The kind of fault a [`Report`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Fault {
    /// École par omission (*par moins*): points won and not marked.
    EcoleParOmission,
    /// École par excès (*par trop*): points marked and not won.
    EcoleParExces,
    /// Points omitted and points in excess in the same marking (added together).
    EcoleMixte,
    /// A marking to rectify without école (a trou simple for double, two jetons, the
    /// opponent's jeton not wiped).
    MarqueARectifier,
    /// A dame played against the laws (*fausse case*).
    FausseCase,
    /// A throw that is not good as it lies.
    MauvaisCoupDeDes,
    /// Not the number of dames the laws require.
    DamesEnTropOuEnMoins,
}

impl Fault {
    /// Every `Fault`, in the order of its declaration.
    pub const ALL: [Fault; 7] = [
        Fault::EcoleParOmission,
        Fault::EcoleParExces,
        Fault::EcoleMixte,
        Fault::MarqueARectifier,
        Fault::FausseCase,
        Fault::MauvaisCoupDeDes,
        Fault::DamesEnTropOuEnMoins,
    ];
    /// The number of `Fault`s.
    pub const NUM: usize = 7;
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::EcoleParOmission => "école par omission",
            Fault::EcoleParExces => "école par excès",
            Fault::EcoleMixte => "école par omission et par excès",
            Fault::MarqueARectifier => "marque à rectifier (no école)",
            Fault::FausseCase => "fausse case",
            Fault::MauvaisCoupDeDes => "coup de dés mauvais",
            Fault::DamesEnTropOuEnMoins => "dames en trop ou en moins",
        })
    }
}

/// Which of two jetons (DOUBLE MARQUE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WhichJeton {
    /// The mark that stood before.
    Old,
    /// The jeton just taken from the talon.
    New,
}

impl WhichJeton {
    /// Every `WhichJeton`, in the order of its declaration.
    pub const ALL: [WhichJeton; 2] = [WhichJeton::Old, WhichJeton::New];
    /// The number of `WhichJeton`s.
    pub const NUM: usize = 2;
}

/// An option a report gives (usually to the opponent of the player at fault); choosing it
/// ([`Gesture::Choose`](super::Gesture::Choose)) updates the position and the marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Remedy {
    /// Mark the école: these points for the chooser ("École !", "Tant de points d'école !").
    /// For an excess, the offender's marks are brought back to what he was due.
    MarkEcole(u8),
    /// Do not mark it (there is no école d'école: one is never obliged to).
    Decline,
    /// Oblige the claimant to mark the whole école: these further points for him (ÉCOLE
    /// MARQUÉE PARTIELLEMENT).
    ForceWhole(u8),
    /// Take away the offender's privilege of s'en aller for this coup (ÉCOLE DE POINTS).
    DenySEnAller,
    /// Put the fichet of the offender back to what it should show: his trous for this gain.
    RectifyFichet(u8),
    /// Remove one of the offender's two jetons (DOUBLE MARQUE).
    RemoveJeton(WhichJeton),
    /// Leave the dames as they were played (a fausse case may be left).
    Leave,
    /// Have the offender play this legal play of his throw instead.
    Impose(Play),
    /// Dames back where they stood: the offender plays his throw again freely.
    ReplayFreely,
    /// Forbid the offender to cover this dame for this coup (DAME COUVERTE PAR FAUSSE CASE).
    ForbidCovering(Point),
    /// The dame played from `from` to `to` (by one number or tout d'une) goes back to
    /// `from`; the other dames stay and the offender plays that number again freely (DAME
    /// SEULE PLACÉE SUR UN COIN: "remettre à sa place d'origine et laisser rejouer le
    /// nombre librement").
    SendBack {
        /// Where the dame stood before the coup.
        from: Point,
        /// Where it was put.
        to: Dest,
    },
    /// Every dame back where it stood; the offender must play this number with this dame
    /// and plays the other number freely (DAME SEULE PLACÉE SUR UN COIN: "obliger le joueur à
    /// se servir de cette dame fautive pour jouer ... le deuxième nombre").
    ReplayWith(Move),
    /// Leave the dames as they are, and at the offender's next coup require the dame on this
    /// point to be passed into his jan de retour if possible; if it is not, he may put no
    /// other dame into the opponent's grand jan that coup (FAUSSE CASE : CONSOMMATION, its
    /// exception; DAME PASSÉE AU RETOUR).
    PassNextCoup(Point),
    /// Oblige the offender to mark correctly: his marks are set to what he was due (ÉCOLE À
    /// DESSEIN: the opponent may oblige him to mark, or take the benefit).
    Rectify,
    /// Keep the throw as good.
    AcceptThrow,
    /// Annul the throw: it is thrown again.
    AnnulThrow,
    /// Acquiesce (the opponent breaks his game): the trou or the partie is acquired (S'EN
    /// ALLER SUR UNE ÉCOLE).
    Acquiesce,
    /// Bring the dames back to the laws' number from the talon, which stays a full case.
    RectifyDames,
    /// Annul the relevé (the dames cannot be rectified).
    AnnulReleve,
}

impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Remedy::MarkEcole(n) => write!(f, "mark {n} points d'école"),
            Remedy::Decline => f.write_str("do not mark it"),
            Remedy::ForceWhole(n) => write!(f, "oblige him to mark the whole école ({n} more)"),
            Remedy::DenySEnAller => f.write_str("forbid him to s'en aller"),
            Remedy::RectifyFichet(n) => write!(f, "rectify the fichet ({n} trous for this gain)"),
            Remedy::RemoveJeton(WhichJeton::Old) => f.write_str("remove the old jeton"),
            Remedy::RemoveJeton(WhichJeton::New) => f.write_str("remove the new jeton"),
            Remedy::Leave => f.write_str("leave it as played"),
            Remedy::Impose(p) => write!(f, "impose {p}"),
            Remedy::ReplayFreely => f.write_str("dames back, he plays again freely"),
            Remedy::ForbidCovering(p) => write!(f, "forbid covering {p} this coup"),
            Remedy::SendBack { from, to } => {
                write!(
                    f,
                    "the dame from {from} on {to} back, he replays its number freely"
                )
            }
            Remedy::ReplayWith(m) => write!(
                f,
                "dames back, he plays the {} with the dame {m} and the other number freely",
                m.die.get()
            ),
            Remedy::PassNextCoup(p) => write!(
                f,
                "leave it; next coup he must pass the dame on {p} into his jan de retour"
            ),
            Remedy::Rectify => f.write_str("oblige him to mark correctly"),
            Remedy::AcceptThrow => f.write_str("keep the throw"),
            Remedy::AnnulThrow => f.write_str("annul the throw"),
            Remedy::Acquiesce => f.write_str("acquiesce (break one's game)"),
            Remedy::RectifyDames => f.write_str("rectify the dames at the talon"),
            Remedy::AnnulReleve => f.write_str("annul the relevé"),
        }
    }
}

/// What the referee says at a decisive moment: the fault, the glossary entry it comes from,
/// the points at stake, who is at fault, who chooses, and the options he may choose from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// The fault.
    pub fault: Fault,
    /// The glossary entry the ruling comes from.
    pub entry: Entry,
    /// The player at fault (`None` for a throw that is simply bad).
    pub offender: Option<Colour>,
    /// The player who chooses among the options (`None` when there is nothing to choose:
    /// the ruling applies, e.g. the dice are thrown again).
    pub chooser: Option<Colour>,
    /// Points at stake (the école), 0 if none.
    pub points: u8,
    /// The options; the chooser picks one by its index.
    pub options: Vec<Remedy>,
    /// A sentence for people.
    pub text: String,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fault)?;
        if let Some(o) = self.offender {
            write!(f, " by {o}")?;
        }
        if self.points > 0 {
            write!(f, ", {} points", self.points)?;
        }
        write!(f, " [{}]: {}", self.entry, self.text)?;
        if let Some(c) = self.chooser
            && !self.options.is_empty()
        {
            write!(f, "; {c} chooses:")?;
            for (i, o) in self.options.iter().enumerate() {
                write!(f, " {}) {o}", i + 1)?;
            }
        }
        Ok(())
    }
}
