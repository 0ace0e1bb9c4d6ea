//! The limits a search keeps to from its first allocation on: the clock
//! and the cancel flag are read in setup as well as in search, and tables
//! are sized before they are built, so a giant level is declined at once
//! instead of exhausting the machine.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A level whose tables would not fit the memory cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Squares a box or the player can stand on.
    pub cells: usize,
    /// Goals, one distance table each.
    pub goals: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "too large to solve: {} cells x {} goals",
            self.cells, self.goals
        )
    }
}

impl std::error::Error for TooLarge {}

/// The turns a search waits for between its steps when it runs only on
/// turns lent to it (the race's `Turns`): a trait, so that the budget
/// knows nothing of the race that lends them.
pub(crate) trait TurnGate: Sync {
    /// Returns at once while the search's turn is open, else once the
    /// next one opens, having published `held()`, the bytes the search
    /// holds meanwhile; `false` when no turn will come again.
    fn wait_turn(&self, held: &dyn Fn() -> usize) -> bool;
}

/// Why a search stopped before it had an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    TimeUp,
    Cancelled,
}

/// The clock and the cancel flag of one search.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    started: Instant,
    /// `None` when the time limit is too far off to matter.
    deadline: Option<Instant>,
    cancel: &'a AtomicBool,
    /// Raised when a strategy racing this one has the answer.
    race_over: Option<&'a AtomicBool>,
    /// The turns the search waits for between its steps, when it runs
    /// only on turns the race lends it.
    turns: Option<&'a dyn TurnGate>,
}

impl<'a> Budget<'a> {
    pub fn new(time: Duration, cancel: &'a AtomicBool) -> Self {
        let started = Instant::now();
        Self {
            started,
            deadline: started.checked_add(time),
            cancel,
            race_over: None,
            turns: None,
        }
    }

    /// This budget, also stopping once `over` is raised.
    pub fn racing(self, over: &'a AtomicBool) -> Self {
        Self {
            race_over: Some(over),
            ..self
        }
    }

    /// This budget for a search that runs only on the turns of `turns`.
    pub(crate) fn taking_turns(self, turns: &'a dyn TurnGate) -> Self {
        Self {
            turns: Some(turns),
            ..self
        }
    }

    /// This budget ending once `percent` of its time has passed; the same
    /// when it has no deadline.
    pub fn until(self, percent: u32) -> Self {
        let deadline = (self.deadline).map(|end| {
            let part = end.saturating_duration_since(self.started) * percent.min(100) / 100;
            self.started.checked_add(part).unwrap_or(end)
        });
        Self { deadline, ..self }
    }

    /// This budget ending once `percent` of the time left now has passed;
    /// the same when it has no deadline.
    pub fn of_left(self, percent: u32) -> Self {
        let now = Instant::now();
        let deadline = (self.deadline)
            .map(|end| now + end.saturating_duration_since(now) * percent.min(100) / 100);
        Self { deadline, ..self }
    }

    /// This budget ending `time` after it started, when its own deadline
    /// is further off than that (or it has none); `None` otherwise.
    pub fn first(self, time: Duration) -> Option<Self> {
        let end = self.started.checked_add(time)?;
        let later = self.deadline.is_none_or(|deadline| deadline > end);
        later.then_some(Self {
            deadline: Some(end),
            ..self
        })
    }

    /// This budget counted from now: its shares ([`Budget::until`]) are
    /// shares of the time left.
    pub fn counted_from_now(self) -> Self {
        Self {
            started: Instant::now(),
            ..self
        }
    }

