//! `boardgames play trictrac` (the partie ordinaire): a human against the bot in the
//! terminal, on either side, with `undo`, `hint`, `save FILE`, `moves`, `position` and plays
//! typed with or without their throw.

use std::collections::VecDeque;
use std::path::Path;

use boardgames_common::{Agent, Game, Record, Seed, Turn, result_text, sample_chance};
use trictrac_core::bot::Bot;
use trictrac_core::game::{Action, DefaultScorer, GameOptions, Phase, TrictracGame, colour_of};
use trictrac_core::partie::scorer::ThrowScore;
use trictrac_core::{Colour, diagram};

use crate::error::CliError;
use crate::play::{prompt, read_line};

const HELP: &str = "\
When asked for a play, type its number in the list, or the play as written there, with or
without its throw (6-5: B1-B7, B1-B6 or B1-B7 B1-B6; a single dame tout d'une: B1-B12).
When you win a trou you are asked to hold (tenir) or leave (s'en aller).
Commands: moves (the list again), board, position (the position in trictrac notation),
hint (the bot's choice for you, and the points of each candidate), undo (take back your
last decision and the bot's reply; the dice stay as they fell), save FILE (the record so
far, for `boardgames replay`), help, quit.";

/// How a person plays `play trictrac`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TrictracPlay {
    /// The dice seed.
    pub(crate) seed: u64,
    /// The human's colour.
    pub(crate) human: Colour,
    /// Trous that win the partie (at least 1).
    pub(crate) trous: u8,
    /// Whether the pavillon is played.
    pub(crate) pavillon: bool,
}

/// Marks for people: `White 2 trous 4 points, Black 0 trous 10 points` (the notation's
/// `2.4/0.10` reads like decimals).
pub(crate) fn marks_for_people(game: &TrictracGame<DefaultScorer>) -> String {
    let m = game.marking();
    let one = |c: Colour| {
        let trous = m.trous(c);
        let points = m.points(c);
        format!(
            "{c} {trous} trou{} {points} point{}",
            if trous == 1 { "" } else { "s" },
            if points == 1 { "" } else { "s" }
        )
    };
    format!("{}, {}", one(Colour::White), one(Colour::Black))
}

/// The moves of a play typed by a person, without the throw: `"6-5: B1-B7, B1-B6"`,
/// `"b1-b7 b1-b6"` and `"B1-B7,B1-B6"` all give `["B1-B7", "B1-B6"]`.
fn moves_of(text: &str) -> Vec<String> {
    let body = match text.split_once(':') {
        Some((_, rest)) => rest,
        None => text,
    };
    body.split([',', ' ', '\t'])
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_uppercase)
        .collect()
}

/// The legal action the person typed as `text`: its number in the list, the play as the
/// list writes it (with or without its throw, moves in any order), or a decision.
fn understand(
    game: &TrictracGame<DefaultScorer>,
    legal: &[Action],
    text: &str,
) -> Result<Action, String> {
    if let Ok(n) = text.parse::<usize>() {
        return legal
            .get(n.wrapping_sub(1))
            .copied()
            .ok_or_else(|| format!("Choose a number from 1 to {}.", legal.len()));
    }
    if let Ok(a) = game.parse_action(text) {
        return if legal.contains(&a) {
            Ok(a)
        } else {
            Err("Not possible now.".to_string())
        };
    }
    let typed = moves_of(text);
    if typed.is_empty() || text.chars().count() > 80 || typed.iter().any(|m| !m.contains('-')) {
        return Err("Not understood: type a number, a play, or help.".to_string());
    }
    let plays: Vec<(Action, Vec<String>)> = legal
        .iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .map(|&a| (a, moves_of(&game.action_text(a))))
        .collect();
    if let Some((a, _)) = plays.iter().find(|(_, m)| *m == typed) {
        return Ok(*a);
    }
    let mut sorted = typed.clone();
    sorted.sort();
    let same = |m: &Vec<String>| {
        let mut m = m.clone();
        m.sort();
        m == sorted
    };
    // A dame played tout d'une may be typed by its two ends: B1-B12 for B1-B6-B12.
    let ends = |m: &Vec<String>| {
        let mut m: Vec<String> = m
            .iter()
            .map(|t| {
                let first = t.split('-').next().unwrap_or("");
                let last = t.rsplit('-').next().unwrap_or("");
                format!("{first}-{last}")
            })
            .collect();
        m.sort();
        m
    };
    let typed_ends = ends(&typed);
    let found = plays
        .iter()
        .find(|(_, m)| same(m))
        .or_else(|| plays.iter().find(|(_, m)| ends(m) == typed_ends));
    match found {
        Some((a, _)) => Ok(*a),
        None if plays.is_empty() => {
            Err("Not understood: decide first (tenir or s'en aller).".to_string())
        }
        None => Err(format!(
            "{} is not a legal play of this throw; type moves to see them.",
            typed.join(" ")
        )),
    }
}

