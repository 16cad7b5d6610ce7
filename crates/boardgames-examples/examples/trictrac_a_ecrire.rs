//! A seeded partie à écrire between two bots (the heuristic ones by default, or any player of
//! the partie à écrire by name: `--player-b mcts:50`): each marqué summarised as it ends, the
//! score sheet after each marqué, and the décompte général at the end.
//!
//! ```text
//! cargo run --example trictrac_a_ecrire -- --seed 7 [--marques 8] [--player-a bot] [--player-b random] \
//!     [--convention base|annexe|annexe-geometric|sans-lever] [--jetons-de-marque 2] \
//!     [--fiche 10] [--remainder half-counts|nothing] [--queue-generale 0] \
//!     [--sheet losses|gains] [--throws]
//! ```

use boardgames::common::{ByPlayer, Game, Playout, Seed};
use boardgames::trictrac::Action;
use boardgames::trictrac::ecrire::settlement::{EcrireRules, Remainder};
use boardgames::trictrac::ecrire::{Convention, SheetStyle};
use boardgames::trictrac::{EcrireGame, EcrireOptions};
use boardgames_arena::agents::{AgentBuilder, AgentSpec, GameKind};
use boardgames_examples::parse_seed;
use clap::Parser;

#[macro_use]
#[path = "common/output.rs"]
mod output;

struct Args {
    seed: u64,
    rules: EcrireRules,
    sheet: SheetStyle,
    throws: bool,
    players: (AgentBuilder, AgentBuilder),
}

/// A player of the partie à écrire by its name in the agents' vocabulary (`bot`, `random`,
/// `mcts:N`).
fn parse_agent(text: &str) -> Result<AgentBuilder, String> {
    let spec: AgentSpec = text.parse().map_err(|e| format!("{e}"))?;
    let spec = spec.for_game(GameKind::Ecrire).map_err(|e| e.to_string())?;
    AgentBuilder::new(spec).map_err(|e| e.to_string())
}

/// A seeded partie à écrire between two heuristic bots: each marqué summarised as it ends, the
/// score sheet after each marqué, and the décompte général at the end.
#[derive(Debug, Parser)]
#[command(name = "trictrac_a_ecrire")]
struct Cli {
    /// The seed of the dice (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Seed,
    /// Marqués of the partie (1 to 120: bounded work).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=120))]
    marques: u32,
    /// The convention: base, annexe, annexe-geometric or sans-lever.
    #[arg(long, default_value = "base")]
    convention: Convention,
    /// Jetons de marque: 1 or 2.
    #[arg(long, default_value_t = 2)]
    jetons_de_marque: u32,
    /// The fiche: points of a whole fiche.
    #[arg(long, default_value_t = 10)]
    fiche: u32,
    /// What a remainder under a fiche counts: half-counts or nothing.
    #[arg(long, default_value = "half-counts")]
    remainder: Remainder,
    /// The queue générale (0: none).
    #[arg(long, default_value_t = 0)]
    queue_generale: u64,
    /// The score sheet: losses, or gains and losses.
    #[arg(long, default_value = "losses", value_parser = parse_sheet)]
    sheet: SheetStyle,
    /// Also print every throw, play and decision.
    #[arg(long)]
    throws: bool,
    /// Player A (White in the first marqué): bot, random or mcts:N.
    #[arg(long, default_value = "bot", value_parser = parse_agent)]
    player_a: AgentBuilder,
    /// Player B, as A.
    #[arg(long, default_value = "bot", value_parser = parse_agent)]
    player_b: AgentBuilder,
}

fn parse_sheet(text: &str) -> Result<SheetStyle, String> {
    match text {
        "losses" => Ok(SheetStyle::Losses),
        "gains" => Ok(SheetStyle::GainsAndLosses),
        other => Err(format!("{other:?} is not losses or gains")),
    }
}

fn parse_args() -> Result<Args, String> {
    let cli = Cli::parse();
    let rules = EcrireRules::new(cli.marques)
        .and_then(|r| r.with_jetons_de_marque(cli.jetons_de_marque))
        .and_then(|r| r.with_fiche(cli.fiche, cli.remainder))
        .map(|r| {
            r.with_convention(cli.convention)
                .with_queue_generale(cli.queue_generale)
        })
        .map_err(|e| e.to_string())?;
    Ok(Args {
        seed: cli.seed.0,
        rules,
        sheet: cli.sheet,
        throws: cli.throws,
        players: (cli.player_a, cli.player_b),
    })
}

/// More actions than any partie needs: a bound, not a rule.
const MAX_ACTIONS: usize = 10_000_000;

fn fail(e: &dyn std::fmt::Display) -> ! {
    eprintln!("error: {e}");
    std::process::exit(1);
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let game = EcrireGame::new(EcrireOptions::new(args.rules));
    // Each player draws (if it draws at all) from its own stream of the seed.
    let seed = Seed(args.seed);
    let build = |agent: &AgentBuilder, stream| match agent.build::<EcrireGame>(seed.derive(stream))
    {
        Ok(a) => a,
        Err(e) => fail(&e),
    };
    let (mut a, mut b) = (build(&args.players.0, 1), build(&args.players.1, 2));
    let mut throws = 0u32;
    println!(
        "Partie à écrire in {} marqués, convention {}, seed {}: two bots, A ({}) and B ({}) (A plays White in the first marqué)",
        args.rules.marques(),
        args.rules.convention(),
        args.seed,
        args.players.0.spec(),
        args.players.1.spec()
    );
    let bots = ByPlayer::new(&mut *a as _, &mut *b as _);
    let mut playout = match Playout::recorded(game, Seed(args.seed), bots, MAX_ACTIONS) {
        Ok(p) => p,
        Err(e) => fail(&e),
    };
    loop {
        // What each action said, in parts: the state before it described again (the record's
        // comment is its `Display`).
        let mut said = playout.state().clone();
        let entries = said.ledger().entries().len();
        let action = match playout.next() {
            None => break,
            Some(Ok(step)) => step.action,
            Some(Err(e)) => fail(&e),
        };
        let said = said.apply_described(action).unwrap_or_else(|e| fail(&e));
        let game = playout.state();
        let text = game.action_text(action);
        if matches!(action, Action::Throw(_)) {
            throws += 1;
        }
        if args.throws {
            println!("  {text}: {said}");
        }
        if game.ledger().entries().len() > entries {
            // The clauses after the marks: the end of the marqué and its settlement.
            let last = said
                .after()
                .iter()
                .rev()
                .find(|s| s.contains("marqué"))
                .map_or("", String::as_str);
            println!("after {throws} throws: {last}");
            print!("{}", game.ledger().sheet(args.sheet));
        }
    }
    let game = playout.into_state();
    print!("{}", game.ledger().decompte_text());
}
