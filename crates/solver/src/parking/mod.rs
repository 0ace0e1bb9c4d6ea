//! A parking plan for goal rooms: guidance for a feature-space search on
//! levels where a box must leave the goal area for a niche and come back
//! later, which an order of goal fills cannot say.
//!
//! The idea is rkirov/sokoban-ai's relaxed backward plan (`retro.rs`, see
//! `ref-solver-techniques.md` section 3), after Festival's parking order:
//! pull boxes out of "all goals full" until they reach start squares (see
//! `search`), then read the line backwards as a forward plan of steps "a box
//! enters and goes to X", "the box on X goes on to Y". A position's progress
//! is how far along that plan it is. The plan only helps when it parks a box
//! on a square off the goals; otherwise fill layers say the same, better.
//!
//! Measured in release (`measure_xsokoban` below, shared machine): on
//! `XSokoban` 1-90 the plan parks on 13 levels (44 among them); all 90 take
//! 0.74 s together, the slowest 81 ms (level 90, which hits the flood cap).

mod search;

use std::sync::Mutex;

use crate::board::{Board, Cell, NONE};
use crate::budget::{Budget, Stop};

/// One forward step: a box goes from `from` (`None`: it enters from its
/// start square) to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: Option<Cell>,
    to: Cell,
}

/// A forward plan of box moves from the start to the solved position.
#[derive(Clone, Debug)]
pub struct ParkingPlan {
    goals: Vec<Cell>,
    steps: Vec<Step>,
    /// Per prefix length `k`: how many of the first `k` steps put a box on
    /// the goal it ends on, so that the whole plan counts every goal once.
    fills: Vec<u32>,
    /// Per cell, from `changes[starts[c]]` to `changes[starts[c + 1]]`: the
    /// changes to how many boxes the cell must hold, latest first.
    starts: Vec<u32>,
    changes: Vec<Change>,
    /// The widest a cell's need ranges, from its least to its most: a
    /// prefix short of more boxes than this no single move can complete.
    slack: i32,
    /// Whether the backward line behind the plan cleared the board; a
    /// partial plan starts with the boxes its line could not take away.
    complete: bool,
}

/// Undoing the plan from its end down to prefix `k` adds `delta` to what a
/// cell must hold for every change with `step > k`. The goals' own need
/// comes first, as a change past the last step.
#[derive(Clone, Copy, Debug)]
struct Change {
    step: u32,
    delta: i32,
}

/// The prefixes of the plan a position could complete with one move,
/// longest first, with how many boxes each misses: the moves from one
/// position share this walk of the plan rather than each making its own.
#[derive(Default)]
pub struct Near {
    prefixes: Vec<(u32, i32)>,
}

impl ParkingPlan {
    /// The plan of the relaxed backward search's line within `max_work`
    /// units of work, complete or not (see [`SharedPlan`]); `Ok(None)` when
    /// the board is past the search's caps, `Err` when `budget` stops it. A
    /// plan that parks nothing is one order of goal fills, stricter than
    /// the fill layers, which guides a search differently (see
    /// `fess::Guide`).
    fn within(
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
        max_work: usize,
    ) -> Result<Option<Self>, Stop> {
        let Some(line) =
            search::backward_line(board, starts, budget, (max_work, search::MAX_BYTES))?
        else {
            return Ok(None);
        };
        let steps = forward_steps(&line);
        let mut fills = vec![0];
        for (i, step) in steps.iter().enumerate() {
            let stays = steps[i + 1..]
                .iter()
                .all(|later| later.from != Some(step.to));
            let last = fills[i];
            fills.push(last + u32::from(stays && board.is_goal(step.to)));
        }
        let (starts, changes, slack) = needs(board, &steps);
        Ok(Some(Self {
            goals: board.goals().to_vec(),
            steps,
            fills,
            starts,
            changes,
            slack,
            complete: line.complete,
        }))
    }

