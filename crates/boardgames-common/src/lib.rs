//! Shared foundation of the boardgames-rs rules crates: dice, seeds, the plain-text game
//! record and the [`Game`] trait with chance nodes.
//!
//! Every item is at the crate root but for three namespaces: [`agents`] (the generic
//! players), [`tournament`] (its arithmetic) and `svg` (pictures).
//!
//! - Dice: [`Die`], [`Throw`] (higher die first, traditional French names), the 36 ordered
//!   and 21 unordered outcomes with their probabilities ([`ORDERED_OUTCOMES`],
//!   [`UNORDERED_OUTCOMES`]).
//! - Seeds: [`Seed`] and the [`DiceSource`] trait with [`SeededDice`] (ChaCha8, pinned) and
//!   [`ScriptedDice`] (replays); [`Seed::derive`] for sub-streams.
//! - Players: [`Player`] and [`ByPlayer`], a value per player.
//! - The OpenSpiel-style [`Game`] trait, [`Turn`], [`Agent`], [`RandomAgent`] and
//!   [`play_game`].
//! - Records: the [`Record`] format shared by trictrac, tafl and sugoroku; records to games
//!   ([`Replay::from_record`]: one loop, [`ReplaySteps`] walked to its end by
//!   [`replay_record`], the same checks in every game, one [`ReplayError`]; the walk step by
//!   step for every intermediate state) and games to records ([`PlayedGame`]).
//! - [`Playout`]: the one game loop, agents for the decisions and a seed for chance, an
//!   iterator of [`Step`]s ([`play_game`] runs one to the end).
//! - [`agents`]: generic players of every game besides [`RandomAgent`]:
//!   [`agents::Mcts`] (UCT with chance nodes) and [`agents::Expectiminimax`] (alpha-beta,
//!   Star1).
//! - [`tournament`]: the arithmetic of a tournament between agents: the schedule and its
//!   seeds, wins/draws/losses with Wilson intervals, Elo ratings with intervals.
//! - `svg` (feature `svg`): a small SVG writer and a histogram, for the games' pictures.
//!
//! ```
//! use boardgames_common::{DiceSource, Seed, SeededDice};
//! let mut dice = SeededDice::new(Seed(42));
//! let throw = dice.throw().unwrap();
//! assert!((2..=12).contains(&throw.sum()));
//! println!("{throw} ({})", throw.name());
//! ```
#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, [package.metadata.docs.rs]) marks the items of each feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The crate's README.md (shown on crates.io): its examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod agents;
mod dice;
mod game;
mod limits;
mod player;
mod playout;
mod record;
mod replay;
mod seed;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tournament;

pub use agents::random::RandomAgent;
pub use dice::{
    Die, ORDERED_OUTCOMES, ORDERED_PROBABILITY, ParseDieError, ParseThrowError, Throw,
    UNORDERED_OUTCOMES, UNORDERED_THROWS,
};
pub use game::{Agent, Game, Outcome, PlayGameError, PlayedGame, Turn, result_text, sample_chance};
pub use limits::{RecordLimitError, RecordLimits};
pub use player::{ByPlayer, Player};
pub use playout::{Playout, Step, play_game};
pub use record::{Entry, ParseRecordError, ParseRecordErrorKind, Record, RecordTextError};
pub use replay::{
    CommentError, OtherGameError, Replay, ReplayError, ReplayOptions, ReplayStep, ReplaySteps,
    ResultTagError, names_game, replay_record, result_tag,
};
pub use seed::{DiceSource, ParseSeedError, RngDice, ScriptedDice, Seed, SeedRng, SeededDice};

#[cfg(test)]
mod error_chain_tests {
    use std::error::Error;

    use crate::game::tests::{Race, RaceAction};
    use crate::{PlayGameError, PlayedGame, Record, RecordLimits, Seed, Throw};

    /// Walks `e`'s `source()` chain: no message may repeat the text of its source (an error
    /// prints its cause or exposes it as its source, never both). Returns the messages.
    fn chain(e: &dyn Error) -> Vec<String> {
        let mut messages = vec![e.to_string()];
        let mut current = e;
        while let Some(source) = current.source() {
            let (outer, inner) = (current.to_string(), source.to_string());
            assert!(
                !outer.contains(&inner),
                "{outer:?} prints its source {inner:?}"
            );
            messages.push(inner);
            current = source;
        }
        messages
    }

    #[test]
    fn errors_print_their_cause_once() {
        // The game's refusal is printed by PlayGameError::Refused, once in the chain.
        let mut game = PlayedGame::new(Race::new(), Some(Seed(1))).unwrap();
        let refused = game.apply(RaceAction::Advance(3)).unwrap_err();
        assert!(matches!(refused, PlayGameError::Refused { index: 0, .. }));
        let messages = chain(&refused);
        let cause = "illegal action Advance(3)";
        assert_eq!(messages.concat().matches(cause).count(), 1, "{messages:?}");
        assert_eq!(
            messages[0],
            "action 0 (+3) was refused: illegal action Advance(3)"
        );
        // A tag a record cannot hold, refused by PlayGameError::BadText.
        let mut record = Record::new("Race");
        let bad = record.set_tag("Bad\"Tag", "x").unwrap_err();
        let wrapped = PlayGameError::BadText {
            index: 4,
            error: bad.clone(),
        };
        let messages = chain(&wrapped);
        assert_eq!(messages.concat().matches(&bad.to_string()).count(), 1);
        // The other errors of the crate.
        let parse = "[Game \"x\"\n".parse::<Record>().unwrap_err();
        let limits = RecordLimits {
            max_bytes: 1,
            ..RecordLimits::NONE
        };
        let limit = Record::new("Race").check_limits(&limits).unwrap_err();
        for e in [
            &parse as &dyn Error,
            &limit,
            &"x".parse::<Seed>().unwrap_err(),
            &"7-1".parse::<Throw>().unwrap_err(),
            &crate::tournament::elo_ratings(&crate::tournament::ResultTable::new(1), 0.0)
                .unwrap_err(),
        ] {
            assert!(!chain(e)[0].is_empty());
        }
    }
}
