//! The one replay loop walked step by step ([`ReplaySteps`]) on the three games: it passes
//! through exactly the states of [`Replay::from_record_with`] (the replay of each prefix of
//! the record), ends on the same game, and refuses a bad record at the same action with the
//! same error.

use boardgames_common::{
    ByPlayer, Game, RandomAgent, Record, Replay, ReplayError, ReplayOptions, ReplaySteps, Seed,
    play_game,
};
use sugoroku_core::SugorokuGame;
use tafl_core::{Ruleset, TaflGame};
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{GameOptions, TrictracGame};

/// A game of `start` between two random agents, with its record (each action commented with
/// the game's own comment, and its `Result`).
fn played<G: Game>(start: G, seed: u64) -> Record {
    let (mut a, mut b) = (
        RandomAgent::new(Seed(seed)),
        RandomAgent::new(Seed(seed + 1)),
    );
    play_game(
        start,
        Seed(seed + 2),
        ByPlayer::new(&mut a, &mut b),
        100_000,
    )
    .expect("a whole game")
    .record
}

/// `record`'s tags (but its `Result`) and its first `n` actions `edit`ed (by their number
/// from 1), their comments kept.
fn rebuilt(record: &Record, n: usize, edit: impl Fn(usize, &str) -> String) -> Record {
    let mut out = Record::new(record.tag("Game").expect("a Game tag"));
    for (k, v) in record.tags() {
        if k != "Result" {
            out.set_tag(k, v).expect("a tag of a record");
        }
    }
    for (i, entry) in record.entries().iter().take(n).enumerate() {
        let text = edit(i + 1, &entry.action);
        match &entry.comment {
            Some(c) => out.push_commented(&text, c).expect("an action"),
            None => out.push_action(&text).expect("an action"),
        }
    }
    out
}

/// Every check of the walk against the replay of `record` (a whole game of 2 actions or more).
fn check<G: Replay + std::fmt::Debug>(record: &Record) {
    let n = record.entries().len();
    assert!(n >= 2, "{n} actions");
    for options in [ReplayOptions::default(), ReplayOptions::strict()] {
        // The same end, after one step per action.
        let end = G::from_record_with(record, &options).expect("the record replays");
        let mut steps = G::replay_steps(record, &options).expect("the record's tags");
        let mut count = 0;
        while let Some(step) = steps.step().expect("the record replays") {
            count += 1;
            assert_eq!(step.index, count);
            assert_eq!(step.text, record.entries()[count - 1].action);
            assert_eq!(step.comment, record.entries()[count - 1].comment.as_deref());
            // The state after each step is the replay of the record cut there.
            let prefix = G::from_record_with(&rebuilt(record, count, |_, t| t.into()), &options)
                .expect("a prefix replays");
            assert_eq!(
                format!("{:?}", steps.state()),
                format!("{prefix:?}"),
                "{count}"
            );
            assert_eq!(steps.next_text(), record.actions().nth(count));
        }
        assert_eq!(count, n);
        assert!(steps.step().expect("over").is_none());
        assert_eq!(format!("{:?}", steps.state()), format!("{end:?}"));
        let finished = G::replay_steps(record, &options).unwrap().finish().unwrap();
        assert_eq!(format!("{finished:?}"), format!("{end:?}"));
    }
    // The game's own comments, asked for: those its record was written with (the records
    // here are the engine's own); not asked for, none.
    let own: Vec<Option<String>> = G::replay_steps(record, &ReplayOptions::default())
        .unwrap()
        .with_game_comments()
        .map(|s| s.unwrap().game_comment)
        .collect();
    let written: Vec<Option<String>> = record.entries().iter().map(|e| e.comment.clone()).collect();
    assert_eq!(own, written);
    let mut plain = G::replay_steps(record, &ReplayOptions::default()).unwrap();
    assert!(plain.all(|s| s.unwrap().game_comment.is_none()));
    // A bad action: refused at the same number, after the same good steps.
    let bad_at = n / 2 + 1;
    let bad = rebuilt(
        record,
        n,
        |i, t| if i == bad_at { "zz".into() } else { t.into() },
    );
    let whole = G::from_record(&bad).unwrap_err();
    assert!(matches!(whole, ReplayError::Action { index, .. } if index == bad_at));
    let walked: Vec<_> = G::replay_steps(&bad, &ReplayOptions::default())
        .unwrap()
        .collect();
    assert_eq!(
        walked.len(),
        bad_at,
        "the good steps, then the error, then nothing"
    );
    assert!(walked[..bad_at - 1].iter().all(Result::is_ok));
    let last = walked[bad_at - 1].as_ref().unwrap_err();
    assert_eq!(last.to_string(), whole.to_string());
    // A false result: every step, then the `Result` error, as the whole replay gives it.
    let mut wrong = record.clone();
    let result = record.tag("Result").expect("a Result tag");
    wrong
        .set_tag("Result", if result == "1-0" { "0-1" } else { "1-0" })
        .unwrap();
    let whole = G::from_record(&wrong).unwrap_err();
    assert!(matches!(whole, ReplayError::Result(_)));
    let walked: Vec<_> = G::replay_steps(&wrong, &ReplayOptions::default())
        .unwrap()
        .collect();
    assert_eq!(walked.len(), n + 1);
    assert_eq!(
        walked[n].as_ref().unwrap_err().to_string(),
        whole.to_string()
    );
    // The checks before the actions: another game is refused by `new`, as by the replay.
    let mut other = record.clone();
    other.set_tag("Game", "Chess").unwrap();
    let whole = G::from_record(&other).unwrap_err();
    let walk = G::replay_steps(&other, &ReplayOptions::default()).unwrap_err();
    assert!(matches!(walk, ReplayError::OtherGame(_)));
    assert_eq!(walk.to_string(), whole.to_string());
}

#[test]
fn a_trictrac_walk_is_its_replay() {
    let start = TrictracGame::new(GameOptions::default());
    check::<TrictracGame<DefaultScorer>>(&played(start, 1));
}

#[test]
fn a_tafl_walk_is_its_replay() {
    check::<TaflGame>(&played(TaflGame::new(Ruleset::fidchell()), 4));
}

#[test]
fn a_sugoroku_walk_is_its_replay() {
    let record = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(1)).record;
    check::<SugorokuGame>(&record);
}

/// A walk stopped early keeps the state it reached, with no check of the end.
#[test]
fn a_walk_stopped_early_keeps_its_state() {
    let record = SugorokuGame::play_seeded(sugoroku_core::Ruleset::default(), Seed(1)).record;
    let mut steps: ReplaySteps<'_, SugorokuGame, _> =
        SugorokuGame::replay_steps(&record, &ReplayOptions::strict()).unwrap();
    assert_eq!(steps.by_ref().take(44).filter(Result::is_ok).count(), 44);
    let cut = rebuilt(&record, 44, |_, t| t.into());
    assert_eq!(steps.into_state(), SugorokuGame::from_record(&cut).unwrap());
}
