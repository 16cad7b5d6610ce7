//! The invariants the fuzz targets assert, written once: the fuzz targets (`fuzz/`, cargo-fuzz
//! with libFuzzer) call them with structured input built by `arbitrary`, and the ordinary test
//! suite calls them from proptests (`crates/boardgames-cli/tests/invariants.rs`) so that CI
//! always checks them. Every function panics (an assertion) when an invariant is broken and
//! never otherwise: no input may make the libraries panic.
#![allow(dead_code, unreachable_pub)]

use boardgames_common::{DiceSource, Record, RecordLimits, Seed, SeededDice, Throw};

/// All 21 unordered throws, for picking one from a byte.
fn throw_of(byte: u8) -> Throw {
    boardgames_common::UNORDERED_THROWS[usize::from(byte) % 21]
}

/// Seeds and throws: text round-trips, and seeded dice are deterministic.
pub fn dice_and_seeds(seed_text: &str, throw_text: &str, seed: u64, count: u8) {
    if let Ok(s) = seed_text.parse::<Seed>() {
        assert_eq!(s.to_string().parse::<Seed>(), Ok(s), "{seed_text:?}");
    }
    if let Ok(t) = throw_text.parse::<Throw>() {
        assert_eq!(t.to_string().parse::<Throw>(), Ok(t), "{throw_text:?}");
    }
    let mut a = SeededDice::new(Seed(seed));
    let mut b = SeededDice::new(Seed(seed));
    let mut fast = sugoroku_core::SimDice::new(Seed(seed));
    for _ in 0..count {
        let t = a.throw();
        assert_eq!(t, b.throw());
        assert!(t.is_some());
        let (sum, doublet) = fast.next_sum();
        assert!((2..=12).contains(&sum));
        assert!(!doublet || sum % 2 == 0);
    }
}

/// Record text: what parses prints back to the same record, the limits agree with the
/// written form, and the serde form round-trips.
pub fn record_text(text: &str, limits: RecordLimits) {
    let Ok(record) = text.parse::<Record>() else {
        // Refused without limits: refused with any.
        assert!(Record::parse_with_limits(text, &limits).is_err());
        return;
    };
    let written = record.to_string();
    assert_eq!(written.parse::<Record>().as_ref(), Ok(&record), "{text:?}");
    assert_eq!(
        record.check_limits(&limits).is_ok(),
        Record::parse_with_limits(&written, &limits).is_ok(),
        "{written:?} {limits:?}"
    );
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: Record = serde_json::from_str(&json).expect("and deserialises");
    assert_eq!(back, record);
    // Every game's replay refuses or accepts without panicking, within the limits.
    replay_everywhere(&record, &limits);
}

/// Replays `record` as each of the three games (most refuse it): no panic; a tafl or
/// sugoroku game that replays writes a record that replays to the same game.
pub fn replay_everywhere(record: &Record, limits: &RecordLimits) {
    use boardgames_common::{Game, Replay, ReplayOptions};
    let options = ReplayOptions::with_limits(*limits);
    if let Ok(game) = tafl_core::TaflGame::from_record_with(record, &options) {
        let again = rewrite(&game, game.moves().iter().map(ToString::to_string));
        assert_eq!(tafl_core::TaflGame::from_record(&again).as_ref(), Ok(&game));
        assert_eq!(
            tafl_core::TaflGame::from_record(&game.to_record()).as_ref(),
            Ok(&game)
        );
    }
    if let Ok(game) = sugoroku_core::Sugoroku::from_record_with(record, &options) {
        assert!(!game.result_tag().is_empty());
        let _ = game.returns();
    }
    let _ = trictrac_core::game::TrictracGame::from_record_with(record, &options);
    let strict = ReplayOptions {
        strict_comments: true,
        ..options
    };
    let _ = trictrac_core::game::TrictracGame::from_record_with(record, &strict);
}

/// A record of `game`'s tags and the given action texts.
fn rewrite<G: boardgames_common::Game>(game: &G, actions: impl Iterator<Item = String>) -> Record {
    let mut r = Record::new(G::NAME);
    for (k, v) in game.record_tags() {
        r.set_tag(&k, &v).expect("the game's own tags are valid");
    }
    for a in actions {
        r.push_action(a)
            .expect("the game's own action texts are valid");
    }
    r
}

/// Tafl rules strings: a string that parses prints a string that parses to the same ruleset.
pub fn tafl_rules(text: &str) {
    if let Ok(r) = text.parse::<tafl_core::Ruleset>() {
        let written = r.to_string();
        assert_eq!(
            written.parse::<tafl_core::Ruleset>().as_ref(),
            Ok(&r),
            "{written}"
        );
    }
}

