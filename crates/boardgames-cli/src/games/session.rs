//! The session of a human against the bot at trictrac in the terminal, for both forms
//! (`play trictrac` and its partie à écrire): the dice, the bot, the questions to the human,
//! `undo`, `hint`, `save FILE`, `load FILE`, `moves`, `position`, plays typed with or without
//! their throw.

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use boardgames_common::{
    Agent, PlayedGame, Player, Record, ReplayOptions, ReplaySteps, Seed, SeedRng, Turn,
    sample_chance,
};
use trictrac_core::ai::Bot;
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{Action, ActionComment, TurnPhase};
use trictrac_core::{Chronology, Form, action_text};

use crate::games::bots::Advisor;
use crate::games::trictrac::{SessionGame, board};
use crate::io::error::CliError;
use crate::io::files::Files;
use crate::io::prompt::{prompt, read_line};

/// The help of both forms after the form's own: how plays are typed, and the commands.
const COMMANDS: &str = "\
When asked for a play, type its number in the list, or the play as written there, with or
without its throw (6-5: B1-B7, B1-B6 or B1-B7 B1-B6; a single dame tout d'une: B1-B12).
Commands: moves (the list again), board, position (the position in trictrac notation),
hint (the bot's choice for you, and the points of each candidate), undo (take back your
last decision and the bot's reply; the dice stay as they fell), save FILE (the record so
far, for `boardgames replay`), load FILE (go on from a record saved so; the dice that follow
are those of its seed), help, quit.";

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
fn understand<F: Form>(
    turns: &Chronology<DefaultScorer, F>,
    legal: &[Action],
    text: &str,
) -> Result<Action, String> {
    if let Ok(n) = text.parse::<usize>() {
        return legal
            .get(n.wrapping_sub(1))
            .copied()
            .ok_or_else(|| format!("Choose a number from 1 to {}.", legal.len()));
    }
    if let Ok(a) = turns.parse_action(text) {
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
        .map(|&a| (a, moves_of(&action_text(a))))
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

/// What the human's turn gave [`TrictracSession::next`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The next action, of the dice, the bot or the human.
    Action(Action),
    /// The human took back his last decision: the game is the one before it.
    Undone,
    /// The game is over.
    Over,
    /// The human quit, or the input ended (already said).
    Abandoned,
}

/// A game of a human against the bot in the terminal: the dice from the seed (those taken
/// back by an undo fall again in the same order), the bot's decisions, and the questions to
/// the human with the commands both forms share.
#[derive(Debug)]
pub struct TrictracSession<G: SessionGame> {
    start: G,
    seed: u64,
    human: Player,
    game: G,
    bot: Box<dyn Advisor<G>>,
    rng: SeedRng,
    /// Every action since the start (for undo and save).
    history: Vec<Action>,
    /// Who chose each action of `history` (`None` for the dice).
    chooser: Vec<Option<Player>>,
    /// The throws taken back by an undo, in the order they fall again.
    again: VecDeque<Action>,
    legal: Vec<Action>,
    outcomes: Vec<(Action, f64)>,
}

// By hand: the bot is cloned through its box.
impl<G: SessionGame> Clone for TrictracSession<G> {
    fn clone(&self) -> TrictracSession<G> {
        TrictracSession {
            start: self.start.clone(),
            seed: self.seed,
            human: self.human,
            game: self.game.clone(),
            bot: self.bot.clone(),
            rng: self.rng.clone(),
            history: self.history.clone(),
            chooser: self.chooser.clone(),
            again: self.again.clone(),
            legal: self.legal.clone(),
            outcomes: self.outcomes.clone(),
        }
    }
}

impl<G: SessionGame> TrictracSession<G>
where
    Bot: Agent<G>,
{
    /// `human` plays `start` against the bot, dice from `seed`.
    pub fn new(start: G, seed: u64, human: Player) -> TrictracSession<G> {
        TrictracSession {
            game: start.clone(),
            start,
            seed,
            human,
            bot: Box::new(Bot::default()),
            rng: Seed(seed).rng(),
            history: Vec::new(),
            chooser: Vec::new(),
            again: VecDeque::new(),
            legal: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// The same session against `bot` instead of the heuristic.
    pub(crate) fn with_bot(mut self, bot: Box<dyn Advisor<G>>) -> TrictracSession<G> {
        self.bot = bot;
        self
    }

    /// The game in play.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// The dice seed (the record's, after a `load`).
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The next action: the dice, the bot's, or the human's (asked on `input`, answered on
    /// `out`; `save` and `load` through `files`).
    ///
    /// # Errors
    /// [`CliError`] when `input` cannot be read or `out` written, or a replay after an undo
    /// fails.
    pub fn next(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        files: &mut dyn Files,
    ) -> Result<Next, CliError> {
        match self.game.turn() {
            Turn::Terminal => Ok(Next::Over),
            Turn::Chance => {
                self.game.chance_outcomes(&mut self.outcomes);
                let outcomes = &self.outcomes;
                let replayed = self
                    .again
                    .pop_front()
                    .filter(|a| outcomes.iter().any(|(o, _)| o == a));
                Ok(replayed
                    .or_else(|| sample_chance(outcomes, &mut self.rng))
                    .map_or(Next::Over, Next::Action))
            }
            Turn::Player(p) if p != self.human => {
                self.game.legal_actions(&mut self.legal);
                Ok(Next::Action(self.bot.choose(&self.game, &self.legal)))
            }
            Turn::Player(_) => self.ask(input, out, files),
        }
    }

    /// Applies `action` and returns what it said (its `Display` is the record's comment).
    ///
    /// # Errors
    /// [`CliError::Output`] if the game refuses it (a bug).
    pub fn apply(&mut self, action: Action) -> Result<ActionComment, CliError> {
        let chose = match self.game.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        };
        let said = self.game.apply_described(action).map_err(|e| {
            CliError::Output(format!("refused {}: {e}", self.game.action_text(action)))
        })?;
        self.history.push(action);
        self.chooser.push(chose);
        Ok(said)
    }

    fn list(&self) -> String {
        let mut s = String::new();
        for (i, &a) in self.legal.iter().enumerate() {
            s.push_str(&format!("  {}. {}\n", i + 1, action_text(a)));
        }
        s
    }

    /// Asks the human until he chooses, undoes, loads or quits.
    fn ask(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        files: &mut dyn Files,
    ) -> Result<Next, CliError> {
        self.game.legal_actions(&mut self.legal);
        outln!(to out; "{}", self.game.marks());
        out!(to out; "{}", self.list());
        loop {
            prompt(out, &self.game.prompt(self.human))?;
            let Some(line) = read_line(input)? else {
                outln!(to out; "\nEnd of input: partie abandoned.");
                return Ok(Next::Abandoned);
            };
            let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            match (word, rest.trim()) {
                ("", _) => {}
                ("quit" | "exit", "") => {
                    outln!(to out; "Partie abandoned.");
                    return Ok(Next::Abandoned);
                }
                ("help" | "?", "") => outln!(to out; "{}\n{COMMANDS}", G::HELP),
                ("moves", "") => out!(to out; "{}", self.list()),
                ("hint", "") => {
                    let choice = self.bot.choose(&self.game, &self.legal);
                    out!(to out; "{}", self.bot.advice(&self.game, &self.legal, choice));
                    let turns = self.game.turns();
                    if let TurnPhase::Choice { mover, .. } = turns.phase()
                        && let Some(note) = self.game.choice_note(mover)
                    {
                        outln!(to out; "  {note}");
                    }
                }
                _ => match self.shared_command(word, rest.trim(), &line, false, out, files)? {
                    Some(true) => return Ok(Next::Undone),
                    Some(false) => {}
                    None => match understand(self.game.turns(), &self.legal, &line) {
                        Ok(a) => return Ok(Next::Action(a)),
                        Err(e) => outln!(to out; "{e}"),
                    },
                },
            }
        }
    }

    /// The commands of a question and of the end alike: `board`, `position`, `save FILE`,
    /// `load FILE`, `undo` and the form's own (`sheet`); `over` when the partie is over.
    /// `None` when `line` is none of them; `Some(true)` when an undo took back a decision or
    /// a load replaced the partie.
    fn shared_command(
        &mut self,
        word: &str,
        rest: &str,
        line: &str,
        over: bool,
        out: &mut impl Write,
        files: &mut dyn Files,
    ) -> Result<Option<bool>, CliError> {
        match (word, rest) {
            ("board", "") => out!(to out; "{}", board(&self.game)),
            ("position", "") => outln!(to out; "{}", self.game.turns().position()),
            ("save", "") => outln!(to out; "save needs a file name: save FILE"),
            ("load", "") => outln!(to out; "load needs a file name: load FILE"),
            ("save", file) => match self.record().and_then(|r| files.save(file, &r.to_string())) {
                Ok(()) if over => outln!(to out; "Saved the partie to {file}."),
                Ok(()) => outln!(to out; "Saved the partie so far to {file}."),
                Err(e) => outln!(to out; "Cannot save to {file}: {e}"),
            },
            ("load", file) => match files.load(file).and_then(|text| self.load(&text)) {
                Ok(()) => {
                    outln!(to out;
                        "Loaded {file}: {} actions played.",
                        self.history.len()
                    );
                    out!(to out; "{}", board(&self.game));
                    return Ok(Some(true));
                }
                Err(e) => outln!(to out; "Cannot load {file}: {e}"),
            },
            ("undo", "") => {
                if self.undo()? {
                    if over {
                        outln!(to out; "Took back your last decision and what followed it.");
                    } else {
                        outln!(to out; "Took back your last decision and the bot's reply.");
                    }
                    out!(to out; "{}", board(&self.game));
                    return Ok(Some(true));
                }
                outln!(to out; "Nothing to undo.");
            }
            _ => match self.game.command(line) {
                Some(answer) => out!(to out; "{answer}"),
                None => return Ok(None),
            },
        }
        Ok(Some(false))
    }

    /// After the end of the partie: the human may still save its record, look at the board
    /// or the position, or undo his last decision (play then resumes: [`Next::Undone`]),
    /// until `quit` or the end of input ([`Next::Over`]).
    ///
    /// # Errors
    /// [`CliError`] when `input` cannot be read or `out` written, or a replay after an undo
    /// fails.
    pub fn after_the_end(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        files: &mut dyn Files,
    ) -> Result<Next, CliError> {
        const OVER: &str = "The partie is over: save FILE keeps its record, undo takes back \
your last decision; board, position, load FILE, quit.";
        outln!(to out; "{OVER}");
        loop {
            prompt(out, "over> ")?;
            let Some(line) = read_line(input)? else {
                outln!(to out;);
                return Ok(Next::Over);
            };
            let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            match (word, rest.trim()) {
                ("", _) => {}
                ("quit" | "exit", "") => return Ok(Next::Over),
                _ => match self.shared_command(word, rest.trim(), &line, true, out, files)? {
                    Some(true) => return Ok(Next::Undone),
                    Some(false) => {}
                    None => outln!(to out; "{OVER}"),
                },
            }
        }
    }

    /// The game so far as a record that `boardgames replay` reads: the `Seed`, the game's
    /// tags, every action with its comment, and the `Result` (`*` before the end).
    ///
    /// # Errors
    /// An action the game refuses on the replay (a bug).
    pub fn record(&self) -> Result<Record, String> {
        let mut played = PlayedGame::new(self.start.clone(), Some(Seed(self.seed)))
            .map_err(|e| e.to_string())?;
        for &action in &self.history {
            played.apply(action).map_err(|e| e.to_string())?;
        }
        Ok(played.to_record())
    }

    /// Goes on from the record `text` (one that `save` wrote, or any record of this
    /// session's partie: the same tags of the form): its actions are replayed from the
    /// start, and the dice that follow are those of its `Seed` (this session's when it has
    /// none) after as many throws as it holds, so that a partie saved and loaded falls on
    /// the same dice as one played on (an undo's throws fall again in the same order
    /// too). The human keeps his side. On an error nothing changes.
    ///
    /// # Errors
    /// A message for the person: the text is not a record, is of another game or another
    /// partie (its tags differ), an action does not replay, or its `Result` tag is not the
    /// replayed partie's (the checks of the one replay loop, `ReplaySteps`).
    pub fn load(&mut self, text: &str) -> Result<(), String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        if let Some(name) = record.tag("Game")
            && !boardgames_common::names_game(name, G::NAME)
        {
            return Err(format!("the record is of {name:?}, not of {:?}", G::NAME));
        }
        for (tag, value) in self.start.record_tags() {
            let found = record.tag(&tag);
            if found != Some(value.as_str()) {
                return Err(format!(
                    "the record's {tag} is {}, this session plays {value:?}",
                    found.map_or_else(|| "missing".to_owned(), |f| format!("{f:?}"))
                ));
            }
        }
        let seed = record
            .seed()
            .map_err(|e| format!("{e}"))?
            .map_or(self.seed, |s| s.0);
        let mut loaded = TrictracSession::new(self.start.clone(), seed, self.human);
        // The family's one replay loop (its checks, the `Result` tag's too), from this
        // session's start (the record's tags are checked above).
        let start = self.start.clone();
        let mut walk = ReplaySteps::new(&record, &ReplayOptions::default(), |_| {
            Ok::<G, std::convert::Infallible>(start)
        })
        .map_err(|e| format!("{e}"))?;
        loop {
            let turn = walk.state().turn();
            if turn == Turn::Chance {
                // The dice of the seed move on by one throw, as if it had fallen here.
                walk.state().chance_outcomes(&mut loaded.outcomes);
                let _ = sample_chance(&loaded.outcomes, &mut loaded.rng);
            }
            let Some(step) = walk.step().map_err(|e| format!("{e}"))? else {
                break;
            };
            loaded.history.push(step.action);
            loaded.chooser.push(match turn {
                Turn::Player(p) => Some(p),
                _ => None,
            });
        }
        loaded.game = walk.into_state();
        *self = loaded;
        Ok(())
    }

    /// Takes back the human's last decision and everything after it (the bot's reply); the
    /// throws taken back fall again. `false` when the human has not decided yet.
    fn undo(&mut self) -> Result<bool, CliError> {
        let Some(at) = self.chooser.iter().rposition(|&c| c == Some(self.human)) else {
            return Ok(false);
        };
        self.chooser.truncate(at);
        let undone = self.history.split_off(at);
        for a in undone.into_iter().rev() {
            if matches!(a, Action::Throw(_) | Action::PrimauteDie(_)) {
                self.again.push_front(a);
            }
        }
        let mut game = self.start.clone();
        for &action in &self.history {
            game.apply(action)
                .map_err(|e| CliError::Output(format!("replaying the partie: {e}")))?;
        }
        self.game = game;
        Ok(true)
    }
}