    /// Readies `near` for the moves from the position with boxes where
    /// `occupied` is true. O(goals + steps): the prefixes are undone from
    /// the full plan down.
    ///
    /// A position's progress along the plan is the goal fills in the
    /// longest prefix whose occupied squares (goals filled so far and boxes
    /// parked and not yet moved on) all hold boxes; the goal count when
    /// every goal is full.
    pub fn prepare(&self, occupied: &[bool], near: &mut Near) {
        near.prefixes.clear();
        let free = |cell: Cell| i32::from(!occupied[usize::from(cell)]);
        let mut missing: i32 = self.goals.iter().map(|&g| free(g)).sum();
        for k in (1..=self.steps.len()).rev() {
            if missing.abs() <= self.slack {
                near.prefixes.push((k as u32, missing));
            }
            let step = self.steps[k - 1];
            missing -= free(step.to);
            missing += step.from.map_or(0, free);
        }
    }

    /// The progress of the position `near` was prepared for (see
    /// [`ParkingPlan::prepare`]) once its box on `from` moves to `to`
    /// (`NONE` for no move): the
    /// moved box changes each prefix's count by at most the two cells'
    /// needs, so only the prefixes within reach are read.
    pub fn progress_after(&self, near: &Near, (from, to): (Cell, Cell)) -> u32 {
        near.prefixes
            .iter()
            .find(|&&(k, missing)| missing + self.need(from, k) - self.need(to, k) == 0)
            .map_or(0, |&(k, _)| self.fills[k as usize])
    }

    /// How many boxes prefix `k` of the plan needs on `cell`.
    fn need(&self, cell: Cell, k: u32) -> i32 {
        if cell == NONE {
            return 0;
        }
        let c = usize::from(cell);
        let changes = &self.changes[self.starts[c] as usize..self.starts[c + 1] as usize];
        changes
            .iter()
            .take_while(|change| change.step > k)
            .map(|change| change.delta)
            .sum()
    }

    /// How many steps park: put a box on a square off the goals.
    fn parks(&self, board: &Board) -> usize {
        self.steps.iter().filter(|s| !board.is_goal(s.to)).count()
    }
}

/// The work [`SharedPlan::late`] allows the search, 20 times
/// [`search::MAX_WORK`]. Of the 1,133 shipped levels, 287 have no plan
/// within that cap; 65 of them have one within 20 million units, 54
/// within 10 million (found in 1.6 s at most, two levels at a time) and
/// 27 within 2 million. Swept on the 129 of them of 25 boxes or more,
/// where the race gives late-plan a turn (`scripts/sweep`, late-plan
/// alone, 3 s a level, two at a time; docs/solver-log.md, "late
/// plans"): 2, 10 and 20 million units solved 0, 1 and 1 (Sasquatch 38),
/// with 0.3, 1.6 and 3.0 s a level at the median.
const LATE_WORK: usize = 10_000_000;

/// The plans of the relaxed search for the race's searches to share: the
/// first to ask works it out, and the others wait for it and take a copy.
/// Every feature search starts with the plan, and on a level without one
/// the relaxed search spends its whole flood cap (about 0.3 s on the
/// hints of `XSokoban` 22).
#[derive(Default)]
pub struct SharedPlan {
    plan: Mutex<Worked>,
    /// The plan of [`SharedPlan::late`].
    late: Mutex<Worked>,
}

/// Whether the plan has been worked out yet, and if so what was found.
#[derive(Default)]
enum Worked {
    #[default]
    NotYet,
    /// The plan of the search's line, complete or not, or `None` when
    /// the board is past the search's caps.
    Out(Option<ParkingPlan>),
}

impl SharedPlan {
    /// The plan for `board` with boxes on `starts` (the same for every
    /// caller), or `Ok(None)` when there is none; `Err` when `budget`
    /// stops the search first, and then a later caller tries again.
    pub fn any(
        &self,
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
    ) -> Result<Option<ParkingPlan>, Stop> {
        self.usual(board, starts, budget, true)
    }

    /// Where the search finds no complete plan, the plan of its line to
    /// the position with the fewest boxes left: the boxes it could not take
    /// away enter first, then the rest as the line has them. `Ok(None)`
    /// where [`SharedPlan::any`] has a plan.
    pub fn partial(
        &self,
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
    ) -> Result<Option<ParkingPlan>, Stop> {
        self.usual(board, starts, budget, false)
    }

