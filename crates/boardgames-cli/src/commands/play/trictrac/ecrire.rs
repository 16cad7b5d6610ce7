//! `boardgames play trictrac --form ecrire`: a human (player A or B) against the bot in a
//! partie à écrire, with the commands of the partie ordinaire (the shared
//! [`TrictracSession`]), the score sheet after each marqué and the décompte at the end.

use std::io::{BufRead, Write};

use boardgames_common::{Game, Player};
use trictrac_core::Action;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::ecrire::{SheetStyle, sheet_name};
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{EcrireGame, EcrireOptions};

use crate::games::session::{Next, TrictracSession};
use crate::games::trictrac::board;
use crate::io::error::CliError;
use crate::io::files::{Disk, Files};

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
) -> Result<TrictracSession<EcrireGame<DefaultScorer>>, CliError> {
    let mut session = TrictracSession::new(EcrireGame::new(EcrireOptions::new(rules)), seed, human);
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
        let said = session.apply(action)?.in_words();
        match action {
            Action::Throw(_) | Action::PrimauteDie(_) => outln!(to out; "{said}"),
            _ => outln!(to out; "{text}: {said}"),
        }
        let ledger = session.game().ledger();
        if ledger.entries().len() > entries {
            out!(to out; "{}", ledger.sheet(SheetStyle::Losses));
        }
    }
}