    /// Whether to stop now, and why.
    pub fn stop(&self) -> Option<Stop> {
        let over = self.race_over.is_some_and(|o| o.load(Ordering::Relaxed));
        if over || self.cancel.load(Ordering::Relaxed) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::TimeUp)
        } else {
            None
        }
    }

    /// Whether to stop now, and why, having first waited for the search's
    /// turn where it runs on turns (see [`Budget::taking_turns`]); `held`
    /// says how many bytes it holds while it waits. Called only between
    /// steps, where the search holds nothing another search could wait
    /// for.
    pub(crate) fn stop_between_turns(&self, held: impl Fn() -> usize) -> Option<Stop> {
        let stop = self.stop();
        let Some(turns) = self.turns.filter(|_| stop.is_none()) else {
            return stop;
        };
        if turns.wait_turn(&held) {
            self.stop()
        } else {
            Some(Stop::Cancelled)
        }
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the waits for a turn; the turn is always open.
    #[derive(Default)]
    struct CountingGate(std::sync::atomic::AtomicUsize);

    impl TurnGate for CountingGate {
        fn wait_turn(&self, _held: &dyn Fn() -> usize) -> bool {
            self.0.fetch_add(1, Ordering::SeqCst);
            true
        }
    }

    #[test]
    fn a_search_on_turns_stops_on_its_flags_before_it_waits_for_a_turn() {
        let gate = CountingGate::default();
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(3_600), &cancel).taking_turns(&gate);
        assert_eq!(budget.stop_between_turns(|| 0), None);
        assert_eq!(gate.0.load(Ordering::SeqCst), 1);
        cancel.store(true, Ordering::SeqCst);
        assert_eq!(budget.stop_between_turns(|| 0), Some(Stop::Cancelled));
        let not_cancelled = AtomicBool::new(false);
        let timed_out = Budget::new(Duration::ZERO, &not_cancelled).taking_turns(&gate);
        assert_eq!(timed_out.stop_between_turns(|| 0), Some(Stop::TimeUp));
        // A stopped search returns at once: a turn may never come again.
        assert_eq!(gate.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_first_part_ends_that_long_after_the_start_where_the_budget_is_longer() {
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(60), &cancel);
        let first = budget.first(Duration::from_secs(10));
        let length = first
            .and_then(|first| first.deadline())
            .map(|end| end - budget.started);
        assert_eq!(length, Some(Duration::from_secs(10)));
        assert!(budget.first(Duration::from_secs(60)).is_none());
        assert!(budget.first(Duration::from_secs(61)).is_none());
        let endless = Budget::new(Duration::MAX, &cancel);
        assert!(endless.deadline().is_none());
        assert!(endless.first(Duration::from_secs(10)).is_some());
    }

    #[test]
    fn counted_from_now_a_share_is_a_share_of_the_time_left() {
        let cancel = AtomicBool::new(false);
        let now = Instant::now();
        let started = now.checked_sub(Duration::from_secs(40)).unwrap_or(now);
        let spent = now - started;
        let budget = Budget {
            started,
            deadline: Some(started + Duration::from_secs(60)),
            cancel: &cancel,
            race_over: None,
            turns: None,
        };
        let later = budget.counted_from_now();
        assert_eq!(later.deadline(), budget.deadline());
        let end = budget.deadline().expect("a deadline");
        let half_left = (end - later.until(50).deadline().expect("a deadline")).as_millis();
        // Half of the 20 s left (where the clock had run 40 s), give or
        // take the moments between the readings of the clock.
        let expected = (Duration::from_secs(60).saturating_sub(spent) / 2).as_millis();
        assert!(half_left.abs_diff(expected) < 100, "{half_left} ms");
    }

    #[test]
    fn a_share_ends_at_that_part_of_the_time() {
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(10), &cancel);
        let share = budget.until(75);
        let (end, share_end) = (budget.deadline(), share.deadline());
        let left = end.zip(share_end).map(|(end, share)| end - share);
        assert_eq!(left, Some(Duration::from_millis(2500)));
        assert_eq!(budget.until(100).deadline(), end);
        assert!(
            Budget::new(Duration::MAX, &cancel)
                .until(75)
                .deadline()
                .is_none()
        );
    }

    #[test]
    fn a_share_of_the_time_left_ends_at_that_part_of_it() {
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(100), &cancel);
        let before = Instant::now();
        let share = budget.of_left(40).deadline().expect("a deadline");
        let after = Instant::now();
        // 40% of the 100 s left when it was asked, give or take the
        // moments between the readings of the clock.
        assert!(share >= before + Duration::from_secs(39), "{share:?}");
        assert!(share <= after + Duration::from_secs(40), "{share:?}");
        assert_eq!(budget.of_left(100).deadline(), budget.deadline());
        let unlimited = Budget::new(Duration::MAX, &cancel);
        assert!(unlimited.of_left(40).deadline().is_none());
    }
}
