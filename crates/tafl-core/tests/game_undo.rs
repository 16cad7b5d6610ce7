//! [`TaflGame`] keeps what the AI and interactive play need: the moves, the repetition
//! history, and an undo that restores the exact earlier state (position, status, plies since
//! the last capture, history), over random games of every preset.

use boardgames_common::ReplayOptions;
use rand::{RngExt, SeedableRng};
use tafl_core::{DrawReason, Move, MoveList, Ruleset, Status, TaflGame, WinReason};

/// Plays up to `plies` random moves (among the first `spread` legal ones, so that positions
/// repeat when `spread` is small) and returns the games after each ply, the start first.
fn random_game(
    ruleset: &Ruleset,
    rng: &mut rand_chacha::ChaCha8Rng,
    spread: usize,
    plies: usize,
) -> Vec<TaflGame> {
    let mut game = TaflGame::new(ruleset.clone());
    let mut states = vec![game.clone()];
    let mut moves = MoveList::new();
    for _ in 0..plies {
        if game.status().is_over() {
            break;
        }
        game.position().legal_moves_into(game.rules(), &mut moves);
        let m = moves[rng.random_range(0..moves.len().min(spread))];
        let outcome = game.play_mut(m).expect("legal");
        assert_eq!(
            game.moves().last().map(|t| (t.mv, t.captures)),
            Some((m, outcome.captures))
        );
        states.push(game.clone());
    }
    states
}

fn ends_by_repetition(status: Status) -> bool {
    matches!(
        status,
        Status::Draw {
            reason: DrawReason::Repetition
        } | Status::Win {
            reason: WinReason::Repetition,
            ..
        }
    )
}

#[test]
fn undoing_every_move_returns_to_each_earlier_state() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let mut repetition_endings = 0;
    let mut captures = 0;
    for (round, ruleset) in Ruleset::presets().into_iter().cycle().take(60).enumerate() {
        let spread = if round % 2 == 0 { 3 } else { usize::MAX };
        let states = random_game(&ruleset, &mut rng, spread, 400);
        let mut game = states.last().expect("the start").clone();
        if ends_by_repetition(game.status()) {
            repetition_endings += 1;
        }
        captures += game.moves().iter().filter(|t| t.captures.any()).count();
        for earlier in states.iter().rev().skip(1) {
            let undone = game.undo().expect("a move to take back");
            assert_eq!(&game, earlier, "{}", ruleset.name());
            assert_eq!(game.status(), earlier.status());
            assert_eq!(game.history(), earlier.history());
            assert_eq!(game.plies_since_capture(), earlier.plies_since_capture());
            assert!(game.position().is_legal(game.rules(), undone.mv));
        }
        assert_eq!(game, TaflGame::new(ruleset.clone()));
        assert_eq!(game.undo(), None);
        assert_eq!(game.undo_plies(3), 0);
    }
    // The games exercised the parts of the state that undo must restore.
    assert!(repetition_endings > 0, "no game ended by repetition");
    assert!(captures > 0, "no capture was undone");
}

#[test]
fn undo_then_replay_gives_the_same_state() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for (round, ruleset) in Ruleset::presets().into_iter().cycle().take(20).enumerate() {
        let spread = if round % 2 == 0 { 4 } else { usize::MAX };
        let states = random_game(&ruleset, &mut rng, spread, 300);
        let end = states.last().expect("the start").clone();
        let played: Vec<Move> = end.moves().iter().map(|t| t.mv).collect();
        let back = rng.random_range(0..=played.len());
        let mut game = end.clone();
        assert_eq!(game.undo_plies(back), back);
        assert_eq!(game, states[played.len() - back]);
        for &m in &played[played.len() - back..] {
            let _ = game.play_mut(m).expect("legal again");
        }
        assert_eq!(game, end, "{}: {back} plies back and forth", ruleset.name());
        // More than were played: stops at the start.
        assert_eq!(game.undo_plies(played.len() + 5), played.len());
        assert_eq!(game, states[0]);
    }
}

#[test]
fn third_repetition_draws_in_fidchell_and_undo_reopens_the_game() {
    let mut game = TaflGame::new(Ruleset::fidchell());
    let shuffle: [Move; 4] = [
        "c1-b1".parse().unwrap(),
        "c3-c2".parse().unwrap(),
        "b1-c1".parse().unwrap(),
        "c2-c3".parse().unwrap(),
    ];
    for round in 0..2 {
        for (i, &m) in shuffle.iter().enumerate() {
            let _ = game.play_mut(m).unwrap();
            let last = round == 1 && i == 3;
            assert_eq!(game.status().is_over(), last, "round {round} move {i}");
        }
    }
    assert_eq!(
        game.status(),
        Status::Draw {
            reason: DrawReason::Repetition
        }
    );
    assert_eq!(
        game.status().to_string(),
        "draw (third repetition of the position)"
    );
    // The start, then eight positions: the start occurs three times.
    assert_eq!(game.history().len(), 9);
    assert_eq!(game.search_history(), &game.history()[..8]);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.plies_since_capture(), 8);
    let back = game.undo().expect("a move");
    assert_eq!(back.mv, shuffle[3]);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.moves().len(), 7);
    assert_eq!(game.repetitions(), 2);
    let _ = game.play_mut(shuffle[3]).unwrap();
    assert!(ends_by_repetition(game.status()));
}

