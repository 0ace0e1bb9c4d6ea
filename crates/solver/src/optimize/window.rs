//! One window's search: the fewest moves, then pushes, that take the
//! window's boxes from where they stand to where the solution had them at
//! the window's end, the player ending where it did, every other box
//! standing still. A* over push positions: each push costs the walk to it
//! plus one move, and the sum of each box's distance to the nearest cell
//! it must reach is a lower bound on both moves and pushes.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

use schokoban_core::{Direction, Step};

use super::grid::{Grid, NONE};
use crate::budget::Budget;

/// How often, in positions expanded, the clock and cancel flag are read.
const CLOCK_EVERY: u64 = 64;

/// A run of the solution to re-solve.
pub struct Window {
    /// The window's steps are `first_step..end_step` of the solution.
    pub first_step: usize,
    pub end_step: usize,
    /// The boxes that stay put.
    pub fixed: Vec<bool>,
    /// The moving boxes' cells (sorted) and the player, at the start.
    pub from: (Vec<u32>, u32),
    /// The moving boxes' cells at the end, sorted.
    pub to: Vec<u32>,
    /// Where the player must end, unless the window ends the solution.
    pub to_player: Option<u32>,
    /// The solution's own moves and pushes over the window.
    pub cost: (usize, usize),
}

/// Moves, then pushes.
type Cost = (usize, usize);

/// A position of the window: the moving boxes' cells, sorted, and the
/// player, packed 16 bits each.
type Key = u128;

/// How a position was reached: the position before, and the push from it.
#[derive(Clone, Copy)]
struct Parent {
    from: Key,
    /// The cell of the pushed box before the push, and the direction.
    push: Option<(u32, usize)>,
    cost: Cost,
}

/// The goal: every box in place, the player walked to its cell.
const GOAL: Key = Key::MAX;

impl Window {
    /// A line of steps cheaper than the solution's own over this window,
    /// if the search finds one within `cap` positions; and the positions
    /// it expanded.
    pub fn solve(&self, grid: &Grid, cap: u64, budget: &Budget) -> (Option<Vec<Step>>, u64) {
        let boxes = self.from.0.len();
        let mut parents: HashMap<Key, Parent> = HashMap::new();
        let mut open = BinaryHeap::new();
        let start = pack(&self.from.0, self.from.1);
        parents.insert(
            start,
            Parent {
                from: start,
                push: None,
                cost: (0, 0),
            },
        );
        let bound = self.bound(grid, &self.from.0);
        open.push(Reverse(((bound, bound), (0, 0), start)));
        let mut walk = Walk::new(grid.cells());
        let mut expanded = 0;
        let mut closed: HashSet<Key> = HashSet::new();
        while let Some(Reverse((estimate, cost, key))) = open.pop() {
            if key == GOAL {
                let line = self.line(grid, &parents, &mut walk);
                let better = cost < self.cost;
                return (better.then_some(line), expanded);
            }
            if !closed.insert(key) {
                continue;
            }
            if estimate >= self.cost || expanded >= cap {
                // Nothing cheaper than the solution's own is left, or the
                // cap is reached.
                return (None, expanded);
            }
            expanded += 1;
            if expanded.is_multiple_of(CLOCK_EVERY) && budget.stop().is_some() {
                return (None, expanded);
            }
            let (cells, player) = unpack(key, boxes);
            let occupied = |cell: u32| self.fixed[cell as usize] || cells.contains(&cell);
            walk.flood(grid, player, &occupied);
            if cells == self.to {
                let end = self.to_player.map_or(Some(0), |to| walk.distance(to));
                if let Some(distance) = end {
                    let total = (cost.0 + distance, cost.1);
                    let better = parents.get(&GOAL).is_none_or(|p| total < p.cost);
                    if better {
                        let parent = Parent {
                            from: key,
                            push: None,
                            cost: total,
                        };
                        parents.insert(GOAL, parent);
                        open.push(Reverse((total, total, GOAL)));
                    }
                }
            }
            for (index, &cell) in cells.iter().enumerate() {
                for direction in 0..4 {
                    let behind = grid.step(cell, (direction + 2) % 4);
                    let to = grid.step(cell, direction);
                    if behind == NONE || to == NONE || occupied(to) {
                        continue;
                    }
                    let Some(distance) = walk.distance(behind) else {
                        continue;
                    };
                    if self.is_stuck(grid, to) {
                        continue;
                    }
                    let mut next = cells.clone();
                    next[index] = to;
                    next.sort_unstable();
                    let key_next = pack(&next, cell);
                    let cost_next = (cost.0 + distance + 1, cost.1 + 1);
                    let better = parents.get(&key_next).is_none_or(|p| cost_next < p.cost);
                    if !better {
                        continue;
                    }
                    parents.insert(
                        key_next,
                        Parent {
                            from: key,
                            push: Some((cell, direction)),
                            cost: cost_next,
                        },
                    );
                    let bound = self.bound(grid, &next);
                    let estimate = (cost_next.0 + bound, cost_next.1 + bound);
                    open.push(Reverse((estimate, cost_next, key_next)));
                }
            }
        }
        (None, expanded)
    }

