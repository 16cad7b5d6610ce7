//! The registry of agents: one vocabulary parsed and written back, the messages of a name
//! refused, which games each agent plays, and agents built for every game from a seed.

use boardgames_arena::agents::{
    AgentBuilder, AgentError, AgentSpec, GameKind, Network, TrictracBot, Weights,
};
use boardgames_common::{ByPlayer, Game, Seed, play_game};
use sugoroku_core::{Ruleset as SugorokuRuleset, SugorokuGame};
use tafl_core::ai::Level;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions, GameOptions, TrictracGame};

#[test]
fn every_name_is_read_and_written_back() {
    let cases = [
        ("random", AgentSpec::Random),
        ("mcts:200", AgentSpec::Mcts(200)),
        ("expecti:3", AgentSpec::Expecti(3)),
        ("bot", AgentSpec::Bot),
        ("searchbot", AgentSpec::SearchBot(None)),
        ("searchbot:4", AgentSpec::SearchBot(Some(4))),
        ("tdbot", AgentSpec::TdBot(Weights::Shipped)),
        (
            "tdbot:w.bin",
            AgentSpec::TdBot(Weights::File("w.bin".into())),
        ),
        ("tdsearchbot", AgentSpec::TdSearchBot(Weights::Shipped)),
        (
            "tdsearchbot:/tmp/net.bin",
            AgentSpec::TdSearchBot(Weights::File("/tmp/net.bin".into())),
        ),
        ("bard", AgentSpec::Level(Level::Bard, None)),
        ("ovate", AgentSpec::Level(Level::Ovate, None)),
        ("druid", AgentSpec::Level(Level::Druid, None)),
        ("druid:5000", AgentSpec::Level(Level::Druid, Some(5000))),
    ];
    for (text, spec) in cases {
        assert_eq!(text.parse::<AgentSpec>(), Ok(spec.clone()), "{text}");
        assert_eq!(spec.to_string(), text);
    }
    // The Breton names and spaces around a name.
    assert_eq!(
        " Drouiz ".parse::<AgentSpec>(),
        Ok(AgentSpec::Level(Level::Druid, None))
    );
    assert_eq!(
        "barzh:10".parse::<AgentSpec>().unwrap().to_string(),
        "bard:10"
    );
}

#[test]
fn a_name_refused_says_what_is_expected() {
    let err = |text: &str| text.parse::<AgentSpec>().unwrap_err().to_string();
    assert_eq!(
        err("alphazero"),
        "unknown agent \"alphazero\": expected random, mcts:N, expecti:D, and bot, searchbot, \
         searchbot:B, tdbot, tdbot:FILE, tdsearchbot, tdsearchbot:FILE (trictrac) or bard, \
         ovate, druid, druid:NODES (tafl)"
    );
    assert_eq!(
        err("mcts:0"),
        "mcts:0: the iterations budget must be at least 1"
    );
    assert_eq!(
        err("mcts:99999999999999999999"),
        "mcts:99999999999999999999: the iterations must be a whole number from 1 to 1000000, like mcts:1000"
    );
    assert_eq!(
        err("mcts:1000001"),
        "mcts:1000001: the iterations must be a whole number from 1 to 1000000, like mcts:1000"
    );
    assert_eq!(
        err("searchbot:x"),
        "searchbot:x: the breadth must be a whole number from 1 to 100000, like searchbot:2"
    );
    assert_eq!(
        err("expecti:-1"),
        "expecti:-1: the depth must be a whole number from 1 to 8, like expecti:2"
    );
    assert_eq!(err("expecti:9"), "expecti:9: depth at most 8");
    assert_eq!(
        err("expecti:0"),
        "expecti:0: the depth budget must be at least 1"
    );
    assert_eq!(
        err("druid:lots"),
        "druid:lots: the nodes must be a whole number from 1 to 100000000, like druid:100000"
    );
    // Every budget is bounded: a named agent's work is finite and of a human's patience.
    assert_eq!(
        err("druid:999999999999"),
        "druid:999999999999: the nodes must be a whole number from 1 to 100000000, like druid:100000"
    );
    assert!("druid:100000000".parse::<AgentSpec>().is_ok());
    assert!("mcts:1000000".parse::<AgentSpec>().is_ok());
    assert!(matches!(
        "random:3".parse::<AgentSpec>(),
        Err(AgentError::Unknown { .. })
    ));
    // `mcts` and `expecti` need their number.
    assert!(matches!(
        "mcts".parse::<AgentSpec>(),
        Err(AgentError::Unknown { .. })
    ));
}

