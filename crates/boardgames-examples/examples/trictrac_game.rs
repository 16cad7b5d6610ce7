//! A seeded partie ordinaire of trictrac between two bots (the heuristic ones by default, or
//! the TD-trained ones: `--white tdbot --black bot`), printed turn by turn in trictrac style:
//! the throw with its traditional name, the events and points, the marks, the decisions and
//! the play; the board every few throws.
//!
//! ```text
//! cargo run --example trictrac_game -- --seed 7 [--pavillon] [--trous 12] [--board-every 10] [--white tdbot]
//! ```

use boardgames::common::{ByPlayer, Game, Playout, Seed};
use boardgames::trictrac::Colour;
use boardgames::trictrac::{Action, ActionComment, GameOptions, Primaute, TrictracGame};
use boardgames_arena::agents::{AgentBuilder, AgentSpec, GameKind};
use boardgames_examples::parse_seed;
use clap::Parser;

#[macro_use]
#[path = "common/output.rs"]
mod output;

struct Args {
    seed: u64,
    pavillon: bool,
    trous: u8,
    board_every: u32,
    bots: (AgentBuilder, AgentBuilder),
}

/// A player of the partie ordinaire by its name in the agents' vocabulary (`bot`,
/// `searchbot`, `tdbot`, `tdsearchbot`, `tdbot:FILE`, `random`, `mcts:N`, `expecti:D`, ...),
/// made ready (a weights file read).
fn parse_agent(text: &str) -> Result<AgentBuilder, String> {
    let spec: AgentSpec = text.parse().map_err(|e| format!("{e}"))?;
    let spec = spec
        .for_game(GameKind::Trictrac)
        .map_err(|e| e.to_string())?;
    AgentBuilder::new(spec).map_err(|e| e.to_string())
}

/// A seeded partie ordinaire of trictrac between two heuristic bots, printed turn by turn.
#[derive(Debug, Parser)]
#[command(name = "trictrac_game")]
struct Cli {
    /// The seed of the dice (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// Play with the pavillon (the first to win a trou holds it).
    #[arg(long)]
    pavillon: bool,
    /// Trous that win the partie (at least 1).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..))]
    trous: u8,
    /// Print the board after every N throws (0: never).
    #[arg(long, default_value_t = 10)]
    board_every: u32,
    /// White's player: bot, searchbot, tdbot, tdsearchbot (tdbot:FILE, tdsearchbot:FILE
    /// with a weights file), random, mcts:N or expecti:D.
    #[arg(long, default_value = "bot", value_parser = parse_agent)]
    white: AgentBuilder,
    /// Black's player, as White's.
    #[arg(long, default_value = "bot", value_parser = parse_agent)]
    black: AgentBuilder,
}

fn parse_args() -> Args {
    let cli = Cli::parse();
    Args {
        seed: cli.seed.0,
        pavillon: cli.pavillon,
        trous: cli.trous,
        board_every: cli.board_every,
        bots: (cli.white, cli.black),
    }
}

/// More actions than any partie needs: a bound, not a rule.
const MAX_ACTIONS: usize = 1_000_000;

fn fail(e: &dyn std::fmt::Display) -> ! {
    eprintln!("error: {e}");
    std::process::exit(1);
}

fn main() {
    let args = parse_args();
    let options = GameOptions::default()
        .with_primaute(Primaute::OneDieEach)
        .with_pavillon(args.pavillon)
        .with_trous_to_win(args.trous);
    let game = TrictracGame::new(options);
    // Each player draws (if it draws at all) from its own stream of the seed.
    let seed = Seed(args.seed);
    let build =
        |agent: &AgentBuilder, stream| match agent.build::<TrictracGame>(seed.derive(stream)) {
            Ok(a) => a,
            Err(e) => fail(&e),
        };
    let (mut white, mut black) = (build(&args.bots.0, 1), build(&args.bots.1, 2));
    let mut throws = 0u32;
    println!(
        "Partie ordinaire to {} trous, seed {}{}: two bots (White {}, Black {})",
        args.trous,
        args.seed,
        if args.pavillon {
            ", with the pavillon"
        } else {
            ""
        },
        args.bots.0.spec(),
        args.bots.1.spec()
    );
    print!("{}", game.diagram());
    let bots = ByPlayer::new(&mut *white as _, &mut *black as _);
    let mut playout = match Playout::recorded(game, Seed(args.seed), bots, MAX_ACTIONS) {
        Ok(p) => p,
        Err(e) => fail(&e),
    };
    loop {
        // What each action said, in parts: the state before it described again (the record's
        // comment is its `Display`).
        let mut said = playout.state().clone();
        let mover = said.position().side_to_move();
        let action = match playout.next() {
            None => break,
            Some(Ok(step)) => step.action,
            Some(Err(e)) => fail(&e),
        };
        let said = said.apply_described(action).unwrap_or_else(|e| fail(&e));
        let game = playout.state();
        let text = game.action_text(action);
        match action {
            Action::Throw(t) => {
                throws += 1;
                // The first clause is the throw itself.
                let events = in_words(&said, 1);
                println!("{throws:>4}. {mover:<5} {:<15} ({t})  {events}", t.name());
            }
            Action::Play(_) => {
                println!("      {text}  {}", in_words(&said, 0));
                if args.board_every > 0 && throws.is_multiple_of(args.board_every) {
                    print!("{}", game.diagram());
                }
            }
            _ => println!("      {text}: {}", in_words(&said, 0)),
        }
    }
    let game = playout.into_state();
    match game.winner() {
        Some(w) => {
            let loser: Colour = w.other();
            println!(
                "{w} wins the partie {} trous to {} after {throws} throws ({})",
                game.marking().trous(w),
                game.marking().trous(loser),
                if game.returns()[boardgames::common::Player::from(w)] > 1.0 {
                    "bredouille, double"
                } else {
                    "simple"
                }
            );
        }
        None => println!("the partie did not end"),
    }
}

/// What an action said, for people: its clauses from the `skip`-th on, then its marks in words
/// (`White marks 4; marks White 0 trous 4 points en bredouille, Black 0 trous 0 points`).
fn in_words(said: &ActionComment, skip: usize) -> String {
    let mut parts: Vec<String> = said.clauses().iter().skip(skip).cloned().collect();
    parts.push(format!("marks {}", said.marks_in_words()));
    parts.join("; ")
}
