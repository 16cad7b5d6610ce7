//! Properties of random legal games, built as "start + legal move index % len"
//!: piece counts never grow, every position is legal (it re-validates to
//! itself), `is_legal` agrees with generation, the notation round-trips, the incremental hash
//! equals the recomputed one.

use proptest::prelude::*;
use tafl_core::{Move, MoveList, MoveText, Position, Rules, Ruleset, Setup, Square};

fn check_position(pos: &Position, rules: &Rules) -> Result<(), TestCaseError> {
    prop_assert_eq!(pos.hash(), pos.zobrist_recomputed());
    // Notation round trip and re-validation.
    let text = pos.to_string();
    let setup: Setup = text
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(setup, pos.to_setup());
    if pos.king().is_some() {
        let back = Position::from_setup(&setup, rules)
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, pos, "{}", text);
    }
    // is_legal agrees with generation, from every piece of the side to move to every square.
    let mut moves = MoveList::new();
    pos.legal_moves_into(rules, &mut moves);
    let n = pos.size();
    for from in pos.pieces(pos.side_to_move()) {
        for f in 0..n {
            for r in 0..n {
                let to = Square::new(f, r).unwrap();
                let m = Move::new(from, to);
                prop_assert_eq!(pos.is_legal(rules, m), moves.contains(&m), "{} {}", text, m);
            }
        }
    }
    for &m in moves.iter() {
        prop_assert!(pos.is_legal(rules, m));
    }
    prop_assert_eq!(moves.len(), pos.count_legal_moves(rules));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_invariants(preset in 0usize..5, picks in prop::collection::vec(any::<u16>(), 0..150)) {
        let ruleset = &Ruleset::presets()[preset];
        let mut pos = ruleset.start_position();
        check_position(&pos, ruleset.rules())?;
        for pick in picks {
            let mut moves = MoveList::new();
            pos.legal_moves_into(ruleset.rules(), &mut moves);
            if moves.is_empty() {
                prop_assert!(pos.status().is_over());
                break;
            }
            let m = moves[usize::from(pick) % moves.len()];
            let (attackers, defenders) = (pos.attackers().count(), pos.defenders().count());
            let before = pos;
            let outcome = pos.play_mut(ruleset.rules(), m).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(pos.attackers().count() <= attackers);
            prop_assert!(pos.defenders().count() <= defenders);
            prop_assert_eq!(
                attackers + defenders + 1
                    - pos.attackers().count()
                    - pos.defenders().count()
                    - u32::from(pos.king().is_some()),
                outcome.captures.count()
            );
            prop_assert_eq!(pos.status(), outcome.status);
            // The move text round-trips.
            let text = MoveText { mv: m, captures: outcome.captures };
            prop_assert_eq!(text.to_string().parse::<MoveText>().unwrap(), text);
            // `play` by value agrees with `play_mut`.
            prop_assert_eq!(before.play(ruleset.rules(), m).unwrap(), (pos, outcome));
            check_position(&pos, ruleset.rules())?;
        }
    }
}
