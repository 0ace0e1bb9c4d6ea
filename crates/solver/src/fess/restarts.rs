//! Restarts: the same feature search run again and again, each run taking
//! work of equal weight and features in its own shuffled order.
//!
//! On the dense levels the order among equals can decide a level: hotspots
//! solves Sasquatch 35 (31 boxes) within 6,500 to 18,300 positions in 8 of
//! 10 shuffled orders, and not within 300,000 taking the oldest first
//! (docs/solver-log.md, "Sweeps", restarts on levels of 25 boxes or more).
//! Where one order stalls, a run cut short and started over in another
//! order goes its own way instead of sinking more positions into the same
//! plateau.

use super::{Order, Variant, solve_in_orders};
use crate::budget::Budget;
use crate::{Outcome, Setup, Stats};

/// Positions each run may work out before the next starts with another
/// shuffle. Swept on the 185 shipped levels of 25 boxes or more
/// (docs/solver-log.md, "Sweeps", restarts on levels of 25 boxes or more).
pub const RESTART_EVERY: u64 = 40_000;

/// Runs `variant` in the shuffled orders of seeds 1, 2, 3 and on, each
/// for at most [`RESTART_EVERY`] positions (see `fess::solve_in_orders`).
pub fn solve(
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let orders = (1..=u32::MAX).map(Order::Shuffled);
    solve_in_orders(setup, limits, budget, (variant, RESTART_EVERY), orders)
}
