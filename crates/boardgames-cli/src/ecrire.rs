//! `boardgames play trictrac --form ecrire`: a human (player A) against the bot (player B) in
//! a partie à écrire, with the score sheet after each marqué and the décompte at the end; and
//! the replay of its records.

use boardgames_common::{Agent, Game, Player, Record, ReplayOptions, Seed, Turn, sample_chance};
use trictrac_core::bot::Bot;
use trictrac_core::diagram;
use trictrac_core::game::Action;
use trictrac_core::partie::{
    Convention, EcrireError, EcrireGame, EcrireOptions, EcrireRules, Progression, SheetStyle,
};

use crate::error::CliError;
use crate::play::{prompt, read_line};
use crate::replay::Replayed;

const HELP: &str = "\
A partie à écrire: marqués of unlimited trous; a marqué ends when, a player holding 6 trous
(the trou d'obligation), either player s'en va. When asked for a play, type its number or the
play as written (e.g. 6-5: B1-B7, B1-B6); after a trou won with your own points, tenir or
s'en aller. Commands: board, sheet, help, quit.";

/// The most marqués the command line plays (a partie à écrire is usually of 8 or 12; the
/// library takes any number): bots at a table would otherwise play for days.
pub(crate) const MAX_MARQUES: u32 = 120;

/// The rules of `--marques` (at most [`MAX_MARQUES`]), `--convention` and `--progression`.
pub(crate) fn rules(
    marques: u32,
    convention: &str,
    progression: Option<&str>,
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
    Ok(EcrireRules::new(marques)
        .map_err(|e| CliError::input("--marques", e))?
        .with_convention(convention))
}

/// A human (A) against the bot (B) in a partie à écrire under `rules`, dice from `seed`.
pub(crate) fn play(seed: u64, rules: EcrireRules) -> Result<(), CliError> {
    let mut game = EcrireGame::standard(EcrireOptions::new(rules));
    let mut bot = Bot::default();
    let mut rng = Seed(seed).rng();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    outln!(
        "Partie à écrire in {} marqués, convention {}: you are A, the bot is B. Type help for help.",
        rules.marques(),
        rules.convention()
    );
    let mut shown_marque = usize::MAX;
    loop {
        if shown_marque != game.ledger().entries().len() {
            shown_marque = game.ledger().entries().len();
            if !game.is_terminal() {
                outln!(
                    "Marqué {}: you play {}.",
                    game.ledger().decided() + 1,
                    game.colour_of(Player::First)
                );
                out!("{}", diagram(game.turns().position().board()));
            }
        }
        let action = match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut outcomes);
                match sample_chance(&outcomes, &mut rng) {
                    Some(a) => a,
                    None => break,
                }
            }
            Turn::Player(Player::Second) => {
                game.legal_actions(&mut legal);
                bot.choose(&game, &legal)
            }
            Turn::Player(Player::First) => {
                game.legal_actions(&mut legal);
                let m = game.marque();
                let points = game.turns().marking();
                let (a, b) = (
                    game.colour_of(Player::First),
                    game.colour_of(Player::Second),
                );
                outln!(
                    "Marks: A ({a}) {} trous {} points, B ({b}) {} trous {} points",
                    m.trous(a),
                    points.points(a),
                    m.trous(b),
                    points.points(b)
                );
                for (i, &a) in legal.iter().enumerate() {
                    outln!("  {}. {}", i + 1, game.action_text(a));
                }
                let me = game.colour_of(Player::First);
                loop {
                    prompt(&format!("A ({me})> "))?;
                    let Some(line) = read_line(&mut input)? else {
                        outln!("\nEnd of input: partie abandoned.");
                        return Ok(());
                    };
                    match line.as_str() {
                        "" => continue,
                        "quit" | "exit" => {
                            outln!("Partie abandoned.");
                            return Ok(());
                        }
                        "help" | "?" => outln!("{HELP}"),
                        "board" => out!("{}", diagram(game.turns().position().board())),
                        "sheet" => out!("{}", game.ledger().sheet(SheetStyle::Losses)),
                        text => {
                            if let Ok(n) = text.parse::<usize>() {
                                match legal.get(n.wrapping_sub(1)) {
                                    Some(&a) => break a,
                                    None => outln!("Choose a number from 1 to {}.", legal.len()),
                                }
                            } else {
                                match game.parse_action(text) {
                                    Ok(a) if legal.contains(&a) => break a,
                                    Ok(_) => outln!("Not possible now."),
                                    Err(e) => outln!("Not understood: {e}"),
                                }
                            }
                        }
                    }
                }
            }
        };
        let text = game.action_text(action);
        let entries = game.ledger().entries().len();
        let comment = game
            .apply_commented(action)
            .map_err(|e| CliError::Output(format!("refused {text}: {e}")))?;
        match action {
            Action::Throw(_) | Action::PrimauteDie(_) => outln!("{comment}"),
            _ => outln!("{text}: {comment}"),
        }
        if game.ledger().entries().len() > entries {
            out!("{}", game.ledger().sheet(SheetStyle::Losses));
        }
    }
    out!("{}", game.ledger().decompte_text());
    Ok(())
}

/// Replays a record of a partie à écrire.
pub(crate) fn replay(record: &Record, options: &ReplayOptions) -> Result<Replayed, CliError> {
    let game = EcrireGame::from_record_with(record, options).map_err(|e| match e {
        EcrireError::Replay { .. } | EcrireError::Result { .. } | EcrireError::Ledger { .. } => {
            CliError::Illegal(format!("illegal record: {e}"))
        }
        other => CliError::Record(format!("bad record: {other}")),
    })?;
    let result = match game.ledger().decompte() {
        Ok(d) => match d.winner {
            Some(w) => format!(
                "{} wins {} fiches",
                trictrac_core::partie::ledger::name(w),
                d.total_fiches
            ),
            None => "equal".to_owned(),
        },
        Err(_) => "unfinished".to_owned(),
    };
    Ok(Replayed {
        game: trictrac_core::partie::ecrire::NAME,
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
