//! Best-first search over pushes. A position is the sorted box cells plus
//! the smallest cell the player can reach; children are all pushes the
//! player can walk to that do not put a box on a dead square or freeze it
//! off a goal. The order is pushes so far plus a weighted matching bound.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::board::{Board, Cell, NONE, opposite};
use super::deadlock::freeze_deadlock;
use super::hungarian::Assignment;
use super::table::{Lookup, Node, Table};

/// How a search ended, before the pushes are turned into steps.
pub enum Ended {
    /// The pushes from the start, in order: (box cell after, direction).
    Solved(Vec<(Cell, usize)>),
    Exhausted,
    OutOfTime,
    OutOfMemory,
    Cancelled,
}

/// How much the distance bound counts against pushes made; above 1 the
/// search is greedy, trading shortest solutions for reaching one at all.
const WEIGHT: u32 = 3;
/// Expansions between looks at the clock and the cancel flag.
const CHECK_EVERY: u32 = 16;

pub struct Search<'a> {
    board: &'a Board,
    table: Table,
    open: BinaryHeap<Reverse<u64>>,
    box_zobrist: Vec<u64>,
    player_zobrist: Vec<u64>,
    occupied: Vec<bool>,
    /// Where the player can walk in the position being expanded.
    reach: Marks,
    /// Scratch marks for normalising each child's player.
    child_marks: Marks,
    stack: Vec<Cell>,
    frozen: Vec<Cell>,
    assignment: Assignment,
}

impl<'a> Search<'a> {
    pub fn new(board: &'a Board, box_count: usize, max_nodes: usize) -> Self {
        let mut seed = 0x5EED_50C0_BA11_u64;
        let mut random = || {
            // SplitMix64: fixed seed, so hashes and runs repeat exactly.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let cells = board.cells();
        Self {
            board,
            table: Table::new(box_count, max_nodes),
            open: BinaryHeap::new(),
            box_zobrist: (0..cells).map(|_| random()).collect(),
            player_zobrist: (0..cells).map(|_| random()).collect(),
            occupied: vec![false; cells],
            reach: Marks::new(cells),
            child_marks: Marks::new(cells),
            stack: Vec::new(),
            frozen: Vec::new(),
            assignment: Assignment::default(),
        }
    }

    /// Runs from `boxes` (sorted) with the player on `player`.
    pub fn run(
        &mut self,
        boxes: &[Cell],
        player: Cell,
        deadline: Instant,
        cancel: &AtomicBool,
    ) -> Ended {
        self.set_boxes(boxes, true);
        let start_player = self.normalise(player);
        self.set_boxes(boxes, false);
        let Some(bound) = self.bound(boxes) else {
            return Ended::Exhausted;
        };
        if bound == 0 {
            return Ended::Solved(Vec::new());
        }
        let hash = self.hash(boxes, start_player);
        let Lookup::New(slot) = self.table.lookup(hash, boxes, start_player) else {
            unreachable!("the table starts empty");
        };
        let start = Node {
            parent: u32::MAX,
            to: NONE,
            dir: 0,
            player: start_player,
            pushes: 0,
        };
        let index = self.table.insert(slot, hash, start, boxes);
        self.open.push(Reverse(priority(0, bound, index)));
        let mut expanded = 0u32;
        let mut child = Vec::with_capacity(boxes.len());
        while let Some(Reverse(key)) = self.open.pop() {
            expanded = expanded.wrapping_add(1);
            if expanded.is_multiple_of(CHECK_EVERY) {
                if cancel.load(Ordering::Relaxed) {
                    return Ended::Cancelled;
                }
                if Instant::now() >= deadline {
                    return Ended::OutOfTime;
                }
            }
            match self.expand(key as u32, &mut child) {
                Expansion::Continue => {}
                Expansion::Solved(index) => return Ended::Solved(self.pushes_to(index)),
                Expansion::Full => return Ended::OutOfMemory,
            }
        }
        Ended::Exhausted
    }

    fn expand(&mut self, index: u32, child: &mut Vec<Cell>) -> Expansion {
        let node = self.table.node(index);
        let parent_boxes: Vec<Cell> = self.table.boxes(index).to_vec();
        self.set_boxes(&parent_boxes, true);
        self.reach.next();
        flood(
            self.board,
            &self.occupied,
            &mut self.reach,
            &mut self.stack,
            node.player,
        );
        let mut result = Expansion::Continue;
        'boxes: for (i, &from) in parent_boxes.iter().enumerate() {
            for dir in 0..4 {
                let behind = self.board.next(from, opposite(dir));
                if behind == NONE || !self.reach.has(behind) {
                    continue;
                }
                let to = self.board.next(from, dir);
                if to == NONE || self.occupied[usize::from(to)] || self.board.is_dead(to) {
                    continue;
                }
                self.occupied[usize::from(from)] = false;
                self.occupied[usize::from(to)] = true;
                let outcome = self.consider(node, index, &parent_boxes, i, to, dir, child);
                self.occupied[usize::from(to)] = false;
                self.occupied[usize::from(from)] = true;
                match outcome {
                    Expansion::Continue => {}
                    done => {
                        result = done;
                        break 'boxes;
                    }
                }
            }
        }
        self.set_boxes(&parent_boxes, false);
        result
    }

