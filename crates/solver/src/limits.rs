//! The budget a search is given: time, memory, positions and which
//! searches run, and the share of it the optimizer then takes.

use std::time::Duration;

use crate::strategy::Strategy;

/// The share of the time left after a solution is found that optimizing
/// it may take, in percent. Most solutions are optimized long before: the
/// optimizer stops once no window gets shorter.
pub const OPTIMIZE_SHARE_PERCENT: u32 = 50;

/// The budget for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long the search may take in all.
    pub time: Duration,
    /// The most the search's own tables may take; past it the search gives
    /// up instead of exhausting the machine.
    pub max_memory_bytes: usize,
    /// The most positions each strategy expands, for runs that repeat
    /// exactly whatever the machine's load; `None` for no limit.
    pub max_expansions: Option<u64>,
    /// Which searches run.
    pub strategy: Strategy,
}

impl Limits {
    /// The memory cap used unless a caller asks otherwise: 2 GiB, so
    /// that each of the race's two threads has the 1 GiB push-pull needs
    /// on dense levels of 25 boxes and up. With half that, push-pull gave
    /// up on Sasquatch III 23 and IX 39 out of memory, both solved with it
    /// within 8.3 s; 4 GiB solved nothing more in 10 s (docs/solver-log.md,
    /// eighth round).
    pub const DEFAULT_MEMORY_BYTES: usize = 2 << 30;

    /// `time` with the default memory cap, no cap on positions, and the
    /// race.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// use schokoban_solver::{Limits, Strategy};
    ///
    /// let limits = Limits::with_time(Duration::from_secs(10));
    /// assert_eq!(limits.max_memory_bytes, Limits::DEFAULT_MEMORY_BYTES);
    /// assert_eq!(limits.strategy, Strategy::Race);
    /// let small = limits.with_memory(64 << 20);
    /// assert_eq!(small.max_memory_bytes, 64 << 20);
    /// ```
    pub fn with_time(time: Duration) -> Self {
        Self {
            time,
            max_memory_bytes: Self::DEFAULT_MEMORY_BYTES,
            max_expansions: None,
            strategy: Strategy::Race,
        }
    }

    /// The limits for optimizing a solution that a search under these
    /// limits found after `spent`: [`OPTIMIZE_SHARE_PERCENT`] of the time
    /// left, and as many positions as each search may expand.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// use schokoban_solver::Limits;
    ///
    /// let limits = Limits::with_time(Duration::from_secs(10));
    /// // A solution found after 4 s leaves the optimizer half of the 6 s left.
    /// let optimizing = limits.for_optimizer(Duration::from_secs(4));
    /// assert_eq!(optimizing.time, Duration::from_secs(3));
    /// ```
    #[must_use]
    pub fn for_optimizer(self, spent: Duration) -> Self {
        let left = self.time.saturating_sub(spent);
        Self {
            time: left / 100 * OPTIMIZE_SHARE_PERCENT,
            ..self
        }
    }

    /// These limits with `bytes` of memory instead.
    #[must_use]
    pub fn with_memory(self, bytes: usize) -> Self {
        Self {
            max_memory_bytes: bytes,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimizer_gets_its_share_of_the_time_left_and_the_same_positions() {
        let limits = Limits {
            max_expansions: Some(500),
            ..Limits::with_time(Duration::from_secs(10))
        };
        let optimizing = limits.for_optimizer(Duration::from_secs(4));
        let share = Duration::from_secs(6) * OPTIMIZE_SHARE_PERCENT / 100;
        assert_eq!(optimizing.time, share);
        assert_eq!(optimizing.max_expansions, Some(500));
        let late = limits.for_optimizer(Duration::from_secs(11));
        assert_eq!(late.time, Duration::ZERO);
    }
}
