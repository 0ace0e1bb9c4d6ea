//! A list's levels without a rating (a player's file, a level never rated
//! before) are rated in the background, one at a time on a [`Worker`],
//! the selected level first. Rating starts once the list has been on
//! screen a moment, so a list passed through costs nothing, and stops
//! when a level is opened from it or the list goes away; with every level
//! rated the list is idle. Each rating goes to the flows to be kept.

use std::time::Duration;

use super::LevelRow;
use crate::app::screen::Effect;
use crate::app::worker::{Report, Wake, Worker};
use schokoban_generate::{RateError, Rated, rate};

/// How long the list is on screen before rating starts.
const RATE_AFTER: Duration = Duration::from_millis(500);

type RatingJob = Worker<(), Result<Rated, RateError>>;

#[derive(Debug, Default)]
pub(super) struct Rater {
    /// Since when the list has been on screen, on the app's clock; `None`
    /// until its first tick after a level was opened from it.
    shown_since: Option<Duration>,
    /// The row being rated and its job; dropping it stops the job.
    job: Option<(usize, RatingJob)>,
    /// Rows whose rating failed (a bug in the search): not tried again.
    failed: Vec<usize>,
}

impl Rater {
    /// Stops rating until the list is on screen again: a level opened
    /// from it has the machine to itself.
    pub fn pause(&mut self) {
        self.job = None;
        self.shown_since = None;
    }

    /// Whether row `index` waits for its rating (`…` meanwhile).
    pub fn waits(&self, index: usize, row: &LevelRow) -> bool {
        row.level.is_some() && row.rating.is_none() && !self.failed.contains(&index)
    }

    /// Takes in the rating job's result into `rows`, starts the next one
    /// (the first unrated row from `selected` on) once the list has been
    /// shown [`RATE_AFTER`], and says what the flows should keep and
    /// when to look again.
    pub fn tick(
        &mut self,
        now: Duration,
        rows: &mut [LevelRow],
        selected: usize,
    ) -> (Effect, Wake) {
        let mut effect = Effect::None;
        if let Some((index, job)) = &self.job {
            let index = *index;
            match job.poll() {
                None | Some(Report::Progress(())) => return (effect, job.wake()),
                Some(Report::Done(Ok(rated))) => {
                    let rating = rated.into();
                    rows[index].rating = Some(rating);
                    if let Some(level) = rows[index].level.clone() {
                        effect = Effect::KeepRating { level, rating };
                    }
                }
                Some(Report::Done(Err(RateError::Cancelled))) => {}
                Some(Report::Failed(_)) => self.failed.push(index),
            }
            self.job = None;
        }
        let count = rows.len();
        let next = (0..count)
            .map(|offset| (selected + offset) % count)
            .find(|&index| self.waits(index, &rows[index]));
        let Some(index) = next else {
            return (effect, Wake::Idle);
        };
        let start = *self.shown_since.get_or_insert(now) + RATE_AFTER;
        if now < start {
            return (effect, Wake::At(start));
        }
        let Some(level) = rows[index].level.clone() else {
            return (effect, Wake::Idle);
        };
        let job = Worker::spawn("rating", move |job| {
            rate(&level, job.cancelled()).map(|(rated, _)| rated)
        });
        let wake = job.wake();
        self.job = Some((index, job));
        (effect, wake)
    }
}
