//! The host's `clock` command: each side's time, and the time a move may take.

use std::time::Duration;

use tafl_core::Side;

/// One side's time as the host's `clock` command gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SideClock {
    /// Milliseconds left (of the main time, or of the current overtime period); negative:
    /// untimed.
    millis: i64,
    /// Whether the main time is spent (the host marks the number with `*`).
    in_overtime: bool,
    /// Overtime periods left.
    overtimes: i64,
}

/// The last `clock` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct HostClock {
    attackers: SideClock,
    defenders: SideClock,
    /// The length of an overtime period, in seconds.
    overtime_secs: i64,
}

impl HostClock {
    /// Reads `<att-ms>[*] <def-ms>[*] <overtime-s> <att-overtimes> <def-overtimes>`.
    pub(super) fn parse(args: &[&str]) -> Option<HostClock> {
        let millis = |t: &str| -> Option<(i64, bool)> {
            let star = t.ends_with('*');
            Some((t.trim_end_matches('*').parse().ok()?, star))
        };
        let (am, ao) = millis(args.first()?)?;
        let (dm, d_o) = millis(args.get(1)?)?;
        let num = |i: usize| args.get(i).and_then(|t| t.parse::<i64>().ok()).unwrap_or(0);
        Some(HostClock {
            attackers: SideClock {
                millis: am,
                in_overtime: ao,
                overtimes: num(3),
            },
            defenders: SideClock {
                millis: dm,
                in_overtime: d_o,
                overtimes: num(4),
            },
            overtime_secs: num(2),
        })
    }

    /// The time to spend on one move of `side`: a fortieth of the main time plus half an
    /// overtime period when periods are left, or half of the current period in overtime,
    /// less a margin for the pipes; `None` when the side is untimed.
    pub(super) fn budget(&self, side: Side) -> Option<Duration> {
        let c = match side {
            Side::Attackers => self.attackers,
            Side::Defenders => self.defenders,
        };
        if c.millis < 0 {
            return None;
        }
        // Saturating: the host's numbers may be as large as an i64 holds.
        let period = self.overtime_secs.max(0).saturating_mul(1000);
        let ms = if c.in_overtime {
            c.millis.min(if period > 0 { period } else { c.millis }) / 2
        } else {
            let extra = if c.overtimes > 0 { period / 2 } else { 0 };
            (c.millis / 40).saturating_add(extra)
        };
        let ms = (ms - 100).max(10);
        Some(Duration::from_millis(u64::try_from(ms).unwrap_or(10)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets_never_exceed_the_time_left() {
        let c = HostClock::parse(&["60000", "30000*", "10", "2", "1"]).unwrap();
        assert_eq!(c.defenders.millis, 30000);
        assert!(c.defenders.in_overtime);
        // 60 s main time: 1.5 s plus half of a 10 s period, less 0.1 s.
        assert_eq!(c.budget(Side::Attackers), Some(Duration::from_millis(6400)));
        // In overtime: half of what is left of the period (at most the period).
        assert_eq!(c.budget(Side::Defenders), Some(Duration::from_millis(4900)));
        let short = HostClock::parse(&["200", "-1", "0", "0", "0"]).unwrap();
        assert_eq!(
            short.budget(Side::Attackers),
            Some(Duration::from_millis(10))
        );
        assert_eq!(short.budget(Side::Defenders), None);
        assert_eq!(HostClock::parse(&["x"]), None);
    }
}
