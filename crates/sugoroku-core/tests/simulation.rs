//! The fast simulator against the plain game, thread counts, progress, the Game trait.

use std::sync::atomic::{AtomicU64, Ordering};

use boardgames_common::{
    ByPlayer, Game, Player, RandomAgent, ReplayOptions, Seed, Turn, play_game,
};
use sugoroku_core::{
    DICE_TAG, Ruleset, Simulation, SingleDoublet, Statistics, SugorokuGame, play_fast,
};

fn option_rules() -> [Ruleset; 3] {
    [
        Ruleset::default(),
        Ruleset::default().with_single_doublet(SingleDoublet::Adds),
        Ruleset::default()
            .with_taking_doublet_extra_throw(true)
            .with_max_throws(120),
    ]
}

/// Game i of a simulation is `play_seeded(rules, seed.derive(i))`: the statistics built from
/// the slow path (events, records) equal those of the fast path.
#[test]
fn simulation_equals_seeded_games_played_one_by_one() {
    for rules in option_rules() {
        let seed = Seed(2026);
        let games = 3_000;
        let fast = Simulation::new(rules, seed, games)
            .with_threads(1)
            .run()
            .unwrap();
        let mut slow = Statistics::new(rules, seed);
        for i in 0..games {
            let played = SugorokuGame::play_seeded(rules, seed.derive(i));
            let mut summary = sugoroku_core::GameSummary {
                end: played.state.end().unwrap(),
                throws: played.record.entries().len() as u32,
                captured: ByPlayer::new(0, 0),
                returned: ByPlayer::new(0, 0),
            };
            let pos = *played.state.position();
            for e in played.record.entries() {
                // Re-derive captures from the record's comments.
                let c = e.comment.as_deref().unwrap_or("");
                for part in c.split("; ") {
                    let words: Vec<&str> = part.split(' ').collect();
                    let p = if words[0] == "white" {
                        Player::First
                    } else {
                        Player::Second
                    };
                    match words.get(1) {
                        Some(&"captures") => {
                            summary.captured[p] += words[2].parse::<u32>().unwrap()
                        }
                        Some(&"returns") => summary.returned[p] += words[2].parse::<u32>().unwrap(),
                        _ => {}
                    }
                }
            }
            assert_eq!(summary.throws, pos.throws());
            assert_eq!(play_fast(&rules, seed.derive(i)), summary, "game {i}");
            slow.add(&summary);
        }
        let mut slow_trimmed = slow.clone();
        slow_trimmed.lengths.truncate(
            slow.lengths
                .iter()
                .rposition(|&c| c > 0)
                .map_or(0, |n| n + 1),
        );
        assert_eq!(fast, slow_trimmed);
    }
}

#[test]
fn thread_counts_give_the_same_statistics_and_progress_adds_up() {
    let rules = Ruleset::default();
    let games = 3 * sugoroku_core::CHUNK + 123;
    let one = Simulation::new(rules, Seed(5), games)
        .with_threads(1)
        .run()
        .unwrap();
    let done = AtomicU64::new(0);
    let calls = AtomicU64::new(0);
    let all = Simulation::new(rules, Seed(5), games)
        .run_with_progress(&|n| {
            done.fetch_add(n, Ordering::Relaxed);
            calls.fetch_add(1, Ordering::Relaxed);
        })
        .unwrap();
    let two = Simulation::new(rules, Seed(5), games)
        .with_threads(2)
        .run()
        .unwrap();
    assert_eq!(one, all);
    assert_eq!(one, two);
    assert_eq!(done.load(Ordering::Relaxed), games);
    assert_eq!(calls.load(Ordering::Relaxed), 4);
    assert_eq!(one.games, games);
    assert_eq!(one.lengths.iter().sum::<u64>(), games);
    assert_eq!(one.wins.first + one.wins.second + one.draws, games);
    // Another seed gives other games.
    let other = Simulation::new(rules, Seed(6), games).run().unwrap();
    assert_ne!(other.lengths, one.lengths);
}

#[test]
fn statistics_are_consistent_with_the_rules() {
    let s = Simulation::new(Ruleset::default(), Seed(11), 50_000)
        .run()
        .unwrap();
    // The shortest possible game is 16 throws: white throws fifteen 2-2 in a row (each a
    // placement on his 4 and an extra throw), then 2-2 again removes all 15 pawns.
    assert!(s.min_length().unwrap() >= 16, "{s}");
    assert_eq!(
        s.capped, 0,
        "no game of the default ruleset reaches 10 000 throws"
    );
    let rates = s.win_rate(Player::First) + s.win_rate(Player::Second) + s.draw_rate();
    assert!((rates - 1.0).abs() < 1e-12);
    // Every held pawn was captured, so captures >= final scores; returns = captures - held.
    for p in Player::ALL {
        assert_eq!(s.captured[p] - s.returned[p], s.held[p]);
    }
    let adv = s.first_player_advantage();
    assert!(adv.low < adv.estimate && adv.estimate < adv.high);
    assert!(s.length_quantile(0.5) <= s.length_quantile(0.9));
}

