//! `boardgames play trictrac --form ecrire`: a human (player A or B) against the bot in a
//! partie à écrire, with the commands of the partie ordinaire (the shared
//! [`Session`]), the score sheet after each marqué and the décompte at the end; and the
//! replay of its records.

use boardgames_common::{Game, Player, Record, ReplayOptions};
use trictrac_core::Action;
use trictrac_core::Colour;
use trictrac_core::partie::MarqueForm;
use trictrac_core::partie::sheet_name;
use trictrac_core::partie::{
    Advice, Convention, EcrireGame, EcrireOptions, EcrireRules, Progression, RefaitProgression,
    Remainder, SheetStyle,
};
use trictrac_core::partie::{Chronology, DefaultScorer};

use std::io::{BufRead, Write};

use crate::error::CliError;
use crate::files::{Disk, Files};
use crate::play_trictrac::{Next, Partie, Session, board, comment_for_people, trous_points};
use crate::replay::Replayed;

impl Partie for EcrireGame<DefaultScorer> {
    type Form = MarqueForm;
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

    /// `Marks: A (White) 2 trous 4 points, B (Black) 0 trous 0 points`: the trous of the
    /// marqué in play and the points on the fichets.
    fn marks(&self) -> String {
        let points = self.turns().marking();
        let one = |p: Player| {
            let c = self.colour_of(p);
            format!(
                "{} ({c}) {}",
                sheet_name(p),
                trous_points(self.marque().trous(c), points.points(c))
            )
        };
        format!("Marks: {}, {}", one(Player::First), one(Player::Second))
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

/// The options of the settlement of a partie à écrire (glossary, "Queue des jetons",
/// "Valeur du Refait", "Queue générale"; QUEUE DES JETONS, QUEUE GÉNÉRALE): every option of
/// the library's `EcrireRules`, each left to its default when not given.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct SettlementArgs {
    /// Jetons de marqué the loser of a marqué puts out: 2, or 1 as agreed ("deux jetons de
    /// marqué (on peut convenir d'un seul jeton)").
    #[arg(long, value_parser = crate::numbers::count::<u32>("jetons de marqué", 1),
          allow_hyphen_values = true)]
    jetons_de_marque: Option<u32>,
    /// Jetons of a fiche (default 10: "La fiche vaut généralement 10 jetons").
    #[arg(long, value_parser = crate::numbers::count::<u32>("jetons", 1),
          allow_hyphen_values = true)]
    fiche: Option<u32>,
    /// What the jetons left over whole fiches count: half-counts (half a fiche or more
    /// counts one, the default) or nothing ("5 jetons restants comptent pour une fiche ou
    /// ne comptent rien").
    #[arg(long)]
    remainder: Option<String>,
    /// The queue générale, in fiches, to the winner of the partie (default 0: none).
    #[arg(long, value_parser = crate::numbers::count::<u64>("fiches", 0),
          allow_hyphen_values = true)]
    queue_generale: Option<u64>,
    /// The queue des jetons: counted (the default) or ignored, as players who score on
    /// paper may agree ("on peut choisir de compter cette queue en points ou de l'ignorer").
    #[arg(long)]
    queue_des_jetons: Option<String>,
    /// The consolation after refaits: plus-one (doubled, tripled, quadrupled…, the default)
    /// or by-refait (a fourth refait quadrupled).
    #[arg(long)]
    refaits: Option<String>,
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

    /// `rules` with these options applied.
    fn apply(&self, mut rules: EcrireRules) -> Result<EcrireRules, CliError> {
        if let Some(n) = self.jetons_de_marque {
            rules = rules
                .with_jetons_de_marque(n)
                .map_err(|e| CliError::input("--jetons-de-marque", e))?;
        }
        let remainder = match &self.remainder {
            Some(r) => r
                .parse::<Remainder>()
                .map_err(|e| CliError::input("--remainder", e))?,
            None => rules.remainder(),
        };
        rules = rules
            .with_fiche(self.fiche.unwrap_or(rules.fiche()), remainder)
            .map_err(|e| CliError::input("--fiche", e))?;
        if let Some(q) = self.queue_generale {
            rules = rules.with_queue_generale(q);
        }
        if let Some(q) = &self.queue_des_jetons {
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
        if let Some(r) = &self.refaits {
            rules = rules.with_refait_progression(
                r.parse::<RefaitProgression>()
                    .map_err(|e| CliError::input("--refaits", e))?,
            );
        }
        Ok(rules)
    }
}

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
    settlement.apply(
        EcrireRules::new(marques)
            .map_err(|e| CliError::input("--marques", e))?
            .with_convention(convention),
    )
}

