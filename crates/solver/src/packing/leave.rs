//! Whether one box can be pulled off its goal and out of the room (or, for
//! the backward search's plan, pushed off its start square towards the
//! goals): a breadth-first search over (box cell, side the player stands
//! on), the player walking freely between moves around fixed boxes.

use super::super::board::{Board, Cell, Mode, NONE, opposite};
use super::super::budget::Budget;
use super::blocks::Blocks;

/// Pops between two reads of the clock: each pop costs a few table
/// look-ups, so this is microseconds.
const POPS_PER_CLOCK_READ: usize = 1024;

/// Scratch space for [`Leaver::can_leave`], reused across searches so that a
/// layering allocates once.
pub struct Leaver {
    /// Stamps of the (box cell, side) states seen: `cell * 4 + side`.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<(Cell, usize)>,
    blocks: Blocks,
    /// Pulls for the forward searches' plans, pushes for the backward's.
    mode: Mode,
}

impl Leaver {
    pub fn new(cells: usize, mode: Mode) -> Self {
        Self {
            seen: vec![0; cells * 4],
            stamp: 0,
            queue: Vec::new(),
            blocks: Blocks::new(cells),
            mode,
        }
    }

    /// Whether the box on `from` can be pulled (pushed, in [`Mode::Push`])
    /// to a cell where `exits` is true, every cell where `occupied` is
    /// true being a fixed box (`from` itself included). The player may
    /// start on any free side of the box: in the solved position it may
    /// stand in any area, and this is only guidance. `None` when `budget`
    /// stops it.
    pub fn can_leave(
        &mut self,
        board: &Board,
        occupied: &mut [bool],
        from: Cell,
        exits: &[bool],
        budget: &Budget,
    ) -> Option<bool> {
        self.next_stamp();
        self.queue.clear();
        occupied[usize::from(from)] = false;
        self.blocks.label(board, occupied, from);
        for side in 0..4 {
            if is_free(occupied, board.next(from, side)) {
                self.visit(from, side);
            }
        }
        let found = self.search(board, occupied, exits, budget);
        occupied[usize::from(from)] = true;
        found
    }

    /// Works through the queue; `occupied` holds the fixed boxes only.
    fn search(
        &mut self,
        board: &Board,
        occupied: &[bool],
        exits: &[bool],
        budget: &Budget,
    ) -> Option<bool> {
        let mut head = 0;
        while let Some(&(cell, side)) = self.queue.get(head) {
            if head % POPS_PER_CLOCK_READ == 0 && budget.stop().is_some() {
                return None;
            }
            head += 1;
            if exits[usize::from(cell)] {
                return Some(true);
            }
            for reach in 0..4 {
                let player = board.next(cell, reach);
                if !is_free(occupied, player) || !self.blocks.joined(cell, side, reach) {
                    continue;
                }
                self.mark_seen(cell, reach);
                let next = match self.mode {
                    // Pulling towards `reach`: the player steps back one
                    // cell further and the box takes the player's place.
                    Mode::Pull => (board.next(player, reach), player),
                    // Pushing away from `reach`: the player takes the
                    // box's place.
                    Mode::Push => {
                        let ahead = board.next(cell, opposite(reach));
                        (ahead, ahead)
                    }
                };
                let (free, box_to) = next;
                if is_free(occupied, free) && !self.is_seen(box_to, reach) {
                    self.visit(box_to, reach);
                }
            }
        }
        Some(false)
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    fn is_seen(&self, cell: Cell, side: usize) -> bool {
        self.seen[usize::from(cell) * 4 + side] == self.stamp
    }

    fn mark_seen(&mut self, cell: Cell, side: usize) {
        self.seen[usize::from(cell) * 4 + side] = self.stamp;
    }

    fn visit(&mut self, cell: Cell, side: usize) {
        self.mark_seen(cell, side);
        self.queue.push((cell, side));
    }
}

fn is_free(occupied: &[bool], cell: Cell) -> bool {
    cell != NONE && !occupied[usize::from(cell)]
}