#[test]
fn empty_and_zero_cap_simulations() {
    let s = Simulation::new(Ruleset::default(), Seed(1), 0)
        .run()
        .unwrap();
    assert_eq!(s.games, 0);
    assert!(s.lengths.is_empty());
    let zero = Ruleset::default().with_max_throws(0);
    let s = Simulation::new(zero, Seed(1), 10).run().unwrap();
    assert_eq!((s.games, s.capped, s.draws, s.throws), (10, 10, 10, 0));
}

#[test]
fn the_game_trait_is_all_chance() {
    let game = SugorokuGame::default();
    assert_eq!(game.turn(), Turn::Chance);
    let mut legal = vec![];
    game.legal_actions(&mut legal);
    assert!(legal.is_empty());
    let mut outcomes = vec![];
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 21);
    assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!(game.parse_action("5-6").unwrap().to_string(), "6-5");
    assert!(game.parse_action("7-1").is_err());
    assert_eq!(
        game.record_tags(),
        [(
            "Rules".to_string(),
            "return=replaces extra=no winner=held cap=10000".to_string()
        )]
    );
    // The common driver plays it to the end (with its own chance sampling) and the record
    // replays.
    let mut a = RandomAgent::new(Seed(1));
    let mut b = RandomAgent::new(Seed(2));
    let played = play_game(game, Seed(3), ByPlayer::new(&mut a, &mut b), 20_000).unwrap();
    assert!(played.state.is_terminal());
    let replayed = SugorokuGame::from_record(&played.record).unwrap();
    assert_eq!(replayed, played.state);
    let mut terminal_outcomes = vec![(game.parse_action("11").unwrap(), 1.0)];
    played.state.chance_outcomes(&mut terminal_outcomes);
    assert!(terminal_outcomes.is_empty());
}

#[test]
fn seeded_record_has_tags_and_events() {
    let played = SugorokuGame::play_seeded(Ruleset::default(), Seed(42));
    let r = &played.record;
    assert_eq!(r.tag("Game"), Some("Sugoroku"));
    assert_eq!(r.tag("Seed"), Some("42"));
    assert_eq!(r.tag("Dice"), Some(DICE_TAG));
    assert_eq!(
        r.tag("Rules"),
        Some("return=replaces extra=no winner=held cap=10000")
    );
    assert_eq!(r.tag("Setup"), None);
    let first = &r.entries()[0];
    assert_eq!(
        first.comment.as_deref().unwrap(),
        format!(
            "white places on {}{}",
            first
                .action
                .parse::<boardgames_common::Throw>()
                .unwrap()
                .sum(),
            if first
                .action
                .parse::<boardgames_common::Throw>()
                .unwrap()
                .is_doublet()
            {
                "; white throws again"
            } else {
                ""
            }
        )
    );
    let last = r.entries().last().unwrap().comment.as_deref().unwrap();
    assert!(last.contains("game over"), "{last}");
    // A changed comment is a person's free text: it replays; a strict replay, for the
    // engine's own records, refuses it. A false result is refused either way.
    let text = r
        .to_string()
        .replacen("white places on", "white places at", 1);
    let tampered: boardgames_common::Record = text.parse().unwrap();
    assert_eq!(SugorokuGame::from_record(&tampered).unwrap(), played.state);
    match SugorokuGame::from_record_with(&tampered, &ReplayOptions::strict()) {
        Err(boardgames_common::ReplayError::Comment { index: 1, error }) => {
            assert!(error.recorded.starts_with("white places at"), "{error}");
            assert!(error.actual.starts_with("white places on"), "{error}");
        }
        other => panic!("{other:?}"),
    }
    assert!(SugorokuGame::from_record_with(r, &ReplayOptions::strict()).is_ok());
    let mut other = r.clone();
    other.set_tag("Game", "Tafl").unwrap();
    assert!(matches!(
        SugorokuGame::from_record(&other),
        Err(boardgames_common::ReplayError::OtherGame(_))
    ));
    let mut wrong = r.clone();
    let result = if r.tag("Result") == Some("1-0") {
        "0-1"
    } else {
        "1-0"
    };
    wrong.set_tag("Result", result).unwrap();
    assert!(matches!(
        SugorokuGame::from_record(&wrong),
        Err(boardgames_common::ReplayError::Result(_))
    ));
    // Throws after the end are refused with their number.
    let mut longer = r.clone();
    longer.push_action("2-1").unwrap();
    let n = longer.entries().len();
    match SugorokuGame::from_record(&longer) {
        Err(boardgames_common::ReplayError::Action { index, .. }) => assert_eq!(index, n),
        other => panic!("{other:?}"),
    }
    assert!(played.state.end().is_some());
}