/// Tafl positions and moves: the position text round-trips; `is_legal` agrees with move
/// generation; an illegal move is refused and leaves the position unchanged; a legal one
/// plays. `choices` pick moves to play and arbitrary (from, to) square pairs to try.
pub fn tafl_position(preset: u8, setup_text: &str, choices: &[(u8, u8, u8)]) {
    let presets = tafl_core::Ruleset::presets();
    let ruleset = &presets[usize::from(preset) % presets.len()];
    let mut position = match setup_text.parse::<tafl_core::Setup>() {
        Ok(setup) => match ruleset.position(&setup) {
            Ok(p) => p,
            Err(_) => return,
        },
        Err(_) => ruleset.start_position(),
    };
    let back: tafl_core::Setup = position
        .to_string()
        .parse()
        .expect("a position's text parses");
    assert_eq!(ruleset.position(&back), Ok(position), "{position}");
    let size = ruleset.rules().size;
    let mut list = tafl_core::MoveList::new();
    for &(pick, from, to) in choices {
        if position.status().is_over() {
            break;
        }
        position.legal_moves_into(&mut list);
        for &m in list.iter() {
            assert!(position.is_legal(m), "{m} generated but not legal");
        }
        // An arbitrary move: legal exactly when generated.
        let square = |b: u8| {
            let n = u16::from(b) % (u16::from(size) * u16::from(size));
            format!(
                "{}{}",
                char::from(b'a' + (n % u16::from(size)) as u8),
                n / u16::from(size) + 1
            )
        };
        if let Ok(m) = format!("{}-{}", square(from), square(to)).parse::<tafl_core::Move>() {
            let legal = position.is_legal(m);
            assert_eq!(legal, list.contains(&m), "{m} in {position}");
            if !legal {
                let before = position;
                assert!(position.play_mut(m).is_err());
                assert_eq!(position, before, "an illegal move changed the position");
            }
        }
        if list.is_empty() {
            break;
        }
        let m = list[usize::from(pick) % list.len()];
        let _ = position.play_mut(m).expect("a generated move plays");
    }
}

/// A tafl game: moves picked among the legal ones; the record replays to the same game and
/// every undo restores the earlier state.
pub fn tafl_game(preset: u8, picks: &[u8]) {
    let presets = tafl_core::Ruleset::presets();
    let ruleset = presets[usize::from(preset) % presets.len()].clone();
    let mut game = tafl_core::TaflGame::new(ruleset);
    let mut states = vec![game.clone()];
    let mut list = tafl_core::MoveList::new();
    for &pick in picks {
        if game.status().is_over() {
            break;
        }
        game.position().legal_moves_into(&mut list);
        if list.is_empty() {
            break;
        }
        let _ = game
            .play_mut(list[usize::from(pick) % list.len()])
            .expect("legal");
        states.push(game.clone());
    }
    let record = rewrite(&game, game.moves().iter().map(ToString::to_string));
    assert_eq!(
        tafl_core::TaflGame::from_record(&record).as_ref(),
        Ok(&game)
    );
    for earlier in states.iter().rev().skip(1) {
        game.undo().expect("a move to take back");
        assert_eq!(&game, earlier);
    }
}

/// Trictrac positions and plays: the position text round-trips; every generated play is
/// legal and plays, and its scoring does not fail; a play built from arbitrary moves is legal
/// exactly when its board is that of a generated play, and refused unchanged otherwise.
pub fn trictrac_position(text: &str, throw: u8, moves: &[(String, String)]) {
    use trictrac_core::{Move, Play, Position, ScoringRules, ThrowAnalysis};
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    assert_eq!(
        position.to_string().parse::<Position>().as_ref(),
        Ok(&position),
        "{position}"
    );
    let throw = throw_of(throw);
    let legal = position.movement_plays(throw);
    for play in legal.iter() {
        assert!(position.is_legal(play), "{play} generated but not legal");
        assert!(position.play(play).is_ok());
    }
    let analysis = ThrowAnalysis::new(&position, throw, &ScoringRules::default());
    for play in analysis.legal_plays().iter() {
        assert!(analysis.after_play(play).is_ok(), "{play}");
    }
    let built: Vec<Move> = moves
        .iter()
        .take(2)
        .enumerate()
        .filter_map(|(i, (from, to))| {
            Some(Move {
                from: from.parse().ok()?,
                to: to.parse().ok()?,
                die: if i == 0 { throw.high() } else { throw.low() },
            })
        })
        .collect();
    // At most two moves were taken, so the play is always built.
    let Ok(play) = Play::new(throw, &built) else {
        return;
    };
    let mut p = position;
    match p.play_mut(&play) {
        Ok(()) => assert!(position.is_legal(&play)),
        Err(_) => {
            assert!(!position.is_legal(&play));
            assert_eq!(p, position, "an illegal play changed the position");
        }
    }
}

/// Sugoroku rules and positions: the texts round-trip; throws keep the position valid (its
/// setup validates back to it and its text round-trips); after the end a throw is refused and
/// changes nothing.
pub fn sugoroku(rules_text: &str, position_text: &str, throws: &[u8]) {
    use sugoroku_core::{Position, Ruleset};
    let rules = match rules_text.parse::<Ruleset>() {
        Ok(r) => {
            assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
            r
        }
        Err(_) => Ruleset::default(),
    };
    let mut position = match position_text.parse::<Position>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<Position>(), Ok(p), "{p}");
            p
        }
        Err(_) => Position::start(),
    };
    for &b in throws {
        let before = position;
        match position.play_mut(&rules, throw_of(b)) {
            Ok(_) => {
                assert_eq!(Position::try_from(position.setup()), Ok(position));
                assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            }
            Err(_) => {
                assert!(before.end(&rules).is_some());
                assert_eq!(position, before);
            }
        }
    }
}