#[test]
fn repetition_counts_agree_with_a_scan_of_the_history() {
    // The counts kept move by move are those a scan of the history since the last capture
    // gives, after every move and after every undo.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
    let mut repeated = 0;
    for (round, ruleset) in Ruleset::presets().into_iter().cycle().take(20).enumerate() {
        let spread = if round % 2 == 0 { 2 } else { usize::MAX };
        let states = random_game(&ruleset, &mut rng, spread, 300);
        let scan = |g: &TaflGame| {
            let h = g.position().hash();
            g.history().iter().filter(|&&x| x == h).count()
        };
        for g in &states {
            assert_eq!(g.repetitions(), scan(g), "{}", ruleset.name());
            repeated += usize::from(g.repetitions() > 1);
        }
        let mut game = states.last().expect("the start").clone();
        while game.undo().is_some() {
            assert_eq!(game.repetitions(), scan(&game));
        }
    }
    assert!(repeated > 50, "only {repeated} repeated positions");
}

#[test]
fn replay_limits_refuse_before_replaying() {
    use boardgames_common::{Game, RecordLimitError, RecordLimits};
    let mut game = TaflGame::new(Ruleset::brandubh());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let mut moves = MoveList::new();
    for _ in 0..10 {
        game.position().legal_moves_into(game.rules(), &mut moves);
        let _ = game.play_mut(moves[rng.random_range(0..moves.len())]);
    }
    let mut record = boardgames_common::Record::new(TaflGame::NAME);
    for (k, v) in game.record_tags() {
        record.set_tag(&k, &v).unwrap();
    }
    for m in game.moves() {
        record.push_action(m.to_string()).unwrap();
    }
    let fits = RecordLimits::DEFAULT.with_max_actions(10);
    assert_eq!(
        TaflGame::from_record_with(&record, &ReplayOptions::with_limits(fits)).unwrap(),
        game
    );
    let short_lines = RecordLimits::DEFAULT.with_max_line_length(20);
    // The Rules tag line is longer than 20 bytes.
    assert!(matches!(
        TaflGame::from_record_with(&record, &ReplayOptions::with_limits(short_lines)),
        Err(boardgames_common::ReplayError::Limit(
            RecordLimitError::Line { max: 20, .. }
        ))
    ));
    let few = RecordLimits::DEFAULT.with_max_actions(9);
    assert_eq!(
        TaflGame::from_record_with(&record, &ReplayOptions::with_limits(few))
            .unwrap_err()
            .to_string(),
        "record refused: 10 actions, more than the limit of 9"
    );
}

#[test]
fn a_game_without_undo_plays_exactly_as_an_undoable_one_and_restarts_to_a_new_game() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(34);
    let (mut repetition_endings, mut captures) = (0, 0);
    for (round, ruleset) in Ruleset::presets().into_iter().cycle().take(40).enumerate() {
        let spread = if round % 2 == 0 { 3 } else { usize::MAX };
        let states = random_game(&ruleset, &mut rng, spread, 400);
        let end = states.last().expect("the start");
        let mut lean = TaflGame::new(ruleset.clone()).without_undo();
        assert!(!lean.is_undoable());
        for (t, earlier) in end.moves().iter().zip(&states[1..]) {
            let outcome = lean.play_mut(t.mv).expect("legal in both");
            assert_eq!(outcome.captures, t.captures);
            // Everything a caller reads is the undoable game's, ply by ply.
            assert_eq!(lean.position(), earlier.position(), "{}", ruleset.name());
            assert_eq!(lean.status(), earlier.status());
            assert_eq!(lean.history(), earlier.history());
            assert_eq!(lean.repetitions(), earlier.repetitions());
            assert_eq!(lean.plies_since_capture(), earlier.plies_since_capture());
            assert_eq!(lean.moves(), earlier.moves());
        }
        assert_eq!(lean.to_record(), end.to_record());
        if ends_by_repetition(lean.status()) {
            repetition_endings += 1;
        }
        captures += lean.moves().iter().filter(|t| t.captures.any()).count();
        // Nothing to take back; the game is unchanged by asking.
        let before = lean.clone();
        assert_eq!(lean.undo(), None);
        assert_eq!(lean.undo_plies(5), 0);
        assert_eq!(lean, before);
        // Restarted: a new game made without undo, and plays the same moves the same way.
        lean.restart();
        assert_eq!(lean, TaflGame::new(ruleset.clone()).without_undo());
        for t in end.moves() {
            let _ = lean.play_mut(t.mv).expect("legal again");
        }
        assert_eq!(lean.status(), end.status());
        assert_eq!(lean.history(), end.history());
    }
    assert!(repetition_endings > 0, "no game ended by repetition");
    assert!(captures > 0, "no capture was played");
}

#[test]
fn an_undoable_game_restarted_equals_a_new_game_and_still_undoes() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(55);
    for ruleset in Ruleset::presets() {
        let states = random_game(&ruleset, &mut rng, usize::MAX, 120);
        let mut game = states.last().expect("the start").clone();
        game.restart();
        assert!(game.is_undoable());
        assert_eq!(game, TaflGame::new(ruleset.clone()));
        let second = states[1].moves()[0].mv;
        let _ = game.play_mut(second).expect("legal");
        assert_eq!(game, states[1]);
        assert_eq!(game.undo().map(|t| t.mv), Some(second));
        assert_eq!(game, states[0]);
    }
}
