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

mod pulls;
mod search;

use crate::solver::board::{Board, Cell};
use crate::solver::budget::{Budget, Stop};

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
}

impl ParkingPlan {
    /// The plan for `board` with boxes starting on `starts`: `Ok(Some)` when
    /// the relaxed backward search finds a plan that parks a box, `Ok(None)`
    /// when its plan parks nothing, it finds none within its own caps, or
    /// the board is past them; `Err` when `budget` stops it.
    pub fn new(board: &Board, starts: &[Cell], budget: &Budget) -> Result<Option<Self>, Stop> {
        Ok(Self::any(board, starts, budget)?.filter(|plan| plan.parks(board) > 0))
    }

    /// [`ParkingPlan::new`], also when the plan parks nothing: then it is
    /// one order of goal fills, stricter than the fill layers, which guides
    /// a search differently (see `fess::Guide`).
    pub fn any(board: &Board, starts: &[Cell], budget: &Budget) -> Result<Option<Self>, Stop> {
        let Some(line) = search::backward_line(board, starts, budget)? else {
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
        Ok(Some(Self {
            goals: board.goals().to_vec(),
            steps,
            fills,
        }))
    }

    /// How far along the plan the position with boxes where `occupied` is
    /// true is: the goal fills in the longest prefix of the plan whose
    /// occupied squares (goals filled so far and boxes parked and not yet
    /// moved on) all hold boxes. The goal count when every goal is full.
    /// O(goals + steps): the prefixes are undone from the full plan down.
    pub fn progress(&self, occupied: &[bool]) -> u32 {
        let free = |cell: Cell| !occupied[usize::from(cell)];
        let mut missing = self.goals.iter().filter(|&&g| free(g)).count();
        for k in (1..=self.steps.len()).rev() {
            if missing == 0 {
                return self.fills[k];
            }
            let step = self.steps[k - 1];
            missing -= usize::from(free(step.to));
            missing += usize::from(step.from.is_some_and(free));
        }
        0
    }

    /// How many steps park: put a box on a square off the goals.
    fn parks(&self, board: &Board) -> usize {
        self.steps.iter().filter(|s| !board.is_goal(s.to)).count()
    }
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
