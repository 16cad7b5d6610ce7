//! Layer 1, the shared arguments: the values and option groups that more than one command
//! reads, and the parsers of values. A command's own arguments are in its file under
//! `commands`; nothing here runs a command.

pub(crate) mod numbers;
pub(crate) mod settlement;

use clap::ValueEnum;

/// When to draw boards in colour with Unicode pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorWhen {
    /// On a terminal that supports it, unless `NO_COLOR` is set.
    Auto,
    /// Always (even into a pipe).
    Always,
    /// Never: plain ASCII.
    Never,
}

/// The AI levels of the Breton Fidchell page's game (`tafl engine --level`, `play tafl
/// --level`).
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum LevelArg {
    /// Barzh, the weakest.
    Bard,
    /// Ovate.
    Ovate,
    /// Drouiz, the strongest.
    Druid,
}

impl From<LevelArg> for tafl_core::ai::Level {
    fn from(level: LevelArg) -> tafl_core::ai::Level {
        match level {
            LevelArg::Bard => tafl_core::ai::Level::Bard,
            LevelArg::Ovate => tafl_core::ai::Level::Ovate,
            LevelArg::Druid => tafl_core::ai::Level::Druid,
        }
    }
}

/// The tafl evaluation's weights as `name=value` pairs replacing the hand-set defaults
/// (`tafl_core::ai::EvalWeights`'s text form); the error names the pair that is wrong.
pub(crate) fn parse_weights(text: &str) -> Result<Box<tafl_core::ai::EvalWeights>, String> {
    text.parse().map(Box::new).map_err(|e| format!("{e}"))
}

/// A seed in the text form of [`boardgames_common::Seed`].
pub(crate) fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<boardgames_common::Seed>()
        .map(|s| s.0)
        .map_err(|e| e.to_string())
}