#[test]
fn the_shortest_game_is_sixteen_throws() {
    let throws = vec![boardgames_common::Throw::from_values(2, 2).unwrap(); 16];
    let game =
        SugorokuGame::replay(Ruleset::default(), sugoroku_core::Position::start(), throws).unwrap();
    let end = game.end().unwrap();
    assert_eq!(game.position().throws(), 16);
    assert_eq!(game.position().removed(Player::First), 15);
    assert_eq!(end.outcome, sugoroku_core::Outcome::Draw);
    let s = Simulation::new(Ruleset::default(), Seed(11), 50_000)
        .run()
        .unwrap();
    assert!(s.min_length().unwrap() >= 16);
}

#[test]
fn play_with_scripted_dice_and_running_out() {
    use boardgames_common::{ScriptedDice, Throw};
    let two_two = Throw::from_values(2, 2).unwrap();
    let mut dice = ScriptedDice::from_throws(vec![two_two; 20]);
    let played = SugorokuGame::default().play_with_dice(&mut dice).unwrap();
    assert_eq!(played.record.entries().len(), 16);
    assert_eq!(played.record.tag("Result"), Some("1/2-1/2"));
    assert_eq!(
        played.record.entries()[14].comment.as_deref(),
        Some("white places on 4; white enters phase 2; white throws again")
    );
    assert_eq!(
        played.record.entries()[15].comment.as_deref(),
        Some("white removes 15 from 4; game over: draw 0-0")
    );
    assert_eq!(dice.remaining(), 8);
    let mut short = ScriptedDice::from_throws(vec![two_two; 5]);
    assert_eq!(
        SugorokuGame::default()
            .play_with_dice(&mut short)
            .unwrap_err(),
        sugoroku_core::DicePlayError::DiceExhausted { throws: 5 }
    );
}

#[test]
fn shards_cover_every_game_once_and_merge_into_the_whole_run() {
    // Not a multiple of 4 nor of CHUNK: the shards' bounds fall inside chunks.
    let games = sugoroku_core::CHUNK + 1_001;
    for rules in option_rules() {
        let study = Simulation::new(rules, Seed(9), games);
        let whole = study.run().unwrap();
        let mut merged = Statistics::new(rules, Seed(9));
        let mut next = 0;
        for k in 1..=4 {
            let shard = study.shard(k, 4).unwrap();
            // Contiguous, disjoint, in order.
            assert_eq!(shard.first, next);
            next += shard.games;
            merged.merge(&shard.with_threads(1).run().unwrap());
        }
        assert_eq!(next, games);
        assert_eq!(merged, whole);
        // Game i of a shard is game i of the study.
        let third = study.shard(3, 4).unwrap();
        let one = Simulation { games: 1, ..third };
        let mut expected = Statistics::new(rules, Seed(9));
        expected.add(&play_fast(&rules, Seed(9).derive(third.first)));
        while expected.lengths.last() == Some(&0) {
            expected.lengths.pop();
        }
        assert_eq!(one.run().unwrap(), expected);
    }
    // More shards than games: some are empty, all still add up.
    let tiny = Simulation::new(Ruleset::default(), Seed(1), 3);
    let sizes: Vec<u64> = (1..=5).map(|k| tiny.shard(k, 5).unwrap().games).collect();
    assert_eq!(sizes.iter().sum::<u64>(), 3);
    for (k, n) in [(0, 4), (5, 4), (1, 0)] {
        assert_eq!(
            tiny.shard(k, n).unwrap_err().to_string(),
            format!("invalid shard {k}/{n}: expected K/N with 1 <= K <= N")
        );
    }
}

#[test]
fn replay_limits_refuse_before_replaying() {
    use boardgames_common::ReplayError;
    use boardgames_common::{RecordLimitError, RecordLimits};
    let played = SugorokuGame::play_seeded(Ruleset::default(), Seed(3));
    let n = played.record.entries().len();
    let fits = RecordLimits::DEFAULT.with_max_actions(n);
    assert!(
        SugorokuGame::from_record_with(&played.record, &ReplayOptions::with_limits(fits)).is_ok()
    );
    let tight = RecordLimits::DEFAULT.with_max_actions(n - 1);
    assert_eq!(
        SugorokuGame::from_record_with(&played.record, &ReplayOptions::with_limits(tight))
            .unwrap_err(),
        ReplayError::Limit(RecordLimitError::Actions {
            count: n,
            max: n - 1
        })
    );
}
