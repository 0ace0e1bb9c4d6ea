//! The one wait on the clock in the tests: for what must end by itself,
//! where only time can tell a hang (a game after its terminal closes, a
//! call that must not block on a FIFO). Tests that use it say so in their
//! names (`…_in_real_time`); the rest wait for events, never for time.

use std::time::Duration;

/// Generous: each of these ends in milliseconds.
const BOUND: Duration = Duration::from_secs(10);

/// Runs `work` on a thread of its own and returns what it returns; fails,
/// naming `what`, if it has not ended within [`BOUND`].
pub fn ends_in_real_time<T: Send + 'static>(
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (sender, ended) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(work()));
    ended
        .recv_timeout(BOUND)
        .unwrap_or_else(|_| panic!("{what} did not end within {BOUND:?}"))
}
