//! The partie ordinaire as a [`boardgames_common::Game`] ([`TrictracGame`]): the former
//! home of the state machine, kept as a path. The chronology of a turn is in
//! [`crate::partie::turn`], the scorers in [`crate::partie::scorer`], the partie ordinaire
//! in [`crate::partie::ordinaire`].

pub use crate::partie::ordinaire::{GameOptions, Ordinaire, Phase, TrictracGame, Win};
pub use crate::partie::scorer::{
    DefaultScorer, JanScorer, MovementScorer, RaceAnalysis, RaceScorer, Scored, Scorer,
    SimpleAnalysis, ThrowScore, ThrowScorer,
};
pub use crate::partie::turn::{
    Action, ChoiceStage, Chronology, Form, Primaute, TurnPhase, action_text, colour_of, player_of,
};
pub use crate::partie::{ActionError, TagError};
