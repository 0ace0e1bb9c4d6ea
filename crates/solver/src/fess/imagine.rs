//! Festival's "imagine" search: a backward search spreads the boxes out
//! from the solved position (`backward::Spread`) for a share of the time,
//! and its best position, one the level is known to be solvable from,
//! becomes the forward search's target. The forward search counts as
//! packed the boxes on that position's squares, and ends as soon as it
//! makes any position the backward search stored: that position's line of
//! pulls, undone, finishes the solution.
//!
//! Which of the spread's positions the forward search can reach depends
//! on the level, and no one choice suits every level: so it heads for
//! each of [`TARGETS`] in turn, meeting the same spread.

use super::backward::{Spread, Target};
use super::hotspots::Hotspots;
use super::progress::Packing;
use super::{Fess, Variant};
use crate::board::Cell;
use crate::budget::Budget;
use crate::{Outcome, Setup, Stats, stopped};

/// Where the spread ends, in percent of the time and of the positions.
/// Swept by time in the race, 10 s a level, on the 88 shipped levels of 13
/// to 24 boxes the race does not solve before imagine's turn
/// (`scripts/sweep`, `scripts/sets/late-13-24-boxes.txt`; docs/solver-log.md,
/// "Imagine's first spread"): Sasquatch II 42, `XSokoban` 14 and Sasquatch
/// 36 want a spread of 2.2 to 2.8 s.
const SPREAD_END: u32 = 44;

/// The spread's positions the forward search heads for in turn, each until
/// its end in percent of the time and of the positions. Each target alone
/// after the same spread, on those 88 levels: `Furthest` 36, `OnStarts`
/// 35, `NearStarts` 34; 10 levels `Furthest` missed were solved by one or
/// both of the others (`XSokoban` 29 and 88 among them), nearly all within
/// 1 s of heading off; `Furthest`'s answers came up to 1.7 s after
/// (docs/solver-log.md, "Three targets for imagine").
const TARGETS: [(Target, u32); 3] = [
    (Target::NearStarts, 58),
    (Target::OnStarts, 72),
    (Target::Furthest, 100),
];

/// The share of the memory the spread may take, in percent: it stores
/// every pull it finds, and runs out of memory long before the forward
/// search does. Swept in the race on the 254 shipped levels of 13 to 24
/// boxes (2026-11-29): 50% and 67% solved 200 (50% trading three levels
/// for three), 80% 196, so 67% stays.
const SPREAD_MEMORY: usize = 67;

/// Spreads backwards, then heads for each of the spread's targets with
/// `variant` in turn.
pub fn solve(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let part = |percent: u32| expansions / 100 * u64::from(percent);
    let spread_budget = budget.of_left(SPREAD_END);
    let forward_budgets = TARGETS.map(|(_, end)| budget.of_left(end));
    let memory_share = memory / 100 * SPREAD_MEMORY;
    let Some(mut spread) = Spread::new(setup, memory_share, &spread_budget) else {
        return (stopped(budget), stats);
    };
    let grown = spread.grow(&spread_budget, part(SPREAD_END));
    stats.expanded = spread.expanded();
    stats.peak_bytes = spread.bytes();
    if let Some(outcome) = grown {
        return (outcome, stats);
    }
    let mut outcome = stopped(budget);
    for (turn, cells, end) in turns(|target| spread.best(target)) {
        let left = part(end).saturating_sub(stats.expanded);
        let meeting = (&spread, cells, variant);
        let forward;
        (outcome, forward) = towards(setup, (memory, left), &forward_budgets[turn], meeting);
        stats.expanded += forward.expanded;
        stats.peak_bytes = stats.peak_bytes.max(forward.peak_bytes);
        if outcome.is_decisive() || budget.stop().is_some() {
            break;
        }
    }
    (outcome, stats)
}

/// The targets to head for, each once, with the turn whose budget its
/// search has and where that search ends: a target the turns before
/// already head for gives its time to the turn before it.
fn turns<'s>(best: impl Fn(Target) -> Option<&'s [Cell]>) -> Vec<(usize, Vec<Cell>, u32)> {
    let mut turns: Vec<(usize, Vec<Cell>, u32)> = Vec::new();
    for (turn, &(target, end)) in TARGETS.iter().enumerate() {
        let Some(cells) = best(target) else {
            continue;
        };
        if turns.iter().any(|(_, seen, _)| seen == cells) {
            if let Some(last) = turns.last_mut() {
                (last.0, last.2) = (turn, end);
            }
        } else {
            turns.push((turn, cells.to_vec(), end));
        }
    }
    turns
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(bests: [&[Cell]; 3]) -> Vec<(usize, u32)> {
        let best = |target: Target| {
            let at = TARGETS.iter().position(|&(t, _)| t == target)?;
            Some(bests[at])
        };
        turns(best)
            .into_iter()
            .map(|(turn, _, end)| (turn, end))
            .collect()
    }

    #[test]
    fn each_target_has_its_own_turn() {
        let (a, b, c): (&[Cell], &[Cell], &[Cell]) = (&[1, 2], &[1, 3], &[2, 3]);
        assert_eq!(
            ends([a, b, c]),
            [(0, TARGETS[0].1), (1, TARGETS[1].1), (2, 100)]
        );
    }

    #[test]
    fn a_target_met_again_gives_its_time_to_the_turn_before() {
        let (a, b): (&[Cell], &[Cell]) = (&[1, 2], &[1, 3]);
        assert_eq!(ends([a, a, b]), [(1, TARGETS[1].1), (2, 100)]);
        assert_eq!(ends([a, b, a]), [(0, TARGETS[0].1), (2, 100)]);
        assert_eq!(ends([a, a, a]), [(2, 100)]);
    }

    #[test]
    fn a_spread_without_a_target_has_no_turns() {
        assert!(turns(|_| None).is_empty());
    }
}
