//! Where the chronology of a turn stands ([`TurnPhase`]).

use boardgames_common::{Die, Throw};

use crate::board::Colour;

/// When the tenir / s'en aller choice comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ChoiceStage {
    /// The trou was won by the points of the throw, before playing it.
    BeforePlay,
    /// The trou was won by the points of the play (the sortie of the last dame).
    AfterPlay,
}

impl ChoiceStage {
    /// Every `ChoiceStage`, in the order of its declaration.
    pub const ALL: [ChoiceStage; 2] = [ChoiceStage::BeforePlay, ChoiceStage::AfterPlay];
    /// The number of `ChoiceStage`s.
    pub const NUM: usize = 2;
}

/// Where the chronology of a turn stands; `O` is the outcome of the form of game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase<O> {
    /// Chance: a die for the primauté; `white` is White's die once thrown.
    Primaute {
        /// White's die, once thrown.
        white: Option<Die>,
    },
    /// Chance: the side to move throws.
    Throw,
    /// `mover` chooses tenir or s'en aller.
    Choice {
        /// The player who won the trou with his own points.
        mover: Colour,
        /// The throw.
        throw: Throw,
        /// Before or after the play.
        stage: ChoiceStage,
        /// Points the throw gives the opponent, marked after the play if `mover` holds.
        pending: u8,
    },
    /// The side to move chooses the play of `throw`.
    Play {
        /// The throw.
        throw: Throw,
        /// Points the throw gives the opponent, marked after the play.
        pending: u8,
    },
    /// The game (partie, marqué) is over, with the form's outcome.
    Over(O),
}