#[test]
fn each_agent_plays_its_games_only() {
    use GameKind::{Ecrire, Sugoroku, Tafl, Trictrac};
    let plays = |text: &str| -> Vec<GameKind> {
        let spec: AgentSpec = text.parse().unwrap();
        GameKind::ALL
            .into_iter()
            .filter(|&g| spec.plays(g))
            .collect()
    };
    assert_eq!(plays("random"), GameKind::ALL.to_vec());
    assert_eq!(plays("mcts:10"), vec![Trictrac, Ecrire, Tafl]);
    assert_eq!(plays("expecti:2"), vec![Trictrac, Tafl]);
    assert_eq!(plays("bot"), vec![Trictrac, Ecrire]);
    for trictrac_only in ["searchbot", "tdbot", "tdsearchbot:x"] {
        assert_eq!(plays(trictrac_only), vec![Trictrac], "{trictrac_only}");
    }
    assert_eq!(plays("druid:10"), vec![Tafl]);
    let refused = |text: &str, game| {
        text.parse::<AgentSpec>()
            .unwrap()
            .for_game(game)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(refused("druid", Trictrac), "druid plays tafl only");
    assert_eq!(refused("bot", Tafl), "bot plays trictrac only");
    assert_eq!(
        refused("tdbot", Tafl),
        "tdbot plays trictrac only (the partie ordinaire, not the partie à écrire)"
    );
    assert_eq!(
        refused("searchbot", Ecrire),
        "searchbot plays trictrac only (the partie ordinaire, not the partie à écrire)"
    );
    assert_eq!(
        refused("mcts:5", Sugoroku),
        "mcts:5 plays trictrac and tafl only (sugoroku has no decisions)"
    );
    assert_eq!(
        refused("expecti:1", Ecrire),
        "expecti:1 plays trictrac's partie ordinaire and tafl only (the evaluations it searches with)"
    );
    assert_eq!(
        "random".parse::<AgentSpec>().unwrap().for_game(Sugoroku),
        Ok(AgentSpec::Random)
    );
}

/// Plays `start` to its end between `first` and `second` built from `seed`'s streams 1
/// and 2: the number of actions.
fn game_length<G: boardgames_arena::agents::RegisteredGame>(
    start: G,
    first: &str,
    second: &str,
    seed: Seed,
) -> usize {
    let build = |name: &str, stream| {
        AgentBuilder::new(name.parse().unwrap())
            .unwrap()
            .build::<G>(seed.derive(stream))
            .unwrap()
    };
    let (mut a, mut b) = (build(first, 1), build(second, 2));
    let played = play_game(start, seed, ByPlayer::new(&mut *a, &mut *b), 1_000_000).unwrap();
    assert!(played.state.is_terminal());
    played.record.entries().len()
}

#[test]
fn agents_are_built_for_every_game_and_play_it_to_the_end() {
    let trictrac = TrictracGame::new(GameOptions::default().with_trous_to_win(1));
    for (first, second) in [
        ("bot", "random"),
        ("searchbot:2", "tdbot"),
        ("tdsearchbot", "mcts:5"),
        ("expecti:1", "bot"),
    ] {
        let n = game_length(trictrac.clone(), first, second, Seed(4));
        assert!(n > 10, "{first} against {second}: {n} actions");
        // A game is a function of its seed: the same again.
        assert_eq!(n, game_length(trictrac.clone(), first, second, Seed(4)));
    }
    let ecrire = EcrireGame::new(EcrireOptions::new(EcrireRules::new(1).unwrap()));
    assert!(game_length(ecrire.clone(), "bot", "random", Seed(2)) > 10);
    assert!(game_length(ecrire, "mcts:3", "bot", Seed(2)) > 10);
    let tafl = TaflGame::new(Ruleset::brandubh());
    for (first, second) in [
        ("druid:300", "random"),
        ("bard", "expecti:1"),
        ("mcts:10", "ovate"),
    ] {
        assert!(game_length(tafl.clone(), first, second, Seed(9)) > 0);
    }
    let sugoroku = SugorokuGame::new(SugorokuRuleset::default());
    let n = game_length(sugoroku, "random", "random", Seed(1));
    assert!(n > 20, "{n} throws");
    assert_eq!(n, game_length(sugoroku, "random", "random", Seed(1)));
    // A builder refuses a game its agent does not play.
    let druid = AgentBuilder::new("druid".parse().unwrap()).unwrap();
    assert_eq!(
        druid
            .build::<TrictracGame>(Seed(1))
            .err()
            .map(|e| e.to_string()),
        Some("druid plays tafl only".to_owned())
    );
}

#[test]
fn a_node_budget_bounds_the_druid() {
    let game = TaflGame::new(Ruleset::brandubh());
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    for nodes in [50u64, 400] {
        let mut config = Level::Druid.config();
        config.limits.nodes = Some(nodes);
        let mut searcher = tafl_core::ai::Searcher::new(config, Seed(3));
        let expected = boardgames_common::Agent::choose(&mut searcher, &game, &legal);
        let mut built = AgentBuilder::new(format!("druid:{nodes}").parse().unwrap())
            .unwrap()
            .build::<TaflGame>(Seed(3))
            .unwrap();
        assert_eq!(built.choose(&game, &legal), expected, "druid:{nodes}");
        assert!(
            searcher.nodes_searched() <= nodes + 64,
            "{}",
            searcher.nodes_searched()
        );
    }
}

#[test]
fn the_trictrac_bots_are_told_apart_for_their_hints() {
    let bot = |text: &str| {
        AgentBuilder::new(text.parse().unwrap())
            .unwrap()
            .trictrac_bot()
    };
    assert!(matches!(bot("bot"), Some(TrictracBot::Heuristic(_))));
    assert!(matches!(bot("searchbot:3"), Some(TrictracBot::Search(b)) if b.breadth == 3));
    assert!(matches!(bot("tdbot"), Some(TrictracBot::Td(n)) if n == Network::shipped()));
    assert!(matches!(bot("tdsearchbot"), Some(TrictracBot::TdSearch(_))));
    assert!(bot("random").is_none());
    assert!(bot("druid").is_none());
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("boardgames-arena-{}-{name}", std::process::id()))
}

