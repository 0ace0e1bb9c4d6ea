//! The player's walks inside a window's search: distances from one cell
//! to the cells that matter, and the steps of the way back.

use std::collections::VecDeque;

use schokoban_core::{Direction, Step};

use super::grid::{Grid, NONE};

/// The player's walking distances from one cell, with the way back.
/// Stamps mark what the current flood reached, so that a flood costs what
/// it visits, not the whole grid.
pub struct Walk {
    /// The flood a cell was last reached in, or wanted in.
    reached: Vec<u32>,
    wanted: Vec<u32>,
    stamp: u32,
    distance: Vec<u32>,
    /// The direction of the last step into each cell.
    came: Vec<u8>,
    queue: VecDeque<u32>,
}

impl Walk {
    pub fn new(cells: usize) -> Self {
        Self {
            reached: vec![0; cells],
            wanted: vec![0; cells],
            stamp: 0,
            distance: vec![0; cells],
            came: vec![0; cells],
            queue: VecDeque::new(),
        }
    }

    /// Breadth first from `from` over cells not `occupied`, until every
    /// free cell in `wanted` (`NONE` for none) is reached or none is left.
    pub fn flood(
        &mut self,
        grid: &Grid,
        from: u32,
        occupied: &impl Fn(u32) -> bool,
        wanted: &[u32],
    ) {
        if self.stamp == u32::MAX {
            self.reached.fill(0);
            self.wanted.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let mut left = 0;
        for &cell in wanted {
            if cell != NONE && self.wanted[cell as usize] != stamp && !occupied(cell) {
                self.wanted[cell as usize] = stamp;
                left += 1;
            }
        }
        self.reached[from as usize] = stamp;
        self.distance[from as usize] = 0;
        if self.wanted[from as usize] == stamp {
            left -= 1;
        }
        self.queue.clear();
        self.queue.push_back(from);
        while let Some(cell) = self.queue.pop_front() {
            if left == 0 {
                return;
            }
            let next_distance = self.distance[cell as usize] + 1;
            for direction in 0..4 {
                let next = grid.step(cell, direction);
                if next == NONE || self.reached[next as usize] == stamp || occupied(next) {
                    continue;
                }
                self.reached[next as usize] = stamp;
                self.distance[next as usize] = next_distance;
                self.came[next as usize] = direction as u8;
                self.queue.push_back(next);
                if self.wanted[next as usize] == stamp {
                    left -= 1;
                }
            }
        }
    }

    /// The walk to `cell`, if the last flood reached it.
    pub fn distance(&self, cell: u32) -> Option<usize> {
        (self.reached[cell as usize] == self.stamp).then_some(self.distance[cell as usize] as usize)
    }

    /// Appends the walk from the flood's start to `to`, which it reached.
    pub fn path(&self, grid: &Grid, to: u32, steps: &mut Vec<Step>) {
        let mut back = Vec::new();
        let mut cell = to;
        while self.distance[cell as usize] > 0 {
            let direction = usize::from(self.came[cell as usize]);
            back.push(Step {
                direction: Direction::ALL[direction],
                push: false,
            });
            cell = grid.step(cell, (direction + 2) % 4);
        }
        steps.extend(back.into_iter().rev());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Pos, parse_level};

    fn grid(xsb: &str) -> Grid {
        Grid::new(&parse_level(xsb).expect("test level parses")).expect("small grid")
    }

    #[test]
    fn a_walk_that_stops_early_still_has_the_shortest_ways_to_what_it_wanted() {
        let grid = grid("#########\n#@      #\n####### #\n#   $  .#\n#########\n");
        let cell = |x, y| grid.cell(Pos::new(x, y)).expect("floor");
        let (start, near, far) = (cell(1, 1), cell(2, 1), cell(7, 3));
        let free = |_: u32| false;
        let mut walk = Walk::new(grid.cells());
        walk.flood(&grid, start, &free, &[near]);
        assert_eq!(walk.distance(near), Some(1));
        // It stopped before the far end of the level.
        assert_eq!(walk.distance(far), None);
        walk.flood(&grid, start, &free, &[far, near]);
        assert_eq!(walk.distance(far), Some(8));
        let mut steps = Vec::new();
        walk.path(&grid, far, &mut steps);
        assert_eq!(schokoban_core::format_steps(&steps), "rrrrrrdd");
    }

    #[test]
    fn a_wanted_cell_beyond_a_box_has_no_distance() {
        let grid = grid("######\n#@ $.#\n######\n");
        let cell = |x| grid.cell(Pos::new(x, 1)).expect("floor");
        let boxed = cell(3);
        let occupied = |c: u32| c == boxed;
        let mut walk = Walk::new(grid.cells());
        walk.flood(&grid, cell(1), &occupied, &[cell(4), cell(2)]);
        assert_eq!(walk.distance(cell(2)), Some(1));
        assert_eq!(walk.distance(cell(4)), None);
    }
}
