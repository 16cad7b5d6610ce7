//! The options of the settlement of a partie à écrire (`play trictrac --form ecrire`,
//! `trictrac table`).

/// The options of the settlement of a partie à écrire (glossary, "Queue des jetons",
/// "Valeur du Refait", "Queue générale"; QUEUE DES JETONS, QUEUE GÉNÉRALE): every option of
/// the library's `EcrireRules`, each left to its default when not given.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct SettlementArgs {
    /// Jetons de marqué the loser of a marqué puts out: 2, or 1 as agreed ("deux jetons de
    /// marqué (on peut convenir d'un seul jeton)").
    #[arg(long, value_parser = crate::args::numbers::count::<u32>("jetons de marqué", 1),
          allow_hyphen_values = true)]
    pub(crate) jetons_de_marque: Option<u32>,
    /// Jetons of a fiche (default 10: "La fiche vaut généralement 10 jetons").
    #[arg(long, value_parser = crate::args::numbers::count::<u32>("jetons", 1),
          allow_hyphen_values = true)]
    pub(crate) fiche: Option<u32>,
    /// What the jetons left over whole fiches count: half-counts (half a fiche or more
    /// counts one, the default) or nothing ("5 jetons restants comptent pour une fiche ou
    /// ne comptent rien").
    #[arg(long)]
    pub(crate) remainder: Option<String>,
    /// The queue générale, in fiches, to the winner of the partie (default 0: none).
    #[arg(long, value_parser = crate::args::numbers::count::<u64>("fiches", 0),
          allow_hyphen_values = true)]
    pub(crate) queue_generale: Option<u64>,
    /// The queue des jetons: counted (the default) or ignored, as players who score on
    /// paper may agree ("on peut choisir de compter cette queue en points ou de l'ignorer").
    #[arg(long)]
    pub(crate) queue_des_jetons: Option<String>,
    /// The consolation after refaits: plus-one (doubled, tripled, quadrupled…, the default)
    /// or by-refait (a fourth refait quadrupled).
    #[arg(long)]
    pub(crate) refaits: Option<String>,
}

impl SettlementArgs {
    /// The option given first, by its flag, when any is (the partie ordinaire refuses them).
    pub(crate) fn first_given(&self) -> Option<&'static str> {
        [
            (self.jetons_de_marque.is_some(), "--jetons-de-marque"),
            (self.fiche.is_some(), "--fiche"),
            (self.remainder.is_some(), "--remainder"),
            (self.queue_generale.is_some(), "--queue-generale"),
            (self.queue_des_jetons.is_some(), "--queue-des-jetons"),
            (self.refaits.is_some(), "--refaits"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}
