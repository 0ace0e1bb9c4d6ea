//! Festival's "imagine" search: a backward search spreads the boxes out
//! from the solved position (`backward::Spread`) for a share of the time,
//! and its best position, one the level is known to be solvable from,
//! becomes the forward search's target. The forward search counts as
//! packed the boxes on that position's squares, and ends as soon as it
//! makes any position the backward search stored: that position's line of
//! pulls, undone, finishes the solution.
//!
//! Which target the forward search can reach depends on how long the
//! spread ran, and no one length suits every level: so it runs in
//! [`STAGES`], the spread going on from where it stopped and the forward
//! search starting again towards the new best with more to meet.

use super::backward::Spread;
use super::hotspots::Hotspots;
use super::progress::Packing;
use super::{Fess, Variant};
use crate::board::Cell;
use crate::budget::Budget;
use crate::{Outcome, Setup, Stats, stopped};

/// Where each stage's spread and then its forward search end, in percent
/// of the time and of the positions. Swept by time in the race, 10 s a
/// level, on the 88 shipped levels of 13 to 24 boxes the race does not
/// solve before imagine's turn (`scripts/sweep`,
/// `scripts/sets/late-13-24-boxes.txt`; docs/solver-log.md, "Imagine's
/// first spread"): these stages solved 37 of the 88, `[(40, 88), (94,
/// 100)]` 36 and 34, `[(28, 50), (64, 100)]` 35, `[(28, 68), (82, 100)]`
/// 32. Sasquatch II 42, `XSokoban` 14 and Sasquatch 36 want a first
/// spread of 2.2 to 2.8 s.
const STAGES: [(u32, u32); 2] = [(44, 90), (95, 100)];

/// The share of the memory the spread may take, in percent: it stores
/// every pull it finds, and runs out of memory long before the forward
/// search does. Swept in the race on the 254 shipped levels of 13 to 24
/// boxes (2026-11-29): 50% and 67% solved 200 (50% trading three levels
/// for three), 80% 196, so 67% stays.
const SPREAD_MEMORY: usize = 67;

/// Runs the stages of spreading backwards and heading for the spread's
/// best position with `variant`.
pub fn solve(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let part = |percent: u32| expansions / 100 * u64::from(percent);
    let spread_budgets = STAGES.map(|(spread_end, _)| budget.of_left(spread_end));
    let forward_budgets = STAGES.map(|(_, forward_end)| budget.of_left(forward_end));
    let memory_share = memory / 100 * SPREAD_MEMORY;
    let Some(mut spread) = Spread::new(setup, memory_share, &spread_budgets[0]) else {
        return (stopped(budget), stats);
    };
    let mut forward_done = 0;
    for (stage, &(spread_end, forward_end)) in STAGES.iter().enumerate() {
        let spread_cap = part(spread_end).saturating_sub(forward_done);
        let grown = spread.grow(&spread_budgets[stage], spread_cap);
        stats.expanded = spread.expanded() + forward_done;
        stats.peak_bytes = stats.peak_bytes.max(spread.bytes());
        if let Some(outcome) = grown {
            return (outcome, stats);
        }
        let Some(target) = spread.best().map(<[_]>::to_vec) else {
            break;
        };
        // A spread that can grow no further keeps its target: the forward
        // search then has the time of every stage left.
        let last = stage + 1 == STAGES.len() || spread.is_spent();
        let (forward_budget, forward_end) = if last {
            (budget, 100)
        } else {
            (&forward_budgets[stage], forward_end)
        };
        let left = part(forward_end).saturating_sub(stats.expanded);
        let meeting = (&spread, target, variant);
        let (outcome, forward) = towards(setup, (memory, left), forward_budget, meeting);
        forward_done += forward.expanded;
        stats.expanded = spread.expanded() + forward_done;
        stats.peak_bytes = stats.peak_bytes.max(forward.peak_bytes);
        if last || outcome.is_decisive() || budget.stop().is_some() {
            return (outcome, stats);
        }
    }
    (stopped(budget), stats)
}

/// The forward search of `variant` heading for `target`, meeting any
/// position `spread` stored.
fn towards(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    (spread, target, variant): (&Spread, Vec<Cell>, Variant),
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let packing = Packing::Imagined(target);
    let Some(hotspots) = Hotspots::new(&setup.board, budget) else {
        return (stopped(budget), stats);
    };
    let mut search = Fess::new(setup, (&packing, &hotspots, variant), memory, budget);
    search.meet = Some(spread);
    let outcome = search.run(expansions);
    stats.expanded = search.expanded;
    stats.peak_bytes = search.bytes();
    (outcome, stats)
}
