//! The heuristic bot: its choices in set positions, its tenir / s'en aller rule, and its
//! record against the random agent with the crate's default scorer.

use boardgames_common::{Agent, ByPlayer, Game, RandomAgent, Seed, Throw, play_game};
use trictrac_core::ai::Bot;
use trictrac_core::scoring::{DefaultScorer, RaceScorer};
use trictrac_core::{Action, ChoiceStage, GameOptions, Primaute, TrictracGame};
use trictrac_core::{Colour, Point, Position};

fn throw(s: &str) -> Throw {
    s.parse().unwrap()
}

/// The bot's play for `throw` in `position` (White to move, nothing scored).
fn bot_play(position: &str, t: &str) -> (TrictracGame<RaceScorer>, Action) {
    let options = GameOptions::default().with_primaute(Primaute::Fixed(Colour::White));
    let pos: Position = position.parse().unwrap();
    let mut g = TrictracGame::from_position(RaceScorer, options, pos).unwrap();
    g.apply(Action::Throw(throw(t))).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.len() > 1, "no choice to test");
    let a = Bot::default().choose(&g, &legal);
    (g, a)
}

fn after(g: &TrictracGame<RaceScorer>, a: Action) -> Position {
    let mut g = g.clone();
    g.apply(a).unwrap();
    *g.position()
}

#[test]
fn bot_takes_its_coin() {
    // Two dames on B6 and B7 reach the coin B12 with 6-5 d'emblée.
    let (g, a) = bot_play("B1:w11,B6:w2,B7:w2,N1:b15 w 3/3 0.0/0.0", "6-5");
    let p = after(&g, a);
    assert_eq!(
        p.board().count(Colour::White, Point::b(12).unwrap()),
        2,
        "{a:?}"
    );
}

#[test]
fn bot_covers_a_lone_dame_within_reach_of_the_opponent() {
    // White has four lone dames on B7..B10, within reach of Black's dames on N9 and N10
    // (5 to 9 points away along Black's path); 2-1 can pair them up.
    let (g, a) = bot_play(
        "B1:w11,B7:w1,B8:w1,B9:w1,B10:w1,N1:b11,N9:b2,N10:b2 w 4/4 0.0/0.0",
        "2-1",
    );
    let p = after(&g, a);
    let lone = (1..=12)
        .filter_map(Point::b)
        .filter(|&pt| pt != Point::b(1).unwrap() && p.board().count(Colour::White, pt) == 1)
        .count();
    // Before the play White has four lone dames; the bot pairs them up.
    assert!(lone <= 2, "{a:?} leaves {lone} lone dames: {p}");
}

#[test]
fn bot_chooses_the_best_valued_play() {
    let (g, _) = bot_play("B1:w13,B3:w1,B5:w1,N1:b15 w 2/2 0.0/0.0", "4-3");
    let bot = Bot {
        lookahead: 0,
        ..Bot::default()
    };
    let value = |act: Action| match act {
        Action::Play(p) => bot.value_of_play(&RaceScorer, g.position(), &p),
        _ => f64::NAN,
    };
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let best = legal
        .iter()
        .map(|&x| value(x))
        .fold(f64::NEG_INFINITY, f64::max);
    let mut static_bot = bot;
    let a = static_bot.choose(&g, &legal);
    assert_eq!(value(a), best);
    assert!(legal.len() > 3);
    // With lookahead the choice is still one of the legal plays.
    let b = Bot::default().choose(&g, &legal);
    assert!(legal.contains(&b));
}

#[test]
fn tenir_rule() {
    let bot = Bot::default();
    let start = Position::start();
    // Equal games: hold when the reste is worth what the throw gives the opponent.
    assert!(bot.holds(start.board(), Colour::White, 4, 2, ChoiceStage::BeforePlay));
    assert!(bot.holds(start.board(), Colour::White, 2, 2, ChoiceStage::BeforePlay));
    assert!(!bot.holds(start.board(), Colour::White, 0, 4, ChoiceStage::BeforePlay));
    // After the sortie the dames are relevées either way: reste against pending only.
    assert!(bot.holds(start.board(), Colour::White, 6, 4, ChoiceStage::AfterPlay));
    assert!(!bot.holds(start.board(), Colour::White, 2, 4, ChoiceStage::AfterPlay));
    // A better game makes the bot hold even when the throw gives the opponent more.
    let good: Position = "B1:w3,B7:w2,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,N1:b15 w 9/9 0.0/0.0"
        .parse()
        .unwrap();
    assert!(bot.holds(good.board(), Colour::White, 0, 4, ChoiceStage::BeforePlay));
    assert!(!bot.holds(good.board(), Colour::Black, 4, 0, ChoiceStage::BeforePlay));
}

/// Parties ordinaires won by the bot out of `n` against the random agent, alternating colours.
fn bot_wins(n: u64, seed: u64) -> u64 {
    let mut wins = 0;
    for i in 0..n {
        // The figures in
        // [trictrac-marking.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-marking.md) were measured with this primauté.
        let options = GameOptions::default().with_primaute(Primaute::OneDieEach);
        let game = TrictracGame::new(options);
        let mut bot = Bot::default();
        let mut random = RandomAgent::new(Seed(seed).derive(2 * i));
        let bot_first = i % 2 == 0;
        let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> = if bot_first {
            ByPlayer::new(&mut bot, &mut random)
        } else {
            ByPlayer::new(&mut random, &mut bot)
        };
        let played = play_game(game, Seed(seed).derive(2 * i + 1), agents, 2_000_000).unwrap();
        let r = played.state.returns();
        let bot_return = if bot_first { r.first } else { r.second };
        if bot_return > 0.0 {
            wins += 1;
        }
    }
    wins
}

/// A clear margin over the random agent with whatever scorer is the crate default: at least
/// 14 of 20 parties (chance gives 10 ± 2.2).
#[test]
fn bot_beats_the_random_agent() {
    let n = 20;
    let wins = bot_wins(n, 2024);
    assert!(wins >= 14, "bot won only {wins} of {n}");
}

/// The issue's target (at least 95% of 200 parties) on a smaller sample: 19 of 20, with the
/// full scoring of the jans (the default scorer). The full figure, 200 of 200, is in
/// [trictrac-marking.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-marking.md).
#[test]
fn bot_reaches_the_issue_target() {
    let n = 20;
    let wins = bot_wins(n, 4048);
    assert!(wins >= 19, "bot won only {wins} of {n}");
}
