//! The app's clock: the time since the game started, which the screens get
//! as `now` and tests stop where they like, and the date it reads on the
//! wall, which the records and statistics write and tests choose too.
//!
//! The keep holds it, so what leaving keeps (time played, when a level was
//! solved) is stamped by the same clock the screens see, on a signal too.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The clock; cloning gives another handle to the same.
#[derive(Clone, Debug)]
pub(crate) struct Clock(Arc<Mutex<Reading>>);

#[derive(Debug)]
struct Reading {
    started: Instant,
    /// The time tests stopped the clock at, if they did.
    stopped: Option<Duration>,
    /// The wall clock when the app's clock read zero, in seconds since
    /// 1970 (UTC).
    epoch: u64,
}

impl Default for Clock {
    fn default() -> Self {
        let epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        Self(Arc::new(Mutex::new(Reading {
            started: Instant::now(),
            stopped: None,
            epoch,
        })))
    }
}

impl Clock {
    fn with<T>(&self, read: impl FnOnce(&mut Reading) -> T) -> T {
        // A panic elsewhere does not make the clock wrong.
        read(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The time since the game started, or where tests stopped it.
    pub fn now(&self) -> Duration {
        self.with(|r| r.stopped.unwrap_or_else(|| r.started.elapsed()))
    }

    /// Stops the clock at `time`: from then on it moves only when set again.
    pub fn stop_at(&self, time: Duration) {
        self.with(|r| r.stopped = Some(time));
    }

    /// Makes the wall clock read `seconds` (since 1970, UTC) when the
    /// app's clock reads zero.
    pub fn set_epoch(&self, seconds: u64) {
        self.with(|r| r.epoch = seconds);
    }

    /// The wall clock, in seconds since 1970 (UTC).
    pub fn wall(&self) -> u64 {
        let now = self.now();
        self.with(|r| r.epoch) + now.as_secs()
    }
}
