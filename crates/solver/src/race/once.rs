//! One race: the two threads, and the push-pull search that carries on
//! across its turns on 13 to 24 boxes.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{MIDDLE_BOXES, Turns, first_turns, second_turns};
use crate::budget::Budget;
use crate::{Failure, Outcome, Setup, Stats, Strategy, panicked, run};

/// One race over the whole of `budget`. On 13 to 24 boxes, with positions
/// not capped and `carry_push_pull`, push-pull's turns are lent to one push-pull
/// search on a thread of its own ([`Turns`]), so that each goes on where
/// the last paused; a turn that comes while the other thread's has it
/// runs a push-pull search of its own from the start. The
/// searches run meanwhile leave out of their half of `memory` what the
/// paused one holds.
pub(super) fn race_once(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    carry_push_pull: bool,
) -> (Outcome, Stats) {
    let over = AtomicBool::new(false);
    let budget = budget.racing(&over);
    let half = (memory / 2, expansions);
    // Elsewhere push-pull's turns would overlap or it has one only.
    let carried_on =
        carry_push_pull && expansions == u64::MAX && MIDDLE_BOXES.contains(&setup.boxes.len());
    let turns = carried_on.then(Turns::new);
    let in_turn = |schedule: &[(Strategy, u32)]| {
        let mut tried = (Outcome::GaveUp, Stats::default());
        for &(strategy, percent) in schedule {
            if tried.0.is_decisive() {
                break;
            }
            // Stopped before its next turn (or, waiting for the plan
            // search, before its first), the thread says why.
            if let Some(stop) = budget.stop() {
                tried.0 = stop.into();
                break;
            }
            let turn = budget.until(percent);
            let lent = (turns.as_ref())
                .filter(|_| strategy == Strategy::PushPull)
                .and_then(|turns| turns.lend(&turn));
            let (outcome, stats) = lent.unwrap_or_else(|| {
                let held = turns.as_ref().map_or(0, Turns::held);
                run(
                    strategy,
                    setup,
                    (half.0.saturating_sub(held), expansions),
                    &turn,
                )
            });
            if outcome.is_decisive() {
                over.store(true, Ordering::Relaxed);
            }
            let stats = Stats {
                expanded: tried.1.expanded + stats.expanded,
                peak_bytes: tried.1.peak_bytes.max(stats.peak_bytes),
                winner: stats.winner,
            };
            tried = (outcome, stats);
        }
        tried
    };
    let (other, here, carried) = std::thread::scope(|scope| {
        // The other threads take the caller's name, so that a panic
        // message or a debugger names the work it belongs to. Each search
        // is guarded, so a panic here is the race's own.
        let name = std::thread::current().name().map(str::to_owned);
        let builder = || {
            let builder = std::thread::Builder::new();
            match &name {
                Some(name) => builder.name(name.clone()),
                None => builder,
            }
        };
        let carried_thread = turns.as_ref().map(|turns| {
            let budget = budget.taking_turns(turns);
            let thread = builder().spawn_scoped(scope, move || {
                turns.serve(|| run(Strategy::PushPull, setup, half, &budget))
            });
            if let Err(error) = &thread {
                turns.end(Outcome::Failed(Failure::NoThread(error.kind())), None);
            }
            thread
        });
        let first_thread = builder().spawn_scoped(scope, || in_turn(first_turns(setup, &budget)));
        let here = in_turn(second_turns(setup, &budget));
        let other = joined(first_thread);
        if let Some(turns) = &turns {
            turns.retire();
        }
        let carried = carried_thread.map(joined);
        (other, here, carried)
    });
    let carried = carried.unwrap_or((Outcome::GaveUp, Stats::default()));
    let stats = Stats {
        expanded: here.1.expanded + other.1.expanded + carried.1.expanded,
        peak_bytes: here.1.peak_bytes + other.1.peak_bytes + carried.1.peak_bytes,
        winner: None,
    };
    // Both may finish at once; this thread's answer then goes first, unless
    // the other failed: a bug is reported even when the race was won.
    let failed = |answer: &(Outcome, Stats)| matches!(answer.0, Outcome::Failed(_));
    let (outcome, winner) = if failed(&carried) {
        (carried.0, None)
    } else if !failed(&other) && (here.0.is_decisive() || !other.0.is_decisive()) {
        (here.0, here.1.winner)
    } else {
        (other.0, other.1.winner)
    };
    (outcome, Stats { winner, ..stats })
}

/// What a racing thread ended with, a panic or a thread the system would
/// not start being the race's own failure.
fn joined(
    thread: std::io::Result<std::thread::ScopedJoinHandle<'_, (Outcome, Stats)>>,
) -> (Outcome, Stats) {
    match thread.map(std::thread::ScopedJoinHandle::join) {
        Ok(Ok(answer)) => answer,
        Ok(Err(panic)) => (panicked(&*panic), Stats::default()),
        Err(error) => (
            Outcome::Failed(Failure::NoThread(error.kind())),
            Stats::default(),
        ),
    }
}