#[test]
fn a_weights_file_is_read_once_when_made_ready_or_refused_with_its_name() {
    let missing = AgentBuilder::new("tdbot:/nonexistent/weights.bin".parse().unwrap());
    let err = missing.unwrap_err();
    assert!(matches!(err, AgentError::Unreadable { .. }), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("cannot read the weights file \"/nonexistent/weights.bin\": "),
        "{err}"
    );
    let junk = temp_path("junk.bin");
    std::fs::write(&junk, b"not a network at all, but long enough for a header").unwrap();
    let err =
        AgentBuilder::new(format!("tdsearchbot:{}", junk.display()).parse().unwrap()).unwrap_err();
    assert!(matches!(err, AgentError::NotANetwork { .. }), "{err:?}");
    assert!(
        err.to_string().contains("not a trictrac weights file"),
        "{err}"
    );
    let _ = std::fs::remove_file(&junk);
    // Bytes beyond the bound are refused without a file.
    let big = vec![0u8; (boardgames_arena::agents::MAX_WEIGHTS_FILE + 1) as usize];
    assert_eq!(
        Network::from_bytes("big.bin", &big)
            .unwrap_err()
            .to_string(),
        "the weights file \"big.bin\" is larger than 16777216 bytes"
    );
    // Parsing reads no file: the name is kept as it was written.
    assert_eq!(
        "tdbot:/nonexistent/weights.bin"
            .parse::<AgentSpec>()
            .unwrap()
            .to_string(),
        "tdbot:/nonexistent/weights.bin"
    );
}
