//! Tafl self-play: the searchers of a game seeded `s` draw from `s.derive(1)` (attacking)
//! and `s.derive(2)` (defending), game `i` of a run is its side and seed, a game survives
//! its log line, the tally and the JSON count every game.

use std::time::Duration;

use boardgames_arena::NoClock;
use boardgames_arena::selfplay::{SelfPlay, SelfPlayGame, SelfPlayTally};
use boardgames_common::{ByPlayer, Seed, play_game};
use tafl_core::ai::{Level, Searcher};
use tafl_core::{BySide, Ruleset, Side, TaflGame};

#[test]
fn a_game_is_play_game_between_the_seeds_streams() {
    let ruleset = Ruleset::brandubh();
    for seed in [1u64, 2, 3] {
        let seed = Seed(seed);
        let g = SelfPlayGame::play(
            &ruleset,
            BySide::new(Level::Bard.config(), Level::Ovate.config()),
            seed,
            300,
            &NoClock,
        );
        let mut attacking = Searcher::for_level(Level::Bard, seed.derive(1));
        let mut defending = Searcher::for_level(Level::Ovate, seed.derive(2));
        let played = play_game(
            TaflGame::new(ruleset.clone()),
            seed,
            ByPlayer::new(&mut attacking, &mut defending),
            300,
        );
        let (winner, plies) = match &played {
            Ok(p) => (p.state.status().winner(), p.state.plies()),
            Err(_) => (None, 300),
        };
        assert_eq!((g.winner, g.plies), (winner, plies), "seed {}", seed.0);
        assert_eq!(
            g.nodes,
            BySide::new(attacking.nodes_searched(), defending.nodes_searched())
        );
        assert_eq!(g.time, BySide::new(Duration::ZERO, Duration::ZERO));
        assert!(g.first_attacks);
    }
}

#[test]
fn a_run_alternates_sides_and_counts_its_games() {
    assert_eq!(
        SelfPlay::new((Level::Bard, Level::Druid), None, 0, 1, 10)
            .unwrap_err()
            .to_string(),
        "--games: must be at least 1"
    );
    assert_eq!(
        SelfPlay::new((Level::Bard, Level::Druid), None, 1, 1, 0)
            .unwrap_err()
            .to_string(),
        "--max-plies: must be at least 1"
    );
    let run = SelfPlay::new((Level::Bard, Level::Druid), Some("brandubh"), 2, 10, 200).unwrap();
    assert_eq!(
        run.clone().with_nodes((0, 5)).unwrap_err().to_string(),
        "--nodes: budgets must be at least 1 node"
    );
    let run = run.with_nodes((200, 300)).unwrap();
    assert_eq!(run.total(), 4);
    assert_eq!(
        (0..4).map(|i| run.game_of(i)).collect::<Vec<_>>(),
        [(true, 10), (false, 10), (true, 11), (false, 11)]
    );
    let games: Vec<SelfPlayGame> = (0..4).map(|i| run.play(i, &NoClock)).collect();
    assert_eq!(
        games
            .iter()
            .map(|g| (g.first_attacks, g.seed))
            .collect::<Vec<_>>(),
        [(true, 10), (false, 10), (true, 11), (false, 11)]
    );
    // Game 1 is the same seed with the levels' sides swapped.
    let [first, second] = *run.configs();
    let swapped = SelfPlayGame::play(
        run.ruleset(),
        BySide::new(second, first),
        Seed(10),
        200,
        &NoClock,
    );
    assert_eq!(
        (games[1].winner, games[1].plies),
        (swapped.winner, swapped.plies)
    );
    let mut tally = SelfPlayTally::default();
    for g in &games {
        tally.add(g);
    }
    assert_eq!(tally.both().games(), 4);
    assert_eq!(tally.first.attackers.games(), 2);
    assert_eq!(
        tally.plies,
        games.iter().map(|g| u64::from(g.plies)).sum::<u64>()
    );
    let v = run.to_json(&tally, 1.5);
    assert_eq!(v["game"], "tafl");
    assert_eq!(v["levels"], serde_json::json!(["Bard", "Druid"]));
    assert_eq!(v["nodes_per_move"], serde_json::json!([200, 300]));
    assert_eq!(v["games_per_side"], 2);
    assert_eq!(v["first_total"]["games"], 4);
    assert_eq!(v["wall_seconds"], 1.5);
    assert!(run.pairing_key().contains("nodes=200"));
}

#[test]
fn a_game_survives_its_log_line() {
    let g = SelfPlayGame {
        first_attacks: false,
        seed: 77,
        winner: Some(Side::Defenders),
        plies: 41,
        nodes: BySide::new(1000, 2000),
        time: BySide::new(Duration::from_millis(250), Duration::from_millis(500)),
    };
    let line = g.to_log_line("pairing A");
    assert_eq!(SelfPlayGame::from_log_line("pairing A", &line), Some(g));
    assert_eq!(SelfPlayGame::from_log_line("pairing B", &line), None);
    assert_eq!(SelfPlayGame::from_log_line("pairing A", "{\"torn"), None);
}
