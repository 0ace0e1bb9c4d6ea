//! One window's search: the fewest moves, then pushes, that take the
//! window's boxes from where they stand to where the solution had them at
//! the window's end, the player ending where it did, every other box
//! standing still. A* over push positions: each push costs the walk to it
//! plus one move, bounded from below as `bound` says.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use schokoban_core::{Direction, Step};

use super::bound::{Bound, Cost};
use super::grid::{Grid, NONE};
use super::walk::Walk;
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

/// A position of the window: the moving boxes' cells, sorted, and the
/// player, packed 16 bits each.
type Key = u128;

/// The most boxes a window may move: seven cells and the player fill a
/// [`Key`].
pub const MAX_BOXES: usize = 7;

/// How a position was reached: the position before, and the push from it.
#[derive(Clone, Copy)]
struct Parent {
    from: Key,
    /// The cell of the pushed box before the push, and the direction.
    push: Option<(u32, usize)>,
    cost: Cost,
    /// Whether the position has been expanded.
    closed: bool,
}

/// The positions reached, by key.
type Parents = HashMap<Key, Parent, BuildHasherDefault<KeyHasher>>;

/// Hashes a packed position with two multiplications instead of `SipHash`'s
/// rounds: the keys come from the search, not from outside, and the hash
/// table is most of a window's work.
#[derive(Default)]
struct KeyHasher(u64);

/// An odd constant with bits spread evenly (the golden ratio's).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // The table picks buckets by the low bits: move the well-mixed
        // high bits there.
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SPREAD);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let (low, high) = (value as u64, (value >> 64) as u64);
        let folded = (low ^ high.wrapping_mul(SPREAD)).wrapping_mul(SPREAD);
        self.0 = (self.0 ^ folded).wrapping_mul(SPREAD);
    }
}

/// The goal: every box in place, the player walked to its cell.
const GOAL: Key = Key::MAX;

impl Window {
    /// A line of steps cheaper than the solution's own over this window,
    /// if the search finds one within `cap` positions; and the positions
    /// it expanded.
    pub fn solve(&self, grid: &Grid, cap: u64, budget: &Budget) -> (Option<Vec<Step>>, u64) {
        let mut parents = Parents::default();
        let mut open = BinaryHeap::new();
        let start = pack(&self.from.0, self.from.1);
        parents.insert(
            start,
            Parent {
                from: start,
                push: None,
                cost: (0, 0),
                closed: false,
            },
        );
        let bound = Bound::new(grid, &self.fixed, &self.to, self.to_player);
        let Some(estimate) = bound.of(grid, &self.from.0, self.from.1) else {
            return (None, 0);
        };
        open.push(Reverse((estimate, (0, 0), start)));
        let mut walk = Walk::new(grid.cells());
        let mut expanded = 0;
        // Reused for every position, so that expanding one allocates
        // nothing.
        let mut cells = self.from.0.clone();
        let mut next = cells.clone();
        let mut wanted = Vec::new();
        while let Some(Reverse((estimate, cost, key))) = open.pop() {
            if key == GOAL {
                let line = self.line(grid, &parents, &mut walk);
                let better = cost < self.cost;
                return (better.then_some(line), expanded);
            }
            match parents.get_mut(&key) {
                Some(parent) if !parent.closed => parent.closed = true,
                _ => continue,
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
            let player = unpack(key, &mut cells);
            let occupied = |cell: u32| self.fixed[cell as usize] || cells.contains(&cell);
            self.wanted(grid, &cells, &occupied, &bound, &mut wanted);
            walk.flood(grid, player, &occupied, &wanted);
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
                            closed: false,
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
                    next.clone_from(&cells);
                    next[index] = to;
                    next.sort_unstable();
                    // A box that can no longer reach a cell where a box
                    // must end is not pushed there.
                    let Some(left) = bound.of(grid, &next, cell) else {
                        continue;
                    };
                    let key_next = pack(&next, cell);
                    let cost_next = (cost.0 + distance + 1, cost.1 + 1);
                    let reached = parents.get(&key_next);
                    if reached.is_some_and(|p| cost_next >= p.cost) {
                        continue;
                    }
                    // A cheaper way to a position already expanded
                    // replaces its parent but does not expand it again.
                    let closed = reached.is_some_and(|p| p.closed);
                    parents.insert(
                        key_next,
                        Parent {
                            from: key,
                            push: Some((cell, direction)),
                            cost: cost_next,
                            closed,
                        },
                    );
                    let estimate = (cost_next.0 + left.0, cost_next.1 + left.1);
                    open.push(Reverse((estimate, cost_next, key_next)));
                }
            }
        }
        (None, expanded)
    }

    /// The cells a walk from a position with boxes on `cells` must reach:
    /// those a push starts from, where the box would land on a free cell
    /// from which an end is still in reach, and the player's
    /// end once the boxes are in place. The walk stops when it has them,
    /// so the fewer it wants, the sooner.
    fn wanted(
        &self,
        grid: &Grid,
        cells: &[u32],
        occupied: &impl Fn(u32) -> bool,
        bound: &Bound,
        wanted: &mut Vec<u32>,
    ) {
        wanted.clear();
        for &cell in cells {
            for direction in 0..4 {
                let to = grid.step(cell, direction);
                if to != NONE && bound.is_live(to) && !occupied(to) {
                    wanted.push(grid.step(cell, (direction + 2) % 4));
                }
            }
        }
        if cells == self.to {
            wanted.extend(self.to_player);
        }
    }

    /// The steps from the start to the goal, walks and pushes.
    fn line(&self, grid: &Grid, parents: &Parents, walk: &mut Walk) -> Vec<Step> {
        let mut cells = self.from.0.clone();
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
            let player = unpack(from, &mut cells);
            let occupied = |cell: u32| self.fixed[cell as usize] || cells.contains(&cell);
            // Walk behind the box to push, or to the player's end.
            let to = match push {
                Some((cell, direction)) => grid.step(cell, (direction + 2) % 4),
                None => self.to_player.unwrap_or(NONE),
            };
            if to != NONE {
                walk.flood(grid, player, &occupied, &[to]);
                walk.path(grid, to, &mut steps);
            }
            if let Some((_, direction)) = push {
                steps.push(Step {
                    direction: Direction::ALL[direction],
                    push: true,
                });
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

/// Writes the boxes of `key` into `cells`, which holds as many as the
/// window moves, and returns the player's cell.
fn unpack(mut key: Key, cells: &mut [u32]) -> u32 {
    for cell in cells.iter_mut().rev() {
        *cell = (key & 0xffff) as u32;
        key >>= 16;
    }
    (key & 0xffff) as u32
}
