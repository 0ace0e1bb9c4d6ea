//! Hotspots: boxes that stand in other boxes' way to the goals. A box on
//! `s` hinders a box on `t` when, were `s` a wall, `t` would be further from
//! its nearest goal or cut off from every goal. Festival (Shoham) and
//! rkirov/sokoban-ai count such boxes and advise moves that lower the
//! count (rkirov measured 60 to 63 of `XSokoban`'s 90 with the advisor and
//! the tie-break).

use crate::solver::board::{Board, Cell, Mode, nearest_target};
use crate::solver::budget::Budget;
use crate::solver::hungarian::UNREACHABLE;

/// Building the table costs a search per cell over every cell: past this
/// many cells squared it is skipped (and nothing counts as a hotspot).
const MAX_WORK: usize = 60_000_000;

pub struct Hotspots {
    cells: usize,
    /// Row `s`, bit `t`: a box on `s` hinders a box on `t`.
    hinders: Vec<u64>,
    words: usize,
}

impl Hotspots {
    /// The table for `board`; empty when too large to build, `None` when
    /// `budget` stops it.
    pub fn new(board: &Board, budget: &Budget) -> Option<Self> {
        let cells = board.cells();
        let words = cells.div_ceil(64);
        if cells.saturating_mul(cells) > MAX_WORK {
            return Some(Self {
                cells: 0,
                hinders: Vec::new(),
                words: 0,
            });
        }
        let mut hinders = vec![0; cells * words];
        let goals = board.goals();
        let mut walls = vec![false; cells];
        let free = nearest_target(board, goals, (Mode::Push, &walls));
        // A box on a goal is where it belongs: whom it hinders is for the
        // packing order to weigh.
        for s in (0..cells as Cell).filter(|&s| !board.is_goal(s)) {
            if budget.stop().is_some() {
                return None;
            }
            walls[usize::from(s)] = true;
            let blocked = nearest_target(board, goals, (Mode::Push, &walls));
            walls[usize::from(s)] = false;
            let row = &mut hinders[usize::from(s) * words..][..words];
            for t in (0..cells).filter(|&t| t != usize::from(s)) {
                if free[t] != UNREACHABLE && blocked[t] > free[t] {
                    row[t / 64] |= 1 << (t % 64);
                }
            }
        }
        Some(Self {
            cells,
            hinders,
            words,
        })
    }

    /// How many of `boxes` hinder another of them. `scratch` is kept
    /// between calls.
    pub fn count(&self, boxes: impl Iterator<Item = Cell> + Clone, scratch: &mut Vec<u64>) -> u32 {
        if self.cells == 0 {
            return 0;
        }
        scratch.clear();
        scratch.resize(self.words, 0);
        for b in boxes.clone() {
            scratch[usize::from(b) / 64] |= 1 << (b % 64);
        }
        let hot = |s: Cell| {
            let row = &self.hinders[usize::from(s) * self.words..][..self.words];
            row.iter().zip(scratch.iter()).any(|(r, b)| r & b != 0)
        };
        boxes.filter(|&s| hot(s)).count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Pos, parse_level};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn a_box_in_the_only_corridor_to_the_goal_is_a_hotspot() {
        let level = parse_level("##########\n#@ $ $ ..#\n##########\n").expect("parses");
        let board = Board::new(&level).expect("small");
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(5), &cancel);
        let hotspots = Hotspots::new(&board, &budget).expect("in time");
        let cell = |x| board.cell(Pos::new(x, 1)).expect("floor");
        // The box on 5 stands between the box on 3 and the goal.
        assert_eq!(
            hotspots.count([cell(3), cell(5)].into_iter(), &mut Vec::new()),
            1
        );
        assert_eq!(hotspots.count([cell(5)].into_iter(), &mut Vec::new()), 0);
    }
}
