//! Tournaments: the checks of their arguments, each game a function of its fixture (agent
//! `i` seeded with the fixture's seed derived by `i`), the tally and the JSON.

use boardgames_arena::NoClock;
use boardgames_arena::tournament::{DecisionTimes, Tournament, TournamentGame};
use boardgames_common::tournament::ResultTable;
use boardgames_common::{ByPlayer, Game, RandomAgent, play_game};
use tafl_core::ai::{Level, Searcher};
use tafl_core::{Ruleset, TaflGame};

fn names(agents: &[&str]) -> Vec<String> {
    agents.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn bad_tournaments_name_the_option() {
    let err = |game, agents: &[&str], rounds, trous, rules| {
        Tournament::new(game, &names(agents), rounds, 1, trous, rules)
            .unwrap_err()
            .to_string()
    };
    use TournamentGame::{Tafl, Trictrac};
    assert_eq!(
        err(Trictrac, &["random", "bot"], 0, None, None),
        "--games: must be at least 1"
    );
    assert_eq!(
        err(Trictrac, &["random", " random"], 1, None, None),
        "--agents: random is named twice"
    );
    assert_eq!(
        err(Trictrac, &["random"], 1, None, None),
        "--agents: name at least two agents"
    );
    assert_eq!(
        err(Trictrac, &["random", "druid"], 1, None, None),
        "--agents: druid plays tafl only"
    );
    assert_eq!(
        err(Tafl, &["random", "bot"], 1, None, None),
        "--agents: bot plays trictrac only"
    );
    assert_eq!(
        err(Trictrac, &["random", "bot"], 1, Some(0), None),
        "--trous: must be at least 1"
    );
    assert_eq!(
        err(Trictrac, &["random", "bot"], 1, None, Some("brandubh")),
        "--rules: is for tafl; trictrac takes --trous"
    );
    assert_eq!(
        err(Tafl, &["random", "bard"], 1, Some(3), None),
        "--trous: is for trictrac; tafl takes --rules"
    );
    assert!(err(Tafl, &["random", "bard"], 1, None, Some("nonesuch")).starts_with("--rules: "));
    assert_eq!(
        err(Tafl, &["random", "bard"], 1 << 25, None, None),
        "--games: more than 67108864 games in one tournament"
    );
}

#[test]
fn agent_i_of_a_fixture_plays_from_the_fixture_seed_derived_by_i() {
    let t = Tournament::new(
        TournamentGame::Tafl,
        &names(&["random", "bard", "mcts:5"]),
        1,
        42,
        None,
        Some("brandubh"),
    )
    .unwrap();
    assert_eq!(t.names(), ["random", "bard", "mcts:5"]);
    assert_eq!(t.fixtures().len(), 6);
    assert_eq!(
        (t.seed(), t.rounds(), t.game()),
        (42, 1, TournamentGame::Tafl)
    );
    let start = TaflGame::new(Ruleset::brandubh());
    for f in t.fixtures() {
        if f.first == 2 || f.second == 2 {
            continue;
        }
        // The random player (agent 0) and the bard (agent 1), by hand.
        let result = t.play(f, true, &NoClock);
        let mut random = RandomAgent::new(f.seed.derive(0));
        let mut bard = Searcher::for_level(Level::Bard, f.seed.derive(1));
        let agents: ByPlayer<&mut dyn boardgames_common::Agent<TaflGame>> = if f.first == 0 {
            ByPlayer::new(&mut random, &mut bard)
        } else {
            ByPlayer::new(&mut bard, &mut random)
        };
        let played = play_game(start.clone(), f.seed, agents, 200_000).unwrap();
        assert_eq!(result.record, Some(played.record.to_string()));
        assert_eq!(result.length, played.record.entries().len());
        assert_eq!(result.returns, Game::returns(&played.state));
    }
}

#[test]
fn the_tally_and_the_json_count_every_game() {
    let t = Tournament::new(
        TournamentGame::Trictrac,
        &names(&["random", "bot"]),
        2,
        7,
        Some(1),
        None,
    )
    .unwrap();
    let results: Vec<_> = t
        .fixtures()
        .iter()
        .map(|f| t.play(f, false, &NoClock))
        .collect();
    assert!(results.iter().all(|r| r.record.is_none()));
    let mut table = ResultTable::new(2);
    let mut time = [DecisionTimes::default(); 2];
    let mut lengths = Vec::new();
    t.tally(0, &results, &mut table, &mut time, &mut lengths);
    assert_eq!(lengths.iter().sum::<u64>(), 4);
    // No clock: the decisions are counted, their time is zero.
    assert!(
        time.iter()
            .all(|t| t.decisions > 0 && t.nanos == 0 && t.longest == 0)
    );
    let v = t.to_json(&table).unwrap();
    assert_eq!(v["game"], "trictrac");
    assert_eq!(v["seed"], 7);
    assert_eq!(v["rounds_per_pair"], 2);
    assert_eq!(v["pairs"][0]["games"], 4);
    assert_eq!(v["pairs"][0]["agent"], "random");
    let pair = &v["pairs"][0];
    let results = ["wins", "draws", "losses"].map(|k| pair[k].as_u64().unwrap());
    assert_eq!(results.iter().sum::<u64>(), 4);
    assert_eq!(v["elo"][1]["results"]["wins"], pair["losses"]);
}

#[test]
fn times_add_up() {
    let mut a = DecisionTimes {
        nanos: 5,
        decisions: 2,
        longest: 4,
    };
    a.add(DecisionTimes {
        nanos: 7,
        decisions: 1,
        longest: 7,
    });
    assert_eq!(
        a,
        DecisionTimes {
            nanos: 12,
            decisions: 3,
            longest: 7
        }
    );
    assert_eq!(a.to_json(), serde_json::json!([12, 3, 7]));
}
