//! One search carried on across the race's turns: it runs on a thread of
//! its own, and only while one of the racing threads lends it its turn,
//! so that each turn goes on from where the last one paused instead of
//! starting over. The lending thread waits meanwhile, so that no more
//! searches run at once than the race has threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::budget::{Budget, TurnGate};
use crate::{Outcome, Stats, Strategy};

/// How often a lending thread looks at its turn's flags: the search
/// watches the race's and the caller's, so it ends at once on those, but a
/// turn may also end by a flag of its own.
const TURN_CHECK: Duration = Duration::from_millis(10);

/// The turns of one search carried on across the race.
pub(crate) struct Turns {
    /// Whether a turn is open: read on every step of the search, without
    /// the lock.
    open: AtomicBool,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    open: bool,
    /// The search is waiting for a turn.
    paused: bool,
    /// The race is over: the search is not to wait for another turn.
    retired: bool,
    /// The bytes the search held when it last paused.
    held: usize,
    /// How the search ended, once it has, and the strategy to name when
    /// that is an answer.
    ended: Option<(Outcome, Option<Strategy>)>,
}

impl Turns {
    pub(crate) fn new() -> Self {
        Self {
            open: AtomicBool::new(false),
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `search` on this thread, its first step waiting for the first
    /// turn, and keeps how it ended for the turn it ended in.
    pub(crate) fn serve(&self, search: impl FnOnce() -> (Outcome, Stats)) -> (Outcome, Stats) {
        let (outcome, stats) = if self.wait_turn(&|| 0) {
            search()
        } else {
            (Outcome::Cancelled, Stats::default())
        };
        self.end(outcome.clone(), stats.winner);
        (outcome, stats)
    }

    /// Keeps how the search ended, for the turn it ended in and every one
    /// after; also where its thread could not be started.
    pub(crate) fn end(&self, outcome: Outcome, winner: Option<Strategy>) {
        let mut state = self.lock();
        state.ended = Some((outcome, winner));
        state.paused = false;
        self.changed.notify_all();
    }

    /// Lends the search this thread's turn until `turn` stops (its time
    /// is up, the race is over or cancelled) or the search ends in it;
    /// returns how it ended then, and while it is paused what stopped the
    /// turn ([`Outcome::Cancelled`] when the race was). A search that
    /// ended in an earlier turn gives that answer at once, so the turn
    /// passes to the next. `None` when the search is on the other
    /// thread's turn, which a turn cut short before it can bring about.
    pub(crate) fn lend(&self, turn: &Budget) -> Option<(Outcome, Stats)> {
        let mut state = self.lock();
        if let Some(ended) = &state.ended {
            return Some(ended_turn(ended));
        }
        if state.open {
            return None;
        }
        state.open = true;
        self.open.store(true, Ordering::Release);
        self.changed.notify_all();
        while state.ended.is_none() && turn.stop().is_none() {
            let left = turn.deadline().map_or(TURN_CHECK, |deadline| {
                deadline.saturating_duration_since(Instant::now())
            });
            state = self
                .changed
                .wait_timeout(state, left.min(TURN_CHECK))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        state.open = false;
        self.open.store(false, Ordering::Release);
        while state.ended.is_none() && !state.paused {
            state = self.wait(state);
        }
        // Paused: the turn's time is up, or the race is over or cancelled.
        let paused = || {
            (
                turn.stop().map_or(Outcome::GaveUp, Outcome::from),
                Stats::default(),
            )
        };
        Some(state.ended.as_ref().map_or_else(paused, ended_turn))
    }

    /// The bytes the search holds while it waits for a turn, which the
    /// searches run meanwhile leave it out of their share.
    pub(crate) fn held(&self) -> usize {
        self.lock().held
    }

    /// Ends the search's wait for good: the race is over.
    pub(crate) fn retire(&self) {
        let mut state = self.lock();
        state.retired = true;
        self.changed.notify_all();
    }
}

/// Called by the search between its steps, where it holds no lock
/// another search could wait for.
impl TurnGate for Turns {
    fn wait_turn(&self, held: &dyn Fn() -> usize) -> bool {
        if self.open.load(Ordering::Acquire) {
            return true;
        }
        let held = held();
        let mut state = self.lock();
        state.held = held;
        while !state.open && !state.retired {
            state.paused = true;
            self.changed.notify_all();
            state = self.wait(state);
        }
        state.paused = false;
        !state.retired
    }
}

/// A turn's answer once the search has ended: its outcome and winner, the
/// positions and bytes being counted once, where the search ran.
fn ended_turn((outcome, winner): &(Outcome, Option<Strategy>)) -> (Outcome, Stats) {
    let stats = Stats {
        winner: *winner,
        ..Stats::default()
    };
    (outcome.clone(), stats)
}

#[cfg(test)]
mod tests;