/// `boardgames play trictrac --form ecrire`: [`ecrire_session`] on standard input and
/// output, files on the disk.
pub(crate) fn play(seed: u64, rules: EcrireRules, human: Player) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    ecrire_session(
        seed,
        rules,
        human,
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut Disk,
    )
    .map(drop)
}

/// A human (`human`: A plays White in the first marqué) against the bot in a partie à
/// écrire under `rules`, dice from `seed`, reading his lines from `input` and writing to
/// `out` (`save` and `load` through `files`); returns the session as it stands when it ends.
///
/// # Errors
/// [`CliError`] when `input` cannot be read or `out` written.
pub fn ecrire_session(
    seed: u64,
    rules: EcrireRules,
    human: Player,
    input: &mut impl BufRead,
    out: &mut impl Write,
    files: &mut dyn Files,
) -> Result<Session<EcrireGame<DefaultScorer>>, CliError> {
    let mut session = Session::new(EcrireGame::standard(EcrireOptions::new(rules)), seed, human);
    outln!(to out;
        "Partie à écrire in {} marqués, convention {}: you are {}, the bot is {}. Type help for help.",
        rules.marques(),
        rules.convention(),
        sheet_name(human),
        sheet_name(human.other())
    );
    let mut shown_marque = usize::MAX;
    loop {
        let game = session.game();
        if shown_marque != game.ledger().entries().len() {
            shown_marque = game.ledger().entries().len();
            if !game.is_terminal() {
                outln!(to out;
                    "Marqué {}: you play {}.",
                    game.ledger().decided() + 1,
                    game.colour_of(human)
                );
                out!(to out; "{}", board(game));
            }
        }
        let next = match session.next(input, out, files)? {
            Next::Over => {
                out!(to out; "{}", session.game().ledger().decompte_text());
                session.after_the_end(input, out, files)?
            }
            other => other,
        };
        let action = match next {
            Next::Action(a) => a,
            Next::Undone => {
                // The undo printed the board; name the marqué if it went back to another.
                let game = session.game();
                if shown_marque != game.ledger().entries().len() {
                    shown_marque = game.ledger().entries().len();
                    outln!(to out;
                        "Back in marqué {}: you play {}.",
                        game.ledger().decided() + 1,
                        game.colour_of(human)
                    );
                }
                continue;
            }
            Next::Over | Next::Abandoned => return Ok(session),
        };
        let text = session.game().action_text(action);
        let entries = session.game().ledger().entries().len();
        let comment = session.apply(action)?;
        match action {
            Action::Throw(_) | Action::PrimauteDie(_) => {
                outln!(to out; "{}", comment_for_people(&comment))
            }
            _ => outln!(to out; "{text}: {}", comment_for_people(&comment)),
        }
        let ledger = session.game().ledger();
        if ledger.entries().len() > entries {
            out!(to out; "{}", ledger.sheet(SheetStyle::Losses));
        }
    }
}

/// Replays a record of a partie à écrire.
pub(crate) fn replay(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game =
        EcrireGame::from_record_with(record, options).map_err(crate::replay::replay_error)?;
    let result = match game.ledger().decompte() {
        Ok(d) => match d.winner {
            Some(w) => format!(
                "{} wins {} fiches",
                trictrac_core::partie::sheet_name(w),
                d.total_fiches
            ),
            None => "equal".to_owned(),
        },
        Err(_) => "unfinished".to_owned(),
    };
    Ok(Replayed {
        game: trictrac_core::partie::ECRIRE_NAME,
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