    /// Looks at the position after pushing box `i` of `parent_boxes` to
    /// `to`; the occupancy already shows the push.
    #[allow(clippy::too_many_arguments)]
    fn consider(
        &mut self,
        node: Node,
        index: u32,
        parent_boxes: &[Cell],
        i: usize,
        to: Cell,
        dir: usize,
        child: &mut Vec<Cell>,
    ) -> Expansion {
        if freeze_deadlock(self.board, &self.occupied, to, &mut self.frozen) {
            return Expansion::Continue;
        }
        child.clear();
        child.extend_from_slice(parent_boxes);
        child[i] = to;
        child.sort_unstable();
        let from = parent_boxes[i];
        let player = self.normalise(from);
        let hash = self.hash(child, player);
        let Lookup::New(slot) = self.table.lookup(hash, child, player) else {
            return Expansion::Continue;
        };
        let Some(bound) = self.bound(child) else {
            return Expansion::Continue;
        };
        if self.table.is_full() {
            return Expansion::Full;
        }
        let pushes = node.pushes + 1;
        let new = Node {
            parent: index,
            to,
            dir: dir as u8,
            player,
            pushes,
        };
        let new_index = self.table.insert(slot, hash, new, child);
        if bound == 0 {
            return Expansion::Solved(new_index);
        }
        if self.open.len() == self.open.capacity() {
            self.open.reserve_exact(self.open.len().max(64));
        }
        self.open.push(Reverse(priority(pushes, bound, new_index)));
        Expansion::Continue
    }

    /// The matching bound: pushes each box needs to a goal of its own.
    fn bound(&mut self, boxes: &[Cell]) -> Option<u32> {
        let board = self.board;
        self.assignment
            .solve(boxes.len(), board.goals().len(), |r, g| {
                let d = board.dist(g, boxes[r]);
                (d != super::board::FAR).then_some(u32::from(d))
            })
    }

    fn hash(&self, boxes: &[Cell], player: Cell) -> u64 {
        boxes
            .iter()
            .fold(self.player_zobrist[usize::from(player)], |h, &b| {
                h ^ self.box_zobrist[usize::from(b)]
            })
    }

    fn set_boxes(&mut self, boxes: &[Cell], present: bool) {
        for &b in boxes {
            self.occupied[usize::from(b)] = present;
        }
    }

    /// Where the player ends up standing canonically after walking freely
    /// from `player`: the smallest cell it can reach.
    fn normalise(&mut self, player: Cell) -> Cell {
        self.child_marks.next();
        flood(
            self.board,
            &self.occupied,
            &mut self.child_marks,
            &mut self.stack,
            player,
        )
    }

    /// The pushes from the start to node `index`.
    fn pushes_to(&self, mut index: u32) -> Vec<(Cell, usize)> {
        let mut pushes = Vec::new();
        while index != u32::MAX {
            let node = self.table.node(index);
            if node.parent != u32::MAX {
                pushes.push((node.to, usize::from(node.dir)));
            }
            index = node.parent;
        }
        pushes.reverse();
        pushes
    }
}

enum Expansion {
    Continue,
    Solved(u32),
    Full,
}

/// Open-list key: lowest priority first, ties to the earlier node, so the
/// order is fully determined.
fn priority(pushes: u32, bound: u32, index: u32) -> u64 {
    let score = u64::from(pushes) + u64::from(WEIGHT) * u64::from(bound);
    (score << 32) | u64::from(index)
}

/// Cell marks cleared in O(1) by moving to a new stamp.
struct Marks {
    stamp: u32,
    marks: Vec<u32>,
}

impl Marks {
    fn new(cells: usize) -> Self {
        Self {
            stamp: 0,
            marks: vec![0; cells],
        }
    }

    /// Forgets every mark.
    fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    fn has(&self, cell: Cell) -> bool {
        self.marks[usize::from(cell)] == self.stamp
    }

    fn set(&mut self, cell: Cell) {
        self.marks[usize::from(cell)] = self.stamp;
    }
}

/// Marks every cell the player can walk to from `from` without crossing a
/// box, and returns the smallest.
fn flood(
    board: &Board,
    occupied: &[bool],
    marks: &mut Marks,
    stack: &mut Vec<Cell>,
    from: Cell,
) -> Cell {
    marks.set(from);
    stack.push(from);
    let mut least = from;
    while let Some(c) = stack.pop() {
        least = least.min(c);
        for dir in 0..4 {
            let n = board.next(c, dir);
            if n != NONE && !occupied[usize::from(n)] && !marks.has(n) {
                marks.set(n);
                stack.push(n);
            }
        }
    }
    least
}
