//! Restarts: the same feature search run again and again, each run taking
//! work of equal weight and features in its own shuffled order.
//!
//! On the dense levels the order among equals can decide a level: hotspots
//! solves Sasquatch 35 (31 boxes) within 6,500 to 18,300 positions in 8 of
//! 10 shuffled orders, and not within 300,000 taking the oldest first
//! (docs/solver.md, "Sweeps", restarts on levels of 25 boxes or more).
//! Where one order stalls, a run cut short and started over in another
//! order goes its own way instead of sinking more positions into the same
//! plateau.

use super::{Order, Variant, solve as solve_once};
use crate::budget::Budget;
use crate::{Outcome, Setup, Stats};

/// Positions each run may work out before the next starts with another
/// shuffle. Swept on the 185 shipped levels of 25 boxes or more
/// (docs/solver.md, "Sweeps", restarts on levels of 25 boxes or more).
pub const RESTART_EVERY: u64 = 40_000;

/// Runs `variant` in shuffled orders, each for at most [`RESTART_EVERY`]
/// positions, until one answers, the budget or `expansions` (over all the
/// runs) is spent, or a run ends short of its share: out of work or out of
/// memory, which another order would not change.
pub fn solve(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let mut total = Stats::default();
    for seed in 1.. {
        let share = RESTART_EVERY.min(expansions - total.expanded);
        let order = Order::Shuffled(seed);
        let (outcome, stats) =
            solve_once(setup, (memory, share), budget, Variant { order, ..variant });
        total = Stats {
            expanded: total.expanded + stats.expanded,
            peak_bytes: total.peak_bytes.max(stats.peak_bytes),
            winner: stats.winner,
        };
        let spent = total.expanded >= expansions || stats.expanded < share;
        if outcome.is_decisive() || budget.stop().is_some() || spent {
            return (outcome, total);
        }
    }
    (Outcome::GaveUp, total)
}