    /// The plan of the usual search's line when whether it clears the
    /// board is `complete`.
    fn usual(
        &self,
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
        complete: bool,
    ) -> Result<Option<ParkingPlan>, Stop> {
        Ok(worked_out(&self.plan, || {
            ParkingPlan::within(board, starts, budget, search::MAX_WORK)
        })?
        .filter(|plan| plan.complete == complete))
    }

    /// A plan found with [`LATE_WORK`] units of work where
    /// [`SharedPlan::any`] found none: `Ok(None)` where that found one,
    /// or where this finds none either.
    pub fn late(
        &self,
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
    ) -> Result<Option<ParkingPlan>, Stop> {
        if self.any(board, starts, budget)?.is_some() {
            return Ok(None);
        }
        Ok(worked_out(&self.late, || {
            ParkingPlan::within(board, starts, budget, LATE_WORK)
        })?
        .filter(|plan| plan.complete))
    }

    /// [`SharedPlan::any`] only when the plan parks a box on a square off
    /// the goals: elsewhere fill layers say the same, better.
    pub fn parking(
        &self,
        board: &Board,
        starts: &[Cell],
        budget: &Budget,
    ) -> Result<Option<ParkingPlan>, Stop> {
        Ok(self
            .any(board, starts, budget)?
            .filter(|plan| plan.parks(board) > 0))
    }
}

/// The plan kept in `slot`, or the one `search` finds, kept for the
/// next caller; a search the budget stopped keeps nothing.
fn worked_out(
    slot: &Mutex<Worked>,
    search: impl FnOnce() -> Result<Option<ParkingPlan>, Stop>,
) -> Result<Option<ParkingPlan>, Stop> {
    // A search that panicked while holding the lock left nothing half
    // done in it: the plan is stored whole or not at all.
    let mut plan = slot
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Worked::Out(known) = &*plan {
        return Ok(known.clone());
    }
    let found = search()?;
    *plan = Worked::Out(found.clone());
    Ok(found)
}

/// Each cell's changes of need, latest first, and the plan's slack (see
/// [`ParkingPlan`]): a goal needs a box once the plan is done, and undoing
/// step `j` takes the need off its `to` and puts it back on its `from`.
fn needs(board: &Board, steps: &[Step]) -> (Vec<u32>, Vec<Change>, i32) {
    let mut per_cell: Vec<Vec<Change>> = vec![Vec::new(); board.cells()];
    let done = steps.len() as u32 + 1;
    for &goal in board.goals() {
        per_cell[usize::from(goal)].push(Change {
            step: done,
            delta: 1,
        });
    }
    for (j, step) in steps.iter().enumerate().rev() {
        let step_number = j as u32 + 1;
        per_cell[usize::from(step.to)].push(Change {
            step: step_number,
            delta: -1,
        });
        if let Some(from) = step.from {
            per_cell[usize::from(from)].push(Change {
                step: step_number,
                delta: 1,
            });
        }
    }
    let (mut most, mut least) = (0, 0);
    let mut starts = vec![0];
    let mut changes = Vec::new();
    for cell_changes in per_cell {
        let mut need = 0;
        for change in cell_changes {
            need += change.delta;
            most = most.max(need);
            least = least.min(need);
            changes.push(change);
        }
        starts.push(changes.len() as u32);
    }
    (starts, changes, most - least)
}

/// The backward line read forwards: boxes left on goal starts enter first,
/// then every backward move undone, latest first. Moves of one box with no
/// other box moving between are one step, so a box stopping on its way is
/// not taken for a park; a step that ends where it began is dropped.
fn forward_steps(line: &search::BackLine) -> Vec<Step> {
    let entries = line.kept.iter().map(|&to| Step { from: None, to });
    let undone = line.moves.iter().rev().map(|m| Step {
        from: (!m.removed).then_some(m.to),
        to: m.from,
    });
    let mut steps: Vec<Step> = Vec::new();
    for step in entries.chain(undone) {
        match steps.last_mut() {
            Some(last) if step.from == Some(last.to) => last.to = step.to,
            _ => steps.push(step),
        }
        if steps.last().is_some_and(|s| s.from == Some(s.to)) {
            steps.pop();
        }
    }
    steps
}

#[cfg(test)]
mod tests;