/// The bot's choice for the side to move, and why: at a play, each candidate's points
/// after the play and the bot's value of it (points for minus points against, plus its
/// evaluation of the board after), best first; at a decision, the reste and what the
/// opponent would mark.
fn hint(game: &TrictracGame<DefaultScorer>, legal: &[Action], bot: &mut Bot) -> String {
    let choice = bot.choose(game, legal);
    let number = legal.iter().position(|&a| a == choice).map_or(0, |i| i + 1);
    let mut text = format!(
        "The bot would choose {number}. {}\n",
        game.action_text(choice)
    );
    match game.phase() {
        Phase::Choice { mover, pending, .. } => {
            text.push_str(&format!(
                "  your points de reste: {}; the points your throw gives the opponent: {pending}\n",
                game.marking().points(mover)
            ));
        }
        _ => {
            let Some(analysis) = game.analysis() else {
                return text;
            };
            let position = game.position();
            let mover = position.side_to_move();
            let mut rows: Vec<(f64, usize, u8)> = legal
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    Action::Play(p) => {
                        let k = ThrowScore::legal_plays(analysis)
                            .iter()
                            .position(|q| q == p)?;
                        let points = ThrowScore::after_play(analysis, k, None)[mover];
                        Some((bot.value_of_play(game.scorer(), position, p), i, points))
                    }
                    _ => None,
                })
                .collect();
            rows.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let shown = rows.len().min(8);
            text.push_str(&format!(
                "  the {shown} best of {} candidates by the bot's value:\n",
                rows.len()
            ));
            for (value, i, points) in rows.iter().take(shown) {
                text.push_str(&format!(
                    "  {:>3}. {:<28} marks {points} more point{}, value {value:+.1}\n",
                    i + 1,
                    game.action_text(legal[*i]),
                    if *points == 1 { "" } else { "s" }
                ));
            }
        }
    }
    text
}

/// The partie so far as a record that `boardgames replay` reads.
fn record_of(game_options: GameOptions, seed: u64, history: &[Action]) -> Result<Record, String> {
    let mut game = TrictracGame::new(DefaultScorer::default(), game_options);
    let mut record = Record::new(TrictracGame::<DefaultScorer>::NAME);
    record
        .set_tag("Seed", &Seed(seed).to_string())
        .map_err(|e| e.to_string())?;
    for (k, v) in game.record_tags() {
        record.set_tag(&k, &v).map_err(|e| e.to_string())?;
    }
    for &action in history {
        let text = game.action_text(action);
        let comment = game.apply_commented(action).map_err(|e| e.to_string())?;
        record
            .push_commented(text, comment)
            .map_err(|e| e.to_string())?;
    }
    if game.turn() == Turn::Terminal {
        record
            .set_tag("Result", &result_text(game.returns()))
            .map_err(|e| e.to_string())?;
    }
    Ok(record)
}

/// The partie replayed from the start through `history`.
fn rebuild(
    options: GameOptions,
    history: &[Action],
) -> Result<TrictracGame<DefaultScorer>, CliError> {
    let mut game = TrictracGame::new(DefaultScorer::default(), options);
    for &action in history {
        game.apply(action)
            .map_err(|e| CliError::Output(format!("replaying the partie: {e}")))?;
    }
    Ok(game)
}

