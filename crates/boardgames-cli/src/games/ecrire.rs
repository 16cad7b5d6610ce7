//! The partie à écrire: what it gives the shared session ([`SessionGame`]), its rules from the
//! command line's options, and the replay of its records.

use boardgames_common::{Player, Record, ReplayOptions};
use trictrac_core::Chronology;
use trictrac_core::ecrire::settlement::{EcrireRules, RefaitProgression, Remainder};
use trictrac_core::ecrire::sheet_name;
use trictrac_core::ecrire::{Advice, Convention, Progression, SheetStyle};
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{Action, ActionComment, ActionError, Colour};
use trictrac_core::{EcrireGame, MarqueForm};

use crate::args::settlement::SettlementArgs;
use crate::games::trictrac::SessionGame;
use crate::games::{Replayed, replay_error};
use crate::io::error::CliError;

impl SessionGame for EcrireGame<DefaultScorer> {
    type ChronologyForm = MarqueForm;
    const HELP: &'static str = "\
A partie à écrire: marqués of unlimited trous; a marqué ends when, a player holding 6 trous
(the trou d'obligation), either player s'en va. After a trou won with your own points,
tenir or s'en aller. Also: sheet (the score sheet so far).";

    fn turns(&self) -> &Chronology<DefaultScorer, MarqueForm> {
        EcrireGame::turns(self)
    }

    fn prompt(&self, human: Player) -> String {
        format!("{} ({})> ", sheet_name(human), self.colour_of(human))
    }

    /// `Marks: A (White) 2 trous 4 points en bredouille, B (Black) 0 trous 0 points`: the
    /// marks of the marqué in play in words (trictrac-core's), by person.
    fn marks(&self) -> String {
        let words = self.marks_in_words();
        let one = |p: Player| {
            let c = self.colour_of(p);
            format!("{} ({c}) {}", sheet_name(p), words.of(c))
        };
        format!("Marks: {}, {}", one(Player::First), one(Player::Second))
    }

    fn diagram(&self) -> String {
        EcrireGame::diagram(self)
    }

    fn apply_described(&mut self, action: Action) -> Result<ActionComment, ActionError> {
        EcrireGame::apply_described(self, action)
    }

    fn choice_note(&self, mover: Colour) -> Option<String> {
        let note = match self
            .marque()
            .advice(mover, self.options().rules.convention())
        {
            Advice::Tenir => "the marqué says hold: leaving now would lose what it promises",
            Advice::SenAller => "the marqué says leave: it ends won",
            Advice::Board => "the marqué goes on either way: the board decides",
        };
        Some(note.to_owned())
    }

    fn command(&self, line: &str) -> Option<String> {
        (line == "sheet").then(|| self.ledger().sheet(SheetStyle::Losses))
    }
}

/// The most marqués the command line plays (a partie à écrire is usually of 8 or 12; the
/// library takes any number): bots at a table would otherwise play for days.
pub(crate) const MAX_MARQUES: u32 = 120;

/// The rules of `--marques` (at most [`MAX_MARQUES`]), `--convention`, `--progression` and
/// the options of the settlement.
pub(crate) fn rules(
    marques: u32,
    convention: &str,
    progression: Option<&str>,
    settlement: &SettlementArgs,
) -> Result<EcrireRules, CliError> {
    if marques > MAX_MARQUES {
        return Err(CliError::input(
            "--marques",
            format!("{marques} is more than the {MAX_MARQUES} marqués the command line plays"),
        ));
    }
    let mut convention: Convention = convention
        .parse()
        .map_err(|e| CliError::input("--convention", e))?;
    if let Some(p) = progression {
        let p: Progression = p.parse().map_err(|e| CliError::input("--progression", e))?;
        match convention {
            Convention::Annexe(_) => convention = Convention::Annexe(p),
            _ => {
                return Err(CliError::input(
                    "--progression",
                    "only the annexe convention has a progression",
                ));
            }
        }
    }
    apply(
        settlement,
        EcrireRules::new(marques)
            .map_err(|e| CliError::input("--marques", e))?
            .with_convention(convention),
    )
}

/// `rules` with the options of `settlement` applied.
fn apply(settlement: &SettlementArgs, mut rules: EcrireRules) -> Result<EcrireRules, CliError> {
    if let Some(n) = settlement.jetons_de_marque {
        rules = rules
            .with_jetons_de_marque(n)
            .map_err(|e| CliError::input("--jetons-de-marque", e))?;
    }
    let remainder = match &settlement.remainder {
        Some(r) => r
            .parse::<Remainder>()
            .map_err(|e| CliError::input("--remainder", e))?,
        None => rules.remainder(),
    };
    rules = rules
        .with_fiche(settlement.fiche.unwrap_or(rules.fiche()), remainder)
        .map_err(|e| CliError::input("--fiche", e))?;
    if let Some(q) = settlement.queue_generale {
        rules = rules.with_queue_generale(q);
    }
    if let Some(q) = &settlement.queue_des_jetons {
        rules = rules.with_queue_des_jetons(match q.as_str() {
            "counted" => true,
            "ignored" => false,
            other => {
                return Err(CliError::input(
                    "--queue-des-jetons",
                    format!("{other:?}: expected counted or ignored (QUEUE DES JETONS)"),
                ));
            }
        });
    }
    if let Some(r) = &settlement.refaits {
        rules = rules.with_refait_progression(
            r.parse::<RefaitProgression>()
                .map_err(|e| CliError::input("--refaits", e))?,
        );
    }
    Ok(rules)
}

/// Replays a record of a partie à écrire.
pub(crate) fn replay(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game = EcrireGame::from_record_with(record, options).map_err(replay_error)?;
    let result = match game.ledger().decompte() {
        Ok(d) => match d.winner {
            Some(w) => format!(
                "{} wins {} fiches",
                trictrac_core::ecrire::sheet_name(w),
                d.total_fiches
            ),
            None => "equal".to_owned(),
        },
        Err(_) => "unfinished".to_owned(),
    };
    Ok(Replayed {
        game: trictrac_core::ECRIRE_NAME,
        actions: record.actions().len(),
        result,
        state: game.ledger_text(),
        board: game.ledger().to_string(),
        picture: trictrac_core::svg::render(
            game.turns().position(),
            &trictrac_core::svg::SvgOptions::default(),
        ),
    })
}
