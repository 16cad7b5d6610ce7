//! Where the time of the agents' decisions comes from: [`Clock`], given by the caller, so
//! that what a browser calls reads no clock ([`NoClock`]).

use std::time::Duration;

/// A monotonic clock: the time elapsed since a fixed start.
///
/// Tournaments and self-play time each decision by two readings of the clock. On a
/// machine with a clock, [`std::time::Instant`] is one (the time since that instant); in a
/// browser (WebAssembly without a system clock), [`NoClock`] gives zero durations.
pub trait Clock: Sync {
    /// The time since the clock's start; never smaller than an earlier reading.
    fn elapsed(&self) -> Duration;
}

/// A clock that never moves: every decision takes no time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}

/// The time since this instant (not on WebAssembly without a system, where reading the
/// clock panics).
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
impl Clock for std::time::Instant {
    fn elapsed(&self) -> Duration {
        std::time::Instant::elapsed(self)
    }
}
