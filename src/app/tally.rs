//! Play not yet written to the statistics file: attempts begun, time
//! played and solves, by level and day, held in the app's keep so that
//! every way out (Esc, a solve, Ctrl+C, a signal) writes it.
//!
//! Time counts only between the player's actions on a level on screen,
//! and only where they are at most [`MAX_PAUSE`] apart: a level left open
//! overnight claims no more than the minute before the pause. Like an
//! attempt, time played begins with a move: the time spent on a level
//! before the first move of an attempt (from opening it, or from `R`)
//! counts when that move comes, and not at all when none does, so a level
//! only looked at shows neither attempts nor time.

use std::path::PathBuf;
use std::time::Duration;

use super::message::{Message, Problem};
use crate::storage::{PlayCount, add_statistics, day_of};

/// A longer pause between two actions is time away, not time played.
pub(crate) const MAX_PAUSE: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Where the statistics go; `None` when records are off.
    file: Option<PathBuf>,
    /// What was played and is not written yet.
    pending: Vec<PlayCount>,
    /// The level on screen, and when it was shown or last acted on.
    last: Option<(String, Duration)>,
    /// The time counted since the last whole second was added.
    fraction: Duration,
    /// Time on the level on screen before its attempt began: counted when
    /// one does, dropped when the player goes elsewhere first.
    waiting: Duration,
}

impl Tally {
    pub fn set_file(&mut self, file: Option<PathBuf>) {
        self.file = file;
    }

    /// `level` is on screen from `now`.
    pub fn shown(&mut self, level: &str, now: Duration) {
        self.last = Some((level.to_owned(), now));
        self.fraction = Duration::ZERO;
        self.waiting = Duration::ZERO;
    }

    /// The player acted on `level` at `now` (`wall` on the wall clock):
    /// the time since the last action counts, unless it was a pause; it
    /// waits for the first move while no attempt is `under_way`.
    pub fn acted(&mut self, level: &str, now: Duration, wall: u64, under_way: bool) {
        match &self.last {
            Some((shown, then)) if shown == level => {
                if let Some(gap) = now.checked_sub(*then).filter(|gap| *gap <= MAX_PAUSE) {
                    self.waiting += gap;
                }
            }
            _ => {
                self.fraction = Duration::ZERO;
                self.waiting = Duration::ZERO;
            }
        }
        self.last = Some((level.to_owned(), now));
        if under_way {
            self.add_waiting(level, wall);
        }
    }

    /// An attempt at `level` began with a move: the time it waited counts.
    pub fn attempt(&mut self, level: &str, wall: u64) {
        self.count(level, wall).attempts += 1;
        if self.last.as_ref().is_some_and(|(shown, _)| shown == level) {
            self.add_waiting(level, wall);
        }
    }

    /// The time waiting, counted as played by `level`, in whole seconds.
    fn add_waiting(&mut self, level: &str, wall: u64) {
        self.fraction += std::mem::take(&mut self.waiting);
        let seconds = self.fraction.as_secs();
        self.fraction -= Duration::from_secs(seconds);
        if seconds > 0 {
            self.count(level, wall).played += seconds;
        }
    }

    pub fn solve(&mut self, level: &str, wall: u64) {
        let count = self.count(level, wall);
        count.solves += 1;
        count.first_solve.get_or_insert(wall);
    }

    /// The pending count of `level` on the day of `wall`.
    fn count(&mut self, level: &str, wall: u64) -> &mut PlayCount {
        let day = day_of(wall);
        let at = self
            .pending
            .iter()
            .position(|c| c.level == level && c.day == day);
        let at = at.unwrap_or_else(|| {
            self.pending.push(PlayCount {
                level: level.to_owned(),
                day,
                ..PlayCount::default()
            });
            self.pending.len() - 1
        });
        &mut self.pending[at]
    }

    /// Adds what is pending to the statistics file; says only what went
    /// wrong. What could not be written stays pending, for the next write.
    pub fn write(&mut self) -> Option<Message> {
        let Some(file) = &self.file else {
            self.pending.clear();
            return None;
        };
        if self.pending.is_empty() {
            return None;
        }
        match add_statistics(file, &self.pending) {
            Ok(aside) => {
                self.pending.clear();
                aside.map(|aside| {
                    Message::warning(format!(
                        "The statistics file was damaged; it was kept as {}",
                        aside.display()
                    ))
                })
            }
            Err(error) => Some(Message::trouble(
                Some("Statistics not saved"),
                Problem::Record(error),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400;

    fn seconds(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn time_counts_between_actions_a_minute_apart_at_most() {
        let mut tally = Tally::default();
        tally.shown("a/1", seconds(0));
        tally.acted("a/1", seconds(20), DAY, true);
        tally.acted("a/1", seconds(80), DAY, true);
        // Eight hours away: not played.
        tally.acted("a/1", seconds(80 + 8 * 3600), DAY, true);
        tally.acted("a/1", seconds(90 + 8 * 3600), DAY, true);
        assert_eq!(tally.pending[0].played, 20 + 60 + 10);
    }

    #[test]
    fn an_action_on_another_level_starts_its_time_afresh() {
        let mut tally = Tally::default();
        tally.shown("a/1", seconds(0));
        tally.acted("a/2", seconds(10), DAY, true);
        tally.acted("a/2", seconds(15), DAY, true);
        assert_eq!(tally.pending.len(), 1);
        assert_eq!(
            (tally.pending[0].level.as_str(), tally.pending[0].played),
            ("a/2", 5)
        );
    }

    #[test]
    fn parts_of_seconds_add_up() {
        let mut tally = Tally::default();
        tally.shown("a/1", Duration::ZERO);
        for tenth in 1..=25 {
            tally.acted("a/1", Duration::from_millis(tenth * 100), DAY, true);
        }
        assert_eq!(tally.pending[0].played, 2);
    }

    #[test]
    fn time_before_the_first_move_counts_only_once_an_attempt_begins() {
        let mut tally = Tally::default();
        // Looked at, keys pressed, no move: nothing played.
        tally.shown("a/1", seconds(0));
        tally.acted("a/1", seconds(10), DAY, false);
        tally.acted("a/1", seconds(30), DAY, false);
        tally.shown("a/2", seconds(40));
        assert!(tally.pending.is_empty());
        // Thought about, then a move: the thinking counts with the attempt.
        tally.acted("a/2", seconds(45), DAY, false);
        tally.acted("a/2", seconds(52), DAY, false);
        tally.attempt("a/2", DAY);
        tally.acted("a/2", seconds(55), DAY, true);
        assert_eq!(tally.pending.len(), 1);
        assert_eq!(
            (tally.pending[0].attempts, tally.pending[0].played),
            (1, 15)
        );
    }

    #[test]
    fn a_solve_counts_on_its_day_with_its_moment() {
        let mut tally = Tally::default();
        tally.attempt("a/1", DAY - 1);
        tally.solve("a/1", DAY + 5);
        tally.solve("a/1", DAY + 50);
        assert_eq!(tally.pending.len(), 2);
        assert_eq!(tally.pending[1].solves, 2);
        assert_eq!(tally.pending[1].first_solve, Some(DAY + 5));
    }
}