    /// A lower bound on the pushes (so also the moves) still needed: each
    /// box's distance, row and column, to the nearest cell a box must end
    /// on.
    fn bound(&self, grid: &Grid, cells: &[u32]) -> usize {
        cells
            .iter()
            .map(|&cell| {
                self.to
                    .iter()
                    .map(|&to| grid.manhattan(cell, to))
                    .min()
                    .unwrap_or(0)
            })
            .sum()
    }

    /// Whether a box pushed to `cell` could never move again, off the
    /// cells the boxes must end on: in a corner of walls and still boxes.
    fn is_stuck(&self, grid: &Grid, cell: u32) -> bool {
        if self.to.contains(&cell) {
            return false;
        }
        let blocked = |direction: usize| {
            let next = grid.step(cell, direction);
            next == NONE || self.fixed[next as usize]
        };
        (blocked(0) || blocked(2)) && (blocked(1) || blocked(3))
    }

    /// The steps from the start to the goal, walks and pushes.
    fn line(&self, grid: &Grid, parents: &HashMap<Key, Parent>, walk: &mut Walk) -> Vec<Step> {
        let boxes = self.from.0.len();
        let mut chain = Vec::new();
        let mut key = GOAL;
        while let Some(parent) = parents.get(&key) {
            if parent.from == key {
                break;
            }
            chain.push((parent.from, parent.push));
            key = parent.from;
        }
        chain.reverse();
        let mut steps = Vec::new();
        for (from, push) in chain {
            let (cells, player) = unpack(from, boxes);
            let occupied = |cell: u32| self.fixed[cell as usize] || cells.contains(&cell);
            walk.flood(grid, player, &occupied);
            match push {
                Some((cell, direction)) => {
                    let behind = grid.step(cell, (direction + 2) % 4);
                    walk.path(grid, behind, &mut steps);
                    steps.push(Step {
                        direction: Direction::ALL[direction],
                        push: true,
                    });
                }
                None => {
                    if let Some(to) = self.to_player {
                        walk.path(grid, to, &mut steps);
                    }
                }
            }
        }
        steps
    }
}

fn pack(cells: &[u32], player: u32) -> Key {
    cells.iter().fold(Key::from(player), |key, &cell| {
        (key << 16) | Key::from(cell)
    })
}

fn unpack(mut key: Key, boxes: usize) -> (Vec<u32>, u32) {
    let mut cells = vec![0; boxes];
    for cell in cells.iter_mut().rev() {
        *cell = (key & 0xffff) as u32;
        key >>= 16;
    }
    (cells, (key & 0xffff) as u32)
}

/// The player's walking distances from one cell, with the way back.
struct Walk {
    distance: Vec<u32>,
    /// The direction of the last step into each cell.
    came: Vec<u8>,
    queue: VecDeque<u32>,
}

impl Walk {
    fn new(cells: usize) -> Self {
        Self {
            distance: vec![u32::MAX; cells],
            came: vec![0; cells],
            queue: VecDeque::new(),
        }
    }

    /// Breadth first from `from` over cells not `occupied`.
    fn flood(&mut self, grid: &Grid, from: u32, occupied: &impl Fn(u32) -> bool) {
        self.distance.fill(u32::MAX);
        self.distance[from as usize] = 0;
        self.queue.clear();
        self.queue.push_back(from);
        while let Some(cell) = self.queue.pop_front() {
            let next_distance = self.distance[cell as usize] + 1;
            for direction in 0..4 {
                let next = grid.step(cell, direction);
                if next == NONE || occupied(next) || self.distance[next as usize] != u32::MAX {
                    continue;
                }
                self.distance[next as usize] = next_distance;
                self.came[next as usize] = direction as u8;
                self.queue.push_back(next);
            }
        }
    }

    fn distance(&self, cell: u32) -> Option<usize> {
        let distance = self.distance[cell as usize];
        (distance != u32::MAX).then_some(distance as usize)
    }

    /// Appends the walk from the flood's start to `to`.
    fn path(&self, grid: &Grid, to: u32, steps: &mut Vec<Step>) {
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