/// A human plays a partie ordinaire against the bot, dice from the seed.
pub(crate) fn play(how: TrictracPlay) -> Result<(), CliError> {
    if how.trous == 0 {
        return Err(CliError::input("--trous", "a partie needs at least 1 trou"));
    }
    let options = GameOptions {
        pavillon: how.pavillon,
        trous_to_win: how.trous,
        ..GameOptions::default()
    };
    let mut game = TrictracGame::new(DefaultScorer::default(), options);
    let mut bot = Bot::default();
    let mut rng = Seed(how.seed).rng();
    // Every action since the start (for undo and save), and the throws taken back by an
    // undo, which fall again in the same order.
    let mut history: Vec<Action> = Vec::new();
    // Who chose each action of `history` (`None` for the dice).
    let mut chooser: Vec<Option<Colour>> = Vec::new();
    let mut again: VecDeque<Action> = VecDeque::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let human = how.human;
    outln!(
        "Partie ordinaire to {} trous{}: you are {human}, the bot is {}. Type help for help.",
        how.trous,
        if how.pavillon {
            " with the pavillon"
        } else {
            ""
        },
        human.other()
    );
    out!(
        "{}",
        crate::color::trictrac(&diagram(game.position().board()))
    );
    loop {
        let action = match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut outcomes);
                let replayed = again
                    .pop_front()
                    .filter(|a| outcomes.iter().any(|(o, _)| o == a));
                match replayed.or_else(|| sample_chance(&outcomes, &mut rng)) {
                    Some(a) => a,
                    None => break,
                }
            }
            Turn::Player(p) if colour_of(p) != human => {
                game.legal_actions(&mut legal);
                bot.choose(&game, &legal)
            }
            Turn::Player(_) => {
                game.legal_actions(&mut legal);
                let list = |game: &TrictracGame<DefaultScorer>, legal: &[Action]| {
                    let mut s = String::new();
                    for (i, &a) in legal.iter().enumerate() {
                        s.push_str(&format!("  {}. {}\n", i + 1, game.action_text(a)));
                    }
                    s
                };
                outln!("Marks: {}", marks_for_people(&game));
                out!("{}", list(&game, &legal));
                let chosen = loop {
                    prompt(&format!("{human}> "))?;
                    let Some(line) = read_line(&mut input)? else {
                        outln!("\nEnd of input: partie abandoned.");
                        return Ok(());
                    };
                    let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
                    match (word, rest.trim()) {
                        ("", _) => {}
                        ("quit" | "exit", "") => {
                            outln!("Partie abandoned.");
                            return Ok(());
                        }
                        ("help" | "?", "") => outln!("{HELP}"),
                        ("board", "") => out!(
                            "{}",
                            crate::color::trictrac(&diagram(game.position().board()))
                        ),
                        ("position", "") => outln!("{}", game.position()),
                        ("moves", "") => out!("{}", list(&game, &legal)),
                        ("hint", "") => out!("{}", hint(&game, &legal, &mut bot)),
                        ("save", "") => outln!("save needs a file name: save FILE"),
                        ("save", file) => {
                            match record_of(options, how.seed, &history).and_then(|r| {
                                std::fs::write(Path::new(file), r.to_string())
                                    .map_err(|e| e.to_string())
                            }) {
                                Ok(()) => outln!("Saved the partie so far to {file}."),
                                Err(e) => outln!("Cannot save to {file}: {e}"),
                            }
                        }
                        ("undo", "") => {
                            // Back to the human's last decision: it and everything after it
                            // (the bot's reply) are taken back; the throws come again.
                            let last = chooser.iter().rposition(|&c| c == Some(human));
                            match last {
                                None => outln!("Nothing to undo."),
                                Some(at) => {
                                    chooser.truncate(at);
                                    let undone = history.split_off(at);
                                    for a in undone.into_iter().rev() {
                                        if matches!(a, Action::Throw(_) | Action::PrimauteDie(_)) {
                                            again.push_front(a);
                                        }
                                    }
                                    game = rebuild(options, &history)?;
                                    outln!("Took back your last decision and the bot's reply.");
                                    out!(
                                        "{}",
                                        crate::color::trictrac(&diagram(game.position().board()))
                                    );
                                    break None;
                                }
                            }
                        }
                        _ => match understand(&game, &legal, &line) {
                            Ok(a) => break Some(a),
                            Err(e) => outln!("{e}"),
                        },
                    }
                };
                match chosen {
                    Some(a) => a,
                    None => continue,
                }
            }
        };
        let text = game.action_text(action);
        let mover = game.position().side_to_move();
        let chose = match game.turn() {
            Turn::Player(p) => Some(colour_of(p)),
            _ => None,
        };
        let comment = game
            .apply_commented(action)
            .map_err(|e| CliError::Output(format!("refused {text}: {e}")))?;
        history.push(action);
        chooser.push(chose);
        // The comment ends with the marks in the notation's form; they are printed in words.
        let events = comment
            .rfind("marks ")
            .filter(|&at| at == 0 || comment[..at].ends_with("; "))
            .map_or(comment.as_str(), |at| comment[..at].trim_end_matches("; "));
        match action {
            Action::Throw(t) => {
                let prefix = format!("{mover} throws {}", t.name());
                let events = events.strip_prefix(&prefix).unwrap_or(events);
                let events = events.strip_prefix("; ").unwrap_or(events);
                let events = if events.is_empty() {
                    "nothing scores"
                } else {
                    events
                };
                outln!("{mover} throws {t} ({}): {events}", t.name());
            }
            Action::Play(_) => {
                if events.is_empty() {
                    outln!("{mover} plays {text}");
                } else {
                    outln!("{mover} plays {text}; {events}");
                }
                out!(
                    "{}",
                    crate::color::trictrac(&diagram(game.position().board()))
                );
            }
            _ if events.is_empty() => outln!("{text}"),
            _ => outln!("{text}: {events}"),
        }
    }
    match game.winner() {
        Some(w) => outln!(
            "{w} wins the partie{}. Marks: {}",
            if w == human { " (you)" } else { " (the bot)" },
            marks_for_people(&game)
        ),
        None => outln!("The partie did not end."),
    }
    Ok(())
}
